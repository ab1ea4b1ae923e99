//! Octal games as typed rules for the engine, written once over [`Nat`]: a
//! position is a list of heaps; a move removes `j` tokens from one heap and
//! leaves 0, 1 or 2 heaps in its place, as digit `dj` of the code allows.
//!
//! Laws: the heaps are a multiset ([`Rules::key`] sorts them and drops the
//! empty ones, which have no move); a move that leaves one heap or none is a
//! [`OctalStep::Take`] (the heap becomes `n − j`, `0` when nothing is left,
//! as in a subtraction game), a move that leaves two nonempty heaps is an
//! [`OctalStep::Split`] (heap `pile` becomes `left`, and `right` is inserted
//! after it). [`Rules::moves`] lists each move once (a split with
//! `left ≤ right`); [`Rules::apply`] also accepts the split written the other
//! way round, and a split with an empty side as the take it is.

use super::code::OctalCode;
use crate::engine::{Estimate, Nat, Rules};
use crate::games::error::{GameError, Illegal, MoveKind, NoBound, PileCount};
use crate::games::shared::no_pile;
use crate::games::wire::{PlayMove, Position};
use crate::games::wire::{Wire, nat};
use std::ops::ControlFlow;

/// A move of an octal game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum OctalStep<N> {
    /// Remove `take` tokens from heap `pile`, leaving one heap of the rest
    /// (no heap when nothing is left).
    Take {
        /// Index of the heap, 0-based.
        pile: usize,
        /// Tokens removed.
        take: N,
    },
    /// Remove `take` tokens from heap `pile`, leaving two heaps: `left` in
    /// its place and `right` just after it.
    Split {
        /// Index of the heap, 0-based.
        pile: usize,
        /// Tokens removed (0 only when `d0 = 4`).
        take: N,
        /// The heap left in place of `pile`.
        left: N,
        /// The heap left after it.
        right: N,
    },
}

/// The rules of the octal game with code `code` on numbers `N`; a position
/// is the heaps.
///
/// ```
/// use takeaway::analysis::Outcome;
/// use takeaway::engine::{Convention, Limits, Solver};
/// use takeaway::games::octal::code::OctalCode;
/// use takeaway::games::octal::game::OctalRules;
/// let kayles = OctalCode::parse("0.77").unwrap();
/// let rules = OctalRules::<u64>::new(&kayles);
/// let mut s = Solver::new(&rules, Convention::Normal, Limits::strict());
/// // Kayles: G(4) = 1 and G(8) = 1 (Winning Ways, ch. 4): 4 + 8 is a P-position.
/// assert_eq!(s.solve(&vec![4, 8]).unwrap().outcome, Outcome::P);
/// assert_eq!(s.solve(&vec![4, 7]).unwrap().outcome, Outcome::N);
/// ```
#[derive(Debug, Clone)]
pub struct OctalRules<'c, N> {
    code: &'c OctalCode,
    _n: std::marker::PhantomData<N>,
}

impl<'c, N: Nat> OctalRules<'c, N> {
    /// The rules of `code`.
    pub fn new(code: &'c OctalCode) -> Self {
        OctalRules {
            code,
            _n: std::marker::PhantomData,
        }
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        self.code
    }
}

impl<N: Nat> OctalRules<'_, N> {
    /// Checks a move of `take` from a heap of `n` leaving `left` and `right`
    /// (either may be 0) and returns the heaps it leaves, in order.
    fn leaves(&self, n: &N, take: &N, left: &N, right: &N) -> Result<Vec<N>, GameError> {
        let rest = n.sub(take).ok_or_else(|| Illegal::HoldsOnly {
            pile: 0,
            has: n.to_big(),
            take: take.to_big(),
        })?;
        if left.add(right) != rest {
            return Err(Illegal::SplitSum {
                heap: n.to_big(),
                take: take.to_big(),
                left: left.to_big(),
                right: right.to_big(),
            }
            .into());
        }
        let kept: Vec<N> = [left, right]
            .into_iter()
            .filter(|h| !h.is_zero())
            .cloned()
            .collect();
        let t = take.to_u64().unwrap_or(u64::MAX);
        let j = usize::try_from(t).unwrap_or(usize::MAX);
        let heaps = kept.len() as u8;
        if t == 0 && heaps < 2 {
            return Err(Illegal::TakeNothing.into());
        }
        if !self.code.allows(j, heaps) {
            return Err(Illegal::NotInCode {
                code: self.code.to_string(),
                take: t,
                heaps,
                digit: self.code.digit(j),
            }
            .into());
        }
        Ok(kept)
    }
}

impl<N: Nat> Rules for OctalRules<'_, N> {
    type Position = Vec<N>;
    type Move = OctalStep<N>;
    type Error = GameError;

    /// Smallest removal first; for each, heap by heap: the move leaving one
    /// heap (or none), then the splits, smaller left heap first.
    fn moves(
        &self,
        pos: &Vec<N>,
        out: &mut dyn FnMut(OctalStep<N>) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        let largest = pos.iter().filter_map(Nat::to_u64).max().unwrap_or(0);
        if pos.iter().any(|h| h.to_u64().is_none()) {
            return Err(GameError::NotKnown(
                "a heap beyond 2^64 is far beyond exhaustive search".into(),
            ));
        }
        for j in 0..=self.code.max_take() {
            let t = j as u64;
            if t > largest {
                break;
            }
            for (pile, h) in pos.iter().enumerate() {
                let n = h.to_u64().unwrap_or(0);
                let Some(rest) = n.checked_sub(t) else {
                    continue;
                };
                let take = N::from_u64(t);
                let one = if rest == 0 {
                    j > 0 && self.code.allows(j, 0)
                } else {
                    j > 0 && self.code.allows(j, 1)
                };
                if one
                    && out(OctalStep::Take {
                        pile,
                        take: take.clone(),
                    })
                    .is_break()
                {
                    return Ok(());
                }
                if self.code.allows(j, 2) {
                    for left in 1..=rest / 2 {
                        let step = OctalStep::Split {
                            pile,
                            take: take.clone(),
                            left: N::from_u64(left),
                            right: N::from_u64(rest - left),
                        };
                        if out(step).is_break() {
                            return Ok(());
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn apply(&self, pos: &Vec<N>, mv: &OctalStep<N>) -> Result<Vec<N>, GameError> {
        let (pile, take, left, right) = match mv {
            OctalStep::Take { pile, take } => {
                let n = pos.get(*pile).ok_or_else(|| no_pile(*pile, pos.len()))?;
                let rest = n.sub(take).ok_or_else(|| Illegal::HoldsOnly {
                    pile: *pile,
                    has: n.to_big(),
                    take: take.to_big(),
                })?;
                (*pile, take, rest, N::zero())
            }
            OctalStep::Split {
                pile,
                take,
                left,
                right,
            } => (*pile, take, left.clone(), right.clone()),
        };
        let n = pos.get(pile).ok_or_else(|| no_pile(pile, pos.len()))?;
        let kept = self.leaves(n, take, &left, &right).map_err(|e| match e {
            GameError::Illegal(Illegal::HoldsOnly { has, take, .. }) => {
                Illegal::HoldsOnly { pile, has, take }.into()
            }
            other => other,
        })?;
        let mut next = Vec::with_capacity(pos.len() + 1);
        next.extend_from_slice(&pos[..pile]);
        if kept.is_empty() {
            next.push(N::zero());
        } else {
            next.extend(kept);
        }
        next.extend_from_slice(&pos[pile + 1..]);
        Ok(next)
    }

    /// Every multiset of nonempty heaps with at most the position's total
    /// tokens (a move never adds tokens), each with at most
    /// `(k + 1) · (total + 2)` moves.
    fn estimate(&self, pos: &Vec<N>) -> Estimate {
        let mut total = 0u64;
        for h in pos {
            total = total.saturating_add(h.to_u64().unwrap_or(u64::MAX));
        }
        let positions = multisets_up_to(total);
        let k = self.code.max_take() as u64 + 1;
        let moves = k.saturating_mul(total.saturating_add(2));
        // A key holds at most `total` heaps.
        let key_bytes = 24u64.saturating_add(total.min(1 << 20).saturating_mul(8));
        Estimate::search(positions, moves, key_bytes)
    }

    fn key(&self, pos: &Vec<N>) -> Vec<N> {
        let mut heaps: Vec<N> = pos.iter().filter(|h| !h.is_zero()).cloned().collect();
        heaps.sort_unstable();
        heaps
    }
}

/// The number of multisets of positive integers with sum at most `total`
/// (`Σ_{t ≤ total} p(t)`, `p` the partition numbers), saturating at
/// `u64::MAX` (from `total = 400` on, `p(t)` alone passes 2^62).
///
/// ```
/// use takeaway::games::octal::game::multisets_up_to;
/// // p(0..=5) = 1, 1, 2, 3, 5, 7 (OEIS A000041): 19.
/// assert_eq!(multisets_up_to(5), 19);
/// assert_eq!(multisets_up_to(10_000), u64::MAX);
/// ```
pub fn multisets_up_to(total: u64) -> u64 {
    const CAP: u64 = 400;
    if total >= CAP {
        return u64::MAX;
    }
    let t = total as usize;
    let mut p = vec![0u64; t + 1];
    p[0] = 1;
    for part in 1..=t {
        for s in part..=t {
            p[s] = p[s].saturating_add(p[s - part]);
        }
    }
    p.iter().fold(0u64, |a, &b| a.saturating_add(b))
}

impl<N: Nat> Wire for OctalRules<'_, N> {
    fn name(&self) -> &'static str {
        "an octal game"
    }

    fn position(&self, pos: &Position) -> Result<Vec<N>, GameError> {
        if pos.call.is_some() {
            return Err(GameError::Invalid(format!(
                "{} has no calls; `call` belongs to Spite Nim",
                self.name()
            )));
        }
        if pos.bound.is_some() {
            return Err(NoBound::Position {
                game: self.name().to_string(),
            }
            .into());
        }
        if pos.piles.is_empty() {
            return Err(PileCount::NoPile.into());
        }
        pos.piles.iter().map(nat).collect()
    }

    fn to_wire(&self, pos: &Vec<N>) -> Position {
        Position::new(pos.iter().map(Nat::to_big).collect(), None)
    }

    fn step(&self, mv: &PlayMove) -> Result<OctalStep<N>, GameError> {
        match mv {
            PlayMove::Take { pile, take } => Ok(OctalStep::Take {
                pile: *pile,
                take: nat(take)?,
            }),
            PlayMove::Split {
                pile,
                take,
                split: [left, right],
            } => Ok(OctalStep::Split {
                pile: *pile,
                take: nat(take)?,
                left: nat(left)?,
                right: nat(right)?,
            }),
            _ => Err(Illegal::Kind(MoveKind::Octal).into()),
        }
    }

    fn play_move(&self, mv: &OctalStep<N>) -> PlayMove {
        match mv {
            OctalStep::Take { pile, take } => PlayMove::Take {
                pile: *pile,
                take: take.to_big(),
            },
            OctalStep::Split {
                pile,
                take,
                left,
                right,
            } => PlayMove::Split {
                pile: *pile,
                take: take.to_big(),
                split: [left.to_big(), right.to_big()],
            },
        }
    }
}
