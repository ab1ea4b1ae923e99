//! The rules of a game, as the engine needs them: typed positions and moves,
//! the legal moves, the position after a move, and a size estimate.
//!
//! A family is one implementation of [`Rules`]; the exhaustive engine
//! ([`crate::engine::Solver`]) then gives outcome, remoteness, winning moves
//! and misère play for it with no further code.

use super::error::EngineError;
use super::limits::Estimate;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::ControlFlow;

/// Who wins when the player to act cannot act.
///
/// ```
/// use takeaway::engine::Convention;
/// assert_eq!(Convention::from_misere(true), Convention::Misere);
/// assert!(!Convention::Normal.stuck_player_wins());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Convention {
    /// Normal play: the player who cannot move loses (the last mover wins).
    #[default]
    Normal,
    /// Misère play: the player who cannot move wins (the last mover loses).
    Misere,
}

impl Convention {
    /// [`Convention::Misere`] when `misere`, else [`Convention::Normal`].
    pub fn from_misere(misere: bool) -> Self {
        if misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }

    /// Whether the player who cannot act wins.
    pub fn stuck_player_wins(self) -> bool {
        self == Convention::Misere
    }
}

/// The rules of one game.
///
/// Laws:
/// - [`Rules::moves`] lists every legal move of a position, each once, in the
///   family's order (smallest first), and [`Rules::apply`] accepts exactly
///   those moves;
/// - play ends: no position repeats along a line of play (the engine reports
///   a cycle as an error rather than looping);
/// - [`Rules::key`] only merges positions with the same moves up to relabelling
///   (same future), e.g. a bound above the pile acts as the pile;
/// - when [`Rules::prefix`] returns `(q, extra)`, the moves of `p` are the
///   moves of `q` plus `extra`, leading to the same positions.
///
/// A throwaway game, "take 1 or 2 from a pile":
///
/// ```
/// use std::ops::ControlFlow;
/// use takeaway::engine::{Convention, EngineError, Estimate, Limits, Outcome, Rules, Solver};
///
/// /// Why a move is refused: the game's own reason, or the engine's.
/// #[derive(Debug)]
/// enum Refused { TooMany, Engine(EngineError) }
/// impl From<EngineError> for Refused {
///     fn from(e: EngineError) -> Self { Refused::Engine(e) }
/// }
///
/// struct OneOrTwo;
/// impl Rules for OneOrTwo {
///     type Position = u64;
///     type Move = u64;
///     type Error = Refused;
///     fn moves(&self, p: &u64, out: &mut dyn FnMut(u64) -> ControlFlow<()>) -> Result<(), Refused> {
///         for t in 1..=(*p).min(2) { if out(t).is_break() { break; } }
///         Ok(())
///     }
///     fn apply(&self, p: &u64, t: &u64) -> Result<u64, Refused> {
///         p.checked_sub(*t).ok_or(Refused::TooMany)
///     }
///     fn estimate(&self, p: &u64) -> Estimate { Estimate::positions(p + 1, 64) }
/// }
/// let mut s = Solver::new(&OneOrTwo, Convention::Normal, Limits::strict());
/// // Multiples of 3 are lost (brute force by hand: 0 P, 1 N, 2 N, 3 P).
/// assert_eq!(s.solve(&9).unwrap().outcome, Outcome::P);
/// assert_eq!(s.solve(&10).unwrap().outcome, Outcome::N);
/// ```
pub trait Rules {
    /// A position (with whatever the next move depends on: a bound, a call, the last move).
    type Position: Clone + Eq + Hash + Debug;
    /// A move.
    type Move: Clone + Debug;
    /// Why a move is illegal or a position has no moves listed; the engine's
    /// own errors (limits, cancel, cycles) convert into it.
    type Error: From<EngineError>;

    /// Calls `out` with every legal move of `pos` in the family's order,
    /// stopping when `out` breaks.
    fn moves(
        &self,
        pos: &Self::Position,
        out: &mut dyn FnMut(Self::Move) -> ControlFlow<()>,
    ) -> Result<(), Self::Error>;

    /// The position after `mv`, or why `mv` is illegal here.
    fn apply(&self, pos: &Self::Position, mv: &Self::Move) -> Result<Self::Position, Self::Error>;

    /// An upper bound on the work (positions plus move checks) and memory of
    /// solving `pos` exhaustively; checked against the limits before anything
    /// is allocated.
    fn estimate(&self, pos: &Self::Position) -> Estimate;

    /// Whether the other player acts after `mv` (true by default; false for
    /// a half-move such as Spite Nim's pick, after which the picker calls).
    fn passes_turn(&self, _mv: &Self::Move) -> bool {
        true
    }

    /// The position the engine memoises `pos` under (itself by default).
    fn key(&self, pos: &Self::Position) -> Self::Position {
        pos.clone()
    }

    /// `Some(q)` when the moves of `pos` are those of `q` plus the moves
    /// passed to `extra` (a bound one larger allows one more take): the
    /// engine then solves `pos` from `q`'s summary in time proportional to
    /// the extra moves. `None` (the default, and without calling `extra`)
    /// when there is no such `q`.
    fn prefix(
        &self,
        _pos: &Self::Position,
        _extra: &mut dyn FnMut(Self::Move),
    ) -> Option<Self::Position> {
        None
    }

    /// A dense index of a key (as returned by [`Rules::key`]), when the
    /// family has one: the engine then keeps that position's value in a
    /// vector instead of a hash map (several times faster). `None` (the
    /// default) for positions without one.
    ///
    /// Law: distinct keys have distinct indices, and the indices of the
    /// positions reachable from a position are bounded by a function of it
    /// that [`Rules::estimate`] accounts for.
    fn index(&self, _key: &Self::Position) -> Option<usize> {
        None
    }

    /// Up to `limit` legal moves, in the family's order.
    ///
    /// ```
    /// # use std::ops::ControlFlow;
    /// # use takeaway::engine::{EngineError, Estimate, Rules};
    /// # struct Any;
    /// # impl Rules for Any {
    /// #     type Position = u64; type Move = u64; type Error = EngineError;
    /// #     fn moves(&self, p: &u64, out: &mut dyn FnMut(u64) -> ControlFlow<()>) -> Result<(), EngineError> {
    /// #         for t in 1..=*p { if out(t).is_break() { break; } } Ok(()) }
    /// #     fn apply(&self, p: &u64, t: &u64) -> Result<u64, EngineError> { Ok(p - t) }
    /// #     fn estimate(&self, p: &u64) -> Estimate { Estimate::positions(*p, 8) }
    /// # }
    /// assert_eq!(Any.first_moves(&100, 3).unwrap(), vec![1, 2, 3]);
    /// ```
    fn first_moves(
        &self,
        pos: &Self::Position,
        limit: usize,
    ) -> Result<Vec<Self::Move>, Self::Error> {
        let mut out = Vec::new();
        if limit == 0 {
            return Ok(out);
        }
        self.moves(pos, &mut |m| {
            out.push(m);
            if out.len() >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        Ok(out)
    }
}
