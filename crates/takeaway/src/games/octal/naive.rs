//! Grundy values of an octal game by the definition: the mex over every move.
//!
//! Law: `G(n) = mex { G(h_1) ⊕ … ⊕ G(h_i) : (j, h) an option of heap n }`
//! ([`OctalCode::options`]: none to three heaps, no heap counts 0). `O(n² · k)` work: the reference the fast methods are
//! checked against, and the method for short runs.

use super::code::OctalCode;

/// `G(0) … G(to − 1)` of `code`, by the definition.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, naive::grundy};
/// // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 (Berlekamp–Conway–Guy, Winning Ways, ch. 4)
/// let g = grundy(&OctalCode::parse("0.77").unwrap(), 12);
/// assert_eq!(g, vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
pub fn grundy(code: &OctalCode, to: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(to);
    let mut seen: Vec<bool> = Vec::new();
    for n in 0..to {
        seen.clear();
        code.options(n as u64, |_, heaps| {
            let v = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]) as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        });
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        g.push(mex as u32);
    }
    g
}
