//! Tests moved out of `crates/takeaway/src/sweep/subtraction_sets.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use takeaway::sweep::subtraction_sets::*;

/// Brute force: every mask of {1..M} with a size in range, by size then
/// lexicographic order of the ascending element lists.
fn all_sets(m: u64, lo: u64, hi: u64) -> Vec<Vec<u64>> {
    let mut v: Vec<Vec<u64>> = (1u64..1 << m)
        .map(|mask| {
            (1..=m)
                .filter(|e| mask >> (e - 1) & 1 == 1)
                .collect::<Vec<_>>()
        })
        .filter(|s: &Vec<u64>| (lo..=hi).contains(&(s.len() as u64)))
        .collect();
    v.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
    v
}

#[test]
fn unrank_and_advance_list_every_set_once_in_order() {
    for m in 1..=9 {
        for lo in 1..=m {
            for hi in lo..=m {
                let s = SubtractionSets {
                    max: m,
                    min_size: lo,
                    max_size: hi,
                    terms: 1,
                    cap: 1,
                };
                let want = all_sets(m, lo, hi);
                assert_eq!(s.count(), want.len() as u128, "M={m} {lo}..{hi}");
                for (i, w) in want.iter().enumerate() {
                    assert_eq!(s.unrank(i as u64).as_ref(), Some(w));
                }
                assert_eq!(s.unrank(want.len() as u64), None);
                let mut set = want[0].clone();
                for w in &want[1..] {
                    assert!(s.advance(&mut set));
                    assert_eq!(&set, w);
                }
                assert!(!s.advance(&mut set));
            }
        }
    }
}
