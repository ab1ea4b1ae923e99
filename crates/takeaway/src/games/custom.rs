//! Families defined outside this crate: rules written once against the wire
//! types ([`Position`], [`PlayMove`]) and registered in the one list
//! ([`crate::family::register`]), after which every front-end offers them:
//! `analyze` (normal, misère, `--all`, remoteness, Grundy values), `table`,
//! `play`, the server's catalogue and routes with the legal-move reasons,
//! and sums with any other game — all from the engine, with no code of
//! their own.
//!
//! Law: a custom game is solved by the same engine as the built-in families
//! ([`crate::engine::Solver`]); its moves are exactly those its
//! [`CustomRules::moves`] lists and its [`CustomRules::apply`] accepts.
//!
//! Subtract-a-square in a few lines (take a positive square from one pile):
//!
//! ```
//! use std::ops::ControlFlow;
//! use std::sync::Arc;
//! use num_bigint::BigUint;
//! use num_traits::ToPrimitive;
//! use takeaway::engine::Estimate;
//! use takeaway::games::custom::{CustomRules, takes_from_piles};
//! use takeaway::games::play::{PlayMove, Position};
//! use takeaway::games::{AnalyzeRequest, Family, Game, GameError};
//!
//! #[derive(Debug)]
//! struct Squares;
//! impl CustomRules for Squares {
//!     fn spec(&self) -> String { "squares".into() }
//!     fn name(&self) -> &'static str { "subtract-a-square" }
//!     fn moves(&self, pos: &Position, out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>) -> Result<(), GameError> {
//!         takes_from_piles(pos, |_, n| (1u64..).map_while(|k| k.checked_mul(k)).take_while(move |&s| s <= n), out)
//!     }
//!     fn estimate(&self, pos: &Position) -> Estimate {
//!         let n = pos.piles.iter().map(|p| p.to_u64().unwrap_or(u64::MAX)).max().unwrap_or(0);
//!         Estimate::search(n.saturating_add(1), n.isqrt().saturating_add(1), 16)
//!     }
//! }
//! let g = Game::custom(Arc::new(Squares), false);
//! // Brute force by hand: 0 P, 1 N, 2 P (2 → 1), 3 N (3 → 2), 4 N (take 4).
//! let a = g.analyze(&AnalyzeRequest::new(vec![2u8.into()])).unwrap();
//! assert_eq!(a.outcome, takeaway::analysis::Outcome::P);
//! ```

use crate::engine::{Convention, Estimate, Nat, Rules};
use crate::games::error::{GameError, Illegal, NoBound, PileCount};
use crate::games::exhaustive;
use crate::games::model::Family;
use crate::games::request::{AnalyzeRequest, Table, TableRequest, Verification, VerifyRequest};
use crate::games::wire::{PlayMove, Position, Wire};
use crate::render::report::{Layout, Sequence, Values};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::fmt::Debug;
use std::marker::PhantomData;
use std::ops::ControlFlow;
use std::sync::Arc;

/// The rules of a family defined outside the crate, on wire positions and moves.
///
/// Laws (those of [`Rules`]): `moves` lists every legal move once, in the
/// family's order; `apply` accepts exactly those (the default checks that
/// the move is listed, then takes from the pile); play ends.
pub trait CustomRules: Debug + Send + Sync + 'static {
    /// The canonical spec (parses back to an equal game).
    fn spec(&self) -> String;
    /// The family's name in messages ("subtract-a-square").
    fn name(&self) -> &'static str;
    /// The position checked for the family's shape; by default any number
    /// of piles (at least one), no bound and no call.
    fn check(&self, pos: &Position) -> Result<Position, GameError> {
        if pos.piles.is_empty() {
            return Err(PileCount::NoPile.into());
        }
        if pos.bound.is_some() {
            return Err(NoBound::Position {
                game: self.name().to_string(),
            }
            .into());
        }
        if pos.call.is_some() {
            return Err(crate::games::shape::ShapeError::NoCalls {
                game: self.name().to_string(),
            }
            .into());
        }
        Ok(pos.clone())
    }
    /// Calls `out` with every legal move of `pos` in the family's order,
    /// stopping when `out` breaks.
    fn moves(
        &self,
        pos: &Position,
        out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>,
    ) -> Result<(), GameError>;
    /// The position after `mv`, or why `mv` is illegal here (the reason the
    /// page shows on a greyed-out counter). By default: `mv` must be one of
    /// [`CustomRules::moves`], and a take leaves the pile smaller by it.
    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        let mut legal = false;
        self.moves(pos, &mut |m| {
            legal = m == *mv;
            if legal {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })?;
        match mv {
            PlayMove::Take { pile, take } if legal => {
                let mut next = pos.clone();
                match next.piles.get_mut(*pile) {
                    Some(p) if &*p >= take => {
                        *p -= take;
                        Ok(next)
                    }
                    Some(p) => Err(Illegal::PileHasOnly {
                        pile: *pile,
                        has: p.clone(),
                    }
                    .into()),
                    None => Err(Illegal::NoPile {
                        index: *pile,
                        count: pos.piles.len(),
                    }
                    .into()),
                }
            }
            PlayMove::Take { pile, take } => Err(Illegal::NotListed {
                game: self.name(),
                pile: *pile,
                take: take.clone(),
            }
            .into()),
            _ => Err(Illegal::Kind(super::error::MoveKind::Takes { game: self.name() }).into()),
        }
    }
    /// An upper bound on the work and memory of solving `pos` exhaustively.
    fn estimate(&self, pos: &Position) -> Estimate;
    /// The family's Grundy table, if it has one (`table --grundy`); none by
    /// default.
    fn grundy_cells(&self) -> Option<crate::games::model::GrundyCells<'_>> {
        None
    }
    /// The memory of `pos` for a family whose next take depends on the
    /// previous one (memory games): the previous take and the takes it
    /// allows, as `play` and the page show them; none by default.
    ///
    /// Errors: those of [`CustomRules::moves`] on `pos`.
    fn memory(&self, _pos: &Position) -> Result<Option<Memory>, GameError> {
        Ok(None)
    }
}

/// What the previous take allows the player to move, in a game with a
/// memory ([`CustomRules::memory`]): the takes `least..=most` of the one
/// pile but `forbidden`.
///
/// Law: a take `a` is legal exactly when `least ≤ a ≤ most` and `a ≠
/// forbidden`; `least` and `most` are `None` when no take is (the player
/// to move is stuck).
///
/// ```
/// use takeaway::games::custom::Memory;
/// let m = Memory { previous: Some(3), least: Some(3), most: Some(9), forbidden: None };
/// assert_eq!(m.to_string(), "memory 3 (the previous take): you may take 3 to 9");
/// let start = Memory { previous: None, least: Some(1), most: Some(11), forbidden: None };
/// assert_eq!(start.to_string(), "no memory yet (the first move): you may take 1 to 11");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Memory {
    /// The previous take (the memory); `None` at a start.
    pub previous: Option<u64>,
    /// The least take allowed.
    pub least: Option<u64>,
    /// The most allowed.
    pub most: Option<u64>,
    /// A take between them that the rules forbid.
    pub forbidden: Option<u64>,
}

/// JSON `{previous, least, most, forbidden, text}`, `text` its words
/// ([`std::fmt::Display`]), which the page shows as they are.
impl serde::Serialize for Memory {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut m = s.serialize_struct("Memory", 5)?;
        m.serialize_field("previous", &self.previous)?;
        m.serialize_field("least", &self.least)?;
        m.serialize_field("most", &self.most)?;
        m.serialize_field("forbidden", &self.forbidden)?;
        m.serialize_field("text", &self.to_string())?;
        m.end()
    }
}

impl std::fmt::Display for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.previous {
            Some(k) => write!(f, "memory {k} (the previous take): ")?,
            None => write!(f, "no memory yet (the first move): ")?,
        }
        match (self.least, self.most) {
            (Some(lo), Some(hi)) if lo == hi => write!(f, "you may take {lo}")?,
            (Some(lo), Some(hi)) => write!(f, "you may take {lo} to {hi}")?,
            _ => return write!(f, "no take is allowed"),
        }
        match self.forbidden {
            Some(x) => write!(f, ", but not {x}"),
            None => Ok(()),
        }
    }
}

/// Lists `take t from pile i` for every `t` of `takes(i, n)` (smallest
/// first), `n` the pile, stopping as soon as `out` breaks; a pile beyond
/// `u64` is an error (far beyond any search), never a pile without moves.
///
/// ```
/// use std::ops::ControlFlow;
/// use takeaway::games::custom::takes_from_piles;
/// use takeaway::games::play::Position;
/// let mut n = 0;
/// takes_from_piles(&Position::new(vec![5u8.into(), 2u8.into()], None), |_, p| 1..=p.min(2), &mut |_| { n += 1; ControlFlow::Continue(()) }).unwrap();
/// assert_eq!(n, 4);
/// let huge = Position::new(vec![num_bigint::BigUint::from(1u8) << 70], None);
/// assert!(takes_from_piles(&huge, |_, p| 1..=p, &mut |_| ControlFlow::Continue(())).is_err());
/// ```
pub fn takes_from_piles<I: IntoIterator<Item = u64>>(
    pos: &Position,
    takes: impl Fn(usize, u64) -> I,
    out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>,
) -> Result<(), GameError> {
    for (pile, n) in pos.piles.iter().enumerate() {
        let n = ToPrimitive::to_u64(n).ok_or_else(|| {
            GameError::from(super::unanswered::NotKnown::BeyondSearch {
                what: "pile",
                digits: n.to_string().len(),
            })
        })?;
        for t in takes(pile, n) {
            if out(PlayMove::Take {
                pile,
                take: BigUint::from(t),
            })
            .is_break()
            {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// An estimate for a heap game: every tuple of piles up to the given ones,
/// with `moves(m)` moves each, `m` the largest pile (a pile beyond `u64`
/// counts as `u64::MAX`, so the estimate refuses it).
///
/// ```
/// use takeaway::games::custom::takes_estimate;
/// use takeaway::games::play::Position;
/// let e = takes_estimate(&Position::new(vec![3u8.into(), 4u8.into()], None), |m| m);
/// assert!(e.states >= 4 * 5);
/// ```
pub fn takes_estimate(pos: &Position, moves: impl Fn(u64) -> u64) -> Estimate {
    let mut cells = 1u64;
    let mut most = 0u64;
    for p in &pos.piles {
        let p = ToPrimitive::to_u64(p).unwrap_or(u64::MAX);
        cells = cells.saturating_mul(p.saturating_add(1));
        most = most.max(p);
    }
    Estimate::search(cells, moves(most), 32)
}

/// A custom game: its rules and its convention.
#[derive(Debug, Clone)]
pub struct Custom {
    rules: Arc<dyn CustomRules>,
    misere: bool,
}

impl Custom {
    /// A game of these rules, under misère play when `misere`
    /// (`crate::games::Game::custom` wraps it).
    pub fn new(rules: Arc<dyn CustomRules>, misere: bool) -> Custom {
        Custom { rules, misere }
    }
    /// The game's rules.
    pub fn rules(&self) -> &dyn CustomRules {
        self.rules.as_ref()
    }
    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        Convention::from_misere(self.misere)
    }
    /// The canonical spec, with `:misere=true` under misère play.
    pub fn spec(&self) -> String {
        let spec = self.rules.spec();
        if self.misere {
            format!("{spec}:misere=true")
        } else {
            spec
        }
    }
}

/// The engine's view of custom rules: positions and moves are the wire
/// types whatever the number type `N` (custom games are searched on them).
pub(crate) struct Erased<N> {
    rules: Arc<dyn CustomRules>,
    number: PhantomData<N>,
}

impl<N> Erased<N> {
    pub(crate) fn new(game: &Custom) -> Self {
        Erased {
            rules: Arc::clone(&game.rules),
            number: PhantomData,
        }
    }
}

impl<N: Nat> Rules for Erased<N> {
    type Position = Position;
    type Move = PlayMove;
    type Error = GameError;

    fn moves(
        &self,
        pos: &Position,
        out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        self.rules.moves(pos, out)
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        self.rules.apply(pos, mv)
    }

    fn estimate(&self, pos: &Position) -> Estimate {
        self.rules.estimate(pos)
    }
}

impl<N: Nat> Wire for Erased<N> {
    fn name(&self) -> &'static str {
        self.rules.name()
    }
    fn position(&self, pos: &Position) -> Result<Position, GameError> {
        self.rules.check(pos)
    }
    fn to_wire(&self, pos: &Position) -> Position {
        pos.clone()
    }
    fn step(&self, mv: &PlayMove) -> Result<PlayMove, GameError> {
        Ok(mv.clone())
    }
    fn play_move(&self, mv: &PlayMove) -> PlayMove {
        mv.clone()
    }
}

impl Family for Custom {
    fn family_name(&self) -> &'static str {
        self.rules().name()
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn misere_table(&self) -> bool {
        true
    }
    fn spec(&self) -> String {
        Custom::spec(self)
    }
    fn grundy_cells(&self) -> Option<crate::games::model::GrundyCells<'_>> {
        self.rules.grundy_cells()
    }

    /// The engine's answer (a custom family has no theory of its own).
    fn analyze(&self, req: &AnalyzeRequest) -> Result<crate::analysis::Analysis, GameError> {
        exhaustive::analyze(
            &Erased::<u64>::new(self),
            self.convention(),
            req,
            self.spec(),
        )
    }

    /// `values` = the Grundy values G(0), G(1), … of one pile (normal play),
    /// from the engine; under misère play `outcomes` = the outcome (`N`/`P`)
    /// of each pile instead, as subtraction games give them.
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        if self.misere {
            let mut outcomes = Vec::new();
            for n in 0..req.rows {
                req.limits.check()?;
                let mut a = AnalyzeRequest::new(vec![BigUint::from(n)]);
                a.limits = req.limits.clone();
                outcomes.push(Family::analyze(self, &a)?.outcome);
            }
            let words = outcomes.iter().map(|o| o.letter()).collect();
            let report = Sequence {
                title: format!("{}: outcomes of one pile under misère play", self.spec()),
                ..Sequence::of(
                    Values::Words(words),
                    ["n", "outcome"],
                    "outcomes",
                    Layout::Colon,
                )
            };
            let json = serde_json::json!({ "game": self.spec(), "misere": true, "values": null });
            return Ok(Table::of_sequence(report, json, None, req.format));
        }
        let mut values = Vec::new();
        for n in 0..req.rows {
            req.limits.check()?;
            let pos = Position::new(vec![BigUint::from(n)], None);
            let rules = Erased::<u64>::new(self);
            let (g, _) = exhaustive::grundy_and_moves(&rules, &pos, &req.limits, None, false)?;
            values.push(g);
        }
        let report = Sequence {
            title: format!("{}: Grundy values G(n) of one pile", self.spec()),
            ..Sequence::of(
                Values::Wide(values),
                ["n", "grundy"],
                "values",
                Layout::Equations { name: "G" },
            )
        };
        let json = serde_json::json!({ "game": self.spec() });
        Ok(Table::of_sequence(report, json, None, req.format))
    }

    fn verify(&self, _req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        Err(super::unanswered::Unsupported::NoTheoryToVerify {
            game: self.rules.name().to_string(),
            answers: super::unanswered::AnswersFrom::Exhaustive,
        }
        .into())
    }
}
