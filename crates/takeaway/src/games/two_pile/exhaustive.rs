//! The exhaustive tableau `L(m, d)` for any bound `f(n, t)`, from the rules
//! alone ([`super::game`]), and the structure of each column.
//!
//! Law (the functional equation, with every move of the rules):
//! `L(m, d) = min { t ≥ 1 : some pile gives (m', d') with f(d, t) < L(m', d') }`
//! and `L = ∞` when no move wins (always for `(0, 0)`; for every `(m, 0)` when
//! `f(0, t) ≥ t`, by the mirror strategy). The position `(m, d, w)` is won iff
//! `w ≥ L(m, d)`.
//!
//! Dependencies: `L(m, d)` reads row `m` at columns `< d` and rows `m − t` at
//! columns `d + t` (small-pile moves) and `s` (crossing moves). So an `M × D`
//! tableau needs row `m` up to column `D + M − 2 − m`: the rows are stored as a
//! trapezium of `M·D + M(M − 1)/2` `u32` cells, and nothing else.
//!
//! Parallelism: row `m` at column `d` needs row `m − 1` done up to column
//! `d + 1` (which by induction implies every earlier row is far enough). The
//! rows are dealt round-robin to the worker threads, which run as a skewed
//! pipeline, each waiting on the progress counter of the row above.

use crate::bound::Bound;
use crate::engine::Limits;
use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::{Quantity, Stop};
use crate::games::progress::Progress;
use crate::games::two_pile::error::TwoPileHint;
use crate::games::two_pile::error::TwoPileQuantity;
use crate::games::two_pile::error::TwoPileWork;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};

/// `L(m, d)` is stored as a `u32`; this marks "no move wins" (∞).
pub const INFINITE: u32 = u32::MAX;

/// A bound at least this large exceeds every pile of a tableau (and is still
/// below [`INFINITE`], so `f(t) < ∞` stays true).
const BIG: u32 = u32::MAX - 1;

/// Most rows plus columns of a tableau (so every pile fits a `u32` cell).
pub const MAX_SIDE: u64 = 1 << 30;

/// The tableau `L(m, d)` for `m < rows`, `d < cols` (and the extra columns it
/// needed, kept because they are exact too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tableau {
    rows: usize,
    cols: usize,
    cells: Vec<u32>,
}

impl Tableau {
    /// Number of rows `M` (small piles `0..M`).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::{Limits, NoProgress};
    /// use takeaway::games::two_pile::exhaustive::tableau;
    /// let t = tableau(&Bound::parse("2*t").unwrap(), 3, 5, &Limits::generous(), &NoProgress, 1).unwrap();
    /// assert_eq!((t.rows(), t.cols(), t.row(1).len()), (3, 5, 5));
    /// assert_eq!(t.bytes(), 4 * (3 * 5 + 3));
    /// ```
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns `D` asked for (differences `0..D`).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::{Limits, NoProgress};
    /// use takeaway::games::two_pile::exhaustive::tableau;
    /// let t = tableau(&Bound::parse("2*t").unwrap(), 3, 5, &Limits::generous(), &NoProgress, 1).unwrap();
    /// assert_eq!((t.rows(), t.cols(), t.row(1).len()), (3, 5, 5));
    /// assert_eq!(t.bytes(), 4 * (3 * 5 + 3));
    /// ```
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Width of stored row `m`: `D + M − 1 − m`.
    fn width(&self, m: usize) -> usize {
        width(self.rows, self.cols, m)
    }

    /// `L(m, d)` (`Some(INFINITE)` for ∞), for `m < M` and `d < D + M − 1 − m`.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::{Limits, NoProgress};
    /// use takeaway::games::two_pile::exhaustive::tableau;
    /// // Paper 000 §4: two-pile Fibonacci Nim, L(20, 42) = 8.
    /// let t = tableau(&Bound::parse("2*t").unwrap(), 21, 43, &Limits::generous(), &NoProgress, 1).unwrap();
    /// assert_eq!(t.get(20, 42), Some(8));
    /// ```
    pub fn get(&self, m: usize, d: usize) -> Option<u32> {
        if m >= self.rows || d >= self.width(m) {
            return None;
        }
        self.cells.get(offset(self.rows, self.cols, m) + d).copied()
    }

    /// Row `m` restricted to the columns asked for (`d < D`).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::{Limits, NoProgress};
    /// use takeaway::games::two_pile::exhaustive::tableau;
    /// let t = tableau(&Bound::parse("2*t").unwrap(), 3, 5, &Limits::generous(), &NoProgress, 1).unwrap();
    /// assert_eq!((t.rows(), t.cols(), t.row(1).len()), (3, 5, 5));
    /// assert_eq!(t.bytes(), 4 * (3 * 5 + 3));
    /// ```
    pub fn row(&self, m: usize) -> &[u32] {
        if m >= self.rows {
            return &[];
        }
        let start = offset(self.rows, self.cols, m);
        self.cells.get(start..start + self.cols).unwrap_or(&[])
    }

    /// Bytes held by the cells: `4 · (M·D + M(M − 1)/2)`.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::{Limits, NoProgress};
    /// use takeaway::games::two_pile::exhaustive::tableau;
    /// let t = tableau(&Bound::parse("2*t").unwrap(), 3, 5, &Limits::generous(), &NoProgress, 1).unwrap();
    /// assert_eq!((t.rows(), t.cols(), t.row(1).len()), (3, 5, 5));
    /// assert_eq!(t.bytes(), 4 * (3 * 5 + 3));
    /// ```
    pub fn bytes(&self) -> u64 {
        (self.cells.len() as u64) * 4
    }
}

fn width(rows: usize, cols: usize, m: usize) -> usize {
    cols + rows - 1 - m
}

fn offset(rows: usize, cols: usize, m: usize) -> usize {
    // Σ_{m' < m} (D + M − 1 − m')
    m * (cols + rows - 1) - m * m.saturating_sub(1) / 2
}

/// Cells a `rows × cols` tableau stores: `M·D + M(M − 1)/2`.
///
/// ```
/// use takeaway::games::two_pile::exhaustive::cell_count;
/// assert_eq!(cell_count(2000, 2000), 5_999_000);
/// ```
pub fn cell_count(rows: u64, cols: u64) -> u64 {
    rows.saturating_mul(cols)
        .saturating_add(rows.saturating_mul(rows.saturating_sub(1)) / 2)
}

/// The tableau `L(m, d)`, `m < rows`, `d < cols`, computed by `threads`
/// workers (0 = as many as the machine has).
///
/// Fails with [`GameError::TooLarge`] over `limits.max_bytes` of cells or
/// `limits.max_states` move checks, and with [`GameError::Bound`] if `f` fails.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::{Limits, NoProgress};
/// use takeaway::games::two_pile::exhaustive::{tableau, INFINITE};
/// let t = tableau(&Bound::parse("2*t").unwrap(), 4, 4, &Limits::generous(), &NoProgress, 2).unwrap();
/// // Equal piles are lost; (0, d) is one-pile Fibonacci Nim of d.
/// assert_eq!(t.row(0), &[INFINITE, 1, 2, 3]);
/// assert_eq!(t.row(3)[0], INFINITE);
/// ```
pub fn tableau(
    f: &Bound,
    rows: u64,
    cols: u64,
    limits: &Limits,
    progress: &dyn Progress,
    threads: usize,
) -> Result<Tableau, GameError> {
    if rows == 0 || cols == 0 {
        return Ok(Tableau {
            rows: 0,
            cols: 0,
            cells: Vec::new(),
        });
    }
    let side = rows.checked_add(cols).filter(|&s| s <= MAX_SIDE);
    if side.is_none() {
        return Err(GameError::too_large(
            TwoPileWork::Tableau { rows, cols },
            TwoPileQuantity::RowsPlusColumns(rows.saturating_add(cols)),
            TwoPileQuantity::RowsPlusColumnsAtMost(MAX_SIDE),
            TwoPileHint::AnalyzeLargePositions,
        ));
    }
    let cells = cell_count(rows, cols);
    let bytes = cells.saturating_mul(4);
    if bytes > limits.max_bytes {
        return Err(GameError::too_large(
            TwoPileWork::Tableau { rows, cols },
            TwoPileQuantity::CellsMiB {
                mib: bytes.div_ceil(1 << 20),
                cells,
            },
            Amount::of(limits.max_bytes >> 20, Unit::MiB),
            TwoPileHint::FewerCellsOrAnalyze,
        ));
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let max_t = rows + cols; // every move is at most m + d ≤ D + M − 2
    let ft: Option<Vec<u32>> = if f.uses_n() {
        None
    } else {
        let mut ft = Vec::with_capacity(max_t + 1);
        ft.push(0);
        for t in 1..=max_t as u64 {
            ft.push(clamp(f.eval_u64(0, t)?));
        }
        Some(ft)
    };
    let total = usize::try_from(cells).map_err(|_| {
        GameError::too_large(
            TwoPileWork::Tableau {
                rows: rows as u64,
                cols: cols as u64,
            },
            Amount::of(cells, Unit::Cells),
            Quantity::AddressSpace,
            TwoPileHint::FewerCellsOrAnalyze,
        )
    })?;
    // Filled in slices so that a cancelled request stops during the fill of
    // a large tableau too (gigabytes take seconds to touch).
    let mut store: Vec<AtomicU32> = Vec::with_capacity(total);
    while store.len() < total {
        limits.check()?;
        let step = (total - store.len()).min(1 << 20);
        store.extend((0..step).map(|_| AtomicU32::new(INFINITE)));
    }
    let done: Vec<AtomicUsize> = (0..rows).map(|_| AtomicUsize::new(0)).collect();
    let abort = AtomicBool::new(false);
    let visited = AtomicU64::new(0);
    let failure: Mutex<Option<GameError>> = Mutex::new(None);
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .clamp(1, rows.max(1));
    progress.start("two-pile tableau rows", rows as u64);
    let shared = Shared {
        f,
        ft: ft.as_deref(),
        rows,
        cols,
        store: &store,
        done: &done,
        abort: &abort,
        visited: &visited,
        limits,
    };
    std::thread::scope(|scope| {
        for worker in 0..threads {
            let shared = &shared;
            let failure = &failure;
            scope.spawn(move || {
                let mut m = worker;
                while m < rows {
                    if let Err(e) = shared.row(m) {
                        if let Ok(mut slot) = failure.lock() {
                            slot.get_or_insert(e);
                        }
                        shared.abort.store(true, Ordering::Release);
                        return;
                    }
                    m += threads;
                }
            });
        }
        // The main thread reports progress while the workers run.
        let mut reported = 0usize;
        loop {
            let finished = (reported..rows)
                .take_while(|&m| done[m].load(Ordering::Acquire) == width(rows, cols, m))
                .count();
            if finished > 0 {
                progress.advance(finished as u64);
                reported += finished;
            }
            if reported == rows || abort.load(Ordering::Acquire) {
                break;
            }
            if let Err(e) = limits.check() {
                if let Ok(mut slot) = failure.lock() {
                    slot.get_or_insert(e.into());
                }
                abort.store(true, Ordering::Release);
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    });
    progress.finish();
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    Ok(Tableau {
        rows,
        cols,
        cells: store.into_iter().map(AtomicU32::into_inner).collect(),
    })
}

/// What the workers share.
struct Shared<'a> {
    f: &'a Bound,
    ft: Option<&'a [u32]>,
    rows: usize,
    cols: usize,
    store: &'a [AtomicU32],
    done: &'a [AtomicUsize],
    abort: &'a AtomicBool,
    visited: &'a AtomicU64,
    limits: &'a Limits,
}

impl Shared<'_> {
    fn bound(&self, d: usize, t: usize) -> Result<u32, GameError> {
        match self.ft {
            Some(ft) => Ok(ft.get(t).copied().unwrap_or(BIG)),
            None => Ok(clamp(self.f.eval_u64(d as u64, t as u64)?)),
        }
    }

    fn cell(&self, m: usize, d: usize) -> u32 {
        let i = offset(self.rows, self.cols, m) + d;
        self.store
            .get(i)
            .map_or(INFINITE, |c| c.load(Ordering::Relaxed))
    }

    /// Waits until row `m − 1` has `need` cells done (or the work is aborted).
    fn wait_for(&self, m: usize, need: usize) -> Result<(), GameError> {
        if m == 0 {
            return Ok(());
        }
        let mut spins = 0u32;
        while self.done[m - 1].load(Ordering::Acquire) < need {
            if self.abort.load(Ordering::Acquire) {
                return Err(GameError::Invalid("aborted".into()));
            }
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        Ok(())
    }

    /// The refusal when the move checks pass the limit.
    fn over(&self, total: u64, m: usize) -> GameError {
        GameError::too_large(
            TwoPileWork::TableauRunning {
                rows: self.rows as u64,
                cols: self.cols as u64,
            },
            Quantity::Stopped {
                amount: Amount::more_than(total, Unit::MoveChecks),
                at: Stop::Row(m as u64),
            },
            Amount::of(self.limits.max_states, Unit::MoveChecks),
            TwoPileHint::LargeTableau,
        )
    }

    fn row(&self, m: usize) -> Result<(), GameError> {
        let w = width(self.rows, self.cols, m);
        let base = offset(self.rows, self.cols, m);
        let mut checks = 0u64;
        // Polled every 1024 move checks (a move check evaluates f, which can
        // take microseconds on big integers): the cancel token and the
        // running count against the limit, so no row runs on unchecked.
        let mut polls = 0u32;
        for d in 0..w {
            // Row m − 1 must be done up to column d + 1 (its width is w + 1).
            self.wait_for(m, d + 2)?;
            let mut least = INFINITE;
            for t in 1..=m + d {
                polls = polls.wrapping_add(1);
                if polls & 0x3FF == 0 {
                    self.limits.check()?;
                    let so_far = self
                        .visited
                        .load(Ordering::Relaxed)
                        .saturating_add(checks)
                        .saturating_add(t as u64);
                    if so_far > self.limits.max_states {
                        return Err(self.over(so_far, m));
                    }
                }
                let b = self.bound(d, t)?;
                let large = if t <= d {
                    self.cell(m, d - t)
                } else {
                    let s = t - d;
                    self.cell(m - s, s)
                };
                let small = if t <= m { self.cell(m - t, d + t) } else { 0 };
                if b < large || b < small {
                    least = t as u32;
                    checks += t as u64;
                    break;
                }
            }
            if least == INFINITE {
                checks += (m + d) as u64;
            }
            if let Some(c) = self.store.get(base + d) {
                c.store(least, Ordering::Relaxed);
            }
            self.done[m].store(d + 1, Ordering::Release);
        }
        let total = self.visited.fetch_add(checks, Ordering::Relaxed) + checks;
        if total > self.limits.max_states {
            return Err(self.over(total, m));
        }
        Ok(())
    }
}

fn clamp(b: u64) -> u32 {
    u32::try_from(b).unwrap_or(BIG).min(BIG)
}

/// The structure of one column `d` of a tableau: the values it takes and the
/// rows where it changes ("flips", paper 000 §5).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ColumnStructure {
    /// The difference `d`.
    pub d: usize,
    /// The distinct values, ascending (`null` in JSON stands for ∞).
    pub values: Vec<Option<u32>>,
    /// The rows `m ≥ 1` with `L(m, d) ≠ L(m − 1, d)`.
    pub flips: Vec<usize>,
}

/// The structure of column `d` over the rows of `tableau`.
///
/// Law: `flips.len()` counts changes down the column; a column with one value has none.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::{Limits, NoProgress};
/// use takeaway::games::two_pile::exhaustive::{column_structure, tableau};
/// let t = tableau(&Bound::parse("2*t").unwrap(), 40, 6, &Limits::generous(), &NoProgress, 1).unwrap();
/// // d = 5 = H4 (Fibonacci): L is 5 for m < 3, then 3 for m < 3 + 5 (paper 000 §6), ...
/// let c = column_structure(&t, 5);
/// assert_eq!(c.values, [Some(3), Some(5)]);
/// assert_eq!(&c.flips[..2], &[3, 8]);
/// ```
pub fn column_structure(tableau: &Tableau, d: usize) -> ColumnStructure {
    let mut values = Vec::new();
    let mut flips = Vec::new();
    let mut prev = None;
    for m in 0..tableau.rows() {
        let Some(v) = tableau.get(m, d) else { break };
        let v = (v != INFINITE).then_some(v);
        if !values.contains(&v) {
            values.push(v);
        }
        if m > 0 && prev != Some(v) {
            flips.push(m);
        }
        prev = Some(v);
    }
    values.sort_by_key(|v| v.unwrap_or(INFINITE));
    ColumnStructure { d, values, flips }
}
