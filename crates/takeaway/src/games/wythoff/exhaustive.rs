//! The exhaustive solver: P-positions and remoteness from the rules alone.
//!
//! A position is a P-position iff none of its options is. The options of
//! `(x, y)` are the earlier cells of its row, of its column and of its
//! diagonal. Sweeping the cells column by column (`x` ascending, then `y`
//! ascending) visits every option before the position, so three flag arrays
//! — "this row / column / diagonal already holds a P-position" — decide each
//! cell in O(1): `O(w·h)` time and `O(w + h)` memory, no theory used.
//!
//! Remoteness (Steinhaus): 0 at `(0, 0)`; an N-position has
//! `1 + min` over its P-options, a P-position `1 + max` over its options
//! (all N). The same sweep keeps per line the remoteness of its P-position
//! and the running maximum. Under misère play ([`sweep_under`]) only
//! `(0, 0)` changes: it is won, with remoteness 0.
//!
//! Law: `sweep(w, h)` lists exactly the cells `(x, y)`, `x < w`, `y < h`,
//! from which every move leads to a cell with a winning move.

use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::Work;
use crate::games::wythoff::error::WythoffHint;
use crate::games::wythoff::error::WythoffWork;

use crate::engine::{Convention, Limits};

use crate::games::progress::Progress;

/// The result of one sweep over the rectangle `0..width × 0..height`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sweep {
    /// Columns swept (`x < width`).
    pub width: u64,
    /// Rows swept (`y < height`).
    pub height: u64,
    /// The P-positions `(x, y)` in the rectangle, by `x` then `y`.
    pub p_positions: Vec<(u64, u64)>,
    /// Remoteness of the far corner `(width − 1, height − 1)`.
    pub corner_remoteness: u64,
    /// When the corner is an N-position: the P-position a fastest winning
    /// move from it leads to (one of least remoteness; a row, a column and
    /// a diagonal each hold at most one P-position).
    pub corner_fastest: Option<(u64, u64)>,
}

impl Sweep {
    /// For each column `x < width`, the row of its P-position inside the
    /// rectangle, if any (a column holds at most one: its cells are options
    /// of each other).
    ///
    /// ```
    /// use takeaway::games::wythoff::exhaustive::sweep;
    /// use takeaway::games::NoProgress;
    /// let s = sweep(6, 6, &Default::default(), &NoProgress).unwrap();
    /// // Safe pairs (0,0), (1,2), (3,5) in both orientations (paper 001).
    /// assert_eq!(s.column_partners(), vec![Some(0), Some(2), Some(1), Some(5), None, Some(3)]);
    /// ```
    pub fn column_partners(&self) -> Vec<Option<u64>> {
        let mut out = vec![None; usize::try_from(self.width).unwrap_or(0)];
        for &(x, y) in &self.p_positions {
            if let Some(slot) = usize::try_from(x).ok().and_then(|x| out.get_mut(x)) {
                *slot = Some(y);
            }
        }
        out
    }
}

fn too_large(what: impl Into<Work>, cells: u128, limits: &Limits) -> GameError {
    GameError::too_large(
        what,
        Amount::of(cells, Unit::Positions),
        Amount::of(limits.max_states, Unit::Positions),
        WythoffHint::TheoryOrSmallerPiles,
    )
}

/// Sweeps `0..width × 0..height` (see the module docs).
///
/// Fails with [`GameError::TooLarge`] past `limits.max_states` cells or when
/// the flag arrays would pass `limits.max_bytes`.
///
/// ```
/// use takeaway::games::wythoff::exhaustive::sweep;
/// use takeaway::games::NoProgress;
/// let s = sweep(11, 16, &Default::default(), &NoProgress).unwrap();
/// // Paper 001's first safe pairs: (1,2), (3,5), (4,7), (6,10), (8,13), (9,15).
/// assert!(s.p_positions.contains(&(9, 15)) && s.p_positions.contains(&(10, 6)));
/// // (1, 2): every move leads to a pile-emptying win (remoteness 1), so 1 + 1 = 2.
/// assert_eq!(sweep(2, 3, &Default::default(), &NoProgress).unwrap().corner_remoteness, 2);
/// ```
pub fn sweep(
    width: u64,
    height: u64,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<Sweep, GameError> {
    sweep_under(width, height, Convention::Normal, limits, progress)
}

/// [`sweep`] under normal or misère play. Under misère play `(0, 0)`, the
/// one position without a move, is won (remoteness 0) instead of lost;
/// every other cell follows the same rules (a P-position has no P-option,
/// and a row, a column or a diagonal holds at most one P-position, since
/// two would be options of each other), so the same three flags decide it.
///
/// ```
/// use takeaway::engine::Convention;
/// use takeaway::games::wythoff::exhaustive::sweep_under;
/// use takeaway::games::NoProgress;
/// let s = sweep_under(4, 4, Convention::Misere, &Default::default(), &NoProgress).unwrap();
/// // By hand: (0, 1) and (1, 0) lose (their one move leaves (0, 0), a win
/// // for the player stuck there); (2, 2) reaches only winning positions.
/// assert_eq!(s.p_positions, vec![(0, 1), (1, 0), (2, 2)]);
/// // (3, 3): take 1 from both, to (2, 2), lost for the opponent, who then
/// // stalls ((2, 2) → (1, 2) → (0, 1) → (0, 0)): 1 + 3 moves.
/// assert_eq!(s.corner_remoteness, 4);
/// assert_eq!(s.corner_fastest, Some((2, 2)));
/// ```
pub fn sweep_under(
    width: u64,
    height: u64,
    convention: Convention,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<Sweep, GameError> {
    let cells = u128::from(width) * u128::from(height);
    if cells > u128::from(limits.max_states) {
        return Err(too_large(
            WythoffWork::Sweep { width, height },
            cells,
            limits,
        ));
    }
    // Per row: P present, its remoteness, running max. Per diagonal likewise.
    let bytes = (u128::from(width) + 2 * u128::from(height)) * 24;
    if bytes > u128::from(limits.max_bytes) {
        return Err(too_large(
            WythoffWork::Sweep { width, height },
            cells,
            limits,
        ));
    }
    // Both fit in memory (checked just above), so they fit in usize.
    let (w, h) = (
        usize::try_from(width).unwrap_or(usize::MAX),
        usize::try_from(height).unwrap_or(usize::MAX),
    );
    let mut p_positions = Vec::new();
    let mut corner_remoteness = 0;
    let mut corner_fastest = None;
    if w == 0 || h == 0 {
        return Ok(Sweep {
            width,
            height,
            p_positions,
            corner_remoteness,
            corner_fastest,
        });
    }
    const NONE: u64 = u64::MAX;
    // Remoteness of the P-position in each row / diagonal (NONE if none yet),
    // and the largest remoteness seen on it so far.
    let mut row_p = vec![NONE; h];
    let mut row_max = vec![0u64; h];
    let ndiag = w + h - 1;
    let mut diag_p = vec![NONE; ndiag];
    let mut diag_max = vec![0u64; ndiag];
    // Where each row's / diagonal's P-position is (its x), and the column's (its y).
    let mut row_p_x = vec![0usize; h];
    let mut diag_p_x = vec![0usize; ndiag];
    progress.start("exhaustive sweep", width);
    for x in 0..w {
        // One check per column: a column is at most `height` cells.
        limits.check()?;
        let mut col_p = NONE;
        let mut col_p_y = 0usize;
        let mut col_max = 0u64;
        for y in 0..h {
            // Diagonal index x − y + (h − 1) ∈ 0..ndiag.
            let d = x + (h - 1) - y;
            let (rp, dp, cp) = (row_p[y], diag_p[d], col_p);
            let r = if x == 0 && y == 0 && convention == Convention::Misere {
                // No move: the player stuck here wins at once (not a P-position).
                0
            } else if rp == NONE && col_p == NONE && dp == NONE {
                // Every option is an N-position (or there is none).
                let r = if x == 0 && y == 0 {
                    0
                } else {
                    1 + row_max[y].max(col_max).max(diag_max[d])
                };
                row_p[y] = r;
                col_p = r;
                diag_p[d] = r;
                row_p_x[y] = x;
                col_p_y = y;
                diag_p_x[d] = x;
                p_positions.push((x as u64, y as u64));
                r
            } else {
                1 + rp.min(col_p).min(dp)
            };
            row_max[y] = row_max[y].max(r);
            col_max = col_max.max(r);
            diag_max[d] = diag_max[d].max(r);
            if x + 1 == w && y + 1 == h {
                corner_remoteness = r;
                let least = rp.min(cp).min(dp);
                if least != NONE {
                    corner_fastest = Some(if rp == least {
                        (row_p_x[y] as u64, y as u64)
                    } else if cp == least {
                        (x as u64, col_p_y as u64)
                    } else {
                        let dx = diag_p_x[d];
                        (dx as u64, (y - (x - dx)) as u64)
                    });
                }
            }
        }
        progress.advance(1);
    }
    progress.finish();
    Ok(Sweep {
        width,
        height,
        p_positions,
        corner_remoteness,
        corner_fastest,
    })
}
