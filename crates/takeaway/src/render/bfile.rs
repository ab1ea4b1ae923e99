//! The OEIS b-file renderer: a one-dimensional sequence as `n a(n)` lines.
//!
//! Law: after two `#` comment lines (the sequence's title, then `offset K`
//! with `K` the first index, OEIS's offset), line `j` is `K + j` and the
//! term of that index, separated by one space. Leading terms with no value
//! (`L(0) = ∞`) are left out and move the offset; a missing term after the
//! first, or a term that is not a number, is an error.
//!
//! ```
//! use takeaway::render::report::{Layout, Sequence, Values};
//! let s = Sequence {
//!     title: "L(n)".into(), footer: String::new(), offset: 0, columns: ["n", "l"], key: "values",
//!     values: Values::Small { values: vec![u32::MAX, 1, 2, 3, 1], none: Some(u32::MAX) },
//!     layout: Layout::Colon,
//! };
//! assert_eq!(takeaway::render::bfile::sequence(&s).unwrap(), "# L(n)\n# offset 1\n1 1\n2 2\n3 3\n4 1\n");
//! ```

use super::report::{Sequence, Values};
use std::fmt::Write;

/// Why a sequence has no b-file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BfileError {
    /// The terms are words (outcomes), not numbers.
    #[error("its terms are not numbers (they are outcomes)")]
    NotNumbers,
    /// The table is not one sequence (a tableau, a summary, a list of
    /// records): pick a sequence of it, or a one-dimensional table.
    #[error("the table is not one sequence (a tableau, a summary or a list of records)")]
    NotOneSequence,
    /// A term after the first one with a value has none.
    #[error("the term of index {index} has no value")]
    Gap {
        /// The index of the missing term.
        index: u64,
    },
}

/// `s` as a b-file (see the module's law).
pub fn sequence(s: &Sequence) -> Result<String, BfileError> {
    if matches!(s.values, Values::Words(_)) {
        return Err(BfileError::NotNumbers);
    }
    let first = (0..s.len())
        .find(|&i| s.term(i).is_some())
        .unwrap_or(s.len());
    let mut out = format!("# {}\n# offset {}\n", s.title, s.index(first));
    for i in first..s.len() {
        let term = s.term(i).ok_or(BfileError::Gap { index: s.index(i) })?;
        let _ = writeln!(out, "{} {term}", s.index(i));
    }
    Ok(out)
}
