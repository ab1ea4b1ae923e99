//! The research output of a Grundy sequence: the values (text, CSV, JSON, a
//! picture), or a summary (the proved period, the largest value and where it
//! first occurs, the rare values of the sparse space with their counts, the
//! checksum `ogsolve` prints) and the frequency of every value.
//!
//! Law: the counts add up to `rows`; `largest` is the maximum of
//! `G(0) … G(rows − 1)` and `first` the least `n` with `G(n) = largest`; the
//! checksum is that of [`crate::games::checksum::Checksum`]
//! over the same values (present while every value is below 65,536).

use super::period::Period;
use super::solve::Solved;
use crate::games::checksum::Checksum;
use crate::games::grundy_plot::grundy_plot;
use crate::games::octal::error::OctalWork;
use crate::games::request::{Table, TableFormat};
use crate::render::Grid;
use crate::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
use rayon::prelude::*;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Most heaps the picture of a sequence shows (the first ones).
pub const PICTURE_HEAPS: usize = 1000;

/// Values per line of the text table.
const PER_LINE: usize = 10;

/// What was found about a sequence, beyond its values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// `counts[v]` heaps `n < rows` have `G(n) = v` (values that occur).
    pub counts: BTreeMap<u32, u64>,
    /// The largest value and the least heap where it occurs.
    pub largest: (u32, u64),
    /// The ogsolve checksum (upper-case hexadecimal), if every value < 65,536.
    pub checksum: Option<String>,
}

fn count_slice<T: Copy + Into<u32> + Sync>(g: &[T]) -> BTreeMap<u32, u64> {
    g.par_chunks(1 << 20)
        .map(|chunk| {
            let mut c = vec![0u64; 256];
            for &x in chunk {
                let v: u32 = x.into();
                let v = v as usize;
                if v >= c.len() {
                    c.resize(v + 1, 0);
                }
                c[v] += 1;
            }
            c
        })
        .reduce(Vec::new, |mut a, b| {
            if b.len() > a.len() {
                a.resize(b.len(), 0);
            }
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
            a
        })
        .into_iter()
        .enumerate()
        .filter(|&(_, c)| c > 0)
        .map(|(v, c)| (v as u32, c))
        .collect()
}

/// Counts (on both cores), largest value and checksum of `G(0) … G(rows − 1)`.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, report::summarize, solve::{solve, Outcome, Run}};
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.77").unwrap(), Run::new(100)).unwrap() else { panic!() };
/// let sum = summarize(&s);
/// assert_eq!(sum.counts.values().sum::<u64>(), 100);
/// // Kayles: G(27) = 8 is the first 8 and nothing larger occurs (Winning Ways, ch. 4; OEIS A002186)
/// assert_eq!(sum.largest, (8, 27));
/// ```
pub fn summarize(s: &Solved) -> Summary {
    use super::nimber::Values;
    let computed = s.values.len() as u64;
    let mut counts = match &s.values {
        Values::U8(g) => count_slice(g),
        Values::U16(g) => count_slice(g),
        Values::U32(g) => count_slice(g),
        Values::Coded(c) => c
            .counts()
            .into_iter()
            .enumerate()
            .filter(|&(_, k)| k > 0)
            .map(|(v, k)| (v as u32, k))
            .collect(),
    };
    if let Some(p) = s.period
        && s.rows > computed
    {
        // The rest repeats the cycle from the pre-period on.
        let start = p.preperiod as u64;
        let per = p.period as u64;
        let phase = (computed - start) % per;
        let rest = s.rows - computed;
        for i in 0..per {
            // Heap computed + t has cycle index (phase + t) mod per.
            let idx = (i + per - phase) % per; // the first t with that index
            let times = if idx < rest {
                (rest - idx - 1) / per + 1
            } else {
                0
            };
            let v = s.values.get((start + i) as usize);
            *counts.entry(v).or_insert(0) += times;
        }
    }
    let largest = counts.keys().next_back().copied().unwrap_or(0);
    let mut first = 0;
    for n in 0..computed {
        if s.values.get(n as usize) == largest {
            first = n;
            break;
        }
    }
    let mut sum = Checksum::default();
    let mut fits = true;
    s.for_each(|v| {
        fits &= v <= u32::from(u16::MAX);
        sum.push(v as u16);
    });
    Summary {
        counts,
        largest: (largest, first),
        checksum: fits.then(|| sum.hex()),
    }
}

/// A code that is not octal: its period or arithmetic period seen, decided by the
/// certificate ([`super::arithmetic_period::assess`], stopped by
/// `cancelled`); `None` for an octal code.
fn assessed(
    s: &Solved,
    cancelled: &dyn Fn() -> bool,
) -> Option<super::arithmetic_period::Assessed> {
    if s.code.is_octal() {
        None
    } else {
        super::arithmetic_period::assess(s, cancelled)
    }
}

fn period_line(s: &Solved, assessed: Option<&super::arithmetic_period::Assessed>) -> String {
    if !s.code.is_octal() {
        return super::arithmetic_period::describe(s, assessed);
    }
    match s.period {
        Some(Period {
            period,
            preperiod,
            needed,
            checked,
        }) => {
            let last = if preperiod == 0 {
                "no exception".to_string()
            } else {
                format!("last exception n = {}", preperiod - 1)
            };
            format!(
                "period {period}, pre-period {preperiod} ({last}); proved: G(n + {period}) = G(n) for {q} ≤ n < {needed} suffices (octal periodicity theorem), checked for {preperiod} ≤ n < {checked}",
                q = preperiod.max(1)
            )
        }
        None => format!(
            "no period up to {} (none is proved by the octal periodicity theorem from these values)",
            s.values.len().saturating_sub(1)
        ),
    }
}

fn rare_values(s: &Solved, sum: &Summary) -> Vec<(u32, u64)> {
    sum.counts
        .iter()
        .filter(|&(&v, _)| (v as usize & s.mask).count_ones().is_multiple_of(2))
        .map(|(&v, &c)| (v, c))
        .collect()
}

/// The JSON `period` fields: `period`, `preperiod`, `needed`, `checked` (nulls without one).
fn period_json(s: &Solved) -> Value {
    match s.period {
        Some(p) => {
            json!({"period": p.period, "preperiod": p.preperiod, "needed": p.needed, "checked": p.checked})
        }
        None => {
            json!({"period": Value::Null, "preperiod": Value::Null, "needed": Value::Null, "checked": Value::Null})
        }
    }
}

/// The summary (and with `freq` the `value count` lines) as a [`Table`]:
/// `text` for people, `csv` as `value,count`, `json` with every field.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, report, solve::{solve, Outcome, Run}};
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.137").unwrap(), Run::new(1000)).unwrap() else { panic!() };
/// let t = report::summary_table(&s, false, &|| false);
/// // Dawson's chess: period 34, last exception 51 (OEIS A002187; Winning Ways, ch. 4)
/// assert!(t.text.contains("period 34, pre-period 52 (last exception n = 51)"));
/// assert_eq!(t.json["period"], 34);
/// ```
pub fn summary_table(s: &Solved, freq: bool, cancelled: &dyn Fn() -> bool) -> Table {
    let sum = summarize(s);
    let spec = format!("octal:{}", s.code);
    let rare = rare_values(s, &sum);
    let mut text = format!("{spec}, n = 0..{}\n", s.rows.saturating_sub(1));
    // Decided once by the certificate for both the text and the JSON.
    let assessed = assessed(s, cancelled);
    let _ = writeln!(text, "{}", period_line(s, assessed.as_ref()));
    let _ = writeln!(
        text,
        "largest value {}, first at n = {}",
        sum.largest.0, sum.largest.1
    );
    let listed: Vec<String> = rare.iter().map(|(v, c)| format!("{v} ×{c}")).collect();
    if s.mask == 0 && !s.code.is_octal() {
        let _ = writeln!(text, "rare values: none (every value from the definition)");
    } else {
        let _ = writeln!(
            text,
            "rare values (parity of v & {:#x} even): {}",
            s.mask,
            listed.join(", ")
        );
    }
    let _ = writeln!(text, "{} distinct values", sum.counts.len());
    if let Some(c) = &sum.checksum {
        let _ = writeln!(text, "checksum: {c}");
    }
    let counts: Vec<(u32, u64)> = sum.counts.iter().map(|(&v, &c)| (v, c)).collect();
    let rare_json: serde_json::Map<String, Value> = rare
        .iter()
        .map(|(v, c)| (v.to_string(), json!(c)))
        .collect();
    let mut json = json!({
        "game": spec, "code": s.code.to_string(), "rows": s.rows,
        "largest": {"value": sum.largest.0, "first": sum.largest.1},
        "mask": s.mask, "rare": rare_json, "checksum": sum.checksum,
    });
    if let (Value::Object(o), Value::Object(p)) = (&mut json, period_json(s)) {
        o.extend(p);
        if !s.code.is_octal() {
            o.insert(
                "arithmetic".into(),
                super::arithmetic_period::json_of(assessed.as_ref()),
            );
        }
    }
    text.pop();
    let report = Records {
        title: text,
        footer: String::new(),
        fields: vec![
            Field::new(
                "value",
                FieldValues::Small(counts.iter().map(|c| c.0).collect()),
            ),
            Field::new(
                "count",
                FieldValues::Wide(counts.iter().map(|c| c.1).collect()),
            ),
        ],
        // With `freq`, the `value count` lines follow the summary.
        layout: if freq {
            RecordLayout::Template(&["", " ", ""])
        } else {
            RecordLayout::Hidden
        },
        json: RecordJson::Counts { key: "counts" },
    };
    Table::of_records(report, json, None, TableFormat::All)
}

/// Only the `value count` lines (`--freq`), as published tables give them.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, report, solve::{solve, Outcome, Run}};
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.77").unwrap(), Run::new(5)).unwrap() else { panic!() };
/// assert_eq!(report::freq_lines(&s), "0 1\n1 2\n2 1\n3 1\n");
/// ```
pub fn freq_lines(s: &Solved) -> String {
    let mut out = String::new();
    for (v, c) in summarize(s).counts {
        let _ = writeln!(out, "{v} {c}");
    }
    out
}

/// The picture: a bar chart of the first [`PICTURE_HEAPS`] values.
pub fn picture(s: &Solved) -> Option<Grid> {
    let shown = (s.rows as usize).min(PICTURE_HEAPS);
    let mut g: Vec<u16> = Vec::with_capacity(shown);
    for n in 0..shown {
        g.push(u16::try_from(s.at(n as u64)).ok()?);
    }
    grundy_plot(
        &format!(
            "octal:{}: Grundy values, n = 0..{}",
            s.code,
            shown.saturating_sub(1)
        ),
        &g,
    )
}

/// The values as a [`Table`]: text (ten a line, then the period line),
/// CSV `n,grundy`, JSON `{game, code, rows, values, period, preperiod,
/// needed, checked}` (the values kept compact in [`Table::column`]). The
/// period line of a code that is not octal (its certificate) is made only
/// when `format` wants the text.
///
/// ```
/// use takeaway::games::{TableFormat};
/// use takeaway::games::octal::{code::OctalCode, report, solve::{solve, Outcome, Run}};
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.77").unwrap(), Run::new(12)).unwrap() else { panic!() };
/// let t = report::values_table(&s, TableFormat::All, &|| false);
/// assert!(t.text.starts_with("octal:0.77, G(n) for n = 0..11\n     0:  0 1 2 3 1 4 3 2 1 4\n    10:  2 6\n"));
/// assert_eq!(serde_json::to_value(t.document()).unwrap()["values"][11], 6);
/// ```
pub fn values_table(s: &Solved, format: TableFormat, cancelled: &dyn Fn() -> bool) -> Table {
    let spec = format!("octal:{}", s.code);
    let mut values = Vec::with_capacity(usize::try_from(s.rows).unwrap_or(0));
    s.for_each(|v| values.push(v));
    // The period line is the text's footer alone: the other shapes do not
    // pay for a code's certificate (up to about a second and 200 MB).
    let footer = if format == TableFormat::All || format == TableFormat::Text {
        format!("{}\n", period_line(s, assessed(s, cancelled).as_ref()))
    } else {
        String::new()
    };
    let report = crate::render::report::Sequence {
        title: format!("{spec}, G(n) for n = 0..{}", s.rows.saturating_sub(1)),
        footer,
        ..crate::render::report::Sequence::of(
            crate::render::report::Values::Small { values, none: None },
            ["n", "grundy"],
            "values",
            crate::render::report::Layout::Lines { per_line: PER_LINE },
        )
    };
    let mut json = json!({"game": spec, "code": s.code.to_string(), "rows": s.rows});
    if let (Value::Object(o), Value::Object(p)) = (&mut json, period_json(s)) {
        o.extend(p);
    }
    Table::of_sequence(report, json, picture(s), format)
}

/// Bytes a printed (non-summary) table costs per value, checked before it is built.
pub const BYTES_PER_ROW: u64 = 24;

/// The table of `octal:CODE` for a [`TableRequest`](crate::games::request::TableRequest): the values, or with
/// `summary` the summary (what the family's `table` answers).
///
/// ```
/// use takeaway::games::TableRequest;
/// use takeaway::games::octal::{code::OctalCode, report};
/// let t = report::table(&OctalCode::parse("0.07").unwrap(), &TableRequest::new(200)).unwrap();
/// assert_eq!(t.json["period"], 34); // Dawson's Kayles (Winning Ways, ch. 4)
/// ```
pub fn table(
    code: &super::code::OctalCode,
    req: &crate::games::request::TableRequest<'_>,
) -> Result<Table, crate::games::error::GameError> {
    use super::solve::{Outcome, Run, solve};
    use crate::engine::{Amount, Unit};
    use crate::games::error::{GameError, Hint};
    if !req.summary
        && u128::from(req.rows) * u128::from(BYTES_PER_ROW) > u128::from(req.limits.max_bytes)
    {
        return Err(GameError::too_large(
            OctalWork::Sequence {
                code: code.to_string(),
                rows: req.rows,
            },
            Amount::of(
                u128::from(req.rows) * u128::from(BYTES_PER_ROW),
                Unit::Bytes,
            ),
            Amount::of(req.limits.max_bytes, Unit::Bytes),
            Hint::Summary,
        ));
    }
    let run = Run {
        rows: req.rows,
        limits: &req.limits,
        progress: req.progress,
        checkpoint: None,
        resume: None,
        stop_after: None,
        threads: 1,
    };
    match solve(code, run)? {
        Outcome::Done(s) => {
            // A non-octal code's certificate stops with the request: a
            // cancelled one is an error, not a table saying "not proved".
            let cancelled = || req.limits.cancel.is_cancelled();
            let t = if req.summary {
                summary_table(&s, false, &cancelled)
            } else {
                values_table(&s, req.format, &cancelled)
            };
            if cancelled() {
                return Err(GameError::Cancelled);
            }
            Ok(t)
        }
        Outcome::Saved { .. } => Err(GameError::Cancelled),
    }
}
