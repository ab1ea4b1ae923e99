//! What a one-pile game refuses for its size, as data: the table, Grundy
//! value or remoteness asked, and the advice for it. Worded by `Display`.
//! Below the families (what `GameError` wraps): it names nothing of the
//! family's other files.

use num_bigint::BigUint;
use std::fmt;

/// A one-pile computation refused for its size (the `what` of a
/// [`TooLarge`](crate::games::TooLarge)).
///
/// ```
/// use takeaway::games::one_pile::error::OnePileWork;
/// assert_eq!(OnePileWork::Exhaustive { rows: 9 }.to_string(), "an exhaustive one-pile table of 9 rows");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OnePileWork {
    /// The Grundy value of a one-pile position.
    GrundyOfPile(BigUint),
    /// The one-pile Grundy table.
    GrundyTable {
        /// Rows.
        rows: u64,
    },
    /// An exhaustive one-pile table (checked before it starts).
    Exhaustive {
        /// Rows.
        rows: u64,
    },
    /// The exhaustive one-pile table (stopped while it ran).
    ExhaustiveRunning {
        /// Rows.
        rows: u64,
    },
    /// The remoteness of a one-pile position (a sweep of the smaller positions).
    Remoteness,
}

impl fmt::Display for OnePileWork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OnePileWork::GrundyOfPile(p) => write!(f, "the Grundy value of pile {p}"),
            OnePileWork::GrundyTable { rows } => {
                write!(f, "the one-pile Grundy table of {rows} rows")
            }
            OnePileWork::Exhaustive { rows } => {
                write!(f, "an exhaustive one-pile table of {rows} rows")
            }
            OnePileWork::ExhaustiveRunning { rows } => {
                write!(f, "the exhaustive one-pile table of {rows} rows")
            }
            OnePileWork::Remoteness => {
                f.write_str("the remoteness of this pile (a sweep of the smaller positions)")
            }
        }
    }
}

/// What to do instead of a refused one-pile computation (no option named).
///
/// ```
/// use takeaway::games::one_pile::error::OnePileHint;
/// assert_eq!(OnePileHint::LargeLeastMove.to_string(), "this bound makes L(n) large; use fewer rows");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OnePileHint {
    /// A smaller pile (one-pile Grundy values are computed).
    SmallerPileGrundy,
    /// Fewer rows, `analyze` for single piles.
    FewerRowsOrAnalyze,
    /// The theory for single large piles.
    TheoryForLargePiles,
    /// The bound makes `L(n)` large.
    LargeLeastMove,
}

impl fmt::Display for OnePileHint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OnePileHint::SmallerPileGrundy => {
                "use a smaller pile (Grundy values of one-pile games are computed, not known in closed form)"
            }
            OnePileHint::FewerRowsOrAnalyze => {
                "use fewer rows, or `analyze` for single piles (the theory needs no table)"
            }
            OnePileHint::TheoryForLargePiles => {
                "ask the theory for single large piles (`takeaway analyze`)"
            }
            OnePileHint::LargeLeastMove => "this bound makes L(n) large; use fewer rows",
        })
    }
}

/// A move against the rules of a one-pile game with a memory (a least take,
/// and perhaps a forbidden one): the takes allowed, as data, worded as
/// "You may take 4 to 7 (the previous take was 4)".
///
/// ```
/// use takeaway::games::one_pile::error::OnePileIllegal;
/// let e = OnePileIllegal::MemoryTake { least: 4, most: 7, forbidden: Some(5), previous: Some(4) };
/// assert_eq!(e.to_string(), "You may take 4 to 7 but not 5 (the previous take was 4)");
/// let first = OnePileIllegal::MemoryTake { least: 1, most: 1, forbidden: None, previous: None };
/// assert_eq!(first.to_string(), "You may take 1 (the first move may not take the whole pile)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OnePileIllegal {
    /// A take outside `least..=most`, or the forbidden take.
    #[error("You may take {}", memory_takes(*least, *most, *forbidden, *previous))]
    MemoryTake {
        /// The least take allowed.
        least: u64,
        /// The most take allowed.
        most: u64,
        /// The take forbidden by the rule, if any.
        forbidden: Option<u64>,
        /// The previous take (the memory); `None` on the first move.
        previous: Option<u64>,
    },
}

/// The takes a memory allows, in words: `4 to 7 but not 5 (the previous take was 4)`.
fn memory_takes(least: u64, most: u64, forbidden: Option<u64>, previous: Option<u64>) -> String {
    let mut s = if least == most {
        least.to_string()
    } else {
        format!("{least} to {most}")
    };
    if let Some(x) = forbidden {
        s.push_str(&format!(" but not {x}"));
    }
    s.push_str(&match previous {
        Some(k) => format!(" (the previous take was {k})"),
        None => " (the first move may not take the whole pile)".to_string(),
    });
    s
}
