//! The teaching view: a pile written in the digits of the base its theorem
//! uses, with the term that decides the move marked — the pictures of paper
//! 001 (Wythoff's piles in canonical Fibonacci form, the rightmost one telling
//! an A-number from a B-number) and of paper 004 (a pile as a sum of
//! H-sequence terms, the winning move taking the smallest).
//!
//! Only small piles get a view ([`MOST_TERMS`] digits at most): a row of a
//! thousand digits teaches nothing.

use crate::analysis::Analysis;
use crate::numeration::base::Base;
pub use crate::numeration::digits::{Digits, MOST_TERMS};

/// The one-pile view (Schwenk, Epp–Ferguson, Holshouser–Reiter Game 1): the
/// smallest term of the pile is `L(n)`, and it is marked as the term the
/// winning move takes (or that the bound does not reach).
pub(crate) fn one_pile(base: &Base, name: &str, analysis: &Analysis) -> Vec<Digits> {
    let Some(n) = analysis.piles.first() else {
        return Vec::new();
    };
    let Some(mut d) = Digits::of_pile(base, name, 0, n) else {
        return Vec::new();
    };
    let i = d.rightmost_one();
    d.mark = Some(i);
    let term = &d.terms[i];
    d.note = if analysis.winning_move.is_some() {
        format!("The winning move takes the smallest term, {term} = L({n}).")
    } else {
        let w = analysis.bound.clone().unwrap_or_default();
        format!("The smallest term, {term} = L({n}), is more than the bound {w}: no winning move.")
    };
    vec![d]
}

/// The Wythoff view (paper 001): both piles in canonical Fibonacci form; the
/// rightmost one of each is marked: in an even position (counting 1 = F_2 as
/// position 2) the pile is an A-number, in an odd one a B-number.
pub(crate) fn wythoff(analysis: &Analysis) -> Vec<Digits> {
    let base = Base::fibonacci();
    let mut views = Vec::new();
    for (i, n) in analysis.piles.iter().enumerate() {
        let Some(mut d) = Digits::of_pile(&base, "canonical Fibonacci form", i, n) else {
            // Both piles or none: half a picture explains nothing.
            return Vec::new();
        };
        let r = d.rightmost_one();
        d.mark = Some(r);
        // terms[r] = F(position), and the last term is F_2 = 1.
        let position = d.terms.len() - r + 1;
        let kind = if position % 2 == 0 {
            "an A-number"
        } else {
            "a B-number"
        };
        d.note = format!("The rightmost one is in position {position}, so {n} is {kind}.");
        views.push(d);
    }
    views
}
