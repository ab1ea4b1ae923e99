//! `table`: the one-pile sequence for piles `0..rows` with its proved period, as
//! JSON, text like paper 004's table, CSV and a plot; or, with `summary`, the
//! period, pre-period, count of each value and the ogsolve checksum.
//!
//! Law: `values[n] = G(n)` (misère: `outcomes[n]`), and for a finite `S`,
//! `values[n] = values[preperiod + (n − preperiod) mod period]` for `n ≥ preperiod`.

use super::Subtraction;
use super::game::SubtractionSet;
use super::theory::one_pile_grundy_small;
use crate::engine::{Amount, Unit};
use crate::games::checksum::Checksum;
use crate::games::error::GameError;
use crate::games::error::{Hint, Work};
use crate::games::grundy_plot as plot;
use crate::games::model::Family;
use crate::games::request::{Table, TableFormat, TableRequest};
use crate::games::subtraction::error::SubtractionHint;
use crate::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
use crate::render::report::{Layout, Sequence as Report, Values};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Bytes a full (non-summary) table costs per row in its JSON, text and CSV forms.
pub(crate) const BYTES_PER_ROW: u64 = 96;

/// The sequence of a game: how to produce its terms, and its proved period.
struct Sequence {
    period: Option<usize>,
    preperiod: Option<usize>,
    proof: String,
    source: Source,
}

enum Source {
    Nim,
    NimMisere,
    Range { min: u64, max: u64 },
    Periodic(super::period::Periodic),
}

impl Sequence {
    fn of(game: &Subtraction, req: &TableRequest<'_>) -> Result<Self, GameError> {
        Ok(match (&game.set, game.misere) {
            (SubtractionSet::All, false) => Sequence {
                period: None,
                preperiod: None,
                proof: "Nim: G(n) = n (Bouton); no period".into(),
                source: Source::Nim,
            },
            (SubtractionSet::All, true) => Sequence {
                period: Some(1),
                preperiod: Some(2),
                proof: "misère Nim: only the pile of 1 is a P-position".into(),
                source: Source::NimMisere,
            },
            (SubtractionSet::Range { min, max }, false) => {
                let p = usize::try_from(u128::from(*min) + u128::from(*max)).ok();
                Sequence {
                    period: p,
                    preperiod: Some(0),
                    proof: format!(
                        "One Pile closed form G(n) = ⌊(n mod {})/{min}⌋ (paper 004; checked against the mex rule by `verify`)",
                        u128::from(*min) + u128::from(*max)
                    ),
                    source: Source::Range {
                        min: *min,
                        max: *max,
                    },
                }
            }
            _ => {
                let p = game.periodic(&req.limits)?;
                let m = game.set.max().unwrap_or(1);
                Sequence {
                    period: Some(p.period),
                    preperiod: Some(p.preperiod),
                    proof: format!(
                        "proved: the {m} terms from {} repeat {} later, and each term depends only on the max(S) = {m} before it",
                        p.preperiod, p.period
                    ),
                    source: Source::Periodic(p),
                }
            }
        })
    }

    fn for_each(&self, rows: u64, mut f: impl FnMut(u64)) {
        match &self.source {
            Source::Nim => (0..rows).for_each(f),
            Source::NimMisere => (0..rows).for_each(|n| f(u64::from(n != 1))),
            Source::Range { min, max } => {
                (0..rows).for_each(|n| f(one_pile_grundy_small(n, *min, *max)))
            }
            Source::Periodic(p) => p.for_each(rows, |v| f(u64::from(v))),
        }
    }
}

fn too_large(rows: u64, needed: u128, limit: u64, unit: Unit, hint: impl Into<Hint>) -> GameError {
    GameError::too_large(
        Work::Table { rows },
        Amount::of(needed, unit),
        Amount::of(limit, unit),
        hint,
    )
}

fn outcome_name(v: u64) -> &'static str {
    if v == 0 { "P" } else { "N" }
}

/// Builds the table (see the module law).
///
/// ```
/// use takeaway::games::{Family, Game, TableRequest};
/// let t = Game::parse("subtraction:min=3:max=5").unwrap().table(&TableRequest::new(21)).unwrap();
/// // paper 004 (Cut-the-Knot, One Pile Min 3 Max 5)
/// let doc = serde_json::to_value(t.document()).unwrap();
/// assert_eq!(doc["values"].to_string(), "[0,0,0,1,1,1,2,2,0,0,0,1,1,1,2,2,0,0,0,1,1]");
/// assert_eq!(t.json["period"], 8);
/// ```
pub(crate) fn table(game: &Subtraction, req: &TableRequest<'_>) -> Result<Table, GameError> {
    let rows = req.rows;
    if rows > req.limits.max_states {
        return Err(too_large(
            rows,
            u128::from(rows),
            req.limits.max_states,
            Unit::Positions,
            SubtractionHint::FewerRowsAnalyzeOnePile,
        ));
    }
    if !req.summary
        && u128::from(rows) * u128::from(BYTES_PER_ROW) > u128::from(req.limits.max_bytes)
    {
        return Err(too_large(
            rows,
            u128::from(rows) * u128::from(BYTES_PER_ROW),
            req.limits.max_bytes,
            Unit::Bytes,
            Hint::Summary,
        ));
    }
    let seq = Sequence::of(game, req)?;
    let spec = game.spec();
    let misere = game.misere;
    if req.summary {
        return Ok(summary(&spec, &seq, rows, misere, req));
    }
    let mut values: Vec<u64> = Vec::new();
    req.progress.start("values", rows);
    seq.for_each(rows, |v| values.push(v));
    req.progress.finish();
    // The Grundy values stay compact (u32) in `Table::column` for JSON (a
    // `Value` per cell costs gigabytes at 10^7); misère play gives outcomes.
    let (values_of, key, column, label) = if misere {
        let words = values.iter().map(|&v| outcome_name(v)).collect();
        (
            Values::Words(words),
            "outcomes",
            "outcome",
            "Outcome (misère)",
        )
    } else if values.iter().all(|&v| v < u64::from(u32::MAX)) {
        let small = values.iter().map(|&v| v as u32).collect();
        let values = Values::Small {
            values: small,
            none: None,
        };
        (values, "values", "grundy", "Grundy number")
    } else {
        (
            Values::Wide(values.clone()),
            "values",
            "grundy",
            "Grundy number",
        )
    };
    let mut json = json!({"game": spec, "period": seq.period, "preperiod": seq.preperiod});
    if misere && req.wants(TableFormat::Json) {
        json["misere"] = Value::Bool(true);
        json["values"] = Value::Null;
    }
    let footer = match (seq.period, seq.preperiod) {
        (Some(p), Some(q)) => format!("period {p}, pre-period {q} ({})\n", seq.proof),
        _ => format!("no period ({})\n", seq.proof),
    };
    let report = Report {
        title: spec.clone(),
        footer,
        ..Report::of(values_of, ["n", column], key, Layout::Strips { label })
    };
    let grid = if misere {
        let o: Vec<u16> = values.iter().map(|&v| v as u16).collect();
        plot::outcome_strip(
            &format!("{spec}: misère outcomes, n = 0..{}", rows.saturating_sub(1)),
            &o,
        )
    } else if values.iter().all(|&v| v <= u64::from(u16::MAX - 2)) {
        let g: Vec<u16> = values.iter().map(|&v| v as u16).collect();
        plot::grundy_plot(
            &format!("{spec}: Grundy values, n = 0..{}", rows.saturating_sub(1)),
            &g,
        )
    } else {
        None
    };
    Ok(Table::of_sequence(report, json, grid, req.format))
}

fn summary(spec: &str, seq: &Sequence, rows: u64, misere: bool, req: &TableRequest<'_>) -> Table {
    let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
    let mut sum = Checksum::default();
    let mut fits = true;
    req.progress.start("values", rows);
    let count_values = !matches!(seq.source, Source::Nim);
    seq.for_each(rows, |v| {
        if count_values {
            *counts.entry(v).or_insert(0) += 1;
        }
        fits &= v <= u64::from(u16::MAX);
        sum.push(v as u16);
    });
    req.progress.finish();
    let checksum = (fits && !misere).then(|| sum.hex());
    let mut json = json!({"game": spec, "rows": rows, "period": seq.period, "preperiod": seq.preperiod,
                      "checksum": checksum});
    if !count_values {
        json["counts"] = Value::Null;
    }
    let period = match (seq.period, seq.preperiod) {
        (Some(p), Some(q)) => format!("period {p}, pre-period {q} ({})", seq.proof),
        _ => format!("no period ({})", seq.proof),
    };
    let report = Records {
        title: format!("{spec}, n = 0..{}\n{period}", rows.saturating_sub(1)),
        footer: checksum
            .as_ref()
            .map_or(String::new(), |c| format!("checksum: {c}\n")),
        fields: vec![
            Field::new(
                "value",
                FieldValues::Words(
                    counts
                        .keys()
                        .map(|&v| {
                            if misere {
                                outcome_name(v).to_string()
                            } else {
                                v.to_string()
                            }
                        })
                        .collect(),
                ),
            ),
            Field::new(
                "count",
                FieldValues::Wide(counts.values().copied().collect()),
            ),
        ],
        layout: RecordLayout::Template(&["  ", ": ", ""]),
        json: if count_values {
            RecordJson::Counts { key: "counts" }
        } else {
            RecordJson::Omit
        },
    };
    Table::of_records(report, json, None, TableFormat::All)
}
