//! Values between Rust and Python: natural numbers of any size both ways, and
//! the contract's JSON documents as Python dicts, lists, ints and strings.
//!
//! Law: a JSON number becomes the Python `int` with exactly its decimal
//! digits (never a float, whatever its size: big numbers travel as bytes, so
//! Python's 4300-digit limit on `int(str)` never applies); JSON arrays become
//! lists, objects dicts (keys in the document's order), `null` `None`.

use crate::errors;
use num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyString};
use serde_json::Value;
use takeaway::games::GameError;
use takeaway::natural::{MAX_DIGITS, NaturalError, parse_natural};

/// The Python `int` equal to `n` (through its bytes beyond 64 bits).
pub(crate) fn big_to_py<'py>(py: Python<'py>, n: &BigUint) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(small) = u64::try_from(n) {
        return Ok(small.into_pyobject(py)?.into_any());
    }
    let bytes = PyBytes::new(py, &n.to_bytes_le());
    py.get_type::<PyInt>()
        .call_method1("from_bytes", (bytes, "little"))
}

/// The natural number a Python argument stands for: an `int` (of any size)
/// or a `str` of decimal digits, named `what` in errors (`pile 1`, `bound`),
/// with the command line's messages (a negative number, a bad digit).
pub(crate) fn natural(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<BigUint> {
    let number_error = |source: NaturalError| {
        errors::game_error(
            None,
            GameError::Number {
                what: what.to_string(),
                source,
            },
        )
    };
    if obj.is_instance_of::<PyString>() {
        let text: String = obj.extract()?;
        return parse_natural(&text).map_err(number_error);
    }
    let not_a_number = || -> PyResult<PyErr> {
        Ok(pyo3::exceptions::PyTypeError::new_err(format!(
            "{what}: expected an int or a str of decimal digits, got {}",
            obj.get_type().name()?
        )))
    };
    if obj.is_instance_of::<pyo3::types::PyBool>() {
        return Err(not_a_number()?);
    }
    // Through `__index__`: ints, and numpy's integers (a cell of a table).
    if let Ok(small) = obj.extract::<u64>() {
        return Ok(BigUint::from(small));
    }
    let index = obj.py().import("operator")?.getattr("index")?;
    let obj = &match index.call1((obj,)) {
        Ok(int) => int,
        Err(_) => return Err(not_a_number()?),
    };
    if obj.lt(0)? {
        // The command line's message names the text; a huge negative number
        // is shortened as the command line shortens its text.
        let text = obj
            .str()
            .map(|s| s.to_string())
            .unwrap_or_else(|_| "-…".to_string());
        let text = if text.chars().count() > 40 {
            format!("{}...", text.chars().take(37).collect::<String>())
        } else {
            text
        };
        return Err(number_error(NaturalError::Negative { text }));
    }
    let bits: u64 = obj.call_method0("bit_length")?.extract()?;
    // Same cap as the command line: at most MAX_DIGITS decimal digits
    // (2^(bits − 1) ≤ n, so n has at least ⌊(bits − 1)·log10 2⌋ + 1 digits).
    let at_least_digits = ((bits - 1) as f64 * std::f64::consts::LOG10_2).floor() as u64 + 1;
    if at_least_digits > MAX_DIGITS as u64 {
        return Err(number_error(NaturalError::TooLong {
            digits: usize::try_from(at_least_digits).unwrap_or(usize::MAX),
            limit: MAX_DIGITS,
        }));
    }
    let len = bits.div_ceil(8);
    let bytes: Vec<u8> = obj.call_method1("to_bytes", (len, "little"))?.extract()?;
    Ok(BigUint::from_bytes_le(&bytes))
}

/// A count argument (`rows`, `cols`, `up_to`): an int from 0 to 2^64 − 1.
/// Anything else raises `OverflowError` (negative or too large, naming the
/// parameter; the package re-raises it as `takeaway.RangeError`) or
/// `TypeError` (not an int).
pub(crate) fn count(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    if let Ok(n) = obj.extract::<u64>() {
        return Ok(n);
    }
    let index = obj.py().import("operator")?.getattr("index")?;
    let Ok(int) = index.call1((obj,)) else {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{what}: expected an int, got {}",
            obj.get_type().name()?
        )));
    };
    let why = if int.lt(0)? {
        "is negative: give a natural number"
    } else {
        "is over the largest the parameter takes (2**64 − 1)"
    };
    let shown = int.str().map(|s| s.to_string()).unwrap_or_default();
    let shown = if shown.chars().count() > 40 {
        format!("{}...", shown.chars().take(37).collect::<String>())
    } else {
        shown
    };
    Err(pyo3::exceptions::PyOverflowError::new_err(format!(
        "{what}: {shown} {why}"
    )))
}

/// An optional count argument (`None` stays `None`).
pub(crate) fn opt_count(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<u64>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => count(o, what).map(Some),
    }
}

/// An optional natural argument (`None` stays `None`).
pub(crate) fn opt_natural(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Option<BigUint>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => natural(o, what).map(Some),
    }
}

/// A JSON number as a Python number: an `int` with exactly its digits, or a
/// `float` for a fraction (the contract has none today).
fn number_to_py<'py>(py: Python<'py>, n: &serde_json::Number) -> PyResult<Bound<'py, PyAny>> {
    if let Some(u) = n.as_u64() {
        return Ok(u.into_pyobject(py)?.into_any());
    }
    if let Some(i) = n.as_i64() {
        return Ok(i.into_pyobject(py)?.into_any());
    }
    let text = n.to_string();
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        let big = parse_natural(digits).map_err(|e| {
            pyo3::exceptions::PyValueError::new_err(format!("a number in the answer: {e}"))
        })?;
        let value = big_to_py(py, &big)?;
        return if negative { value.neg() } else { Ok(value) };
    }
    let f: f64 = text.parse().map_err(|_| {
        pyo3::exceptions::PyValueError::new_err(format!("a number in the answer: `{text}`"))
    })?;
    Ok(f.into_pyobject(py)?.into_any())
}

/// A JSON document as Python objects (see the module law).
pub(crate) fn json_to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => number_to_py(py, n)?,
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, json_to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// Any serialisable answer of the library as Python objects, through its JSON.
pub(crate) fn to_py<'py, T: serde::Serialize>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_value(value).map_err(|e| {
        pyo3::exceptions::PyRuntimeError::new_err(format!("cannot write the answer: {e}"))
    })?;
    json_to_py(py, &json)
}

/// A `numpy.uint32` array holding `values` (native byte order) in `shape`
/// (its product is `values.len()`).
pub(crate) fn uint32_array<'py>(
    py: Python<'py>,
    values: &[u32],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let bytes = pyo3::types::PyByteArray::new_with(py, values.len() * 4, |buf| {
        for (out, v) in buf.chunks_exact_mut(4).zip(values) {
            out.copy_from_slice(&v.to_ne_bytes());
        }
        Ok(())
    })?;
    let numpy = py.import("numpy")?;
    let flat = numpy.call_method1("frombuffer", (bytes, numpy.getattr("uint32")?))?;
    flat.call_method1("reshape", (pyo3::types::PyTuple::new(py, shape)?,))
}
