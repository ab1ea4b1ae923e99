//! A sum of games as a family: its value ([`Sum`]), its answers
//! ([`Family`]) and its rules on wire positions ([`SumRules`]): a position
//! is its parts' positions ([`Position::parts`]), a move is a move in one
//! part ([`PlayMove::Part`]). The parts' own rules decide every part move;
//! the sum only routes it. Searched on the wire form (big integers), as a
//! family defined outside the crate is: a sum's own analysis answers by the
//! nim-sum, or by its product search under misère play, and the engine on
//! these rules is the fallback for what that does not give (the remoteness,
//! the computer's stall).
//!
//! A part is any game, and `Game` holds sums: this file names no `Game`.
//! What a sum needs of its parts (parse a part's spec, its moves, a move
//! applied, its estimate, its position checked, the sum's answer from the
//! parts' values) is the [`Parts`] and [`PartRules`] trait objects, which
//! the layer above (`any_game.rs`, on `Game`) installs in every [`Sum`] it
//! makes ([`Sum::new`]).

use super::error::SumError;
use crate::analysis::Analysis;
use crate::engine::{Convention, Estimate, Nat, Rules};
use crate::games::error::{GameError, Illegal, MoveKind, PartStep};
use crate::games::model::Family;
use crate::games::request::{AnalyzeRequest, Table, TableRequest, Verification, VerifyRequest};
use crate::games::wire::{PartPosition, PlayMove, Position, Wire};
use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

/// Most parts a sum may have (the page's editor and the command line alike).
pub const MAX_PARTS: usize = 16;

/// One part's game, as a sum uses it: every operation on a wire position
/// of that game.
pub(crate) trait PartRules: Send + Sync {
    /// The game's canonical spec.
    fn spec(&self) -> String;
    /// `pos` checked against the game (the default bound filled in).
    fn check(&self, pos: &Position) -> Result<Position, GameError>;
    /// Every move of `pos`, as the game's own wire moves, until `out`
    /// breaks (the flow says whether it did).
    fn moves(
        &self,
        pos: &Position,
        out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>,
    ) -> Result<ControlFlow<()>, GameError>;
    /// The position after `mv`.
    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError>;
    /// The search's estimate of `pos`.
    fn estimate(&self, pos: &Position) -> Result<Estimate, GameError>;
}

/// What a sum needs of the games its parts are: installed from above (the
/// games' dispatcher is above the sum, and holds it).
pub(crate) trait Parts: Send + Sync {
    /// The game of a part's spec, checked for a place in a sum (any family
    /// that can be a part, under normal play).
    fn part(&self, spec: &str) -> Result<Arc<dyn PartRules>, GameError>;
    /// The analysis of the sum `sum` of the checked `parts` (canonical
    /// specs, default bounds filled in), as `req` asks.
    fn analyze(
        &self,
        sum: &Sum,
        parts: Vec<PartPosition>,
        req: &AnalyzeRequest,
    ) -> Result<Analysis, GameError>;
}

/// A sum of games: which play (normal or misère); the parts are the
/// position's.
#[derive(Clone, Copy)]
pub struct Sum {
    misere: bool,
    parts: &'static dyn Parts,
}

impl std::fmt::Debug for Sum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sum").field("misere", &self.misere).finish()
    }
}

/// Two sums are equal when their play is: every sum's parts are games.
impl PartialEq for Sum {
    fn eq(&self, other: &Sum) -> bool {
        self.misere == other.misere
    }
}

impl Eq for Sum {}

impl Sum {
    /// A sum under misère play when `misere`, whose parts are games of
    /// `parts`.
    pub(crate) fn with_parts(misere: bool, parts: &'static dyn Parts) -> Sum {
        Sum { misere, parts }
    }

    /// Whether the sum is played misère.
    pub(crate) fn is_misere(&self) -> bool {
        self.misere
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        Convention::from_misere(self.misere)
    }
}

impl Family for Sum {
    fn family_name(&self) -> &'static str {
        "sums of games"
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    /// A sum's own analysis decides misère play (the product search), not
    /// the engine's search of the whole sum; it is a search, not a theory
    /// ([`Family::misere_theory`] stays false).
    fn misere_by_theory(&self, _piles: usize) -> bool {
        true
    }
    fn spec(&self) -> String {
        if self.misere {
            "sum:misere=true".into()
        } else {
            "sum".into()
        }
    }

    /// The nim-sum of the parts' Grundy values (normal play), or the
    /// product game's exhaustive search (misère play).
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        if req.bound.is_some() {
            return Err(SumError::OwnBound.into());
        }
        if req.exhaustive {
            return Err(SumError::OwnExhaustive.into());
        }
        let mut pos = Position::of_parts(req.parts.clone());
        pos.piles.clone_from(&req.piles);
        // The parts checked against their games (canonical specs, default
        // bounds filled in), or the first part's error naming it.
        let pos = SumRules::<u64>::new(self).checked(&pos)?;
        self.parts.analyze(self, pos.parts, req)
    }

    fn table(&self, _req: &TableRequest<'_>) -> Result<Table, GameError> {
        Err(crate::games::unanswered::Unsupported::SumTable.into())
    }

    fn verify(&self, _req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        Err(crate::games::unanswered::Unsupported::SumVerify.into())
    }
}

/// The typed rules of a sum: wire positions with parts, part moves.
pub(crate) struct SumRules<N> {
    /// The games of the parts.
    parts: &'static dyn Parts,
    /// The parts' games by spec, parsed once per use of the rules.
    games: Mutex<rustc_hash::FxHashMap<String, Arc<dyn PartRules>>>,
    number: PhantomData<N>,
}

impl<N> SumRules<N> {
    pub(crate) fn new(sum: &Sum) -> Self {
        SumRules {
            parts: sum.parts,
            games: Mutex::new(rustc_hash::FxHashMap::default()),
            number: PhantomData,
        }
    }

    /// The game of a part's spec (parsed once).
    fn game(&self, spec: &str) -> Result<Arc<dyn PartRules>, GameError> {
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(g) = games.get(spec) {
            return Ok(Arc::clone(g));
        }
        let g = self.parts.part(spec)?;
        games.insert(spec.to_string(), Arc::clone(&g));
        Ok(g)
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
                .moves(&p.position, &mut each)
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
        let after = game
            .apply(&p.position, mv)
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
                .and_then(|g| g.estimate(&p.position))
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
            let game = self
                .parts
                .part(&p.game)
                .map_err(|e| e.in_part(i, PartStep::Solve))?;
            let position = game
                .check(&p.position)
                .map_err(|e| e.in_part(i, PartStep::Solve))?;
            if position.call.is_some() {
                return Err(GameError::from(SumError::PendingCall).in_part(i, PartStep::Solve));
            }
            let spec = game.spec();
            self.games
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(spec.clone(), game);
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
