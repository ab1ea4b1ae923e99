//! Octal games as a family: the analysis (normal play by Sprague–Grundy,
//! misère play by the engine) against a brute force written here from the
//! definition of the code alone, the agreement of subtraction specs and
//! their octal codes, sums, play with split moves, and the errors.
//!
//! The brute force knows only the rules: a row of `n` pins; a move removes
//! `j` adjacent pins starting after the first `s` of them, leaving rows of
//! `s` and `n − j − s` (the empty ones vanish); digit `dj` of the code has
//! bit 1 / 2 / 4 when leaving 0 / 1 / 2 rows is allowed. It computes the
//! Grundy value of a whole position (a multiset of rows) by the mex over its
//! options, and the misère outcome by the misère recursion — never a heap's
//! value, never a nim-sum.

use num_bigint::BigUint;
use std::collections::{BTreeSet, HashMap};
use takeaway::analysis::{Move, Outcome};
use takeaway::games::play::{Play, PlayMove, Position};
use takeaway::games::sum::parse_parts;
use takeaway::games::{AnalyzeRequest, Family, Game, GameError, Limits, TableRequest};

/// A code as its digits `d0, d1, …` (the test's own reading of `d0.d1d2…`).
fn digits(code: &str) -> Vec<u8> {
    let (head, tail) = code.split_once('.').unwrap();
    let mut d = vec![head.parse::<u8>().unwrap()];
    d.extend(tail.bytes().map(|b| b - b'0'));
    d
}

/// Every position one move away from `pos` (sorted rows, empty rows dropped),
/// with the move as (row index, removed, left row, right row).
fn options(code: &[u8], pos: &[u32]) -> Vec<(usize, u32, u32, u32, Vec<u32>)> {
    let mut out = Vec::new();
    for (i, &n) in pos.iter().enumerate() {
        for (j, &d) in code.iter().enumerate() {
            let j = j as u32;
            if j > n {
                break;
            }
            for s in 0..=(n - j) {
                let (l, r) = (s, n - j - s);
                let rows = u8::from(l > 0) + u8::from(r > 0);
                if j == 0 && rows < 2 {
                    continue; // removing nothing must split
                }
                if d & (1 << rows) == 0 {
                    continue;
                }
                let mut next: Vec<u32> = pos.to_vec();
                next.remove(i);
                next.extend([l, r].into_iter().filter(|&h| h > 0));
                next.sort_unstable();
                out.push((i, j, l, r, next));
            }
        }
    }
    out
}

struct Brute<'c> {
    code: &'c [u8],
    grundy: HashMap<Vec<u32>, u32>,
    misere_win: HashMap<Vec<u32>, bool>,
}

impl<'c> Brute<'c> {
    fn new(code: &'c [u8]) -> Self {
        Brute {
            code,
            grundy: HashMap::new(),
            misere_win: HashMap::new(),
        }
    }

    fn key(pos: &[u32]) -> Vec<u32> {
        let mut k: Vec<u32> = pos.iter().copied().filter(|&h| h > 0).collect();
        k.sort_unstable();
        k
    }

    /// The Grundy value of the whole position: mex over its options.
    fn grundy(&mut self, pos: &[u32]) -> u32 {
        let key = Self::key(pos);
        if let Some(&g) = self.grundy.get(&key) {
            return g;
        }
        let seen: BTreeSet<u32> = options(self.code, &key)
            .into_iter()
            .map(|(.., next)| self.grundy(&next))
            .collect();
        let g = (0..).find(|v| !seen.contains(v)).unwrap();
        self.grundy.insert(key, g);
        g
    }

    /// Misère play: the player to move wins iff they have no move, or some
    /// move leaves a position the opponent loses.
    fn misere_wins(&mut self, pos: &[u32]) -> bool {
        let key = Self::key(pos);
        if let Some(&w) = self.misere_win.get(&key) {
            return w;
        }
        let opts = options(self.code, &key);
        let w = opts.is_empty() || opts.iter().any(|(.., next)| !self.misere_wins(next));
        self.misere_win.insert(key, w);
        w
    }
}

fn big(v: &[u32]) -> Vec<BigUint> {
    v.iter().map(|&h| BigUint::from(h)).collect()
}

/// The position after an analysis move, as the brute force keys it.
fn after(m: &Move) -> Vec<u32> {
    let mut v: Vec<u32> =
        m.to.iter()
            .map(|h| u32::try_from(h).unwrap())
            .filter(|&h| h > 0)
            .collect();
    v.sort_unstable();
    v
}

/// Every multiset of at most `rows` rows of 1 to `most` pins.
fn positions(rows: usize, most: u32) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new()];
    let mut layer = vec![Vec::new()];
    for _ in 0..rows {
        let mut next = Vec::new();
        for p in &layer {
            let from = p.last().copied().unwrap_or(1);
            for h in from..=most {
                let mut q: Vec<u32> = p.clone();
                q.push(h);
                next.push(q);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out.retain(|p| !p.is_empty());
    out
}

/// Checks analyze (normal and misère, with `--all`) of `code` on every
/// position of at most `rows` rows of at most `most` pins.
fn check_code(code: &str, rows: usize, most: u32) {
    let d = digits(code);
    let mut brute = Brute::new(&d);
    let normal = Game::parse(&format!("octal:{code}")).unwrap();
    let misere = Game::parse(&format!("octal:{code}:misere=true")).unwrap();
    for pos in positions(rows, most) {
        let mut req = AnalyzeRequest::new(big(&pos));
        req.all = true;
        // Normal play: the value is the brute force's value of the whole position.
        let a = normal.analyze(&req).unwrap();
        let g = brute.grundy(&pos);
        assert_eq!(a.grundy, Some(BigUint::from(g)), "{code} {pos:?}");
        assert_eq!(a.outcome, Outcome::from_win(g != 0), "{code} {pos:?}");
        let listed: BTreeSet<Vec<u32>> = a.moves.as_ref().unwrap().iter().map(after).collect();
        let winning: BTreeSet<Vec<u32>> = options(&d, &pos)
            .into_iter()
            .map(|(.., next)| next)
            .filter(|next| brute.grundy(next) == 0)
            .collect();
        assert_eq!(listed, winning, "normal {code} {pos:?}");
        // Misère play: the engine against the misère recursion.
        let m = misere.analyze(&req).unwrap();
        let wins = brute.misere_wins(&pos);
        assert_eq!(m.outcome, Outcome::from_win(wins), "misère {code} {pos:?}");
        let listed: BTreeSet<Vec<u32>> = m.moves.as_ref().unwrap().iter().map(after).collect();
        let winning: BTreeSet<Vec<u32>> = options(&d, &pos)
            .into_iter()
            .map(|(.., next)| next)
            .filter(|next| !brute.misere_wins(next))
            .collect();
        assert_eq!(listed, winning, "misère {code} {pos:?}");
    }
}

/// The named games of the literature (Winning Ways ch. 4) and codes with
/// every kind of digit, on every position of up to three rows of up to 7 pins.
#[test]
fn analyze_agrees_with_the_brute_force_on_named_codes() {
    for code in [
        "0.77", "0.07", "0.137", "0.6", "4.7", "0.51", "0.3033", "0.14", "0.4", "4.04",
    ] {
        check_code(code, 3, 7);
    }
}

/// Every code with at most two digits after the point, d0 = 0 and 4 (128
/// codes), on every position of up to two rows of up to 6 pins.
#[test]
fn analyze_agrees_with_the_brute_force_on_every_two_digit_code() {
    for d0 in [0, 4] {
        for d1 in 0..8 {
            for d2 in 0..8 {
                check_code(&format!("{d0}.{d1}{d2}"), 2, 6);
            }
        }
    }
}

/// The table's values are the brute force's values of one row.
#[test]
fn table_values_are_the_values_of_one_row() {
    for code in ["0.77", "0.07", "0.137", "4.7", "0.165"] {
        let d = digits(code);
        let mut brute = Brute::new(&d);
        let t = Game::parse(&format!("octal:{code}"))
            .unwrap()
            .table(&TableRequest::new(40))
            .unwrap();
        let want: Vec<u32> = (0..40).map(|n| brute.grundy(&[n])).collect();
        assert_eq!(t.json["values"], serde_json::json!(want), "{code}");
    }
}

/// A subtraction game is the octal code with `dj = 3` for `j ∈ S`: same
/// table, same analyses (outcome, value, every winning move), normal and misère.
#[test]
fn subtraction_specs_and_their_octal_codes_agree() {
    let pairs = [
        ("subtraction:s=1,3,4", "octal:0.3033"),
        ("subtraction:s=2,5,6", "octal:0.030033"),
        ("subtraction:s=1,2", "octal:0.33"),
    ];
    for (sub, oct) in pairs {
        let s = Game::parse(sub).unwrap();
        let o = Game::parse(oct).unwrap();
        let ts = s.table(&TableRequest::new(300)).unwrap();
        let to = o.table(&TableRequest::new(300)).unwrap();
        let values = |t: &takeaway::games::Table| {
            serde_json::to_value(t.document()).unwrap()["values"].clone()
        };
        assert_eq!(values(&ts), values(&to), "{sub} / {oct}");
        assert_eq!(values(&to).as_array().map(Vec::len), Some(300));
        for pos in positions(3, 9) {
            let mut req = AnalyzeRequest::new(big(&pos));
            req.all = true;
            let a = s.analyze(&req).unwrap();
            let b = o.analyze(&req).unwrap();
            assert_eq!(
                (&a.outcome, &a.value, &a.moves, &a.grundy),
                (&b.outcome, &b.value, &b.moves, &b.grundy),
                "{sub} / {oct} {pos:?}"
            );
        }
        let sm = Game::parse(&format!("{sub}:misere=true")).unwrap();
        let om = Game::parse(&format!("{oct}:misere=true")).unwrap();
        for pos in positions(2, 9) {
            let req = AnalyzeRequest::new(big(&pos));
            assert_eq!(
                sm.analyze(&req).unwrap().outcome,
                om.analyze(&req).unwrap().outcome,
                "misère {sub} / {oct} {pos:?}"
            );
        }
    }
}

/// A sum with an octal part: the nim-sum of the parts' values, checked
/// against the brute force's value of the Kayles position and Nim (Bouton).
#[test]
fn sums_with_octal_parts_use_the_brute_force_values() {
    let d = digits("0.77");
    let mut brute = Brute::new(&d);
    for (rows, nim) in [
        (vec![10, 7], 3),
        (vec![5, 4], 5),
        (vec![9], 1),
        (vec![3, 6, 2], 0),
    ] {
        let texts = vec![
            format!(
                "octal:0.77 {}",
                rows.iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            format!("nim {nim}"),
        ];
        let parts = parse_parts(&texts).unwrap();
        let a = takeaway::games::sum::analyze(&parts, false, false, &Limits::strict()).unwrap();
        let want = brute.grundy(&rows) ^ nim;
        assert_eq!(a.grundy, Some(BigUint::from(want)), "{texts:?}");
        assert_eq!(a.outcome, Outcome::from_win(want != 0), "{texts:?}");
    }
}

/// Play: a split move is applied as the rows say, refused with the code's
/// reason when the code forbids it, and the computer's reply is legal and
/// winning when the position is won.
#[test]
fn play_applies_splits_and_refuses_what_the_code_forbids() {
    let dawson = Game::parse("dawson").unwrap();
    let pos = dawson.start(big(&[9]), None).unwrap();
    let split = PlayMove::Split {
        pile: 0,
        take: 2u8.into(),
        split: vec![3u8.into(), 4u8.into()],
    };
    assert_eq!(dawson.apply(&pos, &split).unwrap().piles, big(&[3, 4]));
    // Written the other way round, or with an empty side (a take from an end).
    let end = PlayMove::Split {
        pile: 0,
        take: 2u8.into(),
        split: vec![0u8.into(), 7u8.into()],
    };
    assert_eq!(dawson.apply(&pos, &end).unwrap().piles, big(&[7]));
    let one = PlayMove::Take {
        pile: 0,
        take: 1u8.into(),
    };
    let e = dawson.apply(&pos, &one).unwrap_err();
    assert_eq!(
        e.to_string(),
        "In 0.07 removing 1 may not leave one heap: d1 = 0 (never allowed)"
    );
    let bad = PlayMove::Split {
        pile: 0,
        take: 2u8.into(),
        split: vec![3u8.into(), 3u8.into()],
    };
    assert!(matches!(
        dawson.apply(&pos, &bad),
        Err(GameError::Illegal(_))
    ));
    assert_eq!(
        dawson.apply(&pos, &bad).unwrap_err().to_string(),
        "Removing 2 from a heap of 9 leaves 7, not 3 + 3"
    );
    // Kayles 5 is won (G = 4) by the middle pin, leaving 2 + 2: the hint and
    // the computer both make a winning move (brute force: the option is P).
    let d = digits("0.77");
    let mut brute = Brute::new(&d);
    let kayles = Game::parse("kayles").unwrap();
    let pos = kayles.start(big(&[5]), None).unwrap();
    let hint = kayles.hint(&pos, &Limits::strict()).unwrap();
    assert!(hint.winning);
    let mv = hint.mv.unwrap();
    let next = kayles.apply(&pos, &mv).unwrap();
    let rows: Vec<u32> = next
        .piles
        .iter()
        .map(|h| u32::try_from(h).unwrap())
        .collect();
    assert_eq!(brute.grundy(&rows), 0, "{mv:?}");
    let reply = kayles.computer_move(&pos, &Limits::strict()).unwrap();
    assert_eq!(kayles.apply(&pos, &reply.mv).unwrap(), reply.position);
    let rows: Vec<u32> = reply
        .position
        .piles
        .iter()
        .map(|h| u32::try_from(h).unwrap())
        .collect();
    assert_eq!(brute.grundy(&rows), 0);
    // The position after the split lists both rows; the game goes on from there.
    let pos = Position::new(big(&[2, 2]), None);
    assert!(!kayles.is_over(&pos));
}

/// Specs: the shorthand, the named codes, and errors naming their column.
#[test]
fn specs_and_their_errors() {
    assert_eq!(Game::parse("octal:0.77").unwrap().spec(), "octal:0.77");
    assert_eq!(Game::parse("octal:code=0.77").unwrap().spec(), "octal:0.77");
    assert_eq!(Game::parse("kayles").unwrap().spec(), "octal:0.77");
    assert_eq!(Game::parse("dawson").unwrap().spec(), "octal:0.07");
    let e = Game::parse("octal:0.7x").unwrap_err().to_string();
    assert_eq!(
        e,
        "game spec, column 10: octal code: `x` is not a digit of a take-and-break code (0–9, A–F) after the point"
    );
    let e = Game::parse("octal:2.7").unwrap_err().to_string();
    assert!(e.starts_with("game spec, column 7:"), "{e}");
    assert!(Game::parse("kayles:code=0.7").is_err());
    // Too large a heap for the values says which limit and what to do.
    let a = Game::parse("kayles")
        .unwrap()
        .analyze(&AnalyzeRequest::new(vec![BigUint::from(10u64).pow(9)]))
        .unwrap_err()
        .to_string();
    // 10^9 values at 5 bytes each (the solver's byte and the answer's four).
    assert!(a.contains("4769 MiB, over the limit of"), "{a}");
    assert!(a.contains("use smaller heaps"), "{a}");
}

/// The misère search's estimate of the positions it can reach
/// (`reachable_multisets`) counts what it says it counts — checked against
/// an enumeration of the multisets written here — and bounds what a search
/// from the rules reaches (the brute force's `options`, breadth first),
/// while staying below the old bound (every multiset of at most the tokens).
#[test]
fn reachable_multisets_bound_the_positions_a_search_reaches() {
    use std::collections::HashSet;
    use takeaway::games::octal::game::{HeapGrowth, multisets_up_to, reachable_multisets};
    // Multisets (non-increasing parts ≤ `max`) with sum ≤ `room` and at most
    // `parts(sum)` parts, by recursion.
    fn enumerate(room: u64, max: u64, used: u64, len: u64, parts: &dyn Fn(u64) -> u64) -> u64 {
        let here = u64::from(len <= parts(used));
        let mut more = 0;
        for p in 1..=max.min(room) {
            more += enumerate(room - p, p, used + p, len + 1, parts);
        }
        here + more
    }
    let codes = [
        "0.77", "0.07", "0.137", "4.7", "4.3", "0.3033", "0.6", "0.51", "0.04", "0.33",
    ];
    let starts: [&[u32]; 5] = [&[9], &[6, 5], &[4, 4, 3], &[12], &[7, 2, 1]];
    for code in codes {
        let d = digits(code);
        // The test's own reading of the code: a digit with bit 4 leaves two heaps.
        let growth = if d.iter().all(|&x| x & 4 == 0) {
            HeapGrowth::Never
        } else if d[0] == 0 {
            HeapGrowth::OnePerToken
        } else {
            HeapGrowth::Free
        };
        // What the misère search's estimate uses.
        assert_eq!(
            HeapGrowth::of(&takeaway::games::octal::code::OctalCode::parse(code).unwrap()),
            growth,
            "{code}"
        );
        for start in starts {
            let total: u64 = start.iter().map(|&h| u64::from(h)).sum();
            let heaps = start.len() as u64;
            let bound = reachable_multisets(total, heaps, growth);
            let parts = |s: u64| match growth {
                HeapGrowth::Never => heaps,
                HeapGrowth::OnePerToken => heaps + total - s,
                HeapGrowth::Free => s,
            };
            assert_eq!(
                bound,
                enumerate(total, total, 0, 0, &parts),
                "{code} {start:?}"
            );
            assert!(bound <= multisets_up_to(total));
            let mut seen: HashSet<Vec<u32>> = HashSet::new();
            let mut todo = vec![Brute::key(start)];
            while let Some(pos) = todo.pop() {
                if seen.insert(pos.clone()) {
                    todo.extend(options(&d, &pos).into_iter().map(|(.., next)| next));
                }
            }
            assert!(
                seen.len() as u64 <= bound,
                "{code} {start:?}: {} reached, bound {bound}",
                seen.len()
            );
        }
    }
    // Past the table's cap (400 tokens), heaps that never grow are still
    // counted: into at most 2 parts, s has ⌊s/2⌋ + 1 partitions.
    let two: u64 = (0..=1000u64).map(|s| s / 2 + 1).sum();
    assert_eq!(reachable_multisets(1000, 2, HeapGrowth::Never), two);
    assert_eq!(reachable_multisets(1000, 1, HeapGrowth::Never), 1001);
}
