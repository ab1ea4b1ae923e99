//! The Grundy value (Sprague–Grundy, normal play) of a position of any game,
//! and the moves that reach a given value: theory where it is proved, else
//! the engine, under the request's limits.
//!
//! - Nim: `G = n_1 ⊕ … ⊕ n_k` (Bouton); subtraction games: the proved period
//!   (or the One Pile closed form) per pile, nim-summed;
//! - one-pile games: the incremental mex of [`one_pile::grundy`] over the
//!   triangle of piles up to `n` (`O(n²)`);
//! - two-pile and k-pile games, Wythoff's Nim: the engine's
//!   [`crate::engine::GrundySolver`] (a mex over every move);
//! - Spite Nim (half-moves: a call, then the pick) and misère play have no
//!   Grundy values: [`GameError::Invalid`] saying why.
//!
//! Law: `grundy(p) = 0` iff `p` is a P-position (normal play); a move listed
//! by [`moves_to`] for `target` is legal and leaves a position of value `target`.

use super::one_pile::{self, OnePileRules};
use super::play::Position;
use super::search::analysis_move;
use super::wire::Wire;
use super::{AnalyzeRequest, Game, GameError, Limits, NoProgress, Visit};
use crate::analysis::Move;
use crate::engine::{Amount, Unit};
use crate::engine::{Convention, Rules};
use crate::games::error::{Hint, NoBound, NoGrundy, Quantity, Work};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

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
    if matches!(game, Game::Spite(_)) {
        return Some(NoGrundy::Spite);
    }
    if game.convention() == Convention::Misere {
        return Some(NoGrundy::Misere);
    }
    None
}

fn one_pile_position(game: &Game, pos: &Position) -> Result<Option<(usize, usize)>, GameError> {
    let Game::OnePile(g) = game else {
        return Ok(None);
    };
    let p = OnePileRules::<BigUint>::new(g.bound()).position(pos)?;
    let n = p
        .pile
        .to_usize()
        .filter(|&n| (n as u64) < one_pile::grundy::MAX_ROWS);
    let Some(n) = n else {
        return Err(GameError::too_large(
            Work::GrundyOfPile(p.pile.clone()),
            Quantity::Big(p.pile.clone(), Unit::GrundyTableRows),
            Amount::of(one_pile::grundy::MAX_ROWS, Unit::Rows),
            Hint::SmallerPileGrundy,
        ));
    };
    let w = p.bound.to_usize().unwrap_or(usize::MAX).min(n);
    Ok(Some((n, w)))
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
    if let Game::Subtraction(g) = game {
        let req = AnalyzeRequest {
            limits: limits.clone(),
            all,
            ..AnalyzeRequest::new(pos.piles.clone())
        };
        if pos.bound.is_some() {
            return Err(NoBound::Subtraction.into());
        }
        return super::subtraction::sums::grundy_and_moves(g, &req, target);
    }
    if let Game::Octal(g) = game {
        let heaps = super::octal::game::OctalRules::<BigUint>::new(&g.code).position(pos)?;
        return super::octal::analyze::grundy_and_moves(g, &heaps, target, all, limits);
    }
    if let Some((n, w)) = one_pile_position(game, pos)? {
        let Game::OnePile(g) = game else {
            unreachable!("one_pile_position answers only for one-pile games")
        };
        let tri = one_pile::grundy::GrundyTriangle::build(
            g.bound(),
            n as u64 + 1,
            limits,
            &NoProgress,
            |_, _| Ok(()),
        )?;
        let value = BigUint::from(tri.at(n, w));
        let mut moves = Vec::new();
        if let Some(target) = target {
            let rules = OnePileRules::<u64>::new(g.bound());
            let here = rules.position(pos)?;
            for t in 1..=w as u64 {
                let after = rules.apply(&here, &t)?;
                let v = tri.at(after.pile as usize, after.bound.min(after.pile) as usize);
                if BigUint::from(v) == *target {
                    moves.push(analysis_move(&rules.play_move(&t), &rules.to_wire(&after)));
                    if !all {
                        break;
                    }
                }
            }
        }
        return Ok((value, moves));
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
