//! The statements of Larsson and Rubinstein-Salzedo's "Grundy values of
//! Fibonacci nim" (IJGT 2016, arXiv 1410.0332), and new observations,
//! checked on every row `G(n, ·)` of Fibonacci Nim computed as steps
//! ([`super::grundy_steps`]).
//!
//! Fibonacci Nim is `f(t) = 2t`: pile `n`, bound `w` (the largest take now
//! allowed), the first move bounded by `n − 1`, so `G(n, n − 1)` is the
//! value of the *starting position* of a pile of `n`. `Z(n)` is the least
//! part of `n`'s Zeckendorf representation (its sum of non-consecutive
//! Fibonacci numbers 1, 2, 3, 5, 8, …).
//!
//! What each statement says (in our words; `kind` says where it comes from),
//! in the report's order:
//! - `whinihan-zero` (theorem, Whinihan 1963, restated in the paper's
//!   introduction): `G(n, w) = 0` exactly when `w < Z(n)`, for `n ≥ 1`;
//! - `start-zero` (theorem, its corollary the paper quotes): the starting
//!   position is lost, `G(n, n − 1) = 0`, exactly when `n ≥ 2` is a
//!   Fibonacci number;
//! - `start-nondecreasing` (theorem, the paper's abstract): over the
//!   non-Fibonacci `n`, `G(n, n − 1)` never decreases as `n` grows;
//! - `grundy-one`, `grundy-two`, `grundy-three` (theorems): the paper's
//!   characterisation of the positions of Grundy value 1, 2 and 3 by the
//!   Zeckendorf parts `z1 < z2 < z3 < …` of `n`, known here secondhand and
//!   corrected by the brute force where the transcription is false
//!   ([`super::fibonacci_small_values`]; its value 0 is `whinihan-zero`,
//!   `Z(n) = z1`);
//! - `rows-are-steps` (law): every row is a nondecreasing step function of
//!   `w` (more options, a mex no smaller), with at most `G(n, n) + 1` steps;
//! - `start-strictly-increasing` (a reading of the abstract's word
//!   "increasing", recorded as an observation): it fails at once, `G(6, 5)
//!   = G(7, 6) = 4`, so the theorem is the nondecreasing one;
//! - `grundy-two-as-transcribed`, `grundy-three-as-transcribed`
//!   (observations): the secondary source's transcription as written, false
//!   first at `G(7, 5) = 4` (`7 = 2 + 5`, `w = z2`) and `G(4, 1) = 1`;
//! - `start-first-ratio` (conjecture, new): with `a(v)` the least
//!   non-Fibonacci `n` with `G(n, n − 1) ≥ v`, `2·a(v + 1) ≤ 3·a(v)`: the
//!   value grows at least logarithmically, by one for every factor 3/2 of
//!   the pile (equality at `a(3) = 4, a(4) = 6` and `a(8) = 22, a(9) = 33`).
//!
//! The paper's upper and lower bounds on the starting values' growth are
//! not stated here: their text was not available to this project (only the
//! abstract and the introduction; the secondary source does not state
//! them), and they are not invented.

use super::OnePile;
use super::fibonacci_small_values::{Reading, bounds_of_parts, zeckendorf_parts};
use super::grundy_steps::GrundySteps;
use crate::engine::{Convention, Limits};
use crate::games::error::GameError;
use crate::games::progress::Progress;
use serde::Serialize;

/// Where a statement comes from, and whether a failure is a disagreement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A published theorem: a counterexample is a disagreement.
    Theorem,
    /// A law of the rules (the mex of growing option sets): likewise.
    Law,
    /// A pattern seen in the computed rows, not proved: a counterexample
    /// refutes the conjecture and is reported, not a disagreement.
    Conjecture,
    /// A recorded fact about the rows (such as a reading of the paper that
    /// is false): reported either way.
    Observation,
}

impl Kind {
    /// The kind in a word (`theorem`, `law`, `conjecture`, `observation`),
    /// as the report's text writes it.
    ///
    /// ```
    /// use takeaway::games::one_pile::fibonacci_grundy::Kind;
    /// assert_eq!(Kind::Law.word(), "law");
    /// ```
    pub fn word(self) -> &'static str {
        match self {
            Kind::Theorem => "theorem",
            Kind::Law => "law",
            Kind::Conjecture => "conjecture",
            Kind::Observation => "observation",
        }
    }
}

/// One statement and how it fared on the rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Statement {
    /// Short name (`whinihan-zero`, `start-nondecreasing`, …).
    pub id: &'static str,
    /// Theorem, law, conjecture or observation.
    pub kind: Kind,
    /// Where it comes from.
    pub source: &'static str,
    /// What it says.
    pub claim: &'static str,
    /// The range checked, in words (`1 ≤ n < 1000000, every w ≤ n`).
    pub range: String,
    /// Cases checked (positions, starting positions or values).
    pub checked: u64,
    /// Whether it held on every case checked.
    pub holds: bool,
    /// The first counterexample, in words.
    pub counterexample: Option<String>,
}

/// The statements checked on rows `0..rows` of Fibonacci Nim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TheoremReport {
    /// The game (`fibonacci`).
    pub game: String,
    /// Rows computed (`0 ≤ n < rows`).
    pub rows: u64,
    /// Steps in all rows.
    pub steps: u64,
    /// How the rows were computed (`grundy-steps-sweep`).
    pub method: &'static str,
    /// Each statement, in the order above.
    pub statements: Vec<Statement>,
    /// `[v, n]`: the least non-Fibonacci `n` with `G(n, n − 1) ≥ v`, for
    /// each value `v` reached (the starting values' growth).
    pub start_first: Vec<[u64; 2]>,
    /// True when no theorem or law fails (conjectures do not count).
    pub agree: bool,
}

/// The Fibonacci numbers 1, 2, 3, 5, … up to `limit` (inclusive).
fn fibonacci_up_to(limit: u64) -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
        if next > limit {
            break;
        }
        f.push(next);
    }
    f.retain(|&x| x <= limit);
    f
}

/// `Z(n)`: the least part of the Zeckendorf representation of `n ≥ 1`,
/// by the greedy algorithm over `fib` (the Fibonacci numbers up to `n`).
///
/// ```
/// use takeaway::games::one_pile::fibonacci_grundy::least_zeckendorf_part;
/// assert_eq!(least_zeckendorf_part(12), 1); // 12 = 8 + 3 + 1
/// assert_eq!(least_zeckendorf_part(10), 2); // 10 = 8 + 2
/// assert_eq!(least_zeckendorf_part(13), 13);
/// ```
pub fn least_zeckendorf_part(n: u64) -> u64 {
    let fib = fibonacci_up_to(n);
    let mut rest = n;
    let mut last = n;
    for &f in fib.iter().rev() {
        if f <= rest {
            rest -= f;
            last = f;
            if rest == 0 {
                break;
            }
        }
    }
    last
}

/// Whether `game` is Fibonacci Nim on piles below `rows`: normal play, no
/// base, and `f(t) = 2t` for every take `1 ≤ t < rows` (`fibonacci` and
/// `one-pile:f=2*t` alike).
fn is_fibonacci_nim(game: &OnePile, rows: u64) -> Result<bool, GameError> {
    if game.misere || game.base.is_some() || game.f.uses_n() {
        return Ok(false);
    }
    if rows <= 1 {
        return Ok(true);
    }
    let ft = game.f.table_of_t(rows - 1).map_err(GameError::Bound)?;
    Ok(ft
        .iter()
        .enumerate()
        .skip(1)
        .all(|(t, &v)| Some(v) == (t as u64).checked_mul(2)))
}

/// Computes rows `0..rows` of Fibonacci Nim as steps and checks every
/// statement of the module's list on them.
///
/// Errors: [`GameError::Unsupported`] for any game but Fibonacci Nim in
/// normal play; the errors of [`GrundySteps::build`] (too many rows for
/// `limits`, cancelled).
///
/// Law: `agree` is true exactly when every theorem and law holds; each
/// failing statement names its first counterexample (least `n`).
///
/// ```
/// use takeaway::games::one_pile::fibonacci_grundy::check;
/// use takeaway::games::one_pile::OnePile;
/// use takeaway::games::{Limits, NoProgress};
/// use takeaway::spec::GameSpec;
/// let fib = OnePile::from_spec(&GameSpec::parse("fibonacci").unwrap()).unwrap();
/// let r = check(&fib, 1000, &Limits::strict(), &NoProgress).unwrap();
/// assert!(r.statements.iter().find(|s| s.id == "start-nondecreasing").unwrap().holds);
/// // G(6, 5) = G(7, 6) = 4: the starting values are not strictly increasing.
/// let strict = r.statements.iter().find(|s| s.id == "start-strictly-increasing").unwrap();
/// assert!(!strict.holds);
/// assert_eq!(r.start_first[0], [3, 4]); // G(4, 3) = 3, the first non-Fibonacci start
/// ```
pub fn check(
    game: &OnePile,
    rows: u64,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<TheoremReport, GameError> {
    use crate::games::model::Family;
    if !is_fibonacci_nim(game, rows)? {
        return Err(
            crate::games::unanswered::Unsupported::NotFibonacciNim { spec: game.spec() }.into(),
        );
    }
    let g = GrundySteps::build(&game.f, rows, Convention::Normal, limits, progress)?;
    let r = g.rows();
    let fib = fibonacci_up_to(r as u64);
    let is_fib = |n: u64| fib.binary_search(&n).is_ok();

    // whinihan-zero: the second step of row n starts at Z(n).
    let mut zero = Checker::default();
    // rows-are-steps: values increase along a row, at most G(n, n) + 1 steps.
    let mut law = Checker::default();
    for n in 0..r {
        let (starts, values) = g.row(n);
        law.checked += 1;
        if !law.failed() {
            let top = values.last().copied().unwrap_or(0);
            if starts.first() != Some(&0) || values.windows(2).any(|p| p[0] >= p[1]) {
                law.fail(format!(
                    "row {n}: steps {:?} do not rise from w = 0",
                    g.steps(n).collect::<Vec<_>>()
                ));
            } else if values.len() as u64 > u64::from(top) + 1 {
                law.fail(format!(
                    "row {n} has {} steps, more than G({n}, {n}) + 1 = {}",
                    values.len(),
                    u64::from(top) + 1
                ));
            }
        }
        if n == 0 {
            continue;
        }
        zero.checked += n as u64 + 1;
        if !zero.failed() {
            let z = least_zeckendorf_part(n as u64);
            let rise = starts.get(1).map(|&w| u64::from(w));
            if values[0] != 0 || rise != Some(z) {
                zero.fail(format!(
                    "n = {n}: G(n, w) is 0 exactly for w < {}, but Z({n}) = {z}",
                    rise.map_or_else(|| "every w".to_string(), |w| w.to_string())
                ));
            }
        }
    }

    // The starting positions G(n, n − 1), n ≥ 2.
    let mut start_zero = Checker::default();
    let mut nondecreasing = Checker::default();
    let mut strictly = Checker::default();
    let mut start_first: Vec<[u64; 2]> = Vec::new();
    let mut previous: Option<(usize, u32)> = None;
    for n in 2..r {
        let v = g.at(n, n as u64 - 1);
        let fibonacci = is_fib(n as u64);
        start_zero.checked += 1;
        if (v == 0) != fibonacci && !start_zero.failed() {
            start_zero.fail(format!(
                "G({n}, {}) = {v}, but {n} is {}a Fibonacci number",
                n - 1,
                if fibonacci { "" } else { "not " }
            ));
        }
        if fibonacci {
            continue;
        }
        if let Some((m, u)) = previous {
            nondecreasing.checked += 1;
            strictly.checked += 1;
            if v < u && !nondecreasing.failed() {
                nondecreasing.fail(format!("G({m}, {}) = {u} > G({n}, {}) = {v}", m - 1, n - 1));
            }
            if v <= u && !strictly.failed() {
                strictly.fail(format!("G({m}, {}) = {u}, G({n}, {}) = {v}", m - 1, n - 1));
            }
        }
        match start_first.last() {
            None => start_first.push([u64::from(v), n as u64]),
            Some(&[top, _]) if u64::from(v) > top => {
                for w in top + 1..=u64::from(v) {
                    start_first.push([w, n as u64]);
                }
            }
            Some(_) => {}
        }
        previous = Some((n, v));
    }

    // The positions of value 1, 2 and 3 (the paper's characterisation,
    // secondhand): the bounds where row n has the value, against the bounds
    // the statement gives, corrected and as transcribed.
    let mut small = [
        (1, Reading::Corrected, Checker::default()),
        (2, Reading::Corrected, Checker::default()),
        (3, Reading::Corrected, Checker::default()),
        (2, Reading::Transcribed, Checker::default()),
        (3, Reading::Transcribed, Checker::default()),
    ];
    for n in 1..r {
        let (starts, values) = g.row(n);
        let n64 = n as u64;
        let parts = zeckendorf_parts(n64);
        for (v, reading, c) in &mut small {
            c.checked += n64;
            if c.failed() {
                continue;
            }
            let claimed = bounds_of_parts(n64, &parts, *v, *reading);
            let actual = value_bounds(starts, values, *v, n64);
            if let Some(w) = first_difference(actual, claimed) {
                let says = claimed.is_some_and(|(lo, hi)| lo <= w && w < hi);
                let sum: Vec<String> = parts.iter().map(u64::to_string).collect();
                c.fail(format!(
                    "n = {n} = {}, w = {w}: G({n}, {w}) = {}, but the statement {} G = {v}",
                    sum.join(" + "),
                    g.at(n, w),
                    if says { "gives" } else { "does not give" }
                ));
            }
        }
    }
    let [one, two, three, two_transcribed, three_transcribed] = small.map(|(_, _, c)| c);

    // start-first-ratio: 2·a(v + 1) ≤ 3·a(v) wherever both are reached.
    let mut ratio = Checker::default();
    for p in start_first.windows(2) {
        let ([v, a], [_, b]) = (p[0], p[1]);
        ratio.checked += 1;
        if b.saturating_mul(2) > a.saturating_mul(3) && !ratio.failed() {
            ratio.fail(format!("a({v}) = {a} but a({}) = {b} > 3·{a}/2", v + 1));
        }
    }

    let every_position = format!("1 ≤ n < {r}, every w ≤ n");
    let starts_range = format!("2 ≤ n < {r}");
    let small_range = format!("1 ≤ n < {r}, every 1 ≤ w ≤ n");
    let statements = vec![
        zero.statement(
            "whinihan-zero",
            Kind::Theorem,
            "Whinihan (1963), restated in the paper's introduction",
            "G(n, w) = 0 exactly when w < Z(n), the least part of n's Zeckendorf representation",
            every_position,
        ),
        start_zero.statement(
            "start-zero",
            Kind::Theorem,
            "Whinihan (1963), as the paper states it",
            "the starting position is lost, G(n, n − 1) = 0, exactly when n is a Fibonacci number",
            starts_range.clone(),
        ),
        nondecreasing.statement(
            "start-nondecreasing",
            Kind::Theorem,
            "Larsson & Rubinstein-Salzedo, the paper's abstract",
            "over non-Fibonacci n, G(n, n − 1) never decreases as n grows",
            format!("non-Fibonacci {starts_range}"),
        ),
        one.statement(
            "grundy-one",
            Kind::Theorem,
            SECONDHAND,
            "G(n, w) = 1 exactly when z1 = 1 and 1 ≤ w < z2 (n = z1 + z2 + z3 + …, its Zeckendorf parts from the smallest; a missing part is infinite)",
            small_range.clone(),
        ),
        two.statement(
            "grundy-two",
            Kind::Theorem,
            "Larsson & Rubinstein-Salzedo, secondhand (as grundy-one), with the transcription's w ≤ z2 corrected to w < z2 by the brute force",
            "G(n, w) = 2 exactly when z1 = 2 and 2 ≤ w < z2",
            small_range.clone(),
        ),
        three.statement(
            "grundy-three",
            Kind::Theorem,
            "Larsson & Rubinstein-Salzedo, secondhand (as grundy-one), with the transcription's clause n = 4 restricted to w ≥ 3 by the brute force",
            "G(n, w) = 3 exactly when z1 = 1, z2 = 3 and 3 ≤ w < z3 (every w ≥ 3 when n = 4), or z1 = 3 and 3 ≤ w < z2 − 1",
            small_range.clone(),
        ),
        law.statement(
            "rows-are-steps",
            Kind::Law,
            "the mex rule: more options, a mex no smaller",
            "each row G(n, ·) is a nondecreasing step function of w with at most G(n, n) + 1 steps",
            format!("0 ≤ n < {r}"),
        ),
        strictly.statement(
            "start-strictly-increasing",
            Kind::Observation,
            "the abstract's \"increasing\" read strictly",
            "over non-Fibonacci n, G(n, n − 1) strictly increases",
            format!("non-Fibonacci {starts_range}"),
        ),
        two_transcribed.statement(
            "grundy-two-as-transcribed",
            Kind::Observation,
            SECONDHAND,
            "G(n, w) = 2 exactly when z1 = 2 and 2 ≤ w ≤ z2",
            small_range.clone(),
        ),
        three_transcribed.statement(
            "grundy-three-as-transcribed",
            Kind::Observation,
            SECONDHAND,
            "G(n, w) = 3 exactly when z1 = 1, z2 = 3 and either n = 4 or 3 ≤ w < z3, or z1 = 3 and 3 ≤ w < z2 − 1",
            small_range,
        ),
        ratio.statement(
            "start-first-ratio",
            Kind::Conjecture,
            "new, observed on these rows",
            "a(v), the least non-Fibonacci n with G(n, n − 1) ≥ v, has 2·a(v + 1) ≤ 3·a(v)",
            format!(
                "{} ≤ v ≤ {}, the values with a(v + 1) < {r}",
                start_first.first().map_or(0, |&[v, _]| v),
                start_first.last().map_or(0, |&[v, _]| v.saturating_sub(1))
            ),
        ),
    ];
    let agree = statements
        .iter()
        .filter(|s| matches!(s.kind, Kind::Theorem | Kind::Law))
        .all(|s| s.holds);
    Ok(TheoremReport {
        game: game.spec(),
        rows: r as u64,
        steps: g.step_count() as u64,
        method: g.method().name(),
        statements,
        start_first,
        agree,
    })
}

/// Where the characterisation of the values 1 to 3 comes from.
const SECONDHAND: &str = "Larsson & Rubinstein-Salzedo, secondhand: as transcribed in the public repository Jadx03/NimGameAndGrundyNumbers (FibNim/FibNim.py), a student's program citing the paper";

/// The bounds `1 ≤ w ≤ n` where row `n` (its steps) has the value `v`, as
/// `lo..hi`, or `None` (values rise along a row, so they are one range).
fn value_bounds(starts: &[u32], values: &[u32], v: u32, n: u64) -> Option<(u64, u64)> {
    let i = values.iter().position(|&x| x == v)?;
    let lo = u64::from(starts[i]).max(1);
    let hi = starts
        .get(i + 1)
        .map_or(u64::MAX, |&s| u64::from(s))
        .min(n.saturating_add(1));
    (lo < hi).then_some((lo, hi))
}

/// The least `w` in exactly one of two non-empty ranges (either may be
/// missing), or `None` when they are equal.
fn first_difference(a: Option<(u64, u64)>, b: Option<(u64, u64)>) -> Option<u64> {
    match (a, b) {
        (None, None) => None,
        (Some((lo, _)), None) | (None, Some((lo, _))) => Some(lo),
        (Some(x), Some(y)) if x == y => None,
        (Some((a0, a1)), Some((b0, b1))) => Some(if a0 != b0 { a0.min(b0) } else { a1.min(b1) }),
    }
}

/// A count of cases and the first counterexample.
#[derive(Default)]
struct Checker {
    checked: u64,
    counterexample: Option<String>,
}

impl Checker {
    fn failed(&self) -> bool {
        self.counterexample.is_some()
    }

    fn fail(&mut self, why: String) {
        if self.counterexample.is_none() {
            self.counterexample = Some(why);
        }
    }

    fn statement(
        self,
        id: &'static str,
        kind: Kind,
        source: &'static str,
        claim: &'static str,
        range: String,
    ) -> Statement {
        Statement {
            id,
            kind,
            source,
            claim,
            range,
            checked: self.checked,
            holds: self.counterexample.is_none(),
            counterexample: self.counterexample,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::NoProgress;
    use crate::spec::GameSpec;

    fn game(spec: &str) -> OnePile {
        OnePile::from_spec(&GameSpec::parse(spec).unwrap()).unwrap()
    }

    #[test]
    fn zeckendorf_least_part_by_brute_force() {
        // Brute force: the least part of the one representation with no two
        // consecutive Fibonacci numbers, found by trying every subset.
        let fib = [1u64, 2, 3, 5, 8, 13, 21, 34, 55];
        for n in 1..=88u64 {
            let mut found = None;
            for mask in 1u32..(1 << fib.len()) {
                if mask & (mask >> 1) != 0 {
                    continue;
                }
                let sum: u64 = (0..fib.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| fib[i])
                    .sum();
                if sum == n {
                    found = Some(fib[mask.trailing_zeros() as usize]);
                }
            }
            assert_eq!(Some(least_zeckendorf_part(n)), found, "n = {n}");
        }
    }

    #[test]
    fn fibonacci_spelled_as_one_pile_is_accepted_and_others_refused() {
        let limits = Limits::strict();
        assert!(
            check(&game("one-pile:f=2*t"), 300, &limits, &NoProgress)
                .unwrap()
                .agree
        );
        for other in [
            "one-pile:f=3*t",
            "fibonacci:misere=true",
            "one-pile:f=2*t:base=fibonacci",
        ] {
            let Ok(g) = OnePile::from_spec(&GameSpec::parse(other).unwrap()) else {
                continue;
            };
            assert!(
                matches!(
                    check(&g, 300, &limits, &NoProgress),
                    Err(GameError::Unsupported(_))
                ),
                "{other}"
            );
        }
    }

    #[test]
    fn a_lookalike_game_is_refused() {
        // f = 2t on the range checked but f(1) = 3: not Fibonacci Nim, refused,
        // so the check cannot be fooled by a game that only looks alike.
        let g = game("one-pile:f=if(t==1,3,2*t)");
        assert!(check(&g, 50, &Limits::strict(), &NoProgress).is_err());
    }
}
