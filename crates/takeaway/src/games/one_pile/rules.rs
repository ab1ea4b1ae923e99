//! The rules of the one-pile game (design.md): a pile of `n` counters and a
//! bound `w`; the mover takes `t` with `1 ≤ t ≤ min(w, n)`; the opponent's
//! bound becomes `f(n, t)` with `n` the pile *before* the move. The last
//! player able to move wins; a bound of 0 means the player cannot move.
//!
//! This file is the game written from the rules alone: the exhaustive solver
//! and the theories are checked against [`least_winning_moves_by_rules`].

use crate::bound::Bound;
use crate::games::GameError;

/// The opponent's bound after taking `t` from a pile of `n`: `f(n, t)`,
/// on machine integers (a bound above `u64::MAX` is saturated; it exceeds any pile).
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::one_pile::rules::next_bound;
/// let f = Bound::parse("2*t").unwrap();
/// assert_eq!(next_bound(&f, 20, 5).unwrap(), 10);
/// ```
pub fn next_bound(f: &Bound, n: u64, t: u64) -> Result<u64, GameError> {
    f.eval_u64(n, t)
        .map_err(|e| GameError::Bound(e.to_string()))
}

/// The least winning moves `L(0..=top)` straight from the definition: a table
/// `won[m][w]` of every position (pile `m ≤ top`, bound `w ≤ m`) filled from
/// the rules with no cleverness at all. A reference for tests, quadratic in
/// `top`. `None` means no move wins (only for `n = 0`).
///
/// Law: `(m, w)` is a first-player win iff some `t ≤ min(w, m)` leads to a
/// lost position `(m − t, f(m, t))`; `L(m)` is the least winning `t` when `w = m`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::one_pile::rules::least_winning_moves_by_rules;
/// // Fibonacci Nim: 20 = 13 + 5 + 2, the least winning move is 2 (Whinihan).
/// let f = Bound::parse("2*t").unwrap();
/// assert_eq!(least_winning_moves_by_rules(&f, 20).unwrap()[20], Some(2));
/// ```
pub fn least_winning_moves_by_rules(f: &Bound, top: u64) -> Result<Vec<Option<u64>>, GameError> {
    let top = usize::try_from(top).map_err(|_| GameError::Invalid("pile too large".into()))?;
    // won[m][w] for w ≤ m: does the mover win with pile m and bound w?
    let mut won: Vec<Vec<bool>> = Vec::with_capacity(top + 1);
    let mut least = Vec::with_capacity(top + 1);
    for m in 0..=top {
        let mut row = vec![false; m + 1];
        let mut l = None;
        for w in 1..=m {
            let rest = m - w;
            let t_wins = !won[rest][bound_index(f, m, w, rest)?];
            if t_wins && l.is_none() {
                l = Some(w as u64);
            }
            row[w] = row[w - 1] || t_wins;
        }
        won.push(row);
        least.push(l);
    }
    Ok(least)
}

/// `min(f(m, t), rest)` as an index: a bound above the pile is the same as the pile.
fn bound_index(f: &Bound, m: usize, t: usize, rest: usize) -> Result<usize, GameError> {
    let b = next_bound(f, m as u64, t as u64)?;
    Ok(usize::try_from(b).unwrap_or(usize::MAX).min(rest))
}
