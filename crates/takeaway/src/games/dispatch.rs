//! The dispatcher: [`Family`] for [`Game`], what every family gets around its
//! own answer (misère play and `--all` from the engine, the remoteness, the
//! Grundy value, the digits). Above the families and the shared modules; no
//! family imports it.

use super::digits::Digits;
use super::error::NoGrundy;
use super::exhaustive::Pace;
use super::model::{GrundyCells, MisereQuick, remoteness_limits};
use super::play::Position;
use super::{
    AnalyzeRequest, Family, Game, GameError, Limits, Table, TableRequest, Verification,
    VerifyRequest, grundy, search,
};
use crate::analysis::{Analysis, Method, Move};
use crate::engine::Convention;
use num_bigint::BigUint;

/// Every method hands over to the family's value (`Game::family`, in `games/mod.rs`), with
/// what every family gets around its own answer in `analyze`, `table` and
/// `verify`. A method added to [`Family`] is added here too (a default
/// left in place would answer for every family alike).
impl Family for Game {
    fn spec(&self) -> String {
        self.family().spec()
    }
    fn family_name(&self) -> &'static str {
        self.family().family_name()
    }
    /// The family's value (not the `Game`): [`Game::family_as`].
    fn as_any(&self) -> &dyn std::any::Any {
        self.family().as_any()
    }
    fn misere_theory(&self) -> bool {
        self.family().misere_theory()
    }
    /// ```
    /// use takeaway::games::{Family, Game};
    /// assert!(Game::parse("nim:misere=true").unwrap().misere_by_theory(3));
    /// assert!(Game::parse("subtraction:s=1,3,4:misere=true").unwrap().misere_by_theory(1));
    /// assert!(!Game::parse("subtraction:s=1,3,4:misere=true").unwrap().misere_by_theory(2));
    /// assert!(Game::parse("wythoff:misere=true").unwrap().misere_by_theory(2));
    /// assert!(Game::parse("fibonacci:misere=true").unwrap().misere_by_theory(1));
    /// assert!(!Game::parse("kayles:misere=true").unwrap().misere_by_theory(1));
    /// ```
    fn misere_by_theory(&self, piles: usize) -> bool {
        self.family().misere_by_theory(piles)
    }
    fn misere_table(&self) -> bool {
        self.family().misere_table()
    }
    fn misere_verify(&self) -> bool {
        self.family().misere_verify()
    }
    fn table_slices(&self) -> bool {
        self.family().table_slices()
    }
    fn summary_table(&self) -> bool {
        self.family().summary_table()
    }
    fn values_are_grundy(&self) -> bool {
        self.family().values_are_grundy()
    }
    fn no_grundy(&self) -> Option<NoGrundy> {
        self.family().no_grundy()
    }
    fn grundy_and_moves(
        &self,
        pos: &Position,
        target: Option<&BigUint>,
        all: bool,
        limits: &Limits,
    ) -> Option<Result<(BigUint, Vec<Move>), GameError>> {
        self.family().grundy_and_moves(pos, target, all, limits)
    }
    fn grundy_cells(&self) -> Option<GrundyCells<'_>> {
        self.family().grundy_cells()
    }
    fn verify_grundy(&self, req: &VerifyRequest<'_>) -> Option<Result<Verification, GameError>> {
        self.family().verify_grundy(req)
    }
    fn theory_pace(
        &self,
        req: &AnalyzeRequest,
        shown: Option<&Move>,
    ) -> Result<Option<Pace>, GameError> {
        self.family().theory_pace(req, shown)
    }
    /// The family's views of a theory answer (none for an exhaustive one).
    fn misere_quick(&self, req: &AnalyzeRequest) -> Result<MisereQuick, GameError> {
        self.family().misere_quick(req)
    }
    fn misere_quick_ready(&self, largest: &BigUint, limits: &Limits) -> bool {
        self.convention() == Convention::Misere && self.family().misere_quick_ready(largest, limits)
    }
    fn digits(&self, analysis: &Analysis) -> Vec<Digits> {
        if analysis.method != Method::Theory {
            return Vec::new();
        }
        self.family().digits(analysis)
    }
    /// The family's answer (theory where it holds, its exhaustive solver
    /// otherwise) with the engine's remoteness added when the position fits
    /// the limits; under misère play the engine's answer, except where a
    /// misère theory is known ([`Game::misere_by_theory`]: Nim by Bouton's
    /// rule, one-pile subtraction games by their periodic outcomes, Wythoff's
    /// Nim by its misère P-positions).
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        req.limits.check()?;
        let grundy_note = "grundy is null: Grundy values are for normal play (the nim-sum decides sums only there)";
        let mut quick = None;
        if self.convention() == Convention::Misere && !self.misere_by_theory(req.piles.len()) {
            // A family's misère shortcut (an octal game's misère quotient),
            // else the engine's search, with the reason it answers instead.
            let fallback = match self.family().misere_quick(req)? {
                MisereQuick::Answered(a) => {
                    quick = Some(*a);
                    None
                }
                MisereQuick::Fallback(note) => Some(Some(note)),
                MisereQuick::NotOffered => Some(None),
            };
            if let Some(note) = fallback {
                // A refused search says why the shortcut did not answer.
                let why = note
                    .as_deref()
                    .map(|n| n.strip_suffix("; exhaustive search instead").unwrap_or(n));
                let mut a = search::analyze(self, req).map_err(|e| e.because(why))?;
                a.notes.extend(note);
                a.notes.push(grundy_note.into());
                return Ok(a);
            }
        }

        // The theory evaluates f in loops without a token: the scope lets
        // the bound language poll this request's.
        let mut a = match quick {
            Some(a) => a,
            None => req.limits.cancel.scope(|| self.family().analyze(req))?,
        };
        if a.method == Method::Quotient {
            a.notes.push(grundy_note.into());
        }
        if req.all && a.moves.is_none() {
            // Families without their own list (k piles): the engine's, under the same limits.
            a.moves = search::analyze(self, req)?.moves;
        }
        if a.remoteness.is_none() && req.remoteness {
            // The remoteness and the move beside it from one source: the
            // engine, within a budget that keeps a theory's answer quick.
            let shown = a.winning_move.clone();
            let paced = match self.theory_pace(req, shown.as_ref()) {
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
        if self.values_are_grundy() && a.grundy.is_none() {
            a.grundy = a.value.clone();
        }
        // The engine's extras (a heatmap of many cells turns them off).
        if a.grundy.is_none() && req.remoteness && req.grundy && a.method != Method::Quotient {
            let (g, note) = grundy::for_analysis(self, req, &remoteness_limits(&req.limits));
            a.grundy = g;
            a.notes.extend(note);
        }
        // The digit views explain normal play's moves (least winning moves,
        // safe pairs); under misère play they would show another move.
        if self.convention() == Convention::Normal {
            a.digits = self.digits(&a);
        }
        Ok(a)
    }
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        if !req.slice.is_empty() && !self.table_slices() {
            return Err(crate::games::advice::Misused::SliceNotKPile { game: self.spec() }.into());
        }
        if self.convention() == Convention::Misere && !self.misere_table() {
            // The families' tables (L(n), the tableau, the safe pairs) are
            // normal-play results; they used to be printed for a misère spec
            // as if it were normal play.
            return Err(crate::games::advice::Misused::MisereTable {
                family: self.family_name().to_string(),
                game: self.spec(),
            }
            .into());
        }
        req.limits.cancel.scope(|| self.family().table(req))
    }
    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        if self.convention() == Convention::Misere && !self.misere_verify() {
            return Err(crate::games::advice::Misused::MisereVerify {
                family: self.family_name().to_string(),
            }
            .into());
        }
        req.limits.cancel.scope(|| self.family().verify(req))
    }
}
