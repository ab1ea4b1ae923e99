//! Unique representation under the f-condition (paper 004, "Single Pile
//! Games", assertion (1) and the generalised converse of Zeckendorf's
//! theorem; paper 000 (2.1)).
//!
//! With `H_1 = 1` and `H_(k+1) = H_k + H_m`, `m` the least index with
//! `f(H_m) ≥ H_k` (the paper's definition, whatever `f`: monotone or not), a
//! **representation (1)** of `N` is a sum `N = H_(j1) + H_(j2) + … + H_(jk)`
//! with strictly increasing indices and `f(H_(ji)) < H_(j(i+1))` for
//! `i = 1, …, k − 1`. Schwenk: for `f` nondecreasing with `f(t) ≥ t` every
//! `N ≥ 1` has exactly one. The converse (paper 004): an increasing sequence
//! in which every `N` has exactly one representation (1) *is* the
//! H-sequence. For `f` outside those hypotheses uniqueness can fail — a
//! number with no representation (the sequence stops, `f = min(t, 3)`) or
//! with two (`f` not monotone) — and [`check_unique`] finds the first one.
//!
//! The count is a dynamic programme over `(N, largest index)`:
//! `c(N, j) = [N = H_j] + Σ c(N − H_j, i)` over `i < j` with
//! `f(H_i) < H_j`, capped at 2 (only 0, 1 and "two or more" matter).

use crate::numeration::base::{Base, BaseError};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde::Serialize;
use thiserror::Error;

/// Largest `N` [`check_unique`] accepts.
pub const MAX_CHECK: u64 = 2_000_000;

/// Most steps (cells of the count and term pairs visited) [`check_unique`] may take.
pub const MAX_WORK: u64 = 400_000_000;

/// Most representations listed for the first failure.
pub const LISTED: usize = 20;

/// Why the check cannot run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum UniqueError {
    /// `N` is over [`MAX_CHECK`].
    #[error("checking every N ≤ {0} is over the limit of {MAX_CHECK}: use a smaller N")]
    TooLarge(u64),
    /// The count would take too much memory or time (many terms up to `N`).
    #[error(
        "checking every N ≤ {up_to} needs at least {work} steps (at least {terms} terms H_k ≤ N), over the limit of {MAX_WORK}: use a smaller N"
    )]
    Work {
        /// The `N` asked.
        up_to: u64,
        /// Terms `H_k ≤ N`.
        terms: usize,
        /// Estimated steps (and bytes).
        work: u64,
    },
    /// `f` cannot be evaluated at a term.
    #[error("{0}")]
    Bound(String),
}

impl From<BaseError> for UniqueError {
    fn from(e: BaseError) -> Self {
        UniqueError::Bound(e.to_string())
    }
}

/// The first `N` without exactly one representation (1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The number.
    pub n: u64,
    /// How many representations it has (0, or 2 and more: the exact count).
    pub count: u64,
    /// The representations, each ascending (at most [`LISTED`]).
    pub representations: Vec<Vec<u64>>,
}

/// The result of [`check_unique`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Uniqueness {
    /// Every `1 ≤ N ≤ up_to` checked.
    pub up_to: u64,
    /// Whether every one of them has exactly one representation (1).
    pub unique: bool,
    /// The first that has none or several, if any.
    pub first_failure: Option<Failure>,
    /// The terms `H_k ≤ up_to`, ascending.
    pub terms: Vec<u64>,
    /// `Some(k)` when the sequence stops at `H_k` (no `m ≤ k` with
    /// `f(H_m) ≥ H_k`) before passing `up_to`.
    pub stops_at: Option<usize>,
}

/// Counts, for every `1 ≤ N ≤ up_to`, the representations (1) of `N` in the
/// H-sequence of `f` (built by the paper's definition, `f` not necessarily
/// monotone), and reports the first `N` with none or with two or more.
/// `f` is a function of `t` alone (a bound's
/// [`as_fn_of_t`](crate::bound::Bound::as_fn_of_t), or any closure).
///
/// Law: for `f` nondecreasing with `f(t) ≥ t` the result is unique (Schwenk,
/// paper 004 (1)); `f = 2t` is Zeckendorf's theorem.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::bound::Bound;
/// use takeaway::numeration::unique_representation::check_unique;
/// assert!(check_unique(|t: &BigUint| Ok(t * 2u32), 1000).unwrap().unique);
/// // f = min(t, 3): H = 1, 2, 4 and the sequence stops; 8 has no representation.
/// let u = check_unique(Bound::parse("min(t, 3)").unwrap().as_fn_of_t(), 100).unwrap();
/// assert_eq!(u.first_failure.unwrap().n, 8);
/// ```
pub fn check_unique<F>(f: F, up_to: u64) -> Result<Uniqueness, UniqueError>
where
    F: Fn(&BigUint) -> Result<BigUint, String> + Clone + Send + Sync + 'static,
{
    if up_to > MAX_CHECK {
        return Err(UniqueError::TooLarge(up_to));
    }
    let base = Base::h_sequence(f.clone());
    let mut terms: Vec<u64> = Vec::new();
    let mut stops_at = None;
    for k in 1.. {
        // (N + 1)·k cells are needed: stop building terms once that is over the limit.
        if up_to.saturating_add(1).saturating_mul(k as u64) > MAX_WORK {
            return Err(UniqueError::Work {
                up_to,
                terms: k,
                work: up_to.saturating_add(1).saturating_mul(k as u64),
            });
        }
        match base.term(k) {
            Ok(h) => match h.to_u64().filter(|&h| h <= up_to) {
                Some(h) => terms.push(h),
                None => break,
            },
            Err(BaseError::NoTermFor { k, .. }) => {
                stops_at = Some(k);
                break;
            }
            Err(e) => return Err(e.into()),
        }
    }
    // f at each term (saturated: only comparisons with terms ≤ up_to matter).
    let f_at: Vec<u64> = terms
        .iter()
        .map(|&h| {
            f(&BigUint::from(h))
                .map(|v| v.to_u64().unwrap_or(u64::MAX))
                .map_err(|e| UniqueError::Bound(format!("f({h}): {e}")))
        })
        .collect::<Result<_, _>>()?;
    let k = terms.len();
    let too_much = |work: u64| UniqueError::Work {
        up_to,
        terms: k,
        work,
    };
    // The count's table alone has (N + 1)·k cells.
    let cells = up_to.saturating_add(1).saturating_mul(k as u64);
    if cells > MAX_WORK {
        return Err(too_much(cells));
    }
    // allowed[j] = every i < j with f(H_i) < H_j.
    let allowed: Vec<Vec<usize>> = (0..k)
        .map(|j| (0..j).filter(|&i| f_at[i] < terms[j]).collect())
        .collect();
    let pairs: usize = allowed.iter().map(Vec::len).sum();
    let work = up_to.saturating_mul((k + pairs) as u64);
    if work > MAX_WORK {
        return Err(too_much(work));
    }
    let n_max = usize::try_from(up_to).unwrap_or(usize::MAX);
    // c[n * k + j], capped at 2.
    let mut c = vec![0u8; (n_max + 1) * k];
    let mut first_failure = None;
    for n in 1..=n_max {
        let mut total = 0u8;
        for j in 0..k {
            let h = terms[j] as usize;
            if h > n {
                break;
            }
            let mut v = u8::from(h == n);
            if h < n {
                let row = (n - h) * k;
                for &i in &allowed[j] {
                    v = v.saturating_add(c[row + i]).min(2);
                }
            }
            c[n * k + j] = v;
            total = total.saturating_add(v).min(2);
        }
        if total != 1 {
            let reps = representations(&terms, &f_at, n as u64);
            first_failure = Some(Failure {
                n: n as u64,
                count: reps.1,
                representations: reps.0,
            });
            break;
        }
    }
    Ok(Uniqueness {
        up_to,
        unique: first_failure.is_none(),
        first_failure,
        terms,
        stops_at,
    })
}

/// The representations (1) of `n` (at most [`LISTED`], each ascending) and
/// how many there are, by search over the terms from the largest down.
fn representations(terms: &[u64], f_at: &[u64], n: u64) -> (Vec<Vec<u64>>, u64) {
    fn go(
        terms: &[u64],
        f_at: &[u64],
        rest: u64,
        below: usize,
        upper: Option<u64>,
        chosen: &mut Vec<u64>,
        out: &mut (Vec<Vec<u64>>, u64),
    ) {
        if rest == 0 {
            out.1 += 1;
            if out.0.len() < LISTED {
                out.0.push(chosen.iter().rev().copied().collect());
            }
            return;
        }
        // The next (smaller) term H_i must satisfy f(H_i) < the term above it.
        for i in (0..below).rev() {
            if terms[i] > rest || upper.is_some_and(|u| f_at[i] >= u) {
                continue;
            }
            chosen.push(terms[i]);
            go(terms, f_at, rest - terms[i], i, Some(terms[i]), chosen, out);
            chosen.pop();
        }
    }
    let mut out = (Vec::new(), 0);
    go(terms, f_at, n, terms.len(), None, &mut Vec::new(), &mut out);
    out
}
