//! `repr_zeckendorf(n)` and `repr_base(base, n)`: the documents of
//! `takeaway repr zeckendorf N --json` and `takeaway repr base BASE N --json`.
//!
//! The base syntax (`fibonacci`, `binary`, `h:f=EXPR`, an explicit list) is
//! read exactly as the command line reads it, with the same messages.

use crate::convert::{natural, to_py};
use crate::errors::{InvalidError, SpecError, cli_line};
use num_bigint::BigUint;
use pyo3::prelude::*;
use serde::Serialize;
use takeaway::json::serialize_big;
use takeaway::numeration::base::Base;
use takeaway::numeration::base_name::parse_base_name;
use takeaway::numeration::base_report::BaseReport;
use takeaway::numeration::zeckendorf::Zeckendorf;

#[derive(Serialize)]
struct ZeckendorfJson {
    #[serde(serialize_with = "serialize_big")]
    n: BigUint,
    canonical: String,
    second_canonical: Option<String>,
    a_number: Option<bool>,
}

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
    let report = py.detach(move || {
        let canonical = Zeckendorf::canonical(&n);
        let second = canonical.canonical_to_second();
        let a_number = canonical.lowest_position().map(|p| p % 2 == 0);
        ZeckendorfJson {
            n,
            canonical: canonical.to_string(),
            second_canonical: second.as_ref().map(|s| s.to_string()),
            a_number,
        }
    });
    to_py(py, &report)
}

/// Reads `fibonacci`, `binary`, `h:f=EXPR` or an explicit list (the
/// library's reading, the command line's messages).
fn parse_base(text: &str) -> PyResult<Base> {
    parse_base_name(text).map_err(|e| SpecError::new_err(cli_line(None, &e)))
}

/// `n` in a generalised base (Holshouser–Reiter Algorithm 1): the dict of
/// `takeaway repr base BASE N --json` (`terms` and their 1-based `indices`,
/// `g`, `g_bar`, `binary`, `semi_stable`). `base` is `fibonacci`, `binary`,
/// `h:f=EXPR` (Schwenk's H-sequence of f) or a list such as `1,2,3,6,7,10,17,34`.
///
/// >>> takeaway.repr_base("1,2,3,6,7,10,17,34", 31)["terms"]
/// [1, 3, 10, 17]
#[pyfunction]
pub(crate) fn repr_base<'py>(
    py: Python<'py>,
    base: &str,
    n: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let b = parse_base(base)?;
    let n = natural(n, "bad number")?;
    let invalid = |e: &dyn std::error::Error| InvalidError::new_err(cli_line(None, e));
    let indices = b.representation(&n).map_err(|e| invalid(&e))?;
    let report = BaseReport::new(base, &b, n, indices).map_err(|e| invalid(&e))?;
    to_py(py, &report)
}
