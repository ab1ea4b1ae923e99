//! Tests moved out of `crates/takeaway/src/numeration/split.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use num_bigint::BigUint;
use takeaway::numeration::split::*;
use takeaway::numeration::zeckendorf::Zeckendorf;

#[test]
fn increment_and_decrement_match_greedy() {
    // Source: the greedy walk (the reference) on every n < 3000.
    for n in 0u32..3000 {
        let mut p = Zeckendorf::canonical_greedy(&n.into()).positions().to_vec();
        increment(&mut p);
        assert_eq!(
            p,
            Zeckendorf::canonical_greedy(&(n + 1).into()).positions(),
            "{n} + 1"
        );
        if n > 0 {
            let mut p = Zeckendorf::canonical_greedy(&n.into()).positions().to_vec();
            decrement(&mut p);
            assert_eq!(
                p,
                Zeckendorf::canonical_greedy(&(n - 1).into()).positions(),
                "{n} − 1"
            );
        }
    }
}

#[test]
fn small_cutoff_matches_greedy() {
    // Source: the greedy walk on every n < 20000 with the smallest cutoff,
    // so that every split and correction path runs.
    for n in 0u32..20000 {
        let n = BigUint::from(n);
        let greedy = Zeckendorf::canonical_greedy(&n);
        assert_eq!(
            canonical_positions_with_cutoff(&n, 16),
            greedy.positions(),
            "{n}"
        );
        assert_eq!(value_with_cutoff(greedy.positions(), 16), n);
    }
}
