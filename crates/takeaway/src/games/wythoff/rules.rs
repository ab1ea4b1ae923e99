//! The rules of Wythoff's Nim (paper 001, introduction): two piles; a move
//! takes any positive number of counters from one pile, or the same positive
//! number from both; the player who makes the last move wins.
//!
//! Law: [`is_legal_move`]`(from, to)` holds exactly when `to` is one of the
//! positions [`WythoffMove::apply`] can produce from `from`.

use crate::analysis::Move;
use num_bigint::BigUint;
use num_traits::Zero;

/// A position: the two piles, in the order the player gave them.
pub type Piles = [BigUint; 2];

/// Which counters a move removes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `take` counters from pile `0` or `1` (indices into the piles as given).
    Pile(usize),
    /// `take` counters from each pile.
    Diagonal,
}

/// One move of Wythoff's Nim together with the position it leads to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WythoffMove {
    /// From one pile or from both.
    pub kind: Kind,
    /// Counters removed (from each pile, for a diagonal move); always positive.
    pub take: BigUint,
    /// The piles after the move, in the order given.
    pub to: Piles,
}

impl WythoffMove {
    /// The move from `from` to `to`, if it is legal.
    ///
    /// Law: `WythoffMove::between(f, t).is_some() == is_legal_move(f, t)`.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use takeaway::games::wythoff::rules::{Kind, WythoffMove};
    /// let b = |n: u32| BigUint::from(n);
    /// let m = WythoffMove::between(&[b(24), b(32)], &[b(12), b(20)]).unwrap();
    /// assert_eq!((m.kind, m.take), (Kind::Diagonal, b(12)));
    /// assert!(WythoffMove::between(&[b(24), b(32)], &[b(12), b(21)]).is_none());
    /// ```
    pub fn between(from: &Piles, to: &Piles) -> Option<WythoffMove> {
        let [a, b] = from;
        let [c, d] = to;
        if c > a || d > b {
            return None;
        }
        let (ta, tb) = (a - c, b - d);
        let kind = match (ta.is_zero(), tb.is_zero()) {
            (true, true) => return None,
            (false, true) => Kind::Pile(0),
            (true, false) => Kind::Pile(1),
            (false, false) if ta == tb => Kind::Diagonal,
            (false, false) => return None,
        };
        let take = if ta.is_zero() { tb } else { ta };
        Some(WythoffMove {
            kind,
            take,
            to: to.clone(),
        })
    }

    /// Replays the move on `from`; `None` if it takes more than a pile holds
    /// or `take` is zero.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use takeaway::games::wythoff::rules::{Kind, WythoffMove};
    /// let b = |n: u32| BigUint::from(n);
    /// let m = WythoffMove { kind: Kind::Pile(1), take: b(5), to: [b(10), b(10)] };
    /// assert_eq!(m.apply(&[b(10), b(15)]), Some([b(10), b(10)]));
    /// ```
    pub fn apply(&self, from: &Piles) -> Option<Piles> {
        if self.take.is_zero() {
            return None;
        }
        let [a, b] = from;
        let sub = |p: &BigUint| (p >= &self.take).then(|| p - &self.take);
        match self.kind {
            Kind::Pile(0) => Some([sub(a)?, b.clone()]),
            Kind::Pile(1) => Some([a.clone(), sub(b)?]),
            Kind::Pile(_) => None,
            Kind::Diagonal => Some([sub(a)?, sub(b)?]),
        }
    }

    /// The move in the command-line contract's terms: `take`, `pile` (absent
    /// for a diagonal move, which sets `diagonal`), `to`.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use takeaway::games::wythoff::rules::{Kind, WythoffMove};
    /// let b = |n: u32| BigUint::from(n);
    /// let m = WythoffMove { kind: Kind::Diagonal, take: b(12), to: [b(12), b(20)] };
    /// let c = m.to_contract();
    /// assert!(c.diagonal && c.pile.is_none());
    /// ```
    pub fn to_contract(&self) -> Move {
        Move {
            take: Some(self.take.clone()),
            pile: match self.kind {
                Kind::Pile(i) => Some(i),
                Kind::Diagonal => None,
            },
            to: self.to.to_vec(),
            diagonal: self.kind == Kind::Diagonal,
            ..Move::default()
        }
    }
}

/// Whether one move of Wythoff's Nim leads from `from` to `to`.
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::wythoff::rules::is_legal_move;
/// let b = |n: u32| BigUint::from(n);
/// assert!(is_legal_move(&[b(10), b(15)], &[b(10), b(6)]));
/// assert!(is_legal_move(&[b(10), b(15)], &[b(4), b(9)]));
/// assert!(!is_legal_move(&[b(10), b(15)], &[b(10), b(15)]));
/// assert!(!is_legal_move(&[b(10), b(15)], &[b(9), b(13)]));
/// ```
pub fn is_legal_move(from: &Piles, to: &Piles) -> bool {
    WythoffMove::between(from, to).is_some()
}

/// Every move from `(a, b)` on machine-sized piles, as target positions:
/// `a + b + min(a, b)` of them.
///
/// ```
/// use takeaway::games::wythoff::rules::options;
/// let mut v: Vec<(u64, u64)> = options(1, 2).collect();
/// v.sort();
/// assert_eq!(v, vec![(0, 1), (0, 2), (1, 0), (1, 1)]);
/// ```
pub fn options(a: u64, b: u64) -> impl Iterator<Item = (u64, u64)> {
    let rows = (0..a).map(move |x| (x, b));
    let cols = (0..b).map(move |y| (a, y));
    let diag = (1..=a.min(b)).map(move |t| (a - t, b - t));
    rows.chain(cols).chain(diag)
}
