//! A part of a sum is any game: the sum's [`Parts`] and [`PartRules`] on
//! [`Game`], installed in every sum made here ([`Sum::new`]). Above
//! `games/mod.rs` (which holds a sum, and so names only `game.rs`), so the
//! sum's rules reach the parts' games through these trait objects, never
//! by naming `Game`.

use super::error::SumError;
use super::game::{PartRules, Parts, Sum};
use super::solve::{self, Checked};
use crate::analysis::Analysis;
use crate::engine::{Convention, Estimate};
use crate::games::error::GameError;
use crate::games::model::Visit;
use crate::games::play::Play;
use crate::games::request::AnalyzeRequest;
use crate::games::wire::{PartPosition, PlayMove, Position, Wire};
use crate::games::{Family, Game};
use num_bigint::BigUint;
use std::ops::ControlFlow;
use std::sync::Arc;

/// The parts of every sum: games ([`Game::parse`]).
struct Games;

impl Sum {
    /// A sum under misère play when `misere`.
    pub fn new(misere: bool) -> Sum {
        Sum::with_parts(misere, &Games)
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

impl Parts for Games {
    fn part(&self, spec: &str) -> Result<Arc<dyn PartRules>, GameError> {
        Ok(Arc::new(part_game(spec)?))
    }

    fn analyze(
        &self,
        sum: &Sum,
        parts: Vec<PartPosition>,
        req: &AnalyzeRequest,
    ) -> Result<Analysis, GameError> {
        let parts = parts
            .into_iter()
            .map(|p| {
                Ok(Checked {
                    game: Game::parse(&p.game)?,
                    position: p.position,
                })
            })
            .collect::<Result<Vec<_>, GameError>>()?;
        if sum.is_misere() {
            solve::misere(sum.spec(), &parts, req.all, &req.limits)
        } else {
            solve::normal(sum.spec(), &parts, req.all, &req.limits)
        }
    }
}

impl PartRules for Game {
    fn spec(&self) -> String {
        Family::spec(self)
    }
    fn check(&self, pos: &Position) -> Result<Position, GameError> {
        self.check_position(pos)
    }
    fn moves(
        &self,
        pos: &Position,
        out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, GameError> {
        self.visit::<BigUint, _>(EachMove(pos, out))
    }
    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        Play::apply(self, pos, mv)
    }
    fn estimate(&self, pos: &Position) -> Result<Estimate, GameError> {
        self.visit::<u64, _>(PartEstimate(pos))
    }
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
