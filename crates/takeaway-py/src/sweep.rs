//! `sweep_*`: the pieces of `takeaway.sweep` (python/takeaway/sweep.py): a
//! sweep's plan as JSON (the library's [`Sweep`], checked), a local run on
//! every core, and — for a Dask cluster — one shard's text computed on a
//! worker, stored, and merged by the caller into the file the command line
//! writes (the library's [`Output`]).
//!
//! Laws: `sweep_plan(...)` is the sweep of `takeaway sweep` with the same
//! arguments (so the file's `#` line names the same command); every long
//! call runs off the GIL and stops on Ctrl-C; the merged file depends only
//! on the plan, never on which process computed a shard.

use crate::convert::to_py;
use crate::errors::{InvalidError, game_error};
use crate::watch;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use takeaway::games::{GameError, Limits, NoProgress};
use takeaway::sweep::{FAMILIES, Format, Output, Setting, Sweep, SweepError, Takes, Value, Values};

/// The Python exception for a sweep error.
fn sweep_error(e: SweepError) -> PyErr {
    match e {
        SweepError::Game(g) => game_error(Some("cannot sweep"), g),
        SweepError::Io { path, source } => {
            pyo3::exceptions::PyOSError::new_err(format!("{}: {source}", path.display()))
        }
        other => InvalidError::new_err(other.to_string()),
    }
}

/// The memory share of one shard's task (see [`sweep_shard`]).
const SHARD_SHARE: u64 = 256 << 20;

fn plan_of(plan: &str) -> PyResult<Sweep> {
    Sweep::from_json(plan).map_err(|e| game_error(None, e))
}

/// The library's value of the setting `s` from a Python value: a number;
/// a range as `(LO, HI)` or one number; texts as a list or one text.
fn value_of(s: &Setting, v: &Bound<'_, PyAny>) -> PyResult<Value> {
    Ok(match s.takes {
        Takes::Number(_) => Value::Number(v.extract()?),
        Takes::Range => match v.extract::<u64>() {
            Ok(n) => Value::Range(n, n),
            Err(_) => match v.extract::<Vec<u64>>()?.as_slice() {
                [lo, hi] => Value::Range(*lo, *hi),
                _ => {
                    return Err(InvalidError::new_err(format!(
                        "{}: expected (LO, HI)",
                        s.name
                    )));
                }
            },
        },
        Takes::Texts => match v.extract::<String>() {
            Ok(t) => Value::Texts(vec![t]),
            Err(_) => Value::Texts(v.extract()?),
        },
    })
}

/// The plan (JSON) of a sweep: the family's name, then its settings as
/// keywords (the library's list of sweep families names them; `None` or a
/// setting of another family is left out), the shard size and the format.
#[pyfunction]
#[pyo3(signature = (family, shard=None, format="csv", **settings))]
pub(crate) fn sweep_plan(
    family: &str,
    shard: Option<u64>,
    format: &str,
    settings: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let Some(entry) = takeaway::sweep::family(family) else {
        let names: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
        return Err(InvalidError::new_err(format!(
            "no sweep family `{family}`: expected one of {}",
            names.join(", ")
        )));
    };
    let mut values = Values::default();
    for (key, v) in settings.into_iter().flat_map(|d| d.iter()) {
        let key: String = key.extract()?;
        let Some(s) = takeaway::sweep::settings()
            .into_iter()
            .find(|s| s.name == key)
        else {
            return Err(InvalidError::new_err(format!(
                "sweep() got an unexpected keyword argument `{key}`"
            )));
        };
        if v.is_none() || !entry.settings.iter().any(|t| t.name == key) {
            continue;
        }
        values.set(s.name, value_of(s, &v)?);
    }
    let rule_sets = (entry.build)(&values).map_err(|e| game_error(None, e))?;
    let format = match format {
        "csv" => Format::Csv,
        "jsonl" => Format::Jsonl,
        other => {
            return Err(InvalidError::new_err(format!(
                "no sweep format `{other}`: expected csv or jsonl"
            )));
        }
    };
    let sweep = Sweep::new(rule_sets, shard, format).map_err(|e| game_error(None, e))?;
    Ok(sweep.to_json())
}

/// A help text of the library with its settings named as keywords.
fn help(text: &str) -> String {
    takeaway::sweep::worded(text, |s, value| {
        format!("{}={}", s.name, value.unwrap_or(""))
    })
}

/// The sweep families of the library's list: for each, a dict of its
/// `name`, `help` and `settings` (each a dict of `name`, the keyword;
/// `default`, `None` if it has none; and `help`).
#[pyfunction]
pub(crate) fn sweep_families(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    FAMILIES
        .iter()
        .map(|f| {
            let d = PyDict::new(py);
            d.set_item("name", f.name)?;
            d.set_item("help", help(f.help))?;
            let settings = f
                .settings
                .iter()
                .map(|s| {
                    let e = PyDict::new(py);
                    e.set_item("name", s.name)?;
                    let default = match s.takes {
                        Takes::Number(d) => d,
                        _ => None,
                    };
                    e.set_item("default", default)?;
                    e.set_item("help", help(s.help))?;
                    Ok(e)
                })
                .collect::<PyResult<Vec<_>>>()?;
            d.set_item("settings", settings)?;
            Ok(d)
        })
        .collect()
}

/// `(command, shard count, rule-set count)` of a plan.
#[pyfunction]
pub(crate) fn sweep_info(plan: &str) -> PyResult<(String, u64, u64)> {
    let s = plan_of(plan)?;
    Ok((s.command(), s.shards().len(), s.shards().count))
}

/// Runs the plan into `out` on `threads` threads (0: every core), off the
/// GIL: the dict of what was done (`rule_sets`, `shards`, `resumed`,
/// `computed`, `already_complete`, and `discarded`: one line per shard file
/// an earlier run left damaged, cut or foreign, removed and computed again).
#[pyfunction]
pub(crate) fn sweep_run<'py>(
    py: Python<'py>,
    plan: &str,
    out: PathBuf,
    threads: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let s = plan_of(plan)?;
    let report = watch::run(py, Limits::generous(), |limits| {
        Ok(takeaway::sweep::run(
            &s,
            &out,
            threads,
            &limits.cancel,
            &NoProgress,
        ))
    })?
    .map_err(|e| game_error(None, e))?
    .map_err(sweep_error)?;
    to_py(py, &takeaway::render::sweep::SweepDone(&report))
}

/// The shards still to compute for the plan at `out` (creating its shard
/// directory) and the shard files found damaged, cut or foreign (removed,
/// so among those to compute), one line each; or `None` when the file is
/// already complete.
#[pyfunction]
pub(crate) fn sweep_pending(plan: &str, out: PathBuf) -> PyResult<Option<(Vec<u64>, Vec<String>)>> {
    let s = plan_of(plan)?;
    match Output::new(&out).prepare(&s).map_err(sweep_error)? {
        takeaway::sweep::FileProgress::Complete => Ok(None),
        takeaway::sweep::FileProgress::Shards { done, discarded } => Ok(Some((
            (0..s.shards().len())
                .filter(|i| !done.contains(i))
                .collect(),
            discarded.iter().map(ToString::to_string).collect(),
        ))),
    }
}

/// The text of shard `i` (what a Dask task computes and returns), off the GIL.
#[pyfunction]
pub(crate) fn sweep_shard(py: Python<'_>, plan: &str, i: u64) -> PyResult<String> {
    let s = plan_of(plan)?;
    if i >= s.shards().len() {
        return Err(InvalidError::new_err(format!(
            "no shard {i}: the sweep has {}",
            s.shards().len()
        )));
    }
    // A shard's work keeps its own limits (a subtraction set's period
    // search, `Limits::strict` for a bound's tableau); it takes a share of
    // the process's memory budget no larger than that, so the tasks of a
    // worker with several threads run at once instead of waiting for each
    // other's share.
    let share = Limits {
        max_bytes: SHARD_SHARE,
        ..Limits::generous()
    };
    watch::run(py, share, |limits| s.shard_text(i, &limits.cancel))?
        .map_err(|e: GameError| game_error(Some("cannot sweep"), e))
}

/// Stores the text of shard `i` of the plan in the shard directory of
/// `out`, after checking its seal (a text that is not that shard, whole, is
/// refused); returns its number of rows.
#[pyfunction]
pub(crate) fn sweep_store(plan: &str, out: PathBuf, i: u64, text: &str) -> PyResult<u64> {
    let s = plan_of(plan)?;
    Output::new(&out)
        .write_shard(&s, i, text)
        .map_err(sweep_error)?;
    Ok(s.shards().range(i).count() as u64)
}

/// Merges the shards of `out` into the final file (every shard must be there).
#[pyfunction]
pub(crate) fn sweep_merge(py: Python<'_>, plan: &str, out: PathBuf) -> PyResult<()> {
    let s = plan_of(plan)?;
    py.detach(|| Output::new(&out).merge(&s))
        .map_err(sweep_error)
}
