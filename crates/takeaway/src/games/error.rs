//! The error type shared by the game families: data, not sentences.
//!
//! Each variant carries what went wrong as values — the computation refused
//! and its size against the limit ([`TooLarge`]), the move and the rule it
//! breaks ([`Illegal`]), the part of a sum ([`GameError::InPart`], which keeps
//! the kind of the part's error), the bound's own error
//! ([`GameError::Bound`]) — and its `Display` is the one line a front-end
//! shows after `error: ` ([`crate::diagnostic::error_line`]).

use super::advice::{Fields, Misused, Opt, Words, list};
use crate::bound::EvalError;
use crate::engine::{Amount, EngineError, Over, Solve, Unit};
use crate::natural::NaturalError;
use crate::spec::SpecError;
use num_bigint::BigUint;
use std::fmt;
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
        /// Which argument, in the front-end's words (e.g. `pile 2`).
        what: String,
        /// The parse error.
        source: NaturalError,
    },
    /// The position has the wrong number of piles (or rows) for the game.
    #[error(transparent)]
    Piles(#[from] PileCount),
    /// A bound was given to a game whose moves take none.
    #[error(transparent)]
    NoBound(#[from] NoBound),
    /// The move is against the rules here.
    #[error(transparent)]
    Illegal(#[from] Illegal),
    /// An option given where it does not apply, or outside its range.
    #[error(transparent)]
    Misused(#[from] Misused),
    /// [`Opt::UpTo`] past what the machine can index (`up_to` named when given).
    #[error("{}", up_to_line(*up_to, &Fields))]
    UpToTooLarge {
        /// The largest pile asked for, when the message names it.
        up_to: Option<u64>,
    },
    /// The request is well-formed but not valid for this game, in a way none
    /// of the variants above names (a table kind the game has not, a sum of
    /// no parts, …): never a limit, a bound, a move or a part.
    #[error("{0}")]
    Invalid(String),
    /// A sum of games refuses the request (see [`crate::games::sum::SumError`]).
    #[error(transparent)]
    Sum(#[from] crate::games::sum::error::SumError),
    /// A wire position of a shape the game does not take (see [`crate::games::ShapeError`]).
    #[error(transparent)]
    Shape(#[from] crate::games::shape::ShapeError),
    /// A two-pile game refuses the request (see [`crate::games::two_pile::TwoPileError`]).
    #[error(transparent)]
    TwoPile(#[from] crate::games::two_pile::error::TwoPileError),
    /// A move-bound expression failed on a position the answer needs (the
    /// error names the `n` and `t` it was evaluated at).
    #[error("move bound: {0}")]
    Bound(#[from] EvalError),
    /// The request needs more work or memory than allowed.
    #[error(transparent)]
    TooLarge(Box<TooLarge>),
    /// Part `part` (0-based) of a sum failed; the source keeps its kind (an
    /// over-limit part is still [`GameError::TooLarge`] underneath, a
    /// cancelled one still [`GameError::Cancelled`]; see [`GameError::kind`]).
    #[error("{}", in_part(*part, step, source))]
    InPart {
        /// The part, 0-based.
        part: usize,
        /// What was being done with it.
        step: PartStep,
        /// The part's error.
        source: Box<GameError>,
    },
    /// The rules let a position repeat along a line of play.
    #[error("the game has a cycle: position {position} repeats along a line of play")]
    Cycle {
        /// The position, as its `Debug` form.
        position: String,
    },
    /// The game has no Grundy values (Spite Nim, misère play).
    #[error(transparent)]
    NoGrundy(#[from] NoGrundy),
    /// A Grundy value was asked of a game with half-moves.
    #[error(
        "Grundy values are for games whose every move passes the turn; this game has half-moves (Spite Nim: a call, then the pick)"
    )]
    HalfMoves,
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

/// The kind of a [`GameError`], looking through [`GameError::InPart`]: what
/// a front-end maps to an HTTP status or an exception class.
///
/// ```
/// use takeaway::games::{ErrorKind, GameError, PartStep};
/// let e = GameError::InPart { part: 1, step: PartStep::Grundy { game: "nim 6".into() }, source: Box::new(GameError::Cancelled) };
/// assert_eq!(e.kind(), ErrorKind::Cancelled);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A malformed spec, number or bound expression.
    Spec,
    /// A request this game cannot answer (wrong piles, a bound where none is
    /// taken, an illegal move, a cycle, …).
    Invalid,
    /// Over a limit, or not known within the limits.
    TooLarge,
    /// Stopped before it finished.
    Cancelled,
    /// Not built yet.
    Unsupported,
}

impl GameError {
    /// The kind of this error (that of the part's error for
    /// [`GameError::InPart`]).
    pub fn kind(&self) -> ErrorKind {
        match self {
            // A bound whose value would outgrow the size limit is a limit
            // (422, `LimitError`), a stopped evaluation a cancellation; every
            // other bound error is in what the user wrote.
            GameError::Bound(crate::bound::EvalError::TooLarge { .. }) => ErrorKind::TooLarge,
            GameError::Bound(crate::bound::EvalError::Cancelled) => ErrorKind::Cancelled,
            GameError::Spec(_) | GameError::Number { .. } | GameError::Bound(_) => ErrorKind::Spec,
            GameError::Piles(_)
            | GameError::NoBound(_)
            | GameError::Illegal(_)
            | GameError::Invalid(_)
            | GameError::Sum(_)
            | GameError::Shape(_)
            | GameError::TwoPile(_)
            | GameError::UpToTooLarge { .. }
            | GameError::Cycle { .. }
            | GameError::NoGrundy(_)
            | GameError::HalfMoves => ErrorKind::Invalid,
            // A verification no theory covers is not available (yet).
            GameError::Misused(Misused::NoTheoryToVerify { .. }) => ErrorKind::Unsupported,
            GameError::Misused(_) => ErrorKind::Invalid,
            GameError::TooLarge(_) | GameError::NotKnown(_) => ErrorKind::TooLarge,
            GameError::InPart { source, .. } => source.kind(),
            GameError::Cancelled => ErrorKind::Cancelled,
            GameError::Unsupported(_) => ErrorKind::Unsupported,
        }
    }

    /// A refusal of `what` for needing `needed` against `limit`, with `hint`.
    ///
    /// ```
    /// use takeaway::engine::{Amount, Unit};
    /// use takeaway::games::{GameError, Hint, Work};
    /// let e = GameError::too_large(Work::Table { rows: 9 }, Amount::of(9u8, Unit::Rows), Amount::of(5u8, Unit::Rows), Hint::FewerRows);
    /// assert_eq!(e.to_string(), "a table of 9 rows needs 9 rows, over the limit of 5 rows; use fewer rows");
    /// ```
    pub fn too_large(
        what: Work,
        needed: impl Into<Quantity>,
        limit: impl Into<Quantity>,
        hint: Hint,
    ) -> GameError {
        GameError::TooLarge(Box::new(TooLarge {
            what,
            needed: needed.into(),
            limit: limit.into(),
            hint,
            no_theory: None,
        }))
    }

    /// [`GameError::too_large`] from an [`Over`] (what [`crate::engine::Limits::admit`] refuses).
    pub fn over(what: Work, over: Over, hint: Hint) -> GameError {
        GameError::too_large(what, over.needed, over.limit, hint)
    }

    /// This error as the error of part `part` (0-based) of a sum.
    pub fn in_part(self, part: usize, step: PartStep) -> GameError {
        GameError::InPart {
            part,
            step,
            source: Box::new(self),
        }
    }

    /// Says why no theory answered, on a [`GameError::TooLarge`] from the
    /// exhaustive fallback (its `what` gains `(no theory applies: why)`); any
    /// other error, or no reason, passes through unchanged.
    ///
    /// ```
    /// use takeaway::engine::{Amount, Unit};
    /// use takeaway::games::{GameError, Hint, Work};
    /// let e = GameError::too_large(Work::Table { rows: 9 }, Amount::of(2u8, Unit::MiB), Amount::of(1u8, Unit::MiB), Hint::FewerRows);
    /// let e = e.because(Some("f is not nondecreasing"));
    /// assert!(e.to_string().starts_with("a table of 9 rows (no theory applies: f is not nondecreasing) needs 2 MiB"));
    /// assert_eq!(GameError::Cancelled.because(Some("y")), GameError::Cancelled);
    /// ```
    #[must_use]
    pub fn because(self, why: Option<&str>) -> GameError {
        match (why, self) {
            (Some(why), GameError::TooLarge(mut t)) => {
                t.no_theory = Some(why.to_string());
                GameError::TooLarge(t)
            }
            (_, e) => e,
        }
    }
}

impl GameError {
    /// The error line in a front-end's `words`: the same sentence as
    /// `Display` (which uses [`Fields`]), with the options its advice points
    /// to named as that front-end names them.
    ///
    /// ```
    /// use takeaway::games::{GameError, Opt, Words};
    /// struct Angled;
    /// impl Words for Angled {
    ///     fn option(&self, o: Opt) -> String { format!("<{}>", o.name()) }
    /// }
    /// let e = GameError::UpToTooLarge { up_to: Some(9) };
    /// assert_eq!(e.to_string(), "`up_to` 9 is too large");
    /// assert_eq!(e.worded(&Angled), "<up_to> 9 is too large");
    /// ```
    pub fn worded(&self, words: &dyn Words) -> String {
        match self {
            GameError::TooLarge(t) => t.worded(words),
            GameError::UpToTooLarge { up_to } => up_to_line(*up_to, words),
            GameError::NoBound(n) => n.worded(words),
            GameError::Misused(m) => m.worded(words),
            GameError::InPart { part, step, source } => in_part(*part, step, &source.worded(words)),
            e => e.to_string(),
        }
    }
}

fn up_to_line(up_to: Option<u64>, words: &dyn Words) -> String {
    match up_to {
        Some(n) => format!(
            "{} is too large",
            words.option_value(Opt::UpTo, &n.to_string())
        ),
        None => format!("{} is too large", words.option(Opt::UpTo)),
    }
}

fn in_part(part: usize, step: &PartStep, source: &dyn fmt::Display) -> String {
    let k = nth(part);
    match step {
        PartStep::Parse { column } => format!("sum: part {k}, column {column}: {source}"),
        PartStep::Solve => format!("part {k}: {source}"),
        PartStep::Grundy { game } => {
            format!("part {k} ({game}): no Grundy value within the limits: {source}")
        }
        PartStep::Play => format!("in part {k}: {source}"),
    }
}

/// What was being done with a part of a sum when it failed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PartStep {
    /// Reading it (its game, piles and bound), at this 1-based column of the part's text.
    Parse {
        /// The column.
        column: usize,
    },
    /// Solving it (its moves to a target value, its position graph).
    Solve,
    /// Its Grundy value; `game` is the part as written (e.g. `nim 6`).
    Grundy {
        /// The part as written.
        game: String,
    },
    /// A move in it.
    Play,
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
            EngineError::TooLarge { what, over } => GameError::over(
                match what {
                    Solve::Outcome => Work::Solve,
                    Solve::Grundy => Work::GrundyValue,
                },
                over,
                match what {
                    Solve::Outcome => Hint::SmallerPilesOrTheory,
                    Solve::Grundy => Hint::SmallerPiles,
                },
            ),
            EngineError::Cancelled => GameError::Cancelled,
            EngineError::Cycle { position } => GameError::Cycle { position },
            EngineError::HalfMoves => GameError::HalfMoves,
        }
    }
}

/// A computation refused for its size: what it was, what it needs, the
/// limit in force and what to do instead.
///
/// Law: the line reads `{what}[ (no theory applies: {why})] needs {needed},
/// over the limit of {limit}; {hint}`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", self.worded(&Fields))]
pub struct TooLarge {
    /// What would be computed.
    pub what: Work,
    /// How much it needs.
    pub needed: Quantity,
    /// The limit in force.
    pub limit: Quantity,
    /// What to do instead.
    pub hint: Hint,
    /// Why no theory answered, when the refused work was the fallback (the
    /// theory's failed hypothesis, as it states it).
    pub no_theory: Option<String>,
}

impl TooLarge {
    /// The line with its hint in `words` ([`Hint::worded`]).
    pub fn worded(&self, words: &dyn Words) -> String {
        format!(
            "{}{} needs {}, over the limit of {}; {}",
            self.what,
            theory_note(&self.no_theory),
            self.needed,
            self.limit,
            self.hint.worded(words)
        )
    }
}

fn theory_note(why: &Option<String>) -> String {
    why.as_ref()
        .map_or(String::new(), |w| format!(" (no theory applies: {w})"))
}

/// A size in a refusal: an [`Amount`] of some unit, or one of the few
/// sizes that are said in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Quantity {
    /// A number of some unit.
    Amount(Amount),
    /// A number of any size of some unit.
    Big(BigUint, Unit),
    /// An amount of move checks, with where the sweep stopped.
    Stopped {
        /// The move checks.
        amount: Amount,
        /// Where it stopped.
        at: Stop,
    },
    /// `{mib} MiB ({cells} cells of 4 bytes)`.
    CellsMiB {
        /// Mebibytes.
        mib: u64,
        /// Cells.
        cells: u64,
    },
    /// `more than {steps} steps comparing windows of max(S) = {m} terms`.
    WindowSteps {
        /// Steps.
        steps: u64,
        /// max(S).
        m: u64,
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
    /// `piles {0} and {1}`.
    Piles(BigUint, BigUint),
    /// `piles below 2^{0}`.
    PilesBelow(u32),
    /// `a pile of {0} digits`.
    PileDigits(usize),
    /// `a pile below 2^{0}`.
    PileBelow(u32),
    /// `a pile of 2^{0} or more`.
    PileAtLeast(u32),
    /// `the rows have {0} digits, far beyond any search`.
    RowDigits(usize),
    /// `the rows are too large to search`.
    RowsTooLarge,
    /// `a search needs {needed}, over the limit of {limit}`.
    Search {
        /// What the search needs.
        needed: Box<Quantity>,
        /// Its limit.
        limit: Box<Quantity>,
    },
    /// `the search limits`.
    SearchLimits,
    /// `the address space`.
    AddressSpace,
    /// `{0} moves per pile`.
    MovesPerPile(u64),
    /// `an arithmetic period of the remoteness beyond the first {0} piles`.
    RemotenessPeriodBeyond(usize),
    /// `a remoteness of 2^64 moves or more`.
    RemotenessOf2To64,
    /// `2^{0}`.
    TwoTo(u32),
}

/// Where an exhaustive sweep stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stop {
    /// At this pile.
    Pile(u64),
    /// At this row.
    Row(u64),
}

impl From<Amount> for Quantity {
    fn from(a: Amount) -> Self {
        Quantity::Amount(a)
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Quantity::Amount(a) => write!(f, "{a}"),
            Quantity::Big(n, Unit::Bare) => write!(f, "{n}"),
            Quantity::Big(n, unit) => write!(f, "{n} {unit}"),
            Quantity::Stopped { amount, at } => match at {
                Stop::Pile(n) => write!(f, "{amount} (stopped at pile {n})"),
                Stop::Row(m) => write!(f, "{amount} (stopped at row {m})"),
            },
            Quantity::CellsMiB { mib, cells } => write!(f, "{mib} MiB ({cells} cells of 4 bytes)"),
            Quantity::WindowSteps { steps, m } => write!(
                f,
                "more than {steps} steps comparing windows of max(S) = {m} terms"
            ),
            Quantity::RowsPlusColumns(n) => write!(f, "rows + columns = {n}"),
            Quantity::RowsPlusColumnsAtMost(n) => write!(f, "rows + columns ≤ {n}"),
            Quantity::SmallPlusDifferenceAtMost(n) => write!(f, "small pile + difference ≤ {n}"),
            Quantity::PilesBeyond(e) => write!(f, "piles beyond 2^{e}"),
            Quantity::TableauBeyond(e) => write!(f, "an exhaustive tableau of piles beyond 2^{e}"),
            Quantity::Piles(a, b) => write!(f, "piles {a} and {b}"),
            Quantity::PilesBelow(e) => write!(f, "piles below 2^{e}"),
            Quantity::PileDigits(d) => write!(f, "a pile of {d} digits"),
            Quantity::PileBelow(e) => write!(f, "a pile below 2^{e}"),
            Quantity::PileAtLeast(e) => write!(f, "a pile of 2^{e} or more"),
            Quantity::RowDigits(d) => write!(f, "the rows have {d} digits, far beyond any search"),
            Quantity::RowsTooLarge => f.write_str("the rows are too large to search"),
            Quantity::Search { needed, limit } => {
                write!(f, "a search needs {needed}, over the limit of {limit}")
            }
            Quantity::SearchLimits => f.write_str("the search limits"),
            Quantity::AddressSpace => f.write_str("the address space"),
            Quantity::MovesPerPile(n) => write!(f, "{n} moves per pile"),
            Quantity::RemotenessPeriodBeyond(n) => write!(
                f,
                "an arithmetic period of the remoteness beyond the first {n} piles"
            ),
            Quantity::RemotenessOf2To64 => f.write_str("a remoteness of 2^64 moves or more"),
            Quantity::TwoTo(e) => write!(f, "2^{e}"),
        }
    }
}

/// The sentence of [`Illegal::NotInCode`].
fn octal_refusal(code: &str, take: u64, heaps: u8, digit: u8) -> String {
    if take == 0 {
        return format!(
            "In {code} a heap may not be split without removing a token (d0 = {digit})"
        );
    }
    let leaving = match heaps {
        0 => "no heap (take the whole heap)",
        1 => "one heap",
        _ => "two heaps",
    };
    format!(
        "In {code} removing {take} may not leave {leaving}: d{take} = {digit} ({})",
        digit_words(digit)
    )
}

/// What a refused computation was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    /// The engine's exhaustive solve of one position.
    Solve,
    /// The engine's Grundy value of one position.
    GrundyValue,
    /// The Grundy value of a one-pile position.
    GrundyOfPile(BigUint),
    /// A Grundy table of `rows × cols` cells.
    GrundyTable {
        /// Rows.
        rows: u64,
        /// Columns.
        cols: u64,
    },
    /// The one-pile Grundy table.
    OnePileGrundyTable {
        /// Rows.
        rows: u64,
    },
    /// A table of `rows` rows.
    Table {
        /// Rows.
        rows: u64,
    },
    /// An exhaustive one-pile table (checked before it starts).
    OnePileTable {
        /// Rows.
        rows: u64,
    },
    /// The exhaustive one-pile table (stopped while it ran).
    OnePileTableRunning {
        /// Rows.
        rows: u64,
    },
    /// Listing every winning move ([`Opt::All`]).
    EveryWinningMove,
    /// The remoteness of one pile of a subtraction game (a sweep of the
    /// smaller piles).
    PileRemoteness,
    /// The remoteness of a one-pile position (a sweep of the smaller positions).
    OnePileRemoteness,
    /// A sweep of Wythoff positions.
    Sweep {
        /// Width.
        width: u64,
        /// Height.
        height: u64,
    },
    /// An exhaustive Wythoff analysis.
    WythoffAnalysis,
    /// The safe pairs of Wythoff's Nim below `rows`.
    SafePairs {
        /// Rows.
        rows: u64,
    },
    /// An exhaustive two-pile tableau for one position.
    TwoPileTableauFor {
        /// The small pile.
        small: BigUint,
        /// The difference.
        difference: BigUint,
    },
    /// An exhaustive two-pile tableau (checked before it starts).
    TwoPileTableau {
        /// Rows.
        rows: u64,
        /// Columns.
        cols: u64,
    },
    /// The exhaustive two-pile tableau (stopped while it ran).
    TwoPileTableauRunning {
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
    /// Verifying up to `up_to`.
    Verify {
        /// Largest pile.
        up_to: u64,
    },
    /// The two-row Spite Nim table below `size`.
    TwoRowTableBelow {
        /// Rows.
        size: u64,
    },
    /// A two-row table.
    TwoRowTable,
    /// An exhaustive search of Spite Nim below these rows.
    SpiteBelow {
        /// The rows.
        rows: Vec<u64>,
    },
    /// An exhaustive search of one two-row Spite Nim position.
    SpitePosition {
        /// The longer row.
        n: BigUint,
        /// The shorter row.
        s: BigUint,
    },
    /// An exhaustive search of `rows` rows of Spite Nim.
    SpiteRows {
        /// Rows.
        rows: usize,
    },
    /// Proving the period of a subtraction game (its spec).
    Period {
        /// The game's spec.
        spec: String,
    },
    /// A sweep over a family of rule sets (`takeaway sweep FAMILY`).
    RuleSetSweep {
        /// The family's name on the command line.
        family: String,
    },
    /// The exhaustive mex solver of a subtraction game (its spec).
    MexSolver {
        /// The game's spec.
        spec: String,
    },
    /// The exhaustive Grundy table of a subtraction game up to `n`.
    GrundyTableUpTo {
        /// The largest pile.
        n: u64,
    },
    /// The Grundy values `G(0) … G(to − 1)` of an octal game (its code).
    OctalValues {
        /// The code, e.g. `0.77`.
        code: String,
        /// How many values.
        to: u64,
    },
    /// The exhaustive Grundy table of a subtraction game.
    SubtractionGrundyTable,
    /// The exhaustive misère table of a subtraction game.
    MisereTable,
    /// Listing a subtraction game's misère moves.
    MisereMoves,
    /// Searching the residues of a One Pile move.
    Residues,
    /// Listing a subtraction game's moves.
    Moves,
    /// The misère sum's exhaustive search.
    MisereSum,
    /// The misère sum's product of the parts' positions.
    MisereSumProduct,
    /// The Grundy sequence `G(0) … G(rows − 1)` of an octal game (its code).
    OctalSequence {
        /// The code, `d0.d1…dk`.
        code: String,
        /// Values asked for.
        rows: u64,
    },
}

impl fmt::Display for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Work::Solve => write!(f, "{}", Solve::Outcome),
            Work::GrundyValue => write!(f, "{}", Solve::Grundy),
            Work::GrundyOfPile(p) => write!(f, "the Grundy value of pile {p}"),
            Work::GrundyTable { rows, cols } => {
                write!(f, "a Grundy table of {rows} × {cols} cells")
            }
            Work::OnePileGrundyTable { rows } => {
                write!(f, "the one-pile Grundy table of {rows} rows")
            }
            Work::Table { rows } => write!(f, "a table of {rows} rows"),
            Work::OnePileTable { rows } => write!(f, "an exhaustive one-pile table of {rows} rows"),
            Work::OnePileTableRunning { rows } => {
                write!(f, "the exhaustive one-pile table of {rows} rows")
            }
            Work::EveryWinningMove => f.write_str("listing every winning move"),
            Work::PileRemoteness => {
                f.write_str("the remoteness of this pile (a sweep of the smaller piles)")
            }
            Work::OnePileRemoteness => {
                f.write_str("the remoteness of this pile (a sweep of the smaller positions)")
            }
            Work::Sweep { width, height } => {
                write!(f, "the exhaustive sweep of {width} × {height}")
            }
            Work::WythoffAnalysis => f.write_str("an exhaustive analysis"),
            Work::SafePairs { rows } => write!(f, "the safe pairs below {rows}"),
            Work::TwoPileTableauFor { small, difference } => write!(
                f,
                "an exhaustive two-pile tableau for small pile {} and difference {}",
                short_decimal(small, 30),
                short_decimal(difference, 30)
            ),
            Work::TwoPileTableau { rows, cols } => {
                write!(f, "an exhaustive two-pile tableau of {rows} × {cols}")
            }
            Work::TwoPileTableauRunning { rows, cols } => {
                write!(f, "the exhaustive two-pile tableau of {rows} × {cols}")
            }
            Work::KPileSearchFrom { piles } => write!(
                f,
                "an exhaustive search of the {}-pile game from {piles:?}",
                piles.len()
            ),
            Work::KPileSearch { k } => write!(f, "an exhaustive search of the {k}-pile game"),
            Work::KPileTable { k, rows, cols } => {
                write!(f, "a {k}-pile table of {rows} × {cols} cells")
            }
            Work::VerifyKPile { k, up_to } => {
                write!(f, "verifying every {k}-pile position up to {up_to}")
            }
            Work::Verify { up_to } => write!(f, "verifying up to {up_to}"),
            Work::TwoRowTableBelow { size } => {
                write!(f, "the two-row Spite Nim table below {size}")
            }
            Work::TwoRowTable => f.write_str("a two-row table"),
            Work::SpiteBelow { rows } => {
                write!(f, "an exhaustive search of Spite Nim below rows {rows:?}")
            }
            Work::SpitePosition { n, s } => write!(
                f,
                "an exhaustive search of ({}, {})",
                short_decimal(n, 40),
                short_decimal(s, 40)
            ),
            Work::SpiteRows { rows } => write!(f, "an exhaustive search of {rows} rows"),
            Work::Period { spec } => write!(f, "proving the period of {spec}"),
            Work::MexSolver { spec } => write!(f, "the exhaustive solver for {spec}"),
            Work::RuleSetSweep { family } => write!(f, "a sweep over {family} rule sets"),
            Work::GrundyTableUpTo { n } => write!(f, "the exhaustive Grundy table up to {n}"),
            Work::OctalValues { code, to: u64::MAX } => {
                write!(f, "the Grundy values of {code} up to the largest heap")
            }
            Work::OctalValues { code, to } => {
                write!(
                    f,
                    "the Grundy values G(0) … G({}) of {code}",
                    to.saturating_sub(1)
                )
            }
            Work::SubtractionGrundyTable => f.write_str("the exhaustive Grundy table"),
            Work::MisereTable => f.write_str("the exhaustive misère table"),
            Work::MisereMoves => f.write_str("listing misère moves"),
            Work::Residues => f.write_str("searching the residues of a One Pile move"),
            Work::Moves => f.write_str("listing the moves"),
            Work::MisereSum => f.write_str("the misère sum's exhaustive search"),
            Work::MisereSumProduct => f.write_str(
                "the misère sum's exhaustive search (the product of the parts' positions)",
            ),
            Work::OctalSequence { code, rows } => {
                write!(f, "the Grundy values of {code} for {rows} heaps")
            }
        }
    }
}

/// A decimal of more than `most` digits cut to its first and last 12 (as
/// the explanations show numbers: 30 digits, Spite Nim's 40).
fn short_decimal(n: &BigUint, most: usize) -> String {
    match crate::natural::short_decimal(n, most, 12, 12) {
        crate::natural::ShortDecimal::Full(s) => s,
        crate::natural::ShortDecimal::Cut { head, tail, digits } => {
            format!("{head}…{tail} ({digits} digits)")
        }
    }
}

/// What to do instead of a refused computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hint {
    /// No advice.
    None,
    /// Smaller piles, or a position a theory decides.
    SmallerPilesOrTheory,
    /// Smaller piles.
    SmallerPiles,
    /// Smaller heaps: an octal game's values are computed up to the largest heap.
    SmallerHeaps,
    /// A smaller pile.
    SmallerPile,
    /// A smaller pile (one-pile Grundy values are computed).
    SmallerPileGrundy,
    /// Smaller parts of a sum.
    SmallerParts,
    /// Misère sums have no shortcut.
    MisereSumParts,
    /// Fewer rows.
    FewerRows,
    /// Fewer rows, naming [`Opt::Rows`].
    FewerRowsFlag,
    /// Ask for fewer rows.
    AskFewerRows,
    /// Fewer rows, `analyze` for single piles.
    FewerRowsOrAnalyze,
    /// Fewer or smaller rows (Spite Nim).
    FewerOrSmallerRows,
    /// Fewer rows; `analyze` for one pile.
    FewerRowsAnalyzeOnePile,
    /// [`Opt::Summary`] for the period, counts and checksum.
    Summary,
    /// [`Opt::Summary`], or fewer rows and columns.
    SummaryOrFewerCells,
    /// The theory for single large piles.
    TheoryForLargePiles,
    /// The bound makes `L(n)` large.
    LargeLeastMove,
    /// The bound makes `L(m, d)` large.
    LargeTableau,
    /// `analyze` for single large positions.
    AnalyzeLargePositions,
    /// Fewer rows or columns, or `analyze`.
    FewerCellsOrAnalyze,
    /// A bound for which a theory applies.
    TheoryBound,
    /// Drop [`Opt::All`].
    DropAll,
    /// Drop [`Opt::Exhaustive`] to use the theory.
    DropExhaustive,
    /// The theory or smaller piles.
    TheoryOrSmallerPiles,
    /// Drop [`Opt::Exhaustive`] to use Hale's theory.
    DropExhaustiveHale,
    /// Fewer heaps of an octal game (each value takes a byte, or two past 255).
    OctalRows,
    /// Smaller piles, or drop [`Opt::Exhaustive`] / [`Opt::All`].
    SmallerPilesOrDrop,
    /// Drop [`Opt::Exhaustive`]: the period answers any pile.
    DropExhaustivePeriod,
    /// A smaller [`Opt::UpTo`].
    SmallerUpTo,
    /// A sweep over fewer rule sets.
    SmallerSweep,
    /// A smaller period-search cap for a sweep.
    SmallerCap,
    /// Fewer digits or terms for an octal sweep.
    SmallerOctalSweep,
    /// Fewer digits or a smaller heap bound for a misère-octal sweep.
    SmallerMisereOctalSweep,
    /// No period proved within the limit.
    NoPeriodProved,
    /// No period found within the limit.
    NoPeriodFound,
    /// The One Pile closed form.
    ClosedForm,
    /// A smaller range.
    SmallerRange,
    /// Smaller [`Opt::Rows`], [`Opt::Cols`] or [`Opt::Slice`].
    SmallerSlice,
    /// Smaller piles or two piles; the search stopped after this many positions.
    KPileStopped(u64),
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.worded(&Fields))
    }
}

impl Hint {
    /// The advice, with the options it points to in `words` (`Display`:
    /// in [`Fields`]).
    ///
    /// ```
    /// use takeaway::games::{Fields, Hint};
    /// assert_eq!(Hint::SmallerUpTo.worded(&Fields), "use a smaller `up_to`");
    /// ```
    pub fn worded(&self, words: &dyn Words) -> String {
        let o = |opt| words.option(opt);
        let table_rows = || words.call("table", None, &[(Opt::Rows, "")]);
        match self {
            Hint::FewerRowsFlag => format!("ask for fewer rows ({})", o(Opt::Rows)),
            Hint::Summary => format!(
                "use {} for the period, counts and checksum without the values",
                o(Opt::Summary)
            ),
            Hint::SummaryOrFewerCells => format!(
                "use {} (counts, max and starts, streamed), or fewer rows and columns",
                o(Opt::Summary)
            ),
            Hint::DropAll => format!(
                "drop {}: the least winning move is given by the theory",
                o(Opt::All)
            ),
            Hint::DropExhaustive => format!("drop {} to use the theory", o(Opt::Exhaustive)),
            Hint::TheoryOrSmallerPiles => format!(
                "use the theory (drop {}) or smaller piles",
                o(Opt::Exhaustive)
            ),
            Hint::DropExhaustiveHale => {
                format!("drop {} to use Hale's theory", o(Opt::Exhaustive))
            }
            Hint::SmallerPilesOrDrop => format!(
                "use smaller piles, or drop {} / {}",
                o(Opt::Exhaustive),
                o(Opt::All)
            ),
            Hint::DropExhaustivePeriod => format!(
                "drop {}: the proved period answers piles of any size",
                o(Opt::Exhaustive)
            ),
            Hint::SmallerUpTo => format!("use a smaller {}", o(Opt::UpTo)),
            Hint::SmallerCap => format!(
                "use a smaller {} (a set whose period is not proved within it gets a row saying so)",
                o(Opt::Cap)
            ),
            Hint::SmallerOctalSweep => format!(
                "use fewer {} (each one more multiplies the codes by 8) or fewer {} (a code whose period is not proved within them gets a row saying so)",
                o(Opt::Digits),
                o(Opt::Terms)
            ),
            Hint::SmallerMisereOctalSweep => format!(
                "use fewer {} (each one more multiplies the codes by 8) or a smaller {} (a code whose quotient is over the sweep's limits gets a row saying so)",
                o(Opt::Digits),
                o(Opt::Heaps)
            ),
            Hint::SmallerSweep => format!(
                "split the sweep into smaller ranges (a smaller {}, {} or fewer bounds), each its own file",
                o(Opt::Max),
                o(Opt::Sizes)
            ),
            Hint::NoPeriodProved => format!(
                "no period was proved within the limit; a smaller largest element of S, or {} on a smaller range",
                table_rows()
            ),
            Hint::NoPeriodFound => format!(
                "no period was found within the limit; use {} on a smaller range",
                table_rows()
            ),
            Hint::SmallerSlice => format!(
                "use smaller {}",
                list(words, &[Opt::Rows, Opt::Cols, Opt::Slice], "or")
            ),
            Hint::KPileStopped(cap) => format!(
                "use smaller piles (or two piles, where the theories apply); the search stopped after {cap} positions"
            ),
            plain => plain.sentence().to_string(),
        }
    }

    /// The advice of a hint that names no option.
    fn sentence(&self) -> &'static str {
        match self {
            Hint::SmallerPilesOrTheory => "use smaller piles (or a position the theory decides)",
            Hint::SmallerPiles => "use smaller piles",
            Hint::SmallerHeaps => {
                "use smaller heaps (an octal game's Grundy values are computed from G(0) up to the largest heap)"
            }
            Hint::SmallerPile => "use a smaller pile",
            Hint::SmallerPileGrundy => {
                "use a smaller pile (Grundy values of one-pile games are computed, not known in closed form)"
            }
            Hint::SmallerParts => "use smaller parts",
            Hint::MisereSumParts => "misère sums have no Grundy shortcut; use smaller parts",
            Hint::FewerRows => "use fewer rows",
            Hint::AskFewerRows => "ask for fewer rows",
            Hint::FewerRowsOrAnalyze => {
                "use fewer rows, or `analyze` for single piles (the theory needs no table)"
            }
            Hint::FewerOrSmallerRows => "use fewer or smaller rows",
            Hint::FewerRowsAnalyzeOnePile => {
                "ask for fewer rows; `analyze` answers a single pile of any size at once"
            }
            Hint::TheoryForLargePiles => {
                "ask the theory for single large piles (`takeaway analyze`)"
            }
            Hint::LargeLeastMove => "this bound makes L(n) large; use fewer rows",
            Hint::LargeTableau => "this bound makes L(m, d) large; use fewer rows or columns",
            Hint::AnalyzeLargePositions => {
                "use `analyze` for single large positions (the theories need no tableau)"
            }
            Hint::FewerCellsOrAnalyze => {
                "use fewer rows or columns, or `analyze` for single positions"
            }
            Hint::TheoryBound => "choose a bound for which a theory applies",
            Hint::OctalRows => {
                "ask for fewer rows (each value takes a byte while the values stay below 256, two bytes beyond)"
            }
            Hint::ClosedForm => "the One Pile closed form answers min..max games without it",
            Hint::SmallerRange => "use a smaller range",
            _ => "",
        }
    }
}

/// A move against the rules: which pile, row or part, what was asked, and
/// the rule that forbids it.
///
/// ```
/// use takeaway::games::Illegal;
/// assert_eq!(Illegal::TakeAtMost { most: 4u8.into() }.to_string(), "You may take at most 4");
/// assert_eq!(Illegal::NoPile { index: 3, count: 2 }.to_string(), "There is no pile 4: the piles are numbered 1 to 2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Illegal {
    /// A take of 0.
    #[error("Take at least 1")]
    TakeNothing,
    /// Nothing may be taken (an empty pile, or a bound of 0).
    #[error("You cannot take from this pile")]
    CannotTake,
    /// More than `min(bound, pile)`.
    #[error("You may take at most {most}")]
    TakeAtMost {
        /// The most allowed.
        most: BigUint,
    },
    /// Pile `index` (0-based) does not exist.
    #[error("{}", no_such("pile", "piles", "the game has one pile", *index, *count))]
    NoPile {
        /// The pile asked for, 0-based.
        index: usize,
        /// How many piles there are.
        count: usize,
    },
    /// A take of more than the pile holds (subtraction games).
    #[error("Pile {} has only {has}", nth(*pile))]
    PileHasOnly {
        /// The pile, 0-based.
        pile: usize,
        /// What it holds.
        has: BigUint,
    },
    /// A take not in the subtraction set.
    #[error("You may take {allowed}")]
    NotInSet {
        /// The set, as the game describes it (e.g. `1, 3 or 4`).
        allowed: String,
    },
    /// A diagonal take of 0 or more than the smaller pile (Wythoff).
    #[error("From both piles you may take 1 to {small} (the smaller pile)")]
    BothAtMost {
        /// The smaller pile.
        small: BigUint,
    },
    /// A call of 0 (Spite Nim).
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
    /// No legal move is left.
    #[error("The game is over: no legal move")]
    GameOver,
    /// An add or take of 0 (appendix games).
    #[error("A move must {} at least one counter", if *add { "add" } else { "remove" })]
    AmountNothing {
        /// Whether the move adds.
        add: bool,
    },
    /// An add or take above the bound (appendix games).
    #[error("The bound is {bound}: you may {} at most {bound} counters", if *add { "add" } else { "take" })]
    OverBound {
        /// The bound.
        bound: BigUint,
        /// Whether the move adds.
        add: bool,
    },
    /// An add after the first phase (appendix games).
    #[error("The first {k} moves are over: counters may only be removed now")]
    AddsOver {
        /// Moves of the first phase.
        k: u64,
    },
    /// An add the rule forbids now (appendix games).
    #[error("In `{spec}` counters may not be added: {rule}")]
    NoAdd {
        /// The game's spec.
        spec: String,
        /// The rule, as the game describes it.
        rule: String,
    },
    /// A take the rule forbids now (appendix games).
    #[error("Not allowed now ({left} moves of the first phase left): {rule}")]
    NotNow {
        /// Moves of the first phase left.
        left: u64,
        /// The rule, as the game describes it.
        rule: String,
    },
    /// A take of more than the pile holds (appendix games).
    #[error("Pile {} holds only {has} counters: you cannot take {take}", nth(*pile))]
    HoldsOnly {
        /// The pile, 0-based.
        pile: usize,
        /// What it holds.
        has: BigUint,
        /// The take asked for.
        take: BigUint,
    },
    /// A take a custom family's rules forbid, with the family's own rule
    /// (e.g. "You may take only a square number: 1, 4, 9, 16, …").
    #[error("{rule}")]
    Forbidden {
        /// The pile, 0-based.
        pile: usize,
        /// The take asked for.
        take: BigUint,
        /// The rule, as the family states it.
        rule: &'static str,
    },
    /// A move an octal code does not allow: removing `take` leaving `heaps`
    /// heaps, where digit `d<take>` is `digit` (`take = 0`: a split without
    /// removing, allowed only by `d0 = 4`).
    #[error("{}", octal_refusal(code, *take, *heaps, *digit))]
    NotInCode {
        /// The code, e.g. `0.07`.
        code: String,
        /// Tokens removed.
        take: u64,
        /// Heaps left: 0, 1 or 2.
        heaps: u8,
        /// The code's digit for `take`.
        digit: u8,
    },
    /// A split whose two heaps do not add up to what the removal leaves.
    #[error("Removing {take} from a heap of {heap} leaves {}, not {left} + {right}", heap - take)]
    SplitSum {
        /// The heap.
        heap: BigUint,
        /// Tokens removed (at most the heap).
        take: BigUint,
        /// The first heap asked for.
        left: BigUint,
        /// The second heap asked for.
        right: BigUint,
    },
    /// A take a custom family's moves do not list (its rules' default check).
    #[error("The rules of {game} do not allow taking {take} from pile {}", nth(*pile))]
    NotListed {
        /// The family's name.
        game: &'static str,
        /// The pile, 0-based.
        pile: usize,
        /// The take asked for.
        take: BigUint,
    },
    /// A move of a kind the game does not have (e.g. a call in Nim).
    #[error(transparent)]
    Kind(#[from] MoveKind),
    /// Part `index` (0-based) of a sum does not exist.
    #[error("There is no part {}: the sum has {count} parts", nth(*index))]
    NoPart {
        /// The part asked for, 0-based.
        index: usize,
        /// How many parts there are.
        count: usize,
    },
}

/// The kinds of move a game has, said when a move of another kind is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum MoveKind {
    /// A sum of games: a move in one part.
    #[error("In a sum of games you move in one part: `take 2 in 3` (part 3)")]
    Sum,
    /// One-pile games: a take.
    #[error("In a one-pile game you take counters: `take 2`")]
    OnePile,
    /// Two-pile games: a take from one pile.
    #[error("In a two-pile game you take from one pile: `take 2 from 1`")]
    TwoPile,
    /// Appendix games: a take from, or an add to, one pile.
    #[error(
        "Take from one pile (`take 2 from 1`) or, while adding is allowed, add to one (`add 2 to 1`)"
    )]
    Appendix,
    /// Wythoff's Nim: a take from one pile or from both.
    #[error("In Wythoff's Nim take from one pile (`take 2 from 1`) or from both (`both 2`)")]
    Wythoff,
    /// Spite Nim: a call.
    #[error("In Spite Nim you call a number (`call 3`); the opponent picks the row")]
    Spite,
    /// Subtraction games: a take from one pile.
    #[error("In a subtraction game you take from one pile: `take 3 from 1`")]
    Subtraction,
    /// Octal games: a take from one heap, or a take that splits it.
    #[error(
        "In an octal game take from one heap (`take 2 from 1`) or take and split it (`take 2 from 1 leaving 3 and 4`)"
    )]
    Octal,
    /// A family defined outside the crate (its moves are takes from one pile).
    #[error("In {game} you take counters from one pile: `take 2 from 1`")]
    Takes {
        /// The family's name.
        game: &'static str,
    },
}

fn no_such(one: &str, many: &str, single: &str, index: usize, count: usize) -> String {
    let k = nth(index);
    match count {
        1 => format!("There is no {one} {k}: {single}"),
        _ => format!("There is no {one} {k}: the {many} are numbered 1 to {count}"),
    }
}

/// A position with the wrong number of piles (or rows) for its game.
///
/// ```
/// use takeaway::games::PileCount;
/// assert_eq!(PileCount::Wythoff { got: 3 }.to_string(), "Wythoff's Nim is played with two piles, got 3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PileCount {
    /// A one-pile game given `got` piles (an analysis).
    #[error("a one-pile game takes exactly one pile, got {got}")]
    OnePile {
        /// Piles given.
        got: usize,
    },
    /// A one-pile game given `got` piles (a position to play).
    #[error("A one-pile game takes exactly one pile, got {got}")]
    OnePilePosition {
        /// Piles given.
        got: usize,
    },
    /// A `want`-pile game (`piles=K`) given `got`.
    #[error("This game is played with {want} piles (`piles={want}`), got {got}")]
    KPiles {
        /// Piles of the game.
        want: usize,
        /// Piles given.
        got: usize,
    },
    /// A two-pile game given fewer than two.
    #[error("Two-pile games are played with two (or more) piles, got {got}")]
    TwoOrMore {
        /// Piles given.
        got: usize,
    },
    /// An appendix game (exactly two piles) given `got`.
    #[error("`{spec}` is played with two piles, got {got}")]
    Appendix {
        /// The game's spec.
        spec: String,
        /// Piles given.
        got: usize,
    },
    /// The named game given `got` piles where it takes `want`.
    #[error("{game} takes {want} piles, got {got}")]
    Takes {
        /// The game's name.
        game: String,
        /// Piles of the game.
        want: usize,
        /// Piles given.
        got: usize,
    },
    /// Wythoff's Nim given `got` piles.
    #[error("Wythoff's Nim is played with two piles, got {got}")]
    Wythoff {
        /// Piles given.
        got: usize,
    },
    /// Spite Nim given no row.
    #[error("Spite Nim needs at least one row")]
    NoRow,
    /// Spite Nim given no row (an analysis).
    #[error("Spite Nim needs at least one row, e.g. `spite 10 6`")]
    NoRows,
    /// Wythoff's Nim given `got` piles (an analysis).
    #[error("Wythoff's Nim is played with exactly two piles, got {got}")]
    WythoffExactly {
        /// Piles given.
        got: usize,
    },
    /// Table 4.1 given `got` piles.
    #[error("Table 4.1 is a strategy for two piles, got {got}")]
    Table41 {
        /// Piles given.
        got: usize,
    },
    /// A subtraction game given no pile (a position to play).
    #[error("A subtraction game needs a pile")]
    SubtractionNoPile,
    /// A subtraction game given no pile (an analysis).
    #[error("give at least one pile")]
    NoPile,
}

/// Why a game has no Grundy values.
///
/// ```
/// use takeaway::games::NoGrundy;
/// assert!(NoGrundy::Misere.to_string().starts_with("Grundy values are for normal play"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum NoGrundy {
    /// Spite Nim: a turn is two half-moves.
    #[error(
        "Spite Nim has no Grundy values: a turn is two half-moves (the mover calls, the opponent picks the row), so it does not add to other games as Sprague–Grundy requires"
    )]
    Spite,
    /// A misère game.
    #[error(
        "Grundy values are for normal play (the nim-sum decides sums only there); this game is misère"
    )]
    Misere,
}

/// A bound given to a game whose moves take none.
///
/// ```
/// use takeaway::games::NoBound;
/// assert_eq!(NoBound::Subtraction.to_string(), "subtraction games take no `bound`: the set S fixes the moves");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", self.worded(&Fields))]
pub enum NoBound {
    /// A bound given to a subtraction game.
    Subtraction,
    /// A bound given to Wythoff's Nim.
    Wythoff,
    /// A bound given to Spite Nim.
    Spite,
    /// A bound in a position of the named game.
    Position {
        /// The game's name (e.g. `Wythoff's Nim`).
        game: String,
    },
}

impl NoBound {
    /// The sentence, naming the bound option in `words`.
    pub fn worded(&self, words: &dyn Words) -> String {
        let bound = words.option(Opt::Bound);
        match self {
            NoBound::Subtraction => {
                format!("subtraction games take no {bound}: the set S fixes the moves")
            }
            NoBound::Wythoff => format!("Wythoff's Nim has no move bound; drop {bound}"),
            NoBound::Spite => format!(
                "Spite Nim has no move bound: any call up to the longest row is allowed; drop {bound}"
            ),
            NoBound::Position { game } => {
                format!("{game} has no bound on the next move; leave the bound out")
            }
        }
    }
}

/// The 1-based number of a 0-based index, without wrapping (`usize::MAX`
/// is pile 18446744073709551616, not 0).
fn nth(index: usize) -> u128 {
    index as u128 + 1
}

/// What a digit allows, in words: `leaving 0, 1 or 2 heaps`, `nothing`.
///
/// ```
/// use takeaway::games::error::digit_words;
/// assert_eq!(digit_words(7), "leaving 0, 1 or 2 heaps");
/// assert_eq!(digit_words(3), "leaving 0 or 1 heap");
/// assert_eq!(digit_words(4), "leaving 2 heaps");
/// assert_eq!(digit_words(0), "never allowed");
/// assert_eq!(digit_words(15), "leaving 0, 1, 2 or 3 heaps");
/// ```
pub fn digit_words(digit: u8) -> String {
    let counts: Vec<&str> = [(1, "0"), (2, "1"), (4, "2"), (8, "3")]
        .iter()
        .filter(|(bit, _)| digit & bit != 0)
        .map(|&(_, c)| c)
        .collect();
    let noun = if digit & 12 != 0 || counts == ["0"] {
        "heaps"
    } else {
        "heap"
    };
    match counts.as_slice() {
        [] => "never allowed".into(),
        [one] => format!("leaving {one} {noun}"),
        [rest @ .., last] => format!("leaving {} or {last} {noun}", rest.join(", ")),
    }
}
