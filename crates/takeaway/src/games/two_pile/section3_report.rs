//! Paper 002 Section 3 for one number N, as one typed report: the values
//! `h_i(N)` of the functions of Definition 8, `g'(N)` by Definition 9 (9′
//! with several), the conclusion of Theorem 1 that applies, Theorem 1
//! checked on every `n ≤ N`, and with Remark 2 the iterates `g', g'', …,
//! g^(K)`. What `takeaway repr base BASE N --h RULE [--iterate K] [--f EXPR]
//! --json` adds to the base report and the Python package's
//! `repr_base(base, n, h=[...], iterate=K, f=EXPR)` returns.
//!
//! Law: `g_prime` is the first iterate; each iterate's `value` is
//! `g^(order)(N)` computed by Definition 9 with `h` the previous iterate
//! (the given rules for the first), and its `theorem1` is
//! [`check_theorem1`] over
//! `1..=N` with the same `f`.
//!
//! ```
//! use takeaway::games::two_pile::section3_report::{Section3Report, Section3Request};
//! use takeaway::numeration::base::Base;
//! let req = Section3Request { h: vec!["g".into()], iterate: None, f: None };
//! let r = Section3Report::new(&Base::fibonacci(), &4u32.into(), &req).unwrap();
//! // 4 = 1 + 3 is semi-stable: conclusion A, g'(4) = ḡ(4) = 1 (paper 002, Theorem 1).
//! assert_eq!((r.g_prime, r.conclusion.as_str()), (1, "A"));
//! assert!(r.theorem1.holds);
//! ```

use crate::bound::{Bound, ParseError};
use crate::games::advice::{Fields, Opt, Words};
use crate::games::two_pile::holshouser_reiter::check_game2;
use crate::numeration::base::{Base, CompatibilityViolation};
use crate::numeration::g_prime::{
    BaseTable, HFunction, INF, MAX_RANGE, Section3Error, Theorem1Failure, check_theorem1,
    conclusion, g_prime, least_f,
};
use num_bigint::BigUint;
use serde::Serialize;
use thiserror::Error;

/// Most steps of Remark 2 one report computes (`--iterate K`, `K ≤ 20`).
pub const MAX_ITERATE: usize = 20;

/// What to compute: the rules `h_i` (Definition 8, bound expressions in `n`
/// with the base's `g` and `gbar`), the number of iterates (Remark 2) and
/// the bound `f` of Definition 9 (default: the least one satisfying P-1…P-9).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Section3Request {
    /// The rules, e.g. `h=g`, `gbar`, `h=if(n%2,gbar(n),g(n))`; at least one.
    pub h: Vec<String>,
    /// `Some(K)`: the iterates `g', …, g^(K)` are listed (`1 ≤ K ≤ 20`).
    pub iterate: Option<usize>,
    /// A bound expression for `f`, checked against P-1…P-9.
    pub f: Option<String>,
}

/// Why a [`Section3Report`] cannot be made: the values, with the options
/// (`h`, `iterate`, `f`) named by each front-end ([`Section3ReportError::worded`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", self.worded(&Fields))]
pub enum Section3ReportError {
    /// `iterate` outside `1..=20`.
    Iterate(usize),
    /// N is 0 or beyond the range of the tables.
    Number {
        /// N.
        n: BigUint,
        /// The largest N with one step (`MAX_RANGE / 2`).
        most: u64,
    },
    /// `N · 2^K` is beyond [`MAX_RANGE`].
    TooLarge {
        /// N.
        n: u64,
        /// The number of steps.
        k: usize,
    },
    /// No rule was given.
    NoRule,
    /// A computation of Section 3 failed (the base, a range).
    Section3(#[source] Section3Error),
    /// A rule does not parse.
    RuleSyntax {
        /// The rule as given.
        rule: String,
        /// Why.
        #[source]
        source: ParseError,
    },
    /// A rule is not a function of Definition 8.
    Rule {
        /// The rule as given.
        rule: String,
        /// Why.
        #[source]
        source: Section3Error,
    },
    /// The base has no `f` satisfying P-1…P-9.
    Incompatible(CompatibilityViolation),
    /// The given `f` does not parse.
    FSyntax {
        /// The expression as given.
        src: String,
        /// Why.
        #[source]
        source: ParseError,
    },
    /// The given `f` fails P-1…P-9.
    FHypotheses {
        /// The expression as given.
        src: String,
        /// The first failing property.
        why: String,
    },
}

impl Section3ReportError {
    /// The sentence, naming the options in `words` (its source, if any,
    /// follows in the error line).
    pub fn worded(&self, words: &dyn Words) -> String {
        let (h, iterate) = (words.option(Opt::H), words.option(Opt::Iterate));
        let quoted = |o, text: &str| words.option_value(o, &format!("`{text}`"));
        match self {
            Section3ReportError::Iterate(k) => format!(
                "{} needs 1 ≤ K ≤ 20, got {k}",
                words.option_value(Opt::Iterate, "K")
            ),
            Section3ReportError::Number { n, most } => {
                format!("{h} needs 1 ≤ N ≤ {most}, got {n}")
            }
            Section3ReportError::TooLarge { n, k } => format!(
                "{h} with N = {n} and {k} step(s) needs h on n ≤ N·2^{k}, over the limit of {MAX_RANGE}; use a smaller N or fewer {iterate} steps"
            ),
            Section3ReportError::NoRule => format!(
                "Section 3 needs at least one function h ({})",
                words.option_value(Opt::H, "RULE")
            ),
            Section3ReportError::Section3(e) => e.to_string(),
            Section3ReportError::RuleSyntax { rule, .. }
            | Section3ReportError::Rule { rule, .. } => quoted(Opt::H, rule),
            Section3ReportError::Incompatible(v) => format!(
                "no f satisfies Definition 9's hypotheses (P-1…P-9) in this base: the compatibility condition fails: {v}"
            ),
            Section3ReportError::FSyntax { src, .. } => quoted(Opt::F, src),
            Section3ReportError::FHypotheses { src, why } => format!(
                "{} does not satisfy Definition 9's hypotheses: {why}",
                quoted(Opt::F, src)
            ),
        }
    }
}

impl Section3ReportError {
    /// Whether the error is in the syntax of a rule or of `f` (Python's
    /// `SpecError`) rather than in the request's values.
    pub fn is_syntax(&self) -> bool {
        matches!(self, Self::RuleSyntax { .. } | Self::FSyntax { .. })
    }
}

/// Theorem 1 checked on every `1 ≤ n ≤ checked_up_to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Theorem1Check {
    /// Whether it holds everywhere.
    pub holds: bool,
    /// The last `n` checked (N).
    pub checked_up_to: u64,
    /// The first `n` where it fails, and how.
    pub first_failure: Option<Theorem1Failure>,
}

/// One step of Remark 2: `g^(order)(N)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Iterate {
    /// 1 for `g'`, 2 for `g''`, …
    pub order: usize,
    /// `g^(order)(N)` ([`INF`] for ∞).
    pub value: u64,
    /// The conclusion of Theorem 1 that applies to N.
    pub conclusion: String,
    /// Theorem 1 for this step.
    pub theorem1: Theorem1Check,
}

/// Paper 002 Section 3 at N (the JSON fields `repr base --h` adds).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Section3Report {
    /// `h_i(N)`, one per rule.
    pub h: Vec<u64>,
    /// `g'(N)` by Definition 9 (9′).
    pub g_prime: u64,
    /// The conclusion of Theorem 1 that applies to N.
    pub conclusion: String,
    /// Theorem 1 checked on every `n ≤ N`.
    pub theorem1: Theorem1Check,
    /// With `iterate: Some(K)`: `g', g'', …, g^(K)` at N.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterates: Option<Vec<Iterate>>,
    /// The bound f of Definition 9, as given or described.
    pub f: String,
}

impl Section3Report {
    /// Definition 9 (9′), Theorem 1 and Remark 2 for `n` in `base`.
    pub fn new(
        base: &Base,
        n: &BigUint,
        req: &Section3Request,
    ) -> Result<Section3Report, Section3ReportError> {
        let k = req.iterate.unwrap_or(1);
        if k == 0 || k > MAX_ITERATE {
            return Err(Section3ReportError::Iterate(k));
        }
        if req.h.is_empty() {
            return Err(Section3ReportError::NoRule);
        }
        let n = u64::try_from(n).ok().filter(|&v| v >= 1).ok_or_else(|| {
            Section3ReportError::Number {
                n: n.clone(),
                most: MAX_RANGE / 2,
            }
        })?;
        // g^(j) on n ≤ N needs h on n ≤ 2^K·N.
        let top = n
            .checked_mul(1u64 << k)
            .filter(|&m| m <= MAX_RANGE)
            .ok_or(Section3ReportError::TooLarge { n, k })?;
        let table = BaseTable::new(base, top).map_err(Section3ReportError::Section3)?;
        let mut hs = Vec::new();
        for rule in &req.h {
            let r = Bound::parse_h_rule(rule, base).map_err(|source| {
                Section3ReportError::RuleSyntax {
                    rule: rule.clone(),
                    source,
                }
            })?;
            hs.push(
                HFunction::from_rule(|n| r.eval_u64(n, 0), &table, top).map_err(|source| {
                    Section3ReportError::Rule {
                        rule: rule.clone(),
                        source,
                    }
                })?,
            );
        }
        let refs: Vec<&HFunction> = hs.iter().collect();
        let least = least_f(&table);
        let given = match &req.f {
            // The compatibility condition is decided before the least f is
            // claimed: without it no f satisfies P-1…P-9 (in the base
            // 1,2,3,6,7,10,17,34 at n = 5, P-1 asks f(5, 1) < ḡ(6) = 1 and P-5
            // f(5, 1) ≥ g(4) = 1), and with it the least f does (least_f's law).
            None => {
                table
                    .compatibility(top)
                    .map_err(Section3ReportError::Incompatible)?;
                None
            }
            Some(src) => {
                let f = Bound::parse_with_base(src, Some(base.clone())).map_err(|source| {
                    Section3ReportError::FSyntax {
                        src: src.clone(),
                        source,
                    }
                })?;
                check_game2(&f, base, top).map_err(|e| Section3ReportError::FHypotheses {
                    src: src.clone(),
                    why: e.0,
                })?;
                Some(f)
            }
        };
        let user = |a: u64, t: u64| {
            given
                .as_ref()
                .map_or(INF - 1, |f| f.eval_u64(a, t).unwrap_or(INF - 1))
        };
        let f: &dyn Fn(u64, u64) -> u64 = if given.is_some() { &user } else { &least };
        let check = |hs: &[&HFunction], gp: &HFunction| {
            let r = check_theorem1(&table, f, hs, gp, n);
            Theorem1Check {
                holds: r.is_ok(),
                checked_up_to: n,
                first_failure: r.err(),
            }
        };
        let concl = |hs: &[&HFunction]| {
            conclusion(&table, n, &mut |s| {
                hs.iter().filter_map(|h| h.get(s)).collect()
            })
            .0
            .to_string()
        };
        let mut steps: Vec<HFunction> = Vec::new();
        let mut iterates = Vec::new();
        let mut range = top;
        for order in 1..=k {
            range /= 2;
            let prev: Vec<&HFunction> = match steps.last() {
                None => refs.clone(),
                Some(p) => vec![p],
            };
            let gp = g_prime(f, &prev, range).map_err(Section3ReportError::Section3)?;
            iterates.push(Iterate {
                order,
                value: gp.get(n).unwrap_or(INF),
                conclusion: concl(&prev),
                theorem1: check(&prev, &gp),
            });
            steps.push(gp);
        }
        let first = iterates[0].clone();
        Ok(Section3Report {
            h: hs.iter().map(|h| h.get(n).unwrap_or(INF)).collect(),
            g_prime: first.value,
            conclusion: first.conclusion,
            theorem1: first.theorem1,
            iterates: req.iterate.map(|_| iterates),
            f: req
                .f
                .clone()
                .unwrap_or_else(|| "the least f satisfying P-1…P-9 in the base".into()),
        })
    }
}
