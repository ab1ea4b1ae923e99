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
//! (usually after a few pairs) or all pairs are seen (then `G(n)` is the
//! least value not found). The result is `mex` of all options whatever the
//! mask: the mask (chosen from the values' frequencies so that few heaps are
//! rare) decides only the speed. Checked against [`super::naive::grundy`].

use super::code::OctalCode;
use super::nimber::Nimber;

/// Frequencies are re-read and the mask re-chosen at powers of two up to
/// this many bits of value (the Walsh–Hadamard transform costs `bits · 2^bits`).
const MAX_MASK_BITS: u32 = 20;

/// The state of the sparse-space method between heaps: the move lists of
/// the code, the rare heaps, the frequencies and a scratch bitset.
#[derive(Debug, Clone)]
pub struct Sparse {
    /// `j ≥ 1` that remove `j` leaving no heap (the heap of exactly `j`).
    whole: Vec<usize>,
    /// `j ≥ 1` that remove `j` leaving one heap.
    take: Vec<usize>,
    /// `j ≥ 0` that remove `j` leaving two heaps.
    split: Vec<usize>,
    /// The rare class is `{ v : parity(v & mask) = 0 }`.
    mask: usize,
    /// Rare heaps `r ≥ 1`, ascending, and their values.
    rare_pos: Vec<usize>,
    rare_val: Vec<usize>,
    /// How often each value occurs among heaps `1..n`.
    freq: Vec<u64>,
    /// Every value so far is below `1 << bits`.
    bits: u32,
    /// `hit[v] == stamp` when value `v` (below `1 << bits`) is an option of the heap at hand.
    hit: Vec<u64>,
    stamp: u64,
    /// `common[v]`: `v` is in the common class.
    common: Vec<bool>,
    /// Rare values below the candidate not yet found among the options.
    missing: Vec<usize>,
    /// Pairs `(a, m − a)` scanned so far (the work beyond the rare heaps).
    pub scanned: u64,
}

fn parity(v: usize) -> bool {
    v.count_ones() & 1 == 1
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
        let mut s = Sparse {
            whole: (1..=k).filter(|&j| code.allows(j, 0)).collect(),
            take: (1..=k).filter(|&j| code.allows(j, 1)).collect(),
            split: (0..=k).filter(|&j| code.allows(j, 2)).collect(),
            mask: 1,
            rare_pos: Vec::new(),
            rare_val: Vec::new(),
            freq: vec![0; 2],
            bits: 1,
            hit: Vec::new(),
            stamp: 0,
            common: Vec::new(),
            missing: Vec::new(),
            scanned: 0,
        };
        s.size_bitsets();
        s
    }

    /// How many heaps are rare now (the work per heap is about this many
    /// pairs per split move).
    pub fn rare_heaps(&self) -> usize {
        self.rare_pos.len()
    }

    /// The current mask: rare values are those `v` with an even number of
    /// ones in `v & mask`.
    pub fn mask(&self) -> usize {
        self.mask
    }

    fn size_bitsets(&mut self) {
        let size = 1usize << self.bits;
        self.hit = vec![0; size];
        self.stamp = 0;
        self.common = (0..size).map(|v| parity(v & self.mask)).collect();
    }

    /// Computes `G(n)` for `n = g.len()` from `g = G(0), …, G(n − 1)`.
    pub fn value<T: Nimber>(&mut self, g: &[T]) -> usize {
        let n = g.len();
        // `hit[v] == stamp`: value v is an option of heap n (no clearing between heaps).
        self.stamp += 1;
        let stamp = self.stamp;
        let hit = &mut self.hit[..];
        let top = hit.len() - 1; // hit.len() is a power of two: v & top == v
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
        for &j in &self.split {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            if m.is_multiple_of(2) {
                hit[0] = stamp;
            }
            let h = &g[..m];
            for (&r, &x) in self.rare_pos.iter().zip(&self.rare_val) {
                if r >= m {
                    break;
                }
                hit[(x ^ h[m - r].index()) & top] = stamp;
            }
        }
        // The least common value not hit (or 1 << bits: nothing reaches it),
        // and the rare values below it not hit yet.
        let cap = hit.len();
        let mut candidate = cap;
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
        // Every pair (a, m − a), a block at a time, until every missing rare
        // value is hit.
        const BLOCK: usize = 64;
        for &j in &self.split {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            let low = &g[1..=m / 2];
            let high = &g[m - m / 2..m];
            for (lo, hi) in low.chunks(BLOCK).zip(high.rchunks(BLOCK)) {
                for (&x, &y) in lo.iter().zip(hi.iter().rev()) {
                    hit[(x.index() ^ y.index()) & top] = stamp;
                }
                self.scanned += lo.len() as u64;
                self.missing.retain(|&v| hit[v] != stamp);
                if self.missing.is_empty() {
                    return candidate;
                }
            }
        }
        self.missing[0]
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
            self.rare_pos.push(n);
            self.rare_val.push(v);
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
        self.rare_pos.clear();
        self.rare_val.clear();
        for (r, x) in g.iter().enumerate().skip(1) {
            let v = x.index();
            if !parity(v & self.mask) {
                self.rare_pos.push(r);
                self.rare_val.push(v);
            }
        }
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
    }

    /// Extends `g` to `until` values; stops early with the first value that
    /// does not fit `T` (the caller widens and records it).
    pub fn run<T: Nimber>(&mut self, g: &mut Vec<T>, until: usize) -> Result<(), usize> {
        while g.len() < until {
            let v = self.value(g);
            let Some(x) = T::fit(v) else {
                return Err(v);
            };
            g.push(x);
            self.record(g);
        }
        Ok(())
    }
}
