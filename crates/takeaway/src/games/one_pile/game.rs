//! The one-pile game as typed rules for the engine, written once over
//! [`Nat`]: pile `n`, bound `w`; take `t` with `1 ≤ t ≤ min(w, n)`; the
//! opponent's bound becomes `f(n, t)` with `n` the pile *before* the move.
//!
//! Laws: a bound above the pile acts as the pile ([`Rules::key`]); the moves
//! under bound `w ≥ 1` are those under `w − 1` plus the take `w`
//! ([`Rules::prefix`]), so the engine solves every `(m, b)` in constant time.

use crate::bound::Bound;
use crate::engine::nat::each_take;
use crate::engine::{Estimate, Nat, Rules};
use crate::games::error::GameError;
use crate::games::error::{MoveKind, PileCount};
pub(crate) use crate::games::shared::check_take;
use crate::games::shared::{Take, no_pile};
use crate::games::wire::{PlayMove, Position, Wire, nat, no_call, take_only};
use std::ops::ControlFlow;

/// A one-pile position: the pile and the bound on the next take.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OnePilePosition<N> {
    /// Counters in the pile.
    pub pile: N,
    /// Most counters the player to move may take.
    pub bound: N,
}

impl<N: Nat> From<(u64, u64)> for OnePilePosition<N> {
    fn from((pile, bound): (u64, u64)) -> Self {
        OnePilePosition {
            pile: N::from_u64(pile),
            bound: N::from_u64(bound),
        }
    }
}

/// The one-pile rules for bound `f` on numbers `N`; a move is the number taken.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::engine::Rules;
/// use takeaway::games::one_pile::{OnePilePosition, OnePileRules};
/// let f = Bound::parse("2*t").unwrap();
/// let rules = OnePileRules::<u64>::new(&f);
/// // Whinihan: from 20 with bound 19, taking 2 leaves 18 with bound 4.
/// let next = rules.apply(&(20, 19).into(), &2).unwrap();
/// assert_eq!(next, OnePilePosition { pile: 18, bound: 4 });
/// assert!(rules.apply(&(20, 19).into(), &20).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct OnePileRules<'f, N> {
    f: &'f Bound,
    _n: std::marker::PhantomData<N>,
}

impl<'f, N: Nat> OnePileRules<'f, N> {
    /// The rules with move bound `f`.
    pub fn new(f: &'f Bound) -> Self {
        OnePileRules {
            f,
            _n: std::marker::PhantomData,
        }
    }

    /// The default first bound: `n − 1`, anything but the whole pile (0 for an empty pile).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::one_pile::OnePileRules;
    /// let f = Bound::parse("2*t").unwrap();
    /// assert_eq!(OnePileRules::<u64>::new(&f).default_bound(&20), 19);
    /// ```
    pub fn default_bound(&self, pile: &N) -> N {
        pile.sub(&N::one()).unwrap_or_else(N::zero)
    }
}

impl<N: Nat> Rules for OnePileRules<'_, N> {
    type Position = OnePilePosition<N>;
    type Move = N;
    type Error = GameError;

    fn moves(
        &self,
        pos: &Self::Position,
        out: &mut dyn FnMut(N) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        let most = (&pos.bound).min(&pos.pile);
        let _ = each_take(most, out);
        Ok(())
    }

    fn apply(&self, pos: &Self::Position, take: &N) -> Result<Self::Position, GameError> {
        check_take(take, &pos.pile, Some(&pos.bound))?;
        let pile = pos.pile.sub(take).unwrap_or_else(N::zero);
        let bound = N::bound(self.f, &pos.pile, take)?;
        Ok(OnePilePosition { pile, bound })
    }

    fn estimate(&self, pos: &Self::Position) -> Estimate {
        // Every (m, b) with b ≤ m ≤ n, each with the prefix summary and one take.
        let n = pos.pile.to_u64().unwrap_or(u64::MAX);
        let cells = n.saturating_add(1).saturating_mul(n.saturating_add(2)) / 2;
        Estimate::search(cells, 2, 16)
    }

    fn key(&self, pos: &Self::Position) -> Self::Position {
        OnePilePosition {
            pile: pos.pile.clone(),
            bound: (&pos.bound).min(&pos.pile).clone(),
        }
    }

    /// `m(m + 1)/2 + b` for the key `(m, b)`, `b ≤ m`: every pile below `n`
    /// with every bound fills the first `n(n + 1)/2` cells.
    fn index(&self, key: &Self::Position) -> Option<usize> {
        let m = usize::try_from(key.pile.to_u64()?).ok()?;
        let b = usize::try_from(key.bound.to_u64()?).ok()?;
        m.checked_mul(m.checked_add(1)?)?
            .checked_div(2)?
            .checked_add(b)
    }

    fn prefix(&self, pos: &Self::Position, extra: &mut dyn FnMut(N)) -> Option<Self::Position> {
        let key = self.key(pos);
        let below = key.bound.sub(&N::one())?;
        extra(key.bound);
        Some(OnePilePosition {
            pile: key.pile,
            bound: below,
        })
    }
}

impl<N: Nat> Wire for OnePileRules<'_, N> {
    fn name(&self) -> &'static str {
        "a one-pile game"
    }

    fn position(&self, pos: &Position) -> Result<OnePilePosition<N>, GameError> {
        no_call(self.name(), pos)?;
        let [n] = pos.piles.as_slice() else {
            return Err(PileCount::OnePilePosition {
                got: pos.piles.len(),
            }
            .into());
        };
        let pile: N = nat(n)?;
        let bound = match &pos.bound {
            Some(w) => nat(w)?,
            None => self.default_bound(&pile),
        };
        Ok(OnePilePosition { pile, bound })
    }

    fn to_wire(&self, pos: &OnePilePosition<N>) -> Position {
        Position::new(vec![pos.pile.to_big()], Some(pos.bound.to_big()))
    }

    fn step(&self, mv: &PlayMove) -> Result<N, GameError> {
        let t: Take<N> = take_only(mv, MoveKind::OnePile)?;
        if t.pile != 0 {
            return Err(no_pile(t.pile, 1));
        }
        Ok(t.take)
    }

    fn play_move(&self, mv: &N) -> PlayMove {
        PlayMove::Take {
            pile: 0,
            take: mv.to_big(),
        }
    }
}
