//! Playing Wythoff's Nim: take any number from one pile, or the same number
//! from both piles; whoever cannot move loses.

use super::Wythoff;
use crate::games::GameError;
use crate::games::play::{PlayMove, Position, Rules, check_take, small_takes};
use num_bigint::BigUint;

impl Rules for Wythoff {
    /// Two piles, no bound.
    fn start(&self, piles: Vec<BigUint>, _bound: Option<BigUint>) -> Result<Position, GameError> {
        if piles.len() != 2 {
            return Err(GameError::Invalid(format!(
                "Wythoff's Nim is played with two piles, got {}",
                piles.len()
            )));
        }
        Ok(Position::new(piles, None))
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        let mut next = Position::new(pos.piles.clone(), None);
        match mv {
            PlayMove::Take { pile, take } => {
                let p = pos.pile(*pile)?;
                check_take(take, p, None)?;
                next.piles[*pile] = p - take;
            }
            PlayMove::Both { take } => {
                let least = pos.piles.iter().min().cloned().unwrap_or_default();
                check_take(take, &least, None).map_err(|_| {
                    GameError::Invalid(format!(
                        "from both piles you may take 1 to {least} (the smaller pile)"
                    ))
                })?;
                for p in &mut next.piles {
                    *p -= take;
                }
            }
            PlayMove::Call { .. } | PlayMove::Pick { .. } => {
                return Err(GameError::Invalid(
                    "in Wythoff's Nim take from one pile (`take 2 from 1`) or from both (`both 2`)"
                        .into(),
                ));
            }
        }
        Ok(next)
    }

    fn moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove> {
        let mut out = Vec::new();
        for (pile, p) in pos.piles.iter().enumerate() {
            for take in small_takes(p, None, limit) {
                out.push(PlayMove::Take { pile, take });
            }
        }
        let least = pos.piles.iter().min().cloned().unwrap_or_default();
        for take in small_takes(&least, None, limit) {
            out.push(PlayMove::Both { take });
        }
        out.sort_by(|a, b| take_of(a).cmp(take_of(b)));
        out.truncate(limit);
        out
    }
}

fn take_of(m: &PlayMove) -> &BigUint {
    match m {
        PlayMove::Take { take, .. } | PlayMove::Both { take } | PlayMove::Call { call: take } => {
            take
        }
        PlayMove::Pick { .. } => &ZERO,
    }
}

static ZERO: BigUint = BigUint::ZERO;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::GameSpec;

    fn game() -> Wythoff {
        Wythoff::from_spec(&GameSpec::parse("wythoff").unwrap()).unwrap()
    }

    #[test]
    fn legal_and_illegal_moves() {
        let g = game();
        let p = g.start(vec![3u32.into(), 5u32.into()], None).unwrap();
        // (3,5) → both 2 → (1,3): from the rules.
        let q = g.apply(&p, &PlayMove::Both { take: 2u32.into() }).unwrap();
        assert_eq!(q.piles, vec![BigUint::from(1u32), BigUint::from(3u32)]);
        assert!(g.apply(&p, &PlayMove::Both { take: 4u32.into() }).is_err());
        assert!(
            g.apply(
                &p,
                &PlayMove::Take {
                    pile: 2,
                    take: 1u32.into()
                }
            )
            .is_err()
        );
        assert!(
            g.apply(
                &p,
                &PlayMove::Take {
                    pile: 0,
                    take: 0u32.into()
                }
            )
            .is_err()
        );
        // From (3,5): 3 + 5 single takes and 3 diagonal ones (the rules).
        assert_eq!(g.moves(&p, 100).len(), 11);
        let end = g.start(vec![0u32.into(), 0u32.into()], None).unwrap();
        assert!(g.moves(&end, 10).is_empty());
    }
}
