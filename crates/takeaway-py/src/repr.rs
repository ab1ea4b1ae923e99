//! `repr_zeckendorf(n)` and `repr_base(base, n)`: the documents of
//! `takeaway repr zeckendorf N --json` and `takeaway repr base BASE N --json`.
//!
//! The base syntax (`fibonacci`, `binary`, `h:f=EXPR`, an explicit list) is
//! read exactly as the command line reads it, with the same messages.

use crate::convert::{natural, to_py};
use crate::errors::{InvalidError, SpecError, cli_line};
use pyo3::prelude::*;
use pyo3::types::PyString;
use takeaway::bound::base_name::parse_base_name;
use takeaway::games::two_pile::section3_report::{Section3Report, Section3Request};
use takeaway::numeration::base::Base;
use takeaway::numeration::base_report::BaseReport;
use takeaway::render::repr::{InBase, ZeckendorfForms};

/// The Zeckendorf forms of `n`: the dict of `takeaway repr zeckendorf N --json`
/// (`n`, `canonical` and `second_canonical` as 0/1 strings in the papers'
/// notation, rightmost digit = F1; `a_number`: whether the rightmost
/// canonical one is in an even position, `None` for 0).
///
/// >>> takeaway.repr_zeckendorf(8)["second_canonical"]
/// '10101'
#[pyfunction]
pub(crate) fn repr_zeckendorf<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let n = natural(n, "bad number")?;
    let report = py.detach(move || ZeckendorfForms::of(n));
    to_py(py, &report)
}

/// Reads `fibonacci`, `binary`, `h:f=EXPR` or an explicit list (the
/// library's reading, the command line's messages).
fn parse_base(text: &str) -> PyResult<Base> {
    parse_base_name(text).map_err(|e| SpecError::new_err(cli_line(None, &e)))
}

/// `n` in a generalised base (Holshouser–Reiter Algorithm 1): the dict of
/// `takeaway repr base BASE N [--h RULE]... [--iterate K] [--f EXPR] --json`
/// (`terms` and their 1-based `indices`, `g`, `g_bar`, `binary`,
/// `semi_stable`). `base` is `fibonacci`, `binary`, `h:f=EXPR` (Schwenk's
/// H-sequence of f) or a list such as `1,2,3,6,7,10,17,34`. With `h` (one
/// rule or a list, paper 002 Section 3: Definition 8, e.g. `"h=g"`,
/// `"gbar"`, `"h=if(n%2,gbar(n),g(n))"`) the dict adds `h`, `g_prime`,
/// `conclusion`, `theorem1` and `f`; `iterate=K` adds `iterates` (g', g'',
/// …, g^(K) by Remark 2); `f` is the bound of Definition 9 (default: the
/// least one satisfying P-1…P-9).
///
/// >>> takeaway.repr_base("1,2,3,6,7,10,17,34", 31)["terms"]
/// [1, 3, 10, 17]
/// >>> takeaway.repr_base("fibonacci", 4, h="h=g")["g_prime"]
/// 1
#[pyfunction]
#[pyo3(signature = (base, n, h=None, iterate=None, f=None))]
pub(crate) fn repr_base<'py>(
    py: Python<'py>,
    base: &str,
    n: &Bound<'py, PyAny>,
    h: Option<&Bound<'py, PyAny>>,
    iterate: Option<usize>,
    f: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = parse_base(base)?;
    let n = natural(n, "bad number")?;
    let rules: Vec<String> = match h {
        None => Vec::new(),
        Some(h) if h.is_instance_of::<PyString>() => vec![h.extract()?],
        Some(h) => h.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(
                "h: expected a rule (str) or a list of rules, e.g. \"h=g\" or [\"g\", \"gbar\"]",
            )
        })?,
    };
    if rules.is_empty() && (iterate.is_some() || f.is_some()) {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "iterate and f go with h (paper 002 Section 3): repr_base(base, n, h=\"h=g\", iterate=K)",
        ));
    }
    let invalid = |e: &(dyn std::error::Error + 'static)| InvalidError::new_err(cli_line(None, e));
    let section3 = if rules.is_empty() {
        None
    } else {
        let req = Section3Request {
            h: rules,
            iterate,
            f,
        };
        let (b, n) = (b.clone(), n.clone());
        let r = py.detach(move || Section3Report::new(&b, &n, &req));
        Some(r.map_err(|e| {
            if e.is_syntax() {
                SpecError::new_err(cli_line(None, &e))
            } else {
                invalid(&e)
            }
        })?)
    };
    let indices = b.representation(&n).map_err(|e| invalid(&e))?;
    let report = BaseReport::new(base, &b, n, indices).map_err(|e| invalid(&e))?;
    to_py(py, &InBase { report, section3 })
}
