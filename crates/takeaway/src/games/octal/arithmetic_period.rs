//! Arithmetic periodicity of a Grundy sequence: `G(n + p) = G(n) + s` for
//! every `n ≥ i` (period `p`, saltus `s > 0`, pre-period `i`), the
//! regularity of many hexadecimal games (Howse and Nowakowski, "Periodicity
//! and arithmetic-periodicity in hexadecimal games", TCS 313 (2004) 463–472;
//! `0.3F` has `G(n + 6) = G(n) + 3`), and its case `s = 0`, an ordinary
//! period (`0.B`: `G = 0, 1, 0, 1, …`).
//!
//! Law: [`detect`] reports the least `p`, with its saltus `s ≥ 1` and least
//! pre-period, such that `G(n + p) = G(n) + s` holds for *every* computed
//! `n ≥ i` and over a stretch of at least `2i + 2p + k` heaps (`k` the
//! largest removal); [`seen`] the same with `s ≥ 0`. Either is an
//! observation about the computed values. What [`seen`] sees in the values
//! of a code that is not octal ([`of_solved`]) is then decided for every
//! heap by [`super::arithmetic_certificate::certify`] ([`assess`]): proved
//! (an induction checked by automata), refuted at a heap beyond the
//! computed ones, or left "not proved" when the automata grow past their
//! budget. A sequence that is neither periodic nor arithmetic-periodic on
//! the computed values is never reported, and nothing is reported proved
//! that the automata did not prove.

use super::arithmetic_certificate::{
    Candidate, CertificateError, DEFAULT_MAX_STATES, Verdict, certify,
};
use super::automaton::Budget;
use super::code::OctalCode;

/// An arithmetic period seen in the computed values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArithmeticPeriod {
    /// Least period `p ≥ 1`.
    pub period: usize,
    /// Saltus `s`: `G(n + p) = G(n) + s` (`s ≥ 1` from [`detect`]; `0`, an
    /// ordinary period, only from [`seen`]).
    pub saltus: u64,
    /// Least pre-period: heap `preperiod − 1` (if any) is the last exception.
    pub preperiod: usize,
    /// The relation was checked for every `preperiod ≤ n < checked`
    /// (`checked + period` values known).
    pub checked: usize,
}

/// The arithmetic period the first `g.len()` values show (see the module
/// law), with `k` the code's largest removal; `None` when there is none
/// (an ordinary period, saltus 0, is not reported here).
///
/// ```
/// use takeaway::games::octal::{arithmetic_period::detect, code::OctalCode, take_break::definition};
/// let g = definition(&OctalCode::parse("0.3F").unwrap(), 200, &|| false).unwrap();
/// let a = detect(&g, 2).unwrap();
/// // G(n + 6) = G(n) + 3 (Howse and Nowakowski, TCS 313, from n = 1; the
/// // computed values have it from n = 0: G(0) = 0, G(6) = 3).
/// assert_eq!((a.period, a.saltus, a.preperiod), (6, 3, 0));
/// // Kayles is periodic (saltus 0), not arithmetic-periodic.
/// let k = definition(&OctalCode::parse("0.77").unwrap(), 200, &|| false).unwrap();
/// assert!(detect(&k, 2).is_none());
/// ```
pub fn detect(g: &[u32], k: usize) -> Option<ArithmeticPeriod> {
    find(g.len(), |n| g[n], k, 1)
}

/// [`detect`], an ordinary period (saltus 0) included: the least `p` with
/// its saltus `s ≥ 0` and least pre-period such that `G(n + p) = G(n) + s`
/// for every computed `n ≥ i`, over the same stretch. What a sweep of
/// codes that are not octal reports as seen, never as proved.
///
/// ```
/// use takeaway::games::octal::{arithmetic_period::seen, code::OctalCode, take_break::definition};
/// // 0.3F: G(n + 6) = G(n) + 3, as `detect` sees it.
/// let g = definition(&OctalCode::parse("0.3F").unwrap(), 200, &|| false).unwrap();
/// assert_eq!(seen(&g, 2).map(|a| (a.period, a.saltus)), Some((6, 3)));
/// // G = 0, 1, 0, 1, … (0.3, Nim with one token a move): period 2, saltus 0.
/// let nim1 = definition(&OctalCode::parse("0.3").unwrap(), 50, &|| false).unwrap();
/// assert_eq!(seen(&nim1, 1).map(|a| (a.period, a.saltus, a.preperiod)), Some((2, 0, 0)));
/// ```
pub fn seen(g: &[u32], k: usize) -> Option<ArithmeticPeriod> {
    find(g.len(), |n| g[n], k, 0)
}

/// The least period with saltus at least `least_saltus` (see [`detect`])
/// of the `len` values `g(0) … g(len − 1)` (read in place: a solved table
/// is not copied).
fn find(
    len: usize,
    g: impl Fn(usize) -> u32,
    k: usize,
    least_saltus: i64,
) -> Option<ArithmeticPeriod> {
    for p in 1..len {
        if 2 * p + k + p > len {
            break;
        }
        let last = len - 1;
        let s = i64::from(g(last)) - i64::from(g(last - p));
        if s < least_saltus {
            continue;
        }
        let holds = |n: usize| i64::from(g(n + p)) - i64::from(g(n)) == s;
        let mut i = len - p;
        while i > 0 && holds(i - 1) {
            i -= 1;
        }
        let checked = len - p;
        if checked - i >= 2 * i + 2 * p + k {
            return Some(ArithmeticPeriod {
                period: p,
                saltus: s as u64,
                preperiod: i,
                checked,
            });
        }
    }
    None
}

/// [`seen`] on a solved sequence of a code that is not octal: its period
/// (saltus 0) or arithmetic period, as the hexadecimal sweep sees it;
/// `None` for an octal code (never arithmetic-periodic with a finite code:
/// Horrocks and Nowakowski, INTEGERS 3 (2003), "finite octal games are not
/// arithmetic periodic"; its regularity is the period the octal
/// periodicity theorem proves).
///
/// ```
/// use takeaway::games::octal::{arithmetic_period::of_solved, code::OctalCode, solve::{solve, Outcome, Run}};
/// // 0.B (remove one, leaving 0, 1 or 3 heaps): G = 0, 1, 0, 1, …, seen as
/// // period 2, saltus 0.
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.B").unwrap(), Run::new(100)).unwrap() else { panic!() };
/// let a = of_solved(&s).unwrap();
/// assert_eq!((a.period, a.saltus, a.preperiod), (2, 0, 0));
/// ```
pub fn of_solved(s: &super::solve::Solved) -> Option<ArithmeticPeriod> {
    if s.code.is_octal() {
        return None;
    }
    find(s.values.len(), |n| s.values.get(n), s.code.max_take(), 0)
}

/// An arithmetic period (saltus 0: a period) seen in the values, with what
/// the certificate decided of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assessed {
    /// The arithmetic period [`seen`] (or [`detect`]) reported.
    pub seen: ArithmeticPeriod,
    /// The certificate's verdict on the candidate it makes with the values
    /// ([`Candidate::of`]), or why there is none.
    pub verdict: Result<Verdict, CertificateError>,
}

/// The arithmetic period `a` seen in the values `g` of `code`, decided by
/// the certificate within `budget` ([`certify`]).
///
/// ```
/// use takeaway::games::octal::{arithmetic_period::{assess_values, detect}, arithmetic_certificate::Verdict, automaton::Budget, code::OctalCode, take_break::definition};
/// let code = OctalCode::parse("0.3F").unwrap();
/// let g = definition(&code, 100, &|| false).unwrap();
/// let b = Budget { max_states: 200_000, cancelled: &|| false };
/// let a = assess_values(&code, &g, detect(&g, 2).unwrap(), &b);
/// assert!(matches!(a.verdict, Ok(Verdict::Proved(_))));
/// ```
pub fn assess_values(
    code: &OctalCode,
    g: &[u32],
    a: ArithmeticPeriod,
    budget: &Budget<'_>,
) -> Assessed {
    let verdict = match Candidate::of(g, &a) {
        Some(f) => certify(code, &f, budget),
        None => Err(CertificateError::Constants),
    };
    Assessed { seen: a, verdict }
}

/// [`of_solved`] decided by the certificate with the default budget
/// ([`DEFAULT_MAX_STATES`] states an automaton), stopping (the verdict an
/// error) once `cancelled` says so; `None` when neither a period nor an
/// arithmetic period is seen.
///
/// ```
/// use takeaway::games::octal::{arithmetic_period::assess, code::OctalCode, solve::{solve, Outcome, Run}};
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.3F").unwrap(), Run::new(300)).unwrap() else { panic!() };
/// assert!(assess(&s, &|| false).unwrap().verdict.is_ok());
/// ```
pub fn assess(s: &super::solve::Solved, cancelled: &dyn Fn() -> bool) -> Option<Assessed> {
    let a = of_solved(s)?;
    // The candidate needs only the values before the first full period.
    let start = (a.preperiod + a.period).min(s.values.len());
    let g: Vec<u32> = (0..start).map(|n| s.values.get(n)).collect();
    let budget = Budget {
        max_states: DEFAULT_MAX_STATES,
        cancelled,
    };
    Some(assess_values(&s.code, &g, a, &budget))
}

/// The summary line ([`assess`]): `arithmetic period P, saltus S, pre-period
/// Q (…); proved for every n: …` with the automata's sizes, or `looks
/// arithmetic-periodic to N: …, not proved: ` and why (a counterexample
/// heap, or the automata's budget), or that no regularity was found (for a
/// code that is not octal). Saltus 0 reads as a period: `period P,
/// pre-period Q (…); proved for every n: G(n + P) = G(n) from n = Q (…)`,
/// or `looks periodic to N: period P, pre-period Q (…), not proved: …`.
///
/// ```
/// use takeaway::games::octal::{arithmetic_period::line, code::OctalCode, solve::{solve, Outcome, Run}};
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.3F").unwrap(), Run::new(300)).unwrap() else { panic!() };
/// assert!(line(&s).starts_with("arithmetic period 6, saltus 3, pre-period 0 (no exception); proved for every n: G(n + 6) = G(n) + 3 from n = 0"));
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.B").unwrap(), Run::new(300)).unwrap() else { panic!() };
/// assert!(line(&s).starts_with("period 2, pre-period 0 (no exception); proved for every n: G(n + 2) = G(n) from n = 0"));
/// ```
pub fn line(s: &super::solve::Solved) -> String {
    describe(s, assess(s, &|| false).as_ref())
}

/// [`line()`] of an assessment already made.
pub fn describe(s: &super::solve::Solved, assessed: Option<&Assessed>) -> String {
    let last = s.values.len().saturating_sub(1);
    let Some(Assessed { seen: a, verdict }) = assessed else {
        return format!(
            "no period or arithmetic period seen up to {last} (the octal periodicity theorem is for octal codes: nothing is proved)"
        );
    };
    let (p, sa, i, c) = (a.period, a.saltus, a.preperiod, a.checked);
    // Saltus 0 is an ordinary period, worded as one.
    let (kind, saltus, plus) = if sa == 0 {
        ("periodic", String::new(), String::new())
    } else {
        (
            "arithmetic-periodic",
            format!(", saltus {sa}"),
            format!(" + {sa}"),
        )
    };
    let looks = format!(
        "looks {kind} to {last}: period {p}{saltus}, pre-period {i} (G(n + {p}) = G(n){plus} for {i} ≤ n < {c}), not proved"
    );
    match verdict {
        Ok(Verdict::Proved(proof)) => {
            let exception = if i == 0 {
                "no exception".to_string()
            } else {
                format!("last exception n = {}", i - 1)
            };
            let named = if sa == 0 { "" } else { "arithmetic " };
            format!(
                "{named}period {p}{saltus}, pre-period {i} ({exception}); proved for every n: G(n + {p}) = G(n){plus} from n = {i} (induction G(n) = mex of its options checked by automata for every n: Opt has {o} states, the largest of {k} automata {l}; no counterexample)",
                o = proof.option_states,
                k = proof.automata,
                l = proof.largest_states,
            )
        }
        Ok(Verdict::Refuted(x)) => format!(
            "{looks}: it fails at heap {h} (the automata find G({h}) ≠ {y}, the candidate's value)",
            h = x.heap,
            y = x.claimed
        ),
        Err(e) => format!("{looks}: {e}"),
    }
}

/// The JSON field `arithmetic`: `{period, saltus, preperiod, checked,
/// proved, certificate, counterexample, refusal}` (saltus 0: an ordinary
/// period) or null when neither is seen: `certificate`
/// holds the automata's sizes of a proof (`graph_states`, `option_states`,
/// `largest_states`, `automata`), `counterexample` the heap and claimed
/// value of a refutation, `refusal` why nothing was decided.
pub fn json(s: &super::solve::Solved) -> serde_json::Value {
    json_of(assess(s, &|| false).as_ref())
}

/// [`json`] of an assessment already made.
pub fn json_of(assessed: Option<&Assessed>) -> serde_json::Value {
    let Some(Assessed { seen: a, verdict }) = assessed else {
        return serde_json::Value::Null;
    };
    let number = |x: &num_bigint::BigUint| match u64::try_from(x) {
        Ok(v) => serde_json::json!(v),
        Err(_) => serde_json::json!(x.to_string()),
    };
    let sizes = |p: &super::arithmetic_certificate::Proof| {
        serde_json::json!({
            "graph_states": p.graph_states, "option_states": p.option_states,
            "largest_states": p.largest_states, "automata": p.automata,
        })
    };
    let null = serde_json::Value::Null;
    let (proved, certificate, counterexample, refusal) = match verdict {
        Ok(Verdict::Proved(p)) => (true, sizes(p), null.clone(), null),
        Ok(Verdict::Refuted(x)) => (
            false,
            null.clone(),
            serde_json::json!({"heap": number(&x.heap), "claimed": number(&x.claimed)}),
            null,
        ),
        Err(e) => (false, null.clone(), null, serde_json::json!(e.to_string())),
    };
    serde_json::json!({
        "period": a.period, "saltus": a.saltus, "preperiod": a.preperiod,
        "checked": a.checked, "proved": proved, "certificate": certificate,
        "counterexample": counterexample, "refusal": refusal,
    })
}
