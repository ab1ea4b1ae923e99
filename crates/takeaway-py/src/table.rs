//! `table(...)`: a table as a `numpy.uint32` array, and `table_info(...)`:
//! everything else the command line's `table --json` says about it.
//!
//! Laws: `table(g, r, c)` holds the numbers of the `values` (one-pile,
//! subtraction) or `rows` (two-pile tableau) array of `takeaway table g
//! --rows r [--cols c] --json`, cell for cell, with [`NO_MOVE`] where that
//! JSON has `null`; `table_info(g, r, c)` is the document of `takeaway table
//! g --rows r [--cols c] --json --summary` for the families with a summary
//! (subtraction games: period, pre-period, counts, checksum; two-pile
//! tableaux: each column's values and flips), and the `--json` document
//! without the array `table` returns for the others.

use crate::convert::{count, json_to_py, opt_count, uint32_array};
use crate::errors::{self, game_error};
use crate::watch;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use serde_json::Value;
use takeaway::games::{
    Family, Game, GameError, Limits, NoProgress, Table, TableFormat, TableRequest, grundy_table,
    h_sequence_table,
};

/// The cell value standing for "no winning move" (the JSON's `null`): 2^32 − 1.
pub(crate) const NO_MOVE: u32 = u32::MAX;

/// The CLI's context line of table errors.
const CONTEXT: &str = "cannot build the table";

/// Computes the table on a worker thread (GIL released, Ctrl-C honoured).
fn compute(
    py: Python<'_>,
    game: &Game,
    rows: u64,
    cols: Option<u64>,
    summary: bool,
    grundy: bool,
) -> PyResult<Table> {
    let r = watch::run(py, Limits::generous(), |limits| {
        let req = TableRequest {
            rows,
            cols,
            limits,
            progress: &NoProgress,
            summary,
            format: TableFormat::Json,
            slice: Vec::new(),
        };
        // A subtraction game's table is its Grundy values already: Python
        // gives it for grundy=True too (the command line asks for `table`
        // without --grundy there).
        if grundy && !game.values_are_grundy() {
            grundy_table::table_by(game, &req, false)
        } else {
            game.table(&req)
        }
    })?;
    r.map_err(|e| game_error(Some(CONTEXT), e))
}

/// The cells of a table, row after row, and the array's shape.
struct Cells {
    values: Vec<u32>,
    shape: Vec<usize>,
}

/// A JSON cell: a number below 2^32 − 1, or `null` ([`NO_MOVE`]).
fn cell(v: &Value) -> PyResult<u32> {
    match v {
        Value::Null => Ok(NO_MOVE),
        Value::Number(n) => n
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n != NO_MOVE)
            .ok_or_else(|| {
                pyo3::exceptions::PyOverflowError::new_err(format!(
                    "the table holds {n}, which does not fit numpy.uint32 below takeaway.NO_MOVE; use table_info(...) or the command line's --json"
                ))
            }),
        other => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "a table cell is {other}, not a number"
        ))),
    }
}

/// The array part of a computed table, or why the family has none.
fn cells(game: &Game, table: &mut Table) -> PyResult<Cells> {
    if let Some(c) = table.column.take() {
        let mut values = c.values;
        if c.none != NO_MOVE {
            for v in &mut values {
                if *v == c.none {
                    *v = NO_MOVE;
                }
            }
        }
        let shape = match c.shape {
            Some((r, k)) => vec![r, k],
            None => vec![values.len()],
        };
        return Ok(Cells { values, shape });
    }
    for key in ["values", "rows"] {
        match table.json.get(key) {
            Some(Value::Array(items)) => {
                if let Some(Value::Array(first)) = items.first() {
                    let width = first.len();
                    let mut values = Vec::with_capacity(items.len() * width);
                    for row in items {
                        let Value::Array(row) = row else {
                            return Err(pyo3::exceptions::PyValueError::new_err(
                                "a table row is not an array",
                            ));
                        };
                        for v in row {
                            values.push(cell(v)?);
                        }
                    }
                    return Ok(Cells {
                        values,
                        shape: vec![items.len(), width],
                    });
                }
                let values = items.iter().map(cell).collect::<PyResult<Vec<u32>>>()?;
                let n = values.len();
                return Ok(Cells {
                    values,
                    shape: vec![n],
                });
            }
            Some(Value::Null) => {
                // Python's own refusal (the library's table has them): said
                // in Python's words, under the same context line.
                return Err(errors::UnsupportedError::new_err(format!(
                    "{CONTEXT}: not available yet: {}'s table has outcomes, not numbers (misère play): table_info(...)[\"outcomes\"] gives them",
                    game.spec()
                )));
            }
            _ => {}
        }
    }
    let keys: Vec<&str> = table
        .json
        .as_object()
        .map(|m| m.keys().map(String::as_str).collect())
        .unwrap_or_default();
    Err(errors::UnsupportedError::new_err(format!(
        "{CONTEXT}: not available yet: {}'s table is not an array of numbers (its JSON has {}): table_info(...) gives it",
        game.spec(),
        keys.join(", ")
    )))
}

/// The values of a game over a range as a `numpy.uint32` array: one-pile
/// games L(0..rows) (shape `(rows,)`; under misère play the misère L(n),
/// with L(0) = 0: the player who cannot move wins), two-pile tableaux L(m, d) for
/// m < rows, d < cols (shape `(rows, cols)`, cols = rows when omitted),
/// subtraction games their Grundy values (shape `(rows,)`).
/// `takeaway.NO_MOVE` (2**32 − 1) stands where the command line's JSON has
/// null (no winning move). `grundy=True` asks for the Grundy values, those
/// of `takeaway table GAME --grundy --rows R [--cols C] --json`: one-pile
/// games G(n, w) for pile n < rows and bound w < cols (shape `(rows, cols)`,
/// cols = rows when omitted; a cell with w > n holds G(n, n)), Wythoff's Nim
/// G(x, y); subtraction games the same values as without it; the other
/// families raise `InvalidError`. Releases the GIL; Ctrl-C stops it.
///
/// >>> takeaway.table("fibonacci", 6).tolist()
/// [4294967295, 1, 2, 3, 1, 5]
/// >>> takeaway.table("wythoff", 3, grundy=True).tolist()
/// [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
#[pyfunction]
#[pyo3(signature = (game, rows, cols=None, grundy=false))]
pub(crate) fn table<'py>(
    py: Python<'py>,
    game: &str,
    rows: &Bound<'py, PyAny>,
    cols: Option<&Bound<'py, PyAny>>,
    grundy: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (rows, cols) = (count(rows, "rows")?, opt_count(cols, "cols")?);
    let g = Game::parse(game).map_err(|e| game_error(None, e))?;
    let mut computed = compute(py, &g, rows, cols, false, grundy)?;
    let Cells { values, shape } = cells(&g, &mut computed)?;
    drop(computed);
    uint32_array(py, &values, &shape)
}

/// What the command line says about a table besides its cells, as a dict:
/// subtraction games `period`, `preperiod`, `counts` and `checksum` (the
/// document of `takeaway table GAME --rows R --json --summary`); two-pile
/// tableaux `columns` (each column's values and `flips`, the rows where it
/// changes) and the tableau's size (also the `--summary` document); the other
/// families their `--json` document without the array `table()` returns
/// (Wythoff's safe `pairs`, Spite Nim's `e`, `h` and `safe` in full).
/// With `grundy=True` (one-pile games and Wythoff's Nim): the document of
/// `takeaway table GAME --grundy --rows R [--cols C] --summary --json`, the
/// count of each value, the largest and (one-pile) the starting values
/// G(n, n − 1), streamed for any size.
///
/// >>> takeaway.table_info("subtraction:s=1,3,4", 100)["period"]
/// 7
/// >>> takeaway.table_info("wythoff", 30, grundy=True)["max"]
/// 47
#[pyfunction]
#[pyo3(signature = (game, rows, cols=None, grundy=false))]
pub(crate) fn table_info<'py>(
    py: Python<'py>,
    game: &str,
    rows: &Bound<'py, PyAny>,
    cols: Option<&Bound<'py, PyAny>>,
    grundy: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (rows, cols) = (count(rows, "rows")?, opt_count(cols, "cols")?);
    let g = Game::parse(game).map_err(|e| game_error(None, e))?;
    let summary = g.summary_table() || (grundy && !g.values_are_grundy());
    let computed = compute(py, &g, rows, cols, summary, grundy)?;
    let mut doc = serde_json::to_value(computed.document())
        .map_err(|e| errors::Error::new_err(format!("cannot write the table's document: {e}")))?;
    if let (Some(column), Some(map)) = (&computed.column, doc.as_object_mut()) {
        map.remove(&column.key);
    }
    json_to_py(py, &doc)
}

/// The Grundy values G(n, w) of a one-pile game for piles n < rows, each row
/// as its steps, as three `numpy.uint32` arrays `(n, w, value)` of one entry
/// a step: G(n, w') = value from w' = w up to row n's next step (for every
/// w' ≥ w at its last step; a bound above the pile acts as the pile). The
/// `steps` of `takeaway table GAME --grundy --steps --rows R --json`, column
/// by column; misère play gives the misère Grundy values G⁻ (no move: 1).
/// Any number of rows below 2**32 (a million in seconds). Other families
/// raise `InvalidError`. Releases the GIL; Ctrl-C stops it.
///
/// >>> n, w, v = takeaway.grundy_steps("fibonacci", 5)
/// >>> list(zip(n.tolist(), w.tolist(), v.tolist()))[-2:]
/// [(4, 1, 1), (4, 3, 3)]
#[pyfunction]
#[pyo3(signature = (game, rows))]
pub(crate) fn grundy_steps<'py>(
    py: Python<'py>,
    game: &str,
    rows: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyTuple>> {
    let rows = count(rows, "rows")?;
    let g = Game::parse(game).map_err(|e| game_error(None, e))?;
    let r = watch::run(py, Limits::generous(), |limits| {
        let Some(one) = g.family_as::<takeaway::games::one_pile::OnePile>() else {
            return Err(GameError::Invalid(format!(
                "Grundy rows as steps are for one-pile games (G(n, w) by bound w); {} has none",
                g.spec()
            )));
        };
        takeaway::games::one_pile::grundy_steps::GrundySteps::build(
            one.bound(),
            rows,
            one.convention(),
            &limits,
            &NoProgress,
        )
    })?;
    let steps = r.map_err(|e| game_error(Some(CONTEXT), e))?;
    let (offsets, w, v) = steps.arrays();
    let mut n = Vec::with_capacity(w.len());
    for (row, pair) in offsets.windows(2).enumerate() {
        n.extend(std::iter::repeat_n(row as u32, pair[1] - pair[0]));
    }
    PyTuple::new(
        py,
        [
            uint32_array(py, &n, &[n.len()])?,
            uint32_array(py, w, &[w.len()])?,
            uint32_array(py, v, &[v.len()])?,
        ],
    )
}

/// The OEIS b-file of a one-dimensional table, as a string: a `#` line
/// naming the sequence, `# offset K` (the first index, OEIS's offset), then
/// one `n a(n)` line a term — what `takeaway table GAME --rows R --format
/// bfile` prints after its provenance line. The sequences are those a table
/// prints one value per index (one-pile games' L(n) from n = 1, subtraction
/// and octal games' Grundy values from 0); `sequence="starts"` gives
/// G(n, n − 1) of a one-pile game's Grundy rows n < rows (from n = 1) and
/// `sequence="maxima"` each row's largest value (from n = 0), those of
/// `takeaway table GAME --grundy --sequence S --rows R --format bfile`;
/// misère play gives those of G⁻. `sequence="h-sequence"` gives Schwenk's
/// H-sequence of a one-pile game's bound f(t), H_1..H_rows (from k = 1),
/// that of `takeaway table GAME --sequence h-sequence --rows R --format
/// bfile`. A table that is not one sequence of numbers raises
/// `InvalidError`. Releases the GIL; Ctrl-C stops it.
///
/// >>> takeaway.bfile("fibonacci", 4).splitlines()[1:]
/// ['# offset 1', '1 1', '2 2', '3 3']
/// >>> takeaway.bfile("fibonacci", 6, sequence="starts").splitlines()[-2:]
/// ['4 3', '5 0']
/// >>> takeaway.bfile("one-pile:f=3*t", 6, sequence="h-sequence").splitlines()[1:]
/// ['# offset 1', '1 1', '2 2', '3 3', '4 4', '5 6', '6 8']
#[pyfunction]
#[pyo3(signature = (game, rows, sequence=None))]
pub(crate) fn bfile(
    py: Python<'_>,
    game: &str,
    rows: &Bound<'_, PyAny>,
    sequence: Option<&str>,
) -> PyResult<String> {
    let rows = count(rows, "rows")?;
    let g = Game::parse(game).map_err(|e| game_error(None, e))?;
    let h_sequence = sequence == Some(h_sequence_table::NAME);
    let which = match sequence {
        None => None,
        Some(_) if h_sequence => None,
        Some(name) => Some(grundy_table::RowSequence::parse(name).ok_or_else(|| {
            errors::InvalidError::new_err(format!(
                "sequence: `{name}` is not a sequence of this table; expected one of: starts, maxima (of the Grundy rows), h-sequence"
            ))
        })?),
    };
    let r = watch::run(py, Limits::generous(), |limits| {
        let req = TableRequest {
            rows,
            cols: None,
            limits,
            progress: &NoProgress,
            summary: false,
            format: TableFormat::Bfile,
            slice: Vec::new(),
        };
        match which {
            _ if h_sequence => h_sequence_table::table(&g, &req),
            Some(which) => grundy_table::row_sequence(&g, which, &req),
            None => g.table(&req),
        }
    })?;
    let table = r.map_err(|e| game_error(Some(CONTEXT), e))?;
    table.bfile().map_err(|e| {
        errors::InvalidError::new_err(format!("{}: this table has no b-file: {e}", g.spec()))
    })
}
