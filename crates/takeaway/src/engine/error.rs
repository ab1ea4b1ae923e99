//! The engine's own errors: a limit passed, the work cancelled, a game that
//! is not a well-founded impartial game. A family's rules have their own
//! error type ([`crate::engine::Rules::Error`]) that these convert into, so
//! the engine knows nothing of the families above it.

use std::fmt;
use thiserror::Error;

/// What a quantity in a refusal counts.
///
/// ```
/// use takeaway::engine::Unit;
/// assert_eq!(Unit::Positions.to_string(), "positions");
/// assert_eq!(Unit::Bare.to_string(), "");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Positions visited.
    Positions,
    /// Positions plus the moves checked from them.
    PositionsAndMoveChecks,
    /// Moves checked.
    MoveChecks,
    /// Mebibytes of memory.
    MiB,
    /// Cells of a table.
    Cells,
    /// Steps of a computation.
    Steps,
    /// Entries of a table.
    Entries,
    /// Rows of a table.
    Rows,
    /// Rows of a Grundy table.
    GrundyTableRows,
    /// Bytes of memory.
    Bytes,
    /// Steps of a sweep over positions and bit words.
    PositionWordSteps,
    /// Steps of a search over positions, calls and choices.
    PositionCallChoiceSteps,
    /// Moves listed in one part of a sum.
    MovesInOnePart,
    /// Terms of a sequence.
    Terms,
    /// Elements of a subtraction set (`subtraction amounts`).
    SubtractionAmounts,
    /// Elements of a subtraction set (`amounts`).
    Amounts,
    /// Candidate moves.
    CandidateMoves,
    /// Positions of the k-pile solver.
    KPileSolverPositions,
    /// Rule sets of a sweep.
    RuleSets,
    /// No unit: the number alone.
    Bare,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Unit::Positions => "positions",
            Unit::PositionsAndMoveChecks => "positions and move checks",
            Unit::MoveChecks => "move checks",
            Unit::MiB => "MiB",
            Unit::Cells => "cells",
            Unit::Steps => "steps",
            Unit::Entries => "entries",
            Unit::Rows => "rows",
            Unit::GrundyTableRows => "rows of the Grundy table",
            Unit::Bytes => "bytes",
            Unit::PositionWordSteps => "position-word steps",
            Unit::PositionCallChoiceSteps => "position-call-choice steps",
            Unit::MovesInOnePart => "moves in one part",
            Unit::Terms => "terms",
            Unit::SubtractionAmounts => "subtraction amounts",
            Unit::Amounts => "amounts",
            Unit::CandidateMoves => "candidate moves",
            Unit::KPileSolverPositions => "positions of the k-pile solver",
            Unit::RuleSets => "rule sets",
            Unit::Bare => "",
        })
    }
}

/// A number of some [`Unit`], as a refusal states it.
///
/// Law: the text is `[more than ]N[ unit]`, with `N` the exact count, or
/// `2^e` when the count is a power of two too large for the machine
/// ([`Amount::pow2`]); `u64::MAX` counted "at least" reads as "more than
/// 18446744073709551615".
///
/// ```
/// use takeaway::engine::{Amount, Unit};
/// assert_eq!(Amount::of(12u64, Unit::MiB).to_string(), "12 MiB");
/// assert_eq!(Amount::more_than(7u64, Unit::Terms).to_string(), "more than 7 terms");
/// assert_eq!(Amount::pow2(64, Unit::Bare).to_string(), "2^64");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Amount {
    /// Whether the count is a lower bound ("more than").
    pub more_than: bool,
    /// The count (its exponent when `pow2`).
    pub count: u128,
    /// Whether `count` is the exponent of a power of two.
    pub pow2: bool,
    /// What is counted.
    pub unit: Unit,
}

impl Amount {
    /// Exactly `count` of `unit`.
    pub fn of(count: impl Into<u128>, unit: Unit) -> Self {
        Amount {
            more_than: false,
            count: count.into(),
            pow2: false,
            unit,
        }
    }

    /// More than `count` of `unit`.
    pub fn more_than(count: impl Into<u128>, unit: Unit) -> Self {
        Amount {
            more_than: true,
            ..Amount::of(count, unit)
        }
    }

    /// `2^exp` of `unit`.
    pub fn pow2(exp: u32, unit: Unit) -> Self {
        Amount {
            pow2: true,
            ..Amount::of(exp, unit)
        }
    }

    /// This amount, as a lower bound.
    #[must_use]
    pub fn at_least(self) -> Self {
        Amount {
            more_than: true,
            ..self
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.more_than {
            f.write_str("more than ")?;
        }
        if self.pow2 {
            write!(f, "2^{}", self.count)?;
        } else {
            write!(f, "{}", self.count)?;
        }
        if self.unit != Unit::Bare {
            write!(f, " {}", self.unit)?;
        }
        Ok(())
    }
}

/// What a request needs against the limit it passes.
///
/// ```
/// use takeaway::engine::{Amount, Over, Unit};
/// let over = Over { needed: Amount::of(3u64, Unit::MiB), limit: Amount::of(2u64, Unit::MiB) };
/// assert_eq!(over.to_string(), "needs 3 MiB, over the limit of 2 MiB");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[error("needs {needed}, over the limit of {limit}")]
pub struct Over {
    /// What the request needs.
    pub needed: Amount,
    /// The limit in force.
    pub limit: Amount,
}

/// Which of the engine's computations was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Solve {
    /// [`crate::engine::Solver`]: outcome and remoteness by exhaustive search.
    Outcome,
    /// [`crate::engine::GrundySolver`]: a Grundy value by the mex rule.
    Grundy,
}

impl fmt::Display for Solve {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Solve::Outcome => "an exhaustive solve of this position",
            Solve::Grundy => "the Grundy value of this position (a mex over every move)",
        })
    }
}

/// Why the engine stopped.
///
/// ```
/// use takeaway::engine::{Cancel, EngineError};
/// let token = Cancel::new();
/// token.cancel();
/// assert_eq!(token.check(), Err(EngineError::Cancelled));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The estimate, the work or the memory of a solve passes the limits.
    #[error("{what} {over}")]
    TooLarge {
        /// Which solve.
        what: Solve,
        /// What it needs against the limit.
        over: Over,
    },
    /// The work was cancelled (a deadline passed, the client went away, Ctrl-C).
    #[error("cancelled: the computation was stopped before it finished")]
    Cancelled,
    /// A position repeats along a line of play (the rules break the law that play ends).
    #[error("the game has a cycle: position {position} repeats along a line of play")]
    Cycle {
        /// The position, as its `Debug` form.
        position: String,
    },
    /// A Grundy value was asked of a game with half-moves (a move that does not pass the turn).
    #[error(
        "Grundy values are for games whose every move passes the turn; this game has half-moves (Spite Nim: a call, then the pick)"
    )]
    HalfMoves,
}
