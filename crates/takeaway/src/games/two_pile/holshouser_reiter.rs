//! Holshouser–Reiter's Game 2 (paper 002 §4): two piles, a base `B`
//! (Definition 1) and a bound `f(n, t)` with `n = x − y` the difference before
//! the move, satisfying P-1…P-9 and the compatibility condition.
//!
//! Positions are `(a, b) = (x − y, x)` (Notation 1); `g'(a, b)` is the least
//! winning move (Definition 10), equal to Flanigan's `L(m, d)` with `d = a`,
//! `m = b − a`. Theorem 2: `g'(0, b) = ∞`; `g'(a, a) = g(a)`; for `a = b_k`,
//! `g'(b_k, b) = b_k` if the degree `d(b_k, b)` (Definition 12) is even and
//! `ḡ(b_k)` if it is odd. Theorem 3 reduces `a = b_(i1) + b_(i2) + …` (two or
//! more terms) to a single term: with `x = b − (b_(i2) + … + b_(it))`,
//! `g'(a, b) = g'(b_(i1), x)` if `x < ḡ(b_(i2))`, else `g'(b_(i1), ḡ(b_(i2)))`.
//! The move follows the Strategy for Game 2.
//!
//! Algorithm 2 only lets a move from the large pile go down to equal piles
//! (`t ≤ a`); the rules also allow taking more (the large pile becomes the
//! small one). Under P-9, `g'(0, b) = ∞`, so taking `a` from the large pile
//! always wins and the least winning move is at most `a`: the extra moves never
//! matter (and the exhaustive tableau, which has them, agrees in the tests).

use super::game::Pile;
use crate::bound::Bound;
use crate::numeration::base::{Base, BaseError};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

pub use crate::games::shared::HypothesisFails;

/// Largest pile for which P-1…P-9 are checked difference by difference.
pub const CHECK_CAP: u64 = 20_000;

/// Which conclusion of Theorem 2 (or part of Theorem 3) decides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conclusion {
    /// Theorem 2.2: equal piles, `g'(0, b) = ∞`.
    EqualPiles,
    /// Theorem 2.1: one pile empty, `g'(a, a) = g(a)`.
    OnePile,
    /// Theorem 2.4: `a = b_k` with degree `d(b_k, b)`.
    Term {
        /// The index `k`.
        k: usize,
        /// The degree `d(b_k, b)`.
        degree: usize,
    },
    /// Theorem 3: `a` has two or more terms, reduced to `g'(b_(i1), y)`.
    Reduced {
        /// `x = b − (a − b_(i1))`.
        x: BigUint,
        /// The second argument `y` used (`x` in part 1, `ḡ(b_(i2))` in part 2).
        y: BigUint,
        /// Which part of Theorem 3 (1 or 2).
        part: u8,
        /// What decides `g'(b_(i1), y)`.
        inner: Box<Conclusion>,
    },
}

/// Holshouser–Reiter's answer for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HrAnswer {
    /// `g'(a, b)`, `None` for ∞.
    pub least_winning_move: Option<BigUint>,
    /// The pile to take it from (Strategy for Game 2).
    pub pile: Option<Pile>,
    /// The terms of `a` (Algorithm 1), ascending.
    pub terms: Vec<BigUint>,
    /// What decides.
    pub conclusion: Conclusion,
    /// What was checked of the hypotheses.
    pub checked: String,
    /// Which conclusion of Theorem 1 (paper 002 §3) gives `g'(a, b)`.
    pub theorem1: Theorem1Use,
}

/// How Theorem 1 of paper 002 applies to a position `(a, b)` of Game 2:
/// Algorithm 2 is Definition 9 with `h(a − t) = g'(a − t, b − t)` (a take
/// from the larger pile) and `h(a + t) = g'(a + t, b)` (from the smaller,
/// `a + t ≤ b`), so by Remark 4 Theorem 1 decides `g'(a, b)` when
/// `s = ḡ(a) + a ≤ b`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Theorem1Use {
    /// `a = 0` or `a = b`: Theorem 2 alone.
    NotNeeded,
    /// `s = ḡ(a) + a > b`: Theorem 1 does not decide (Remark 4).
    Beyond {
        /// `ḡ(a) + a`.
        s: BigUint,
    },
    /// Theorem 1 decides with this conclusion.
    Applies {
        /// The conclusion (A, B, C(a), C(b1), C(b2)).
        conclusion: crate::numeration::g_prime::Conclusion,
        /// `ḡ(a) + a`.
        s: BigUint,
        /// In case C(b): `h(s) = g'(s, b)`.
        h_s: Option<BigUint>,
        /// The value the conclusion gives (`ḡ(a)` or `g(a)`).
        value: BigUint,
    },
}

impl Theorem1Use {
    /// The value of `g'(a, b)` Theorem 1 gives, when it decides.
    pub fn value(&self) -> Option<&BigUint> {
        match self {
            Theorem1Use::Applies { value, .. } => Some(value),
            _ => None,
        }
    }
}

/// Which conclusion of Theorem 1 decides `g'(a, b)`, `1 ≤ a < b`.
fn theorem1_use(base: &Base, a: &BigUint, b: &BigUint) -> Result<Theorem1Use, HypothesisFails> {
    use crate::numeration::g_prime::Conclusion;
    let ga = base.g(a).map_err(err)?.unwrap_or_default();
    let gba = base.g_bar(a).map_err(err)?.unwrap_or_default();
    let s = a + &gba;
    if &s > b {
        return Ok(Theorem1Use::Beyond { s });
    }
    let (conclusion, h_s) = if base.is_semi_stable(a).map_err(err)? {
        (Conclusion::A, None)
    } else if ga == gba {
        (Conclusion::B, None)
    } else if base.is_binary(&s).map_err(err)? {
        (Conclusion::Ca, None)
    } else {
        let (h, _) = least(base, &s, b)?;
        let gs = base.g(&s).map_err(err)?.unwrap_or_default();
        if h == gs {
            (Conclusion::Cb1, Some(h))
        } else {
            (Conclusion::Cb2, Some(h))
        }
    };
    let value = match conclusion {
        Conclusion::B | Conclusion::Cb2 => ga,
        _ => gba,
    };
    Ok(Theorem1Use::Applies {
        conclusion,
        s,
        h_s,
        value,
    })
}

/// `g'(a, b)`, `1 ≤ a ≤ b`, by Theorems 2 and 3, with what decides.
fn least(base: &Base, a: &BigUint, b: &BigUint) -> Result<(BigUint, Conclusion), HypothesisFails> {
    let idx = base.representation(a).map_err(err)?;
    let ga = base.term(idx[0]).map_err(err)?;
    Ok(if a == b {
        (ga, Conclusion::OnePile)
    } else if let [k] = idx.as_slice() {
        g_prime_term(base, *k, b)?
    } else {
        let rest = a - &ga;
        let x = b - &rest;
        let gb2 = base.g_bar_term(idx[1]).map_err(err)?;
        let (y, part) = if x < gb2 { (x.clone(), 1) } else { (gb2, 2) };
        let (v, inner) = g_prime_term(base, idx[0], &y)?;
        (
            v,
            Conclusion::Reduced {
                x,
                y,
                part,
                inner: Box::new(inner),
            },
        )
    })
}

fn err(e: BaseError) -> HypothesisFails {
    HypothesisFails(e.to_string())
}

/// Checks P-1…P-9 for every difference `1 ≤ n ≤ up_to` (P-9 for `x ≤ up_to`)
/// and the compatibility condition, reporting the first violation.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::numeration::base::Base;
/// use takeaway::games::two_pile::holshouser_reiter::check_game2;
/// assert!(check_game2(&Bound::parse("2*t").unwrap(), &Base::fibonacci(), 300).is_ok());
/// let e = check_game2(&Bound::parse("3*t").unwrap(), &Base::fibonacci(), 300).unwrap_err();
/// assert!(e.0.contains("P-"));
/// ```
pub fn check_game2(f: &Bound, base: &Base, up_to: u64) -> Result<String, HypothesisFails> {
    check_properties(
        &|n, t| {
            f.eval_u64(n, t)
                .map_err(|e| HypothesisFails(format!("f cannot be evaluated: {e}")))
        },
        base,
        up_to,
    )
}

/// [`check_game2`] for a bound given as a function (e.g. the least or the
/// greatest `f` of a base, [`crate::numeration::g_prime::least_f`]).
///
/// ```
/// use takeaway::numeration::base::Base;
/// use takeaway::games::two_pile::holshouser_reiter::check_properties;
/// // f(n, t) = 2t in the Fibonacci base (paper 002 §2).
/// assert!(check_properties(&|_, t| Ok(2 * t), &Base::fibonacci(), 200).is_ok());
/// ```
pub fn check_properties(
    f: &dyn Fn(u64, u64) -> Result<u64, HypothesisFails>,
    base: &Base,
    up_to: u64,
) -> Result<String, HypothesisFails> {
    if up_to > CHECK_CAP {
        return Err(HypothesisFails(format!(
            "P-1…P-9 are checked difference by difference, which stops at {CHECK_CAP}"
        )));
    }
    base.compatibility(up_to)
        .map_err(|v| HypothesisFails(format!("the compatibility condition fails: {v}")))?;
    let big = |v: u64| BigUint::from(v);
    let g = |n: u64| -> Result<Option<BigUint>, HypothesisFails> { base.g(&big(n)).map_err(err) };
    let gb =
        |n: u64| -> Result<Option<BigUint>, HypothesisFails> { base.g_bar(&big(n)).map_err(err) };
    let inf = |o: Option<BigUint>| o.and_then(|v| v.to_u64()).unwrap_or(u64::MAX);
    let eval = |n: u64, t: u64| f(n, t);
    let fail = |p: &str, n: u64, what: String| {
        Err(HypothesisFails(format!("{p} fails at n = {n}: {what}")))
    };
    for x in 1..=up_to {
        let v = eval(0, x)?;
        let need = inf(g(x)?);
        if v < need {
            return fail("P-9", 0, format!("f(0, {x}) = {v} < g({x}) = {need}"));
        }
    }
    for n in 1..=up_to {
        let gn = inf(g(n)?);
        let gbn = inf(gb(n)?);
        let binary = gn == gbn;
        let semi = base.is_semi_stable(&big(n)).map_err(err)?;
        let s = gbn + n;
        let f_gb = eval(n, gbn)?;
        if semi {
            let bound = inf(gb(s)?);
            if f_gb >= bound {
                return fail(
                    "P-1",
                    n,
                    format!("f({n}, ḡ(n)) = f({n}, {gbn}) = {f_gb} ≥ ḡ(ḡ(n) + n) = {bound}"),
                );
            }
        } else if !binary {
            let s_binary = base.is_binary(&big(s)).map_err(err)?;
            let (lo, hi) = (inf(gb(s)?), inf(g(s)?));
            if s_binary && f_gb >= lo {
                return fail(
                    "P-2",
                    n,
                    format!("f({n}, {gbn}) = {f_gb} ≥ ḡ(ḡ(n) + n) = {lo}"),
                );
            }
            if !s_binary && !(lo..hi).contains(&f_gb) {
                return fail(
                    "P-3",
                    n,
                    format!("f({n}, {gbn}) = {f_gb} ∉ [ḡ({s}), g({s})) = [{lo}, {hi})"),
                );
            }
        }
        let f_g = eval(n, gn)?;
        if !semi {
            let bound = if n == gn { u64::MAX } else { inf(gb(n - gn)?) };
            if f_g >= bound {
                return fail(
                    "P-4",
                    n,
                    format!("f({n}, g(n)) = f({n}, {gn}) = {f_g} ≥ ḡ(n − g(n)) = {bound}"),
                );
            }
        }
        for x in 1..gn {
            let v = eval(n, x)?;
            let need = inf(g(n - x)?);
            if v < need {
                return fail(
                    "P-5",
                    n,
                    format!("f({n}, {x}) = {v} < g({}) = {need}", n - x),
                );
            }
            if x < gbn || (!binary && x > gbn) {
                let need = inf(g(n + x)?);
                if v < need {
                    let p = if x < gbn { "P-6" } else { "P-7" };
                    return fail(p, n, format!("f({n}, {x}) = {v} < g({}) = {need}", n + x));
                }
            }
        }
        let bound = if n == gn { u64::MAX } else { inf(g(n - gn)?) };
        if f_g >= bound {
            return fail(
                "P-8",
                n,
                format!("f({n}, g(n)) = f({n}, {gn}) = {f_g} ≥ g(n − g(n)) = {bound}"),
            );
        }
    }
    Ok(format!(
        "P-1…P-9 and the compatibility condition hold for every difference n ≤ {up_to}, by evaluation"
    ))
}

/// `g'(b_k, y)` for `b_k ≤ y` (Theorem 2, conclusions 1 and 4).
fn g_prime_term(
    base: &Base,
    k: usize,
    y: &BigUint,
) -> Result<(BigUint, Conclusion), HypothesisFails> {
    let bk = base.term(k).map_err(err)?;
    if *y == bk {
        return Ok((bk, Conclusion::OnePile));
    }
    let degree = base.degree(k, y).map_err(err)?;
    let v = if degree % 2 == 0 {
        bk
    } else {
        base.g_bar_term(k).map_err(err)?
    };
    Ok((v, Conclusion::Term { k, degree }))
}

/// `g'(a, b)` by Theorems 2 and 3, with the move of the Strategy for Game 2.
/// `checked` is the text of a hypothesis check already made for `b`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::numeration::base::Base;
/// use takeaway::games::two_pile::holshouser_reiter::{check_game2, g_prime};
/// let base = Base::fibonacci();
/// let checked = check_game2(&Bound::parse("2*t").unwrap(), &base, 62).unwrap();
/// // Paper 000 §4 in H–R's notation: (a, b) = (42, 62), g' = 8.
/// let a = g_prime(&base, &42u32.into(), &62u32.into(), &checked).unwrap();
/// assert_eq!(a.least_winning_move, Some(8u32.into()));
/// ```
pub fn g_prime(
    base: &Base,
    a: &BigUint,
    b: &BigUint,
    checked: &str,
) -> Result<HrAnswer, HypothesisFails> {
    if a > b {
        return Err(HypothesisFails("positions need a ≤ b".into()));
    }
    let mut answer = HrAnswer {
        least_winning_move: None,
        pile: None,
        terms: Vec::new(),
        conclusion: Conclusion::EqualPiles,
        checked: checked.to_string(),
        theorem1: Theorem1Use::NotNeeded,
    };
    if a.is_zero() {
        return Ok(answer);
    }
    let idx = base.representation(a).map_err(err)?;
    answer.terms = base.terms_at(&idx).map_err(err)?;
    let ga = answer.terms.first().cloned().unwrap_or_else(BigUint::one);
    let (least, conclusion) = least(base, a, b)?;
    if a != b {
        answer.theorem1 = theorem1_use(base, a, b)?;
    }
    // Strategy for Game 2.
    let gba = base.g_bar(a).map_err(err)?.unwrap_or_else(|| ga.clone());
    let small = b - a;
    answer.pile = Some(if least < ga {
        Pile::Small
    } else if gba < ga || small < ga {
        Pile::Large
    } else if base.is_semi_stable(a).map_err(err)? {
        Pile::Small
    } else {
        Pile::Large
    });
    answer.least_winning_move = Some(least);
    answer.conclusion = conclusion;
    Ok(answer)
}
