//! The heatmap around a position: outcomes (P/N) and values of the positions
//! near the current one, each what `analyze` says of it alone, computed
//! once for all cells where one table or one search serves them (a
//! one-pile game's least winning moves, one k-pile solver, one engine
//! search for a misère game the engine decides). A misère octal game whose
//! misère quotient covering every cell's heaps is ready (kept, or computed
//! now within its budget) answers cell by cell through it.
//!
//! - one-pile games: the tableau of pile `n` (x) against bound `w` (y): the
//!   mover wins exactly when `w ≥ L(n)`, the least winning move (under
//!   misère play, each cell's outcome, no value); the bounds
//!   shown are 1..=side, or a window around the current bound `min(w, n)`
//!   when that is larger (or 0), so the position now is always a cell;
//! - other one-pile games: one row of outcomes and Grundy values;
//! - two or more piles: the first pile (x) against the second (y), the other
//!   piles and the bound as in the current position.
//!
//! Each axis says what it sets (`"sets": {"pile": 0}` or `{"bound": true}`),
//! so the page can open the position of a clicked cell without knowing the
//! family, and its label names the family's unit (`row 1` in Spite Nim).

use crate::error::ApiError;
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};
use serde_json::{Value, json};
use takeaway::analysis::Outcome;
use takeaway::engine::Convention;
use takeaway::games::one_pile::OnePile;
use takeaway::games::one_pile::exhaustive::{INFINITE, least_winning_moves_under};
use takeaway::games::play::Position;
use takeaway::games::search::outcomes;
use takeaway::games::two_pile::TwoPile;
use takeaway::games::{AnalyzeRequest, Family, Game, GameError, Limits, NoProgress};
use takeaway::json::number;

/// Most cells along one side of the heatmap.
pub const MAX_SIDE: usize = 32;

/// Most bytes of a heatmap's JSON answer (1 MiB).
pub const MAX_GRID_BYTES: u64 = 1 << 20;

/// Refuses (422) a heatmap whose answer would pass [`MAX_GRID_BYTES`],
/// before any work: each of the `side²` cells may hold a value as long as
/// the largest number of the position (Nim's Grundy value of 2,000-digit
/// piles has 2,000 digits), and each axis `side` numbers.
pub fn check_size(pos: &Position, side: usize) -> Result<(), ApiError> {
    let side = side.clamp(1, MAX_SIDE) as u64;
    let bits = pos
        .piles
        .iter()
        .chain(pos.bound.as_ref())
        .map(BigUint::bits)
        .max()
        .unwrap_or(0);
    // Decimal digits, rounded up (log10 2 < 0.30103), plus one for a carry.
    let digits = bits * 30_103 / 100_000 + 2;
    let per_cell = 32 + digits;
    let bytes = side * side * per_cell + 2 * side * (digits + 2) + 512;
    if bytes <= MAX_GRID_BYTES {
        return Ok(());
    }
    let fits = (1..=side)
        .rev()
        .find(|&k| k * k * per_cell + 2 * k * (digits + 2) + 512 <= MAX_GRID_BYTES);
    let instead = match fits {
        Some(k) => format!("ask for `size` {k} or less, or use smaller piles"),
        None => "use smaller piles".to_string(),
    };
    Err(ApiError::new(
        axum::http::StatusCode::UNPROCESSABLE_ENTITY,
        format!(
            "the heatmap of {side}×{side} cells with numbers of up to {digits} digits would be about {bytes} bytes, over the limit of {MAX_GRID_BYTES} bytes; {instead}"
        ),
    ))
}

/// `count` consecutive numbers around `centre` (as centred as 0 allows).
fn window(centre: &BigUint, count: usize) -> Vec<BigUint> {
    let half = BigUint::from(count / 2);
    let lo = if centre > &half {
        centre - &half
    } else {
        BigUint::zero()
    };
    (0..count).map(|i| &lo + BigUint::from(i)).collect()
}

/// Piles up to this size get the one-pile tableau from one exhaustive table
/// of `L(n)` (linear for most bounds) instead of one analysis per pile.
pub const TABLEAU_TABLE_CAP: u64 = 100_000;

/// `L(x)` for every `x` of `xs` from one table [`least_winning_moves`] of
/// the one-pile game (`None` where no move wins, i.e. `x = 0`), when the piles
/// are small and the table fits the limits; `None` to analyse pile by pile.
///
/// Law: each entry equals the `value` of the analysis of pile `x` (both are
/// the least winning move `L(x)` of the functional equation).
///
/// Under misère play the table is the misère one
/// ([`least_winning_moves_under`]: `L(0) = 0`; for a bound `w ≥ 1`, `(x, w)`
/// is won iff `w ≥ L(x)`, and bound 0, no move, is won).
fn least_by_table(game: &Game, xs: &[BigUint], limits: &Limits) -> Option<Vec<Option<BigUint>>> {
    let g = game.family_as::<OnePile>()?;
    let top = xs.iter().max()?.to_u64()?;
    if top > TABLEAU_TABLE_CAP {
        return None;
    }
    let l = least_winning_moves_under(g.bound(), top + 1, game.convention(), limits, &NoProgress)
        .ok()?;
    xs.iter()
        .map(|x| {
            let v = *l.get(usize::try_from(x.to_u64()?).ok()?)?;
            Some((v != INFINITE).then(|| BigUint::from(v)))
        })
        .collect()
}

fn cell(outcome: Option<Outcome>, value: Option<&BigUint>) -> Value {
    json!({
        "outcome": outcome.map(|o| match o { Outcome::N => "N", Outcome::P => "P" }),
        "value": value.map(number),
    })
}

/// The outcomes of `positions`, misère positions the engine decides, by one
/// engine search whose memo every cell shares (misère play: every value is
/// null); each is what the lone analysis of that cell says, or its refusal
/// (`None`), with how many were answered and the first refusal. A search
/// per cell took seconds (misère Kayles around (20, 7): 3.3 s for 256
/// cells, now 0.3 s).
fn shared_outcomes(
    game: &Game,
    positions: &[Position],
    limits: &Limits,
) -> (Vec<Option<Outcome>>, usize, Option<GameError>) {
    let (mut answered, mut first_error) = (0, None);
    let cells = outcomes(game, positions, limits)
        .into_iter()
        .map(|r| match r {
            Ok(o) => {
                answered += 1;
                Some(o)
            }
            Err(e) => {
                first_error.get_or_insert(e);
                None
            }
        })
        .collect();
    (cells, answered, first_error)
}

/// The heatmap of `pos` with `side` cells a side, as JSON
/// `{kind, x: {label, values, sets}, y: {label, values, sets}, cells: [[{outcome, value}]], current: {x, y}, legend}`
/// where `sets` is what a value of the axis is in a position: `{"pile": i}`
/// (pile `i`, 0-based) or `{"bound": true}` (the bound on the next move), or
/// `null` (the one row of a one-pile game has no y).
pub fn grid(game: &Game, pos: &Position, side: usize, limits: &Limits) -> Result<Value, ApiError> {
    let side = side.clamp(1, MAX_SIDE);
    // What one heap is called in the family's words (`pile`, `row`).
    let unit = game.entry().map_or("pile", |f| f.capabilities.unit);
    let mut first_error: Option<GameError> = None;
    let mut answered = 0usize;
    let mut analyze = |piles: Vec<BigUint>, bound: Option<BigUint>| {
        let mut req = AnalyzeRequest::new(piles);
        req.bound = bound;
        req.remoteness = false;
        req.limits = limits.clone();
        match game.analyze(&req) {
            Ok(a) => {
                answered += 1;
                Some(a)
            }
            Err(e) => {
                first_error.get_or_insert(e);
                None
            }
        }
    };
    // A misère game the engine decides: one search for every cell (see
    // `shared_outcomes`); a theory (misère Nim, …) answers cell by cell.
    // A misère game whose family answers through a quotient (octal games)
    // answers cell by cell once the quotient covering every cell's heaps
    // is ready: the largest pile of any cell, at most a window's width past
    // the largest pile now.
    let largest = pos
        .piles
        .iter()
        .map(|p| {
            let half = BigUint::from(side / 2);
            let lo = if *p > half {
                p - &half
            } else {
                BigUint::zero()
            };
            lo + BigUint::from(side - 1)
        })
        .max()
        .unwrap_or_default();
    let quick =
        game.convention() == Convention::Misere && game.misere_quick_ready(&largest, limits);
    let shared = |piles: usize| {
        game.convention() == Convention::Misere && !game.misere_by_theory(piles) && !quick
    };
    let value = match pos.piles.as_slice() {
        [n] if game.family_as::<OnePile>().is_some() => {
            let xs = window(n, side);
            // The bounds 1..=side, or a window around the current bound when
            // it is larger, so that the position now is always a cell.
            let w = pos.bound.as_ref().map(|b| b.min(n).clone());
            let ys: Vec<BigUint> = match &w {
                Some(w) if *w > BigUint::from(side) => window(w, side),
                // An empty pile: bound 0 (nothing can be taken) is the position now.
                Some(w) if w.is_zero() => (0..side).map(BigUint::from).collect(),
                _ => (1..=side).map(BigUint::from).collect(),
            };
            let (cells, legend) = if game.convention() == Convention::Misere {
                // Misère play: the cell (pile n, bound w) is won iff w = 0
                // (no move) or w ≥ L(n) of the misère table; beyond the
                // table, each cell is the misère theory's (bounds all at
                // least 1: normal play on n − 1) or the engine's, by one
                // shared search. No value is shown (misère play has none).
                let outs: Vec<Option<Outcome>> = match least_by_table(game, &xs, limits) {
                    Some(least) => {
                        answered += least.len() * ys.len();
                        ys.iter()
                            .flat_map(|w| {
                                least.iter().map(move |l| {
                                    let won = w.is_zero() || l.as_ref().is_some_and(|l| l <= w);
                                    Some(Outcome::from_win(won))
                                })
                            })
                            .collect()
                    }
                    None if shared(1) => {
                        let positions: Vec<Position> = ys
                            .iter()
                            .flat_map(|w| {
                                xs.iter()
                                    .map(move |x| Position::new(vec![x.clone()], Some(w.clone())))
                            })
                            .collect();
                        let (outs, count, error) = shared_outcomes(game, &positions, limits);
                        answered += count;
                        if let Some(e) = error {
                            first_error.get_or_insert(e);
                        }
                        outs
                    }
                    None => ys
                        .iter()
                        .flat_map(|w| xs.iter().map(move |x| (x, w)))
                        .map(|(x, w)| analyze(vec![x.clone()], Some(w.clone())).map(|a| a.outcome))
                        .collect(),
                };
                let cells: Vec<Value> = outs
                    .chunks(xs.len().max(1))
                    .map(|row| Value::Array(row.iter().map(|&o| cell(o, None)).collect()))
                    .collect();
                (
                    cells,
                    "misère play: P (dark): the player to move loses (whoever cannot move wins)",
                )
            } else {
                let least: Vec<Option<BigUint>> = match least_by_table(game, &xs, limits) {
                    Some(least) => {
                        answered += least.len();
                        least
                    }
                    None => xs
                        .iter()
                        .map(|x| analyze(vec![x.clone()], None).and_then(|a| a.value))
                        .collect(),
                };
                let cells: Vec<Value> = ys
                    .iter()
                    .map(|w| {
                        Value::Array(
                            least
                                .iter()
                                .zip(&xs)
                                .map(|(l, x)| {
                                    let wins = l.as_ref().is_some_and(|l| l <= w && l <= x);
                                    cell(Some(Outcome::from_win(wins)), l.as_ref())
                                })
                                .collect(),
                        )
                    })
                    .collect();
                (
                    cells,
                    "a cell is N (the mover wins) exactly when the bound w is at least the least winning move L(n), the number shown",
                )
            };
            json!({
                "kind": "tableau",
                "x": { "label": format!("{unit} n"), "values": xs.iter().map(number).collect::<Vec<_>>(), "sets": { "pile": 0 } },
                "y": { "label": "bound w", "values": ys.iter().map(number).collect::<Vec<_>>(), "sets": { "bound": true } },
                "cells": cells,
                "current": {
                    "x": xs.iter().position(|x| x == n),
                    "y": w.as_ref().and_then(|w| ys.iter().position(|y| y == w)),
                },
                "legend": legend,
            })
        }
        [n] => {
            let xs = window(n, side);
            let row: Vec<Value> = if shared(1) {
                let positions: Vec<Position> = xs
                    .iter()
                    .map(|x| Position::new(vec![x.clone()], pos.bound.clone()))
                    .collect();
                let (outs, n, error) = shared_outcomes(game, &positions, limits);
                answered += n;
                if let Some(e) = error {
                    first_error.get_or_insert(e);
                }
                outs.into_iter().map(|o| cell(o, None)).collect()
            } else {
                xs.iter()
                    .map(|x| {
                        let a = analyze(vec![x.clone()], pos.bound.clone());
                        cell(
                            a.as_ref().map(|a| a.outcome),
                            a.as_ref().and_then(|a| a.value.as_ref()),
                        )
                    })
                    .collect()
            };
            json!({
                "kind": "row",
                "x": { "label": unit, "values": xs.iter().map(number).collect::<Vec<_>>(), "sets": { "pile": 0 } },
                "y": { "label": "", "values": [Value::Null], "sets": Value::Null },
                "cells": [row],
                "current": { "x": xs.iter().position(|x| x == n), "y": 0 },
                "legend": if game.convention() == Convention::Misere {
                    "misère play: P: the player to move loses (whoever cannot move wins)"
                } else {
                    "P: the player to move loses; the number is the value (Grundy value or least winning move)"
                },
            })
        }
        [a, b, rest @ ..] => {
            let xs = window(a, side);
            let ys = window(b, side);
            // Three or more piles: one k-pile solver for every cell, so the
            // positions the cells share are solved once (a solver per cell
            // took seconds for piles 30 40 50).
            let mut k_pile = match game.family_as::<TwoPile>() {
                Some(g)
                    if !rest.is_empty()
                        && g.appendix().is_none()
                        && g.convention() == takeaway::engine::Convention::Normal =>
                {
                    Some(takeaway::games::two_pile::k_pile::KPile::new(
                        g.bound(),
                        limits.clone(),
                    ))
                }
                _ => None,
            };
            let (mut k_answered, mut k_error) = (0usize, None::<GameError>);
            let mut analyze = |piles: Vec<BigUint>, bound: Option<BigUint>| {
                let Some(solver) = k_pile.as_mut() else {
                    return analyze(piles, bound).map(|a| (a.outcome, a.value));
                };
                let small: Option<Vec<u64>> = piles.iter().map(|p| p.to_u64()).collect();
                match small.map(|p| solver.least_winning_move(&p)) {
                    Some(Ok(l)) => {
                        k_answered += 1;
                        let least = (l != takeaway::games::two_pile::k_pile::INFINITE)
                            .then(|| BigUint::from(l));
                        let wins = least
                            .as_ref()
                            .is_some_and(|l| bound.as_ref().is_none_or(|w| w >= l));
                        Some((Outcome::from_win(wins), least))
                    }
                    Some(Err(e)) => {
                        k_error.get_or_insert(e);
                        None
                    }
                    None => analyze(piles, bound).map(|a| (a.outcome, a.value)),
                }
            };
            let piles_at = |x: &BigUint, y: &BigUint| {
                let mut piles = vec![x.clone(), y.clone()];
                piles.extend(rest.iter().cloned());
                piles
            };
            let cells: Vec<Value> = if shared(2 + rest.len()) {
                let positions: Vec<Position> = ys
                    .iter()
                    .flat_map(|y| {
                        xs.iter()
                            .map(move |x| Position::new(piles_at(x, y), pos.bound.clone()))
                    })
                    .collect();
                let (outs, n, error) = shared_outcomes(game, &positions, limits);
                k_answered += n;
                if let Some(e) = error {
                    k_error.get_or_insert(e);
                }
                outs.chunks(xs.len().max(1))
                    .map(|row| Value::Array(row.iter().map(|&o| cell(o, None)).collect()))
                    .collect()
            } else {
                ys.iter()
                    .map(|y| {
                        Value::Array(
                            xs.iter()
                                .map(|x| {
                                    let r = analyze(piles_at(x, y), pos.bound.clone());
                                    cell(
                                        r.as_ref().map(|r| r.0),
                                        r.as_ref().and_then(|r| r.1.as_ref()),
                                    )
                                })
                                .collect(),
                        )
                    })
                    .collect()
            };
            let value = json!({
                "kind": "pairs",
                "x": { "label": format!("{unit} 1"), "values": xs.iter().map(number).collect::<Vec<_>>(), "sets": { "pile": 0 } },
                "y": { "label": format!("{unit} 2"), "values": ys.iter().map(number).collect::<Vec<_>>(), "sets": { "pile": 1 } },
                "cells": cells,
                "current": {
                    "x": xs.iter().position(|x| x == a),
                    "y": ys.iter().position(|y| y == b),
                },
                "legend": if pos.bound.is_some() {
                    format!("P (dark): the player to move loses; the other {unit}s and the bound as now")
                } else {
                    format!("P (dark): the player to move loses; the other {unit}s as now")
                },
            });
            answered += k_answered;
            if let Some(e) = k_error {
                first_error.get_or_insert(e);
            }
            value
        }
        [] => return Err(ApiError::bad("a position needs at least one pile")),
    };
    match (answered, first_error) {
        (0, Some(e)) => Err(e.into()),
        _ => Ok(value),
    }
}
