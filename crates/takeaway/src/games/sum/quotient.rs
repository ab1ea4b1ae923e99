//! Misère sums whose parts are all octal games, through a misère quotient
//! ([`crate::games::octal::misere_phi::through_groups`]): the sum is one
//! multiset of heaps, of one code (that code's quotient) or of several (the
//! quotient of their union), decided by the product of the heaps' `Φ`.
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
use crate::games::octal::misere_phi::through_groups;
use crate::games::request::Limits;

/// The misère sum of `parts` through a quotient when every part is an
/// octal game ([`MisereQuick::NotOffered`] otherwise).
pub(crate) fn misere(
    spec: &str,
    parts: &[Checked],
    all: bool,
    limits: &Limits,
) -> Result<MisereQuick, GameError> {
    let mut groups = Vec::with_capacity(parts.len());
    for p in parts {
        let Some(o) = p.game.family_as::<Octal>() else {
            return Ok(MisereQuick::NotOffered);
        };
        groups.push((&o.code, p.position.piles.as_slice()));
    }
    let found = match through_groups(&groups, all, limits)? {
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
