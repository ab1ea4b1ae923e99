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

/// Most bits of any value an evaluation makes (2^20 bits, 315,653 decimal
/// digits: three times a 100,000-digit pile). A product, `fib(k)` or `h(k)`
/// whose value would be larger is refused *before* it is computed, so one
/// evaluation is bounded work (F_9999999 alone has 6.9 million bits).
pub const MAX_VALUE_BITS: u64 = 1 << 20;

/// An upper bound on the bits of `F_k`: `F_k < φ^k` and `log2 φ < 0.6943`.
fn fib_bits(k: u64) -> u64 {
    k.saturating_mul(6943) / 10_000 + 1
}

thread_local! {
    /// The last large Fibonacci numbers computed on this thread: a bound
    /// such as `t + fib(300000)` is evaluated thousands of times with the
    /// same index, and F_300000 (26 KB) costs milliseconds each time.
    static FIB_CACHE: std::cell::RefCell<Vec<(usize, BigUint)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// `F_k`, from the thread's cache when `k` is large.
fn fib_cached(k: usize) -> BigUint {
    if k < 4096 {
        return fibonacci(k);
    }
    if let Some(v) = FIB_CACHE.with(|c| {
        c.borrow()
            .iter()
            .find(|(i, _)| *i == k)
            .map(|(_, v)| v.clone())
    }) {
        return v;
    }
    let v = fibonacci(k);
    FIB_CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= 4 {
            c.remove(0);
        }
        c.push((k, v.clone()));
    });
    v
}

/// Why an evaluation failed.
#[derive(Debug)]
pub(crate) enum Failure<'a> {
    /// A division or modulo by zero.
    DivByZero(DivByZero<'a>),
    /// A value over [`MAX_VALUE_BITS`] (estimated before computing it).
    TooLarge {
        /// The sub-expression whose value it is.
        expr: &'a Expr,
        /// Its estimated size in bits.
        bits: u64,
    },
    /// The thread's cancel scope was cancelled (polled before each call).
    Cancelled,
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

/// An upper bound on the bits of `func(x)` when it is large by its index
/// (`fib(k)`, `h(k)` of the Fibonacci or binary base); `None` when the size
/// is not the index's doing (`g`, `gbar`: at most their argument; `h` of a
/// table base, whose growth the base limits itself).
fn call_bits(func: Func, x: &BigInt, base: Option<&Base>) -> Option<u64> {
    let k = x.to_u64()?;
    match func {
        Func::Fib => Some(fib_bits(k)),
        Func::H => base?.term_bits(k),
        Func::G | Func::GBar => None,
    }
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
            Ok(BigInt::from(fib_cached(k)))
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
            // A call may cost milliseconds (F_300000): poll before each.
            if super::stop::stop_requested_now() {
                return Err(Failure::Cancelled);
            }
            if let Some(bits) = call_bits(*func, &x, base)
                && bits > MAX_VALUE_BITS
            {
                return Err(Failure::TooLarge { expr: e, bits });
            }
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
                if *op == MulOp::Mul {
                    let bits = acc.bits().saturating_add(v.bits());
                    if bits > MAX_VALUE_BITS + 1 {
                        return Err(Failure::TooLarge { expr: e, bits });
                    }
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
