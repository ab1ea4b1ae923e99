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
    /// A computed misère quotient (Plambeck–Siegel): the product of the
    /// heaps' pretending values `Φ(h)` in a quotient proved for every sum
    /// of heaps up to its bound.
    Quotient,
}

/// One move, in the contract's terms.
///
/// Take-away moves fill `take`, `pile`, `to` and (for bounded games) `bound`;
/// a Wythoff diagonal move fills `take` (taken from each pile) and `to` with
/// `pile` absent; a Spite Nim move is a `call` only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct Move {
    /// A sum of games: the part moved in (0-based); the other fields are
    /// that part's move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<usize>,
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
    /// The two heaps a move leaves in place of heap `pile`, in order (octal
    /// games, a move that splits a heap); absent for every other move.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "serialize_big_vec"
    )]
    pub split: Vec<BigUint>,
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
    /// A winning move that realises [`Analysis::remoteness`] (it leaves a
    /// position of remoteness one less), given only when the `move` shown
    /// does not: a theory's move (the least winning move) may rightly be a
    /// slower win than the fastest.
    ///
    /// Law: when `remoteness` is `Some(r)` and the position is won, either
    /// `move` or `fastest` leaves a position of remoteness `r − 1`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fastest: Option<Move>,
    /// Moves to the end of the game under best play (the winner hurries,
    /// the loser stalls), where known; `null` with a note in `notes`
    /// (`remoteness is null: …`, naming the limit) where it was not worked out.
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
    /// A sum of games: each part's game, position and Grundy value.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<PartValue>,
}

/// One part of a sum in its analysis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PartValue {
    /// The part's game, as a canonical spec.
    pub game: String,
    /// Its piles.
    #[serde(serialize_with = "serialize_big_vec")]
    pub piles: Vec<BigUint>,
    /// Its bound on the next move (the default filled in; `null` for none).
    #[serde(serialize_with = "serialize_opt_big")]
    pub bound: Option<BigUint>,
    /// Its Grundy value (`null` under misère play).
    #[serde(serialize_with = "serialize_opt_big")]
    pub grundy: Option<BigUint>,
}

/// The one way an index into the piles (rows of Spite Nim, parts of a sum)
/// becomes words: `what` and the index counted from 1. Every text a person
/// reads numbers piles, rows and parts through this; only the JSON's `pile`
/// and `part` fields are 0-based.
///
/// ```
/// use takeaway::analysis::numbered;
/// assert_eq!(numbered("pile", 0), "pile 1");
/// assert_eq!(numbered("row", 2), "row 3");
/// ```
pub fn numbered(what: &str, index: usize) -> String {
    format!("{what} {}", index.saturating_add(1))
}

/// A move in words for a game of `piles` piles, as the text output lists
/// them: `take 2 → (18), bound 4`, `take 9 from pile 2 → (10, 6)`, `take 2
/// from both piles → (8, 13)`, `call 5`, `add 2 to pile 1 → (3, 4), bound 2`
/// (piles counted from 1, by [`numbered`]).
///
/// ```
/// use takeaway::analysis::{Move, move_words};
/// let m = Move { take: Some(9u8.into()), pile: Some(1), to: vec![10u8.into(), 6u8.into()], ..Move::default() };
/// assert_eq!(move_words(&m, 2), "take 9 from pile 2 → (10, 6)");
/// ```
pub fn move_words(m: &Move, piles: usize) -> String {
    let mut out = match (&m.call, &m.add, &m.take, m.pile, m.diagonal) {
        (Some(c), _, _, _, _) => return format!("call {c}"),
        (None, Some(a), _, Some(p), _) => format!("add {a} to {}", numbered("pile", p)),
        (None, None, Some(t), _, true) => format!("take {t} from both piles"),
        (None, None, Some(t), Some(_), false) if m.split.len() >= 2 => {
            let heaps: Vec<String> = m.split.iter().map(ToString::to_string).collect();
            let (last, rest) = heaps.split_last().expect("two heaps or more");
            let leaving = format!("leaving {} and {last}", rest.join(", "));
            match m.pile {
                Some(p) if piles > 1 => format!("take {t} from {} {leaving}", numbered("pile", p)),
                _ => format!("take {t} {leaving}"),
            }
        }
        (None, None, Some(t), Some(_), false) if piles == 1 => format!("take {t}"),
        (None, None, Some(t), Some(p), false) => format!("take {t} from {}", numbered("pile", p)),
        (None, None, None, Some(p), _) => format!("pick {}", numbered("row", p)),
        _ => "a move".into(),
    };
    if !m.to.is_empty() {
        let to: Vec<String> = m.to.iter().map(ToString::to_string).collect();
        out.push_str(&format!(" → ({})", to.join(", ")));
    }
    if let Some(b) = &m.bound {
        out.push_str(&format!(", bound {b}"));
    }
    if let Some(part) = m.part {
        out.push_str(&format!(" in {}", numbered("part", part)));
    }
    out
}
