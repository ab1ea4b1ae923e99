//! The independent check of a certificate: brute-force misère outcomes of
//! every sum of at most `k` heaps from `1..=N`, compared with the product of
//! `Φ` in the certificate's table. Written from the rules alone: it shares
//! no code with the engine (its own search, its own enumeration).
//!
//! Law: a certificate passes `check(…, k)` exactly when its table is a
//! commutative monoid with identity 0, `Φ(0) = 0`, and for every multiset
//! `S` of at most `k` heaps, `∏Φ(S) ∈ P` ⇔ `S` is a misère P-position. The
//! first failing sum is named in the order: fewer heaps first, then
//! lexicographic on the ascending heap sizes.

use super::certificate::Certificate;
use super::error::QuotientError;
use super::heap_game::HeapGame;
use std::collections::BTreeMap;

/// What a passed check covered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct CheckReport {
    /// Sums compared.
    pub sums: usize,
    /// The most heaps in a sum.
    pub max_heaps: usize,
    /// Positions the brute force solved.
    pub positions: usize,
}

/// Brute-force misère outcomes (a sum is a sorted `Vec<usize>`).
struct Brute<'a> {
    game: &'a dyn HeapGame,
    options: Vec<Vec<Vec<usize>>>,
    memo: BTreeMap<Vec<usize>, bool>,
    limit: usize,
}

impl Brute<'_> {
    fn options(&mut self, h: usize) -> Vec<Vec<usize>> {
        while self.options.len() <= h {
            let n = self.options.len();
            self.options.push(if n == 0 {
                Vec::new()
            } else {
                self.game.options(n)
            });
        }
        self.options[h].clone()
    }

    /// Misère: no move → the mover wins (N); else P iff every option is N.
    fn p_position(&mut self, sum: &[usize]) -> Option<bool> {
        if let Some(&v) = self.memo.get(sum) {
            return Some(v);
        }
        let mut has_move = false;
        let mut p = true;
        'all: for i in 0..sum.len() {
            if i > 0 && sum[i] == sum[i - 1] {
                continue;
            }
            for option in self.options(sum[i]) {
                has_move = true;
                let mut next: Vec<usize> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
                next.extend(option);
                next.sort_unstable();
                if self.p_position(&next)? {
                    p = false;
                    break 'all;
                }
            }
        }
        let v = has_move && p;
        if self.memo.len() >= self.limit {
            return None;
        }
        self.memo.insert(sum.to_vec(), v);
        Some(v)
    }
}

fn malformed(what: String) -> QuotientError {
    QuotientError::Malformed(what)
}

/// The certificate's table is a commutative monoid with identity 0, `P`
/// and `Φ` index elements, `Φ(0) = 0`.
fn check_shape(c: &Certificate) -> Result<(), QuotientError> {
    let n = c.table.len();
    if n == 0 {
        return Err(malformed("the table is empty".into()));
    }
    for (x, row) in c.table.iter().enumerate() {
        if row.len() != n {
            return Err(malformed(format!(
                "row {x} has {} entries, not {n}",
                row.len()
            )));
        }
        if let Some(v) = row.iter().find(|&&v| v as usize >= n) {
            return Err(malformed(format!(
                "row {x} names element {v}, past {}",
                n - 1
            )));
        }
    }
    if let Some(v) = c.p.iter().chain(&c.phi).find(|&&v| v as usize >= n) {
        return Err(malformed(format!(
            "P or Φ names element {v}, past {}",
            n - 1
        )));
    }
    if c.phi.len() != c.heaps + 1 {
        return Err(malformed(format!(
            "Φ has {} values, not {} (heaps 0..={})",
            c.phi.len(),
            c.heaps + 1,
            c.heaps
        )));
    }
    if c.phi.first() != Some(&0) {
        return Err(malformed("Φ(0) is not the identity 0".into()));
    }
    let m = |x: usize, y: usize| c.table[x][y] as usize;
    for x in 0..n {
        if m(0, x) != x {
            return Err(malformed(format!(
                "0 is not an identity: 0·{x} = {}",
                m(0, x)
            )));
        }
        for y in 0..n {
            if m(x, y) != m(y, x) {
                return Err(malformed(format!("not commutative: {x}·{y} ≠ {y}·{x}")));
            }
            for z in 0..n {
                if m(m(x, y), z) != m(x, m(y, z)) {
                    return Err(malformed(format!("not associative at ({x}, {y}, {z})")));
                }
            }
        }
    }
    Ok(())
}

/// Checks `c` against brute force on every sum of at most `max_heaps` heaps
/// of `game` from `1..=c.heaps`, solving at most `max_positions` positions.
///
/// ```
/// use takeaway::games::octal::quotient::{certificate::Certificate, check::check,
///     heap_game::Nim};
/// // Misère Nim heaps 0 and 1: T1 (a² = 1, P = {a}).
/// let c = Certificate { game: "nim".into(), heaps: 1, elements: vec![],
///     table: vec![vec![0, 1], vec![1, 0]], p: vec![1], phi: vec![0, 1] };
/// assert_eq!(check(&c, &Nim, 6, 100_000).unwrap().sums, 7);
/// let mut bad = c.clone();
/// bad.p = vec![0];
/// assert!(check(&bad, &Nim, 6, 100_000).unwrap_err().to_string().contains("the sum 0"));
/// ```
pub fn check(
    c: &Certificate,
    game: &dyn HeapGame,
    max_heaps: usize,
    max_positions: usize,
) -> Result<CheckReport, QuotientError> {
    check_shape(c)?;
    let in_p: Vec<bool> = (0..c.table.len())
        .map(|x| c.p.contains(&(x as u32)))
        .collect();
    let mut brute = Brute {
        game,
        options: Vec::new(),
        memo: BTreeMap::new(),
        limit: max_positions,
    };
    let mut sums = 0usize;
    // Sums of exactly k heaps, ascending sizes, in lexicographic order.
    for k in 0..=max_heaps {
        let mut sum: Vec<usize> = vec![1; k];
        if k > 0 && c.heaps == 0 {
            break;
        }
        loop {
            let product = sum
                .iter()
                .fold(0usize, |acc, &h| c.table[acc][c.phi[h] as usize] as usize);
            let claimed = in_p[product];
            let actual = brute.p_position(&sum).ok_or(QuotientError::CheckLimit {
                limit: max_positions,
            })?;
            sums += 1;
            if claimed != actual {
                return Err(QuotientError::Fails {
                    sum,
                    claimed_p: claimed,
                });
            }
            // Next non-decreasing sequence in 1..=heaps.
            let Some(i) = sum.iter().rposition(|&h| h < c.heaps) else {
                break;
            };
            let v = sum[i] + 1;
            for s in &mut sum[i..] {
                *s = v;
            }
        }
    }
    Ok(CheckReport {
        sums,
        max_heaps,
        positions: brute.memo.len(),
    })
}
