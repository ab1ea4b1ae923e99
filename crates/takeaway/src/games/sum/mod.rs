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

mod entry;
pub mod error;
pub(crate) mod game;
mod parts;
mod quotient;
pub mod solve;

pub use entry::FAMILY;
pub use error::SumError;
pub use game::MAX_PARTS;
pub use parts::{Part, misere_of, parse_part, parse_parts, position_of};
pub use solve::MISERE_STATES;

use crate::analysis::Analysis;
use crate::engine::Convention;
use crate::games::error::GameError;
use crate::games::model::Family;
use crate::games::request::{AnalyzeRequest, Table, TableRequest, Verification, VerifyRequest};
use crate::games::wire::{Position, Wire};

/// A sum of games: which play (normal or misère); the parts are the position's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sum {
    misere: bool,
}

impl Sum {
    /// A sum under misère play when `misere`.
    pub fn new(misere: bool) -> Sum {
        Sum { misere }
    }
    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        Convention::from_misere(self.misere)
    }

    /// The parts of `pos` checked against their games (canonical specs,
    /// default bounds filled in), or the first part's error naming it.
    fn checked(&self, pos: &Position) -> Result<Vec<solve::Checked>, GameError> {
        let rules = game::SumRules::<u64>::new(self);
        let pos = rules.checked(pos)?;
        pos.parts
            .into_iter()
            .map(|p| {
                Ok(solve::Checked {
                    game: crate::games::Game::parse(&p.game)?,
                    position: p.position,
                })
            })
            .collect()
    }
}

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

impl Family for Sum {
    fn family_name(&self) -> &'static str {
        "sums of games"
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    /// A sum's own analysis decides misère play (the product search), not
    /// the engine's search of the whole sum; it is a search, not a theory
    /// ([`Family::misere_theory`] stays false).
    fn misere_by_theory(&self, _piles: usize) -> bool {
        true
    }
    fn spec(&self) -> String {
        if self.misere {
            "sum:misere=true".into()
        } else {
            "sum".into()
        }
    }

    /// The nim-sum of the parts' Grundy values (normal play), or the
    /// product game's exhaustive search (misère play).
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        if req.bound.is_some() {
            return Err(SumError::OwnBound.into());
        }
        if req.exhaustive {
            return Err(SumError::OwnExhaustive.into());
        }
        let mut pos = Position::of_parts(req.parts.clone());
        pos.piles.clone_from(&req.piles);
        let parts = self.checked(&pos)?;
        if self.misere {
            solve::misere(self.spec(), &parts, req.all, &req.limits)
        } else {
            solve::normal(self.spec(), &parts, req.all, &req.limits)
        }
    }

    fn table(&self, _req: &TableRequest<'_>) -> Result<Table, GameError> {
        Err(crate::games::unanswered::Unsupported::SumTable.into())
    }

    fn verify(&self, _req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        Err(crate::games::unanswered::Unsupported::SumVerify.into())
    }
}
