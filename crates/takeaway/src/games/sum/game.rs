//! The rules of a sum of games on wire positions: a position is its parts'
//! positions ([`Position::parts`]), a move is a move in one part
//! ([`PlayMove::Part`]). The parts' own rules decide every part move; the
//! sum only routes it. Searched on the wire form (big integers), as a
//! family defined outside the crate is: a sum's own analysis
//! ([`super::analyze`]) answers by the nim-sum, or by its product search
//! under misère play, and the engine on these rules is the fallback for
//! what that does not give (the remoteness, the computer's stall).

use super::Sum;
use super::error::SumError;
use crate::engine::{Convention, Estimate, Nat, Rules};
use crate::games::Game;
use crate::games::error::{GameError, Illegal, MoveKind, PartStep};
use crate::games::model::Visit;
use crate::games::wire::{PartPosition, PlayMove, Position, Wire};
use num_bigint::BigUint;
use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

/// Most parts a sum may have (the page's editor and the command line alike).
pub const MAX_PARTS: usize = 16;

/// The typed rules of a sum: wire positions with parts, part moves.
pub(crate) struct SumRules<N> {
    /// The parts' games by spec, parsed once per use of the rules.
    games: Mutex<rustc_hash::FxHashMap<String, Arc<Game>>>,
    number: PhantomData<N>,
}

impl<N> SumRules<N> {
    pub(crate) fn new(_: &Sum) -> Self {
        SumRules {
            games: Mutex::new(rustc_hash::FxHashMap::default()),
            number: PhantomData,
        }
    }

    /// The game of a part's spec (parsed once).
    fn game(&self, spec: &str) -> Result<Arc<Game>, GameError> {
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(g) = games.get(spec) {
            return Ok(Arc::clone(g));
        }
        let g = Arc::new(Game::parse(spec)?);
        games.insert(spec.to_string(), Arc::clone(&g));
        Ok(g)
    }
}

/// A part's game checked for a place in a sum: any family that says it
/// can be a part (not Spite Nim: half-moves; not a sum), under normal play.
pub(crate) fn part_game(spec: &str) -> Result<Game, GameError> {
    let game = Game::parse(spec)?;
    if let Game::Sum(_) = game {
        return Err(SumError::PartIsSum.into());
    }
    if let Some(f) = game.entry().filter(|f| !f.capabilities.sum_part) {
        return Err(SumError::NotAPart {
            title: f.title.to_string(),
            grundy: f.capabilities.grundy,
        }
        .into());
    }
    if game.convention() == Convention::Misere {
        return Err(SumError::MiserePart.into());
    }
    Ok(game)
}

/// Every move of one part's position, as the part's own wire moves.
struct EachMove<'a>(&'a Position, &'a mut dyn FnMut(PlayMove) -> ControlFlow<()>);

impl Visit for EachMove<'_> {
    type Out = Result<ControlFlow<()>, GameError>;
    fn visit<R: Wire>(self, rules: &R, _: Convention) -> Self::Out {
        let EachMove(pos, out) = self;
        let p = rules.checked(pos)?;
        let mut flow = ControlFlow::Continue(());
        rules.moves(&p, &mut |m| {
            flow = out(rules.play_move(&m));
            flow
        })?;
        Ok(flow)
    }
}

/// The estimate of one part's position.
struct PartEstimate<'a>(&'a Position);

impl Visit for PartEstimate<'_> {
    type Out = Result<Estimate, GameError>;
    fn visit<R: Wire>(self, rules: &R, _: Convention) -> Self::Out {
        Ok(rules.estimate(&rules.checked(self.0)?))
    }
}

impl<N: Nat> Rules for SumRules<N> {
    type Position = Position;
    type Move = PlayMove;
    type Error = GameError;

    fn moves(
        &self,
        pos: &Position,
        out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        for (part, p) in pos.parts.iter().enumerate() {
            let game = self.game(&p.game)?;
            let mut each = |mv: PlayMove| {
                out(PlayMove::Part {
                    part,
                    mv: Box::new(mv),
                })
            };
            let flow = game
                .visit::<BigUint, _>(EachMove(&p.position, &mut each))
                .map_err(|e| e.in_part(part, PartStep::Solve))?;
            if flow.is_break() {
                break;
            }
        }
        Ok(())
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        let PlayMove::Part { part, mv } = mv else {
            return Err(Illegal::Kind(MoveKind::Sum).into());
        };
        let count = pos.parts.len();
        let p = pos.parts.get(*part).ok_or(Illegal::NoPart {
            index: *part,
            count,
        })?;
        let game = self.game(&p.game)?;
        let after = crate::games::play::Play::apply(game.as_ref(), &p.position, mv)
            .map_err(|e| e.in_part(*part, PartStep::Play))?;
        let mut next = pos.clone();
        next.parts[*part].position = after;
        Ok(next)
    }

    fn estimate(&self, pos: &Position) -> Estimate {
        // The product of the parts' position counts; each key holds every part.
        let mut states: u64 = 1;
        let mut moves: u64 = 0;
        for p in &pos.parts {
            let e = self
                .game(&p.game)
                .and_then(|g| g.visit::<u64, _>(PartEstimate(&p.position)))
                .unwrap_or(Estimate {
                    states: u64::MAX,
                    bytes: u64::MAX,
                });
            states = states.saturating_mul(e.states.max(1));
            moves = moves.saturating_add(e.states.max(1));
        }
        let key = 96u64.saturating_mul(pos.parts.len() as u64);
        Estimate::search(states, moves.min(1 << 20), key)
    }
}

impl<N: Nat> Wire for SumRules<N> {
    fn name(&self) -> &'static str {
        "a sum of games"
    }

    fn takes_parts(&self) -> bool {
        true
    }

    /// Each part checked against its game (the default bound filled in),
    /// the spec made canonical; no piles, bound or call of the sum's own.
    fn position(&self, pos: &Position) -> Result<Position, GameError> {
        if !pos.piles.is_empty() || pos.bound.is_some() || pos.call.is_some() {
            return Err(SumError::NotPartsOnly.into());
        }
        if pos.parts.is_empty() {
            return Err(SumError::NoParts.into());
        }
        if pos.parts.len() > MAX_PARTS {
            return Err(SumError::TooManyParts {
                count: pos.parts.len(),
                most: MAX_PARTS,
            }
            .into());
        }
        let mut parts = Vec::with_capacity(pos.parts.len());
        for (i, p) in pos.parts.iter().enumerate() {
            let game = part_game(&p.game).map_err(|e| e.in_part(i, PartStep::Solve))?;
            let position = game
                .check_position(&p.position)
                .map_err(|e| e.in_part(i, PartStep::Solve))?;
            if position.call.is_some() {
                return Err(GameError::from(SumError::PendingCall).in_part(i, PartStep::Solve));
            }
            let spec = crate::games::Family::spec(&game);
            self.games
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(spec.clone(), Arc::new(game));
            parts.push(PartPosition {
                game: spec,
                position,
            });
        }
        Ok(Position::of_parts(parts))
    }

    fn to_wire(&self, pos: &Position) -> Position {
        pos.clone()
    }

    fn step(&self, mv: &PlayMove) -> Result<PlayMove, GameError> {
        match mv {
            PlayMove::Part { .. } => Ok(mv.clone()),
            _ => Err(Illegal::Kind(MoveKind::Sum).into()),
        }
    }

    fn play_move(&self, mv: &PlayMove) -> PlayMove {
        mv.clone()
    }
}
