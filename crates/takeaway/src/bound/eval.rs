//! Exact evaluation of a move bound over arbitrary-size integers.
//!
//! Laws: `/` is floor division and `%` floor modulo, so
//! `a == (a / b) * b + a % b` and `a % b` has the sign of `b` (or is 0);
//! `&&`, `||` short-circuit and `if` evaluates only the branch it takes, so a
//! division by zero in a branch not taken is no error.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};

use super::ast::{AddOp, At, Expr, Func, MulOp, Var};
use crate::numeration::base::Base;
use crate::numeration::fibonacci::fibonacci;

/// Largest `k` that `fib(k)` and `h(k)` accept (F_k has ~0.7·k bits).
pub(crate) const MOST_INDEX: u64 = 10_000_000;

/// Why an evaluation failed.
#[derive(Debug)]
pub(crate) enum Failure<'a> {
    /// A division or modulo by zero.
    DivByZero(DivByZero<'a>),
    /// A function outside its domain (`g(0)`, `fib(-1)`, ...): where and why.
    Call {
        /// The call's column.
        column: usize,
        /// The call, normalised.
        call: String,
        /// Why it has no value.
        reason: String,
    },
}

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

/// The value of `func(x)` (`base` is there whenever the bound parsed with a
/// base-needing call), or why there is none.
fn call(func: Func, x: &BigInt, base: Option<&Base>) -> Result<BigInt, String> {
    let natural = |what: &str| {
        x.to_biguint()
            .ok_or_else(|| format!("{what} must be a natural number, got {x}"))
    };
    let index = |x: &BigUint| {
        x.to_u64()
            .filter(|&k| k <= MOST_INDEX)
            .ok_or_else(|| format!("the index {x} is over the limit {MOST_INDEX}"))
    };
    let base = || base.ok_or_else(|| "no base= is given".to_string());
    match func {
        Func::Fib => {
            let k = index(&natural("the index")?)?;
            let k = usize::try_from(k).map_err(|e| e.to_string())?;
            Ok(BigInt::from(fibonacci(k)))
        }
        Func::H => {
            let k = index(&natural("the index")?)?;
            if k == 0 {
                return Err("the terms are b_1, b_2, …: there is no b_0".into());
            }
            let k = usize::try_from(k).map_err(|e| e.to_string())?;
            base()?.term(k).map(BigInt::from).map_err(|e| e.to_string())
        }
        Func::G | Func::GBar => {
            let v = natural("the argument")?;
            let b = base()?;
            let r = if func == Func::G {
                b.g(&v)
            } else {
                b.g_bar(&v)
            };
            match r.map_err(|e| e.to_string())? {
                Some(value) => Ok(BigInt::from(value)),
                None => Err(format!("{}(0) is ∞ (0 has no terms)", func.name())),
            }
        }
    }
}

/// Evaluates `e` at `(n, t)` exactly (with the game's base for `g`, `gbar`, `h`).
///
/// Recursion depth is bounded by the parser's nesting limit (chains are n-ary).
pub(crate) fn eval<'a>(
    e: &'a Expr,
    n: &BigInt,
    t: &BigInt,
    base: Option<&Base>,
) -> Result<BigInt, Failure<'a>> {
    let eval = |e: &'a Expr, n: &BigInt, t: &BigInt| eval(e, n, t, base);
    Ok(match e {
        Expr::Call(func, a, At(column)) => {
            let x = eval(a, n, t)?;
            call(*func, &x, base).map_err(|reason| Failure::Call {
                column: *column,
                call: e.to_string(),
                reason,
            })?
        }
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
                    return Err(Failure::DivByZero(DivByZero {
                        divisor: x,
                        first,
                        ops: rest.get(..=i).unwrap_or(rest),
                    }));
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
