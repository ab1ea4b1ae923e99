//! The two-pile tableau's summary (`table two-pile:… --summary`): for each
//! column `d`, the values `L(m, d)` takes and the rows `m` where it flips,
//! as text and as CSV (the JSON is the [`ColumnStructure`]s themselves).
//!
//! Laws: one line per column, in order of `d`; a value ∞ (no winning move)
//! is written `∞` in the text and in the CSV; the text and the CSV show the
//! first [`SHOWN_FLIPS`] flips of a column and its number of flips (the JSON
//! has every flip).

use super::exhaustive::ColumnStructure;
use crate::render::Csv;

/// The flips of a column the text and the CSV show.
pub(crate) const SHOWN_FLIPS: usize = 20;

/// The values of a column, `∞` for none.
fn values(c: &ColumnStructure) -> Vec<String> {
    c.values
        .iter()
        .map(|v| v.map_or_else(|| "∞".to_string(), |v| v.to_string()))
        .collect()
}

/// The first [`SHOWN_FLIPS`] flips of a column.
fn shown_flips(c: &ColumnStructure) -> Vec<String> {
    c.flips
        .iter()
        .take(SHOWN_FLIPS)
        .map(usize::to_string)
        .collect()
}

/// The summary as text: a title naming the game and the tableau's size,
/// then `d = D: values {…}; N flips at m = …` per column.
pub(crate) fn text(spec: &str, rows: usize, cols: usize, columns: &[ColumnStructure]) -> String {
    let mut text = format!(
        "{spec}: tableau L(m, d) for m < {rows}, d < {cols}: the values each column d takes and the rows m where it changes\n"
    );
    for c in columns {
        let shown = shown_flips(c);
        text.push_str(&format!(
            "d = {}: values {{{}}}; {} flips{}{}{}\n",
            c.d,
            values(c).join(", "),
            c.flips.len(),
            if shown.is_empty() { "" } else { " at m = " },
            shown.join(", "),
            if c.flips.len() > SHOWN_FLIPS {
                ", …"
            } else {
                ""
            }
        ));
    }
    text
}

/// The summary as CSV: `d,values,flips,first_flips`, the lists
/// space-separated.
pub(crate) fn csv(columns: &[ColumnStructure]) -> String {
    let mut csv = Csv::with_header(&["d", "values", "flips", "first_flips"]);
    for c in columns {
        csv.record(&[
            &c.d,
            &values(c).join(" "),
            &c.flips.len(),
            &shown_flips(c).join(" "),
        ]);
    }
    csv.finish()
}
