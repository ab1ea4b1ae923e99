//! Exact evaluation of a move bound over arbitrary-size integers.
//!
//! Laws: `/` is floor division and `%` floor modulo, so
//! `a == (a / b) * b + a % b` and `a % b` has the sign of `b` (or is 0);
//! `&&`, `||` short-circuit and `if` evaluates only the branch it takes, so a
//! division by zero in a branch not taken is no error.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Zero};

use super::ast::{AddOp, Expr, MulOp, Var};

/// A division (or modulo) by zero: the divisor and the division it occurs in.
#[derive(Debug)]
pub(crate) struct DivByZero<'a> {
    pub(crate) divisor: &'a Expr,
    /// The first operand of the product, and the operations up to the failing one.
    pub(crate) first: &'a Expr,
    pub(crate) ops: &'a [(MulOp, Expr)],
}

fn truth(b: bool) -> BigInt {
    if b { BigInt::one() } else { BigInt::zero() }
}

/// Evaluates `e` at `(n, t)` exactly.
///
/// Recursion depth is bounded by the parser's nesting limit (chains are n-ary).
pub(crate) fn eval<'a>(e: &'a Expr, n: &BigInt, t: &BigInt) -> Result<BigInt, DivByZero<'a>> {
    Ok(match e {
        Expr::Num(v) => BigInt::from(v.clone()),
        Expr::Var(Var::N) => n.clone(),
        Expr::Var(Var::T) => t.clone(),
        Expr::Neg(a) => -eval(a, n, t)?,
        Expr::Not(a) => truth(eval(a, n, t)?.is_zero()),
        Expr::Sum(first, rest) => {
            let mut acc = eval(first, n, t)?;
            for (op, x) in rest {
                let v = eval(x, n, t)?;
                match op {
                    AddOp::Add => acc += v,
                    AddOp::Sub => acc -= v,
                }
            }
            acc
        }
        Expr::Product(first, rest) => {
            let mut acc = eval(first, n, t)?;
            for (i, (op, x)) in rest.iter().enumerate() {
                let v = eval(x, n, t)?;
                if *op != MulOp::Mul && v.is_zero() {
                    return Err(DivByZero {
                        divisor: x,
                        first,
                        ops: rest.get(..=i).unwrap_or(rest),
                    });
                }
                acc = match op {
                    MulOp::Mul => acc * v,
                    MulOp::Div => acc.div_floor(&v),
                    MulOp::Mod => acc.mod_floor(&v),
                };
            }
            acc
        }
        Expr::Compare(op, a, b) => {
            let x = eval(a, n, t)?;
            let y = eval(b, n, t)?;
            truth(op.holds(x.cmp(&y)))
        }
        Expr::And(items) => {
            for x in items {
                if eval(x, n, t)?.is_zero() {
                    return Ok(BigInt::zero());
                }
            }
            BigInt::one()
        }
        Expr::Or(items) => {
            for x in items {
                if !eval(x, n, t)?.is_zero() {
                    return Ok(BigInt::one());
                }
            }
            BigInt::zero()
        }
        Expr::Min(items) | Expr::Max(items) => {
            let is_min = matches!(e, Expr::Min(_));
            let mut best: Option<BigInt> = None;
            for x in items {
                let v = eval(x, n, t)?;
                best = Some(match best {
                    None => v,
                    Some(b) if (is_min && v < b) || (!is_min && v > b) => v,
                    Some(b) => b,
                });
            }
            best.unwrap_or_default()
        }
        Expr::If(c, a, b) => {
            if eval(c, n, t)?.is_zero() {
                eval(b, n, t)?
            } else {
                eval(a, n, t)?
            }
        }
    })
}
