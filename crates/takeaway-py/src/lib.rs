//! The Python module `takeaway` (imported as `takeaway._takeaway` and
//! re-exported by the package's `__init__.py`): the library's answers as
//! Python dicts with exact ints, tables as `numpy.uint32` arrays, a game's
//! rules as `Game` objects, and exceptions under `takeaway.Error`.
//!
//! Laws: each function returns exactly the JSON document of the matching
//! `takeaway ... --json` command (numbers as Python ints of any size, lists
//! not tuples), computed by the same library calls under the same limits
//! (`Limits::generous`, as the command line); an error raises the subclass
//! of `takeaway.Error` for its kind with the command line's error line
//! (without `error: `) as its message. Long calls run off the GIL and stop
//! on Ctrl-C (see the module `watch`).

mod convert;
mod errors;
mod family;
mod game;
mod repr;
mod sweep;
mod table;
mod watch;

use convert::{natural, opt_natural, to_py};
use errors::game_error;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use takeaway::games::{AnalyzeRequest, Family, Game, Limits, NoProgress, VerifyRequest};

/// Runs an analysis off the GIL and returns its `--json` document.
pub(crate) fn analyze_request<'py>(
    py: Python<'py>,
    game: &Game,
    mut req: AnalyzeRequest,
) -> PyResult<Bound<'py, PyAny>> {
    let analysis = watch::run(py, Limits::generous(), move |limits| {
        req.limits = limits;
        game.analyze(&req)
    })?
    .map_err(|e| game_error(Some("cannot analyze this position"), e))?;
    to_py(py, &analysis)
}

/// Who wins a position, a winning move and why: the dict of
/// `takeaway analyze GAME PILES... [--bound W] [--all] [--exhaustive] --json`.
/// Piles and bound are ints of any size (or strings of decimal digits).
///
/// >>> takeaway.analyze("fibonacci", 20)["move"]
/// {'bound': 4, 'pile': 0, 'take': 2, 'to': [18]}
#[pyfunction]
#[pyo3(signature = (game, *piles, bound=None, all=false, exhaustive=false))]
fn analyze<'py>(
    py: Python<'py>,
    game: &str,
    piles: &Bound<'py, PyTuple>,
    bound: Option<&Bound<'py, PyAny>>,
    all: bool,
    exhaustive: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let g = Game::parse(game).map_err(|e| game_error(None, e))?;
    if piles.is_empty() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "analyze() needs at least one pile: analyze(game, *piles, bound=None)",
        ));
    }
    let mut ps = Vec::with_capacity(piles.len());
    for (i, p) in piles.iter().enumerate() {
        ps.push(natural(&p, &format!("pile {}", i + 1))?);
    }
    let mut req = AnalyzeRequest::new(ps);
    req.all = all;
    req.exhaustive = exhaustive;
    req.bound = opt_natural(bound, "bound")?;
    analyze_request(py, &g, req)
}

/// The theory against the exhaustive solver on every position with piles up
/// to `up_to`: the dict of `takeaway verify GAME --up-to N --json`
/// (`verdict` is "agree", "disagree" or "hypothesis-fails").
///
/// >>> takeaway.verify("fibonacci", 100)["verdict"]
/// 'agree'
#[pyfunction]
fn verify<'py>(py: Python<'py>, game: &str, up_to: u64) -> PyResult<Bound<'py, PyAny>> {
    let g = Game::parse(game).map_err(|e| game_error(None, e))?;
    let v = watch::run(py, Limits::generous(), |limits| {
        g.verify(&VerifyRequest {
            up_to,
            limits,
            progress: &NoProgress,
        })
    })?
    .map_err(|e| game_error(Some("cannot verify"), e))?;
    to_py(py, &v)
}

/// Every family takeaway knows, from the library's one list
/// (`takeaway::family::FAMILIES`, the same the CLI's help and the server's
/// `/api/games` read): a list of dicts with `id`, `names` (the spec names),
/// `name`, `template`, `params` (`key`, `label`, `default`), `usage`,
/// `help`, `about`, `start`, `parts`, `rows` and `capabilities` (`bounded`,
/// `moves`, `unit`, `misere_theory`, `grundy`, `sum_part`, `strategies`,
/// `heatmap`), plus `example` (the template at its defaults).
///
/// >>> [f["id"] for f in takeaway.families()][:3]
/// ['fibonacci', 'one-pile', 'two-pile']
#[pyfunction]
fn families(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let list: Vec<serde_json::Value> = takeaway::family::all()
        .into_iter()
        .map(|f| {
            let mut v = serde_json::to_value(f).unwrap_or(serde_json::Value::Null);
            if let serde_json::Value::Object(m) = &mut v {
                m.insert("example".into(), f.example_spec().into());
            }
            v
        })
        .collect();
    to_py(py, &list)
}

/// The module `takeaway._takeaway`.
#[pymodule]
#[pyo3(name = "_takeaway")]
fn takeaway_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add("NO_MOVE", table::NO_MOVE)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    m.add_function(wrap_pyfunction!(family::register_family, m)?)?;
    m.add_function(wrap_pyfunction!(table::table, m)?)?;
    m.add_function(wrap_pyfunction!(table::table_info, m)?)?;
    m.add_function(wrap_pyfunction!(repr::repr_zeckendorf, m)?)?;
    m.add_function(wrap_pyfunction!(repr::repr_base, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_plan, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_info, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_run, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_pending, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_shard, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_store, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_merge, m)?)?;
    m.add_class::<game::Game>()?;
    Ok(())
}
