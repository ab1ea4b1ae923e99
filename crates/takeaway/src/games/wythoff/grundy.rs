//! Grundy values of Wythoff's Nim (normal play) by the mex over the row,
//! the column and the diagonal: no search.
//!
//! The options of `(x, y)` are the cells `(x', y)`, `x' < x` (its row), the
//! cells `(x, y')`, `y' < y` (its column), and `(x − t, y − t)`, `1 ≤ t ≤
//! min(x, y)` (its diagonal), so
//!
//! `G(x, y) = mex ({G(x', y)} ∪ {G(x, y')} ∪ {G(x − t, y − t)})`.
//!
//! Sweeping the cells column by column (`x` ascending, then `y` ascending)
//! visits every option of a cell before the cell. One bitset per row, per
//! diagonal and for the current column holds the values already on that
//! line; the mex is the first zero bit of the three bitsets OR-ed together,
//! scanned from the first word that is not full on all three (a word full on
//! any one line is full in the union, and bits are only ever added, so each
//! line's run of full leading words only grows). `G(x, y) ≤ x + y + min(x,
//! y)` (a cell has that many options), which sizes the bitsets.
//!
//! Law: [`GrundyTable::build`]`(w, h)` holds `G(x, y)` for every `x < w`,
//! `y < h`, equal to the mex over the options listed by the rules
//! (`crates/takeaway-tests/tests/suite/wythoff_grundy.rs` checks it against
//! a brute force from the rules to 200 × 200, and the engine's
//! [`crate::engine::GrundySolver`]); `G(x, y) = 0` exactly at the safe pairs.

use crate::engine::{Amount, Limits, Unit};
use crate::games::error::{GameError, Hint, Quantity, Work};
use crate::games::progress::{NoProgress, Progress};
use crate::games::wythoff::error::WythoffQuantity;

/// Most cells (`(A + 1) · (B + 1)`) below a position whose Grundy value
/// `analyze` adds (every position with both piles at most 1023); about
/// 20 ms on the shared machine (BENCHMARKS.md).
pub const ANALYSIS_CELLS: u64 = 1 << 20;

/// The Grundy values `G(x, y)` of the rectangle `x < width`, `y < height`.
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::wythoff::grundy::GrundyTable;
/// let t = GrundyTable::build(4, 4, &Limits::strict()).unwrap();
/// // By hand: row 0 is Nim on one pile (0, 1, 2, 3); G(1, 1) = mex{1, 1, 0} = 2,
/// // G(1, 2) = mex{G(0, 2) = 2, G(1, 0) = 1, G(1, 1) = 2, G(0, 1) = 1} = 0
/// // (the safe pair (1, 2)); G(2, 2) = mex{2, 0, 0, 2, 0(… (0, 0))} = 1.
/// assert_eq!((0..4).map(|y| t.at(0, y)).collect::<Vec<_>>(), [0, 1, 2, 3]);
/// assert_eq!((t.at(1, 1), t.at(1, 2), t.at(2, 1), t.at(2, 2)), (2, 0, 0, 1));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyTable {
    width: usize,
    height: usize,
    /// `values[x · height + y] = G(x, y)`.
    values: Vec<u32>,
}

impl GrundyTable {
    /// Sweeps the rectangle `0..width × 0..height` (see the module docs):
    /// `O(width · height)` cells, each a scan of a few words.
    ///
    /// Fails with [`GameError::TooLarge`] when the cells pass
    /// `limits.max_states` or the values and bitsets pass `limits.max_bytes`,
    /// and with [`GameError::Cancelled`] once the limits' token is cancelled
    /// (polled once per column).
    ///
    /// ```
    /// use takeaway::games::Limits;
    /// use takeaway::games::wythoff::grundy::GrundyTable;
    /// let t = GrundyTable::build(10, 16, &Limits::strict()).unwrap();
    /// // The zeros are the safe pairs (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15) (paper 001).
    /// assert!([(1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15)].iter().all(|&(x, y)| t.at(x, y) == 0));
    /// assert_eq!(t.at(2, 2), 1);
    /// let mut tiny = Limits::strict();
    /// tiny.max_states = 100;
    /// assert!(GrundyTable::build(11, 10, &tiny).is_err());
    /// ```
    pub fn build(width: u64, height: u64, limits: &Limits) -> Result<GrundyTable, GameError> {
        let (w, h) = admit(width, height, limits, true)?;
        let mut values = Vec::with_capacity(w * h);
        sweep(w, h, limits, &NoProgress, |_, _, g| values.push(g))?;
        Ok(GrundyTable {
            width: w,
            height: h,
            values,
        })
    }

    /// Columns (`x < width`).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows (`y < height`).
    pub fn height(&self) -> usize {
        self.height
    }

    /// `G(x, y)`; panics outside the rectangle (as indexing does).
    ///
    /// ```
    /// use takeaway::games::Limits;
    /// use takeaway::games::wythoff::grundy::GrundyTable;
    /// let t = GrundyTable::build(3, 2, &Limits::strict()).unwrap();
    /// assert_eq!(t.at(2, 1), 0); // (2, 1) is a safe pair
    /// ```
    pub fn at(&self, x: usize, y: usize) -> u32 {
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is outside the table"
        );
        self.values[x * self.height + y]
    }
}

/// The Grundy value of the position `(x, y)` by the sweep of the
/// `(x + 1) × (y + 1)` cells below it (no table kept: memory for the
/// bitsets only), within `limits`.
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::wythoff::grundy::value;
/// // OEIS A004481 (Wythoff's Grundy values by antidiagonals): G(1, 1) = 2,
/// // G(2, 2) = 1, G(3, 3) = 6 (the table's diagonal 0, 2, 1, 6, 7, …).
/// assert_eq!(value(3, 3, &Limits::strict()).unwrap(), 6);
/// assert_eq!(value(3, 5, &Limits::strict()).unwrap(), 0); // a safe pair
/// ```
pub fn value(x: u64, y: u64, limits: &Limits) -> Result<u64, GameError> {
    let too_big = || over(WythoffQuantity::Piles(x.into(), y.into()), limits);
    let (w, h) = admit(
        x.checked_add(1).ok_or_else(too_big)?,
        y.checked_add(1).ok_or_else(too_big)?,
        limits,
        false,
    )?;
    let mut last = 0;
    sweep(w, h, limits, &NoProgress, |_, _, g| last = g)?;
    Ok(u64::from(last))
}

/// Calls `cell(x, y, G(x, y))` for every `x < width`, `y < height`, column
/// by column (`x` ascending, then `y`), keeping no table (memory for the
/// bitsets only: a table of values or a summary of any size streams
/// through it); `progress` counts the columns. Refused before any work,
/// like [`GrundyTable::build`], over `limits`.
///
/// ```
/// use takeaway::games::{Limits, NoProgress};
/// use takeaway::games::wythoff::grundy::each;
/// let mut zeros = Vec::new();
/// each(8, 8, &Limits::strict(), &NoProgress, |x, y, g| if g == 0 { zeros.push((x, y)) }).unwrap();
/// // The safe pairs below 8 (paper 001), both orientations.
/// assert_eq!(zeros, [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]);
/// ```
pub fn each(
    width: u64,
    height: u64,
    limits: &Limits,
    progress: &dyn Progress,
    cell: impl FnMut(usize, usize, u32),
) -> Result<(), GameError> {
    let (w, h) = admit(width, height, limits, false)?;
    sweep(w, h, limits, progress, cell)
}

fn over(needed: impl Into<Quantity>, limits: &Limits) -> GameError {
    GameError::too_large(
        Work::GrundyValue,
        needed,
        Amount::of(limits.max_states, Unit::Positions),
        Hint::SmallerPiles,
    )
}

/// 64-bit words of a bitset holding the values of a `w × h` sweep
/// (`G ≤ (w − 1) + (h − 1) + min(w − 1, h − 1)`).
fn words(w: u128, h: u128) -> u128 {
    let most = (w + h).saturating_sub(2) + w.min(h).saturating_sub(1);
    most / 64 + 1
}

/// Checks the sweep of `width × height` against `limits` (cells, then the
/// bytes of the bitsets and, when `table`, of the values kept) before
/// anything is allocated.
fn admit(
    width: u64,
    height: u64,
    limits: &Limits,
    table: bool,
) -> Result<(usize, usize), GameError> {
    let cells = u128::from(width) * u128::from(height);
    if cells > u128::from(limits.max_states) {
        return Err(over(Amount::of(cells, Unit::Positions), limits));
    }
    // Bitsets: a row each, a diagonal each, the current column.
    let lines = 2 * u128::from(height) + u128::from(width);
    let mut bytes = lines * words(width.into(), height.into()) * 8;
    if table {
        bytes += cells * 4;
    }
    if bytes > u128::from(limits.max_bytes) {
        return Err(GameError::too_large(
            Work::GrundyValue,
            Amount::of(bytes.div_ceil(1 << 20), Unit::MiB),
            Amount::of(limits.max_bytes >> 20, Unit::MiB),
            Hint::SmallerPiles,
        ));
    }
    // Within the byte limit, so within the address space.
    let fit = |n: u64| usize::try_from(n).map_err(|_| over(Quantity::AddressSpace, limits));
    Ok((fit(width)?, fit(height)?))
}

/// A line's values: a bitset and the count of its leading full words.
struct Line<'a> {
    bits: &'a mut [u64],
    full: &'a mut usize,
}

impl Line<'_> {
    fn insert(&mut self, g: usize) {
        self.bits[g / 64] |= 1 << (g % 64);
        while *self.full < self.bits.len() && self.bits[*self.full] == u64::MAX {
            *self.full += 1;
        }
    }
}

/// Sweeps `w × h` column by column, calling `cell(x, y, G(x, y))` in that
/// order.
fn sweep(
    w: usize,
    h: usize,
    limits: &Limits,
    progress: &dyn Progress,
    mut cell: impl FnMut(usize, usize, u32),
) -> Result<(), GameError> {
    if w == 0 || h == 0 {
        return Ok(());
    }
    progress.start("Grundy values (row, column and diagonal mex)", w as u64);
    let n = words(w as u128, h as u128) as usize;
    let diagonals = w + h - 1;
    let mut rows = vec![0u64; h * n];
    let mut rows_full = vec![0usize; h];
    let mut diags = vec![0u64; diagonals * n];
    let mut diags_full = vec![0usize; diagonals];
    let mut column = vec![0u64; n];
    for x in 0..w {
        limits.check()?;
        column.fill(0);
        let mut column_full = 0usize;
        for y in 0..h {
            // The diagonal through (x, y): x − y + (h − 1) ∈ 0..diagonals.
            let d = x + (h - 1) - y;
            let row = &rows[y * n..(y + 1) * n];
            let diag = &diags[d * n..(d + 1) * n];
            let start = rows_full[y].max(diags_full[d]).max(column_full);
            let mut g = n * 64;
            for i in start..n {
                let union = row[i] | diag[i] | column[i];
                if union != u64::MAX {
                    g = i * 64 + (!union).trailing_zeros() as usize;
                    break;
                }
            }
            // A cell has at most x + y + min(x, y) options, so its mex is within the bitset.
            debug_assert!(g < n * 64);
            Line {
                bits: &mut rows[y * n..(y + 1) * n],
                full: &mut rows_full[y],
            }
            .insert(g);
            Line {
                bits: &mut diags[d * n..(d + 1) * n],
                full: &mut diags_full[d],
            }
            .insert(g);
            Line {
                bits: &mut column,
                full: &mut column_full,
            }
            .insert(g);
            // g ≤ 3 · 2^32 would need a table far past any limit; values fit u32.
            cell(x, y, u32::try_from(g).unwrap_or(u32::MAX));
        }
        progress.advance(1);
    }
    progress.finish();
    Ok(())
}
