//! The sparse-space method on two cores: while the first thread settles a
//! block of heaps, a second thread marks options of the next block from
//! values already known.
//!
//! Law: the values are those of one thread (the mex of all options). The
//! helper is given a block `s … s + c − 1` and `known` (every value below
//! `known` is settled, `known ≤ s`). For each split `m = n − j` of each heap
//! `n` of the block it marks, in a row of bytes a heap, the options
//! `G(r) ⊕ G(m − r)` of the rare heaps `r` with `far ≤ r < known`, where
//! `far = s + c − j − known` makes every `m − r < known` (the *far* rare
//! pairs), and the options `G(a) ⊕ G(m − a)` of the middle pairs
//! `m/2 − w < a ≤ m/2` (the *window*, all below `known`). Every mark is an
//! option. The first thread then marks in the same row the rare pairs the
//! helper did not (`r < far`, and rare heaps `r ≥ known` found since), the
//! moves that leave no heap or one heap, and takes the candidate and the
//! missing rare values from the row as [`Sparse::settle`] does; its scan
//! skips the window. So the marks cover every reachable common value, as
//! in one thread, and the scan looks at every pair not marked: the same
//! mex. A block whose rows were made under another mask or table size
//! (the `epoch` changed) is settled the one-thread way instead.
//!
//! Speed: on Officers the far rare pairs are 1,496 of the 1,584 rare heaps
//! a heap; the window's width follows the two threads' pace (it grows
//! while the first thread waits for nothing and shrinks when it waits), so
//! the helper also takes part of the scan. The values the helper reads
//! are copied into its job, so no value is shared between threads while
//! the first one writes: the window's, and for the far rare pairs the
//! `c + j_max − j_min` values each far rare heap reads, windows that
//! overlap or nearly touch merged into one piece (not the whole range
//! between the first and the last: Grundy's game `4!.0` has rare heaps
//! up to 82,860 and again from 47,461,861 on, and one range was then the
//! whole sequence a job, three jobs about 285 MB at heap 48.4 million).

use super::{Nimber, Sparse};
use std::sync::mpsc;

/// Heaps a block.
pub(super) const HEAPS: usize = 256;

/// The two threads are used from this heap on (the window's pairs must lie
/// below the heaps being settled).
pub(super) const FROM: usize = 1 << 16;

/// Blocks the helper may be ahead of the first thread (slack for a
/// thread that waits for a core).
const AHEAD: usize = 2;

/// The widest window (middle pairs a split) the helper marks.
const MAX_WINDOW: usize = 4096;

/// The window's step when the pace changes.
const STEP: usize = 64;

/// The window the first blocks start with.
pub(super) const FIRST_WINDOW: usize = 512;

/// One block's work for the helper, and its answer (`rows`).
struct Job<T> {
    /// First heap of the block.
    start: usize,
    /// Heaps in the block.
    count: usize,
    /// Every value below this heap was settled when the job was made.
    known: usize,
    /// The sparse state's epoch (mask, rare heaps' class, table size).
    epoch: u64,
    /// Bytes a row: the values' table size, `1 << bits`.
    size: usize,
    /// Middle pairs a split marked by the helper.
    window: usize,
    /// The rare heaps below `known` with their values.
    rare: Vec<(usize, usize)>,
    /// The splits `j` (heap `n` splits as `m = n − j`).
    split: Vec<usize>,
    /// Which splits carry `!` (then `(m / 2, m / 2)` is no move).
    unequal: Vec<bool>,
    /// The values the far rare pairs read, in pieces ([`Piece`]).
    far: Vec<T>,
    /// The pieces of `far`, highest heaps first.
    pieces: Vec<Piece>,
    /// `G(mid_lo) …` (the window's values).
    mid_lo: usize,
    mid: Vec<T>,
    /// `count` rows of `size` bytes: 1 where the value is a marked option.
    rows: Vec<u8>,
}

/// `G(lo) … G(hi − 1)`, copied at `far[at..]` in a [`Job`].
#[derive(Debug, Clone, Copy)]
struct Piece {
    lo: usize,
    hi: usize,
    at: usize,
}

/// Windows of far values closer than this are copied as one piece.
const GAP: usize = HEAPS;

impl<T: Nimber> Job<T> {
    /// Copies `G(lo) … G(hi − 1)` as the next piece.
    fn add_piece(&mut self, g: &[T], lo: usize, hi: usize) {
        self.pieces.push(Piece {
            lo,
            hi,
            at: self.far.len(),
        });
        self.far.extend_from_slice(&g[lo..hi]);
    }
}

impl<T> Job<T> {
    fn empty() -> Self {
        Job {
            start: 0,
            count: 0,
            known: 0,
            epoch: 0,
            size: 0,
            window: 0,
            rare: Vec::new(),
            split: Vec::new(),
            unequal: Vec::new(),
            far: Vec::new(),
            pieces: Vec::new(),
            mid_lo: 0,
            mid: Vec::new(),
            rows: Vec::new(),
        }
    }
}

/// The helper's next answer, and the window's width to the pace: `step`
/// wider (at most `widest`) when the answer was already there (the helper
/// was ahead: it takes more of the scan), `step` narrower when the first
/// thread had to wait.
pub(super) fn next_answer<J>(
    answers: &mpsc::Receiver<J>,
    window: &mut usize,
    step: usize,
    widest: usize,
) -> J {
    match answers.try_recv() {
        Ok(a) => {
            *window = (*window + step).min(widest);
            a
        }
        Err(_) => {
            *window = window.saturating_sub(step);
            answers.recv().expect("the helper thread answers every job")
        }
    }
}

/// Rare heaps from this one on are the helper's for split `j` (then
/// `m − r < known` for every heap of the block).
fn far_from(start: usize, count: usize, known: usize, j: usize) -> usize {
    (start + count).saturating_sub(j).saturating_sub(known)
}

/// The helper's marks (see the module law).
fn prepare<T: Nimber>(job: &mut Job<T>) {
    let size = job.size;
    let top = size - 1;
    job.rows.clear();
    job.rows.resize(job.count * size, 0);
    for (&j, &unequal) in job.split.iter().zip(&job.unequal) {
        let from = far_from(job.start, job.count, job.known, j);
        let lo = job.rare.partition_point(|&(r, _)| r < from);
        // The piece holding the values of rare heap r (the pieces go down
        // as r goes up).
        let mut k = 0;
        for &(r, x) in &job.rare[lo..] {
            // m − r for t = 0 is start − j − r; heaps with m ≤ r have no pair.
            let first = (r + j + 1).saturating_sub(job.start);
            if first >= job.count {
                continue;
            }
            while job.pieces[k].lo > job.start + first - j - r {
                k += 1;
            }
            // G(start + t − j − r) is far[base + t − sub].
            let piece = job.pieces[k];
            debug_assert!(
                job.start + job.count - 1 - j - r < piece.hi,
                "the window is in the piece"
            );
            let (base, sub) = (job.start + piece.at, j + r + piece.lo);
            // Under `!` the heap with m = 2r (t = 2r + j − start) is left out.
            let equal = if unequal {
                (2 * r + j).checked_sub(job.start).unwrap_or(job.count)
            } else {
                job.count
            };
            let mut mark = |ts: std::ops::Range<usize>| {
                for t in ts {
                    let v = job.far[base + t - sub].index();
                    job.rows[t * size + ((x ^ v) & top)] = 1;
                }
            };
            if equal < job.count {
                mark(first..equal.max(first));
                mark((equal + 1).max(first)..job.count);
            } else {
                mark(first..job.count);
            }
        }
        let w = job.window;
        if w == 0 {
            continue;
        }
        for t in 0..job.count {
            let m = job.start + t - j;
            let half = m / 2;
            // a = half − i pairs with m − a = m − half + i, i < w; under `!`
            // not i = 0 when m is even (the pair (m / 2, m / 2)).
            let skip = usize::from(unequal && m.is_multiple_of(2));
            let xs = &job.mid[half + 1 - w - job.mid_lo..=half - skip - job.mid_lo];
            let ys = &job.mid[m - half + skip - job.mid_lo..m - half + w - job.mid_lo];
            let row = &mut job.rows[t * size..(t + 1) * size];
            for (&x, &y) in xs.iter().rev().zip(ys) {
                row[(x ^ y).index() & top] = 1;
            }
        }
    }
}

/// [`Sparse::settle_block`] compiled for the machine's vector instructions.
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn settle_block<T: Nimber>(
    s: &mut Sparse,
    g: &mut Vec<T>,
    front: &mut Vec<T>,
    job: &mut Job<T>,
) -> Result<(), usize> {
    s.settle_block(g, front, job)
}

impl Sparse {
    /// Fills `job` for the block `start … start + count − 1` with the
    /// values below `g.len()` it needs (recycling its buffers).
    fn make_job<T: Nimber>(
        &self,
        g: &[T],
        job: &mut Job<T>,
        start: usize,
        count: usize,
        window: usize,
    ) {
        let known = g.len();
        let jmin = self.split.first().copied().unwrap_or(0);
        let jmax = self.split.last().copied().unwrap_or(0);
        job.start = start;
        job.count = count;
        job.known = known;
        job.epoch = self.epoch;
        job.size = self.hits.len();
        job.rare.clear();
        job.rare.extend_from_slice(&self.rare);
        job.split.clear();
        job.split.extend_from_slice(&self.split);
        job.unequal.clear();
        job.unequal.extend_from_slice(&self.unequal);
        // The far rare heap r (r ≥ far_from(…, jmax)) reads G(start − jmax −
        // r … start + count − 1 − jmin − r), below known: those windows,
        // merged into pieces when closer than GAP (r ascending, the
        // windows descending).
        job.far.clear();
        job.pieces.clear();
        let from = far_from(start, count, known, jmax);
        let first = self.rare.partition_point(|&(r, _)| r < from);
        let mut piece: Option<(usize, usize)> = None;
        for &(r, _) in &self.rare[first..] {
            let hi = (start + count - jmin).saturating_sub(r).min(known);
            let lo = (start - jmax).saturating_sub(r).min(hi);
            piece = match piece {
                Some((p_lo, p_hi)) if hi + GAP >= p_lo => Some((lo.min(p_lo), p_hi)),
                Some((p_lo, p_hi)) => {
                    job.add_piece(g, p_lo, p_hi);
                    Some((lo, hi))
                }
                None => Some((lo, hi)),
            };
        }
        if let Some((lo, hi)) = piece {
            job.add_piece(g, lo, hi);
        }
        // The window: m/2 − w < a ≤ m/2 and m − a ≤ m − m/2 + w − 1 < known
        // for every heap and split; a ≥ 1.
        let (m_lo, m_hi) = (start - jmax, start + count - 1 - jmin);
        let fits = known.saturating_sub(m_hi - m_hi / 2);
        let w = window.min(fits).min((m_lo / 2).saturating_sub(1));
        job.window = w;
        job.mid.clear();
        if w > 0 {
            job.mid_lo = m_lo / 2 + 1 - w;
            job.mid
                .extend_from_slice(&g[job.mid_lo..m_hi - m_hi / 2 + w]);
        }
    }

    /// Extends `g` to `until` values on two threads (see the module law);
    /// stops early with a value that does not fit `T`, as [`Sparse::run`].
    pub(super) fn run_two<T: Nimber>(
        &mut self,
        g: &mut Vec<T>,
        until: usize,
        front: &mut Vec<T>,
    ) -> Result<(), usize> {
        std::thread::scope(|scope| {
            let (to_helper, jobs) = mpsc::channel::<Job<T>>();
            let (to_main, answers) = mpsc::channel::<Job<T>>();
            scope.spawn(move || {
                for mut job in jobs {
                    prepare(&mut job);
                    if to_main.send(job).is_err() {
                        break;
                    }
                }
            });
            let mut window = self.window;
            let first = g.len();
            let mut job = Job::empty();
            self.make_job(g, &mut job, first, HEAPS.min(until - first), window);
            prepare(&mut job);
            let mut spares: Vec<Job<T>> = (0..AHEAD).map(|_| Job::empty()).collect();
            // The first heap of the next block not yet given to the helper,
            // and how many blocks it holds.
            let (mut next, mut queued) = (first + job.count, 0);
            loop {
                while queued < AHEAD && next < until {
                    let mut spare = spares.pop().unwrap_or_else(Job::empty);
                    let count = HEAPS.min(until - next);
                    self.make_job(g, &mut spare, next, count, window);
                    to_helper
                        .send(spare)
                        .expect("the helper thread runs while jobs are sent");
                    next += count;
                    queued += 1;
                }
                settle_block(self, g, front, &mut job)?;
                if queued == 0 {
                    return Ok(());
                }
                let answer = next_answer(&answers, &mut window, STEP, MAX_WINDOW);
                queued -= 1;
                self.window = window;
                spares.push(std::mem::replace(&mut job, answer));
            }
        })
    }

    /// Settles the heaps of `job`'s block (the helper's rows are used while
    /// the epoch is the job's).
    #[inline(always)]
    fn settle_block<T: Nimber>(
        &mut self,
        g: &mut Vec<T>,
        front: &mut Vec<T>,
        job: &mut Job<T>,
    ) -> Result<(), usize> {
        debug_assert_eq!(g.len(), job.start);
        for t in 0..job.count {
            if self.far > front.len() && g.len() > front.len() + 1 {
                let want = self.far.max(2 * front.len()).max(64).min(g.len() - 1);
                front.clear();
                front.extend(g[1..=want].iter().rev());
            }
            let v = if job.epoch == self.epoch {
                let row = &mut job.rows[t * job.size..(t + 1) * job.size];
                self.settle_row(g, front, row, job.start, job.count, job.known, job.window)
            } else {
                // New tables or rare heaps since the job: one thread's way.
                let stamp = self.next_stamp();
                let mut hits = std::mem::take(&mut self.hits);
                super::mark_one(self, g, &mut hits, stamp);
                self.hits = hits;
                self.settle(g, front, stamp, 0, None)
            };
            let x = T::fit(v).ok_or(v)?;
            g.push(x);
            self.record(g);
        }
        Ok(())
    }

    /// `G(n)` for `n = g.len()` from the helper's `row` (see the module law).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn settle_row<T: Nimber>(
        &mut self,
        g: &[T],
        front: &[T],
        row: &mut [u8],
        start: usize,
        count: usize,
        known: usize,
        window: usize,
    ) -> usize {
        let n = g.len();
        let top = row.len() - 1;
        for (&j, &unequal) in self.split.iter().zip(&self.unequal) {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            if m.is_multiple_of(2) && !unequal {
                row[0] = 1;
            }
            let from = far_from(start, count, known, j);
            let near = self.rare.partition_point(|&(r, _)| r < from.min(m));
            let (k, l) = super::equal_pair(&self.rare[..near], m, unequal);
            for &(r, x) in &self.rare[..k] {
                row[(x ^ g[m - r].index()) & top] = 1;
            }
            for &(r, x) in &self.rare[l..near] {
                row[(x ^ g[m - r].index()) & top] = 1;
            }
            // Under `!` the pair (m / 2, m / 2) is no move.
            let equal = if unequal && m.is_multiple_of(2) {
                m / 2
            } else {
                usize::MAX
            };
            for &(r, x) in self.rare.iter().rev() {
                if r < known {
                    break;
                }
                if r < m && r != equal {
                    row[(x ^ g[m - r].index()) & top] = 1;
                }
            }
        }
        for &j in &self.whole {
            if n == j {
                row[0] = 1;
            }
        }
        for &j in &self.take {
            if n > j {
                row[g[n - j].index() & top] = 1;
            }
        }
        let mut candidate = top + 1;
        self.missing.clear();
        for (v, (&h, &c)) in row.iter().zip(&self.common).enumerate() {
            if h == 0 {
                if c {
                    candidate = v;
                    break;
                }
                self.missing.push(v);
            }
        }
        self.hunt(g, front, candidate, window)
    }
}
