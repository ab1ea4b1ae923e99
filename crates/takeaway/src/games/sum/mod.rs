//! Sums of games (`takeaway analyze sum 'fibonacci 20' 'wythoff 3 5' 'nim 6'`):
//! a game like any other, whose position is its parts' positions
//! ([`crate::games::play::Position::parts`]) and whose move is a move in
//! one part ([`crate::games::play::PlayMove::Part`]); the player who cannot
//! move in any part loses (normal play) or wins (`sum:misere=true`).
//!
//! Laws: normal play is decided by the nim-sum of the parts' Grundy values
//! (Sprague–Grundy, [`analyze`]); misère play by a misère quotient when
//! every part is an octal game (the parts' heaps are one multiset of heaps:
//! `quotient.rs`), else by an exhaustive search of the product game. A part is any family whose catalogue entry allows it
//! (not Spite Nim, whose turn is two half-moves; not a sum), under normal
//! play; `parts` is refused by every other game.
//!
//! ```
//! use takeaway::games::{AnalyzeRequest, Family, Game};
//! use takeaway::games::sum::{parse_parts, position_of};
//! use takeaway::analysis::Outcome;
//! let sum = Game::parse("sum").unwrap();
//! let parts = parse_parts(&["nim 3".into(), "nim 5".into(), "nim 6".into()]).unwrap();
//! // Bouton: 3 ⊕ 5 ⊕ 6 = 0.
//! let a = sum.analyze(&AnalyzeRequest::at(&position_of(&parts))).unwrap();
//! assert_eq!((a.outcome, a.grundy), (Outcome::P, Some(0u8.into())));
//! ```

mod any_game;
mod entry;
pub mod error;
pub(crate) mod game;
mod parts;
mod quotient;
pub mod solve;

pub use entry::FAMILY;
pub use error::SumError;
pub use game::{MAX_PARTS, Sum};
pub use parts::{Part, misere_of, parse_part, parse_parts, position_of};
pub use solve::MISERE_STATES;

use crate::analysis::Analysis;
use crate::games::error::GameError;
use crate::games::model::Family;
use crate::games::request::AnalyzeRequest;

/// The analysis of the sum of `parts` (normal play, or misère when
/// `misere`), every winning move when `all`, within `limits`: the answer of
/// [`Family::analyze`] on the game `sum` at their position.
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::sum::{analyze, parse_parts};
/// let parts = parse_parts(&["wythoff 1 1".into(), "nim 1".into()]).unwrap();
/// // G(1, 1) = 2 in Wythoff (OEIS A004481), 2 ⊕ 1 = 3: move Wythoff to value 1.
/// let m = analyze(&parts, false, false, &Limits::strict()).unwrap().winning_move.unwrap();
/// assert_eq!((m.part, m.to), (Some(0), vec![0u8.into(), 1u8.into()]));
/// ```
pub fn analyze(
    parts: &[Part],
    all: bool,
    misere: bool,
    limits: &crate::games::request::Limits,
) -> Result<Analysis, GameError> {
    let mut req = AnalyzeRequest::at(&position_of(parts));
    req.all = all;
    req.limits = limits.clone();
    Family::analyze(&crate::games::Game::Sum(Sum::new(misere)), &req)
}
