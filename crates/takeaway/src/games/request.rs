//! Requests to the game families and their tabular results.

use super::progress::{NoProgress, Progress};
use num_bigint::BigUint;
use serde_json::Value;

/// Caps on the exhaustive work one request may cause.
///
/// The command line uses [`Limits::generous`]; a server uses [`Limits::strict`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most positions an exhaustive solver may visit for one request.
    pub max_states: u64,
    /// Most bytes of table memory one request may allocate.
    pub max_bytes: u64,
}

impl Limits {
    /// For the command line: up to 2^34 positions and 8 GiB of tables.
    pub const fn generous() -> Self {
        Limits {
            max_states: 1 << 34,
            max_bytes: 8 << 30,
        }
    }
    /// For a server: 2·10^7 positions and 256 MiB per request.
    pub const fn strict() -> Self {
        Limits {
            max_states: 20_000_000,
            max_bytes: 256 << 20,
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::generous()
    }
}

/// Analyse one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalyzeRequest {
    /// The piles (rows), in the order the user gave them.
    pub piles: Vec<BigUint>,
    /// The bound on the next move; `None` means the game's default.
    pub bound: Option<BigUint>,
    /// List every winning move too.
    pub all: bool,
    /// Force the exhaustive solver even where a theory applies.
    pub exhaustive: bool,
    /// Work caps.
    pub limits: Limits,
}

impl AnalyzeRequest {
    /// A request for `piles` with default bound and limits.
    pub fn new(piles: Vec<BigUint>) -> Self {
        AnalyzeRequest {
            piles,
            bound: None,
            all: false,
            exhaustive: false,
            limits: Limits::default(),
        }
    }
}

/// Tabulate a range of positions: indices `0..rows` (and `0..cols`).
pub struct TableRequest<'a> {
    /// Number of rows (indices 0..rows).
    pub rows: u64,
    /// Number of columns, for two-dimensional tables.
    pub cols: Option<u64>,
    /// Work caps.
    pub limits: Limits,
    /// Where to report progress.
    pub progress: &'a dyn Progress,
    /// Print a summary instead of the values (subtraction games: period, pre-period,
    /// counts of each value and the ogsolve checksum); other families may ignore it.
    pub summary: bool,
}

impl TableRequest<'_> {
    /// A request for `rows` rows, no columns, default limits, no progress.
    pub fn new(rows: u64) -> TableRequest<'static> {
        TableRequest {
            rows,
            cols: None,
            limits: Limits::default(),
            progress: &NoProgress,
            summary: false,
        }
    }
}

/// A computed table in the shapes the front-ends print.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The contract's JSON (`values`, `rows`, `period`, ...).
    pub json: Value,
    /// Human-readable text (like the papers' tables).
    pub text: String,
    /// Comma-separated values with a header line.
    pub csv: String,
    /// A picture of the table, if the family draws one.
    pub grid: Option<crate::render::Grid>,
}

/// Check theory against exhaustive search up to a size.
pub struct VerifyRequest<'a> {
    /// Check positions with every pile below or equal to this.
    pub up_to: u64,
    /// Work caps.
    pub limits: Limits,
    /// Where to report progress.
    pub progress: &'a dyn Progress,
}

/// The verdict of a cross-check.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Verification {
    /// The game checked.
    pub game: String,
    /// Largest size checked.
    pub up_to: u64,
    /// Positions compared.
    pub checked: u64,
    /// `agree`, `disagree`, or `hypothesis-fails`.
    pub verdict: Verdict,
    /// The engines compared, e.g. `["zeckendorf", "beatty", "exhaustive"]`.
    pub engines: Vec<String>,
    /// Human explanation: the first counterexample, the failed hypothesis.
    pub detail: String,
}

/// Outcome of a cross-check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every engine agrees on every position compared.
    Agree,
    /// Some position has different answers (see `detail`).
    Disagree,
    /// The theory's hypothesis fails on the range (see `detail`); nothing compared beyond it.
    HypothesisFails,
}
