//! The Grundy values `G(0), G(1), …` of one heap of an octal game, as the
//! family's analysis, sums and tables read them, within a request's limits.
//!
//! Law: `G(n) = mex { G(a) ⊕ G(b) : (j, a, b) a move of heap n }` (a missing
//! heap counts 0): [`super::naive::grundy`]'s values, computed in steps that
//! poll the cancel token, after checking the work (`Σ moves`, about
//! `to² / 4` per splitting digit) and memory against the limits.

use super::code::OctalCode;
use crate::engine::{Amount, Limits, Unit};
use crate::games::error::{GameError, Hint, Work};

/// An upper bound on the moves examined computing `G(0) … G(to − 1)`.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, sequence::work};
/// let kayles = OctalCode::parse("0.77").unwrap();
/// assert!(work(&kayles, 100) >= 2 * 100 * 100 / 4);
/// ```
pub fn work(code: &OctalCode, to: u64) -> u128 {
    let to = u128::from(to);
    let mut per_n_linear = 0u128;
    let mut splitting = 0u128;
    for j in 0..=code.max_take() {
        if code.allows(j, 0) || code.allows(j, 1) {
            per_n_linear += 1;
        }
        if code.allows(j, 2) {
            splitting += 1;
        }
    }
    to * (per_n_linear + 1) + splitting * to * to / 4
}

/// `G(0) … G(to − 1)` of `code`, refused up front when the work or memory
/// passes `limits` (naming the limit), stopped when they are cancelled.
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::octal::{code::OctalCode, sequence::values};
/// // Dawson's Kayles 0.07: 0 0 1 1 2 0 3 1 1 0 3 3 (Winning Ways, ch. 4; OEIS A002187
/// // from n = 1 is this sequence shifted by one).
/// let g = values(&OctalCode::parse("0.07").unwrap(), 12, &Limits::strict()).unwrap();
/// assert_eq!(g, vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
/// assert!(values(&OctalCode::parse("0.77").unwrap(), 1 << 40, &Limits::strict()).is_err());
/// ```
pub fn values(code: &OctalCode, to: u64, limits: &Limits) -> Result<Vec<u32>, GameError> {
    let what = || Work::OctalValues {
        code: code.to_string(),
        to,
    };
    let needed = work(code, to);
    if needed > u128::from(limits.max_states) {
        return Err(GameError::too_large(
            what(),
            Amount::of(needed, Unit::MoveChecks),
            Amount::of(limits.max_states, Unit::MoveChecks),
            Hint::SmallerHeaps,
        ));
    }
    let bytes = u128::from(to) * 4;
    if bytes > u128::from(limits.max_bytes) {
        return Err(GameError::too_large(
            what(),
            Amount::of(bytes.div_ceil(1 << 20), Unit::MiB),
            Amount::of(limits.max_bytes >> 20, Unit::MiB),
            Hint::SmallerHeaps,
        ));
    }
    let to = usize::try_from(to).map_err(|_| GameError::UpToTooLarge { up_to: Some(to) })?;
    let mut g: Vec<u32> = Vec::with_capacity(to);
    let mut seen: Vec<bool> = Vec::new();
    for n in 0..to {
        if n % 1024 == 0 {
            limits.check()?;
        }
        seen.clear();
        code.moves(n as u64, |_, a, b| {
            let v = (g[a as usize] ^ g[b as usize]) as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        });
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        g.push(mex as u32);
    }
    Ok(g)
}
