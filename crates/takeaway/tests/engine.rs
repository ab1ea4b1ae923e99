//! The engine (issue 11): one exhaustive solver for every family, checked
//! against solvers written here from the rules alone (no engine code), for
//! normal and misère play; cancellation and limits; a throwaway family built
//! through the public API only.

use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};
use takeaway::analysis::{Method, Outcome};
use takeaway::bound::Bound;
use takeaway::engine::{Cancel, Convention, Estimate, Limits, Rules, Solver};
use takeaway::games::one_pile::OnePileRules;
use takeaway::games::play::{Play, Position};
use takeaway::games::spite::game::{SpitePosition, SpiteRules};
use takeaway::games::subtraction::game::SubtractionRules;
use takeaway::games::subtraction::rules::SubtractionSet;
use takeaway::games::two_pile::game::{PilesPosition, TwoPileRules};
use takeaway::games::wythoff::game::WythoffRules;
use takeaway::games::{AnalyzeRequest, Family, Game, GameError};

/// Memo of the piles solver: (piles, bound) → (wins, remoteness).
type PilesMemo = HashMap<(Vec<u64>, Option<u64>), (bool, u64)>;
/// A move bound f(n, t) on machine integers.
type F<'a> = &'a dyn Fn(u64, u64) -> u64;

fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

/// (wins, remoteness) by Smith's rule from a list of successors, each
/// `(wins_for_its_mover, remoteness, passes_turn)`; `stuck` is the value
/// of a position with no move.
fn smith(succ: &[(bool, u64, bool)], stuck_wins: bool) -> (bool, u64) {
    if succ.is_empty() {
        return (stuck_wins, 0);
    }
    let step = |r: u64, passes: bool| r + u64::from(passes);
    let winning: Vec<u64> = succ
        .iter()
        .filter(|(w, _, passes)| *w != *passes)
        .map(|&(_, r, p)| step(r, p))
        .collect();
    match winning.iter().min() {
        Some(&r) => (true, r),
        None => (
            false,
            succ.iter().map(|&(_, r, p)| step(r, p)).max().unwrap_or(0),
        ),
    }
}

// ---------------------------------------------------------------------------
// Brute force from the rules alone, one small recursive solver per family.

/// One pile `n`, bound `w`: take `1..=min(w, n)`, next bound `f(n, t)`.
fn one_pile(
    f: &dyn Fn(u64, u64) -> u64,
    n: u64,
    w: u64,
    misere: bool,
    memo: &mut HashMap<(u64, u64), (bool, u64)>,
) -> (bool, u64) {
    let w = w.min(n);
    if let Some(&v) = memo.get(&(n, w)) {
        return v;
    }
    let succ: Vec<_> = (1..=w)
        .map(|t| {
            let (win, r) = one_pile(f, n - t, f(n, t), misere, memo);
            (win, r, true)
        })
        .collect();
    let v = smith(&succ, misere);
    memo.insert((n, w), v);
    v
}

/// Piles (any number) and a bound (`None` unbounded): take `1..=w` from one
/// pile, next bound `f(max − min, t)`.
fn piles_game(
    f: &dyn Fn(u64, u64) -> u64,
    piles: &[u64],
    w: Option<u64>,
    misere: bool,
    memo: &mut PilesMemo,
) -> (bool, u64) {
    let key = (piles.to_vec(), w);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let spread = piles.iter().max().unwrap() - piles.iter().min().unwrap();
    let mut succ = Vec::new();
    for i in 0..piles.len() {
        let most = w.map_or(piles[i], |w| w.min(piles[i]));
        for t in 1..=most {
            let mut next = piles.to_vec();
            next[i] -= t;
            let (win, r) = piles_game(f, &next, Some(f(spread, t)), misere, memo);
            succ.push((win, r, true));
        }
    }
    let v = smith(&succ, misere);
    memo.insert(key, v);
    v
}

fn wythoff(
    x: u64,
    y: u64,
    misere: bool,
    memo: &mut HashMap<(u64, u64), (bool, u64)>,
) -> (bool, u64) {
    if let Some(&v) = memo.get(&(x, y)) {
        return v;
    }
    let mut succ = Vec::new();
    for t in 1..=x {
        let (w, r) = wythoff(x - t, y, misere, memo);
        succ.push((w, r, true));
    }
    for t in 1..=y {
        let (w, r) = wythoff(x, y - t, misere, memo);
        succ.push((w, r, true));
    }
    for t in 1..=x.min(y) {
        let (w, r) = wythoff(x - t, y - t, misere, memo);
        succ.push((w, r, true));
    }
    let v = smith(&succ, misere);
    memo.insert((x, y), v);
    v
}

/// Spite Nim by whole turns (paper 003): the caller wins with call `c` iff
/// every row the chooser may pick leaves the chooser (who calls next) losing;
/// remoteness counts calls. Misère: the player to call with every row empty wins.
fn spite(rows: &[u64], misere: bool, memo: &mut HashMap<Vec<u64>, (bool, u64)>) -> (bool, u64) {
    let mut key: Vec<u64> = rows.iter().copied().filter(|&r| r > 0).collect();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let longest = key.iter().copied().max().unwrap_or(0);
    let v = if longest == 0 {
        (misere, 0)
    } else {
        // For each call: the chooser's best pick, (chooser wins?, remoteness after).
        let mut best_win: Option<u64> = None;
        let mut worst = 0;
        for c in 1..=longest {
            let mut chooser: Option<(bool, u64)> = None;
            for i in 0..key.len() {
                if key[i] < c {
                    continue;
                }
                let mut next = key.clone();
                next[i] -= c;
                let (w, r) = spite(&next, misere, memo);
                // The chooser prefers a win (shortest), else the longest loss.
                chooser = Some(match chooser {
                    None => (w, r),
                    Some((bw, br)) => match (w, bw) {
                        (true, false) => (w, r),
                        (false, true) => (bw, br),
                        (true, true) => (true, r.min(br)),
                        (false, false) => (false, r.max(br)),
                    },
                });
            }
            let (chooser_wins, r) = chooser.expect("a row holds the call");
            if !chooser_wins {
                best_win = Some(best_win.map_or(r + 1, |b: u64| b.min(r + 1)));
            }
            worst = worst.max(r + 1);
        }
        match best_win {
            Some(r) => (true, r),
            None => (false, worst),
        }
    };
    memo.insert(key, v);
    v
}

fn subtraction(
    piles: &[u64],
    set: &[u64],
    misere: bool,
    memo: &mut HashMap<Vec<u64>, (bool, u64)>,
) -> (bool, u64) {
    let mut key = piles.to_vec();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut succ = Vec::new();
    for i in 0..key.len() {
        for &s in set {
            if s <= key[i] {
                let mut next = key.clone();
                next[i] -= s;
                let (w, r) = subtraction(&next, set, misere, memo);
                succ.push((w, r, true));
            }
        }
    }
    let v = smith(&succ, misere);
    memo.insert(key, v);
    v
}

// ---------------------------------------------------------------------------
// The engine against brute force, through the public Game API.

fn analyze(game: &Game, piles: &[u64], bound: Option<u64>) -> takeaway::analysis::Analysis {
    let mut req = AnalyzeRequest::new(piles.iter().map(|&p| big(p)).collect());
    req.bound = bound.map(big);
    req.all = true;
    game.analyze(&req)
        .unwrap_or_else(|e| panic!("{} {piles:?} {bound:?}: {e}", game.spec()))
}

fn check(game: &Game, piles: &[u64], bound: Option<u64>, want: (bool, u64), misere: bool) {
    let a = analyze(game, piles, bound);
    let at = format!("{} {piles:?} bound {bound:?}", game.spec());
    assert_eq!(a.outcome, Outcome::from_win(want.0), "{at}");
    assert_eq!(a.remoteness, Some(want.1), "{at}: remoteness");
    if misere {
        assert_eq!(a.value, None, "{at}: value is null under misère");
    }
    // Every listed winning move leads to a position lost for the opponent.
    for m in a.moves.unwrap_or_default() {
        if m.call.is_some() {
            continue;
        }
        let mut req = AnalyzeRequest::new(m.to.clone());
        req.bound = m.bound.clone();
        let after = game.analyze(&req).unwrap();
        assert_eq!(after.outcome, Outcome::P, "{at}: move {m:?}");
    }
}

#[test]
fn one_pile_normal_and_misere_agree_with_brute_force() {
    // f = 2t (Whinihan), 3t, t + 1, and an n-dependent f (H–R style).
    let cases: [(&str, F<'_>); 4] = [
        ("one-pile:f=2*t", &|_, t| 2 * t),
        ("one-pile:f=3*t", &|_, t| 3 * t),
        ("one-pile:f=t+1", &|_, t| t + 1),
        ("one-pile:f=if(t<=n/2,2*t,t)", &|n, t| {
            if t <= n / 2 { 2 * t } else { t }
        }),
    ];
    for (spec, f) in cases {
        for misere in [false, true] {
            let spec = if misere {
                format!("{spec}:misere=true")
            } else {
                spec.to_string()
            };
            let game = Game::parse(&spec).unwrap();
            let mut memo = HashMap::new();
            for n in 0..=40u64 {
                for w in 0..=n {
                    let want = one_pile(f, n, w, misere, &mut memo);
                    check(&game, &[n], Some(w), want, misere);
                }
            }
        }
    }
    // The examples: under misère pile 0, and pile 1 with bound 0, are N.
    let g = Game::parse("fibonacci:misere=true").unwrap();
    assert_eq!(analyze(&g, &[0], None).outcome, Outcome::N);
    assert_eq!(analyze(&g, &[1], Some(0)).outcome, Outcome::N);
    assert_eq!(analyze(&g, &[1], None).winning_move, None);
}

#[test]
fn two_and_three_piles_agree_with_brute_force() {
    let f = |_: u64, t: u64| 2 * t;
    for misere in [false, true] {
        let suffix = if misere { ":misere=true" } else { "" };
        let two = Game::parse(&format!("two-pile:f=2*t{suffix}")).unwrap();
        let mut memo = HashMap::new();
        for x in 0..=9u64 {
            for y in 0..=9u64 {
                for w in [None, Some(0), Some(1), Some(2), Some(5)] {
                    let want = piles_game(&f, &[x, y], w, misere, &mut memo);
                    check(&two, &[x, y], w, want, misere);
                }
            }
        }
        let three = Game::parse(&format!("two-pile:f=2*t:piles=3{suffix}")).unwrap();
        for x in 0..=4u64 {
            for y in 0..=4u64 {
                for z in 0..=3u64 {
                    let want = piles_game(&f, &[x, y, z], Some(3), misere, &mut memo);
                    check(&three, &[x, y, z], Some(3), want, misere);
                }
            }
        }
    }
}

#[test]
fn wythoff_agrees_with_brute_force() {
    for misere in [false, true] {
        let game = Game::parse(if misere {
            "wythoff:misere=true"
        } else {
            "wythoff"
        })
        .unwrap();
        let mut memo = HashMap::new();
        for x in 0..=14u64 {
            for y in 0..=14u64 {
                let want = wythoff(x, y, misere, &mut memo);
                check(&game, &[x, y], None, want, misere);
            }
        }
    }
}

#[test]
fn spite_agrees_with_brute_force() {
    for misere in [false, true] {
        let game = Game::parse(if misere { "spite:misere=true" } else { "spite" }).unwrap();
        let mut memo = HashMap::new();
        for a in 0..=9u64 {
            for b in 0..=a {
                let want = spite(&[a, b], misere, &mut memo);
                check(&game, &[a, b], None, want, misere);
            }
        }
        for rows in [[3u64, 2, 1], [4, 4, 2], [5, 3, 3], [2, 2, 2]] {
            let want = spite(&rows, misere, &mut memo);
            check(&game, &rows, None, want, misere);
        }
    }
}

#[test]
fn subtraction_and_nim_agree_with_brute_force() {
    for misere in [false, true] {
        let suffix = if misere { ":misere=true" } else { "" };
        let sub = Game::parse(&format!("subtraction:s=1,3,4{suffix}")).unwrap();
        let mut memo = HashMap::new();
        for a in 0..=12u64 {
            for b in 0..=6u64 {
                let want = subtraction(&[a, b], &[1, 3, 4], misere, &mut memo);
                check(&sub, &[a, b], None, want, misere);
            }
        }
        let nim = Game::parse(&format!("nim{suffix}")).unwrap();
        let mut memo = HashMap::new();
        let all: Vec<u64> = (1..=8).collect();
        for a in 0..=5u64 {
            for b in 0..=5u64 {
                for c in 0..=3u64 {
                    let want = subtraction(&[a, b, c], &all, misere, &mut memo);
                    let r = analyze(&nim, &[a, b, c], None);
                    assert_eq!(
                        r.outcome,
                        Outcome::from_win(want.0),
                        "nim{suffix} {a} {b} {c}"
                    );
                }
            }
        }
        // Misère Nim is Bouton's theory, not a search.
        if misere {
            assert_eq!(analyze(&nim, &[3, 4, 5], None).method, Method::Theory);
        }
    }
}

// ---------------------------------------------------------------------------
// A throwaway family through the public engine API alone.

/// "Take 1 or 2, but never the same as the opponent's last take."
struct NoRepeat;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Pile {
    n: u64,
    last: Option<u64>,
}

impl Rules for NoRepeat {
    type Position = Pile;
    type Move = u64;
    fn moves(
        &self,
        p: &Pile,
        out: &mut dyn FnMut(u64) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        for t in 1..=2u64 {
            if t <= p.n && Some(t) != p.last && out(t).is_break() {
                break;
            }
        }
        Ok(())
    }
    fn apply(&self, p: &Pile, t: &u64) -> Result<Pile, GameError> {
        if *t == 0 || *t > 2 || *t > p.n || Some(*t) == p.last {
            return Err(GameError::Invalid(format!("cannot take {t}")));
        }
        Ok(Pile {
            n: p.n - t,
            last: Some(*t),
        })
    }
    fn estimate(&self, p: &Pile) -> Estimate {
        Estimate::positions(3 * (p.n + 1), 32)
    }
}

fn no_repeat(n: u64, last: Option<u64>, misere: bool) -> (bool, u64) {
    let succ: Vec<_> = (1..=2u64)
        .filter(|&t| t <= n && Some(t) != last)
        .map(|t| {
            let (w, r) = no_repeat(n - t, Some(t), misere);
            (w, r, true)
        })
        .collect();
    smith(&succ, misere)
}

#[test]
fn a_throwaway_family_is_one_impl() {
    for convention in [Convention::Normal, Convention::Misere] {
        let mut solver = Solver::new(&NoRepeat, convention, Limits::strict());
        for n in 0..=20u64 {
            for last in [None, Some(1), Some(2)] {
                let p = Pile { n, last };
                let got = solver.solve(&p).unwrap();
                let want = no_repeat(n, last, convention == Convention::Misere);
                assert_eq!(
                    (got.outcome, got.remoteness),
                    (Outcome::from_win(want.0), want.1),
                    "{convention:?} {p:?}"
                );
                // Winning moves are exactly those leaving a lost position.
                for s in solver.successors(&p).unwrap() {
                    let after = no_repeat(
                        s.position.n,
                        s.position.last,
                        convention == Convention::Misere,
                    );
                    assert_eq!(s.wins, !after.0, "{convention:?} {p:?} -> {:?}", s.position);
                }
            }
        }
    }
    // Hand check (brute force by hand): with 3 counters and no last take the
    // mover takes 1; the opponent must take 2 and wins... so 3 is won by taking 2?
    // Taking 2 leaves (1, last 2): the opponent takes 1 and wins. Taking 1 leaves
    // (2, last 1): the opponent takes 2 and wins. So (3, none) is P.
    let mut s = Solver::new(&NoRepeat, Convention::Normal, Limits::strict());
    assert_eq!(
        s.solve(&Pile { n: 3, last: None }).unwrap().outcome,
        Outcome::P
    );
}

// ---------------------------------------------------------------------------
// Limits and cancellation.

#[test]
fn a_solve_over_the_limits_is_refused_before_it_allocates() {
    let f = Bound::parse("2*t").unwrap();
    let rules = OnePileRules::<u64>::new(&f);
    let mut s = Solver::new(&rules, Convention::Normal, Limits::strict());
    let e = s.solve(&(100_000, 99_999).into()).unwrap_err();
    // 5·10^9 positions: refused from the estimate, not after filling memory.
    assert!(matches!(e, GameError::TooLarge { .. }), "{e}");
    assert_eq!(
        s.positions(),
        0,
        "nothing was solved (or allocated) before the refusal"
    );
    // `--all` goes through the limits too: listing every move of a pile of
    // 10^9 needs a table of 4 GB, over the strict 256 MiB.
    let game = Game::parse("fibonacci").unwrap();
    let mut req = AnalyzeRequest::new(vec![big(1_000_000_000)]);
    req.all = true;
    let t = Instant::now();
    assert!(matches!(
        game.analyze(&req),
        Err(GameError::TooLarge { .. })
    ));
    assert!(t.elapsed() < Duration::from_secs(1));
}

/// CPU time (user + system, in milliseconds, at the kernel's 10 ms tick) of
/// the thread whose `/proc/PID/task/TID/stat` is `stat`.
fn thread_cpu_ms(stat: &std::path::Path) -> u64 {
    let text = std::fs::read_to_string(stat).unwrap_or_default();
    // Fields after the command name: state is field 3, utime 14, stime 15.
    let rest = text.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<u64> = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse().ok())
        .collect();
    fields.iter().sum::<u64>() * 10
}

/// Runs `work` with limits cancelled 100 ms in; after the cancellation the
/// work must stop within 0.2 s. Measured as the CPU time the working thread
/// spends after the token is cancelled (so a busy machine that delays the
/// threads does not count), and as wall time with a wider margin.
fn stops_promptly<T: std::fmt::Debug>(
    what: &str,
    work: impl FnOnce(Limits) -> Result<T, GameError>,
) {
    let token = Cancel::new();
    let limits = Limits::generous().with_cancel(token.clone());
    let me = std::fs::read_link("/proc/thread-self")
        .map(|p| std::path::Path::new("/proc").join(p).join("stat"))
        .ok();
    let canceller = {
        let token = token.clone();
        let me = me.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            token.cancel();
            (Instant::now(), me.as_deref().map(thread_cpu_ms))
        })
    };
    let result = work(limits);
    let returned = Instant::now();
    let cpu_after = me.as_deref().map(thread_cpu_ms);
    let (cancelled_at, cpu_at_cancel) = canceller.join().unwrap();
    assert!(
        matches!(result, Err(GameError::Cancelled)),
        "{what}: expected a cancellation, got {result:?}"
    );
    if let (Some(after), Some(at)) = (cpu_after, cpu_at_cancel) {
        // The reading works (the thread did run), then: one tick of slack.
        assert!(after > 0, "{what}: no CPU time read for the working thread");
        let spent = after.saturating_sub(at);
        assert!(
            spent < 200 + 20,
            "{what}: {spent} ms of CPU after the cancellation"
        );
    }
    let late = returned.saturating_duration_since(cancelled_at);
    assert!(
        late < Duration::from_secs(2),
        "{what}: returned {late:?} after the cancellation"
    );
}

#[test]
fn a_cancelled_solve_of_every_family_stops_within_a_fifth_of_a_second() {
    let f = Bound::parse("2*t").unwrap();
    stops_promptly("one-pile engine", |l| {
        Solver::new(&OnePileRules::<u64>::new(&f), Convention::Normal, l)
            .solve(&(8_000, 7_999).into())
    });
    stops_promptly("two-pile engine", |l| {
        let pos = PilesPosition {
            piles: vec![150, 200],
            bound: None,
        };
        Solver::new(&TwoPileRules::<u64>::new(&f), Convention::Misere, l).solve(&pos)
    });
    stops_promptly("wythoff engine", |l| {
        Solver::new(&WythoffRules::<u64>::default(), Convention::Normal, l).solve(&[1000, 1000])
    });
    stops_promptly("spite engine", |l| {
        let pos = SpitePosition {
            rows: vec![60, 50, 40],
            call: None,
        };
        Solver::new(&SpiteRules::<u64>::default(), Convention::Normal, l).solve(&pos)
    });
    let set = SubtractionSet::finite(&[1, 2, 3, 5, 8]).unwrap();
    stops_promptly("subtraction engine", |l| {
        Solver::new(&SubtractionRules::<u64>::new(&set), Convention::Misere, l)
            .solve(&vec![40, 40, 40, 40, 40, 40])
    });
    // The families' own table algorithms through `analyze`, with the same token.
    let through = |spec: &str, piles: &[u64]| {
        let game = Game::parse(spec).unwrap();
        let piles: Vec<BigUint> = piles.iter().map(|&p| big(p)).collect();
        move |l: Limits| {
            let mut req = AnalyzeRequest::new(piles);
            req.exhaustive = true;
            req.limits = l;
            game.analyze(&req)
        }
    };
    stops_promptly(
        "one-pile table, f depends on n",
        through("one-pile:f=n", &[65_535]),
    );
    stops_promptly(
        "two-pile tableau",
        through("two-pile:f=3*t", &[20_000, 45_000]),
    );
    stops_promptly("wythoff sweep", through("wythoff", &[60_000, 100_000]));
    stops_promptly("spite table", through("spite", &[300, 250, 200]));
    stops_promptly(
        "subtraction mex table",
        through("subtraction:s=3,5,4000000", &[400_000_000]),
    );
    // The period search (no --exhaustive) of a set whose largest element is 4·10^6.
    let game = Game::parse("subtraction:s=3,5,4000000").unwrap();
    stops_promptly("subtraction period", move |l: Limits| {
        let mut req = AnalyzeRequest::new(vec![big(10_000_000_000)]);
        req.limits = l;
        game.analyze(&req)
    });
}

#[test]
fn play_uses_the_engine_for_every_family_and_never_moves_illegally() {
    // Misère games are played by the engine: the computer wins from a won
    // position (brute force above) and always moves legally.
    for (spec, piles, bound) in [
        ("fibonacci:misere=true", vec![12u64], None),
        ("two-pile:f=2*t:misere=true", vec![5, 7], Some(3)),
        ("wythoff:misere=true", vec![4, 6], None),
        ("spite:misere=true", vec![4, 3], None),
        ("subtraction:s=1,3,4:misere=true", vec![5, 6], None),
    ] {
        let game = Game::parse(spec).unwrap();
        let mut pos: Position = game
            .start(piles.iter().map(|&p| big(p)).collect(), bound.map(big))
            .unwrap();
        let mut moves = 0;
        while !game.is_over(&pos) {
            let reply = game.computer_move(&pos, &Limits::strict()).unwrap();
            assert_eq!(
                game.apply(&pos, &reply.mv).unwrap(),
                reply.position,
                "{spec}"
            );
            pos = reply.position;
            moves += 1;
            assert!(moves < 200, "{spec}: the game ends");
        }
    }
    // A bound for a game without one is refused by play as by analyze.
    let nim = Game::parse("nim").unwrap();
    assert!(nim.start(vec![big(3), big(4)], Some(big(2))).is_err());
    let mut req = AnalyzeRequest::new(vec![big(3), big(4)]);
    req.bound = Some(big(2));
    assert!(nim.analyze(&req).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The engine's remoteness of a theory-answered one-pile position equals
    /// brute force (f = 2t, any pile ≤ 120 and bound).
    #[test]
    fn prop_fibonacci_remoteness(n in 0u64..120, w in 0u64..120) {
        let game = Game::parse("fibonacci").unwrap();
        let mut memo = HashMap::new();
        let want = one_pile(&|_, t| 2 * t, n, w, false, &mut memo);
        let a = analyze(&game, &[n], Some(w));
        prop_assert_eq!(a.outcome, Outcome::from_win(want.0));
        prop_assert_eq!(a.remoteness, Some(want.1));
    }
}
