//! The exhaustive engine's answer for any [`Game`]: the same code for every
//! family, through [`Game::visit`] and the family's typed rules (the generic
//! code is [`super::exhaustive`], which the families call on their own rules).
//!
//! - [`analyze`]: outcome, remoteness, a winning move (the first in the
//!   family's order: the least take), every winning move with `--all`, under
//!   normal or misère play; `value` is null (a least winning move or Grundy
//!   value is the families' own business, and decides nothing under misère);
//! - [`remoteness`]: the remoteness alone, when the position fits the limits,
//!   added to whatever answer a theory gave;
//! - [`outcomes`]: the outcomes of many positions by one search (a heatmap's
//!   cells).

use super::exhaustive::{Exhaustive, Outcomes, Paced, wire};
pub use super::exhaustive::{Pace, analysis_move};
use super::wire::{PlayMove, Position};
use super::{AnalyzeRequest, Family, Game, GameError, Limits};
use crate::analysis::{Analysis, Move, Outcome};

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

/// The outcomes of many positions of `game` by one exhaustive search whose
/// memo they share (the cells of a heatmap): each is what the engine's
/// [`analyze`] says of that position alone, or the error it gives, but the
/// positions the cells have in common are solved once. The shared search is
/// bounded by `limits` as one search; a position that would pass them there
/// is solved by a search of its own.
///
/// Law: whenever [`analyze`] of `ps[i]` alone within `l` succeeds,
/// `outcomes(g, ps, l)[i]` is `Ok` of its outcome; a position it refuses may
/// still be answered, truly, when the shared search has already solved it.
/// (A family's theory, [`crate::games::Family::analyze`], may answer where
/// the engine is refused.)
///
/// ```
/// use takeaway::analysis::Outcome;
/// use takeaway::games::play::Position;
/// use takeaway::games::search::outcomes;
/// use takeaway::games::{Game, Limits};
/// // Misère Nim (Bouton): with every pile at most 1 the mover loses when the
/// // number of piles of 1 is odd; otherwise when the nim-sum is 0.
/// let g = Game::parse("nim:misere=true").unwrap();
/// let at = |a: u8, b: u8| Position::new(vec![a.into(), b.into()], None);
/// let got: Vec<Outcome> = outcomes(&g, &[at(1, 0), at(1, 1), at(3, 3), at(3, 2)], &Limits::strict())
///     .into_iter()
///     .map(Result::unwrap)
///     .collect();
/// assert_eq!(got, [Outcome::P, Outcome::N, Outcome::P, Outcome::N]);
/// ```
pub fn outcomes(
    game: &Game,
    positions: &[Position],
    limits: &Limits,
) -> Vec<Result<Outcome, GameError>> {
    game.visit::<u64, _>(Outcomes(positions, limits))
}
