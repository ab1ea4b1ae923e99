//! The answers of `takeaway repr` (and Python's `repr_zeckendorf`,
//! `repr_base`) as typed reports, each rendered as text here and as JSON by
//! its `Serialize`: a number's Zeckendorf forms ([`ZeckendorfForms`]), its
//! representation in a generalised base with paper 002's Section 3 when
//! asked ([`InBase`]), the first terms of a base with l(k) ([`Terms`]) and
//! the count of paper 004's representations (1) ([`Unique`]).
//!
//! Law: each text states the same numbers as its JSON document (a missing
//! g or ḡ is `∞` in text and `null` in JSON).
//!
//! ```
//! use takeaway::render::repr::ZeckendorfForms;
//! let z = ZeckendorfForms::of(8u8.into());
//! assert_eq!(z.text(), "n = 8\ncanonical:        100000\nsecond canonical: 10101\nA-number (rightmost canonical one in an even position)\n");
//! assert_eq!(serde_json::to_value(&z).unwrap()["second_canonical"], "10101");
//! ```

use crate::games::two_pile::section3_report::{Iterate, Section3Report, Theorem1Check};
use crate::json::{serialize_big, serialize_big_vec};
use crate::numeration::base_report::BaseReport;
use crate::numeration::unique_representation::Uniqueness;
use crate::numeration::zeckendorf::Zeckendorf;
use num_bigint::BigUint;
use serde::Serialize;
use std::fmt::Write as _;

/// The canonical and second canonical Fibonacci representations of `n`
/// (paper 001), digits in the papers' notation (rightmost = F1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ZeckendorfForms {
    /// The number.
    #[serde(serialize_with = "serialize_big")]
    pub n: BigUint,
    /// The canonical (Zeckendorf) form.
    pub canonical: String,
    /// The second canonical form (`None` for 0).
    pub second_canonical: Option<String>,
    /// Whether the rightmost canonical one is in an even position (an
    /// A-number); `None` for 0.
    pub a_number: Option<bool>,
}

impl ZeckendorfForms {
    /// The forms of `n`.
    pub fn of(n: BigUint) -> ZeckendorfForms {
        let canonical = Zeckendorf::canonical(&n);
        let second = canonical.canonical_to_second();
        let a_number = canonical.lowest_position().map(|p| p % 2 == 0);
        ZeckendorfForms {
            n,
            canonical: canonical.to_string(),
            second_canonical: second.as_ref().map(ToString::to_string),
            a_number,
        }
    }

    /// The text `takeaway repr zeckendorf` prints.
    pub fn text(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "n = {}", self.n);
        let _ = writeln!(text, "canonical:        {}", self.canonical);
        let _ = writeln!(
            text,
            "second canonical: {}",
            self.second_canonical.as_deref().unwrap_or("none (n = 0)")
        );
        let kind = match self.a_number {
            Some(true) => "A-number (rightmost canonical one in an even position)",
            Some(false) => "B-number (rightmost canonical one in an odd position)",
            None => "neither A- nor B-number (n = 0)",
        };
        let _ = writeln!(text, "{kind}");
        text
    }
}

/// A number in a generalised base (Algorithm 1, g, ḡ, binary, semi-stable:
/// paper 002) and, when asked, Section 3's g′ and Theorem 1.
#[derive(Debug, Clone, Serialize)]
pub struct InBase {
    /// The representation.
    #[serde(flatten)]
    pub report: BaseReport,
    /// Paper 002 Section 3 (`--h`).
    #[serde(flatten)]
    pub section3: Option<Section3Report>,
}

impl InBase {
    /// The text `takeaway repr base` prints.
    pub fn text(&self) -> String {
        let report = &self.report;
        let show = |x: &Option<BigUint>| x.as_ref().map_or("∞".to_string(), ToString::to_string);
        let sum = if report.terms.is_empty() {
            "0 (no terms)".to_string()
        } else {
            report
                .terms
                .iter()
                .zip(&report.indices)
                .map(|(t, i)| format!("{t} (b{i})"))
                .collect::<Vec<_>>()
                .join(" + ")
        };
        let yes_no = |b: bool| if b { "yes" } else { "no" };
        let mut text = String::new();
        let _ = writeln!(text, "{} = {sum}", report.n);
        let _ = writeln!(text, "g = {}", show(&report.g));
        let _ = writeln!(text, "g_bar = {}", show(&report.g_bar));
        let _ = writeln!(text, "binary: {}", yes_no(report.binary));
        let _ = writeln!(text, "semi-stable: {}", yes_no(report.semi_stable));
        let Some(s) = &self.section3 else {
            return text;
        };
        let hs: Vec<String> = s.h.iter().map(u64::to_string).collect();
        let _ = writeln!(
            text,
            "h = {} (Definition 8{})",
            hs.join(", "),
            if hs.len() > 1 {
                "; g' by Definition 9′"
            } else {
                ""
            }
        );
        let _ = writeln!(text, "f: {}", s.f);
        let line = |order: usize, value: u64, c: &str, t: &Theorem1Check| {
            let primes = "'".repeat(order);
            let theorem = match &t.first_failure {
                None => format!("Theorem 1 holds for every n ≤ {}", t.checked_up_to),
                Some(e) => e.to_string(),
            };
            format!(
                "g{primes}({}) = {value} (Theorem 1, conclusion {c}); {theorem}",
                report.n
            )
        };
        let steps: Vec<&Iterate> = s.iterates.iter().flatten().collect();
        if steps.is_empty() {
            let _ = writeln!(text, "{}", line(1, s.g_prime, &s.conclusion, &s.theorem1));
        } else {
            for st in steps {
                let _ = writeln!(
                    text,
                    "{}",
                    line(st.order, st.value, &st.conclusion, &st.theorem1)
                );
            }
        }
        text
    }
}

/// The first terms of a base or H-sequence and l(k) of paper 000 (2.3),
/// `b(k+1) = b(k) + b(k − l(k))` (`None` where unknown: past an explicit
/// prefix).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Terms {
    /// The base as given.
    pub base: String,
    /// `b_1, b_2, …`.
    #[serde(serialize_with = "serialize_big_vec")]
    pub terms: Vec<BigUint>,
    /// `l(1), l(2), …`.
    pub l: Vec<Option<usize>>,
}

impl Terms {
    /// The text `takeaway repr h-sequence --terms K` prints: a header and
    /// one tab-separated line `k  b_k  l(k)` a term (`?` for an unknown l).
    pub fn text(&self) -> String {
        let mut text = String::from("k\tb_k\tl(k)\n");
        for (k, (t, l)) in self.terms.iter().zip(&self.l).enumerate() {
            let l = l.map_or("?".to_string(), |v| v.to_string());
            let _ = writeln!(text, "{}\t{t}\t{l}", k + 1);
        }
        text
    }
}

/// Paper 004's condition (1) counted for every `1 ≤ n ≤ N` in the
/// H-sequence of a bound `h:f=EXPR`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unique {
    /// The base as given (`h:f=EXPR`).
    pub base: String,
    /// The count.
    #[serde(flatten)]
    pub result: Uniqueness,
}

impl Unique {
    /// The text `takeaway repr h-sequence --check-unique N` prints: the
    /// first terms (where the sequence stops, if it does) and the verdict,
    /// naming the first number with none or several representations.
    pub fn text(&self) -> String {
        let u = &self.result;
        let n = u.up_to;
        let terms: Vec<String> = u.terms.iter().take(12).map(u64::to_string).collect();
        let mut text = format!(
            "{}: H = {}{} ({} terms ≤ {n}{})\n",
            self.base,
            terms.join(", "),
            if u.terms.len() > 12 { ", …" } else { "" },
            u.terms.len(),
            u.stops_at.map_or(String::new(), |k| format!(
                "; the sequence stops at H{k}: no m ≤ {k} has f(H_m) ≥ H{k}"
            ))
        );
        match &u.first_failure {
            None => {
                let _ = writeln!(
                    text,
                    "unique: every 1 ≤ n ≤ {n} has exactly one representation n = H_j1 + … + H_jk with j1 < … < jk and f(H_ji) < H_j(i+1) (paper 004, condition (1))"
                );
            }
            Some(fail) => {
                let reps: Vec<String> = fail
                    .representations
                    .iter()
                    .map(|r| r.iter().map(u64::to_string).collect::<Vec<_>>().join(" + "))
                    .collect();
                let _ = writeln!(
                    text,
                    "not unique: n = {} has {} representations (1){}{}",
                    fail.n,
                    fail.count,
                    if reps.is_empty() { "" } else { ": " },
                    reps.join("; ")
                );
            }
        }
        text
    }
}
