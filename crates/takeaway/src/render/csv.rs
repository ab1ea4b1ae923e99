//! The one CSV writer of the crate: every table, summary and sweep file is
//! written through [`Csv`], so the quoting rule lives here and nowhere else.
//!
//! Law: a document is a header line and one line per record, each ended by
//! `\n`; fields are separated by `,`; a field holding a comma or a double
//! quote is written between double quotes with its inner quotes doubled
//! (RFC 4180); a line break inside a field becomes a space, so every record
//! is exactly one line (sweep files are merged line by line).
//!
//! ```
//! use takeaway::render::Csv;
//! let mut csv = Csv::with_header(&["n", "spec", "safe"]);
//! csv.record(&[&3, &"subtraction:s=1,3", &true]);
//! csv.field(4);
//! csv.field("");
//! csv.field("say \"hi\"");
//! csv.end_record();
//! assert_eq!(
//!     csv.finish(),
//!     "n,spec,safe\n3,\"subtraction:s=1,3\",true\n4,,\"say \"\"hi\"\"\"\n"
//! );
//! ```

use std::fmt::{Display, Write};

/// A CSV document written record by record (see the module's law).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Csv {
    out: String,
    /// Whether the next field starts a record (no comma before it).
    at_start: bool,
}

impl Csv {
    /// An empty document (no header line).
    ///
    /// ```
    /// use takeaway::render::Csv;
    /// assert_eq!(Csv::new().finish(), "");
    /// ```
    pub fn new() -> Csv {
        Csv {
            out: String::new(),
            at_start: true,
        }
    }

    /// A document whose first line names the columns.
    ///
    /// ```
    /// use takeaway::render::Csv;
    /// assert_eq!(Csv::with_header(&["value", "count"]).finish(), "value,count\n");
    /// ```
    pub fn with_header(columns: &[&str]) -> Csv {
        let mut csv = Csv::new();
        for c in columns {
            csv.field(c);
        }
        csv.end_record();
        csv
    }

    /// Appends one field to the current record.
    ///
    /// ```
    /// use takeaway::render::Csv;
    /// let mut csv = Csv::new();
    /// csv.field("a,b");
    /// csv.field(7);
    /// csv.end_record();
    /// assert_eq!(csv.finish(), "\"a,b\",7\n");
    /// ```
    pub fn field(&mut self, value: impl Display) {
        if !self.at_start {
            self.out.push(',');
        }
        self.at_start = false;
        let start = self.out.len();
        let _ = write!(self.out, "{value}");
        let written = &self.out[start..];
        if written.contains([',', '"', '\n', '\r']) {
            let quoted = quote(written);
            self.out.truncate(start);
            self.out.push_str(&quoted);
        }
    }

    /// Ends the current record (a line break).
    pub fn end_record(&mut self) {
        self.out.push('\n');
        self.at_start = true;
    }

    /// Appends one whole record: its fields, then the line break.
    ///
    /// ```
    /// use takeaway::render::Csv;
    /// let mut csv = Csv::new();
    /// csv.record(&[&1, &"two", &3.5]);
    /// assert_eq!(csv.finish(), "1,two,3.5\n");
    /// ```
    pub fn record(&mut self, fields: &[&dyn Display]) {
        for f in fields {
            self.field(f);
        }
        self.end_record();
    }

    /// Appends one record `n,value` per value, `n` counting from 0 (a
    /// sequence such as `G(0), G(1), …` under a header `n,grundy`).
    ///
    /// ```
    /// use takeaway::render::Csv;
    /// let mut csv = Csv::with_header(&["n", "grundy"]);
    /// csv.numbered([0, 1, 1]);
    /// assert_eq!(csv.finish(), "n,grundy\n0,0\n1,1\n2,1\n");
    /// ```
    pub fn numbered<I>(&mut self, values: I)
    where
        I: IntoIterator,
        I::Item: Display,
    {
        for (n, v) in values.into_iter().enumerate() {
            self.field(n);
            self.field(v);
            self.end_record();
        }
    }

    /// A tableau: a header `corner,0,1,…,cols − 1`, then per row `r` the
    /// record `r,cell(r, 0),…,cell(r, cols − 1)`, `None` written as an empty
    /// field (e.g. `L = ∞`).
    ///
    /// ```
    /// use takeaway::render::Csv;
    /// let csv = Csv::matrix("m", 2, 3, |m, d| (m + d != 0).then_some(m * d));
    /// assert_eq!(csv.finish(), "m,0,1,2\n0,,0,0\n1,0,1,2\n");
    /// ```
    pub fn matrix<T: Display>(
        corner: &str,
        rows: usize,
        cols: usize,
        cell: impl Fn(usize, usize) -> Option<T>,
    ) -> Csv {
        let mut csv = Csv::new();
        csv.field(corner);
        (0..cols).for_each(|c| csv.field(c));
        csv.end_record();
        for r in 0..rows {
            csv.field(r);
            for c in 0..cols {
                match cell(r, c) {
                    Some(v) => csv.field(v),
                    None => csv.field(""),
                }
            }
            csv.end_record();
        }
        csv
    }

    /// The text written so far.
    pub fn finish(self) -> String {
        self.out
    }
}

/// `s` as one CSV field on one line (the module's law).
///
/// ```
/// use takeaway::render::csv::field;
/// assert_eq!(field("plain"), "plain");
/// assert_eq!(field("a,b"), "\"a,b\"");
/// assert_eq!(field("two\nlines"), "two lines");
/// ```
pub fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        quote(s)
    } else {
        s.to_string()
    }
}

fn quote(s: &str) -> String {
    let s = s.replace(['\n', '\r'], " ");
    if s.contains([',', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

impl Csv {
    /// A sequence report: its header, then one record `index,term` per term,
    /// a missing term an empty field.
    ///
    /// ```
    /// use takeaway::render::{Csv, report::{Layout, Sequence, Values}};
    /// let s = Sequence {
    ///     title: "t".into(), footer: String::new(), offset: 0, columns: ["n", "grundy"], key: "values",
    ///     values: Values::Wide(vec![0, 1]), layout: Layout::Colon,
    /// };
    /// assert_eq!(Csv::sequence(&s).finish(), "n,grundy\n0,0\n1,1\n");
    /// ```
    pub fn sequence(s: &super::report::Sequence) -> Csv {
        let mut csv = Csv::with_header(&s.columns);
        for i in 0..s.len() {
            csv.field(s.index(i));
            csv.field(s.term(i).unwrap_or_default());
            csv.end_record();
        }
        csv
    }
}

impl Csv {
    /// A tableau report: a header `corner,0,1,…`, then per row `r` the
    /// record `r,cell,…`, a missing cell an empty field.
    ///
    /// ```
    /// use takeaway::render::{Csv, tableau::{Placement, Tableau, TableauLayout}};
    /// let t = Tableau { title: String::new(), footer: String::new(), corner: "m", rows: 1, cols: 2,
    ///     cells: vec![u32::MAX, 1], none: Some(u32::MAX), key: "rows",
    ///     placement: Placement::Column, layout: TableauLayout::Rows };
    /// assert_eq!(Csv::tableau(&t).finish(), "m,0,1\n0,,1\n");
    /// ```
    pub fn tableau(t: &super::tableau::Tableau) -> Csv {
        Csv::matrix(t.corner, t.rows, t.cols, |r, c| t.cell(r, c))
    }

    /// A records report: the names of its CSV fields, then one record per
    /// record, list items space-separated (the shown ones).
    ///
    /// ```
    /// use takeaway::render::{Csv, records::{Field, FieldValues, RecordJson, RecordLayout, Records}};
    /// let r = Records { title: String::new(), footer: String::new(),
    ///     fields: vec![Field::new("d", FieldValues::Small(vec![2])),
    ///                  Field::new("values", FieldValues::Lists { lists: vec![vec![None, Some(1)]], shown: 20 }),
    ///                  Field::text_only(FieldValues::Words(vec!["text only".into()]))],
    ///     layout: RecordLayout::Tuple, json: RecordJson::Omit };
    /// assert_eq!(Csv::records(&r).finish(), "d,values\n2,∞ 1\n");
    /// ```
    pub fn records(r: &super::records::Records) -> Csv {
        let fields: Vec<&super::records::Field> = r.fields.iter().filter(|f| f.csv).collect();
        let mut csv = Csv::new();
        for f in &fields {
            csv.field(&f.name);
        }
        csv.end_record();
        for i in 0..r.len() {
            for f in &fields {
                csv.field(f.values.show(i, " ").0);
            }
            csv.end_record();
        }
        csv
    }
}
