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

use crate::errors::{InvalidError, game_error};
use crate::watch;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use takeaway::games::{GameError, Limits, NoProgress};
use takeaway::sweep::{
    Bounds, Format, HolshouserReiterPairs, OctalCodes, OnePileBounds, Output, Parameter, RuleSets,
    SubtractionSets, Sweep, SweepError, TwoPileBounds,
};

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

/// The plan (JSON) of a sweep: the same arguments as `takeaway sweep`.
#[pyfunction]
#[pyo3(signature = (family, max=None, sizes=None, terms=1000, cap=1_000_000, bounds=Vec::new(), params=Vec::new(), bases=Vec::new(), prefixes=0, up_to=100, shard=None, format="csv", digits=3))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sweep_plan(
    family: &str,
    max: Option<u64>,
    sizes: Option<(u64, u64)>,
    terms: u64,
    cap: u64,
    bounds: Vec<String>,
    params: Vec<String>,
    bases: Vec<String>,
    prefixes: u64,
    up_to: u64,
    shard: Option<u64>,
    format: &str,
    digits: u64,
) -> PyResult<String> {
    let bounds = || -> PyResult<Bounds> {
        Ok(Bounds {
            templates: bounds.clone(),
            parameters: params
                .iter()
                .map(|p| Parameter::parse(p))
                .collect::<Result<_, _>>()
                .map_err(|e| game_error(None, e))?,
        })
    };
    let rule_sets = match family {
        "subtraction" => {
            let max = max.ok_or_else(|| {
                InvalidError::new_err("sweep('subtraction', ...) needs max=M (sets S ⊆ {1..M})")
            })?;
            let (lo, hi) = sizes.unwrap_or((1, max));
            RuleSets::Subtraction(SubtractionSets {
                max,
                min_size: lo,
                max_size: hi,
                terms,
                cap,
            })
        }
        "one-pile" => RuleSets::OnePile(OnePileBounds {
            bounds: bounds()?,
            up_to,
        }),
        "holshouser-reiter" => RuleSets::HolshouserReiter(HolshouserReiterPairs {
            bases,
            prefix_terms: prefixes,
            bounds: bounds()?,
            up_to,
        }),
        "two-pile" => RuleSets::TwoPile(TwoPileBounds {
            bounds: bounds()?,
            up_to,
        }),
        "octal" => RuleSets::Octal(OctalCodes { digits, terms }),
        other => {
            return Err(InvalidError::new_err(format!(
                "no sweep family `{other}`: expected one of subtraction, one-pile, holshouser-reiter, two-pile, octal"
            )));
        }
    };
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
) -> PyResult<Bound<'py, PyDict>> {
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
    let d = PyDict::new(py);
    d.set_item("rule_sets", report.rule_sets)?;
    d.set_item("shards", report.shards)?;
    d.set_item("resumed", report.resumed)?;
    d.set_item("computed", report.computed)?;
    d.set_item("already_complete", report.already_complete)?;
    let discarded: Vec<String> = report.discarded.iter().map(|x| x.to_string()).collect();
    d.set_item("discarded", discarded)?;
    Ok(d)
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
