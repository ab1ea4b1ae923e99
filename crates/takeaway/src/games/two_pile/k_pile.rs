//! The same rules on `k` piles (paper 000's closing question): take `1..=w`
//! from one pile; the opponent's bound becomes `f(n, t)`, where **`n` is
//! `max − min` of the piles before the move** (for two piles, the difference).
//! Solved exhaustively for small sizes.
//!
//! Law: as for two piles, a position with bound `w` is won iff `w ≥ L(p)`, the
//! least winning move of the piles `p` (a move of `t` wins iff
//! `f(n, t) < L(p')`), with `L = ∞` when no move wins. `L` depends only on the
//! multiset of piles, so states are sorted tuples.

use super::rules::next_bound;
use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::bound::Bound;
use crate::games::{AnalyzeRequest, GameError, Limits};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::collections::HashMap;

/// Most states (sorted tuples) an exhaustive k-pile search may visit.
pub const MAX_STATES: u64 = 5_000_000;

/// `L(p)` is a `u64`; this marks "no move wins" (∞).
pub const INFINITE: u64 = u64::MAX;

/// The memoised solver of the k-pile game.
#[derive(Debug)]
pub struct KPile<'a> {
    f: &'a Bound,
    memo: HashMap<Vec<u64>, u64>,
    cap: u64,
}

impl<'a> KPile<'a> {
    /// A solver visiting at most `min(limits.max_states, MAX_STATES)` states.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::Limits;
    /// use takeaway::games::two_pile::k_pile::KPile;
    /// let f = Bound::parse("2*t").unwrap();
    /// let mut s = KPile::new(&f, Limits::generous());
    /// assert_eq!(s.least_winning_move(&[1, 1, 1]).unwrap(), 1);
    /// assert!(s.states() >= 4);
    /// ```
    pub fn new(f: &'a Bound, limits: Limits) -> KPile<'a> {
        KPile {
            f,
            memo: HashMap::new(),
            cap: limits.max_states.min(MAX_STATES),
        }
    }

    /// States solved so far.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::Limits;
    /// use takeaway::games::two_pile::k_pile::KPile;
    /// let f = Bound::parse("2*t").unwrap();
    /// let mut s = KPile::new(&f, Limits::generous());
    /// assert_eq!(s.least_winning_move(&[1, 1, 1]).unwrap(), 1);
    /// assert!(s.states() >= 4);
    /// ```
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// `L(piles)` (`INFINITE` when no move wins), piles in any order.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::Limits;
    /// use takeaway::games::two_pile::k_pile::{KPile, INFINITE};
    /// let f = Bound::parse("2*t").unwrap();
    /// let mut s = KPile::new(&f, Limits::generous());
    /// // Two piles: L(20, 62) = 8 (paper 000 §4); equal piles are lost.
    /// assert_eq!(s.least_winning_move(&[20, 62]).unwrap(), 8);
    /// assert_eq!(s.least_winning_move(&[5, 5]).unwrap(), INFINITE);
    /// ```
    pub fn least_winning_move(&mut self, piles: &[u64]) -> Result<u64, GameError> {
        let mut start: Vec<u64> = piles.to_vec();
        start.sort_unstable();
        // Explicit stack: (state, next t to try).
        let mut stack: Vec<(Vec<u64>, u64)> = vec![(start.clone(), 1)];
        while let Some((state, t0)) = stack.pop() {
            if self.memo.contains_key(&state) {
                continue;
            }
            let max = state.last().copied().unwrap_or(0);
            let n = max - state.first().copied().unwrap_or(0);
            let mut answer = None;
            let mut pending = None;
            'moves: for t in t0..=max {
                let b = next_bound(self.f, n, t)?;
                let mut seen = None;
                for i in 0..state.len() {
                    if state[i] < t || seen == Some(state[i]) {
                        continue;
                    }
                    seen = Some(state[i]);
                    let mut next = state.clone();
                    next[i] -= t;
                    next.sort_unstable();
                    match self.memo.get(&next) {
                        Some(&l) => {
                            if b < l {
                                answer = Some(t);
                                break 'moves;
                            }
                        }
                        None => {
                            pending = Some((t, next));
                            break 'moves;
                        }
                    }
                }
            }
            match (answer, pending) {
                (Some(t), _) => {
                    self.memo.insert(state, t);
                }
                (None, Some((t, next))) => {
                    stack.push((state, t));
                    stack.push((next, 1));
                }
                (None, None) => {
                    self.memo.insert(state, INFINITE);
                }
            }
            if self.memo.len() as u64 > self.cap {
                return Err(GameError::TooLarge {
                    what: format!(
                        "an exhaustive search of the {}-pile game from {piles:?}",
                        piles.len()
                    ),
                    needed: format!("more than {} positions", self.cap),
                    limit: format!("{} positions", self.cap),
                    hint: "use smaller piles (or two piles, where the theories apply)".into(),
                });
            }
        }
        Ok(self.memo.get(&start).copied().unwrap_or(INFINITE))
    }
}

/// `analyze` for `k ≠ 2` piles: exhaustive.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::AnalyzeRequest;
/// use takeaway::games::two_pile::k_pile::analyze;
/// let req = AnalyzeRequest::new(vec![1u32.into(), 2u32.into(), 4u32.into()]);
/// let a = analyze(&Bound::parse("2*t").unwrap(), "two-pile:f=2*t", &req).unwrap();
/// assert!(a.winning_move.is_some() == (a.outcome == takeaway::analysis::Outcome::N));
/// ```
pub fn analyze(f: &Bound, game: &str, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
    if req.piles.is_empty() {
        return Err(GameError::Invalid("give at least one pile".into()));
    }
    let piles: Vec<u64> = req
        .piles
        .iter()
        .map(|p| p.to_u64().filter(|&v| v < 1 << 32))
        .collect::<Option<_>>()
        .ok_or_else(|| GameError::TooLarge {
            what: format!("an exhaustive search of the {}-pile game", req.piles.len()),
            needed: "a pile of 2^32 or more".into(),
            limit: format!("{MAX_STATES} positions"),
            hint: "use smaller piles".into(),
        })?;
    let mut solver = KPile::new(f, req.limits.clone());
    let l = solver.least_winning_move(&piles)?;
    let least = (l != INFINITE).then(|| BigUint::from(l));
    let w = req.bound.as_ref();
    let wins = least.as_ref().is_some_and(|l| w.is_none_or(|w| w >= l));
    let max = piles.iter().copied().max().unwrap_or(0);
    let n = max - piles.iter().copied().min().unwrap_or(0);
    let mut winning_move = None;
    if wins {
        let b = next_bound(f, n, l)?;
        for i in 0..piles.len() {
            if piles[i] < l {
                continue;
            }
            let mut next = piles.clone();
            next[i] -= l;
            if b < solver.least_winning_move(&next)? {
                winning_move = Some(Move {
                    take: Some(l.into()),
                    pile: Some(i),
                    to: next.iter().map(|&v| BigUint::from(v)).collect(),
                    bound: Some(
                        f.eval(&n.into(), &l.into())
                            .map_err(|e| GameError::Bound(e.to_string()))?,
                    ),
                    ..Move::default()
                });
                break;
            }
        }
    }
    let explanation = format!(
        "Exhaustive search of the {}-pile game ({} positions; the bound after a move of t is f(n, t) with n = max − min of the piles before the move = {n}): the least winning move is {}. {}",
        piles.len(),
        solver.states(),
        least
            .as_ref()
            .map_or("∞ (no move wins)".into(), |l| l.to_string()),
        match (&winning_move, &least) {
            (Some(mv), _) => format!("Take {} from pile {}.", l, mv.pile.unwrap_or(0)),
            (None, None) => "The player to move loses whatever the bound.".into(),
            (None, Some(l)) => format!("The bound is below {l}: the player to move loses."),
        }
    );
    Ok(Analysis {
        game: game.to_string(),
        piles: req.piles.clone(),
        bound: req.bound.clone(),
        outcome: Outcome::from_win(winning_move.is_some()),
        value: least,
        winning_move,
        moves: None,
        remoteness: None,
        grundy: None,
        method: Method::Exhaustive,
        explanation,
        digits: Vec::new(),
        notes: Vec::new(),
    })
}
