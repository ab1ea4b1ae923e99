//! Requests to the game families and their tabular results.

use super::progress::{NoProgress, Progress};
use num_bigint::BigUint;
use serde_json::Value;

pub use crate::engine::Limits;

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
    /// Add the engine's remoteness (when a theory answered) when the
    /// position fits the limits (true by default; a heatmap of many cells
    /// turns it off).
    pub remoteness: bool,
    /// Add the Grundy value where no theory gave it, when the position fits
    /// the limits (true by default; play, which never shows it, and a
    /// heatmap turn it off: a Wythoff position's value needs the whole
    /// table below it).
    pub grundy: bool,
    /// Work caps (and the cancel token).
    pub limits: Limits,
    /// Appendix games: the moves left in the first phase (`None`: the spec's `K`).
    pub phase: Option<u64>,
    /// A sum of games: its parts' games and positions (empty for every other game).
    pub parts: Vec<crate::games::wire::PartPosition>,
}

impl AnalyzeRequest {
    /// A request for `piles` with default bound and limits.
    pub fn new(piles: Vec<BigUint>) -> Self {
        AnalyzeRequest {
            piles,
            bound: None,
            all: false,
            exhaustive: false,
            remoteness: true,
            grundy: true,
            limits: Limits::default(),
            phase: None,
            parts: Vec::new(),
        }
    }

    /// A request for the wire position `pos` (its piles, bound, phase and
    /// parts) with default limits.
    ///
    /// ```
    /// use takeaway::games::AnalyzeRequest;
    /// use takeaway::games::play::Position;
    /// let req = AnalyzeRequest::at(&Position::new(vec![5u8.into()], Some(2u8.into())));
    /// assert_eq!(req.bound, Some(2u8.into()));
    /// ```
    pub fn at(pos: &crate::games::wire::Position) -> Self {
        AnalyzeRequest {
            bound: pos.bound.clone(),
            phase: pos.phase,
            parts: pos.parts.clone(),
            ..AnalyzeRequest::new(pos.piles.clone())
        }
    }

    /// The wire position asked about (no pending call).
    pub fn position(&self) -> crate::games::wire::Position {
        let mut p = crate::games::wire::Position::new(self.piles.clone(), self.bound.clone());
        p.phase = self.phase;
        p.parts.clone_from(&self.parts);
        p
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
    /// counts of each value and the ogsolve checksum; two-pile tableaux: each
    /// column's values and flips, without the cells); other families may ignore it.
    pub summary: bool,
    /// The one shape the front-end will print; families may skip building the
    /// others (they cost time and memory on tables of millions of rows).
    pub format: TableFormat,
    /// The piles beyond the first two of a `k`-pile table (`--slice`): rows
    /// are pile 1, columns pile 2, and these the rest (empty for every other
    /// table; a family without slices refuses a non-empty one).
    pub slice: Vec<u64>,
}

/// Which of a [`Table`]'s shapes a front-end wants.
///
/// Law: a family must fill every shape for which [`TableRequest::wants`] is
/// true; the others may be left empty.
///
/// ```
/// use takeaway::games::{TableFormat, TableRequest};
/// let mut req = TableRequest::new(10);
/// assert!(req.wants(TableFormat::Csv)); // the default is every shape
/// req.format = TableFormat::Json;
/// assert!(req.wants(TableFormat::Json) && !req.wants(TableFormat::Text));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TableFormat {
    /// Every shape (tests, libraries).
    #[default]
    All,
    /// [`Table::text`] only.
    Text,
    /// [`Table::csv`] only.
    Csv,
    /// [`Table::json`] only.
    Json,
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
            format: TableFormat::All,
            slice: Vec::new(),
        }
    }

    /// Whether the front-end wants the table in `shape` (always true for
    /// [`TableFormat::All`] requests).
    ///
    /// ```
    /// use takeaway::games::{TableFormat, TableRequest};
    /// assert!(TableRequest::new(3).wants(TableFormat::Text));
    /// ```
    pub fn wants(&self, shape: TableFormat) -> bool {
        self.format == TableFormat::All || self.format == shape
    }
}

/// A computed table in the shapes the front-ends print.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The contract's JSON (`values`, `rows`, `period`, ...), except for
    /// [`Table::column`] when there is one; print [`Table::document`].
    pub json: Value,
    /// Human-readable text (like the papers' tables).
    pub text: String,
    /// Comma-separated values with a header line.
    pub csv: String,
    /// A picture of the table, if the family draws one.
    pub grid: Option<crate::render::Grid>,
    /// A long column of the JSON kept compact (millions of small numbers as
    /// `serde_json::Value`s would cost gigabytes); it belongs in the JSON
    /// object under its key.
    pub column: Option<Column>,
}

impl Table {
    /// The whole JSON document: [`Table::json`] with [`Table::column`] added
    /// under its key, serialised without building a `Value` per cell.
    ///
    /// Law: `serde_json::to_value(table.document())` equals `table.json` with
    /// the column inserted as an array of numbers (`null` for [`Column::none`]).
    ///
    /// ```
    /// use takeaway::games::{Family, Game, TableRequest};
    /// let game = Game::parse("fibonacci").unwrap();
    /// let table = game.table(&TableRequest::new(4)).unwrap();
    /// let doc = serde_json::to_value(table.document()).unwrap();
    /// assert_eq!(doc["values"], serde_json::json!([null, 1, 2, 3]));
    /// ```
    pub fn document(&self) -> TableDocument<'_> {
        TableDocument(self)
    }
}

/// A column of `u32` values that serialises as a JSON array, `null` for the
/// marker [`Column::none`] (e.g. `L(0) = ∞`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The key of the column in the JSON object.
    pub key: String,
    /// The values.
    pub values: Vec<u32>,
    /// The value written as `null`.
    pub none: u32,
    /// `None`: one flat array. `Some((rows, cols))`: `values` holds `rows`
    /// rows of `cols` values one after the other, written as an array of
    /// arrays (a two-dimensional tableau).
    pub shape: Option<(usize, usize)>,
}

struct Flat<'a>(&'a [u32], u32);

impl serde::Serialize for Flat<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for &v in self.0 {
            if v == self.1 {
                seq.serialize_element(&())?;
            } else {
                seq.serialize_element(&v)?;
            }
        }
        seq.end()
    }
}

impl serde::Serialize for Column {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        match self.shape {
            None => Flat(&self.values, self.none).serialize(serializer),
            Some((rows, cols)) => {
                let mut seq = serializer.serialize_seq(Some(rows))?;
                for m in 0..rows {
                    let start = m.saturating_mul(cols);
                    let row = self
                        .values
                        .get(start..start.saturating_add(cols))
                        .unwrap_or(&[]);
                    seq.serialize_element(&Flat(row, self.none))?;
                }
                seq.end()
            }
        }
    }
}

/// The JSON document of a [`Table`] (see [`Table::document`]).
#[derive(Debug, Clone, Copy)]
pub struct TableDocument<'a>(&'a Table);

impl serde::Serialize for TableDocument<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let table = self.0;
        match (&table.json, &table.column) {
            (Value::Object(map), Some(column)) => {
                let mut out = serializer.serialize_map(Some(map.len() + 1))?;
                for (k, v) in map {
                    if *k != column.key {
                        out.serialize_entry(k, v)?;
                    }
                }
                out.serialize_entry(&column.key, column)?;
                out.end()
            }
            (json, _) => json.serialize(serializer),
        }
    }
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

impl Verification {
    /// The verdict for people: one line `GAME: VERDICT on N positions up to
    /// S (ENGINES)`, then the detail (each front-end prints this text, none
    /// words the verdict itself).
    ///
    /// Law: the first line holds `agree`, `DISAGREE` or `hypothesis fails`
    /// exactly as [`Verification::verdict`] says.
    ///
    /// ```
    /// use takeaway::games::request::{Verdict, Verification};
    /// let v = Verification {
    ///     game: "nim".into(),
    ///     up_to: 3,
    ///     checked: 16,
    ///     verdict: Verdict::Agree,
    ///     engines: vec!["xor".into(), "exhaustive".into()],
    ///     detail: "every position agrees".into(),
    /// };
    /// assert_eq!(
    ///     v.text(),
    ///     "nim: agree on 16 positions up to 3 (xor vs exhaustive)\nevery position agrees"
    /// );
    /// ```
    pub fn text(&self) -> String {
        let verdict = match self.verdict {
            Verdict::Agree => "agree",
            Verdict::Disagree => "DISAGREE",
            Verdict::HypothesisFails => "hypothesis fails",
        };
        format!(
            "{}: {verdict} on {} positions up to {} ({})\n{}",
            self.game,
            self.checked,
            self.up_to,
            self.engines.join(" vs "),
            self.detail
        )
    }
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
