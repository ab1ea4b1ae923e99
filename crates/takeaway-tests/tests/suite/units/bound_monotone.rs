//! Tests moved out of `crates/takeaway/src/bound/monotone.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use num_bigint::BigUint;
use num_traits::Zero;
use takeaway::bound::Bound;

/// Every expression the syntax calls nondecreasing is, by evaluation on t ≤ 300.
#[test]
fn syntactic_claims_hold_by_evaluation() {
    let cases = [
        "t",
        "2*t",
        "2*t-1",
        "3*t",
        "t+1",
        "(3*t+1)/2",
        "5*t/2",
        "min(2*t, t+10)",
        "t*t",
        "max(1, t-1)",
        "t/2",
        "1",
        "max(t*t, 3*t+4)/3",
        "10-t",
        "t%3",
        "if(t<3, 5, t)",
        "-t",
        "(t-5)*(t-5)",
        "t*(t-2)",
    ];
    for src in cases {
        let f = Bound::parse(src).unwrap();
        if f.is_syntactically_nondecreasing_in_t() {
            let mut prev: Option<BigUint> = None;
            for t in 0..300u32 {
                if let Ok(v) = f.eval(&BigUint::zero(), &BigUint::from(t)) {
                    if let Some(p) = &prev {
                        assert!(*p <= v, "{src} decreases at t = {t}");
                    }
                    prev = Some(v);
                }
            }
        }
    }
    // (t−5)² is not monotone and must not be claimed so.
    assert!(
        !Bound::parse("(t-5)*(t-5)")
            .unwrap()
            .is_syntactically_nondecreasing_in_t()
    );
    assert!(
        !Bound::parse("t*(t-2)")
            .unwrap()
            .is_syntactically_nondecreasing_in_t()
    );
}
