//! The one-byte coded kernel's stops ([`Stop`]) other than a new rare heap
//! (which `octal_sequence` tests on 0.034 at heap 71,722): a value of 512 or
//! more (`Stop::Value`), and a new mask wanted while coded (`Stop::Unpack`,
//! then [`Sparse::remask`] and codes under the new mask).
//!
//! While coded every new value is common (a rare one stops the kernel
//! first): it takes one from `rare − common` under the current mask and
//! adds or takes one under any other mask of as many bits, so a mask that
//! was the best when the coding began stays so until a value needs one bit
//! more (the mask is chosen at powers of two, so it may already have been
//! overtaken when the coding began). 0.561 needs a new bit at heap 22,778
//! (its first 64: `takeaway table octal:0.561 --rows 100001 --summary`
//! says "largest value 64, first at n = 22778"), while coded from heap
//! 4,096: a real run is tested. No code was found whose values pass 511
//! while coded (of the non-periodic codes `0.d1d2d3` and `4.d1d2d3` whose
//! largest value below heap 100,000 is from 512 to 2,047, none is coded
//! there), so for `Stop::Value` the kernels continue constructed first
//! values: `G(1) … G(L)` rare under a mask and `G(L + 1) … G(N − 1)`
//! common, drawn by a fixed pseudo-random generator, which is what the
//! kernels take from a real run at heap `N` (they extend any given values
//! by the rule `G(n) = mex` of the options, with the rare heaps those up to
//! `L`). Each run is compared with the whole-value kernel from the same
//! values, and the constructed ones with the rule itself, computed here
//! over every move of Officers (`0.6`: take one, leaving one heap or two).

use takeaway::games::octal::code::OctalCode;
use takeaway::games::octal::nimber::{Coded, Values};
use takeaway::games::octal::sparse::{Kernel, Sparse, Stop};

/// Officers: a move takes one token and leaves one heap or two.
const CODE: &str = "0.6";

/// Rare heaps `1 … L`.
const L: usize = 3000;

/// First values given: `G(0) … G(N − 1)`, `N` past `2L + 2` (the coded
/// kernel's start) with about 3,000 pairs of common heaps a heap, so that
/// every value below the next power of two is an option of heap `N`.
const N: usize = 12_000;

/// A fixed xorshift generator (the values it draws are part of the test).
fn draws(mut x: u64) -> impl FnMut(u32) -> u32 {
    move |below| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % u64::from(below)) as u32
    }
}

/// `G(0) = 0`, `G(1 … L)` drawn from `rare`, `G(L + 1 … N − 1)` from `common`
/// (values `lo + draw(count)`).
fn first_values(seed: u64, rare: (u32, u32), common: (u32, u32)) -> Vec<u32> {
    let mut draw = draws(seed);
    let mut g = vec![0];
    g.extend((1..=L).map(|_| rare.0 + draw(rare.1)));
    g.extend((L + 1..N).map(|_| common.0 + draw(common.1)));
    g
}

/// `g` extended to `until` by the rule: `G(n)` is the least value that is
/// not an option of heap `n` (every move of `code`, which has no `!`).
fn by_the_rule(code: &OctalCode, g: &[u32], until: usize) -> Vec<u32> {
    let mut g = g.to_vec();
    for n in g.len()..until {
        let mut option = vec![false; 1 << 16];
        for j in 1..=code.max_take().min(n) {
            if n == j && code.allows(j, 0) {
                option[0] = true;
            }
            if n > j && code.allows(j, 1) {
                option[g[n - j] as usize] = true;
            }
            if n >= j + 2 && code.allows(j, 2) {
                for a in 1..=(n - j) / 2 {
                    option[(g[a] ^ g[n - j - a]) as usize] = true;
                }
            }
        }
        g.push(option.iter().position(|&o| !o).unwrap() as u32);
    }
    g
}

/// The whole-value kernel (two bytes a value) from `g` to `until`.
fn whole(code: &OctalCode, g: &[u32], until: usize) -> Vec<u32> {
    let mut s = Sparse::new(code);
    let mut v: Vec<u16> = g.iter().map(|&x| x as u16).collect();
    s.resume(&v);
    s.run(&mut v, until).unwrap();
    v.into_iter().map(u32::from).collect()
}

/// A stop of the coded kernel: the values known then, why, and the mask
/// before and after it.
#[derive(Debug, PartialEq, Eq)]
struct Stopped {
    at: usize,
    stop: Stop,
    mask: (usize, usize),
}

/// From `g` to `until` the way the solver runs on `threads` threads: coded
/// whenever [`Sparse::coding_at`] allows it (looked at every 4,096 heaps
/// and after each stop), else whole values two bytes each. The values, the
/// stops of the coded kernel, and the masks of the codings used.
fn coded(
    code: &OctalCode,
    g: &[u32],
    until: usize,
    kernel: Kernel,
    threads: usize,
) -> (Vec<u32>, Vec<Stopped>, Vec<usize>) {
    let mut s = Sparse::new(code);
    s.set_threads(threads);
    let mut values = Values::U16(g.iter().map(|&x| x as u16).collect());
    if let Values::U16(v) = &values {
        s.resume(v);
    }
    let (mut stops, mut codings) = (Vec::new(), Vec::new());
    while values.len() < until {
        if let Values::U16(v) = &values
            && let Some(coding) = s.coding_at(v.len())
        {
            let mut c = Coded::new(coding, until);
            for &x in v {
                c.push(u32::from(x)).unwrap();
            }
            codings.push(coding.mask());
            values = Values::Coded(c);
        }
        let stop = match &mut values {
            Values::Coded(c) => s.run_coded_on(c, until, kernel).err(),
            Values::U16(v) => {
                let to = (v.len() + 4096).min(until);
                s.run(v, to).err().map(Stop::Value)
            }
            _ => unreachable!("two-byte or coded values"),
        };
        let Some(stop) = stop else { continue };
        let before = s.mask();
        let was_coded = matches!(values, Values::Coded(_));
        values.widen(2);
        let Values::U16(v) = &mut values else {
            unreachable!("widened to two bytes")
        };
        if let Stop::Value(x) = stop {
            v.push(x as u16);
            s.record(v);
        } else {
            s.remask(v);
        }
        if was_coded {
            stops.push(Stopped {
                at: v.len(),
                stop,
                mask: (before, s.mask()),
            });
        }
    }
    let mut out = Vec::new();
    values.for_each(|x| out.push(x));
    (out, stops, codings)
}

/// A value of 512 or more has no code: the coded kernel stops before heap
/// `N` with it (`Stop::Value`), and the values go on two bytes each. The
/// first values: mask 0x100 (rare: below 256), rare values drawn below
/// 256, common ones from 256 to 511, so that by the rule every value below
/// 512 is an option of heap `N` (checked) and `G(N) = 512`. Its tenth bit
/// has the mask chosen again, 0x300 (each mask `m` below 512 counts 512 as
/// rare and `m + 512` as common: 0x300 has one rare heap fewer than 0x100,
/// the best before).
#[test]
fn the_coded_kernel_stops_at_a_value_of_512() {
    let code = OctalCode::parse(CODE).unwrap();
    let g = first_values(0x5eed_0512, (0, 256), (256, 256));
    let until = N + 300;
    let want = by_the_rule(&code, &g, until);
    assert_eq!(want[N], 512, "the rule gives 512 at heap N");
    assert_eq!(whole(&code, &g, until), want, "the whole-value kernel");
    for kernel in [Kernel::Dispatched, Kernel::Avx2, Kernel::Baseline] {
        let (got, stops, codings) = coded(&code, &g, until, kernel, 1);
        assert_eq!(
            codings,
            [0x100],
            "{kernel:?}: coded under the mask of the construction"
        );
        assert_eq!(
            stops,
            [Stopped {
                at: N + 1,
                stop: Stop::Value(512),
                mask: (0x100, 0x300)
            }],
            "{kernel:?}"
        );
        assert!(got == want, "{kernel:?}: the values");
    }
}

/// A new mask while coded: the first values lie below 128 (7 bits) with
/// mask 0x40 (rare: below 64; rare values drawn below 64, common ones from
/// 64 to 127), so by the rule `G(N) = 128` (checked), rare under 0x40. The
/// eighth bit makes the mask be chosen again: each mask `m` below 128 counts
/// 128 as rare and `m + 128` as common, so 0xC0 has one rare heap fewer than
/// 0x40, the best before (`(rare − common)` two less). The kernel stops after
/// heap `N` (`Stop::Unpack`), the mask becomes 0xC0, under which heap `N` is
/// common and the last rare heap still `L`, and the run is coded again in
/// the new codes from heap `N + 1` on.
#[test]
fn the_coded_kernel_stops_for_a_new_mask_and_codes_again() {
    let code = OctalCode::parse(CODE).unwrap();
    let g = first_values(0x5eed_00c0, (0, 64), (64, 64));
    let until = N + 300;
    let want = by_the_rule(&code, &g, until);
    assert_eq!(want[N], 128, "the rule gives 128 at heap N");
    assert_eq!(whole(&code, &g, until), want, "the whole-value kernel");
    for kernel in [Kernel::Dispatched, Kernel::Avx2, Kernel::Baseline] {
        let (got, stops, codings) = coded(&code, &g, until, kernel, 1);
        assert_eq!(
            stops.first(),
            Some(&Stopped {
                at: N + 1,
                stop: Stop::Unpack,
                mask: (0x40, 0xC0)
            }),
            "{kernel:?}"
        );
        assert_eq!(
            codings[..2],
            [0x40, 0xC0],
            "{kernel:?}: coded again, new codes"
        );
        assert!(got == want, "{kernel:?}: the values");
    }
}

/// 0.561 is coded from heap 4,096 under the mask 0x1b; its first 64, at
/// heap 22,778, is a seventh bit, and the mask chosen again is 0x5b: the
/// kernel stops after that heap (`Stop::Unpack`; 64 is also rare under
/// 0x1b), and the run is coded again under 0x5b from heap 22,779 on. The
/// values are the whole-value kernel's (the masks and heaps are this
/// program's run, found by a search of the three-digit codes). The same on
/// two threads: the coded stretches run with the helper (blocks of 256
/// heaps; the stop comes in the middle of one), and stop at the same heap.
/// (The two constructed runs above go 300 heaps past `N`, less than the two
/// blocks the helper needs: one thread only.)
#[test]
fn a_new_bit_in_0_561_stops_the_coded_kernel_and_it_codes_again() {
    use takeaway::games::octal::sparse::kernel_values;
    let code = OctalCode::parse("0.561").unwrap();
    let until = 30_000;
    let want = kernel_values(&code, until, 2, Kernel::Dispatched).unwrap();
    for (kernel, threads) in [Kernel::Dispatched, Kernel::Avx2, Kernel::Baseline]
        .into_iter()
        .flat_map(|k| [(k, 1), (k, 2)])
    {
        let (got, stops, codings) = coded(&code, &[], until, kernel, threads);
        assert_eq!(
            stops,
            [Stopped {
                at: 22_779,
                stop: Stop::Unpack,
                mask: (0x1b, 0x5b)
            }],
            "{kernel:?}, {threads} threads"
        );
        assert_eq!(codings, [0x1b, 0x5b], "{kernel:?}, {threads} threads");
        assert!(got == want, "{kernel:?}, {threads} threads: the values");
    }
}
