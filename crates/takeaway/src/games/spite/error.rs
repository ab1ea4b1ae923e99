//! What Spite Nim refuses, as data: a call or pick against the rules, a
//! search too large, and the advice for it. Worded by `Display` (the one line
//! after `error: `). Below the families (what `GameError` wraps): it names
//! nothing of the family's other files.

use crate::games::advice::{Opt, Words};
use crate::games::error::{nth, short_decimal};
use num_bigint::BigUint;
use std::fmt;
use thiserror::Error;

/// A call or pick against Spite Nim's rules.
///
/// ```
/// use takeaway::games::spite::error::SpiteIllegal;
/// assert_eq!(SpiteIllegal::CallNothing.to_string(), "Call at least 1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpiteIllegal {
    /// A call of 0.
    #[error("Call at least 1")]
    CallNothing,
    /// A call when every row is empty.
    #[error("Every row is empty: there is nothing to call")]
    NothingToCall,
    /// A call above the longest row.
    #[error("You may call at most {longest} (the longest row)")]
    CallAtMost {
        /// The longest row.
        longest: BigUint,
    },
    /// A call while one is pending.
    #[error("The call {call} is pending: pick a row with at least {call} counters (`pick 1`)")]
    CallPending {
        /// The pending call.
        call: BigUint,
    },
    /// A pick with no call pending.
    #[error("No call is pending: call a number first (`call 3`)")]
    NoCallPending,
    /// Row `index` (0-based) does not exist.
    #[error("There is no row {}: the rows are numbered 1 to {count}", nth(*index))]
    NoRow {
        /// The row asked for, 0-based.
        index: usize,
        /// How many rows there are.
        count: usize,
    },
    /// A pick of a row shorter than the call.
    #[error("Row {} has {has} counters, fewer than the call {call}", nth(*row))]
    RowShort {
        /// The row, 0-based.
        row: usize,
        /// What it holds.
        has: BigUint,
        /// The call.
        call: BigUint,
    },
    /// A computer move asked while a call is pending.
    #[error("A call is pending: pick a row first")]
    PickFirst,
}

/// A Spite Nim computation refused for its size (the `what` of a
/// [`TooLarge`](crate::games::TooLarge)).
///
/// ```
/// use takeaway::games::spite::error::SpiteWork;
/// assert_eq!(SpiteWork::Rows { rows: 3 }.to_string(), "an exhaustive search of 3 rows");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpiteWork {
    /// The two-row table below `size`.
    TwoRowTableBelow {
        /// Rows.
        size: u64,
    },
    /// A two-row table.
    TwoRowTable,
    /// An exhaustive search below these rows.
    Below {
        /// The rows.
        rows: Vec<u64>,
    },
    /// An exhaustive search of one two-row position.
    Position {
        /// The longer row.
        n: BigUint,
        /// The shorter row.
        s: BigUint,
    },
    /// An exhaustive search of `rows` rows.
    Rows {
        /// Rows.
        rows: usize,
    },
}

impl fmt::Display for SpiteWork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpiteWork::TwoRowTableBelow { size } => {
                write!(f, "the two-row Spite Nim table below {size}")
            }
            SpiteWork::TwoRowTable => f.write_str("a two-row table"),
            SpiteWork::Below { rows } => {
                write!(f, "an exhaustive search of Spite Nim below rows {rows:?}")
            }
            SpiteWork::Position { n, s } => write!(
                f,
                "an exhaustive search of ({}, {})",
                short_decimal(n, 40),
                short_decimal(s, 40)
            ),
            SpiteWork::Rows { rows } => write!(f, "an exhaustive search of {rows} rows"),
        }
    }
}

/// A size in a Spite Nim refusal that is said in words.
///
/// ```
/// use takeaway::games::spite::error::SpiteQuantity;
/// assert_eq!(SpiteQuantity::RowDigits(40).to_string(), "the rows have 40 digits, far beyond any search");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpiteQuantity {
    /// `the rows have {0} digits, far beyond any search`.
    RowDigits(usize),
    /// `the rows are too large to search`.
    RowsTooLarge,
}

impl fmt::Display for SpiteQuantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpiteQuantity::RowDigits(d) => {
                write!(f, "the rows have {d} digits, far beyond any search")
            }
            SpiteQuantity::RowsTooLarge => f.write_str("the rows are too large to search"),
        }
    }
}

/// What to do instead of a refused Spite Nim computation.
///
/// ```
/// use takeaway::games::Fields;
/// use takeaway::games::spite::error::SpiteHint;
/// assert_eq!(SpiteHint::DropExhaustiveHale.worded(&Fields), "drop `exhaustive` to use Hale's theory");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpiteHint {
    /// Fewer or smaller rows.
    FewerOrSmallerRows,
    /// Drop [`Opt::Exhaustive`] to use Hale's theory.
    DropExhaustiveHale,
}

impl SpiteHint {
    /// The advice, with the options it points to in `words`.
    pub fn worded(&self, words: &dyn Words) -> String {
        match self {
            SpiteHint::FewerOrSmallerRows => "use fewer or smaller rows".into(),
            SpiteHint::DropExhaustiveHale => format!(
                "drop {} to use Hale's theory",
                words.option(Opt::Exhaustive)
            ),
        }
    }
}
