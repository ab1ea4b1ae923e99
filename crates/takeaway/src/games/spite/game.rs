//! The rules of Spite Nim (paper 003, after Croach's "Spite Nim I").
//!
//! Rows of counters. On his turn the *caller* announces a number `c` with
//! `1 ≤ c ≤` the longest row; the *chooser* (his opponent) picks any row with
//! at least `c` counters and `c` counters are removed from it; then the chooser
//! calls. The player whose call removes the last counter wins.
//!
//! Conventions fixed here (checked against the paper's small claims by brute
//! force in the tests):
//! * rows of 0 are allowed and never chosen, so they do not change the game;
//! * when every row is 0 the player to call cannot call and loses (the previous
//!   call removed the last counter), so the empty position is *safe*
//!   (Hale: "(1, 0) is clearly unsafe, while (1, 1) is safe");
//! * a call `c` wins iff every row the chooser may pick leaves a safe position
//!   for the next caller (the chooser); a position is *unsafe* (`N`) iff some
//!   call wins, else *safe* (`P`).
//!
//! Spite Nim as typed rules for the engine, written once over [`Nat`]
//!: the caller names `c` with
//! `1 ≤ c ≤` the longest row; the chooser picks a row with at least `c`
//! counters and `c` are removed from it; then the chooser calls.
//!
//! A call passes the turn (the opponent picks); a pick does not (the picker
//! calls next), so remoteness counts calls, as Hale counts moves.
//! Law: the rows are interchangeable and rows of 0 never matter ([`Rules::key`]).

use crate::engine::nat::each_take;
use crate::engine::{Estimate, Nat, Rules};
use crate::games::error::GameError;
use crate::games::error::Illegal;
use crate::games::error::{MoveKind, PileCount};
use crate::games::spite::error::SpiteIllegal;
use crate::games::wire::{PlayMove, Position, Wire, nat, nats, no_bound};
use num_bigint::BigUint;
use std::ops::ControlFlow;

/// Checks a position as given by a user: at least one row.
///
/// ```
/// use takeaway::games::spite::game::check_rows;
/// assert!(check_rows(&[]).is_err());
/// assert!(check_rows(&[0u32.into()]).is_ok());
/// ```
pub fn check_rows(rows: &[BigUint]) -> Result<(), GameError> {
    if rows.is_empty() {
        return Err(PileCount::NoRows.into());
    }
    Ok(())
}

/// The legal calls: `1..=max row` (empty when every row is 0).
///
/// ```
/// use takeaway::games::spite::game::largest_call;
/// assert_eq!(largest_call(&[3, 7, 0]), 7);
/// ```
pub fn largest_call(rows: &[u64]) -> u64 {
    rows.iter().copied().max().unwrap_or(0)
}

/// The chooser's options after call `c`: indices of the rows with `≥ c` counters.
///
/// ```
/// use takeaway::games::spite::game::choices;
/// assert_eq!(choices(&[3, 7, 5], 4), vec![1, 2]);
/// ```
pub fn choices(rows: &[u64], call: u64) -> Vec<usize> {
    rows.iter()
        .enumerate()
        .filter(|&(_, &r)| call >= 1 && r >= call)
        .map(|(i, _)| i)
        .collect()
}

/// The rows after the chooser takes `call` counters from row `index`
/// (`None` if that is not a legal choice).
///
/// ```
/// use takeaway::games::spite::game::after_choice;
/// assert_eq!(after_choice(&[3, 7], 1, 4), Some(vec![3, 3]));
/// assert_eq!(after_choice(&[3, 7], 0, 4), None);
/// ```
pub fn after_choice(rows: &[u64], index: usize, call: u64) -> Option<Vec<u64>> {
    let row = *rows.get(index)?;
    if call == 0 || row < call {
        return None;
    }
    let mut out = rows.to_vec();
    out[index] = row - call;
    Some(out)
}

/// The nonzero rows, sorted ascending: the canonical form of a position (the
/// game depends only on this multiset).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::spite::game::canonical;
/// let rows: Vec<BigUint> = vec![5u32.into(), 0u32.into(), 2u32.into()];
/// assert_eq!(canonical(&rows), vec![BigUint::from(2u32), BigUint::from(5u32)]);
/// ```
pub fn canonical(rows: &[BigUint]) -> Vec<BigUint> {
    let mut out: Vec<BigUint> = rows.iter().filter(|r| !r.is_zero()).cloned().collect();
    out.sort();
    out
}

/// A Spite Nim position: the rows and, between the halves of a move, the call
/// waiting for its row.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpitePosition<N> {
    /// The rows.
    pub rows: Vec<N>,
    /// The number called, waiting for the opponent to pick a row.
    pub call: Option<N>,
}

/// A half-move of Spite Nim.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SpiteStep<N> {
    /// Name a number.
    Call(N),
    /// Pick the row (0-based) the pending call is taken from.
    Pick(usize),
}

/// The rules of Spite Nim on numbers `N`.
///
/// ```
/// use takeaway::engine::{Convention, Limits, Solver};
/// use takeaway::games::spite::game::{SpitePosition, SpiteRules};
/// use takeaway::analysis::Outcome;
/// let rules = SpiteRules::<u64>::default();
/// let mut s = Solver::new(&rules, Convention::Normal, Limits::strict());
/// // Paper 003: (1, 1) is safe, (1, 0) is unsafe.
/// assert_eq!(s.solve(&SpitePosition { rows: vec![1, 1], call: None }).unwrap().outcome, Outcome::P);
/// assert_eq!(s.solve(&SpitePosition { rows: vec![1, 0], call: None }).unwrap().outcome, Outcome::N);
/// ```
#[derive(Debug, Clone)]
pub struct SpiteRules<N> {
    _n: std::marker::PhantomData<N>,
}

impl<N> Default for SpiteRules<N> {
    fn default() -> Self {
        SpiteRules {
            _n: std::marker::PhantomData,
        }
    }
}

impl<N: Nat> Rules for SpiteRules<N> {
    type Position = SpitePosition<N>;
    type Move = SpiteStep<N>;
    type Error = GameError;

    fn moves(
        &self,
        pos: &Self::Position,
        out: &mut dyn FnMut(SpiteStep<N>) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        match &pos.call {
            None => {
                if let Some(longest) = pos.rows.iter().max() {
                    let _ = each_take(longest, &mut |c| out(SpiteStep::Call(c)));
                }
            }
            Some(c) => {
                for (i, r) in pos.rows.iter().enumerate() {
                    if r >= c && out(SpiteStep::Pick(i)).is_break() {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    fn apply(&self, pos: &Self::Position, mv: &SpiteStep<N>) -> Result<Self::Position, GameError> {
        match (mv, &pos.call) {
            (SpiteStep::Call(c), None) => {
                let longest = pos.rows.iter().max().cloned().unwrap_or_else(N::zero);
                if c.is_zero() {
                    return Err(SpiteIllegal::CallNothing.into());
                }
                if c > &longest {
                    return Err(if longest.is_zero() {
                        SpiteIllegal::NothingToCall
                    } else {
                        SpiteIllegal::CallAtMost {
                            longest: longest.to_big(),
                        }
                    }
                    .into());
                }
                Ok(SpitePosition {
                    rows: pos.rows.clone(),
                    call: Some(c.clone()),
                })
            }
            (SpiteStep::Call(_), Some(c)) => {
                Err(SpiteIllegal::CallPending { call: c.to_big() }.into())
            }
            (SpiteStep::Pick(_), None) => Err(SpiteIllegal::NoCallPending.into()),
            (SpiteStep::Pick(i), Some(c)) => {
                let row = pos.rows.get(*i).ok_or_else(|| {
                    GameError::from(SpiteIllegal::NoRow {
                        index: *i,
                        count: pos.rows.len(),
                    })
                })?;
                let rest = row.sub(c).ok_or_else(|| {
                    GameError::from(SpiteIllegal::RowShort {
                        row: *i,
                        has: row.to_big(),
                        call: c.to_big(),
                    })
                })?;
                let mut rows = pos.rows.clone();
                rows[*i] = rest;
                Ok(SpitePosition { rows, call: None })
            }
        }
    }

    fn passes_turn(&self, mv: &SpiteStep<N>) -> bool {
        matches!(mv, SpiteStep::Call(_))
    }

    fn estimate(&self, pos: &Self::Position) -> Estimate {
        // Every vector of smaller rows, each with every call: position–call–choice steps.
        let rows: Vec<u64> = pos
            .rows
            .iter()
            .map(|r| r.to_u64().unwrap_or(u64::MAX))
            .collect();
        let longest = rows.iter().copied().max().unwrap_or(0);
        let cells = Estimate::multisets(&rows);
        let k = pos.rows.len() as u64;
        let states = cells.saturating_mul(longest.saturating_add(1));
        Estimate::search(states, k, k.saturating_mul(8).saturating_add(56))
    }

    fn key(&self, pos: &Self::Position) -> Self::Position {
        let mut rows: Vec<N> = pos.rows.iter().filter(|r| !r.is_zero()).cloned().collect();
        rows.sort_unstable();
        SpitePosition {
            rows,
            call: pos.call.clone(),
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
                return Err(crate::games::shape::ShapeError::CallOutOfRange {
                    longest: longest.to_string(),
                    got: c.to_string(),
                }
                .into());
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
            parts: Vec::new(),
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
