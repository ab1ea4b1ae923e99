//! Take-and-break codes beyond octal (CGSuite's notation: hexadecimal
//! digits, digits before the point, `!`): the library's tables and
//! multi-heap analyses against a brute force written here from the rules
//! alone, CGSuite's own option lists, Grundy's game against OEIS and
//! Flammenkamp, and the arithmetic period of 0.3F.
//!
//! The brute force reads a code itself (`d0.d1d2…`, each digit a hexadecimal
//! character perhaps followed by `!`): removing `j` tokens from a heap of
//! `n` may leave `i` nonempty heaps of total `n − j` when bit `i` of `dj` is
//! set (`i = 0` needs `n = j`; removing nothing needs two heaps or more), and
//! under `!` those heaps are pairwise unequal. It lists the heaps left as
//! `a ≤ b ≤ c` by nested loops and takes the mex of the nim-sums — it never
//! calls the library's move lists or solvers.

use num_bigint::BigUint;
use std::collections::BTreeSet;
use takeaway::games::octal::arithmetic_period::detect;
use takeaway::games::octal::code::OctalCode;
use takeaway::games::play::{Play, PlayMove};
use takeaway::games::{AnalyzeRequest, Family, Game, TableRequest};

/// The test's own reading of a code: `(dj, !)` for `j = 0, 1, …`.
fn read(code: &str) -> Vec<(u8, bool)> {
    let (head, tail) = code.split_once('.').unwrap();
    let mut out = Vec::new();
    for part in [head, tail] {
        let chars: Vec<char> = part.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let d = chars[i].to_digit(16).unwrap() as u8;
            let bang = chars.get(i + 1) == Some(&'!');
            out.push((d, bang));
            i += if bang { 2 } else { 1 };
        }
    }
    out
}

/// Calls `out(j, heaps left ascending)` for every move of heap `n`.
fn each_move(code: &[(u8, bool)], n: u32, mut out: impl FnMut(u32, &[u32])) {
    for (j, &(d, bang)) in code.iter().enumerate() {
        let j = j as u32;
        if j > n {
            break;
        }
        let rest = n - j;
        if d & 1 != 0 && rest == 0 && j > 0 {
            out(j, &[]);
        }
        if d & 2 != 0 && rest >= 1 && j > 0 {
            out(j, &[rest]);
        }
        if d & 4 != 0 {
            for a in 1..rest {
                let b = rest - a;
                if a <= b && !(bang && a == b) {
                    out(j, &[a, b]);
                }
            }
        }
        if d & 8 != 0 {
            for a in 1..rest {
                for b in a..rest {
                    if a + b >= rest {
                        break;
                    }
                    let c = rest - a - b;
                    if b <= c && !(bang && (a == b || b == c)) {
                        out(j, &[a, b, c]);
                    }
                }
            }
        }
    }
}

/// Every move of heap `n`: `(j, heaps left ascending)`.
fn moves(code: &[(u8, bool)], n: u32) -> Vec<(u32, Vec<u32>)> {
    let mut out = Vec::new();
    each_move(code, n, |j, h| out.push((j, h.to_vec())));
    out
}

/// `G(0) … G(to − 1)` by the mex over [`each_move`] (values below 4096).
fn brute(code: &str, to: u32) -> Vec<u32> {
    let c = read(code);
    let mut g: Vec<u32> = Vec::new();
    let mut seen = vec![0u32; 1 << 12];
    for n in 0..to {
        each_move(&c, n, |_, h| {
            let x = h.iter().fold(0, |x, &k| x ^ g[k as usize]) as usize;
            seen[x] = n + 1;
        });
        let mex = (0..).find(|&v| seen[v as usize] != n + 1).unwrap();
        g.push(mex);
    }
    g
}

/// The library's table of `octal:CODE`, `rows` rows.
fn table(code: &str, rows: u64) -> Vec<u32> {
    let t = Game::parse(&format!("octal:{code}"))
        .unwrap()
        .table(&TableRequest::new(rows))
        .unwrap();
    t.json["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap() as u32)
        .collect()
}

/// A small deterministic generator (the sample is the same at every run).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// `analyze --all` of `heaps` agrees with the brute force: the nim-sum of
/// the brute-force values, and the winning moves are exactly the moves
/// (listed from the rules) to nim-sum 0.
fn check_analysis(code: &str, g: &[u32], heaps: &[u32]) {
    let game = Game::parse(&format!("octal:{code}")).unwrap();
    let mut req = AnalyzeRequest::new(heaps.iter().map(|&h| BigUint::from(h)).collect());
    req.all = true;
    let a = game.analyze(&req).unwrap();
    let x = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
    assert_eq!(a.grundy, Some(BigUint::from(x)), "{code} {heaps:?}");
    let c = read(code);
    let mut want = BTreeSet::new();
    for (pile, &n) in heaps.iter().enumerate() {
        for (j, left) in moves(&c, n) {
            let after = x ^ g[n as usize] ^ left.iter().fold(0, |y, &k| y ^ g[k as usize]);
            if after == 0 {
                want.insert((pile, j, left));
            }
        }
    }
    let got: BTreeSet<(usize, u32, Vec<u32>)> = a
        .moves
        .unwrap_or_default()
        .iter()
        .map(|m| {
            let pile = m.pile.unwrap();
            let take: u32 = m.take.clone().unwrap().try_into().unwrap();
            let mut left: Vec<u32> = if m.split.is_empty() {
                vec![heaps[pile] - take]
            } else {
                m.split.iter().map(|h| h.try_into().unwrap()).collect()
            };
            left.retain(|&h| h > 0);
            left.sort_unstable();
            (pile, take, left)
        })
        .collect();
    assert_eq!(got, want, "{code} {heaps:?}");
}

const HEX: &[char] = &[
    '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F',
];

/// Every one- and two-digit hexadecimal code `0.d1` and `0.d1d2`
/// (Howse–Nowakowski's 1- and 2-digit games): `table` to heap 300 equals
/// the brute force, and `analyze --all` of three heaps up to 300 too.
#[test]
fn every_one_and_two_digit_hexadecimal_code_agrees_with_brute_force() {
    let mut rng = Lcg(34);
    let mut codes = Vec::new();
    for &a in HEX {
        codes.push(format!("0.{a}"));
        for &b in &HEX[1..] {
            codes.push(format!("0.{a}{b}"));
        }
    }
    assert_eq!(codes.len(), 16 + 16 * 15);
    for code in &codes {
        let g = brute(code, 301);
        assert_eq!(table(code, 301), g, "{code}");
        let heaps: Vec<u32> = (0..3).map(|_| 1 + rng.below(300) as u32).collect();
        check_analysis(code, &g, &heaps);
    }
}

/// A sample of longer codes, with `d0` of 4, 8 or C and `!` digits.
#[test]
fn a_sample_of_longer_and_unequal_codes_agrees_with_brute_force() {
    let mut rng = Lcg(2004);
    for _ in 0..48 {
        let d0 = ['0', '4', '8', 'C'][rng.below(4) as usize];
        let mut code = String::from(d0);
        if d0 != '0' && rng.below(2) == 0 {
            code.push('!');
        }
        code.push('.');
        let len = 1 + rng.below(4);
        for k in 0..len {
            let d = if k + 1 == len {
                1 + rng.below(15)
            } else {
                rng.below(16)
            };
            code.push(HEX[d as usize]);
            if d >= 4 && rng.below(2) == 0 {
                code.push('!');
            }
        }
        let g = brute(&code, 301);
        assert_eq!(table(&code, 301), g, "{code}");
        let heaps: Vec<u32> = (0..2).map(|_| 1 + rng.below(300) as u32).collect();
        check_analysis(&code, &g, &heaps);
    }
}

/// CGSuite's option lists (aaron-siegel/cgsuite,
/// lib/core/src/test/scala/org/cgsuite/core/impartial/TBCodeTest.scala,
/// `traversals`): the same options in the same order, for every entry whose
/// notation is supported here.
#[test]
fn cgsuite_option_lists_are_reproduced() {
    let cases = [
        ("0.3", 9, "8"),
        ("0.7", 9, "8  1,7  2,6  3,5  4,4"),
        ("0.77", 9, "8  1,7  2,6  3,5  4,4  7  1,6  2,5  3,4"),
        ("4.0", 8, "1,7  2,6  3,5  4,4"),
        ("4!.0", 8, "1,7  2,6  3,5"),
        ("0.3F", 9, "8  7  1,6  2,5  3,4  1,1,5  1,2,4  1,3,3  2,2,3"),
        ("0.3F!", 9, "8  7  1,6  2,5  3,4  1,2,4"),
        (
            "0.3f",
            11,
            "10  9  1,8  2,7  3,6  4,5  1,1,7  1,2,6  1,3,5  1,4,4  2,2,5  2,3,4  3,3,3",
        ),
        (
            "0.3f!",
            11,
            "10  9  1,8  2,7  3,6  4,5  1,2,6  1,3,5  2,3,4",
        ),
    ];
    for (code, heap, want) in cases {
        let mut got = Vec::new();
        OctalCode::parse(code).unwrap().options(heap, |_, h| {
            let parts: Vec<String> = h.iter().map(ToString::to_string).collect();
            got.push(if parts.is_empty() {
                "-".to_string()
            } else {
                parts.join(",")
            });
        });
        assert_eq!(got.join("  "), want, "{code} at {heap}");
    }
    // The rest of that list uses notation refused here, each with a column.
    for (code, column) in [
        ("0.3F?", 5),
        ("0.*3", 3),
        ("0.[3]", 3),
        ("80.0", 1),
        ("{2+}=.0", 1),
        ("0.{0,1,3+}", 3),
        ("0.3G", 4),
        ("1.3", 1),
    ] {
        let e = OctalCode::parse(code).unwrap_err();
        assert_eq!(e.column, column, "{code}: {e}");
    }
}

/// Grundy's game `4!.0`: OEIS A002188 (the terms of its %S, %T, %U lines,
/// n = 0..104) and Flammenkamp's known sparse values up to n = 231 ("Sprague-
/// Grundy Values of Grundy's Game", wwwhomes.uni-bielefeld.de/achim/grundy.html:
/// a value is sparse iff the ones of G(n) without its lowest bit are even in
/// number; the first 48 entries of his list of 1,287, the part quotable here).
#[test]
fn grundys_game_reproduces_oeis_and_flammenkamp() {
    let a002188: [u32; 105] = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];
    let g = table("4!.0", 1000);
    assert_eq!(g[..105], a002188);
    assert_eq!(g, brute("4!.0", 1000));
    let flammenkamp: [(usize, u32); 48] = [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    let sparse: Vec<(usize, u32)> = (0..232)
        .filter(|&n| (g[n] >> 1).count_ones().is_multiple_of(2))
        .map(|n| (n, g[n]))
        .collect();
    // His list goes on past 231; the sparse heaps below 232 are exactly these.
    assert_eq!(sparse, flammenkamp.to_vec());
}

/// 0.3F: G(n + 6) = G(n) + 3 on every brute-force value to heap 300
/// (Howse and Nowakowski, TCS 313 (2004): from n = 1; here from n = 0), and
/// the detector reports period 6, saltus 3; sequences that are not
/// arithmetic-periodic (Kayles, Grundy's game) are never reported.
#[test]
fn arithmetic_periodicity_of_0_3f() {
    let g = brute("0.3F", 301);
    for n in 0..295 {
        assert_eq!(g[n + 6], g[n] + 3, "n = {n}");
    }
    let a = detect(&table("0.3F", 301), 2).unwrap();
    assert_eq!((a.period, a.saltus, a.preperiod), (6, 3, 0));
    assert!(detect(&brute("0.77", 301), 2).is_none());
    assert!(detect(&brute("4!.0", 301), 0).is_none());
    // A sequence that keeps the relation only on a short stretch is not reported.
    let mut fake: Vec<u32> = (0..60).map(|n| n / 2).collect();
    fake[50] = 0;
    assert!(detect(&fake, 0).is_none());
}

/// The summary (`table octal:CODE --summary`: its period line and JSON
/// `arithmetic`) of `octal:CODE` to heap `rows − 1`.
fn summary(code: &str, rows: u64) -> (String, serde_json::Value) {
    let mut req = TableRequest::new(rows);
    req.summary = true;
    let t = takeaway::games::octal::report::table(&OctalCode::parse(code).unwrap(), &req).unwrap();
    let line = t.text.lines().nth(1).unwrap().to_string();
    (line, t.json["arithmetic"].clone())
}

/// Codes that are not octal with an ordinary period (saltus 0) have it
/// reported as a period and proved for every heap, and the numbers are the
/// brute force's: 0.B (remove one, leaving none, one or three heaps) has
/// G = 0, 1, 0, 1, … on every brute-force value to heap 300 (period 2, no
/// exception: period 1 fails at G(0) ≠ G(1)); 4.F2 has G(n + 4) = G(n) from
/// n = 4 to heap 300, G(3) = 4 ≠ G(7) = 5 (so 3 is the last exception) and
/// G(4), G(5), G(6) pairwise different (no period 1 or 2). Grundy's game,
/// which no period fits on the second half of these values (brute force
/// again), and 0.B's values with one changed late, are reported as nothing.
#[test]
fn ordinary_periods_of_codes_beyond_octal_are_proved_as_periods() {
    use takeaway::games::octal::arithmetic_period::seen;
    let g = brute("0.B", 301);
    assert!((0..301).all(|n| g[n] == (n % 2) as u32));
    let g = brute("4.F2", 301);
    assert!((4..297).all(|n| g[n + 4] == g[n]));
    assert_eq!((g[3], g[7]), (4, 5));
    assert!(g[4] != g[5] && g[4] != g[6] && g[5] != g[6]);
    for (code, p, i, exception) in [
        ("0.B", 2, 0, "no exception".to_string()),
        ("4.F2", 4, 4, "last exception n = 3".to_string()),
    ] {
        let (line, a) = summary(code, 300);
        let proved = format!(
            "period {p}, pre-period {i} ({exception}); proved for every n: G(n + {p}) = G(n) from n = {i} (induction G(n) = mex of its options checked by automata for every n: Opt has "
        );
        assert!(line.starts_with(&proved), "{code}: {line}");
        assert!(line.ends_with("; no counterexample)"), "{code}: {line}");
        assert_eq!(a["period"], p, "{code}: {a}");
        assert_eq!(a["preperiod"], i, "{code}: {a}");
        assert_eq!(a["saltus"], 0, "{code}: {a}");
        assert_eq!(a["checked"], 300 - p, "{code}: {a}");
        assert_eq!(a["proved"], true, "{code}: {a}");
        assert!(a["certificate"]["option_states"].as_u64().unwrap() > 0);
    }
    // Grundy's game: for every p < 150, G(n + p) ≠ G(n) for some n of the
    // second half, so no period holds there, and none is reported.
    let grundy = brute("4!.0", 300);
    for p in 1..150 {
        assert!(
            (150..300 - p).any(|n| grundy[n + p] != grundy[n]),
            "p = {p}"
        );
    }
    assert!(seen(&grundy, 0).is_none());
    let (line, a) = summary("4!.0", 300);
    assert_eq!(
        line,
        "no period or arithmetic period seen up to 299 (the octal periodicity theorem is for octal codes: nothing is proved)"
    );
    assert!(a.is_null(), "{a}");
    // Periodic but for one late value: not seen.
    let mut broken = brute("0.B", 300);
    broken[250] ^= 1;
    assert!(seen(&broken, 1).is_none());
}

/// Play: a three-heap move of 0.3F and the refusal of equal heaps in
/// Grundy's game, through the family's play moves.
#[test]
fn play_makes_three_heap_moves_and_refuses_equal_heaps_under_bang() {
    let hex = Game::parse("octal:0.3F").unwrap();
    let pos = hex.start(vec![BigUint::from(9u8)], None).unwrap();
    let three = PlayMove::Split {
        pile: 0,
        take: 2u8.into(),
        split: vec![1u8.into(), 2u8.into(), 4u8.into()],
    };
    let after = hex.apply(&pos, &three).unwrap();
    assert_eq!(
        after.piles,
        vec![BigUint::from(1u8), 2u8.into(), 4u8.into()]
    );
    assert_eq!(three.to_command(), "take 2 from 1 leaving 1, 2 and 4");
    let grundy = Game::parse("octal:4!.0").unwrap();
    let pos = grundy.start(vec![BigUint::from(8u8)], None).unwrap();
    let equal = PlayMove::Split {
        pile: 0,
        take: 0u8.into(),
        split: vec![4u8.into(), 4u8.into()],
    };
    assert!(grundy.apply(&pos, &equal).is_err());
    let unequal = PlayMove::Split {
        pile: 0,
        take: 0u8.into(),
        split: vec![3u8.into(), 5u8.into()],
    };
    assert!(grundy.apply(&pos, &unequal).is_ok());
}

/// The codes with `!` whose moves leave at most two heaps run on the octal
/// sparse-space kernel, which leaves out the pair `(m/2, m/2)`: both
/// compiled versions give the brute force's values (written above from the
/// rules) for every one- and two-digit octal code with `!` on a digit of 4
/// or more, and for codes with a digit before the point, to heap 999
/// (Grundy's game `4!.0` to heap 2,999).
#[test]
fn the_kernel_with_bang_agrees_with_brute_force() {
    use takeaway::games::octal::sparse::{Kernel, kernel_values};
    // A digit 0–7 and its forms: with `!` too when it may split.
    let forms = |d: u32| -> Vec<String> {
        let plain = d.to_string();
        if d >= 4 {
            vec![plain.clone(), format!("{plain}!")]
        } else {
            vec![plain]
        }
    };
    let mut codes: Vec<(String, u32)> = vec![("4!.0".to_string(), 3000)];
    for a in 0..8 {
        for fa in forms(a) {
            if fa.contains('!') {
                codes.push((format!("0.{fa}"), 1000));
            }
            for b in 1..8 {
                for fb in forms(b) {
                    if fa.contains('!') || fb.contains('!') {
                        codes.push((format!("0.{fa}{fb}"), 1000));
                    }
                }
            }
        }
    }
    // Digits before the point (splits that remove nothing).
    for extra in [
        "4.0", "4!.4", "4!.4!", "4!.7", "4.6!", "4!.07!", "4!.15", "4!.34!",
    ] {
        codes.push((extra.to_string(), 1000));
    }
    // 4 one-digit codes with `!` (0.4! … 0.7!); 12 forms of the first digit
    // times 11 of the last (1–7) less the 8 · 7 codes without `!`; the 8
    // with a digit before the point.
    assert_eq!(codes.len(), 1 + 4 + (12 * 11 - 8 * 7) + 8);
    for (code, to) in &codes {
        let want = brute(code, *to);
        let parsed = OctalCode::parse(code).unwrap();
        for kernel in [Kernel::Dispatched, Kernel::Avx2, Kernel::Baseline] {
            let got = kernel_values(&parsed, *to as usize, 4, kernel).unwrap();
            assert_eq!(got, want, "{code} {kernel:?}");
        }
    }
    assert_eq!(table("4!.7!", 1000), brute("4!.7!", 1000));
}

/// Grundy's game on the kernel (the solver's path for `4!.0`) equals the
/// two-heap `pairs` method (the take-and-break module's, computed
/// independently) to heap 99,999, on one thread and on two (the second
/// thread marks from heap 65,536 on).
#[test]
fn grundys_game_on_the_kernel_equals_the_pairs_method() {
    use takeaway::games::octal::solve::{Outcome, Run, solve};
    use takeaway::games::octal::take_break::pairs;
    let code = OctalCode::parse("4!.0").unwrap();
    let (want, _) = pairs(&code, 100_000, &|| false).unwrap().unwrap();
    for threads in [1, 2] {
        let run = Run {
            threads,
            ..Run::new(100_000)
        };
        let Outcome::Done(s) = solve(&code, run).unwrap() else {
            panic!("a run without checkpoint ends done");
        };
        assert!(s.period.is_none(), "no period is proved under `!`");
        let mut got = Vec::new();
        s.for_each(|v| got.push(v));
        assert_eq!(got, want, "{threads} thread(s)");
    }
}

/// Grundy's game has exactly Flammenkamp's 1,287 known sparse values up to
/// heap 48,400,000 (his count, "Sprague-Grundy Values of Grundy's Game",
/// wwwhomes.uni-bielefeld.de/achim/grundy.html; sparse = an even number of
/// ones in G(n) without its lowest bit). The count is his; the last 13, all
/// between heaps 47,461,861 and 48,399,022, are this program's own run to
/// 10^8 by the `pairs` method (README), repeated here by the kernel. About
/// 170 s of CPU on two threads: run with `--ignored`.
#[test]
#[ignore = "about 170 s of CPU: cargo test --profile ci -p takeaway-tests --test suite -- --ignored flammenkamps_1287"]
fn grundys_game_has_flammenkamps_1287_sparse_values() {
    use takeaway::games::octal::solve::{Outcome, Run, solve};
    let code = OctalCode::parse("4!.0").unwrap();
    let run = Run {
        threads: 2,
        ..Run::new(48_400_000)
    };
    let Outcome::Done(s) = solve(&code, run).unwrap() else {
        panic!("a run without checkpoint ends done");
    };
    let mut sparse = Vec::new();
    let mut n = 0u64;
    s.for_each(|v| {
        if (v >> 1).count_ones() % 2 == 0 {
            sparse.push((n, v));
        }
        n += 1;
    });
    assert_eq!(n, 48_400_000);
    assert_eq!(
        sparse.len(),
        1_287,
        "Flammenkamp's count of known sparse values"
    );
    let last: [(u64, u32); 13] = [
        (47_461_861, 261),
        (47_482_266, 258),
        (47_595_779, 259),
        (47_844_890, 260),
        (47_846_178, 260),
        (47_850_055, 260),
        (47_879_108, 261),
        (47_912_346, 258),
        (48_042_117, 258),
        (48_046_310, 261),
        (48_142_092, 258),
        (48_142_376, 265),
        (48_399_022, 259),
    ];
    assert_eq!(sparse[1_287 - 13..], last);
    // The 1,274 before them all lie below heap 82,861 (README).
    assert_eq!(sparse[1_273].0, 82_860);
}
