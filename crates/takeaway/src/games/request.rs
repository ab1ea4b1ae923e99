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
    /// [`Table::sequence`] only (an OEIS b-file is written from it).
    Bfile,
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
    /// The typed one-dimensional report the shapes were rendered from, kept
    /// when the request [wants](TableRequest::wants) [`TableFormat::Bfile`]
    /// (`None` for tables of other kinds).
    pub sequence: Option<Sequence>,
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

    /// The table of a one-dimensional report, rendered in the shapes
    /// `format` wants by the renderers of [`crate::render`]: text, CSV, the
    /// values in the JSON object `json` (a compact [`Column`] for
    /// [`Values::Small`], inline otherwise, under [`Sequence::key`]), and the
    /// report itself for a b-file.
    ///
    /// Law: each shape holds the report's terms in order; the shapes not
    /// wanted are empty (`json` is kept as given).
    ///
    /// ```
    /// use takeaway::games::{Table, TableFormat};
    /// use takeaway::render::report::{Layout, Sequence, Values};
    /// let s = Sequence {
    ///     title: "t".into(), footer: String::new(), offset: 0, columns: ["n", "grundy"], key: "values",
    ///     values: Values::Wide(vec![0, 1]), layout: Layout::Colon,
    /// };
    /// let t = Table::of_sequence(s, serde_json::json!({"game": "x"}), None, TableFormat::All);
    /// assert_eq!((t.text.as_str(), t.csv.as_str()), ("t\n0: 0\n1: 1\n", "n,grundy\n0,0\n1,1\n"));
    /// assert_eq!(t.json, serde_json::json!({"game": "x", "values": [0, 1]}));
    /// ```
    pub fn of_sequence(
        mut seq: Sequence,
        mut json: Value,
        grid: Option<crate::render::Grid>,
        format: TableFormat,
    ) -> Table {
        let wants = |f: TableFormat| format == TableFormat::All || format == f;
        let text = if wants(TableFormat::Text) {
            crate::render::text::sequence(&seq)
        } else {
            String::new()
        };
        let csv = if wants(TableFormat::Csv) {
            crate::render::Csv::sequence(&seq).finish()
        } else {
            String::new()
        };
        let mut column = None;
        let keep = wants(TableFormat::Bfile);
        if wants(TableFormat::Json) {
            match &mut seq.values {
                Values::Small { values, none } => {
                    column = Some(Column {
                        key: seq.key.into(),
                        // Moved, not copied, unless the report is kept.
                        values: if keep {
                            values.clone()
                        } else {
                            std::mem::take(values)
                        },
                        none: none.unwrap_or(u32::MAX),
                        shape: None,
                    });
                }
                Values::Wide(values) => json[seq.key] = Value::from(values.as_slice()),
                Values::Words(words) => json[seq.key] = Value::from(words.as_slice()),
            }
        }
        Table {
            json,
            text,
            csv,
            grid,
            column,
            sequence: keep.then_some(seq),
        }
    }
    /// The table as an OEIS b-file ([`crate::render::bfile`]), from the
    /// sequence kept when the request wanted [`TableFormat::Bfile`].
    ///
    /// Errors: [`BfileError::NotOneSequence`](crate::render::bfile::BfileError)
    /// for a table that is not one sequence (or whose request did not want a
    /// b-file), and the renderer's errors (outcomes, a gap).
    ///
    /// ```
    /// use takeaway::games::{Family, Game, TableFormat, TableRequest};
    /// let mut req = TableRequest::new(4);
    /// req.format = TableFormat::Bfile;
    /// let t = Game::parse("fibonacci").unwrap().table(&req).unwrap();
    /// // L(n) from n = 1 (L(0) = ∞ is left out): OEIS A139764 begins 1, 2, 3.
    /// assert!(t.bfile().unwrap().ends_with("# offset 1\n1 1\n2 2\n3 3\n"));
    /// ```
    pub fn bfile(&self) -> Result<String, crate::render::bfile::BfileError> {
        let sequence = self
            .sequence
            .as_ref()
            .ok_or(crate::render::bfile::BfileError::NotOneSequence)?;
        crate::render::bfile::sequence(sequence)
    }

    /// The table of a two-dimensional report, rendered in the shapes
    /// `format` wants: text ([`crate::render::text::tableau`]), CSV
    /// ([`crate::render::Csv::tableau`]) and the rows in the JSON object
    /// `json` ([`Tableau::into_json`]), with the family's picture `grid`.
    ///
    /// Law: each shape holds the report's cells row by row; the shapes not
    /// wanted are empty (`json` is kept as given).
    ///
    /// ```
    /// use takeaway::games::{Table, TableFormat};
    /// use takeaway::render::tableau::{Placement, Tableau, TableauLayout};
    /// let t = Tableau { title: "t".into(), footer: String::new(), corner: "n", rows: 1, cols: 2,
    ///     cells: vec![0, 1], none: None, key: "rows", placement: Placement::Column, layout: TableauLayout::Rows };
    /// let t = Table::of_tableau(t, serde_json::json!({"game": "x"}), None, TableFormat::All);
    /// assert_eq!(t.csv, "n,0,1\n0,0,1\n");
    /// assert_eq!(serde_json::to_value(t.document()).unwrap()["rows"], serde_json::json!([[0, 1]]));
    /// ```
    pub fn of_tableau(
        report: Tableau,
        json: Value,
        grid: Option<crate::render::Grid>,
        format: TableFormat,
    ) -> Table {
        Table::rendered(
            report,
            format,
            json,
            grid,
            crate::render::text::tableau,
            |r| crate::render::Csv::tableau(r).finish(),
            Tableau::into_json,
        )
    }

    /// The table of a list of records, rendered in the shapes `format`
    /// wants: text ([`crate::render::text::records`]), CSV
    /// ([`crate::render::Csv::records`]) and the records in the JSON object
    /// `json` ([`Records::into_json`]), with the family's picture `grid`.
    ///
    /// Law: each shape lists the report's records in order; the shapes not
    /// wanted are empty (`json` is kept as given).
    ///
    /// ```
    /// use takeaway::games::{Table, TableFormat};
    /// use takeaway::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
    /// let r = Records { title: "t".into(), footer: String::new(),
    ///     fields: vec![Field::new("value", FieldValues::Small(vec![0])), Field::new("count", FieldValues::Wide(vec![3]))],
    ///     layout: RecordLayout::Template(&["", " ", ""]), json: RecordJson::Counts { key: "counts" } };
    /// let t = Table::of_records(r, serde_json::json!({}), None, TableFormat::All);
    /// assert_eq!((t.text.as_str(), t.csv.as_str()), ("t\n0 3\n", "value,count\n0,3\n"));
    /// assert_eq!(t.json, serde_json::json!({"counts": {"0": 3}}));
    /// ```
    pub fn of_records(
        report: Records,
        json: Value,
        grid: Option<crate::render::Grid>,
        format: TableFormat,
    ) -> Table {
        Table::rendered(
            report,
            format,
            json,
            grid,
            crate::render::text::records,
            |r| crate::render::Csv::records(r).finish(),
            Records::into_json,
        )
    }

    /// The shapes `format` wants, each from its renderer (text, CSV, and
    /// the JSON rows put into `json`); the others empty.
    fn rendered<R>(
        report: R,
        format: TableFormat,
        mut json: Value,
        grid: Option<crate::render::Grid>,
        text: impl FnOnce(&R) -> String,
        csv: impl FnOnce(&R) -> String,
        rows: impl FnOnce(R, &mut Value) -> Option<Column>,
    ) -> Table {
        let wants = |f: TableFormat| format == TableFormat::All || format == f;
        let text = if wants(TableFormat::Text) {
            text(&report)
        } else {
            String::new()
        };
        let csv = if wants(TableFormat::Csv) {
            csv(&report)
        } else {
            String::new()
        };
        let column = if wants(TableFormat::Json) {
            rows(report, &mut json)
        } else {
            None
        };
        Table {
            json,
            text,
            csv,
            grid,
            column,
            sequence: None,
        }
    }
}

pub use crate::render::json::Column;
use crate::render::records::Records;
use crate::render::report::{Sequence, Values};
use crate::render::tableau::Tableau;

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
