//! The answer of `verify` as one typed report, [`Verified`]: the engines
//! compared position by position ([`Verification`]) or the statements about
//! Fibonacci Nim's Grundy values checked on rows ([`TheoremReport`]). Text
//! ([`text`]) and JSON (`Verified`'s `Serialize`: the inner report's
//! document) are rendered here; the command line and Python pick one.
//!
//! Law: the text's first line says `agree` exactly when [`Verified::agree`]
//! (`DISAGREE` or `hypothesis fails` otherwise), and the JSON's `verdict`
//! (or `agree`) says the same.
//!
//! ```
//! use takeaway::games::request::{Verdict, Verification};
//! use takeaway::render::verify::{Verified, text};
//! let v = Verified::Engines(Verification {
//!     game: "nim".into(),
//!     up_to: 3,
//!     checked: 16,
//!     verdict: Verdict::Agree,
//!     engines: vec!["xor".into(), "exhaustive".into()],
//!     detail: "every position agrees".into(),
//! });
//! assert!(v.agree());
//! assert_eq!(text(&v), "nim: agree on 16 positions up to 3 (xor vs exhaustive)\nevery position agrees");
//! assert_eq!(serde_json::to_value(&v).unwrap()["verdict"], "agree");
//! ```

use crate::games::one_pile::fibonacci_grundy::TheoremReport;
use crate::games::request::{Verdict, Verification};
use serde::Serialize;
use std::fmt::Write as _;

/// What `verify` found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Verified {
    /// Theory against the exhaustive solver (or Grundy values against the
    /// theory) on every position up to a size.
    Engines(Verification),
    /// Larsson & Rubinstein-Salzedo's statements (and the recorded
    /// conjectures) on rows of Fibonacci Nim.
    Statements(TheoremReport),
}

impl Verified {
    /// Whether the check passed: every engine agrees, or no theorem or law
    /// fails (the command's exit status 0; 3 otherwise).
    pub fn agree(&self) -> bool {
        match self {
            Verified::Engines(v) => v.verdict == Verdict::Agree,
            Verified::Statements(r) => r.agree,
        }
    }
}

/// The report for people. Engines: one line `GAME: VERDICT on N positions
/// up to S (ENGINES)`, then the detail. Statements: a heading line, one line
/// a statement (`holds`/`FAILS`, kind, id, claim, source, range, cases, the
/// first counterexample on a line of its own), then the growth of the
/// starting values.
pub fn text(v: &Verified) -> String {
    match v {
        Verified::Engines(v) => engines_text(v),
        Verified::Statements(r) => statements_text(r),
    }
}

fn engines_text(v: &Verification) -> String {
    let verdict = match v.verdict {
        Verdict::Agree => "agree",
        Verdict::Disagree => "DISAGREE",
        Verdict::HypothesisFails => "hypothesis fails",
    };
    format!(
        "{}: {verdict} on {} positions up to {} ({})\n{}",
        v.game,
        v.checked,
        v.up_to,
        v.engines.join(" vs "),
        v.detail
    )
}

fn statements_text(r: &TheoremReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} with Larsson & Rubinstein-Salzedo's statements on {} rows (G(n, w), 0 ≤ n < {}; {} steps, {})",
        r.game,
        if r.agree { "agree" } else { "DISAGREE" },
        r.rows,
        r.rows,
        r.steps,
        r.method
    );
    for s in &r.statements {
        let _ = writeln!(
            out,
            "{:5} {:11} {}: {} [{}; {}; {} checked]",
            if s.holds { "holds" } else { "FAILS" },
            s.kind.word(),
            s.id,
            s.claim,
            s.source,
            s.range,
            s.checked
        );
        if let Some(c) = &s.counterexample {
            let _ = writeln!(out, "      first counterexample: {c}");
        }
    }
    out.push_str("least non-Fibonacci n with G(n, n − 1) ≥ v:");
    for [v, n] in &r.start_first {
        let _ = write!(out, " {v}:{n}");
    }
    out.push('\n');
    out
}
