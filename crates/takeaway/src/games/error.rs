//! The error type shared by the game families.

use crate::bound::EvalError;
use crate::engine::{EngineError, Over, Solve};
use crate::natural::NaturalError;
use crate::spec::SpecError;
use thiserror::Error;

/// Why a game request cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The spec is malformed.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A pile or bound is not a natural number.
    #[error("{what}: {source}")]
    Number {
        /// Which argument (e.g. `pile 2`, `--bound`).
        what: String,
        /// The parse error.
        source: NaturalError,
    },
    /// The request is well-formed but not valid for this game
    /// (wrong number of piles, an empty subtraction set, ...).
    #[error("{0}")]
    Invalid(String),
    /// A move-bound expression failed on a position the answer needs.
    #[error("move bound: {0}")]
    Bound(String),
    /// The request needs more work or memory than allowed.
    #[error("{what} needs {needed}, over the limit of {limit}; {hint}")]
    TooLarge {
        /// What would be computed.
        what: String,
        /// How much it needs.
        needed: String,
        /// The limit in force.
        limit: String,
        /// What to do instead.
        hint: String,
    },
    /// No theory decides the position and it is too large to search.
    #[error("not known: {0}")]
    NotKnown(String),
    /// The work was cancelled (a deadline passed, the client went away, Ctrl-C).
    #[error("cancelled: the computation was stopped before it finished")]
    Cancelled,
    /// This family or feature is not built yet.
    #[error("not available yet: {0}")]
    Unsupported(String),
}

impl GameError {
    /// Says why no theory answered, on a [`GameError::TooLarge`] from the
    /// exhaustive fallback (`what` gains `(no theory applies: why)`); any
    /// other error, or no reason, passes through unchanged.
    ///
    /// ```
    /// use takeaway::games::GameError;
    /// let e = GameError::TooLarge {
    ///     what: "a table".into(),
    ///     needed: "2 GiB".into(),
    ///     limit: "1 GiB".into(),
    ///     hint: "ask for less".into(),
    /// };
    /// let e = e.because(Some("f is not nondecreasing"));
    /// assert!(e.to_string().starts_with("a table (no theory applies: f is not nondecreasing) needs 2 GiB"));
    /// assert_eq!(GameError::Invalid("x".into()).because(Some("y")), GameError::Invalid("x".into()));
    /// ```
    #[must_use]
    pub fn because(self, why: Option<&str>) -> GameError {
        match (why, self) {
            (
                Some(why),
                GameError::TooLarge {
                    what,
                    needed,
                    limit,
                    hint,
                },
            ) => GameError::TooLarge {
                what: format!("{what} (no theory applies: {why})"),
                needed,
                limit,
                hint,
            },
            (_, e) => e,
        }
    }
}

impl From<EngineError> for GameError {
    /// The engine's refusal in the families' terms: a limit stays
    /// [`GameError::TooLarge`], a cancel stays [`GameError::Cancelled`].
    ///
    /// ```
    /// use takeaway::engine::EngineError;
    /// use takeaway::games::GameError;
    /// assert_eq!(GameError::from(EngineError::Cancelled), GameError::Cancelled);
    /// ```
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::TooLarge { what, over } => GameError::TooLarge {
                what: what.to_string(),
                needed: over.needed.to_string(),
                limit: over.limit.to_string(),
                hint: match what {
                    Solve::Outcome => "use smaller piles (or a position the theory decides)",
                    Solve::Grundy => "use smaller piles",
                }
                .into(),
            },
            EngineError::Cancelled => GameError::Cancelled,
            e @ (EngineError::Cycle { .. } | EngineError::HalfMoves) => {
                GameError::Invalid(e.to_string())
            }
        }
    }
}

impl From<EvalError> for GameError {
    fn from(e: EvalError) -> Self {
        GameError::Bound(e.to_string())
    }
}

impl GameError {
    /// A refusal of `what` for needing `over` against its limit, with `hint`
    /// (what to do instead).
    pub fn over(what: impl std::fmt::Display, over: Over, hint: &str) -> GameError {
        GameError::TooLarge {
            what: what.to_string(),
            needed: over.needed.to_string(),
            limit: over.limit.to_string(),
            hint: hint.into(),
        }
    }
}
