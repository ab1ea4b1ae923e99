//! Remoteness of one-pile subtraction games and of Nim with one or two
//! piles, from the theory rather than a search of every position.
//!
//! - **One pile, finite `S`** (normal and misère play): the remoteness
//!   `r(i)` of pile `i` follows Smith's rule over the moves `i − s`, `s ∈ S`
//!   (a win: 1 + the least remoteness of a move to a lost position; a loss:
//!   1 + the largest; no move: 0). It is *arithmetic-periodic*: once
//!   `r(i + p) = r(i) + c` with `c` even holds on `max(S)` consecutive piles
//!   `a ≤ i < a + max(S)`, it holds for every `i ≥ a` — by induction, since
//!   `r(j)` depends only on `r(j − s)` for `s ∈ S`, every move is legal from
//!   `j ≥ a + max(S)`, and adding an even `c` keeps each remoteness's parity
//!   (the outcome: normal play N iff odd, misère N iff even) and commutes with
//!   `1 + min` and `1 + max`. So a sweep of the first piles and one checked
//!   window give `r(n)` for a pile of any size.
//! - **Nim** (normal play): one pile `n > 0` is won at once (take it all,
//!   remoteness 1); two piles `(a, b)`: `2a` when `a = b` (the loser takes one
//!   counter, the winner equalises), else `1 + 2·min(a, b)` (the one winning
//!   move is to equalise). Misère Nim, one pile: `n ≥ 2` leaves 1 (remoteness
//!   2), `n = 1` must take the last (1), `n = 0` has no move (0).
//!
//! Every formula is tested against the exhaustive engine (`tests/engine.rs`).

use crate::engine::Convention;
use crate::engine::{Amount, Unit};
use crate::games::error::{GameError, Hint, Quantity};
use crate::games::subtraction::error::SubtractionQuantity;
use crate::games::subtraction::error::SubtractionWork;
use crate::games::subtraction::game::SubtractionSet;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// Most elementary steps (a pile times its moves) a sweep may take.
pub const SWEEP_WORK: u64 = 8_000_000;

/// The remoteness of a position and the pile a fastest winning move
/// leaves, per pile (`None` when the position is lost or has no move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paced {
    /// Moves to the end under best play.
    pub remoteness: u64,
    /// The piles after a fastest winning move (the least take among the
    /// fastest), when the position is won.
    pub fastest: Option<Vec<BigUint>>,
}

fn wins(r: u64, convention: Convention) -> bool {
    match convention {
        Convention::Normal => r % 2 == 1,
        Convention::Misere => r.is_multiple_of(2),
    }
}

fn over(needed: impl Into<Quantity>, limit: impl Into<Quantity>) -> GameError {
    GameError::too_large(
        SubtractionWork::PileRemoteness,
        needed,
        limit,
        Hint::SmallerPile,
    )
}

/// The remoteness of `piles` in the subtraction game of `set` under
/// `convention`, where the theory above gives it; `Ok(None)` where it does
/// not (several piles of a finite set, Nim on three or more piles or misère
/// Nim on two), `Err` naming the limit when the sweep would pass
/// [`SWEEP_WORK`] or the result 2^64.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::engine::Convention;
/// use takeaway::games::subtraction::remoteness::pace;
/// use takeaway::games::subtraction::game::SubtractionSet;
/// let s = SubtractionSet::finite(&[1, 3, 4]).unwrap();
/// // Pile 2: take 1, the opponent takes the last (remoteness 2, lost).
/// let p = pace(&s, &[BigUint::from(2u8)], Convention::Normal).unwrap().unwrap();
/// assert_eq!((p.remoteness, p.fastest), (2, None));
/// // A pile of 20 digits, from the arithmetic period.
/// let big: BigUint = "13877537788375502045".parse().unwrap();
/// assert!(pace(&s, &[big], Convention::Normal).unwrap().is_some());
/// ```
pub fn pace(
    set: &SubtractionSet,
    piles: &[BigUint],
    convention: Convention,
) -> Result<Option<Paced>, GameError> {
    pace_within(set, piles, convention, SWEEP_WORK)
}

/// [`pace`] with a sweep of at most `work` steps: beyond, the arithmetic
/// period found in the piles swept answers (the tests use a small `work` to
/// check the period against brute force).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::engine::Convention;
/// use takeaway::games::subtraction::remoteness::{pace, pace_within};
/// use takeaway::games::subtraction::game::SubtractionSet;
/// let s = SubtractionSet::Range { min: 3, max: 5 };
/// let n = [BigUint::from(1000u32)];
/// assert_eq!(pace_within(&s, &n, Convention::Normal, 100).unwrap(), pace(&s, &n, Convention::Normal).unwrap());
/// ```
pub fn pace_within(
    set: &SubtractionSet,
    piles: &[BigUint],
    convention: Convention,
    work: u64,
) -> Result<Option<Paced>, GameError> {
    match (set, piles, convention) {
        (SubtractionSet::All, [n], _) => Ok(Some(nim_one(n, convention))),
        (SubtractionSet::All, [a, b], Convention::Normal) => Ok(nim_two(a, b)),
        (SubtractionSet::All, _, _) => Ok(None),
        (_, [n], _) => one_pile(set, n, convention, work).map(Some),
        _ => Ok(None),
    }
}

fn nim_one(n: &BigUint, convention: Convention) -> Paced {
    let zero = BigUint::from(0u8);
    let one = BigUint::from(1u8);
    match convention {
        Convention::Normal if *n == zero => Paced {
            remoteness: 0,
            fastest: None,
        },
        Convention::Normal => Paced {
            remoteness: 1,
            fastest: Some(vec![zero]),
        },
        Convention::Misere if *n == zero => Paced {
            remoteness: 0,
            fastest: None,
        },
        Convention::Misere if *n == one => Paced {
            remoteness: 1,
            fastest: None,
        },
        Convention::Misere => Paced {
            remoteness: 2,
            fastest: Some(vec![one]),
        },
    }
}

fn nim_two(a: &BigUint, b: &BigUint) -> Option<Paced> {
    let m = a.min(b).to_u64()?;
    if a == b {
        return Some(Paced {
            remoteness: m.checked_mul(2)?,
            fastest: None,
        });
    }
    Some(Paced {
        remoteness: m.checked_mul(2)?.checked_add(1)?,
        fastest: Some(vec![BigUint::from(m), BigUint::from(m)]),
    })
}

/// `(a, p, c)` with `r(i + p) = r(i) + c`, `c` even, on the last `max_s`
/// piles `a ≤ i < a + max_s` that the sweep allows (the least such `p`),
/// which proves it for every `i ≥ a`; `None` when no `p` up to half the
/// sweep qualifies within `work` checks.
fn arithmetic_period(r: &[u64], max_s: usize, work: u64) -> Option<(usize, usize, u64)> {
    let len = r.len();
    let mut spent = 0u64;
    for p in 1..=len.saturating_sub(max_s) / 2 {
        let a = len - p - max_s;
        spent += max_s as u64;
        if spent > work {
            return None;
        }
        let (x, y) = (r[a], r[a + p]);
        if y >= x && (y - x).is_multiple_of(2) && (a..a + max_s).all(|i| r[i + p] == r[i] + (y - x))
        {
            return Some((a, p, y - x));
        }
    }
    None
}

/// Smith's rule for pile `i` from the remoteness of the smaller piles.
fn step(r: &[u64], i: usize, moves: &[usize], convention: Convention) -> u64 {
    let mut best_win = u64::MAX;
    let mut worst = None::<u64>;
    for &s in moves {
        if s > i {
            break;
        }
        let c = r[i - s];
        if !wins(c, convention) {
            best_win = best_win.min(c);
        }
        worst = Some(worst.map_or(c, |w| w.max(c)));
    }
    match worst {
        None => 0,
        Some(_) if best_win != u64::MAX => best_win + 1,
        Some(w) => w + 1,
    }
}

fn one_pile(
    set: &SubtractionSet,
    n: &BigUint,
    convention: Convention,
    work_cap: u64,
) -> Result<Paced, GameError> {
    let steps = || Quantity::from(Amount::of(work_cap, Unit::Steps));
    let moves = set.elements(work_cap).ok_or_else(|| {
        over(
            SubtractionQuantity::MovesPerPile(set.len().unwrap_or(u64::MAX)),
            steps(),
        )
    })?;
    let max_s = *moves.last().unwrap_or(&1);
    let per = moves.len().max(1) as u64;
    // Piles that may be swept within the work allowed.
    let fit = work_cap / per;
    let n_small = n.to_u64();
    // Sweep a few piles, then four times as many, … until the pile itself
    // is reached or an arithmetic period is proved (see the module docs).
    let mut len = (8 * max_s as u64 + 4096).min(fit);
    let mut r = vec![0u64];
    let period = loop {
        let target = match n_small {
            Some(v) if v < len => v,
            _ => len,
        };
        let target = usize::try_from(target).unwrap_or(usize::MAX);
        for i in r.len()..=target {
            let v = step(&r, i, &moves, convention);
            r.push(v);
        }
        if n_small.is_some_and(|v| v < r.len() as u64) {
            break None;
        }
        if let Some(found) = arithmetic_period(&r, max_s, work_cap) {
            break Some(found);
        }
        if len >= fit {
            return Err(over(
                SubtractionQuantity::RemotenessPeriodBeyond(r.len()),
                steps(),
            ));
        }
        len = len.saturating_mul(4).min(fit);
    };
    let at = |m: &BigUint| -> Option<u64> {
        if let Some(v) = m.to_usize().and_then(|m| r.get(m)) {
            return Some(*v);
        }
        let (a, p, c) = period?;
        let k = m - BigUint::from(a);
        let q = &k / BigUint::from(p);
        let rem = (&k % BigUint::from(p)).to_usize()?;
        (BigUint::from(r[a + rem]) + q * BigUint::from(c)).to_u64()
    };
    let too_long = || over(SubtractionQuantity::RemotenessOf2To64, Quantity::TwoTo(64));
    let here = at(n).ok_or_else(too_long)?;
    let mut fastest = None;
    if here > 0 && wins(here, convention) {
        for &s in &moves {
            let s = BigUint::from(s);
            if s > *n {
                break;
            }
            let after = n - &s;
            let ra = at(&after).ok_or_else(too_long)?;
            if !wins(ra, convention) && ra + 1 == here {
                fastest = Some(vec![after]);
                break;
            }
        }
    }
    Ok(Paced {
        remoteness: here,
        fastest,
    })
}

/// The remoteness of a position from [`pace`] (one pile of a subtraction
/// game, Nim on one or two piles), with a fastest move when `shown` is
/// slower: the family's [`crate::games::model::Family::theory_pace`];
/// `Ok(None)` elsewhere.
pub(crate) fn theory_pace(
    g: &super::Subtraction,
    req: &crate::games::request::AnalyzeRequest,
    shown: Option<&crate::analysis::Move>,
) -> Result<Option<crate::games::exhaustive::Pace>, GameError> {
    let convention = g.convention();
    let Some(p) = pace(&g.set, &req.piles, convention)? else {
        return Ok(None);
    };
    let shown_turns = match shown {
        Some(m) => pace(&g.set, &m.to, convention)?.map(|after| after.remoteness.saturating_add(1)),
        None => None,
    };
    let fastest = match (&p.fastest, shown_turns) {
        (Some(_), Some(t)) if t == p.remoteness => None,
        (Some(to), _) => {
            req.piles
                .iter()
                .zip(to)
                .position(|(a, b)| a != b)
                .map(|i| crate::analysis::Move {
                    take: Some(&req.piles[i] - &to[i]),
                    pile: Some(i),
                    to: to.clone(),
                    ..crate::analysis::Move::default()
                })
        }
        (None, _) => None,
    };
    Ok(Some(crate::games::exhaustive::Pace {
        remoteness: p.remoteness,
        fastest,
        shown: shown_turns,
    }))
}
