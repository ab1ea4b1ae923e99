//! Tests moved out of `crates/takeaway/src/render/mod.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use takeaway::render::*;

#[test]
fn the_sequential_scale_is_distinct_up_to_281_values_and_grows_lighter() {
    for n in 1..=281 {
        let colours: Vec<[u8; 3]> = (0..n).map(|i| sequential(i, n)).collect();
        let distinct: std::collections::HashSet<_> = colours.iter().collect();
        assert_eq!(distinct.len(), n, "n = {n}");
        let light = |c: &[u8; 3]| c.iter().map(|&v| u32::from(v)).sum::<u32>();
        for w in colours.windows(2) {
            assert!(light(&w[0]) <= light(&w[1]), "n = {n}: {w:?}");
        }
    }
}
