//! The computer's reply in play: a winning move (theory) and a stalling move.
//!
//! `cargo bench -p takeaway --bench play`

use divan::Bencher;
use num_bigint::BigUint;
use takeaway::games::play::Play;
use takeaway::games::{Game, Limits};

fn main() {
    divan::main();
}

/// (game, piles): a won start for the computer and a lost one (it stalls).
const CASES: &[(&str, &[u64])] = &[
    ("fibonacci", &[1_000_000]),
    ("fibonacci", &[832_040]), // F30: a P-position, the computer stalls
    ("wythoff", &[100, 200]),
    ("wythoff", &[8, 13]), // a safe pair: the computer stalls
];

#[divan::bench(args = 0..CASES.len())]
fn computer_move(bencher: Bencher<'_, '_>, case: usize) {
    let (spec, piles) = CASES[case];
    let game = Game::parse(spec).expect("game");
    let pos = game
        .start(piles.iter().map(|&p| BigUint::from(p)).collect(), None)
        .expect("start");
    bencher.bench(|| game.computer_move(&pos, Limits::strict()));
}
