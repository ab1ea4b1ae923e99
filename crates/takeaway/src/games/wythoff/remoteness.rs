//! The remoteness of a Wythoff position under normal or misère play, and a
//! fastest winning move, by the line sweep of [`super::exhaustive`] over the
//! rectangle below the position (`O(A · B)` time, `O(A + B)` memory).
//!
//! Why it is exact: the options of `(x, y)` are the earlier cells of its
//! row, its column and its diagonal, all swept before it; a P-position has
//! no P-option, so a line holds at most one P-position (two would be options
//! of each other); an N-position's remoteness is `1 +` the least remoteness
//! of its P-options (at most three: one per line), a P-position's `1 +` the
//! largest of all its options, which the sweep keeps per line as a running
//! maximum. Under misère play only the terminal `(0, 0)` changes (won, 0).
//!
//! Law: [`pace`] agrees with the engine's exhaustive search of the rules
//! (`crates/takeaway-tests/tests/suite/wythoff_grundy.rs` checks every
//! position below 60 × 60 in both conventions, and a recursion from the
//! rules to 200 × 200 under normal play).

use super::REMOTENESS_CELLS;
use super::exhaustive::sweep_under;
use super::game::{Piles, WythoffMove};
use crate::engine::{Amount, Convention, Limits, Unit};
use crate::games::error::{GameError, Hint};
use crate::games::progress::NoProgress;
use crate::games::wythoff::error::WythoffWork;
use num_traits::ToPrimitive;

/// The remoteness of `piles` under `convention` and, for an N-position, a
/// fastest winning move (to a P-position of least remoteness), when the
/// rectangle below it has at most [`REMOTENESS_CELLS`] cells (every
/// position with both piles at most 1023); otherwise
/// [`GameError::TooLarge`] naming that limit.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::engine::Convention;
/// use takeaway::games::wythoff::remoteness::pace;
/// let b = |n: u32| BigUint::from(n);
/// // Normal play: (2, 2) is won at once by taking both piles.
/// let (r, fastest) = pace(&[b(2), b(2)], Convention::Normal).unwrap();
/// assert_eq!((r, fastest.unwrap().to), (1, [b(0), b(0)]));
/// // Misère play: (0, 1) is lost in one move (the opponent, stuck at (0, 0), wins).
/// assert_eq!(pace(&[b(0), b(1)], Convention::Misere).unwrap(), (1, None));
/// assert!(pace(&[b(1024), b(1024)], Convention::Normal).is_err());
/// ```
pub fn pace(
    piles: &Piles,
    convention: Convention,
) -> Result<(u64, Option<WythoffMove>), GameError> {
    let side = |p: &num_bigint::BigUint| p.to_u64().and_then(|p| p.checked_add(1));
    let (w, h) = match (side(&piles[0]), side(&piles[1])) {
        (Some(w), Some(h)) if u128::from(w) * u128::from(h) <= u128::from(REMOTENESS_CELLS) => {
            (w, h)
        }
        _ => {
            let cells = (&piles[0] + 1u8) * (&piles[1] + 1u8);
            let width = piles[0].to_u64().unwrap_or(u64::MAX).saturating_add(1);
            let height = piles[1].to_u64().unwrap_or(u64::MAX).saturating_add(1);
            return Err(GameError::too_large(
                WythoffWork::Sweep { width, height },
                crate::games::error::Quantity::Big(cells, Unit::Positions),
                Amount::of(REMOTENESS_CELLS, Unit::Positions),
                Hint::SmallerPiles,
            ));
        }
    };
    // Within REMOTENESS_CELLS: far inside any limits (a few kilobytes a line).
    let s = sweep_under(w, h, convention, &Limits::generous(), &NoProgress)?;
    let fastest = s
        .corner_fastest
        .and_then(|(x, y)| WythoffMove::between(piles, &[x.into(), y.into()]));
    Ok((s.corner_remoteness, fastest))
}

/// What answers a position over [`REMOTENESS_CELLS`] (for the notes of
/// an analysis): every position with `(x + 1)(y + 1)` at most that, e.g.
/// both piles up to 1023, or the smaller pile kept and the larger cut down.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::remoteness::answered;
/// let text = answered(&[BigUint::from(2000u32), BigUint::from(5u32)]);
/// assert_eq!(text, "positions with (x + 1)(y + 1) ≤ 1048576 are answered: both piles up to 1023, or with 5 counters in one pile, up to 174761 in the other");
/// ```
pub fn answered(piles: &Piles) -> String {
    let small = (&piles[0]).min(&piles[1]);
    let mut text = format!(
        "positions with (x + 1)(y + 1) ≤ {REMOTENESS_CELLS} are answered: both piles up to 1023"
    );
    if let Some(s) = small.to_u64().filter(|&s| s > 0 && s < 1023) {
        let other = REMOTENESS_CELLS / (s + 1) - 1;
        text.push_str(&format!(
            ", or with {s} counters in one pile, up to {other} in the other"
        ));
    }
    text
}
