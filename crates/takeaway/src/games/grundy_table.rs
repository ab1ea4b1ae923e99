//! Tables of Grundy values (`takeaway table GAME --grundy`): one-pile games
//! `G(n, w)` (pile `n < R`, bound `w < C`) and Wythoff's Nim `G(x, y)`, as
//! JSON `rows`, text, CSV, a summary, and a heatmap with a legend.
//!
//! Laws: `rows[n][w] = G(n, w)` with `G(n, w) = G(n, n)` for `w > n`; every
//! row has `C` cells; the summary's `counts` count the cells with `w ≤ n`
//! (one-pile; every cell for Wythoff) and add up to their number; `starts[n]
//! = G(n, n − 1)` (the value of a starting position), `null` for `n = 0`.
//! One-pile values come from the incremental mex of [`super::one_pile::grundy`]
//! (`O(R²)`), Wythoff's from the row / column / diagonal mex of
//! [`super::wythoff::grundy`] (`O(R·C)` cells, no search).

use super::grundy::undefined;
use super::grundy_plot::grundy_legend as legend;
use super::one_pile::grundy::GrundyTriangle;
use super::one_pile::grundy_steps::GrundySteps;
use super::wythoff;
use super::{Family, Game, GameError, GrundyCells, Table, TableRequest};
use crate::engine::{Amount, Unit};
use crate::games::advice::Misused;
use crate::games::error::{Hint, Work};
use crate::render::Grid;
use crate::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
use crate::render::report::{Layout, Sequence, Values};
use crate::render::tableau::{Placement, Tableau, TableauLayout};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Most cells of a full table (JSON, text or CSV); `--summary` streams any size.
pub const MOST_CELLS: u64 = 1 << 26;

/// Most cells a side of the picture.
const PICTURE: usize = 400;

/// The Grundy table of `game` for `req.rows` rows and `req.cols` columns
/// (default: as many as rows); with `req.summary` only the summary.
///
/// ```
/// use takeaway::games::{Game, TableRequest};
/// use takeaway::games::grundy_table::table;
/// let mut req = TableRequest::new(4);
/// req.cols = Some(3);
/// let t = table(&Game::parse("fibonacci").unwrap(), &req).unwrap();
/// let doc = serde_json::to_value(t.document()).unwrap();
/// // G(n, w) by the mex rule, by hand: G(3, 1) = mex{G(2, 2) = 2} = 0 and
/// // G(3, 2) = mex{2, G(1, 1) = 1} = 0 (G(3, 3) = 3 is cut off at 3 columns).
/// assert_eq!(doc["rows"], serde_json::json!([[0, 0, 0], [0, 1, 1], [0, 0, 2], [0, 0, 0]]));
/// ```
pub fn table(game: &Game, req: &TableRequest<'_>) -> Result<Table, GameError> {
    table_by(game, req, false)
}

/// [`table`], with one-pile values from the engine's plain mex over every
/// move of every position when `plain` (`O(R³)`; for measurements and checks).
pub fn table_by(game: &Game, req: &TableRequest<'_>, plain: bool) -> Result<Table, GameError> {
    // Misère play: one-pile and memory games table the misère Grundy values
    // G⁻ (as `--steps` does); every other family refuses it as before.
    let misere = game.convention() == crate::engine::Convention::Misere;
    let misere_rows = matches!(
        game.grundy_cells(),
        Some(GrundyCells::PileAndBound(_) | GrundyCells::Own(_))
    );
    if let Some(why) = undefined(game)
        && !(misere && misere_rows && game.no_grundy().is_none())
    {
        return Err(why.into());
    }
    if misere && plain {
        // The engine's plain triangle is normal play only.
        return Err(super::error::NoGrundy::Misere.into());
    }
    let rows = req.rows;
    let cols = req.cols.unwrap_or(rows);
    if !req.summary && rows.saturating_mul(cols) > MOST_CELLS {
        return Err(GameError::too_large(
            Work::GrundyTable { rows, cols },
            Amount::of(rows.saturating_mul(cols), Unit::Cells),
            Amount::of(MOST_CELLS, Unit::Cells),
            Hint::SummaryOrFewerCells,
        ));
    }
    match game.grundy_cells() {
        Some(GrundyCells::PileAndBound(f)) => {
            one_pile_table(&game.spec(), f, rows, cols, req, plain, misere)
        }
        Some(GrundyCells::WythoffPairs) => wythoff_table(&game.spec(), rows, cols, req),
        Some(GrundyCells::Own(own)) => own.grundy_table(&game.spec(), req, misere),
        None => Err(Misused::GrundyTableOf { game: game.spec() }.into()),
    }
}

/// Counts of values, the largest, and (one-pile) the starting values.
#[derive(Default)]
struct Summary {
    /// Counts of the values below 2^16, indexed by value (a table of
    /// 20,000² cells counts 200 million values: a map look-up each was half
    /// the time of the whole summary).
    small: Vec<u64>,
    /// Counts of larger values.
    large: BTreeMap<u32, u64>,
    max: Option<u32>,
    starts: Vec<Option<u32>>,
}

impl Summary {
    fn add(&mut self, v: u32) {
        match usize::try_from(v) {
            Ok(i) if i < 1 << 16 => {
                if i >= self.small.len() {
                    self.small.resize(i + 1, 0);
                }
                self.small[i] += 1;
            }
            _ => *self.large.entry(v).or_insert(0) += 1,
        }
        self.max = Some(self.max.map_or(v, |m| m.max(v)));
    }

    /// Adds `k` cells of value `v`.
    fn add_many(&mut self, v: u32, k: u64) {
        if k == 0 {
            return;
        }
        match usize::try_from(v) {
            Ok(i) if i < 1 << 16 => {
                if i >= self.small.len() {
                    self.small.resize(i + 1, 0);
                }
                self.small[i] += k;
            }
            _ => *self.large.entry(v).or_insert(0) += k,
        }
        self.max = Some(self.max.map_or(v, |m| m.max(v)));
    }

    /// Adds every value of a row of `u16` values.
    fn add_row(&mut self, row: &[u16]) {
        let Some(&top) = row.iter().max() else {
            return;
        };
        if usize::from(top) >= self.small.len() {
            self.small.resize(usize::from(top) + 1, 0);
        }
        for &v in row {
            self.small[usize::from(v)] += 1;
        }
        let top = u32::from(top);
        self.max = Some(self.max.map_or(top, |m| m.max(top)));
    }

    /// Every value that occurs, with its count, in increasing order.
    fn counts(&self) -> BTreeMap<u32, u64> {
        let mut all = self.large.clone();
        for (v, &k) in self.small.iter().enumerate() {
            if k > 0 {
                all.insert(v as u32, k);
            }
        }
        all
    }

    /// The summary as a report (`value,count` records, the largest in the
    /// title, the starting values after them) and its JSON object.
    fn report(
        &self,
        game: &str,
        (rows, cols): (u64, u64),
        one_pile: bool,
        misere: bool,
    ) -> (Records, Value) {
        let counts = self.counts();
        let mut json = json!({
            "game": game,
            "grundy": true,
            "row_count": rows,
            "col_count": cols,
            "max": self.max,
        });
        if one_pile {
            json["starts"] = json!(self.starts);
        }
        if misere {
            json["misere"] = Value::Bool(true);
        }
        let (values, g) = if misere {
            ("misère Grundy values G⁻", "G⁻")
        } else {
            ("Grundy values", "G")
        };
        let footer = if one_pile {
            let shown: Vec<String> = self
                .starts
                .iter()
                .skip(1)
                .take(40)
                .map(|s| s.map_or("-".into(), |v| v.to_string()))
                .collect();
            format!(
                "starts {g}(n, n − 1) for n = 1..: {}{}\n",
                shown.join(" "),
                if self.starts.len() > 41 { " …" } else { "" }
            )
        } else {
            String::new()
        };
        let report = Records {
            title: format!(
                "{game}: {values} for {rows} rows × {cols} columns; largest {}",
                self.max.map_or("-".into(), |m| m.to_string())
            ),
            footer,
            fields: Field::value_counts(&counts),
            layout: RecordLayout::Template(if one_pile {
                &["G = ", ": ", " cells with w ≤ n"]
            } else {
                &["G = ", ": ", " cells"]
            }),
            json: RecordJson::Counts { key: "counts" },
        };
        (report, json)
    }
}

/// The category of a cell whose value is shown elsewhere (one-pile w > n).
const SAME: u16 = u16::MAX;

/// The category of the value `v`: the value itself (below [`SAME`]).
fn category(v: u32) -> u16 {
    u16::try_from(v).unwrap_or(SAME - 1).min(SAME - 1)
}

/// The values of a one-pile table: the dense triangle (`--exhaustive`) or
/// the step rows.
enum OnePileValues {
    Dense(GrundyTriangle),
    Steps(GrundySteps),
}

impl OnePileValues {
    fn rows(&self) -> usize {
        match self {
            OnePileValues::Dense(t) => t.rows(),
            OnePileValues::Steps(s) => s.rows(),
        }
    }

    fn at(&self, n: usize, w: usize) -> u32 {
        match self {
            OnePileValues::Dense(t) => u32::from(t.at(n, w)),
            OnePileValues::Steps(s) => s.at(n, w as u64),
        }
    }
}

/// The summary of step rows: each step counts the cells `w ≤ n`, `w < cols`
/// it covers.
fn summary_of_steps(steps: &GrundySteps, cols: u64) -> Summary {
    let mut summary = Summary::default();
    for n in 0..steps.rows() {
        let (starts, values) = steps.row(n);
        // Cells w ≤ last, w < cols.
        let last = (n as u64).min(cols.saturating_sub(1));
        for (i, (&s, &v)) in starts.iter().zip(values).enumerate() {
            let s = u64::from(s);
            if cols == 0 || s > last {
                break;
            }
            let end = starts
                .get(i + 1)
                .map_or(last + 1, |&e| u64::from(e).min(last + 1));
            summary.add_many(v, end - s);
        }
        summary
            .starts
            .push(n.checked_sub(1).map(|w| steps.at(n, w as u64)));
    }
    summary
}

fn one_pile_table(
    spec: &str,
    f: &crate::bound::Bound,
    rows: u64,
    cols: u64,
    req: &TableRequest<'_>,
    plain: bool,
    misere: bool,
) -> Result<Table, GameError> {
    let (tri, summary) = if plain {
        let mut summary = Summary::default();
        let c = usize::try_from(cols).unwrap_or(usize::MAX);
        let tri = GrundyTriangle::plain(f, rows, &req.limits)?;
        for n in 0..tri.rows() {
            let row = tri.row(n);
            summary.add_row(&row[..row.len().min(c)]);
            summary
                .starts
                .push(n.checked_sub(1).map(|w| u32::from(row[w])));
        }
        (OnePileValues::Dense(tri), summary)
    } else {
        let steps = GrundySteps::build(
            f,
            rows,
            crate::engine::Convention::from_misere(misere),
            &req.limits,
            req.progress,
        )?;
        let summary = summary_of_steps(&steps, cols);
        (OnePileValues::Steps(steps), summary)
    };
    let c = usize::try_from(cols).unwrap_or(usize::MAX);
    let r = tri.rows();
    let values_name = if misere {
        "misère Grundy values G⁻(n, w) (no move: 1)"
    } else {
        "Grundy values G(n, w)"
    };
    let grid = one_pile_picture(
        format!("{spec}: {values_name} (pile n, bound w)"),
        r.min(c),
        |n, w| tri.at(n, w),
    );
    if req.summary {
        let (report, json) = summary.report(spec, (rows, cols), true, misere);
        return Ok(Table::of_records(report, json, Some(grid), req.format));
    }
    let mut cells = Vec::with_capacity(r.saturating_mul(c));
    for n in 0..r {
        cells.extend((0..c).map(|w| tri.at(n, w)));
    }
    let report = Tableau {
        title: if misere {
            format!("{spec}: {values_name}, pile n down, bound w across (w > n: G⁻(n, n))")
        } else {
            format!("{spec}: Grundy values G(n, w), pile n down, bound w across (w > n: G(n, n))")
        },
        footer: String::new(),
        corner: "n",
        rows: r,
        cols: c,
        cells,
        none: None,
        key: "rows",
        placement: Placement::Column,
        layout: TableauLayout::Rows,
    };
    let mut json = json!({"game": spec, "grundy": true, "row_count": rows, "col_count": cols, "method": if plain { "exhaustive" } else { "incremental-mex" }});
    if misere {
        json["misere"] = Value::Bool(true);
    }
    Ok(Table::of_tableau(report, json, Some(grid), req.format))
}

/// The heatmap of a one-pile table: the first `PICTURE` rows and columns
/// (`at_most` of them), a cell with `w > n` grey.
fn one_pile_picture(title: String, at_most: usize, at: impl Fn(usize, usize) -> u32) -> Grid {
    let side = PICTURE.min(at_most);
    let mut cells = Vec::with_capacity(side * side);
    for n in 0..side {
        for w in 0..side {
            cells.push(if w > n { SAME } else { category(at(n, w)) });
        }
    }
    picture(
        title,
        "bound w",
        "pile n",
        side,
        cells,
        Some(("w = n", "w > n")),
    )
}

/// The Grundy values of a one-pile game as step rows (`takeaway table GAME
/// --grundy --steps`): one `(n, w, v)` per step, meaning `G(n, w') = v` for
/// `w ≤ w' <` the next step's `w` on row `n` (every `w' ≥ w` at a row's last
/// step). Misère play gives the misère Grundy values `G⁻` (no move: 1).
/// Text: one line a row (`w:v` per step); CSV `n,w,grundy`; JSON `steps` =
/// [[n, w, v], …] with `game`, `grundy`, `row_count`, `step_count`, `method`.
///
/// ```
/// use takeaway::games::{Game, TableRequest};
/// use takeaway::games::grundy_table::steps_table;
/// let t = steps_table(&Game::parse("fibonacci").unwrap(), &TableRequest::new(4)).unwrap();
/// // Rows 0..3 of docs/cli.md's table: 0 | 0 1 | 0 0 2 | 0 0 0 3.
/// assert_eq!(t.csv, "n,w,grundy\n0,0,0\n1,0,0\n1,1,1\n2,0,0\n2,2,2\n3,0,0\n3,3,3\n");
/// ```
pub fn steps_table(game: &Game, req: &TableRequest<'_>) -> Result<Table, GameError> {
    let Some(GrundyCells::PileAndBound(f)) = game.grundy_cells() else {
        if let Some(GrundyCells::Own(_)) = game.grundy_cells() {
            return Err(Misused::StepsOfMemory { game: game.spec() }.into());
        }
        return Err(Misused::StepsOf { game: game.spec() }.into());
    };
    let spec = game.spec();
    let convention = game.convention();
    let misere = convention == crate::engine::Convention::Misere;
    let steps = GrundySteps::build(f, req.rows, convention, &req.limits, req.progress)?;
    let name = if misere {
        "misère Grundy values G⁻(n, w) (no move: 1)"
    } else {
        "Grundy values G(n, w)"
    };
    let grid = one_pile_picture(
        format!("{spec}: {name} (pile n, bound w)"),
        steps.rows(),
        |n, w| steps.at(n, w as u64),
    );
    let (mut ns, mut ws, mut vs) = (Vec::new(), Vec::new(), Vec::new());
    for n in 0..steps.rows() {
        for (w, v) in steps.steps(n) {
            ns.push(n as u32);
            ws.push(w);
            vs.push(v);
        }
    }
    let report = Records {
        title: format!(
            "{spec}: {name} as steps: `w:v` means the value is v from bound w up to the next step (w > n acts as n)"
        ),
        footer: String::new(),
        fields: vec![
            Field::new("n", FieldValues::Small(ns)),
            Field::new("w", FieldValues::Small(ws)),
            Field::new("grundy", FieldValues::Small(vs)),
        ],
        layout: RecordLayout::Steps,
        json: RecordJson::Column { key: "steps" },
    };
    let mut json = json!({
        "game": spec,
        "grundy": true,
        "row_count": req.rows,
        "step_count": steps.step_count(),
        "method": steps.method().name(),
    });
    if misere {
        json["misere"] = Value::Bool(true);
    }
    Ok(Table::of_records(report, json, Some(grid), req.format))
}

/// A one-dimensional sequence read off a one-pile game's Grundy rows
/// ([`row_sequence`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowSequence {
    /// `G(n, n − 1)` for `n ≥ 1`: the value of the starting position of a
    /// pile of `n` (the first move may take all but one), offset 1.
    Starts,
    /// `max_w G(n, w)` for `n ≥ 0`: the largest value of row `n` (over
    /// every bound; a bound above the pile acts as the pile), offset 0.
    Maxima,
}

impl RowSequence {
    /// The sequence's name in requests and JSON (`starts`, `maxima`).
    ///
    /// ```
    /// use takeaway::games::grundy_table::RowSequence;
    /// assert_eq!(RowSequence::parse("maxima"), Some(RowSequence::Maxima));
    /// assert_eq!(RowSequence::Starts.name(), "starts");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            RowSequence::Starts => "starts",
            RowSequence::Maxima => "maxima",
        }
    }

    /// The sequence named `name` ([`RowSequence::name`]), if any.
    pub fn parse(name: &str) -> Option<RowSequence> {
        [RowSequence::Starts, RowSequence::Maxima]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// The sequence `which` of the Grundy rows `n < req.rows` of a one-pile
/// game (misère play: of `G⁻`), as a one-dimensional table: text, CSV
/// `n,start` or `n,max`, JSON `values` with `game`, `grundy`, `sequence`,
/// `row_count`, and the report kept for an OEIS b-file
/// ([`crate::render::bfile`]) when `req` wants it.
///
/// Law: term `n` is `G(n, n − 1)` (from `n = 1`) or `max_w G(n, w)` (from
/// `n = 0`), the values of [`table`]'s rows.
///
/// ```
/// use takeaway::games::{Game, TableRequest};
/// use takeaway::games::grundy_table::{row_sequence, RowSequence};
/// let game = Game::parse("fibonacci").unwrap();
/// let t = row_sequence(&game, RowSequence::Starts, &TableRequest::new(5)).unwrap();
/// // Rows 0..4 by the mex rule, by hand: 0 | 0 1 | 0 0 2 | 0 0 0 3 | 0 1 1 3,
/// // so G(n, n − 1) = 0, 0, 0, 3 (lost exactly at the Fibonacci numbers 1, 2, 3).
/// assert_eq!(t.csv, "n,start\n1,0\n2,0\n3,0\n4,3\n");
/// let m = row_sequence(&game, RowSequence::Maxima, &TableRequest::new(5)).unwrap();
/// assert_eq!(m.csv, "n,max\n0,0\n1,1\n2,2\n3,3\n4,3\n");
/// ```
pub fn row_sequence(
    game: &Game,
    which: RowSequence,
    req: &TableRequest<'_>,
) -> Result<Table, GameError> {
    let Some(GrundyCells::PileAndBound(f)) = game.grundy_cells() else {
        return Err(Misused::RowSequenceOf { game: game.spec() }.into());
    };
    let spec = game.spec();
    let convention = game.convention();
    let misere = convention == crate::engine::Convention::Misere;
    let steps = GrundySteps::build(f, req.rows, convention, &req.limits, req.progress)?;
    let g = if misere { "G⁻" } else { "G" };
    let last = steps.rows().saturating_sub(1);
    let (values, offset, title, columns, heading): (
        Vec<u32>,
        u64,
        String,
        [&'static str; 2],
        &'static str,
    ) = match which {
        RowSequence::Starts => (
            (1..steps.rows())
                .map(|n| steps.at(n, n as u64 - 1))
                .collect(),
            1,
            format!(
                "{spec}: {g}(n, n − 1), the Grundy value of a pile of n whose first move may take all but one, n = 1..{last}"
            ),
            ["n", "start"],
            if misere {
                "G⁻(n,n−1)"
            } else {
                "G(n, n−1)"
            },
        ),
        RowSequence::Maxima => (
            (0..steps.rows())
                .map(|n| steps.steps(n).map(|(_, v)| v).max().unwrap_or(0))
                .collect(),
            0,
            format!(
                "{spec}: the largest Grundy value of row n, max over w of {g}(n, w), n = 0..{last}"
            ),
            ["n", "max"],
            if misere { "max G⁻" } else { "max G" },
        ),
    };
    let report = Sequence {
        title,
        footer: String::new(),
        offset,
        ..Sequence::of(
            Values::Small { values, none: None },
            columns,
            "values",
            Layout::Columns { heading },
        )
    };
    let mut json = json!({
        "game": spec,
        "grundy": true,
        "sequence": which.name(),
        "row_count": req.rows,
        "offset": offset,
    });
    if misere {
        json["misere"] = Value::Bool(true);
    }
    Ok(Table::of_sequence(report, json, None, req.format))
}

/// A picture of `cells` (rows of `side_or_width` cells, each a value or
/// [`SAME`]) with its legend and colour bar for the values it shows;
/// `same`: the label of the [`SAME`] cells and what they equal.
fn picture(
    title: String,
    x: &str,
    y: &str,
    side_or_width: usize,
    mut cells: Vec<u16>,
    same: Option<(&str, &str)>,
) -> Grid {
    let height = cells.len().checked_div(side_or_width).unwrap_or(0);
    let max = cells
        .iter()
        .copied()
        .filter(|&c| c != SAME)
        .max()
        .unwrap_or(0);
    let (legend, bar) = legend(max, same.map_or("", |s| s.0), same.map(|s| s.1));
    for c in &mut cells {
        if *c == SAME {
            *c = max + 1;
        }
    }
    Grid {
        title,
        x_label: x.into(),
        y_label: y.into(),
        width: side_or_width,
        height,
        cells,
        legend,
        bar,
    }
}

fn wythoff_table(
    spec: &str,
    rows: u64,
    cols: u64,
    req: &TableRequest<'_>,
) -> Result<Table, GameError> {
    let r = usize::try_from(rows).unwrap_or(usize::MAX);
    let c = usize::try_from(cols).unwrap_or(usize::MAX);
    let mut summary = Summary::default();
    let keep = !req.summary;
    let mut values: Vec<u32> = Vec::new();
    let side = PICTURE.min(r).min(c);
    let mut cells = vec![0u16; side * side];
    // Pile x down, pile y across: the sweep's order (x, then y).
    wythoff::grundy::each(rows, cols, &req.limits, req.progress, |x, y, v| {
        let v = v.min(u32::MAX - 1);
        summary.add(v);
        if keep {
            values.push(v);
        }
        if x < side && y < side {
            cells[x * side + y] = category(v);
        }
    })?;
    let grid = picture(
        format!("{spec}: Grundy values G(x, y)"),
        "pile y",
        "pile x",
        side,
        cells,
        None,
    );
    if req.summary {
        let (report, json) = summary.report(spec, (rows, cols), false, false);
        return Ok(Table::of_records(report, json, Some(grid), req.format));
    }
    let report = Tableau {
        title: format!("{spec}: Grundy values G(x, y), pile x down, pile y across"),
        footer: String::new(),
        corner: "x",
        rows: r,
        cols: c,
        cells: values,
        none: None,
        key: "rows",
        placement: Placement::Column,
        layout: TableauLayout::Rows,
    };
    Ok(Table::of_tableau(
        report,
        json!({"game": spec, "grundy": true, "row_count": rows, "col_count": cols, "method": "exhaustive"}),
        Some(grid),
        req.format,
    ))
}
