//! Safe pairs (paper 001) and the winning moves they determine.
//!
//! A *safe pair* is a P-position. Paper 001's corollaries to Lemma 2: every
//! positive integer belongs to exactly one safe pair, and for every `d ≥ 0`
//! there is exactly one safe pair `(a_d, b_d)` with `b_d − a_d = d`. A theory
//! that can name the *partner* of a number and the safe pair of a difference
//! therefore determines every winning move, without iterating:
//!
//! 1. keep the smaller pile `s`, reduce the larger to `partner(s)` if that is smaller;
//! 2. keep the larger pile `l`, reduce the smaller to `partner(l)` if that is smaller;
//! 3. reduce both to the safe pair with the same difference, if that is smaller.
//!
//! Law: [`winning_moves`] lists exactly the legal moves to safe pairs
//! (a one-pile move keeps one pile, so it must land on that pile's partner; a
//! diagonal move keeps the difference), and it is empty exactly on safe pairs.

use super::game::{Kind, Piles, WythoffMove};
use crate::games::error::GameError;
use num_bigint::BigUint;

/// A theory of the safe pairs of Wythoff's Nim.
pub trait SafePairs {
    /// Short name of the engine (`zeckendorf`, `beatty`, …).
    fn name(&self) -> &'static str;
    /// The other member of the safe pair containing `n` (`0` for `0`).
    fn partner(&self, n: &BigUint) -> Result<BigUint, GameError>;
    /// The safe pair `(a_d, b_d)` with `b_d − a_d = d`, smaller first (`(0, 0)` for `d = 0`).
    fn pair_with_difference(&self, d: &BigUint) -> Result<(BigUint, BigUint), GameError>;
    /// Whether the position (either order) is a safe pair.
    fn is_safe(&self, piles: &Piles) -> Result<bool, GameError> {
        Ok(self.partner(&piles[0])? == piles[1])
    }
}

/// Every winning move from `piles` (in the order given), at most three, in the
/// order: larger pile reduced, diagonal, smaller pile reduced.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::beatty::Beatty;
/// use takeaway::games::wythoff::safe_pairs::winning_moves;
/// let b = |n: u32| BigUint::from(n);
/// // (24, 32) from paper 001: the only winning move is the diagonal to (12, 20).
/// let moves = winning_moves(&Beatty, &[b(32), b(24)]).unwrap();
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves[0].to, [b(20), b(12)]);
/// ```
pub fn winning_moves<T: SafePairs + ?Sized>(
    theory: &T,
    piles: &Piles,
) -> Result<Vec<WythoffMove>, GameError> {
    let (si, li) = if piles[0] <= piles[1] { (0, 1) } else { (1, 0) };
    let (small, large) = (&piles[si], &piles[li]);
    let mut moves = Vec::with_capacity(3);
    let p = theory.partner(small)?;
    if p == *large {
        return Ok(moves);
    }
    if p < *large {
        let mut to = piles.clone();
        to[li] = p.clone();
        moves.push(WythoffMove {
            kind: Kind::Pile(li),
            take: large - &p,
            to,
        });
    }
    let (ad, bd) = theory.pair_with_difference(&(large - small))?;
    if ad < *small {
        let mut to = piles.clone();
        to[si] = ad.clone();
        to[li] = bd;
        moves.push(WythoffMove {
            kind: Kind::Diagonal,
            take: small - &ad,
            to,
        });
    }
    let q = theory.partner(large)?;
    if q < *small {
        let mut to = piles.clone();
        to[si] = q.clone();
        moves.push(WythoffMove {
            kind: Kind::Pile(si),
            take: small - &q,
            to,
        });
    }
    Ok(moves)
}

/// A move chosen by a theory, with the reason in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    /// The chosen winning move; `None` on a safe pair.
    pub winning_move: Option<WythoffMove>,
    /// Why, in the theory's terms.
    pub explanation: String,
}
