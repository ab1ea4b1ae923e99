//! Misère Wythoff (whoever cannot move wins), at any size: the P-positions
//! are normal play's safe pairs `(a_k, b_k) = (⌊kφ⌋, ⌊kφ²⌋)` for `k ≥ 2`, in
//! either order, with `(0, 1)`, `(1, 0)` and `(2, 2)` in place of `(0, 0)`,
//! `(1, 2)` and `(2, 1)`.
//!
//! Why (a sketch): `(0, 0)` has no move, so it is won under misère play;
//! `(0, 1)` and `(1, 0)` then lose (their one move leaves `(0, 0)`); every
//! `(0, n)`, `(1, n)` with `n ≥ 2`, `(1, 1)` and `(k + 1, k + 2)` reaches
//! `(0, 1)` or `(1, 0)`; `(2, 2)` reaches only won positions, so it loses,
//! and every `(n, n)` with `n ≥ 3` and `(m, 2)` with `m ≥ 3` reaches it.
//! Above that the P-positions are normal play's, by the normal induction:
//! the positions that can reach a changed P-position are won either way.
//! Verified, not assumed: the tests compare this module with the engine's
//! misère search on every position below 60 × 60 (outcome and every winning
//! move) and with a recursion from the rules (`table wythoff:misere=true`).
//!
//! Law: `is_p(x, y)` is the outcome of the misère game from the rules;
//! [`winning_moves`] are exactly the moves to a P-position.

use super::game::{Piles, WythoffMove};
use super::safe_pairs::winning_moves as normal_winning_moves;
use super::theory::{self, Fibonacci};
use crate::analysis::{Analysis, Method, Outcome};
use crate::games::error::GameError;
use num_bigint::BigUint;

/// The normal P-positions that misère play replaces, and their stand-ins.
const NORMAL_SMALL: [[u32; 2]; 3] = [[0, 0], [1, 2], [2, 1]];
const MISERE_SMALL: [[u32; 2]; 3] = [[0, 1], [1, 0], [2, 2]];

fn is_one_of(piles: &Piles, set: &[[u32; 2]; 3]) -> bool {
    set.iter()
        .any(|&[a, b]| piles[0] == BigUint::from(a) && piles[1] == BigUint::from(b))
}

/// Whether `piles` is a P-position (lost for the player to move) under
/// misère play.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::misere::is_p;
/// let p = |a: u32, b: u32| is_p(&[BigUint::from(a), BigUint::from(b)]);
/// assert!(p(0, 1) && p(2, 2) && p(3, 5) && p(7, 4));
/// assert!(!p(0, 0) && !p(1, 2) && !p(1, 1));
/// ```
pub fn is_p(piles: &Piles) -> bool {
    if is_one_of(piles, &MISERE_SMALL) {
        return true;
    }
    !is_one_of(piles, &NORMAL_SMALL) && theory::decide(piles).winning_move.is_none()
}

/// Every winning move from `piles` under misère play (the moves to a
/// P-position), in the order of normal play's list, then the moves to the
/// small stand-ins.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::misere::winning_moves;
/// let b = |n: u32| BigUint::from(n);
/// // From (0, 9): normal play takes all 9; misère play leaves one counter.
/// let m = winning_moves(&[b(0), b(9)]).unwrap();
/// assert_eq!(m.iter().map(|m| m.to.clone()).collect::<Vec<_>>(), [[b(0), b(1)]]);
/// ```
pub fn winning_moves(piles: &Piles) -> Result<Vec<WythoffMove>, GameError> {
    let mut moves: Vec<WythoffMove> = normal_winning_moves(&Fibonacci, piles)?
        .into_iter()
        .filter(|m| !is_one_of(&m.to, &NORMAL_SMALL))
        .collect();
    for [a, b] in MISERE_SMALL {
        let to = [BigUint::from(a), BigUint::from(b)];
        if let Some(m) = WythoffMove::between(piles, &to)
            && !moves.contains(&m)
        {
            moves.push(m);
        }
    }
    Ok(moves)
}

fn describe(m: &WythoffMove) -> String {
    match m.kind {
        super::game::Kind::Diagonal => format!("taking {} from both piles", m.take),
        super::game::Kind::Pile(i) => format!(
            "taking {} from {}",
            m.take,
            crate::analysis::numbered("pile", i)
        ),
    }
}

/// The misère analysis of `piles` by this theory: the outcome, a winning
/// move (the first of [`winning_moves`]), every one with `all`, and an
/// explanation citing the rule. Remoteness is left to the engine.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::analysis::Outcome;
/// use takeaway::games::wythoff::misere::analyze;
/// let b = |n: u32| BigUint::from(n);
/// let a = analyze("wythoff:misere=true", &[b(1), b(2)], false).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.winning_move.unwrap().to, vec![b(0), b(1)]);
/// // No move at all: the player to move wins, with no move to show.
/// let a = analyze("wythoff:misere=true", &[b(0), b(0)], false).unwrap();
/// assert_eq!((a.outcome, a.winning_move), (Outcome::N, None));
/// ```
pub fn analyze(spec: &str, piles: &Piles, all: bool) -> Result<Analysis, GameError> {
    let rule = "the P-positions of misère Wythoff are normal play's safe pairs (a_k, b_k) for k ≥ 2, in either order, with (0, 1), (1, 0) and (2, 2) in place of (0, 0), (1, 2) and (2, 1)";
    let moves = winning_moves(piles)?;
    let first = moves.first().cloned();
    let stuck = piles.iter().all(num_traits::Zero::is_zero);
    let explanation = match &first {
        None if stuck => {
            "Under misère play (whoever cannot move wins) the player to move has no move and so wins at once.".to_string()
        }
        None => format!(
            "Under misère play (whoever cannot move wins) ({}, {}) is a P-position: {rule}; every move leaves an N-position.",
            piles[0], piles[1]
        ),
        Some(m) => format!(
            "Under misère play (whoever cannot move wins) {} leaves ({}, {}), a P-position: {rule}.",
            describe(m),
            m.to[0],
            m.to[1]
        ),
    };
    Ok(Analysis {
        game: spec.to_string(),
        piles: piles.to_vec(),
        bound: None,
        outcome: if is_p(piles) { Outcome::P } else { Outcome::N },
        value: None,
        winning_move: first.as_ref().map(WythoffMove::to_contract),
        moves: all.then(|| moves.iter().map(WythoffMove::to_contract).collect()),
        fastest: None,
        remoteness: None,
        grundy: None,
        method: Method::Theory,
        explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        notes: vec![
            "misère play: value is null (Grundy values and safe-pair values decide normal play only)"
                .into(),
        ],
    })
}
