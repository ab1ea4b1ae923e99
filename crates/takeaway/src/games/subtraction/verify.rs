//! `verify`: the theory (proved period, One Pile closed form, Bouton) against the
//! mex rule, and both against a naive game search written from the rules.
//!
//! Law: for every pile `n ≤ up_to` the engines give the same value (misère: the
//! same outcome), and for two piles `a, b ≤ min(up_to, 40)` the nim-sum verdict
//! agrees with a direct search of the two-pile game (normal play).

use super::game::SubtractionSet;
use super::theory::one_pile_grundy_small;
use super::{Subtraction, mex};
use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::Hint;
use crate::games::model::Family;
use crate::games::request::Verdict;
use crate::games::request::{Verification, VerifyRequest};
use crate::games::subtraction::error::SubtractionWork;
use num_bigint::BigUint;

/// Largest pile the naive (quadratic) search checks.
pub const NAIVE_MAX: u64 = 3000;

/// Naive values from the rules: try every `s` in `1..=n`, keep those in `S`.
/// Normal play: Grundy values; misère: outcomes (1 = N, 0 = P).
///
/// ```
/// use takeaway::games::subtraction::{game::SubtractionSet, verify::naive};
/// let s = SubtractionSet::finite(&[1, 3, 4]).unwrap();
/// assert_eq!(naive(&s, false, 7), vec![0, 1, 0, 1, 2, 3, 2, 0]);
/// ```
pub fn naive(set: &SubtractionSet, misere: bool, up_to: u64) -> Vec<u64> {
    let mut v: Vec<u64> = Vec::new();
    for n in 0..=up_to {
        let options: Vec<u64> = (1..=n)
            .filter(|&s| set.contains(s))
            .map(|s| v[(n - s) as usize])
            .collect();
        let value = if misere {
            u64::from(options.is_empty() || options.contains(&0))
        } else {
            (0..).find(|x| !options.contains(x)).unwrap_or(0)
        };
        v.push(value);
    }
    v
}

/// Two-pile outcomes from the rules (1 = N), piles `0..=up_to` each.
fn naive_pairs(set: &SubtractionSet, up_to: u64) -> Vec<Vec<bool>> {
    let k = up_to as usize + 1;
    let mut win = vec![vec![false; k]; k];
    for a in 0..k {
        for b in 0..k {
            let mut w = false;
            for s in 1..=a.max(b) as u64 {
                if !set.contains(s) {
                    continue;
                }
                let s = s as usize;
                if (s <= a && !win[a - s][b]) || (s <= b && !win[a][b - s]) {
                    w = true;
                    break;
                }
            }
            win[a][b] = w;
        }
    }
    win
}

/// Runs the cross-check.
///
/// ```
/// use takeaway::games::{Family, Game, VerifyRequest, Limits, NoProgress};
/// use takeaway::games::request::Verdict;
/// let g = Game::parse("subtraction:min=3:max=5").unwrap();
/// let v = g.verify(&VerifyRequest { up_to: 200, limits: Limits::default(), progress: &NoProgress }).unwrap();
/// assert_eq!(v.verdict, Verdict::Agree);
/// ```
pub fn verify(game: &Subtraction, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
    let up_to = req.up_to;
    if up_to >= req.limits.max_states {
        return Err(GameError::too_large(
            SubtractionWork::Verify { up_to },
            Amount::of(up_to, Unit::Positions),
            Amount::of(req.limits.max_states, Unit::Positions),
            Hint::SmallerUpTo,
        ));
    }
    let len = up_to as usize + 1;
    let mut engines = Vec::new();
    // Theory values.
    let theory: Vec<u64> = match (&game.set, game.misere) {
        (SubtractionSet::All, false) => {
            engines.push("bouton".to_string());
            (0..len as u64).collect()
        }
        (SubtractionSet::All, true) => {
            engines.push("misere-nim".to_string());
            (0..len as u64).map(|n| u64::from(n != 1)).collect()
        }
        (SubtractionSet::Range { min, max }, false) => {
            engines.push("one-pile-closed-form".to_string());
            (0..len as u64)
                .map(|n| one_pile_grundy_small(n, *min, *max))
                .collect()
        }
        _ => {
            engines.push("proved-period".to_string());
            let p = game.periodic(&req.limits)?;
            let mut v = Vec::with_capacity(len);
            p.for_each(len as u64, |x| v.push(u64::from(x)));
            v
        }
    };
    // The mex kernel (or, for Nim, the naive search only).
    let mut checked = 0u64;
    let mut detail = String::new();
    req.progress.start("verify", len as u64);
    if !matches!(game.set, SubtractionSet::All)
        && let Ok(set) = game.elements()
    {
        {
            engines.push("mex".into());
            let mut k = Vec::new();
            if game.misere {
                mex::extend_misere(&mut k, &set, len);
            } else {
                mex::extend_grundy(&mut k, &set, len);
            }
            if let Some(n) = (0..len).find(|&n| u64::from(k[n]) != theory[n]) {
                detail = format!("pile {n}: theory {} but mex {}", theory[n], k[n]);
            }
            checked += len as u64;
        }
    }
    let naive_to = up_to.min(NAIVE_MAX);
    engines.push("naive-search".into());
    let nv = naive(&game.set, game.misere, naive_to);
    if detail.is_empty()
        && let Some(n) = (0..nv.len()).find(|&n| nv[n] != theory[n])
    {
        detail = format!("pile {n}: theory {} but naive search {}", theory[n], nv[n]);
    }
    checked += nv.len() as u64;
    if !game.misere && detail.is_empty() {
        let pairs_to = up_to.min(40);
        let win = naive_pairs(&game.set, pairs_to);
        'outer: for a in 0..=pairs_to as usize {
            for b in 0..=pairs_to as usize {
                let x = BigUint::from(theory[a]) ^ BigUint::from(theory[b]);
                if (x != BigUint::default()) != win[a][b] {
                    detail = format!(
                        "piles ({a}, {b}): nim-sum {x} but search says {}",
                        if win[a][b] { "N" } else { "P" }
                    );
                    break 'outer;
                }
                checked += 1;
            }
        }
    }
    req.progress.finish();
    let verdict = if detail.is_empty() {
        detail = format!(
            "one pile 0..={up_to} (naive search to {naive_to}){}",
            if game.misere {
                ""
            } else {
                "; two piles to 40 by the nim-sum"
            }
        );
        Verdict::Agree
    } else {
        Verdict::Disagree
    };
    Ok(Verification {
        game: game.spec(),
        up_to,
        checked,
        verdict,
        engines,
        detail,
    })
}
