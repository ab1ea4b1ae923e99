//! The one-pile family of a sweep: for each bound `f(t)`, its H-sequence,
//! one column per claim — whether Schwenk's hypotheses hold, whether
//! Epp–Ferguson's hold, the period of the least winning move `L` (from the
//! exhaustive solver, whether or not a hypothesis holds), which theorem
//! `verify` compared and its verdict.
//!
//! Law: every figure is the library's own or checked from the papers'
//! statements: Schwenk's hypotheses (paper 000 §1: `f` nondecreasing with
//! `f(t) ≥ t`) and Epp–Ferguson's (`f` nondecreasing with `f(1) ≥ 1`:
//! [`check_schwenk`]) on `1 ≤ t ≤ N` (the moves of piles `≤ N`), the
//! H-sequence ([`schwenk_base`], [`Stopped`]), `L(1..=N)` from
//! [`least_winning_moves`] and its period proved from them ([`l_period`]),
//! and [`Family::verify`] (theory against the exhaustive solver on every
//! pile `≤ N`); a bound that cannot be read or evaluated gives a row whose
//! verdict is the error, not a failed sweep.

use super::bounds::Bounds;
use super::bounds::{F, PARAMS, UP_TO};
use super::family::{RuleSets, SweepFamily};
use super::row::{Cell, Row};
use crate::bound::Bound;
use crate::engine::{Cancel, Limits};
use crate::games::error::GameError;
use crate::games::one_pile::exhaustive::least_winning_moves;
use crate::games::one_pile::stopped::Stopped;
use crate::games::one_pile::theory::check_schwenk;
use crate::games::request::Verdict;
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
    "epp_ferguson",
    "l_period",
    "l_preperiod",
    "theorem",
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

/// Schwenk's hypotheses (paper 000 §1: "f nondecreasing and f(t) ≥ t for
/// every t") on `1 ≤ t ≤ n`: `Ok` or the first failure found, in words.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::sweep::one_pile::schwenk_hypotheses;
/// assert!(schwenk_hypotheses(&Bound::parse("2*t").unwrap(), 100).is_ok());
/// // f = 1: Epp–Ferguson's hypotheses hold (f(1) = 1), Schwenk's do not.
/// assert_eq!(schwenk_hypotheses(&Bound::parse("1").unwrap(), 100).unwrap_err(), "f(2) = 1 < 2");
/// ```
pub fn schwenk_hypotheses(f: &Bound, n: u64) -> Result<(), String> {
    if f.uses_n() {
        return Err("f depends on n; Schwenk's theorem needs f(t) alone".into());
    }
    for t in 1..=n.max(1) {
        let v = f
            .eval_u64(0, t)
            .map_err(|e| format!("f cannot be evaluated: {e}"))?;
        if v < t {
            return Err(format!("f({t}) = {v} < {t}"));
        }
    }
    // f(1) ≥ 1 holds (t = 1 above): what is left is Epp–Ferguson's check.
    check_schwenk(f, n).map(|_| ()).map_err(|why| why.0)
}

/// The least period `p` of the least winning move `L` and its pre-period
/// `q` (`L(n + p) = L(n)` for every pile `n > q`, and not for `n = q`),
/// proved from `values` = `L(0..=N)` of a bound `f(t)` that ignores the
/// pile size; `None` when no `P` with `3P ≤ N` passes the window below.
///
/// The proof: `L(m) = min { t : t = m or f(t) < L(m − t) }`. If `L(m) =
/// L(m − P) ≤ P` for every `m` in `(2P, 3P]`, then by induction on `m >
/// 3P` every candidate `t ≤ P` looks at `m − t > 2P`, where `L(m − t) =
/// L(m − t − P)`, so `m` and `m − P` have the same least winning move:
/// `L(n + P) = L(n)` for every `n > P`. The least period divides `P` (it is
/// the least divisor `d` with `L(n + d) = L(n)` on `(P, 2P]`), and the
/// pre-period is read on `n ≤ P`.
///
/// ```
/// use takeaway::sweep::one_pile::l_period;
/// // f = 0: every take wins at once (the opponent may take nothing), L = 1, 1, 1, …
/// let mut l = vec![u32::MAX];
/// l.extend([1; 12]);
/// assert_eq!(l_period(&l), Some((1, 0)));
/// // f = if(t == 1, 5, 1): L = 1, 2, 3, then 2 for ever (brute force):
/// // period 1 after a pre-period of 3 piles.
/// let l = [u32::MAX, 1, 2, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2];
/// assert_eq!(l_period(&l), Some((1, 3)));
/// // Fibonacci Nim's L (1, 2, 3, 1, 5, …) has no period.
/// let fib = [u32::MAX, 1, 2, 3, 1, 5, 1, 2, 8, 1, 2, 3, 1, 13];
/// assert_eq!(l_period(&fib), None);
/// ```
pub fn l_period(values: &[u32]) -> Option<(u64, u64)> {
    let n = values.len().checked_sub(1)?;
    let l = |m: usize| values[m];
    for big in 1..=n / 3 {
        let window = (2 * big + 1..=3 * big).all(|m| l(m) == l(m - big) && l(m) as usize <= big);
        if !window {
            continue;
        }
        let p = (1..=big)
            .filter(|&d| big.is_multiple_of(d))
            .find(|&d| (big + 1..=2 * big).all(|m| l(m + d) == l(m)))
            .unwrap_or(big);
        let start = (1..=big).rev().find(|&m| l(m + p) != l(m)).unwrap_or(0);
        return Some((p as u64, start as u64));
    }
    None
}

impl OnePileBounds {
    /// The row of bound `i`.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{Bounds, Cell, OnePileBounds};
    /// let s = OnePileBounds { bounds: Bounds { templates: vec!["2*t".into(), "1".into()], parameters: vec![] }, up_to: 30 };
    /// let row = s.row(0, &Cancel::new()).unwrap();
    /// assert_eq!(row.cells[0], Cell::Text("one-pile:f=2*t".into()));
    /// // Fibonacci Nim: the H-sequence is 1, 2, 3, 5, 8, … (paper 000); L has no period.
    /// assert_eq!(row.cells[1], Cell::Text("1 2 3 5 8 13 21 34 55 89 144 233".into()));
    /// assert_eq!(row.cells[2..7], [Cell::Text("holds".into()), Cell::Text("holds".into()),
    ///     Cell::Empty, Cell::Empty, Cell::Text("schwenk".into())]);
    /// assert_eq!(row.cells[7], Cell::Text("agree".into()));
    /// // f = 1: Epp–Ferguson's hypotheses only; H stops at 1, 2 and L = 1, 2, 1, 2, …
    /// let row = s.row(1, &Cancel::new()).unwrap();
    /// assert_eq!(row.cells[2], Cell::Text("fails: f(2) = 1 < 2".into()));
    /// assert_eq!(row.cells[3..7], [Cell::Text("holds".into()), Cell::Int(2), Cell::Int(0),
    ///     Cell::Text("epp-ferguson-stopped".into())]);
    /// ```
    pub fn row(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        let expr = self.bounds.get(u128::from(i));
        let spec = format!("one-pile:f={expr}");
        // A row for a bound that cannot be analysed: the figures known so
        // far, `error` and why.
        let error_row = |spec: String, known: [Cell; 3], e: GameError| {
            let [h, schwenk, epp] = known;
            Row {
                index: i,
                first: false,
                cells: vec![
                    Cell::Text(spec),
                    h,
                    schwenk,
                    epp,
                    Cell::Empty,
                    Cell::Empty,
                    Cell::Empty,
                    Cell::Text("error".into()),
                    Cell::Empty,
                    Cell::Text(crate::diagnostic::error_line(None, &e)),
                ],
            }
        };
        let unknown = || [Cell::Empty, Cell::Empty, Cell::Empty];
        let game = match Game::parse(&spec) {
            Ok(g) => g,
            Err(e) => return Ok(error_row(spec, unknown(), e)),
        };
        let Some(one) = game.family_as::<crate::games::one_pile::OnePile>() else {
            let e = GameError::Invalid(format!("{spec} is not a one-pile game"));
            return Ok(error_row(spec, unknown(), e));
        };
        let f = one.bound();
        let claim = |r: Result<(), String>| {
            Cell::Text(match r {
                Ok(()) => "holds".to_string(),
                Err(why) => format!("fails: {why}"),
            })
        };
        let schwenk_holds = schwenk_hypotheses(f, self.up_to);
        let known = [
            Cell::Text(h_prefix(f, H_TERMS)),
            claim(schwenk_holds.clone()),
            claim(
                check_schwenk(f, self.up_to)
                    .map(|_| ())
                    .map_err(|why| why.0),
            ),
        ];
        let limits = Limits {
            cancel: cancel.clone(),
            ..Limits::strict()
        };
        // L(0..=N) from the exhaustive solver, whatever the hypotheses.
        let table = match least_winning_moves(f, self.up_to.saturating_add(1), &limits, &NoProgress)
        {
            Ok(t) => t,
            Err(GameError::Cancelled) => return Err(GameError::Cancelled),
            Err(e) => return Ok(error_row(game.spec(), known, e)),
        };
        let period = if f.uses_n() {
            None
        } else {
            // The window on the solver's L, else the stopped H-sequence's
            // own proof (period P from pile 1 on, whatever N).
            l_period(&table).or_else(|| Stopped::new(f).map(|s| (s.period(), 0)))
        };
        let req = VerifyRequest {
            up_to: self.up_to,
            limits,
            progress: &NoProgress,
        };
        let v = match game.verify(&req) {
            Ok(v) => v,
            Err(GameError::Cancelled) => return Err(GameError::Cancelled),
            Err(e) => return Ok(error_row(game.spec(), known, e)),
        };
        // The theorem whose answers were compared with the solver's.
        let theorem = match (v.verdict, v.engines.first().map(String::as_str)) {
            (Verdict::HypothesisFails, _) | (_, None) => Cell::Empty,
            (_, Some("schwenk")) if schwenk_holds.is_err() => Cell::Text("epp-ferguson".into()),
            (_, Some(name)) => Cell::Text(name.to_string()),
        };
        let [h, schwenk, epp] = known;
        Ok(Row {
            index: i,
            first: false,
            cells: vec![
                Cell::Text(game.spec()),
                h,
                schwenk,
                epp,
                period.map_or(Cell::Empty, |(p, _)| Cell::Int(p)),
                period.map_or(Cell::Empty, |(_, q)| Cell::Int(q)),
                theorem,
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

/// The one-pile family in the list of sweep families.
pub const FAMILY: SweepFamily = SweepFamily {
    name: "one-pile",
    help: "One-pile bounds f(t): H-sequence, Schwenk's hypotheses, Epp–Ferguson's, the period of L (from the solver), the theorem and its `verify` verdict up to {up_to}",
    examples: &[
        "one-pile --f 'a*t+b' --param a=1..4 --param b=0..3 --up-to 200 --out one-pile.csv",
    ],
    columns: COLUMNS,
    settings: &[&F, &PARAMS, &UP_TO],
    build: |v| {
        Ok(Box::new(OnePileBounds {
            bounds: Bounds::from_values(v)?,
            up_to: v.number(&UP_TO).unwrap_or_default(),
        }))
    },
    from_json: |j| Ok(Box::new(serde_json::from_value::<OnePileBounds>(j)?)),
};

impl RuleSets for OnePileBounds {
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
