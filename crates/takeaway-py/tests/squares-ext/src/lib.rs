//! The Python module `takeaway._takeaway` with one more family: everything
//! takeaway-py offers (`takeaway_py::fill`) after subtract-a-square, a
//! family written in Rust outside the library, is registered (the one list
//! line). The family is the CLI example's file, included as it is.

#[path = "../../../../takeaway-cli/examples/subtract_a_square/squares.rs"]
mod squares;

use pyo3::prelude::*;

/// Registers subtract-a-square (the list line), then fills `m` as
/// `takeaway._takeaway`.
///
/// # Errors
///
/// Python's `RuntimeError` when the family's names are taken (the module is
/// initialised once per process: a programming error), or what
/// `takeaway_py::fill` raises.
pub fn fill(m: &Bound<'_, PyModule>) -> PyResult<()> {
    takeaway::family::register(&squares::SQUARES)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    takeaway_py::fill(m)
}

#[cfg(feature = "module")]
const _: () = assert!(
    !takeaway_py::DEFINES_MODULE,
    "takeaway-py's own #[pymodule] is on (feature unification): build this crate alone, \
     cargo build -p takeaway-py-squares --features module"
);

/// The module `takeaway._takeaway`, subtract-a-square included.
#[cfg(feature = "module")]
#[pymodule]
#[pyo3(name = "_takeaway")]
fn takeaway_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    fill(m)
}
