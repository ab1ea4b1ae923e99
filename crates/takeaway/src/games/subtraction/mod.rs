//! The `subtraction` family: k piles, take `s ∈ S` from one pile (paper 004's One
//! Pile is `S = {Min, …, Max}`; plain Nim is `S` = every positive amount).
//!
//! Theory: Sprague–Grundy. One pile's Grundy values follow the mex rule
//! ([`mex`]); for finite `S` they are eventually periodic, and [`period`] proves
//! the minimal period and pre-period by the window argument, after which the
//! value of a pile of any size is read at once. One Pile has the closed form
//! `G(n) = ⌊(n mod (Min+Max)) / Min⌋` ([`theory`]); Nim has `G(n) = n` (Bouton).
//! A sum of piles is a P-position iff the nim-sum of the Grundy values is 0
//! ([`sums`]). Misère play is answered for one pile only ([`misere`]).
//!
//! ```
//! use takeaway::games::{AnalyzeRequest, Family, Game};
//! use takeaway::analysis::Outcome;
//! let g = Game::parse("subtraction:min=3:max=5").unwrap();
//! let a = g.analyze(&AnalyzeRequest::new(vec![8u8.into()])).unwrap();
//! assert_eq!(a.outcome, Outcome::P); // paper 004: G(8) = 0
//! ```

/// Moved to [`crate::games::checksum`] (octal games and sweeps use it too).
pub use crate::games::checksum;
pub mod error;
pub mod game;
pub mod mex;
pub mod misere;
pub mod period;
/// Moved to [`crate::games::grundy_plot`] (octal games draw with it too).
pub use crate::games::grundy_plot as plot;
pub mod remoteness;
pub mod spec;
pub mod sums;
pub(crate) mod table;
pub mod theory;
pub mod verify;

use crate::analysis::Analysis;
use crate::engine::Limits;
use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::model::Family;
use crate::games::request::{AnalyzeRequest, Table, TableRequest, Verification, VerifyRequest};
use crate::games::subtraction::error::SubtractionHint;
use crate::games::subtraction::error::SubtractionQuantity;
use crate::games::subtraction::error::SubtractionWork;
use crate::spec::GameSpec;
use game::SubtractionSet;
use period::Periodic;

/// A subtraction game: the set `S` and whether play is misère.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subtraction {
    /// The amounts a move may take from one pile.
    pub set: SubtractionSet,
    /// Misère play (the player who cannot move wins); one pile only.
    pub misere: bool,
}

impl Subtraction {
    /// Builds the game from a parsed spec (`nim`, `subtraction:s=...`, `subtraction:min=..:max=..`).
    ///
    /// ```
    /// use takeaway::games::subtraction::Subtraction;
    /// use takeaway::spec::GameSpec;
    /// let g = Subtraction::from_spec(&GameSpec::parse("subtraction:s=4,1,3").unwrap()).unwrap();
    /// assert_eq!(takeaway::games::Family::spec(&g), "subtraction:s=1,3,4");
    /// assert!(Subtraction::from_spec(&GameSpec::parse("subtraction:s=0,1").unwrap()).is_err());
    /// ```
    pub fn from_spec(spec: &GameSpec) -> Result<Self, GameError> {
        let (set, misere) = spec::parse(spec)?;
        Ok(Subtraction { set, misere })
    }

    /// Normal or misère play (`misere=true`).
    pub fn convention(&self) -> crate::engine::Convention {
        crate::engine::Convention::from_misere(self.misere)
    }

    /// The proved period of the one-pile sequence: Grundy values (normal play) or
    /// misère outcomes (1 = N, 0 = P), computing as many terms as needed within `limits`.
    ///
    /// ```
    /// use takeaway::games::{Game, Limits};
    /// use takeaway::games::subtraction::Subtraction;
    /// use takeaway::spec::GameSpec;
    /// let g = Subtraction::from_spec(&GameSpec::parse("subtraction:s=2,5,6").unwrap()).unwrap();
    /// let p = g.periodic(&Limits::default()).unwrap();
    /// assert!(p.period >= 1);
    /// ```
    pub fn periodic(&self, limits: &Limits) -> Result<Periodic, GameError> {
        let set = self.elements()?;
        let m = set.last().copied().unwrap_or(1);
        let cap =
            usize::try_from(limits.max_states.min(limits.max_bytes / 2)).unwrap_or(usize::MAX);
        let misere = self.misere;
        let compared = std::cell::Cell::new(0u64);
        let found = period::find_period_until(
            m,
            cap,
            |v, to| {
                // In steps of 2^16 terms, so a cancelled request stops promptly.
                while v.len() < to {
                    if limits.check().is_err() {
                        return false;
                    }
                    let step = to.min(v.len().saturating_add(1 << 16));
                    if misere {
                        mex::extend_misere(v, &set, step);
                    } else {
                        mex::extend_grundy(v, &set, step);
                    }
                }
                true
            },
            |work| {
                // The terms read comparing windows are the work, counted
                // like move checks.
                compared.set(work);
                work <= limits.max_states && limits.check().is_ok()
            },
        );
        if let Err(period::NoPeriodYet { stopped: true, .. }) = found {
            limits.check()?;
            if compared.get() > limits.max_states {
                return Err(GameError::too_large(
                    SubtractionWork::Period { spec: self.spec() },
                    SubtractionQuantity::WindowSteps {
                        steps: limits.max_states,
                        m: m as u64,
                    },
                    Amount::of(limits.max_states, Unit::Steps),
                    SubtractionHint::NoPeriodProved,
                ));
            }
        }
        found.map_err(|e| {
            GameError::too_large(
                SubtractionWork::Period { spec: self.spec() },
                Amount::more_than(e.needed as u128, Unit::Terms),
                Amount::of(cap as u128, Unit::Terms),
                SubtractionHint::NoPeriodFound,
            )
        })
    }

    /// The set as machine indices for the mex kernels (finite sets and ranges of at
    /// most [`mex::MAX_SET_LEN`] elements).
    pub(crate) fn elements(&self) -> Result<Vec<usize>, GameError> {
        match &self.set {
            SubtractionSet::All => Err(GameError::Invalid(
                "Nim has no finite subtraction set".into(),
            )),
            s => s.elements(mex::MAX_SET_LEN as u64).ok_or_else(|| {
                GameError::too_large(
                    SubtractionWork::MexSolver { spec: self.spec() },
                    Amount::of(s.len().unwrap_or(0) as u128, Unit::SubtractionAmounts),
                    Amount::of(mex::MAX_SET_LEN as u128, Unit::Amounts),
                    SubtractionHint::ClosedForm,
                )
            }),
        }
    }
}

impl Family for Subtraction {
    fn family_name(&self) -> &'static str {
        "subtraction games"
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    /// Nim by Bouton's misère rule, one pile by its periodic misère outcomes.
    fn misere_theory(&self) -> bool {
        true
    }
    fn misere_by_theory(&self, piles: usize) -> bool {
        self.set == SubtractionSet::All || piles == 1
    }
    fn misere_table(&self) -> bool {
        true
    }
    fn misere_verify(&self) -> bool {
        true
    }
    fn summary_table(&self) -> bool {
        true
    }
    /// Normal play: the value is the nim-sum of the piles' proved-period values.
    fn values_are_grundy(&self) -> bool {
        true
    }
    fn grundy_and_moves(
        &self,
        pos: &crate::games::wire::Position,
        target: Option<&num_bigint::BigUint>,
        all: bool,
        limits: &Limits,
    ) -> Option<Result<(num_bigint::BigUint, Vec<crate::analysis::Move>), GameError>> {
        if pos.bound.is_some() {
            return Some(Err(crate::games::error::NoBound::Subtraction.into()));
        }
        let req = AnalyzeRequest {
            limits: limits.clone(),
            all,
            ..AnalyzeRequest::new(pos.piles.clone())
        };
        Some(sums::grundy_and_moves(self, &req, target))
    }
    fn theory_pace(
        &self,
        req: &AnalyzeRequest,
        shown: Option<&crate::analysis::Move>,
    ) -> Result<Option<crate::games::exhaustive::Pace>, GameError> {
        remoteness::theory_pace(self, req, shown)
    }
    fn spec(&self) -> String {
        let base = match &self.set {
            SubtractionSet::All => "nim".to_string(),
            s => format!("subtraction:{s}"),
        };
        if self.misere {
            format!("{base}:misere=true")
        } else {
            base
        }
    }
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        if self.misere {
            misere::analyze(self, req)
        } else {
            sums::analyze(self, req)
        }
    }
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        table::table(self, req)
    }
    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        verify::verify(self, req)
    }
}

pub(crate) mod entry;
pub use entry::{FAMILY, MIN_MAX, MISERE, NIM};
