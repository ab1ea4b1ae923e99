//! What a subtraction game refuses, as data: a take not in the set, a
//! computation too large, and the advice for it. Worded by `Display` (the one
//! line after `error: `). Below the families (what `GameError` wraps): it
//! names nothing of the family's other files.

use crate::games::advice::{Opt, Words};
use std::fmt;
use thiserror::Error;

/// A move against a subtraction game's rules.
///
/// ```
/// use takeaway::games::subtraction::error::SubtractionIllegal;
/// assert_eq!(SubtractionIllegal::NotInSet { allowed: "1, 3 or 4".into() }.to_string(), "You may take 1, 3 or 4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SubtractionIllegal {
    /// A take not in the subtraction set.
    #[error("You may take {allowed}")]
    NotInSet {
        /// The set, as the game describes it (e.g. `1, 3 or 4`).
        allowed: String,
    },
}

/// A subtraction-game computation refused for its size (the `what` of a
/// [`TooLarge`](crate::games::TooLarge)).
///
/// ```
/// use takeaway::games::subtraction::error::SubtractionWork;
/// assert_eq!(SubtractionWork::Verify { up_to: 9 }.to_string(), "verifying up to 9");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubtractionWork {
    /// The remoteness of one pile (a sweep of the smaller piles).
    PileRemoteness,
    /// Proving the period of a game (its spec).
    Period {
        /// The game's spec.
        spec: String,
    },
    /// The exhaustive mex solver of a game (its spec).
    MexSolver {
        /// The game's spec.
        spec: String,
    },
    /// The exhaustive Grundy table up to `n`.
    GrundyTableUpTo {
        /// The largest pile.
        n: u64,
    },
    /// The exhaustive Grundy table.
    GrundyTable,
    /// The exhaustive misère table.
    MisereTable,
    /// Listing the misère moves.
    MisereMoves,
    /// Searching the residues of a One Pile move.
    Residues,
    /// Listing the moves.
    Moves,
    /// Verifying up to `up_to`.
    Verify {
        /// Largest pile.
        up_to: u64,
    },
}

impl fmt::Display for SubtractionWork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubtractionWork::PileRemoteness => {
                f.write_str("the remoteness of this pile (a sweep of the smaller piles)")
            }
            SubtractionWork::Period { spec } => write!(f, "proving the period of {spec}"),
            SubtractionWork::MexSolver { spec } => write!(f, "the exhaustive solver for {spec}"),
            SubtractionWork::GrundyTableUpTo { n } => {
                write!(f, "the exhaustive Grundy table up to {n}")
            }
            SubtractionWork::GrundyTable => f.write_str("the exhaustive Grundy table"),
            SubtractionWork::MisereTable => f.write_str("the exhaustive misère table"),
            SubtractionWork::MisereMoves => f.write_str("listing misère moves"),
            SubtractionWork::Residues => f.write_str("searching the residues of a One Pile move"),
            SubtractionWork::Moves => f.write_str("listing the moves"),
            SubtractionWork::Verify { up_to } => write!(f, "verifying up to {up_to}"),
        }
    }
}

/// A size in a subtraction-game refusal that is said in words.
///
/// ```
/// use takeaway::games::subtraction::error::SubtractionQuantity;
/// assert_eq!(SubtractionQuantity::MovesPerPile(7).to_string(), "7 moves per pile");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubtractionQuantity {
    /// `more than {steps} steps comparing windows of max(S) = {m} terms`.
    WindowSteps {
        /// Steps.
        steps: u64,
        /// max(S).
        m: u64,
    },
    /// `{0} moves per pile`.
    MovesPerPile(u64),
    /// `an arithmetic period of the remoteness beyond the first {0} piles`.
    RemotenessPeriodBeyond(usize),
    /// `a remoteness of 2^64 moves or more`.
    RemotenessOf2To64,
}

impl fmt::Display for SubtractionQuantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SubtractionQuantity::WindowSteps { steps, m } => write!(
                f,
                "more than {steps} steps comparing windows of max(S) = {m} terms"
            ),
            SubtractionQuantity::MovesPerPile(n) => write!(f, "{n} moves per pile"),
            SubtractionQuantity::RemotenessPeriodBeyond(n) => write!(
                f,
                "an arithmetic period of the remoteness beyond the first {n} piles"
            ),
            SubtractionQuantity::RemotenessOf2To64 => {
                f.write_str("a remoteness of 2^64 moves or more")
            }
        }
    }
}

/// What to do instead of a refused subtraction-game computation.
///
/// ```
/// use takeaway::games::Fields;
/// use takeaway::games::subtraction::error::SubtractionHint;
/// assert_eq!(SubtractionHint::SmallerRange.worded(&Fields), "use a smaller range");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubtractionHint {
    /// Fewer rows; `analyze` for one pile.
    FewerRowsAnalyzeOnePile,
    /// Smaller piles, or drop [`Opt::Exhaustive`] / [`Opt::All`].
    SmallerPilesOrDrop,
    /// Drop [`Opt::Exhaustive`]: the period answers any pile.
    DropExhaustivePeriod,
    /// No period proved within the limit.
    NoPeriodProved,
    /// No period found within the limit.
    NoPeriodFound,
    /// The One Pile closed form.
    ClosedForm,
    /// A smaller range.
    SmallerRange,
}

impl SubtractionHint {
    /// The advice, with the options it points to in `words`.
    pub fn worded(&self, words: &dyn Words) -> String {
        let o = |opt| words.option(opt);
        let table_rows = || words.call("table", None, &[(Opt::Rows, "")]);
        match self {
            SubtractionHint::FewerRowsAnalyzeOnePile => {
                "ask for fewer rows; `analyze` answers a single pile of any size at once".into()
            }
            SubtractionHint::SmallerPilesOrDrop => format!(
                "use smaller piles, or drop {} / {}",
                o(Opt::Exhaustive),
                o(Opt::All)
            ),
            SubtractionHint::DropExhaustivePeriod => format!(
                "drop {}: the proved period answers piles of any size",
                o(Opt::Exhaustive)
            ),
            SubtractionHint::NoPeriodProved => format!(
                "no period was proved within the limit; a smaller largest element of S, or {} on a smaller range",
                table_rows()
            ),
            SubtractionHint::NoPeriodFound => format!(
                "no period was found within the limit; use {} on a smaller range",
                table_rows()
            ),
            SubtractionHint::ClosedForm => {
                "the One Pile closed form answers min..max games without it".into()
            }
            SubtractionHint::SmallerRange => "use a smaller range".into(),
        }
    }
}
