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
mod quotient;
mod repr;
mod sweep;
mod table;
mod watch;

use convert::{natural, opt_natural, to_py};
use errors::game_error;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use takeaway::games::two_pile::table_4_1::Strategy;
use takeaway::games::{AnalyzeRequest, Family, Game, Limits, NoProgress, VerifyRequest, sum};
use takeaway::render::analysis::Answer;

/// Runs an analysis off the GIL and returns its `--json` document.
pub(crate) fn analyze_request<'py>(
    py: Python<'py>,
    game: &Game,
    mut req: AnalyzeRequest,
    strategy: Option<Strategy>,
) -> PyResult<Bound<'py, PyAny>> {
    let analysis = watch::run(py, Limits::generous(), move |limits| {
        req.limits = limits;
        game.analyze(&req)
    })?
    .map_err(|e| game_error(Some("cannot analyze this position"), e))?;
    to_py(py, &Answer { analysis, strategy })
}

/// Who wins a position, a winning move and why: the dict of
/// `takeaway analyze GAME PILES... [--bound W] [--all] [--exhaustive]
/// [--strategy table-4.1] --json`. Piles and bound are ints of any size (or
/// strings of decimal digits). `strategy="table-4.1"` (two-pile games) adds
/// what paper 000's Table 4.1 prescribes, as the field `strategy`. With
/// `game` `"sum"` (or `"sum:misere=true"`) the piles are the parts, each a
/// string as `analyze` takes it: the same as [`analyze_sum`].
///
/// >>> takeaway.analyze("fibonacci", 20)["move"]
/// {'bound': 4, 'pile': 0, 'take': 2, 'to': [18]}
/// >>> takeaway.analyze("two-pile:f=2*t", 5, 9, strategy="table-4.1")["strategy"]["case"]
/// '(1)(a)'
#[pyfunction]
#[pyo3(signature = (game, *piles, bound=None, all=false, exhaustive=false, strategy=None))]
fn analyze<'py>(
    py: Python<'py>,
    game: &str,
    piles: &Bound<'py, PyTuple>,
    bound: Option<&Bound<'py, PyAny>>,
    all: bool,
    exhaustive: bool,
    strategy: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let g = Game::parse(game).map_err(|e| game_error(None, e))?;
    if g.takes_parts() {
        if bound.is_some() || exhaustive || strategy.is_some() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "a sum takes no bound, exhaustive or strategy: give each part its own bound inside its text, e.g. 'fibonacci 13 --bound 4'",
            ));
        }
        let mut parts = Vec::with_capacity(piles.len());
        for (i, p) in piles.iter().enumerate() {
            parts.push(p.extract::<String>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "part {}: a part of a sum is a str such as 'fibonacci 13 --bound 4'",
                    i + 1
                ))
            })?);
        }
        return sum_request(py, &g, &parts, all);
    }
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
    let strategy = match strategy {
        None => None,
        Some("table-4.1") => Some(
            g.strategy_table_4_1(&req.piles, req.bound.as_ref())
                .map_err(|e| game_error(Some("cannot apply Table 4.1"), e))?,
        ),
        Some(other) => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "strategy: `{other}` is not a strategy takeaway knows; expected one of: table-4.1"
            )));
        }
    };
    analyze_request(py, &g, req, strategy)
}

/// Analyses a sum (`game` takes parts) off the GIL and returns its `--json` document.
fn sum_request<'py>(
    py: Python<'py>,
    game: &Game,
    parts: &[String],
    all: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let parsed = sum::parse_parts(parts).map_err(|e| game_error(None, e))?;
    let mut req = AnalyzeRequest::at(&sum::position_of(&parsed));
    req.all = all;
    let a = watch::run(py, Limits::generous(), move |limits| {
        req.limits = limits;
        game.analyze(&req)
    })?
    .map_err(|e| game_error(Some("cannot analyze this sum"), e))?;
    to_py(py, &Answer::of(a))
}

/// A sum of games (a move is a move in one part): the dict of `takeaway
/// analyze sum PART... [--all] --json` (`sum:misere=true` with
/// `misere=True`): `outcome`, `grundy` (the nim-sum, normal play), `parts`
/// (each part's `game`, `piles`, `bound`, `grundy`), `move` (with `part`,
/// numbered from 0), `method`, `explanation`. Each part is a string as
/// `analyze` takes it, `'GAME PILES... [--bound W]'`; any family but Spite
/// Nim.
///
/// >>> takeaway.analyze_sum(["fibonacci 10", "nim 3", "wythoff 3 5"])["grundy"]
/// 6
#[pyfunction]
#[pyo3(signature = (parts, misere=false, all=false))]
fn analyze_sum<'py>(
    py: Python<'py>,
    parts: Vec<String>,
    misere: bool,
    all: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let game = Game::parse(if misere { "sum:misere=true" } else { "sum" })
        .map_err(|e| game_error(None, e))?;
    sum_request(py, &game, &parts, all)
}

/// The theory against the exhaustive solver on every position with piles up
/// to `up_to`: the dict of `takeaway verify GAME --up-to N --json`
/// (`verdict` is "agree", "disagree" or "hypothesis-fails").
///
/// >>> takeaway.verify("fibonacci", 100)["verdict"]
/// 'agree'
#[pyfunction]
fn verify<'py>(
    py: Python<'py>,
    game: &str,
    up_to: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let up_to = convert::count(up_to, "up_to")?;
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
/// `heatmap`; `misere_theory` is that of the example spec under misère
/// play, e.g. true for `fibonacci`, false for `kayles`), plus `example`
/// (the template at its defaults).
///
/// >>> [f["id"] for f in takeaway.families()][:4]
/// ['fibonacci', 'one-pile', 'memory', 'two-pile']
#[pyfunction]
fn families(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let list: Vec<serde_json::Value> = takeaway::family::all()
        .into_iter()
        .map(|f| f.catalogue_json())
        .collect();
    to_py(py, &list)
}

/// Whether this build defines the module's entry point, `PyInit__takeaway`
/// (the default feature `module`). A crate defining its own `_takeaway`
/// around [`fill`] checks it is `false` (a clear error rather than a
/// duplicate symbol when features are unified with a build of this crate).
pub const DEFINES_MODULE: bool = cfg!(feature = "module");

/// The module `takeaway._takeaway` (with the default feature `module`).
#[cfg(feature = "module")]
#[pymodule]
#[pyo3(name = "_takeaway")]
fn takeaway_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    fill(m)
}

/// Fills `m` with everything `takeaway._takeaway` holds: the functions, the
/// `Game` class, the exceptions and constants. A crate offering families of
/// its own (Rust rules registered with [`takeaway::family::register`])
/// builds the same Python package around them: a `cdylib` named
/// `_takeaway` whose `#[pymodule]` registers its families, then calls this;
/// its library file placed as `takeaway/_takeaway.abi3.so` beside the
/// package's Python files (`python/takeaway/`). See
/// `crates/takeaway-py/tests/squares-ext`.
///
/// # Errors
///
/// Python's error when an attribute cannot be added to `m`.
pub fn fill(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add("NO_MOVE", table::NO_MOVE)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_sum, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(families, m)?)?;
    m.add_function(wrap_pyfunction!(family::register_family, m)?)?;
    m.add_function(wrap_pyfunction!(table::table, m)?)?;
    m.add_function(wrap_pyfunction!(quotient::misere_quotient, m)?)?;
    m.add_function(wrap_pyfunction!(quotient::use_quotient_disk, m)?)?;
    m.add_function(wrap_pyfunction!(table::table_info, m)?)?;
    m.add_function(wrap_pyfunction!(table::grundy_steps, m)?)?;
    m.add_function(wrap_pyfunction!(table::bfile, m)?)?;
    m.add_function(wrap_pyfunction!(repr::repr_zeckendorf, m)?)?;
    m.add_function(wrap_pyfunction!(repr::repr_base, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_plan, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_families, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_info, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_run, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_pending, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_shard, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_store, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep_merge, m)?)?;
    m.add_class::<game::Game>()?;
    Ok(())
}
