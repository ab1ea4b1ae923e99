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
//! Speed: batches of heaps and blocks of 64 pairs, as the whole-value
//! kernel. The marks of a batch are bit sets of the 256 codes, a heap in
//! each lane of a vector (no table stores): with AVX-512 sixteen heaps, a
//! compare and a masked OR a word of 32 codes; with AVX2 eight heaps, a
//! variable shift and an OR a word ([`mark_words`]). A pair whose small
//! heap is rare has its code replaced in the block by a code the scan
//! does not look for (a vector blend). A block of 64 pair codes is tested
//! against the set of missing codes at once ([`plain_lanes`]'s law: with
//! AVX-512 one `vpermb` look-up for the 64 lanes, with AVX2 two `pshufb` a
//! 32 lanes), whatever the number of codes missing, and every lane found
//! clears its code without a branch. The candidate is the least common
//! code not marked (the `i`-th common value has code `i`), and the rare
//! values below it are the codes `0 … k − 1`: no loop over the values.
//! Officers to 2·10^6 on one thread: 2.85 s before these (AVX2, a list of
//! the missing values and a branch a lane found), 1.77 s.
//!
//! Two cores ([`Sparse::set_threads`], module `two_cores`): a helper
//! thread marks the far rare pairs of the next blocks as the same bit sets
//! and the rare codes a window of middle pairs reaches; the first thread
//! starts each heap from those ([`Given`]), so the values stay one byte
//! each on two threads too.

use super::{BATCH, BLOCK, Kernel, MAX_MASK_BITS, Sparse, parity};
use crate::games::octal::nimber::{Coded, Coding};

mod two_cores;

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
    /// The `i`-th common value has code `i`, and so has the `i`-th rare
    /// one (within a class the code keeps the order of the values):
    /// `common_value[i]`, and the codes of the common values below
    /// `1 << bits` as a bit set (`common_codes`, a prefix).
    common_value: [u16; 256],
    common_codes: [u32; WORDS],
    /// The rare value of each code, and `rare_below[v]`: the rare values
    /// below `v` (`v ≤ 1 << bits`), so the codes of those below `v` are
    /// `0 … rare_below[v] − 1`.
    rare_value: [u16; 256],
    rare_below: Vec<u16>,
    bits: u32,
    /// The batch's marks: bit `c mod 32` of `words[c / 32][t]` is set when
    /// the common value of code `c` is an option of heap `n + t` (from
    /// the rare pairs [`mark_batch`] makes).
    words: Marks,
    /// The codes of `G(1) … G(len)` reversed, and `common_heap` of those heaps.
    front: Vec<u8>,
    keep: Vec<u8>,
    /// The largest `a` a scan ended at beyond the reversed copy.
    far: usize,
    /// Middle pairs a split the two-thread helper scans (follows the
    /// threads' pace, [`two_cores`]).
    window: usize,
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
            common_value: std::array::from_fn(|c| coding.value(c as u8, false) as u16),
            common_codes: [0; WORDS],
            rare_value: std::array::from_fn(|c| coding.value(c as u8, true) as u16),
            rare_below: Vec::new(),
            bits: 0,
            words: [[0; WIDE]; WORDS],
            front: Vec::new(),
            keep: Vec::new(),
            far: 0,
            window: two_cores::FIRST_WINDOW,
        };
        cs.set_bits(s.bits);
        cs
    }

    fn set_bits(&mut self, bits: u32) {
        self.bits = bits;
        let size = 1usize << bits;
        let common = (0..size).filter(|&v| !self.coding.is_rare(v)).count();
        self.common_codes = std::array::from_fn(|k| {
            let bits = common.saturating_sub(32 * k).min(32);
            1u32.checked_shl(bits as u32).map_or(u32::MAX, |b| b - 1)
        });
        self.rare_below.clear();
        self.rare_below.push(0);
        for v in 0..size {
            let below = self.rare_below[v] + u16::from(self.coding.is_rare(v));
            self.rare_below.push(below);
        }
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

/// Heaps a batch at most: 16 with AVX-512 (a heap a lane of a 512-bit
/// vector of 32-bit words), else [`BATCH`].
const WIDE: usize = 16;

/// The marks of a batch: word `k` of heap `n + t` is `marks[k][t]`.
type Marks = [[u32; WIDE]; WORDS];

/// Marks the rare pairs of the `B` heaps `n + t` (`n = g.len()`) with
/// `B − j ≤ r` in `cs.words` (the others are marked by
/// [`Sparse::settle_coded`]) with `marks` (each heap's marks a bit set
/// of the codes, the heaps in the lanes of a vector: no table stores;
/// with AVX2 0.31 ns a mark against 0.84 ns for one-byte stamps in
/// `bench octal`).
#[inline(always)]
fn mark_batch<const B: usize>(
    s: &Sparse,
    cs: &mut CodeSpace,
    g: &[u8],
    marks: impl Fn(&mut Marks, &[u8], &[u32], &[u8]),
) {
    let n = g.len();
    let last = cs.last;
    let mut acc = [[0u32; WIDE]; WORDS];
    for &j in &s.split {
        let m = n - j;
        let lo = cs.rare.partition_point(|&(r, _)| r < B.saturating_sub(j));
        // G(m − r + t) = w[last − r + t]: the B codes of one rare heap are
        // neighbours, read as one vector.
        let w = &g[m - last..n];
        marks(&mut acc, w, &cs.at[lo..], &cs.codes[lo..]);
    }
    cs.words = acc;
}

/// [`mark_words`] on the first [`BATCH`] lanes of `acc`.
fn mark_eight(acc: &mut Marks, w: &[u8], at: &[u32], codes: &[u8]) {
    let mut eight: [[u32; BATCH]; WORDS] =
        std::array::from_fn(|k| std::array::from_fn(|t| acc[k][t]));
    mark_words(&mut eight, w, at, codes);
    for (a, e) in acc.iter_mut().zip(&eight) {
        a[..BATCH].copy_from_slice(e);
    }
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

/// What is known of heap `n` before [`Sparse::settle_coded`] settles it:
/// the common codes its rare pairs with `r ≥ near − j` reach (split `j`;
/// the others are marked there), the rare codes the pairs `(a, m − a)`
/// with `m / 2 − skip < a ≤ m / 2` reach (all of them common heaps; the
/// scan leaves those pairs out).
#[derive(Debug, Clone, Copy)]
struct Given {
    marks: [u32; WORDS],
    near: usize,
    reached: [u32; WORDS],
    skip: usize,
}

impl Given {
    /// Nothing known: every rare pair is marked and every pair scanned.
    const NONE: Given = Given {
        marks: [0; WORDS],
        near: usize::MAX,
        reached: [0; WORDS],
        skip: 0,
    };
}

/// What a kernel version runs: the one-thread kernel to `until` values,
/// the first thread's part of a two-thread block, or the helper's
/// ([`two_cores`]: its marks on the version's batches).
enum Work<'a> {
    Until(&'a mut Sparse, &'a mut CodeSpace, &'a mut Coded, usize),
    Block(
        &'a mut Sparse,
        &'a mut CodeSpace,
        &'a mut Coded,
        &'a two_cores::Job,
    ),
    Prepare(&'a mut two_cores::Job),
}

/// The same 16 bytes in both 128-bit halves of a vector (`pshufb` looks
/// up in each half on its own).
#[cfg(target_arch = "x86_64")]
fn twice(b: &[u8]) -> std::arch::x86_64::__m256i {
    let half: [u8; 16] = b[..16].try_into().expect("16 bytes");
    bytemuck::cast([half, half])
}

/// A kernel version: [`Sparse::run_coded_with`] compiled for the vector
/// instructions of `targets` (chosen at run time among them), with the
/// scan's look-up compiled for the same ([`plain_lanes`]'s law): the
/// look-up is a function item passed down, so it is inlined into each
/// version (a `multiversion` function of its own cost an indirect call a
/// block of 64 pairs). AVX-512 (with VBMI) looks up 64 codes at once
/// with `vpermb`; AVX2 32 at a time with two `pshufb`.
macro_rules! coded_kernel {
    ($(#[$doc:meta])* $name:ident, $($targets:literal),+) => {
        $(#[$doc])*
        #[multiversion::multiversion(targets($($targets),+))]
    fn $name(work: Work<'_>) -> Result<(), Stop> {
        #[multiversion::target::target_cfg(all(
            target_arch = "x86_64",
            target_feature = "avx512vbmi",
            target_feature = "avx512bw"
        ))]
        #[multiversion::inherit_target]
        fn lanes(z: &[u8; BLOCK], t: &[u8; 32]) -> u64 {
            use std::arch::x86_64::{
                _mm512_and_si512, _mm512_broadcast_i64x4, _mm512_permutexvar_epi8, _mm512_set1_epi8,
                _mm512_set1_epi64, _mm512_shuffle_epi8, _mm512_srli_epi16, _mm512_test_epi8_mask,
            };
            // Byte ⌊c / 8⌋ of the table (`vpermb` reads the low six bits of
            // the index; bit 5, from the next byte of the shift, picks one of
            // the two equal halves), and the bit c mod 8 (`vpshufb` of 1, 2, 4, …).
            let table = _mm512_broadcast_i64x4(bytemuck::cast(*t));
            let zv: std::arch::x86_64::__m512i = bytemuck::cast(*z);
            let row = _mm512_permutexvar_epi8(_mm512_srli_epi16::<3>(zv), table);
            let bits = _mm512_set1_epi64(0x8040_2010_0804_0201_u64 as i64);
            let bit = _mm512_shuffle_epi8(bits, _mm512_and_si512(zv, _mm512_set1_epi8(7)));
            _mm512_test_epi8_mask(row, bit)
        }
        #[multiversion::target::target_cfg(all(
            target_arch = "x86_64",
            target_feature = "avx2",
            not(target_feature = "avx512vbmi")
        ))]
        #[multiversion::inherit_target]
        fn lanes(z: &[u8; BLOCK], t: &[u8; 32]) -> u64 {
            use std::arch::x86_64::{
                __m256i, _mm256_and_si256, _mm256_blendv_epi8, _mm256_cmpeq_epi8, _mm256_movemask_epi8,
                _mm256_set1_epi8, _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_srli_epi16,
            };
            // Byte ⌊c / 8⌋ of the table: bits 3–6 of c pick a byte of each half
            // (`pshufb` looks up in each 128-bit half, so the halves are
            // repeated), bit 7 the half (`blendv` reads the top bit of c); the
            // bit c mod 8 by `pshufb` of 1, 2, 4, ….
            let t0: __m256i = twice(&t[..16]);
            let t1: __m256i = twice(&t[16..]);
            let bit: [u8; 16] = std::array::from_fn(|i| 1u8 << (i & 7));
            let bits: __m256i = twice(&bit);
            let low = _mm256_set1_epi8(0x0F);
            let seven = _mm256_set1_epi8(7);
            let mut out = 0u64;
            for half in 0..2 {
                let zv: __m256i = bytemuck::cast(<[u8; 32]>::try_from(&z[32 * half..32 * half + 32]).expect("32 bytes"));
                let at = _mm256_and_si256(_mm256_srli_epi16::<3>(zv), low);
                let row =
                    _mm256_blendv_epi8(_mm256_shuffle_epi8(t0, at), _mm256_shuffle_epi8(t1, at), zv);
                let hit = _mm256_and_si256(row, _mm256_shuffle_epi8(bits, _mm256_and_si256(zv, seven)));
                let none = _mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, _mm256_setzero_si256()));
                out |= u64::from(!(none as u32)) << (32 * half);
            }
            out
        }
        #[multiversion::target::target_cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        fn lanes(z: &[u8; BLOCK], t: &[u8; 32]) -> u64 {
            plain_lanes(z, t)
        }
        #[multiversion::target::target_cfg(all(
            target_arch = "x86_64",
            target_feature = "avx512vbmi",
            target_feature = "avx512bw"
        ))]
        #[multiversion::inherit_target]
        fn marks(acc: &mut Marks, w: &[u8], at: &[u32], codes: &[u8]) {
            use std::arch::x86_64::{
                __m512i, _mm_set1_epi8, _mm_xor_si128, _mm512_and_si512, _mm512_cmpeq_epi32_mask,
                _mm512_cvtepu8_epi32, _mm512_mask_or_epi32, _mm512_set1_epi32, _mm512_sllv_epi32,
                _mm512_srli_epi32,
            };
            // Lane t: the code z of G(m − r + t) ⊕ G(r) sets bit z mod 32 of
            // word ⌊z / 32⌋ (a compare a word picks the lanes).
            let mut a: [__m512i; WORDS] = std::array::from_fn(|k| bytemuck::cast(acc[k]));
            let word: [__m512i; WORDS] = std::array::from_fn(|k| _mm512_set1_epi32(k as i32));
            let one = _mm512_set1_epi32(1);
            let low = _mm512_set1_epi32(31);
            for (&at, &x) in at.iter().zip(codes) {
                let at = at as usize;
                let v: [u8; WIDE] = w[at..at + WIDE].try_into().expect("WIDE codes");
                let z = _mm512_cvtepu8_epi32(_mm_xor_si128(bytemuck::cast(v), _mm_set1_epi8(x as i8)));
                let bit = _mm512_sllv_epi32(one, _mm512_and_si512(z, low));
                let at_word = _mm512_srli_epi32::<5>(z);
                for k in 0..WORDS {
                    let lanes = _mm512_cmpeq_epi32_mask(at_word, word[k]);
                    a[k] = _mm512_mask_or_epi32(a[k], lanes, a[k], bit);
                }
            }
            for k in 0..WORDS {
                acc[k] = bytemuck::cast(a[k]);
            }
        }
        #[multiversion::target::target_cfg(all(
            target_arch = "x86_64",
            target_feature = "avx512vbmi",
            target_feature = "avx512bw"
        ))]
        const LANES: usize = WIDE;
        #[multiversion::target::target_cfg(not(all(
            target_arch = "x86_64",
            target_feature = "avx512vbmi",
            target_feature = "avx512bw"
        )))]
        fn marks(acc: &mut Marks, w: &[u8], at: &[u32], codes: &[u8]) {
            mark_eight(acc, w, at, codes)
        }
        #[multiversion::target::target_cfg(not(all(
            target_arch = "x86_64",
            target_feature = "avx512vbmi",
            target_feature = "avx512bw"
        )))]
        const LANES: usize = BATCH;
        // Closures: a function with target features is not `Fn` itself.
        let lanes = |z: &[u8; BLOCK], t: &[u8; 32]| lanes(z, t);
        let marks = |a: &mut Marks, w: &[u8], at: &[u32], x: &[u8]| marks(a, w, at, x);
        match work {
            Work::Until(s, cs, c, until) => s.run_coded_with::<LANES, _, _>(cs, c, until, lanes, marks),
            Work::Block(s, cs, c, job) => s.settle_coded_block::<LANES, _, _>(cs, c, job, lanes, marks),
            Work::Prepare(job) => {
                job.prepare::<LANES>(marks);
                Ok(())
            }
        }
    }
    };
}

coded_kernel!(
    /// The coded kernel on the processor's best version: AVX-512 with VBMI,
    /// else AVX2, else plain x86-64.
    dispatched,
    "x86_64+avx2+avx512f+avx512bw+avx512vl+avx512vbmi",
    "x86_64+avx2"
);
coded_kernel!(
    /// The coded kernel's AVX2 version even on a processor with AVX-512
    /// ([`Kernel::Avx2`]: how tests run it there).
    dispatched_avx2,
    "x86_64+avx2"
);

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

    /// Extends the coded values `c` to `until` values (on two threads
    /// with [`Sparse::set_threads`] of two or more, for at least two blocks
    /// of 256 heaps: the same values); stops early before a heap it cannot
    /// settle in codes ([`Stop`]).
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
        let result = if self.threads >= 2
            && !self.split.is_empty()
            && until >= c.len() + 2 * two_cores::HEAPS
        {
            self.run_two_coded(&mut cs, c, until, kernel)
        } else {
            match kernel {
                Kernel::Dispatched => dispatched(Work::Until(self, &mut cs, c, until)),
                Kernel::Avx2 => dispatched_avx2(Work::Until(self, &mut cs, c, until)),
                Kernel::Baseline => {
                    self.run_coded_with::<BATCH, _, _>(&mut cs, c, until, plain_lanes, mark_eight)
                }
            }
        };
        // After a stop the tables are not used again: the coding or the
        // rare heaps change (a new rare heap, a new mask), or the values
        // stay whole (a value of 512 or more). Their reversed copy goes.
        self.code_space = result.is_ok().then_some(cs);
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
    fn run_coded_with<const B: usize, L, M>(
        &mut self,
        cs: &mut CodeSpace,
        c: &mut Coded,
        until: usize,
        lanes: L,
        marks: M,
    ) -> Result<(), Stop>
    where
        L: Fn(&[u8; BLOCK], &[u8; 32]) -> u64 + Copy,
        M: Fn(&mut Marks, &[u8], &[u32], &[u8]) + Copy,
    {
        debug_assert!(Some(c.coding()) == Coding::new(self.mask));
        while c.len() < until {
            let n = c.len();
            if n < self.coded_from() || self.remask {
                return Err(Stop::Unpack);
            }
            cs.grow_front(c.codes());
            let epoch = self.epoch;
            let batch = self.batched && n >= self.paired_from && n + B <= until;
            if batch {
                mark_batch::<B>(self, cs, c.codes(), marks);
            }
            for t in 0..if batch { B } else { 1 } {
                let n = c.len();
                let given = if batch {
                    Given {
                        marks: std::array::from_fn(|k| cs.words[k][t]),
                        near: B,
                        ..Given::NONE
                    }
                } else {
                    Given::NONE
                };
                let v = self.settle_coded(cs, c.codes(), &given, lanes);
                self.push_coded(cs, c, n, v)?;
                if self.epoch != epoch {
                    break; // new tables: the marks are made again
                }
            }
        }
        Ok(())
    }

    /// Pushes `G(n) = v` (`n = c.len()`) as a code and records it; stops
    /// before a value with no code, and after a rare value (a new last
    /// rare heap) or when a new mask is wanted (see [`Stop`]).
    #[inline(always)]
    fn push_coded(
        &mut self,
        cs: &mut CodeSpace,
        c: &mut Coded,
        n: usize,
        v: usize,
    ) -> Result<(), Stop> {
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

    /// `G(n)` for `n = g.len()` (codes) from what is `given` (the marks
    /// of its rare pairs with `r ≥ near − j`, the rare codes reached by
    /// the `skip` middle pairs a split): the rest of the marks, the
    /// candidate and the scan (see the module law).
    #[inline(always)]
    fn settle_coded<L: Fn(&[u8; BLOCK], &[u8; 32]) -> u64 + Copy>(
        &mut self,
        cs: &mut CodeSpace,
        g: &[u8],
        given: &Given,
        lanes: L,
    ) -> usize {
        let n = g.len();
        let mut w: [u32; WORDS] = given.marks;
        let mut zero = false;
        for (&j, &unequal) in self.split.iter().zip(&self.unequal) {
            if n < j + 2 {
                continue;
            }
            let m = n - j;
            // The pair (m / 2, m / 2) gives 0 (rare), unless `!` leaves it out.
            zero |= m.is_multiple_of(2) && !unequal;
            let small = given.near.saturating_sub(j);
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
        // The least common value not hit (or 1 << bits): the least common
        // code not marked. The rare values below it are those of the codes
        // `0 … k − 1`; the scan looks for them (not 0, code 0, if a pair
        // (m / 2, m / 2) reaches it).
        let candidate = (0..WORDS)
            .find_map(|k| {
                let free = !w[k] & cs.common_codes[k];
                (free != 0)
                    .then(|| usize::from(cs.common_value[32 * k + free.trailing_zeros() as usize]))
            })
            .unwrap_or(1 << cs.bits);
        let k = usize::from(cs.rare_below[candidate]);
        let from = usize::from(zero);
        if k <= from {
            return candidate;
        }
        // Less the rare codes the window reached (same layout: code `c` is
        // bit `c mod 8` of byte `⌊c / 8⌋`).
        let mut table = CodeHunt::range(from, k);
        for (t, r) in table
            .iter_mut()
            .zip(given.reached.iter().flat_map(|w| w.to_le_bytes()))
        {
            *t &= !r;
        }
        let remaining: usize = table.iter().map(|b| b.count_ones() as usize).sum();
        if remaining == 0 {
            return candidate;
        }
        // A code the scan does not look for, for the pairs with a rare
        // small heap (all 256 are looked for only with every rare value
        // missing: then the pairs go one at a time).
        let other = if from == 1 {
            Some(0)
        } else {
            (k < 256).then_some(k)
        };
        let mut hunt = CodeHunt { table, remaining };
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
            let (mut lo, mut hi) = (1, half.saturating_sub(given.skip));
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
        // The least rare value below the candidate still missing, if any:
        // the least code still in the table.
        let missing = |c: &usize| {
            let (i, b) = CodeHunt::slot(*c as u8);
            hunt.table[i] & b != 0
        };
        if !found_all && let Some(c) = (from..k).find(missing) {
            usize::from(cs.rare_value[c])
        } else {
            candidate
        }
    }
}

/// The scan's state in code space: the rare codes still missing, as the
/// 256-bit set [`plain_lanes`] reads (code `c` is bit `c mod 8` of byte
/// `⌊c / 8⌋`), and their number.
struct CodeHunt {
    table: [u8; 32],
    remaining: usize,
}

impl CodeHunt {
    /// The byte and the bit of code `c` in the table.
    #[inline(always)]
    fn slot(c: u8) -> (usize, u8) {
        (usize::from(c >> 3), 1 << (c & 7))
    }

    /// The table of the codes `from … to − 1` (`from ≤ to ≤ 256`).
    #[inline(always)]
    fn range(from: usize, to: usize) -> [u8; 32] {
        // The codes below `k` as four little-endian words.
        let below = |k: usize| -> [u64; 4] {
            std::array::from_fn(|q| {
                let n = k.saturating_sub(64 * q).min(64) as u32;
                1u64.checked_shl(n).map_or(u64::MAX, |b| b - 1)
            })
        };
        let (hi, lo) = (below(to), below(from));
        let mut t = [0u8; 32];
        for q in 0..4 {
            t[8 * q..8 * q + 8].copy_from_slice(&(hi[q] & !lo[q]).to_le_bytes());
        }
        t
    }

    /// Takes code `c` off the missing ones if it is one.
    #[inline(always)]
    fn take(&mut self, c: u8) {
        let (i, b) = Self::slot(c);
        if self.table[i] & b != 0 {
            self.table[i] &= !b;
            self.remaining -= 1;
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
        if lanes == 0 {
            return false;
        }
        // Every lane found clears its code, without a branch (a code may be
        // in several lanes); then the count.
        while lanes != 0 {
            let (i, b) = Self::slot(z[lanes.trailing_zeros() as usize]);
            self.table[i] &= !b;
            lanes &= lanes - 1;
        }
        self.remaining = self.table.iter().map(|b| b.count_ones() as usize).sum();
        self.remaining == 0
    }

    /// Takes the code of one pair off the missing ones; true once none is.
    #[inline(always)]
    fn pair(&mut self, c: u8) -> bool {
        self.take(c);
        self.remaining == 0
    }
}
