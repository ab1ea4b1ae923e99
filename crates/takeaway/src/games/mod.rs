//! The game families, one room each, behind one dispatcher.
//!
//! Every family implements [`Family`]: `analyze` one position, `table` a range
//! of positions, and `verify` its theory against its exhaustive solver.
//! [`Game::parse`] turns a spec such as `one-pile:f=2*t` into a family value.

pub mod advice;
pub mod checksum;
pub mod custom;
pub mod digits;
mod dispatch;
pub mod error;
pub mod exhaustive;
pub mod grundy;
pub mod grundy_plot;
pub mod grundy_table;
pub mod h_sequence_table;
pub mod heap_games;
pub(crate) mod model;
pub mod octal;
pub mod one_pile;
pub mod options;
pub mod play;
pub(crate) mod progress;
pub mod request;
pub mod search;
pub mod shape;
pub mod shared;
pub mod spite;
pub mod subtraction;
pub mod sum;
pub mod two_pile;
pub mod unanswered;
pub mod wire;
pub mod wythoff;

pub use advice::{Fields, Misused, Opt, Words};
pub use error::{
    ErrorKind, GameError, Hint, Illegal, MoveKind, NoBound, NoGrundy, PartStep, PileCount,
    Quantity, Stop, TooLarge, Work,
};
pub use model::{
    EXTRAS_BYTES, EXTRAS_WORK, Family, GrundyCells, MisereQuick, ONE_PILE_SWEEP_CELLS, Visit,
    remoteness_limits,
};
pub use progress::{NoProgress, Progress};
pub use request::{
    AnalyzeRequest, Column, Limits, Table, TableDocument, TableFormat, TableRequest, Verification,
    VerifyRequest,
};
pub use shape::ShapeError;
pub use unanswered::{AnswersFrom, NotKnown, Unsupported};

use crate::engine::Nat;
use octal::game::OctalRules;
use one_pile::OnePileRules;
use spite::game::SpiteRules;
use subtraction::game::SubtractionRules;
use two_pile::appendix::AppendixRules;
use two_pile::game::TwoPileRules;

use wythoff::game::WythoffRules;

/// Any game takeaway knows, parsed from a spec.
#[derive(Debug, Clone)]
pub enum Game {
    /// One pile, bound `f(n, t)` (Fibonacci Nim, Schwenk, Epp–Ferguson, H–R Game 1).
    OnePile(one_pile::OnePile),
    /// Two piles, bound `f(x − y, t)` (Flanigan, H–R Game 2), or k piles.
    TwoPile(two_pile::TwoPile),
    /// Wythoff's Nim.
    Wythoff(wythoff::Wythoff),
    /// Spite Nim.
    Spite(spite::Spite),
    /// Subtraction games and Nim.
    Subtraction(subtraction::Subtraction),
    /// Octal games (take-and-break: Kayles, Dawson's Kayles, any code).
    Octal(octal::Octal),
    /// A sum of games: its position is its parts' positions.
    Sum(sum::game::Sum),
    /// A family defined outside the crate ([`custom::CustomRules`]),
    /// registered in the one list ([`crate::family::register`]).
    Custom(custom::Custom),
}

impl Game {
    /// Calls `v` with this game's typed rules on numbers `N` (`u64` for the
    /// engine, `BigUint` for play) and its convention: the registry of
    /// families, one line each.
    pub fn visit<N: Nat, V: Visit>(&self, v: V) -> V::Out {
        match self {
            Game::OnePile(g) => v.visit(&OnePileRules::<N>::new(g.bound()), g.convention()),
            Game::TwoPile(g) => match g.appendix() {
                Some(rule) => v.visit(&AppendixRules::<N>::new(g.bound(), rule), g.convention()),
                None => v.visit(
                    &TwoPileRules::<N>::new(g.bound()).with_count(g.pile_count()),
                    g.convention(),
                ),
            },
            Game::Wythoff(g) => v.visit(&WythoffRules::<N>::default(), g.convention()),
            Game::Spite(g) => v.visit(&SpiteRules::<N>::default(), g.convention()),
            Game::Subtraction(g) => v.visit(&SubtractionRules::<N>::new(&g.set), g.convention()),
            Game::Octal(g) => v.visit(&OctalRules::<N>::new(&g.code), g.convention()),
            Game::Sum(g) => v.visit(&sum::game::SumRules::<N>::new(g), g.convention()),
            Game::Custom(g) => v.visit(&custom::Erased::<N>::new(g), g.convention()),
        }
    }

    /// A game of a family defined outside the crate (see [`custom::CustomRules`]).
    pub fn custom(rules: std::sync::Arc<dyn custom::CustomRules>, misere: bool) -> Game {
        Game::Custom(custom::Custom::new(rules, misere))
    }

    /// Table 4.1 of paper 000 (two-pile games only; see
    /// [`two_pile::TwoPile::strategy_table_4_1`]).
    ///
    /// ```
    /// use takeaway::games::Game;
    /// let g = Game::parse("two-pile:f=2*t").unwrap();
    /// assert!(g.strategy_table_4_1(&[20u32.into(), 62u32.into()], Some(&6u32.into())).is_ok());
    /// assert!(Game::parse("wythoff").unwrap().strategy_table_4_1(&[1u32.into(), 2u32.into()], None).is_err());
    /// ```
    pub fn strategy_table_4_1(
        &self,
        piles: &[num_bigint::BigUint],
        w: Option<&num_bigint::BigUint>,
    ) -> Result<two_pile::table_4_1::Strategy, GameError> {
        match self.family_as::<two_pile::TwoPile>() {
            Some(g) => g.strategy_table_4_1(piles, w),
            None => Err(two_pile::TwoPileError::Table41Of { spec: self.spec() }.into()),
        }
    }

    /// This game's family value as its concrete type `F`, or `None` when
    /// it is of another family: the typed accessor for a caller that needs
    /// what only one family has (a one-pile game's bound, a two-pile game's
    /// Table 4.1), without matching on the variants.
    ///
    /// ```
    /// use takeaway::games::Game;
    /// use takeaway::games::one_pile::OnePile;
    /// assert!(Game::parse("fibonacci").unwrap().family_as::<OnePile>().is_some());
    /// assert!(Game::parse("nim").unwrap().family_as::<OnePile>().is_none());
    /// ```
    pub fn family_as<F: Family + 'static>(&self) -> Option<&F> {
        self.family().as_any().downcast_ref()
    }

    /// What this game can do: its catalogue entry's capabilities, with the
    /// ones that depend on the spec computed from the game itself (misère
    /// theory: [`Family::misere_theory`]). A game of no listed entry (a
    /// family defined outside the crate and not registered) has
    /// [`crate::family::Capabilities::HEAP`]'s.
    ///
    /// ```
    /// use takeaway::games::Game;
    /// // Misère Fibonacci Nim: normal play on one counter less (every bound ≥ 1).
    /// assert!(Game::parse("fibonacci:misere=true").unwrap().capabilities().misere_theory);
    /// // Misère Kayles: no theory is known; the engine searches.
    /// assert!(!Game::parse("kayles:misere=true").unwrap().capabilities().misere_theory);
    /// ```
    pub fn capabilities(&self) -> crate::catalog::Capabilities {
        let entry = self
            .entry()
            .map_or(crate::catalog::Capabilities::HEAP, |f| f.capabilities);
        crate::catalog::Capabilities {
            misere_theory: self.family().misere_theory(),
            ..entry
        }
    }

    /// The value of the family this game is (the dispatcher: one arm per
    /// variant, no fallback, so a new variant is a compile error here
    /// until it is listed).
    fn family(&self) -> &dyn Family {
        match self {
            Game::OnePile(g) => g,
            Game::TwoPile(g) => g,
            Game::Wythoff(g) => g,
            Game::Spite(g) => g,
            Game::Subtraction(g) => g,
            Game::Octal(g) => g,
            Game::Sum(g) => g,
            Game::Custom(g) => g,
        }
    }
}
