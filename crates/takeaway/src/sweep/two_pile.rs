//! The two-pile family of a sweep: for each bound `f(t)`, the H-sequence's
//! `l(k)` (`H(k+1) = H(k) + H(k − l(k))`), whether Flanigan's hypotheses
//! hold (`f` nondecreasing, `f(t) ≥ t`, `l(k) ∈ {0, 1}`), and whether the
//! flip theorem computes the tableau `L(m, d)` for every `m, d ≤ N`.
//!
//! Law: the hypotheses are [`Flanigan::new`]'s; the comparison is
//! `takeaway verify two-pile:f=… --up-to N` ([`Family::verify`]: Flanigan
//! against the exhaustive tableau, move and value); `l(k)` is
//! [`l`] of the H-sequence.

use super::bounds::Bounds;
use super::bounds::{F, PARAMS, UP_TO};
use super::family::{RuleSets, SweepFamily};
use super::one_pile::{h_prefix, verdict_name};
use super::row::{Cell, Row};
use crate::engine::{Cancel, Limits};
use crate::games::error::GameError;
use crate::games::shared::schwenk_base;
use crate::games::two_pile::flanigan::Flanigan;
use crate::games::{Family, Game, NoProgress, VerifyRequest};
use crate::numeration::h_sequence::l;
use num_bigint::BigUint;

/// How many `l(k)` a row shows.
pub(crate) const L_TERMS: usize = 12;

/// The columns of a two-pile sweep's rows.
pub(crate) const COLUMNS: &[&str] = &[
    "index",
    "spec",
    "h_sequence",
    "l",
    "flanigan",
    "verdict",
    "checked",
    "detail",
];

/// Two-pile bounds, each compared with the exhaustive tableau up to `up_to`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TwoPileBounds {
    /// The bounds `f(t)`.
    pub bounds: Bounds,
    /// Largest `m` and `d` compared.
    pub up_to: u64,
}

impl TwoPileBounds {
    /// The row of bound `i`.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{Bounds, Cell, TwoPileBounds};
    /// let s = TwoPileBounds { bounds: Bounds { templates: vec!["2*t".into()], parameters: vec![] }, up_to: 20 };
    /// let row = s.row(0, &Cancel::new()).unwrap();
    /// // Fibonacci: H(k+1) = H(k) + H(k−1), so l(k) = 1 from k = 1 (l(0) = 0: H2 = H1 + H1).
    /// assert_eq!(row.cells[2], Cell::Text("0 1 1 1 1 1 1 1 1 1 1 1".into()));
    /// assert_eq!(row.cells[3], Cell::Text("holds".into()));
    /// assert_eq!(row.cells[4], Cell::Text("agree".into()));
    /// ```
    pub fn row(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        let expr = self.bounds.get(u128::from(i));
        let spec = format!("two-pile:f={expr}");
        let error_row = |e: &GameError| Row {
            index: i,
            first: false,
            cells: vec![
                Cell::Text(spec.clone()),
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Text("error".into()),
                Cell::Empty,
                Cell::Text(crate::diagnostic::error_line(None, e)),
            ],
        };
        let game = match Game::parse(&spec) {
            Ok(g) => g,
            Err(e) => return Ok(error_row(&e)),
        };
        let Some(two) = game.family_as::<crate::games::two_pile::TwoPile>() else {
            return Ok(error_row(&GameError::Invalid(format!(
                "{spec} is not a two-pile game"
            ))));
        };
        let f = two.bound();
        let (base, _) = schwenk_base(f);
        let ls: Vec<String> = (1..=L_TERMS)
            .map_while(|k| l(&base, k).ok())
            .map(|v| v.to_string())
            .collect();
        let flanigan = match Flanigan::new(f, &BigUint::from(self.up_to.saturating_mul(3))) {
            Ok(_) => "holds".to_string(),
            Err(why) => format!("fails: {}", why.0),
        };
        let req = VerifyRequest {
            up_to: self.up_to,
            limits: Limits {
                cancel: cancel.clone(),
                ..Limits::strict()
            },
            progress: &NoProgress,
        };
        let v = match game.verify(&req) {
            Ok(v) => v,
            Err(GameError::Cancelled) => return Err(GameError::Cancelled),
            Err(e) => return Ok(error_row(&e)),
        };
        Ok(Row {
            index: i,
            first: false,
            cells: vec![
                Cell::Text(game.spec()),
                Cell::Text(h_prefix(f, L_TERMS)),
                Cell::Text(ls.join(" ")),
                Cell::Text(flanigan),
                Cell::Text(verdict_name(v.verdict).into()),
                Cell::Int(v.checked),
                Cell::Text(v.detail),
            ],
        })
    }
}

/// The two-pile family in the list of sweep families.
pub const FAMILY: SweepFamily = SweepFamily {
    name: "two-pile",
    help: "Two-pile bounds f(t): l(k), Flanigan's hypotheses, the flip theorem against the exhaustive tableau up to {up_to}",
    examples: &[
        "two-pile --f 't+1' --f '2*t' --f '3*t' --up-to 60 --out two-pile.csv",
    ],
    columns: COLUMNS,
    settings: &[&F, &PARAMS, &UP_TO],
    build: |v| {
        Ok(Box::new(TwoPileBounds {
            bounds: Bounds::from_values(v)?,
            up_to: v.number(&UP_TO).unwrap_or_default(),
        }))
    },
    from_json: |j| Ok(Box::new(serde_json::from_value::<TwoPileBounds>(j)?)),
};

impl RuleSets for TwoPileBounds {
    fn family(&self) -> &'static SweepFamily {
        &FAMILY
    }

    fn check(&self) -> Result<(), GameError> {
        self.bounds.check(FAMILY.name, self.up_to)
    }

    fn count(&self) -> u128 {
        self.bounds.count()
    }

    fn row_at(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        self.row(i, cancel)
    }

    fn arguments(&self) -> String {
        format!("{} --up-to {}", self.bounds.arguments(), self.up_to)
    }
}
