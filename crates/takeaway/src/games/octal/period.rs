//! Certified periods of octal games: never a period guessed from repetition.
//!
//! Law (the octal periodicity theorem, Guy and Smith 1956; Winning Ways,
//! ch. 4): let `k` be the largest number of tokens a move removes and
//! `q = max(n0, 1)`. For a code with split moves, if `G(n + p) = G(n)` for
//! all `q ≤ n < 2q + p + k`, then `G(n + p) = G(n)` for every `n ≥ q`
//! (options of heap `n + p` and of heap `n` correspond by taking `p` from the
//! larger part, which is at least `q + p`). For a code without split moves
//! each `G(n)`, `n > k`, depends only on the `k` values before it, so
//! `q ≤ n < q + k` suffices (the subtraction games' window argument). The
//! period is the least `p` so proved and `n0` the first heap after the last
//! exception (the pre-period, the same for every period of a sequence).

use super::code::OctalCode;
use super::nimber::Values;

/// A proved period of `G`: `G(n + period) = G(n)` for every `n ≥ preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// Least period `p ≥ 1`.
    pub period: usize,
    /// Least pre-period: heap `preperiod − 1` (if any) is the last exception.
    pub preperiod: usize,
    /// The theorem needs `G(n + p) = G(n)` for `n < needed`.
    pub needed: usize,
    /// It was checked for every `preperiod ≤ n < checked` (`checked + p` values known).
    pub checked: usize,
}

/// The heap below which the theorem needs equality, for pre-period `n0`.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, period::needed};
/// // Kayles: period 12, last exception 70: 2·71 + 12 + 2.
/// assert_eq!(needed(&OctalCode::parse("0.77").unwrap(), 71, 12), 156);
/// ```
pub fn needed(code: &OctalCode, n0: usize, p: usize) -> usize {
    let q = n0.max(1);
    let k = code.max_take();
    if code.splits() { 2 * q + p + k } else { q + k }
}

/// The least period proved by the theorem from the first `values.len()`
/// values, with its pre-period; `None` when none is proved yet.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, naive, nimber::Values, period::prove};
/// let code = OctalCode::parse("0.77").unwrap(); // Kayles
/// let mut v = Values::with_capacity(200);
/// naive::grundy(&code, 200).into_iter().for_each(|g| v.push(g));
/// let p = prove(&code, &v).unwrap();
/// assert_eq!((p.period, p.preperiod), (12, 71)); // Winning Ways, ch. 4
/// let mut short = v.clone();
/// short.truncate(160); // 156 + 12 values are needed
/// assert!(prove(&code, &short).is_none());
/// ```
pub fn prove(code: &OctalCode, values: &Values) -> Option<Period> {
    let len = values.len();
    match values {
        Values::U8(g) => search(code, |a, b| g[a] == g[b], len),
        Values::U16(g) => search(code, |a, b| g[a] == g[b], len),
        Values::U32(g) => search(code, |a, b| g[a] == g[b], len),
        Values::Coded(c) => {
            // Equal values: equal codes and classes (past the last rare heap
            // every heap is common).
            let codes = c.codes();
            search(
                code,
                |a, b| codes[a] == codes[b] && c.is_rare_heap(a) == c.is_rare_heap(b),
                len,
            )
        }
    }
}

/// The search, `same(a, b)` telling whether `G(a) = G(b)`.
fn search(code: &OctalCode, same: impl Fn(usize, usize) -> bool, len: usize) -> Option<Period> {
    for p in 1..len {
        // The least any n0 needs grows with p.
        if needed(code, 0, p) + p > len {
            break;
        }
        // Least n0 with G(n + p) = G(n) for n0 ≤ n < len − p.
        let mut n0 = len - p;
        while n0 > 0 && same(n0 - 1, n0 - 1 + p) {
            n0 -= 1;
        }
        let need = needed(code, n0, p);
        if need + p <= len {
            return Some(Period {
                period: p,
                preperiod: n0,
                needed: need,
                checked: len - p,
            });
        }
    }
    None
}
