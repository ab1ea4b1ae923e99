//! Sweeps (`takeaway::sweep`): the period of `L` a one-pile row reports
//! against a brute force from the rules, wider subtraction sets (counts,
//! order, the figures of a set whose period is not found), and the seals
//! of shard files (a damaged, cut or foreign shard is discarded by a rerun
//! and refused by the merge, never merged).

use std::path::PathBuf;
use takeaway::bound::Bound;
use takeaway::engine::Cancel;
use takeaway::games::NoProgress;
use takeaway::sweep::{
    Bounds, Cell, FileProgress, Format, OnePileBounds, Output, SubtractionSets, Sweep, SweepError,
    file::check, one_pile::l_period,
};

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("takeaway-lib-sweep-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `L(0..=last)` of the one-pile game with bound `f(t)` from the rules: the
/// least take `t` from pile `m` after which the opponent (pile `m − t`,
/// bound `f(t)`) has no winning take, i.e. every take `s ≤ f(t)` of theirs
/// leaves a won position for us; `u32::MAX` for the empty pile.
fn brute_l(f: &Bound, last: usize) -> Vec<u32> {
    // won[m][w]: the player to move at pile m with bound w wins (w ≤ m).
    let mut won: Vec<Vec<bool>> = vec![vec![false]];
    let mut l = vec![u32::MAX];
    for m in 1..=last {
        let mut row = vec![false; m + 1];
        let mut least = u32::MAX;
        for t in 1..=m {
            let rest = m - t;
            let answer = (f.eval_u64(0, t as u64).unwrap() as usize).min(rest);
            let wins = rest == 0 || !won[rest][answer];
            if wins && least == u32::MAX {
                least = t as u32;
            }
            row[t] = row[t - 1] || wins;
        }
        won.push(row);
        l.push(least);
    }
    l
}

/// The least `p ≤ max_p` and then the least `q` with `L(m + p) = L(m)` for
/// every `q < m ≤ len − 1 − p` (a period seen on the prefix).
fn seen_period(l: &[u32], max_p: usize) -> Option<(u64, u64)> {
    let top = l.len() - 1;
    (1..=max_p).find_map(|p| {
        (0..top / 2)
            .find(|&q| (q + 1..=top - p).all(|m| l[m + p] == l[m]))
            .map(|q| (p as u64, q as u64))
    })
}

/// `l_period` on the solver's `L(0..=N)` proves what a brute force sees on
/// four times as many piles, for bounds with and without a period (some not
/// monotone, some with a pre-period); and a one-pile sweep row carries it
/// whether or not a theorem's hypotheses hold.
#[test]
fn the_period_of_l_agrees_with_a_brute_force() {
    let n = 90usize;
    for (expr, has_period) in [
        ("0", true),
        ("1", true),
        ("min(t, 3)", true),
        ("max(1, 5 - t)", true),
        ("if(t == 1, 5, 1)", true),
        ("if(t < 3, 0, 9)", true),
        ("max(0, 3 - t)", true),
        ("if(t == 2, 0, 1)", true),
        ("t - 1", true),
        ("2*t", false),
        ("t", false),
        ("3*t + 1", false),
    ] {
        let f = Bound::parse(expr).unwrap();
        let solver = takeaway::games::one_pile::exhaustive::least_winning_moves(
            &f,
            n as u64 + 1,
            &takeaway::games::Limits::strict(),
            &NoProgress,
        )
        .unwrap();
        let brute = brute_l(&f, 4 * n);
        assert_eq!(solver[..], brute[..=n], "{expr}: the solver's L");
        let proved = l_period(&solver);
        assert_eq!(proved, seen_period(&brute, n / 3), "{expr}");
        assert_eq!(proved.is_some(), has_period, "{expr}");
        // The sweep's row: l_period and l_preperiod (cells 4 and 5).
        let s = OnePileBounds {
            bounds: Bounds {
                templates: vec![expr.into()],
                parameters: vec![],
            },
            up_to: n as u64,
        };
        let row = s.row(0, &Cancel::new()).unwrap();
        let cells = proved.map_or([Cell::Empty, Cell::Empty], |(p, q)| {
            [Cell::Int(p), Cell::Int(q)]
        });
        assert_eq!(row.cells[4..6], cells, "{expr}");
    }
}

/// Subtraction sets past 63: the count is the sum of binomials (exact where
/// a sweep admits it, saturating beyond), the order lists each set once by
/// size then lexicographically, and limits name themselves.
#[test]
fn wide_subtraction_sets_are_counted_and_listed() {
    let sets = |max, lo, hi| SubtractionSets {
        max,
        min_size: lo,
        max_size: hi,
        terms: 10,
        cap: 1000,
    };
    assert_eq!(sets(100, 1, 3).count(), 100 + 4_950 + 161_700);
    assert_eq!(sets(100, 3, 3).count(), 161_700);
    // Every subset of {1..100}: 2^100 − 1, exact in u128.
    assert_eq!(sets(100, 1, 100).count(), (1u128 << 100) - 1);
    // C(65536, 32768) is far past u128: the count saturates and the sweep
    // is refused by the rule-set limit, not by an overflow.
    assert_eq!(sets(1 << 16, 1, 1 << 16).count(), u128::MAX);
    let e = Sweep::new(Box::new(sets(1 << 16, 1, 1 << 16)), None, Format::Csv).unwrap_err();
    assert!(e.to_string().contains("1099511627776"), "{e}");
    let e = Sweep::new(Box::new(sets((1 << 16) + 1, 1, 1)), None, Format::Csv).unwrap_err();
    assert!(e.to_string().contains("65536"), "{e}");
    // unrank and advance agree around the size boundaries of {1..100}.
    let s = sets(100, 1, 3);
    for start in [0u64, 95, 5_045, 166_740] {
        let mut set = s.unrank(start).unwrap();
        for i in start + 1..(start + 10).min(166_750) {
            assert!(s.advance(&mut set));
            assert_eq!(Some(set.clone()), s.unrank(i), "rank {i}");
        }
    }
    assert_eq!(s.unrank(166_749), Some(vec![98, 99, 100]));
    assert_eq!(s.unrank(166_750), None);
}

/// A set whose period is not proved within the cap still gets the largest
/// value and checksum of G(0..N), computed by the mex rule in steps (here
/// past 2^16 terms, so the kept window moves): the figures of the uncapped
/// row, which reads them off the proved period.
#[test]
fn a_capped_row_keeps_the_figures_of_g() {
    let row = |cap| {
        let s = SubtractionSets {
            max: 100,
            min_size: 3,
            max_size: 3,
            terms: 200_000,
            cap,
        };
        s.row(0, &[1, 37, 100], &Cancel::new()).unwrap()
    };
    let (capped, full) = (row(60), row(1_000_000));
    assert_eq!(full.cells[7], Cell::Text("proved".into()));
    assert_eq!(
        capped.cells[7],
        Cell::Text("no period within 60 terms".into())
    );
    assert_eq!(capped.cells[3..5], [Cell::Empty, Cell::Empty]);
    assert_eq!(capped.cells[5..7], full.cells[5..7]);
}

/// The subtraction sweep of S ⊆ {1..6}, |S| ≤ 2, in shards of 4.
fn small_sweep(terms: u64) -> Sweep {
    Sweep::new(
        Box::new(SubtractionSets {
            max: 6,
            min_size: 1,
            max_size: 2,
            terms,
            cap: 1000,
        }),
        Some(4),
        Format::Csv,
    )
    .unwrap()
}

/// Every shard stored by hand (what a Dask run does), then damaged: the
/// merge refuses it naming its file (no final file), storing a foreign
/// text is refused, and a rerun discards the shard (saying which and why)
/// and writes the uninterrupted run's bytes.
#[test]
fn a_damaged_shard_is_refused_by_the_merge_and_redone_by_a_rerun() {
    let dir = scratch("seal");
    let sweep = small_sweep(100);
    let (out, clean) = (dir.join("s.csv"), dir.join("clean.csv"));
    takeaway::sweep::run(&sweep, &clean, 1, &Cancel::new(), &NoProgress).unwrap();
    let output = Output::new(&out);
    let FileProgress::Shards { done, discarded } = output.prepare(&sweep).unwrap() else {
        panic!("a fresh start")
    };
    assert!(done.is_empty() && discarded.is_empty());
    let shards = sweep.shards().len();
    assert_eq!(shards, 6); // 6 + 15 = 21 sets in shards of 4
    for i in 0..shards {
        let text = sweep.shard_text(i, &Cancel::new()).unwrap();
        let rows = sweep.shards().range(i).count() as u64;
        assert_eq!(check(&text, sweep.id(), i, rows), Ok(()));
        output.write_shard(&sweep, i, &text).unwrap();
    }
    // Another sweep's shard 2 is not this sweep's: refused when stored.
    let foreign = small_sweep(101).shard_text(2, &Cancel::new()).unwrap();
    let e = output.write_shard(&sweep, 2, &foreign).unwrap_err();
    assert!(e.to_string().contains("a shard of another sweep"), "{e}");
    // One byte of shard 3 changed after it was stored: the merge refuses it.
    let part = output.shard_dir().join("0000000003.part");
    let text = std::fs::read_to_string(&part).unwrap();
    std::fs::write(&part, text.replacen("proved", "proven", 1)).unwrap();
    let e = output.merge(&sweep).unwrap_err();
    assert!(matches!(e, SweepError::DamagedShard { .. }), "{e}");
    assert!(e.to_string().contains("0000000003.part"), "{e}");
    assert!(!out.exists(), "nothing merged");
    // A rerun discards it, says why, and computes it again.
    let report = takeaway::sweep::run(&sweep, &out, 1, &Cancel::new(), &NoProgress).unwrap();
    assert_eq!(report.discarded.len(), 1);
    assert_eq!(report.discarded[0].shard, 3);
    assert!(
        report.discarded[0].why.starts_with("damaged"),
        "{:?}",
        report.discarded
    );
    assert_eq!(report.resumed, shards - 1);
    assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&clean).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}
