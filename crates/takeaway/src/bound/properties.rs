//! Checking properties of a bound over a finite range, with a counterexample
//! when one fails.
//!
//! Moves are at least 1, so every check ranges over `t = 1..=t_max`.
//! Epp–Ferguson's hypotheses on `f` are "nondecreasing and `f(1) ≥ 1`":
//! [`Bound::check_nondecreasing_in_t`] and [`Bound::check_f1_at_least_1`].

use std::fmt;
use std::ops::RangeInclusive;

use num_bigint::BigUint;

use super::{Bound, EvalError};

/// What a counterexample violates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Violation {
    /// `f(n, t) < f(n, t - 1)`.
    Decreasing {
        /// `f(n, t - 1)`.
        previous: BigUint,
        /// `f(n, t)`.
        value: BigUint,
    },
    /// `f(n, t) < t`.
    BelowT {
        /// `f(n, t)`.
        value: BigUint,
    },
    /// `f(n, t) != f(0, t)`.
    DependsOnN {
        /// `f(n, t)`.
        value: BigUint,
        /// `f(0, t)`.
        at_zero: BigUint,
    },
    /// `f(n, 1) < 1`.
    F1BelowOne {
        /// `f(n, 1)`.
        value: BigUint,
    },
    /// The bound could not be evaluated.
    Eval(EvalError),
}

/// A point `(n, t)` where a property fails, with the values involved.
///
/// Law: `description` is one line that states the failing inequality with
/// the exact values, e.g. `f(n=0, t=3) = 2 < f(n=0, t=2) = 4`.
///
/// ```
/// use takeaway::bound::Bound;
/// let c = Bound::parse("if(t == 3, 2, 2*t)").unwrap()
///     .check_nondecreasing_in_t(0..=0, 10).unwrap_err();
/// assert_eq!(c.description, "f(n=0, t=3) = 2 < f(n=0, t=2) = 4");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counterexample {
    /// The `n` of the failing point.
    pub n: u64,
    /// The `t` of the failing point.
    pub t: u64,
    /// The property violated and the values.
    pub violation: Box<Violation>,
    /// One-line description.
    pub description: String,
}

impl fmt::Display for Counterexample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.description)
    }
}

impl std::error::Error for Counterexample {}

impl Counterexample {
    fn new(n: u64, t: u64, violation: Violation) -> Self {
        let description = match &violation {
            Violation::Decreasing { previous, value } => format!(
                "f(n={n}, t={t}) = {value} < f(n={n}, t={}) = {previous}",
                t - 1
            ),
            Violation::BelowT { value } => format!("f(n={n}, t={t}) = {value} < t = {t}"),
            Violation::DependsOnN { value, at_zero } => {
                format!("f(n={n}, t={t}) = {value} != f(n=0, t={t}) = {at_zero}")
            }
            Violation::F1BelowOne { value } => format!("f(n={n}, t=1) = {value} < 1"),
            Violation::Eval(e) => e.to_string(),
        };
        Counterexample {
            n,
            t,
            violation: Box::new(violation),
            description,
        }
    }
}

impl Bound {
    /// Exact value at `(n, t)`: the fast path, re-evaluated exactly when it
    /// saturated (so comparisons of huge values stay exact).
    fn value(&self, n: u64, t: u64) -> Result<BigUint, Counterexample> {
        let err = |e| Counterexample::new(n, t, Violation::Eval(e));
        let v = self.eval_u64(n, t).map_err(err)?;
        if v == u64::MAX {
            self.eval(&BigUint::from(n), &BigUint::from(t)).map_err(err)
        } else {
            Ok(BigUint::from(v))
        }
    }

    /// Checks `f(n, t - 1) ≤ f(n, t)` for every `n` in `n_range` and
    /// `2 ≤ t ≤ t_max` (moves are at least 1); an evaluation error is a
    /// counterexample too.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert!(Bound::parse("2*t").unwrap().check_nondecreasing_in_t(0..=5, 100).is_ok());
    /// assert!(Bound::parse("10-t").unwrap().check_nondecreasing_in_t(0..=0, 5).is_err());
    /// ```
    pub fn check_nondecreasing_in_t(
        &self,
        n_range: RangeInclusive<u64>,
        t_max: u64,
    ) -> Result<(), Counterexample> {
        for n in n_range {
            if t_max == 0 {
                continue;
            }
            let mut previous = self.value(n, 1)?;
            for t in 2..=t_max {
                let value = self.value(n, t)?;
                if value < previous {
                    return Err(Counterexample::new(
                        n,
                        t,
                        Violation::Decreasing { previous, value },
                    ));
                }
                previous = value;
            }
        }
        Ok(())
    }

    /// Checks `f(n, t) ≥ t` for every `n` in `n_range` and `1 ≤ t ≤ t_max`
    /// (the mover may always repeat the last move).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert!(Bound::parse("t").unwrap().check_at_least_t(0..=3, 50).is_ok());
    /// let c = Bound::parse("t/2").unwrap().check_at_least_t(0..=0, 5).unwrap_err();
    /// assert_eq!(c.description, "f(n=0, t=1) = 0 < t = 1");
    /// ```
    pub fn check_at_least_t(
        &self,
        n_range: RangeInclusive<u64>,
        t_max: u64,
    ) -> Result<(), Counterexample> {
        for n in n_range {
            for t in 1..=t_max {
                let value = self.value(n, t)?;
                if value < BigUint::from(t) {
                    return Err(Counterexample::new(n, t, Violation::BelowT { value }));
                }
            }
        }
        Ok(())
    }

    /// Checks `f(n, t) = f(0, t)` for `0 ≤ n ≤ n_max`, `1 ≤ t ≤ t_max`: the
    /// bound behaves as a function of `t` alone on that range (even if `n`
    /// is written in it).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert!(Bound::parse("2*t + 0*n").unwrap().check_independent_of_n(20, 20).is_ok());
    /// let c = Bound::parse("t + n").unwrap().check_independent_of_n(3, 3).unwrap_err();
    /// assert_eq!(c.description, "f(n=1, t=1) = 2 != f(n=0, t=1) = 1");
    /// ```
    pub fn check_independent_of_n(&self, n_max: u64, t_max: u64) -> Result<(), Counterexample> {
        for t in 1..=t_max {
            let at_zero = self.value(0, t)?;
            for n in 1..=n_max {
                let value = self.value(n, t)?;
                if value != at_zero {
                    return Err(Counterexample::new(
                        n,
                        t,
                        Violation::DependsOnN {
                            value,
                            at_zero: at_zero.clone(),
                        },
                    ));
                }
            }
        }
        Ok(())
    }

    /// Checks `f(n, 1) ≥ 1` for every `n` in `n_range` (Epp–Ferguson's
    /// hypothesis: after a move of 1 the opponent can move).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert!(Bound::parse("2*t").unwrap().check_f1_at_least_1(0..=0).is_ok());
    /// assert!(Bound::parse("t-1").unwrap().check_f1_at_least_1(0..=0).is_err());
    /// ```
    pub fn check_f1_at_least_1(&self, n_range: RangeInclusive<u64>) -> Result<(), Counterexample> {
        for n in n_range {
            let value = self.value(n, 1)?;
            if value < BigUint::from(1u8) {
                return Err(Counterexample::new(n, 1, Violation::F1BelowOne { value }));
            }
        }
        Ok(())
    }
}
