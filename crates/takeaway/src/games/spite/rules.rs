//! The rules of Spite Nim (paper 003, after Croach's "Spite Nim I").
//!
//! Rows of counters. On his turn the *caller* announces a number `c` with
//! `1 ≤ c ≤` the longest row; the *chooser* (his opponent) picks any row with
//! at least `c` counters and `c` counters are removed from it; then the chooser
//! calls. The player whose call removes the last counter wins.
//!
//! Conventions fixed here (checked against the paper's small claims by brute
//! force in the tests):
//! * rows of 0 are allowed and never chosen, so they do not change the game;
//! * when every row is 0 the player to call cannot call and loses (the previous
//!   call removed the last counter), so the empty position is *safe*
//!   (Hale: "(1, 0) is clearly unsafe, while (1, 1) is safe");
//! * a call `c` wins iff every row the chooser may pick leaves a safe position
//!   for the next caller (the chooser); a position is *unsafe* (`N`) iff some
//!   call wins, else *safe* (`P`).

use crate::games::error::GameError;
use crate::games::error::PileCount;
use num_bigint::BigUint;
use num_traits::Zero;

/// Checks a position as given by a user: at least one row.
///
/// ```
/// use takeaway::games::spite::rules::check_rows;
/// assert!(check_rows(&[]).is_err());
/// assert!(check_rows(&[0u32.into()]).is_ok());
/// ```
pub fn check_rows(rows: &[BigUint]) -> Result<(), GameError> {
    if rows.is_empty() {
        return Err(PileCount::NoRows.into());
    }
    Ok(())
}

/// The legal calls: `1..=max row` (empty when every row is 0).
///
/// ```
/// use takeaway::games::spite::rules::largest_call;
/// assert_eq!(largest_call(&[3, 7, 0]), 7);
/// ```
pub fn largest_call(rows: &[u64]) -> u64 {
    rows.iter().copied().max().unwrap_or(0)
}

/// The chooser's options after call `c`: indices of the rows with `≥ c` counters.
///
/// ```
/// use takeaway::games::spite::rules::choices;
/// assert_eq!(choices(&[3, 7, 5], 4), vec![1, 2]);
/// ```
pub fn choices(rows: &[u64], call: u64) -> Vec<usize> {
    rows.iter()
        .enumerate()
        .filter(|&(_, &r)| call >= 1 && r >= call)
        .map(|(i, _)| i)
        .collect()
}

/// The rows after the chooser takes `call` counters from row `index`
/// (`None` if that is not a legal choice).
///
/// ```
/// use takeaway::games::spite::rules::after_choice;
/// assert_eq!(after_choice(&[3, 7], 1, 4), Some(vec![3, 3]));
/// assert_eq!(after_choice(&[3, 7], 0, 4), None);
/// ```
pub fn after_choice(rows: &[u64], index: usize, call: u64) -> Option<Vec<u64>> {
    let row = *rows.get(index)?;
    if call == 0 || row < call {
        return None;
    }
    let mut out = rows.to_vec();
    out[index] = row - call;
    Some(out)
}

/// The nonzero rows, sorted ascending: the canonical form of a position (the
/// game depends only on this multiset).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::spite::rules::canonical;
/// let rows: Vec<BigUint> = vec![5u32.into(), 0u32.into(), 2u32.into()];
/// assert_eq!(canonical(&rows), vec![BigUint::from(2u32), BigUint::from(5u32)]);
/// ```
pub fn canonical(rows: &[BigUint]) -> Vec<BigUint> {
    let mut out: Vec<BigUint> = rows.iter().filter(|r| !r.is_zero()).cloned().collect();
    out.sort();
    out
}
