//! Typed reports: what a table holds, before it is rendered. A family
//! returns a [`Sequence`] (one value per index); the renderers of this
//! module's siblings write it as text ([`super::text`]), CSV
//! ([`super::Csv::sequence`]), JSON ([`super::json::Column`], or inline
//! values) and an OEIS b-file ([`super::bfile`]), each in one place.
//!
//! Law: every rendering of a sequence lists the same values in the same
//! order, the value at position `i` standing for the index `offset + i`.
//!
//! ```
//! use takeaway::render::report::{Layout, Sequence, Values};
//! let s = Sequence {
//!     title: "kayles: Grundy values".into(),
//!     footer: String::new(),
//!     offset: 0,
//!     columns: ["n", "grundy"],
//!     key: "values",
//!     values: Values::Wide(vec![0, 1, 2]),
//!     layout: Layout::Equations { name: "G" },
//! };
//! assert_eq!(s.len(), 3);
//! assert_eq!(takeaway::render::text::sequence(&s), "kayles: Grundy values\nG(0) = 0\nG(1) = 1\nG(2) = 2\n");
//! ```

/// A one-dimensional report: `values[i]` is the term of index `offset + i`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sequence {
    /// The text's first line (without its line break).
    pub title: String,
    /// Lines printed after the values in the text (each ended by `\n`), e.g.
    /// the proved period.
    pub footer: String,
    /// The index of the first value (OEIS: the offset).
    pub offset: u64,
    /// The CSV header: the index's column and the value's column.
    pub columns: [&'static str; 2],
    /// The key of the values in the JSON document (`values`, `outcomes`).
    pub key: &'static str,
    /// The terms.
    pub values: Values,
    /// How the text lays the terms out.
    pub layout: Layout,
}

/// The terms of a [`Sequence`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Values {
    /// Numbers below 2^32 kept compact (a JSON column, see
    /// [`super::json::Column`]); the marker `none`, if any, is a term with
    /// no value (`L(0) = ∞`): `∞` in text, an empty CSV field, `null` in JSON.
    Small {
        /// The terms.
        values: Vec<u32>,
        /// The marker of a missing term.
        none: Option<u32>,
    },
    /// Numbers written inline in the JSON object.
    Wide(Vec<u64>),
    /// Words (outcomes `N`/`P`): not numbers, so no b-file.
    Words(Vec<&'static str>),
}

/// How the text of a [`Sequence`] lays out its terms (each matches a
/// paper's or a published program's table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// A header `n  NAME` and one line `n  v` per term, both right-aligned
    /// in 10 characters.
    Columns {
        /// The value column's heading, e.g. `L(n)`.
        heading: &'static str,
    },
    /// One line `NAME(n) = v` per term.
    Equations {
        /// The function's name, e.g. `G`.
        name: &'static str,
    },
    /// One line `n: v` per term.
    Colon,
    /// `per_line` terms a line after the first index right-aligned in 6
    /// characters: `     0:  0 1 2 …` (the octal solvers' listing).
    Lines {
        /// Terms per line.
        per_line: usize,
    },
    /// Strips of 20 terms, a row of indices over a row of values in
    /// bordered cells (paper 004's table), the rows' names in 16 characters.
    Strips {
        /// The name of the values' row, e.g. `Grundy number`.
        label: &'static str,
    },
}

impl Sequence {
    /// A report of `values` from index 0 with no title or footer (fill
    /// those with struct update syntax).
    ///
    /// ```
    /// use takeaway::render::report::{Layout, Sequence, Values};
    /// let s = Sequence::of(Values::Wide(vec![4]), ["n", "grundy"], "values", Layout::Colon);
    /// assert_eq!((s.offset, s.len()), (0, 1));
    /// ```
    pub fn of(
        values: Values,
        columns: [&'static str; 2],
        key: &'static str,
        layout: Layout,
    ) -> Sequence {
        Sequence {
            title: String::new(),
            footer: String::new(),
            offset: 0,
            columns,
            key,
            values,
            layout,
        }
    }

    /// The number of terms.
    pub fn len(&self) -> usize {
        match &self.values {
            Values::Small { values, .. } => values.len(),
            Values::Wide(v) => v.len(),
            Values::Words(v) => v.len(),
        }
    }

    /// Whether there is no term.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The term at position `i` (index `offset + i`) as written in text:
    /// `None` for a missing term.
    pub fn term(&self, i: usize) -> Option<String> {
        match &self.values {
            Values::Small { values, none } => {
                let v = values[i];
                (Some(v) != *none).then(|| v.to_string())
            }
            Values::Wide(v) => Some(v[i].to_string()),
            Values::Words(v) => Some(v[i].to_string()),
        }
    }

    /// The index of position `i`.
    pub fn index(&self, i: usize) -> u64 {
        self.offset.saturating_add(i as u64)
    }
}
