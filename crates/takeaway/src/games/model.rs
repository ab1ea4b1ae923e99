//! What the families are written against: the [`Family`] trait (analyze,
//! table, verify), the [`Visit`] trait (code written once for every family's
//! typed rules) and the share of a request's limits spent on the optional
//! figures. Below the families: it names neither [`crate::games::Game`] nor
//! a family, so a family imports it without an import circle.

use crate::analysis::Analysis;
use crate::engine::{Convention, Limits};
use crate::games::error::GameError;
use crate::games::request::{AnalyzeRequest, Table, TableRequest, Verification, VerifyRequest};
use crate::games::wire::Wire;

/// Something done with a family's typed rules, whatever the family
/// (see [`crate::games::Game::visit`]): the way to write code once for every game.
pub trait Visit {
    /// The result.
    type Out;
    /// Does it with `rules` under `convention`.
    fn visit<R: Wire>(self, rules: &R, convention: Convention) -> Self::Out;
}

/// What every game family offers.
pub trait Family {
    /// The canonical spec of this game (parses back to an equal game).
    fn spec(&self) -> String;
    /// Who wins the position, with a winning move and the reason.
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError>;
    /// Values for a range of positions.
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError>;
    /// The theory against the exhaustive solver on a range.
    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError>;
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
