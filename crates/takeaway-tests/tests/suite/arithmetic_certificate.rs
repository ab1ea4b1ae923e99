//! The arithmetic-periodicity certificate: its automata against brute force
//! over every small tuple, the options automaton against the rules, and its
//! verdicts against the Grundy values computed by the definition.
//!
//! Every expected value is brute force written here (sums, nim-sums,
//! comparisons of small numbers), or the library's `definition` (every
//! option of every heap, from the rules).

use proptest::prelude::*;
use takeaway::games::octal::arithmetic_certificate::{
    Candidate, CertificateError, Verdict, certify, graph, option_values,
};
use takeaway::games::octal::arithmetic_period::detect;
use takeaway::games::octal::automaton::{Automaton, Budget, Op};
use takeaway::games::octal::code::OctalCode;
use takeaway::games::octal::take_break::definition;

fn budget() -> Budget<'static> {
    Budget {
        max_states: 200_000,
        cancelled: &|| false,
    }
}

/// The encoding of `x` (least significant bit first) padded to `len` letters.
fn word(x: &[u64], len: usize) -> Vec<u32> {
    (0..len)
        .map(|i| {
            x.iter()
                .enumerate()
                .map(|(t, v)| (((v >> i) & 1) as u32) << t)
                .sum()
        })
        .collect()
}

/// `a` accepts `x` exactly when `want(x)`, for every tuple of numbers below
/// `below`, and the same with two zero letters of padding.
fn agrees(a: &Automaton, below: u64, want: impl Fn(&[u64]) -> bool) {
    let k = a.tracks();
    let mut x = vec![0u64; k];
    loop {
        let w = want(&x);
        assert_eq!(a.accepts(&x), w, "tuple {x:?}");
        assert_eq!(
            a.accepts_word(&word(&x, 64 - below.leading_zeros() as usize + 2)),
            w,
            "padded {x:?}"
        );
        // Next tuple.
        let mut t = 0;
        loop {
            if t == k {
                return;
            }
            x[t] += 1;
            if x[t] < below {
                break;
            }
            x[t] = 0;
            t += 1;
        }
    }
}

#[test]
fn builders_accept_exactly_their_relations() {
    let b = budget();
    agrees(&Automaton::add(&b).unwrap(), 32, |x| x[0] + x[1] == x[2]);
    agrees(&Automaton::xor(&b).unwrap(), 32, |x| x[0] ^ x[1] == x[2]);
    agrees(&Automaton::less(&b).unwrap(), 64, |x| x[0] < x[1]);
    agrees(&Automaton::unequal(&b).unwrap(), 64, |x| x[0] != x[1]);
    for c in 0..20 {
        agrees(&Automaton::at_least(c, &b).unwrap(), 64, |x| x[0] >= c);
    }
    for m in 1..9 {
        for r in 0..m + 2 {
            agrees(&Automaton::congruent(m, r, &b).unwrap(), 128, |x| {
                x[0] % m == r % m
            });
        }
    }
    for (coeffs, rhs) in [
        (vec![3i64, -6], 6i64),
        (vec![3, -6], -6),
        (vec![1, 1, -1], 0),
        (vec![2, -3, 1], 5),
        (vec![-5], -15),
        (vec![0, 1], 7),
    ] {
        let a = Automaton::linear(&coeffs, rhs, &b).unwrap();
        agrees(&a, 32, |x| {
            x.iter()
                .zip(&coeffs)
                .map(|(&v, &c)| c * v as i64)
                .sum::<i64>()
                == rhs
        });
    }
}

#[test]
fn products_complements_and_minimisation_follow_the_boolean_laws() {
    let b = budget();
    let lt = Automaton::less(&b).unwrap();
    let xor = Automaton::xor(&b).unwrap();
    // On (x, y, z): x < y op (x ⊕ y = z), and with the tracks moved.
    for (op, f) in [
        (Op::And, (|p, q| p && q) as fn(bool, bool) -> bool),
        (Op::Or, |p, q| p || q),
        (Op::AndNot, |p, q| p && !q),
    ] {
        let a = Automaton::product(&lt, &[0, 1], &xor, &[0, 1, 2], 3, op, &b).unwrap();
        agrees(&a, 16, |x| f(x[0] < x[1], x[0] ^ x[1] == x[2]));
        let a = Automaton::product(&lt, &[2, 0], &xor, &[1, 2, 0], 3, op, &b).unwrap();
        agrees(&a, 16, |x| f(x[2] < x[0], x[1] ^ x[2] == x[0]));
    }
    let c = xor.complement();
    agrees(&c, 16, |x| x[0] ^ x[1] != x[2]);
    // Minimal automata are unique: minimising again changes nothing, and a
    // relation built two ways has one minimal automaton.
    let m = c.minimize();
    assert_eq!(m.minimize(), m);
    let ge3 = Automaton::at_least(3, &b).unwrap().minimize();
    let lt3 = Automaton::product(
        &Automaton::at_least(0, &b).unwrap(),
        &[0],
        &ge3,
        &[0],
        1,
        Op::AndNot,
        &b,
    )
    .unwrap();
    assert_eq!(lt3, ge3.complement().minimize());
}

#[test]
fn projection_closes_under_zero_padding() {
    let b = budget();
    // ∃y: x + y = z ⇔ x ≤ z.
    let add = Automaton::add(&b).unwrap();
    agrees(&add.project(&[0, 2], &b).unwrap(), 64, |x| x[0] <= x[1]);
    // ∃x: x + y = z, tracks swapped: (z, y) with y ≤ z.
    agrees(&add.project(&[2, 1], &b).unwrap(), 64, |x| x[1] <= x[0]);
    // ∃y: y = x + 1000: every x, though the witness is longer than x.
    let far = Automaton::linear(&[1, -1], -1000, &b).unwrap();
    agrees(&far.project(&[0], &b).unwrap(), 64, |_| true);
    // ∃x, y ≥ 1: x + y = z, both dropped at once: z ≥ 2.
    let pos = Automaton::at_least(1, &b).unwrap();
    let r = Automaton::product(&add, &[0, 1, 2], &pos, &[0], 3, Op::And, &b).unwrap();
    let r = Automaton::product(&r, &[0, 1, 2], &pos, &[1], 3, Op::And, &b).unwrap();
    agrees(&r.project(&[2], &b).unwrap(), 64, |x| x[0] >= 2);
    // ∀ as ¬∃¬: every y < x has y ⊕ 1 < x ⇔ x even.
    let xor = Automaton::xor(&b).unwrap();
    let one = Automaton::linear(&[1], 1, &b).unwrap();
    let lt = Automaton::less(&b).unwrap();
    // On (x, y, w, o): y < x ∧ o = 1 ∧ w = y ⊕ o ∧ ¬(w < x).
    let r = Automaton::product(&lt, &[1, 0], &one, &[3], 4, Op::And, &b).unwrap();
    let r = Automaton::product(&r, &[0, 1, 2, 3], &xor, &[1, 3, 2], 4, Op::And, &b).unwrap();
    let r = Automaton::product(&r, &[0, 1, 2, 3], &lt, &[2, 0], 4, Op::AndNot, &b).unwrap();
    let all = r.project(&[0], &b).unwrap().complement();
    agrees(&all, 64, |x| x[0] % 2 == 0);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// ∃z: a·x + b·y + c·z = r, against the arithmetic: `r − a·x − b·y` is a
    /// multiple of `c` with a quotient ≥ 0.
    #[test]
    fn projected_linear_relations(a in -5i64..6, bb in -5i64..6, c in prop_oneof![-5i64..0, 1i64..6], r in -20i64..21) {
        let b = budget();
        let lin = Automaton::linear(&[a, bb, c], r, &b).unwrap();
        let p = lin.project(&[0, 1], &b).unwrap();
        agrees(&p, 32, |x| {
            let rest = r - a * x[0] as i64 - bb * x[1] as i64;
            rest % c == 0 && rest / c >= 0
        });
        // The least x with some y... as the least number of the projection
        // on x alone, against a search.
        let px = lin.project(&[0], &b).unwrap();
        let want = (0..512u64).find(|&x| (0..512u64).any(|y| {
            let rest = r - a * x as i64 - bb * y as i64;
            rest % c == 0 && rest / c >= 0
        }));
        if let Some(w) = want {
            prop_assert_eq!(px.least(), Some(w.into()));
        }
    }
}

/// A candidate's graph accepts exactly `(x, f(x))`, `f` from its definition.
#[test]
fn graphs_of_candidates_are_their_functions() {
    let b = budget();
    for (i, p, s, start) in [
        (0usize, 6usize, 3u64, vec![0u32, 1, 1, 2, 2, 0]),
        (3, 2, 5, vec![9, 0, 4, 1, 2]),
        (2, 5, 0, vec![1, 1, 0, 2, 3, 0, 7]),
        (0, 1, 1, vec![0]),
    ] {
        let f = Candidate::new(i, p, s, &start).unwrap();
        let want = |x: u64| -> u64 {
            if (x as usize) < i {
                return u64::from(start[x as usize]);
            }
            let q = (x - i as u64) / p as u64;
            let t = (x - i as u64) % p as u64;
            s * q + u64::from(start[i + t as usize])
        };
        let g = graph(&f, &b).unwrap();
        agrees(&g, 128, |x| x[1] == want(x[0]));
        for x in 0..128 {
            assert_eq!(f.value(x), u128::from(want(x)));
        }
    }
}

/// The options automaton against the rules: `v` is accepted for heap `n`
/// exactly when some option of `n` (listed by `OctalCode::options`) has
/// `f`-values with nim-sum `v`.
#[test]
fn option_automata_follow_the_rules() {
    let b = budget();
    let f = Candidate::new(2, 3, 2, &[1, 0, 3, 1, 2]).unwrap();
    for code in [
        "0.3F", "0.3F!", "4!.0", "0.77", "C.1", "8!.0", "0.A5!", "0.0B", "4.03",
    ] {
        let c = OctalCode::parse(code).unwrap();
        let opt = option_values(&c, &f, &b).unwrap();
        for n in 0..40u64 {
            let mut want = [false; 64];
            c.options(n, |_, heaps| {
                let v = heaps.iter().fold(0u128, |acc, &h| acc ^ f.value(h));
                want[v as usize] = true;
            });
            for v in 0..64 {
                assert_eq!(
                    opt.accepts(&[n, v]),
                    want[v as usize],
                    "{code}: heap {n}, value {v}"
                );
            }
        }
    }
}

/// 0.3F: G(n + 6) = G(n) + 3 for every n (Howse and Nowakowski state it from
/// n = 1; the values have it from n = 0), proved; the candidate read off
/// the first 60 values by `detect`.
#[test]
fn proves_0_3f() {
    let code = OctalCode::parse("0.3F").unwrap();
    let g = definition(&code, 60, &|| false).unwrap();
    let a = detect(&g, 2).unwrap();
    assert_eq!((a.period, a.saltus, a.preperiod), (6, 3, 0));
    let f = Candidate::of(&g, &a).unwrap();
    let Verdict::Proved(p) = certify(&code, &f, &budget()).unwrap() else {
        panic!("0.3F not proved");
    };
    // The largest automaton counts the graph and Opt among others.
    assert!(p.largest_states >= p.option_states.max(p.graph_states));
}

/// Checks a verdict against the definition: a proof agrees with `G` on
/// heaps `0..far`; a counterexample `n` is the first heap where `G(n) ≠
/// f(n)`. Returns the verdict (`None`: not decided within the budget).
fn decided_as_brute_force_says(
    code: &str,
    f: &Candidate,
    far: usize,
    budget: &Budget<'_>,
) -> Option<Verdict> {
    let c = OctalCode::parse(code).unwrap();
    let verdict = certify(&c, f, budget).ok()?;
    match &verdict {
        Verdict::Proved(_) => {
            let g = definition(&c, far, &|| false).unwrap();
            for (n, &v) in g.iter().enumerate() {
                assert_eq!(
                    u128::from(v),
                    f.value(n as u64),
                    "{code}: proved, but G({n}) differs"
                );
            }
        }
        Verdict::Refuted(x) => {
            let n = usize::try_from(&x.heap).unwrap();
            let g = definition(&c, n + 1, &|| false).unwrap();
            let first = (0..=n).find(|&m| u128::from(g[m]) != f.value(m as u64));
            assert_eq!(
                first,
                Some(n),
                "{code}: counterexample {n}, values differ first at {first:?}"
            );
            assert_eq!(x.claimed, f.value(n as u64).into());
        }
    }
    Some(verdict)
}

/// Wrong candidates are refused at the first heap where they are wrong
/// (the definition's values say where): a saltus changed, values of the
/// period changed, a pre-period value changed, a pre-period one heap too
/// short, and a candidate read off 20 values of 8.0D (G(n + 3) = G(n) + 2
/// seen on heaps 3..19, broken at heap 25).
#[test]
fn wrong_candidates_are_refuted_at_their_first_wrong_heap() {
    let b = budget();
    let g = definition(&OctalCode::parse("0.3F").unwrap(), 40, &|| false).unwrap();
    let mut cases: Vec<(&str, Candidate, u64)> = vec![
        ("0.3F", Candidate::new(0, 6, 4, &g).unwrap(), 6),
        ("0.3F", Candidate::new(0, 6, 2, &g).unwrap(), 6),
    ];
    // 0.1A: G(n + 2) = G(n) + 1 from n = 4; with G(5) one more, wrong at 5.
    let mut changed = definition(&OctalCode::parse("0.1A").unwrap(), 40, &|| false).unwrap();
    changed[5] += 1;
    cases.push(("0.1A", Candidate::new(4, 2, 1, &changed).unwrap(), 5));
    // G(3) one more, with pre-period 2 and as a value of
    // the period (pre-period 0). Most other single changes of 0.3F's values
    // make the three-heap sums grow past 200,000 states (not decided).
    let mut early = g.clone();
    early[3] += 1;
    cases.push(("0.3F", Candidate::new(2, 6, 3, &early).unwrap(), 3));
    cases.push(("0.3F", Candidate::new(0, 6, 3, &early).unwrap(), 3));
    // 0.F8: G(n + 6) = G(n) + 4 from n = 7 (the sweep's candidate, proved
    // below); from n = 6 it is wrong at heap 12 (6 is the last exception:
    // G(12) ≠ G(6) + 4).
    let g = definition(&OctalCode::parse("0.F8").unwrap(), 300, &|| false).unwrap();
    let a = detect(&g, 2).unwrap();
    assert_eq!((a.period, a.saltus, a.preperiod), (6, 4, 7));
    cases.push(("0.F8", Candidate::new(6, 6, 4, &g).unwrap(), 12));
    let mut changed = g.clone();
    changed[9] += 2;
    cases.push(("0.F8", Candidate::new(7, 6, 4, &changed).unwrap(), 9));
    let g = definition(&OctalCode::parse("8.0D").unwrap(), 20, &|| false).unwrap();
    let a = detect(&g, 2).unwrap();
    assert_eq!((a.period, a.saltus, a.preperiod), (3, 2, 3));
    cases.push(("8.0D", Candidate::of(&g, &a).unwrap(), 25));
    for (code, f, heap) in cases {
        let verdict = decided_as_brute_force_says(code, &f, 0, &b);
        let Some(Verdict::Refuted(x)) = verdict else {
            panic!("{code}: {f:?}: {verdict:?}");
        };
        assert_eq!(x.heap, heap.into(), "{code}: {f:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    /// Candidates made of a code's own first values with any small period,
    /// saltus and pre-period: the verdict is what the definition says (a
    /// proof agrees to heap 300, a counterexample is the first wrong heap).
    #[test]
    fn verdicts_agree_with_the_definition(
        code in prop::sample::select(vec!["0.3F", "0.3F!", "4!.0", "0.77", "0.8", "4.3", "0.1A", "0.F8", "8.0D", "C.1"]),
        i in 0usize..8, p in 1usize..7, s in 0u64..5,
    ) {
        let g = definition(&OctalCode::parse(code).unwrap(), i + p, &|| false).unwrap();
        let f = Candidate::new(i, p, s, &g).unwrap();
        // Some candidates grow past the budget (0.8 with f(n) = ⌊n/5⌋: the
        // three-heap sums): not decided, which is never a wrong answer.
        let small = Budget { max_states: 50_000, cancelled: &|| false };
        decided_as_brute_force_says(code, &f, 300, &small);
    }
}

/// Every code with one or two hexadecimal digits after the point that
/// `detect` finds arithmetic-periodic in G(0..299) (1- and 2-digit codes,
/// no `!`; every thirteenth 2-digit code to keep the test short): when the
/// certificate proves it, the definition agrees to heap 600; when it
/// refutes it, the counterexample is the first wrong heap. With the default
/// budget (200,000 states) the full sweep of the 1,020 codes proves 302 of
/// the 310 candidates, and the proofs agree with the values to heap 3,000
/// (`values`, the sparse-space method or the definition); the 8 not proved
/// grow past the budget: 0.28 and 0.29 (period 53, saltus 16), 0.9C (period
/// 36, saltus 16, pre-period 28), 0.8B, 0.8F, 0.9B, 0.B8 (period 7, saltus 4,
/// pre-periods 7 to 9) and 0.FC (period 5, saltus 4, pre-period 7): the
/// two- and three-heap sums of long periods with large saltus. Here the
/// budget is 20,000 states, so those stop early.
#[test]
fn sweep_of_small_codes_agrees_with_the_definition() {
    use takeaway::games::octal::take_break::values;
    let b = Budget {
        max_states: 20_000,
        cancelled: &|| false,
    };
    let mut codes = Vec::new();
    for d0 in ["0", "4", "8", "C"] {
        for d1 in 1..16 {
            codes.push(format!("{d0}.{d1:X}"));
        }
        for d1 in 0..16 {
            for d2 in 1..16 {
                if (d1 * 15 + d2) % 13 == 0 {
                    codes.push(format!("{d0}.{d1:X}{d2:X}"));
                }
            }
        }
    }
    let (mut proved, mut seen) = (0, 0);
    for text in codes {
        let code = OctalCode::parse(&text).unwrap();
        if code.is_octal() {
            continue;
        }
        let (g, _) = values(&code, 300, &|| false).unwrap();
        let Some(a) = detect(&g, code.max_take()) else {
            continue;
        };
        seen += 1;
        let f = Candidate::of(&g, &a).unwrap();
        if let Some(Verdict::Proved(_)) = decided_as_brute_force_says(&text, &f, 600, &b) {
            proved += 1;
        }
    }
    // 37 of the 42 candidates of this sample are proved within 20,000
    // states; at least 0.3F-like ones must be.
    assert!(proved > 0 && proved <= seen);
}

/// Saltus 0, an ordinary period: every code with one or two hexadecimal
/// digits after the point (no `!`, not octal) whose G(0..149) `seen` finds
/// periodic is decided as the definition says (a proof agrees with the
/// definition's values to heap 599, a counterexample is the first wrong
/// heap, an automaton past 20,000 states leaves it undecided), and 0.B
/// (G = 0, 1, 0, 1, …) and 4.F2 (period 4 from heap 4), whose numbers the
/// suite's `take_break` brute force checks, are proved. (On 150 values the
/// 54 codes `table --summary` proves periodic at 300 are seen, all proved
/// within this budget; the period 34 after 54 of 4.C1 … needs more values.)
#[test]
fn ordinary_periods_are_decided_as_the_definition_says() {
    use takeaway::games::octal::arithmetic_period::seen;
    use takeaway::games::octal::take_break::values;
    let b = Budget {
        max_states: 20_000,
        cancelled: &|| false,
    };
    let mut proved = Vec::new();
    for d0 in ["0", "4", "8", "C"] {
        let mut codes: Vec<String> = (1..16).map(|d1| format!("{d0}.{d1:X}")).collect();
        codes.extend((0..16 * 15).map(|x| format!("{d0}.{:X}{:X}", x / 15, 1 + x % 15)));
        for text in codes {
            let code = OctalCode::parse(&text).unwrap();
            if code.is_octal() {
                continue;
            }
            let (g, _) = values(&code, 150, &|| false).unwrap();
            let Some(a) = seen(&g, code.max_take()).filter(|a| a.saltus == 0) else {
                continue;
            };
            let f = Candidate::of(&g, &a).unwrap();
            if let Some(Verdict::Proved(_)) = decided_as_brute_force_says(&text, &f, 600, &b) {
                proved.push((text, a.period, a.preperiod));
            }
        }
    }
    for want in [("0.B", 2, 0), ("4.F2", 4, 4)] {
        assert!(
            proved.iter().any(|(c, p, i)| (c.as_str(), *p, *i) == want),
            "{want:?} not proved: {proved:?}"
        );
    }
}

/// The summary's certificate stops when its caller is cancelled (a request's
/// deadline, Ctrl-C): the verdict is the automata's `Cancelled`, never a
/// proof or a refutation, and the same code uncancelled is proved.
#[test]
fn a_cancelled_assessment_stops_undecided() {
    use takeaway::games::octal::arithmetic_period::assess;
    use takeaway::games::octal::automaton::AutomatonError;
    use takeaway::games::octal::solve::{Outcome, Run, solve};
    let Outcome::Done(s) = solve(&OctalCode::parse("0.3F").unwrap(), Run::new(300)).unwrap() else {
        panic!("a run without checkpoint ends done");
    };
    let stopped = assess(&s, &|| true).expect("0.3F looks arithmetic-periodic");
    assert!(
        matches!(
            stopped.verdict,
            Err(CertificateError::Automaton {
                source: AutomatonError::Cancelled,
                ..
            })
        ),
        "{:?}",
        stopped.verdict
    );
    let decided = assess(&s, &|| false).unwrap();
    assert!(
        matches!(decided.verdict, Ok(Verdict::Proved(_))),
        "{:?}",
        decided.verdict
    );
}

/// The values' period line (the certificate) is made for their text only:
/// the JSON, CSV and b-file shapes never ask the certificate anything (its
/// cancel check is never called), the text still ends with the proved line
/// of 0.3F (period 6, saltus 3: `proves_0_3f`).
#[test]
fn only_the_values_text_runs_the_certificate() {
    use std::cell::Cell;
    use takeaway::games::TableFormat;
    use takeaway::games::octal::report::values_table;
    use takeaway::games::octal::solve::{Outcome, Run, solve};
    let Outcome::Done(s) = solve(&OctalCode::parse("0.3F").unwrap(), Run::new(300)).unwrap() else {
        panic!("a run without checkpoint ends done");
    };
    let asked = Cell::new(false);
    let check = || {
        asked.set(true);
        false
    };
    for format in [TableFormat::Json, TableFormat::Csv, TableFormat::Bfile] {
        values_table(&s, format, &check);
        assert!(!asked.get(), "{format:?} ran the certificate");
    }
    let t = values_table(&s, TableFormat::Text, &check);
    assert!(asked.get());
    let last = t.text.lines().last().unwrap();
    assert!(
        last.starts_with("arithmetic period 6, saltus 3, pre-period 0 (no exception); proved"),
        "{last}"
    );
}
