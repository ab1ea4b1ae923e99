//! The positions of Grundy value 0, 1, 2 and 3 in Fibonacci Nim, read off
//! the Zeckendorf representation of the pile (Larsson and Rubinstein-Salzedo,
//! "Grundy values of Fibonacci nim", IJGT 2016, arXiv 1410.0332).
//!
//! A position is `(n, w)`: `n` tokens, at most `w` may be taken. Write
//! `n = z1 + z2 + z3 + …`, its Zeckendorf representation (distinct,
//! non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, …) with
//! `z1 < z2 < z3 < …`; a part that does not exist (`z2` when `n` is a
//! Fibonacci number, `z3` when `n` has two parts) counts as infinite. Bounds
//! `w ≥ n` act as `w = n` (the whole pile may be taken).
//!
//! **Secondhand.** The paper's own text was not available to this project
//! (only its abstract and introduction). The statements come from a
//! secondary source: the public repository `Jadx03/NimGameAndGrundyNumbers`
//! (file `FibNim/FibNim.py`), a student's program that cites the paper and
//! encodes its characterisation of the values 0 to 3. Only the facts are
//! taken from it (no code). Read as transcribed there ([`Reading::Transcribed`]):
//! - `G(n, w) = 0` exactly when `w < z1` (Whinihan);
//! - `G(n, w) = 1` exactly when `z1 = 1` and `1 ≤ w < z2`;
//! - `G(n, w) = 2` exactly when `z1 = 2` and `2 ≤ w ≤ z2`;
//! - `G(n, w) = 3` exactly when `z1 = 1`, `z2 = 3` and either `n = 4` or
//!   `3 ≤ w < z3`; or `z1 = 3` and `3 ≤ w < z2 − 1`.
//!
//! **Corrected by brute force** ([`Reading::Corrected`]). Two of the four
//! transcribed statements are false, and the Grundy values computed from the
//! rules (the mex recursion; [`super::grundy_steps`] as steps) decide:
//! - value 2: the bound is `w < z2`, not `w ≤ z2`. First counterexample
//!   (least `n`, then least `w ≥ 1`): `n = 7 = 2 + 5`, `w = 5 = z2`, where
//!   `G(7, 5) = 4`;
//! - value 3: the clause "`n = 4`" holds only for `w ≥ 3` (which
//!   `3 ≤ w < z3` already says, `z3` being infinite for `4 = 1 + 3`). First
//!   counterexample: `G(4, 1) = 1` (and `G(4, 2) = 1`).
//!
//! The corrected statements (values 0 to 3) agree with every position of
//! every row `n < 10^6` (`takeaway verify fibonacci --grundy --rows 1000000`;
//! README). Law: for [`Reading::Corrected`] and `v ≤ 3`,
//! [`claims`]`(n, w, v)` is exactly `G(n, w) = v`, for `1 ≤ w` and
//! `n < 10^6` (checked, not proved here).

use serde::Serialize;

/// How the characterisation is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// As the secondary source transcribes the paper (`w ≤ z2` for value
    /// 2, "`n = 4`" for any `w` for value 3): false at `G(7, 5)` and
    /// `G(4, 1)`.
    Transcribed,
    /// With the two corrections the brute force demands (`w < z2`; `n = 4`
    /// only for `w ≥ 3`).
    Corrected,
}

/// The parts of `n`'s Zeckendorf representation, smallest first (empty for
/// `n = 0`), by the greedy algorithm.
///
/// Law: the parts are distinct non-consecutive Fibonacci numbers
/// (1, 2, 3, 5, …) summing to `n`.
///
/// ```
/// use takeaway::games::one_pile::fibonacci_small_values::zeckendorf_parts;
/// assert_eq!(zeckendorf_parts(12), vec![1, 3, 8]);
/// assert_eq!(zeckendorf_parts(13), vec![13]);
/// assert!(zeckendorf_parts(0).is_empty());
/// ```
pub fn zeckendorf_parts(n: u64) -> Vec<u64> {
    let mut fib = vec![1u64, 2];
    while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        if next > n {
            break;
        }
        fib.push(next);
    }
    let mut parts = Vec::new();
    let mut rest = n;
    for &f in fib.iter().rev() {
        if f <= rest {
            rest -= f;
            parts.push(f);
        }
    }
    parts.reverse();
    parts
}

/// The bounds `w` with `1 ≤ w ≤ n` at which the characterisation (read as
/// `reading`) says `G(n, w) = v`, as the half-open range `lo..hi` (they are
/// always one range); `None` when there are none, or `v > 3`.
///
/// ```
/// use takeaway::games::one_pile::fibonacci_small_values::{claimed_bounds, Reading};
/// // 12 = 1 + 3 + 8: value 1 for 1 ≤ w < 3, value 3 for 3 ≤ w < 8.
/// assert_eq!(claimed_bounds(12, 1, Reading::Corrected), Some((1, 3)));
/// assert_eq!(claimed_bounds(12, 3, Reading::Corrected), Some((3, 8)));
/// // 7 = 2 + 5: value 2 for 2 ≤ w < 5; the transcription says w ≤ 5.
/// assert_eq!(claimed_bounds(7, 2, Reading::Corrected), Some((2, 5)));
/// assert_eq!(claimed_bounds(7, 2, Reading::Transcribed), Some((2, 6)));
/// ```
pub fn claimed_bounds(n: u64, v: u32, reading: Reading) -> Option<(u64, u64)> {
    let parts = zeckendorf_parts(n);
    bounds_of_parts(n, &parts, v, reading)
}

/// [`claimed_bounds`] with `n`'s parts already known.
pub(crate) fn bounds_of_parts(
    n: u64,
    parts: &[u64],
    v: u32,
    reading: Reading,
) -> Option<(u64, u64)> {
    const INF: u64 = u64::MAX;
    let z = |i: usize| parts.get(i).copied().unwrap_or(INF);
    let (z1, z2, z3) = (z(0), z(1), z(2));
    let (lo, hi) = match v {
        0 => (1, z1),
        1 if z1 == 1 => (1, z2),
        2 if z1 == 2 => match reading {
            Reading::Corrected => (2, z2),
            Reading::Transcribed => (2, z2.saturating_add(1)),
        },
        3 if z1 == 1 && z2 == 3 => match reading {
            Reading::Transcribed if n == 4 => (1, INF),
            _ => (3, z3),
        },
        3 if z1 == 3 => (3, z2.saturating_sub(1)),
        _ => return None,
    };
    let hi = hi.min(n.saturating_add(1));
    (lo < hi).then_some((lo, hi))
}

/// Whether the characterisation (read as `reading`) says `G(n, w) = v`, for
/// a bound `1 ≤ w` (a bound above `n` acts as `n`; `w = 0` leaves no move
/// and `G = 0`).
///
/// ```
/// use takeaway::games::one_pile::fibonacci_small_values::{claims, Reading};
/// assert!(claims(4, 3, 3, Reading::Corrected)); // G(4, 3) = 3
/// assert!(!claims(4, 1, 3, Reading::Corrected)); // G(4, 1) = 1 ...
/// assert!(claims(4, 1, 3, Reading::Transcribed)); // ... which the transcription misses
/// assert!(claims(4, 1, 1, Reading::Corrected));
/// ```
pub fn claims(n: u64, w: u64, v: u32, reading: Reading) -> bool {
    if w == 0 {
        return v == 0;
    }
    let w = w.min(n);
    claimed_bounds(n, v, reading).is_some_and(|(lo, hi)| lo <= w && w < hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_non_consecutive_fibonacci_numbers_summing_to_n() {
        let fib: Vec<u64> = {
            let mut f = vec![1u64, 2];
            while f[f.len() - 1] < 10_000 {
                f.push(f[f.len() - 1] + f[f.len() - 2]);
            }
            f
        };
        for n in 0..5000u64 {
            let p = zeckendorf_parts(n);
            assert_eq!(p.iter().sum::<u64>(), n);
            let idx: Vec<usize> = p
                .iter()
                .map(|x| fib.iter().position(|f| f == x).unwrap())
                .collect();
            assert!(idx.windows(2).all(|w| w[1] >= w[0] + 2), "{n}: {p:?}");
        }
    }

    #[test]
    fn readings_differ_only_at_value_two_and_the_pile_of_four() {
        for n in 1..300u64 {
            for v in 0..=3 {
                let (a, b) = (
                    claimed_bounds(n, v, Reading::Transcribed),
                    claimed_bounds(n, v, Reading::Corrected),
                );
                if a != b {
                    let parts = zeckendorf_parts(n);
                    assert!(v == 2 && parts[0] == 2 || v == 3 && n == 4, "{n} {v}");
                }
            }
        }
    }
}
