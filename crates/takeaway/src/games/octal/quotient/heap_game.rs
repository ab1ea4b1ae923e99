//! Heap games: a position is a multiset of heaps, a move replaces one heap
//! by one of its options, and an option of heap `n` is a multiset of
//! strictly smaller heaps (Plambeck–Siegel, "Misère quotients for impartial
//! games", JCTA 115 (2008), §2: the closed set of all sums of heaps).
//!
//! Law: every heap of every option of heap `n` lies in `1..n` (heaps of
//! size 0 are left out). Then a move replaces an element of the multiset by
//! finitely many smaller ones, so play ends (the multiset order is
//! well-founded) and outcomes are defined by induction on it.

use super::super::code::OctalCode;

/// A heap game given by the options of each heap.
///
/// ```
/// use takeaway::games::octal::quotient::heap_game::{HeapGame, Nim};
/// // A Nim heap of 3 moves to 0, 1 or 2.
/// assert_eq!(Nim.options(3), vec![vec![], vec![1], vec![2]]);
/// ```
pub trait HeapGame {
    /// The game's name as the command line writes it (`octal:0.77`, `nim`,
    /// `subtraction:s=1,2,5`).
    fn name(&self) -> String;
    /// The options of heap `n ≥ 1`: each the multiset of heaps (all in
    /// `1..n`, in any order) that replaces it; each option listed once.
    fn options(&self, n: usize) -> Vec<Vec<usize>>;
}

/// The heaps of an octal game, or any take-and-break code (`OctalCode::options`).
///
/// ```
/// use takeaway::games::octal::code::OctalCode;
/// use takeaway::games::octal::quotient::heap_game::{HeapGame, OctalHeaps};
/// let kayles = OctalHeaps(OctalCode::parse("0.77").unwrap());
/// // Kayles 3: take 1 leaving 2 or 1+1, take 2 leaving 1 (Winning Ways, ch. 4).
/// assert_eq!(kayles.options(3), vec![vec![1], vec![1, 1], vec![2]]);
/// assert_eq!(kayles.name(), "octal:0.77");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalHeaps(pub OctalCode);

impl HeapGame for OctalHeaps {
    fn name(&self) -> String {
        format!("octal:{}", self.0)
    }

    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = Vec::new();
        self.0.options(n as u64, |_, heaps| {
            out.push(heaps.iter().map(|&h| h as usize).collect());
        });
        out.sort();
        out.dedup();
        out
    }
}

/// Nim: heap `n` moves to any smaller heap (or to nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nim;

impl HeapGame for Nim {
    fn name(&self) -> String {
        "nim".to_string()
    }

    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        (0..n)
            .map(|k| if k == 0 { vec![] } else { vec![k] })
            .collect()
    }
}

/// A subtraction game: remove `s` tokens from one heap, `s` in the set.
///
/// ```
/// use takeaway::games::octal::quotient::heap_game::{HeapGame, Subtraction};
/// let s = Subtraction(vec![1, 3]);
/// assert_eq!(s.options(3), vec![vec![], vec![2]]);
/// assert_eq!(s.name(), "subtraction:s=1,3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subtraction(pub Vec<usize>);

impl HeapGame for Subtraction {
    fn name(&self) -> String {
        let parts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        format!("subtraction:s={}", parts.join(","))
    }

    fn options(&self, n: usize) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = self
            .0
            .iter()
            .filter(|&&s| s >= 1 && s <= n)
            .map(|&s| if s == n { vec![] } else { vec![n - s] })
            .collect();
        out.sort();
        out.dedup();
        out
    }
}
