//! The exhaustive engine's answer on a family's typed rules, generic over
//! the rules (`R: Wire`): what a family calls when it wants the engine's
//! answer for itself (misère tables, `--exhaustive`), and what
//! [`crate::games::search`] runs for any [`crate::games::Game`]. Below the
//! families: it names neither `Game` nor a family.

use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::engine::{Convention, GrundySolver, Limits, Solver};
use crate::games::error::GameError;
use crate::games::model::Visit;
use crate::games::request::AnalyzeRequest;
use crate::games::wire::{PlayMove, Position, Wire};
use num_bigint::BigUint;

/// The analysis [`Move`] of a wire move and the position after it.
///
/// ```
/// use takeaway::games::play::{PlayMove, Position};
/// use takeaway::games::exhaustive::analysis_move;
/// let after = Position::new(vec![18u32.into()], Some(4u32.into()));
/// let m = analysis_move(&PlayMove::Take { pile: 0, take: 2u32.into() }, &after);
/// assert_eq!((m.take, m.pile, m.bound), (Some(2u32.into()), Some(0), Some(4u32.into())));
/// ```
pub fn analysis_move(mv: &PlayMove, after: &Position) -> Move {
    match mv {
        PlayMove::Take { pile, take } => Move {
            take: Some(take.clone()),
            pile: Some(*pile),
            to: after.piles.clone(),
            bound: after.bound.clone(),
            ..Move::default()
        },
        PlayMove::Both { take } => Move {
            take: Some(take.clone()),
            to: after.piles.clone(),
            diagonal: true,
            ..Move::default()
        },
        PlayMove::Call { call } => Move {
            call: Some(call.clone()),
            ..Move::default()
        },
        PlayMove::Pick { pile } => Move {
            pile: Some(*pile),
            to: after.piles.clone(),
            ..Move::default()
        },
        PlayMove::Split { pile, take, split } => Move {
            take: Some(take.clone()),
            pile: Some(*pile),
            to: after.piles.clone(),
            split: split.to_vec(),
            ..Move::default()
        },
        PlayMove::Add { pile, add } => Move {
            kind: Some("add"),
            add: Some(add.clone()),
            pile: Some(*pile),
            to: after.piles.clone(),
            bound: after.bound.clone(),
            ..Move::default()
        },
        PlayMove::Part { part, mv } => {
            let empty = Position::new(Vec::new(), None);
            let inner = after.parts.get(*part).map_or(&empty, |p| &p.position);
            Move {
                part: Some(*part),
                ..analysis_move(mv, inner)
            }
        }
    }
}

/// The wire position of a request.
pub(crate) fn wire(req: &AnalyzeRequest) -> Position {
    req.position()
}

/// The engine's analysis of a request (the request, the game's spec) as a
/// [`Visit`]: [`analyze`] on any family's rules.
pub(crate) struct Exhaustive<'a>(pub(crate) &'a AnalyzeRequest, pub(crate) String);

impl Visit for Exhaustive<'_> {
    type Out = Result<Analysis, GameError>;
    fn visit<R: Wire>(self, rules: &R, convention: Convention) -> Self::Out {
        let Exhaustive(req, game) = self;
        let given = wire(req);
        let pos = rules.checked(&given)?;
        let mut solver = Solver::new(rules, convention, req.limits.clone());
        let solved = solver.solve(&pos)?;
        let successors = solver.successors(&pos)?;
        let winning: Vec<Move> = successors
            .iter()
            .filter(|s| s.wins)
            .map(|s| analysis_move(&rules.play_move(&s.mv), &rules.to_wire(&s.position)))
            .collect();
        // The move shown is best play's (the fastest win, the first of them
        // in the family's order), so the remoteness beside it is true of it.
        let best = solver
            .best_move(&pos)?
            .filter(|s| s.wins)
            .map(|s| analysis_move(&rules.play_move(&s.mv), &rules.to_wire(&s.position)));
        let play = match convention {
            Convention::Normal => "normal play (whoever cannot move loses)",
            Convention::Misere => "misère play (whoever cannot move wins)",
        };
        let searched = solver.positions();
        let explanation = match (solved.outcome, best.as_ref(), successors.is_empty()) {
            (Outcome::N, _, true) => {
                format!("Under {play} the player to move has no move and so wins at once.")
            }
            (Outcome::P, _, true) => {
                format!("Under {play} the player to move has no move and so loses.")
            }
            (Outcome::N, Some(m), _) => format!(
                "Exhaustive search under {play} ({searched} positions, from the rules alone): {} wins; the game ends within {} more moves.",
                describe(m),
                solved.remoteness
            ),
            _ => format!(
                "Exhaustive search under {play} ({searched} positions, from the rules alone): every move loses; the opponent wins within {} moves.",
                solved.remoteness
            ),
        };
        let mut notes = Vec::new();
        if convention == Convention::Misere {
            notes.push(
                "misère play: value is null (least winning moves and Grundy values decide normal play only)"
                    .to_string(),
            );
        }
        Ok(Analysis {
            game,
            piles: req.piles.clone(),
            bound: rules.to_wire(&pos).bound,
            outcome: solved.outcome,
            value: None,
            winning_move: best,
            moves: req.all.then_some(winning),
            fastest: None,
            remoteness: Some(solved.remoteness),
            grundy: None,
            method: Method::Exhaustive,
            explanation,
            digits: Vec::new(),
            parts: Vec::new(),
            notes,
        })
    }
}

fn describe(m: &Move) -> String {
    if let (Some(a), Some(p)) = (&m.add, m.pile) {
        return format!("adding {a} to {}", crate::analysis::numbered("pile", p));
    }
    match (&m.call, &m.take, m.pile, m.diagonal) {
        (Some(c), _, _, _) => format!("calling {c}"),
        (None, Some(t), _, true) => format!("taking {t} from both piles"),
        (None, Some(t), Some(p), false) if m.split.len() >= 2 => {
            let heaps: Vec<String> = m.split.iter().map(ToString::to_string).collect();
            let (last, rest) = heaps.split_last().expect("two heaps or more");
            format!(
                "taking {t} from {} leaving {} and {last}",
                crate::analysis::numbered("pile", p),
                rest.join(", ")
            )
        }
        (None, Some(t), Some(p), false) => {
            format!("taking {t} from {}", crate::analysis::numbered("pile", p))
        }
        _ => "a move".into(),
    }
}

/// The engine's analysis of `req` on `rules` under `convention` (exhaustive;
/// refused when the position is over the limits); `spec` is the game's
/// canonical spec, named in the answer.
pub fn analyze<R: Wire>(
    rules: &R,
    convention: Convention,
    req: &AnalyzeRequest,
    spec: String,
) -> Result<Analysis, GameError> {
    Exhaustive(req, spec).visit(rules, convention)
}

/// The outcomes of many positions by one engine search whose memo they
/// share, as a [`Visit`]: what a lone [`analyze`] of each would say, in the
/// time of the largest (the cells of a heatmap reach the same positions).
///
/// The work and memory of the shared search count against `limits` as one
/// search; when a position would pass them there, it is solved again by a
/// search of its own (as a lone analysis, which may still refuse it), and
/// the positions after it share that one.
pub(crate) struct Outcomes<'a>(pub(crate) &'a [Position], pub(crate) &'a Limits);

impl Visit for Outcomes<'_> {
    type Out = Vec<Result<Outcome, GameError>>;
    fn visit<R: Wire>(self, rules: &R, convention: Convention) -> Self::Out {
        let Outcomes(positions, limits) = self;
        let mut solver = Solver::new(rules, convention, limits.clone());
        positions
            .iter()
            .map(|given| {
                let pos = rules.checked(given)?;
                // Refused by its estimate: alone it would be too (the memo
                // stays for the positions after it).
                solver.admits(&pos)?;
                match solver.solve(&pos) {
                    Ok(solved) => Ok(solved.outcome),
                    // The shared work or memory is spent: on its own.
                    Err(_) if solver.work() > 0 => {
                        solver = Solver::new(rules, convention, limits.clone());
                        Ok(solver.solve(&pos)?.outcome)
                    }
                    Err(e) => Err(e),
                }
            })
            .collect()
    }
}

/// The remoteness of a position and how the move shown beside it stands:
/// what [`crate::games::search::pace`] finds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pace {
    /// Moves to the end of the game under best play (the winner hurries,
    /// the loser stalls).
    pub remoteness: u64,
    /// A fastest winning move, when the move shown is not one (`None` when
    /// it is, or when the position is lost).
    pub fastest: Option<Move>,
    /// How many moves the game lasts when the move shown is made and both
    /// play best afterwards (1 + the remoteness after it), when one is shown.
    pub shown: Option<u64>,
}

/// The remoteness of a position within limits, with how a shown move stands,
/// as a [`Visit`].
pub(crate) struct Paced<'a>(
    pub(crate) &'a Position,
    pub(crate) &'a Limits,
    pub(crate) Option<PlayMove>,
);

impl Visit for Paced<'_> {
    type Out = Result<Pace, GameError>;
    fn visit<R: Wire>(self, rules: &R, convention: Convention) -> Self::Out {
        let Paced(given, limits, shown) = self;
        let pos = rules.checked(given)?;
        let mut solver = Solver::new(rules, convention, limits.clone());
        solver.admits(&pos)?;
        let solved = solver.solve(&pos)?;
        let mut pace = Pace {
            remoteness: solved.remoteness,
            fastest: None,
            shown: None,
        };
        if solved.outcome == Outcome::P {
            return Ok(pace);
        }
        let successors = solver.successors(&pos)?;
        let turn = |s: &crate::engine::solve::Step<R>| {
            s.value
                .remoteness
                .saturating_add(u64::from(rules.passes_turn(&s.mv)))
        };
        let shown_step = shown
            .as_ref()
            .and_then(|m| successors.iter().find(|s| rules.play_move(&s.mv) == *m));
        pace.shown = shown_step.map(turn);
        let fast = |s: &crate::engine::solve::Step<R>| s.wins && turn(s) == solved.remoteness;
        if !shown_step.is_some_and(fast)
            && let Some(s) = successors.iter().find(|s| fast(s))
        {
            pace.fastest = Some(analysis_move(
                &rules.play_move(&s.mv),
                &rules.to_wire(&s.position),
            ));
        }
        Ok(pace)
    }
}

/// The Grundy value of `given` on `rules` (normal play) by the engine within
/// `limits`, with the moves to a position of value `target` (every one when
/// `all`, else the first in the family's order) when a target is given.
pub fn grundy_and_moves<R: Wire>(
    rules: &R,
    given: &Position,
    limits: &Limits,
    target: Option<&BigUint>,
    all: bool,
) -> Result<(u64, Vec<Move>), GameError> {
    let pos = rules.checked(given)?;
    let mut solver = GrundySolver::new(rules, limits.clone());
    let g = solver.grundy(&pos)?;
    let mut moves = Vec::new();
    if let Some(target) = target {
        for o in solver.options(&pos)? {
            if BigUint::from(o.grundy) == *target {
                moves.push(analysis_move(
                    &rules.play_move(&o.mv),
                    &rules.to_wire(&o.position),
                ));
                if !all {
                    break;
                }
            }
        }
    }
    Ok((g, moves))
}
