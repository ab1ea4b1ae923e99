//! The list report: records of named fields, kept column by column (pair
//! lists such as Wythoff's safe pairs, the safe positions of Spite Nim,
//! summaries `value,count`, the columns of a tableau with their flips,
//! Grundy rows as steps), before it is rendered. The renderers write it as
//! text ([`super::text::records`]), CSV ([`super::Csv::records`]) and JSON
//! ([`Records::into_json`]), each in one place.
//!
//! Law: every rendering lists the records in order, record `i` made of
//! field `f`'s entry `i` for every field; the CSV has one column per field
//! marked [`Field::csv`] and the text shows every field; a list entry shows
//! its first [`FieldValues::Lists::shown`] items in text and CSV (the text
//! adds `, …` when some are left out) and every item in JSON; a missing item
//! (∞) is `∞` in text and CSV and `null` in JSON.
//!
//! ```
//! use takeaway::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
//! let r = Records {
//!     title: "safe pairs".into(),
//!     footer: String::new(),
//!     fields: vec![
//!         Field::new("a", FieldValues::Wide(vec![0, 1])),
//!         Field::new("b", FieldValues::Wide(vec![0, 2])),
//!     ],
//!     layout: RecordLayout::Aligned { widths: &[3, 3] },
//!     json: RecordJson::Arrays { key: "pairs", fields: vec![0, 1] },
//! };
//! assert_eq!(takeaway::render::text::records(&r), "safe pairs\n  0   0\n  1   2\n");
//! assert_eq!(takeaway::render::Csv::records(&r).finish(), "a,b\n0,0\n1,2\n");
//! let mut json = serde_json::json!({});
//! r.into_json(&mut json);
//! assert_eq!(json, serde_json::json!({"pairs": [[0, 0], [1, 2]]}));
//! ```

use super::json::Column;
use serde_json::Value;

/// A report of records, one entry per record in each field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Records {
    /// The text's opening lines (the last without its line break).
    pub title: String,
    /// Lines printed after the records in the text (each ended by `\n`).
    pub footer: String,
    /// The fields, each with one entry per record.
    pub fields: Vec<Field>,
    /// How the text lays a record out.
    pub layout: RecordLayout,
    /// Where the records go in the JSON document.
    pub json: RecordJson,
}

/// One field of a [`Records`] report: a name and one entry per record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The CSV column's name.
    pub name: String,
    /// Whether the CSV has this field (a field for the text only, such as
    /// a Zeckendorf representation beside the numbers, has none).
    pub csv: bool,
    /// The entries.
    pub values: FieldValues,
}

impl Field {
    /// A field written in every format.
    pub fn new(name: impl Into<String>, values: FieldValues) -> Field {
        Field {
            name: name.into(),
            csv: true,
            values,
        }
    }

    /// The two fields of a table of value counts, `value` and `count`, in
    /// increasing value (the Grundy tables' summaries).
    ///
    /// Law: field `i` of `value` is counted `count[i]` times in `counts`.
    ///
    /// ```
    /// use takeaway::render::records::Field;
    /// let fields = Field::value_counts(&[(0, 3), (2, 1)].into_iter().collect());
    /// assert_eq!((fields[0].name.as_str(), fields[1].name.as_str()), ("value", "count"));
    /// ```
    pub fn value_counts(counts: &std::collections::BTreeMap<u32, u64>) -> Vec<Field> {
        vec![
            Field::new(
                "value",
                FieldValues::Small(counts.keys().copied().collect()),
            ),
            Field::new(
                "count",
                FieldValues::Wide(counts.values().copied().collect()),
            ),
        ]
    }

    /// A field written in the text only.
    pub fn text_only(values: FieldValues) -> Field {
        Field {
            name: String::new(),
            csv: false,
            values,
        }
    }
}

/// The entries of a [`Field`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldValues {
    /// Numbers below 2^32.
    Small(Vec<u32>),
    /// Numbers.
    Wide(Vec<u64>),
    /// Words.
    Words(Vec<String>),
    /// Lists of numbers, `None` for ∞.
    Lists {
        /// The lists.
        lists: Vec<Vec<Option<u64>>>,
        /// How many items of a list the text and the CSV show.
        shown: usize,
    },
}

impl FieldValues {
    /// The number of entries.
    pub fn len(&self) -> usize {
        match self {
            FieldValues::Small(v) => v.len(),
            FieldValues::Wide(v) => v.len(),
            FieldValues::Words(v) => v.len(),
            FieldValues::Lists { lists, .. } => lists.len(),
        }
    }

    /// Whether there is no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entry `i` as written in text and CSV, list items joined by `sep`,
    /// and whether items were left out.
    pub fn show(&self, i: usize, sep: &str) -> (String, bool) {
        match self {
            FieldValues::Small(v) => (v[i].to_string(), false),
            FieldValues::Wide(v) => (v[i].to_string(), false),
            FieldValues::Words(v) => (v[i].clone(), false),
            FieldValues::Lists { lists, shown } => {
                let items: Vec<String> = lists[i]
                    .iter()
                    .take(*shown)
                    .map(|v| v.map_or_else(|| "∞".to_string(), |v| v.to_string()))
                    .collect();
                (items.join(sep), lists[i].len() > *shown)
            }
        }
    }

    /// Entry `i` as a JSON value (every item of a list, `null` for ∞).
    pub fn json(&self, i: usize) -> Value {
        match self {
            FieldValues::Small(v) => Value::from(v[i]),
            FieldValues::Wide(v) => Value::from(v[i]),
            FieldValues::Words(v) => Value::from(v[i].as_str()),
            FieldValues::Lists { lists, .. } => lists[i]
                .iter()
                .map(|v| v.map_or(Value::Null, Value::from))
                .collect(),
        }
    }
}

/// How the text of a [`Records`] report lays out a record (each matches a
/// paper's or a published program's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordLayout {
    /// The first fields right-aligned in `widths`, one space apart; each
    /// further field after two spaces, as it is.
    Aligned {
        /// The widths of the first fields.
        widths: &'static [usize],
    },
    /// The fields between fixed pieces: `pieces[0] f0 pieces[1] f1 …`
    /// (one piece more than fields), e.g. `G = 3: 12 cells`.
    Template(&'static [&'static str]),
    /// Every field in parentheses, comma-separated, after two spaces:
    /// `  (5, 3, 1)`.
    Tuple,
    /// A tableau's column and how it changes down the rows: fields (the
    /// column, its values, how many changes, the rows where it changes),
    /// written `INDEX = c: values {v, …}; k WORD at ROW = r, …`.
    Changes {
        /// The column index's name, e.g. `d`.
        index: &'static str,
        /// The row index's name, e.g. `m`.
        row: &'static str,
        /// What a change is called, e.g. `flips`.
        word: &'static str,
    },
    /// No line a record: the text is the title and the footer (a summary
    /// whose records only the CSV and the JSON list).
    Hidden,
    /// Records `(row, at, value)` grouped by row, one line a row: the row
    /// right-aligned in 6 characters and a colon, then ` at:value` per
    /// record (Grundy rows as steps).
    Steps,
}

/// Where the records of a [`Records`] report go in the JSON document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordJson {
    /// Nowhere: the family's JSON object says it otherwise.
    Omit,
    /// An array of arrays of the `fields` under `key`: `[[a, b], …]`.
    Arrays {
        /// The key.
        key: &'static str,
        /// The fields of each array, in order.
        fields: Vec<usize>,
    },
    /// An object from field 0 (its text) to field 1 under `key`:
    /// `{"value": count, …}`.
    Counts {
        /// The key.
        key: &'static str,
    },
    /// An array of objects under `key`, each with the named fields.
    Objects {
        /// The key.
        key: &'static str,
        /// The fields and their names in the objects.
        names: &'static [(usize, &'static str)],
    },
    /// The CSV fields as a compact [`Column`] of one array a record, written
    /// after the document's other keys; the fields must be
    /// [`FieldValues::Small`] (an entry of another kind is written `null`).
    Column {
        /// The key.
        key: &'static str,
    },
}

impl Records {
    /// The number of records.
    pub fn len(&self) -> usize {
        self.fields.first().map_or(0, |f| f.values.len())
    }

    /// Whether there is no record.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The records in the JSON document `json` (an object), as
    /// [`Records::json`] says: inserted under their key, or a compact
    /// [`Column`] to write after the object's keys.
    pub fn into_json(self, json: &mut Value) -> Option<Column> {
        let n = self.len();
        match &self.json {
            RecordJson::Omit => None,
            RecordJson::Arrays { key, fields } => {
                json[*key] = (0..n)
                    .map(|i| {
                        fields
                            .iter()
                            .map(|&f| self.fields[f].values.json(i))
                            .collect::<Value>()
                    })
                    .collect();
                None
            }
            RecordJson::Counts { key } => {
                let map: serde_json::Map<String, Value> = (0..n)
                    .map(|i| {
                        (
                            self.fields[0].values.show(i, " ").0,
                            self.fields[1].values.json(i),
                        )
                    })
                    .collect();
                json[*key] = Value::Object(map);
                None
            }
            RecordJson::Objects { key, names } => {
                json[*key] = (0..n)
                    .map(|i| {
                        names
                            .iter()
                            .map(|&(f, name)| (name.to_string(), self.fields[f].values.json(i)))
                            .collect::<serde_json::Map<String, Value>>()
                    })
                    .map(Value::Object)
                    .collect();
                None
            }
            RecordJson::Column { key } => {
                let fields: Vec<&Field> = self.fields.iter().filter(|f| f.csv).collect();
                let mut values = Vec::with_capacity(n.saturating_mul(fields.len()));
                for i in 0..n {
                    for f in &fields {
                        values.push(match &f.values {
                            FieldValues::Small(v) => v[i],
                            _ => u32::MAX,
                        });
                    }
                }
                Some(Column {
                    key: (*key).into(),
                    values,
                    none: u32::MAX,
                    shape: Some((n, fields.len())),
                })
            }
        }
    }
}
