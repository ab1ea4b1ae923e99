//! Benchmarks of the octal sparse-space kernel on Officers (0.6), the record
//! game: the kernel per heap near heap 10^6, and the floor its first step
//! cannot go below on this hardware.
//!
//! The kernel's first step for a heap `n` marks `G(r) ⊕ G(n − 1 − r)` for
//! every rare heap `r ≥ 1` (Officers has 1,583 and heap 0, none after heap
//! 20,627): one
//! table store a rare heap and heap, whatever else the kernel does, because
//! the least common value not marked is `G(n)`'s candidate and only an
//! exhaustive mark proves a value absent. `rare_marks_floor` times exactly
//! those stores (eight heaps a pass over the rare heaps, one byte a mark, as
//! the kernel batches them) on Officers' real rare heaps and values near heap
//! 10^6, with nothing else: a lower bound on the kernel's time a heap.
//! `rare_marks_bitset_floor` marks the same pairs the other way round: each
//! value compressed to one byte (the lowest bit of the mask deleted: a
//! linear map, so `code(x ⊕ y) = code(x) ⊕ code(y)`, and a heap's class gives
//! the bit back), and each heap's marks a bit set of the codes, eight heaps
//! in the lanes of one vector (a variable shift a lane, `vpsllvd` with AVX2),
//! no table stores.

use std::sync::OnceLock;

use multiversion::multiversion;
use takeaway::games::octal::code::OctalCode;
use takeaway::games::octal::sparse::Sparse;

fn main() {
    divan::main();
}

/// Heaps computed before the timed part.
const FROM: usize = 1_000_000;

/// Heaps the kernel computes in one timed call.
const HEAPS: usize = 4_096;

fn officers() -> OctalCode {
    OctalCode::parse("0.6").unwrap_or_else(|e| panic!("0.6 parses: {e}"))
}

/// `G(0 … FROM + 8)` of Officers (two bytes a value: they pass 255 at heap
/// 671,288), computed once.
fn values() -> &'static Vec<u16> {
    static VALUES: OnceLock<Vec<u16>> = OnceLock::new();
    VALUES.get_or_init(|| {
        let mut s = Sparse::new(&officers());
        let mut g: Vec<u16> = Vec::with_capacity(FROM + 8);
        s.resume(&g);
        s.run(&mut g, FROM + 8)
            .unwrap_or_else(|v| panic!("Officers' values fit two bytes (got {v})"));
        g
    })
}

/// The sparse-space mask of Officers' first 10^6 values and the rare heaps
/// `r ≥ 1` with their values.
fn rare_heaps() -> (usize, Vec<(usize, usize)>) {
    let g = values();
    let mut s = Sparse::new(&officers());
    s.resume(&g[..FROM]);
    let mask = s.mask();
    let rare: Vec<(usize, usize)> = (1..FROM)
        .map(|r| (r, usize::from(g[r])))
        .filter(|&(_, v)| (v & mask).count_ones().is_multiple_of(2))
        .collect();
    // mvr/officers' sparse list has 1,584 heaps below 20,627, heap 0 among
    // them; heap 0's pair is the move leaving one heap, not a rare pair.
    assert_eq!(rare.len(), 1_583, "Officers' rare heaps r ≥ 1");
    (mask, rare)
}

/// The kernel (one thread) from heap 10^6 on: `HEAPS` heaps a call (divide
/// the time by 4,096 for the time a heap). Includes the state's rebuild
/// from the first 10^6 values (about 1 ms).
#[divan::bench(sample_count = 10)]
fn kernel_near_10_6(bencher: divan::Bencher<'_, '_>) {
    let code = officers();
    let base = &values()[..FROM];
    bencher
        .with_inputs(|| {
            let mut g = Vec::with_capacity(FROM + HEAPS);
            g.extend_from_slice(base);
            g
        })
        .bench_local_values(|mut g: Vec<u16>| {
            let mut s = Sparse::new(&code);
            s.resume(&g);
            s.run(&mut g, FROM + HEAPS)
                .unwrap_or_else(|v| panic!("fits two bytes (got {v})"));
            g[FROM + HEAPS - 1]
        });
}

/// The marks alone, for `HEAPS` heaps near heap 10^6: a pass over the 1,583
/// rare heaps for each batch of eight heaps, storing the eight values
/// `G(r) ⊕ G(m + t − r)` into a one-byte stamp table `hits[value][t]`
/// (divide by 4,096 × 1,583 for the time a mark).
#[divan::bench(sample_count = 10)]
fn rare_marks_floor(bencher: divan::Bencher<'_, '_>) {
    let g = values();
    let (_, rare) = rare_heaps();
    let mut hits = Box::new([[0u8; 8]; 512]);
    // Heap m − r + t, t < 8, is read for heap n + t: all below FROM.
    bencher.bench_local(|| {
        let mut stamp = 0u8;
        for n in (FROM - HEAPS..FROM).step_by(8) {
            stamp = stamp.wrapping_add(1);
            let m = n - 1;
            for &(r, x) in &rare {
                let w: &[u16; 8] = g[m - r..m - r + 8]
                    .try_into()
                    .unwrap_or_else(|e| panic!("eight values: {e}"));
                let x = x as u16;
                let z: [u16; 8] = std::array::from_fn(|t| (w[t] ^ x) & 511);
                for (t, &z) in z.iter().enumerate() {
                    hits[usize::from(z)][t] = stamp;
                }
            }
        }
        divan::black_box(&hits);
    });
}

/// The same pairs as [`rare_marks_floor`], marked as bit sets of one-byte
/// codes: for eight heaps at a time, six 32-bit words a heap (codes below
/// 192: Officers' values stay below 384), one shift and one OR a word and
/// rare heap (divide by 4,096 × 1,583 for the time a mark).
#[divan::bench(sample_count = 10)]
fn rare_marks_bitset_floor(bencher: divan::Bencher<'_, '_>) {
    let g = values();
    let (mask, rare) = rare_heaps();
    let b = mask.trailing_zeros();
    let low = (1usize << b) - 1;
    let code = |v: usize| -> u8 {
        u8::try_from(((v >> (b + 1)) << b) | (v & low))
            .unwrap_or_else(|e| panic!("a code below 256 ({v}): {e}"))
    };
    let codes: Vec<u8> = g.iter().map(|&v| code(usize::from(v))).collect();
    let rare: Vec<(usize, u8)> = rare.iter().map(|&(r, _)| (r, codes[r])).collect();
    assert!(
        codes[..FROM].iter().all(|&c| c < 192),
        "Officers' codes stay below 192"
    );
    bencher.bench_local(|| {
        let mut words = 0u32;
        for n in (FROM - HEAPS..FROM).step_by(8) {
            let acc = bitset_marks(&codes, &rare, n - 1);
            words ^= acc[0][0] ^ acc[5][7];
        }
        words
    });
}

/// Six words a heap for the heaps `m + 1 + t`, `t < 8`: bit `c mod 32` of
/// word `c / 32` set for every code `c = code(G(r)) ⊕ code(G(m + t − r))`.
#[multiversion(targets("x86_64+avx2"))]
fn bitset_marks(codes: &[u8], rare: &[(usize, u8)], m: usize) -> [[u32; 8]; 6] {
    let mut acc = [[0u32; 8]; 6];
    for &(r, x) in rare {
        let w: &[u8; 8] = codes[m - r..m - r + 8]
            .try_into()
            .unwrap_or_else(|e| panic!("eight codes: {e}"));
        let z: [u32; 8] = std::array::from_fn(|t| u32::from(w[t] ^ x));
        for (j, a) in acc.iter_mut().enumerate() {
            for (a, &z) in a.iter_mut().zip(&z) {
                *a |= 1u32.checked_shl(z.wrapping_sub(32 * j as u32)).unwrap_or(0);
            }
        }
    }
    acc
}
