//! The coded kernel on two cores: while the first thread settles a block
//! of heaps in codes, a second thread marks, for the next blocks, the
//! options that follow from codes already known.
//!
//! Law: the values are those of one thread (the coded kernel's mex). The
//! helper is given a block `s … s + c − 1` and `known` (every code below
//! `known` is settled, `known ≤ s`), with `near = s + c − known`. For each
//! split `m = n − j` of each heap `n` of the block it sets, in a bit set of
//! the 256 codes a heap, the codes `x(r) ⊕ x(m − r)` of the rare heaps `r ≥
//! near − j` (the *far* rare pairs: every `m − r < known`), which are codes
//! of common values ([`super`]'s law: `m − r > L` is a common heap); and in
//! a second bit set the codes `x(a) ⊕ x(m − a)` of the middle pairs
//! `m/2 − w < a ≤ m/2` (the *window*: `a > L`, so both heaps are common and
//! the code is a rare value's; every `m − a < known`). Every mark is an
//! option. The first thread starts from the helper's sets
//! ([`super::Sparse::settle_coded`]): it marks the rare pairs `r < near −
//! j` and the one-heap moves, takes the candidate, looks for the rare
//! codes below it not in the helper's second set, and its scan leaves the
//! window out. So the marks cover every common option of the coded kernel
//! and every pair outside the window is scanned: the same mex. The rare
//! heaps and the coding are the same for every job of a call: a new rare
//! heap or a new mask stops the kernel ([`super::Stop`]) and the jobs
//! still queued are dropped with the call.
//!
//! Speed: on Officers the far rare pairs are about 1,500 of the 1,584 rare
//! heaps a heap (marked as in the one-thread kernel, sixteen heaps a pass
//! with AVX-512, eight with AVX2); the window's width follows the two threads'
//! pace (it grows while the first thread waits for nothing and shrinks
//! when it waits), so the helper also takes part of the scan. The codes
//! the helper reads are copied into its job (two windows of the sequence,
//! about `L + 2w` bytes), so nothing is shared between threads while the
//! first one writes; the sequence stays one byte a value.

use super::{BATCH, BLOCK, CodeSpace, Given, Kernel, Marks, Stop, WIDE, WORDS, Work};
use super::{dispatched, dispatched_avx2, mark, mark_eight, plain_lanes};
use crate::games::octal::nimber::Coded;
use crate::games::octal::sparse::Sparse;
use std::sync::{Arc, mpsc};

/// Heaps a block.
pub(super) const HEAPS: usize = 256;

/// Blocks the helper may be ahead of the first thread.
const AHEAD: usize = 2;

/// The widest window (middle pairs a split) the helper scans.
const MAX_WINDOW: usize = 4096;

/// The window's step when the pace changes.
const STEP: usize = 32;

/// The window the first blocks start with.
pub(super) const FIRST_WINDOW: usize = 256;

/// What every job of one call shares: the rare heaps and the splits.
struct Shared {
    /// The last rare heap `L`.
    last: usize,
    /// The rare heaps `r ≥ 1` ascending, `L − r`, and their codes.
    rare: Vec<usize>,
    at: Vec<u32>,
    codes: Vec<u8>,
    /// The splits `j` and whether each carries `!`.
    split: Vec<usize>,
    unequal: Vec<bool>,
}

/// One block's work for the helper, and its answer (`marks`, `reached`).
pub(super) struct Job {
    shared: Arc<Shared>,
    /// First heap of the block.
    start: usize,
    /// Heaps in the block.
    count: usize,
    /// Rare pairs with `r ≥ near − j` are the helper's.
    near: usize,
    /// Middle pairs a split the helper scans.
    window: usize,
    /// The codes `far_lo … known − 1`.
    far_lo: usize,
    far: Vec<u8>,
    /// The codes from `mid_lo` on (the window's).
    mid_lo: usize,
    mid: Vec<u8>,
    /// A heap of the block: the common codes its far rare pairs reach.
    marks: Vec<[u32; WORDS]>,
    /// A heap of the block: the rare codes its window reaches.
    reached: Vec<[u32; WORDS]>,
}

impl Job {
    fn empty(shared: &Arc<Shared>) -> Job {
        Job {
            shared: Arc::clone(shared),
            start: 0,
            count: 0,
            near: 0,
            window: 0,
            far_lo: 0,
            far: Vec::new(),
            mid_lo: 0,
            mid: Vec::new(),
            marks: Vec::new(),
            reached: Vec::new(),
        }
    }

    /// Fills the job for the block `start … start + count − 1` from the
    /// codes `g` (all known so far), recycling its buffers.
    fn make(&mut self, g: &[u8], start: usize, count: usize, window: usize) {
        let sh = &*self.shared;
        let known = g.len();
        let jmin = sh.split.first().copied().unwrap_or(0);
        let jmax = sh.split.last().copied().unwrap_or(0);
        self.start = start;
        self.count = count;
        self.near = start + count - known;
        // Far pairs read x(start − jmax − L … known − 1).
        self.far_lo = (start - jmax).saturating_sub(sh.last).min(known);
        self.far.clear();
        self.far.extend_from_slice(&g[self.far_lo..known]);
        // The window: a ≥ m/2 − 1 − w + 1 > L and m − a ≤ ⌈m/2⌉ + w < known
        // for every heap and split.
        let (m_lo, m_hi) = (start - jmax, start + count - 1 - jmin);
        let w = window
            .min(known.saturating_sub(m_hi - m_hi / 2 + 1))
            .min((m_lo / 2).saturating_sub(sh.last + 1));
        self.window = w;
        self.mid.clear();
        if w > 0 {
            self.mid_lo = m_lo / 2 - w;
            self.mid
                .extend_from_slice(&g[self.mid_lo..m_hi - m_hi / 2 + w + 1]);
        }
    }

    /// The helper's sets on the version `kernel` (see the module law).
    fn prepare_on(&mut self, kernel: Kernel) {
        // A kernel version returns no stop here.
        let _ = match kernel {
            Kernel::Dispatched => dispatched(Work::Prepare(self)),
            Kernel::Avx2 => dispatched_avx2(Work::Prepare(self)),
            Kernel::Baseline => {
                self.prepare::<BATCH>(mark_eight);
                Ok(())
            }
        };
    }

    /// The helper's sets, the far rare pairs of `B` heaps a pass with
    /// `marks` (a kernel version's [`super::mark_batch`] step).
    #[inline(always)]
    pub(super) fn prepare<const B: usize>(
        &mut self,
        marks: impl Fn(&mut Marks, &[u8], &[u32], &[u8]),
    ) {
        let sh = &*self.shared;
        self.marks.clear();
        self.marks.resize(self.count, [0; WORDS]);
        self.reached.clear();
        self.reached.resize(self.count, [0; WORDS]);
        let full = self.count / B * B;
        for (&j, &unequal) in sh.split.iter().zip(&sh.unequal) {
            let lo = sh
                .rare
                .partition_point(|&r| r < self.near.saturating_sub(j));
            let (rare, at, codes) = (&sh.rare[lo..], &sh.at[lo..], &sh.codes[lo..]);
            if !rare.is_empty() {
                for t0 in (0..full).step_by(B) {
                    // x(m − r + t) = w[L − r + t], m = start + t0 − j.
                    let m = self.start + t0 - j;
                    let w = &self.far[m - sh.last - self.far_lo..];
                    let mut acc = [[0u32; WIDE]; WORDS];
                    marks(&mut acc, w, at, codes);
                    for (t, heap) in self.marks[t0..t0 + B].iter_mut().enumerate() {
                        for (k, word) in heap.iter_mut().enumerate() {
                            *word |= acc[k][t];
                        }
                    }
                }
                for t in full..self.count {
                    let m = self.start + t - j;
                    for (&r, &x) in rare.iter().zip(codes) {
                        mark(&mut self.marks[t], x ^ self.far[m - r - self.far_lo]);
                    }
                }
            }
            let w = self.window;
            if w == 0 {
                continue;
            }
            // A byte a code (independent stores), then packed into bits.
            let mut seen = [0u8; 256];
            for (t, reached) in self.reached.iter_mut().enumerate() {
                let m = self.start + t - j;
                // a = half − i pairs with m − a = m − half + i, i < w.
                let half = m / 2 - usize::from(unequal && m.is_multiple_of(2));
                let xs = &self.mid[half + 1 - w - self.mid_lo..=half - self.mid_lo];
                let ys = &self.mid[m - half - self.mid_lo..m - half + w - self.mid_lo];
                seen.fill(0);
                for (&x, &y) in xs.iter().rev().zip(ys) {
                    seen[usize::from(x ^ y)] = 1;
                }
                for (word, bytes) in reached.iter_mut().zip(seen.chunks_exact(32)) {
                    *word |= bytes
                        .iter()
                        .enumerate()
                        .fold(0u32, |a, (i, &b)| a | (u32::from(b) << i));
                }
            }
        }
    }
}

impl Sparse {
    /// Extends the codes `c` to `until` on two threads (see the module
    /// law) on the version `kernel`; stops as [`Sparse::run_coded`].
    pub(super) fn run_two_coded(
        &mut self,
        cs: &mut CodeSpace,
        c: &mut Coded,
        until: usize,
        kernel: Kernel,
    ) -> Result<(), Stop> {
        if c.len() < self.coded_from() || self.remask {
            return Err(Stop::Unpack);
        }
        let shared = Arc::new(Shared {
            last: cs.last,
            rare: cs.rare.iter().map(|&(r, _)| r).collect(),
            at: cs.at.clone(),
            codes: cs.codes.clone(),
            split: self.split.clone(),
            unequal: self.unequal.clone(),
        });
        std::thread::scope(|scope| {
            let (to_helper, jobs) = mpsc::channel::<Job>();
            let (to_main, answers) = mpsc::channel::<Job>();
            scope.spawn(move || {
                for mut job in jobs {
                    job.prepare_on(kernel);
                    if to_main.send(job).is_err() {
                        break;
                    }
                }
            });
            let mut window = cs.window;
            let first = c.len();
            let mut job = Job::empty(&shared);
            job.make(c.codes(), first, HEAPS.min(until - first), window);
            job.prepare_on(kernel);
            let mut spares: Vec<Job> = (0..AHEAD).map(|_| Job::empty(&shared)).collect();
            // The first heap of the next block not yet given to the helper,
            // and how many blocks it holds.
            let (mut next, mut queued) = (first + job.count, 0);
            loop {
                while queued < AHEAD && next < until {
                    let mut spare = spares.pop().unwrap_or_else(|| Job::empty(&shared));
                    let count = HEAPS.min(until - next);
                    spare.make(c.codes(), next, count, window);
                    to_helper
                        .send(spare)
                        .expect("the helper thread runs while jobs are sent");
                    next += count;
                    queued += 1;
                }
                match kernel {
                    Kernel::Dispatched => dispatched(Work::Block(self, cs, c, &job))?,
                    Kernel::Avx2 => dispatched_avx2(Work::Block(self, cs, c, &job))?,
                    Kernel::Baseline => self.settle_coded_block::<BATCH, _, _>(
                        cs,
                        c,
                        &job,
                        plain_lanes,
                        mark_eight,
                    )?,
                }
                if queued == 0 {
                    return Ok(());
                }
                let answer =
                    super::super::two_cores::next_answer(&answers, &mut window, STEP, MAX_WINDOW);
                queued -= 1;
                cs.window = window;
                spares.push(std::mem::replace(&mut job, answer));
            }
        })
    }

    /// Settles the heaps of `job`'s block from the helper's sets, pushing
    /// their codes; stops as [`Sparse::run_coded`] (the rest of the block
    /// is left). The rare pairs between the first thread's few and the
    /// helper's (`B − j ≤ r < near − j`) are marked `B` heaps a pass with
    /// `marks`, as the one-thread kernel's batches.
    #[inline(always)]
    pub(super) fn settle_coded_block<const B: usize, L, M>(
        &mut self,
        cs: &mut CodeSpace,
        c: &mut Coded,
        job: &Job,
        lanes: L,
        marks: M,
    ) -> Result<(), Stop>
    where
        L: Fn(&[u8; BLOCK], &[u8; 32]) -> u64 + Copy,
        M: Fn(&mut Marks, &[u8], &[u32], &[u8]) + Copy,
    {
        debug_assert_eq!(c.len(), job.start);
        let mut t = 0;
        while t < job.count {
            let batch = self.batched && t + B <= job.count;
            let mut acc = [[0u32; WIDE]; WORDS];
            if batch {
                let (g, n) = (c.codes(), c.len());
                for &j in &self.split {
                    let m = n - j;
                    let lo = cs.rare.partition_point(|&(r, _)| r < B.saturating_sub(j));
                    let hi = cs
                        .rare
                        .partition_point(|&(r, _)| r < job.near.saturating_sub(j));
                    if lo < hi {
                        // G(m − r + u) = w[last − r + u], u < B.
                        let w = &g[m - cs.last..n];
                        marks(&mut acc, w, &cs.at[lo..hi], &cs.codes[lo..hi]);
                    }
                }
            }
            // Heap u's words.
            let lanes_of: [[u32; WORDS]; WIDE] =
                std::array::from_fn(|u| std::array::from_fn(|k| acc[k][u]));
            for lane in lanes_of.iter().take(if batch { B } else { 1 }) {
                let n = c.len();
                cs.grow_front(c.codes());
                let given = Given {
                    marks: std::array::from_fn(|k| job.marks[t][k] | lane[k]),
                    near: if batch { B } else { job.near },
                    reached: job.reached[t],
                    skip: job.window,
                };
                let v = self.settle_coded(cs, c.codes(), &given, lanes);
                if v < 512 {
                    self.helped += 1;
                }
                self.push_coded(cs, c, n, v)?;
                t += 1;
            }
        }
        Ok(())
    }
}
