//! The engine (issue 11): one exhaustive solver for every family, checked
//! against solvers written here from the rules alone (no engine code), for
//! normal and misère play; cancellation and limits; a throwaway family built
//! through the public API only.

use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::time::Duration;
use takeaway::analysis::{Method, Outcome};
use takeaway::bound::Bound;
use takeaway::engine::{Cancel, Convention, Estimate, Limits, Rules, Solver};
use takeaway::games::one_pile::OnePileRules;
use takeaway::games::play::{Play, Position};
use takeaway::games::spite::game::{SpitePosition, SpiteRules};
use takeaway::games::subtraction::game::SubtractionRules;
use takeaway::games::subtraction::game::SubtractionSet;
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

/// Brute force for the positions a move leaves: (piles, bound) → (wins, remoteness).
type BruteAfter<'a> = &'a mut dyn FnMut(&[u64], Option<u64>) -> (bool, u64);

fn small(v: &[BigUint]) -> Vec<u64> {
    v.iter().map(|x| u64::try_from(x).unwrap()).collect()
}

/// The K of "… within K more moves" in a text, if it says so.
fn within(text: &str) -> Option<u64> {
    let (_, rest) = text.split_once("within ")?;
    rest.split_whitespace().next()?.parse().ok()
}

fn check(game: &Game, piles: &[u64], bound: Option<u64>, want: (bool, u64), misere: bool) {
    check_paced(game, piles, bound, want, misere, None)
}

/// [`check`], and with `brute` (issue 22) also: the `fastest` move (or
/// `move` where it is the fastest) leaves a lost position of remoteness one
/// less (brute force); a "within K more moves" beside a move is true of that
/// move; the computer's move in play realises the remoteness (the winner
/// hurries, the loser stalls).
fn check_paced(
    game: &Game,
    piles: &[u64],
    bound: Option<u64>,
    want: (bool, u64),
    misere: bool,
    brute: Option<BruteAfter<'_>>,
) {
    let a = analyze(game, piles, bound);
    let at = format!("{} {piles:?} bound {bound:?}", game.spec());
    assert_eq!(a.outcome, Outcome::from_win(want.0), "{at}");
    assert_eq!(a.remoteness, Some(want.1), "{at}: remoteness");
    if misere {
        assert_eq!(a.value, None, "{at}: value is null under misère");
    }
    // Every listed winning move leads to a position lost for the opponent.
    for m in a.moves.clone().unwrap_or_default() {
        if m.call.is_some() {
            continue;
        }
        let mut req = AnalyzeRequest::new(m.to.clone());
        req.bound = m.bound.clone();
        let after = game.analyze(&req).unwrap();
        assert_eq!(after.outcome, Outcome::P, "{at}: move {m:?}");
    }
    let Some(brute) = brute else { return };
    let mut after = |m: &takeaway::analysis::Move| {
        let b = m
            .bound
            .as_ref()
            .map(|b| u64::try_from(b).unwrap_or(u64::MAX));
        brute(&small(&m.to), b)
    };
    if let Some(m) = &a.winning_move {
        let fast = a.fastest.as_ref().unwrap_or(m);
        let (wins, r) = after(fast);
        assert!(!wins, "{at}: the fastest move {fast:?} wins");
        assert_eq!(
            r + 1,
            want.1,
            "{at}: the fastest move {fast:?} realises the remoteness"
        );
        if a.fastest.is_some() {
            assert_ne!(
                after(m).1 + 1,
                want.1,
                "{at}: `fastest` given beside a fastest move"
            );
        }
        if let Some(k) = within(&a.explanation) {
            assert_eq!(
                after(m).1 + 1,
                k,
                "{at}: \"within {k}\" beside {m:?}: {}",
                a.explanation
            );
        }
    } else if let Some(k) = within(&a.explanation) {
        assert_eq!(k, want.1, "{at}: {}", a.explanation);
    }
    // The computer's move in play realises the remoteness.
    let pos = Position::new(piles.iter().map(|&p| big(p)).collect(), bound.map(big));
    if !game.is_over(&pos) {
        let reply = game.computer_move(&pos, &Limits::strict()).unwrap();
        let next = &reply.position;
        let b = next
            .bound
            .as_ref()
            .map(|b| u64::try_from(b).unwrap_or(u64::MAX));
        let (wins, r) = brute(&small(&next.piles), b);
        assert_eq!(!wins, want.0, "{at}: the computer's move {:?}", reply.mv);
        assert_eq!(
            r + 1,
            want.1,
            "{at}: the computer's move {:?} realises the remoteness ({})",
            reply.mv,
            reply.explanation
        );
        if let Some(k) = within(&reply.explanation) {
            assert_eq!(k, want.1, "{at}: {}", reply.explanation);
        }
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
                    let mut m2 = memo.clone();
                    let mut brute = |p: &[u64], b: Option<u64>| {
                        one_pile(f, p[0], b.unwrap_or(p[0]), misere, &mut m2)
                    };
                    check_paced(&game, &[n], Some(w), want, misere, Some(&mut brute));
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
                    let mut m2 = memo.clone();
                    let mut brute =
                        |p: &[u64], b: Option<u64>| piles_game(&f, p, b, misere, &mut m2);
                    check_paced(&two, &[x, y], w, want, misere, Some(&mut brute));
                }
            }
        }
        let three = Game::parse(&format!("two-pile:f=2*t:piles=3{suffix}")).unwrap();
        for x in 0..=4u64 {
            for y in 0..=4u64 {
                for z in 0..=3u64 {
                    let want = piles_game(&f, &[x, y, z], Some(3), misere, &mut memo);
                    let mut m2 = memo.clone();
                    let mut brute =
                        |p: &[u64], b: Option<u64>| piles_game(&f, p, b, misere, &mut m2);
                    check_paced(&three, &[x, y, z], Some(3), want, misere, Some(&mut brute));
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
                let mut m2 = memo.clone();
                let mut brute = |p: &[u64], _: Option<u64>| wythoff(p[0], p[1], misere, &mut m2);
                check_paced(&game, &[x, y], None, want, misere, Some(&mut brute));
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
                // Issue 22: the call shown (or `fastest`) realises the
                // remoteness: by the engine's successors (pace), whose
                // remoteness the line above checks against brute force.
                let an = analyze(&game, &[a, b], None);
                if let Some(m) = an.fastest.as_ref().or(an.winning_move.as_ref()) {
                    let req = AnalyzeRequest::new(vec![big(a), big(b)]);
                    let p = takeaway::games::search::pace(&game, &req, &Limits::strict(), Some(m))
                        .unwrap();
                    assert_eq!(
                        p.shown,
                        Some(want.1),
                        "spite {a} {b} misère {misere}: {m:?}"
                    );
                }
            }
        }
        for rows in [[3u64, 2, 1], [4, 4, 2], [5, 3, 3], [2, 2, 2]] {
            let want = spite(&rows, misere, &mut memo);
            check(&game, &rows, None, want, misere);
            let an = analyze(&game, &rows, None);
            if let Some(m) = an.fastest.as_ref().or(an.winning_move.as_ref()) {
                let req = AnalyzeRequest::new(rows.iter().map(|&r| big(r)).collect());
                let p =
                    takeaway::games::search::pace(&game, &req, &Limits::strict(), Some(m)).unwrap();
                assert_eq!(
                    p.shown,
                    Some(want.1),
                    "spite {rows:?} misère {misere}: {m:?}"
                );
            }
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
                let mut m2 = memo.clone();
                let mut brute =
                    |p: &[u64], _: Option<u64>| subtraction(p, &[1, 3, 4], misere, &mut m2);
                check_paced(&sub, &[a, b], None, want, misere, Some(&mut brute));
            }
        }
        let nim = Game::parse(&format!("nim{suffix}")).unwrap();
        let mut memo = HashMap::new();
        let all: Vec<u64> = (1..=8).collect();
        for a in 0..=5u64 {
            for b in 0..=5u64 {
                for c in 0..=3u64 {
                    let want = subtraction(&[a, b, c], &all, misere, &mut memo);
                    let mut m2 = memo.clone();
                    let mut brute =
                        |p: &[u64], _: Option<u64>| subtraction(p, &all, misere, &mut m2);
                    check_paced(&nim, &[a, b, c], None, want, misere, Some(&mut brute));
                }
            }
        }
        // Misère Nim is Bouton's theory, not a search.
        if misere {
            assert_eq!(analyze(&nim, &[3, 4, 5], None).method, Method::Theory);
        }
    }
}

#[test]
fn one_pile_subtraction_remoteness_from_the_arithmetic_period_agrees_with_brute_force() {
    // Issue 22: the remoteness of one pile from a sweep of a few piles and
    // its arithmetic period (subtraction::remoteness), against the brute
    // force above on every pile up to 1,500, sweeping as few as 400 steps.
    use takeaway::games::subtraction::remoteness::pace_within;
    let sets: [(&[u64], SubtractionSet); 4] = [
        (&[1, 3, 4], SubtractionSet::finite(&[1, 3, 4]).unwrap()),
        (&[2, 5, 7], SubtractionSet::finite(&[2, 5, 7]).unwrap()),
        (&[3, 4, 5], SubtractionSet::Range { min: 3, max: 5 }),
        (&[1], SubtractionSet::finite(&[1]).unwrap()),
    ];
    for (elements, set) in sets {
        for misere in [false, true] {
            let convention = Convention::from_misere(misere);
            let mut memo = HashMap::new();
            for n in 0..=1500u64 {
                let want = subtraction(&[n], elements, misere, &mut memo);
                for work in [400, 2000] {
                    let p = pace_within(&set, &[big(n)], convention, work)
                        .unwrap_or_else(|e| panic!("{set:?} {n}: {e}"))
                        .unwrap();
                    assert_eq!(
                        p.remoteness, want.1,
                        "{set:?} misère {misere} pile {n} work {work}"
                    );
                    if let Some(to) = &p.fastest {
                        let after = subtraction(&small(to), elements, misere, &mut memo);
                        assert!(
                            !after.0 && after.1 + 1 == want.1,
                            "{set:?} {n}: fastest {to:?}"
                        );
                    } else {
                        assert!(
                            !want.0 || want.1 == 0,
                            "{set:?} {n}: no fastest move of a win"
                        );
                    }
                }
            }
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
    type Error = GameError;
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
    let e = game.analyze(&req).unwrap_err();
    assert!(matches!(e, GameError::TooLarge { .. }), "{e}");
    // The whole table's size (10^9 + 1 rows), known before any work: a
    // refusal while filling it would say "more than" the limit.
    assert!(e.to_string().contains("needs 7630 MiB"), "{e}");
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

/// Runs `work` with limits cancelled once the working thread has used 50 ms
/// of CPU (so the work is under way whatever the machine's load); after the
/// cancellation the work must stop within 0.2 s of CPU time of the working
/// thread (a busy machine that delays the threads does not count; no
/// wall-clock time is checked).
fn stops_promptly<T: std::fmt::Debug>(
    what: &str,
    work: impl FnOnce(Limits) -> Result<T, GameError>,
) {
    let token = Cancel::new();
    // Caps far above any of the solves below (8 GiB, more than the CLI's
    // 2 GiB), so that only the cancellation can stop them.
    let limits = Limits {
        max_bytes: 8 << 30,
        ..Limits::generous()
    }
    .with_cancel(token.clone());
    let me = std::fs::read_link("/proc/thread-self")
        .map(|p| std::path::Path::new("/proc").join(p).join("stat"))
        .ok();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let canceller = {
        let token = token.clone();
        let me = me.clone();
        let done = std::sync::Arc::clone(&done);
        std::thread::spawn(move || {
            // Without /proc: cancel at once (the first poll stops the work).
            while let Some(stat) = me.as_deref() {
                if done.load(std::sync::atomic::Ordering::Relaxed) || thread_cpu_ms(stat) >= 50 {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            token.cancel();
            me.as_deref().map(thread_cpu_ms)
        })
    };
    let result = work(limits);
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let cpu_after = me.as_deref().map(thread_cpu_ms);
    let cpu_at_cancel = canceller.join().unwrap();
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
    // The period search (no --exhaustive) of a set whose largest element is 4·10^7 (2.4 s of work, so the cancellation at 0.1 s is what stops it).
    let game = Game::parse("subtraction:s=3,5,40000000").unwrap();
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

// ---------------------------------------------------------------------------
// Grundy values and sums (issue 12): every family's Grundy value against a
// plain recursive mex over all moves written here from the rules alone, and
// sums against exhaustive search of the product game.

/// A game for the brute force, from the rules of design.md alone.
#[derive(Clone, Copy)]
enum Brute<'a> {
    /// One pile: take 1..=min(w, n), next bound f(n, t) (n before the move).
    OnePile(F<'a>),
    /// k piles: take 1..=w from one pile, next bound f(max − min, t) (before the move).
    Piles(F<'a>),
    /// Wythoff: any number from one pile, or the same from both.
    Wythoff,
    /// Take s ∈ S (None: any number) from one pile.
    Subtraction(Option<&'a [u64]>),
}

/// A brute-force position: the piles and the bound (None: unbounded).
type BPos = (Vec<u64>, Option<u64>);

fn brute_moves(game: Brute<'_>, (piles, bound): &BPos) -> Vec<BPos> {
    let mut out = Vec::new();
    for (i, &p) in piles.iter().enumerate() {
        let most = bound.map_or(p, |w| w.min(p));
        for t in 1..=most {
            let mut q = piles.clone();
            q[i] -= t;
            match game {
                Brute::OnePile(f) => out.push((q, Some(f(p, t)))),
                Brute::Piles(f) => {
                    let d = piles.iter().max().unwrap() - piles.iter().min().unwrap();
                    out.push((q, Some(f(d, t))));
                }
                Brute::Wythoff => out.push((q, None)),
                Brute::Subtraction(s) => {
                    if s.is_none_or(|s| s.contains(&t)) {
                        out.push((q, None));
                    }
                }
            }
        }
    }
    if let Brute::Wythoff = game {
        for t in 1..=piles[0].min(piles[1]) {
            out.push((vec![piles[0] - t, piles[1] - t], None));
        }
    }
    out
}

/// G(pos) = mex of the successors' values, recursively, memoised.
fn brute_grundy(game: Brute<'_>, pos: &BPos, memo: &mut HashMap<BPos, u64>) -> u64 {
    if let Some(&g) = memo.get(pos) {
        return g;
    }
    let values: Vec<u64> = brute_moves(game, pos)
        .iter()
        .map(|q| brute_grundy(game, q, memo))
        .collect();
    let g = (0..).find(|v| !values.contains(v)).unwrap();
    memo.insert(pos.clone(), g);
    g
}

fn library_grundy(game: &Game, piles: &[u64], bound: Option<u64>) -> u64 {
    let pos = Position::new(piles.iter().map(|&p| big(p)).collect(), bound.map(big));
    let g = takeaway::games::grundy::grundy(game, &pos, &Limits::strict()).unwrap();
    u64::try_from(g).unwrap()
}

#[test]
fn one_pile_grundy_values_equal_a_plain_mex_over_every_move() {
    use takeaway::games::one_pile::grundy::GrundyTriangle;
    // f = 2t (Fibonacci Nim), 3t, t + 1 and an n-dependent f = (n + t)/3 (floor);
    // issue 22: f without a value at t = 0, which no move asks for: 100/t
    // and 2·g(t) with g the smallest term of t in Fibonacci numbers (1, 2,
    // 3, 5, …; greedy, written here).
    let g_fib = |t: u64| {
        let mut fib = vec![1u64, 2];
        while fib[fib.len() - 1] < t {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        let (mut rest, mut least) = (t, 0);
        for &x in fib.iter().rev() {
            if x <= rest {
                rest -= x;
                least = x;
            }
        }
        least
    };
    let two_g = move |_: u64, t: u64| 2 * g_fib(t);
    let cases: [(&str, F<'_>); 6] = [
        ("one-pile:f=2*t", &|_, t| 2 * t),
        ("one-pile:f=3*t", &|_, t| 3 * t),
        ("one-pile:f=t+1", &|_, t| t + 1),
        ("one-pile:f=(n+t)/3", &|n, t| (n + t) / 3),
        ("one-pile:f=100/t", &|_, t| 100 / t),
        ("one-pile:f=2*g(t):base=fibonacci", &two_g),
    ];
    for (spec, f) in cases {
        let game = Game::parse(spec).unwrap();
        let g = game
            .family_as::<takeaway::games::one_pile::OnePile>()
            .expect("a one-pile game");
        let mut memo = HashMap::new();
        let rows = 70;
        let tri = GrundyTriangle::build(
            g.bound(),
            rows,
            &Limits::strict(),
            &takeaway::games::NoProgress,
            |_, _| Ok(()),
        )
        .unwrap();
        for n in 0..rows {
            for w in 0..=n + 2 {
                let want = brute_grundy(Brute::OnePile(f), &(vec![n], Some(w)), &mut memo);
                assert_eq!(
                    u64::from(tri.at(n as usize, w as usize)),
                    want,
                    "{spec} G({n}, {w})"
                );
                if n < 25 {
                    assert_eq!(
                        library_grundy(&game, &[n], Some(w)),
                        want,
                        "{spec} ({n}, {w})"
                    );
                }
            }
        }
        // The engine's plain mex (the benchmark's reference) agrees too.
        let plain = GrundyTriangle::plain(g.bound(), 40, &Limits::strict()).unwrap();
        for n in 0..40 {
            assert_eq!(plain.row(n), tri.row(n), "{spec} row {n}");
        }
        // analyze --json: `grundy` of the default start (n, n − 1).
        let a = analyze(&game, &[30], None);
        let want = brute_grundy(Brute::OnePile(f), &(vec![30], Some(29)), &mut memo);
        assert_eq!(a.grundy, Some(big(want)), "{spec}");
        assert_eq!(want == 0, a.outcome == Outcome::P, "{spec}: G = 0 iff P");
    }
}

#[test]
fn piles_wythoff_nim_and_subtraction_grundy_values_equal_a_plain_mex() {
    let f2: F<'_> = &|_, t| 2 * t;
    let fd: F<'_> = &|n, t| n + t; // n-dependent: the difference before the move plus t
    for (spec, f) in [("two-pile:f=2*t", f2), ("two-pile:f=n+t", fd)] {
        let game = Game::parse(spec).unwrap();
        let mut memo = HashMap::new();
        for x in 0..8 {
            for y in 0..8 {
                for w in [None, Some(1), Some(2), Some(5)] {
                    let want = brute_grundy(Brute::Piles(f), &(vec![x, y], w), &mut memo);
                    assert_eq!(
                        library_grundy(&game, &[x, y], w),
                        want,
                        "{spec} {x} {y} {w:?}"
                    );
                }
                let want = brute_grundy(Brute::Piles(f), &(vec![x, y, 2], None), &mut memo);
                assert_eq!(
                    library_grundy(&game, &[x, y, 2], None),
                    want,
                    "{spec} {x} {y} 2"
                );
            }
        }
    }
    // Wythoff up to 60 × 60: the --grundy table against the brute force,
    // and its first antidiagonals against OEIS A004481 (Wythoff's Grundy table).
    let game = Game::parse("wythoff").unwrap();
    let mut req = takeaway::games::TableRequest::new(60);
    req.cols = Some(60);
    let t = takeaway::games::grundy_table::table(&game, &req).unwrap();
    let doc = serde_json::to_value(t.document()).unwrap();
    let mut memo = HashMap::new();
    for x in 0..60u64 {
        for y in 0..60u64 {
            let want = brute_grundy(Brute::Wythoff, &(vec![x, y], None), &mut memo);
            assert_eq!(
                doc["rows"][x as usize][y as usize], want,
                "Wythoff G({x}, {y})"
            );
        }
    }
    let a004481 = [
        0, 1, 1, 2, 2, 2, 3, 0, 0, 3, 4, 4, 1, 4, 4, 5, 5, 5, 5, 5, 5,
    ];
    let mut k = 0;
    for d in 0..6usize {
        for x in 0..=d {
            assert_eq!(doc["rows"][x][d - x], a004481[k], "A004481 term {k}");
            k += 1;
        }
    }
    // Nim (Bouton: the XOR) and a subtraction game, several piles.
    let nim = Game::parse("nim").unwrap();
    let s134 = Game::parse("subtraction:s=1,3,4").unwrap();
    let mut m1 = HashMap::new();
    let mut m2 = HashMap::new();
    for a in 0..7 {
        for b in 0..7 {
            for c in 0..4 {
                let pos = (vec![a, b, c], None);
                let want = brute_grundy(Brute::Subtraction(None), &pos, &mut m1);
                assert_eq!(library_grundy(&nim, &[a, b, c], None), want);
                let want = brute_grundy(Brute::Subtraction(Some(&[1, 3, 4])), &pos, &mut m2);
                assert_eq!(library_grundy(&s134, &[a, b, c], None), want);
            }
        }
    }
    // Spite Nim and misère play have none: `grundy` is null, with a note.
    for (spec, piles) in [
        ("spite", vec![10, 6]),
        ("fibonacci:misere=true", vec![6]),
        ("wythoff:misere=true", vec![3, 4]),
    ] {
        let a = analyze(&Game::parse(spec).unwrap(), &piles, None);
        assert_eq!(a.grundy, None, "{spec}");
        assert!(
            a.notes.iter().any(|n| n.starts_with("grundy is null")),
            "{spec}: {:?}",
            a.notes
        );
    }
}

/// Normal play on the product game: does the player to move win?
fn brute_sum_wins(
    games: &[Brute<'_>],
    state: &[BPos],
    memo: &mut HashMap<Vec<BPos>, bool>,
) -> bool {
    if let Some(&w) = memo.get(state) {
        return w;
    }
    let mut wins = false;
    'all: for (i, (g, p)) in games.iter().zip(state).enumerate() {
        for q in brute_moves(*g, p) {
            let mut next = state.to_vec();
            next[i] = q;
            if !brute_sum_wins(games, &next, memo) {
                wins = true;
                break 'all;
            }
        }
    }
    memo.insert(state.to_vec(), wins);
    wins
}

/// The text of a part as `analyze` takes it.
fn part_text(spec: &str, (piles, bound): &BPos) -> String {
    let mut s = format!(
        "{spec} {}",
        piles
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    if let Some(w) = bound {
        s.push_str(&format!(" --bound {w}"));
    }
    s
}

/// Checks the sum of `parts` (spec, brute game, position) against the product game.
fn check_sum(
    parts: &[(&str, Brute<'_>, BPos)],
    memo: &mut HashMap<Vec<BPos>, bool>,
    gmemo: &mut HashMap<BPos, u64>,
) {
    use takeaway::games::sum;
    let texts: Vec<String> = parts.iter().map(|(s, _, p)| part_text(s, p)).collect();
    let parsed = sum::parse_parts(&texts).unwrap();
    let games: Vec<Brute<'_>> = parts.iter().map(|p| p.1).collect();
    let state: Vec<BPos> = parts.iter().map(|p| p.2.clone()).collect();
    let wins = brute_sum_wins(&games, &state, memo);
    let a = sum::analyze(&parsed, true, false, &Limits::strict()).unwrap();
    // P-positions of the sum are exactly those of nim-sum 0, and the
    // product game's exhaustive search agrees.
    assert_eq!(a.outcome == Outcome::N, wins, "{texts:?}");
    assert_eq!(
        a.grundy.as_ref().is_some_and(|g| *g != big(0)),
        wins,
        "{texts:?}"
    );
    assert_eq!(a.winning_move.is_some(), wins, "{texts:?}");
    for m in a.moves.unwrap() {
        let k = m.part.expect("a sum's move names its part");
        let (_, g, p) = &parts[k];
        // Legal in its part: one of the part's successors, bound included.
        let to: Vec<u64> = m.to.iter().map(|v| u64::try_from(v).unwrap()).collect();
        let bound = m.bound.as_ref().map(|b| u64::try_from(b).unwrap());
        let after = (to, bound);
        assert!(
            brute_moves(*g, p).contains(&after),
            "{texts:?}: {m:?} is not a move of part {k}"
        );
        // Leaves nim-sum 0, and a lost product position.
        let mut next = state.clone();
        next[k] = after;
        let x = next
            .iter()
            .zip(&games)
            .fold(0, |x, (p, g)| x ^ brute_grundy(*g, p, gmemo));
        assert_eq!(x, 0, "{texts:?}: {m:?}");
        assert!(!brute_sum_wins(&games, &next, memo), "{texts:?}: {m:?}");
    }
}

#[test]
fn sums_of_two_and_three_parts_agree_with_the_product_game() {
    let fib: F<'_> = &|_, t| 2 * t;
    let f2: F<'_> = &|_, t| 2 * t;
    let mut memo = HashMap::new();
    let mut gmemo = HashMap::new();
    // Two parts: Fibonacci Nim (every n ≤ 7, every bound) + Wythoff (x, y ≤ 3).
    for n in 0..8 {
        for w in 0..=n {
            for x in 0..4 {
                for y in 0..4 {
                    check_sum(
                        &[
                            ("fibonacci", Brute::OnePile(fib), (vec![n], Some(w))),
                            ("wythoff", Brute::Wythoff, (vec![x, y], None)),
                        ],
                        &mut memo,
                        &mut gmemo,
                    );
                }
            }
        }
    }
    // Three parts: Fibonacci Nim + Nim + a two-pile game with bound f = 2t.
    for n in 0..6 {
        for k in 0..4 {
            for (x, y) in [(1, 0), (2, 1), (3, 1), (2, 2)] {
                check_sum(
                    &[
                        (
                            "fibonacci",
                            Brute::OnePile(fib),
                            (vec![n], Some(n.saturating_sub(1))),
                        ),
                        ("nim", Brute::Subtraction(None), (vec![k], None)),
                        ("two-pile:f=2*t", Brute::Piles(f2), (vec![x, y], Some(2))),
                    ],
                    &mut memo,
                    &mut gmemo,
                );
            }
        }
    }
    // Misère sums: the exhaustive answer of the product game (misère brute force).
    fn misere_wins(
        games: &[Brute<'_>],
        state: &[BPos],
        memo: &mut HashMap<Vec<BPos>, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(state) {
            return w;
        }
        let mut any = false;
        let mut wins = false;
        for (i, (g, p)) in games.iter().zip(state).enumerate() {
            for q in brute_moves(*g, p) {
                any = true;
                let mut next = state.to_vec();
                next[i] = q;
                if !misere_wins(games, &next, memo) {
                    wins = true;
                }
            }
        }
        let wins = wins || !any;
        memo.insert(state.to_vec(), wins);
        wins
    }
    let mut mm = HashMap::new();
    for a in 0..4 {
        for b in 0..4 {
            for (x, y) in [(0, 0), (1, 2), (2, 2)] {
                let texts = vec![
                    format!("nim {a}"),
                    format!("nim {b}"),
                    format!("wythoff {x} {y}"),
                ];
                let parsed = takeaway::games::sum::parse_parts(&texts).unwrap();
                let got =
                    takeaway::games::sum::analyze(&parsed, false, true, &Limits::strict()).unwrap();
                let games = [
                    Brute::Subtraction(None),
                    Brute::Subtraction(None),
                    Brute::Wythoff,
                ];
                let state = [(vec![a], None), (vec![b], None), (vec![x, y], None)];
                assert_eq!(
                    got.outcome == Outcome::N,
                    misere_wins(&games, &state, &mut mm),
                    "{texts:?}"
                );
            }
        }
    }
}

#[test]
fn sum_parts_that_do_not_parse_name_the_part_and_the_column() {
    use takeaway::games::sum::{analyze, parse_parts};
    let err = |parts: &[&str]| {
        let texts: Vec<String> = parts.iter().map(|s| s.to_string()).collect();
        match parse_parts(&texts) {
            Err(e) => e.to_string(),
            Ok(p) => analyze(&p, false, false, &Limits::strict())
                .unwrap_err()
                .to_string(),
        }
    };
    // Columns counted by hand within the part's own text (1-based).
    assert!(err(&["nim 3", "wythoff 3 x5"]).starts_with("sum: part 2, column 11: `x5`"));
    assert!(err(&["one-pile:f=2*t+ 5"]).starts_with("sum: part 1, column 16: "));
    assert!(err(&["nim 1", "nim 2", "chess 4"]).starts_with("sum: part 3, column 1: unknown game"));
    assert!(err(&["spite 3 4"]).contains("part 1, column 1: Spite Nim cannot be part of a sum"));
    assert!(err(&["wythoff 3 5 --bound 2"]).contains("part 1, column 13: wythoff has no bound"));
    assert!(err(&["nim 5 --bound 2"]).contains("part 1, column 7: nim has no bound"));
    assert!(err(&["fibonacci 5 --bound"]).contains("column 13: --bound needs a value"));
    assert!(err(&["fibonacci"]).contains("part 1, column 10: give the piles"));
    assert!(err(&[]).contains("no parts"));
    // Big parts: beyond the limits, the error names the part and the limit.
    let e = err(&["nim 3", "fibonacci 1000000"]);
    assert!(
        e.contains("part 2 (fibonacci 1000000") && e.contains("over the limit of 65536 rows"),
        "{e}"
    );
}

/// Issue 21: an error of a sum's part keeps its kind and names the part: an
/// over-limit part is still over the limits (the server's 422, Python's
/// LimitError), a cancelled one ends the request as a cancel, an illegal
/// move in a part is still an illegal move.
#[test]
fn a_part_s_error_keeps_its_kind_and_names_the_part() {
    use takeaway::games::sum::{analyze, parse_parts, position_of};
    use takeaway::games::{ErrorKind, Illegal, PartStep};
    let parts = |texts: &[&str]| {
        parse_parts(&texts.iter().map(|s| s.to_string()).collect::<Vec<_>>()).unwrap()
    };
    let over = analyze(
        &parts(&["nim 5", "fibonacci 1000000"]),
        false,
        false,
        &Limits::strict(),
    )
    .unwrap_err();
    assert_eq!(over.kind(), ErrorKind::TooLarge, "{over}");
    assert!(
        matches!(&over, GameError::InPart { part: 1, source, .. } if matches!(**source, GameError::TooLarge(_))),
        "{over:?}"
    );
    assert!(over.to_string().starts_with(
        "part 2 (fibonacci 1000000 with bound 999999): no Grundy value within the limits: "
    ));
    let token = Cancel::new();
    token.cancel();
    let cancelled = analyze(
        &parts(&["nim 5", "wythoff 30 40"]),
        false,
        false,
        &Limits::strict().with_cancel(token),
    )
    .unwrap_err();
    assert_eq!(cancelled, GameError::Cancelled);
    let sum = Game::parse("sum").unwrap();
    let start = sum
        .check_position(&position_of(&parts(&["nim 3", "nim 4"])))
        .unwrap();
    let illegal = sum
        .apply(
            &start,
            &takeaway::games::play::PlayMove::Part {
                part: 0,
                mv: Box::new(takeaway::games::play::PlayMove::Take {
                    pile: 0,
                    take: 9u8.into(),
                }),
            },
        )
        .unwrap_err();
    assert!(matches!(
        &illegal,
        GameError::InPart { part: 0, step: PartStep::Play, source }
            if matches!(**source, GameError::Illegal(Illegal::PileHasOnly { pile: 0, .. }))
    ));
    assert_eq!(illegal.to_string(), "in part 1: Pile 1 has only 3");
}

#[test]
fn fibonacci_starting_values_grow_off_the_fibonacci_numbers() {
    use takeaway::games::one_pile::grundy::GrundyTriangle;
    // Larsson & Rubinstein-Salzedo, "Grundy values of Fibonacci nim" (2016):
    // G(n, n − 1) is nondecreasing over the n that are not Fibonacci numbers
    // (at a Fibonacci number the start is lost, G = 0). Reproduced from the
    // table up to 10,000; and G(n, w) = 0 exactly when w < L(n), the smallest
    // Zeckendorf term of n (Whinihan), computed here from the Fibonacci numbers.
    let f = Bound::parse("2*t").unwrap();
    let rows = 10_001u64;
    let mut last = 0u16;
    let mut fibs = vec![1u64, 2];
    while *fibs.last().unwrap() < rows {
        let k = fibs.len();
        fibs.push(fibs[k - 1] + fibs[k - 2]);
    }
    let smallest_term = |mut n: u64| {
        let mut term = n;
        for &fk in fibs.iter().rev() {
            if fk <= n {
                n -= fk;
                term = fk;
            }
        }
        term
    };
    let mut checked = 0;
    GrundyTriangle::build(
        &f,
        rows,
        &Limits::generous(),
        &takeaway::games::NoProgress,
        |n, row| {
            if n == 0 {
                return Ok(());
            }
            let start = row[n - 1];
            if fibs.contains(&(n as u64)) {
                assert_eq!(start, 0, "F = {n}: the start is lost");
            } else {
                assert!(start >= last, "G({n}, {}) = {start} < {last}", n - 1);
                last = start;
                checked += 1;
            }
            if n <= 2000 {
                let l = smallest_term(n as u64) as usize;
                for (w, &g) in row.iter().enumerate() {
                    assert_eq!(g == 0, w < l, "G({n}, {w}) = {g}, L = {l}");
                }
            }
            Ok(())
        },
    )
    .unwrap();
    assert_eq!(
        checked,
        10_000 - (fibs.iter().filter(|&&f| f <= 10_000).count())
    );
}

#[test]
fn grundy_values_obey_the_limits_and_the_cancel_token() {
    use takeaway::engine::GrundySolver;
    use takeaway::games::one_pile::grundy::GrundyTriangle;
    // Refused from the estimate, before anything is allocated.
    let rules = WythoffRules::<u64>::default();
    let mut solver = GrundySolver::new(&rules, Limits::strict());
    let e = solver.grundy(&[1 << 40, 1 << 40]).unwrap_err();
    assert!(matches!(e, GameError::TooLarge { .. }), "{e}");
    assert_eq!(solver.positions(), 0);
    // A cancelled token stops the engine and the one-pile rows.
    let token = Cancel::new();
    token.cancel();
    let mut solver = GrundySolver::new(&rules, Limits::strict().with_cancel(token.clone()));
    assert!(matches!(
        solver.grundy(&[30, 40]),
        Err(GameError::Cancelled)
    ));
    let f = Bound::parse("2*t").unwrap();
    let limits = Limits::generous().with_cancel(token);
    let r = GrundyTriangle::build(&f, 20_000, &limits, &takeaway::games::NoProgress, |_, _| {
        Ok(())
    });
    assert!(matches!(r, Err(GameError::Cancelled)));
    // Spite Nim has half-moves: the engine refuses it with the reason.
    let spite = SpiteRules::<u64>::default();
    let mut solver = GrundySolver::new(&spite, Limits::strict());
    let e = solver
        .grundy(&SpitePosition {
            rows: vec![3, 2],
            call: None,
        })
        .unwrap_err();
    assert!(e.to_string().contains("half-moves"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A random sum of a one-pile part (f = a·t + b), a Wythoff part and a
    /// Nim part: the sum's outcome equals the product game's (brute force),
    /// and its grundy is the XOR of the brute-force values.
    #[test]
    fn prop_random_sums_agree_with_the_product_game(
        a in 1u64..4, b in 0u64..3, n in 0u64..9, w in 0u64..9,
        x in 0u64..4, y in 0u64..4, k in 0u64..6,
    ) {
        let f = move |_: u64, t: u64| a * t + b;
        let spec = format!("one-pile:f={a}*t+{b}");
        let parts = [
            (spec.as_str(), Brute::OnePile(&f), (vec![n], Some(w))),
            ("wythoff", Brute::Wythoff, (vec![x, y], None)),
            ("nim", Brute::Subtraction(None), (vec![k], None)),
        ];
        let mut memo = HashMap::new();
        let mut gmemo = HashMap::new();
        check_sum(&parts, &mut memo, &mut gmemo);
        let want = parts.iter().fold(0, |acc, (_, g, p)| acc ^ brute_grundy(*g, p, &mut gmemo));
        let texts: Vec<String> = parts.iter().map(|(s, _, p)| part_text(s, p)).collect();
        let parsed = takeaway::games::sum::parse_parts(&texts).unwrap();
        let got = takeaway::games::sum::analyze(&parsed, false, false, &Limits::strict()).unwrap();
        prop_assert_eq!(got.grundy, Some(big(want)));
    }
}

/// `search::outcomes` (one search shared by many positions, the heatmap's)
/// says of each position what the engine's lone `search::analyze` says: the
/// same outcome, or an error where that is refused; and the family's own
/// `analyze` (a theory where it has one) agrees wherever both answer.
/// Reference: each position analysed on its own (the engine is checked
/// against brute force in this suite), under normal and misère play, with
/// limits tight enough that some positions are refused, so the retry on a
/// fresh search is exercised.
#[test]
fn shared_outcomes_are_the_lone_analyses() {
    use takeaway::games::search::outcomes;
    let cases: [(&str, &[u64], u64); 6] = [
        ("wythoff:misere=true", &[0, 1, 5, 9, 14], 2),
        ("kayles:misere=true", &[0, 1, 4, 7, 9], 3),
        ("nim:misere=true", &[0, 1, 2, 3, 6], 3),
        ("subtraction:s=1,3,4:misere=true", &[0, 2, 5, 8], 3),
        ("two-pile:f=2*t:misere=true", &[0, 1, 6, 11], 2),
        ("wythoff", &[0, 2, 7, 12], 2),
    ];
    let mut refused = 0;
    for (spec, sizes, piles) in cases {
        let game = Game::parse(spec).unwrap();
        let mut positions = Vec::new();
        let mut walk = vec![Vec::new()];
        for _ in 0..piles {
            walk = walk
                .into_iter()
                .flat_map(|p: Vec<u64>| {
                    sizes.iter().map(move |&s| {
                        let mut q = p.clone();
                        q.push(s);
                        q
                    })
                })
                .collect();
        }
        positions.extend(walk);
        for limits in [
            Limits::generous(),
            Limits {
                max_states: 4_000,
                ..Limits::strict()
            },
        ] {
            let wire: Vec<Position> = positions
                .iter()
                .map(|p| Position::new(p.iter().map(|&n| big(n)).collect(), None))
                .collect();
            let shared = outcomes(&game, &wire, &limits);
            for (p, got) in positions.iter().zip(shared) {
                let mut req = AnalyzeRequest::new(p.iter().map(|&n| big(n)).collect());
                req.limits = limits.clone();
                req.remoteness = false;
                match (takeaway::games::search::analyze(&game, &req), got) {
                    (Ok(a), Ok(o)) => {
                        assert_eq!(a.outcome, o, "{spec} {p:?}");
                        // And the family's own answer (a theory, where it has one).
                        if let Ok(b) = game.analyze(&req) {
                            assert_eq!(b.outcome, o, "{spec} {p:?}");
                        }
                    }
                    (Err(_), Err(_)) => refused += 1,
                    // Already solved by the shared search: true all the same.
                    (Err(_), Ok(o)) => {
                        req.limits = Limits::generous();
                        let a = takeaway::games::search::analyze(&game, &req).unwrap();
                        assert_eq!(a.outcome, o, "{spec} {p:?}");
                    }
                    (Ok(a), Err(e)) => panic!("{spec} {p:?}: alone {a:?}, shared {e:?}"),
                }
            }
        }
    }
    assert!(
        refused > 0,
        "no position refused: the tight limits test nothing"
    );
}
