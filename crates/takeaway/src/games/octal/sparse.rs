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
//! Speed (the same pairs, less work a pair): when every split removes at
//! least one token (the least `j`), the rare pairs of the heaps `n … n + j`
//! (at most 4) read only values below `n`, so they are marked in one pass
//! over the rare heaps (the reads `G(m + t − r)` share a cache line) before
//! `G(n)` is known; the moves that leave one heap are marked just before each
//! value is settled. The scan reads the first values from a reversed copy,
//! so that `G(a)` and `G(m − a)` run the same way and a block of 64 pairs is
//! one vector XOR, then one table look-up a pair for a missing value (no
//! store, no branch).

use super::code::OctalCode;
use super::nimber::{Buffers, Nimber};

/// Frequencies are re-read and the mask re-chosen at powers of two up to
/// this many bits of value (the Walsh–Hadamard transform costs `bits · 2^bits`).
const MAX_MASK_BITS: u32 = 20;

/// Pairs `(a, m − a)` the scan looks at between two checks.
const BLOCK: usize = 64;

/// Pairs under one flag within a block (a run with a missing value is
/// looked at again).
const SUB: usize = 16;

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
    /// How many heaps [`mark_batch`] marks in one pass: the least split
    /// `j` plus one (at most 4); 1 when some split removes nothing.
    batch: usize,
    /// From this heap on every move applies and heaps are marked in batches.
    paired_from: usize,
    /// The rare class is `{ v : parity(v & mask) = 0 }`.
    mask: usize,
    /// Rare heaps `r ≥ 1`, ascending, with their values.
    rare: Vec<(usize, usize)>,
    /// How often each value occurs among heaps `1..n`.
    freq: Vec<u64>,
    /// Every value so far is below `1 << bits`.
    bits: u32,
    /// `hit[v] == stamp`: value `v` (below `1 << bits`) is a marked option
    /// of heap `n`; `hits` holds 4 such tables, for heaps marked in a batch.
    hit: Vec<u32>,
    hits: Vec<u32>,
    stamp: u32,
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
    /// grows to cover it).
    far: usize,
    /// Pairs `(a, m − a)` scanned so far (the work beyond the rare heaps).
    pub scanned: u64,
}

fn parity(v: usize) -> bool {
    v.count_ones() & 1 == 1
}

/// Marks in `hit` with `stamp` the options of heap `n = g.len()` that
/// leave two heaps one of them rare (the moves that leave no heap or one
/// heap are marked by [`Sparse::settle`]).
fn mark<T: Nimber>(s: &Sparse, g: &[T], hit: &mut [u32], stamp: u32) {
    let n = g.len();
    let top = hit.len() - 1; // a power of two minus one: v & top == v
    let hit = &mut hit[..=top];
    for &j in &s.split {
        if n < j + 2 {
            continue;
        }
        let m = n - j;
        if m.is_multiple_of(2) {
            hit[0] = stamp;
        }
        let h = &g[..m];
        let below = s.rare.partition_point(|&(r, _)| r < m);
        for &(r, x) in &s.rare[..below] {
            hit[(x ^ h[m - r].index()) & top] = stamp;
        }
    }
}

/// [`mark`] for the `K` heaps `n + t` (`n = g.len()`, `t < K`) in one pass
/// over the rare heaps, into table `t` of `hits` (`size` entries each),
/// before `G(n)` is known: heap `n + t` splits `m + t = n + t − j ≤ n − 1`
/// tokens (`K ≤ j + 1` for every split `j`, `n ≥ s.paired_from`), so its
/// pairs read only known values and rare heaps below `n`.
fn mark_batch<T: Nimber, const K: usize>(
    s: &Sparse,
    g: &[T],
    hits: &mut [u32],
    size: usize,
    stamp: u32,
) {
    let n = g.len();
    let top = size - 1;
    let mut tables = hits.chunks_exact_mut(size).map(|t| &mut t[..=top]);
    let mut tabs: [&mut [u32]; K] = std::array::from_fn(|_| tables.next().expect("K tables"));
    for &j in &s.split {
        let m = n - j;
        for (t, tab) in tabs.iter_mut().enumerate() {
            if (m + t).is_multiple_of(2) {
                tab[0] = stamp;
            }
        }
        let h = &g[..m + K - 1];
        let below = s.rare.partition_point(|&(r, _)| r < m);
        for &(r, x) in &s.rare[..below] {
            // G(m + t − r) for t < K: neighbours, one cache line.
            let w: &[T; K] = h[m - r..m - r + K].try_into().expect("K values");
            for (tab, &y) in tabs.iter_mut().zip(w) {
                tab[(x ^ y.index()) & top] = stamp;
            }
        }
        // Rare heaps m ≤ r < m + K − 1 pair only with the later heaps.
        for &(r, x) in &s.rare[below..] {
            if r >= m + K - 1 {
                break;
            }
            for (t, tab) in tabs.iter_mut().enumerate().skip(r - m + 1) {
                tab[(x ^ h[m + t - r].index()) & top] = stamp;
            }
        }
    }
}

impl Sparse {
    /// The state for `code` before any heap is computed.
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
        let batch = match split.first() {
            Some(&j) if j >= 1 => (j + 1).min(4),
            _ => 1,
        };
        let mut s = Sparse {
            whole,
            take,
            split,
            batch,
            paired_from: k + 2,
            mask: 1,
            rare: Vec::new(),
            freq: vec![0; 2],
            bits: 1,
            hit: Vec::new(),
            hits: Vec::new(),
            stamp: 0,
            need: Vec::new(),
            epoch: 0,
            common: Vec::new(),
            missing: Vec::new(),
            fronts: Buffers::default(),
            far: 0,
            scanned: 0,
        };
        s.size_bitsets();
        s
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
        self.hit = vec![0; size];
        self.hits = vec![0; 4 * size];
        self.need = vec![0; size];
        self.stamp = 0;
        self.epoch += 1;
        self.common = (0..size).map(|v| parity(v & self.mask)).collect();
    }

    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.hit.fill(0);
            self.hits.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// `G(n)` for `n = g.len()` once its rare pairs are marked (by [`mark`]
    /// into `hit`, or by [`mark_batch`] into table `table` of `hits`) with
    /// `stamp`: marks the moves that leave no heap or one heap, then gives
    /// the least common value not marked, unless the pairs `(a, m − a)` show
    /// a smaller rare value is not an option. `front[front.len() − a] = G(a)`
    /// for `1 ≤ a ≤ front.len()`.
    fn settle<T: Nimber>(
        &mut self,
        g: &[T],
        front: &[T],
        stamp: u32,
        table: Option<usize>,
    ) -> usize {
        let n = g.len();
        let size = self.hit.len();
        let hit = match table {
            None => &mut self.hit[..],
            Some(t) => &mut self.hits[t * size..(t + 1) * size],
        };
        let top = size - 1;
        for &j in &self.whole {
            if n == j {
                hit[0] = stamp;
            }
        }
        for &j in &self.take {
            if n > j {
                hit[g[n - j].index() & top] = stamp;
            }
        }
        // The least common value not hit (or 1 << bits: nothing reaches it),
        // and the rare values below it not hit yet.
        let mut candidate = hit.len();
        self.missing.clear();
        for (v, (&h, &c)) in hit.iter().zip(&self.common).enumerate() {
            if h != stamp {
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
        let mut remaining = self.missing.len();
        let len = front.len();
        let mut found_all = false;
        'splits: for &j in &self.split {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            let half = m / 2;
            let lim = half.min(len);
            // Pairs a0 … a0 + BLOCK − 1: G(a) from the reversed copy, G(m − a)
            // from g, both read upwards (a downwards).
            let mut a0 = 1;
            while a0 + BLOCK <= lim + 1 {
                let xs: &[T; BLOCK] = front[len + 1 - a0 - BLOCK..=len - a0]
                    .try_into()
                    .expect("a block");
                let ys: &[T; BLOCK] = g[m + 1 - a0 - BLOCK..=m - a0].try_into().expect("a block");
                let mut z = [T::default(); BLOCK];
                for ((z, &x), &y) in z.iter_mut().zip(xs).zip(ys) {
                    *z = x ^ y;
                }
                // One flag a run of SUB pairs; only a run with a missing value
                // is looked at again (clearing what it found).
                let mut found = [0u8; BLOCK / SUB];
                for (f, zs) in found.iter_mut().zip(z.chunks_exact(SUB)) {
                    for &v in zs {
                        *f |= need[v.index() & top];
                    }
                }
                if found.iter().any(|&f| f != 0) {
                    for (&f, zs) in found.iter().zip(z.chunks_exact(SUB)) {
                        if f != 0 {
                            for &v in zs {
                                let s = &mut need[v.index() & top];
                                remaining -= usize::from(*s);
                                *s = 0;
                            }
                        }
                    }
                    if remaining == 0 {
                        self.scanned += (a0 + BLOCK - 1) as u64;
                        found_all = true;
                        break 'splits;
                    }
                }
                a0 += BLOCK;
            }
            // The rest one pair at a time (beyond the copy: G(m − a) read downwards).
            for a in a0..=half {
                let s = &mut need[(g[a] ^ g[m - a]).index() & top];
                if *s != 0 {
                    *s = 0;
                    remaining -= 1;
                    if remaining == 0 {
                        self.scanned += a as u64;
                        self.far = self.far.max(a);
                        found_all = true;
                        break 'splits;
                    }
                }
            }
            self.scanned += half as u64;
        }
        let value = if found_all {
            candidate
        } else {
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
    }

    /// Extends `g` to `until` values; stops early with the first value that
    /// does not fit `T` (the caller widens and records it).
    pub fn run<T: Nimber>(&mut self, g: &mut Vec<T>, until: usize) -> Result<(), usize> {
        let mut front = std::mem::take(T::buffer(&mut self.fronts));
        let result = self.run_with(g, until, &mut front);
        *T::buffer(&mut self.fronts) = front;
        result
    }

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
            let (n, k) = (g.len(), self.batch);
            if k > 1 && n >= self.paired_from && n + k <= until {
                let mut hits = std::mem::take(&mut self.hits);
                let size = self.hit.len();
                match k {
                    2 => mark_batch::<T, 2>(self, g, &mut hits, size, stamp),
                    3 => mark_batch::<T, 3>(self, g, &mut hits, size, stamp),
                    _ => mark_batch::<T, 4>(self, g, &mut hits, size, stamp),
                }
                self.hits = hits;
                let epoch = self.epoch;
                for t in 0..k {
                    self.push(g, front, stamp, Some(t))?;
                    if self.epoch != epoch {
                        break; // new tables or rare heaps: the marks are void
                    }
                }
            } else {
                let mut hit = std::mem::take(&mut self.hit);
                mark(self, g, &mut hit, stamp);
                self.hit = hit;
                self.push(g, front, stamp, None)?;
            }
        }
        Ok(())
    }

    /// Settles the next value, appends and records it (or returns it if it
    /// does not fit `T`).
    fn push<T: Nimber>(
        &mut self,
        g: &mut Vec<T>,
        front: &[T],
        stamp: u32,
        table: Option<usize>,
    ) -> Result<(), usize> {
        let v = self.settle(g, front, stamp, table);
        let x = T::fit(v).ok_or(v)?;
        g.push(x);
        self.record(g);
        Ok(())
    }
}
