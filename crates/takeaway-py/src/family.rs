//! Families defined in Python: `takeaway.register_family(id, takes, …)`
//! adds a heap game — a move takes counters from one pile, `takes(n)` lists
//! the counts that may be taken from a pile of `n` — to the library's one
//! list ([`takeaway::family::register`]), and from then on every call of the
//! package (`analyze` with misère, `all`, remoteness and Grundy values,
//! `table`, `families`, `Game`) offers it, solved by the library's engine.
//!
//! Law: the moves of a position are exactly `take t from pile i` for every
//! pile `i` of size `n` and every distinct `t` of `takes(n)` with
//! `1 ≤ t ≤ n`, smallest first; a value outside that range is an error
//! naming the family, never a silent skip.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use pyo3::prelude::*;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, PoisonError};
use takeaway::engine::Estimate;
use takeaway::family::{Capabilities, Family, Layout, Start};
use takeaway::games::custom::{CustomRules, takes_estimate};
use takeaway::games::play::{PlayMove, Position};
use takeaway::games::{Game, GameError};
use takeaway::spec::GameSpec;

/// The rules of a family registered from Python.
#[derive(Debug)]
struct PyTakes {
    id: &'static str,
    name: &'static str,
    takes: Py<PyAny>,
}

/// The most takes one call of `takes` may list (a pile of a million
/// counters with every take allowed).
const MAX_TAKES: usize = 1_000_000;

/// The families registered from Python, by id (the spec parser finds its
/// rules here).
static REGISTERED: Mutex<Vec<Arc<PyTakes>>> = Mutex::new(Vec::new());

impl PyTakes {
    /// `takes(n)` checked: distinct, sorted, each in `1..=n`.
    fn takes_of(&self, py: Python<'_>, n: u64) -> Result<Vec<u64>, GameError> {
        let failed = |what: String| {
            GameError::Invalid(format!("the takes function of `{}` {what}", self.id))
        };
        let listed = self
            .takes
            .call1(py, (n,))
            .map_err(|e| failed(format!("raised {e} for a pile of {n}")))?;
        let mut out = Vec::new();
        let items = listed
            .bind(py)
            .try_iter()
            .map_err(|e| failed(format!("did not return an iterable for a pile of {n}: {e}")))?;
        for (count, item) in items.enumerate() {
            if count >= MAX_TAKES {
                return Err(failed(format!(
                    "returned more than {MAX_TAKES} takes for a pile of {n}; list the takes of a pile, at most {MAX_TAKES}"
                )));
            }
            let item = item.map_err(|e| failed(format!("raised {e} for a pile of {n}")))?;
            let t: u64 = item.extract().map_err(|_| {
                failed(format!(
                    "returned {} for a pile of {n}; a take is an int from 1 to the pile",
                    item.repr()
                        .map_or_else(|_| "a value".to_string(), |r| r.to_string())
                ))
            })?;
            if t == 0 || t > n {
                return Err(failed(format!(
                    "returned {t} for a pile of {n}; a take is 1 to the pile"
                )));
            }
            out.push(t);
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}

impl CustomRules for PyTakes {
    fn spec(&self) -> String {
        self.id.to_string()
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn moves(
        &self,
        pos: &Position,
        out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        Python::attach(|py| {
            for (pile, n) in pos.piles.iter().enumerate() {
                let n = n.to_u64().ok_or_else(|| {
                    GameError::from(takeaway::games::NotKnown::BeyondSearchOf {
                        digits: n.to_string().len(),
                        game: self.id.to_string(),
                    })
                })?;
                for t in self.takes_of(py, n)? {
                    if out(PlayMove::Take {
                        pile,
                        take: BigUint::from(t),
                    })
                    .is_break()
                    {
                        return Ok(());
                    }
                }
            }
            Ok(())
        })
    }
    fn estimate(&self, pos: &Position) -> Estimate {
        takes_estimate(pos, |most| most.saturating_add(1))
    }
}

fn parse(spec: &GameSpec) -> Result<Game, GameError> {
    let rules = REGISTERED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .find(|r| r.id == spec.name)
        .cloned()
        .ok_or_else(|| GameError::Invalid(format!("no Python family `{}`", spec.name)))?;
    spec.only(&["misere"])?;
    Ok(Game::custom(rules, spec.misere()?))
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Adds a heap game defined in Python to takeaway's list of families:
/// `takes(n)` returns the numbers of counters that may be taken from a pile
/// of `n` (each 1 to `n`). The game's spec is `id` (with `:misere=true`
/// for misère play); its answers come from the exhaustive solver.
///
/// >>> from math import isqrt
/// >>> takeaway.register_family("doc-squares", lambda n: [k * k for k in range(1, isqrt(n) + 1)])
/// >>> takeaway.analyze("doc-squares", 2)["outcome"]
/// 'P'
#[pyfunction]
#[pyo3(signature = (id, takes, *, name=None, about=None, start=None))]
pub(crate) fn register_family(
    id: &str,
    takes: Bound<'_, PyAny>,
    name: Option<&str>,
    about: Option<&str>,
    start: Option<Vec<u32>>,
) -> PyResult<()> {
    let valid = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !valid {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "a family id is lower-case letters, digits and `-` (it is its spec name), not {id:?}"
        )));
    }
    if !takes.is_callable() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "takes must be a function of the pile size returning the takes allowed",
        ));
    }
    let id = leak(id.to_string());
    let title = leak(name.unwrap_or(id).to_string());
    let about = leak(
        about
            .map(str::to_string)
            .unwrap_or_else(|| format!("{title}: a heap game defined in Python")),
    );
    let piles: &'static [u32] = Box::leak(start.unwrap_or_else(|| vec![20]).into_boxed_slice());
    let names: &'static [&'static str] = Box::leak(vec![id].into_boxed_slice());
    let family: &'static Family = Box::leak(Box::new(Family {
        id,
        names,
        aliases: &[],
        title,
        template: id,
        params: &[],
        usage: id,
        help: about,
        about,
        start: Start { piles, bound: None },
        parts: &[],
        layout: Layout::Many,
        capabilities: Capabilities::HEAP,
        parse: Some(parse),
    }));
    let rules = Arc::new(PyTakes {
        id,
        name: title,
        takes: takes.unbind(),
    });
    // The rules first, so the spec parses as soon as the family is listed;
    // taken out again if the list refuses it.
    let mut stored = REGISTERED.lock().unwrap_or_else(PoisonError::into_inner);
    if stored.iter().any(|r| r.id == id) {
        return Err(crate::errors::InvalidError::new_err(format!(
            "Cannot register the family `{id}`: `{id}` is already a family or spec name"
        )));
    }
    stored.push(rules);
    if let Err(e) = takeaway::family::register(family) {
        stored.pop();
        return Err(crate::errors::InvalidError::new_err(capitalised(
            &e.to_string(),
        )));
    }
    Ok(())
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
