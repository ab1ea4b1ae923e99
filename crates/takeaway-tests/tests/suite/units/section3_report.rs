//! Tests moved out of `crates/takeaway/src/games/two_pile/section3_report.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`).

use num_bigint::BigUint;
use takeaway::games::two_pile::section3_report::*;
use takeaway::numeration::base::Base;
use takeaway::numeration::g_prime::{BaseTable, HFunction, g_prime, least_f};

/// The library report against Definition 9 computed directly from the
/// module `g_prime` (the same computation the command line printed before
/// it moved here), over N = 1..=60 in the Fibonacci base.
#[test]
fn first_iterate_is_definition_9_directly() {
    let base = Base::fibonacci();
    let table = BaseTable::new(&base, 200).unwrap();
    let h = HFunction::g(&table);
    let f = least_f(&table);
    let gp = g_prime(&f, &[&h], 100).unwrap();
    for n in 1..=60u64 {
        let req = Section3Request {
            h: vec!["h=g".into()],
            iterate: None,
            f: None,
        };
        let r = Section3Report::new(&base, &BigUint::from(n), &req).unwrap();
        assert_eq!(Some(r.g_prime), gp.get(n), "n = {n}");
        assert_eq!(r.h, vec![table.g(n)]);
        assert!(r.iterates.is_none());
    }
}

#[test]
fn refusals_name_the_option() {
    // The library names the option in its neutral words (`iterate`, `h`);
    // each front-end words it (the command line: `--iterate`, `--h`).
    let base = Base::fibonacci();
    let req = |iterate| Section3Request {
        h: vec!["g".into()],
        iterate,
        f: None,
    };
    let e = Section3Report::new(&base, &5u32.into(), &req(Some(0))).unwrap_err();
    assert_eq!(e.to_string(), "`iterate` K needs 1 ≤ K ≤ 20, got 0");
    let e = Section3Report::new(&base, &0u32.into(), &req(None)).unwrap_err();
    assert!(e.to_string().starts_with("`h` needs 1 ≤ N"), "{e}");
    assert!(!e.to_string().contains("--"), "{e}");
    let bad = Section3Request {
        h: vec!["g(".into()],
        ..req(None)
    };
    assert!(
        Section3Report::new(&base, &5u32.into(), &bad)
            .unwrap_err()
            .is_syntax()
    );
}
