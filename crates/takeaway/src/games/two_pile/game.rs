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
//!
//! The two-pile (and `k`-pile) game as typed rules for the engine, written
//! once over [`Nat`]: piles and a bound `w` (`None`: unbounded); take `t`
//! with `1 ≤ t ≤ w` from one pile (at most what it holds); the opponent's
//! bound becomes `f(n, t)` with `n = max − min` of the piles *before* the
//! move (for two piles `|x − y|`).
//!
//! Laws: the piles are a multiset and a bound at or above the largest pile
//! acts as no bound ([`Rules::key`]); the moves under `w ≥ 1` are those
//! under `w − 1` plus every take of exactly `w` ([`Rules::prefix`]).

use crate::bound::Bound;
use crate::engine::nat::each_take;
use crate::engine::{Estimate, Nat, Rules};
use crate::games::error::GameError;
use crate::games::error::{MoveKind, PileCount};
use crate::games::shared::check_take;
pub(crate) use crate::games::shared::no_pile;
pub use crate::games::shared::{Take, take_from_each};
use crate::games::wire::{PlayMove, Position, Wire, nat, nats, no_call, take_only, wire_take};
use std::ops::ControlFlow;

/// Where a move of `t` from `(m, d)` leads: `Some((m', d'))`, or `None` when
/// the pile holds fewer than `t`.
///
/// Law: the total `2m + d` drops by exactly `t`.
///
/// ```
/// use takeaway::games::two_pile::game::{after, Pile};
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

/// A position: the piles (in the order given) and the bound on the next take.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PilesPosition<N> {
    /// The piles.
    pub piles: Vec<N>,
    /// Most counters the player to move may take; `None` when unbounded.
    pub bound: Option<N>,
}

/// `max − min` of the piles (0 for no piles).
///
/// ```
/// use takeaway::games::two_pile::game::spread;
/// assert_eq!(spread(&[20u64, 62, 30]), 42);
/// ```
pub fn spread<N: Nat>(piles: &[N]) -> N {
    match (piles.iter().max(), piles.iter().min()) {
        (Some(hi), Some(lo)) => hi.sub(lo).unwrap_or_else(N::zero),
        _ => N::zero(),
    }
}

/// The two-pile rules for bound `f(n, t)` on numbers `N`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::engine::Rules;
/// use takeaway::games::two_pile::game::{PilesPosition, Take, TwoPileRules};
/// let f = Bound::parse("2*t").unwrap();
/// let rules = TwoPileRules::<u64>::new(&f);
/// let p = PilesPosition { piles: vec![20, 62], bound: Some(6) };
/// // Paper 000: taking 2 from the small pile when the difference is 42 gives bound f(42, 2) = 4.
/// let q = rules.apply(&p, &Take { pile: 0, take: 2 }).unwrap();
/// assert_eq!(q, PilesPosition { piles: vec![18, 62], bound: Some(4) });
/// ```
#[derive(Debug, Clone)]
pub struct TwoPileRules<'f, N> {
    f: &'f Bound,
    count: Option<usize>,
    _n: std::marker::PhantomData<N>,
}

impl<'f, N: Nat> TwoPileRules<'f, N> {
    /// The rules with move bound `f`.
    pub fn new(f: &'f Bound) -> Self {
        TwoPileRules {
            f,
            count: None,
            _n: std::marker::PhantomData,
        }
    }

    /// The same rules for exactly `count` piles (the spec's `piles=K`);
    /// `None`: two or more.
    #[must_use]
    pub fn with_count(mut self, count: Option<usize>) -> Self {
        self.count = count;
        self
    }

    /// How many piles a position must have (`None`: two or more).
    pub fn count(&self) -> Option<usize> {
        self.count
    }
}

impl<N: Nat> Rules for TwoPileRules<'_, N> {
    type Position = PilesPosition<N>;
    type Move = Take<N>;
    type Error = GameError;

    /// Smallest take first, then by pile.
    fn moves(
        &self,
        pos: &Self::Position,
        out: &mut dyn FnMut(Take<N>) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        let Some(largest) = pos.piles.iter().max() else {
            return Ok(());
        };
        let most = match &pos.bound {
            Some(b) if b < largest => b,
            _ => largest,
        };
        let _ = each_take(most, &mut |t| take_from_each(&pos.piles, &t, out));
        Ok(())
    }

    fn apply(&self, pos: &Self::Position, mv: &Take<N>) -> Result<Self::Position, GameError> {
        let p = pos
            .piles
            .get(mv.pile)
            .ok_or_else(|| no_pile(mv.pile, pos.piles.len()))?;
        check_take(&mv.take, p, pos.bound.as_ref())?;
        let bound = N::bound(self.f, &spread(&pos.piles), &mv.take)?;
        let mut piles = pos.piles.clone();
        piles[mv.pile] = p.sub(&mv.take).unwrap_or_else(N::zero);
        Ok(PilesPosition {
            piles,
            bound: Some(bound),
        })
    }

    /// The keys below a position are its multisets of smaller piles, each
    /// with no bound or a bound below its own largest pile (a larger bound
    /// is no bound: [`Rules::key`]); for two piles `x ≤ y` exactly
    /// `Σ_{a ≤ x} Σ_{a ≤ b ≤ y} (b + 1) = (x + 1)(y + 1)(y + 2)/2 − x(x + 1)(x + 2)/6`,
    /// for more piles at most [`Estimate::multisets`] times the largest
    /// pile plus one. Each key costs the engine one position and at most
    /// `k + 1` move checks (the prefix summary and one take per pile).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::engine::Rules;
    /// use takeaway::games::two_pile::game::{PilesPosition, TwoPileRules};
    /// let f = Bound::parse("2*t").unwrap();
    /// let rules = TwoPileRules::<u64>::new(&f);
    /// // (1, 1): keys (0, 0), (0, 1) and (1, 1), each with no bound, and
    /// // (0, 1), (1, 1) with bound 0: 5 keys, 4 units of work each.
    /// let e = rules.estimate(&PilesPosition { piles: vec![1, 1], bound: None });
    /// assert_eq!(e.states, 20);
    /// // (20, 62): 40,796 keys (the engine visits 26,434 from bound 6: BENCHMARKS.md).
    /// let e = rules.estimate(&PilesPosition { piles: vec![62, 20], bound: Some(6) });
    /// assert_eq!(e.states, 4 * 40_796);
    /// ```
    fn estimate(&self, pos: &Self::Position) -> Estimate {
        let piles: Vec<u64> = pos
            .piles
            .iter()
            .map(|p| p.to_u64().unwrap_or(u64::MAX))
            .collect();
        let largest = piles.iter().copied().max().unwrap_or(0);
        let k = pos.piles.len() as u64;
        let states = match piles.as_slice() {
            [p, q] if largest < 1 << 40 => {
                let (x, y) = (u128::from(*p.min(q)), u128::from(*p.max(q)));
                let keys = (x + 1) * (y + 1) * (y + 2) / 2 - x * (x + 1) * (x + 2) / 6;
                u64::try_from(keys).unwrap_or(u64::MAX)
            }
            _ => Estimate::multisets(&piles).saturating_mul(largest.saturating_add(1)),
        };
        // The prefix summary plus one take per pile; the key's piles live on the heap.
        Estimate::search(
            states,
            k.saturating_add(1),
            k.saturating_mul(8).saturating_add(56),
        )
    }

    fn key(&self, pos: &Self::Position) -> Self::Position {
        let mut piles = pos.piles.clone();
        piles.sort_unstable();
        let bound = match (&pos.bound, piles.last()) {
            (Some(b), Some(top)) if b < top => Some(b.clone()),
            _ => None,
        };
        PilesPosition { piles, bound }
    }

    fn prefix(
        &self,
        pos: &Self::Position,
        extra: &mut dyn FnMut(Take<N>),
    ) -> Option<Self::Position> {
        let key = self.key(pos);
        let largest = key.piles.last()?.clone();
        let w = key.bound.clone().unwrap_or_else(|| largest.clone());
        let below = w.sub(&N::one())?;
        for (pile, p) in key.piles.iter().enumerate() {
            if *p >= w {
                extra(Take {
                    pile,
                    take: w.clone(),
                });
            }
        }
        Some(PilesPosition {
            piles: key.piles,
            bound: Some(below),
        })
    }
}

impl<N: Nat> Wire for TwoPileRules<'_, N> {
    fn name(&self) -> &'static str {
        "a two-pile game"
    }

    fn position(&self, pos: &Position) -> Result<PilesPosition<N>, GameError> {
        no_call(self.name(), pos)?;
        let k = pos.piles.len();
        match self.count() {
            Some(want) if want != k => {
                return Err(PileCount::KPiles { want, got: k }.into());
            }
            _ if k < 2 => {
                return Err(PileCount::TwoOrMore { got: k }.into());
            }
            _ => {}
        }
        Ok(PilesPosition {
            piles: nats(&pos.piles)?,
            bound: pos.bound.as_ref().map(nat).transpose()?,
        })
    }

    fn to_wire(&self, pos: &PilesPosition<N>) -> Position {
        Position::new(
            pos.piles.iter().map(Nat::to_big).collect(),
            pos.bound.as_ref().map(Nat::to_big),
        )
    }

    fn step(&self, mv: &PlayMove) -> Result<Take<N>, GameError> {
        take_only(mv, MoveKind::TwoPile)
    }

    fn play_move(&self, mv: &Take<N>) -> PlayMove {
        wire_take(mv)
    }
}
