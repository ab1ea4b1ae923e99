//! Grundy rows as step functions: each row `G(n, ·)` of a one-pile game
//! (pile `n`, bound `w`) stored as its steps — the bounds `w` where the
//! value changes and the value from there on — instead of `n + 1` cells.
//!
//! Laws (the mex rule of `game.rs`, as in [`super::grundy`]):
//! - `G(n, w) = mex A_w(n)` with `A_w(n) = { G(n − k, min(f(n, k), n − k)) :
//!   1 ≤ k ≤ min(w, n) }`, and `G(n, w) = G(n, n)` for `w > n`;
//! - as `w` grows `A_w(n)` only gains elements, so a row is a nondecreasing
//!   step function of `w`. With `first(v)` the least take `k` whose option
//!   has value `v` (`∞` if none), `G(n, w) = min { v : first(v) > w }`: the
//!   row reaches `v + 1` at `w = max(first(0), …, first(v))`, and
//!   `G(n, n)` is the least `v` no take reaches. A row has at most
//!   `G(n, n) + 1` steps.
//! - Misère play (whoever cannot move wins) uses the misère Grundy value
//!   `G⁻` (the first component of Conway's genus): a position with no move
//!   (`n = 0` or `w = 0`) has `G⁻ = 1`, any other the mex of its options.
//!   `G⁻(n, w) = 0` exactly at the misère P-positions. From `w = 1` on a
//!   row is nondecreasing again; `w = 0` is the one exception.
//!
//! **The sweep** (bounds `f(t)` nondecreasing in `t` on the range, the
//! usual case: Fibonacci Nim, `f = c·t`, `t + c`): the option of pile `n`
//! after take `k` lands in row `m = n − k` at bound `f(k)`. On a finished
//! row `m` a step holding value `v` on bounds `[x₀, x₁)` is hit by exactly
//! the takes `t` with `x₀ ≤ f(t) < x₁` — an interval `[t₀, t₁)` because `f`
//! is monotone — so by the piles `n ∈ [m + t₀, m + t₁)`. Sweeping `n`
//! upward, each such interval enters a max-heap of value `v` (keyed by `m`)
//! when the sweep reaches `m + t₀` and is dropped lazily once past
//! `m + t₁`; then `first(v) = n − (largest m in the heap of v)`. Every step
//! is pushed and popped at most once in each of two heaps: time
//! `O(S log S)` and memory `O(S)` for `S` steps in all (a few dozen a row
//! for Fibonacci Nim), against `O(R²)` cells for the dense triangle.
//!
//! **The scan** (any other bound: `f(n, t)`, or `f(t)` not monotone): every
//! take of every row, each option read from the stored steps by a binary
//! search — `O(R² log G)` time, still `O(S)` memory.

use crate::bound::Bound;
use crate::engine::{Amount, Convention, Limits, Unit};
use crate::games::error::{GameError, Hint};
use crate::games::one_pile::error::OnePileWork;
use crate::games::progress::Progress;
use std::collections::BinaryHeap;

/// Lists of intervals by their first pile, as linked lists in one array
/// (freed entries reused): `O(1)` a push or pop, 4 bytes a pile and 16 an entry.
struct Buckets {
    head: Vec<u32>,
    /// (value, row m, pile past the end, next entry).
    entries: Vec<(u32, u32, u32, u32)>,
    free: u32,
}

const NIL: u32 = u32::MAX;

impl Buckets {
    fn new(rows: u64) -> Buckets {
        Buckets {
            head: vec![NIL; usize::try_from(rows).unwrap_or(0)],
            entries: Vec::new(),
            free: NIL,
        }
    }

    fn push(&mut self, at: u32, (v, m, end): (u32, u32, u32)) {
        let next = self.head[at as usize];
        let i = if self.free == NIL {
            self.entries.push((v, m, end, next));
            (self.entries.len() - 1) as u32
        } else {
            let i = self.free;
            self.free = self.entries[i as usize].3;
            self.entries[i as usize] = (v, m, end, next);
            i
        };
        self.head[at as usize] = i;
    }

    fn pop(&mut self, at: u32) -> Option<(u32, u32, u32)> {
        let i = self.head[at as usize];
        if i == NIL {
            return None;
        }
        let (v, m, end, next) = self.entries[i as usize];
        self.head[at as usize] = next;
        self.entries[i as usize].3 = self.free;
        self.free = i;
        Some((v, m, end))
    }

    fn bytes(&self) -> u64 {
        (self.head.len() as u64 * 4).saturating_add(self.entries.len() as u64 * 16)
    }
}

/// Most rows: piles and bounds are stored as `u32`.
pub const MAX_ROWS: u64 = u32::MAX as u64;

/// How the rows were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepMethod {
    /// The sweep over intervals of piles (monotone `f(t)`), `O(S log S)`.
    Sweep,
    /// Every take of every row read from the steps, `O(R² log G)`.
    Scan,
}

impl StepMethod {
    /// The name printed in reports (`grundy-steps-sweep`, `grundy-steps-scan`).
    ///
    /// ```
    /// use takeaway::games::one_pile::grundy_steps::StepMethod;
    /// assert_eq!(StepMethod::Sweep.name(), "grundy-steps-sweep");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            StepMethod::Sweep => "grundy-steps-sweep",
            StepMethod::Scan => "grundy-steps-scan",
        }
    }
}

/// The rows `G(n, ·)` for `0 ≤ n < rows`, each as its steps.
///
/// Law: `at(n, w)` equals the dense [`super::grundy::GrundyTriangle`]'s
/// `at(n, w)` for every `n`, `w` (normal play); `steps(n)` starts at `w = 0`,
/// its bounds increase, and consecutive values differ.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::engine::Convention;
/// use takeaway::games::{Limits, NoProgress};
/// use takeaway::games::one_pile::grundy_steps::{GrundySteps, StepMethod};
/// let f = Bound::parse("2*t").unwrap();
/// let g = GrundySteps::build(&f, 9, Convention::Normal, &Limits::strict(), &NoProgress).unwrap();
/// assert_eq!(g.method(), StepMethod::Sweep);
/// // Pile 7 of Fibonacci Nim: G(7, w) = 0, 0, 2, 2, 2, 4, 4, 4 (docs/cli.md's
/// // table, by the mex rule): steps at w = 0, 2 and 5.
/// assert_eq!(g.steps(7).collect::<Vec<_>>(), [(0, 0), (2, 2), (5, 4)]);
/// assert_eq!(g.at(7, 3), 2);
/// assert_eq!(g.at(7, 100), 4); // a bound above the pile acts as the pile
/// ```
#[derive(Debug, Clone)]
pub struct GrundySteps {
    /// Row `n`'s steps are `starts[offsets[n]..offsets[n + 1]]`.
    offsets: Vec<usize>,
    starts: Vec<u32>,
    values: Vec<u32>,
    method: StepMethod,
    convention: Convention,
}

/// One row's steps while it is built.
#[derive(Default)]
struct RowBuf {
    starts: Vec<u32>,
    values: Vec<u32>,
}

impl RowBuf {
    fn push(&mut self, w: u32, v: u32) {
        match (self.starts.last(), self.values.last_mut()) {
            (Some(&s), Some(last)) if s == w => *last = v,
            _ => {
                self.starts.push(w);
                self.values.push(v);
            }
        }
        // Merge equal neighbours (the misère row's w = 0).
        let k = self.values.len();
        if k >= 2 && self.values[k - 1] == self.values[k - 2] {
            self.starts.pop();
            self.values.pop();
        }
    }
}

/// The steps of row `n` from `first` (`first[v]` = least take reaching
/// value `v`, for `v < g`; `g = G(n, n)` is the least value no take reaches).
fn row_from_first(n: u32, first: &[u32], convention: Convention, out: &mut RowBuf) {
    out.starts.clear();
    out.values.clear();
    let misere = convention == Convention::Misere;
    // w = 0: no move. Normal play: mex ∅ = 0; misère play: G⁻ = 1.
    out.push(0, u32::from(misere));
    if n == 0 {
        return;
    }
    if misere {
        // From w = 1 on the mex rule; first(v) ≥ 1 so the mex at w = 1 is
        // 0 unless first(0) = 1 (settled by the loop below).
        out.push(1, 0);
    }
    let mut reach = 0u32;
    for (v, &k) in first.iter().enumerate() {
        reach = reach.max(k);
        out.push(reach, v as u32 + 1);
    }
}

impl GrundySteps {
    /// Computes rows `0..rows` under `convention` (misère: `G⁻`).
    ///
    /// Errors: [`GameError::TooLarge`] over [`MAX_ROWS`] rows or when the
    /// steps pass `limits.max_bytes`; [`GameError::Cancelled`]; a bound
    /// that fails to evaluate (negative, division by zero).
    pub fn build(
        f: &Bound,
        rows: u64,
        convention: Convention,
        limits: &Limits,
        progress: &dyn Progress,
    ) -> Result<GrundySteps, GameError> {
        let what = || OnePileWork::GrundyTable { rows };
        if rows > MAX_ROWS {
            return Err(GameError::too_large(
                what(),
                Amount::of(rows, Unit::Rows),
                Amount::of(MAX_ROWS, Unit::Rows),
                Hint::FewerRows,
            ));
        }
        // The fixed part: f(t), the row offsets.
        limits
            .admit(crate::engine::Estimate {
                states: 0,
                bytes: rows.saturating_mul(16),
            })
            .map_err(|over| GameError::over(what(), over, Hint::FewerRows))?;
        let ft: Option<Vec<u64>> = if f.uses_n() || rows <= 1 {
            None
        } else {
            Some(f.table_of_t(rows - 1).map_err(GameError::Bound)?)
        };
        let monotone = ft
            .as_ref()
            .is_some_and(|ft| ft[1..].windows(2).all(|p| p[0] <= p[1]));
        let mut out = GrundySteps {
            offsets: Vec::with_capacity(usize::try_from(rows).unwrap_or(0).saturating_add(1)),
            starts: Vec::new(),
            values: Vec::new(),
            method: if monotone || rows <= 1 {
                StepMethod::Sweep
            } else {
                StepMethod::Scan
            },
            convention,
        };
        out.offsets.push(0);
        progress.start("Grundy steps", rows);
        let result = if out.method == StepMethod::Sweep {
            out.sweep(ft.as_deref().unwrap_or(&[0]), rows, limits, progress)
        } else {
            out.scan(f, ft.as_deref(), rows, limits, progress)
        };
        progress.finish();
        result.map(|()| out)
    }

    fn too_big(&self, rows: u64, bytes: u64, limits: &Limits) -> Result<(), GameError> {
        if bytes > limits.max_bytes {
            return Err(GameError::too_large(
                OnePileWork::GrundyTable { rows },
                Amount::more_than(bytes >> 20, Unit::MiB),
                Amount::of(limits.max_bytes >> 20, Unit::MiB),
                Hint::FewerRows,
            ));
        }
        Ok(())
    }

    fn store(&mut self, row: &RowBuf) {
        self.starts.extend_from_slice(&row.starts);
        self.values.extend_from_slice(&row.values);
        self.offsets.push(self.starts.len());
    }

    /// Polls the cancel token, reports progress and checks memory every 1024 rows.
    fn poll(
        &self,
        n: u64,
        rows: u64,
        extra: u64,
        limits: &Limits,
        progress: &dyn Progress,
    ) -> Result<(), GameError> {
        if n & 0x3FF == 0 {
            limits.check()?;
            progress.advance(1024.min(rows - n));
            let held = (self.starts.len() as u64)
                .saturating_mul(8)
                .saturating_add((self.offsets.len() as u64).saturating_mul(16))
                .saturating_add(extra);
            self.too_big(rows, held, limits)?;
        }
        Ok(())
    }

    fn sweep(
        &mut self,
        ft: &[u64],
        rows: u64,
        limits: &Limits,
        progress: &dyn Progress,
    ) -> Result<(), GameError> {
        // Intervals not yet reached, bucketed by their first pile.
        let mut pending = Buckets::new(rows);
        // Per value: (row m, pile past the end), largest m on top.
        let mut active: Vec<BinaryHeap<(u32, u32)>> = Vec::new();
        let mut active_len: u64 = 0;
        let mut first: Vec<u32> = Vec::new();
        let mut row = RowBuf::default();
        // Takes t ≥ 1 with f(t) ≥ x are those from `from[x]` on (f is
        // nondecreasing; `rows`: none below `rows`), for every bound x ≤ rows
        // a step can start at: one pass over f instead of a binary search a step.
        let mut from: Vec<u32> = Vec::with_capacity(ft.len().saturating_add(1));
        let mut t = 1usize;
        for x in 0..=rows {
            while (t as u64) < rows && ft[t] < x {
                t += 1;
            }
            from.push(t as u32);
        }
        let from = |x: u32| -> u64 { u64::from(from[x as usize]) };
        let last_t = rows.saturating_sub(1);
        for n in 0..rows {
            let extra = pending
                .bytes()
                .saturating_add(active_len.saturating_mul(8))
                .saturating_add((ft.len() as u64).saturating_mul(12));
            self.poll(n, rows, extra, limits, progress)?;
            let n32 = n as u32;
            while let Some((v, m, end)) = pending.pop(n32) {
                let v = v as usize;
                if active.len() <= v {
                    active.resize_with(v + 1, BinaryHeap::new);
                }
                active[v].push((m, end));
                active_len += 1;
            }
            first.clear();
            for heap in active.iter_mut() {
                while heap.peek().is_some_and(|&(_, end)| end <= n32) {
                    heap.pop();
                    active_len -= 1;
                }
                match heap.peek() {
                    Some(&(m, _)) => first.push(n32 - m),
                    None => break,
                }
            }
            row_from_first(n32, &first, self.convention, &mut row);
            // This row's steps as intervals of later piles.
            for (i, (&x0, &v)) in row.starts.iter().zip(&row.values).enumerate() {
                let t0 = from(x0);
                let t1 = match row.starts.get(i + 1) {
                    Some(&x1) => from(x1),
                    None => last_t + 1,
                };
                let t1 = t1.min(last_t + 1);
                if t0 >= t1 {
                    continue;
                }
                // n + t < rows ≤ 2^32 − 1: both fit a u32.
                let start = n + t0;
                let end = (n + t1).min(rows);
                if start < end {
                    pending.push(start as u32, (v, n32, end as u32));
                }
            }
            self.store(&row);
        }
        Ok(())
    }

    fn scan(
        &mut self,
        f: &Bound,
        ft: Option<&[u64]>,
        rows: u64,
        limits: &Limits,
        progress: &dyn Progress,
    ) -> Result<(), GameError> {
        let mut first: Vec<u32> = Vec::new();
        let mut row = RowBuf::default();
        for n in 0..rows {
            self.poll(n, rows, 0, limits, progress)?;
            let n32 = n as u32;
            first.clear();
            for k in 1..=n {
                if k & 0xFFFF == 0 {
                    limits.check()?;
                }
                let x = match ft {
                    Some(ft) => ft[k as usize],
                    None => f.eval_u64(n, k)?,
                };
                let v = self.at((n - k) as usize, x) as usize;
                if first.len() <= v {
                    first.resize(v + 1, u32::MAX);
                }
                if first[v] == u32::MAX {
                    first[v] = k as u32;
                }
            }
            let g = first.iter().position(|&k| k == u32::MAX);
            first.truncate(g.unwrap_or(first.len()));
            row_from_first(n32, &first, self.convention, &mut row);
            self.store(&row);
        }
        Ok(())
    }

    /// Rows held.
    pub fn rows(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Steps held in all rows.
    pub fn step_count(&self) -> usize {
        self.starts.len()
    }

    /// How the rows were computed.
    pub fn method(&self) -> StepMethod {
        self.method
    }

    /// Normal play (`G`) or misère play (`G⁻`).
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The steps of row `n` (`n < rows`): `(w, v)` with `G(n, w') = v` for
    /// `w ≤ w' <` the next step's `w` (for every `w' ≥ w` at the last step).
    pub fn steps(&self, n: usize) -> impl Iterator<Item = (u32, u32)> + '_ {
        let (a, b) = (self.offsets[n], self.offsets[n + 1]);
        self.starts[a..b]
            .iter()
            .copied()
            .zip(self.values[a..b].iter().copied())
    }

    /// The bounds where row `n`'s steps start, and their values.
    pub fn row(&self, n: usize) -> (&[u32], &[u32]) {
        let (a, b) = (self.offsets[n], self.offsets[n + 1]);
        (&self.starts[a..b], &self.values[a..b])
    }

    /// `G(n, w)` for any bound `w` (`G(n, n)` when `w > n`), by a binary
    /// search of row `n < rows`.
    pub fn at(&self, n: usize, w: u64) -> u32 {
        let (starts, values) = self.row(n);
        let i = starts.partition_point(|&s| u64::from(s) <= w);
        values[i.saturating_sub(1)]
    }

    /// Row offsets, bounds and values as flat arrays: row `n`'s steps are
    /// entries `offsets[n]..offsets[n + 1]` of `starts` and `values`.
    pub fn arrays(&self) -> (&[usize], &[u32], &[u32]) {
        (&self.offsets, &self.starts, &self.values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::NoProgress;

    /// The mex rule by a dense table, written here from the rules.
    fn dense(f: &Bound, rows: usize, misere: bool) -> Vec<Vec<u32>> {
        let mut g: Vec<Vec<u32>> = Vec::new();
        for n in 0..rows {
            let mut row = Vec::new();
            for w in 0..=n {
                if n == 0 || w == 0 {
                    row.push(u32::from(misere));
                    continue;
                }
                let mut seen = vec![false; n + 2];
                for k in 1..=w {
                    let m = n - k;
                    let x = (f.eval_u64(n as u64, k as u64).unwrap() as usize).min(m);
                    seen[g[m][x] as usize] = true;
                }
                row.push(seen.iter().position(|&s| !s).unwrap() as u32);
            }
            g.push(row);
        }
        g
    }

    fn check(spec: &str, rows: usize, convention: Convention, method: StepMethod) {
        let f = Bound::parse(spec).unwrap();
        let s = GrundySteps::build(&f, rows as u64, convention, &Limits::strict(), &NoProgress)
            .unwrap();
        assert_eq!(s.method(), method, "{spec}");
        let d = dense(&f, rows, convention == Convention::Misere);
        for (n, row) in d.iter().enumerate() {
            for (w, &v) in row.iter().enumerate() {
                assert_eq!(s.at(n, w as u64), v, "{spec} {convention:?} G({n}, {w})");
            }
            assert_eq!(s.at(n, n as u64 + 7), row[n]);
        }
    }

    #[test]
    fn steps_equal_the_dense_mex_rule() {
        for c in [Convention::Normal, Convention::Misere] {
            check("2*t", 150, c, StepMethod::Sweep);
            check("3*t", 150, c, StepMethod::Sweep);
            check("t/2", 150, c, StepMethod::Sweep);
            check("t+1", 150, c, StepMethod::Sweep);
            check("n-t", 120, c, StepMethod::Scan);
            check("100/t", 120, c, StepMethod::Scan);
        }
    }

    #[test]
    fn steps_increase_and_values_change() {
        let f = Bound::parse("2*t").unwrap();
        let s = GrundySteps::build(&f, 500, Convention::Normal, &Limits::strict(), &NoProgress)
            .unwrap();
        for n in 0..500 {
            let (starts, values) = s.row(n);
            assert_eq!(starts[0], 0);
            assert!(starts.windows(2).all(|p| p[0] < p[1]));
            assert!(values.windows(2).all(|p| p[0] < p[1]));
            assert!(starts.iter().all(|&w| w as usize <= n));
        }
    }

    #[test]
    fn a_bad_bound_is_an_error() {
        let f = Bound::parse("t-2").unwrap();
        assert!(
            GrundySteps::build(&f, 10, Convention::Normal, &Limits::strict(), &NoProgress).is_err()
        );
    }
}
