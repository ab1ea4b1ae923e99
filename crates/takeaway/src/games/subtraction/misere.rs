//! Misère play on one pile: the player who cannot move wins (so the last player
//! to move loses). Sprague–Grundy values do not carry over to sums, so only one
//! pile is answered, and `value` is `null`.
//!
//! Law: pile `n` is N iff no `s ∈ S` has `s ≤ n` (no move: the player to move
//! wins at once) or some legal `s` reaches a misère P-position. For Nim (`S` = all)
//! every pile but 1 is N. The outcome sequence is eventually periodic and its
//! period is proved by the same window argument as for Grundy values: for
//! `n ≥ max S` every `s ∈ S` is legal, so the outcome of `n` depends only on the
//! `max S` outcomes before it. (The base case differs from normal play — piles
//! below `min S` are N, not P — but it lies inside the pre-period or the first
//! window, which are computed from the rules, not assumed.)

use super::Subtraction;
use super::rules::SubtractionSet;
use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::games::{AnalyzeRequest, Family, GameError};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// Misère outcome of a Nim pile: every pile is N except the pile of 1.
///
/// ```
/// use takeaway::games::subtraction::misere::nim_pile_wins;
/// assert!(nim_pile_wins(&0u8.into()) && !nim_pile_wins(&1u8.into()) && nim_pile_wins(&5u8.into()));
/// ```
pub fn nim_pile_wins(n: &BigUint) -> bool {
    *n != BigUint::from(1u8)
}

/// Analyses one pile under misère play.
///
/// ```
/// use takeaway::games::{AnalyzeRequest, Family, Game};
/// use takeaway::analysis::Outcome;
/// let g = Game::parse("subtraction:s=1,2:misere=true").unwrap();
/// // brute force: 0 N, 1 P, 2 N, 3 N, 4 P (period 3 from 1)
/// let a = g.analyze(&AnalyzeRequest::new(vec![4u8.into()])).unwrap();
/// assert_eq!(a.outcome, Outcome::P);
/// ```
pub fn analyze(game: &Subtraction, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
    let [pile] = req.piles.as_slice() else {
        return Err(GameError::Invalid(format!(
            "misère play is answered for one pile only (got {}): Sprague–Grundy theory does not carry over to misère sums",
            req.piles.len()
        )));
    };
    if req.bound.is_some() {
        return Err(GameError::Invalid(
            "subtraction games take no --bound: the set S fixes the moves".into(),
        ));
    }
    let mut notes =
        vec!["misère play: value is null (Grundy values do not decide misère play)".to_string()];
    let (wins, takes, method, why): (bool, Vec<BigUint>, Method, String) = match &game.set {
        SubtractionSet::All => {
            let wins = nim_pile_wins(pile);
            let takes = if pile >= &BigUint::from(2u8) {
                vec![pile - 1u8]
            } else {
                vec![]
            };
            (
                wins,
                takes,
                Method::Theory,
                "misère Nim on one pile: leave exactly 1 counter; the pile of 1 is the only P-position".into(),
            )
        }
        SubtractionSet::Finite(_) | SubtractionSet::Range { .. } => {
            let outcome_of: Box<dyn Fn(&BigUint) -> bool>;
            let (method, why);
            if req.exhaustive {
                let n = pile
                    .to_usize()
                    .filter(|&n| (n as u64) < req.limits.max_states)
                    .ok_or_else(|| GameError::TooLarge {
                        what: "the exhaustive misère table".into(),
                        needed: format!("{pile} entries"),
                        limit: format!("{} entries", req.limits.max_states),
                        hint: "drop --exhaustive: the proved period answers piles of any size"
                            .into(),
                    })?;
                let mut o = Vec::new();
                super::mex::extend_misere(&mut o, &game.elements()?, n + 1);
                outcome_of = Box::new(move |k: &BigUint| {
                    k.to_usize().and_then(|i| o.get(i)).copied() == Some(1)
                });
                method = Method::Exhaustive;
                why = format!("misère outcomes from the rules for piles 0..={n}");
            } else {
                let p = game.periodic(&req.limits)?;
                why = format!(
                    "misère outcomes are periodic with period {} from pre-period {} (proved by a repeat window of max(S) = {} outcomes)",
                    p.period,
                    p.preperiod,
                    game.set.max().unwrap_or(1)
                );
                outcome_of = Box::new(move |k: &BigUint| p.at(k) == 1);
                method = Method::Theory;
            }
            let wins = outcome_of(pile);
            let mut takes = Vec::new();
            let candidates: Box<dyn Iterator<Item = u64>> = match &game.set {
                SubtractionSet::Range { min, max } => {
                    if max - min > req.limits.max_states {
                        return Err(GameError::TooLarge {
                            what: "listing misère moves".into(),
                            needed: format!("{} candidate moves", max - min + 1),
                            limit: format!("{}", req.limits.max_states),
                            hint: "use a smaller range".into(),
                        });
                    }
                    Box::new(*min..=*max)
                }
                SubtractionSet::Finite(v) => Box::new(v.clone().into_iter()),
                SubtractionSet::All => Box::new(std::iter::empty()),
            };
            for s in candidates {
                let sb = BigUint::from(s);
                if sb > *pile {
                    break;
                }
                if !outcome_of(&(pile - &sb)) {
                    takes.push(sb);
                    if !req.all {
                        break;
                    }
                }
            }
            (wins, takes, method, why)
        }
    };
    let moves: Vec<Move> = takes
        .into_iter()
        .map(|t| Move {
            to: vec![pile - &t],
            take: Some(t),
            pile: Some(0),
            ..Move::default()
        })
        .collect();
    let no_move = !game.set.is_legal(pile, &BigUint::from(game.set.min()));
    if no_move {
        notes.push("no move is available: under misère play the player to move wins at once, so outcome N comes with move null".into());
    }
    let mut explanation = format!("{why}. ");
    match (wins, moves.first()) {
        (true, Some(m)) => explanation.push_str(&format!(
            "Pile {pile} is N: take {} to leave {}, a misère P-position.",
            m.take.clone().unwrap_or_default(),
            m.to[0]
        )),
        (true, None) => explanation.push_str(&format!(
            "Pile {pile} is N: no move is possible, and the player who cannot move wins."
        )),
        (false, _) => explanation.push_str(&format!(
            "Pile {pile} is P: every move leaves a misère N-position."
        )),
    }
    Ok(Analysis {
        game: game.spec(),
        piles: req.piles.clone(),
        bound: None,
        outcome: Outcome::from_win(wins),
        value: None,
        winning_move: moves.first().cloned(),
        moves: req.all.then_some(moves),
        remoteness: None,
        method,
        explanation,
        notes,
    })
}
