//! The Holshouser–Reiter family of a sweep: bases × bounds of the two-pile
//! Game 2 (paper 002 §4). For each pair: whether P-1…P-9 and the
//! compatibility condition hold up to `N`, and whether Theorem 2's strategy
//! (with Theorem 3) gives the least winning move of the exhaustive tableau
//! at every position `(m, d)`, `m, d ≤ N` — whether or not the properties
//! hold. Rows where a property fails at a difference `n ≤ N` but the
//! strategy agrees at every position `m, d ≤ N` are counterexamples (on the
//! range) to the converse of Theorem 2 ("the strategy works only under
//! P-1…P-9"), and are listed first. The properties are checked on every
//! difference `n ≤ 2N` (as `verify` does: moves from `d ≤ N` reach
//! differences up to `2N`); a failure only at `N < n ≤ 2N` counts as
//! neither.
//!
//! Law: the properties are [`check_game2`]; the strategy is [`g_prime`]
//! (the library's Theorem 2/3); the truth is the exhaustive
//! [`tableau`] of the game
//! `two-pile:f=…:base=…`, compared as `takeaway verify` does (same
//! coordinates: `g'(d, m + d)` against `L(m, d)`).

use super::bounds::Bounds;
use super::bounds::{F, PARAMS, UP_TO};
use super::family::{RuleSets, Setting, SweepFamily, Takes};
use super::too_large;
use crate::engine::Unit;
use crate::games::advice::Misused;
use crate::games::error::Hint;
use super::row::{Cell, Row};
use crate::engine::{Cancel, Limits};
use crate::games::error::GameError;
use crate::games::two_pile::exhaustive::{INFINITE, tableau};
use crate::games::two_pile::holshouser_reiter::{check_game2, g_prime};
use crate::games::{Family, Game, NoProgress};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// The columns of a Holshouser–Reiter sweep's rows.
pub(crate) const COLUMNS: &[&str] = &[
    "index",
    "spec",
    "properties",
    "strategy",
    "converse_counterexample",
];

/// Most terms of the generated Definition 1 prefixes (`(K − 1)!` bases).
pub(crate) const MAX_PREFIX_TERMS: u64 = 9;

/// Bases × bounds of Game 2, checked on every position with `m, d ≤ up_to`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct HolshouserReiterPairs {
    /// The bases, as in a spec's `:base=` (`fibonacci`, `binary`, `1,2,3,5,…`)
    /// or `h:f=EXPR`, the H-sequence of a bound ([`Self::spec_base`]).
    pub bases: Vec<String>,
    /// With `K ≥ 2`, also every base whose first `K` terms are a
    /// Definition 1 prefix ([`HolshouserReiterPairs::prefix_base`]); 0: none.
    #[serde(default)]
    pub prefix_terms: u64,
    /// The bounds `f(n, t)` (they may use `g`, `gbar`, `h` of the base).
    pub bounds: Bounds,
    /// Largest `m` and `d` compared, and the largest difference the
    /// properties are checked at is `2 · up_to`.
    pub up_to: u64,
}

/// `n!` (saturating).
fn factorial(n: u64) -> u128 {
    (1..=u128::from(n)).fold(1u128, |a, k| a.saturating_mul(k))
}

impl HolshouserReiterPairs {
    /// How many bases: the listed ones, then the `(K − 1)!` generated prefixes.
    pub fn base_count(&self) -> u128 {
        let generated = if self.prefix_terms >= 2 {
            factorial(self.prefix_terms - 1)
        } else {
            0
        };
        self.bases.len() as u128 + generated
    }

    /// How many pairs: bases × bounds (base-major).
    pub fn count(&self) -> u128 {
        self.base_count().saturating_mul(self.bounds.count())
    }

    /// Generated base `i` (`0 ≤ i < (K − 1)!`), as a spec's explicit list:
    /// `b1 = 1` and `b(k+1) = b(k) + b(j)` with `j ∈ 1..=k` the `k`-th digit
    /// of `i` in the mixed radix `1, 2, …, K − 1` (the last step fastest),
    /// so every choice of Definition 1 (each difference an earlier term)
    /// appears once; then continued with the last step's lag `k − j` until
    /// a term exceeds `4 · up_to + 4` (the strategy reads terms up to about
    /// twice the piles).
    ///
    /// ```
    /// use takeaway::sweep::{Bounds, HolshouserReiterPairs};
    /// let h = HolshouserReiterPairs { bases: vec![], prefix_terms: 3, bounds: Bounds::default(), up_to: 3 };
    /// // K = 3: b2 = 1 + 1 = 2, then b3 = 2 + b1 = 3 or 2 + b2 = 4; continued past 16.
    /// assert_eq!(h.prefix_base(0), "1,2,3,5,8,13,21");
    /// assert_eq!(h.prefix_base(1), "1,2,4,8,16,32");
    /// ```
    pub fn prefix_base(&self, i: u128) -> String {
        let k_terms = self.prefix_terms.max(2) as usize;
        // Digits: step k (1-based, from b(k) to b(k+1)) has k choices.
        let mut digits = vec![0usize; k_terms - 1];
        let mut rest = i;
        for k in (1..k_terms).rev() {
            digits[k - 1] = (rest % k as u128) as usize;
            rest /= k as u128;
        }
        let mut b: Vec<u128> = vec![1];
        let mut lag = 0usize;
        for (step, &d) in digits.iter().enumerate() {
            // step + 1 = k terms so far; choose j = d + 1 ∈ 1..=k.
            let k = step + 1;
            lag = k - (d + 1);
            b.push(b[k - 1] + b[d]);
        }
        let top = u128::from(self.up_to) * 4 + 4;
        while *b.last().unwrap_or(&0) <= top {
            let k = b.len();
            b.push(b[k - 1] + b[k - 1 - lag]);
        }
        b.iter().map(u128::to_string).collect::<Vec<_>>().join(",")
    }

    /// Base `i`: the listed ones first, then the generated prefixes.
    fn base(&self, i: u128) -> String {
        match self.bases.get(i as usize) {
            Some(b) if i < self.bases.len() as u128 => b.clone(),
            _ => self.prefix_base(i - self.bases.len() as u128),
        }
    }

    /// A listed base as a spec's `:base=` value: `h:f=EXPR` (the H-sequence
    /// of `f`, as `repr base` reads it) becomes the explicit list of its
    /// terms up to the first past `4 · up_to + 4` (a `:` would end the
    /// value in a spec); others are kept as given.
    ///
    /// ```
    /// use takeaway::sweep::{Bounds, HolshouserReiterPairs};
    /// let h = HolshouserReiterPairs { bases: vec![], prefix_terms: 0, bounds: Bounds::default(), up_to: 4 };
    /// // f = 2t: the Fibonacci numbers (paper 000), to the first past 20.
    /// assert_eq!(h.spec_base("h:f=2*t").unwrap(), "1,2,3,5,8,13,21");
    /// assert_eq!(h.spec_base("binary").unwrap(), "binary");
    /// assert!(h.spec_base("h:f=2*").is_err());
    /// ```
    pub fn spec_base(&self, base: &str) -> Result<String, String> {
        if !base.trim_start().starts_with("h:") {
            return Ok(base.to_string());
        }
        let b = crate::bound::base_name::parse_base_name(base).map_err(|e| e.to_string())?;
        let top = BigUint::from(self.up_to) * 4u32 + 4u32;
        let mut terms = Vec::new();
        // A stopped H-sequence ends where its next term is undefined.
        for k in 1.. {
            let Ok(t) = b.term(k) else { break };
            let past = t > top;
            terms.push(t.to_string());
            if past {
                break;
            }
        }
        Ok(terms.join(","))
    }

    /// The row of pair `i` (base `i / bounds`, bound `i mod bounds`).
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{Bounds, Cell, HolshouserReiterPairs};
    /// let s = HolshouserReiterPairs { bases: vec!["fibonacci".into()], prefix_terms: 0,
    ///     bounds: Bounds { templates: vec!["2*t".into()], parameters: vec![] }, up_to: 20 };
    /// let row = s.row(0, &Cancel::new()).unwrap();
    /// // f = 2t over the Fibonacci base satisfies P-1…P-9 (paper 002 §2), and the strategy agrees.
    /// assert_eq!(row.cells[1], Cell::Text("hold".into()));
    /// assert_eq!(row.cells[2], Cell::Text("agrees".into()));
    /// assert_eq!(row.cells[3], Cell::Bool(false));
    /// ```
    pub fn row(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        let per_base = self.bounds.count().max(1);
        let given = self.base(u128::from(i) / per_base);
        let expr = self.bounds.get(u128::from(i) % per_base);
        let base = match self.spec_base(&given) {
            Ok(b) => b,
            Err(e) => {
                return Ok(Row {
                    index: i,
                    first: false,
                    cells: vec![
                        Cell::Text(format!("two-pile:f={expr}:base={given}")),
                        Cell::Text(format!("error: {e}")),
                        Cell::Text(String::new()),
                        Cell::Empty,
                    ],
                });
            }
        };
        let spec = format!("two-pile:f={expr}:base={base}");
        // `counter`: whether the pair is a counterexample to the converse;
        // `None` (an empty cell) where the strategy could not be compared.
        let row = |spec: String, properties: String, strategy: String, counter: Option<bool>| Row {
            index: i,
            first: counter == Some(true),
            cells: vec![
                Cell::Text(spec),
                Cell::Text(properties),
                Cell::Text(strategy),
                counter.map_or(Cell::Empty, Cell::Bool),
            ],
        };
        let error_line = |e: &GameError| crate::diagnostic::error_line(None, e);
        let game = match Game::parse(&spec) {
            Ok(g) => g,
            Err(e) => {
                return Ok(row(
                    spec,
                    format!("error: {}", error_line(&e)),
                    String::new(),
                    None,
                ));
            }
        };
        let Some(two) = game.family_as::<crate::games::two_pile::TwoPile>() else {
            return Ok(row(
                spec,
                "error: not a two-pile game".into(),
                String::new(),
                None,
            ));
        };
        let spec = game.spec();
        let (Some(b), f) = (two.base(), two.bound()) else {
            return Ok(row(spec, "error: no base".into(), String::new(), None));
        };
        let up_to2 = self.up_to.saturating_mul(2);
        let (holds, properties) = match check_game2(f, b, up_to2) {
            Ok(_) => (true, "hold".to_string()),
            Err(why) => (false, format!("fail: {}", why.0)),
        };
        let limits = Limits {
            cancel: cancel.clone(),
            ..Limits::strict()
        };
        let side = self.up_to.saturating_add(1);
        let t = match tableau(f, side + 1, side + 1, &limits, &NoProgress, 1) {
            Ok(t) => t,
            Err(GameError::Cancelled) => return Err(GameError::Cancelled),
            Err(e) => {
                return Ok(row(
                    spec,
                    properties,
                    format!("error: {}", error_line(&e)),
                    None,
                ));
            }
        };
        let mut strategy = "agrees".to_string();
        'outer: for m in 0..side as usize {
            cancel.check()?;
            for d in 0..side as usize {
                let l = t.get(m, d).unwrap_or(INFINITE);
                let exact = (l != INFINITE).then_some(u64::from(l));
                let (mb, db) = (BigUint::from(m), BigUint::from(d));
                let theirs = match g_prime(b, &db, &(&mb + &db), "") {
                    Ok(h) => h.least_winning_move.and_then(|v| v.to_u64()),
                    Err(why) => {
                        strategy = format!("undefined at (m, d) = ({m}, {d}): {}", why.0);
                        break 'outer;
                    }
                };
                if theirs != exact {
                    let show = |v: Option<u64>| v.map_or("∞".to_string(), |v| v.to_string());
                    strategy = format!(
                        "disagrees at (m, d) = ({m}, {d}): Theorem 2 g' = {}, exhaustive L = {}",
                        show(theirs),
                        show(exact)
                    );
                    break 'outer;
                }
            }
        }
        // A counterexample to the converse: a property fails at a
        // difference inside the compared range (n ≤ N), and still the
        // strategy is right at every compared position. (A failure only at
        // N < n ≤ 2N is outside what the comparison sees: not counted.)
        let fails_within = !holds && check_game2(f, b, self.up_to).is_err();
        let counterexample = fails_within && strategy == "agrees";
        Ok(row(spec, properties, strategy, Some(counterexample)))
    }
}

/// `--base B`: a base of Game 2.
const BASES: Setting = Setting {
    name: "bases",
    flag: "base",
    value_name: "B",
    takes: Takes::Texts,
    help: "holshouser-reiter: a base (fibonacci, binary, 1,2,3,5,…, or h:f=EXPR, the H-sequence of a bound f(t); repeat for more)",
};

/// `--prefixes K`: every Definition 1 prefix of K terms as a base.
const PREFIXES: Setting = Setting {
    name: "prefixes",
    flag: "prefixes",
    value_name: "K",
    takes: Takes::Number(Some(0)),
    help: "holshouser-reiter: also every base whose first K terms are a Definition 1 prefix ((K−1)! bases, K ≤ 9), continued with the last step's lag",
};

/// The Holshouser–Reiter family in the list of sweep families.
pub const FAMILY: SweepFamily = SweepFamily {
    name: "holshouser-reiter",
    help: "Holshouser–Reiter bases × bounds: P-1…P-9 and compatibility, and Theorem 2's strategy against the exhaustive tableau up to {up_to}",
    examples: &[
        "holshouser-reiter --base fibonacci --prefixes 6 --f 'a*t+b' --param a=1..3 --param b=0..2 --up-to 20 --out hr.csv",
    ],
    columns: COLUMNS,
    settings: &[&F, &PARAMS, &BASES, &PREFIXES, &UP_TO],
    build: |v| {
        Ok(Box::new(HolshouserReiterPairs {
            bases: v.texts(&BASES),
            prefix_terms: v.number(&PREFIXES).unwrap_or_default(),
            bounds: Bounds::from_values(v)?,
            up_to: v.number(&UP_TO).unwrap_or_default(),
        }))
    },
    from_json: |j| Ok(Box::new(serde_json::from_value::<HolshouserReiterPairs>(j)?)),
};

impl RuleSets for HolshouserReiterPairs {
    fn family(&self) -> &'static SweepFamily {
        &FAMILY
    }

    fn check(&self) -> Result<(), GameError> {
        let name = FAMILY.name;
        self.bounds.check(name, self.up_to)?;
        if self.bases.is_empty() && self.prefix_terms < 2 {
            return Err(Misused::NoBase {
                sweep: name.to_string(),
            }
            .into());
        }
        if self.prefix_terms > MAX_PREFIX_TERMS {
            return Err(too_large(
                name,
                self.base_count(),
                40_320,
                Unit::Bare,
                Hint::SmallerSweep,
            ));
        }
        Ok(())
    }

    fn count(&self) -> u128 {
        HolshouserReiterPairs::count(self)
    }

    fn row_at(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError> {
        self.row(i, cancel)
    }

    fn arguments(&self) -> String {
        let mut out: String = self.bases.iter().map(|b| format!(" --base {b}")).collect();
        if self.prefix_terms > 0 {
            out.push_str(&format!(" --prefixes {}", self.prefix_terms));
        }
        format!("{out}{} --up-to {}", self.bounds.arguments(), self.up_to)
    }
}
