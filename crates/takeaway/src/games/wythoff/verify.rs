//! `verify wythoff --up-to N`: the Fibonacci theory (paper 001), the Beatty
//! theory and the exhaustive solver on every position with piles `≤ N`.
//!
//! What is compared:
//! 1. the P-positions: for every pile `x ≤ N`, each theory's partner of `x`
//!    against the exhaustive P-position of column `x` (each column holds at
//!    most one, so this compares the whole P-set on the `(N+1)²` square);
//! 2. the safe pair of every difference `d ≤ N` against the exhaustive one;
//! 3. on the square of side `min(N, MOVE_CHECK)`, every theory's list of
//!    winning moves against the exhaustive one, move for move, and the move
//!    paper 001's algorithm chooses (it must be one of them, or none).
//!
//! Law: the verdict is `agree` iff all three comparisons agree everywhere.

use super::exhaustive::sweep;
use super::game::{Piles, WythoffMove, options};
use super::safe_pairs::{SafePairs, winning_moves};
use crate::games::error::GameError;
use crate::games::request::Verdict;
use crate::games::request::{Verification, VerifyRequest};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

/// Side of the square on which whole move lists are compared.
pub const MOVE_CHECK: u64 = 300;

/// Entry `i` of a per-pile table, `None` outside it.
fn at(v: &[Option<u64>], i: u64) -> Option<u64> {
    usize::try_from(i)
        .ok()
        .and_then(|i| v.get(i))
        .copied()
        .flatten()
}

/// The theories checked against the exhaustive solver.
///
/// ```
/// assert_eq!(takeaway::games::wythoff::verify::engines().len(), 2);
/// ```
pub fn engines() -> Vec<Box<dyn SafePairs>> {
    super::theories()
}

fn disagree(
    req: &VerifyRequest<'_>,
    names: Vec<String>,
    checked: u64,
    detail: String,
) -> Verification {
    Verification {
        game: "wythoff".into(),
        up_to: req.up_to,
        checked,
        verdict: Verdict::Disagree,
        engines: names,
        detail,
    }
}

/// Runs the cross-check.
///
/// ```
/// use takeaway::games::wythoff::verify::verify;
/// use takeaway::games::request::Verdict;
/// use takeaway::games::{Limits, NoProgress, VerifyRequest};
/// let v = verify(&VerifyRequest { up_to: 50, limits: Limits::default(), progress: &NoProgress }).unwrap();
/// assert_eq!(v.verdict, Verdict::Agree);
/// assert_eq!(v.checked, 51 * 51);
/// ```
pub fn verify(req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
    verify_engines(req, &engines())
}

/// [`verify`] with the theories given (so a wrong theory can be shown to be caught).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::request::Verdict;
/// use takeaway::games::wythoff::beatty::Beatty;
/// use takeaway::games::wythoff::safe_pairs::SafePairs;
/// use takeaway::games::wythoff::verify::verify_engines;
/// use takeaway::games::{GameError, Limits, NoProgress, VerifyRequest};
/// // A theory that is wrong about the pile 7 alone.
/// struct Off;
/// impl SafePairs for Off {
///     fn name(&self) -> &'static str { "off" }
///     fn partner(&self, n: &BigUint) -> Result<BigUint, GameError> {
///         if *n == BigUint::from(7u32) { Ok(BigUint::from(5u32)) } else { Beatty.partner(n) }
///     }
///     fn pair_with_difference(&self, d: &BigUint) -> Result<(BigUint, BigUint), GameError> {
///         Beatty.pair_with_difference(d)
///     }
/// }
/// let req = VerifyRequest { up_to: 20, limits: Limits::default(), progress: &NoProgress };
/// let v = verify_engines(&req, &[Box::new(Off)]).unwrap();
/// assert_eq!(v.verdict, Verdict::Disagree);
/// assert!(v.detail.starts_with("pile 7"));
/// ```
pub fn verify_engines(
    req: &VerifyRequest<'_>,
    theories: &[Box<dyn SafePairs>],
) -> Result<Verification, GameError> {
    let n = req.up_to;
    let side = n
        .checked_add(1)
        .ok_or(GameError::UpToTooLarge { up_to: None })?;
    let s = sweep(side, side, &req.limits, req.progress)?;
    let col = s.column_partners();
    // Exhaustive safe pair of each difference d ≤ n (smaller pile), inside the square.
    let mut by_diff: Vec<Option<u64>> = vec![None; col.len()];
    for &(x, y) in &s.p_positions {
        if let Some(slot) = y
            .checked_sub(x)
            .and_then(|d| usize::try_from(d).ok().and_then(|d| by_diff.get_mut(d)))
        {
            *slot = Some(x);
        }
    }
    let mut names: Vec<String> = theories.iter().map(|t| t.name().to_string()).collect();
    names.push("exhaustive".into());
    let checked = side.saturating_mul(side);
    req.progress.start(
        "theories against the sweep",
        side.saturating_mul(theories.len() as u64),
    );
    for t in theories {
        for x in 0..side {
            let p = t.partner(&BigUint::from(x))?;
            let theirs = p.to_u64().filter(|&p| p <= n);
            let ours = at(&col, x);
            if theirs != ours {
                return Ok(disagree(
                    req,
                    names,
                    checked,
                    format!(
                        "pile {x}: {} says its safe partner is {p}, the exhaustive sweep finds {}",
                        t.name(),
                        ours.map_or("none up to the limit".to_string(), |y| y.to_string())
                    ),
                ));
            }
            let (ad, bd) = t.pair_with_difference(&BigUint::from(x))?;
            let theirs = bd.to_u64().filter(|&b| b <= n).and(ad.to_u64());
            let ours = at(&by_diff, x);
            if theirs != ours {
                return Ok(disagree(
                    req,
                    names,
                    checked,
                    format!(
                        "difference {x}: {} says the safe pair is ({ad}, {bd}), the exhaustive sweep finds {}",
                        t.name(),
                        ours.map_or("none up to the limit".to_string(), |a| format!(
                            "({a}, {})",
                            a + x
                        ))
                    ),
                ));
            }
            req.progress.advance(1);
        }
    }
    req.progress.finish();
    let m = n.min(MOVE_CHECK);
    let is_p = |x: u64, y: u64| at(&col, x) == Some(y);
    for a in 0..=m {
        for b in 0..=m {
            let piles: Piles = [a.into(), b.into()];
            let mut expected: Vec<WythoffMove> = options(a, b)
                .filter(|&(x, y)| is_p(x, y))
                .filter_map(|(x, y)| WythoffMove::between(&piles, &[x.into(), y.into()]))
                .collect();
            expected.sort();
            let chosen = super::theory::decide(&piles).winning_move;
            let chosen_ok = match &chosen {
                None => expected.is_empty(),
                Some(m) => expected.contains(m),
            };
            if !chosen_ok {
                return Ok(disagree(
                    req,
                    names,
                    checked,
                    format!(
                        "position ({a}, {b}): paper 001's algorithm chooses {}, not a winning move by the exhaustive sweep",
                        chosen.map_or("no move".to_string(), |m| format!(
                            "({}, {})",
                            m.to[0], m.to[1]
                        ))
                    ),
                ));
            }
            for t in theories {
                let mut got = winning_moves(t.as_ref(), &piles)?;
                got.sort();
                if got != expected {
                    return Ok(disagree(
                        req,
                        names,
                        checked,
                        format!(
                            "position ({a}, {b}): {} finds {} winning move(s), the exhaustive sweep {}",
                            t.name(),
                            got.len(),
                            expected.len()
                        ),
                    ));
                }
            }
        }
    }
    Ok(Verification {
        game: "wythoff".into(),
        up_to: n,
        checked,
        verdict: Verdict::Agree,
        engines: names.clone(),
        detail: format!(
            "{} agree on the P-positions of all {checked} positions with piles ≤ {n}, on the safe pair of every difference ≤ {n}, and move for move (every winning move, and paper 001's choice) on every position with piles ≤ {m}",
            names.join(", ")
        ),
    })
}
