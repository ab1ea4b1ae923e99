//! Remoteness of one-pile positions `(n, w)` by a sweep of the triangle of
//! piles up to `n`, like the incremental mex of [`super::grundy`]: the moves
//! of `(m, b)` are those of `(m, b − 1)` plus the take `b`, so the least
//! remoteness of a winning move and the largest of any move grow one take
//! at a time — `O(n²)` cells of one step each, against the engine's
//! `O(n³)` move checks. Smith's rule: a win is 1 + the least remoteness of
//! a move to a lost position, a loss 1 + the largest, no move 0; the
//! outcome is the parity (normal play: N iff odd; misère: N iff even).
//!
//! Law: equal to the engine's remoteness on every position (tested against
//! brute force in `tests/engine.rs` through `analyze`).

use crate::analysis::Move;
use crate::bound::Bound;
use crate::engine::Convention;
use crate::engine::Limits;
use crate::games::error::{GameError, Hint, Quantity};
use crate::games::exhaustive::Pace;
use crate::games::model::{ONE_PILE_SWEEP_CELLS, remoteness_limits};
use crate::games::one_pile::error::OnePileWork;
use crate::games::request::AnalyzeRequest;

/// The remoteness of `(n, w)`, a fastest winning take (the least of them;
/// `None` when lost) and how long the game lasts after the take `shown`
/// (1 + the remoteness after it), when one is given; `Err` naming the limit when the triangle of `n + 1`
/// rows has more than `limits.max_states` cells or needs more than
/// `limits.max_bytes`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::engine::Convention;
/// use takeaway::games::Limits;
/// use takeaway::games::one_pile::remoteness::pace;
/// let f = Bound::parse("2*t").unwrap();
/// // Pile 4, bound 4: take all (remoteness 1); the least winning move 1 is slower.
/// // Taking 1 leaves (3, 2), which lasts 2 more moves (see below): 3 in all.
/// assert_eq!(pace(&f, 4, 4, Convention::Normal, &Limits::strict(), Some(1)).unwrap(), (1, Some(4), Some(3)));
/// // Pile 3, bound 2: lost; the loser takes 1, the winner the last 2.
/// assert_eq!(pace(&f, 3, 2, Convention::Normal, &Limits::strict(), None).unwrap(), (2, None, None));
/// // A pile near 2^64 is refused from the estimate, without a panic.
/// assert!(pace(&f, u64::MAX, 3, Convention::Normal, &Limits::strict(), None).is_err());
/// ```
pub fn pace(
    f: &Bound,
    n: u64,
    w: u64,
    convention: Convention,
    limits: &Limits,
    shown: Option<u64>,
) -> Result<(u64, Option<u64>, Option<u64>), GameError> {
    let cells = (u128::from(n) + 1).saturating_mul(u128::from(n) + 2) / 2;
    limits
        .admit(crate::engine::Estimate {
            states: u64::try_from(cells).unwrap_or(u64::MAX),
            bytes: u64::try_from(cells.saturating_mul(4)).unwrap_or(u64::MAX),
        })
        .map_err(|over| GameError::over(OnePileWork::Remoteness, over, Hint::SmallerPile))?;
    let rows = n as usize + 1;
    let start = |m: usize| m * (m + 1) / 2;
    let mut r: Vec<u32> = Vec::with_capacity(start(rows));
    let wins = |v: u32| match convention {
        Convention::Normal => v % 2 == 1,
        Convention::Misere => v.is_multiple_of(2),
    };
    let w = w.min(n) as usize;
    let mut answer = (0u64, None, None);
    for m in 0..rows {
        if m & 0xFF == 0 {
            limits.check()?;
        }
        r.push(0);
        let (mut best_win, mut worst) = (u32::MAX, None::<u32>);
        for b in 1..=m {
            let rest = m - b;
            let next = usize::try_from(f.eval_u64(m as u64, b as u64)?).unwrap_or(usize::MAX);
            let c = r[start(rest) + next.min(rest)];
            if !wins(c) {
                best_win = best_win.min(c);
            }
            worst = Some(worst.map_or(c, |x| x.max(c)));
            let v = if best_win != u32::MAX {
                best_win + 1
            } else {
                worst.map_or(0, |x| x + 1)
            };
            r.push(v);
        }
    }
    let here = r[start(n as usize) + w];
    answer.0 = u64::from(here);
    let after = |t: u64| -> Result<u32, GameError> {
        let rest = (n - t) as usize;
        let next = usize::try_from(f.eval_u64(n, t)?).unwrap_or(usize::MAX);
        Ok(r[start(rest) + next.min(rest)])
    };
    if let Some(t) = shown.filter(|&t| t >= 1 && t <= w as u64) {
        answer.2 = Some(u64::from(after(t)?) + 1);
    }
    if here > 0 && wins(here) {
        for t in 1..=w as u64 {
            let c = after(t)?;
            if !wins(c) && c + 1 == here {
                answer.1 = Some(t);
                break;
            }
        }
    }
    Ok(answer)
}

/// The remoteness of a one-pile position from the sweep of the triangle of
/// smaller positions ([`pace`]), within [`ONE_PILE_SWEEP_CELLS`], with a
/// fastest move when `shown` is slower: the family's
/// [`crate::games::model::Family::theory_pace`]. `Ok(None)` for a position
/// that is not one pile (or has a pending call).
pub(crate) fn theory_pace(
    g: &super::OnePile,
    req: &AnalyzeRequest,
    shown: Option<&Move>,
) -> Result<Option<Pace>, GameError> {
    let small = |v: &num_bigint::BigUint| num_traits::ToPrimitive::to_u64(v);
    let ([n], None) = (req.piles.as_slice(), req.phase) else {
        return Ok(None);
    };
    let too_big = || {
        GameError::too_large(
            OnePileWork::Remoteness,
            Quantity::PileDigits(n.to_string().len()),
            crate::engine::Amount::of(ONE_PILE_SWEEP_CELLS, crate::engine::Unit::Positions),
            Hint::SmallerPile,
        )
    };
    let n = small(n).ok_or_else(too_big)?;
    let w = match &req.bound {
        Some(b) => small(b).unwrap_or(u64::MAX),
        None => n.saturating_sub(1),
    };
    let mut limits = remoteness_limits(&req.limits);
    limits.max_states = ONE_PILE_SWEEP_CELLS.min(req.limits.max_states);
    let shown_take = shown.and_then(|m| m.take.as_ref()).and_then(small);
    let (remoteness, fastest, shown_turns) =
        pace(g.bound(), n, w, g.convention(), &limits, shown_take)?;
    let fastest = fastest
        .filter(|_| shown_turns != Some(remoteness))
        .map(|t| -> Result<Move, GameError> {
            Ok(Move {
                take: Some(t.into()),
                pile: Some(0),
                to: vec![(n - t).into()],
                bound: Some(g.bound().eval_u64(n, t)?.into()),
                ..Move::default()
            })
        })
        .transpose()?;
    Ok(Some(Pace {
        remoteness,
        fastest,
        shown: shown_turns,
    }))
}
