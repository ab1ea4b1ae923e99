//! `misere_quotient(code, heaps=N)`: the misère quotient `Q_N` of an octal
//! game (or Nim, or a subtraction game) as a dict with its multiplication
//! table and `Φ` as `numpy.uint32` arrays, kept for the life of the process
//! (the same store `analyze` answers misère octal positions from).

use crate::convert::{json_to_py, uint32_array};
use crate::errors::{self, game_error};
use crate::watch;
use pyo3::prelude::*;
use std::sync::Arc;
use takeaway::games::heap_games::{self, BoxedHeapGame};
use takeaway::games::octal::code::OctalCode;
use takeaway::games::octal::quotient::{
    cache, disk, engine::QuotientLimits, error::QuotientError, heap_game::OctalHeaps,
    misere_quotient::MisereQuotient,
};
use takeaway::games::{GameError, Limits};

/// The heap game of `code`: an octal code (`0.77`), or a spec the library's
/// [`heap_games::of_spec`] takes (`kayles`, `octal:0.07`, `nim`,
/// `subtraction:s=1,3,4`, its set up to `bound`).
fn heap_game(code: &str, bound: usize) -> PyResult<BoxedHeapGame> {
    if let Ok(c) = OctalCode::parse(code.trim()) {
        return Ok(Box::new(OctalHeaps(c)));
    }
    heap_games::of_spec(code, bound).map_err(|e| match e {
        GameError::NotAHeapGame { spec } => errors::InvalidError::new_err(format!(
            "misère quotients are of heap games (an octal code such as 0.77, octal:CODE, nim, subtraction:s=…); {spec} is not one"
        )),
        e => game_error(None, e),
    })
}

/// The misère quotient `Q_N` of the heaps `1..N` of a heap game, as the
/// dict of `takeaway misere GAME --heaps N --json` (`order` |Q|, `p_count`
/// |P|, `p`, `elements`, `generators` and `relations` (the presentation),
/// `tameness`, `orders`, `changes`, `grundy`, `work`), with `table` the
/// `order × order` multiplication table and `phi` Φ(0..N) as
/// `numpy.uint32` arrays (element 0 is the identity; a sum of heaps is a
/// misère P-position exactly when the product of their Φ lies in `p`).
/// `code` is an octal code (`"0.77"`) or a spec (`"kayles"`, `"nim"`,
/// `"subtraction:s=1,3,4"`). Quotients are kept for the life of the
/// process: `analyze` of a misère octal position whose heaps lie within a
/// kept quotient answers through it. Raises `LimitError` past
/// `max_elements` (elements) or the engine's work limits `max_positions`
/// (product states) and `max_states` (verification states), each in all,
/// with the advice to raise the limit hit.
///
/// >>> q = takeaway.misere_quotient("0.77", heaps=3)
/// >>> (q["order"], q["p_count"], q["tameness"])
/// (6, 2, 't2')
#[pyfunction]
#[pyo3(signature = (code, heaps, max_elements=None, max_positions=None, max_states=None))]
pub(crate) fn misere_quotient<'py>(
    py: Python<'py>,
    code: &str,
    heaps: usize,
    max_elements: Option<usize>,
    max_positions: Option<usize>,
    max_states: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let game = heap_game(code, heaps)?;
    let default = QuotientLimits::default();
    let limits = QuotientLimits {
        max_elements: max_elements.unwrap_or(default.max_elements),
        max_positions: max_positions.unwrap_or(default.max_positions),
        max_states: max_states.unwrap_or(default.max_states),
    };
    let found: Result<Arc<MisereQuotient>, QuotientError> =
        watch::run(py, Limits::generous(), move |_| {
            Ok(cache::quotient_exactly(game.as_ref(), heaps, &limits))
        })?
        .map_err(|e| game_error(None, e))?;
    let q = found.map_err(|e| {
        let mut line = format!("no misère quotient for heaps 1..{heaps}: {e}");
        if let Some(advice) = e.advice(&errors::Keywords) {
            line = format!("{line}; {advice}");
        }
        match e {
            QuotientError::TooLarge { .. } | QuotientError::Work { .. } => {
                errors::LimitError::new_err(line)
            }
            _ => errors::InvalidError::new_err(line),
        }
    })?;
    let mut doc = serde_json::to_value(q.as_ref())
        .map_err(|e| errors::Error::new_err(format!("cannot write the quotient: {e}")))?;
    if let Some(map) = doc.as_object_mut() {
        map.remove("monoid");
        map.remove("phi");
    }
    let out = json_to_py(py, &doc)?;
    let flat: Vec<u32> = q.monoid.table.iter().flatten().copied().collect();
    out.set_item("table", uint32_array(py, &flat, &[q.order, q.order])?)?;
    out.set_item("phi", uint32_array(py, &q.phi, &[q.phi.len()])?)?;
    Ok(out)
}

/// `takeaway._takeaway._use_quotient_disk(stamp)`: from now on the misère
/// quotients this process computes are kept on disk, and read back by a
/// later process of the same build, in the directory the library's
/// `disk::default_dir` names (`$TAKEAWAY_CACHE_DIR`, empty for none, else
/// the user's cache directory), each file marked with `stamp` (what names
/// this build: `takeaway/__init__.py` passes the extension file's size and
/// modification time, so another build recomputes instead of reading).
/// Returns the directory in use, `None` when the environment names none.
#[pyfunction]
#[pyo3(name = "_use_quotient_disk")]
pub(crate) fn use_quotient_disk(stamp: String) -> Option<String> {
    let dir = disk::default_dir()?;
    let shown = dir.display().to_string();
    disk::set_dir(Some((dir, stamp)));
    Some(shown)
}
