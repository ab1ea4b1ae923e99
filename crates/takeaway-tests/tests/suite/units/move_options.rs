//! Tests moved out of `crates/takeaway/src/games/options.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use num_bigint::BigUint;
use takeaway::games::Game;
use takeaway::games::play::Play;

/// A position of 2,000-digit piles lists no counter (the board draws
/// bars): no work per counter, no huge answer.
#[test]
fn huge_piles_list_no_counters() {
    let big: BigUint = "7".repeat(2000).parse().unwrap();
    for spec in ["nim", "wythoff", "spite"] {
        let game = Game::parse(spec).unwrap();
        let pos = game
            .start(vec![big.clone(), big.clone() + 1u8], None)
            .unwrap();
        let o = game.move_options(&pos, 60).unwrap();
        assert!(o.take.iter().all(Vec::is_empty), "{spec}");
        assert!(o.both.is_empty() && o.call.is_empty(), "{spec}");
    }
}

/// Every reason agrees with `apply` and every legal take is listed as
/// legal: the options are the rules, over every family's start and the
/// positions one move on (brute force: `apply` itself).
#[test]
fn options_are_exactly_the_legal_moves() {
    let mut cases: Vec<(String, Vec<u32>, Option<u32>)> = takeaway::family::FAMILIES
        .iter()
        // A sum's options are its parts' (checked through the API's test).
        .filter(|f| f.parse.is_some() && f.parts.is_empty())
        .map(|f| (f.example_spec(), f.start.piles.to_vec(), f.start.bound))
        .collect();
    // The appendix games, which add counters in their first phase.
    cases.push(("two-pile:f=2*t:add=2".into(), vec![5, 9], Some(3)));
    cases.push(("two-pile:f=t:must-add=1".into(), vec![4, 7], Some(2)));
    for (spec, piles, bound) in cases {
        let game = Game::parse(&spec).unwrap();
        let piles: Vec<BigUint> = piles.into_iter().map(BigUint::from).collect();
        let start = game.start(piles, bound.map(BigUint::from)).unwrap();
        let mut positions = vec![start.clone()];
        positions.extend(
            game.legal_moves(&start, 20)
                .iter()
                .filter_map(|m| game.apply(&start, m).ok()),
        );
        for pos in positions {
            // Every pile drawn as counters (the starts have at most 62).
            let o = game.move_options(&pos, 1000).unwrap();
            let legal = game.legal_moves(&pos, 10_000);
            let listed = o.take.iter().flatten().filter(|r| r.is_none()).count()
                + o.both.iter().filter(|r| r.is_none()).count()
                + o.call.iter().filter(|r| r.is_none()).count()
                + o.pick.iter().filter(|r| r.is_none()).count()
                + o.add.iter().flatten().filter(|r| r.is_none()).count()
                + o.split.iter().flatten().count();
            assert_eq!(listed, legal.len(), "{spec} {pos:?}");
            for r in o
                .take
                .iter()
                .flatten()
                .chain(&o.both)
                .chain(&o.call)
                .chain(&o.pick)
                .flatten()
            {
                assert!(r.starts_with(char::is_uppercase), "{spec}: {r}");
            }
        }
    }
}
