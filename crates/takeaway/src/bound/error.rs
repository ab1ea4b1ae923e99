//! Errors of the move-bound language: [`ParseError`] for text that is not an
//! expression, [`EvalError`] for an expression that has no natural value at a
//! given `(n, t)`.

use num_bigint::{BigInt, BigUint};
use thiserror::Error;

/// Why a text is not a move-bound expression.
///
/// Law: `column` is the 1-based position, counted in characters (not bytes),
/// of the first character the parser could not accept; the message says what
/// was expected and what was found.
///
/// ```
/// use takeaway::bound::Bound;
///
/// let err = Bound::parse("12x").unwrap_err();
/// assert_eq!(err.column, 3);
/// assert!(err.to_string().starts_with("column 3: unexpected `x`"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("column {column}: {message}")]
pub struct ParseError {
    /// 1-based column (in characters) of the offending input.
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl ParseError {
    pub(crate) fn new(column: usize, message: impl Into<String>) -> Self {
        Self {
            column,
            message: message.into(),
        }
    }
}

/// Why a bound has no natural value at a given `(n, t)`.
///
/// Law: every variant carries the `n` and `t` it was evaluated at, and its
/// message names them, so a solver can report exactly which position failed.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::bound::{Bound, EvalError};
///
/// let bound = Bound::parse("t - 5").unwrap();
/// let err = bound.eval(&BigUint::from(0u8), &BigUint::from(2u8)).unwrap_err();
/// assert!(matches!(err, EvalError::Negative { .. }));
/// assert_eq!(err.to_string(), "the bound f(n=0, t=2) = -3 is negative");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EvalError {
    /// A `/` or `%` whose right-hand side evaluated to zero.
    #[error("division by zero at f(n={n}, t={t}): `{divisor}` is 0 in `{expression}`")]
    DivisionByZero {
        /// The divisor sub-expression (normalised).
        divisor: String,
        /// The whole division sub-expression (normalised).
        expression: String,
        /// The `n` the bound was evaluated at.
        n: BigUint,
        /// The `t` the bound was evaluated at.
        t: BigUint,
    },
    /// The bound evaluated to a negative number.
    #[error("the bound f(n={n}, t={t}) = {value} is negative")]
    Negative {
        /// The (negative) value.
        value: BigInt,
        /// The `n` the bound was evaluated at.
        n: BigUint,
        /// The `t` the bound was evaluated at.
        t: BigUint,
    },
    /// A function outside its domain: `g(0)` or `gbar(0)` (∞), `h(0)`, a
    /// negative or too large index.
    #[error("at f(n={n}, t={t}), `{call}` (column {column} of f) has no value: {reason}")]
    Function {
        /// The call's 1-based column in the bound's text.
        column: usize,
        /// The call (normalised).
        call: String,
        /// Why it has no value.
        reason: String,
        /// The `n` the bound was evaluated at.
        n: BigUint,
        /// The `t` the bound was evaluated at.
        t: BigUint,
    },
    /// A value of the evaluation would have more bits than
    /// [`MAX_VALUE_BITS`](super::MAX_VALUE_BITS) (estimated before it is
    /// computed: a product, `fib(k)`, `h(k)`).
    #[error(
        "at f(n={n}, t={t}), `{expression}` would have about {bits} bits, over the limit of {limit} bits; a bound above the pile allows no more than the whole pile, so write one that stays near the size of the piles (a smaller index or fewer factors)"
    )]
    TooLarge {
        /// The sub-expression (normalised).
        expression: String,
        /// Its estimated size in bits.
        bits: u64,
        /// The limit in bits.
        limit: u64,
        /// The `n` the bound was evaluated at.
        n: BigUint,
        /// The `t` the bound was evaluated at.
        t: BigUint,
    },
    /// The evaluation was stopped: the token of the thread's
    /// [`Cancel::scope`](crate::engine::Cancel::scope) was cancelled.
    #[error("cancelled: the computation was stopped before it finished")]
    Cancelled,
    /// A table of `t` alone was asked for a bound that depends on `n`.
    #[error("the bound `{bound}` depends on `n`; give an `n` to tabulate it")]
    DependsOnN {
        /// The bound (normalised).
        bound: String,
    },
}
