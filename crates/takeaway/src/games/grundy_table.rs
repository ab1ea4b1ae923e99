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
use super::one_pile::grundy::GrundyTriangle;
use super::one_pile::grundy_steps::GrundySteps;
use super::wythoff;
use super::{Column, Family, Game, GameError, GrundyCells, Table, TableFormat, TableRequest};
use crate::engine::{Amount, Unit};
use crate::games::advice::Misused;
use crate::games::error::{Hint, Work};
use crate::render::{ColourBar, Csv, Grid, Swatch, sequential};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Most cells of a full table (JSON, text or CSV); `--summary` streams any size.
pub const MOST_CELLS: u64 = 1 << 26;

/// Most cells a side of the picture.
const PICTURE: usize = 400;

/// The glyphs of values 0..61 in the text picture (`+` beyond).
const GLYPHS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

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

    fn json(&self, game: &str, rows: u64, cols: u64, one_pile: bool) -> Value {
        let counts: serde_json::Map<String, Value> = self
            .counts()
            .iter()
            .map(|(k, v)| (k.to_string(), json!(v)))
            .collect();
        let mut out = json!({
            "game": game,
            "grundy": true,
            "row_count": rows,
            "col_count": cols,
            "counts": counts,
            "max": self.max,
        });
        if one_pile {
            out["starts"] = json!(self.starts);
        }
        out
    }

    fn text(&self, game: &str, rows: u64, cols: u64, one_pile: bool) -> (String, String) {
        let cells = if one_pile {
            "cells with w ≤ n"
        } else {
            "cells"
        };
        let mut text = format!(
            "{game}: Grundy values for {rows} rows × {cols} columns; largest {}\n",
            self.max.map_or("-".into(), |m| m.to_string())
        );
        let mut csv = Csv::with_header(&["value", "count"]);
        for (v, k) in &self.counts() {
            let _ = writeln!(text, "G = {v}: {k} {cells}");
            csv.record(&[v, k]);
        }
        if one_pile {
            let shown: Vec<String> = self
                .starts
                .iter()
                .skip(1)
                .take(40)
                .map(|s| s.map_or("-".into(), |v| v.to_string()))
                .collect();
            let _ = writeln!(
                text,
                "starts G(n, n − 1) for n = 1..: {}{}",
                shown.join(" "),
                if self.starts.len() > 41 { " …" } else { "" }
            );
        }
        (text, csv.finish())
    }
}

/// The category of a cell whose value is shown elsewhere (one-pile w > n).
const SAME: u16 = u16::MAX;

/// The category of the value `v`: the value itself (below [`SAME`]).
fn category(v: u32) -> u16 {
    u16::try_from(v).unwrap_or(SAME - 1).min(SAME - 1)
}

/// The legend of a Grundy picture whose largest value is `max`: G = 0 in
/// black (P-positions), the values 1..=max on the sequential scale as a
/// colour bar, then (one-pile) the grey of the cells `extra` (same as `x`).
fn legend(max: u16, x: &str, extra: Option<&str>) -> (Vec<Swatch>, Option<ColourBar>) {
    let top = usize::from(max);
    let mut legend: Vec<Swatch> = (0..=top)
        .map(|v| Swatch {
            label: if v == 0 {
                "G = 0 (P: the mover loses)".into()
            } else {
                format!("G = {v}")
            },
            rgb: if v == 0 {
                [0, 0, 0]
            } else {
                sequential(v - 1, top)
            },
            glyph: GLYPHS.get(v).map_or('+', |&g| char::from(g)),
        })
        .collect();
    let bar = (top >= 1).then(|| ColourBar {
        label: "Grundy value G (0: black)".into(),
        first: 1,
        len: top,
        lowest: 1,
    });
    if let Some(label) = extra {
        legend.push(Swatch {
            label: format!("{label} (same as {x})"),
            rgb: [225, 225, 235],
            glyph: ' ',
        });
    }
    (legend, bar)
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
        let (mut text, csv) = summary.text(spec, rows, cols, true);
        let mut json = summary.json(spec, rows, cols, true);
        if misere {
            json["misere"] = Value::Bool(true);
            text = text
                .replacen("Grundy values", "misère Grundy values G⁻", 1)
                .replacen("starts G(n, n − 1)", "starts G⁻(n, n − 1)", 1);
        }
        return Ok(Table {
            json,
            text,
            csv,
            grid: Some(grid),
            column: None,
            sequence: None,
        });
    }
    let mut values = Vec::new();
    if req.wants(TableFormat::Json) {
        values.reserve(r * c);
        for n in 0..r {
            values.extend((0..c).map(|w| tri.at(n, w)));
        }
    }
    let (text, csv) = cells_text(
        &if misere {
            format!("{spec}: {values_name}, pile n down, bound w across (w > n: G⁻(n, n))")
        } else {
            format!("{spec}: Grundy values G(n, w), pile n down, bound w across (w > n: G(n, n))")
        },
        "n",
        r,
        c,
        req,
        |n, w| tri.at(n, w),
    );
    let mut json = json!({"game": spec, "grundy": true, "row_count": rows, "col_count": cols, "method": if plain { "exhaustive" } else { "incremental-mex" }});
    if misere {
        json["misere"] = Value::Bool(true);
    }
    Ok(Table {
        json,
        text,
        csv,
        grid: Some(grid),
        column: Some(Column {
            key: "rows".into(),
            values,
            none: u32::MAX,
            shape: Some((r, c)),
        }),
        sequence: None,
    })
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
    let mut text = String::new();
    if req.wants(TableFormat::Text) {
        let _ = writeln!(
            text,
            "{spec}: {name} as steps: `w:v` means the value is v from bound w up to the next step (w > n acts as n)"
        );
        for n in 0..steps.rows() {
            let _ = write!(text, "{n:>6}:");
            for (w, v) in steps.steps(n) {
                let _ = write!(text, " {w}:{v}");
            }
            text.push('\n');
        }
    }
    let mut csv = Csv::new();
    if req.wants(TableFormat::Csv) {
        csv = Csv::with_header(&["n", "w", "grundy"]);
        for n in 0..steps.rows() {
            for (w, v) in steps.steps(n) {
                csv.record(&[&n, &w, &v]);
            }
        }
    }
    let mut values = Vec::new();
    if req.wants(TableFormat::Json) {
        values.reserve(steps.step_count() * 3);
        for n in 0..steps.rows() {
            for (w, v) in steps.steps(n) {
                values.extend([n as u32, w, v]);
            }
        }
    }
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
    Ok(Table {
        json,
        text,
        csv: csv.finish(),
        grid: Some(grid),
        column: Some(Column {
            key: "steps".into(),
            values,
            none: u32::MAX,
            shape: Some((steps.step_count(), 3)),
        }),
        sequence: None,
    })
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

fn cells_text(
    title: &str,
    index: &str,
    r: usize,
    c: usize,
    req: &TableRequest<'_>,
    at: impl Fn(usize, usize) -> u32,
) -> (String, String) {
    let mut text = String::new();
    if req.wants(TableFormat::Text) {
        let _ = writeln!(text, "{title}");
        for n in 0..r {
            let _ = write!(text, "{n:>6}:");
            for w in 0..c {
                let _ = write!(text, " {:>3}", at(n, w));
            }
            text.push('\n');
        }
    }
    let csv = if req.wants(TableFormat::Csv) {
        Csv::matrix(index, r, c, |n, w| Some(at(n, w))).finish()
    } else {
        String::new()
    };
    (text, csv)
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
        let (text, csv) = summary.text(spec, rows, cols, false);
        return Ok(Table {
            json: summary.json(spec, rows, cols, false),
            text,
            csv,
            grid: Some(grid),
            column: None,
            sequence: None,
        });
    }
    let (text, csv) = cells_text(
        &format!("{spec}: Grundy values G(x, y), pile x down, pile y across"),
        "x",
        r,
        c,
        req,
        |x, y| values[x * c + y],
    );
    Ok(Table {
        json: json!({"game": spec, "grundy": true, "row_count": rows, "col_count": cols, "method": "exhaustive"}),
        text,
        csv,
        grid: Some(grid),
        column: Some(Column {
            key: "rows".into(),
            values,
            none: u32::MAX,
            shape: Some((r, c)),
        }),
        sequence: None,
    })
}
