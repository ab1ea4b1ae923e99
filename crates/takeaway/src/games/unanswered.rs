//! What the library does not answer, as data: a position no theory decides
//! and no search reaches ([`NotKnown`]), and a request a game does not take
//! ([`Unsupported`]). `Display` is the library's sentence (the one line
//! after `error: `); a front-end matching the data words its own.

use super::error::{Quantity, short_decimal};
use num_bigint::BigUint;
use thiserror::Error;

/// A position no theory decides and too large to search.
///
/// ```
/// use takeaway::games::NotKnown;
/// let e = NotKnown::BeyondSearch { what: "pile", digits: 30 };
/// assert_eq!(e.to_string(), "a pile of 30 digits is far beyond exhaustive search");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotKnown {
    /// A `what` (`pile`, `memory`, `number`) of `digits` digits where only
    /// an exhaustive search would answer.
    #[error("a {what} of {digits} digits is far beyond exhaustive search")]
    BeyondSearch {
        /// What the number is.
        what: &'static str,
        /// Its decimal digits.
        digits: usize,
    },
    /// A pile of `digits` digits for the search of a family defined outside
    /// the crate (`game`: its name).
    #[error("a pile of {digits} digits is far beyond the search of `{game}`")]
    BeyondSearchOf {
        /// The pile's decimal digits.
        digits: usize,
        /// The family's name.
        game: String,
    },
    /// A heap beyond `2^64` of a take-and-break game.
    #[error("a heap beyond 2^64 is far beyond exhaustive search")]
    HeapBeyond64,
    /// No theory applies (`why`, the failed hypothesis; `None`: the search
    /// was asked for) and the pile, of `digits` digits, is beyond search.
    #[error("{}; and a pile of {digits} digits is far beyond exhaustive search", why.as_deref().unwrap_or("exhaustive search was asked for"))]
    NoTheoryBeyondSearch {
        /// The theory's failed hypothesis, as it states it.
        why: Option<String>,
        /// The pile's decimal digits.
        digits: usize,
    },
    /// Misère play read as normal play on `n − 1`, whose theory fails (`why`).
    #[error("misère play as normal play on n − 1: {why}")]
    MisereShift {
        /// The theory's failed hypothesis, as it states it.
        why: String,
    },
    /// A two-row Spite Nim position `(n, s)` with `s > e(n)`, which Hale's
    /// paper leaves open, too large to search (`why`: the search's size).
    #[error(
        "({}, {}) with s > e(n) = {} is open in Hale's paper (Theorems 2 and 3 do not decide it), and {why}",
        short_decimal(n, 40),
        short_decimal(s, 40),
        short_decimal(e, 40)
    )]
    SpiteOpen {
        /// The longer row.
        n: BigUint,
        /// The shorter row.
        s: BigUint,
        /// e(n).
        e: BigUint,
        /// Why no search answers it (its size against a limit).
        why: Quantity,
    },
    /// Spite Nim with `rows` nonempty rows (no theory), too large to search.
    #[error(
        "Spite Nim with {rows} nonempty rows has no theory (Hale's paper 003 treats two rows and leaves three or more open), and {why}"
    )]
    SpiteRows {
        /// Nonempty rows.
        rows: usize,
        /// Why no search answers it (its size against a limit).
        why: Quantity,
    },
    /// The exact Beatty inversion found no `k` for `n` (a bug, refused
    /// rather than guessed).
    #[error("the exact Beatty inversion found no k for {n} (this is a bug)")]
    BeattyInversion {
        /// The number inverted.
        n: BigUint,
    },
}

/// What a game's answers come from, when it has no theory to verify.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnswersFrom {
    /// The definition (the mex rule), checked against the exhaustive search by the test suite.
    Definition,
    /// The exhaustive solver.
    Exhaustive,
}

/// A request a game does not take (not built, or without meaning for it).
///
/// ```
/// use takeaway::games::Unsupported;
/// assert!(Unsupported::SumTable.to_string().starts_with("a sum of games has no table"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Unsupported {
    /// `verify` of a game with no theory (`game`: its spec or name).
    #[error("{game} has no theory to verify: {}", match answers {
        AnswersFrom::Definition => "its values come from the definition (the mex rule), checked against the exhaustive search by the test suite",
        AnswersFrom::Exhaustive => "its answers come from the exhaustive solver",
    })]
    NoTheoryToVerify {
        /// The game.
        game: String,
        /// Where its answers come from.
        answers: AnswersFrom,
    },
    /// A table of a sum of games.
    #[error(
        "a sum of games has no table: tabulate each part's game, or analyze the sum's positions one at a time"
    )]
    SumTable,
    /// `verify` of a sum of games.
    #[error(
        "a sum of games has no theory of its own to verify: the nim-sum rule is Sprague–Grundy's theorem; verify each part's game"
    )]
    SumVerify,
    /// A misère k-pile table (k ≥ 3).
    #[error("a k-pile table is for normal play; analyze misère k-pile positions one at a time")]
    MisereKPileTable,
    /// A misère appendix game's tableau.
    #[error(
        "the tableau of an appendix game is for normal play; analyze misère positions one at a time"
    )]
    MisereAppendixTableau,
    /// A checkpoint or resume for a take-and-break code computed in one run
    /// (a move may leave three heaps).
    #[error(
        "checkpoints are for codes whose moves leave at most two heaps; {code} (a move may leave three) is computed in one run"
    )]
    Checkpoints {
        /// The code.
        code: String,
    },
    /// Larsson & Rubinstein-Salzedo's statements asked of another game than
    /// Fibonacci Nim (`spec`).
    #[error(
        "Larsson & Rubinstein-Salzedo's statements are about Fibonacci Nim (f = 2t, normal play, no base); {spec} is another game"
    )]
    NotFibonacciNim {
        /// The game's spec.
        spec: String,
    },
}
