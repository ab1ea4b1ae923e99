//! Misère sums whose parts are all octal games, Nim or subtraction games,
//! through a misère quotient
//! ([`crate::games::octal::misere_phi::through_named`]): the sum is one
//! multiset of heaps, of one code (that code's quotient) or of several (the
//! quotient of their union), decided by the product of the heaps' `Φ`. A
//! Nim or subtraction part's heaps are the heaps of the octal code with the
//! same moves on them (`d_s = 3` for each `s` of the set up to the part's
//! largest heap: take `s`, leaving the rest as one heap or none).
//!
//! Law: the answer is the product game's misère outcome (Plambeck–Siegel:
//! a sum of heaps is a misère P-position exactly when the product of its
//! heaps' pretending values lies in P), with the same winning moves, in
//! the same order, as the exhaustive search of [`super::solve`].

use super::solve::Checked;
use crate::analysis::{Analysis, Method, Move, PartValue};
use crate::games::Family;
use crate::games::error::GameError;
use crate::games::model::MisereQuick;
use crate::games::octal::Octal;
use crate::games::octal::code::OctalCode;
use crate::games::octal::misere_phi::through_named;
use crate::games::octal::quotient::engine::MAX_HEAPS;
use crate::games::request::Limits;
use crate::games::subtraction::Subtraction;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// The octal code with the moves of a subtraction part (Nim included) on
/// heaps up to its largest heap: `d_s = 3` for each `s` of the set up to
/// that heap ([`OctalCode::subtraction`]); a set with no element that small
/// is the code whose one move takes one token more than the largest heap
/// (no heap moves, as in the part). `None` past the engine's heap bound
/// (the sum is then searched exhaustively).
fn subtraction_code(s: &Subtraction, piles: &[BigUint]) -> Option<OctalCode> {
    let largest = piles
        .iter()
        .map(ToPrimitive::to_u64)
        .try_fold(0u64, |m, p| p.map(|p| m.max(p)))?;
    if largest >= MAX_HEAPS as u64 {
        return None;
    }
    let set: Vec<u64> = (1..=largest).filter(|&t| s.set.contains(t)).collect();
    if set.is_empty() {
        return OctalCode::subtraction(&[largest + 1]);
    }
    OctalCode::subtraction(&set)
}

/// The misère sum of `parts` through a quotient when every part is an
/// octal game, Nim or a subtraction game (its moves on its heaps are an
/// octal code's, [`subtraction_code`]); [`MisereQuick::NotOffered`]
/// otherwise. `size` is the exhaustive search's size (the product of the
/// parts' positions; `u64::MAX` when a part is too large to explore): a
/// quotient not yet computed is computed only when it is larger than the
/// quotient's budget.
pub(crate) fn misere(
    spec: &str,
    parts: &[Checked],
    all: bool,
    limits: &Limits,
    size: u64,
) -> Result<MisereQuick, GameError> {
    let mut codes: Vec<OctalCode> = Vec::with_capacity(parts.len());
    let mut names: Vec<String> = Vec::with_capacity(parts.len());
    for p in parts {
        if let Some(o) = p.game.family_as::<Octal>() {
            codes.push(o.code.clone());
            names.push(o.code.to_string());
        } else if let Some(s) = p.game.family_as::<Subtraction>() {
            let Some(code) = subtraction_code(s, &p.position.piles) else {
                return Ok(MisereQuick::NotOffered);
            };
            codes.push(code);
            names.push(p.game.spec());
        } else {
            return Ok(MisereQuick::NotOffered);
        }
    }
    let groups: Vec<(&OctalCode, &[BigUint])> = codes
        .iter()
        .zip(parts)
        .map(|(c, p)| (c, p.position.piles.as_slice()))
        .collect();
    let found = match through_named(&groups, Some(&names), Some(size), all, limits)? {
        Ok(found) => found,
        Err(note) => return Ok(MisereQuick::Fallback(note)),
    };
    let moves: Vec<Move> = found
        .moves
        .into_iter()
        .map(|(g, m)| Move { part: Some(g), ..m })
        .collect();
    Ok(MisereQuick::Answered(Box::new(Analysis {
        game: spec.to_string(),
        piles: Vec::new(),
        bound: None,
        outcome: found.outcome,
        value: None,
        winning_move: moves.first().cloned(),
        moves: all.then_some(moves),
        fastest: None,
        remoteness: None,
        grundy: None,
        method: Method::Quotient,
        explanation: found.explanation,
        digits: Vec::new(),
        parts: parts
            .iter()
            .map(|p| PartValue {
                game: p.game.spec(),
                piles: p.position.piles.clone(),
                bound: p.position.bound.clone(),
                grundy: None,
            })
            .collect(),
        notes: vec![format!("misère quotient: {}", found.quotient)],
    })))
}
