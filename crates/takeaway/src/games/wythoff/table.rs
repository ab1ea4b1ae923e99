//! `table wythoff --rows N`: the safe pairs (P-positions) with both piles
//! below `N`, and a picture of the P-positions on the `N × N` grid.
//!
//! JSON: `{"game": "wythoff", "rows": N, "pairs": [[a_k, b_k], …]}` with
//! `a_k ≤ b_k`, `k = 0, 1, …` (so `[0, 0]` first); the picture marks both
//! orientations, so the two Beatty lines `y ≈ φx` and `y ≈ x/φ` show.
//!
//! Law: `pairs` is exactly `{(⌊kφ⌋, ⌊kφ⌋ + k) : ⌊kφ⌋ + k < N}` in order of `k`.

use super::beatty::lower;
use crate::engine::{Amount, Unit};
use crate::games::advice::Misused;
use crate::games::error::GameError;
use crate::games::error::Hint;
use crate::games::request::{Table, TableRequest};
use crate::games::wythoff::error::WythoffWork;
use crate::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
use crate::render::{Grid, Swatch};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde_json::json;

/// Largest side of the picture (the grid is `min(N, 1000)` square).
pub const GRID_SIDE: u64 = 1000;

/// The safe pairs `(a_k, b_k)` with `b_k < n`, in order of `k` (from `k = 0`).
///
/// ```
/// use takeaway::games::wythoff::table::safe_pairs_below;
/// // Paper 001: (0,0), (1,2), (3,5), (4,7), (6,10), (8,13), (9,15); OEIS A000201/A001950.
/// assert_eq!(safe_pairs_below(16), vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15)]);
/// ```
pub fn safe_pairs_below(n: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    for k in 0u64.. {
        let a = lower(&BigUint::from(k)).to_u64();
        match a.and_then(|a| a.checked_add(k).map(|b| (a, b))) {
            Some((a, b)) if b < n => out.push((a, b)),
            _ => break,
        }
    }
    out
}

/// The grid picture: cell `(x, y)` (pile 1 = x, pile 2 = y) is 0 for an
/// N-position, 1 for a safe pair `(a_k, b_k)` (x ≤ y), 2 for `(b_k, a_k)`.
///
/// ```
/// use takeaway::games::wythoff::table::{grid, safe_pairs_below};
/// let g = grid(&safe_pairs_below(10), 10);
/// assert_eq!((g.at(1, 2), g.at(2, 1), g.at(2, 2)), (1, 2, 0));
/// ```
pub fn grid(pairs: &[(u64, u64)], side: u64) -> Grid {
    let n = usize::try_from(side.min(GRID_SIDE)).unwrap_or(0);
    let mut cells = vec![0u16; n * n];
    for &(a, b) in pairs {
        let (Ok(a), Ok(b)) = (usize::try_from(a), usize::try_from(b)) else {
            continue;
        };
        if a < n && b < n {
            cells[a + b * n] = 1;
            if a != b {
                cells[b + a * n] = 2;
            }
        }
    }
    Grid {
        title: format!("Wythoff's Nim: P-positions with piles below {n}"),
        x_label: "pile 1".into(),
        y_label: "pile 2".into(),
        width: n,
        height: n,
        cells,
        legend: vec![
            Swatch {
                label: "N-position".into(),
                rgb: [255, 255, 255],
                glyph: '.',
            },
            Swatch {
                label: "safe pair (a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋)".into(),
                rgb: [49, 54, 149],
                glyph: 'A',
            },
            Swatch {
                label: "safe pair (b_k, a_k)".into(),
                rgb: [200, 40, 40],
                glyph: 'B',
            },
        ],
        bar: None,
    }
}

/// Refuses a request the table cannot answer, before any work: a `--cols`
/// (the table has one size), or more rows than the limits allow; `what` the
/// pairs it lists.
fn admit(req: &TableRequest<'_>, what: &str) -> Result<(), GameError> {
    if req.cols.is_some() {
        return Err(Misused::WythoffRowsOnly { what: what.into() }.into());
    }
    if req.rows > req.limits.max_states {
        return Err(GameError::too_large(
            WythoffWork::SafePairs { rows: req.rows },
            Amount::of(req.rows, Unit::Rows),
            Amount::of(req.limits.max_states, Unit::Rows),
            Hint::AskFewerRows,
        ));
    }
    Ok(())
}

/// Builds the table for `table wythoff --rows N`.
///
/// ```
/// use takeaway::games::wythoff::table::table;
/// use takeaway::games::TableRequest;
/// let t = table(&TableRequest::new(11)).unwrap();
/// assert_eq!(t.json["pairs"].to_string(), "[[0,0],[1,2],[3,5],[4,7],[6,10]]");
/// ```
pub fn table(req: &TableRequest<'_>) -> Result<Table, GameError> {
    admit(req, "safe pairs")?;
    req.progress.start("safe pairs", 1);
    let pairs = safe_pairs_below(req.rows);
    req.progress.finish();
    let json = json!({"game": "wythoff", "rows": req.rows});
    let report = Records {
        title: format!(
            "Wythoff's Nim: safe pairs (a_k, b_k) with both piles below {}\n{:>8} {:>12} {:>12}  {}",
            req.rows, "k", "a_k", "b_k", "a_k, b_k in canonical Fibonacci (Zeckendorf)"
        ),
        footer: String::new(),
        fields: vec![
            Field::new("k", FieldValues::Wide((0..pairs.len() as u64).collect())),
            Field::new(
                "a_k",
                FieldValues::Wide(pairs.iter().map(|p| p.0).collect()),
            ),
            Field::new(
                "b_k",
                FieldValues::Wide(pairs.iter().map(|p| p.1).collect()),
            ),
            Field::text_only(FieldValues::Words(
                pairs
                    .iter()
                    .map(|&(a, b)| super::representation_pair(a, b))
                    .collect(),
            )),
        ],
        layout: RecordLayout::Aligned {
            widths: &[8, 12, 12],
        },
        json: RecordJson::Arrays {
            key: "pairs",
            fields: vec![1, 2],
        },
    };
    // An empty picture (no rows) is not drawn.
    let grid = (req.rows > 0).then(|| grid(&pairs, req.rows));
    Ok(Table::of_records(report, json, grid, req.format))
}

/// Builds the table for `table wythoff:misere=true --rows N`: the
/// P-positions `(a, b)`, `a ≤ b < N`, under misère play (whoever cannot
/// move wins), by [`super::misere`]: the safe pairs of normal play for
/// `k ≥ 2`, with `(0, 1)` and `(2, 2)` in place of `(0, 0)` and `(1, 2)`
/// (checked against the engine and a recursion from the rules in the tests).
///
/// JSON: `{"game", "misere": true, "method": "theory", "rows": N,
/// "pairs": [[a, b], …]}` in order of `b`.
///
/// ```
/// use takeaway::games::wythoff::table::misere_table;
/// use takeaway::games::TableRequest;
/// // By hand: (0, 0) has no move, so the mover wins (N); from (0, 1) the one
/// // move leaves (0, 0) to the opponent, who then wins (P); (1, 1) and
/// // (1, 2) reach (0, 1) (N); every move from (2, 2) reaches an N-position
/// // ((0,2), (1,2), (0,0) by the diagonal, (1,1)): P.
/// let t = misere_table("wythoff:misere=true", &TableRequest::new(4)).unwrap();
/// assert_eq!(t.json["pairs"].to_string(), "[[0,1],[2,2]]");
/// ```
pub fn misere_table(spec: &str, req: &TableRequest<'_>) -> Result<Table, GameError> {
    admit(req, "P-positions")?;
    req.progress.start("misère P-positions", 1);
    let mut pairs: Vec<(u64, u64)> = safe_pairs_below(req.rows)
        .into_iter()
        .filter(|&p| p != (0, 0) && p != (1, 2))
        .collect();
    pairs.extend([(0, 1), (2, 2)].into_iter().filter(|&(_, b)| b < req.rows));
    pairs.sort_by_key(|&(a, b)| (b, a));
    req.progress.finish();
    let json = json!({
        "game": spec,
        "misere": true,
        "method": "theory",
        "rows": req.rows,
    });
    let report = Records {
        title: format!(
            "{spec}: P-positions (a, b), a ≤ b, with both piles below {} under misère play (whoever cannot move wins): the safe pairs of normal play but (0, 1) and (2, 2) for (0, 0) and (1, 2)\n{:>8} {:>12} {:>12}",
            req.rows, "k", "a", "b"
        ),
        footer: String::new(),
        fields: vec![
            Field::new("k", FieldValues::Wide((0..pairs.len() as u64).collect())),
            Field::new("a", FieldValues::Wide(pairs.iter().map(|p| p.0).collect())),
            Field::new("b", FieldValues::Wide(pairs.iter().map(|p| p.1).collect())),
        ],
        layout: RecordLayout::Aligned {
            widths: &[8, 12, 12],
        },
        json: RecordJson::Arrays {
            key: "pairs",
            fields: vec![1, 2],
        },
    };
    let picture = (req.rows > 0).then(|| {
        let mut g = grid(&pairs, req.rows);
        g.title = format!(
            "{spec}: P-positions under misère play, piles below {}",
            g.width
        );
        g.legend[1].label = "P-position (a, b), a ≤ b".into();
        g.legend[2].label = "P-position (b, a)".into();
        g
    });
    Ok(Table::of_records(report, json, picture, req.format))
}
