//! The computer's reply in play: a winning move (theory) and a stalling move.
//!
//! `cargo bench -p takeaway-bench --bench play`

use divan::Bencher;
use num_bigint::BigUint;
use takeaway::games::play::Play;
use takeaway::games::{Game, Limits};

fn main() {
    divan::main();
}

/// "GAME PILE...": won starts for the computer, and lost ones where it stalls
/// (832040 = F30 and 1597 = F17 in Fibonacci Nim, the latter small enough for
/// the remoteness table; (8, 13) in Wythoff; (10, 6) in Spite Nim; 16 with
/// f = (n + t)/3 by the exhaustive solver; 3 4 7 in Nim, xor 0; (5, 5) in
/// two-pile f = 2t, unbounded).
const CASES: &[&str] = &[
    "fibonacci 1000000",
    "fibonacci 832040",
    "fibonacci 1597",
    "one-pile:f=3*t 1000",
    "one-pile:f=(n+t)/3 1000",
    "one-pile:f=(n+t)/3 16",
    "nim 3 4 5",
    "nim 3 4 7",
    "subtraction:min=3:max=5 1000",
    "subtraction:s=1,3,4 1000",
    "two-pile:f=2*t 100 1000",
    "two-pile:f=2*t 5 5",
    "two-pile:f=2*t 3 4 5",
    "wythoff 100 200",
    "wythoff 8 13",
    "spite 100 200",
    "spite 10 6",
];

#[divan::bench(args = CASES)]
fn computer_move(bencher: Bencher<'_, '_>, case: &str) {
    let mut words = case.split(' ');
    let game = Game::parse(words.next().unwrap_or_default()).expect("game");
    let piles: Vec<BigUint> = words.map(|w| w.parse().expect("pile")).collect();
    let pos = game.start(piles, None).expect("start");
    bencher.bench(|| game.computer_move(&pos, &Limits::strict()));
}

/// The engine alone (issue 11): one exhaustive solve with remoteness from a
/// fresh memo, for each family (normal and misère play cost the same).
const SOLVES: &[&str] = &[
    "fibonacci 1000",
    "fibonacci:misere=true 1000",
    "two-pile:f=2*t 30 40",
    "two-pile:f=2*t:piles=3 8 9 10",
    "wythoff 60 60",
    "wythoff:misere=true 60 60",
    "spite 30 20 10",
    "subtraction:s=1,3,4:misere=true 30 30",
];

#[divan::bench(args = SOLVES)]
fn engine_solve(bencher: Bencher<'_, '_>, case: &str) {
    let mut words = case.split(' ');
    let game = Game::parse(words.next().unwrap_or_default()).expect("game");
    let piles: Vec<BigUint> = words.map(|w| w.parse().expect("pile")).collect();
    let mut req = takeaway::games::AnalyzeRequest::new(piles);
    req.limits = Limits::generous();
    bencher.bench(|| takeaway::games::search::analyze(&game, &req).map(|a| a.remoteness));
}
