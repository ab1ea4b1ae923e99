//! Tests moved out of `crates/takeaway/src/numeration/fibonacci.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use num_bigint::BigUint;
use takeaway::numeration::fibonacci::*;

#[test]
fn doubling_matches_iteration() {
    // Source: the recurrence F(k+2) = F(k+1) + F(k) (brute force).
    for (k, f) in Fibonacci::new().take(300).enumerate() {
        assert_eq!(fibonacci(k), f, "k = {k}");
    }
}

#[test]
fn largest_index_brackets_n() {
    for n in 1u32..3000 {
        let n = BigUint::from(n);
        let (k, fk, fk1) = largest_index_at_most(&n).unwrap();
        assert!(k >= 2 && fk <= n && n < fk1);
        assert_eq!((fibonacci(k), fibonacci(k + 1)), (fk, fk1));
    }
}
