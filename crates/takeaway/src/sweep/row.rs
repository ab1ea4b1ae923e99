//! One row of a sweep: the results of one rule set, as typed cells in the
//! order of its family's columns.
//!
//! Law: a row's text in a file is a function of the row alone (CSV: the
//! cells joined by commas, quoted where they hold a comma, a quote or a line
//! break; JSON lines: one object, the columns as keys), so two runs that
//! compute the same rows write the same bytes whatever the order in which
//! their shards finished.

use serde_json::Value;
use std::fmt::Write;

/// One cell of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    /// A whole number (sizes, periods, counts).
    Int(u64),
    /// Text (a spec, a verdict, the reason a hypothesis fails).
    Text(String),
    /// Yes or no.
    Bool(bool),
    /// Nothing to report (CSV: an empty cell; JSON: `null`).
    Empty,
}

impl Cell {
    /// The cell as JSON.
    ///
    /// ```
    /// use takeaway::sweep::Cell;
    /// assert_eq!(Cell::Int(7).to_json(), serde_json::json!(7));
    /// assert_eq!(Cell::Empty.to_json(), serde_json::Value::Null);
    /// ```
    pub fn to_json(&self) -> Value {
        match self {
            Cell::Int(v) => Value::from(*v),
            Cell::Text(s) => Value::from(s.as_str()),
            Cell::Bool(b) => Value::from(*b),
            Cell::Empty => Value::Null,
        }
    }

    /// The cell as one CSV field (quoted by [`crate::render::csv::field`]).
    ///
    /// ```
    /// use takeaway::sweep::Cell;
    /// assert_eq!(Cell::Text("subtraction:s=1,3".into()).to_csv(), "\"subtraction:s=1,3\"");
    /// assert_eq!(Cell::Bool(true).to_csv(), "true");
    /// assert_eq!(Cell::Empty.to_csv(), "");
    /// ```
    pub fn to_csv(&self) -> String {
        match self {
            Cell::Int(v) => v.to_string(),
            Cell::Bool(b) => b.to_string(),
            Cell::Empty => String::new(),
            Cell::Text(s) => crate::render::csv::field(s),
        }
    }
}

/// The results for one rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The rule set's place in the sweep (0, 1, …): rows are written in this order.
    pub index: u64,
    /// Whether the row is listed before the others (the counterexamples of
    /// the Holshouser–Reiter converse check); within each group, by index.
    pub first: bool,
    /// The cells, in the order of the family's columns after `index`.
    pub cells: Vec<Cell>,
}

impl Row {
    /// The row as one CSV line (no line break), the index first.
    ///
    /// ```
    /// use takeaway::sweep::{Cell, Row};
    /// let r = Row { index: 3, first: false, cells: vec![Cell::Text("a,b".into()), Cell::Int(7)] };
    /// assert_eq!(r.to_csv(), "3,\"a,b\",7");
    /// ```
    pub fn to_csv(&self) -> String {
        let mut line = self.index.to_string();
        for c in &self.cells {
            line.push(',');
            line.push_str(&c.to_csv());
        }
        line
    }

    /// The row as one JSON object on one line, keyed by `columns` (which
    /// start with `index`).
    ///
    /// ```
    /// use takeaway::sweep::{Cell, Row};
    /// let r = Row { index: 3, first: false, cells: vec![Cell::Int(7)] };
    /// assert_eq!(r.to_json_line(&["index", "period"]), r#"{"index":3,"period":7}"#);
    /// ```
    pub fn to_json_line(&self, columns: &[&str]) -> String {
        // Written key by key, so the keys keep the columns' order.
        let mut out = format!("{{\"index\":{}", self.index);
        for (name, c) in columns.iter().skip(1).zip(&self.cells) {
            let _ = write!(out, ",{}:{}", Value::from(*name), c.to_json());
        }
        out.push('}');
        out
    }
}
