//! What the families are written against: the [`Family`] trait (analyze,
//! table, verify), the [`Visit`] trait (code written once for every family's
//! typed rules) and the share of a request's limits spent on the optional
//! figures. Below the families: it names neither [`crate::games::Game`] nor
//! a family, so a family imports it without an import circle.

use crate::analysis::{Analysis, Move};
use crate::bound::Bound;
use crate::engine::{Convention, Limits};
use crate::games::error::{GameError, NoGrundy};
use crate::games::exhaustive::Pace;
use crate::games::request::{AnalyzeRequest, Table, TableRequest, Verification, VerifyRequest};
use crate::games::wire::Position;
use crate::games::wire::Wire;
use crate::numeration::digits::Digits;
use num_bigint::BigUint;
use std::any::Any;

/// Something done with a family's typed rules, whatever the family
/// (see [`crate::games::Game::visit`]): the way to write code once for every game.
pub trait Visit {
    /// The result.
    type Out;
    /// Does it with `rules` under `convention`.
    fn visit<R: Wire>(self, rules: &R, convention: Convention) -> Self::Out;
}

/// What every game family offers: the whole contract between a family and
/// the rest of the library and its front-ends.
///
/// The required methods are what every family must answer (forgetting one
/// is a compile error); every other capability has a default that is right
/// for a family that does not have it (no theory beyond the engine's
/// search, no table of its own): a family overrides it to offer more.
/// [`crate::games::Game`] implements this trait by handing every method to
/// its family's value (one exhaustive `match`, `games/mod.rs`), so code on
/// any game asks the game, never which family it is.
pub trait Family {
    /// The canonical spec of this game (parses back to an equal game).
    fn spec(&self) -> String;
    /// The family in words, for messages ("one-pile games").
    fn family_name(&self) -> &'static str;
    /// Who wins the position, with a winning move and the reason.
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError>;
    /// Values for a range of positions.
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError>;
    /// The theory against the exhaustive solver on a range.
    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError>;
    /// The value itself, for the typed accessor
    /// [`crate::games::Game::family_as`] (a caller that needs the concrete
    /// type, e.g. a sweep over one-pile bounds); `self` in every family.
    fn as_any(&self) -> &dyn Any;

    /// Whether a theory decides misère play of this game (its misère
    /// positions of some pile count are answered without the engine's
    /// search): the capability `misere_theory` the server's `/api/games` and
    /// Python's `families()` state. Default: no (the engine decides).
    fn misere_theory(&self) -> bool {
        false
    }
    /// Whether a misère position of `piles` piles is answered by the
    /// family's own `analyze` (a misère theory, or a sum's own search)
    /// rather than the engine's search of the whole game. Default: no.
    fn misere_by_theory(&self, _piles: usize) -> bool {
        false
    }
    /// Whether `table` answers under misère play (its values are
    /// misère results, not normal play's printed for a misère spec).
    /// Default: no (the tables are normal-play results).
    fn misere_table(&self) -> bool {
        false
    }
    /// Whether `verify` checks a misère theory. Default: no.
    fn misere_verify(&self) -> bool {
        false
    }
    /// Whether `table` takes slices of a k-pile table. Default: no.
    fn table_slices(&self) -> bool {
        false
    }
    /// Whether `table` (without Grundy values) has a summary. Default: no.
    fn summary_table(&self) -> bool {
        false
    }
    /// Whether the `value` of a normal-play analysis and the values of
    /// `table` are Grundy values already. Default: no.
    fn values_are_grundy(&self) -> bool {
        false
    }
    /// Why this game's positions have no Grundy values, whatever the
    /// convention (misère play has none in any family), or `None`.
    /// Default: they have them (a turn is one move).
    fn no_grundy(&self) -> Option<NoGrundy> {
        None
    }
    /// The Grundy value of `pos` and its moves to a position of value
    /// `target` (all of them when `all`), from a theory or a family's own
    /// solver; `None` for the engine's mex over every move (the default).
    fn grundy_and_moves(
        &self,
        _pos: &Position,
        _target: Option<&BigUint>,
        _all: bool,
        _limits: &Limits,
    ) -> Option<Result<(BigUint, Vec<Move>), GameError>> {
        None
    }
    /// The cells of this game's table of Grundy values
    /// ([`crate::games::grundy_table`]), or `None`: it has none (the default).
    fn grundy_cells(&self) -> Option<GrundyCells<'_>> {
        None
    }
    /// The theory of its Grundy values checked against the definition up to
    /// a pile (`verify --grundy`), or `None`: no such theory (the default).
    fn verify_grundy(&self, _req: &VerifyRequest<'_>) -> Option<Result<Verification, GameError>> {
        None
    }
    /// The remoteness of a normal or misère position from a formula or a
    /// sweep of the family's own, with a fastest move when `shown` is
    /// slower; `Ok(None)` for the engine's search (the default).
    fn theory_pace(
        &self,
        _req: &AnalyzeRequest,
        _shown: Option<&Move>,
    ) -> Result<Option<Pace>, GameError> {
        Ok(None)
    }
    /// A misère answer the family finds without the engine's search of the
    /// whole position (octal games: through a computed misère quotient),
    /// [`MisereQuick::Fallback`] with the reason when it cannot here, or
    /// [`MisereQuick::NotOffered`] (the default: the family has none).
    /// Asked by the dispatcher for misère positions no misère theory
    /// answers ([`Family::misere_by_theory`]).
    fn misere_quick(&self, _req: &AnalyzeRequest) -> Result<MisereQuick, GameError> {
        Ok(MisereQuick::NotOffered)
    }
    /// Makes the family's misère shortcut ready for every position whose
    /// piles are at most `largest` (an octal game computes its misère
    /// quotient of the heaps up to `largest` now, within its budget), and
    /// whether [`Family::misere_quick`] will then answer them. Default: no.
    fn misere_quick_ready(&self, _largest: &BigUint, _limits: &Limits) -> bool {
        false
    }
    /// The teaching views of a normal-play theory answer (a pile in the
    /// digits of its theorem's base, [`crate::games::digits`]); none by default.
    fn digits(&self, _analysis: &Analysis) -> Vec<Digits> {
        Vec::new()
    }
}

/// What [`Family::misere_quick`] says of a misère position.
#[derive(Debug, Clone)]
pub enum MisereQuick {
    /// The family has no misère shortcut: the engine's search answers.
    NotOffered,
    /// The position answered (outcome, winning moves, explanation).
    Answered(Box<Analysis>),
    /// Not answered here: why, a note for the engine's answer that follows
    /// ("exhaustive search remains the fallback, and says so").
    Fallback(String),
}

/// A family's own Grundy table, for `table SPEC --grundy` (see
/// [`GrundyCells::Own`]).
///
/// Law: the table's cells are the Grundy values of the family's positions
/// (misère play: `G⁻`, 1 at a position with no move), in the shapes
/// [`TableRequest::wants`] asks for.
pub trait OwnGrundyTable: std::fmt::Debug {
    /// The table of `req.rows` rows (and `req.cols` columns) of the game
    /// whose spec is `spec`, under misère play when `misere`.
    ///
    /// Errors: the family's limits (too many cells or moves), cancellation.
    fn grundy_table(
        &self,
        spec: &str,
        req: &crate::games::request::TableRequest<'_>,
        misere: bool,
    ) -> Result<crate::games::request::Table, GameError>;
}

/// The cells of a table of Grundy values, as a family describes them
/// ([`Family::grundy_cells`]); [`crate::games::grundy_table`] computes and
/// writes the table.
#[derive(Debug, Clone, Copy)]
pub enum GrundyCells<'a> {
    /// `G(n, w)`: one pile `n` with bound `w`, the next bound `f(n, t)`
    /// (the incremental mex of [`crate::games::one_pile::grundy`]).
    PileAndBound(&'a Bound),
    /// `G(x, y)` of Wythoff's Nim (the row, column and diagonal mex of
    /// [`crate::games::wythoff::grundy`]).
    WythoffPairs,
    /// A table the family builds itself (memory games: `G(n, k)`, pile `n`
    /// and memory `k`, the previous take).
    Own(&'a dyn OwnGrundyTable),
}

/// The share of a request's limits spent on the optional figures
/// (remoteness, the fastest move, a Grundy value) when a theory has already
/// answered: at most [`EXTRAS_WORK`] positions and move checks and
/// [`EXTRAS_BYTES`] bytes — the budget that answered every position of the
/// small-position grid (piles up to 30, one to four piles, every family)
/// that the command answered before the budget was cut to 3·10^5, and
/// two piles up to about 100 (measured in BENCHMARKS.md: at most about
/// 2 s, most small positions in milliseconds); beyond, the figure is
/// `null` and a note names the limit. Wythoff's Nim answers its own
/// figures by sweeps (`games::wythoff::extras`), to 1023 × 1023.
///
/// ```
/// use takeaway::games::{Limits, remoteness_limits, EXTRAS_WORK};
/// assert_eq!(remoteness_limits(&Limits::strict()).max_states, EXTRAS_WORK);
/// assert_eq!(remoteness_limits(&Limits::generous()).max_states, 8_000_000);
/// ```
pub fn remoteness_limits(limits: &Limits) -> Limits {
    let mut l = limits.clone();
    l.max_states = l.max_states.min(EXTRAS_WORK);
    l.max_bytes = l.max_bytes.min(EXTRAS_BYTES);
    l
}

/// Most positions and move checks the optional figures of a theory's
/// answer may cost ([`remoteness_limits`]).
pub const EXTRAS_WORK: u64 = 8_000_000;

/// Most bytes the optional figures of a theory's answer may allocate
/// ([`remoteness_limits`]).
pub const EXTRAS_BYTES: u64 = 256 << 20;

/// Most cells of the one-pile remoteness sweep a theory's answer may cost
/// ([`crate::games::one_pile::remoteness`]: one step a cell, 4 bytes; piles
/// up to about 4,000, beyond the about 2,300 the engine's search answered
/// within the same work before the sweep).
///
/// ```
/// use takeaway::games::ONE_PILE_SWEEP_CELLS;
/// // Pile 3998: the triangle of (m, b), b ≤ m ≤ 3998, has 3999 · 4000 / 2 cells.
/// assert!(3999 * 4000 / 2 <= ONE_PILE_SWEEP_CELLS);
/// ```
pub const ONE_PILE_SWEEP_CELLS: u64 = 8_000_000;
