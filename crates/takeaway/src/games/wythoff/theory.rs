//! Paper 001's theory: Wythoff's Nim played on Fibonacci representations.
//!
//! A positive integer is an *A-number* when the rightmost one of its canonical
//! (Zeckendorf) representation is in an even position, a *B-number* when it
//! is in an odd one. The safe pairs are `(0, 0)` and `(a, a←)`: an A-number
//! and its left shift. The move algorithm (smaller pile `s`, larger `l`):
//!
//! - case 0: `(s, l)` is safe — every move loses;
//! - case 1: `s` is a B-number — reduce `l` to the right shift `s→` (a safe
//!   pair `(s→, s)`);
//! - case 2: `s` is an A-number and `l > s←` — reduce `l` to `s←`;
//! - case 3: otherwise — write `d = l − s` in second canonical form; `d←` and
//!   `d←←` are the safe pair with difference `d`: reduce both piles to it.
//!
//! Errata (brute force decides, see `tests/suite/wythoff.rs`): the algorithm as
//! printed covers neither `s = 0` (0 is neither an A- nor a B-number; the move
//! is `l → 0`, to the safe pair `(0, 0)`) nor equal piles `s = l` that are an
//! A-number (case 3 would need the second canonical form of `d = 0`, which
//! does not exist; the move is to `(0, 0)`, as the proof of Theorem 2 says).
//! Both are handled here as [`Case::Zero`] and [`Case::Equal`].
//!
//! Law: the move returned is legal and lands on a safe pair, and a position
//! gets no move exactly when it is a safe pair (Theorems 1 and 2).

use super::game::{Kind, Piles, WythoffMove};
use super::safe_pairs::{Play, SafePairs};
use crate::games::error::GameError;
use crate::numeration::zeckendorf::Zeckendorf;
use num_bigint::BigUint;
use num_traits::Zero;
use std::fmt;

/// Which step of paper 001's algorithm applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// Case 0: the position is a safe pair; every move loses.
    Safe,
    /// Case 1: the smaller pile is a B-number; the larger goes to its right shift.
    SmallerIsB,
    /// Case 2: the smaller pile is an A-number and the larger exceeds its left
    /// shift; the larger goes to that left shift.
    LargerAboveShift,
    /// Case 3: the second canonical form of the difference, shifted left once
    /// and twice, gives the safe pair to reduce both piles to.
    Difference,
    /// Not in the printed algorithm: the smaller pile is 0; take the larger.
    Zero,
    /// Not in the printed algorithm: equal piles that are an A-number; take all
    /// from both (case 3 has no second canonical form of 0).
    Equal,
}

impl fmt::Display for Case {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Case::Safe => "case 0",
            Case::SmallerIsB => "case 1",
            Case::LargerAboveShift => "case 2",
            Case::Difference => "case 3",
            Case::Zero => "smaller pile 0 (not covered by the printed algorithm)",
            Case::Equal => "equal A-number piles (not covered by the printed algorithm)",
        })
    }
}

/// Paper 001's theory as a [`SafePairs`] oracle: the partner of an A-number is
/// its left shift, of a B-number its right shift; the safe pair with
/// difference `d` is `(d←, d←←)` with `d` in second canonical form (Lemma 2).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::safe_pairs::SafePairs;
/// use takeaway::games::wythoff::theory::Fibonacci;
/// let b = |n: u32| BigUint::from(n);
/// assert_eq!(Fibonacci.partner(&b(12)).unwrap(), b(20));  // 101010 ↔ 1010100
/// assert_eq!(Fibonacci.pair_with_difference(&b(8)).unwrap(), (b(12), b(20)));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fibonacci;

impl SafePairs for Fibonacci {
    fn name(&self) -> &'static str {
        "zeckendorf"
    }

    fn partner(&self, n: &BigUint) -> Result<BigUint, GameError> {
        let z = Zeckendorf::canonical(n);
        Ok(match z.lowest_position() {
            None => BigUint::zero(),
            Some(p) if p % 2 == 0 => z.left_shift().value(),
            Some(_) => z.right_shift().value(),
        })
    }

    fn pair_with_difference(&self, d: &BigUint) -> Result<(BigUint, BigUint), GameError> {
        Ok(match Zeckendorf::second_canonical(d) {
            None => (BigUint::zero(), BigUint::zero()),
            Some(s) => {
                // b_d = d←← and b_d − a_d = d (Lemma 2), so one evaluation suffices.
                let a = s.left_shift().value();
                let b = &a + d;
                (a, b)
            }
        })
    }
}

/// Longest text shown in full in an explanation; longer numbers and
/// representations are shortened around the middle.
pub const SHOW: usize = 120;

fn short(text: String) -> String {
    if text.len() <= SHOW {
        return text;
    }
    let head = text.get(..40).unwrap_or_default();
    let tail = text.get(text.len() - 40..).unwrap_or_default();
    format!("{head}…[{} digits]…{tail}", text.len())
}

fn n(x: &BigUint) -> String {
    match crate::natural::short_decimal(x, SHOW, 40, 40) {
        crate::natural::ShortDecimal::Full(s) => s,
        crate::natural::ShortDecimal::Cut { head, tail, digits } => {
            format!("{head}…[{digits} digits]…{tail}")
        }
    }
}

fn z(x: &Zeckendorf) -> String {
    short(x.to_string())
}

/// Paper 001's decision for a position: the case, the move and the
/// representations behind them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// Which step of the algorithm applied.
    pub case: Case,
    /// The move (`None` on a safe pair).
    pub winning_move: Option<WythoffMove>,
    /// The explanation, with the canonical forms (paper notation).
    pub explanation: String,
}

/// Runs paper 001's algorithm on `piles` (either order; `to` comes back in the
/// order given).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::theory::{decide, Case};
/// let b = |n: u32| BigUint::from(n);
/// // Paper 001's examples: (10,15) case 1 → (6,10); (9,20) case 2 → (9,15);
/// // (24,32) case 3 → (12,20).
/// let d = decide(&[b(10), b(15)]);
/// assert_eq!((d.case, d.winning_move.unwrap().to), (Case::SmallerIsB, [b(10), b(6)]));
/// assert!(d.explanation.contains("10 = 100100 is a B-number"));
/// assert_eq!(decide(&[b(20), b(9)]).case, Case::LargerAboveShift);
/// assert_eq!(decide(&[b(24), b(32)]).winning_move.unwrap().to, [b(12), b(20)]);
/// assert_eq!(decide(&[b(12), b(20)]).case, Case::Safe);
/// ```
pub fn decide(piles: &Piles) -> Decision {
    let (si, li) = if piles[0] <= piles[1] { (0, 1) } else { (1, 0) };
    let (s, l) = (&piles[si], &piles[li]);
    let zs = Zeckendorf::canonical(s);
    let zl = Zeckendorf::canonical(l);
    let mut text = format!(
        "In canonical Fibonacci form {} = {} and {} = {}",
        n(s),
        z(&zs),
        n(l),
        z(&zl)
    );
    let reduce_larger = |to_value: BigUint| {
        let mut to = piles.clone();
        to[li] = to_value.clone();
        WythoffMove {
            kind: Kind::Pile(li),
            take: l - &to_value,
            to,
        }
    };
    let describe_move = |m: &WythoffMove| -> String {
        let from = match m.kind {
            Kind::Pile(i) => crate::analysis::numbered("pile", i),
            Kind::Diagonal => "both piles".into(),
        };
        format!(
            "take {} from {from} → ({}, {})",
            n(&m.take),
            n(&m.to[0]),
            n(&m.to[1])
        )
    };
    let (case, winning_move) = match zs.lowest_position() {
        None if l.is_zero() => {
            text.push_str("; (0, 0) is a safe pair (case 0): no move is left");
            (Case::Safe, None)
        }
        None => {
            let m = reduce_larger(BigUint::zero());
            text.push_str(&format!(
                "; the smaller pile is 0, which the printed algorithm does not cover: reduce {} to 0, the safe pair (0, 0): {}",
                n(l),
                describe_move(&m)
            ));
            (Case::Zero, Some(m))
        }
        Some(p) if p % 2 == 1 => {
            let shift = zs.right_shift();
            let m = reduce_larger(shift.value());
            text.push_str(&format!(
                "; {} = {} is a B-number (rightmost one in odd position {p}; case 1): reduce {} to the right shift {} = {}: ({}, {}) is safe; {}",
                n(s),
                z(&zs),
                n(l),
                z(&shift),
                n(&m.to[li]),
                n(&m.to[li]),
                n(s),
                describe_move(&m)
            ));
            (Case::SmallerIsB, Some(m))
        }
        Some(p) => {
            let shift = zs.left_shift();
            if shift == zl {
                text.push_str(&format!(
                    "; {} is an A-number (rightmost one in even position {p}) and {} is its left shift: ({}, {}) is a safe pair (case 0): every move loses",
                    n(s),
                    n(l),
                    n(s),
                    n(l)
                ));
                (Case::Safe, None)
            } else {
                let shifted = shift.value();
                if *l > shifted {
                    let m = reduce_larger(shifted);
                    text.push_str(&format!(
                        "; {} is an A-number (rightmost one in even position {p}) with left shift {} = {}, less than {} (case 2): reduce {} to {}: ({}, {}) is safe; {}",
                        n(s),
                        z(&shift),
                        n(&m.to[li]),
                        n(l),
                        n(l),
                        n(&m.to[li]),
                        n(s),
                        n(&m.to[li]),
                        describe_move(&m)
                    ));
                    (Case::LargerAboveShift, Some(m))
                } else if s == l {
                    let m = WythoffMove {
                        kind: Kind::Diagonal,
                        take: s.clone(),
                        to: [BigUint::zero(), BigUint::zero()],
                    };
                    text.push_str(&format!(
                        "; {} is an A-number and the piles are equal, which the printed algorithm does not cover (case 3 needs the second canonical form of 0): take everything, to the safe pair (0, 0): {}",
                        n(s),
                        describe_move(&m)
                    ));
                    (Case::Equal, Some(m))
                } else {
                    let d = l - s;
                    // d ≥ 1, so the second canonical form exists.
                    let sc = Zeckendorf::second_canonical(&d).unwrap_or_default();
                    let za = sc.left_shift();
                    let zb = za.left_shift();
                    // b_d − a_d = d (Lemma 2): no second evaluation needed.
                    let a = za.value();
                    let b = &a + &d;
                    // Paper 001 derives the second canonical form from the
                    // canonical form of d − 1; shown when it fits on a line.
                    let before = if sc.positions().last().is_some_and(|&p| p <= SHOW) {
                        format!(
                            "canonical {} = {}, so ",
                            n(&(&d - 1u32)),
                            z(&Zeckendorf::canonical(&(&d - 1u32)))
                        )
                    } else {
                        String::new()
                    };
                    let mut to = piles.clone();
                    to[si] = a.clone();
                    to[li] = b.clone();
                    let m = WythoffMove {
                        kind: Kind::Diagonal,
                        take: s - &a,
                        to,
                    };
                    text.push_str(&format!(
                        "; {} is an A-number (rightmost one in even position {p}) with left shift {} = {} > {} (case 3): the difference is {}; {}the second canonical form of {} is {}; its left shifts {} = {} and {} = {} form the safe pair ({}, {}), reached by reducing both piles by {}; {}",
                        n(s),
                        z(&shift),
                        n(&shifted),
                        n(l),
                        n(&d),
                        before,
                        n(&d),
                        z(&sc),
                        z(&za),
                        n(&a),
                        z(&zb),
                        n(&b),
                        n(&a),
                        n(&b),
                        n(&m.take),
                        describe_move(&m)
                    ));
                    (Case::Difference, Some(m))
                }
            }
        }
    };
    Decision {
        case,
        winning_move,
        explanation: text,
    }
}

/// [`decide`] in the shape shared with the other theories.
///
/// ```
/// use num_bigint::BigUint;
/// let b = |n: u32| BigUint::from(n);
/// let p = takeaway::games::wythoff::theory::play(&[b(32), b(24)]);
/// assert_eq!(p.winning_move.unwrap().to, [b(20), b(12)]);
/// ```
pub fn play(piles: &Piles) -> Play {
    let d = decide(piles);
    Play {
        winning_move: d.winning_move,
        explanation: d.explanation,
    }
}
