//! `table one-pile:f=EXPR:misere=true` (and `fibonacci:misere=true`): the
//! least winning move `L(n)` under misère play (whoever cannot move wins),
//! by [`super::exhaustive::least_winning_moves_under`] (the recursion from
//! the rules; the tests check it against the engine's search).
//!
//! Laws: with a bound `w ≥ 1` the moves of `(n, w)` grow with `w` (a larger
//! bound allows every take a smaller one does), so a winning take stays
//! winning and `(n, w)` is won exactly when `w ≥ L(n)` (`∞`: no take wins).
//! A player with no move to make wins: pile 0 (so `L(0) = 0`), and bound 0
//! on any pile, which is why the law starts at `w = 1`.
//!
//! When `f` depends on `t` alone and is at least 1, misère play on `n` is
//! normal play on `n − 1` (a winner never takes the last counter, and
//! whoever leaves one counter wins): `L(1) = ∞` and `L(n) = L_normal(n −
//! 1)` for `n ≥ 2` (checked to 150 for the named bounds in the tests, and
//! to 10^7 rows for Fibonacci Nim by hand, in BENCHMARKS.md).

use super::exhaustive::{INFINITE, least_winning_moves_under};
use crate::engine::Convention;
use crate::games::error::GameError;
use crate::games::request::{Column, Table, TableFormat, TableRequest};
use serde_json::json;
use std::fmt::Write as _;

/// The misère table of `spec` with bound `f`, in the shapes `req` wants:
/// the same columns and JSON as the normal-play table (`values`, `∞`/`null`
/// for no winning move) with `"misere": true`.
pub(crate) fn table(
    spec: &str,
    f: &crate::bound::Bound,
    req: &TableRequest<'_>,
) -> Result<Table, GameError> {
    let l = least_winning_moves_under(f, req.rows, Convention::Misere, &req.limits, req.progress)?;
    let mut text = String::new();
    if req.wants(TableFormat::Text) {
        text = format!(
            "{spec}: least winning move L(n) under misère play (whoever cannot move wins; for a bound w ≥ 1 the position (n, w) is won iff w ≥ L(n); with no move to make, pile 0 or bound 0, the player to move wins)\n{:>10}  {:>10}\n",
            "n", "L(n)"
        );
        for (i, &v) in l.iter().enumerate() {
            let _ = if v == INFINITE {
                writeln!(text, "{i:>10}  {:>10}", "∞")
            } else {
                writeln!(text, "{i:>10}  {v:>10}")
            };
        }
    }
    let mut csv = String::new();
    if req.wants(TableFormat::Csv) {
        csv.push_str("n,least_winning_move\n");
        for (i, &v) in l.iter().enumerate() {
            let _ = if v == INFINITE {
                writeln!(csv, "{i},")
            } else {
                writeln!(csv, "{i},{v}")
            };
        }
    }
    let grid = super::won_grid(spec, &l, true);
    Ok(Table {
        json: json!({
            "game": spec,
            "rows": req.rows,
            "method": "exhaustive",
            "misere": true,
        }),
        text,
        csv,
        grid: Some(grid),
        column: Some(Column {
            key: "values".into(),
            values: l,
            none: INFINITE,
            shape: None,
        }),
    })
}
