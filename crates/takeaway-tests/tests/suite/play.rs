//! Laws of play, for every family wired to [`Play`]: the computer's move is
//! always legal (accepted by `apply`), from an N-position it leaves a
//! P-position, and a game between the computer and itself ends in a win for
//! the side the analysis names.

use num_bigint::BigUint;
use proptest::prelude::*;
use takeaway::analysis::Outcome;
use takeaway::games::play::{Play, Position};
use takeaway::games::{Game, Limits};

fn outcome(game: &Game, pos: &Position) -> Outcome {
    game.analyze_position(pos, &Limits::strict())
        .expect("analysis")
        .outcome
}

/// Checks the laws on one start; returns the number of moves played.
fn check(spec: &str, piles: &[u64]) -> usize {
    let game = Game::parse(spec).expect("game");
    let start = game
        .start(piles.iter().map(|&p| BigUint::from(p)).collect(), None)
        .expect("start");
    let first_wins = outcome(&game, &start) == Outcome::N;
    let mut pos = start;
    let mut first_to_act = true;
    let mut plies = 0;
    while !game.is_over(&pos) {
        let before = pos.call.is_none().then(|| outcome(&game, &pos));
        let reply = game.computer_move(&pos, &Limits::strict()).expect("move");
        // Law: the computer's move is legal.
        assert_eq!(game.apply(&pos, &reply.mv).expect("legal"), reply.position);
        // Law: from an N-position the computer leaves a P-position.
        if before == Some(Outcome::N) && reply.mv.passes_turn() && reply.position.call.is_none() {
            assert_eq!(
                outcome(&game, &reply.position),
                Outcome::P,
                "{spec} {pos:?}"
            );
        }
        if reply.mv.passes_turn() {
            first_to_act = !first_to_act;
        }
        pos = reply.position;
        plies += 1;
        assert!(plies < 10_000, "{spec}: the game does not end");
    }
    let actor_wins = game.stuck_player_wins();
    let first_won = first_to_act == actor_wins;
    assert_eq!(first_won, first_wins, "{spec} {piles:?}");
    plies
}

#[test]
fn fibonacci_self_play_small_piles() {
    for n in 1..60 {
        check("fibonacci", &[n]);
    }
}

#[test]
fn wythoff_self_play_small_piles() {
    for a in 0..12 {
        for b in 0..12 {
            check("wythoff", &[a, b]);
        }
    }
}

#[test]
fn spite_self_play_small_rows() {
    for a in 0..10 {
        for b in 0..10 {
            check("spite", &[a, b]);
        }
    }
    check("spite", &[4, 3, 2]);
}

#[test]
fn subtraction_self_play_small_piles() {
    for a in 0..12 {
        for b in 0..6 {
            check("nim", &[a, b, 2]);
            check("subtraction:s=1,3,4", &[a, b]);
            check("subtraction:min=3:max=5", &[a + b]);
        }
    }
}

#[test]
fn two_pile_self_play_small_piles() {
    for a in 0..10 {
        for b in 0..10 {
            check("two-pile:f=2*t", &[a, b]);
            check("two-pile:f=n+t", &[a, b]);
        }
    }
    check("two-pile:f=2*t", &[3, 4, 5]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn fibonacci_self_play(n in 1u64..250) {
        check("fibonacci", &[n]);
    }

    #[test]
    fn wythoff_self_play(a in 0u64..200, b in 0u64..200) {
        check("wythoff", &[a, b]);
    }
}
