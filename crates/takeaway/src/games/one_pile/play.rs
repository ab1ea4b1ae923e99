//! Playing a one-pile game: pile `n`, bound `w`; take `t` with
//! `1 ≤ t ≤ min(w, n)`; the opponent's bound becomes `f(n, t)` with `n` the
//! pile before the move. The first bound defaults to `n − 1` (anything but the
//! whole pile); whoever cannot move loses.

use super::exhaustive::RemotenessTable;
use super::rules::next_bound;
use super::{OnePile, REMOTENESS_CAP};
use crate::games::play::{PlayMove, Position, Rules, check_take, small_takes};
use crate::games::{GameError, Limits};
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

impl Rules for OnePile {
    fn start(&self, piles: Vec<BigUint>, bound: Option<BigUint>) -> Result<Position, GameError> {
        let [n] = piles.as_slice() else {
            return Err(GameError::Invalid(format!(
                "a one-pile game takes exactly one pile, got {}",
                piles.len()
            )));
        };
        let w = match bound {
            Some(w) => w,
            None if n.is_zero() => BigUint::zero(),
            None => n - 1u32,
        };
        Ok(Position::new(piles, Some(w)))
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        let PlayMove::Take { pile, take } = mv else {
            return Err(GameError::Invalid(
                "in a one-pile game you take counters: `take 2`".into(),
            ));
        };
        let n = pos.pile(*pile)?;
        check_take(take, n, pos.bound.as_ref())?;
        let next = self
            .bound()
            .eval(n, take)
            .map_err(|e| GameError::Bound(e.to_string()))?;
        Ok(Position::new(vec![n - take], Some(next)))
    }

    /// One remoteness table of every smaller pile answers every move
    /// (piles up to [`REMOTENESS_CAP`], as in the analysis).
    fn successor_remoteness(
        &self,
        pos: &Position,
        moves: &[PlayMove],
        _limits: Limits,
    ) -> Option<Vec<Option<u64>>> {
        let n = pos.piles.first()?.to_u64()?;
        if n == 0 || n > REMOTENESS_CAP {
            return None;
        }
        let table = RemotenessTable::new(self.bound(), n - 1).ok()?;
        Some(
            moves
                .iter()
                .map(|mv| {
                    let PlayMove::Take { take, .. } = mv else {
                        return None;
                    };
                    let t = take.to_u64()?;
                    let rest = n.checked_sub(t)?;
                    let w = next_bound(self.bound(), n, t).ok()?;
                    table.get(rest, w)
                })
                .collect(),
        )
    }

    fn moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove> {
        let Some(n) = pos.piles.first() else {
            return Vec::new();
        };
        small_takes(n, pos.bound.as_ref(), limit)
            .into_iter()
            .map(|take| PlayMove::Take { pile: 0, take })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::GameSpec;

    #[test]
    fn fibonacci_rules() {
        let g = OnePile::from_spec(&GameSpec::parse("fibonacci").unwrap()).unwrap();
        let p = g.start(vec![20u32.into()], None).unwrap();
        // Default first bound n − 1 = 19 (design.md).
        assert_eq!(p.bound, Some(19u32.into()));
        assert!(
            g.apply(
                &p,
                &PlayMove::Take {
                    pile: 0,
                    take: 20u32.into()
                }
            )
            .is_err()
        );
        let q = g
            .apply(
                &p,
                &PlayMove::Take {
                    pile: 0,
                    take: 2u32.into(),
                },
            )
            .unwrap();
        // f = 2t: after taking 2 the opponent may take up to 4 (Whinihan).
        assert_eq!(q.bound, Some(4u32.into()));
        assert_eq!(q.piles, vec![BigUint::from(18u32)]);
        let err = g
            .apply(
                &q,
                &PlayMove::Take {
                    pile: 0,
                    take: 5u32.into(),
                },
            )
            .unwrap_err();
        assert_eq!(err.to_string(), "you may take at most 4");
        assert_eq!(g.moves(&q, 100).len(), 4);
    }

    #[test]
    fn successor_remoteness_matches_the_analysis_of_each_successor() {
        use crate::games::{AnalyzeRequest, Family};
        for spec in ["fibonacci", "one-pile:f=3*t", "one-pile:f=n-t"] {
            let g = OnePile::from_spec(&GameSpec::parse(spec).unwrap()).unwrap();
            for n in 1u32..40 {
                let p = g.start(vec![n.into()], None).unwrap();
                let moves = g.moves(&p, usize::MAX);
                let all = g
                    .successor_remoteness(&p, &moves, Limits::strict())
                    .unwrap();
                for (mv, r) in moves.iter().zip(all) {
                    let next = g.apply(&p, mv).unwrap();
                    let mut req = AnalyzeRequest::new(next.piles.clone());
                    req.bound = next.bound.clone();
                    // The law of `Rules::successor_remoteness`: the analysis of the successor.
                    assert_eq!(r, g.analyze(&req).unwrap().remoteness, "{spec} {n} {mv:?}");
                }
            }
        }
    }
}
