//! The sequence in the formats the published records use, so that a run
//! can be compared with them byte for byte: the value frequencies of the
//! `octal` solver (Rogalski, github.com/rogalski-wmii-uni-lodz-pl/octal,
//! files `results/CODE/N`) and the lists of sparse (rare) values of
//! Flammenkamp's tables (wwwhomes.uni-bielefeld.de/achim/octal.html) and of
//! the `officers` program (Rose, github.com/mvr/officers, file
//! `officers_sparse.txt`).
//!
//! Law: [`frequencies`] of a run of `rows` heaps has one `value count` line
//! for every value `0 … V` (`V` the largest of `G(1) … G(rows − 1)`, zero
//! counts included), counting the heaps `1 … rows − 1` — the `octal`
//! solver's file `N` is [`frequencies`] of `N + 1` rows. [`sparse_list`]
//! lists, in increasing `n`, every heap `0 ≤ n < rows` whose value is rare
//! for the run's mask (`v & mask` of even parity), and nothing else.

use super::report::summarize;
use super::solve::Solved;
use std::fmt::Write;

/// The layout of a list of sparse values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SparseFormat {
    /// `mvr/officers`: a header `K sparse values # max index N max value V`
    /// (the last rare heap and the largest rare value), then `n,G(n)` lines.
    Mvr,
    /// Flammenkamp's tables: `G(%8d)=%3d` entries, two spaces apart, five a
    /// line.
    Flammenkamp,
}

impl SparseFormat {
    /// The format named `mvr` or `flammenkamp` (as the command line spells them).
    ///
    /// ```
    /// use takeaway::games::octal::published::SparseFormat;
    /// assert_eq!(SparseFormat::parse("mvr"), Some(SparseFormat::Mvr));
    /// assert_eq!(SparseFormat::parse("csv"), None);
    /// ```
    pub fn parse(name: &str) -> Option<SparseFormat> {
        match name {
            "mvr" => Some(SparseFormat::Mvr),
            "flammenkamp" => Some(SparseFormat::Flammenkamp),
            _ => None,
        }
    }
}

/// The value frequencies of heaps `1 … rows − 1` as the `octal` solver
/// writes them (see the module law): `N + 1` rows give its file `N`.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, published::frequencies, solve::{solve, Outcome, Run}};
/// // results/0.167/4 of the `octal` solver: G(1..=4) = 1, 0, 2, 2
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.167").unwrap(), Run::new(5)).unwrap() else { panic!() };
/// assert_eq!(frequencies(&s), "0 1\n1 1\n2 2\n");
/// ```
pub fn frequencies(s: &Solved) -> String {
    let mut out = String::new();
    if s.rows <= 1 {
        return out;
    }
    let mut counts = summarize(s).counts;
    // Heap 0 (G(0) = 0) is not counted.
    if let Some(c) = counts.get_mut(&0) {
        *c -= 1;
    }
    let largest = counts
        .iter()
        .rev()
        .find(|&(_, &c)| c > 0)
        .map_or(0, |(&v, _)| v);
    for v in 0..=largest {
        let _ = writeln!(out, "{v} {}", counts.get(&v).copied().unwrap_or(0));
    }
    out
}

/// The heaps `n < rows` with a rare value for the run's mask, with their
/// values, in increasing `n`.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, published::rare_heaps, solve::{solve, Outcome, Run}};
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.6").unwrap(), Run::new(10)).unwrap() else { panic!() };
/// let rare = rare_heaps(&s);
/// assert!(rare.iter().all(|&(n, v)| s.at(n) == v && (v as usize & s.mask).count_ones() % 2 == 0));
/// ```
pub fn rare_heaps(s: &Solved) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut n = 0u64;
    s.for_each(|v| {
        if (v as usize & s.mask).count_ones().is_multiple_of(2) {
            out.push((n, v));
        }
        n += 1;
    });
    out
}

/// The sparse values of the run in `format` (see [`SparseFormat`]).
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, published::{sparse_list, SparseFormat}, solve::{solve, Outcome, Run}};
/// let Outcome::Done(s) = solve(&OctalCode::parse("0.6").unwrap(), Run::new(3)).unwrap() else { panic!() };
/// // Officers: G(0), G(1), G(2) = 0, 0, 1; with the mask 1, 0 is rare and 1 common
/// assert_eq!(s.mask, 1);
/// assert_eq!(sparse_list(&s, SparseFormat::Mvr), "2 sparse values # max index 1 max value 0\n0,0\n1,0\n");
/// assert_eq!(
///     sparse_list(&s, SparseFormat::Flammenkamp),
///     "G(       0)=  0  G(       1)=  0\n"
/// );
/// ```
pub fn sparse_list(s: &Solved, format: SparseFormat) -> String {
    let rare = rare_heaps(s);
    let mut out = String::new();
    match format {
        SparseFormat::Mvr => {
            let last = rare.last().map_or(0, |&(n, _)| n);
            let top = rare.iter().map(|&(_, v)| v).max().unwrap_or(0);
            let _ = writeln!(
                out,
                "{} sparse values # max index {last} max value {top}",
                rare.len()
            );
            for (n, v) in rare {
                let _ = writeln!(out, "{n},{v}");
            }
        }
        SparseFormat::Flammenkamp => {
            for line in rare.chunks(5) {
                let entries: Vec<String> = line
                    .iter()
                    .map(|&(n, v)| format!("G({n:>8})={v:>3}"))
                    .collect();
                let _ = writeln!(out, "{}", entries.join("  "));
            }
        }
    }
    out
}
