//! A family defined outside the library, in one file: subtract-a-square
//! (take a positive square number of counters from one pile; OEIS A030193
//! lists its P-positions 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34, …).
//!
//! The rules (`CustomRules`) and the catalogue entry ([`SQUARES`]) are the
//! whole family; a program offers it by the one list line,
//! `takeaway::family::register(&SQUARES)`, before it runs. Two programs
//! include this very file (`#[path]`): the command line of `main.rs` beside
//! it, and the Python extension of
//! `crates/takeaway-py/tests/squares-ext` (the whole `takeaway` package
//! with `squares` among its families); the page's browser test
//! (`crates/takeaway-tests/tests/e2e.rs`) registers it too.

use num_bigint::BigUint;
use std::ops::ControlFlow;
use std::sync::Arc;
use takeaway::engine::Estimate;
use takeaway::family::{Capabilities, Family, Layout, Start};
use takeaway::games::custom::{CustomRules, takes_estimate, takes_from_piles};
use takeaway::games::error::MoveKind as WrongKind;
use takeaway::games::play::{PlayMove, Position};
use takeaway::games::{Game, GameError, Illegal};
use takeaway::spec::GameSpec;

/// The rules: from a pile of n, take any k² ≤ n (k ≥ 1).
#[derive(Debug)]
struct Squares;

impl CustomRules for Squares {
    fn spec(&self) -> String {
        "squares".into()
    }
    fn name(&self) -> &'static str {
        "subtract-a-square"
    }
    fn moves(
        &self,
        pos: &Position,
        out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        takes_from_piles(
            pos,
            // The squares up to the pile, lazily: a search asking for a few
            // moves stops early, and k² never overflows.
            |_, n| {
                (1u64..)
                    .map_while(|k| k.checked_mul(k))
                    .take_while(move |&s| s <= n)
            },
            out,
        )
    }
    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        let PlayMove::Take { pile, take } = mv else {
            return Err(Illegal::Kind(WrongKind::Takes { game: self.name() }).into());
        };
        let Some(n) = pos.piles.get(*pile) else {
            return Err(Illegal::NoPile {
                index: *pile,
                count: pos.piles.len(),
            }
            .into());
        };
        if take > n {
            return Err(Illegal::PileHasOnly {
                pile: *pile,
                has: n.clone(),
            }
            .into());
        }
        let root = take.sqrt();
        if take == &BigUint::from(0u8) || &root * &root != *take {
            return Err(Illegal::Forbidden {
                pile: *pile,
                take: take.clone(),
                rule: "You may take only a square number: 1, 4, 9, 16, …",
            }
            .into());
        }
        let mut next = pos.clone();
        next.piles[*pile] = n - take;
        Ok(next)
    }
    fn estimate(&self, pos: &Position) -> Estimate {
        takes_estimate(pos, |most| most.isqrt().saturating_add(1))
    }
}

fn parse(spec: &GameSpec) -> Result<Game, GameError> {
    spec.only(&["misere"])?;
    Ok(Game::custom(Arc::new(Squares), spec.misere()?))
}

/// The catalogue entry: what the one list line registers.
pub(crate) static SQUARES: Family = Family {
    id: "squares",
    names: &["squares"],
    aliases: &["subtract-a-square"],
    title: "Subtract a square",
    template: "squares",
    params: &[],
    usage: "squares",
    help: "subtract-a-square: take a square number from one pile",
    about: "Take a square number (1, 4, 9, …) of counters from one pile.",
    start: Start {
        piles: &[20],
        bound: None,
    },
    parts: &[],
    layout: Layout::Many,
    capabilities: Capabilities::HEAP,
    parse: Some(parse),
};
