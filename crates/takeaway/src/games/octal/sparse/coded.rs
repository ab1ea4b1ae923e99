//! The sparse-space method on one byte a value: the values' codes
//! ([`Coding`]: the mask's lowest bit taken out), once the rare heaps stop
//! early (Officers `0.6`: 1,584 rare heaps, the last at 20,627, values
//! below 512 far beyond 10^8).
//!
//! Law: let `L` be the last rare heap. For a heap `n` whose splits all
//! leave `m = n − j > 2L` tokens, and `n > L + k` (`k` the largest take),
//! every heap a move of `n` leaves is common except the small heap `a ≤ L`
//! of a pair `(a, m − a)`. So a move that leaves one heap, or a rare pair
//! `(r, m − r)`, reaches a common value, and a pair `(a, m − a)` reaches a
//! rare value exactly when `a` is common (or `a = m − a`). The code is
//! linear, so the code of each option is the XOR of the heaps' codes, and
//! the class tells the value: the marks are the codes of common values,
//! the scan looks for the codes of rare values and leaves out the pairs
//! whose small heap is rare. Then `G(n)` is the same mex as
//! [`Sparse::settle`]'s, from the same marks and the same pairs.
//!
//! The kernel stops ([`Stop`]) before a heap it cannot settle this way: a
//! value of 512 or more, a new rare heap (which moves `L`), or a new mask
//! wanted at a power of two; the caller goes back to whole values.
//!
//! Speed: the same batches of eight heaps and blocks of 64 pairs as the
//! whole-value kernel. The marks of a batch are bit sets of the 256 codes,
//! the eight heaps in the lanes of a vector ([`mark_batch`]: a variable
//! shift and an OR a word, no table stores). A pair whose small heap is
//! rare has its code replaced in the block by a code the scan does not
//! look for (a vector blend). A block of 64 pair codes is tested against
//! the set of missing codes at once ([`plain_lanes`]: with AVX2, two
//! `pshufb` look-ups in a 256-bit table a lane), whatever the number of
//! codes missing.

use super::{BATCH, BLOCK, Kernel, MAX_MASK_BITS, Sparse, parity};
use crate::games::octal::nimber::{Coded, Coding};

/// Why [`Sparse::run_coded`] stopped before `until`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The next value, which has no code (512 or more).
    Value(usize),
    /// The next heap needs whole values: a rare heap moved `L`, or the
    /// mask is to be chosen again ([`Sparse::remask`]).
    Unpack,
}

/// The kernel's tables for one coding and one list of rare heaps.
#[derive(Debug, Clone)]
pub(super) struct CodeSpace {
    coding: Coding,
    /// The rare heaps `r ≥ 1` with the codes of their values.
    rare: Vec<(usize, u8)>,
    /// The last rare heap (0 if none).
    last: usize,
    /// `last − r` for each of `rare`, and the codes of their values.
    at: Vec<u32>,
    codes: Vec<u8>,
    /// `common_heap[a]` for `a ≤ last`: 0 if heap `a` is rare, else `0xFF`.
    common_heap: Vec<u8>,
    /// The values below `1 << bits` ascending: their codes and classes.
    order: Vec<(u8, bool)>,
    bits: u32,
    /// The batch's marks: bit `c mod 32` of `words[c / 32][t]` is set when
    /// the common value of code `c` is an option of heap `n + t` (from
    /// the rare pairs [`mark_batch`] makes).
    words: [[u32; BATCH]; WORDS],
    /// `need[c] == 1`: the scan still looks for the rare value of code `c`.
    need: Vec<u8>,
    /// The codes of `G(1) … G(len)` reversed, and `common_heap` of those heaps.
    front: Vec<u8>,
    keep: Vec<u8>,
    /// The largest `a` a scan ended at beyond the reversed copy.
    far: usize,
}

impl CodeSpace {
    fn new(s: &Sparse, coding: Coding) -> CodeSpace {
        let last = s.rare.last().map_or(0, |&(r, _)| r);
        let mut common_heap = vec![0xFF; last + 1];
        common_heap[0] = 0;
        for &(r, _) in &s.rare {
            common_heap[r] = 0;
        }
        let mut cs = CodeSpace {
            coding,
            rare: s.rare.iter().map(|&(r, x)| (r, coding.code(x))).collect(),
            last,
            at: s.rare.iter().map(|&(r, _)| (last - r) as u32).collect(),
            codes: s.rare.iter().map(|&(_, x)| coding.code(x)).collect(),
            common_heap,
            order: Vec::new(),
            bits: 0,
            words: [[0; BATCH]; WORDS],
            need: vec![0; 256],
            front: Vec::new(),
            keep: Vec::new(),
            far: 0,
        };
        cs.set_bits(s.bits);
        cs
    }

    fn set_bits(&mut self, bits: u32) {
        self.bits = bits;
        self.order = (0..1usize << bits)
            .map(|v| (self.coding.code(v), !self.coding.is_rare(v)))
            .collect();
    }

    /// Grows the reversed copy of the first codes when a scan went past it.
    fn grow_front(&mut self, g: &[u8]) {
        if self.far > self.front.len() && g.len() > self.front.len() + 1 {
            let want = self.far.max(2 * self.front.len()).max(64).min(g.len() - 1);
            self.front.clear();
            self.front.extend(g[1..=want].iter().rev());
            self.keep.clear();
            let ch = &self.common_heap;
            self.keep
                .extend((1..=want).rev().map(|a| ch.get(a).copied().unwrap_or(0xFF)));
        }
    }
}

/// Words of 32 marks a heap: one bit for each of the 256 codes.
const WORDS: usize = 8;

/// Marks the rare pairs of the `BATCH` heaps `n + t` (`n = g.len()`) with
/// `K − j ≤ r` in `cs.words` (the others are marked by
/// [`Sparse::settle_coded`]): each heap's marks a bit set of the codes,
/// the heaps in the lanes of a vector (one variable shift and one OR a
/// word and rare heap, `vpsllvd` with AVX2; no table stores: 0.31 ns a
/// mark against 0.84 ns for one-byte stamps in `bench octal`).
#[inline(always)]
fn mark_batch(s: &Sparse, cs: &mut CodeSpace, g: &[u8]) {
    let n = g.len();
    let last = cs.last;
    let mut acc = [[0u32; BATCH]; WORDS];
    for &j in &s.split {
        let m = n - j;
        let lo = cs
            .rare
            .partition_point(|&(r, _)| r < BATCH.saturating_sub(j));
        // G(m − r + t) = w[last − r + t]: the 8 codes of one rare heap are
        // neighbours, read as one word.
        let w = &g[m - last..n];
        mark_words(&mut acc, w, &cs.at[lo..], &cs.codes[lo..]);
    }
    cs.words = acc;
}

/// The bit sets of [`mark_batch`] for one split: `w[at + t]` is the code
/// of `G(m − r + t)` for the rare heap `r` at `at` with code `x`. Each
/// word is one whole-lane expression ([`or_word`], written out eight
/// times): as a loop over the words, inlined or not, the compiler
/// vectorised across the words instead of the heaps, with a transpose a
/// rare heap (6–7× slower, Officers to 2·10^6 in 11 s against 4.3 s).
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn mark_words(acc: &mut [[u32; BATCH]; WORDS], w: &[u8], at: &[u32], codes: &[u8]) {
    let mut a = *acc;
    for (&at, &x) in at.iter().zip(codes) {
        let at = at as usize;
        let v: &[u8; BATCH] = w[at..at + BATCH].try_into().expect("BATCH codes");
        let z: [u32; BATCH] = std::array::from_fn(|t| u32::from(v[t] ^ x));
        a = [
            or_word(&a[0], &z, 0),
            or_word(&a[1], &z, 32),
            or_word(&a[2], &z, 64),
            or_word(&a[3], &z, 96),
            or_word(&a[4], &z, 128),
            or_word(&a[5], &z, 160),
            or_word(&a[6], &z, 192),
            or_word(&a[7], &z, 224),
        ];
    }
    *acc = a;
}

/// Word `a` of each heap with bit `z − base` set in lane `t` when `z[t]`
/// falls in the word: a shift by 32 or more (`z` outside it, the
/// subtraction wrapped) sets nothing.
#[inline(always)]
fn or_word(a: &[u32; BATCH], z: &[u32; BATCH], base: u32) -> [u32; BATCH] {
    std::array::from_fn(|t| a[t] | 1u32.checked_shl(z[t].wrapping_sub(base)).unwrap_or(0))
}

/// Sets the mark of code `c` in the words of one heap.
#[inline(always)]
fn mark(w: &mut [u32; WORDS], c: u8) {
    w[usize::from(c >> 5)] |= 1 << (c & 31);
}

/// [`Sparse::run_coded_with`] compiled for the machine's vector
/// instructions (AVX2 when the processor has it, chosen at run time), with
/// the scan's look-up compiled for the same ([`plain_lanes`]'s law): the
/// look-up is a function item passed down, so it is inlined into each
/// version (a `multiversion` function of its own cost an indirect call a
/// block of 64 pairs).
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn dispatched(s: &mut Sparse, cs: &mut CodeSpace, c: &mut Coded, until: usize) -> Result<(), Stop> {
    #[multiversion::target::target_cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[multiversion::inherit_target]
    fn lanes(z: &[u8; BLOCK], t: &[u8; 32]) -> u64 {
        use std::arch::x86_64::{
            __m256i, _mm256_and_si256, _mm256_blendv_epi8, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
            _mm256_movemask_epi8, _mm256_set1_epi8, _mm256_setr_epi8, _mm256_setzero_si256,
            _mm256_shuffle_epi8, _mm256_srli_epi16,
        };
        macro_rules! bytes {
            ($b:expr, $o:expr, $p:expr) => {
                _mm256_setr_epi8(
                    $b[$o] as i8,
                    $b[$o + 1] as i8,
                    $b[$o + 2] as i8,
                    $b[$o + 3] as i8,
                    $b[$o + 4] as i8,
                    $b[$o + 5] as i8,
                    $b[$o + 6] as i8,
                    $b[$o + 7] as i8,
                    $b[$o + 8] as i8,
                    $b[$o + 9] as i8,
                    $b[$o + 10] as i8,
                    $b[$o + 11] as i8,
                    $b[$o + 12] as i8,
                    $b[$o + 13] as i8,
                    $b[$o + 14] as i8,
                    $b[$o + 15] as i8,
                    $b[$p] as i8,
                    $b[$p + 1] as i8,
                    $b[$p + 2] as i8,
                    $b[$p + 3] as i8,
                    $b[$p + 4] as i8,
                    $b[$p + 5] as i8,
                    $b[$p + 6] as i8,
                    $b[$p + 7] as i8,
                    $b[$p + 8] as i8,
                    $b[$p + 9] as i8,
                    $b[$p + 10] as i8,
                    $b[$p + 11] as i8,
                    $b[$p + 12] as i8,
                    $b[$p + 13] as i8,
                    $b[$p + 14] as i8,
                    $b[$p + 15] as i8,
                )
            };
        }
        // Each 128-bit half of a vector looks up in its own half: the table
        // halves are repeated in both.
        let t0: __m256i = bytes!(t, 0, 0);
        let t1: __m256i = bytes!(t, 16, 16);
        let bit: [u8; 16] = std::array::from_fn(|i| 1u8 << (i & 7));
        let bits: __m256i = bytes!(bit, 0, 0);
        let low = _mm256_set1_epi8(0x0F);
        let seven = _mm256_set1_epi8(7);
        let mut out = 0u64;
        for half in 0..2 {
            let zv: __m256i = bytes!(z, 32 * half, 32 * half + 16);
            let l = _mm256_and_si256(zv, low);
            let h = _mm256_and_si256(_mm256_srli_epi16::<4>(zv), low);
            let row = _mm256_blendv_epi8(
                _mm256_shuffle_epi8(t0, l),
                _mm256_shuffle_epi8(t1, l),
                _mm256_cmpgt_epi8(h, seven),
            );
            let hit = _mm256_and_si256(row, _mm256_shuffle_epi8(bits, h));
            let none = _mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256()));
            out |= u64::from(!(none as u32)) << (32 * half);
        }
        out
    }
    #[multiversion::target::target_cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    fn lanes(z: &[u8; BLOCK], t: &[u8; 32]) -> u64 {
        plain_lanes(z, t)
    }
    // A closure: a function with target features is not `Fn` itself.
    s.run_coded_with(cs, c, until, |z: &[u8; BLOCK], t: &[u8; 32]| lanes(z, t))
}

/// The lanes of `z` whose code is in the table `t` ([`CodeHunt`]'s
/// layout), bit `i` for lane `i`, one lane at a time. Law: bit `i` is set
/// exactly when code `z[i]` is in `t`; the AVX2 version in [`dispatched`]
/// (32 lanes at a time: the low four bits of a code pick a byte of each
/// half of the table with `pshufb`, the high four bits the half and the
/// bit) gives the same bits.
fn plain_lanes(z: &[u8; BLOCK], t: &[u8; 32]) -> u64 {
    let mut out = 0u64;
    for (i, &c) in z.iter().enumerate() {
        let (k, b) = CodeHunt::slot(c);
        if t[k] & b != 0 {
            out |= 1 << i;
        }
    }
    out
}

impl Sparse {
    /// The first heap the coded kernel can settle: past twice the last
    /// rare heap (see the module law).
    fn coded_from(&self) -> usize {
        let last = self.rare.last().map_or(0, |&(r, _)| r);
        2 * last + self.max_take + 2
    }

    /// The coding the values can take from heap `n = len` on, if any:
    /// values below 512 (`bits ≤ 9`), a mask with a bit below 9, `n` past
    /// the rare heaps ([`Sparse::run_coded`]'s condition), and no new mask
    /// pending.
    pub fn coding_at(&self, len: usize) -> Option<Coding> {
        let last = self.rare.last().map_or(0, |&(r, _)| r);
        if self.bits > 9 || self.remask || len < self.coded_from() || u32::try_from(last).is_err() {
            return None;
        }
        Coding::new(self.mask)
    }

    /// Extends the coded values `c` to `until` values (one thread); stops
    /// early before a heap it cannot settle in codes ([`Stop`]).
    pub fn run_coded(&mut self, c: &mut Coded, until: usize) -> Result<(), Stop> {
        self.run_coded_on(c, until, Kernel::Dispatched)
    }

    /// [`Sparse::run_coded`] on the version `kernel` (tests run the plain
    /// x86-64 one on a processor with AVX2).
    pub fn run_coded_on(
        &mut self,
        c: &mut Coded,
        until: usize,
        kernel: Kernel,
    ) -> Result<(), Stop> {
        let mut cs = match self.code_space.take() {
            Some(cs) if cs.coding == c.coding() && cs.rare.len() == self.rare.len() => cs,
            _ => Box::new(CodeSpace::new(self, c.coding())),
        };
        if cs.bits != self.bits {
            cs.set_bits(self.bits);
        }
        let result = match kernel {
            Kernel::Dispatched => dispatched(self, &mut cs, c, until),
            Kernel::Baseline => self.run_coded_with(&mut cs, c, until, plain_lanes),
        };
        self.code_space = Some(cs);
        result
    }

    /// Chooses the mask again (with `g` the whole values) if the coded
    /// kernel stopped for it ([`Stop::Unpack`]).
    pub fn remask<T: super::Nimber>(&mut self, g: &[T]) {
        if self.remask {
            self.remask = false;
            self.mask = self.best_mask();
            self.size_bitsets();
            self.rebuild(g);
        }
    }

    #[inline(always)]
    fn run_coded_with<L: Fn(&[u8; BLOCK], &[u8; 32]) -> u64 + Copy>(
        &mut self,
        cs: &mut CodeSpace,
        c: &mut Coded,
        until: usize,
        lanes: L,
    ) -> Result<(), Stop> {
        debug_assert!(Some(c.coding()) == Coding::new(self.mask));
        while c.len() < until {
            let n = c.len();
            if n < self.coded_from() || self.remask {
                return Err(Stop::Unpack);
            }
            cs.grow_front(c.codes());
            let epoch = self.epoch;
            let batch = self.batched && n >= self.paired_from && n + BATCH <= until;
            if batch {
                mark_batch(self, cs, c.codes());
            }
            for t in 0..if batch { BATCH } else { 1 } {
                let n = c.len();
                let v = self.settle_coded(cs, c.codes(), t, batch, lanes);
                if v >= 512 {
                    return Err(Stop::Value(v));
                }
                let rare = cs.coding.is_rare(v);
                c.codes_mut().push(cs.coding.code(v));
                if rare {
                    c.note_rare(n);
                }
                self.record_coded(n, v);
                if rare || self.remask {
                    // A new last rare heap, or a new mask: whole values.
                    return Err(Stop::Unpack);
                }
                if self.bits != cs.bits {
                    cs.set_bits(self.bits);
                }
                if self.epoch != epoch {
                    break; // new tables: the marks are made again
                }
            }
        }
        Ok(())
    }

    /// [`Sparse::record`] of `G(n) = v` for coded values: the mask is not
    /// changed here (a better one sets `remask`, and the caller goes back
    /// to whole values to choose it).
    fn record_coded(&mut self, n: usize, v: usize) {
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
        if rechoose && self.bits <= MAX_MASK_BITS && self.best_mask() != self.mask {
            self.remask = true;
        }
        if !parity(v & self.mask) {
            self.rare.push((n, v));
        }
    }

    /// `G(n)` for `n = g.len()` (codes) once its rare pairs with `r ≥
    /// BATCH − j` are marked in lane `t` of `cs.words` (`batch`), or none
    /// is: the rest of the marks, the candidate and the scan (see the
    /// module law).
    #[inline(always)]
    fn settle_coded<L: Fn(&[u8; BLOCK], &[u8; 32]) -> u64>(
        &mut self,
        cs: &mut CodeSpace,
        g: &[u8],
        t: usize,
        batch: bool,
        lanes: L,
    ) -> usize {
        let n = g.len();
        let mut w: [u32; WORDS] = if batch {
            std::array::from_fn(|k| cs.words[k][t])
        } else {
            [0; WORDS]
        };
        let mut zero = false;
        for (&j, &unequal) in self.split.iter().zip(&self.unequal) {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            // The pair (m / 2, m / 2) gives 0 (rare), unless `!` leaves it out.
            zero |= m.is_multiple_of(2) && !unequal;
            let small = if batch {
                BATCH.saturating_sub(j)
            } else {
                usize::MAX
            };
            for &(r, x) in &cs.rare {
                if r >= small {
                    break;
                }
                mark(&mut w, x ^ g[m - r]);
            }
        }
        for &j in &self.take {
            mark(&mut w, g[n - j]);
        }
        // The least common value not hit (or 1 << bits), and the rare
        // values below it not reached.
        // (`need` and the table of the scan are filled on the way: no
        // list of the missing values is built.)
        let mut candidate = cs.order.len();
        let need: &mut [u8] = &mut cs.need[..256];
        let mut table = [0u8; 32];
        let mut remaining = 0;
        for (v, &(code, common)) in cs.order.iter().enumerate() {
            if common {
                if w[usize::from(code >> 5)] >> (code & 31) & 1 == 0 {
                    candidate = v;
                    break;
                }
            } else if v != 0 || !zero {
                need[usize::from(code)] = 1;
                let (i, b) = CodeHunt::slot(code);
                table[i] |= b;
                remaining += 1;
            }
        }
        if remaining == 0 {
            return candidate;
        }
        // A code the scan does not look for, for the pairs with a rare
        // small heap (all 256 are looked for only with every rare value
        // missing: then the pairs go one at a time).
        let other = need.iter().position(|&x| x == 0);
        let mut hunt = CodeHunt {
            table,
            need,
            remaining,
        };
        let (front, keep) = (&cs.front[..], &cs.keep[..]);
        let len = front.len();
        let last = cs.last;
        let mut found_all = false;
        'splits: for (&j, &unequal) in self.split.iter().zip(&self.unequal) {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            let half = m / 2 - usize::from(unequal && m.is_multiple_of(2));
            // Pairs (a, m − a) with a < lo or a > hi are scanned: a block
            // from the low end (from the reversed copy, pairs with a rare
            // `a` blended out) and one from the middle (a > last) in turn.
            let (mut lo, mut hi) = (1, half);
            loop {
                let mut moved = false;
                if lo + BLOCK - 1 <= hi.min(len) && (lo > last || other.is_some()) {
                    let at = len + 1 - lo - BLOCK..=len - lo;
                    let xs: &[u8; BLOCK] = front[at.clone()].try_into().expect("a block");
                    let ys: &[u8; BLOCK] =
                        g[m + 1 - lo - BLOCK..=m - lo].try_into().expect("a block");
                    let mut z: [u8; BLOCK] = std::array::from_fn(|i| xs[i] ^ ys[i]);
                    if lo <= last {
                        let ks: &[u8; BLOCK] = keep[at].try_into().expect("a block");
                        let o = other.unwrap_or(0) as u8;
                        z = std::array::from_fn(|i| (z[i] & ks[i]) | (o & !ks[i]));
                    }
                    lo += BLOCK;
                    self.scanned += BLOCK as u64;
                    if hunt.block(&z, &lanes) {
                        found_all = true;
                        break 'splits;
                    }
                    moved = true;
                } else if lo + BLOCK - 1 <= hi {
                    // The reversed copy ends here: it grows before the next heap.
                    cs.far = cs.far.max(lo + BLOCK - 1);
                }
                if hi >= lo.max(last + 1) + BLOCK - 1 {
                    let xs: &[u8; BLOCK] = g[hi + 1 - BLOCK..=hi].try_into().expect("a block");
                    let ys: &[u8; BLOCK] = g[m - hi..m - hi + BLOCK].try_into().expect("a block");
                    let z: [u8; BLOCK] = std::array::from_fn(|i| xs[BLOCK - 1 - i] ^ ys[i]);
                    hi -= BLOCK;
                    self.scanned += BLOCK as u64;
                    if hunt.block(&z, &lanes) {
                        found_all = true;
                        break 'splits;
                    }
                    moved = true;
                }
                if !moved {
                    break;
                }
            }
            // The rest one pair at a time (not those with a rare `a`).
            for a in lo..=hi {
                if cs.common_heap.get(a).is_some_and(|&k| k == 0) {
                    continue;
                }
                self.scanned += 1;
                if hunt.pair(g[a] ^ g[m - a]) {
                    found_all = true;
                    break 'splits;
                }
            }
        }
        let need = &mut *hunt.need;
        // The least rare value below the candidate still missing, if any;
        // `need` cleared for the next heap (the scan cleared every code it
        // found: all of them when it found all).
        let mut value = candidate;
        if !found_all {
            for (v, &(code, common)) in cs.order[..candidate].iter().enumerate() {
                if !common && need[usize::from(code)] != 0 {
                    need[usize::from(code)] = 0;
                    value = value.min(v);
                }
            }
        }
        value
    }
}

/// The scan's state in code space: the rare codes still missing, as a
/// byte a code (`need`) and as the 256-bit set [`plain_lanes`] reads:
/// code `16h + l` is bit `h mod 8` of byte `l + 16·⌊h / 8⌋`.
struct CodeHunt<'a> {
    need: &'a mut [u8],
    table: [u8; 32],
    remaining: usize,
}

impl CodeHunt<'_> {
    /// The byte and the bit of code `c` in the table.
    #[inline(always)]
    fn slot(c: u8) -> (usize, u8) {
        (
            usize::from(c & 15) + 16 * usize::from(c >> 7),
            1 << ((c >> 4) & 7),
        )
    }

    /// Takes code `c` off the missing ones if it is one.
    #[inline(always)]
    fn take(&mut self, c: u8) {
        if self.need[usize::from(c)] != 0 {
            self.need[usize::from(c)] = 0;
            self.remaining -= 1;
            let (i, b) = Self::slot(c);
            self.table[i] &= !b;
        }
    }

    /// Takes the codes of a block of pairs off the missing ones; true once
    /// none is.
    #[inline(always)]
    fn block(
        &mut self,
        z: &[u8; BLOCK],
        missing: &impl Fn(&[u8; BLOCK], &[u8; 32]) -> u64,
    ) -> bool {
        let mut lanes = missing(z, &self.table);
        while lanes != 0 {
            let i = lanes.trailing_zeros() as usize;
            lanes &= lanes - 1;
            self.take(z[i]);
        }
        self.remaining == 0
    }

    /// Takes the code of one pair off the missing ones; true once none is.
    #[inline(always)]
    fn pair(&mut self, c: u8) -> bool {
        self.take(c);
        self.remaining == 0
    }
}
