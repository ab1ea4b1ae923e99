//! Playing a two-pile game: piles `x`, `y` and a bound `w` (unbounded at the
//! start unless given); take `t` with `1 ≤ t ≤ w` from one pile; the
//! opponent's bound becomes `f(|x − y|, t)` with `x − y` the difference
//! *before* the move (design.md). Whoever cannot move loses.
//!
//! The move bound is read back from the game's canonical spec (`f=...`), so
//! these rules depend only on the spec contract.

use super::TwoPile;
use crate::bound::Bound;
use crate::games::play::{PlayMove, Position, Rules, check_take, small_takes};
use crate::games::{Family, GameError};
use crate::spec::GameSpec;
use num_bigint::BigUint;

impl TwoPile {
    /// The move bound `f(n, t)` of this game, from its spec.
    fn play_bound(&self) -> Result<Bound, GameError> {
        let spec = GameSpec::parse(&Family::spec(self))?;
        let f = spec
            .get("f")
            .ok_or_else(|| GameError::Invalid("the two-pile game has no move bound f".into()))?;
        Bound::parse(&f.value).map_err(|e| GameError::Bound(e.to_string()))
    }
}

impl Rules for TwoPile {
    fn start(&self, piles: Vec<BigUint>, bound: Option<BigUint>) -> Result<Position, GameError> {
        if piles.len() != 2 {
            return Err(GameError::Invalid(format!(
                "play two-pile games with two piles, got {}",
                piles.len()
            )));
        }
        Ok(Position::new(piles, bound))
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        let PlayMove::Take { pile, take } = mv else {
            return Err(GameError::Invalid(
                "in a two-pile game you take from one pile: `take 2 from 1`".into(),
            ));
        };
        let p = pos.pile(*pile)?;
        check_take(take, p, pos.bound.as_ref())?;
        let [x, y] = pos.piles.as_slice() else {
            return Err(GameError::Invalid("a two-pile game has two piles".into()));
        };
        let difference = if x >= y { x - y } else { y - x };
        let next = self
            .play_bound()?
            .eval(&difference, take)
            .map_err(|e| GameError::Bound(e.to_string()))?;
        let mut piles = pos.piles.clone();
        piles[*pile] = p - take;
        Ok(Position::new(piles, Some(next)))
    }

    fn moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove> {
        let mut out = Vec::new();
        for (pile, p) in pos.piles.iter().enumerate() {
            for take in small_takes(p, pos.bound.as_ref(), limit) {
                out.push(PlayMove::Take { pile, take });
            }
        }
        out.sort_by(|a, b| match (a, b) {
            (PlayMove::Take { take: x, .. }, PlayMove::Take { take: y, .. }) => x.cmp(y),
            _ => std::cmp::Ordering::Equal,
        });
        out.truncate(limit);
        out
    }
}
