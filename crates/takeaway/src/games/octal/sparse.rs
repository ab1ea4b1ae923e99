//! Grundy values of an octal game by the sparse-space method (Gangolli and
//! Plambeck, 1989; Flammenkamp's tables of octal games): the values split
//! into a *rare* class, a linear subspace `R = { v : parity(v & mask) = 0 }`
//! of the values seen as bit vectors, and the *common* class `C`, its
//! complement. Then `C ⊕ C ⊆ R`, `R ⊕ R ⊆ R` and `R ⊕ C ⊆ C`: a common
//! value is reached by a split move only from a pair with one rare heap.
//!
//! Law: for a heap `n`, mark every value reached by a move that leaves no
//! heap or one heap, and every `G(r) ⊕ G(m − r)` for rare heaps `r` (those
//! with `G(r) ∈ R`, a short list when the game has a sparse space) and every
//! split `m = n − j` — this marks *every* reachable common value. So `c`,
//! the least common value not marked, is not an option, and `G(n) ≤ c`.
//! `G(n) = c` unless a rare value below `c` is not an option either; the
//! pairs `(a, m − a)` are scanned until every rare value below `c` is found
//! (usually after a few hundred pairs) or all pairs are seen (then `G(n)` is
//! the least value not found). The result is `mex` of all options whatever
//! the mask: the mask (chosen from the values' frequencies so that few heaps
//! are rare) decides only the speed. Checked against [`super::naive::grundy`].
//!
//! The `!` constraint (CGSuite's take-and-break notation: the two heaps a
//! split leaves differ; Grundy's game `4!.0`) removes only the pair
//! `(m / 2, m / 2)` of an even `m`, whose value `G ⊕ G = 0` is rare (`0` is
//! in every `R`): the classes are about values, not about which pairs
//! exist, so every common option is still marked by the rare pairs. Under
//! `!` that pair is left out of the mark of `0` for even `m`, of the rare
//! pairs (when `m / 2` is rare) and of the middle scan, and such codes are
//! not marked in batches; octal codes run the same loops as before (the
//! equal pair is cut off per split and heap, outside the loops over pairs).
//! Checked against the definition ([`super::take_break::definition`]).
//!
//! Speed (the same pairs, less work a pair): when every split removes at
//! least one token, the rare pairs of eight heaps `n … n + 7` are marked
//! in one pass over the rare heaps before `G(n)` is known (the reads
//! `G(m + t − r)` share a cache line); the few pairs that need values from
//! `n` on (a rare heap below `8 − j`, or a rare heap from `n` on) and the
//! moves that leave one heap are marked just before each value is settled.
//! The marks are one byte a value and heap (`hits[v][t]`, a stamp that
//! changes each batch, so no table is cleared). The scan takes blocks of 64
//! pairs from the low end (`G(a)` from a reversed copy of the first values,
//! so that `G(a)` and `G(m − a)` run the same way) and from the middle
//! (`a` from `m / 2` down) in turn: the values found last at the ends are
//! mostly 0 and 1, which the middle, where `G(a)` and `G(m − a)` are alike,
//! gives early (about 28 % fewer pairs on Officers). A block is one vector
//! XOR; while many rare values are missing, a table look-up a pair tells
//! whether the block found one; once at most eight are missing, the block
//! is compared with each of them (vector compares, no look-up). The kernel
//! is compiled twice, for plain x86-64 and for AVX2, and the processor's
//! own is chosen at run time ([`multiversion`]; with AVX2 a compare takes
//! 32 pair values at a time).
//!
//! One byte a value past 255 ([`Sparse::run_coded`], module `coded`, on
//! one thread or two): once
//! every heap of a split is past twice the last rare heap and the values
//! are below 512, the values are kept as their codes ([`Coding`]: the
//! mask's lowest bit taken out, a linear map), with the rare heaps listed;
//! a code and the class of its heap give the value back. The kernel then
//! marks and scans codes: a rare pair's option is a common value's code, a
//! pair of two common heaps a rare value's code, and the pairs whose small
//! heap is rare are left out of the scan.
//!
//! Two cores ([`Sparse::set_threads`]): a second thread marks the options
//! of the next block of heaps that follow from values already known (the
//! rare pairs with a far rare heap and a window of middle pairs) while the
//! first settles the current block; the first marks the rest and scans
//! the pairs outside the window, so every value is the same mex.

use super::code::OctalCode;
#[cfg(doc)]
use super::nimber::Coding;
use super::nimber::{Buffers, Nimber};

mod coded;
mod two_cores;

pub use coded::Stop;

/// Frequencies are re-read and the mask re-chosen at powers of two up to
/// this many bits of value (the Walsh–Hadamard transform costs `bits · 2^bits`).
const MAX_MASK_BITS: u32 = 20;

/// Pairs `(a, m − a)` the scan looks at between two checks.
const BLOCK: usize = 64;

/// Pairs under one flag within a block (a run with a missing value is
/// looked at again).
const SUB: usize = 16;

/// Heaps marked in one pass over the rare heaps.
const BATCH: usize = 8;

/// Once at most this many rare values are missing, the scan compares each
/// block with them (vector compares) instead of a look-up a pair.
const FEW: usize = 8;

/// The state of the sparse-space method between heaps: the move lists of
/// the code, the rare heaps, the frequencies and scratch tables.
#[derive(Debug, Clone)]
pub struct Sparse {
    /// `j ≥ 1` that remove `j` leaving no heap (the heap of exactly `j`).
    whole: Vec<usize>,
    /// `j ≥ 1` that remove `j` leaving one heap.
    take: Vec<usize>,
    /// `j ≥ 0` that remove `j` leaving two heaps.
    split: Vec<usize>,
    /// `unequal[i]`: the split `split[i]` carries `!` (the two heaps left
    /// differ: the pair `(m / 2, m / 2)` is not a move).
    unequal: Vec<bool>,
    /// Every split removes at least one token and none carries `!`: heaps
    /// are marked in batches.
    batched: bool,
    /// From this heap on heaps are marked in batches.
    paired_from: usize,
    /// The rare class is `{ v : parity(v & mask) = 0 }`.
    mask: usize,
    /// Rare heaps `r ≥ 1`, ascending, with their values.
    rare: Vec<(usize, usize)>,
    /// How often each value occurs among heaps `1..n`.
    freq: Vec<u64>,
    /// Every value so far is below `1 << bits`.
    bits: u32,
    /// `hits[v][t] == stamp`: value `v` is a marked option of heap `n + t`
    /// (`n` the batch's first heap).
    hits: Vec<[u8; BATCH]>,
    stamp: u8,
    /// `need[v] == 1`: the scan still looks for the rare value `v`.
    need: Vec<u8>,
    /// Changes whenever the tables or the rare heaps are rebuilt (marks
    /// made before are void).
    epoch: u64,
    /// `common[v]`: `v` is in the common class.
    common: Vec<bool>,
    /// Rare values below the candidate not marked by the rare pairs.
    missing: Vec<usize>,
    /// `G(1) … G(L)` reversed, in the width of the values.
    fronts: Buffers,
    /// The largest `a` a scan ended at beyond the reversed copy (the copy
    /// grows to cover it; not set by a scan through every pair).
    far: usize,
    /// Pairs `(a, m − a)` scanned so far (the work beyond the rare heaps).
    pub scanned: u64,
    /// Threads the run may use (two: a helper marks the next block).
    threads: usize,
    /// Middle pairs a split the helper marks (follows the threads' pace).
    window: usize,
    /// The largest number of tokens a move takes.
    max_take: usize,
    /// The coded kernel stopped for a new mask: [`Sparse::remask`] chooses it.
    remask: bool,
    /// The coded kernel's tables (kept between calls).
    code_space: Option<Box<coded::CodeSpace>>,
    /// Heaps the coded kernel settled from a helper thread's marks.
    helped: usize,
}

fn parity(v: usize) -> bool {
    v.count_ones() & 1 == 1
}

/// `(k, l)` such that `rare[k..l]` is the heap `m / 2` when the pair
/// `(m / 2, m / 2)` is not a move (a split with `!`, `m` even) and that
/// heap is rare; else `k = l = rare.len()`. The rare pairs of `m` are then
/// those of `rare[..k]` and `rare[l..]` (`rare` holds the heaps below `m`):
/// two slices, so the loops over them carry no test a pair.
#[inline(always)]
pub(super) fn equal_pair(rare: &[(usize, usize)], m: usize, unequal: bool) -> (usize, usize) {
    if unequal && m.is_multiple_of(2) {
        let k = rare.partition_point(|&(r, _)| r < m / 2);
        if rare.get(k).is_some_and(|&(r, _)| r == m / 2) {
            return (k, k + 1);
        }
    }
    (rare.len(), rare.len())
}

/// Marks in table 0 with `stamp` the options of heap `n = g.len()` that
/// leave two heaps one of them rare (under `!` not `(m / 2, m / 2)`).
#[inline(always)]
fn mark_one<T: Nimber>(s: &Sparse, g: &[T], hits: &mut [[u8; BATCH]], stamp: u8) {
    let n = g.len();
    let top = hits.len() - 1;
    let hits = &mut hits[..=top];
    for (&j, &unequal) in s.split.iter().zip(&s.unequal) {
        if n < j + 2 {
            continue;
        }
        let m = n - j;
        if m.is_multiple_of(2) && !unequal {
            hits[0][0] = stamp;
        }
        let h = &g[..m];
        let below = s.rare.partition_point(|&(r, _)| r < m);
        let (k, l) = equal_pair(&s.rare[..below], m, unequal);
        for &(r, x) in &s.rare[..k] {
            hits[(x ^ h[m - r].index()) & top][0] = stamp;
        }
        for &(r, x) in &s.rare[l..below] {
            hits[(x ^ h[m - r].index()) & top][0] = stamp;
        }
    }
}

/// The marks of the `K` heaps `n + t` (`n = g.len()`, `t < K`) in one
/// pass over the rare heaps, before `G(n)` is known: the pairs
/// `(r, m + t − r)` (`m = n − j`) with `K − j ≤ r < n`, whose values are
/// known; the others (small `r`, and rare heaps from `n` on) are marked by
/// [`Sparse::settle`].
#[inline(always)]
fn mark_batch<T: Nimber, const K: usize>(s: &Sparse, g: &[T], hits: &mut [[u8; K]], stamp: u8) {
    let n = g.len();
    let top = hits.len() - 1;
    let hits = &mut hits[..=top];
    debug_assert!(!s.unequal.contains(&true), "codes with `!` are not batched");
    for &j in &s.split {
        let m = n - j;
        for (t, h0) in hits[0].iter_mut().enumerate() {
            if (m + t).is_multiple_of(2) {
                *h0 = stamp;
            }
        }
        let h = &g[..n];
        let lo = s.rare.partition_point(|&(r, _)| r < K.saturating_sub(j));
        let below = s.rare.partition_point(|&(r, _)| r < m);
        let top_t = T::fit(top).expect("the table's size fits the values' width");
        for &(r, x) in &s.rare[lo..below] {
            // G(m + t − r) for t < K: neighbours, one cache line.
            let w: &[T; K] = h[m - r..m - r + K].try_into().expect("K values");
            let x = T::fit(x & top).expect("a value below the table's size");
            let z: [T; K] = std::array::from_fn(|t| (w[t] ^ x) & top_t);
            for (t, &z) in z.iter().enumerate() {
                hits[z.index() & top][t] = stamp;
            }
        }
        // Rare heaps m ≤ r < n pair with the heaps n + t, t > r − m.
        for &(r, x) in &s.rare[below..] {
            if r >= n {
                break;
            }
            for t in r - m + 1..K {
                hits[(x ^ h[m + t - r].index()) & top][t] = stamp;
            }
        }
    }
}

/// Whether some of `few` occurs in `z`: for each of `few` in turn, the
/// whole block compared with it and the masks ORed (an OR-reduction the
/// compiler vectorises as a broadcast and block-wide compares in every
/// build; a fixed-length `few` unrolled into lanes across the missing
/// values instead, at half the kernel's speed when the library was one
/// codegen unit). A plain loop that stops at the first value found:
/// written with `Iterator::any`, the compiler kept `any` a call of its
/// own, compiled without AVX2 inside the AVX2 kernel (7.8 % of Officers'
/// time in `perf`, in the slower code); comparing every value without
/// stopping was slower (measured on the coded kernel).
#[inline(always)]
fn block_any<T: Nimber>(z: &[T; BLOCK], few: &[T]) -> bool {
    for &f in few {
        if block_has(z, f) {
            return true;
        }
    }
    false
}

/// Whether `f` occurs in `z` (the block compared with `f`, the masks ORed;
/// `<[u8]>::contains` would call `memchr`, 12–16 % of the kernel's time).
#[inline(always)]
fn block_has<T: Nimber>(z: &[T; BLOCK], f: T) -> bool {
    z.iter().fold(T::default(), |a, &v| a | v.eq_mask(f)) != T::default()
}

/// The scan's state: the rare values below the candidate not found yet.
struct Hunt<'a, T> {
    /// `need[v] == 1`: `v` is still missing.
    need: &'a mut [u8],
    /// In compare mode, the missing values (the first `remaining`).
    few: [T; FEW],
    /// How many are missing.
    remaining: usize,
    /// At most [`FEW`] were missing at the start of a block: `few` holds them.
    compare: bool,
}

impl<T: Nimber> Hunt<'_, T> {
    /// Takes the values `z` of a block of pairs off the missing ones
    /// (`missing`: the values missing before the scan); true once none is.
    #[inline(always)]
    fn block(&mut self, z: &[T; BLOCK], missing: &[usize]) -> bool {
        let top = self.need.len() - 1;
        if self.remaining <= FEW {
            if !self.compare {
                self.compare = true;
                let mut k = 0;
                for &v in missing {
                    if self.need[v] != 0 {
                        self.few[k] = T::fit(v).expect("a value below 1 << bits");
                        k += 1;
                    }
                }
            }
            if block_any(z, &self.few[..self.remaining]) {
                let mut kept = 0;
                for k in 0..self.remaining {
                    let f = self.few[k];
                    if block_has(z, f) {
                        self.need[f.index()] = 0;
                    } else {
                        self.few[kept] = f;
                        kept += 1;
                    }
                }
                self.remaining = kept;
            }
            return self.remaining == 0;
        }
        // One flag a run of SUB pairs; only a run with a missing value is
        // looked at again (clearing what it found).
        let mut found = [0u8; BLOCK / SUB];
        for (f, zs) in found.iter_mut().zip(z.chunks_exact(SUB)) {
            for &v in zs {
                *f |= self.need[v.index() & top];
            }
        }
        if found.iter().any(|&f| f != 0) {
            for (&f, zs) in found.iter().zip(z.chunks_exact(SUB)) {
                if f != 0 {
                    for &v in zs {
                        let s = &mut self.need[v.index() & top];
                        self.remaining -= usize::from(*s);
                        *s = 0;
                    }
                }
            }
        }
        self.remaining == 0
    }

    /// Takes the value `v` of one pair off the missing ones; true once none is.
    #[inline(always)]
    fn pair(&mut self, v: T) -> bool {
        let top = self.need.len() - 1;
        let s = &mut self.need[v.index() & top];
        if *s != 0 {
            *s = 0;
            if self.compare {
                let k = self.few[..self.remaining]
                    .iter()
                    .position(|&f| f == v)
                    .expect("a missing value is in the compare list");
                self.few[k] = self.few[self.remaining - 1];
            }
            self.remaining -= 1;
        }
        self.remaining == 0
    }
}

/// [`Sparse::run_with`] compiled for the machine's vector instructions
/// (AVX2 when the processor has it, chosen at run time).
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn kernel<T: Nimber>(
    s: &mut Sparse,
    g: &mut Vec<T>,
    until: usize,
    front: &mut Vec<T>,
) -> Result<(), usize> {
    s.run_with(g, until, front)
}

impl Sparse {
    /// The state for `code` before any heap is computed: an octal code, or
    /// a take-and-break code whose moves leave at most two heaps (digits
    /// below 8, perhaps with `!`).
    ///
    /// ```
    /// use takeaway::games::octal::{code::OctalCode, sparse::Sparse};
    /// let s = Sparse::new(&OctalCode::parse("0.167").unwrap());
    /// assert_eq!(s.rare_heaps(), 0);
    /// ```
    pub fn new(code: &OctalCode) -> Self {
        let k = code.max_take();
        let whole: Vec<usize> = (1..=k).filter(|&j| code.allows(j, 0)).collect();
        let take: Vec<usize> = (1..=k).filter(|&j| code.allows(j, 1)).collect();
        let split: Vec<usize> = (0..=k).filter(|&j| code.allows(j, 2)).collect();
        let unequal: Vec<bool> = split.iter().map(|&j| code.unequal(j)).collect();
        let batched = matches!(split.first(), Some(&j) if j >= 1) && !unequal.contains(&true);
        let mut s = Sparse {
            whole,
            take,
            split,
            unequal,
            batched,
            paired_from: (k + 2).max(4 * BATCH),
            mask: 1,
            rare: Vec::new(),
            freq: vec![0; 2],
            bits: 1,
            hits: Vec::new(),
            stamp: 0,
            need: Vec::new(),
            epoch: 0,
            common: Vec::new(),
            missing: Vec::new(),
            fronts: Buffers::default(),
            far: 0,
            scanned: 0,
            threads: 1,
            window: two_cores::FIRST_WINDOW,
            max_take: k,
            remask: false,
            code_space: None,
            helped: 0,
        };
        s.size_bitsets();
        s
    }

    /// Lets the run use up to `threads` threads (the default is one). With
    /// two or more, from heap 65,536 on a second thread marks the options
    /// of the next block of heaps that are known already (the far rare
    /// pairs and a window of middle pairs; in codes for the coded kernel,
    /// [`Sparse::run_coded`], from its first heap); the values are the same.
    ///
    /// ```
    /// use takeaway::games::octal::{code::OctalCode, naive, sparse::Sparse};
    /// let code = OctalCode::parse("0.6").unwrap();
    /// let (mut one, mut two) = (Sparse::new(&code), Sparse::new(&code));
    /// two.set_threads(2);
    /// let (mut a, mut b) = (vec![0u16], vec![0u16]);
    /// for until in [65_536, 70_000] {
    ///     one.run(&mut a, until).unwrap();
    ///     two.run(&mut b, until).unwrap(); // two threads from 65,536 on
    /// }
    /// assert_eq!(a, b);
    /// let first: Vec<u16> = naive::grundy(&code, 300).iter().map(|&v| v as u16).collect();
    /// assert_eq!(a[..300], first[..]);
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// How many heaps are rare now (the work per heap is about this many
    /// pairs per split move).
    pub fn rare_heaps(&self) -> usize {
        self.rare.len()
    }

    /// The current mask: rare values are those `v` with an even number of
    /// ones in `v & mask`.
    pub fn mask(&self) -> usize {
        self.mask
    }

    fn size_bitsets(&mut self) {
        let size = 1usize << self.bits;
        self.hits = vec![[0; BATCH]; size];
        self.need = vec![0; size];
        self.stamp = 0;
        self.epoch += 1;
        self.common = (0..size).map(|v| parity(v & self.mask)).collect();
    }

    fn next_stamp(&mut self) -> u8 {
        if self.stamp == u8::MAX {
            self.hits.fill([0; BATCH]);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// `G(n)` for `n = g.len()` once its rare pairs are marked in table `t`
    /// with `stamp` (by [`mark_one`], `start = None`, or by [`mark_batch`]
    /// from heap `start`).
    #[inline(always)]
    fn settle<T: Nimber>(
        &mut self,
        g: &[T],
        front: &[T],
        stamp: u8,
        t: usize,
        start: Option<usize>,
    ) -> usize {
        let n = g.len();
        let top = self.hits.len() - 1;
        let hits = &mut self.hits[..=top];
        if let Some(start) = start {
            // The pairs mark_batch left: small rare heaps, and rare heaps from
            // the batch's first heap on.
            for &j in &self.split {
                let m = n - j;
                let small = BATCH.saturating_sub(j).min(m);
                for &(r, x) in &self.rare {
                    if r >= small {
                        break;
                    }
                    hits[(x ^ g[m - r].index()) & top][t] = stamp;
                }
                for &(r, x) in self.rare.iter().rev() {
                    if r < start {
                        break;
                    }
                    if r < m {
                        hits[(x ^ g[m - r].index()) & top][t] = stamp;
                    }
                }
            }
        }
        for &j in &self.whole {
            if n == j {
                hits[0][t] = stamp;
            }
        }
        for &j in &self.take {
            if n > j {
                hits[g[n - j].index() & top][t] = stamp;
            }
        }
        // The least common value not hit (or 1 << bits: nothing reaches it),
        // and the rare values below it not hit yet.
        let mut candidate = top + 1;
        self.missing.clear();
        for (v, (h, &c)) in hits.iter().zip(&self.common).enumerate() {
            if h[t] != stamp {
                if c {
                    candidate = v;
                    break;
                }
                self.missing.push(v);
            }
        }
        if self.missing.is_empty() {
            return candidate;
        }
        let need = &mut self.need[..=top];
        for &v in &self.missing {
            need[v] = 1;
        }
        let mut hunt = Hunt {
            need,
            few: [T::default(); FEW],
            remaining: self.missing.len(),
            compare: false,
        };
        let missing = &self.missing;
        let len = front.len();
        let mut found_all = false;
        // A scan that ends without finding every missing value went through
        // all the pairs (a new rare heap): it does not grow the reversed
        // copy, which follows the scans that stop early.
        let far = self.far;
        'splits: for (&j, &unequal) in self.split.iter().zip(&self.unequal) {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            // The middle pair, (m / 2, m / 2) unless `!` leaves it out.
            let half = m / 2 - usize::from(unequal && m.is_multiple_of(2));
            // Pairs (a, m − a) with a < lo or a > hi are scanned: a block
            // from the low end (G(a) from the reversed copy) and one from the
            // middle (a from hi down, G(a) read downwards) in turn.
            let (mut lo, mut hi) = (1, half);
            loop {
                let mut moved = false;
                if lo + BLOCK - 1 <= hi.min(len) {
                    let xs: &[T; BLOCK] = front[len + 1 - lo - BLOCK..=len - lo]
                        .try_into()
                        .expect("a block");
                    let ys: &[T; BLOCK] =
                        g[m + 1 - lo - BLOCK..=m - lo].try_into().expect("a block");
                    let z: [T; BLOCK] = std::array::from_fn(|i| xs[i] ^ ys[i]);
                    lo += BLOCK;
                    self.scanned += BLOCK as u64;
                    if hunt.block(&z, missing) {
                        found_all = true;
                        break 'splits;
                    }
                    moved = true;
                } else if lo + BLOCK - 1 <= hi {
                    // The reversed copy ends here: it grows before the next heap.
                    self.far = self.far.max(lo + BLOCK - 1);
                }
                if hi >= lo + BLOCK - 1 {
                    let xs: &[T; BLOCK] = g[hi + 1 - BLOCK..=hi].try_into().expect("a block");
                    let ys: &[T; BLOCK] = g[m - hi..m - hi + BLOCK].try_into().expect("a block");
                    let z: [T; BLOCK] = std::array::from_fn(|i| xs[BLOCK - 1 - i] ^ ys[i]);
                    hi -= BLOCK;
                    self.scanned += BLOCK as u64;
                    if hunt.block(&z, missing) {
                        found_all = true;
                        break 'splits;
                    }
                    moved = true;
                }
                if !moved {
                    break;
                }
            }
            // The rest one pair at a time.
            for a in lo..=hi {
                self.scanned += 1;
                if hunt.pair(g[a] ^ g[m - a]) {
                    found_all = true;
                    break 'splits;
                }
            }
        }
        let need = &mut *hunt.need;
        let value = if found_all {
            candidate
        } else {
            self.far = far;
            self.missing
                .iter()
                .copied()
                .find(|&v| need[v] != 0)
                .unwrap_or(candidate)
        };
        for &v in &self.missing {
            need[v] = 0;
        }
        value
    }

    /// `G(n)` for `n = g.len()` from the candidate (the least common value
    /// not an option) and `self.missing` (the rare values below it not
    /// marked): the pairs `(a, m − a)` are scanned for the missing values,
    /// except those with `m / 2 − skip < a ≤ m / 2`, which the caller
    /// marked already. The same scan as the end of [`Sparse::settle`]
    /// (`skip = 0` there), kept apart on purpose: with `settle` calling
    /// this, the one-thread kernel took 18 % more CPU (Officers to 600,000,
    /// 3.30–3.48 s against 2.75–2.96 s, side by side).
    #[inline(always)]
    pub(super) fn hunt<T: Nimber>(
        &mut self,
        g: &[T],
        front: &[T],
        candidate: usize,
        skip: usize,
    ) -> usize {
        let n = g.len();
        let top = self.hits.len() - 1;
        if self.missing.is_empty() {
            return candidate;
        }
        let need = &mut self.need[..=top];
        for &v in &self.missing {
            need[v] = 1;
        }
        let mut hunt = Hunt {
            need,
            few: [T::default(); FEW],
            remaining: self.missing.len(),
            compare: false,
        };
        let missing = &self.missing;
        let len = front.len();
        let mut found_all = false;
        // A scan that ends without finding every missing value went through
        // all the pairs (a new rare heap): it does not grow the reversed
        // copy, which follows the scans that stop early.
        let far = self.far;
        'splits: for (&j, &unequal) in self.split.iter().zip(&self.unequal) {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            let half = m / 2;
            // The window (half − skip, half] was marked (under `!` without
            // the pair (m / 2, m / 2), which is no move).
            let last = half - usize::from(unequal && m.is_multiple_of(2));
            // Pairs (a, m − a) with a < lo or a > hi are scanned: a block
            // from the low end (G(a) from the reversed copy) and one from the
            // middle (a from hi down, G(a) read downwards) in turn.
            let (mut lo, mut hi) = (1, half.saturating_sub(skip).min(last));
            loop {
                let mut moved = false;
                if lo + BLOCK - 1 <= hi.min(len) {
                    let xs: &[T; BLOCK] = front[len + 1 - lo - BLOCK..=len - lo]
                        .try_into()
                        .expect("a block");
                    let ys: &[T; BLOCK] =
                        g[m + 1 - lo - BLOCK..=m - lo].try_into().expect("a block");
                    let z: [T; BLOCK] = std::array::from_fn(|i| xs[i] ^ ys[i]);
                    lo += BLOCK;
                    self.scanned += BLOCK as u64;
                    if hunt.block(&z, missing) {
                        found_all = true;
                        break 'splits;
                    }
                    moved = true;
                } else if lo + BLOCK - 1 <= hi {
                    // The reversed copy ends here: it grows before the next heap.
                    self.far = self.far.max(lo + BLOCK - 1);
                }
                if hi >= lo + BLOCK - 1 {
                    let xs: &[T; BLOCK] = g[hi + 1 - BLOCK..=hi].try_into().expect("a block");
                    let ys: &[T; BLOCK] = g[m - hi..m - hi + BLOCK].try_into().expect("a block");
                    let z: [T; BLOCK] = std::array::from_fn(|i| xs[BLOCK - 1 - i] ^ ys[i]);
                    hi -= BLOCK;
                    self.scanned += BLOCK as u64;
                    if hunt.block(&z, missing) {
                        found_all = true;
                        break 'splits;
                    }
                    moved = true;
                }
                if !moved {
                    break;
                }
            }
            // The rest one pair at a time.
            for a in lo..=hi {
                self.scanned += 1;
                if hunt.pair(g[a] ^ g[m - a]) {
                    found_all = true;
                    break 'splits;
                }
            }
        }
        let need = &mut *hunt.need;
        let value = if found_all {
            candidate
        } else {
            self.far = far;
            self.missing
                .iter()
                .copied()
                .find(|&v| need[v] != 0)
                .unwrap_or(candidate)
        };
        for &v in &self.missing {
            need[v] = 0;
        }
        value
    }

    /// Records `G(n) = v` for `n = g.len() − 1` (`g` includes it): counts
    /// it, lists the heap if rare, and at powers of two (or when `v` needs
    /// more bits) re-chooses the mask from the frequencies.
    pub fn record<T: Nimber>(&mut self, g: &[T]) {
        let n = g.len() - 1;
        let v = g[n].index();
        if n == 0 {
            return;
        }
        if v >= self.freq.len() {
            self.freq.resize(v + 1, 0);
        }
        self.freq[v] += 1;
        let mut rechoose = n.is_power_of_two();
        if v >= 1usize << self.bits {
            while v >= 1usize << self.bits {
                self.bits += 1;
            }
            self.size_bitsets();
            rechoose = true;
        }
        if rechoose && self.bits <= MAX_MASK_BITS {
            let best = self.best_mask();
            if best != self.mask {
                self.mask = best;
                self.size_bitsets();
                self.rebuild(g);
                return;
            }
        }
        if !parity(v & self.mask) {
            self.rare.push((n, v));
        }
    }

    /// The mask with the fewest rare heaps: rare(m) = (total + W(m)) / 2,
    /// `W` the Walsh–Hadamard transform of the frequencies.
    fn best_mask(&self) -> usize {
        let size = 1usize << self.bits;
        let mut w: Vec<i64> = (0..size)
            .map(|v| self.freq.get(v).map_or(0, |&c| c as i64))
            .collect();
        let mut h = 1;
        while h < size {
            for i in (0..size).step_by(2 * h) {
                for k in i..i + h {
                    let (x, y) = (w[k], w[k + h]);
                    w[k] = x + y;
                    w[k + h] = x - y;
                }
            }
            h *= 2;
        }
        // Smallest W(m) over m ≠ 0 (ties: the smaller mask; keep the current one if as good).
        let mut best = self.mask.min(size - 1).max(1);
        for m in 1..size {
            if w[m] < w[best] {
                best = m;
            }
        }
        best
    }

    fn rebuild<T: Nimber>(&mut self, g: &[T]) {
        self.rare.clear();
        for (r, x) in g.iter().enumerate().skip(1) {
            let v = x.index();
            if !parity(v & self.mask) {
                self.rare.push((r, v));
            }
        }
        self.epoch += 1;
    }

    /// Restores the state after `g` was computed elsewhere (a checkpoint).
    pub fn resume<T: Nimber>(&mut self, g: &[T]) {
        for x in g.iter().skip(1) {
            let v = x.index();
            if v >= self.freq.len() {
                self.freq.resize(v + 1, 0);
            }
            self.freq[v] += 1;
            while v >= 1usize << self.bits {
                self.bits += 1;
            }
        }
        if self.bits <= MAX_MASK_BITS {
            self.mask = self.best_mask();
        }
        self.size_bitsets();
        self.rebuild(g);
        self.fronts = Buffers::default();
        self.far = 0;
        self.remask = false;
        self.code_space = None;
    }

    /// Extends `g` to `until` values; stops early with the first value that
    /// does not fit `T` (the caller widens and records it).
    pub fn run<T: Nimber>(&mut self, g: &mut Vec<T>, until: usize) -> Result<(), usize> {
        let mut front = std::mem::take(T::buffer(&mut self.fronts));
        // A copy in a narrower width is of no more use (the values only widen).
        self.fronts = Buffers::default();
        let result = if self.threads >= 2
            && !self.split.is_empty()
            && g.len() >= two_cores::FROM
            && until >= g.len() + 2 * two_cores::HEAPS
        {
            if front.len() >= g.len() {
                front.clear(); // not a copy of this g's first values
            }
            self.run_two(g, until, &mut front)
        } else {
            kernel(self, g, until, &mut front)
        };
        *T::buffer(&mut self.fronts) = front;
        result
    }

    /// [`Sparse::run`] on the kernel compiled for the target's baseline
    /// instructions only (plain x86-64 on this target): the version `run`
    /// chooses on a processor without AVX2, callable on any processor so
    /// that tests run it ([`kernel_values`]).
    fn run_baseline<T: Nimber>(&mut self, g: &mut Vec<T>, until: usize) -> Result<(), usize> {
        let mut front = std::mem::take(T::buffer(&mut self.fronts));
        // A copy in a narrower width is of no more use (the values only widen).
        self.fronts = Buffers::default();
        let result = self.run_with(g, until, &mut front);
        *T::buffer(&mut self.fronts) = front;
        result
    }

    #[inline(always)]
    fn run_with<T: Nimber>(
        &mut self,
        g: &mut Vec<T>,
        until: usize,
        front: &mut Vec<T>,
    ) -> Result<(), usize> {
        if front.len() >= g.len() {
            front.clear(); // not a copy of this g's first values
        }
        while g.len() < until {
            if self.far > front.len() && g.len() > front.len() + 1 {
                let want = self.far.max(2 * front.len()).max(64).min(g.len() - 1);
                front.clear();
                front.extend(g[1..=want].iter().rev());
            }
            let stamp = self.next_stamp();
            let n = g.len();
            if self.batched && n >= self.paired_from && n + BATCH <= until {
                let mut hits = std::mem::take(&mut self.hits);
                mark_batch::<T, BATCH>(self, g, &mut hits, stamp);
                self.hits = hits;
                let epoch = self.epoch;
                for t in 0..BATCH {
                    self.push(g, front, stamp, t, Some(n))?;
                    if self.epoch != epoch {
                        break; // new tables or rare heaps: the marks are void
                    }
                }
            } else {
                let mut hits = std::mem::take(&mut self.hits);
                mark_one(self, g, &mut hits, stamp);
                self.hits = hits;
                self.push(g, front, stamp, 0, None)?;
            }
        }
        Ok(())
    }

    #[inline(always)]
    /// Settles the next value, appends and records it (or returns it if it
    /// does not fit `T`).
    fn push<T: Nimber>(
        &mut self,
        g: &mut Vec<T>,
        front: &[T],
        stamp: u8,
        t: usize,
        start: Option<usize>,
    ) -> Result<(), usize> {
        let v = self.settle(g, front, stamp, t, start);
        let x = T::fit(v).ok_or(v)?;
        g.push(x);
        self.record(g);
        Ok(())
    }
}

/// Which compiled version of the kernel runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kernel {
    /// The processor's own, chosen at run time ([`Sparse::run`]: AVX2 when
    /// the processor has it; the coded kernel also has an AVX-512 version).
    Dispatched,
    /// The AVX2 version when the processor has AVX2, even if it has
    /// AVX-512 (the coded kernel's AVX2 version is then tested too); the
    /// processor's own otherwise.
    Avx2,
    /// The one for the target's baseline instructions (plain x86-64 on
    /// this target): what a processor without AVX2 runs.
    Baseline,
}

/// `G(0 … until − 1)` of `code` by the kernel alone (no period, no
/// chunks), in storage of `bytes` bytes a value (1, 2 or 4), on the
/// version `kernel`: how tests run the plain x86-64 version on a processor
/// with AVX2. `Err(v)`: the first value `v` that does not fit the storage.
///
/// Law: the same values for both versions and every storage a value fits
/// (one source, compiled twice), and the definition's
/// ([`super::naive::grundy`]).
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, naive, sparse::{Kernel, kernel_values}};
/// let officers = OctalCode::parse("0.6").unwrap();
/// let plain = kernel_values(&officers, 3000, 2, Kernel::Baseline).unwrap();
/// assert_eq!(plain, kernel_values(&officers, 3000, 2, Kernel::Dispatched).unwrap());
/// assert_eq!(plain, naive::grundy(&officers, 3000));
/// ```
pub fn kernel_values(
    code: &OctalCode,
    until: usize,
    bytes: usize,
    kernel: Kernel,
) -> Result<Vec<u32>, usize> {
    fn run<T: Nimber>(code: &OctalCode, until: usize, kernel: Kernel) -> Result<Vec<u32>, usize> {
        let mut s = Sparse::new(code);
        let mut g: Vec<T> = Vec::with_capacity(until);
        s.resume(&g);
        match kernel {
            Kernel::Dispatched | Kernel::Avx2 => s.run(&mut g, until)?,
            Kernel::Baseline => s.run_baseline(&mut g, until)?,
        }
        Ok(g.iter().map(|v| v.index() as u32).collect())
    }
    match bytes {
        1 => run::<u8>(code, until, kernel),
        2 => run::<u16>(code, until, kernel),
        _ => run::<u32>(code, until, kernel),
    }
}

/// `G(0 … until − 1)` of `code` the way [`super::solve::solve`] runs,
/// on `threads` threads ([`Sparse::set_threads`]) and the version
/// `kernel`: whole values of two bytes, 4,096 heaps at a time, until the
/// sparse space lets them be coded one byte each ([`Sparse::coding_at`],
/// looked at every 4,096 heaps), then the coded kernel
/// ([`Sparse::run_coded_on`]; with two threads a helper marks the next
/// blocks in codes), back to whole values whenever it stops ([`Stop`]).
/// Also how many heaps the coded kernel settled, and how many of them from
/// a helper thread's marks. `Err(v)`: the first value `v` past 65,535.
///
/// Law: the values are [`kernel_values`]' (the coded kernel settles each
/// heap as the mex of the same options, on one thread or two).
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, sparse::{Kernel, coded_kernel_values, kernel_values}};
/// let officers = OctalCode::parse("0.6").unwrap();
/// let (values, coded, helped) =
///     coded_kernel_values(&officers, 50_000, Kernel::Dispatched, 1).unwrap();
/// assert_eq!(values, kernel_values(&officers, 50_000, 2, Kernel::Dispatched).unwrap());
/// // Coded past 2 · 20,627 (the last rare heap), from the next run of
/// // 4,096 heaps on: heap 45,056; one thread, no helper.
/// assert_eq!((coded, helped), (50_000 - 45_056, 0));
/// // Two threads: the same values, every coded heap with the helper's marks.
/// let two = coded_kernel_values(&officers, 50_000, Kernel::Dispatched, 2).unwrap();
/// assert_eq!(two, (values, coded, coded));
/// ```
pub fn coded_kernel_values(
    code: &OctalCode,
    until: usize,
    kernel: Kernel,
    threads: usize,
) -> Result<(Vec<u32>, usize, usize), usize> {
    use super::nimber::{Coded, Values};
    let mut s = Sparse::new(code);
    s.set_threads(threads);
    let mut values = Values::U16(Vec::new());
    if let Values::U16(g) = &values {
        s.resume(g);
    }
    let mut coded_heaps = 0;
    while values.len() < until {
        if let Values::U16(g) = &values
            && let Some(coding) = s.coding_at(g.len())
        {
            let mut c = Coded::new(coding, until);
            for &v in g {
                c.push(u32::from(v))
                    .expect("values below 512 under a coding");
            }
            values = Values::Coded(c);
        }
        let before = values.len();
        let stop = match &mut values {
            Values::Coded(c) => s.run_coded_on(c, until, kernel).err(),
            Values::U16(g) => {
                let to = (before + 4096).min(until);
                match kernel {
                    Kernel::Dispatched | Kernel::Avx2 => s.run(g, to),
                    Kernel::Baseline => s.run_baseline(g, to),
                }
                .err()
                .map(Stop::Value)
            }
            Values::U8(_) | Values::U32(_) => unreachable!("two-byte or coded values"),
        };
        if let Values::Coded(_) = values {
            coded_heaps += values.len() - before;
        }
        match stop {
            None => {}
            Some(Stop::Value(v)) if v > usize::from(u16::MAX) => return Err(v),
            Some(stop) => {
                values.widen(2);
                let Values::U16(g) = &mut values else {
                    unreachable!("widened to two bytes")
                };
                if let Stop::Value(v) = stop {
                    g.push(v as u16);
                    s.record(g);
                } else {
                    s.remask(g);
                }
            }
        }
    }
    let mut out = Vec::with_capacity(until);
    values.for_each(|v| out.push(v));
    Ok((out, coded_heaps, s.helped))
}
