//! What a two-pile game refuses, as data: Table 4.1 asked of a misère game
//! or of another family, a position outside Table 4.1's strategy, a theory
//! whose hypothesis fails, a move against an appendix game's rules, a
//! tableau or search too large and the advice for it. Worded by `Display`.
//! Below the families (what `GameError` wraps), so it names nothing of the
//! family's other files.

use crate::games::advice::{Opt, Words, list};
use crate::games::error::short_decimal;
use crate::games::shared::HypothesisFails;
use crate::numeration::base::BaseError;
use num_bigint::BigUint;
use std::fmt;
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

/// A move against the rules of an appendix game (a first phase of adds,
/// then takes).
///
/// ```
/// use takeaway::games::two_pile::error::AppendixIllegal;
/// assert_eq!(AppendixIllegal::AddsOver { k: 3 }.to_string(), "The first 3 moves are over: counters may only be removed now");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AppendixIllegal {
    /// An add or take of 0.
    #[error("A move must {} at least one counter", if *add { "add" } else { "remove" })]
    AmountNothing {
        /// Whether the move adds.
        add: bool,
    },
    /// An add or take above the bound.
    #[error("The bound is {bound}: you may {} at most {bound} counters", if *add { "add" } else { "take" })]
    OverBound {
        /// The bound.
        bound: BigUint,
        /// Whether the move adds.
        add: bool,
    },
    /// An add after the first phase.
    #[error("The first {k} moves are over: counters may only be removed now")]
    AddsOver {
        /// Moves of the first phase.
        k: u64,
    },
    /// An add the rule forbids now.
    #[error("In `{spec}` counters may not be added: {rule}")]
    NoAdd {
        /// The game's spec.
        spec: String,
        /// The rule, as the game describes it.
        rule: String,
    },
    /// A take the rule forbids now.
    #[error("Not allowed now ({left} moves of the first phase left): {rule}")]
    NotNow {
        /// Moves of the first phase left.
        left: u64,
        /// The rule, as the game describes it.
        rule: String,
    },
}

/// A two-pile (or k-pile) computation refused for its size (the `what` of
/// a [`TooLarge`](crate::games::TooLarge)).
///
/// ```
/// use takeaway::games::two_pile::error::TwoPileWork;
/// assert_eq!(TwoPileWork::KPileSearch { k: 3 }.to_string(), "an exhaustive search of the 3-pile game");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TwoPileWork {
    /// An exhaustive tableau for one position.
    TableauFor {
        /// The small pile.
        small: BigUint,
        /// The difference.
        difference: BigUint,
    },
    /// An exhaustive tableau (checked before it starts).
    Tableau {
        /// Rows.
        rows: u64,
        /// Columns.
        cols: u64,
    },
    /// The exhaustive tableau (stopped while it ran).
    TableauRunning {
        /// Rows.
        rows: u64,
        /// Columns.
        cols: u64,
    },
    /// An exhaustive search of a k-pile game from these piles.
    KPileSearchFrom {
        /// The piles.
        piles: Vec<u64>,
    },
    /// An exhaustive search of a `k`-pile game.
    KPileSearch {
        /// Piles.
        k: usize,
    },
    /// A `k`-pile table of `rows × cols` cells.
    KPileTable {
        /// Piles.
        k: usize,
        /// Rows.
        rows: u64,
        /// Columns.
        cols: u64,
    },
    /// Verifying every `k`-pile position up to `up_to`.
    VerifyKPile {
        /// Piles.
        k: usize,
        /// Largest pile.
        up_to: u64,
    },
}

impl fmt::Display for TwoPileWork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwoPileWork::TableauFor { small, difference } => write!(
                f,
                "an exhaustive two-pile tableau for small pile {} and difference {}",
                short_decimal(small, 30),
                short_decimal(difference, 30)
            ),
            TwoPileWork::Tableau { rows, cols } => {
                write!(f, "an exhaustive two-pile tableau of {rows} × {cols}")
            }
            TwoPileWork::TableauRunning { rows, cols } => {
                write!(f, "the exhaustive two-pile tableau of {rows} × {cols}")
            }
            TwoPileWork::KPileSearchFrom { piles } => write!(
                f,
                "an exhaustive search of the {}-pile game from {piles:?}",
                piles.len()
            ),
            TwoPileWork::KPileSearch { k } => {
                write!(f, "an exhaustive search of the {k}-pile game")
            }
            TwoPileWork::KPileTable { k, rows, cols } => {
                write!(f, "a {k}-pile table of {rows} × {cols} cells")
            }
            TwoPileWork::VerifyKPile { k, up_to } => {
                write!(f, "verifying every {k}-pile position up to {up_to}")
            }
        }
    }
}

/// A size in a two-pile refusal that is said in words.
///
/// ```
/// use takeaway::games::two_pile::error::TwoPileQuantity;
/// assert_eq!(TwoPileQuantity::RowsPlusColumns(9).to_string(), "rows + columns = 9");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TwoPileQuantity {
    /// `{mib} MiB ({cells} cells of 4 bytes)`.
    CellsMiB {
        /// Mebibytes.
        mib: u64,
        /// Cells.
        cells: u64,
    },
    /// `rows + columns = {0}`.
    RowsPlusColumns(u64),
    /// `rows + columns ≤ {0}`.
    RowsPlusColumnsAtMost(u64),
    /// `small pile + difference ≤ {0}`.
    SmallPlusDifferenceAtMost(u64),
    /// `piles beyond 2^{0}`.
    PilesBeyond(u32),
    /// `an exhaustive tableau of piles beyond 2^{0}`.
    TableauBeyond(u32),
    /// `a pile of 2^{0} or more`.
    PileAtLeast(u32),
}

impl fmt::Display for TwoPileQuantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TwoPileQuantity::CellsMiB { mib, cells } => {
                write!(f, "{mib} MiB ({cells} cells of 4 bytes)")
            }
            TwoPileQuantity::RowsPlusColumns(n) => write!(f, "rows + columns = {n}"),
            TwoPileQuantity::RowsPlusColumnsAtMost(n) => write!(f, "rows + columns ≤ {n}"),
            TwoPileQuantity::SmallPlusDifferenceAtMost(n) => {
                write!(f, "small pile + difference ≤ {n}")
            }
            TwoPileQuantity::PilesBeyond(e) => write!(f, "piles beyond 2^{e}"),
            TwoPileQuantity::TableauBeyond(e) => {
                write!(f, "an exhaustive tableau of piles beyond 2^{e}")
            }
            TwoPileQuantity::PileAtLeast(e) => write!(f, "a pile of 2^{e} or more"),
        }
    }
}

/// What to do instead of a refused two-pile computation.
///
/// ```
/// use takeaway::games::Fields;
/// use takeaway::games::two_pile::error::TwoPileHint;
/// assert_eq!(TwoPileHint::TheoryBound.worded(&Fields), "choose a bound for which a theory applies");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TwoPileHint {
    /// The bound makes `L(m, d)` large.
    LargeTableau,
    /// `analyze` for single large positions.
    AnalyzeLargePositions,
    /// Fewer rows or columns, or `analyze`.
    FewerCellsOrAnalyze,
    /// A bound for which a theory applies.
    TheoryBound,
    /// Smaller [`Opt::Rows`], [`Opt::Cols`] or [`Opt::Slice`].
    SmallerSlice,
    /// Smaller piles or two piles; the search stopped after this many positions.
    KPileStopped(u64),
}

impl TwoPileHint {
    /// The advice, with the options it points to in `words`.
    pub fn worded(&self, words: &dyn Words) -> String {
        match self {
            TwoPileHint::LargeTableau => {
                "this bound makes L(m, d) large; use fewer rows or columns".into()
            }
            TwoPileHint::AnalyzeLargePositions => {
                "use `analyze` for single large positions (the theories need no tableau)".into()
            }
            TwoPileHint::FewerCellsOrAnalyze => {
                "use fewer rows or columns, or `analyze` for single positions".into()
            }
            TwoPileHint::TheoryBound => "choose a bound for which a theory applies".into(),
            TwoPileHint::SmallerSlice => format!(
                "use smaller {}",
                list(words, &[Opt::Rows, Opt::Cols, Opt::Slice], "or")
            ),
            TwoPileHint::KPileStopped(cap) => format!(
                "use smaller piles (or two piles, where the theories apply); the search stopped after {cap} positions"
            ),
        }
    }
}
