//! The dispatcher: [`Family`] for [`Game`], what every family gets around its
//! own answer (misère play and `--all` from the engine, the remoteness, the
//! Grundy value, the digits). Above the families and the shared modules; no
//! family imports it.

use super::model::{ONE_PILE_SWEEP_CELLS, remoteness_limits};
use super::{
    AnalyzeRequest, Family, Game, GameError, Hint, Quantity, Table, TableRequest, Verification,
    VerifyRequest, Work, digits, grundy, one_pile, search, subtraction,
};
use crate::analysis::Analysis;
use crate::engine::Convention;

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
    /// misère theory is known ([`Game::misere_by_theory`]: Nim by Bouton's
    /// rule, one-pile subtraction games by their periodic outcomes, Wythoff's
    /// Nim by its misère P-positions).
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        req.limits.check()?;
        if self.convention() == Convention::Misere && !self.misere_by_theory(req.piles.len()) {
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
        // The digit views explain normal play's moves (least winning moves,
        // safe pairs); under misère play they would show another move.
        if self.convention() == Convention::Normal {
            a.digits = digits::view(self, &a);
        }
        Ok(a)
    }
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        if !req.slice.is_empty() && !matches!(self, Game::TwoPile(_)) {
            return Err(crate::games::advice::Misused::SliceNotKPile { game: self.spec() }.into());
        }
        if self.convention() == Convention::Misere
            && !matches!(
                self,
                Game::Subtraction(_)
                    | Game::Octal(_)
                    | Game::Custom(_)
                    | Game::OnePile(_)
                    | Game::Wythoff(_)
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
