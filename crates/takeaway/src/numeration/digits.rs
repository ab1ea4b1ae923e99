//! One pile written in the digits of a base, largest term first, with one
//! digit that can be marked: the data of the teaching view
//! ([`crate::games::digits`] chooses the base and the mark from an analysis).

use crate::json::serialize_big_vec;
use crate::numeration::base::Base;
use num_bigint::BigUint;
use num_traits::Zero;
use serde::Serialize;

/// Most digits a view shows (Fibonacci piles below F_26 = 121,393, the
/// H-sequence of f = 3t below 1,164, binary below 2^24).
pub const MOST_TERMS: usize = 24;

/// One pile in the digits of a base, largest term first.
///
/// Law: `Σ terms[i] · digits[i]` is the pile, and the digits are the greedy
/// (canonical) representation of Algorithm 1 (paper 002).
///
/// ```
/// use takeaway::numeration::digits::Digits;
/// use takeaway::numeration::base::Base;
/// // Paper 000 §2: 20 = 13 + 5 + 2 in Fibonacci numbers; the winning move takes 2.
/// let d = Digits::of_pile(&Base::fibonacci(), "Fibonacci numbers", 0, &20u32.into()).unwrap();
/// assert_eq!(d.digits, [1, 0, 1, 0, 1, 0]);
/// assert_eq!(d.terms.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["13", "8", "5", "3", "2", "1"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Digits {
    /// Which pile (counted from 0, like a move's `pile`).
    pub pile: usize,
    /// The base, named as the explanation names it.
    pub base: String,
    /// The base's terms from the largest one not above the pile down to the first.
    #[serde(serialize_with = "serialize_big_vec")]
    pub terms: Vec<BigUint>,
    /// One digit (0 or 1) per term.
    pub digits: Vec<u8>,
    /// The marked term (an index into `terms`), if any.
    pub mark: Option<usize>,
    /// What the mark means, in the papers' words.
    pub note: String,
}

impl Digits {
    /// The greedy digits of `n` in `base` (no mark yet), or `None` when the
    /// pile is 0, needs more than [`MOST_TERMS`] digits, or the base cannot
    /// write it.
    ///
    /// ```
    /// use takeaway::numeration::digits::Digits;
    /// use takeaway::numeration::base::Base;
    /// assert!(Digits::of_pile(&Base::fibonacci(), "Fibonacci", 0, &0u32.into()).is_none());
    /// assert!(Digits::of_pile(&Base::fibonacci(), "Fibonacci", 0, &121_392u32.into()).is_some());
    /// assert!(Digits::of_pile(&Base::fibonacci(), "Fibonacci", 0, &121_393u32.into()).is_none());
    /// ```
    pub fn of_pile(base: &Base, name: &str, pile: usize, n: &BigUint) -> Option<Digits> {
        if n.is_zero() {
            return None;
        }
        // The top index first, so a huge pile costs nothing: its largest
        // term is past MOST_TERMS exactly when term(MOST_TERMS + 1) ≤ n.
        if base.term(MOST_TERMS + 1).ok().is_some_and(|t| &t <= n) {
            return None;
        }
        let indices = base.representation(n).ok()?;
        let top = *indices.last()?;
        let mut terms = Vec::with_capacity(top);
        let mut digits = Vec::with_capacity(top);
        for k in (1..=top).rev() {
            terms.push(base.term(k).ok()?);
            digits.push(u8::from(indices.contains(&k)));
        }
        Some(Digits {
            pile,
            base: name.to_string(),
            terms,
            digits,
            mark: None,
            note: String::new(),
        })
    }

    /// The index (into `terms`) of the smallest term used: the rightmost one.
    ///
    /// ```
    /// use takeaway::numeration::digits::Digits;
    /// use takeaway::numeration::base::Base;
    /// let d = Digits::of_pile(&Base::fibonacci(), "Fibonacci", 0, &20u32.into()).unwrap();
    /// assert_eq!(d.terms[d.rightmost_one()].to_string(), "2");
    /// ```
    pub fn rightmost_one(&self) -> usize {
        self.digits.iter().rposition(|&d| d == 1).unwrap_or(0)
    }

    /// Two aligned rows, terms over digits, the marked digit in brackets,
    /// and the note.
    ///
    /// ```
    /// use takeaway::numeration::digits::Digits;
    /// use takeaway::numeration::base::Base;
    /// let mut d = Digits::of_pile(&Base::fibonacci(), "Fibonacci numbers", 0, &20u32.into()).unwrap();
    /// d.mark = Some(4);
    /// assert_eq!(d.text().lines().nth(2).unwrap(), "  digit   1  0  1  0 [1] 0");
    /// ```
    pub fn text(&self) -> String {
        let mut terms = String::from("  term  ");
        let mut digits = String::from("  digit ");
        for (i, (t, d)) in self.terms.iter().zip(&self.digits).enumerate() {
            let t = t.to_string();
            let width = t.len();
            terms.push_str(&format!(" {t} "));
            if self.mark == Some(i) {
                digits.push_str(&format!("[{d:>width$}]"));
            } else {
                digits.push_str(&format!(" {d:>width$} "));
            }
        }
        let mut out = format!("Pile {} in {}:\n", self.pile + 1, self.base);
        out.push_str(terms.trim_end());
        out.push('\n');
        out.push_str(digits.trim_end());
        if !self.note.is_empty() {
            out.push('\n');
            out.push_str("  ");
            out.push_str(&self.note);
        }
        out
    }
}
