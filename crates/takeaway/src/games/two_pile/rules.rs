//! The rules of the two-pile game (design.md, paper 000 §2, paper 002 Game 2):
//! piles `x ≥ y` and a bound `w`; the mover takes `t` with `1 ≤ t ≤ w` from one
//! pile (at most what the pile holds); the opponent's bound becomes
//! `f(x − y, t)` with `x − y` the difference *before* the move. The last player
//! able to move wins; a bound of 0 means the player cannot move.
//!
//! Positions are written `(m, d)` as in Flanigan's tableau: `m = y` the small
//! pile and `d = x − y` the difference. From `(m, d)` a move of `t` goes to
//!
//! * large pile, `t ≤ d`: `(m, d − t)`;
//! * large pile, `d < t ≤ m + d` (the large pile becomes the small one):
//!   `(m − (t − d), t − d)`;
//! * small pile, `t ≤ m`: `(m − t, d + t)`.
//!
//! Paper 000's functional equation lists only the first and the last kind.
//! The crossing moves never matter when `f(0, t) ≥ t` (then `(m, 0)` is lost
//! and taking `d` from the large pile always wins, so `L(m, d) ≤ d`), but they
//! do for bounds with `f(0, t) < t`; the exhaustive solver includes them.

/// Where a move of `t` from `(m, d)` leads: `Some((m', d'))`, or `None` when
/// the pile holds fewer than `t`.
///
/// Law: the total `2m + d` drops by exactly `t`.
///
/// ```
/// use takeaway::games::two_pile::rules::{after, Pile};
/// assert_eq!(after(20, 42, Pile::Small, 5), Some((15, 47)));
/// assert_eq!(after(20, 42, Pile::Large, 8), Some((20, 34)));
/// assert_eq!(after(3, 2, Pile::Large, 4), Some((1, 2)));   // crossing over
/// assert_eq!(after(3, 2, Pile::Small, 4), None);
/// ```
pub fn after(m: u64, d: u64, pile: Pile, t: u64) -> Option<(u64, u64)> {
    match pile {
        Pile::Small => (t <= m).then(|| (m - t, d + t)),
        Pile::Large if t <= d => Some((m, d - t)),
        Pile::Large => {
            let s = t - d;
            (s <= m).then(|| (m - s, s))
        }
    }
}

/// Which pile a move takes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pile {
    /// The smaller pile `y` (either one when the piles are equal).
    Small,
    /// The larger pile `x`.
    Large,
}
