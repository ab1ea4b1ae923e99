//! Arithmetic periodicity of a Grundy sequence: `G(n + p) = G(n) + s` for
//! every `n ≥ i` (period `p`, saltus `s > 0`, pre-period `i`), the
//! regularity of many hexadecimal games (Howse and Nowakowski, "Periodicity
//! and arithmetic-periodicity in hexadecimal games", TCS 313 (2004) 463–472;
//! `0.3F` has `G(n + 6) = G(n) + 3`).
//!
//! Law: [`detect`] reports the least `p`, with its saltus and least
//! pre-period, such that `G(n + p) = G(n) + s` holds for *every* computed
//! `n ≥ i` and over a stretch of at least `2i + 2p + k` heaps (`k` the
//! largest removal); it is an observation about the computed values, never
//! a proof: the report says "looks arithmetic-periodic to N, not proved".
//! No certificate is given here (Howse and Nowakowski's arithmetic-periodicity
//! theorem states when finitely many values prove it; its statement could
//! not be checked against the paper for this build, so nothing is claimed
//! proved). A sequence that is not arithmetic-periodic on the computed values
//! is never reported.

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
    find(g, k, 1)
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
    find(g, k, 0)
}

/// The least period with saltus at least `least_saltus` (see [`detect`]).
fn find(g: &[u32], k: usize, least_saltus: i64) -> Option<ArithmeticPeriod> {
    let len = g.len();
    for p in 1..len {
        if 2 * p + k + p > len {
            break;
        }
        let last = len - 1;
        let s = i64::from(g[last]) - i64::from(g[last - p]);
        if s < least_saltus {
            continue;
        }
        let holds = |n: usize| i64::from(g[n + p]) - i64::from(g[n]) == s;
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

/// [`detect`] on a solved sequence of a code that is not octal (an octal
/// code's sequence is never arithmetic-periodic with a finite code:
/// Horrocks and Nowakowski, INTEGERS 3 (2003), "finite octal games are not
/// arithmetic periodic"; its regularity is the proved period).
pub fn of_solved(s: &super::solve::Solved) -> Option<ArithmeticPeriod> {
    if s.code.is_octal() {
        return None;
    }
    let mut g = Vec::with_capacity(s.values.len());
    s.values.for_each(|v| g.push(v));
    detect(&g, s.code.max_take())
}

/// The summary line: `looks arithmetic-periodic to N: …, not proved`, or
/// that no regularity was found (for a code that is not octal).
///
/// ```
/// use takeaway::games::octal::{arithmetic_period::line, code::OctalCode, solve::{solve, Outcome, Run}};
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.3F").unwrap(), Run::new(300)).unwrap() else { panic!() };
/// assert_eq!(line(&s), "looks arithmetic-periodic to 299: period 6, saltus 3, pre-period 0 (G(n + 6) = G(n) + 3 for 0 ≤ n < 294), not proved");
/// ```
pub fn line(s: &super::solve::Solved) -> String {
    let last = s.values.len().saturating_sub(1);
    match of_solved(s) {
        Some(a) => format!(
            "looks arithmetic-periodic to {last}: period {p}, saltus {sa}, pre-period {i} (G(n + {p}) = G(n) + {sa} for {i} ≤ n < {c}), not proved",
            p = a.period,
            sa = a.saltus,
            i = a.preperiod,
            c = a.checked
        ),
        None => format!(
            "no period or arithmetic period seen up to {last} (the octal periodicity theorem is for octal codes: nothing is proved)"
        ),
    }
}

/// The JSON field `arithmetic`: `{period, saltus, preperiod, checked,
/// proved: false}` or null.
pub fn json(s: &super::solve::Solved) -> serde_json::Value {
    match of_solved(s) {
        Some(a) => serde_json::json!({
            "period": a.period, "saltus": a.saltus, "preperiod": a.preperiod,
            "checked": a.checked, "proved": false,
        }),
        None => serde_json::Value::Null,
    }
}
