//! The answer to "who wins here, and how?": the shared result type of every
//! game family, serialised exactly as the command-line contract requires.
//!
//! Law: `outcome == N` if and only if `move` is `Some` (a position is a
//! first-player win exactly when a winning move exists).

use crate::json::{serialize_big_vec, serialize_opt_big};
use num_bigint::BigUint;
use serde::Serialize;

pub use crate::engine::Outcome;

/// Which engine produced an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// A closed form from the papers, with its hypotheses checked.
    Theory,
    /// Exhaustive search from the rules alone.
    Exhaustive,
}

/// One move, in the contract's terms.
///
/// Take-away moves fill `take`, `pile`, `to` and (for bounded games) `bound`;
/// a Wythoff diagonal move fills `take` (taken from each pile) and `to` with
/// `pile` absent; a Spite Nim move is a `call` only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Move {
    /// Counters removed (from each pile, for a Wythoff diagonal move).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_opt_big"
    )]
    pub take: Option<BigUint>,
    /// Index of the pile taken from, into the piles as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pile: Option<usize>,
    /// The piles after the move, in the order given.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "serialize_big_vec"
    )]
    pub to: Vec<BigUint>,
    /// The opponent's bound after the move (bounded games only).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_opt_big"
    )]
    pub bound: Option<BigUint>,
    /// The number called (Spite Nim).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_opt_big"
    )]
    pub call: Option<BigUint>,
    /// Whether both piles are reduced equally (Wythoff's diagonal move).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub diagonal: bool,
    /// `"add"` for a move that adds counters (appendix games); absent for takes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// Counters added to `pile` (appendix games, with `kind: "add"`).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_opt_big"
    )]
    pub add: Option<BigUint>,
}

/// The full answer for one position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The game, as a canonical spec (`one-pile:f=2*t`, `wythoff`, ...).
    pub game: String,
    /// The piles as given.
    #[serde(serialize_with = "serialize_big_vec")]
    pub piles: Vec<BigUint>,
    /// The bound on the next move (`null` when unbounded or not applicable).
    #[serde(serialize_with = "serialize_opt_big")]
    pub bound: Option<BigUint>,
    /// Who wins.
    pub outcome: Outcome,
    /// Least winning move (bounded games, whatever the bound) or Grundy value;
    /// `null` where there is none.
    #[serde(serialize_with = "serialize_opt_big")]
    pub value: Option<BigUint>,
    /// A winning move, or `null` when every move loses.
    #[serde(rename = "move")]
    pub winning_move: Option<Move>,
    /// Every winning move, when asked for (`--all`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<Move>>,
    /// Moves to the end of the game under best play, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
    /// The Grundy value (normal play; the nim-sum for several piles of a
    /// subtraction game or a sum of games): from theory where proved (Nim,
    /// periodic subtraction games), else from the engine within the
    /// limits; `null` over the limits, under misère play and for Spite Nim
    /// (a note says which). Law: `grundy == 0` iff `outcome == P` (normal play).
    #[serde(serialize_with = "serialize_opt_big")]
    pub grundy: Option<BigUint>,
    /// Which engine answered.
    pub method: Method,
    /// Why, in the papers' terms.
    pub explanation: String,
    /// Remarks: a hypothesis that failed, a fallback taken.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The teaching view: the piles in the digits of the theorem's base, the
    /// deciding term marked (one-pile and Wythoff theory answers on piles of
    /// at most [`MOST_TERMS`](crate::numeration::digits::MOST_TERMS) digits).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub digits: Vec<crate::numeration::digits::Digits>,
}
