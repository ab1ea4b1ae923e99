//! Playing a two-pile (or `k`-pile) game: piles and a bound `w` (unbounded
//! at the start unless given); take `t` with `1 ≤ t ≤ w` from one pile; the
//! opponent's bound becomes `f(n, t)` with `n = max − min` of the piles
//! *before* the move (for two piles `|x − y|`, design.md and [`super::rules`]).
//! Whoever cannot move loses.

use super::TwoPile;
use crate::games::GameError;
use crate::games::play::{PlayMove, Position, Rules, check_take, small_takes};
use num_bigint::BigUint;

/// `max − min` of the piles (0 for no piles).
fn spread(piles: &[BigUint]) -> BigUint {
    match (piles.iter().max(), piles.iter().min()) {
        (Some(hi), Some(lo)) => hi - lo,
        _ => BigUint::ZERO,
    }
}

impl Rules for TwoPile {
    /// Two piles (or the `piles=K` of the spec, or any `k ≥ 2`), the bound
    /// as given (`None`: unbounded).
    fn start(&self, piles: Vec<BigUint>, bound: Option<BigUint>) -> Result<Position, GameError> {
        if piles.len() < 2 {
            return Err(GameError::Invalid(format!(
                "two-pile games are played with two (or more) piles, got {}",
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
        let next = self
            .bound()
            .eval(&spread(&pos.piles), take)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::GameSpec;

    #[test]
    fn the_bound_follows_the_difference_before_the_move() {
        let g = TwoPile::from_spec(&GameSpec::parse("two-pile:f=2*t").unwrap()).unwrap();
        let p = g
            .start(vec![20u32.into(), 62u32.into()], Some(6u32.into()))
            .unwrap();
        let too_many = PlayMove::Take {
            pile: 1,
            take: 7u32.into(),
        };
        assert_eq!(
            g.apply(&p, &too_many).unwrap_err().to_string(),
            "you may take at most 6"
        );
        // Take 5 from 62: f(62 − 20, 5) = 2·5 = 10 (f ignores n); the rules.
        let q = g
            .apply(
                &p,
                &PlayMove::Take {
                    pile: 1,
                    take: 5u32.into(),
                },
            )
            .unwrap();
        assert_eq!(q.piles, vec![BigUint::from(20u32), BigUint::from(57u32)]);
        assert_eq!(q.bound, Some(10u32.into()));
        let h = TwoPile::from_spec(&GameSpec::parse("two-pile:f=n+t").unwrap()).unwrap();
        let p = h
            .start(vec![3u32.into(), 9u32.into(), 4u32.into()], None)
            .unwrap();
        // Three piles: n = max − min = 9 − 3 = 6 before the move, f = 6 + 1 (k_pile rules).
        let q = h
            .apply(
                &p,
                &PlayMove::Take {
                    pile: 0,
                    take: 1u32.into(),
                },
            )
            .unwrap();
        assert_eq!(q.bound, Some(7u32.into()));
        // Unbounded start: every take from every pile, 3 + 9 + 4 of them.
        assert_eq!(h.moves(&p, 100).len(), 16);
        assert!(g.start(vec![5u32.into()], None).is_err());
    }
}
