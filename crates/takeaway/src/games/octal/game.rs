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
use crate::games::octal::error::OctalIllegal;
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
    /// Remove `take` tokens from heap `pile`, leaving three heaps (a
    /// hexadecimal digit of 8 or more): `heaps[0]` in its place, the others
    /// after it.
    Split3 {
        /// Index of the heap, 0-based.
        pile: usize,
        /// Tokens removed (0 only when `d0` is 8 or C).
        take: N,
        /// The three heaps left, in order.
        heaps: [N; 3],
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
    /// Checks a move of `take` from a heap of `n` leaving `parts` (any may
    /// be 0) and returns the heaps it leaves, in order.
    fn leaves(&self, n: &N, take: &N, parts: &[N]) -> Result<Vec<N>, GameError> {
        let rest = n.sub(take).ok_or_else(|| Illegal::HoldsOnly {
            pile: 0,
            has: n.to_big(),
            take: take.to_big(),
        })?;
        let total = parts.iter().fold(N::zero(), |a, p| a.add(p));
        if total != rest {
            let right = parts[1..].iter().fold(N::zero(), |a, p| a.add(p));
            return Err(OctalIllegal::SplitSum {
                heap: n.to_big(),
                take: take.to_big(),
                left: parts[0].to_big(),
                right: right.to_big(),
            }
            .into());
        }
        let kept: Vec<N> = parts.iter().filter(|h| !h.is_zero()).cloned().collect();
        let t = take.to_u64().unwrap_or(u64::MAX);
        let j = usize::try_from(t).unwrap_or(usize::MAX);
        let heaps = kept.len() as u8;
        if t == 0 && heaps < 2 {
            return Err(Illegal::TakeNothing.into());
        }
        let equal = self.code.unequal(j)
            && kept
                .iter()
                .enumerate()
                .any(|(i, a)| kept[i + 1..].contains(a));
        if !self.code.allows(j, heaps) || equal {
            return Err(OctalIllegal::NotInCode {
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
            return Err(crate::games::unanswered::NotKnown::HeapBeyond64.into());
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
                let unequal = self.code.unequal(j);
                if self.code.allows(j, 2) {
                    for left in 1..=rest / 2 {
                        if unequal && 2 * left == rest {
                            continue;
                        }
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
                if self.code.allows(j, 3) {
                    let mut a = 1;
                    while 3 * a <= rest {
                        let mut b = a;
                        while a + 2 * b <= rest {
                            let c = rest - a - b;
                            let step = OctalStep::Split3 {
                                pile,
                                take: take.clone(),
                                heaps: [N::from_u64(a), N::from_u64(b), N::from_u64(c)],
                            };
                            if !(unequal && (a == b || b == c)) && out(step).is_break() {
                                return Ok(());
                            }
                            b += 1;
                        }
                        a += 1;
                    }
                }
            }
        }
        Ok(())
    }

    fn apply(&self, pos: &Vec<N>, mv: &OctalStep<N>) -> Result<Vec<N>, GameError> {
        let (pile, take, parts) = match mv {
            OctalStep::Take { pile, take } => {
                let n = pos.get(*pile).ok_or_else(|| no_pile(*pile, pos.len()))?;
                let rest = n.sub(take).ok_or_else(|| Illegal::HoldsOnly {
                    pile: *pile,
                    has: n.to_big(),
                    take: take.to_big(),
                })?;
                (*pile, take, vec![rest])
            }
            OctalStep::Split {
                pile,
                take,
                left,
                right,
            } => (*pile, take, vec![left.clone(), right.clone()]),
            OctalStep::Split3 { pile, take, heaps } => (*pile, take, heaps.to_vec()),
        };
        let n = pos.get(pile).ok_or_else(|| no_pile(pile, pos.len()))?;
        let kept = self.leaves(n, take, &parts).map_err(|e| match e {
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

    /// Every multiset of nonempty heaps the position can reach
    /// ([`reachable_multisets`]: at most the position's tokens, and at most
    /// as many heaps as the code lets grow), each with at most
    /// `(k + 1) · (total + 2)` moves.
    fn estimate(&self, pos: &Vec<N>) -> Estimate {
        let mut total = 0u64;
        for h in pos {
            total = total.saturating_add(h.to_u64().unwrap_or(u64::MAX));
        }
        let heaps = pos.iter().filter(|h| !h.is_zero()).count() as u64;
        let positions = reachable_multisets(total, heaps, HeapGrowth::of(self.code));
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

/// How the number of heaps can grow in an octal game: what bounds the
/// heaps of a reachable position besides its tokens.
///
/// ```
/// use takeaway::games::octal::code::OctalCode;
/// use takeaway::games::octal::game::HeapGrowth;
/// let of = |c: &str| HeapGrowth::of(&OctalCode::parse(c).unwrap());
/// assert_eq!(of("0.33"), HeapGrowth::Never); // a subtraction game
/// assert_eq!(of("0.77"), HeapGrowth::OnePerToken); // Kayles
/// assert_eq!(of("4.3"), HeapGrowth::Free); // d0 = 4: split without taking
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeapGrowth {
    /// No move leaves two heaps: never more heaps than at the start.
    Never,
    /// A move leaves at most two heaps of one and removes at least one token
    /// (`d0 = 0`): heaps + tokens never grow.
    OnePerToken,
    /// A move may split a heap without removing anything (`d0 = 4`): only
    /// the tokens bound the heaps.
    Free,
}

impl HeapGrowth {
    /// The growth `code` allows: [`HeapGrowth::Never`] when no digit has
    /// the bit 4 (leave two heaps), [`HeapGrowth::OnePerToken`] when some
    /// does but `d0 = 0` (every move removes a token), else
    /// [`HeapGrowth::Free`].
    pub fn of(code: &OctalCode) -> HeapGrowth {
        if code.leaves_three() {
            // Three heaps for one token: only the tokens bound the heaps.
            HeapGrowth::Free
        } else if !code.splits() {
            HeapGrowth::Never
        } else if code.digit(0) == 0 {
            HeapGrowth::OnePerToken
        } else {
            HeapGrowth::Free
        }
    }
}

/// The number of multisets of positive integers (positions of an octal
/// game: the nonempty heaps) with sum `s ≤ total` and at most `m(s)` parts,
/// where `m(s)` is `heaps` for [`HeapGrowth::Never`], `heaps + total − s`
/// for [`HeapGrowth::OnePerToken`] and `s` for [`HeapGrowth::Free`]:
/// an upper bound of the positions reachable from `heaps` heaps of `total`
/// tokens (by induction on the moves: a move keeps its position inside),
/// saturating at `u64::MAX`. With [`HeapGrowth::Free`] it is
/// [`multisets_up_to`].
///
/// ```
/// use takeaway::games::octal::game::{HeapGrowth, multisets_up_to, reachable_multisets};
/// // Partitions into at most 2 parts of 0..=5: 1, 1, 2, 2, 3, 3 (⌊s/2⌋ + 1).
/// assert_eq!(reachable_multisets(5, 2, HeapGrowth::Never), 12);
/// assert_eq!(reachable_multisets(5, 2, HeapGrowth::Free), multisets_up_to(5));
/// // Kayles 14 13 12: 53,152 multisets (the same count by enumeration in
/// // the test `reachable_multisets_bound_the_positions_a_search_reaches`),
/// // against 177,970 = A000070(39) (OEIS: Σ p(k), k ≤ 39) with any number
/// // of heaps; the search visits 39,927.
/// assert_eq!(reachable_multisets(39, 3, HeapGrowth::OnePerToken), 53_152);
/// assert_eq!(multisets_up_to(39), 177_970);
/// // One heap that never splits: the heaps 0..=n, at any size.
/// assert_eq!(reachable_multisets(1_000_000, 1, HeapGrowth::Never), 1_000_001);
/// ```
pub fn reachable_multisets(total: u64, heaps: u64, growth: HeapGrowth) -> u64 {
    const CAP: u64 = 400;
    // Never more than `heaps` parts: a table of `heaps` columns, for any
    // total up to 10^7 cells (beyond, the count is past any limit anyway).
    if growth == HeapGrowth::Never
        && total >= CAP
        && let Some(cells) = total
            .checked_add(1)
            .and_then(|t| t.checked_mul(heaps.max(1)))
        && cells <= 10_000_000
    {
        return at_most_parts(total, heaps);
    }
    if growth == HeapGrowth::Free || total >= CAP {
        return multisets_up_to(total);
    }
    let t = total as usize;
    // q[s][m]: partitions of s into at most m parts, m ≤ t + heaps (capped at t).
    let parts = |s: usize| -> usize {
        let m = match growth {
            HeapGrowth::Never => heaps,
            _ => heaps.saturating_add((t - s) as u64),
        };
        usize::try_from(m).unwrap_or(usize::MAX).min(s)
    };
    // p[m][s] for m = 0..=t, built one m at a time: p_m(s) = p_{m−1}(s) + p_m(s − m).
    let mut counts = vec![0u64; t + 1];
    let mut p = vec![0u64; t + 1];
    p[0] = 1;
    let mut sum = 0u64;
    // m = 0: only s = 0.
    for (s, c) in counts.iter_mut().enumerate() {
        if parts(s) == 0 {
            *c = p[s];
        }
    }
    for m in 1..=t {
        for s in m..=t {
            p[s] = p[s].saturating_add(p[s - m]);
        }
        for (s, c) in counts.iter_mut().enumerate() {
            if parts(s) == m {
                *c = p[s];
            }
        }
    }
    for c in counts {
        sum = sum.saturating_add(c);
    }
    sum
}

/// `Σ_{s ≤ total}` of the partitions of `s` into at most `parts` parts,
/// saturating: `p_m(s) = p_{m−1}(s) + p_m(s − m)`, one column per `m`.
fn at_most_parts(total: u64, parts: u64) -> u64 {
    let t = usize::try_from(total).unwrap_or(usize::MAX);
    let mut p = vec![0u64; t + 1];
    p[0] = 1;
    for m in 1..=usize::try_from(parts).unwrap_or(usize::MAX).min(t) {
        for s in m..=t {
            p[s] = p[s].saturating_add(p[s - m]);
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
            return Err(crate::games::shape::ShapeError::NoCalls {
                game: self.name().to_string(),
            }
            .into());
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
            PlayMove::Split { pile, take, split } => match split.as_slice() {
                [left, right] => Ok(OctalStep::Split {
                    pile: *pile,
                    take: nat(take)?,
                    left: nat(left)?,
                    right: nat(right)?,
                }),
                [a, b, c] => Ok(OctalStep::Split3 {
                    pile: *pile,
                    take: nat(take)?,
                    heaps: [nat(a)?, nat(b)?, nat(c)?],
                }),
                _ => Err(Illegal::Octal(OctalIllegal::SplitHeaps { heaps: split.len() }).into()),
            },
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
                split: vec![left.to_big(), right.to_big()],
            },
            OctalStep::Split3 { pile, take, heaps } => PlayMove::Split {
                pile: *pile,
                take: take.to_big(),
                split: heaps.iter().map(Nat::to_big).collect(),
            },
        }
    }
}
