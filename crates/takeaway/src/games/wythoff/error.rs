//! What Wythoff's Nim refuses, as data: a diagonal take against the rules,
//! a sweep or analysis too large, and the advice for it. Worded by
//! `Display` (the one line after `error: `). Below the families (what
//! `GameError` wraps): it names nothing of the family's other files.

use crate::games::advice::{Opt, Words};
use num_bigint::BigUint;
use std::fmt;
use thiserror::Error;

/// A move against Wythoff's rules.
///
/// ```
/// use takeaway::games::wythoff::error::WythoffIllegal;
/// assert_eq!(WythoffIllegal::BothAtMost { small: 3u8.into() }.to_string(), "From both piles you may take 1 to 3 (the smaller pile)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WythoffIllegal {
    /// A diagonal take of 0 or more than the smaller pile.
    #[error("From both piles you may take 1 to {small} (the smaller pile)")]
    BothAtMost {
        /// The smaller pile.
        small: BigUint,
    },
}

/// A Wythoff computation refused for its size (the `what` of a
/// [`TooLarge`](crate::games::TooLarge)).
///
/// ```
/// use takeaway::games::wythoff::error::WythoffWork;
/// assert_eq!(WythoffWork::SafePairs { rows: 9 }.to_string(), "the safe pairs below 9");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WythoffWork {
    /// A sweep of positions.
    Sweep {
        /// Width.
        width: u64,
        /// Height.
        height: u64,
    },
    /// An exhaustive analysis.
    Analysis,
    /// The safe pairs below `rows`.
    SafePairs {
        /// Rows.
        rows: u64,
    },
}

impl fmt::Display for WythoffWork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WythoffWork::Sweep { width, height } => {
                write!(f, "the exhaustive sweep of {width} × {height}")
            }
            WythoffWork::Analysis => f.write_str("an exhaustive analysis"),
            WythoffWork::SafePairs { rows } => write!(f, "the safe pairs below {rows}"),
        }
    }
}

/// A size in a Wythoff refusal that is said in words.
///
/// ```
/// use takeaway::games::wythoff::error::WythoffQuantity;
/// assert_eq!(WythoffQuantity::PilesBelow(64).to_string(), "piles below 2^64");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WythoffQuantity {
    /// `piles {0} and {1}`.
    Piles(BigUint, BigUint),
    /// `piles below 2^{0}`.
    PilesBelow(u32),
}

impl fmt::Display for WythoffQuantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WythoffQuantity::Piles(a, b) => write!(f, "piles {a} and {b}"),
            WythoffQuantity::PilesBelow(e) => write!(f, "piles below 2^{e}"),
        }
    }
}

/// What to do instead of a refused Wythoff computation.
///
/// ```
/// use takeaway::games::Fields;
/// use takeaway::games::wythoff::error::WythoffHint;
/// assert_eq!(WythoffHint::DropExhaustive.worded(&Fields), "drop `exhaustive` to use the theory");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WythoffHint {
    /// Drop [`Opt::Exhaustive`] to use the theory.
    DropExhaustive,
    /// The theory or smaller piles.
    TheoryOrSmallerPiles,
}

impl WythoffHint {
    /// The advice, with the options it points to in `words`.
    pub fn worded(&self, words: &dyn Words) -> String {
        let exhaustive = words.option(Opt::Exhaustive);
        match self {
            WythoffHint::DropExhaustive => format!("drop {exhaustive} to use the theory"),
            WythoffHint::TheoryOrSmallerPiles => {
                format!("use the theory (drop {exhaustive}) or smaller piles")
            }
        }
    }
}
