//! Playing a subtraction game: take `s ∈ S` (and `s ≤` the pile) from one
//! pile; Nim takes any positive amount. Normal play: whoever cannot move
//! loses; misère: whoever cannot move wins.

use super::Subtraction;
use super::rules::SubtractionSet;
use crate::games::GameError;
use crate::games::play::{PlayMove, Position, Rules, small_takes};
use num_bigint::BigUint;

/// The amounts of `set` that fit in `pile`, smallest first, at most `limit`.
fn amounts(set: &SubtractionSet, pile: &BigUint, limit: usize) -> Vec<BigUint> {
    let fits = |s: &u64| BigUint::from(*s) <= *pile;
    match set {
        SubtractionSet::All => small_takes(pile, None, limit),
        SubtractionSet::Finite(v) => v
            .iter()
            .take_while(|s| fits(s))
            .take(limit)
            .map(|&s| BigUint::from(s))
            .collect(),
        SubtractionSet::Range { min, max } => (*min..=*max)
            .take_while(fits)
            .take(limit)
            .map(BigUint::from)
            .collect(),
    }
}

/// The set in words, for error messages.
fn describe(set: &SubtractionSet) -> String {
    match set {
        SubtractionSet::All => "any positive number".into(),
        SubtractionSet::Finite(v) => {
            let items: Vec<String> = v.iter().map(u64::to_string).collect();
            format!("one of {{{}}}", items.join(", "))
        }
        SubtractionSet::Range { min, max } => format!("between {min} and {max}"),
    }
}

impl Rules for Subtraction {
    fn start(&self, piles: Vec<BigUint>, _bound: Option<BigUint>) -> Result<Position, GameError> {
        if piles.is_empty() {
            return Err(GameError::Invalid("a subtraction game needs a pile".into()));
        }
        Ok(Position::new(piles, None))
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        let PlayMove::Take { pile, take } = mv else {
            return Err(GameError::Invalid(
                "in a subtraction game you take from one pile: `take 3 from 1`".into(),
            ));
        };
        let p = pos.pile(*pile)?;
        if !self.set.is_legal(p, take) {
            return Err(GameError::Invalid(if take > p {
                format!("pile {} has only {p}", pile + 1)
            } else {
                format!("you may take {}", describe(&self.set))
            }));
        }
        let mut piles = pos.piles.clone();
        piles[*pile] = p - take;
        Ok(Position::new(piles, None))
    }

    fn moves(&self, pos: &Position, limit: usize) -> Vec<PlayMove> {
        let mut out: Vec<PlayMove> = Vec::new();
        for (pile, p) in pos.piles.iter().enumerate() {
            for take in amounts(&self.set, p, limit) {
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

    fn stuck_player_wins(&self) -> bool {
        self.misere
    }
}
