//! The wire form of positions and moves — the JSON the API and the terminal
//! game use ([`Position`], [`PlayMove`]) — and each family's typed rules
//! read from and written to it, in one place per family.
//!
//! Laws: `to_wire(position(p)?)` is `p` with the family's defaults filled in
//! (a one-pile game's missing bound is `n − 1`); `step(play_move(m)) == m`;
//! a wire position of the wrong shape for the family (a pile count, a bound
//! the game does not have, a pending call outside Spite Nim) is refused with
//! a clear error, whatever front-end sent it.

use super::GameError;
use super::one_pile::{OnePilePosition, OnePileRules};
use super::play::{PlayMove, Position};
use super::spite::game::{SpitePosition, SpiteRules, SpiteStep};
use super::subtraction::game::SubtractionRules;
use super::two_pile::appendix::{AppendixPosition, AppendixRules, Step};
use super::two_pile::game::{PilesPosition, Take, TwoPileRules, no_pile};
use super::wythoff::game::{WythoffRules, WythoffStep};
use crate::engine::{Nat, Rules};
use crate::games::error::{Illegal, MoveKind, NoBound, PileCount};
use num_bigint::BigUint;

/// A family's typed rules with their wire form.
pub trait Wire: Rules<Error = GameError> {
    /// The family's name in messages ("a one-pile game", "Wythoff's Nim").
    fn name(&self) -> &'static str;
    /// The typed position of a wire position, checked for the family's shape.
    fn position(&self, pos: &Position) -> Result<Self::Position, GameError>;
    /// The wire form of a typed position.
    fn to_wire(&self, pos: &Self::Position) -> Position;
    /// The typed move of a wire move.
    fn step(&self, mv: &PlayMove) -> Result<Self::Move, GameError>;
    /// The wire form of a typed move.
    fn play_move(&self, mv: &Self::Move) -> PlayMove;
}

/// `v` as the rules' number type; a number beyond it (a huge pile for the
/// machine-integer engine) is beyond exhaustive search.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wire::nat;
/// assert_eq!(nat::<u64>(&BigUint::from(7u8)).unwrap(), 7);
/// assert!(nat::<u64>(&(BigUint::from(1u8) << 70)).is_err());
/// ```
pub fn nat<N: Nat>(v: &BigUint) -> Result<N, GameError> {
    N::from_big(v).ok_or_else(|| {
        GameError::NotKnown(format!(
            "a number of {} digits is far beyond exhaustive search",
            v.to_string().len()
        ))
    })
}

fn nats<N: Nat>(v: &[BigUint]) -> Result<Vec<N>, GameError> {
    v.iter().map(nat).collect()
}

fn no_bound(name: &str, pos: &Position) -> Result<(), GameError> {
    match pos.bound {
        Some(_) => Err(NoBound::Position {
            game: name.to_string(),
        }
        .into()),
        None => Ok(()),
    }
}

fn no_call(name: &str, pos: &Position) -> Result<(), GameError> {
    match pos.call {
        Some(_) => Err(GameError::Invalid(format!(
            "{name} has no calls; `call` belongs to Spite Nim"
        ))),
        None => Ok(()),
    }
}

fn take_only<N: Nat>(mv: &PlayMove, how: MoveKind) -> Result<Take<N>, GameError> {
    match mv {
        PlayMove::Take { pile, take } => Ok(Take {
            pile: *pile,
            take: nat(take)?,
        }),
        _ => Err(Illegal::Kind(how).into()),
    }
}

fn wire_take<N: Nat>(mv: &Take<N>) -> PlayMove {
    PlayMove::Take {
        pile: mv.pile,
        take: mv.take.to_big(),
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

impl<N: Nat> Wire for AppendixRules<'_, N> {
    fn name(&self) -> &'static str {
        "an appendix two-pile game"
    }

    fn position(&self, pos: &Position) -> Result<AppendixPosition<N>, GameError> {
        no_call(self.name(), pos)?;
        let [a, b] = pos.piles.as_slice() else {
            return Err(PileCount::Appendix {
                spec: self.rule().spec(),
                got: pos.piles.len(),
            }
            .into());
        };
        let p = AppendixPosition {
            piles: [nat(a)?, nat(b)?],
            bound: pos.bound.as_ref().map(nat).transpose()?,
            left: pos.phase.unwrap_or(self.rule().k),
        };
        if p.bound.is_none() && self.adds_now(&p) {
            return Err(super::two_pile::appendix::needs_bound(&self.rule()));
        }
        Ok(p)
    }

    fn to_wire(&self, pos: &AppendixPosition<N>) -> Position {
        let mut p = Position::new(
            pos.piles.iter().map(Nat::to_big).collect(),
            pos.bound.as_ref().map(Nat::to_big),
        );
        p.phase = Some(pos.left);
        p
    }

    fn step(&self, mv: &PlayMove) -> Result<Step<N>, GameError> {
        match mv {
            PlayMove::Take { pile, take } => Ok(Step {
                pile: *pile,
                amount: nat(take)?,
                add: false,
            }),
            PlayMove::Add { pile, add } => Ok(Step {
                pile: *pile,
                amount: nat(add)?,
                add: true,
            }),
            _ => Err(Illegal::Kind(MoveKind::Appendix).into()),
        }
    }

    fn play_move(&self, mv: &Step<N>) -> PlayMove {
        if mv.add {
            PlayMove::Add {
                pile: mv.pile,
                add: mv.amount.to_big(),
            }
        } else {
            PlayMove::Take {
                pile: mv.pile,
                take: mv.amount.to_big(),
            }
        }
    }
}

impl<N: Nat> Wire for WythoffRules<N> {
    fn name(&self) -> &'static str {
        "Wythoff's Nim"
    }

    fn position(&self, pos: &Position) -> Result<[N; 2], GameError> {
        no_call(self.name(), pos)?;
        no_bound(self.name(), pos)?;
        match pos.piles.as_slice() {
            [a, b] => Ok([nat(a)?, nat(b)?]),
            other => Err(PileCount::Wythoff { got: other.len() }.into()),
        }
    }

    fn to_wire(&self, pos: &[N; 2]) -> Position {
        Position::new(pos.iter().map(Nat::to_big).collect(), None)
    }

    fn step(&self, mv: &PlayMove) -> Result<WythoffStep<N>, GameError> {
        match mv {
            PlayMove::Take { pile, take } => Ok(WythoffStep::Take {
                pile: *pile,
                take: nat(take)?,
            }),
            PlayMove::Both { take } => Ok(WythoffStep::Both { take: nat(take)? }),
            _ => Err(Illegal::Kind(MoveKind::Wythoff).into()),
        }
    }

    fn play_move(&self, mv: &WythoffStep<N>) -> PlayMove {
        match mv {
            WythoffStep::Take { pile, take } => PlayMove::Take {
                pile: *pile,
                take: take.to_big(),
            },
            WythoffStep::Both { take } => PlayMove::Both {
                take: take.to_big(),
            },
        }
    }
}

impl<N: Nat> Wire for SpiteRules<N> {
    fn name(&self) -> &'static str {
        "Spite Nim"
    }

    fn position(&self, pos: &Position) -> Result<SpitePosition<N>, GameError> {
        no_bound(self.name(), pos)?;
        if pos.piles.is_empty() {
            return Err(PileCount::NoRow.into());
        }
        let rows = nats(&pos.piles)?;
        let call = pos.call.as_ref().map(nat::<N>).transpose()?;
        if let Some(c) = &call {
            let longest = rows.iter().max().cloned().unwrap_or_else(N::zero);
            if c.is_zero() || c > &longest {
                return Err(GameError::Invalid(format!(
                    "A pending call must be 1 to the longest row ({longest}), got {c}"
                )));
            }
        }
        Ok(SpitePosition { rows, call })
    }

    fn to_wire(&self, pos: &SpitePosition<N>) -> Position {
        Position {
            piles: pos.rows.iter().map(Nat::to_big).collect(),
            bound: None,
            call: pos.call.as_ref().map(Nat::to_big),
            phase: None,
        }
    }

    fn step(&self, mv: &PlayMove) -> Result<SpiteStep<N>, GameError> {
        match mv {
            PlayMove::Call { call } => Ok(SpiteStep::Call(nat(call)?)),
            PlayMove::Pick { pile } => Ok(SpiteStep::Pick(*pile)),
            _ => Err(Illegal::Kind(MoveKind::Spite).into()),
        }
    }

    fn play_move(&self, mv: &SpiteStep<N>) -> PlayMove {
        match mv {
            SpiteStep::Call(c) => PlayMove::Call { call: c.to_big() },
            SpiteStep::Pick(i) => PlayMove::Pick { pile: *i },
        }
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
