//! Normal play of an octal game by Sprague–Grundy: a position (a multiset
//! of heaps) has value `G(h_1) ⊕ … ⊕ G(h_k)`, each heap's value read from
//! the sequence ([`super::sequence`]); it is a P-position iff that nim-sum
//! is 0, and a move wins iff it leaves nim-sum 0.
//!
//! Law: the outcome, value and winning moves agree with the engine's
//! exhaustive search of the same rules ([`super::game::OctalRules`]; a
//! test checks it on every small position); the winning moves are listed
//! heap by heap, each heap's smallest removal first (as subtraction games
//! list theirs: a subtraction spec and its octal code give the same list).

use super::game::{OctalRules, OctalStep};
use super::spec::Octal;
use crate::analysis::{Analysis, Method, Move, Outcome, numbered};
use crate::engine::Limits;
use crate::engine::Rules;
use crate::engine::{Amount, Unit};
use crate::games::error::Quantity;
use crate::games::error::{GameError, NoBound, PileCount};
use crate::games::exhaustive::analysis_move;
use crate::games::octal::error::OctalHint;
use crate::games::octal::error::OctalWork;
use crate::games::request::AnalyzeRequest;
use crate::games::wire::Wire;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

/// The heaps as machine integers, refused (naming the sequence it would
/// need) beyond `u64`.
fn heaps(game: &Octal, piles: &[BigUint], limits: &Limits) -> Result<Vec<u64>, GameError> {
    piles
        .iter()
        .map(|p| {
            p.to_u64().ok_or_else(|| {
                GameError::too_large(
                    OctalWork::Values {
                        code: game.code.to_string(),
                        to: u64::MAX,
                    },
                    Quantity::PileDigits(p.to_string().len()),
                    Amount::of(limits.max_states, Unit::MoveChecks),
                    OctalHint::SmallerHeaps,
                )
            })
        })
        .collect()
}

/// The values `G(0) … G(to − 1)` of `code`: from the last sequence
/// computed for the same code when it is long enough (a heatmap analyses
/// thousands of positions of one game, each needing the values up to its
/// largest heap), else computed and kept in its place.
fn heap_values(
    code: &super::code::OctalCode,
    to: u64,
    limits: &Limits,
) -> Result<Arc<Vec<u32>>, GameError> {
    type Last = Option<(super::code::OctalCode, Arc<Vec<u32>>)>;
    static LAST: Mutex<Last> = Mutex::new(None);
    let cached = LAST
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    if let Some((c, v)) = cached
        && c == *code
        && v.len() as u64 >= to
    {
        return Ok(v);
    }
    let v = Arc::new(super::sequence::values(code, to, limits)?);
    *LAST
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some((code.clone(), Arc::clone(&v)));
    Ok(v)
}

/// The heaps' Grundy values, their nim-sum, and the moves (heap by heap,
/// smallest removal first) to a position of value `target`: every one with `all`, else the
/// first; none when `target` is `None`.
fn values_and_moves(
    game: &Octal,
    piles: &[BigUint],
    target: Option<u64>,
    all: bool,
    limits: &Limits,
) -> Result<(Vec<u64>, u64, Vec<Move>), GameError> {
    if piles.is_empty() {
        return Err(PileCount::NoPile.into());
    }
    let pos = heaps(game, piles, limits)?;
    let largest = pos.iter().copied().max().unwrap_or(0);
    let g = heap_values(&game.code, largest.saturating_add(1), limits)?;
    let value = |h: &u64| u64::from(g[*h as usize]);
    let values: Vec<u64> = pos.iter().map(value).collect();
    let x = values.iter().fold(0, |a, b| a ^ b);
    let mut moves = Vec::new();
    // A move changes one heap's value (the mex rule), so no move keeps the value.
    if let Some(target) = target.filter(|&t| t != x) {
        let rules = OctalRules::<u64>::new(&game.code);
        let mut failed = None;
        rules.moves(&pos, &mut |mv| {
            let (pile, left) = match &mv {
                OctalStep::Take { pile, take } => (*pile, value(&(pos[*pile] - take))),
                OctalStep::Split {
                    pile, left, right, ..
                } => (*pile, value(left) ^ value(right)),
                OctalStep::Split3 { pile, heaps, .. } => {
                    (*pile, heaps.iter().fold(0, |a, h| a ^ value(h)))
                }
            };
            let after = x ^ values[pile] ^ left;
            if after != target {
                return ControlFlow::Continue(());
            }
            match rules.apply(&pos, &mv) {
                Ok(next) => {
                    moves.push(analysis_move(&rules.play_move(&mv), &rules.to_wire(&next)));
                    ControlFlow::Continue(())
                }
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        })?;
        if let Some(e) = failed {
            return Err(e);
        }
        // Heap by heap, each heap's moves smallest removal first (as the
        // subtraction games list theirs).
        moves.sort_by_key(|m| m.pile);
        if !all {
            moves.truncate(1);
        }
    }
    Ok((values, x, moves))
}

/// The Grundy value (nim-sum) of `piles` and the moves to a position of
/// value `target` (every one with `all`, else the first: heap by heap,
/// smallest removal first); no moves without a target. What sums of games read.
///
/// ```
/// use takeaway::games::{Game, Limits};
/// use takeaway::games::octal::{analyze::grundy_and_moves, spec::Octal};
/// use takeaway::spec::GameSpec;
/// let kayles = Octal::from_spec(&GameSpec::parse("kayles").unwrap()).unwrap();
/// // Kayles: G(10) = 2, G(7) = 2 (Winning Ways, ch. 4): nim-sum 0.
/// let (v, _) = grundy_and_moves(&kayles, &[10u8.into(), 7u8.into()], None, false, &Limits::strict()).unwrap();
/// assert_eq!(v, 0u8.into());
/// // From heap 5 (G = 4) to value 0: take the middle pin, leaving 2 + 2.
/// let (v, moves) = grundy_and_moves(&kayles, &[5u8.into()], Some(&0u8.into()), false, &Limits::strict()).unwrap();
/// assert_eq!(v, 4u8.into());
/// assert_eq!(moves[0].split, vec![2u8.into(), 2u8.into()]);
/// ```
pub fn grundy_and_moves(
    game: &Octal,
    piles: &[BigUint],
    target: Option<&BigUint>,
    all: bool,
    limits: &Limits,
) -> Result<(BigUint, Vec<Move>), GameError> {
    // A target beyond u64 is beyond every heap's value: no move reaches it.
    let target = match target.map(ToPrimitive::to_u64) {
        Some(None) => {
            let (_, x, _) = values_and_moves(game, piles, None, all, limits)?;
            return Ok((BigUint::from(x), Vec::new()));
        }
        Some(Some(t)) => Some(t),
        None => None,
    };
    let (_, x, moves) = values_and_moves(game, piles, target, all, limits)?;
    Ok((BigUint::from(x), moves))
}

/// Analyses a position under normal play (Sprague–Grundy).
///
/// ```
/// use takeaway::analysis::Outcome;
/// use takeaway::games::{AnalyzeRequest, Family, Game};
/// let g = Game::parse("octal:0.07").unwrap();
/// // Dawson's Kayles: G(5) = 0 (Winning Ways, ch. 4).
/// let a = g.analyze(&AnalyzeRequest::new(vec![5u8.into()])).unwrap();
/// assert_eq!(a.outcome, Outcome::P);
/// assert!(a.explanation.contains("octal code 0.07"));
/// ```
pub fn analyze(game: &Octal, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
    if req.bound.is_some() {
        return Err(NoBound::Position {
            game: "an octal game".into(),
        }
        .into());
    }
    let (values, x, moves) = values_and_moves(game, &req.piles, Some(0), req.all, &req.limits)?;
    let list: Vec<String> = req
        .piles
        .iter()
        .zip(&values)
        .map(|(n, g)| format!("G({n}) = {g}"))
        .collect();
    let sum: Vec<String> = values.iter().map(u64::to_string).collect();
    let rule = if game.code.leaves_three() {
        "the nim-sums G(a) ⊕ G(b) ⊕ G(c) of the heaps a move leaves (none to three)"
    } else {
        "G(a) ⊕ G(b) over the heaps a, b a move leaves"
    };
    let mut explanation = format!(
        "Sprague–Grundy: {}. A heap's value G(n) is the mex of {rule} (G(0) = 0), computed from G(0) up to the largest heap; a position's value is the nim-sum of its heaps'. {}; nim-sum {} = {x}. ",
        super::explain::meaning(&game.code),
        list.join(", "),
        sum.join(" ⊕ ")
    );
    match moves.first() {
        None => explanation
            .push_str("The nim-sum is 0: a P-position, every move leaves a non-zero nim-sum."),
        Some(m) => {
            let i = m.pile.unwrap_or(0);
            let left: Vec<String> = if m.split.is_empty() {
                let rest = &req.piles[i] - m.take.clone().unwrap_or_default();
                vec![rest.to_string()]
            } else {
                m.split.iter().map(ToString::to_string).collect()
            };
            explanation.push_str(&format!(
                "The nim-sum is not 0: take {} from {} leaving {}, which makes the nim-sum 0.",
                m.take.clone().unwrap_or_default(),
                numbered("heap", i),
                if left.len() == 3 {
                    format!("heaps {}, {} and {}", left[0], left[1], left[2])
                } else if left.len() == 2 {
                    format!("heaps {} and {}", left[0], left[1])
                } else if left[0] == "0" {
                    "nothing".to_string()
                } else {
                    format!("a heap of {}", left[0])
                }
            ));
        }
    }
    Ok(Analysis {
        game: game.spec(),
        piles: req.piles.clone(),
        bound: None,
        outcome: Outcome::from_win(x != 0),
        value: Some(BigUint::from(x)),
        winning_move: moves.first().cloned(),
        moves: req.all.then_some(moves),
        fastest: None,
        remoteness: None,
        grundy: Some(BigUint::from(x)),
        method: Method::Theory,
        explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        notes: Vec::new(),
    })
}
