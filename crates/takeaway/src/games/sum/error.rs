//! What a sum of games refuses, as data: a part that cannot be one, a
//! position that is not a sum's, an option a sum does not take. Worded by
//! `Display` (the one line after `error: `); a part's own error keeps its
//! kind through [`GameError::InPart`](crate::games::GameError::InPart).
//! Below the families (what `GameError` wraps): it names nothing of the sum's
//! other files.

/// Why a sum of games refuses a request.
///
/// ```
/// use takeaway::games::sum::SumError;
/// assert_eq!(SumError::TooManyParts { count: 17, most: 16 }.to_string(), "a sum of 17 parts: at most 16 are played at once");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SumError {
    /// A part is itself a sum.
    #[error("a part cannot itself be a sum; list its parts instead")]
    PartIsSum,
    /// A part's family cannot be part of a sum (`grundy`: whether its
    /// positions have Grundy values at all).
    #[error("{}", not_a_part(title, *grundy))]
    NotAPart {
        /// The family's title.
        title: String,
        /// Whether its positions have Grundy values.
        grundy: bool,
    },
    /// A part under misère play on its own.
    #[error("a part cannot be misère on its own; write `sum:misere=true` for a misère sum")]
    MiserePart,
    /// The spec's `misere` is neither `true` nor `false`.
    #[error("sum: misere must be true or false, got `{got}`")]
    MisereValue {
        /// What the spec gave.
        got: String,
    },
    /// A position with piles, a bound or a call of the sum's own.
    #[error(
        "a sum's position is its parts (`parts`: each a game with its piles and bound), with no piles, bound or call of its own"
    )]
    NotPartsOnly,
    /// A sum of no parts.
    #[error("a sum of no parts: give one part per argument, e.g. sum 'fibonacci 20' 'nim 6'")]
    NoParts,
    /// More parts than a sum may have.
    #[error("a sum of {count} parts: at most {most} are played at once")]
    TooManyParts {
        /// The parts given.
        count: usize,
        /// The most a sum may have.
        most: usize,
    },
    /// A part's position with a pending call.
    #[error("a sum has no pending call")]
    PendingCall,
    /// A bound given to the sum as a whole (a part's bound is written in
    /// the part, the grammar of a sum's part).
    #[error(
        "a sum takes no bound of its own: give each part its bound, e.g. 'fibonacci 13 --bound 4'"
    )]
    OwnBound,
    /// The exhaustive switch given to a sum.
    #[error(
        "a sum takes no exhaustive switch: each part's Grundy value is computed where no theory applies"
    )]
    OwnExhaustive,
}

/// The sentence of [`SumError::NotAPart`].
fn not_a_part(title: &str, grundy: bool) -> String {
    if grundy {
        format!("{title} cannot be part of a sum (its family says so)")
    } else {
        format!(
            "{title} cannot be part of a sum: its positions have no Grundy values (a turn is not one move)"
        )
    }
}
