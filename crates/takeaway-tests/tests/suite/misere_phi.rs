//! Misère octal positions answered through the misère quotient
//! (`games::octal::misere_phi`, via `Family::analyze`): outcomes against a
//! brute force written here from the octal code's digits, every winning
//! move against the engine's exhaustive list and the brute force, a
//! 1,000-heap position against Bouton's misère rule, when the quotient is
//! used (a quotient not yet computed only for a position whose exhaustive
//! search is estimated larger than its budget), and misère sums of octal,
//! Nim and subtraction parts.

use std::collections::HashMap;
use takeaway::analysis::{Method, Outcome};
use takeaway::games::{AnalyzeRequest, Family, Game, Limits, search};

/// The rules from the code's digits alone: `d_j`'s bit 1 lets `j` tokens
/// be taken as a whole heap, bit 2 from a larger heap leaving one heap,
/// bit 4 leaving two nonempty heaps (Winning Ways, ch. 4); `d_0 = 4` splits
/// a heap in two without taking.
struct Brute {
    digits: Vec<u8>,
    memo: HashMap<Vec<u64>, bool>,
}

impl Brute {
    fn new(code: &str) -> Self {
        let (whole, frac) = code.split_once('.').unwrap();
        let mut digits = vec![whole.parse::<u8>().unwrap()];
        digits.extend(frac.bytes().map(|b| b - b'0'));
        Brute {
            digits,
            memo: HashMap::new(),
        }
    }

    /// The heaps a heap of `n` may become (each a list of nonempty heaps).
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (j, &d) in self.digits.iter().enumerate() {
            let j = j as u64;
            if j > n {
                break;
            }
            let rest = n - j;
            if j > 0 && rest == 0 && d & 1 != 0 {
                out.push(vec![]);
            }
            if j > 0 && rest >= 1 && d & 2 != 0 {
                out.push(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    out.push(vec![a, rest - a]);
                }
            }
        }
        out
    }

    /// Misère: no move, the mover wins (N); else P iff every option is N.
    fn is_p(&mut self, sum: &[u64]) -> bool {
        let mut key: Vec<u64> = sum.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut any = false;
        let mut p = true;
        'all: for i in 0..key.len() {
            for o in self.options(key[i]) {
                any = true;
                let mut c: Vec<u64> = key[..i].iter().chain(&key[i + 1..]).copied().collect();
                c.extend(o);
                if self.is_p(&c) {
                    p = false;
                    break 'all;
                }
            }
        }
        let v = any && p;
        self.memo.insert(key, v);
        v
    }
}

/// SplitMix64 (pinned seeds: the same positions every run).
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

fn request(heaps: &[u64], all: bool) -> AnalyzeRequest {
    let mut req = AnalyzeRequest::new(heaps.iter().map(|&h| h.into()).collect());
    req.all = all;
    req.remoteness = false;
    req
}

/// For several codes (Kayles, Dawson's Kayles, 0.137, 0.6, 0.4, a code
/// with `d_0 = 4`, 0.75): once the quotient of heaps up to 9 is ready (kept
/// for the process), random positions of 1 to 5 heaps of size at most 9
/// are answered through it, with the brute force's outcome,
/// the engine's exhaustive list of winning moves (the same moves in the
/// same order: the rules' order), each leading to a brute-force P-position.
#[test]
fn quotient_answers_agree_with_brute_force_and_the_engine() {
    let mut rng = Rng(0x5eed_0f0a);
    let mut compared = 0;
    for code in ["0.77", "0.07", "0.137", "0.6", "0.4", "4.07", "0.75"] {
        let game = Game::parse(&format!("octal:{code}:misere=true")).unwrap();
        let mut brute = Brute::new(code);
        assert!(
            game.misere_quick_ready(&9u8.into(), &Limits::strict()),
            "{code}"
        );
        for _ in 0..60 {
            let k = 1 + rng.below(5) as usize;
            let heaps: Vec<u64> = (0..k).map(|_| rng.below(10)).collect();
            let a = game.analyze(&request(&heaps, true)).unwrap();
            assert_eq!(a.method, Method::Quotient, "{code} {heaps:?}: {a:?}");
            let p = brute.is_p(&heaps);
            assert_eq!(
                a.outcome,
                Outcome::from_win(!p),
                "{code} {heaps:?}: {}",
                a.explanation
            );
            assert!(a.explanation.contains("Φ("), "{}", a.explanation);
            // The engine's search where its limits admit it (a few
            // 5-heap positions of splitting codes are refused).
            if let Ok(engine) = search::analyze(&game, &request(&heaps, true)) {
                compared += 1;
                assert_eq!(a.outcome, engine.outcome, "{code} {heaps:?}");
                assert_eq!(a.moves, engine.moves, "{code} {heaps:?}");
            }
            // The quotient's move is the first of the list (the engine's
            // own pick may be a faster win further down it).
            assert_eq!(
                a.winning_move.as_ref(),
                a.moves.as_deref().unwrap_or_default().first()
            );
            for m in a.moves.as_deref().unwrap_or_default() {
                let to: Vec<u64> = m.to.iter().map(|h| u64::try_from(h).unwrap()).collect();
                assert!(brute.is_p(&to), "{code} {heaps:?} → {to:?}");
            }
        }
    }
    assert!(
        compared >= 300,
        "only {compared} positions compared with the engine"
    );
}

/// Bouton's misère rule (Bouton 1902; Winning Ways, ch. 13): a misère Nim
/// position is P exactly when every heap is at most 1 and the number of
/// heaps of 1 is odd, or some heap is at least 2 and the nim-sum is 0.
fn bouton_misere_p(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        heaps.iter().fold(0, |a, &h| a ^ h) == 0
    }
}

/// 1,000 heaps of 0.3333333 (take 1 to 7 from a heap, leaving the rest:
/// Nim itself on heaps of at most 7) answered through the quotient, the
/// outcome by Bouton's misère rule, the winning move to a Bouton
/// P-position; then 1,000 heaps of Kayles answered through its quotient
/// with a winning move the quotient puts in P.
#[test]
#[allow(clippy::print_stderr)] // the figure of BENCHMARKS.md
fn a_thousand_heaps() {
    let game = Game::parse("octal:0.3333333:misere=true").unwrap();
    let mut rng = Rng(1000);
    for round in 0..6 {
        let mut heaps: Vec<u64> = (0..1000).map(|_| rng.below(8)).collect();
        if round % 2 == 1 {
            // Make the nim-sum 0 (a P-position when some heap is ≥ 2).
            let x = heaps[1..].iter().fold(0, |a, &h| a ^ h);
            heaps[0] = x;
        }
        if round == 4 {
            // Heaps of 0 and 1 only, an odd number of 1s: P.
            heaps = (0..1000).map(|i| u64::from(i < 501)).collect();
        }
        let a = game.analyze(&request(&heaps, false)).unwrap();
        assert_eq!(a.method, Method::Quotient);
        let p = bouton_misere_p(&heaps);
        assert_eq!(a.outcome, Outcome::from_win(!p), "round {round}");
        if !p {
            let m = a.winning_move.unwrap();
            let to: Vec<u64> = m.to.iter().map(|h| u64::try_from(h).unwrap()).collect();
            assert_eq!(to.len(), 1000);
            assert!(bouton_misere_p(&to), "round {round}");
        }
    }
    let kayles = Game::parse("kayles:misere=true").unwrap();
    let heaps: Vec<u64> = (0..1000).map(|_| rng.below(13)).collect();
    let a = kayles.analyze(&request(&heaps, false)).unwrap();
    assert_eq!(a.method, Method::Quotient);
    // The figure of BENCHMARKS.md (printed, not asserted): the same
    // position again, the quotient kept; the usual request (remoteness
    // asked: refused at once by the engine's estimate) and every winning
    // move.
    for (what, req) in [
        ("first move", request(&heaps, false)),
        ("usual request", AnalyzeRequest::new(a.piles.clone())),
        ("every winning move", request(&heaps, true)),
    ] {
        let t = std::time::Instant::now();
        let again = kayles.analyze(&req).unwrap();
        eprintln!(
            "misère Kayles, 1,000 heaps ≤ 12, {what}: {:?} ({} winning moves listed)",
            t.elapsed(),
            again.moves.as_ref().map_or(1, Vec::len)
        );
        assert_eq!(again.outcome, a.outcome);
    }
    if a.outcome == Outcome::N {
        let m = a.winning_move.unwrap();
        let to: Vec<u64> = m.to.iter().map(|h| u64::try_from(h).unwrap()).collect();
        let after = kayles.analyze(&request(&to, false)).unwrap();
        assert_eq!(after.outcome, Outcome::P);
    }
}

/// When the quotient answers: past the engine's largest heap bound (255)
/// never (the engine's exhaustive search answers and a note says why); a
/// quotient not yet computed is not computed for a position whose
/// exhaustive search is estimated at no more positions than the quotient's
/// budget of sums (a note says so); once the quotient is kept, every
/// position within it goes through it.
#[test]
fn when_the_quotient_is_used() {
    // 0.3: take one token. A heap of 256 lasts 256 moves: the opponent
    // makes the last, and under misère play the mover, then stuck, wins: N.
    let game = Game::parse("octal:0.3:misere=true").unwrap();
    let a = game.analyze(&request(&[256], false)).unwrap();
    assert_eq!(
        (a.method, a.outcome),
        (Method::Exhaustive, Outcome::N),
        "{a:?}"
    );
    assert!(
        a.notes
            .iter()
            .any(|n| n.contains("misère quotient was not used") && n.contains("255")),
        "{:?}",
        a.notes
    );
    // Heap 255 alone: at most 256 positions to search, so the quotient is
    // not computed for it. The mover makes the last move and loses: P.
    let b = game.analyze(&request(&[255], false)).unwrap();
    assert_eq!((b.method, b.outcome), (Method::Exhaustive, Outcome::P));
    assert!(
        b.notes
            .iter()
            .any(|n| n.contains("misère quotient was not tried") && n.contains("256 positions")),
        "{:?}",
        b.notes
    );
    // Once the quotient of heaps up to 255 is kept, the same position goes
    // through it, with the same outcome.
    assert!(game.misere_quick_ready(&255u8.into(), &Limits::strict()));
    let c = game.analyze(&request(&[255], false)).unwrap();
    assert_eq!((c.method, c.outcome), (Method::Quotient, Outcome::P));
    // 0.35 (take 1 leaving 0 or 1 heap, take 2 leaving 0 or 2 heaps):
    // three heaps of 9 are a small search (exhaustive), 60 heaps of at
    // most 9 a large one (the quotient Q_9 is computed for it); both agree
    // with the brute force where it can go.
    let game = Game::parse("octal:0.35:misere=true").unwrap();
    let mut brute = Brute::new("0.35");
    let small = game.analyze(&request(&[9, 9, 9], false)).unwrap();
    assert_eq!(small.method, Method::Exhaustive, "{small:?}");
    assert_eq!(small.outcome, Outcome::from_win(!brute.is_p(&[9, 9, 9])));
    let mut rng = Rng(35);
    let mut heaps: Vec<u64> = (0..60).map(|_| rng.below(10)).collect();
    heaps[0] = 9;
    let large = game.analyze(&request(&heaps, true)).unwrap();
    assert_eq!(large.method, Method::Quotient, "{large:?}");
    assert!(large.notes.iter().any(|n| n.contains("Q_9 of octal:0.35")));
    // Q_9 is now kept: small positions go through it, with the brute
    // force's outcomes.
    for _ in 0..30 {
        let k = 1 + rng.below(4) as usize;
        let heaps: Vec<u64> = (0..k).map(|_| rng.below(10)).collect();
        let a = game.analyze(&request(&heaps, false)).unwrap();
        assert_eq!(a.method, Method::Quotient, "{heaps:?}");
        assert_eq!(
            a.outcome,
            Outcome::from_win(!brute.is_p(&heaps)),
            "{heaps:?}"
        );
    }
    let again = game.analyze(&request(&[9, 9, 9], false)).unwrap();
    assert_eq!(
        (again.method, again.outcome),
        (Method::Quotient, small.outcome)
    );
}

/// A misère sum whose parts are octal games of several codes, Nim and
/// subtraction games is one multiset of heaps, answered (when its
/// exhaustive search is estimated larger than the quotient's budget)
/// through the quotient of their union, a Nim or subtraction part's heaps
/// being those of the octal code with the same moves: the outcome is the
/// brute force's (each heap carrying its own part's rules: Nim on heaps of
/// at most 5 is 0.33333, s = {1, 3} is 0.303), every winning move leads
/// to a brute-force P-position, and a sum whose parts share one code agrees
/// with the game itself.
#[test]
fn misere_sums_of_octal_nim_and_subtraction_parts() {
    use takeaway::games::sum::{analyze as analyze_sum, parse_parts};
    // (the part's game, the brute force's code for heaps of at most 5).
    let kinds = [
        ("octal:0.77", "0.77"),
        ("octal:0.07", "0.07"),
        ("octal:0.137", "0.137"),
        ("nim", "0.33333"),
        ("subtraction:s=1,3", "0.303"),
    ];
    let mut brutes: Vec<Brute> = kinds.iter().map(|(_, c)| Brute::new(c)).collect();
    // The brute force of a sum: a heap is (code, size).
    fn sum_is_p(
        brutes: &mut [Brute],
        memo: &mut HashMap<Vec<(usize, u64)>, bool>,
        sum: &[(usize, u64)],
    ) -> bool {
        let mut key: Vec<(usize, u64)> = sum.iter().copied().filter(|&(_, h)| h > 0).collect();
        key.sort_unstable();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let (mut any, mut p) = (false, true);
        'all: for i in 0..key.len() {
            let (c, h) = key[i];
            for o in brutes[c].options(h) {
                any = true;
                let mut next: Vec<(usize, u64)> =
                    key[..i].iter().chain(&key[i + 1..]).copied().collect();
                next.extend(o.into_iter().map(|x| (c, x)));
                if sum_is_p(brutes, memo, &next) {
                    p = false;
                    break 'all;
                }
            }
        }
        let v = any && p;
        memo.insert(key, v);
        v
    }
    let mut memo = HashMap::new();
    let mut rng = Rng(77);
    let mut through = [0usize; 5];
    for round in 0..16 {
        let parts_n = 3;
        let mut texts = Vec::new();
        let mut heaps: Vec<(usize, Vec<u64>)> = Vec::new();
        for j in 0..parts_n {
            // Every kind in 9 or 10 of the 16 rounds.
            let c = (round + 2 * j) % kinds.len();
            let hs: Vec<u64> = (0..3).map(|_| 2 + rng.below(4)).collect();
            let piles: Vec<String> = hs.iter().map(ToString::to_string).collect();
            texts.push(format!("{} {}", kinds[c].0, piles.join(" ")));
            heaps.push((c, hs));
        }
        let parts = parse_parts(&texts).unwrap();
        let a = analyze_sum(&parts, true, true, &Limits::strict()).unwrap();
        if a.method == Method::Quotient {
            for (c, _) in &heaps {
                through[*c] += 1;
            }
        } else {
            assert_eq!(a.method, Method::Exhaustive, "{texts:?}: {a:?}");
        }
        let flat: Vec<(usize, u64)> = heaps
            .iter()
            .flat_map(|(c, hs)| hs.iter().map(move |&h| (*c, h)))
            .collect();
        let p = sum_is_p(&mut brutes, &mut memo, &flat);
        assert_eq!(a.outcome, Outcome::from_win(!p), "round {round} {texts:?}");
        for m in a.moves.as_deref().unwrap_or_default() {
            let part = m.part.unwrap();
            let mut after = heaps.clone();
            after[part].1 = m.to.iter().map(|h| u64::try_from(h).unwrap()).collect();
            let flat: Vec<(usize, u64)> = after
                .iter()
                .flat_map(|(c, hs)| hs.iter().map(move |&h| (*c, h)))
                .collect();
            assert!(sum_is_p(&mut brutes, &mut memo, &flat), "{texts:?}: {m:?}");
        }
        assert_eq!(
            a.moves.as_ref().is_some_and(Vec::is_empty),
            p || flat.iter().all(|&(c, h)| brutes[c].options(h).is_empty())
        );
    }
    // Every kind of part went through a quotient in several rounds.
    assert!(through.iter().all(|&n| n >= 2), "{through:?}");
    // One code in two parts: the same outcome as the game with all heaps.
    let parts = parse_parts(&["kayles 3 5".into(), "kayles 4".into()]).unwrap();
    let a = analyze_sum(&parts, false, true, &Limits::strict()).unwrap();
    let whole = Game::parse("kayles:misere=true")
        .unwrap()
        .analyze(&request(&[3, 5, 4], false))
        .unwrap();
    assert_eq!(a.outcome, whole.outcome);
}
