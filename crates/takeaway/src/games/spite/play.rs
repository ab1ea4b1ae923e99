//! Playing Spite Nim (Hale): a move is a *call* of `c` with `1 ≤ c ≤` the
//! longest row, then the opponent *picks* a row with at least `c` counters and
//! `c` are taken from it; the picker calls next. Whoever takes the last
//! counter wins, i.e. the player who must call with every row empty loses.
//!
//! In play a position with `call` set waits for the pick. The computer as
//! picker is spiteful (see [`crate::games::play`]).

use super::Spite;
use crate::games::GameError;
use crate::games::play::{PlayMove, Position, Rules, small_takes};
use num_bigint::BigUint;
use num_traits::Zero;

impl Rules for Spite {
    /// Any number of rows, no bound.
    fn start(&self, piles: Vec<BigUint>, _bound: Option<BigUint>) -> Result<Position, GameError> {
        if piles.is_empty() {
            return Err(GameError::Invalid(
                "Spite Nim needs at least one row".into(),
            ));
        }
        Ok(Position::new(piles, None))
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        let longest = pos.piles.iter().max().cloned().unwrap_or_default();
        match (mv, &pos.call) {
            (PlayMove::Call { call }, None) => {
                if call.is_zero() {
                    return Err(GameError::Invalid("call at least 1".into()));
                }
                if call > &longest {
                    return Err(GameError::Invalid(format!(
                        "you may call at most {longest} (the longest row)"
                    )));
                }
                Ok(Position {
                    piles: pos.piles.clone(),
                    bound: None,
                    call: Some(call.clone()),
                })
            }
            (PlayMove::Pick { pile }, Some(call)) => {
                let row = pos.pile(*pile)?;
                if row < call {
                    return Err(GameError::Invalid(format!(
                        "row {} has {row} counters, fewer than the call {call}",
                        pile + 1
                    )));
                }
                let mut piles = pos.piles.clone();
                piles[*pile] = row - call;
                Ok(Position::new(piles, None))
            }
            (PlayMove::Pick { .. }, None) => Err(GameError::Invalid(
                "no call is pending: call a number first (`call 3`)".into(),
            )),
            (_, Some(call)) => Err(GameError::Invalid(format!(
                "the call {call} is pending: pick a row with at least {call} counters (`pick 1`)"
            ))),
            (_, None) => Err(GameError::Invalid(
                "in Spite Nim you call a number (`call 3`); the opponent picks the row".into(),
            )),
        }
    }

    fn moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove> {
        match &pos.call {
            Some(call) => pos
                .piles
                .iter()
                .enumerate()
                .filter(|(_, r)| *r >= call)
                .map(|(pile, _)| PlayMove::Pick { pile })
                .take(limit)
                .collect(),
            None => {
                let longest = pos.piles.iter().max().cloned().unwrap_or_default();
                small_takes(&longest, None, limit)
                    .into_iter()
                    .map(|call| PlayMove::Call { call })
                    .collect()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::GameSpec;

    #[test]
    fn call_then_pick() {
        let g = Spite::from_spec(&GameSpec::parse("spite").unwrap()).unwrap();
        let p = g.start(vec![10u32.into(), 6u32.into()], None).unwrap();
        assert!(g.apply(&p, &PlayMove::Call { call: 11u32.into() }).is_err());
        assert!(g.apply(&p, &PlayMove::Pick { pile: 0 }).is_err());
        let c = g.apply(&p, &PlayMove::Call { call: 7u32.into() }).unwrap();
        // Only row 1 (10 counters) holds a call of 7: the rules.
        assert_eq!(g.moves(&c, 10), vec![PlayMove::Pick { pile: 0 }]);
        assert!(g.apply(&c, &PlayMove::Pick { pile: 1 }).is_err());
        let q = g.apply(&c, &PlayMove::Pick { pile: 0 }).unwrap();
        assert_eq!(q.piles, vec![BigUint::from(3u32), BigUint::from(6u32)]);
        assert!(q.call.is_none());
    }
}
