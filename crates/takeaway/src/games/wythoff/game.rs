//! The rules of Wythoff's Nim (paper 001, introduction): two piles; a move
//! takes any positive number of counters from one pile, or the same positive
//! number from both; the player who makes the last move wins.
//!
//! Law: [`WythoffMove::between`]`(from, to)` is a move exactly when `to` is
//! one of the positions [`WythoffMove::apply`] can produce from `from`.
//!
//! Wythoff's Nim as typed rules for the engine, written once over [`Nat`]:
//! two piles; take any positive number from one pile, or the same positive
//! number from both.
//!
//! Law: the two piles are interchangeable ([`Rules::key`] sorts them).

use crate::analysis::Move;
use crate::engine::nat::each_take;
use crate::engine::{Estimate, Nat, Rules};
use crate::games::error::GameError;
use crate::games::error::Illegal;
use crate::games::error::{MoveKind, PileCount};
use crate::games::shared::{check_take, no_pile};
use crate::games::wire::{PlayMove, Position, Wire, nat, no_bound, no_call};
use crate::games::wythoff::error::WythoffIllegal;
use num_bigint::BigUint;
use std::ops::ControlFlow;

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
    /// Law: `Some(m)` exactly when one move leads from `from` to `to`, and
    /// then `m.apply(from) == Some(to)`.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use takeaway::games::wythoff::game::{Kind, WythoffMove};
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
    /// use takeaway::games::wythoff::game::{Kind, WythoffMove};
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
    /// use takeaway::games::wythoff::game::{Kind, WythoffMove};
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

/// Every move from `(a, b)` on machine-sized piles, as target positions:
/// `a + b + min(a, b)` of them.
///
/// ```
/// use takeaway::games::wythoff::game::options;
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

/// A move of Wythoff's Nim.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum WythoffStep<N> {
    /// Take `take` from pile `pile` (0 or 1).
    Take {
        /// Index of the pile, 0-based.
        pile: usize,
        /// Counters taken.
        take: N,
    },
    /// Take `take` from both piles.
    Both {
        /// Counters taken from each pile.
        take: N,
    },
}

/// The rules of Wythoff's Nim on numbers `N`; a position is the two piles.
///
/// ```
/// use takeaway::engine::{Convention, Limits, Rules, Solver};
/// use takeaway::games::wythoff::game::{WythoffRules, WythoffStep};
/// use takeaway::analysis::Outcome;
/// let rules = WythoffRules::<u64>::default();
/// assert_eq!(rules.apply(&[3, 5], &WythoffStep::Both { take: 2 }).unwrap(), [1, 3]);
/// // (3, 5) is the second safe pair (paper 001).
/// let mut s = Solver::new(&rules, Convention::Normal, Limits::strict());
/// assert_eq!(s.solve(&[3, 5]).unwrap().outcome, Outcome::P);
/// ```
#[derive(Debug, Clone)]
pub struct WythoffRules<N> {
    _n: std::marker::PhantomData<N>,
}

impl<N> Default for WythoffRules<N> {
    fn default() -> Self {
        WythoffRules {
            _n: std::marker::PhantomData,
        }
    }
}

impl<N: Nat> Rules for WythoffRules<N> {
    type Position = [N; 2];
    type Move = WythoffStep<N>;
    type Error = GameError;

    /// Smallest take first: from pile 1, from pile 2, from both.
    fn moves(
        &self,
        pos: &[N; 2],
        out: &mut dyn FnMut(WythoffStep<N>) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        let largest = (&pos[0]).max(&pos[1]);
        let _ = each_take(largest, &mut |t| {
            for (pile, p) in pos.iter().enumerate() {
                if &t <= p {
                    out(WythoffStep::Take {
                        pile,
                        take: t.clone(),
                    })?;
                }
            }
            if t <= pos[0] && t <= pos[1] {
                out(WythoffStep::Both { take: t })?;
            }
            ControlFlow::Continue(())
        });
        Ok(())
    }

    fn apply(&self, pos: &[N; 2], mv: &WythoffStep<N>) -> Result<[N; 2], GameError> {
        match mv {
            WythoffStep::Take { pile, take } => {
                let p = pos.get(*pile).ok_or_else(|| no_pile(*pile, 2))?;
                check_take(take, p, None)?;
                let rest = p.sub(take).unwrap_or_else(N::zero);
                let mut next = pos.clone();
                next[*pile] = rest;
                Ok(next)
            }
            WythoffStep::Both { take } => {
                let small = (&pos[0]).min(&pos[1]);
                match (pos[0].sub(take), pos[1].sub(take)) {
                    (Some(a), Some(b)) if !take.is_zero() => Ok([a, b]),
                    _ => Err(WythoffIllegal::BothAtMost {
                        small: small.to_big(),
                    }
                    .into()),
                }
            }
        }
    }

    /// Exactly the engine's work: the keys below the sorted position `(x,
    /// y)`, `x ≤ y`, are the pairs `a ≤ b` with `a ≤ x`, `b ≤ y`; the key
    /// `(a, b)` is one position and `2a + b` move checks, so the work is
    /// `Σ_{a ≤ x} Σ_{a ≤ b ≤ y} (1 + 2a + b)`
    /// `= [(x + 1)(y + 1)(y + 2) + (4y + 3)·x(x + 1)/2 − 5·x(x + 1)(2x + 1)/6] / 2`
    /// (the sum over `b` is `(y + 1 − a)(y + 2 + 5a)/2`); the dense memo
    /// holds the indices up to `y(y + 1)/2 + x`, 8 bytes each.
    ///
    /// ```
    /// use takeaway::engine::Rules;
    /// use takeaway::games::wythoff::game::WythoffRules;
    /// let rules = WythoffRules::<u64>::default();
    /// // (1, 1): keys (0, 0) with no move, (0, 1) with 1, (1, 1) with 3: 3 + 4 = 7.
    /// assert_eq!(rules.estimate(&[1, 1]).states, 7);
    /// // Either order; (50, 50): 1,326 keys and 88,400 move checks (the
    /// // engine's count, measured: BENCHMARKS.md).
    /// assert_eq!(rules.estimate(&[50, 50]).states, 89_726);
    /// assert_eq!(rules.estimate(&[3, 9]), rules.estimate(&[9, 3]));
    /// assert_eq!(rules.estimate(&[u64::MAX, 2]).states, u64::MAX);
    /// ```
    fn estimate(&self, pos: &[N; 2]) -> Estimate {
        let a = pos[0].to_u64().unwrap_or(u64::MAX);
        let b = pos[1].to_u64().unwrap_or(u64::MAX);
        let (x, y) = (u128::from(a.min(b)), u128::from(a.max(b)));
        // Past 2^40 the products below could pass u128: far beyond any limit.
        if y >= 1 << 40 {
            return Estimate {
                states: u64::MAX,
                bytes: u64::MAX,
            };
        }
        let work = ((x + 1) * (y + 1) * (y + 2) + (4 * y + 3) * x * (x + 1) / 2
            - 5 * x * (x + 1) * (2 * x + 1) / 6)
            / 2;
        let cells = y * (y + 1) / 2 + x + 1;
        Estimate {
            states: u64::try_from(work).unwrap_or(u64::MAX),
            bytes: u64::try_from(cells * 8).unwrap_or(u64::MAX),
        }
    }

    /// `y(y + 1)/2 + x` for the sorted key `[x, y]`, `x ≤ y`.
    fn index(&self, key: &[N; 2]) -> Option<usize> {
        let x = usize::try_from(key[0].to_u64()?).ok()?;
        let y = usize::try_from(key[1].to_u64()?).ok()?;
        y.checked_mul(y.checked_add(1)?)?
            .checked_div(2)?
            .checked_add(x)
    }

    fn key(&self, pos: &[N; 2]) -> [N; 2] {
        if pos[0] <= pos[1] {
            pos.clone()
        } else {
            [pos[1].clone(), pos[0].clone()]
        }
    }
}

impl<N: Nat> Wire for WythoffRules<N> {
    fn name(&self) -> &'static str {
        "Wythoff's Nim"
    }

    fn position(&self, pos: &Position) -> Result<[N; 2], GameError> {
        no_call(self.name(), pos)?;
        no_bound(self.name(), pos)?;
        match pos.piles.as_slice() {
            [a, b] => Ok([nat(a)?, nat(b)?]),
            other => Err(PileCount::Wythoff { got: other.len() }.into()),
        }
    }

    fn to_wire(&self, pos: &[N; 2]) -> Position {
        Position::new(pos.iter().map(Nat::to_big).collect(), None)
    }

    fn step(&self, mv: &PlayMove) -> Result<WythoffStep<N>, GameError> {
        match mv {
            PlayMove::Take { pile, take } => Ok(WythoffStep::Take {
                pile: *pile,
                take: nat(take)?,
            }),
            PlayMove::Both { take } => Ok(WythoffStep::Both { take: nat(take)? }),
            _ => Err(Illegal::Kind(MoveKind::Wythoff).into()),
        }
    }

    fn play_move(&self, mv: &WythoffStep<N>) -> PlayMove {
        match mv {
            WythoffStep::Take { pile, take } => PlayMove::Take {
                pile: *pile,
                take: take.to_big(),
            },
            WythoffStep::Both { take } => PlayMove::Both {
                take: take.to_big(),
            },
        }
    }
}
