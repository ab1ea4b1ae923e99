//! Octal games' Grundy sequences: the sparse-space solver against the
//! definition (every code with at most three digits after the point), the
//! octal periodicity theorem against brute force, known periods from the
//! literature, subtraction games as octal codes, and checkpoints.

use rayon::prelude::*;
use takeaway::games::octal::{
    checkpoint,
    code::OctalCode,
    naive,
    nimber::Values,
    period::{self, Period},
    solve::{self, Outcome, Run, Solved, solve},
};
use takeaway::games::{Family, Game, TableRequest};

/// Every code `d0.d1d2d3` with `d0 ∈ {0, 4}` and octal digits (2 · 8³ = 1024
/// codes; those with trailing zeros are the shorter codes, checked again).
fn three_digit_codes() -> Vec<OctalCode> {
    let mut out = Vec::new();
    for d0 in [0, 4] {
        for x in 0..512 {
            let text = format!("{d0}.{}{}{}", x / 64, (x / 8) % 8, x % 8);
            out.push(OctalCode::parse(&text).unwrap());
        }
    }
    out
}

fn values(v: &[u32]) -> Values {
    let mut out = Values::with_capacity(v.len());
    v.iter().for_each(|&g| out.push(g));
    out
}

fn done(code: &OctalCode, rows: u64) -> Solved {
    match solve(code, Run::new(rows)).unwrap() {
        Outcome::Done(s) => s,
        Outcome::Saved { .. } => panic!("not stopped"),
    }
}

/// Acceptance: the solver (sparse space, stopping at a proved period and
/// extending it) equals the mex over every removal and split, for heaps ≤ 1,000.
#[test]
fn every_three_digit_code_agrees_with_the_definition_to_1000() {
    let bad: Vec<String> = three_digit_codes()
        .par_iter()
        .filter(|code| solve::grundy(code, 1001).unwrap() != naive::grundy(code, 1001))
        .map(|c| c.to_string())
        .collect();
    assert!(bad.is_empty(), "disagree with the definition: {bad:?}");
}

/// The theorem as used: a period proved from the first 400 values holds on
/// the first 1,200 computed by the definition, is the least period there and
/// starts right after the last exception.
#[test]
fn periods_proved_from_400_values_hold_to_1200() {
    let proved: Vec<(String, Period)> = three_digit_codes()
        .par_iter()
        .filter_map(|code| {
            let g = naive::grundy(code, 1200);
            let p = period::prove(code, &values(&g[..400]))?;
            for n in p.preperiod..1200 - p.period {
                assert_eq!(g[n], g[n + p.period], "{code}: period {p:?} fails at {n}");
            }
            if p.preperiod > 0 {
                let n = p.preperiod - 1;
                assert_ne!(
                    g[n],
                    g[n + p.period],
                    "{code}: {p:?} is not the least pre-period"
                );
            }
            for q in 1..p.period {
                let holds = (p.preperiod..1200 - q).all(|n| g[n] == g[n + q]);
                assert!(!holds, "{code}: {q} is a smaller period than {p:?}");
            }
            Some((code.to_string(), p))
        })
        .collect();
    // Most short codes have small periods: the test is not vacuous.
    assert!(proved.len() > 500, "only {} periods proved", proved.len());
}

/// A run shorter than the theorem's range proves nothing, even when the
/// values repeat: never a period from repetition alone.
#[test]
fn no_period_from_repetition_alone() {
    let kayles = OctalCode::parse("0.77").unwrap();
    let g = naive::grundy(&kayles, 400);
    // Kayles: period 12 from 71 needs G(n + 12) = G(n) for n < 2·71 + 12 + 2 = 156.
    assert!(period::prove(&kayles, &values(&g[..167])).is_none());
    let p = period::prove(&kayles, &values(&g[..168])).unwrap();
    assert_eq!((p.period, p.preperiod, p.needed), (12, 71, 156));
}

fn assert_period(code: &str, period: usize, last_exception: usize, rows: u64) {
    let s = done(&OctalCode::parse(code).unwrap(), rows);
    let p = s
        .period
        .unwrap_or_else(|| panic!("{code}: no period proved in {rows}"));
    assert_eq!(
        (p.period, p.preperiod),
        (period, last_exception + 1),
        "{code}"
    );
}

/// Periods and last exceptions from the literature, proved by the solver.
#[test]
fn known_periods_are_proved() {
    // Kayles: period 12, last exception 70 (Guy and Smith 1956; Winning Ways, ch. 4; OEIS A002186).
    assert_period("0.77", 12, 70, 1000);
    // Dawson's chess 0.137: period 34, last exception 51 (OEIS A002187,
    // "the only exceptions at n = 0, 14, 16, 17, 31, 34 and 51"; Winning Ways pp. 89, 102).
    assert_period("0.137", 34, 51, 1000);
    // Dawson's Kayles 0.07 has values a(n − 1) and 0.4 values a(n − 2) of
    // A002187 (its comments): last exceptions 52 and 53.
    assert_period("0.07", 34, 52, 1000);
    assert_period("0.4", 34, 53, 1000);
    // 0.177: period 20, last exception 496 (OEIS A071435; Winning Ways, ch. 4, p. 102).
    assert_period("0.177", 20, 496, 4000);
    // 0.1377: period 24, last exception 140 (OEIS A071434; Winning Ways, ch. 4, p. 102).
    assert_period("0.1377", 24, 140, 1000);
    // 0.11377: period 32, last exception 186 (OEIS A071452; Winning Ways, ch. 4, p. 104).
    assert_period("0.11377", 32, 186, 1000);
    // 0.117: period 48, last exception 46 (OEIS A071453; Winning Ways, ch. 4, p. 104).
    assert_period("0.117", 48, 46, 1000);
    // 0.127: period 4, last exception 46,577 (Gangolli and Plambeck 1989; OEIS A071464).
    assert_period("0.127", 4, 46_577, 200_000);
}

/// 0.56: period 144 (Gangolli and Plambeck 1989; OEIS A071436). A071436
/// gives the last exception as 326,637; the values here, whose checksum over
/// G(0) … G(700,000) is the one `ogsolve -m rc2 -n 700000 0.56` prints
/// (48FC5BAD, ogsolve 0.0.7), have G(326,639) = 26 ≠ G(326,783) = 16: the
/// last exception is 326,639. Checked independently: the values ogsolve
/// prints (`-p`, same indexing as A071436: a(1) = 1, a(2) = 0, a(3) = 2) give
/// the same G(326,639) and G(326,783), and the mex over every move of those
/// heaps, recomputed from ogsolve's values by the rules, gives them again;
/// G(326,637) = G(326,781) = 8, so 326,637 is no exception: A071436's
/// comment is off by two, and ogsolve's own pre-period (326,640) agrees.
#[test]
fn period_of_0_56_is_proved_with_ogsolve_s_values() {
    let s = done(&OctalCode::parse("0.56").unwrap(), 700_001);
    let p = s.period.unwrap();
    assert_eq!((p.period, p.preperiod), (144, 326_640));
    let sum = takeaway::games::octal::report::summarize(&s);
    assert_eq!(sum.checksum.as_deref(), Some("48FC5BAD"));
}

/// Frequencies of 0.167's values as the `octal` solver publishes them
/// (Rogalski, github.com/rogalski-wmii-uni-lodz-pl/octal, file
/// results/0.167/1048576: `value count` lines adding up to 2^20; they count
/// heaps 1 … 2^20 — G(0) = 0 left out, G(2) = 0 counted).
#[test]
fn frequencies_of_0_167_match_the_octal_solver() {
    const PUBLISHED: &str = "0 1 1 77039 2 10 3 77225 4 44691 5 8 6 44754 7 5 8 123987 9 5 \
        10 123794 11 2 12 6 13 84981 14 3 15 84807 16 73812 17 1 18 72137 20 8 21 42946 \
        22 10 23 43127 25 22683 27 22343 28 13883 30 13894 32 46129 34 25645 37 4619 \
        39 3939 41 1026 43 660 44 151 46 155 49 51 51 33 52 2 54 2 56 2";
    let numbers: Vec<u64> = PUBLISHED
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let published: std::collections::BTreeMap<u32, u64> =
        numbers.chunks(2).map(|p| (p[0] as u32, p[1])).collect();
    let s = done(&OctalCode::parse("0.167").unwrap(), (1 << 20) + 1);
    let mut counts = takeaway::games::octal::report::summarize(&s).counts;
    *counts.get_mut(&0).unwrap() -= 1; // heap 0
    assert_eq!(counts, published);
    assert!(s.period.is_none());
    // `--freq` writes that file byte for byte: the fixture is
    // results/0.167/1048576 of github.com/rogalski-wmii-uni-lodz-pl/octal
    // (MIT licence, © 2023 Marek Rogalski), copied unchanged — every value
    // up to the largest, zero counts included (19 0, 24 0, …).
    const FILE: &str = include_str!("fixtures/octal-results-0.167-1048576");
    assert_eq!(takeaway::games::octal::published::frequencies(&s), FILE);
}

/// Subtraction games are the octal codes with digits 0 and 3: same values.
#[test]
fn subtraction_specs_agree_with_their_codes() {
    for set in [
        vec![1u64, 2],
        vec![1, 3, 4],
        vec![2, 5, 7],
        vec![1, 4, 9, 16],
        vec![3, 4, 11],
    ] {
        let spec = format!(
            "subtraction:s={}",
            set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        );
        let table = Game::parse(&spec)
            .unwrap()
            .table(&TableRequest::new(2000))
            .unwrap();
        let doc = serde_json::to_value(table.document()).unwrap();
        let expected: Vec<u32> = doc["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        let code = OctalCode::subtraction(&set).unwrap();
        assert_eq!(
            solve::grundy(&code, 2000).unwrap(),
            expected,
            "{spec} = {code}"
        );
        // The period too: the subtraction table's is proved by its window argument.
        let s = done(&code, 2000);
        let p = s.period.unwrap();
        assert_eq!(
            (json_usize(&doc["period"]), json_usize(&doc["preperiod"])),
            (p.period, p.preperiod),
            "{spec}"
        );
    }
}

fn json_usize(v: &serde_json::Value) -> usize {
    v.as_u64().unwrap() as usize
}

/// Values past 255 widen the storage mid-run and stay right: Nim with
/// removals 1 … 300 (`0.33…3`) has G(n) = n mod 301.
#[test]
fn values_past_255_widen_the_storage() {
    let set: Vec<u64> = (1..=256).collect();
    let code = OctalCode::subtraction(&set).unwrap();
    let s = done(&code, 1000);
    assert_eq!(s.values.width(), 2);
    let mut all = Vec::new();
    s.for_each(|v| all.push(v));
    let expected: Vec<u32> = (0..1000).map(|n| n % 257).collect();
    assert_eq!(all, expected);
}

/// A run stopped after some values and resumed from its checkpoint ends
/// with the values of one uninterrupted run: an octal code, and Grundy's
/// game (`4!.0`, a code beyond octal on the same kernel).
#[test]
fn stopped_and_resumed_equals_one_run() {
    for text in ["0.161", "4!.0"] {
        stopped_and_resumed(text);
    }
}

/// A code whose moves may leave three heaps is computed in one run: a
/// checkpoint is refused with the reason.
#[test]
fn checkpoints_are_refused_when_a_move_leaves_three_heaps() {
    let code = OctalCode::parse("0.3F").unwrap();
    let path = std::env::temp_dir().join(format!("octal-3f-{}.ckpt", std::process::id()));
    let limits = takeaway::engine::Limits::generous();
    let err = solve(
        &code,
        Run {
            checkpoint: Some(solve::Checkpointing {
                path: path.clone(),
                every: std::time::Duration::from_secs(3600),
            }),
            limits: &limits,
            ..Run::new(1_000)
        },
    )
    .unwrap_err();
    assert!(err.to_string().contains("a move may leave three"), "{err}");
    assert!(!path.exists());
}

fn stopped_and_resumed(text: &str) {
    let code = OctalCode::parse(text).unwrap();
    let path = std::env::temp_dir().join(format!(
        "octal-resume-{}-{}.ckpt",
        std::process::id(),
        text.replace(['.', '!'], "_")
    ));
    let limits = takeaway::engine::Limits::generous();
    let first = solve(
        &code,
        Run {
            rows: 50_000,
            limits: &limits,
            progress: &takeaway::games::NoProgress,
            checkpoint: Some(solve::Checkpointing {
                path: path.clone(),
                every: std::time::Duration::from_secs(3600),
            }),
            resume: None,
            stop_after: Some(20_000),
            threads: 1,
        },
    )
    .unwrap();
    assert!(
        matches!(first, Outcome::Saved { computed, .. } if (20_000..50_000).contains(&computed))
    );
    let (saved, vals) = checkpoint::load(&path).unwrap();
    assert_eq!(saved, code);
    let resumed = solve(
        &code,
        Run {
            resume: Some(vals),
            ..Run::new(50_000)
        },
    )
    .unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(resumed, Outcome::Done(done(&code, 50_000)));
}

/// Two threads (a helper marking the next block of heaps from heap 65,536
/// on) give the values of one thread, for codes with many rare heaps and
/// no period this early: Officers (0.6, one split; its values pass 255 at
/// heap 10,344), 0.161 (values below 256) and 0.034 (past 255 at heap
/// 26,376): those two widen to two bytes a value before the helper starts.
#[test]
fn two_threads_give_the_values_of_one() {
    for text in ["0.6", "0.161", "0.034"] {
        let code = OctalCode::parse(text).unwrap();
        let one = done(&code, 70_000);
        assert_eq!(one.values.len(), 70_000, "{text}: no early period");
        let two = solve(
            &code,
            Run {
                threads: 2,
                ..Run::new(70_000)
            },
        )
        .unwrap();
        assert_eq!(two, Outcome::Done(one), "{text}");
    }
}

/// The `octal` solver's smallest files for 0.167: results/0.167/2 and
/// results/0.167/4 (github.com/rogalski-wmii-uni-lodz-pl/octal) read
/// `0 1 / 1 1` and `0 1 / 1 1 / 2 2` (G(1 … 4) = 1, 0, 2, 2).
#[test]
fn frequencies_of_the_first_heaps_are_the_octal_solver_s_files() {
    let code = OctalCode::parse("0.167").unwrap();
    let f = |rows| takeaway::games::octal::published::frequencies(&done(&code, rows));
    assert_eq!(f(3), "0 1\n1 1\n");
    assert_eq!(f(5), "0 1\n1 1\n2 2\n");
    assert_eq!(f(1), "");
}

/// Officers (0.6): the first values are OEIS A046695 (offset 0: 0, 0, 1,
/// 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, as the sequence's data
/// and the README of github.com/mvr/officers give them), and the sparse
/// list's header in mvr/officers' officers_sparse.txt reads `1584 sparse
/// values # max index 20627 max value 277` (that repository has no licence,
/// so its list is compared in full by scripts/compare-officers.sh, not
/// copied here). Also checked by the definition for the first 300 heaps.
#[test]
fn officers_matches_oeis_a046695_and_mvr_s_sparse_header() {
    use takeaway::games::octal::published::{SparseFormat, rare_heaps, sparse_list};
    let code = OctalCode::parse("0.6").unwrap();
    let s = done(&code, 20_628);
    let a046695 = [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1];
    let first: Vec<u32> = (0..20).map(|n| s.at(n)).collect();
    assert_eq!(first, a046695);
    let defined = naive::grundy(&code, 300);
    let ours: Vec<u32> = (0..300).map(|n| s.at(n)).collect();
    assert_eq!(ours, defined);
    let rare = rare_heaps(&s);
    assert_eq!(rare.len(), 1584);
    assert_eq!(rare.last(), Some(&(20_627, 277)));
    let list = sparse_list(&s, SparseFormat::Mvr);
    assert!(
        list.starts_with(
            "1584 sparse values # max index 20627 max value 277\n0,0\n1,0\n2,1\n4,0\n"
        ),
        "{}",
        &list[..80]
    );
}

/// The plain x86-64 kernel (what a processor without AVX2 runs) gives the
/// dispatched kernel's values, in one-, two- and four-byte storage, on
/// codes that take each of its paths: Officers 0.6 (values past 255 below
/// heap 12,000: `table octal:0.6 --rows 12000 --summary` gives 262 at 11,859) and the record codes 0.167, 0.161, 0.034 (many scans, the
/// compare mode with few missing values), Kayles 0.77 and 4.7 (a split
/// without removal: no batches), 0.37 and 0.156; the first 2,000 of each
/// are also the definition's (`naive::grundy`, the mex over every option).
#[test]
fn the_plain_x86_64_kernel_gives_the_dispatched_kernels_values() {
    use takeaway::games::octal::sparse::{Kernel, kernel_values};
    let mut wide = 0;
    for (text, until) in [
        ("0.6", 12_000),
        ("0.167", 12_000),
        ("0.161", 12_000),
        ("0.034", 12_000),
        ("0.77", 5_000),
        ("4.7", 5_000),
        ("0.37", 10_000),
        ("0.156", 10_000),
    ] {
        let code = OctalCode::parse(text).unwrap();
        let dispatched = kernel_values(&code, until, 4, Kernel::Dispatched).unwrap();
        assert_eq!(dispatched[..2000], naive::grundy(&code, 2000)[..], "{text}");
        let fits_u8 = dispatched.iter().all(|&v| v < 256);
        wide += usize::from(!fits_u8);
        for kernel in [Kernel::Dispatched, Kernel::Avx2, Kernel::Baseline] {
            for bytes in [1, 2, 4] {
                let got = kernel_values(&code, until, bytes, kernel);
                if bytes == 1 && !fits_u8 {
                    assert!(got.is_err_and(|v| v > 255), "{text}: {kernel:?}");
                } else {
                    assert_eq!(
                        got.as_ref(),
                        Ok(&dispatched),
                        "{text}: {bytes} bytes, {kernel:?}"
                    );
                }
            }
        }
    }
    assert!(wide > 0, "no code reached a value past 255");
}

/// The one-byte coded kernel (values coded by the sparse-space mask, the
/// rare heaps listed) gives the whole-value kernel's values, on each
/// compiled version (AVX-512 where the processor has it, AVX2, plain
/// x86-64): Officers 0.6 (coded from heap 41,256, twice its last
/// rare heap 20,627, plus 2, with values up to 277); 0.161 (run here on
/// two-byte values from the start, though its values stay below 256),
/// coded for about 10,000 of its first 60,000 heaps; and 0.034, whose
/// values pass 255 at heap 26,376 and which has a new rare heap at 71,722
/// while coded (`table octal:0.034 --rows 80000 --sparse mvr` ends with the
/// rare heaps 31,025 and 71,722):
/// the kernel stops there and the run goes back to whole values.
#[test]
fn the_coded_kernel_gives_the_whole_value_kernels_values() {
    use takeaway::games::octal::sparse::{Kernel, coded_kernel_values, kernel_values};
    for (text, until, coded_from, coded_to) in [
        ("0.6", 100_000, 50_000, 100_000),
        ("0.161", 60_000, 1, 60_000),
        // Coded from past 2 · 31,025 (the rare heap before) to 71,722 only.
        ("0.034", 80_000, 1, 71_723 - 2 * 31_025),
    ] {
        let code = OctalCode::parse(text).unwrap();
        let whole = kernel_values(&code, until, 2, Kernel::Dispatched).unwrap();
        for kernel in [Kernel::Dispatched, Kernel::Avx2, Kernel::Baseline] {
            let (got, coded, _) = coded_kernel_values(&code, until, kernel, 1).unwrap();
            assert!(got == whole, "{text}: {kernel:?}");
            assert!(
                (coded_from..coded_to).contains(&coded),
                "{text}: {coded} heaps coded"
            );
        }
    }
}

/// The coded kernel's candidate rests on this: under every coding (each
/// mask whose lowest bit is below 9), the `i`-th rare value below 512 has
/// code `i`, and so has the `i`-th common value (checked here from the
/// definition of the code, value by value, for all 1,022 such masks
/// below 1,024).
#[test]
fn codes_keep_the_order_of_the_values_in_each_class() {
    use takeaway::games::octal::nimber::Coding;
    let mut masks = 0;
    for mask in 1..1024usize {
        let Some(c) = Coding::new(mask) else {
            continue;
        };
        masks += 1;
        for rare in [true, false] {
            let class: Vec<usize> = (0..512).filter(|&v| c.is_rare(v) == rare).collect();
            assert_eq!(class.len(), 256, "mask {mask:#x}");
            for (i, &v) in class.iter().enumerate() {
                assert_eq!(usize::from(c.code(v)), i, "mask {mask:#x}, value {v}");
                assert_eq!(c.value(i as u8, rare) as usize, v, "mask {mask:#x}");
            }
        }
    }
    assert_eq!(masks, 1022);
}

/// The coded kernel on two threads (a helper marks the far rare pairs of
/// the next blocks of 256 heaps as bit sets of codes and scans a window of
/// their middle pairs; the first thread marks the rest and scans the other
/// pairs) gives one thread's values and codes the same heaps, on each
/// compiled version (AVX-512 where the processor has it, AVX2, plain
/// x86-64), and every coded heap is settled from the helper's
/// marks: Officers 0.6 to 300,000 (coded from heap 45,056, as the doc
/// example of `coded_kernel_values` finds), 0.161 to 100,000 (coded in
/// stretches, stopped by new rare heaps and masks), and 0.034 to 80,000,
/// whose new rare heap 71,722 (see the one-thread test above) stops the
/// kernel in the middle of a two-thread block: the run goes back to whole
/// values there as on one thread.
#[test]
fn the_coded_kernel_on_two_threads_gives_one_threads_values() {
    use takeaway::games::octal::sparse::{Kernel, coded_kernel_values};
    for (text, until) in [("0.6", 300_000), ("0.161", 100_000), ("0.034", 80_000)] {
        let code = OctalCode::parse(text).unwrap();
        for kernel in [Kernel::Dispatched, Kernel::Avx2, Kernel::Baseline] {
            let (one, coded, helped) = coded_kernel_values(&code, until, kernel, 1).unwrap();
            assert_eq!(helped, 0, "{text}: no helper on one thread");
            let (two, coded_two, helped_two) =
                coded_kernel_values(&code, until, kernel, 2).unwrap();
            assert!(two == one, "{text}: {kernel:?}");
            assert_eq!(coded_two, coded, "{text}: {kernel:?}");
            assert!(coded > 0, "{text}: nothing coded");
            assert_eq!(helped_two, coded, "{text}: {kernel:?}");
        }
        if text == "0.034" {
            // Coded from past 2 · 31,025 to 71,722 only (then whole values).
            let (_, coded, _) = coded_kernel_values(&code, until, Kernel::Dispatched, 2).unwrap();
            assert!((1..71_723 - 2 * 31_025).contains(&coded), "{coded}");
        }
    }
}

/// `solve` on two threads keeps Officers' values one byte each as codes
/// from the chunk at heap 65,536 on (the first past twice the last rare
/// heap, 20,627), as on one thread, with the same values; and a two-thread
/// run stopped in the coded stretch and resumed from its checkpoint (on
/// two threads) ends with the same values.
#[test]
fn two_threads_keep_officers_one_byte_a_value_and_resume() {
    let code = OctalCode::parse("0.6").unwrap();
    let one = done(&code, 200_000);
    let limits = takeaway::engine::Limits::generous();
    let two = |rows, checkpoint, resume, stop_after| {
        solve(
            &code,
            Run {
                rows,
                limits: &limits,
                progress: &takeaway::games::NoProgress,
                checkpoint,
                resume,
                stop_after,
                threads: 2,
            },
        )
        .unwrap()
    };
    let Outcome::Done(whole_run) = two(200_000, None, None, None) else {
        panic!("not stopped")
    };
    assert!(matches!(whole_run.values, Values::Coded(_)));
    assert_eq!(whole_run, one);
    let path = std::env::temp_dir().join(format!("octal-two-coded-{}.ckpt", std::process::id()));
    let checkpointing = solve::Checkpointing {
        path: path.clone(),
        every: std::time::Duration::from_secs(3600),
    };
    let first = two(200_000, Some(checkpointing), None, Some(120_000));
    assert!(
        matches!(first, Outcome::Saved { computed, .. } if (120_000..200_000).contains(&computed))
    );
    let (_, saved) = checkpoint::load(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(two(200_000, None, Some(saved), None), Outcome::Done(one));
}

/// Widening keeps every value, whichever way it converts: from the first
/// value up into reserved memory below 64 MiB of new values, from the last
/// value down (a mebibyte at a time) from 64 MiB on. One-byte values
/// widened to two (2^25 capacity: 64 MiB, the reverse fill; 2^20: the
/// forward one), and coded values (Officers' mask 0x1ee, a rare value at
/// every seventh heap, checked against the value pushed) widened to two
/// bytes both ways; 2^20 + 5 values so the reverse fill takes two whole
/// steps and a short one.
#[test]
fn widening_keeps_every_value_both_ways() {
    use takeaway::games::octal::nimber::{Coded, Coding};
    let len = (1usize << 20) + 5;
    // Rare under 0x1ee (an even number of its bits) at every seventh heap,
    // common elsewhere, values past 255 in both classes.
    let (rare, common) = ([0u32, 1, 6, 300], [2u32, 3, 4, 5, 256]);
    let value = |n: usize| -> u32 {
        if n.is_multiple_of(7) {
            rare[n / 7 % 4]
        } else {
            common[n % 5]
        }
    };
    for cap in [1usize << 25, 1 << 20 | 64] {
        let mut bytes = Values::with_capacity(cap);
        for n in 0..len {
            bytes.push((n % 251) as u32);
        }
        bytes.widen(2);
        assert_eq!(bytes.width(), 2, "capacity {cap}");
        assert_eq!(bytes.len(), len);
        assert!(
            (0..len).all(|n| bytes.get(n) == (n % 251) as u32),
            "capacity {cap}"
        );

        let coding = Coding::new(0x1ee).unwrap();
        assert!(rare.iter().all(|&v| coding.is_rare(v as usize)));
        assert!(common.iter().all(|&v| !coding.is_rare(v as usize)));
        let mut c = Coded::new(coding, cap);
        for n in 0..len {
            c.push(value(n)).unwrap();
        }
        let mut coded = Values::Coded(c);
        coded.widen(2);
        assert_eq!(coded.width(), 2, "capacity {cap}");
        assert!((0..len).all(|n| coded.get(n) == value(n)), "capacity {cap}");
    }
}

/// A run whose values end coded (Officers on one thread: coded from the
/// chunk at heap 65,536, the first past twice the last rare heap)
/// reads back as the same values everywhere: `at`, the summary's counts,
/// the period search, the checkpoint file (written two bytes a value, as
/// before coding) and a run resumed from it.
#[test]
fn coded_values_read_back_as_values() {
    use takeaway::games::octal::report::summarize;
    let code = OctalCode::parse("0.6").unwrap();
    let coded = done(&code, 100_000);
    assert!(matches!(coded.values, Values::Coded(_)));
    let mut whole = Values::with_capacity(100_000);
    coded.for_each(|v| whole.push(v));
    assert_eq!(whole.width(), 2);
    assert_eq!(
        summarize(&coded),
        summarize(&Solved {
            values: whole.clone(),
            ..coded.clone()
        })
    );
    assert_eq!(
        period::prove(&code, &coded.values),
        period::prove(&code, &whole)
    );
    assert!((0..100_000).all(|n| coded.at(n) == whole.get(n as usize)));
    let path = std::env::temp_dir().join(format!("octal-coded-{}.ckpt", std::process::id()));
    checkpoint::save(&path, &code, &coded.values).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let (_, back) = checkpoint::load(&path).unwrap();
    checkpoint::save(&path, &code, &whole).unwrap();
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "the same file as whole values"
    );
    std::fs::remove_file(&path).unwrap();
    assert!(back == whole && back.width() == 2);
    let resumed = solve(
        &code,
        Run {
            resume: Some(back),
            ..Run::new(110_000)
        },
    )
    .unwrap();
    assert_eq!(resumed, Outcome::Done(done(&code, 110_000)));
}
