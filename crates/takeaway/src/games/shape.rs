//! A wire position of the wrong shape for its game, as data: a pending call
//! given to a game without calls, parts given to a game that is not a sum,
//! a call outside the rows of Spite Nim. Worded by `Display`.

/// A wire position whose shape the game does not take.
///
/// ```
/// use takeaway::games::ShapeError;
/// let e = ShapeError::NoCalls { game: "an octal game".into() };
/// assert_eq!(e.to_string(), "an octal game has no calls; `call` belongs to Spite Nim");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// A pending call given to a game without calls.
    #[error("{game} has no calls; `call` belongs to Spite Nim")]
    NoCalls {
        /// The game's name.
        game: String,
    },
    /// Parts given to a game that is not a sum of games.
    #[error("{game} has no parts; `parts` belongs to a sum of games (`sum`)")]
    NoParts {
        /// The game's name.
        game: String,
    },
    /// A pending call outside `1..=longest` (Spite Nim).
    #[error("A pending call must be 1 to the longest row ({longest}), got {got}")]
    CallOutOfRange {
        /// The longest row.
        longest: String,
        /// The call given.
        got: String,
    },
}
