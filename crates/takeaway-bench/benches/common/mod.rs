//! Inputs shared by the benchmarks (and the Wythoff tests, through `#[path]`).

use num_bigint::BigUint;

/// A deterministic pseudo-random number of `n` decimal digits (xorshift
/// digits, leading digit nonzero), so runs and machines compare the same input.
pub(crate) fn digits(n: usize, seed: u64) -> BigUint {
    let mut x = seed | 1;
    let s: String = (0..n)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = (x % 10) as u8;
            char::from(b'0' + if i == 0 { d.max(1) } else { d })
        })
        .collect();
    s.parse().unwrap_or_default()
}
