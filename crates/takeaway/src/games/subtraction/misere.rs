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
use super::game::SubtractionSet;
use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::{NoBound, Quantity};
use crate::games::model::Family;
use crate::games::request::AnalyzeRequest;
use crate::games::subtraction::error::SubtractionHint;
use crate::games::subtraction::error::SubtractionWork;
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
    if game.set == SubtractionSet::All && req.piles.len() != 1 && !req.exhaustive {
        if req.bound.is_some() {
            return Err(NoBound::Subtraction.into());
        }
        return Ok(bouton(game, req));
    }
    let [pile] = req.piles.as_slice() else {
        return Err(crate::games::advice::Misused::MisereOnePile {
            got: req.piles.len(),
        }
        .into());
    };
    if req.bound.is_some() {
        return Err(NoBound::Subtraction.into());
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
                    .ok_or_else(|| {
                        GameError::too_large(
                            SubtractionWork::MisereTable,
                            Quantity::Big(pile.clone(), Unit::Entries),
                            Amount::of(req.limits.max_states, Unit::Entries),
                            SubtractionHint::DropExhaustivePeriod,
                        )
                    })?;
                let mut o = Vec::new();
                super::mex::extend_misere(&mut o, &game.elements()?, n + 1);
                outcome_of = Box::new(move |k: &BigUint| {
                    k.to_usize().and_then(|i| o.get(i)).copied() == Some(1)
                });
                method = Method::Exhaustive;
                why = format!("Misère outcomes from the rules for piles 0..={n}");
            } else {
                let p = game.periodic(&req.limits)?;
                why = format!(
                    "Misère outcomes are periodic with period {} from pre-period {} (proved by a repeat window of max(S) = {} outcomes)",
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
                        return Err(GameError::too_large(
                            SubtractionWork::MisereMoves,
                            Amount::of(max - min + 1, Unit::CandidateMoves),
                            Amount::of(req.limits.max_states, Unit::Bare),
                            SubtractionHint::SmallerRange,
                        ));
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
        fastest: None,
        remoteness: None,
        grundy: None,
        method,
        explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        notes,
    })
}

/// Bouton's rule for misère Nim on any number of piles, with a winning move
/// (`None` when the position is lost or no move exists).
///
/// Law (Bouton 1902): when every pile is 0 or 1, the player to move wins iff
/// the number of piles of 1 is even (none: no move, and the stuck player
/// wins); otherwise iff the nim-sum is not 0. The winning move plays as in
/// normal Nim, except when it would leave only piles of 0 and 1: then it
/// leaves an odd number of piles of 1.
///
/// ```
/// use takeaway::games::subtraction::misere::bouton_move;
/// let p = |v: &[u32]| v.iter().map(|&x| x.into()).collect::<Vec<_>>();
/// assert_eq!(bouton_move(&p(&[1, 1])).0, true);          // take one, leave one
/// assert_eq!(bouton_move(&p(&[1, 1, 1])).0, false);
/// assert_eq!(bouton_move(&p(&[3, 1])), (true, Some((0, 0u32.into()))));  // leave (0, 1)
/// assert_eq!(bouton_move(&p(&[2, 2])).0, false);         // nim-sum 0, big piles remain
/// ```
pub fn bouton_move(piles: &[BigUint]) -> (bool, Option<(usize, BigUint)>) {
    let one = BigUint::from(1u8);
    let big: Vec<usize> = (0..piles.len()).filter(|&i| piles[i] > one).collect();
    let ones = piles.iter().filter(|p| **p == one).count();
    match big.as_slice() {
        [] => {
            let wins = ones % 2 == 0;
            let mv = piles.iter().position(|p| *p == one).filter(|_| wins);
            (wins, mv.map(|i| (i, BigUint::ZERO)))
        }
        [i] => {
            // Leave an odd number of piles of 1 in all.
            let to = if ones % 2 == 1 { BigUint::ZERO } else { one };
            (true, Some((*i, to)))
        }
        _ => {
            let sum = piles.iter().fold(BigUint::ZERO, |acc, p| acc ^ p);
            if sum == BigUint::ZERO {
                return (false, None);
            }
            let i = (0..piles.len()).find(|&i| (&piles[i] ^ &sum) < piles[i]);
            (true, i.map(|i| (i, &piles[i] ^ &sum)))
        }
    }
}

/// Every winning move of misère Nim: a move to `Q` wins iff `Q` is lost, and
/// a lost `Q` has nim-sum 0 (some pile above 1) or only 0s and 1s, so pile
/// `i` can only go to `p_i ⊕ s`, 0 or 1 (`s` the nim-sum).
fn bouton_all(piles: &[BigUint]) -> Vec<(usize, BigUint)> {
    let sum = piles.iter().fold(BigUint::ZERO, |acc, p| acc ^ p);
    let mut out = Vec::new();
    for (i, p) in piles.iter().enumerate() {
        let mut targets = vec![p ^ &sum, BigUint::ZERO, BigUint::from(1u8)];
        targets.sort();
        targets.dedup();
        for to in targets {
            if to >= *p {
                continue;
            }
            let mut after = piles.to_vec();
            after[i] = to.clone();
            if !bouton_move(&after).0 {
                out.push((i, to));
            }
        }
    }
    out
}

fn bouton(game: &Subtraction, req: &AnalyzeRequest) -> Analysis {
    let (wins, mv) = bouton_move(&req.piles);
    let as_move = |(i, to): (usize, BigUint)| {
        let mut after = req.piles.clone();
        let take = &after[i] - &to;
        after[i] = to;
        Move {
            take: Some(take),
            pile: Some(i),
            to: after,
            ..Move::default()
        }
    };
    let winning_move = mv.map(as_move);
    let explanation = match &winning_move {
        Some(m) => format!(
            "Misère Nim (Bouton): take {} from {} — the rule of normal Nim (leave nim-sum 0), except that a position of piles of 0 and 1 only must be left with an odd number of 1s.",
            m.take.clone().unwrap_or_default(),
            crate::analysis::numbered("pile", m.pile.unwrap_or(0))
        ),
        None if wins => "Misère Nim (Bouton): no move is possible, and the player who cannot move wins.".into(),
        None => "Misère Nim (Bouton): every move loses — the piles are 0s and an odd number of 1s, or their nim-sum is 0 with a pile above 1.".into(),
    };
    Analysis {
        game: game.spec(),
        piles: req.piles.clone(),
        bound: None,
        outcome: Outcome::from_win(wins),
        value: None,
        moves: req
            .all
            .then(|| bouton_all(&req.piles).into_iter().map(as_move).collect()),
        winning_move,
        fastest: None,
        remoteness: None,
        grundy: None,
        method: Method::Theory,
        explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        notes: vec![
            "misère play: value is null (Grundy values do not decide misère play)".to_string(),
        ],
    }
}
