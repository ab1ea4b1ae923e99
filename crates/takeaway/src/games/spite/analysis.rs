//! `analyze` for Spite Nim: Hale's theory where it decides, an exhaustive
//! search where it does not and the position is small enough, and a clear
//! [`GameError::NotKnown`] otherwise (never a guess).
//!
//! The JSON contract: `outcome` `"N"` (unsafe: the player to call wins) or
//! `"P"` (safe); `move` `{"call": c}` or `null`; `moves` (with `--all`) every
//! winning call; `value` the **least** winning call when a search ran (or for
//! one row, where the only winning call is the row) and `null` under theory
//! alone — Theorem 1's call `n − e(s)` wins but is not always the least (from
//! `(4, 1)` it is 3, while 2 also wins: brute force); `remoteness` (calls to
//! the end under best play) when the multi-row solver ran; `method`; and an
//! `explanation` in the paper's terms.

use super::exhaustive::Exhaustive;
use super::game::{canonical, check_rows};
use super::theory::{TheoryVerdict, decide_two_rows, fibonacci_shift, zeckendorf_positions};
use super::two_row::TwoRowTable;
use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::engine::Limits;
use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::{Hint, NoBound, Quantity};
use crate::games::progress::NoProgress;
use crate::games::request::AnalyzeRequest;
use crate::games::spite::error::SpiteHint;
use crate::games::spite::error::SpiteQuantity;
use crate::games::spite::error::SpiteWork;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// The Zeckendorf form of `n` in the paper's notation, e.g. `F_11 + F_6 + F_4`
/// (long forms are shortened to their first and last terms).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::spite::analysis::zeckendorf_text;
/// assert_eq!(zeckendorf_text(&BigUint::from(100u32)), "F_11 + F_6 + F_4");
/// assert_eq!(zeckendorf_text(&BigUint::from(0u32)), "0");
/// ```
pub fn zeckendorf_text(n: &BigUint) -> String {
    let p = zeckendorf_positions(n);
    if p.is_empty() {
        return "0".into();
    }
    let term = |k: &u64| format!("F_{k}");
    if p.len() <= 8 {
        p.iter().map(term).collect::<Vec<_>>().join(" + ")
    } else {
        let head: Vec<String> = p.iter().take(3).map(term).collect();
        let tail: Vec<String> = p.iter().skip(p.len() - 2).map(term).collect();
        format!(
            "{} + … + {} ({} terms)",
            head.join(" + "),
            tail.join(" + "),
            p.len()
        )
    }
}

/// Shortens a long decimal for explanations.
fn short(n: &BigUint) -> String {
    match crate::natural::short_decimal(n, 40, 12, 12) {
        crate::natural::ShortDecimal::Full(s) => s,
        crate::natural::ShortDecimal::Cut { head, tail, digits } => {
            format!("{head}…{tail} ({digits} digits)")
        }
    }
}

fn call_move(c: &BigUint) -> Move {
    Move {
        call: Some(c.clone()),
        ..Move::default()
    }
}

/// The shape of every answer, filled in by the engines.
struct Answer {
    outcome: Outcome,
    calls: Vec<BigUint>,
    /// A fastest winning call, when the first of `calls` is a slower win.
    fastest: Option<BigUint>,
    least_known: bool,
    remoteness: Option<u64>,
    method: Method,
    explanation: String,
    notes: Vec<String>,
}

/// Analyses a Spite Nim position (see the module documentation for the shape).
///
/// ```
/// use takeaway::games::{AnalyzeRequest, spite::analysis::analyze};
/// use takeaway::analysis::{Method, Outcome};
/// let a = analyze("spite", &AnalyzeRequest::new(vec![10u32.into(), 5u32.into()])).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.method, Method::Theory);
/// // Theorem 1 (paper 003): call 10 − e(5) = 7
/// assert_eq!(a.winning_move.unwrap().call, Some(7u32.into()));
/// ```
pub fn analyze(game: &str, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
    check_rows(&req.piles)?;
    if req.bound.is_some() {
        return Err(NoBound::Spite.into());
    }
    let rows = canonical(&req.piles);
    let answer = match rows.as_slice() {
        [] => Answer {
            outcome: Outcome::P,
            calls: Vec::new(),
            fastest: None,
            least_known: true,
            remoteness: Some(0),
            method: Method::Theory,
            explanation: "Every row is empty, so the previous call removed the last counter: \
                          the player to call has no call and loses (a safe position)."
                .into(),
            notes: Vec::new(),
        },
        [r] => Answer {
            outcome: Outcome::N,
            calls: vec![r.clone()],
            fastest: None,
            least_known: true,
            remoteness: Some(1),
            method: Method::Theory,
            explanation: format!(
                "Only one row is nonempty: the call {} forces the opponent to take the whole \
                 row, and the caller removes the last counter. Any smaller call leaves a \
                 single row that the opponent then calls in full, so it is the only winning call.",
                short(r)
            ),
            notes: Vec::new(),
        },
        [s, n] => two_rows(n, s, req)?,
        _ => many_rows(&rows, req)?,
    };
    let value = if answer.least_known {
        answer.calls.first().cloned()
    } else {
        None
    };
    Ok(Analysis {
        game: game.to_string(),
        piles: req.piles.clone(),
        bound: None,
        outcome: answer.outcome,
        value,
        winning_move: answer.calls.first().map(call_move),
        moves: req
            .all
            .then(|| answer.calls.iter().map(call_move).collect()),
        fastest: answer.fastest.as_ref().map(call_move),
        remoteness: answer.remoteness,
        grundy: None,
        method: answer.method,
        explanation: answer.explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        notes: answer.notes,
    })
}

/// Two nonempty rows `n ≥ s > 0`.
fn two_rows(n: &BigUint, s: &BigUint, req: &AnalyzeRequest) -> Result<Answer, GameError> {
    let en = fibonacci_shift(n);
    let en_text = format!(
        "Here n = {} = {} (Zeckendorf), so e(n) = {}",
        short(n),
        zeckendorf_text(n),
        short(&en)
    );
    let verdict = decide_two_rows(n, s);
    if !req.exhaustive
        && (!req.all || matches!(verdict, TheoryVerdict::Safe { .. }))
        && let Some(a) = theory_answer(n, s, &en_text, &verdict)
    {
        return Ok(a);
    }
    // Search: wanted (--exhaustive, --all) or needed (the theory is silent).
    let (Some(nn), Some(ss)) = (n.to_u64(), s.to_u64()) else {
        return fallback_or(
            n,
            s,
            &en,
            &en_text,
            &verdict,
            req,
            SpiteQuantity::RowDigits(n.to_string().len()).into(),
        );
    };
    match search(&[ss, nn], &req.limits) {
        Ok(found) => {
            let mut a = found;
            a.explanation = format!("{en_text}. {}", a.explanation);
            match (&verdict, a.outcome) {
                (TheoryVerdict::Open, Outcome::N) if s > &en && s < n => {
                    if let Some(r) = a.calls.first() {
                        a.notes.push(format!(
                            "Theorem 3: since e(n) < s < n and {} wins, ({}, {}) is also \
                             unsafe with the winning call n − s = {}",
                            r,
                            nn,
                            n - r,
                            n - s
                        ));
                    }
                }
                (TheoryVerdict::Open, _) => a.notes.push(format!(
                    "s = {} > e(n) = {}: Hale's paper leaves this case open; answered by search",
                    short(s),
                    short(&en)
                )),
                (_, _) => a
                    .notes
                    .push("Hale's theory decides this position too, and agrees".into()),
            }
            Ok(a)
        }
        Err(GameError::TooLarge(t)) => fallback_or(
            n,
            s,
            &en,
            &en_text,
            &verdict,
            req,
            Quantity::Search {
                needed: Box::new(t.needed),
                limit: Box::new(t.limit),
            },
        ),
        Err(e) => Err(e),
    }
}

/// The theory's answer when it has one, else the not-known error.
fn fallback_or(
    n: &BigUint,
    s: &BigUint,
    en: &BigUint,
    en_text: &str,
    verdict: &TheoryVerdict,
    req: &AnalyzeRequest,
    why: Quantity,
) -> Result<Answer, GameError> {
    if req.exhaustive {
        return Err(GameError::too_large(
            SpiteWork::Position {
                n: n.clone(),
                s: s.clone(),
            },
            why,
            Quantity::SearchLimits,
            SpiteHint::DropExhaustiveHale,
        ));
    }
    if let Some(mut a) = theory_answer(n, s, en_text, verdict) {
        a.notes.push(format!(
            "only the theory's winning call is listed: listing every winning call needs a search, and {why}"
        ));
        return Ok(a);
    }
    Err(crate::games::unanswered::NotKnown::SpiteOpen {
        n: n.clone(),
        s: s.clone(),
        e: en.clone(),
        why,
    }
    .into())
}

fn theory_answer(
    n: &BigUint,
    s: &BigUint,
    en_text: &str,
    verdict: &TheoryVerdict,
) -> Option<Answer> {
    let (outcome, calls, explanation) = match verdict {
        TheoryVerdict::Open => return None,
        TheoryVerdict::Safe { by: "Theorem 1" } => (
            Outcome::P,
            Vec::new(),
            format!(
                "{en_text} = s. By Theorem 1 of Hale (paper 003), (n, e(n)) is safe: a call \
                 c ≤ e(n) is answered by taking from the short row, leaving (n, e(n) − c), \
                 unsafe; a call c > e(n) by taking from the long row, leaving (n − c, e(n)) \
                 with n − c < e(e(n)), unsafe."
            ),
        ),
        TheoryVerdict::Safe { by } => (
            Outcome::P,
            Vec::new(),
            format!(
                "{en_text} and s = e(n) + 1. By {by} of Hale (paper 003) exactly one of \
                 (n, e(n) + 1) and (n − 1, e(n) + 1) is safe, and the partner ({}, {}) is \
                 unsafe by Theorem 1, so (n, s) is safe.",
                short(&(n - 1u32)),
                short(s)
            ),
        ),
        TheoryVerdict::Unsafe { call, by } => {
            let text = match *by {
                "Theorem 1" => format!(
                    "{en_text} > s. By Theorem 1 of Hale (paper 003), (n, s) with s < e(n) is \
                     unsafe: the call n − e(s) = {} exceeds s, so the opponent must take from \
                     the long row, leaving (n − c, s) = (e(s), s), the pair (s, e(s)) = ({}, {}), \
                     safe by Theorem 1.",
                    short(call),
                    short(s),
                    short(&fibonacci_shift(s))
                ),
                "Theorem 2" => format!(
                    "{en_text} and s = e(n) + 1. The partner ({}, {}) is safe by Theorem 1, so \
                     the call 1 wins: the opponent leaves either it or (n, e(n)), both safe \
                     (Theorem 2 of Hale, paper 003: exactly one of the two is safe).",
                    short(&(n - 1u32)),
                    short(s)
                ),
                _ => format!(
                    "{en_text}. Both rows equal n, so the call n − e(n) = {} leaves (n, e(n)) \
                     whichever row the opponent picks, safe by Theorem 1 of Hale (paper 003).",
                    short(call)
                ),
            };
            (Outcome::N, vec![call.clone()], text)
        }
    };
    Some(Answer {
        outcome,
        calls,
        fastest: None,
        least_known: false,
        remoteness: None,
        method: Method::Theory,
        explanation,
        notes: Vec::new(),
    })
}

/// Work the multi-row solver may do inside one `analyze` before the bitset
/// table (no remoteness, but far cheaper for two rows) takes over.
const DENSE_STEPS: u64 = 50_000_000;

/// Exhaustive answer for small rows (`rows` nonzero, any order).
fn search(rows: &[u64], limits: &Limits) -> Result<Answer, GameError> {
    let dense_ok = Exhaustive::cost(rows).is_some_and(|c| c.steps <= DENSE_STEPS);
    if rows.len() == 2 && !dense_ok {
        let n = rows.iter().copied().max().unwrap_or(0);
        let s = rows.iter().copied().min().unwrap_or(0);
        let size = n.checked_add(1).ok_or_else(|| {
            GameError::too_large(
                SpiteWork::TwoRowTable,
                Amount::pow2(64, Unit::Rows).at_least(),
                Amount::pow2(64, Unit::Bare),
                Hint::None,
            )
        })?;
        let table = TwoRowTable::build(size, limits, &NoProgress)?;
        let (nu, su) = (n as usize, s as usize);
        let calls = table.winning_calls(nu, su).unwrap_or_default();
        let outcome = Outcome::from_win(!calls.is_empty());
        let explanation = search_text(rows, outcome, &calls, size * (size + 1) / 2, None);
        return Ok(Answer {
            outcome,
            calls: calls.into_iter().map(BigUint::from).collect(),
            fastest: None,
            least_known: true,
            remoteness: None,
            method: Method::Exhaustive,
            explanation,
            notes: Vec::new(),
        });
    }
    let table = Exhaustive::solve(rows, limits)?;
    let calls = table.winning_calls(rows).unwrap_or_default();
    // The remoteness and the call beside it from the same table: a winning
    // call lasts 1 + the longest the picker can make it (every row it may
    // pick loses for it, and the loser stalls).
    let turns = |c: u64| {
        super::game::choices(rows, c)
            .into_iter()
            .filter_map(|i| super::game::after_choice(rows, i, c))
            .filter_map(|next| table.remoteness(&next))
            .max()
            .map(|r| u64::from(r) + 1)
    };
    let fastest = calls.first().and_then(|&first| {
        let best = calls
            .iter()
            .copied()
            .min_by_key(|&c| turns(c).unwrap_or(u64::MAX))?;
        (turns(best) != turns(first)).then(|| BigUint::from(best))
    });
    let outcome = Outcome::from_win(!calls.is_empty());
    let cells = Exhaustive::cost(rows).map_or(0, |c| c.cells);
    let explanation = search_text(rows, outcome, &calls, cells, Some(&table));
    Ok(Answer {
        outcome,
        calls: calls.into_iter().map(BigUint::from).collect(),
        fastest,
        least_known: true,
        remoteness: table.remoteness(rows).map(u64::from),
        method: Method::Exhaustive,
        explanation,
        notes: Vec::new(),
    })
}

fn search_text(
    rows: &[u64],
    outcome: Outcome,
    calls: &[u64],
    positions: u64,
    table: Option<&Exhaustive>,
) -> String {
    let shown = |v: &[u64]| {
        let mut s: Vec<String> = v.iter().take(12).map(u64::to_string).collect();
        if v.len() > 12 {
            s.push(format!("… ({} in all)", v.len()));
        }
        s.join(", ")
    };
    match outcome {
        Outcome::N => format!(
            "Exhaustive search over {positions} positions: the position is unsafe. Winning \
             calls: {}; after each, every row the opponent may pick leaves a safe position.",
            shown(calls)
        ),
        Outcome::P => {
            let mut text = format!(
                "Exhaustive search over {positions} positions: the position is safe; every \
                 call has a spiteful answer (a row whose reduction leaves an unsafe position)."
            );
            if let Some(t) = table {
                let max = rows.iter().copied().max().unwrap_or(0);
                let answers: Vec<String> = (1..=max.min(8))
                    .filter_map(|c| {
                        let picks = t.spiteful_choices(rows, c)?;
                        let i = *picks.first()?;
                        let row = rows.get(i)?;
                        Some(format!("call {c} → take from the row of {row}"))
                    })
                    .collect();
                if !answers.is_empty() {
                    text.push_str(&format!(" Spiteful answers: {}.", answers.join("; ")));
                }
            }
            text
        }
    }
}

/// Three or more nonempty rows: search only (Hale's paper has no theory).
fn many_rows(rows: &[BigUint], req: &AnalyzeRequest) -> Result<Answer, GameError> {
    let small: Option<Vec<u64>> = rows.iter().map(|r| r.to_u64()).collect();
    let why = match &small {
        None => SpiteQuantity::RowsTooLarge.into(),
        Some(r) => match search(r, &req.limits) {
            Ok(mut a) => {
                a.notes.push(format!(
                    "{} nonempty rows: Hale's paper has results for two rows only",
                    rows.len()
                ));
                return Ok(a);
            }
            Err(GameError::TooLarge(t)) => Quantity::Search {
                needed: Box::new(t.needed),
                limit: Box::new(t.limit),
            },
            Err(e) => return Err(e),
        },
    };
    if req.exhaustive {
        return Err(GameError::too_large(
            SpiteWork::Rows { rows: rows.len() },
            why,
            Quantity::SearchLimits,
            SpiteHint::FewerOrSmallerRows,
        ));
    }
    Err(crate::games::unanswered::NotKnown::SpiteRows {
        rows: rows.len(),
        why,
    }
    .into())
}
