//! Memory games (`one-pile:[f=EXPR:]min=EXPR`, `games::one_pile::memory`):
//! the previous take bounds the next from below (and with `f` from above).
//!
//! CGSuite's heap-10 rows (aaron-siegel/cgsuite,
//! `lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala`,
//! "define coordinate games properly": `listof(rs((10, k)).NimValue for k
//! from 0 to 20)`, `k` the memory, the previous take) are reproduced for
//! `FibonacciNim` (take at most 2k), `TakeAway(3)` (at most 3k) and `Mem`
//! (at least k). They are also recomputed here by a brute force written
//! from CGSuite's definition of `GenMem(f)` (take `a`, `1 ≤ a ≤ n`, when
//! `f(k, a)`; the next memory is `a`), for every heap to 30, normal and
//! misère play.

use takeaway::analysis::Outcome;
use takeaway::games::{AnalyzeRequest, Family, Game};

/// CGSuite's `GenMem` predicate `f(k, a)`: may `a` be taken after a take of `k`.
type Predicate = fn(usize, usize) -> bool;

/// `G(n, k)` of `GenMem(pred)` for `n ≤ max`, every `k ≤ max`, by the mex
/// rule; misère: a position with no move has `G⁻ = 1`.
fn brute(max: usize, pred: impl Fn(usize, usize) -> bool, misere: bool) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; max + 1]; max + 1];
    for n in 0..=max {
        for k in 0..=max {
            let opts: Vec<u32> = (1..=n)
                .filter(|&a| pred(k, a))
                .map(|a| g[n - a][a])
                .collect();
            g[n][k] = if opts.is_empty() {
                u32::from(misere)
            } else {
                (0..).find(|v| !opts.contains(v)).unwrap()
            };
        }
    }
    g
}

fn grundy(spec: &str, n: usize, bound: usize) -> u32 {
    let mut req = AnalyzeRequest::new(vec![n.into()]);
    req.bound = Some(bound.into());
    let a = Game::parse(spec).unwrap().analyze(&req).unwrap();
    u32::try_from(a.grundy.expect("a Grundy value")).unwrap()
}

fn outcome(spec: &str, n: usize, bound: usize) -> Outcome {
    let mut req = AnalyzeRequest::new(vec![n.into()]);
    req.bound = Some(bound.into());
    Game::parse(spec).unwrap().analyze(&req).unwrap().outcome
}

#[test]
fn cgsuite_heap_10_rows_are_reproduced() {
    // CGSuite's GameHeapTest, rows of heap 10 for memory k = 0..=20.
    let fibonacci_nim = [
        0, 2, 2, 2, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    ];
    let take_away_3 = [
        0, 2, 2, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    ];
    let mem = [
        3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ];
    for k in 0..=20usize {
        // FibonacciNim / TakeAway(r): memory k is the bound r·k on the next take.
        assert_eq!(
            grundy("fibonacci", 10, 2 * k),
            fibonacci_nim[k],
            "FibonacciNim k = {k}"
        );
        assert_eq!(
            grundy("one-pile:f=3*t", 10, 3 * k),
            take_away_3[k],
            "TakeAway(3) k = {k}"
        );
        // Mem: the memory game's bound is the memory itself.
        assert_eq!(grundy("one-pile:min=t", 10, k), mem[k], "Mem k = {k}");
    }
    // The same rows from the brute force of GenMem.
    let fib = brute(30, |k, a| a <= 2 * k, false);
    let three = brute(30, |k, a| a <= 3 * k, false);
    let m = brute(30, |k, a| a >= k, false);
    for k in 0..=20 {
        assert_eq!(
            (fib[10][k], three[10][k], m[10][k]),
            (fibonacci_nim[k], take_away_3[k], mem[k])
        );
    }
}

#[test]
fn memory_games_equal_the_genmem_brute_force_normal_and_misere() {
    // Mem, and a lower bound with an upper one (take between the previous
    // take and twice it), every heap and memory to 30.
    let cases: [(&str, Predicate); 2] = [
        ("one-pile:min=t", |k, a| a >= k),
        ("one-pile:f=2*t:min=t", |k, a| k <= a && a <= 2 * k),
    ];
    for (spec, pred) in cases {
        let normal = brute(30, pred, false);
        let misere = brute(30, pred, true);
        let misere_spec = format!("{spec}:misere=true");
        for n in 0..=30 {
            for k in 0..=30 {
                assert_eq!(grundy(spec, n, k), normal[n][k], "{spec} G({n}, {k})");
                // Misère: lost exactly when G⁻ = 0.
                let lost = outcome(&misere_spec, n, k) == Outcome::P;
                assert_eq!(lost, misere[n][k] == 0, "{misere_spec} ({n}, {k})");
            }
        }
    }
}

#[test]
fn a_memory_game_refuses_what_its_rules_forbid() {
    let g = Game::parse("one-pile:min=t").unwrap();
    assert_eq!(g.spec(), "one-pile:min=t");
    // Two piles: one pile only.
    let two = g.analyze(&AnalyzeRequest::new(vec![3u8.into(), 4u8.into()]));
    assert!(two.is_err());
    // A lower bound that is no expression: the column of the error.
    let e = Game::parse("one-pile:min=t+").unwrap_err().to_string();
    assert!(e.contains("min"), "{e}");
    // An unknown key.
    assert!(Game::parse("one-pile:min=t:base=fibonacci").is_err());
}
