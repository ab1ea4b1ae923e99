//! Subtraction games (and Nim) as typed rules for the engine, written once
//! over [`Nat`]: take `s ∈ S` with `s ≤` the pile from one pile.
//!
//! Law: the piles are a multiset ([`Rules::key`] sorts them).

use super::rules::SubtractionSet;
use crate::engine::nat::each_take;
use crate::engine::{Estimate, Nat, Rules};
use crate::games::error::GameError;
use crate::games::error::Illegal;
use crate::games::error::{MoveKind, PileCount};
use crate::games::shared::{Take, no_pile, take_from_each};
use crate::games::wire::{PlayMove, Position, Wire, nats, no_bound, no_call, take_only, wire_take};
use std::ops::ControlFlow;

/// The rules of the subtraction game with set `S` on numbers `N`; a position
/// is the piles.
///
/// ```
/// use takeaway::engine::{Convention, Limits, Solver};
/// use takeaway::games::subtraction::game::SubtractionRules;
/// use takeaway::games::subtraction::rules::SubtractionSet;
/// use takeaway::analysis::Outcome;
/// let set = SubtractionSet::finite(&[1, 3, 4]).unwrap();
/// let rules = SubtractionRules::<u64>::new(&set);
/// let mut s = Solver::new(&rules, Convention::Normal, Limits::strict());
/// // S = {1, 3, 4}: the P-positions are n ≡ 0, 2 (mod 7) (Berlekamp–Conway–Guy).
/// assert_eq!(s.solve(&vec![9]).unwrap().outcome, Outcome::P);
/// assert_eq!(s.solve(&vec![10]).unwrap().outcome, Outcome::N);
/// ```
#[derive(Debug, Clone)]
pub struct SubtractionRules<'s, N> {
    set: &'s SubtractionSet,
    _n: std::marker::PhantomData<N>,
}

impl<'s, N: Nat> SubtractionRules<'s, N> {
    /// The rules with subtraction set `set`.
    pub fn new(set: &'s SubtractionSet) -> Self {
        SubtractionRules {
            set,
            _n: std::marker::PhantomData,
        }
    }
}

/// The set in words, for error messages.
fn describe(set: &SubtractionSet) -> String {
    match set {
        SubtractionSet::All => "any positive number".into(),
        SubtractionSet::Finite(v) => {
            let items: Vec<String> = v.iter().map(u64::to_string).collect();
            format!("one of {{{}}}", items.join(", "))
        }
        SubtractionSet::Range { min, max } => format!("between {min} and {max}"),
    }
}

impl<N: Nat> Rules for SubtractionRules<'_, N> {
    type Position = Vec<N>;
    type Move = Take<N>;
    type Error = GameError;

    /// Smallest amount first, then by pile.
    fn moves(
        &self,
        pos: &Vec<N>,
        out: &mut dyn FnMut(Take<N>) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        let Some(largest) = pos.iter().max() else {
            return Ok(());
        };
        let mut each = |t: N| take_from_each(pos, &t, out);
        match self.set {
            SubtractionSet::All => {
                let _ = each_take(largest, &mut each);
            }
            SubtractionSet::Finite(v) => {
                for &s in v {
                    let s = N::from_u64(s);
                    if &s > largest || each(s).is_break() {
                        break;
                    }
                }
            }
            SubtractionSet::Range { min, max } => {
                for s in *min..=*max {
                    let s = N::from_u64(s);
                    if &s > largest || each(s).is_break() {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    fn apply(&self, pos: &Vec<N>, mv: &Take<N>) -> Result<Vec<N>, GameError> {
        let p = pos
            .get(mv.pile)
            .ok_or_else(|| no_pile(mv.pile, pos.len()))?;
        if mv.take > *p {
            return Err(Illegal::PileHasOnly {
                pile: mv.pile,
                has: p.to_big(),
            }
            .into());
        }
        let allowed = match self.set {
            SubtractionSet::All => !mv.take.is_zero(),
            _ => mv.take.to_u64().is_some_and(|t| self.set.contains(t)),
        };
        if !allowed {
            return Err(Illegal::NotInSet {
                allowed: describe(self.set),
            }
            .into());
        }
        let mut next = pos.clone();
        next[mv.pile] = p.sub(&mv.take).unwrap_or_else(N::zero);
        Ok(next)
    }

    fn estimate(&self, pos: &Vec<N>) -> Estimate {
        let piles: Vec<u64> = pos.iter().map(|p| p.to_u64().unwrap_or(u64::MAX)).collect();
        let largest = piles.iter().copied().max().unwrap_or(0);
        let cells = Estimate::multisets(&piles);
        let amounts = self.set.len().unwrap_or(largest).min(largest).max(1);
        let k = pos.len() as u64;
        Estimate::search(
            cells,
            amounts.saturating_mul(k),
            k.saturating_mul(8).saturating_add(40),
        )
    }

    fn key(&self, pos: &Vec<N>) -> Vec<N> {
        let mut piles = pos.clone();
        piles.sort_unstable();
        piles
    }
}

impl<N: Nat> Wire for SubtractionRules<'_, N> {
    fn name(&self) -> &'static str {
        "a subtraction game"
    }

    fn position(&self, pos: &Position) -> Result<Vec<N>, GameError> {
        no_call(self.name(), pos)?;
        no_bound(self.name(), pos)?;
        if pos.piles.is_empty() {
            return Err(PileCount::SubtractionNoPile.into());
        }
        nats(&pos.piles)
    }

    fn to_wire(&self, pos: &Vec<N>) -> Position {
        Position::new(pos.iter().map(Nat::to_big).collect(), None)
    }

    fn step(&self, mv: &PlayMove) -> Result<Take<N>, GameError> {
        take_only(mv, MoveKind::Subtraction)
    }

    fn play_move(&self, mv: &Take<N>) -> PlayMove {
        wire_take(mv)
    }
}
