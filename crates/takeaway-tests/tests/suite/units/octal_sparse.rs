//! Tests moved out of `crates/takeaway/src/games/octal/sparse.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use takeaway::games::octal::code::OctalCode;
use takeaway::games::octal::naive;
use takeaway::games::octal::sparse::*;

fn sparse(code: &OctalCode, to: usize) -> Vec<u32> {
    let mut s = Sparse::new(code);
    let mut g: Vec<u32> = Vec::new();
    s.run(&mut g, to).unwrap();
    g
}

#[test]
fn agrees_with_the_definition_on_studied_codes() {
    // The three codes of the benchmarks and the classics.
    for c in [
        "0.167", "0.161", "0.034", "0.77", "0.07", "0.137", "4.7", "0.6", "0.3033",
    ] {
        let code = OctalCode::parse(c).unwrap();
        assert_eq!(sparse(&code, 3000), naive::grundy(&code, 3000), "{c}");
    }
}

#[test]
fn runs_in_pieces_agree_with_the_definition() {
    // Chunk ends at every offset cut the batches of heaps marked together
    // (3 for 0.167 and 0.161, 4 for 0.034, 2 for 0.77; none for 4.7, which
    // splits without removing); the reference is the definition.
    for c in ["0.167", "0.034", "0.161", "0.77", "4.7"] {
        let code = OctalCode::parse(c).unwrap();
        let mut s = Sparse::new(&code);
        let mut g: Vec<u16> = Vec::new();
        let (mut until, mut step) = (0, 1);
        while until < 2000 {
            until = (until + step).min(2000);
            s.run(&mut g, until).unwrap();
            step = step % 7 + 1;
        }
        let g: Vec<u32> = g.into_iter().map(u32::from).collect();
        assert_eq!(g, naive::grundy(&code, 2000), "{c}");
    }
}

#[test]
fn widening_happens_mid_run() {
    // 0.777…7 (12 sevens) reaches values ≥ 256 below 2,000 heaps.
    let code = OctalCode::parse("4.0000004").unwrap();
    let mut s = Sparse::new(&code);
    let mut g: Vec<u8> = Vec::new();
    let stop = s.run(&mut g, 2000);
    let reference = naive::grundy(&code, 2000);
    match stop {
        Ok(()) => assert!(reference.iter().all(|&v| v < 256)),
        Err(v) => assert_eq!(v as u32, reference[g.len()]),
    }
}
