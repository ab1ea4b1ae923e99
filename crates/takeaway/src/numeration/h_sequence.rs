//! Schwenk's H-sequences (paper 000, section 2): `H1 = 1`,
//! `H(k+1) = H(k) + H(j)` with `j` least such that `f(H_j) ≥ H_k`; the
//! representation (2.1) `d = H_(n1) + ... + H_(ns)` with `f(H_(ni)) < H_(n(i+1))`;
//! and `l(k)` of (2.3): `H(k+1) = H(k) + H(k − l(k))`.
//!
//! The sequence itself is a [`Base`] made by [`Base::h_sequence`].

use super::base::{Base, BaseError};
use num_bigint::BigUint;
use std::sync::Arc;

/// A bound `f(t)` on integers of any size, as used by [`Base::h_sequence`]
/// (an `Err` carries the bound's own message).
pub type BoundFn = Arc<dyn Fn(&BigUint) -> Result<BigUint, String> + Send + Sync + 'static>;

/// The next term `H(k+1) = H(k) + H(j)`, `j` least with `f(H_j) ≥ H(k)`, given
/// the terms `H1..Hk` and the running maxima of `f(H_1..H_i)` (the least `j`
/// with `f(H_j) ≥ H_k` is the least `j` whose running maximum reaches `H_k`).
pub(crate) fn next_h_term(terms: &[BigUint], prefix_max: &[BigUint]) -> Result<BigUint, BaseError> {
    let k = terms.len();
    let Some(h_k) = terms.last() else {
        return Ok(BigUint::from(1u32));
    };
    let j = prefix_max.partition_point(|m| m < h_k);
    match terms.get(j) {
        Some(h_j) if j < k => Ok(h_k + h_j),
        _ => Err(BaseError::NoTermFor {
            k,
            h_k: h_k.clone(),
        }),
    }
}

/// `l(k)` of (2.3) (paper 000): `H(k+1) = H(k) + H(k − l(k))`; `l(1) = 0`.
/// Defined for any base as `k − j` where `ḡ(b_k) = b_j`.
///
/// Law: `term(k + 1) == term(k) + term(k − l(k))`.
///
/// ```
/// use takeaway::numeration::{base::Base, h_sequence::l};
/// use num_bigint::BigUint;
/// // Paper 000, section 4: for f(t) = 2t, l(1) = 0 and l(k) = 1 for k ≥ 2.
/// let fib = Base::h_sequence(|t: &BigUint| Ok(t * 2u32));
/// assert_eq!((l(&fib, 1).unwrap(), l(&fib, 7).unwrap()), (0, 1));
/// ```
pub fn l(base: &Base, k: usize) -> Result<usize, BaseError> {
    if let Some(known) = base.known_l(k) {
        return Ok(known);
    }
    let g_bar = base.g_bar_term(k)?;
    // ḡ(b_k) ≤ b_k is a term (Definition 1), so its index is at most k.
    let j = base.index_of(&g_bar).ok_or(BaseError::InvalidTerm {
        index: k + 1,
        reason: format!("the difference {g_bar} is not a term"),
    })?;
    Ok(k.saturating_sub(j))
}

/// Schwenk's representation (2.1) of `d`: ascending indices `n1 < ... < ns`
/// with `d = Σ H_(ni)`, found greedily (largest term first), which is
/// Algorithm 1 of paper 002.
///
/// Law: for nondecreasing `f` with `f(t) ≥ t`, the result satisfies
/// [`satisfies_condition`] and is the only representation that does.
///
/// ```
/// use takeaway::numeration::{base::Base, h_sequence::representation};
/// use num_bigint::BigUint;
/// // Paper 000, section 4: d = 42 = 34 + 8 = H8 + H5 for f(t) = 2t.
/// let fib = Base::h_sequence(|t: &BigUint| Ok(t * 2u32));
/// assert_eq!(representation(&fib, &42u32.into()).unwrap(), [5, 8]);
/// ```
pub fn representation(base: &Base, d: &BigUint) -> Result<Vec<usize>, BaseError> {
    base.representation(d)
}

/// Schwenk's condition (2.1): indices strictly increasing and
/// `f(H_(ni)) < H_(n(i+1))` for consecutive terms. Needs an H-sequence base.
///
/// Law: `satisfies_condition(base, &representation(base, d))` for nondecreasing `f`.
///
/// ```
/// use takeaway::numeration::{base::Base, h_sequence::satisfies_condition};
/// use num_bigint::BigUint;
/// let fib = Base::h_sequence(|t: &BigUint| Ok(t * 2u32));
/// assert!(satisfies_condition(&fib, &[5, 8]).unwrap());  // f(8) = 16 < 34
/// assert!(!satisfies_condition(&fib, &[5, 6]).unwrap()); // f(8) = 16 ≥ 13
/// ```
pub fn satisfies_condition(base: &Base, indices: &[usize]) -> Result<bool, BaseError> {
    let f = base.bound().ok_or(BaseError::NotAnHSequence)?;
    for pair in indices.windows(2) {
        if pair[0] >= pair[1] {
            return Ok(false);
        }
        let low = base.term(pair[0])?;
        let bound = f(&low).map_err(|message| BaseError::Bound {
            k: pair[0],
            message,
        })?;
        if bound >= base.term(pair[1])? {
            return Ok(false);
        }
    }
    Ok(true)
}
