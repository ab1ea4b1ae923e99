//! The Grundy value (Sprague–Grundy, normal play) of a position of any game,
//! and the moves that reach a given value: theory where it is proved, else
//! the engine, under the request's limits.
//!
//! - Nim: `G = n_1 ⊕ … ⊕ n_k` (Bouton); subtraction games: the proved period
//!   (or the One Pile closed form) per pile, nim-summed;
//! - one-pile games: the incremental mex of [`crate::games::one_pile::grundy`] over the
//!   triangle of piles up to `n` (`O(n²)`);
//! - two-pile and k-pile games, Wythoff's Nim: the engine's
//!   [`crate::engine::GrundySolver`] (a mex over every move);
//! - Spite Nim (half-moves: a call, then the pick) and misère play have no
//!   Grundy values: [`GameError::Invalid`] saying why.
//!
//! Law: `grundy(p) = 0` iff `p` is a P-position (normal play); a move listed
//! by [`moves_to`] for `target` is legal and leaves a position of value `target`.

use super::play::Position;
use super::wire::Wire;
use super::{AnalyzeRequest, Family, Game, GameError, Limits, Visit};
use crate::analysis::Move;
use crate::engine::Convention;
use crate::games::error::NoGrundy;
use num_bigint::BigUint;

/// Why a game has no Grundy value, or `None` when it has one.
///
/// ```
/// use takeaway::games::Game;
/// use takeaway::games::grundy::undefined;
/// assert!(undefined(&Game::parse("spite").unwrap()).unwrap().to_string().contains("half-moves"));
/// assert!(undefined(&Game::parse("nim:misere=true").unwrap()).unwrap().to_string().contains("normal play"));
/// assert!(undefined(&Game::parse("wythoff").unwrap()).is_none());
/// ```
pub fn undefined(game: &Game) -> Option<NoGrundy> {
    if let Some(why) = game.no_grundy() {
        return Some(why);
    }
    if game.convention() == Convention::Misere {
        return Some(NoGrundy::Misere);
    }
    None
}

struct Engine<'a>(&'a Position, &'a Limits, Option<&'a BigUint>, bool);

impl Visit for Engine<'_> {
    type Out = Result<(u64, Vec<Move>), GameError>;
    fn visit<R: Wire>(self, rules: &R, _: Convention) -> Self::Out {
        let Engine(given, limits, target, all) = self;
        super::exhaustive::grundy_and_moves(rules, given, limits, target, all)
    }
}

/// The Grundy value of `pos` in `game`, with the moves to `target` (every
/// one when `all`, else the first in the family's order) when a target is given.
fn value_and_moves(
    game: &Game,
    pos: &Position,
    limits: &Limits,
    target: Option<&BigUint>,
    all: bool,
) -> Result<(BigUint, Vec<Move>), GameError> {
    if let Some(why) = undefined(game) {
        return Err(why.into());
    }
    // A theory or the family's own solver, where it has one.
    if let Some(answer) = game.grundy_and_moves(pos, target, all, limits) {
        return answer;
    }
    let (g, moves) = game.visit::<u64, _>(Engine(pos, limits, target, all))?;
    Ok((BigUint::from(g), moves))
}

/// The Grundy value of `pos` (normal play), or why there is none / why it is
/// over the limits (an error naming the limit).
///
/// ```
/// use takeaway::games::{Game, Limits};
/// use takeaway::games::play::Position;
/// use takeaway::games::grundy::grundy;
/// let nim = Game::parse("nim").unwrap();
/// // Bouton: 3 ⊕ 5 ⊕ 6 = 0.
/// let pos = Position::new(vec![3u8.into(), 5u8.into(), 6u8.into()], None);
/// assert_eq!(grundy(&nim, &pos, &Limits::strict()).unwrap(), 0u8.into());
/// // Wythoff (1, 2) is a P-position: value 0; (1, 1) has value 2 (OEIS A004481).
/// let w = Game::parse("wythoff").unwrap();
/// assert_eq!(grundy(&w, &Position::new(vec![1u8.into(), 1u8.into()], None), &Limits::strict()).unwrap(), 2u8.into());
/// ```
pub fn grundy(game: &Game, pos: &Position, limits: &Limits) -> Result<BigUint, GameError> {
    value_and_moves(game, pos, limits, None, false).map(|(g, _)| g)
}

/// The Grundy value of `pos` and its moves to a position of value `target`
/// (all of them when `all`, else the first in the family's order).
///
/// ```
/// use takeaway::games::{Game, Limits};
/// use takeaway::games::play::Position;
/// use takeaway::games::grundy::moves_to;
/// let nim = Game::parse("nim").unwrap();
/// let pos = Position::new(vec![6u8.into()], None);
/// let (g, moves) = moves_to(&nim, &pos, &2u8.into(), false, &Limits::strict()).unwrap();
/// assert_eq!(g, 6u8.into());
/// assert_eq!(moves[0].to, vec![2u8.into()]);
/// ```
pub fn moves_to(
    game: &Game,
    pos: &Position,
    target: &BigUint,
    all: bool,
    limits: &Limits,
) -> Result<(BigUint, Vec<Move>), GameError> {
    value_and_moves(game, pos, limits, Some(target), all)
}

/// The wire position of an analysis request (the game's default bound when none).
pub(crate) fn request_position(req: &AnalyzeRequest) -> Position {
    req.position()
}

/// The `grundy` of an analysis: the value when it fits the limits, else
/// `None` with a note saying why (no value for this game, or over the limits).
pub(crate) fn for_analysis(
    game: &Game,
    req: &AnalyzeRequest,
    limits: &Limits,
) -> (Option<BigUint>, Option<String>) {
    match grundy(game, &request_position(req), limits) {
        Ok(g) => (Some(g), None),
        Err(GameError::Cancelled) => (None, None),
        Err(e) => (None, Some(format!("grundy is null: {e}"))),
    }
}
