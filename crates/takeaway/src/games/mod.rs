//! The game families, one room each, behind one dispatcher.
//!
//! Every family implements [`Family`]: `analyze` one position, `table` a range
//! of positions, and `verify` its theory against its exhaustive solver.
//! [`Game::parse`] turns a spec such as `one-pile:f=2*t` into a family value.

pub mod checksum;
pub mod custom;
pub mod digits;
pub mod error;
pub mod grundy;
pub mod grundy_plot;
pub mod grundy_table;
pub mod octal;
pub mod one_pile;
pub mod options;
pub mod play;
pub mod progress;
pub mod request;
pub mod search;
pub mod shared;
pub mod spite;
pub mod subtraction;
pub mod sum;
pub mod two_pile;
pub mod wire;
pub mod wythoff;

pub use error::{
    ErrorKind, GameError, Hint, Illegal, MoveKind, NoBound, NoGrundy, PartStep, PileCount,
    Quantity, Stop, TooLarge, Work,
};
pub use progress::{NoProgress, Progress};
pub use request::{
    AnalyzeRequest, Column, Limits, Table, TableDocument, TableFormat, TableRequest, Verification,
    VerifyRequest,
};

use crate::analysis::Analysis;
use crate::engine::{Convention, Nat};
use crate::spec::GameSpec;
use octal::game::OctalRules;
use one_pile::OnePileRules;
use spite::game::SpiteRules;
use subtraction::game::SubtractionRules;
use two_pile::appendix::AppendixRules;
use two_pile::game::TwoPileRules;
use wire::Wire;
use wythoff::game::WythoffRules;

/// Something done with a family's typed rules, whatever the family
/// (see [`Game::visit`]): the way to write code once for every game.
pub trait Visit {
    /// The result.
    type Out;
    /// Does it with `rules` under `convention`.
    fn visit<R: Wire>(self, rules: &R, convention: Convention) -> Self::Out;
}

/// What every game family offers.
pub trait Family {
    /// The canonical spec of this game (parses back to an equal game).
    fn spec(&self) -> String;
    /// Who wins the position, with a winning move and the reason.
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError>;
    /// Values for a range of positions.
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError>;
    /// The theory against the exhaustive solver on a range.
    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError>;
}

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
    /// A family defined outside the crate ([`custom::CustomRules`]),
    /// registered in the one list ([`crate::family::register`]).
    Custom(custom::Custom),
}

impl Game {
    /// Parses a spec `NAME[:KEY=VALUE]...`.
    ///
    /// ```
    /// use takeaway::games::{Game, Family};
    /// assert!(Game::parse("wythoff").is_ok());
    /// assert!(Game::parse("chess").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Game, GameError> {
        let s = GameSpec::parse(spec)?;
        match crate::family::by_name(&s.name).and_then(|f| f.parse) {
            Some(parse) => parse(&s),
            None => Err(GameError::Spec(crate::spec::SpecError {
                column: 1,
                message: format!(
                    "unknown game `{}`; expected one of: {}",
                    s.name,
                    crate::family::spec_names()
                ),
            })),
        }
    }

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
            Game::Custom(g) => v.visit(&custom::Erased::<N>::new(g), g.convention()),
        }
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
        match self {
            Game::TwoPile(g) => g.strategy_table_4_1(piles, w),
            _ => Err(GameError::Invalid(format!(
                "Table 4.1 is a strategy for two-pile games (two-pile:f=EXPR), not {}",
                self.spec()
            ))),
        }
    }

    /// The family in words, for messages.
    fn family_name(&self) -> &'static str {
        match self {
            Game::OnePile(_) => "one-pile games",
            Game::TwoPile(_) => "two-pile games",
            Game::Wythoff(_) => "Wythoff's Nim",
            Game::Spite(_) => "Spite Nim",
            Game::Subtraction(_) => "subtraction games",
            Game::Octal(_) => "octal games",
            Game::Custom(g) => g.rules().name(),
        }
    }

    fn family(&self) -> &dyn Family {
        match self {
            Game::OnePile(g) => g,
            Game::TwoPile(g) => g,
            Game::Wythoff(g) => g,
            Game::Spite(g) => g,
            Game::Subtraction(g) => g,
            Game::Octal(g) => g,
            Game::Custom(g) => g,
        }
    }
}

/// The share of a request's limits spent on the optional figures
/// (remoteness, the fastest move, a Grundy value) when a theory has already
/// answered: at most [`EXTRAS_WORK`] positions and move checks and
/// [`EXTRAS_BYTES`] bytes, so a position the theory decides in
/// microseconds never waits for them (an answer within 50 ms and 50 MB,
/// measured in BENCHMARKS.md); beyond, the figure is `null` and a note
/// names the limit.
///
/// ```
/// use takeaway::games::{Limits, remoteness_limits, EXTRAS_WORK};
/// assert_eq!(remoteness_limits(&Limits::strict()).max_states, EXTRAS_WORK);
/// assert_eq!(remoteness_limits(&Limits::generous()).max_states, 300_000);
/// ```
pub fn remoteness_limits(limits: &Limits) -> Limits {
    let mut l = limits.clone();
    l.max_states = l.max_states.min(EXTRAS_WORK);
    l.max_bytes = l.max_bytes.min(EXTRAS_BYTES);
    l
}

/// Most positions and move checks the optional figures of a theory's
/// answer may cost ([`remoteness_limits`]).
pub const EXTRAS_WORK: u64 = 300_000;

/// Most bytes the optional figures of a theory's answer may allocate
/// ([`remoteness_limits`]).
pub const EXTRAS_BYTES: u64 = 16 << 20;

/// The remoteness from a formula of the theory, where one is known (one-pile
/// subtraction games, Nim on one or two piles: [`subtraction::remoteness`]),
/// with a fastest move when `shown` is slower; `Ok(None)` elsewhere.
fn theory_pace(
    game: &Game,
    req: &AnalyzeRequest,
    shown: Option<&crate::analysis::Move>,
) -> Result<Option<search::Pace>, GameError> {
    if let Game::OnePile(g) = game {
        return one_pile_pace(g, req, shown, game.convention());
    }
    let Game::Subtraction(g) = game else {
        return Ok(None);
    };
    let convention = game.convention();
    let Some(p) = subtraction::remoteness::pace(&g.set, &req.piles, convention)? else {
        return Ok(None);
    };
    let shown_turns = match shown {
        Some(m) => subtraction::remoteness::pace(&g.set, &m.to, convention)?
            .map(|after| after.remoteness.saturating_add(1)),
        None => None,
    };
    let fastest = match (&p.fastest, shown_turns) {
        (Some(_), Some(t)) if t == p.remoteness => None,
        (Some(to), _) => {
            req.piles
                .iter()
                .zip(to)
                .position(|(a, b)| a != b)
                .map(|i| crate::analysis::Move {
                    take: Some(&req.piles[i] - &to[i]),
                    pile: Some(i),
                    to: to.clone(),
                    ..crate::analysis::Move::default()
                })
        }
        (None, _) => None,
    };
    Ok(Some(search::Pace {
        remoteness: p.remoteness,
        fastest,
        shown: shown_turns,
    }))
}

/// Most cells of the one-pile remoteness sweep a theory's answer may cost
/// ([`one_pile::remoteness`]: one step a cell, 4 bytes; piles up to about 1,700).
pub const ONE_PILE_SWEEP_CELLS: u64 = 1_500_000;

/// The one-pile remoteness from the sweep of the triangle of smaller
/// positions ([`one_pile::remoteness::pace`]), within [`ONE_PILE_SWEEP_CELLS`].
fn one_pile_pace(
    g: &one_pile::OnePile,
    req: &AnalyzeRequest,
    shown: Option<&crate::analysis::Move>,
    convention: Convention,
) -> Result<Option<search::Pace>, GameError> {
    let small = |v: &num_bigint::BigUint| num_traits::ToPrimitive::to_u64(v);
    let ([n], None) = (req.piles.as_slice(), req.phase) else {
        return Ok(None);
    };
    let too_big = || {
        GameError::too_large(
            Work::OnePileRemoteness,
            Quantity::PileDigits(n.to_string().len()),
            crate::engine::Amount::of(ONE_PILE_SWEEP_CELLS, crate::engine::Unit::Positions),
            Hint::SmallerPile,
        )
    };
    let n = small(n).ok_or_else(too_big)?;
    let w = match &req.bound {
        Some(b) => small(b).unwrap_or(u64::MAX),
        None => n.saturating_sub(1),
    };
    let mut limits = remoteness_limits(&req.limits);
    limits.max_states = ONE_PILE_SWEEP_CELLS.min(req.limits.max_states);
    let shown_take = shown.and_then(|m| m.take.as_ref()).and_then(small);
    let (remoteness, fastest, shown_turns) =
        one_pile::remoteness::pace(g.bound(), n, w, convention, &limits, shown_take)?;
    let fastest = fastest
        .filter(|_| shown_turns != Some(remoteness))
        .map(|t| -> Result<crate::analysis::Move, GameError> {
            Ok(crate::analysis::Move {
                take: Some(t.into()),
                pile: Some(0),
                to: vec![(n - t).into()],
                bound: Some(g.bound().eval_u64(n, t)?.into()),
                ..crate::analysis::Move::default()
            })
        })
        .transpose()?;
    Ok(Some(search::Pace {
        remoteness,
        fastest,
        shown: shown_turns,
    }))
}

impl Family for Game {
    fn spec(&self) -> String {
        self.family().spec()
    }
    /// The family's answer (theory where it holds, its exhaustive solver
    /// otherwise) with the engine's remoteness added when the position fits
    /// the limits; under misère play the engine's answer, except where a
    /// misère theory is known (Nim: Bouton; one-pile subtraction games: the
    /// periodic outcomes).
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        req.limits.check()?;
        let misere_theory = match self {
            Game::Subtraction(g) => {
                g.set == subtraction::rules::SubtractionSet::All || req.piles.len() == 1
            }
            _ => false,
        };
        if self.convention() == Convention::Misere && !misere_theory {
            let mut a = search::analyze(self, req)?;
            a.notes.push(
                "grundy is null: Grundy values are for normal play (the nim-sum decides sums only there)"
                    .into(),
            );
            return Ok(a);
        }

        // The theory evaluates f in loops without a token: the scope lets
        // the bound language poll this request's.
        let mut a = req.limits.cancel.scope(|| self.family().analyze(req))?;
        if req.all && a.moves.is_none() {
            // Families without their own list (k piles): the engine's, under the same limits.
            a.moves = search::analyze(self, req)?.moves;
        }
        if a.remoteness.is_none() && req.remoteness {
            // The remoteness and the move beside it from one source: the
            // engine, within a budget that keeps a theory's answer quick.
            let shown = a.winning_move.clone();
            let paced = match theory_pace(self, req, shown.as_ref()) {
                Ok(Some(p)) => Ok(p),
                Ok(None) => {
                    search::pace(self, req, &remoteness_limits(&req.limits), shown.as_ref())
                }
                Err(e) => Err(e),
            };
            match paced {
                Ok(p) => {
                    a.remoteness = Some(p.remoteness);
                    a.fastest = p.fastest;
                }
                Err(GameError::Cancelled) => {}
                Err(e) => a.notes.push(format!("remoteness is null: {e}")),
            }
        }
        // Subtraction games and Nim (normal play): `value` is the Grundy
        // value (the nim-sum of the piles' proved-period values) already.
        if let Game::Subtraction(_) = self
            && a.grundy.is_none()
        {
            a.grundy = a.value.clone();
        }
        // The engine's extras (a heatmap of many cells turns them off).
        if a.grundy.is_none() && req.remoteness && req.grundy {
            let (g, note) = grundy::for_analysis(self, req, &remoteness_limits(&req.limits));
            a.grundy = g;
            a.notes.extend(note);
        }
        a.digits = digits::view(self, &a);
        Ok(a)
    }
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        if !req.slice.is_empty() && !matches!(self, Game::TwoPile(_)) {
            return Err(GameError::Invalid(format!(
                "--slice is for k-pile tables (two-pile:f=EXPR:piles=K, K ≥ 3), not {}",
                self.spec()
            )));
        }
        if self.convention() == Convention::Misere
            && !matches!(
                self,
                Game::Subtraction(_) | Game::Octal(_) | Game::Custom(_)
            )
        {
            // The families' tables (L(n), the tableau, the safe pairs) are
            // normal-play results; they used to be printed for a misère spec
            // as if it were normal play.
            return Err(GameError::Invalid(format!(
                "tables of {} are for normal play; under misère play analyze positions one at a time (`takeaway analyze '{}' PILES...`, the engine answers each)",
                self.family_name(),
                self.spec()
            )));
        }
        req.limits.cancel.scope(|| self.family().table(req))
    }
    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        if self.convention() == Convention::Misere && !matches!(self, Game::Subtraction(_)) {
            return Err(GameError::Invalid(format!(
                "verify checks the theory of {} for normal play; no misère theory is known for it (analyze positions under misère play one at a time)",
                self.family_name()
            )));
        }
        req.limits.cancel.scope(|| self.family().verify(req))
    }
}
