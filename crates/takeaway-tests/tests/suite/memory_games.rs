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

/// CGSuite's `GenMem((memory, j) -> j != memory)` (any take but the
/// previous one) is `one-pile:min=1:forbid=t`. Its GameHeapTest rows
/// (aaron-siegel/cgsuite, `lib/core/src/test/scala/org/cgsuite/lang/
/// GameHeapTest.scala`): the heap-10 row for memory 0..=20, and
/// `NimValueTable(10, 10)` (heaps 0..=10 down, memories 0..=10 across).
#[test]
fn cgsuite_genmem_rows_and_table_are_reproduced() {
    use takeaway::engine::Limits;
    let spec = "one-pile:min=1:forbid=t";
    let heap_10 = [
        6, 6, 6, 4, 6, 6, 3, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6,
    ];
    let table: [[u32; 11]; 11] = [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        [2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2],
        [3, 2, 3, 3, 0, 3, 3, 3, 3, 3, 3],
        [3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3],
        [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2],
        [4, 4, 4, 4, 4, 4, 4, 0, 4, 4, 4],
        [5, 4, 5, 3, 5, 5, 5, 5, 5, 5, 5],
        [5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 5],
        [6, 6, 6, 4, 6, 6, 3, 6, 6, 6, 6],
    ];
    for (k, &want) in heap_10.iter().enumerate() {
        assert_eq!(grundy(spec, 10, k), want, "GenMem G(10, {k})");
    }
    // Through the table route: `table --grundy --rows 11`.
    let mut req = takeaway::games::TableRequest::new(11);
    req.limits = Limits::strict();
    let t = takeaway::games::grundy_table::table(&Game::parse(spec).unwrap(), &req).unwrap();
    let rows = serde_json::to_value(t.document()).unwrap()["rows"].clone();
    assert_eq!(
        rows,
        serde_json::json!(table),
        "GenMem NimValueTable(10, 10)"
    );
    // The brute force of GenMem agrees.
    let b = brute(10, |k, a| a != k, false);
    for n in 0..=10 {
        assert_eq!(b[n], table[n].to_vec(), "brute force, heap {n}");
    }
}

/// Forbidden takes against the GenMem brute force from the rules, normal
/// and misère: every position to heap and memory 20 through `analyze` (the
/// engine's search), every heap and memory to 30 through the table (the
/// mex over the takes); the previous take forbidden,
/// twice the previous take forbidden above a lower bound, and a forbidden
/// take under an upper bound.
#[test]
fn forbidden_takes_equal_the_genmem_brute_force_normal_and_misere() {
    let cases: [(&str, Predicate); 3] = [
        ("one-pile:min=1:forbid=t", |k, a| a != k),
        ("one-pile:min=t:forbid=2*t", |k, a| a >= k && a != 2 * k),
        ("one-pile:f=3*t:min=1:forbid=t", |k, a| a <= 3 * k && a != k),
    ];
    for (spec, pred) in cases {
        let normal = brute(30, pred, false);
        let misere = brute(30, pred, true);
        let misere_spec = format!("{spec}:misere=true");
        for n in 0..=20 {
            for k in 0..=20 {
                assert_eq!(grundy(spec, n, k), normal[n][k], "{spec} G({n}, {k})");
                let lost = outcome(&misere_spec, n, k) == Outcome::P;
                assert_eq!(lost, misere[n][k] == 0, "{misere_spec} ({n}, {k})");
            }
        }
        // The table route (`table --grundy`, normal and misère: G and G⁻).
        for (s, want) in [(spec.to_string(), &normal), (misere_spec, &misere)] {
            let t = takeaway::games::grundy_table::table(
                &Game::parse(&s).unwrap(),
                &takeaway::games::TableRequest::new(31),
            )
            .unwrap();
            let doc = serde_json::to_value(t.document()).unwrap();
            assert_eq!(doc["rows"], serde_json::json!(want), "{s}: the table");
        }
    }
}

/// The memory the play display and the page show (`Game::memory`), and the
/// reason a refused take gives, against the rules: from pile `n` with
/// memory `k` Mem allows `max(1, k)..=n`, GenMem (`min=1:forbid=t`) `1..=n`
/// but `k`; a start `1..=n − 1`.
#[test]
fn the_memory_shown_is_the_rules() {
    use takeaway::games::play::{Play, PlayMove, Position};
    let mem = Game::parse("one-pile:min=t").unwrap();
    let gen_mem = Game::parse("one-pile:min=1:forbid=t").unwrap();
    for n in 0u64..=12 {
        for k in 0u64..=14 {
            let pos = Position::new(vec![n.into()], Some(k.into()));
            let m = mem.memory(&pos).unwrap().expect("a memory");
            let lo = k.max(1);
            let want = (lo <= n).then_some((lo, n));
            assert_eq!(m.previous, Some(k));
            assert_eq!(m.least.zip(m.most), want, "Mem ({n}, {k})");
            assert_eq!(m.forbidden, None);
            let g = gen_mem.memory(&pos).unwrap().expect("a memory");
            let allowed: Vec<u64> = (1..=n).filter(|&a| a != k).collect();
            match (g.least, g.most) {
                (Some(lo), Some(hi)) => {
                    let listed: Vec<u64> = (lo..=hi).filter(|&a| Some(a) != g.forbidden).collect();
                    assert_eq!(listed, allowed, "GenMem ({n}, {k})");
                }
                _ => assert!(allowed.is_empty(), "GenMem ({n}, {k}): {g:?}"),
            }
            // A refused take says what is allowed.
            if n >= 1 && k >= 2 && k <= n {
                let e = mem
                    .apply(
                        &pos,
                        &PlayMove::Take {
                            pile: 0,
                            take: (k - 1).into(),
                        },
                    )
                    .unwrap_err()
                    .to_string();
                let range = if k == n {
                    format!("You may take {k} ")
                } else {
                    format!("You may take {k} to {n} ")
                };
                assert!(e.starts_with(&range), "{e}");
                assert!(e.contains(&format!("the previous take was {k}")), "{e}");
            }
        }
        // A start: anything but the whole pile.
        let start = mem
            .memory(&Position::new(vec![n.into()], None))
            .unwrap()
            .unwrap();
        assert_eq!(start.previous, None);
        let want = (n >= 2).then(|| (1, n - 1));
        assert_eq!(start.least.zip(start.most), want, "Mem start {n}");
    }
    // Games without a memory have none.
    let fib = Game::parse("fibonacci").unwrap();
    let pos = Position::new(vec![9u8.into()], Some(3u8.into()));
    assert!(fib.memory(&pos).unwrap().is_none());
}

/// `table … --grundy --summary` of a memory game: the counts of the values
/// of every cell, the largest, and the starts' values, against the brute
/// force; with the heatmap of the cells. `--steps` is refused with why.
#[test]
fn memory_tables_have_a_summary_and_a_heatmap_but_no_steps() {
    use takeaway::games::TableRequest;
    for (spec, pred, misere) in [
        ("one-pile:min=t", (|k, a| a >= k) as Predicate, false),
        ("one-pile:min=t:misere=true", |k, a| a >= k, true),
        ("one-pile:min=1:forbid=t", |k, a| a != k, false),
    ] {
        let (rows, cols) = (40usize, 25usize);
        let b = brute(rows + cols, pred, misere);
        let game = Game::parse(spec).unwrap();
        let mut req = TableRequest::new(rows as u64);
        req.cols = Some(cols as u64);
        req.summary = true;
        let t = takeaway::games::grundy_table::table(&game, &req).unwrap();
        let mut counts = std::collections::BTreeMap::new();
        for row in b.iter().take(rows) {
            for &v in row.iter().take(cols) {
                *counts.entry(v.to_string()).or_insert(0u64) += 1;
            }
        }
        assert_eq!(t.json["counts"], serde_json::json!(counts), "{spec}");
        let max: u32 = counts
            .keys()
            .map(|k| k.parse::<u32>().unwrap())
            .max()
            .unwrap();
        assert_eq!(t.json["max"], serde_json::json!(max), "{spec}");
        // A start: takes 1..=n − 1, the memory then the take.
        let mut starts = vec![serde_json::Value::Null];
        for n in 1..rows {
            let opts: Vec<u32> = (1..n).map(|a| b[n - a][a]).collect();
            let v = if opts.is_empty() {
                u32::from(misere)
            } else {
                (0..).find(|v| !opts.contains(v)).unwrap()
            };
            starts.push(serde_json::json!(v));
        }
        assert_eq!(t.json["starts"], serde_json::Value::Array(starts), "{spec}");
        assert!(t.text.contains("starts (no memory yet)"), "{}", t.text);
        // The heatmap: one cell per (n, k), its category the value.
        let grid = t.grid.as_ref().expect("a heatmap");
        assert_eq!((grid.width, grid.height), (cols, rows));
        for (n, row) in b.iter().enumerate().take(rows) {
            for (k, &v) in row.iter().enumerate().take(cols) {
                assert_eq!(u32::from(grid.at(k, n)), v, "{spec} cell ({n}, {k})");
            }
        }
        // The full table has the same picture.
        req.summary = false;
        let full = takeaway::games::grundy_table::table(&game, &req).unwrap();
        assert_eq!(full.grid.as_ref().map(|g| &g.cells), Some(&grid.cells));
        // No steps: the reason names the memory.
        let e = takeaway::games::grundy_table::steps_table(&game, &TableRequest::new(10))
            .unwrap_err()
            .to_string();
        assert!(e.contains("need not be monotone"), "{e}");
    }
}
