//! `misere_quotient(code, heaps=N)`: the misère quotient `Q_N` of an octal
//! game (or Nim, or a subtraction game) as a dict with its multiplication
//! table and `Φ` as `numpy.uint32` arrays, kept for the life of the process
//! (the same store `analyze` answers misère octal positions from).

use crate::convert::json_to_py;
use crate::errors::{self, game_error};
use crate::watch;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyTuple};
use std::sync::Arc;
use takeaway::games::octal::code::OctalCode;
use takeaway::games::octal::quotient::{
    cache,
    engine::QuotientLimits,
    error::QuotientError,
    heap_game::{HeapGame, Nim, OctalHeaps, Subtraction},
    misere_quotient::MisereQuotient,
};
use takeaway::games::{Family, Game, Limits};

/// The heap game of `code`: an octal code (`0.77`), or a spec (`kayles`,
/// `octal:0.07`, `nim`, `subtraction:s=1,3,4`, its set up to `bound`).
fn heap_game(code: &str, bound: usize) -> PyResult<Box<dyn HeapGame + Send + Sync>> {
    let code = code.trim();
    if code == "nim" {
        return Ok(Box::new(Nim));
    }
    if let Ok(c) = OctalCode::parse(code) {
        return Ok(Box::new(OctalHeaps(c)));
    }
    let game = Game::parse(code).map_err(|e| game_error(None, e))?;
    if let Some(g) = game.family_as::<takeaway::games::octal::Octal>() {
        return Ok(Box::new(OctalHeaps(g.code.clone())));
    }
    if let Some(g) = game.family_as::<takeaway::games::subtraction::Subtraction>() {
        return Ok(Box::new(Subtraction(
            (1..=bound as u64)
                .filter(|&s| g.set.contains(s))
                .map(|s| s as usize)
                .collect(),
        )));
    }
    Err(errors::InvalidError::new_err(format!(
        "misère quotients are of heap games (an octal code such as 0.77, octal:CODE, nim, subtraction:s=…); {} is not one",
        game.spec()
    )))
}

fn uint32_array<'py>(
    py: Python<'py>,
    values: &[u32],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let bytes = PyByteArray::new_with(py, values.len() * 4, |buf| {
        for (out, v) in buf.chunks_exact_mut(4).zip(values) {
            out.copy_from_slice(&v.to_ne_bytes());
        }
        Ok(())
    })?;
    let numpy = py.import("numpy")?;
    let flat = numpy.call_method1("frombuffer", (bytes, numpy.getattr("uint32")?))?;
    flat.call_method1("reshape", (PyTuple::new(py, shape)?,))
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
/// `max_elements` or the engine's work limits.
///
/// >>> q = takeaway.misere_quotient("0.77", heaps=3)
/// >>> (q["order"], q["p_count"], q["tameness"])
/// (6, 2, 't2')
#[pyfunction]
#[pyo3(signature = (code, heaps, max_elements=None))]
pub(crate) fn misere_quotient<'py>(
    py: Python<'py>,
    code: &str,
    heaps: usize,
    max_elements: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let game = heap_game(code, heaps)?;
    let limits = QuotientLimits {
        max_elements: max_elements.unwrap_or(QuotientLimits::default().max_elements),
        ..QuotientLimits::default()
    };
    let found: Result<Arc<MisereQuotient>, QuotientError> =
        watch::run(py, Limits::generous(), move |_| {
            Ok(cache::quotient_exactly(game.as_ref(), heaps, &limits))
        })?
        .map_err(|e| game_error(None, e))?;
    let q = found.map_err(|e| {
        let line = format!("no misère quotient for heaps 1..{heaps}: {e}");
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
