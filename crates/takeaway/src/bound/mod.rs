//! The move-bound language: `f(n, t)` typed by the user, parsed once,
//! evaluated exactly on integers of any size, and compiled for solver loops.
//!
//! After a move of `t`, the opponent may take at most `f(n, t)`, where `n` is
//! the pile before the move (one-pile games) or the difference of the piles
//! before the move (two-pile games). Examples: Fibonacci Nim is `2*t`
//! (Whinihan), Holshouser–Reiter's Game 1 bounds look like
//! `if(n==0||t<=n, 2*t, 0)`.
//!
//! The language: integers of any size, the variables `t` and `n`,
//! `+ - * / %` (`/` floor division, `%` floor modulo with the sign of the
//! divisor, so `a == (a/b)*b + a%b`), unary `-`, parentheses, `min(a, ...)`,
//! `max(a, ...)`, comparisons `< <= == != >= >` (value 1 or 0, not chaining),
//! `&&`, `||` (short-circuit, nonzero is true, value 1 or 0), `!`, the lazy
//! `if(cond, a, b)`, `fib(k)` (F_k, F_1 = F_2 = 1) and, for a bound parsed
//! with a base ([`Bound::parse_with_base`]), `g(x)`, `gbar(x)` and `h(k)` of
//! paper 002. Precedence as in C: `||` < `&&` < comparisons < `+ -` <
//! `* / %` < unary. See [`parse`](self) for the grammar and limits.
//!
//! ```
//! use takeaway::bound::Bound;
//!
//! let f = Bound::parse("if(n==0||t<=n, 2*t, 0)").unwrap();
//! assert_eq!(f.to_string(), "if(n == 0 || t <= n, 2 * t, 0)");
//! assert_eq!(f.eval_u64(10, 3), Ok(6));
//! assert_eq!(f.eval_u64(2, 3), Ok(0));
//! ```

pub mod ast;
pub mod base_name;
mod compile;
mod error;
mod eval;
mod lexer;
mod monotone;
mod parse;
mod properties;
pub(crate) mod stop;

use std::fmt;
use std::sync::Arc;

use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

pub use error::{EvalError, ParseError};
pub use eval::MAX_VALUE_BITS;
pub use parse::{MAX_DEPTH, MAX_LEN};
pub use properties::{Counterexample, Violation};

use crate::numeration::base::Base;
use ast::{Expr, Var};
use compile::Program;

/// A parsed move bound `f(n, t)`.
///
/// Cheap to clone (shared), `Send + Sync`. Equality compares the syntax trees,
/// so two spellings of the same normalised expression are equal.
///
/// Laws: `Bound::parse(&b.to_string()) == Ok(b)`; `eval_u64(n, t)` equals
/// `min(eval(n, t), u64::MAX)` (or both fail with the same error).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::bound::Bound;
///
/// let f = Bound::parse("t*t*t*t").unwrap();
/// let big = BigUint::from(10u32).pow(6);
/// assert_eq!(f.eval(&BigUint::from(0u8), &big).unwrap(), BigUint::from(10u32).pow(24));
/// assert_eq!(f.eval_u64(0, 1_000_000), Ok(u64::MAX)); // saturates
/// ```
#[derive(Clone)]
pub struct Bound {
    inner: Arc<Inner>,
}

struct Inner {
    source: String,
    expr: Expr,
    /// The game's base, for `g`, `gbar` and `h`.
    base: Option<Base>,
    program: Program,
    uses_n: bool,
    uses_t: bool,
}

impl fmt::Debug for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bound")
            .field("source", &self.inner.source)
            .field("expr", &self.inner.expr)
            .finish()
    }
}

impl PartialEq for Bound {
    fn eq(&self, other: &Self) -> bool {
        self.inner.expr == other.inner.expr
    }
}

impl Eq for Bound {}

impl fmt::Display for Bound {
    /// The normalised expression: one space around binary operators, minimal
    /// parentheses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.inner.expr)
    }
}

impl std::str::FromStr for Bound {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Bound::parse(s)
    }
}

fn to_i64(v: u64) -> Option<i64> {
    i64::try_from(v).ok()
}

impl Bound {
    /// Parses a bound; errors name the 1-based column and what was expected.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert_eq!(Bound::parse("2*t").unwrap().to_string(), "2 * t");
    /// let err = Bound::parse("min(t, 2").unwrap_err();
    /// assert_eq!(err.to_string(), "column 9: expected `,` or `)` to close `(` opened at column 4, found end of input");
    /// ```
    pub fn parse(src: &str) -> Result<Bound, ParseError> {
        Bound::parse_with_base(src, None)
    }

    /// Parses a bound that may use the game's base: `g(x)` (the smallest
    /// term of `x`), `gbar(x)` (ḡ, Definition 6 of paper 002) and `h(k)` (the
    /// term `b_k`); `fib(k)` needs no base. Without a base these calls are an
    /// error naming the column.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::numeration::base::Base;
    /// use num_bigint::BigUint;
    /// // Paper 002: 100 = 3 + 8 + 89 in Fibonacci, so g(100) = 3.
    /// let f = Bound::parse_with_base("g(n) + h(5) + fib(7)", Some(Base::fibonacci())).unwrap();
    /// assert_eq!(f.eval_u64(100, 1), Ok(3 + 8 + 13));
    /// let err = Bound::parse("2*g(t)").unwrap_err();
    /// assert_eq!(err.column, 3);
    /// assert!(err.message.contains("base="), "{}", err.message);
    /// ```
    pub fn parse_with_base(src: &str, base: Option<Base>) -> Result<Bound, ParseError> {
        let expr = parse::parse(src)?;
        if base.is_none()
            && let Some((func, column)) = expr.first_base_call()
        {
            return Err(ParseError::new(
                column,
                format!(
                    "`{}` needs the game's base: add `:base=fibonacci` (or `binary`, or a list of terms) to the game",
                    func.name()
                ),
            ));
        }
        let mut b = Bound::from_expr_with_source(expr, src.to_string());
        if let Some(inner) = Arc::get_mut(&mut b.inner) {
            inner.base = base;
        }
        Ok(b)
    }

    /// Parses a rule for `h` (Definition 8 of paper 002) in the bound
    /// language with the base's `g`, `gbar` (`h=g`, `h=gbar` are `g(n)`,
    /// `gbar(n)`); a leading `h=` is optional, and an error's column counts
    /// it. The rule is evaluated at `(n, 0)`
    /// ([`HFunction::from_rule`](crate::numeration::g_prime::HFunction::from_rule)).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::numeration::base::Base;
    /// let r = Bound::parse_h_rule("h=gbar", &Base::fibonacci()).unwrap();
    /// assert_eq!(r.to_string(), "gbar(n)");
    /// assert_eq!(Bound::parse_h_rule("h=if(n%2,", &Base::fibonacci()).unwrap_err().column, 10);
    /// ```
    pub fn parse_h_rule(text: &str, base: &Base) -> Result<Bound, ParseError> {
        let t = text.trim();
        let (offset, body) = match t.strip_prefix("h=") {
            Some(rest) => (2, rest),
            None => (0, t),
        };
        let body = match body.trim() {
            "g" => "g(n)",
            "gbar" => "gbar(n)",
            other => other,
        };
        Bound::parse_with_base(body, Some(base.clone())).map_err(|mut e| {
            e.column += offset;
            e
        })
    }

    /// Builds a bound from a syntax tree (its source is the normalised text).
    ///
    /// ```
    /// use takeaway::bound::{Bound, ast::{Expr, Var}};
    /// let b = Bound::from_expr(Expr::Var(Var::T));
    /// assert_eq!(b.source(), "t");
    /// ```
    pub fn from_expr(expr: Expr) -> Bound {
        let source = expr.to_string();
        Bound::from_expr_with_source(expr, source)
    }

    fn from_expr_with_source(expr: Expr, source: String) -> Bound {
        let program = Program::compile(&expr);
        Bound {
            inner: Arc::new(Inner {
                base: None,
                source,
                uses_n: expr.mentions(Var::N),
                uses_t: expr.mentions(Var::T),
                program,
                expr,
            }),
        }
    }

    /// The text the bound was parsed from, as given.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert_eq!(Bound::parse(" 2*t ").unwrap().source(), " 2*t ");
    /// ```
    pub fn source(&self) -> &str {
        &self.inner.source
    }

    /// The syntax tree.
    ///
    /// ```
    /// use takeaway::bound::{Bound, ast::{Expr, Var}};
    /// assert_eq!(Bound::parse("(t)").unwrap().expr(), &Expr::Var(Var::T));
    /// ```
    pub fn expr(&self) -> &Expr {
        &self.inner.expr
    }

    /// Whether `n` occurs in the expression.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert!(!Bound::parse("2*t").unwrap().uses_n());
    /// assert!(Bound::parse("n-t").unwrap().uses_n());
    /// ```
    pub fn uses_n(&self) -> bool {
        self.inner.uses_n
    }

    /// Whether `t` occurs in the expression.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert!(Bound::parse("2*t").unwrap().uses_t());
    /// assert!(!Bound::parse("n").unwrap().uses_t());
    /// ```
    pub fn uses_t(&self) -> bool {
        self.inner.uses_t
    }

    /// Evaluates `f(n, t)` exactly (over arbitrary-size integers).
    ///
    /// Errors: a division or modulo by zero that is actually evaluated, or a
    /// negative value.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use takeaway::bound::Bound;
    /// let f = Bound::parse("if(t == 0, 0, 10 / t)").unwrap();
    /// let z = BigUint::from(0u8);
    /// assert_eq!(f.eval(&z, &z).unwrap(), z); // lazy: 10/0 not evaluated
    /// assert_eq!(f.eval(&z, &BigUint::from(3u8)).unwrap(), BigUint::from(3u8));
    /// ```
    pub fn eval(&self, n: &BigUint, t: &BigUint) -> Result<BigUint, EvalError> {
        if stop::stop_requested_now() {
            return Err(EvalError::Cancelled);
        }
        let bn = BigInt::from(n.clone());
        let bt = BigInt::from(t.clone());
        match eval::eval(&self.inner.expr, &bn, &bt, self.inner.base.as_ref()) {
            Ok(v) => v.to_biguint().ok_or_else(|| EvalError::Negative {
                value: v,
                n: n.clone(),
                t: t.clone(),
            }),
            Err(eval::Failure::Call {
                column,
                call,
                reason,
            }) => Err(EvalError::Function {
                column,
                call,
                reason,
                n: n.clone(),
                t: t.clone(),
            }),
            Err(eval::Failure::TooLarge { expr, bits }) => Err(EvalError::TooLarge {
                expression: expr.to_string(),
                bits,
                limit: MAX_VALUE_BITS,
                n: n.clone(),
                t: t.clone(),
            }),
            Err(eval::Failure::Cancelled) => Err(EvalError::Cancelled),
            Err(eval::Failure::DivByZero(dz)) => {
                let division = Expr::Product(Box::new(dz.first.clone()), dz.ops.to_vec());
                Err(EvalError::DivisionByZero {
                    divisor: dz.divisor.to_string(),
                    expression: division.to_string(),
                    n: n.clone(),
                    t: t.clone(),
                })
            }
        }
    }

    /// Evaluates `f(n, t)` on machine words: the compiled `i64` program with
    /// checked arithmetic, falling back to [`Bound::eval`] on any overflow, so
    /// the result is always exact. A value above `u64::MAX` saturates to
    /// `u64::MAX`: such a bound exceeds every pile a `u64` solver can hold,
    /// so clamping it changes no move.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// let f = Bound::parse("(3*t+1)/2").unwrap();
    /// assert_eq!(f.eval_u64(0, 5), Ok(8));
    /// assert_eq!(f.eval_u64(0, u64::MAX), Ok(u64::MAX));
    /// ```
    #[inline]
    pub fn eval_u64(&self, n: u64, t: u64) -> Result<u64, EvalError> {
        if stop::stop_requested() {
            return Err(EvalError::Cancelled);
        }
        if let (Some(ni), Some(ti)) = (to_i64(n), to_i64(t))
            && let Some(v) = self.inner.program.run(ni, ti)
            && let Ok(v) = u64::try_from(v)
        {
            return Ok(v);
        }
        self.eval_u64_exact(n, t)
    }

    #[cold]
    fn eval_u64_exact(&self, n: u64, t: u64) -> Result<u64, EvalError> {
        let v = self.eval(&BigUint::from(n), &BigUint::from(t))?;
        Ok(v.to_u64().unwrap_or(u64::MAX))
    }

    /// The values `f(n, 1), ..., f(n, max_t)` (saturating like
    /// [`Bound::eval_u64`]) indexed by `t`: the vector has `max_t + 1`
    /// entries and entry 0 is a placeholder 0. `f` is never evaluated at
    /// `t = 0`: no move takes nothing, so `f(n, 0)` is no bound of the game
    /// and may well be undefined (`100/t`, `g(t)` of a base).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// let f = Bound::parse("min(2*t, t+n)").unwrap();
    /// assert_eq!(f.table_t(2, 4), Ok(vec![0, 2, 4, 5, 6]));
    /// // 100/t has no value at t = 0, and is not asked for one.
    /// assert_eq!(Bound::parse("100/t").unwrap().table_t(0, 3), Ok(vec![0, 100, 50, 33]));
    /// ```
    pub fn table_t(&self, n: u64, max_t: u64) -> Result<Vec<u64>, EvalError> {
        let cap = usize::try_from(max_t).map_or(1 << 20, |m| m.saturating_add(1).min(1 << 20));
        let mut out = Vec::with_capacity(cap);
        out.push(0);
        for t in 1..=max_t {
            out.push(self.eval_u64(n, t)?);
        }
        Ok(out)
    }

    /// [`Bound::table_t`] for a bound that does not use `n`; fails with
    /// [`EvalError::DependsOnN`] if it does.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// // Entry 0 is a placeholder: f is not evaluated at t = 0.
    /// assert_eq!(Bound::parse("2*t").unwrap().table_of_t(3), Ok(vec![0, 2, 4, 6]));
    /// assert!(Bound::parse("n+t").unwrap().table_of_t(3).is_err());
    /// ```
    pub fn table_of_t(&self, max_t: u64) -> Result<Vec<u64>, EvalError> {
        if self.uses_n() {
            return Err(EvalError::DependsOnN {
                bound: self.to_string(),
            });
        }
        self.table_t(0, max_t)
    }

    /// The bound as a function of `t` alone (at `n = 0`), with errors as
    /// text: the shape the numeration module takes for H-sequences.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use takeaway::bound::Bound;
    /// let f = Bound::parse("2*t").unwrap().as_fn_of_t();
    /// assert_eq!(f(&BigUint::from(4u8)), Ok(BigUint::from(8u8)));
    /// ```
    pub fn as_fn_of_t(
        &self,
    ) -> impl Fn(&BigUint) -> Result<BigUint, String> + Clone + Send + Sync + 'static {
        let bound = self.clone();
        move |t: &BigUint| bound.eval(&BigUint::zero(), t).map_err(|e| e.to_string())
    }
}
