//! The two-dimensional report: a tableau of numbers `T(r, c)` with a row
//! index and a column index (Grundy tables `G(n, w)`, least winning moves
//! `L(m, d)`, k-pile slices), before it is rendered. The renderers write it
//! as text ([`super::text::tableau`]), CSV ([`super::Csv::tableau`]) and
//! JSON (a compact [`super::json::Column`] of rows, or inline arrays:
//! [`Tableau::into_json`]); a family's heatmap of it is drawn by the
//! picture renderers ([`super::to_svg`], [`super::to_png`]).
//!
//! Law: every rendering lists the same cells row by row, row `r` holding
//! `cells[r * cols .. (r + 1) * cols]`; the marker `none` (no value: `L =
//! ∞`) is `∞` in text, an empty CSV field and `null` in JSON.
//!
//! ```
//! use takeaway::render::tableau::{Placement, Tableau, TableauLayout};
//! let t = Tableau {
//!     title: "G(n, w)".into(),
//!     footer: String::new(),
//!     corner: "n",
//!     rows: 2,
//!     cols: 2,
//!     cells: vec![0, 0, 0, 1],
//!     none: None,
//!     key: "rows",
//!     placement: Placement::Column,
//!     layout: TableauLayout::Rows,
//! };
//! assert_eq!(takeaway::render::text::tableau(&t), "G(n, w)\n     0:   0   0\n     1:   0   1\n");
//! assert_eq!(takeaway::render::Csv::tableau(&t).finish(), "n,0,1\n0,0,0\n1,0,1\n");
//! ```

use super::json::Column;
use serde_json::Value;

/// A two-dimensional report: `rows` rows of `cols` cells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tableau {
    /// The text's first line (without its line break).
    pub title: String,
    /// Lines printed after the cells in the text (each ended by `\n`).
    pub footer: String,
    /// The CSV header's first field: the name of the row index (`n`, `m`).
    pub corner: &'static str,
    /// The number of rows (row indices `0..rows`).
    pub rows: usize,
    /// The number of columns (column indices `0..cols`).
    pub cols: usize,
    /// The cells, row after row (`rows × cols` of them).
    pub cells: Vec<u32>,
    /// The marker of a cell with no value (`L = ∞`), if any.
    pub none: Option<u32>,
    /// The key of the rows in the JSON document.
    pub key: &'static str,
    /// Where the rows go in the JSON document.
    pub placement: Placement,
    /// How the text lays the cells out.
    pub layout: TableauLayout,
}

/// Where a [`Tableau`]'s rows go in the JSON document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// A compact [`Column`] written after the document's other keys
    /// (millions of cells without a `serde_json::Value` each).
    Column,
    /// An array of arrays inside the JSON object, in its key order.
    Inline,
}

/// How the text of a [`Tableau`] lays out its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableauLayout {
    /// One line a row: the row index right-aligned in 6 characters and a
    /// colon, then each cell right-aligned in 3 characters after a space
    /// (the Grundy tables).
    Rows,
    /// A header line `CORNER |` and the column indices, then one line a row
    /// `r |` and its cells, the corner and row indices right-aligned in 6
    /// characters and every index and cell in `width` after a space (the
    /// tableaux `L(m, d)` of paper 000).
    Bordered {
        /// The corner's label, e.g. `m \ d`.
        corner: &'static str,
        /// The width of a cell.
        width: usize,
    },
}

impl Tableau {
    /// The cell `(r, c)` as written in text: `None` for the marker.
    ///
    /// ```
    /// use takeaway::render::tableau::{Placement, Tableau, TableauLayout};
    /// let t = Tableau { title: String::new(), footer: String::new(), corner: "m", rows: 1, cols: 2,
    ///     cells: vec![u32::MAX, 3], none: Some(u32::MAX), key: "rows",
    ///     placement: Placement::Column, layout: TableauLayout::Rows };
    /// assert_eq!((t.cell(0, 0), t.cell(0, 1)), (None, Some(3)));
    /// ```
    pub fn cell(&self, r: usize, c: usize) -> Option<u32> {
        let v = self.cells[r * self.cols + c];
        (Some(v) != self.none).then_some(v)
    }

    /// The widest cell text (`∞` one character) among the rows `rows`, at
    /// least `least`: the width of a [`TableauLayout::Bordered`] text.
    ///
    /// ```
    /// use takeaway::render::tableau::{Placement, Tableau, TableauLayout};
    /// let t = Tableau { title: String::new(), footer: String::new(), corner: "m", rows: 2, cols: 1,
    ///     cells: vec![7, 12345], none: None, key: "rows",
    ///     placement: Placement::Column, layout: TableauLayout::Rows };
    /// assert_eq!((t.widest(0..1, 3), t.widest(0..2, 3)), (3, 5));
    /// ```
    pub fn widest(&self, rows: impl IntoIterator<Item = usize>, least: usize) -> usize {
        rows.into_iter()
            .flat_map(|r| (0..self.cols).map(move |c| (r, c)))
            .map(|(r, c)| self.cell(r, c).map_or(1, |v| v.to_string().len()))
            .max()
            .unwrap_or(1)
            .max(least)
    }

    /// The rows in the JSON document `json` (an object): a compact
    /// [`Column`] to write after its keys ([`Placement::Column`]), or an
    /// array of arrays inserted under [`Tableau::key`] ([`Placement::Inline`]),
    /// `null` for the marker.
    ///
    /// ```
    /// use takeaway::render::tableau::{Placement, Tableau, TableauLayout};
    /// let t = Tableau { title: String::new(), footer: String::new(), corner: "m", rows: 1, cols: 2,
    ///     cells: vec![u32::MAX, 3], none: Some(u32::MAX), key: "rows",
    ///     placement: Placement::Inline, layout: TableauLayout::Rows };
    /// let mut json = serde_json::json!({});
    /// assert!(t.into_json(&mut json).is_none());
    /// assert_eq!(json, serde_json::json!({"rows": [[null, 3]]}));
    /// ```
    pub fn into_json(self, json: &mut Value) -> Option<Column> {
        match self.placement {
            Placement::Column => Some(Column {
                key: self.key.into(),
                values: self.cells,
                none: self.none.unwrap_or(u32::MAX),
                shape: Some((self.rows, self.cols)),
            }),
            Placement::Inline => {
                let rows: Vec<Value> = (0..self.rows)
                    .map(|r| {
                        (0..self.cols)
                            .map(|c| self.cell(r, c).map_or(Value::Null, Value::from))
                            .collect()
                    })
                    .collect();
                json[self.key] = Value::Array(rows);
                None
            }
        }
    }
}
