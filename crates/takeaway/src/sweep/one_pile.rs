//! The one-pile family of a sweep: for each bound `f(t)`, its H-sequence,
//! whether Schwenk's / Epp–Ferguson's hypotheses hold, whether the least
//! winning move `L` is periodic (a stopped H-sequence), and the verdict of
//! `takeaway verify one-pile:f=… --up-to N`.
//!
//! Law: every figure is the library's own: [`schwenk_base`] (the
//! H-sequence), [`check_schwenk`], [`Stopped`] (the proved period of `L`)
//! and [`Family::verify`] (theory against the exhaustive solver on every
//! pile `≤ N`); a bound that cannot be read or evaluated gives a row whose
//! verdict is the error, not a failed sweep.

use super::bounds::Bounds;
use super::row::{Cell, Row};
use crate::engine::{Cancel, Limits};
use crate::games::error::GameError;
use crate::games::one_pile::stopped::Stopped;
use crate::games::one_pile::theory::check_schwenk;
use crate::games::shared::schwenk_base;
use crate::games::{Family, Game, NoProgress, VerifyRequest};

/// How many H-sequence terms a row shows.
pub(crate) const H_TERMS: usize = 12;

/// The columns of a one-pile sweep's rows.
pub(crate) const COLUMNS: &[&str] = &[
    "index",
    "spec",
    "h_sequence",
    "schwenk",
    "l_period",
    "verdict",
    "checked",
    "detail",
];

/// One-pile bounds, each verified up to `up_to`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OnePileBounds {
    /// The bounds `f(t)`.
    pub bounds: Bounds,
    /// `verify` compares theory and exhaustive solver on every pile up to this.
    pub up_to: u64,
}

/// The first `count` terms of the H-sequence of `f` (fewer when it stops or
/// cannot be evaluated), space-separated.
pub(crate) fn h_prefix(f: &crate::bound::Bound, count: usize) -> String {
    let terms: Vec<String> = match Stopped::new(f) {
        Some(s) => s.terms.iter().take(count).map(u64::to_string).collect(),
        None => {
            let (base, _) = schwenk_base(f);
            (1..=count)
                .map_while(|k| base.term(k).ok())
                .map(|t| t.to_string())
                .collect()
        }
    };
    terms.join(" ")
}

impl OnePileBounds {
    /// The row of bound `i`.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{Bounds, Cell, OnePileBounds};
    /// let s = OnePileBounds { bounds: Bounds { templates: vec!["2*t".into()], parameters: vec![] }, up_to: 30 };
    /// let row = s.row(0, &Cancel::new()).unwrap();
    /// assert_eq!(row.cells[0], Cell::Text("one-pile:f=2*t".into()));
    /// // Fibonacci Nim: the H-sequence is 1, 2, 3, 5, 8, … (paper 000)
    /// assert_eq!(row.cells[1], Cell::Text("1 2 3 5 8 13 21 34 55 89 144 233".into()));
    /// assert_eq!(row.cells[4], Cell::Text("agree".into()));
    /// ```
    pub fn row(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        let expr = self.bounds.get(u128::from(i));
        let spec = format!("one-pile:f={expr}");
        let error_row = |e: GameError| Row {
            index: i,
            first: false,
            cells: vec![
                Cell::Text(spec.clone()),
                Cell::Empty,
                Cell::Empty,
                Cell::Empty,
                Cell::Text("error".into()),
                Cell::Empty,
                Cell::Text(crate::diagnostic::error_line(None, &e)),
            ],
        };
        let game = match Game::parse(&spec) {
            Ok(g) => g,
            Err(e) => return Ok(error_row(e)),
        };
        let Game::OnePile(one) = &game else {
            return Ok(error_row(GameError::Invalid(format!(
                "{spec} is not a one-pile game"
            ))));
        };
        let f = one.bound();
        let schwenk = match check_schwenk(f, self.up_to) {
            Ok(_) => "holds".to_string(),
            Err(why) => format!("fails: {}", why.0),
        };
        let period = Stopped::new(f).map_or(Cell::Empty, |s| Cell::Int(s.period()));
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
            Err(e) => return Ok(error_row(e)),
        };
        Ok(Row {
            index: i,
            first: false,
            cells: vec![
                Cell::Text(game.spec()),
                Cell::Text(h_prefix(f, H_TERMS)),
                Cell::Text(schwenk),
                period,
                Cell::Text(verdict_name(v.verdict).into()),
                Cell::Int(v.checked),
                Cell::Text(v.detail),
            ],
        })
    }
}

/// The verdict as `verify --json` spells it.
pub(crate) fn verdict_name(v: crate::games::request::Verdict) -> &'static str {
    match v {
        crate::games::request::Verdict::Agree => "agree",
        crate::games::request::Verdict::Disagree => "disagree",
        crate::games::request::Verdict::HypothesisFails => "hypothesis-fails",
    }
}
