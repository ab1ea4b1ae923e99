//! A syntactic proof that a bound satisfies `f(t) ≥ t` for every `t ≥ t0`
//! (Flanigan's hypothesis, needed for piles far beyond evaluation).
//!
//! Each subexpression gets an affine lower bound `(A·t + B) / D` (`D > 0`,
//! valid for all `t ≥ 0`): `t` and constants exactly; sums add; a constant
//! subtracted lowers `B`; a product with a nonnegative constant scales;
//! `⌊x / c⌋ ≥ (x − (c − 1)) / c`; `min` takes the smaller slope and constant,
//! `max` either argument's bound. Then `f(t) ≥ t` for `t ≥ t0` follows from
//! `A ≥ D` and `(A − D)·t0 + B ≥ 0`. Anything else (comparisons, `if`, `%`,
//! products of two non-constants, `n`) is "not proved", never "false".

use crate::bound::Bound;
use crate::bound::ast::{AddOp, Expr, MulOp, Var};
use num_bigint::{BigInt, BigUint};
use num_traits::ToPrimitive;

/// An affine lower bound `(a·t + b) / d`.
#[derive(Clone, Copy)]
struct Affine {
    a: i128,
    b: i128,
    d: i128,
}

fn constant(e: &Expr) -> Option<i128> {
    if e.mentions(Var::T) || e.mentions(Var::N) {
        return None;
    }
    let z = BigUint::default();
    Bound::from_expr(e.clone()).eval(&z, &z).ok()?.to_i128()
}

fn lower(e: &Expr) -> Option<Affine> {
    if let Some(c) = constant(e) {
        return Some(Affine { a: 0, b: c, d: 1 });
    }
    match e {
        Expr::Var(Var::T) => Some(Affine { a: 1, b: 0, d: 1 }),
        Expr::Sum(first, rest) => {
            let mut acc = lower(first)?;
            for (op, term) in rest {
                acc = match op {
                    AddOp::Add => {
                        let x = lower(term)?;
                        Affine {
                            a: acc
                                .a
                                .checked_mul(x.d)?
                                .checked_add(x.a.checked_mul(acc.d)?)?,
                            b: acc
                                .b
                                .checked_mul(x.d)?
                                .checked_add(x.b.checked_mul(acc.d)?)?,
                            d: acc.d.checked_mul(x.d)?,
                        }
                    }
                    AddOp::Sub => {
                        let c = constant(term)?;
                        Affine {
                            b: acc.b.checked_sub(c.checked_mul(acc.d)?)?,
                            ..acc
                        }
                    }
                };
            }
            Some(acc)
        }
        Expr::Product(first, rest) => {
            let mut acc = lower(first)?;
            let mut acc_const = constant(first);
            for (op, factor) in rest {
                let c = constant(factor);
                acc = match (op, c, acc_const) {
                    (MulOp::Mul, Some(c), _) if c >= 0 => Affine {
                        a: acc.a.checked_mul(c)?,
                        b: acc.b.checked_mul(c)?,
                        ..acc
                    },
                    (MulOp::Mul, None, Some(k)) if k >= 0 => {
                        let x = lower(factor)?;
                        Affine {
                            a: x.a.checked_mul(k)?,
                            b: x.b.checked_mul(k)?,
                            d: x.d,
                        }
                    }
                    (MulOp::Div, Some(c), _) if c >= 1 => Affine {
                        a: acc.a,
                        b: acc.b.checked_sub(acc.d.checked_mul(c - 1)?)?,
                        d: acc.d.checked_mul(c)?,
                    },
                    _ => return None,
                };
                acc_const = None;
            }
            Some(acc)
        }
        Expr::Min(args) => {
            let mut it = args.iter();
            let mut acc = lower(it.next()?)?;
            for x in it {
                let x = lower(x)?;
                acc = Affine {
                    a: acc.a.checked_mul(x.d)?.min(x.a.checked_mul(acc.d)?),
                    b: acc.b.checked_mul(x.d)?.min(x.b.checked_mul(acc.d)?),
                    d: acc.d.checked_mul(x.d)?,
                };
            }
            Some(acc)
        }
        Expr::Max(args) => {
            // Any argument's lower bound is one; keep the steepest (slopes
            // a/d compared exactly: the cross products can pass i128).
            args.iter().filter_map(lower).max_by(|p, q| {
                let left = BigInt::from(p.a) * BigInt::from(q.d);
                let right = BigInt::from(q.a) * BigInt::from(p.d);
                left.cmp(&right)
            })
        }
        _ => None,
    }
}

/// Whether the syntax proves `f(t) ≥ t` for every `t ≥ t0`.
///
/// Law: `true` implies `f(t) ≥ t` for all `t ≥ t0` (`false` proves nothing).
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::two_pile::at_least_t::proves_at_least_t;
/// assert!(proves_at_least_t(&Bound::parse("(3*t+1)/2").unwrap(), 1));
/// assert!(proves_at_least_t(&Bound::parse("2*t-1").unwrap(), 1));
/// assert!(!proves_at_least_t(&Bound::parse("t-1").unwrap(), 1000));
/// // Slopes whose cross products pass i128 (10^20 · 10^20) are compared exactly.
/// let e = "max((t*100000000000000000000)/100000000000000000000, (2*t*100000000000000000000)/100000000000000000000)";
/// assert!(proves_at_least_t(&Bound::parse(e).unwrap(), 1));
/// ```
pub fn proves_at_least_t(f: &Bound, t0: u64) -> bool {
    if f.uses_n() {
        return false;
    }
    let Some(Affine { a, b, d }) = lower(f.expr()) else {
        return false;
    };
    let Some(slack) = a.checked_sub(d) else {
        return false;
    };
    slack >= 0
        && i128::from(t0)
            .checked_mul(slack)
            .and_then(|v| v.checked_add(b))
            .is_some_and(|v| v >= 0)
}
