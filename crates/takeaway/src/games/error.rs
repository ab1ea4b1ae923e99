//! The error type shared by the game families: data, not sentences.
//!
//! Each variant carries what went wrong as values — the computation refused
//! and its size against the limit ([`TooLarge`]), the move and the rule it
//! breaks ([`Illegal`]), the part of a sum ([`GameError::InPart`], which keeps
//! the kind of the part's error), the bound's own error
//! ([`GameError::Bound`]) — and its `Display` is the one line a front-end
//! shows after `error: ` ([`crate::diagnostic::error_line`]).

use super::advice::{Fields, Misused, Opt, Words};
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
    /// A misère quotient asked of a game that is not a heap game (see
    /// [`crate::games::heap_games`]); `spec` is the game.
    #[error(
        "misère quotients are of heap games (octal:CODE, nim, subtraction:s=…); {spec} is not one"
    )]
    NotAHeapGame {
        /// The game's spec.
        spec: String,
    },
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
    NotKnown(Box<crate::games::unanswered::NotKnown>),
    /// The work was cancelled (a deadline passed, the client went away, Ctrl-C).
    #[error("cancelled: the computation was stopped before it finished")]
    Cancelled,
    /// This family or feature is not built yet, or has no meaning here.
    #[error("not available yet: {0}")]
    Unsupported(#[from] crate::games::unanswered::Unsupported),
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
            | GameError::NotAHeapGame { .. }
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
        what: impl Into<Work>,
        needed: impl Into<Quantity>,
        limit: impl Into<Quantity>,
        hint: impl Into<Hint>,
    ) -> GameError {
        GameError::TooLarge(Box::new(TooLarge {
            what: what.into(),
            needed: needed.into(),
            limit: limit.into(),
            hint: hint.into(),
            no_theory: None,
        }))
    }

    /// [`GameError::too_large`] from an [`Over`] (what [`crate::engine::Limits::admit`] refuses).
    pub fn over(what: impl Into<Work>, over: Over, hint: impl Into<Hint>) -> GameError {
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

impl From<crate::games::unanswered::NotKnown> for GameError {
    fn from(e: crate::games::unanswered::NotKnown) -> Self {
        GameError::NotKnown(Box::new(e))
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
    /// `a pile of {0} digits`.
    PileDigits(usize),
    /// `a pile below 2^{0}`.
    PileBelow(u32),
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
    /// `2^{0}`.
    TwoTo(u32),
    /// A size in a two-pile game's own words (see [`crate::games::two_pile::error::TwoPileQuantity`]).
    TwoPile(crate::games::two_pile::error::TwoPileQuantity),
    /// A size in a Wythoff's Nim's own words (see [`crate::games::wythoff::error::WythoffQuantity`]).
    Wythoff(crate::games::wythoff::error::WythoffQuantity),
    /// A size in a Spite Nim's own words (see [`crate::games::spite::error::SpiteQuantity`]).
    Spite(crate::games::spite::error::SpiteQuantity),
    /// A size in a subtraction game's own words (see [`crate::games::subtraction::error::SubtractionQuantity`]).
    Subtraction(crate::games::subtraction::error::SubtractionQuantity),
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
            Quantity::PileDigits(d) => write!(f, "a pile of {d} digits"),
            Quantity::PileBelow(e) => write!(f, "a pile below 2^{e}"),
            Quantity::Search { needed, limit } => {
                write!(f, "a search needs {needed}, over the limit of {limit}")
            }
            Quantity::SearchLimits => f.write_str("the search limits"),
            Quantity::AddressSpace => f.write_str("the address space"),
            Quantity::TwoTo(e) => write!(f, "2^{e}"),
            Quantity::TwoPile(q) => write!(f, "{q}"),
            Quantity::Wythoff(q) => write!(f, "{q}"),
            Quantity::Spite(q) => write!(f, "{q}"),
            Quantity::Subtraction(q) => write!(f, "{q}"),
        }
    }
}

/// What a refused computation was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    /// The engine's exhaustive solve of one position.
    Solve,
    /// The engine's Grundy value of one position.
    GrundyValue,
    /// A Grundy table of `rows × cols` cells.
    GrundyTable {
        /// Rows.
        rows: u64,
        /// Columns.
        cols: u64,
    },
    /// A table of `rows` rows.
    Table {
        /// Rows.
        rows: u64,
    },
    /// Listing every winning move ([`Opt::All`]).
    EveryWinningMove,
    /// A sweep over a family of rule sets (`takeaway sweep FAMILY`).
    RuleSetSweep {
        /// The family's name on the command line.
        family: String,
    },
    /// The misère sum's exhaustive search.
    MisereSum,
    /// The misère sum's product of the parts' positions.
    MisereSumProduct,
    /// A one-pile game's own work (see [`crate::games::one_pile::error::OnePileWork`]).
    OnePile(crate::games::one_pile::error::OnePileWork),
    /// A two-pile game's own work (see [`crate::games::two_pile::error::TwoPileWork`]).
    TwoPile(crate::games::two_pile::error::TwoPileWork),
    /// A Wythoff's Nim's own work (see [`crate::games::wythoff::error::WythoffWork`]).
    Wythoff(crate::games::wythoff::error::WythoffWork),
    /// A Spite Nim's own work (see [`crate::games::spite::error::SpiteWork`]).
    Spite(crate::games::spite::error::SpiteWork),
    /// A subtraction game's own work (see [`crate::games::subtraction::error::SubtractionWork`]).
    Subtraction(crate::games::subtraction::error::SubtractionWork),
    /// A octal game's own work (see [`crate::games::octal::error::OctalWork`]).
    Octal(crate::games::octal::error::OctalWork),
}

impl fmt::Display for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Work::Solve => write!(f, "{}", Solve::Outcome),
            Work::GrundyValue => write!(f, "{}", Solve::Grundy),
            Work::GrundyTable { rows, cols } => {
                write!(f, "a Grundy table of {rows} × {cols} cells")
            }
            Work::Table { rows } => write!(f, "a table of {rows} rows"),
            Work::EveryWinningMove => f.write_str("listing every winning move"),
            Work::RuleSetSweep { family } => write!(f, "a sweep over {family} rule sets"),
            Work::MisereSum => f.write_str("the misère sum's exhaustive search"),
            Work::MisereSumProduct => f.write_str(
                "the misère sum's exhaustive search (the product of the parts' positions)",
            ),
            Work::OnePile(w) => write!(f, "{w}"),
            Work::TwoPile(w) => write!(f, "{w}"),
            Work::Wythoff(w) => write!(f, "{w}"),
            Work::Spite(w) => write!(f, "{w}"),
            Work::Subtraction(w) => write!(f, "{w}"),
            Work::Octal(w) => write!(f, "{w}"),
        }
    }
}

/// The `From` conversions of a family's own error data into the shared
/// enum that carries it, and on into [`GameError`] for a move.
macro_rules! into_shared {
    ($($family:ty => $shared:ident :: $variant:ident),* $(,)?) => {$(
        impl From<$family> for $shared {
            fn from(x: $family) -> Self {
                $shared::$variant(x)
            }
        }
    )*};
}

into_shared! {
    crate::games::one_pile::error::OnePileWork => Work::OnePile,
    crate::games::two_pile::error::TwoPileWork => Work::TwoPile,
    crate::games::wythoff::error::WythoffWork => Work::Wythoff,
    crate::games::spite::error::SpiteWork => Work::Spite,
    crate::games::subtraction::error::SubtractionWork => Work::Subtraction,
    crate::games::octal::error::OctalWork => Work::Octal,
    crate::games::two_pile::error::TwoPileQuantity => Quantity::TwoPile,
    crate::games::wythoff::error::WythoffQuantity => Quantity::Wythoff,
    crate::games::spite::error::SpiteQuantity => Quantity::Spite,
    crate::games::subtraction::error::SubtractionQuantity => Quantity::Subtraction,
    crate::games::one_pile::error::OnePileHint => Hint::OnePile,
    crate::games::two_pile::error::TwoPileHint => Hint::TwoPile,
    crate::games::wythoff::error::WythoffHint => Hint::Wythoff,
    crate::games::spite::error::SpiteHint => Hint::Spite,
    crate::games::subtraction::error::SubtractionHint => Hint::Subtraction,
    crate::games::octal::error::OctalHint => Hint::Octal,
}

/// A family's illegal move straight into [`GameError::Illegal`].
macro_rules! illegal_into_game_error {
    ($($family:ty),* $(,)?) => {$(
        impl From<$family> for GameError {
            fn from(x: $family) -> Self {
                GameError::Illegal(x.into())
            }
        }
    )*};
}

illegal_into_game_error! {
    crate::games::one_pile::error::OnePileIllegal,
    crate::games::spite::error::SpiteIllegal,
    crate::games::two_pile::error::AppendixIllegal,
    crate::games::wythoff::error::WythoffIllegal,
    crate::games::subtraction::error::SubtractionIllegal,
    crate::games::octal::error::OctalIllegal,
}

/// A decimal of more than `most` digits cut to its first and last 12 (as
/// the explanations show numbers: 30 digits, Spite Nim's 40).
pub(crate) fn short_decimal(n: &BigUint, most: usize) -> String {
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
    /// A smaller pile.
    SmallerPile,
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
    /// [`Opt::Summary`] for the period, counts and checksum.
    Summary,
    /// [`Opt::Summary`], or fewer rows and columns.
    SummaryOrFewerCells,
    /// Drop [`Opt::All`].
    DropAll,
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
    /// Fewer digits or terms, or no `!`, for a hexadecimal sweep.
    SmallerHexadecimalSweep,
    /// A one-pile game's own advice (see [`crate::games::one_pile::error::OnePileHint`]).
    OnePile(crate::games::one_pile::error::OnePileHint),
    /// A two-pile game's own advice (see [`crate::games::two_pile::error::TwoPileHint`]).
    TwoPile(crate::games::two_pile::error::TwoPileHint),
    /// A Wythoff's Nim's own advice (see [`crate::games::wythoff::error::WythoffHint`]).
    Wythoff(crate::games::wythoff::error::WythoffHint),
    /// A Spite Nim's own advice (see [`crate::games::spite::error::SpiteHint`]).
    Spite(crate::games::spite::error::SpiteHint),
    /// A subtraction game's own advice (see [`crate::games::subtraction::error::SubtractionHint`]).
    Subtraction(crate::games::subtraction::error::SubtractionHint),
    /// A octal game's own advice (see [`crate::games::octal::error::OctalHint`]).
    Octal(crate::games::octal::error::OctalHint),
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
            Hint::SmallerHexadecimalSweep => format!(
                "use fewer {} (each one more multiplies the codes by 16, or 28 with {}), fewer {} (a code with three-heap moves examines about N³/36 options a digit) or {} 0",
                o(Opt::Digits),
                words.option_value(Opt::Unequal, "1"),
                o(Opt::Terms),
                o(Opt::Unequal)
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
            Hint::OnePile(h) => h.to_string(),
            Hint::TwoPile(h) => h.worded(words),
            Hint::Wythoff(h) => h.worded(words),
            Hint::Spite(h) => h.worded(words),
            Hint::Subtraction(h) => h.worded(words),
            Hint::Octal(h) => h.to_string(),
            plain => plain.sentence().to_string(),
        }
    }

    /// The advice of a hint that names no option.
    fn sentence(&self) -> &'static str {
        match self {
            Hint::SmallerPilesOrTheory => "use smaller piles (or a position the theory decides)",
            Hint::SmallerPiles => "use smaller piles",
            Hint::SmallerPile => "use a smaller pile",
            Hint::SmallerParts => "use smaller parts",
            Hint::MisereSumParts => "misère sums have no Grundy shortcut; use smaller parts",
            Hint::FewerRows => "use fewer rows",
            Hint::AskFewerRows => "ask for fewer rows",
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
    /// No legal move is left.
    #[error("The game is over: no legal move")]
    GameOver,
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
    /// A move against the rules of a one-pile game with a memory (see [`crate::games::one_pile::error::OnePileIllegal`]).
    #[error(transparent)]
    OnePile(#[from] crate::games::one_pile::error::OnePileIllegal),
    /// A move against the rules of Spite Nim (see [`crate::games::spite::error::SpiteIllegal`]).
    #[error(transparent)]
    Spite(#[from] crate::games::spite::error::SpiteIllegal),
    /// A move against the rules of an appendix game (see [`crate::games::two_pile::error::AppendixIllegal`]).
    #[error(transparent)]
    Appendix(#[from] crate::games::two_pile::error::AppendixIllegal),
    /// A move against the rules of Wythoff's Nim (see [`crate::games::wythoff::error::WythoffIllegal`]).
    #[error(transparent)]
    Wythoff(#[from] crate::games::wythoff::error::WythoffIllegal),
    /// A move against the rules of a subtraction game (see [`crate::games::subtraction::error::SubtractionIllegal`]).
    #[error(transparent)]
    Subtraction(#[from] crate::games::subtraction::error::SubtractionIllegal),
    /// A move against the rules of an octal game (see [`crate::games::octal::error::OctalIllegal`]).
    #[error(transparent)]
    Octal(#[from] crate::games::octal::error::OctalIllegal),
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
pub(crate) fn nth(index: usize) -> u128 {
    index as u128 + 1
}
