//! Natural numbers as the rules see them: one set of rules per family,
//! written once over [`Nat`], runs on `u64` inside the exhaustive engine and
//! on [`BigUint`] when a person plays a pile of a thousand digits.
//!
//! Law: for `a, b` that fit in `u64`, every operation on `u64` agrees with
//! the same operation on `BigUint` (`u64` bounds saturate at `u64::MAX`,
//! which exceeds every pile a table can hold).

use crate::bound::{Bound, EvalError};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A natural number type the rules can run on (`u64` or [`BigUint`]).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::engine::Nat;
/// fn double<N: Nat>(x: &N) -> N { x.add(x) }
/// assert_eq!(double(&21u64), 42);
/// assert_eq!(double(&BigUint::from(21u32)), BigUint::from(42u32));
/// ```
pub trait Nat: Clone + Ord + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// 0.
    fn zero() -> Self;
    /// 1.
    fn one() -> Self;
    /// The value of a machine integer.
    fn from_u64(v: u64) -> Self;
    /// The value as a machine integer, when it fits.
    fn to_u64(&self) -> Option<u64>;
    /// The value as a big integer.
    fn to_big(&self) -> BigUint;
    /// The value of a big integer, when it fits.
    fn from_big(v: &BigUint) -> Option<Self>;
    /// Whether this is 0.
    fn is_zero(&self) -> bool;
    /// `self + other` (saturating on `u64`).
    #[must_use]
    fn add(&self, other: &Self) -> Self;
    /// `self − other`, or `None` when `other > self`.
    fn sub(&self, other: &Self) -> Option<Self>;
    /// `f(n, t)` for a move bound (saturating on `u64`).
    fn bound(f: &Bound, n: &Self, t: &Self) -> Result<Self, EvalError>;
}

impl Nat for u64 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn from_u64(v: u64) -> Self {
        v
    }
    fn to_u64(&self) -> Option<u64> {
        Some(*self)
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn from_big(v: &BigUint) -> Option<Self> {
        ToPrimitive::to_u64(v)
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn add(&self, other: &Self) -> Self {
        self.saturating_add(*other)
    }
    fn sub(&self, other: &Self) -> Option<Self> {
        self.checked_sub(*other)
    }
    fn bound(f: &Bound, n: &Self, t: &Self) -> Result<Self, EvalError> {
        f.eval_u64(*n, *t)
    }
}

impl Nat for BigUint {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn from_u64(v: u64) -> Self {
        BigUint::from(v)
    }
    fn to_u64(&self) -> Option<u64> {
        ToPrimitive::to_u64(self)
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
    fn from_big(v: &BigUint) -> Option<Self> {
        Some(v.clone())
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn add(&self, other: &Self) -> Self {
        self + other
    }
    fn sub(&self, other: &Self) -> Option<Self> {
        (other <= self).then(|| self - other)
    }
    fn bound(f: &Bound, n: &Self, t: &Self) -> Result<Self, EvalError> {
        f.eval(n, t)
    }
}

/// Calls `out` with `1, 2, …, most` in order until it breaks; the takes
/// allowed from a pile under a bound. Returns whether `out` broke.
///
/// ```
/// use std::ops::ControlFlow;
/// use takeaway::engine::nat::each_take;
/// let mut seen = Vec::new();
/// each_take(&4u64, &mut |t| { seen.push(t); ControlFlow::Continue(()) });
/// assert_eq!(seen, [1, 2, 3, 4]);
/// ```
pub fn each_take<N: Nat>(
    most: &N,
    out: &mut dyn FnMut(N) -> std::ops::ControlFlow<()>,
) -> std::ops::ControlFlow<()> {
    let mut t = N::one();
    while &t <= most {
        out(t.clone())?;
        if &t == most {
            break;
        }
        t = t.add(&N::one());
    }
    std::ops::ControlFlow::Continue(())
}
