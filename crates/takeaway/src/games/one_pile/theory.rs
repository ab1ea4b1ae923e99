//! The closed forms for one pile, each used only where its hypotheses hold.
//!
//! * **Schwenk / Epp–Ferguson** (papers 000 §2 and 004): for `f(t)` that does
//!   not depend on `n`, is nondecreasing and has `f(1) ≥ 1`, build the
//!   H-sequence `H1 = 1`, `H(k+1) = H(k) + H(j)` with `j` least such that
//!   `f(H(j)) ≥ H(k)`; write `n = H(a1) + … + H(as)` with `f(H(ai)) < H(ai+1)`;
//!   then the least winning move `L(n)` is the smallest term `H(a1)`.
//!   As printed, the papers need `j` to exist at every step; when
//!   `f(H(k)) < H(k)` for some `k` no such `j` exists and the sequence stops:
//!   then `L(n)` is periodic with period the last term, proved per game by a
//!   window ([`stopped`](super::stopped)); where that proof fails we report
//!   the hypothesis as failing (brute force then answers).
//! * **Holshouser–Reiter Game 1** (paper 002 §4): for a base `B` and `f(n, t)`
//!   satisfying P-5 (`f(n, x) ≥ g(n − x)` for `1 ≤ x < g(n)`) and P-8
//!   (`f(n, g(n)) < g(n − g(n))`, `g(0) = ∞`), the least winning move is
//!   `g0(n) = g(n)`, the smallest term of `n` in `B` (Algorithm 1).

use super::stopped::Stopped;
use crate::bound::Bound;
pub use crate::games::shared::{HypothesisFails, schwenk_base};
use crate::numeration::base::Base;
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// Largest pile for which hypotheses are checked by evaluating `f` at every
/// `t ≤ n` (and every `(m, x)` with `m ≤ n` for Game 1).
pub const CHECK_CAP: u64 = 1_000_000;

/// Which theorem answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theorem {
    /// Schwenk (f nondecreasing, f(t) ≥ t) / Epp–Ferguson (f(1) ≥ 1): smallest H-sequence term.
    Schwenk,
    /// Holshouser–Reiter Game 1 (P-5, P-8): g0(n) = g(n).
    HolshouserReiterGame1,
    /// Epp–Ferguson with a stopped H-sequence: `L` periodic with period the
    /// last term, proved for the game by a window ([`Stopped`]).
    EppFergusonStopped,
}

/// The theory's answer for one pile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TheoryAnswer {
    /// `L(n)`, the least winning move (`None` for `n = 0`).
    pub least_winning_move: Option<BigUint>,
    /// The terms of `n` (ascending), in the base the theorem uses; when there
    /// are more than [`TERMS_KEPT`], only the smallest two and the largest
    /// eight (all an explanation shows: a million-digit pile has ~1.3 million
    /// terms, too many to hold).
    pub terms: Vec<BigUint>,
    /// How many terms `n` has in all.
    pub term_count: usize,
    /// The theorem used.
    pub theorem: Theorem,
    /// The base, named for explanations (`Fibonacci`, `H-sequence of f`, ...).
    pub base_name: String,
    /// What was checked, e.g. `f nondecreasing on t ≤ 20`.
    pub checked: String,
    /// The period `P` of a stopped H-sequence (its last term), where `L(n)`
    /// depends on `n mod P` only ([`Theorem::EppFergusonStopped`]).
    pub period: Option<u64>,
}

/// Most terms [`TheoryAnswer::terms`] holds: the smallest two and the largest eight.
pub const TERMS_KEPT: usize = 10;

/// Checks Schwenk's / Epp–Ferguson's hypotheses for piles up to `n`:
/// `f` independent of `n`, `f(1) ≥ 1`, `f` nondecreasing on `1 ≤ t ≤ n`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::one_pile::theory::check_schwenk;
/// assert!(check_schwenk(&Bound::parse("2*t").unwrap(), 1000).is_ok());
/// assert!(check_schwenk(&Bound::parse("max(1, 5-t)").unwrap(), 1000).is_err());
/// ```
pub fn check_schwenk(f: &Bound, n: u64) -> Result<String, HypothesisFails> {
    if f.uses_n() {
        return Err(HypothesisFails(
            "f depends on n; Schwenk's theorem needs f(t) alone (give `:base=...` for Holshouser–Reiter Game 1)".into(),
        ));
    }
    let eval = |t: u64| {
        f.eval_u64(0, t)
            .map_err(|e| HypothesisFails(format!("f cannot be evaluated: {e}")))
    };
    if eval(1)? < 1 {
        return Err(HypothesisFails(
            "f(1) = 0 < 1 (Epp–Ferguson need f(1) ≥ 1)".into(),
        ));
    }
    if f.is_syntactically_nondecreasing_in_t() {
        // No evaluation needed (it cost a second per 10^6 values on big piles).
        return Ok("f(1) ≥ 1; f nondecreasing for every t by the form of the expression".into());
    }
    let upto = n.clamp(1, CHECK_CAP);
    let mut prev = eval(1)?;
    for t in 2..=upto {
        let v = eval(t)?;
        if v < prev {
            return Err(HypothesisFails(format!(
                "f is not nondecreasing: f({t}) = {v} < f({}) = {prev}",
                t - 1
            )));
        }
        prev = v;
    }
    if n > CHECK_CAP {
        return Err(HypothesisFails(format!(
            "cannot check that f is nondecreasing beyond t = {CHECK_CAP} (the expression is not built from t, \
             nonnegative constants, +, *, floor division by a positive constant, min and max only)"
        )));
    }
    Ok(format!(
        "f(1) ≥ 1 and f nondecreasing on t ≤ {upto}, by evaluation"
    ))
}

/// Checks Holshouser–Reiter's P-5 and P-8 for every pile `m ≤ n` in base `b`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::numeration::base::Base;
/// use takeaway::games::one_pile::theory::check_game1;
/// let f = Bound::parse("if(t<=n, 2*t, 0)").unwrap();
/// assert!(check_game1(&f, &Base::fibonacci(), 200).is_ok());
/// assert!(check_game1(&Bound::parse("t").unwrap(), &Base::fibonacci(), 200).is_err());
/// ```
pub fn check_game1(f: &Bound, b: &Base, n: u64) -> Result<String, HypothesisFails> {
    if n > CHECK_CAP {
        return Err(HypothesisFails(format!(
            "P-5 (f(n, x) ≥ g(n − x) for 1 ≤ x < g(n)) and P-8 (f(n, g(n)) < g(n − g(n))) cannot be decided for every pile up to {n}: \
             f depends on n (or its H-sequence is not the base), so they are checked pile by pile, which stops at {CHECK_CAP}"
        )));
    }
    let g = |m: u64| -> Result<Option<u64>, HypothesisFails> {
        b.g(&BigUint::from(m))
            .map(|v| v.and_then(|v| v.to_u64()))
            .map_err(|e| HypothesisFails(e.to_string()))
    };
    let eval = |m: u64, t: u64| {
        f.eval_u64(m, t)
            .map_err(|e| HypothesisFails(format!("f cannot be evaluated: {e}")))
    };
    for m in 1..=n {
        let gm = g(m)?.ok_or_else(|| HypothesisFails("g undefined".into()))?;
        for x in 1..gm {
            let need = g(m - x)?.unwrap_or(u64::MAX);
            let v = eval(m, x)?;
            if v < need {
                return Err(HypothesisFails(format!(
                    "P-5 fails at n = {m}, x = {x}: f({m}, {x}) = {v} < g({}) = {need}",
                    m - x
                )));
            }
        }
        let v = eval(m, gm)?;
        if let Some(need) = g(m - gm)?
            && v >= need
        {
            return Err(HypothesisFails(format!(
                "P-8 fails at n = {m}: f({m}, g({m})) = f({m}, {gm}) = {v} ≥ g({}) = {need}",
                m - gm
            )));
        }
    }
    Ok(format!(
        "P-5 and P-8 hold for every pile n ≤ {n}, by evaluation"
    ))
}

/// Game 1 without enumerating piles, where `f` does not depend on `n`: the
/// game is then Schwenk's one-pile game of `f(t)`, whose least winning move
/// is the smallest term of `n` in the H-sequence of `f` (Schwenk /
/// Epp–Ferguson, when `f(1) ≥ 1` and `f` is nondecreasing, checked without
/// evaluation for an expression of monotone form); when the base's terms up
/// to `n` are exactly those H-sequence terms, `g(n)` in the base is that
/// least winning move — what P-5 and P-8 give, decided for every pile at
/// once. `None` when this does not apply (then P-5 and P-8 are checked pile
/// by pile).
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::numeration::base::Base;
/// use takeaway::games::one_pile::theory::schwenk_reduction;
/// let n = "13877537788375502045".parse().unwrap();
/// assert!(schwenk_reduction(&Bound::parse("2*t").unwrap(), &Base::fibonacci(), &n).is_some());
/// // f = t's H-sequence is the powers of 2, not the Fibonacci numbers.
/// assert!(schwenk_reduction(&Bound::parse("t").unwrap(), &Base::fibonacci(), &n).is_none());
/// ```
pub fn schwenk_reduction(f: &Bound, b: &Base, n: &BigUint) -> Option<String> {
    if f.uses_n() {
        return None;
    }
    let monotone = check_schwenk(f, n.to_u64().unwrap_or(u64::MAX)).ok()?;
    let (h, _) = schwenk_base(f);
    let mut k = 1usize;
    loop {
        let (tb, th) = (b.term(k).ok()?, h.term(k).ok()?);
        if tb != th {
            return None;
        }
        if tb > *n {
            break;
        }
        k += 1;
    }
    Some(format!(
        "f does not depend on n, so Game 1 is Schwenk's game of f(t) ({monotone}), and the base's terms up to the pile are the H-sequence of f ({} terms compared): Schwenk's least winning move is g(n), decided for every pile without checking P-5 and P-8 pile by pile",
        k
    ))
}

/// The theory's least winning move for pile `n`: Game 1 when `base` (with its
/// name for explanations) is given, else Schwenk. `Err` says which hypothesis fails.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::one_pile::theory::least_winning_move;
/// use num_bigint::BigUint;
/// // Paper 000 §2 / Whinihan: 20 = 13 + 5 + 2 in Fibonacci, L(20) = 2.
/// let a = least_winning_move(&Bound::parse("2*t").unwrap(), None, &BigUint::from(20u32)).unwrap();
/// assert_eq!(a.least_winning_move, Some(BigUint::from(2u32)));
/// ```
pub fn least_winning_move(
    f: &Bound,
    base: Option<(&Base, &str)>,
    n: &BigUint,
) -> Result<TheoryAnswer, HypothesisFails> {
    let n_small = n.to_u64().unwrap_or(u64::MAX);
    if base.is_none()
        && let Some(s) = Stopped::new(f)
    {
        return Ok(stopped_answer(f, &s, n));
    }
    let (theorem, b, base_name, checked) = match base {
        Some((b, name)) => {
            let checked = match schwenk_reduction(f, b, n) {
                Some(reduced) => reduced,
                None => check_game1(f, b, n_small)?,
            };
            (
                Theorem::HolshouserReiterGame1,
                b.clone(),
                format!("the base {name}"),
                checked,
            )
        }
        None => {
            let checked = check_schwenk(f, n_small)?;
            let (b, name) = schwenk_base(f);
            (Theorem::Schwenk, b, name, checked)
        }
    };
    if n.is_zero() {
        return Ok(TheoryAnswer {
            least_winning_move: None,
            terms: Vec::new(),
            term_count: 0,
            theorem,
            base_name,
            checked,
            period: None,
        });
    }
    let idx = b.representation(n).map_err(|e| {
        let n = super::explain::short(n);
        HypothesisFails(format!("cannot write {n} in {base_name}: {e}"))
    })?;
    let term_count = idx.len();
    let kept: Vec<usize> = if term_count > TERMS_KEPT {
        idx.iter()
            .take(2)
            .chain(&idx[term_count - 8..])
            .copied()
            .collect()
    } else {
        idx
    };
    let terms = b
        .terms_at(&kept)
        .map_err(|e| HypothesisFails(format!("cannot build {base_name}: {e}")))?;
    let least = terms.first().cloned().unwrap_or_else(BigUint::one);
    Ok(TheoryAnswer {
        least_winning_move: Some(least),
        terms,
        term_count,
        theorem,
        base_name,
        checked,
        period: None,
    })
}

/// The answer for a stopped H-sequence: the terms are those of `n mod P`
/// (ascending), then `P` once or twice (as far as `P` fits in `n`), so the
/// first is `L(n)` and the second `L` of what the winning move leaves.
fn stopped_answer(f: &Bound, s: &Stopped, n: &BigUint) -> TheoryAnswer {
    let p = s.period();
    let (q, r) = s.split(n);
    let mut terms: Vec<BigUint> = s.representation(r).into_iter().map(BigUint::from).collect();
    // As many copies of P as matter to the explanation (what the move leaves).
    let copies = q.to_u64().unwrap_or(u64::MAX).min(2);
    terms.extend((0..copies).map(|_| BigUint::from(p)));
    let listed: Vec<String> = s.terms.iter().map(u64::to_string).collect();
    TheoryAnswer {
        least_winning_move: (!n.is_zero()).then(|| s.least_winning_move(n)),
        term_count: terms.len(),
        terms,
        theorem: Theorem::EppFergusonStopped,
        period: Some(p),
        base_name: format!(
            "the H-sequence of f = {f}, which stops at H{} = {p} (H = {}; no term has f(H_j) ≥ {p})",
            s.terms.len(),
            listed.join(", ")
        ),
        checked: format!(
            "f(1) ≥ 1; the rule matches L(m) = min{{t : t = m or f(t) < L(m − t)}} for every m ≤ 3·{p}, so L has period {p} for every pile"
        ),
    }
}
