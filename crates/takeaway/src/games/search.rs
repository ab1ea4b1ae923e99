//! The exhaustive engine's answer for any family: the same code for every
//! game, through [`Game::visit`] and the family's typed rules.
//!
//! - [`analyze`]: outcome, remoteness, a winning move (the first in the
//!   family's order: the least take), every winning move with `--all`, under
//!   normal or misère play; `value` is null (a least winning move or Grundy
//!   value is the families' own business, and decides nothing under misère);
//! - [`remoteness`]: the remoteness alone, when the position fits the limits,
//!   added to whatever answer a theory gave.

use super::play::{PlayMove, Position};
use super::wire::Wire;
use super::{AnalyzeRequest, Family, Game, GameError, Limits, Visit};
use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::engine::{Convention, Solver};

/// The analysis [`Move`] of a wire move and the position after it.
///
/// ```
/// use takeaway::games::play::{PlayMove, Position};
/// use takeaway::games::search::analysis_move;
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
    }
}

fn wire(req: &AnalyzeRequest) -> Position {
    let mut p = Position::new(req.piles.clone(), req.bound.clone());
    p.phase = req.phase;
    p
}

struct Exhaustive<'a>(&'a AnalyzeRequest, String);

impl Visit for Exhaustive<'_> {
    type Out = Result<Analysis, GameError>;
    fn visit<R: Wire>(self, rules: &R, convention: Convention) -> Self::Out {
        let Exhaustive(req, game) = self;
        let given = wire(req);
        let pos = rules.position(&given)?;
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
        (None, Some(t), Some(p), false) if m.split.len() == 2 => format!(
            "taking {t} from {} leaving {} and {}",
            crate::analysis::numbered("pile", p),
            m.split[0],
            m.split[1]
        ),
        (None, Some(t), Some(p), false) => {
            format!("taking {t} from {}", crate::analysis::numbered("pile", p))
        }
        _ => "a move".into(),
    }
}

/// The engine's analysis of `req` for `game` under the game's convention
/// (exhaustive; refused when the position is over the limits).
///
/// ```
/// use takeaway::games::{AnalyzeRequest, Game};
/// use takeaway::games::search::analyze;
/// use takeaway::analysis::Outcome;
/// // Misère Wythoff, by hand: at (0, 0) the player who cannot move wins (N);
/// // from (0, 1) the only move leaves (0, 0) to the opponent (P); from (1, 1)
/// // taking one counter leaves (0, 1) (N).
/// let g = Game::parse("wythoff:misere=true").unwrap();
/// let outcome = |x: u8, y: u8| analyze(&g, &AnalyzeRequest::new(vec![x.into(), y.into()])).unwrap().outcome;
/// assert_eq!(outcome(0, 0), Outcome::N);
/// assert_eq!(outcome(0, 1), Outcome::P);
/// assert_eq!(outcome(1, 1), Outcome::N);
/// ```
pub fn analyze(game: &Game, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
    game.visit::<u64, _>(Exhaustive(req, game.spec()))
}

/// The remoteness of a position and how the move shown beside it stands:
/// what [`pace`] finds.
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

struct Paced<'a>(&'a Position, &'a Limits, Option<PlayMove>);

impl Visit for Paced<'_> {
    type Out = Result<Pace, GameError>;
    fn visit<R: Wire>(self, rules: &R, convention: Convention) -> Self::Out {
        let Paced(given, limits, shown) = self;
        let pos = rules.position(given)?;
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

/// The remoteness of `req`'s position by the engine within `limits`
/// (refused from the estimate alone, before anything is allocated, when
/// it cannot), with a fastest winning move when `shown` is not one: the
/// one source of a remoteness and the move stated beside it.
///
/// ```
/// use takeaway::analysis::Move;
/// use takeaway::games::{AnalyzeRequest, Game, Limits};
/// use takeaway::games::search::pace;
/// // Fibonacci Nim, pile 4 with bound 4: the theory's move takes L(4) = 1,
/// // leaving (3, 2), lost for the opponent, who stalls: take 1, then we
/// // take the last 2 (3 moves); taking all 4 ends the game at once.
/// let g = Game::parse("fibonacci").unwrap();
/// let mut req = AnalyzeRequest::new(vec![4u8.into()]);
/// req.bound = Some(4u8.into());
/// let take_one = Move { take: Some(1u8.into()), pile: Some(0), ..Move::default() };
/// let p = pace(&g, &req, &Limits::strict(), Some(&take_one)).unwrap();
/// assert_eq!((p.remoteness, p.shown), (1, Some(3)));
/// assert_eq!(p.fastest.unwrap().take, Some(4u8.into()));
/// ```
pub fn pace(
    game: &Game,
    req: &AnalyzeRequest,
    limits: &Limits,
    shown: Option<&Move>,
) -> Result<Pace, GameError> {
    let shown = shown.and_then(PlayMove::from_analysis);
    game.visit::<u64, _>(Paced(&wire(req), limits, shown))
}

/// The remoteness of `req`'s position when the engine can solve it within
/// `limits` (refused from the estimate alone, before anything is allocated,
/// when it cannot); `None` otherwise.
///
/// ```
/// use takeaway::games::{AnalyzeRequest, Game, Limits};
/// use takeaway::games::search::remoteness;
/// let g = Game::parse("fibonacci").unwrap();
/// // Pile 2 with bound 1: take 1, the opponent takes the last: two moves.
/// let mut req = AnalyzeRequest::new(vec![2u8.into()]);
/// req.bound = Some(1u8.into());
/// assert_eq!(remoteness(&g, &req, &Limits::strict()), Some(2));
/// ```
pub fn remoteness(game: &Game, req: &AnalyzeRequest, limits: &Limits) -> Option<u64> {
    pace(game, req, limits, None).ok().map(|p| p.remoteness)
}
