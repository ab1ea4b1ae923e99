//! Grundy values of one pile by the mex rule, and misère outcomes, from the rules alone.
//!
//! Law: `g(n) = mex { g(n − s) : s ∈ S, s ≤ n }` (normal play), and under misère play
//! pile `n` is a first-player win iff no move exists or some move reaches a misère
//! P-position. Values are at most `|S|`, so they fit a `u16` when `|S| < 65536`.

/// Largest `|S|` the `u16` kernels accept (a Grundy value is at most `|S|`).
pub const MAX_SET_LEN: usize = u16::MAX as usize - 1;

/// Extends `g` (Grundy values of piles `0..g.len()`) to piles `0..to` by the mex rule.
///
/// `set` must be sorted ascending, distinct, positive, with at most [`MAX_SET_LEN`]
/// elements. Uses a 64-bit mask as the "seen" set when `|S| < 64`, else a bitset.
///
/// ```
/// use takeaway::games::subtraction::mex::extend_grundy;
/// let mut g = Vec::new();
/// extend_grundy(&mut g, &[1, 3, 4], 10);
/// // brute force by hand: mex over n−1, n−3, n−4
/// assert_eq!(g, vec![0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
/// ```
pub fn extend_grundy(g: &mut Vec<u16>, set: &[usize], to: usize) {
    let start = g.len();
    if to <= start {
        return;
    }
    let m = set.last().copied().unwrap_or(0);
    g.resize(to, 0);
    // Small piles: only the s ≤ n are moves.
    let small_end = m.min(to);
    for n in start..small_end {
        let mut seen = vec![false; set.len() + 1];
        for &s in set.iter().take_while(|&&s| s <= n) {
            if let Some(slot) = seen.get_mut(usize::from(g[n - s])) {
                *slot = true;
            }
        }
        g[n] = seen.iter().position(|&b| !b).unwrap_or(set.len()) as u16;
    }
    let from = start.max(small_end);
    if set.len() < 64 {
        for n in from..to {
            let mut seen = 0u64;
            for &s in set {
                seen |= 1u64 << g[n - s];
            }
            g[n] = (!seen).trailing_zeros() as u16;
        }
    } else {
        let words = set.len() / 64 + 1;
        let mut seen = vec![0u64; words];
        for n in from..to {
            seen.iter_mut().for_each(|w| *w = 0);
            for &s in set {
                let v = usize::from(g[n - s]);
                seen[v / 64] |= 1u64 << (v % 64);
            }
            let (i, w) = seen
                .iter()
                .enumerate()
                .find(|(_, w)| **w != u64::MAX)
                .map_or((words, 0), |(i, w)| (i, *w));
            g[n] = (i * 64 + (!w).trailing_zeros() as usize) as u16;
        }
    }
}

/// The Grundy values of piles `0..n`.
///
/// ```
/// use takeaway::games::subtraction::mex::grundy_values;
/// // paper 004 (Cut-the-Knot, One Pile Min 3 Max 5), n = 0..=10
/// assert_eq!(grundy_values(&[3, 4, 5], 11), vec![0, 0, 0, 1, 1, 1, 2, 2, 0, 0, 0]);
/// ```
pub fn grundy_values(set: &[usize], n: usize) -> Vec<u16> {
    let mut g = Vec::with_capacity(n);
    extend_grundy(&mut g, set, n);
    g
}

/// Extends `o` (misère outcomes of piles `0..o.len()`, 1 = N, 0 = P) to piles `0..to`.
///
/// Misère: a player who cannot move wins, so piles below `min S` are N; otherwise
/// `n` is N iff some legal `s` leads to a P-position.
///
/// ```
/// use takeaway::games::subtraction::mex::extend_misere;
/// let mut o = Vec::new();
/// extend_misere(&mut o, &[1, 2], 7);
/// // brute force by hand: 0 N (no move), 1 P (must move to 0), 2 N, 3 N, 4 P, ...
/// assert_eq!(o, vec![1, 0, 1, 1, 0, 1, 1]);
/// ```
pub fn extend_misere(o: &mut Vec<u16>, set: &[usize], to: usize) {
    let start = o.len();
    if to <= start {
        return;
    }
    o.resize(to, 0);
    for n in start..to {
        let mut any_move = false;
        let mut wins = false;
        for &s in set.iter().take_while(|&&s| s <= n) {
            any_move = true;
            if o[n - s] == 0 {
                wins = true;
                break;
            }
        }
        o[n] = u16::from(wins || !any_move);
    }
}
