//! A syntactic proof that a bound is nondecreasing in `t`, for every `t`.
//!
//! Checking monotonicity by evaluation stops at some `t`; for piles of
//! thousands of digits the theories need it for all `t`. An expression built
//! only from `t`, constants, `+`, `*` of nonnegative nondecreasing factors,
//! `−` of a constant, floor division by a positive constant, `min` and `max`
//! is nondecreasing in `t` (each rule preserves the property), so such an
//! expression needs no evaluation at all. The check is conservative: `false`
//! means "not proved", not "decreasing".

use super::Bound;
use super::ast::{AddOp, Expr, MulOp, Var};
use num_bigint::BigUint;
use num_traits::Zero;

/// What the syntax proves about a subexpression.
#[derive(Clone, Copy)]
struct Shape {
    /// Nondecreasing in `t` for all `t ≥ 0` (and any fixed `n` absent).
    nondecreasing: bool,
    /// Never negative for `t ≥ 0`.
    nonnegative: bool,
}

const UNKNOWN: Shape = Shape {
    nondecreasing: false,
    nonnegative: false,
};

fn constant(e: &Expr) -> Option<Shape> {
    if e.mentions(Var::T) || e.mentions(Var::N) {
        return None;
    }
    let zero = BigUint::zero();
    // A constant subexpression: its sign decides nonnegativity.
    let nonnegative = Bound::from_expr(e.clone()).eval(&zero, &zero).is_ok();
    Some(Shape {
        nondecreasing: true,
        nonnegative,
    })
}

fn shape(e: &Expr) -> Shape {
    if let Some(s) = constant(e) {
        return s;
    }
    match e {
        Expr::Var(Var::T) => Shape {
            nondecreasing: true,
            nonnegative: true,
        },
        Expr::Sum(first, rest) => {
            let mut s = shape(first);
            for (op, term) in rest {
                match op {
                    AddOp::Add => {
                        let t = shape(term);
                        s.nondecreasing &= t.nondecreasing;
                        s.nonnegative &= t.nonnegative;
                    }
                    AddOp::Sub => {
                        if constant(term).is_none() {
                            return UNKNOWN;
                        }
                        s.nonnegative = false;
                    }
                }
            }
            s
        }
        Expr::Product(first, rest) => {
            let mut s = shape(first);
            for (op, factor) in rest {
                match op {
                    MulOp::Mul => {
                        let f = shape(factor);
                        // A product of nondecreasing functions is nondecreasing when both are ≥ 0.
                        let ok =
                            s.nondecreasing && s.nonnegative && f.nondecreasing && f.nonnegative;
                        s = Shape {
                            nondecreasing: ok,
                            nonnegative: s.nonnegative && f.nonnegative,
                        };
                    }
                    MulOp::Div => {
                        // Floor division by a positive constant keeps the order.
                        let positive = constant(factor).is_some()
                            && Bound::from_expr((*factor).clone())
                                .eval(&BigUint::zero(), &BigUint::zero())
                                .is_ok_and(|v| !v.is_zero());
                        if !positive {
                            return UNKNOWN;
                        }
                    }
                    MulOp::Mod => return UNKNOWN,
                }
            }
            s
        }
        Expr::Min(args) | Expr::Max(args) => {
            let shapes: Vec<Shape> = args.iter().map(shape).collect();
            Shape {
                nondecreasing: shapes.iter().all(|s| s.nondecreasing),
                nonnegative: shapes.iter().all(|s| s.nonnegative),
            }
        }
        _ => UNKNOWN,
    }
}

impl Bound {
    /// Whether the form of the expression proves `f` nondecreasing in `t` for
    /// every `t ≥ 0` (see the module docs for the rules). Always `false` when
    /// `n` occurs.
    ///
    /// Law: if this returns `true`, then `f(t) ≤ f(t + 1)` wherever both are defined.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert!(Bound::parse("min(2*t, t+10)").unwrap().is_syntactically_nondecreasing_in_t());
    /// assert!(Bound::parse("(3*t+1)/2").unwrap().is_syntactically_nondecreasing_in_t());
    /// assert!(Bound::parse("2*t-1").unwrap().is_syntactically_nondecreasing_in_t());
    /// assert!(!Bound::parse("10-t").unwrap().is_syntactically_nondecreasing_in_t());
    /// assert!(!Bound::parse("t%7").unwrap().is_syntactically_nondecreasing_in_t());
    /// ```
    pub fn is_syntactically_nondecreasing_in_t(&self) -> bool {
        !self.uses_n() && shape(self.expr()).nondecreasing
    }
}
