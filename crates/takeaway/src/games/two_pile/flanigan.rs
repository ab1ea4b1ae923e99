//! Flanigan's theory of two-pile games with a bound `f(t)` (paper 000): the
//! tableau `L(m, d)` (`m` the small pile, `d` the difference) read off the
//! H-sequence representation of `d`, without building the tableau.
//!
//! Hypotheses (paper 000 §2): `f` ignores the difference `n`, is nondecreasing,
//! `f(t) ≥ t`, and `l(k) ∈ {0, 1}` where `H(k+1) = H(k) + H(k − l(k))`
//! ("generalized two-pile Fibonacci Nim"). They are checked on the range a
//! position needs: `t ≤ x + y` (every pile size reachable) and every `l(k)` with
//! `H(k) ≤ x + y` plus two more indices.
//!
//! The statements used, with `d = H(n) + H(n+r) + …` (Schwenk's representation,
//! `n` the smallest index, `r` the gap to the next index, if any):
//!
//! * Lemma / Corollary 1: `L(m, d) ∈ {H(n), H(n − l(n))}`; if `l(n) = 0` then
//!   `L(m, d) = H(n)` for every `m`.
//! * Theorem (§5), `A_n = {z ≥ 0 : l(n + z) = 0}`: the column `d` starts with
//!   `H(n)` and makes `k` flips between `H(n)` and `H(n − 1)`, where
//!   `k = min A_n` for `d = H(n)` and, for compound `d`,
//!   `k = min A_n` if `min A_n < r`, `k = r − 1` if `min A_n > r`.
//!   **Corrected statement** (the case `min A_n = r` is missing as printed):
//!   `k = min A_n` if `min A_n ≤ r`, `k = r − 1` if `min A_n > r`. Evidence:
//!   `f = t + 1` has `H = 1, 2, 3, 5, 10, 20, …`, `l = 0, 1, 1, 0, 0, …`;
//!   `d = 7 = H4 + H2` has `n = 2`, `r = 2`, `min A_2 = 2 = r`, and the exhaustive
//!   tableau gives `L(7, 7) = 2 = H(n)` (two flips, at rows 1 and 3), where
//!   `k = r − 1 = 1` would give `H(n − 1) = 1`. With this reading the theory
//!   agrees with the tableau on every tested position `m, d ≤ 500`
//!   (`tests/suite/two_pile.rs`).
//! * Where the flips are (stated in §6 for Fibonacci, proved for the simple
//!   case in §5 A(1) and holding in general by brute force): the `j`-th flip is
//!   at row `S_j = H(n−1) + H(n) + … + H(n+j−2)`. So with `j` the number of flips
//!   at rows `≤ m`, `L(m, d) = H(n)` if `j` is even and `H(n − 1)` if `j` is odd.
//! * Corollary 2 (the move): `L = H(n−1)`: take it from the small pile;
//!   `L = H(n)`: take it from the large pile, except in the Lemma's special case
//!   (`d = H(n) + H(n+2) + …`, `l(n+1) = l(n+2) = 1`, `m ≥ H(n+1)`), where it is
//!   taken from the small pile.

use crate::bound::Bound;
use crate::games::shared::schwenk_base;
use crate::numeration::base::Base;
use crate::numeration::h_sequence::l;
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

pub use crate::games::shared::HypothesisFails;

use super::game::Pile;

/// Largest `t` for which `f` is checked by evaluating it at every `t`.
pub const CHECK_CAP: u64 = 200_000;

/// For totals beyond [`CHECK_CAP`], `f` is evaluated at every `t` up to this.
pub const EVAL_PREFIX: u64 = 1_000;

/// Which part of the Theorem decides a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// `d = 0`: equal piles, no winning move (the mirror strategy).
    EqualPiles,
    /// `l(n) = 0`: Corollary 1, `L = H(n)` in the whole column.
    LZero,
    /// Theorem A: `d = H(n)`, `k = min A_n` flips.
    Simple,
    /// Theorem B(1) (corrected): compound `d`, `min A_n ≤ r`: `k = min A_n` flips.
    CompoundEarlyZero,
    /// Theorem B(2): compound `d`, `min A_n > r`: `k = r − 1` flips.
    CompoundAllOnes,
}

/// How many of the largest terms of `d` a [`FlaniganAnswer`] holds.
pub const TERMS_SHOWN: usize = 8;

/// Flanigan's answer for one position `(m, d)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlaniganAnswer {
    /// `L(m, d)`, `None` for `d = 0` (no move wins).
    pub least_winning_move: Option<BigUint>,
    /// The pile to take `L(m, d)` from (Corollary 2).
    pub pile: Option<Pile>,
    /// The ascending H-indices of `d` (Schwenk's representation (2.1)).
    pub indices: Vec<usize>,
    /// The terms of `d` at its largest [`TERMS_SHOWN`] indices, ascending:
    /// `terms[i] = H(indices[indices.len() − terms.len() + i])` (all an
    /// explanation shows; a 100,000-digit `d` has ~130,000 terms).
    pub terms: Vec<BigUint>,
    /// `l(n)` for the smallest index `n`.
    pub l_n: usize,
    /// The case of the Theorem.
    pub case: Case,
    /// The number of flips of column `d`, `None` for infinitely many.
    pub flips: Option<usize>,
    /// The rows of the flips at rows `≤ m` (at most the first few are kept).
    pub flip_rows: Vec<BigUint>,
    /// How many flips occur at rows `≤ m`.
    pub flips_passed: usize,
    /// Whether the Lemma's special case applies (take `H(n)` from the small pile).
    pub special_case: bool,
    /// Whether `d` has the special form of Table 4.1 (a): `d = H(n) + H(n+2) + …`
    /// with `l(n+1) = l(n+2) = 1` (whatever `m`).
    pub special_form: bool,
    /// What was checked of the hypotheses.
    pub checked: String,
    /// The base, named for explanations.
    pub base_name: String,
}

/// Flanigan's theory for one bound, with its hypotheses checked up to a total.
#[derive(Debug, Clone)]
pub struct Flanigan {
    base: Base,
    base_name: String,
    up_to: BigUint,
    checked: String,
}

/// Flip rows kept in an answer (for explanations).
const KEPT_FLIP_ROWS: usize = 6;

impl Flanigan {
    /// Checks the hypotheses for every position with `x + y ≤ up_to`
    /// (`f` independent of `n`, nondecreasing, `f(t) ≥ t` for `t ≤ up_to`,
    /// `l(k) ∈ {0, 1}` for every `k` with `H(k) ≤ up_to`, and two more).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::two_pile::flanigan::Flanigan;
    /// assert!(Flanigan::new(&Bound::parse("2*t").unwrap(), &1000u32.into()).is_ok());
    /// // f = 3t has l(k) = 3 for k ≥ 5 (paper 000 §7).
    /// assert!(Flanigan::new(&Bound::parse("3*t").unwrap(), &1000u32.into()).is_err());
    /// ```
    pub fn new(f: &Bound, up_to: &BigUint) -> Result<Flanigan, HypothesisFails> {
        if f.uses_n() {
            return Err(HypothesisFails(
                "f depends on n (the difference); Flanigan's theory needs f(t) alone (give `:base=...` for Holshouser–Reiter Game 2)".into(),
            ));
        }
        let eval = |t: &BigUint| {
            f.eval(&BigUint::zero(), t)
                .map_err(|e| HypothesisFails(format!("f cannot be evaluated: {e}")))
        };
        // Up to CHECK_CAP every t is evaluated; beyond, f must be syntactically
        // nondecreasing, t ≤ EVAL_PREFIX is evaluated and the rest follows from
        // the values of f at the H(k) (see below).
        let small_cap = up_to
            .to_u64()
            .filter(|&u| u <= CHECK_CAP)
            .map_or(EVAL_PREFIX, |u| u.max(1));
        let mut prev = BigUint::zero();
        for t in 1..=small_cap {
            let tb = BigUint::from(t);
            let v = eval(&tb)?;
            if v < tb {
                return Err(HypothesisFails(format!(
                    "f(t) ≥ t fails: f({t}) = {v} < {t}"
                )));
            }
            if v < prev {
                return Err(HypothesisFails(format!(
                    "f is not nondecreasing: f({t}) = {v} < f({}) = {prev}",
                    t - 1
                )));
            }
            prev = v;
        }
        let huge = *up_to > BigUint::from(small_cap);
        if huge && !f.is_syntactically_nondecreasing_in_t() {
            return Err(HypothesisFails(format!(
                "cannot check that f is nondecreasing beyond t = {small_cap} (the expression is not built from t, \
                 nonnegative constants, +, *, floor division by a positive constant, min and max only)"
            )));
        }
        // f(t) ≥ t beyond the evaluated prefix: by the syntax when it proves it,
        // else at the H(k) below (f(lo) ≥ hi on each [H(k), H(k+1))).
        let syntactic = huge && super::at_least_t::proves_at_least_t(f, small_cap + 1);
        let (base, base_name) = schwenk_base(f);
        let term = |k: usize| {
            base.term(k)
                .map_err(|e| HypothesisFails(format!("cannot build the H-sequence: {e}")))
        };
        // l(k) ∈ {0, 1} for every k with H(k) ≤ up_to, and two more.
        let mut k = 1usize;
        let mut beyond = 0;
        loop {
            let hk = term(k)?;
            let lk = l(&base, k).map_err(|e| HypothesisFails(format!("l({k}): {e}")))?;
            if lk > 1 {
                return Err(HypothesisFails(format!(
                    "l({k}) = {lk} ∉ {{0, 1}} (H({k}) = {hk}, H({}) = {})",
                    k + 1,
                    term(k + 1)?
                )));
            }
            if huge && !syntactic {
                // f(t) ≥ t on [H(k), H(k+1)) ∩ (small_cap, up_to]: f is nondecreasing,
                // so f(lo) ≥ hi suffices.
                let next = term(k + 1)?;
                let cap = BigUint::from(small_cap);
                if next > &cap + 1u32 && hk <= *up_to {
                    let lo = if hk > cap { hk.clone() } else { &cap + 1u32 };
                    let hi = (&next - 1u32).min(up_to.clone());
                    if lo <= hi && eval(&lo)? < hi {
                        return Err(HypothesisFails(format!(
                            "cannot confirm f(t) ≥ t on [{lo}, {hi}] (f({lo}) < {hi})"
                        )));
                    }
                }
            }
            if hk > *up_to {
                beyond += 1;
                if beyond > 2 {
                    break;
                }
            }
            k += 1;
        }
        let checked = if huge {
            format!(
                "f(t) ≥ t and f nondecreasing on t ≤ {small_cap} by evaluation and beyond by the form of f{}; l(k) ∈ {{0, 1}} for k ≤ {k}",
                if syntactic {
                    ""
                } else {
                    " and its values at the H(k)"
                }
            )
        } else {
            format!("f(t) ≥ t and f nondecreasing on t ≤ {small_cap}; l(k) ∈ {{0, 1}} for k ≤ {k}")
        };
        Ok(Flanigan {
            base,
            base_name,
            up_to: up_to.clone(),
            checked,
        })
    }

    /// The H-sequence base of `f`.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::two_pile::flanigan::Flanigan;
    /// let fl = Flanigan::new(&Bound::parse("t").unwrap(), &100u32.into()).unwrap();
    /// assert_eq!(fl.base().term(5).unwrap(), 16u32.into()); // f = t: powers of 2
    /// ```
    pub fn base(&self) -> &Base {
        &self.base
    }

    /// `L(m, d)` and the winning move by the Theorem of §5 and Corollary 2.
    /// Fails if `2m + d` exceeds the range checked by [`Flanigan::new`].
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::two_pile::flanigan::Flanigan;
    /// use takeaway::games::two_pile::game::Pile;
    /// let fl = Flanigan::new(&Bound::parse("2*t").unwrap(), &200u32.into()).unwrap();
    /// // Paper 000 §4: L(20, 42) = 8; L(15, 47) = 8, taken from the small pile.
    /// assert_eq!(fl.least_winning_move(&20u32.into(), &42u32.into()).unwrap().least_winning_move, Some(8u32.into()));
    /// let a = fl.least_winning_move(&15u32.into(), &47u32.into()).unwrap();
    /// assert_eq!((a.least_winning_move, a.pile), (Some(8u32.into()), Some(Pile::Small)));
    /// ```
    pub fn least_winning_move(
        &self,
        m: &BigUint,
        d: &BigUint,
    ) -> Result<FlaniganAnswer, HypothesisFails> {
        let total = m * 2u32 + d;
        if total > self.up_to {
            return Err(HypothesisFails(format!(
                "the hypotheses were checked for x + y ≤ {} only",
                self.up_to
            )));
        }
        let base_err = |e: crate::numeration::base::BaseError| HypothesisFails(e.to_string());
        let mut answer = FlaniganAnswer {
            least_winning_move: None,
            pile: None,
            indices: Vec::new(),
            terms: Vec::new(),
            l_n: 0,
            case: Case::EqualPiles,
            flips: Some(0),
            flip_rows: Vec::new(),
            flips_passed: 0,
            special_case: false,
            special_form: false,
            checked: self.checked.clone(),
            base_name: self.base_name.clone(),
        };
        if d.is_zero() {
            return Ok(answer);
        }
        let b = &self.base;
        let term = |k: usize| b.term(k).map_err(base_err);
        let ell = |k: usize| l(b, k).map_err(base_err);
        let idx = b.representation(d).map_err(base_err)?;
        answer.terms = b
            .terms_at(&idx[idx.len().saturating_sub(TERMS_SHOWN)..])
            .map_err(base_err)?;
        let n = *idx
            .first()
            .ok_or_else(|| HypothesisFails("empty representation".into()))?;
        let r = idx.get(1).map(|&i| i - n);
        answer.indices = idx;
        let ln = ell(n)?;
        answer.l_n = ln;
        let hn = term(n)?;
        // The Lemma's special case: d = H(n) + H(n+2) + …, l(n+1) = l(n+2) = 1, m ≥ H(n+1).
        answer.special_form = r == Some(2) && ell(n + 1)? == 1 && ell(n + 2)? == 1;
        answer.special_case = answer.special_form && *m >= term(n + 1)?;
        if ln == 0 {
            answer.case = Case::LZero;
            answer.least_winning_move = Some(hn);
            answer.pile = Some(if answer.special_case {
                Pile::Small
            } else {
                Pile::Large
            });
            return Ok(answer);
        }
        // l(n) = 1: count the flips at rows ≤ m.
        let mut passed = 0usize;
        let mut row = term(n - 1)?; // S_1 = H(n−1)
        let mut min_a = None; // min A_n once found
        loop {
            // Flip number passed + 1 exists iff l(n + z) = 1 for z ≤ passed
            // (min A_n > passed) and, for compound d, passed + 1 ≤ r − 1.
            if min_a.is_none() && ell(n + passed)? == 0 {
                min_a = Some(passed);
            }
            // Corrected Theorem B: k = min A_n if min A_n ≤ r, else r − 1.
            let exists = min_a.is_none()
                && match r {
                    None => true,
                    Some(r) if passed + 1 < r => true,
                    Some(r) if passed + 1 == r => ell(n + r)? == 0,
                    Some(_) => false,
                };
            if !exists || row > *m {
                break;
            }
            passed += 1;
            if answer.flip_rows.len() < KEPT_FLIP_ROWS {
                answer.flip_rows.push(row.clone());
            }
            row += term(n + passed - 1)?;
        }
        answer.flips_passed = passed;
        // The total number of flips (for explanations): scan a little further.
        answer.case = match r {
            None => Case::Simple,
            Some(r) => {
                let mut z = passed;
                let found = loop {
                    if let Some(a) = min_a {
                        break Some(a);
                    }
                    if z > r {
                        break None;
                    }
                    if ell(n + z)? == 0 {
                        break Some(z);
                    }
                    z += 1;
                };
                min_a = found.or(min_a);
                if found.is_some_and(|a| a <= r) {
                    Case::CompoundEarlyZero
                } else {
                    Case::CompoundAllOnes
                }
            }
        };
        answer.flips = match (answer.case, min_a, r) {
            (Case::CompoundAllOnes, _, Some(r)) => Some(r - 1),
            (_, Some(a), _) => Some(a),
            (Case::Simple, None, _) => {
                // Look ahead a bounded number of indices for a zero of l.
                let mut found = None;
                for z in passed..passed + 64 {
                    if ell(n + z)? == 0 {
                        found = Some(z);
                        break;
                    }
                }
                found
            }
            _ => None,
        };
        let hn1 = term(n - 1)?;
        if passed % 2 == 1 {
            answer.least_winning_move = Some(hn1);
            answer.pile = Some(Pile::Small);
        } else {
            answer.least_winning_move = Some(hn);
            answer.pile = Some(if answer.special_case {
                Pile::Small
            } else {
                Pile::Large
            });
        }
        Ok(answer)
    }
}
