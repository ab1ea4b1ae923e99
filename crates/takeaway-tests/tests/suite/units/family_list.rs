//! Tests moved out of `crates/takeaway/src/family.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use takeaway::family::*;
use takeaway::games::Game;

#[test]
fn every_name_parses_through_its_own_entry_and_names_are_distinct() {
    let mut seen = std::collections::HashSet::new();
    for f in FAMILIES {
        assert!(seen.insert(f.id), "id {} twice", f.id);
        for name in f.names.iter().chain(f.aliases) {
            assert_eq!(by_name(name).map(|g| g.id), Some(f.id), "{name}");
        }
        if f.parse.is_some() {
            let spec = f.example_spec();
            let game = Game::parse(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            use takeaway::games::Family as _;
            assert!(Game::parse(&game.spec()).is_ok(), "{spec}");
        }
    }
}

#[test]
fn capabilities_match_what_the_games_do() {
    use num_bigint::BigUint;
    use takeaway::games::play::{Play, Position};
    for f in FAMILIES.iter().filter(|f| f.parse.is_some()) {
        let game = Game::parse(&f.example_spec()).unwrap();
        let piles: Vec<BigUint> = f.start.piles.iter().map(|&p| p.into()).collect();
        let bound = f.start.bound.map(BigUint::from);
        // A bound is accepted exactly by the bounded families.
        let with_bound = game.start(piles.clone(), Some(BigUint::from(1u8)));
        assert_eq!(with_bound.is_ok(), f.capabilities.bounded, "{}", f.id);
        let pos: Position = if f.parts.is_empty() {
            game.start(piles, bound).unwrap()
        } else {
            // A sum starts from its example parts.
            game.check_position(&f.example_position()).unwrap()
        };
        assert!(!game.legal_moves(&pos, 1).is_empty(), "{}", f.id);
    }
}

/// The page's start of every family is won by the player who moves
/// first (a person trying a game first should be able to win it), by the
/// engine's exhaustive search from the rules, not by the theory.
#[test]
fn every_start_is_won_by_the_player_to_move() {
    use num_bigint::BigUint;
    use takeaway::analysis::Outcome;
    use takeaway::engine::Limits;
    use takeaway::games::{AnalyzeRequest, Family as _};
    for f in FAMILIES.iter().filter(|f| f.parse.is_some()) {
        let game = Game::parse(&f.example_spec()).unwrap();
        let mut req = AnalyzeRequest::at(&f.example_position());
        req.bound = f.start.bound.map(BigUint::from);
        // A sum's parts are each solved by their own values (the sum has no
        // separate exhaustive switch).
        req.exhaustive = !game.takes_parts();
        req.remoteness = false;
        req.limits = Limits::generous();
        let a = game
            .analyze(&req)
            .unwrap_or_else(|e| panic!("{}: {e}", f.id));
        assert_eq!(a.outcome, Outcome::N, "{} {:?}", f.id, f.start);
    }
}

/// The misère-theory capability written in each entry is the one computed
/// from its example spec under misère play (`Family::example_capabilities`,
/// what `/api/games` and Python's `families()` send): the written flag
/// cannot drift from what the game does.
#[test]
fn written_misere_theory_is_the_examples() {
    for f in FAMILIES.iter().filter(|f| f.parse.is_some()) {
        assert_eq!(
            f.capabilities.misere_theory,
            f.example_capabilities().misere_theory,
            "{}",
            f.id
        );
    }
}

/// Misère theory is what `analyze` does: where the capability is true the
/// answer is the theory's (method `theory`) and agrees with the engine's
/// exhaustive search (the brute force); misère Kayles (no theory) is the
/// engine's. Piles 1 to 40 (Kayles: 1 to 12).
#[test]
fn misere_theory_capability_is_what_analyze_does() {
    use takeaway::analysis::Method;
    use takeaway::games::{AnalyzeRequest, Family as _, search};
    let fib = Game::parse("fibonacci:misere=true").unwrap();
    let kayles = Game::parse("kayles:misere=true").unwrap();
    assert!(fib.capabilities().misere_theory);
    assert!(!kayles.capabilities().misere_theory);
    for n in 1u32..=40 {
        let mut req = AnalyzeRequest::new(vec![n.into()]);
        req.remoteness = false;
        let a = fib.analyze(&req).unwrap();
        assert_eq!(a.method, Method::Theory, "fibonacci misère {n}");
        let brute = search::analyze(&fib, &req).unwrap();
        assert_eq!(a.outcome, brute.outcome, "fibonacci misère {n}");
        if n <= 12 {
            let k = kayles.analyze(&req).unwrap();
            assert_ne!(k.method, Method::Theory, "kayles misère {n}");
        }
    }
}
