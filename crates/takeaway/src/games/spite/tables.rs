//! `table` for Spite Nim.
//!
//! Two rows (`spite --rows N`), JSON shape:
//! `{"rows": N, "e": [e(0), …, e(N−1)], "safe": [[n, s], …], "h": [h(0), …, h(N−1)]}`
//! where `safe` lists every safe pair with `s ≤ n < N` (by `n`, then `s`) and
//! `h(n) = #{s ≤ n : (s, e(s) + 1) safe}` (paper 003). CSV: `n,s,safe` for
//! every `s ≤ n < N`. The picture has `x = s`, `y = n` over the whole square
//! and colours the Theorem 1 boundary `s = e(n)` apart from the safe positions
//! above it (`s > e(n)`, Hale's open case).
//!
//! `K ≥ 3` rows (`spite:rows=K --rows N`), JSON shape:
//! `{"rows": N, "row_count": K, "safe": [[a, b, c], …]}` with every safe
//! position of `K` rows below `N`, each listed in descending order.

use super::exhaustive::Exhaustive;
use super::theory::{e_u64, h_counts};
use super::two_row::TwoRowTable;
use crate::games::advice::{Misused, Opt};
use crate::games::error::GameError;
use crate::games::request::{Table, TableFormat, TableRequest};
use crate::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
use crate::render::{Csv, Grid, Swatch};
use serde_json::json;

/// The two-row table (see the module documentation for the shapes).
///
/// ```
/// use takeaway::games::{TableRequest, spite::tables::two_row_table};
/// let t = two_row_table(&TableRequest::new(4)).unwrap();
/// // brute force: (0,0), (1,1), (2,1), (3,2) are the safe pairs below 4
/// assert_eq!(t.json["safe"], serde_json::json!([[0, 0], [1, 1], [2, 1], [3, 2]]));
/// ```
pub fn two_row_table(req: &TableRequest<'_>) -> Result<Table, GameError> {
    let n_rows = req.rows;
    // h needs (1, e(1) + 1) = (1, 2), so solve at least three rows.
    let size = n_rows.max(3);
    let table = TwoRowTable::build(size, &req.limits, req.progress)?;
    let len = usize::try_from(n_rows)
        .unwrap_or(usize::MAX)
        .min(table.size());
    let e: Vec<u64> = (0..len as u64).map(e_u64).collect();
    let h = h_counts(len, |a, b| table.safe(a, b));
    let pairs: Vec<(usize, usize)> = table
        .safe_pairs()
        .into_iter()
        .filter(|&(n, _)| n < len)
        .collect();
    let json = json!({
        "rows": n_rows,
        "e": e,
        "safe": pairs.iter().map(|&(n, s)| [n, s]).collect::<Vec<_>>(),
        "h": h,
    });
    let mut by_row: Vec<Vec<usize>> = vec![Vec::new(); len];
    for &(n, s) in &pairs {
        by_row[n].push(s);
    }
    let report = Records {
        title: "Safe two-row Spite Nim positions (n, s), s ≤ n; e(n) = Fibonacci shift (Hale, paper 003)\n\
             \x20    n   e(n)   h(n)  safe s (* = s = e(n), Theorem 1)"
            .into(),
        footer: String::new(),
        fields: vec![
            Field::new("n", FieldValues::Wide((0..len as u64).collect())),
            Field::new("e", FieldValues::Wide(e.clone())),
            Field::new("h", FieldValues::Wide(h.clone())),
            Field::text_only(FieldValues::Words(
                by_row
                    .iter()
                    .zip(&e)
                    .map(|(list, &en)| {
                        let list: Vec<String> = list
                            .iter()
                            .map(|&s| {
                                if s as u64 == en {
                                    format!("{s}*")
                                } else {
                                    s.to_string()
                                }
                            })
                            .collect();
                        list.join(" ")
                    })
                    .collect(),
            )),
        ],
        layout: RecordLayout::Aligned {
            widths: &[6, 6, 6],
        },
        json: RecordJson::Omit,
    };
    let grid = grid(&table, len, &e);
    let mut out = Table::of_records(report, json, Some(grid), req.format);
    // The CSV lists every cell (n, s), s ≤ n, of the triangle, safe or not
    // (only when printed: at 4,096 rows it has 8.4 million lines).
    if req.wants(TableFormat::Csv) {
        let (mut ns, mut ss, mut safe) = (Vec::new(), Vec::new(), Vec::new());
        for n in 0..len {
            for s in 0..=n {
                ns.push(n as u32);
                ss.push(s as u32);
                safe.push(u32::from(table.safe(n, s)));
            }
        }
        let cells = Records {
            title: String::new(),
            footer: String::new(),
            fields: vec![
                Field::new("n", FieldValues::Small(ns)),
                Field::new("s", FieldValues::Small(ss)),
                Field::new("safe", FieldValues::Small(safe)),
            ],
            layout: RecordLayout::Tuple,
            json: RecordJson::Omit,
        };
        out.csv = Csv::records(&cells).finish();
    }
    Ok(out)
}

fn grid(table: &TwoRowTable, len: usize, e: &[u64]) -> Grid {
    let mut cells = Vec::with_capacity(len * len);
    for y in 0..len {
        for x in 0..len {
            let (n, s) = (x.max(y), x.min(y));
            let en = e[n] as usize;
            let cat = match (table.safe(n, s), s.cmp(&en)) {
                (true, std::cmp::Ordering::Equal) => 1,
                (true, _) => 2,
                (false, std::cmp::Ordering::Less) => 0,
                (false, _) => 3,
            };
            cells.push(cat);
        }
    }
    Grid {
        title: format!("Spite Nim: safe two-row positions (n, s) below {len}"),
        x_label: "s".into(),
        y_label: "n".into(),
        width: len,
        height: len,
        cells,
        legend: vec![
            Swatch {
                label: "unsafe, s < e(n) (Theorem 1)".into(),
                rgb: [225, 225, 225],
                glyph: '-',
            },
            Swatch {
                label: "safe, s = e(n): the boundary (Theorem 1)".into(),
                rgb: [40, 70, 180],
                glyph: 'e',
            },
            Swatch {
                label: "safe, s > e(n) (open in Hale's paper)".into(),
                rgb: [200, 40, 40],
                glyph: '#',
            },
            Swatch {
                label: "unsafe, s > e(n)".into(),
                rgb: [255, 255, 255],
                glyph: '.',
            },
        ],
        bar: None,
    }
}

/// The table of safe positions with `k ≥ 3` rows below `rows`.
///
/// ```
/// use takeaway::games::{TableRequest, spite::tables::many_row_table};
/// let t = many_row_table(3, &TableRequest::new(2)).unwrap();
/// // brute force: with rows ≤ 1, (0,0,0) and (1,1,0) are safe
/// assert_eq!(t.json["safe"], serde_json::json!([[0, 0, 0], [1, 1, 0]]));
/// ```
pub fn many_row_table(k: usize, req: &TableRequest<'_>) -> Result<Table, GameError> {
    if req.rows == 0 {
        return Err(Misused::AtLeastOne {
            sweep: None,
            options: vec![Opt::Rows],
        }
        .into());
    }
    let bound = req.rows - 1;
    let target = vec![bound; k];
    req.progress.start("Spite Nim exhaustive search", 1);
    let solved = Exhaustive::solve(&target, &req.limits)?;
    req.progress.advance(1);
    req.progress.finish();
    let safe: Vec<Vec<u64>> = solved
        .safe_positions()
        .into_iter()
        .map(|mut p| {
            p.reverse();
            p
        })
        .collect();
    let json = json!({"rows": req.rows, "row_count": k});
    let report = Records {
        title: format!(
            "Safe {k}-row Spite Nim positions with every row below {} ({} positions; exhaustive search)",
            req.rows,
            safe.len()
        ),
        footer: String::new(),
        fields: (0..k)
            .map(|i| {
                Field::new(
                    format!("r{}", i + 1),
                    FieldValues::Wide(safe.iter().map(|p| p[i]).collect()),
                )
            })
            .collect(),
        layout: RecordLayout::Tuple,
        json: RecordJson::Arrays {
            key: "safe",
            fields: (0..k).collect(),
        },
    };
    Ok(Table::of_records(report, json, None, req.format))
}
