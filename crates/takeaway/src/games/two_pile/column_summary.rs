//! The two-pile tableau's summary (`table two-pile:… --summary`): for each
//! column `d`, the values `L(m, d)` takes and the rows `m` where it flips,
//! as a report of records (one per column) rendered by [`crate::render`].
//!
//! Laws: one record per column, in order of `d`; a value ∞ (no winning move)
//! is written `∞` in the text and in the CSV (`null` in JSON); the text and
//! the CSV show the first [`SHOWN_FLIPS`] flips of a column and its number of
//! flips (the JSON, `columns` = [{`d`, `values`, `flips`}], has every flip).

use super::exhaustive::ColumnStructure;
use crate::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};

/// The flips of a column the text and the CSV show.
pub(crate) const SHOWN_FLIPS: usize = 20;

/// The summary: a title naming the game and the tableau's size, then one
/// record `d, values, flips, first_flips` per column (text: `d = D: values
/// {…}; N flips at m = …`).
pub(crate) fn report(spec: &str, rows: usize, cols: usize, columns: &[ColumnStructure]) -> Records {
    Records {
        title: format!(
            "{spec}: tableau L(m, d) for m < {rows}, d < {cols}: the values each column d takes and the rows m where it changes"
        ),
        footer: String::new(),
        fields: vec![
            Field::new(
                "d",
                FieldValues::Wide(columns.iter().map(|c| c.d as u64).collect()),
            ),
            Field::new(
                "values",
                FieldValues::Lists {
                    lists: columns
                        .iter()
                        .map(|c| c.values.iter().map(|v| v.map(u64::from)).collect())
                        .collect(),
                    shown: usize::MAX,
                },
            ),
            Field::new(
                "flips",
                FieldValues::Wide(columns.iter().map(|c| c.flips.len() as u64).collect()),
            ),
            Field::new(
                "first_flips",
                FieldValues::Lists {
                    lists: columns
                        .iter()
                        .map(|c| c.flips.iter().map(|&m| Some(m as u64)).collect())
                        .collect(),
                    shown: SHOWN_FLIPS,
                },
            ),
        ],
        layout: RecordLayout::Changes {
            index: "d",
            row: "m",
            word: "flips",
        },
        json: RecordJson::Objects {
            key: "columns",
            names: &[(0, "d"), (1, "values"), (3, "flips")],
        },
    }
}
