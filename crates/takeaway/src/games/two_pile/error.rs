//! What a two-pile game refuses, as data: Table 4.1 asked of a misère game
//! or of another family, a position outside Table 4.1's strategy, a theory
//! whose hypothesis fails. Worded by `Display`. Below the families (what
//! `GameError` wraps), so it names nothing of the family's other files.

use crate::games::shared::HypothesisFails;
use crate::numeration::base::BaseError;
use thiserror::Error;

/// Why a two-pile game refuses a request.
///
/// ```
/// use takeaway::games::two_pile::TwoPileError;
/// assert!(TwoPileError::Table41Misere.to_string().contains("not misère"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TwoPileError {
    /// Table 4.1 asked of a misère game.
    #[error(
        "Table 4.1 is a strategy for normal play (the last player able to move wins), not misère"
    )]
    Table41Misere,
    /// Table 4.1 asked of a game that is not a two-pile game.
    #[error("Table 4.1 is a strategy for two-pile games (two-pile:f=EXPR), not {spec}")]
    Table41Of {
        /// The game's spec.
        spec: String,
    },
    /// Table 4.1's strategy refused the position.
    #[error(transparent)]
    Table41(#[from] Table41Error),
    /// A theory's hypothesis fails where the answer needs it (the theory's
    /// own sentence: which hypothesis, at which `n`).
    #[error("{0}")]
    HypothesisFails(String),
}

/// Why Table 4.1 does not apply to a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Table41Error {
    /// `d = 0`: the table is written for `d ≥ 1` (equal piles are lost, `L = ∞`).
    #[error(
        "Table 4.1 needs unequal piles (d ≥ 1): with equal piles the player to move loses (L(m, 0) = ∞)"
    )]
    EqualPiles,
    /// The game is not generalized two-pile Fibonacci Nim.
    #[error(
        "Table 4.1 is for generalized two-pile Fibonacci Nim (f(t) nondecreasing, f(t) ≥ t, l(k) ∈ {{0, 1}}): {0}"
    )]
    Hypothesis(String),
}

impl From<HypothesisFails> for Table41Error {
    fn from(HypothesisFails(why): HypothesisFails) -> Self {
        Table41Error::Hypothesis(why)
    }
}

impl From<BaseError> for Table41Error {
    fn from(e: BaseError) -> Self {
        Table41Error::Hypothesis(e.to_string())
    }
}
