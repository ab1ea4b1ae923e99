//! The rules of a subtraction game: which amounts `s` may be taken from one pile.
//!
//! Law: a move from pile `n` takes `s` with `s ∈ S` and `s ≤ n`; the last
//! player able to move wins (normal play) unless the game is misère.
//!
//! Subtraction games (and Nim) as typed rules for the engine, written once
//! over [`Nat`]: take `s ∈ S` with `s ≤` the pile from one pile.
//!
//! Law: the piles are a multiset ([`Rules::key`] sorts them).

use crate::engine::nat::each_take;
use crate::engine::{Estimate, Nat, Rules};
use crate::games::error::GameError;
use crate::games::error::Illegal;
use crate::games::error::{MoveKind, PileCount};
use crate::games::shared::{Take, no_pile, take_from_each};
use crate::games::subtraction::error::SubtractionIllegal;
use crate::games::wire::{PlayMove, Position, Wire, nats, no_bound, no_call, take_only, wire_take};
use num_bigint::BigUint;
use std::ops::ControlFlow;

/// The subtraction set `S`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubtractionSet {
    /// Every positive amount: plain Nim (Bouton).
    All,
    /// A finite set, sorted ascending, distinct, every element ≥ 1, non-empty.
    Finite(Vec<u64>),
    /// One Pile with Min..Max (paper 004): `S = {min, ..., max}`, `1 ≤ min ≤ max`.
    Range {
        /// Smallest amount a move may take.
        min: u64,
        /// Largest amount a move may take.
        max: u64,
    },
}

impl SubtractionSet {
    /// A finite set from any list of positive amounts (sorted, duplicates dropped);
    /// `None` when the list is empty or contains 0.
    ///
    /// ```
    /// use takeaway::games::subtraction::game::SubtractionSet;
    /// let s = SubtractionSet::finite(&[4, 1, 3, 3]).unwrap();
    /// assert_eq!(s, SubtractionSet::Finite(vec![1, 3, 4]));
    /// assert!(SubtractionSet::finite(&[]).is_none());
    /// assert!(SubtractionSet::finite(&[0, 1]).is_none());
    /// ```
    pub fn finite(elements: &[u64]) -> Option<Self> {
        if elements.is_empty() || elements.contains(&0) {
            return None;
        }
        let mut v = elements.to_vec();
        v.sort_unstable();
        v.dedup();
        Some(SubtractionSet::Finite(v))
    }

    /// Whether taking `s` is allowed by the set (ignoring the pile size).
    ///
    /// ```
    /// use takeaway::games::subtraction::game::SubtractionSet;
    /// let s = SubtractionSet::Range { min: 3, max: 5 };
    /// assert!(s.contains(4) && !s.contains(2) && !s.contains(6));
    /// assert!(SubtractionSet::All.contains(7) && !SubtractionSet::All.contains(0));
    /// ```
    pub fn contains(&self, s: u64) -> bool {
        match self {
            SubtractionSet::All => s >= 1,
            SubtractionSet::Finite(v) => v.binary_search(&s).is_ok(),
            SubtractionSet::Range { min, max } => (*min..=*max).contains(&s),
        }
    }

    /// Whether taking `take` from `pile` is a legal move: `take ∈ S` and `take ≤ pile`.
    ///
    /// ```
    /// use num_bigint::BigUint;
    /// use takeaway::games::subtraction::game::SubtractionSet;
    /// let s = SubtractionSet::finite(&[1, 3, 4]).unwrap();
    /// assert!(s.is_legal(&BigUint::from(3u8), &BigUint::from(3u8)));
    /// assert!(!s.is_legal(&BigUint::from(2u8), &BigUint::from(3u8)));
    /// assert!(!s.is_legal(&BigUint::from(9u8), &BigUint::from(2u8)));
    /// ```
    pub fn is_legal(&self, pile: &BigUint, take: &BigUint) -> bool {
        if take > pile {
            return false;
        }
        match self {
            SubtractionSet::All => *take >= BigUint::from(1u8),
            _ => u64::try_from(take).is_ok_and(|t| self.contains(t)),
        }
    }

    /// The largest element, `None` for Nim (no maximum).
    ///
    /// ```
    /// use takeaway::games::subtraction::game::SubtractionSet;
    /// assert_eq!(SubtractionSet::finite(&[2, 5, 6]).unwrap().max(), Some(6));
    /// assert_eq!(SubtractionSet::All.max(), None);
    /// ```
    pub fn max(&self) -> Option<u64> {
        match self {
            SubtractionSet::All => None,
            SubtractionSet::Finite(v) => v.last().copied(),
            SubtractionSet::Range { max, .. } => Some(*max),
        }
    }

    /// The smallest element (1 for Nim).
    ///
    /// ```
    /// use takeaway::games::subtraction::game::SubtractionSet;
    /// assert_eq!(SubtractionSet::Range { min: 3, max: 5 }.min(), 3);
    /// ```
    pub fn min(&self) -> u64 {
        match self {
            SubtractionSet::All => 1,
            SubtractionSet::Finite(v) => v.first().copied().unwrap_or(1),
            SubtractionSet::Range { min, .. } => *min,
        }
    }

    /// Number of elements of a finite set or range (`None` for Nim).
    ///
    /// ```
    /// use takeaway::games::subtraction::game::SubtractionSet;
    /// assert_eq!(SubtractionSet::Range { min: 3, max: 5 }.len(), Some(3));
    /// ```
    pub fn len(&self) -> Option<u64> {
        match self {
            SubtractionSet::All => None,
            SubtractionSet::Finite(v) => Some(v.len() as u64),
            SubtractionSet::Range { min, max } => Some(max - min + 1),
        }
    }

    /// Never true: a subtraction set is never empty (kept for clippy's `len` rule).
    ///
    /// ```
    /// use takeaway::games::subtraction::game::SubtractionSet;
    /// assert!(!SubtractionSet::All.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The elements as machine indices, when there are at most `cap` of them.
    ///
    /// ```
    /// use takeaway::games::subtraction::game::SubtractionSet;
    /// assert_eq!(SubtractionSet::Range { min: 3, max: 5 }.elements(10), Some(vec![3, 4, 5]));
    /// assert_eq!(SubtractionSet::All.elements(10), None);
    /// ```
    pub fn elements(&self, cap: u64) -> Option<Vec<usize>> {
        let n = self.len()?;
        if n > cap {
            return None;
        }
        match self {
            SubtractionSet::All => None,
            SubtractionSet::Finite(v) => v.iter().map(|&s| usize::try_from(s).ok()).collect(),
            SubtractionSet::Range { min, max } => {
                (*min..=*max).map(|s| usize::try_from(s).ok()).collect()
            }
        }
    }
}

impl std::fmt::Display for SubtractionSet {
    /// The set in spec notation: `s=1,3,4`, `min=3:max=5`, or `all`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SubtractionSet::All => write!(f, "all"),
            SubtractionSet::Finite(v) => {
                let parts: Vec<String> = v.iter().map(u64::to_string).collect();
                write!(f, "s={}", parts.join(","))
            }
            SubtractionSet::Range { min, max } => write!(f, "min={min}:max={max}"),
        }
    }
}

/// The rules of the subtraction game with set `S` on numbers `N`; a position
/// is the piles.
///
/// ```
/// use takeaway::engine::{Convention, Limits, Solver};
/// use takeaway::games::subtraction::game::SubtractionRules;
/// use takeaway::games::subtraction::game::SubtractionSet;
/// use takeaway::analysis::Outcome;
/// let set = SubtractionSet::finite(&[1, 3, 4]).unwrap();
/// let rules = SubtractionRules::<u64>::new(&set);
/// let mut s = Solver::new(&rules, Convention::Normal, Limits::strict());
/// // S = {1, 3, 4}: the P-positions are n ≡ 0, 2 (mod 7) (Berlekamp–Conway–Guy).
/// assert_eq!(s.solve(&vec![9]).unwrap().outcome, Outcome::P);
/// assert_eq!(s.solve(&vec![10]).unwrap().outcome, Outcome::N);
/// ```
#[derive(Debug, Clone)]
pub struct SubtractionRules<'s, N> {
    set: &'s SubtractionSet,
    _n: std::marker::PhantomData<N>,
}

impl<'s, N: Nat> SubtractionRules<'s, N> {
    /// The rules with subtraction set `set`.
    pub fn new(set: &'s SubtractionSet) -> Self {
        SubtractionRules {
            set,
            _n: std::marker::PhantomData,
        }
    }
}

/// The set in words, for error messages.
fn describe(set: &SubtractionSet) -> String {
    match set {
        SubtractionSet::All => "any positive number".into(),
        SubtractionSet::Finite(v) => {
            let items: Vec<String> = v.iter().map(u64::to_string).collect();
            format!("one of {{{}}}", items.join(", "))
        }
        SubtractionSet::Range { min, max } => format!("between {min} and {max}"),
    }
}

impl<N: Nat> Rules for SubtractionRules<'_, N> {
    type Position = Vec<N>;
    type Move = Take<N>;
    type Error = GameError;

    /// Smallest amount first, then by pile.
    fn moves(
        &self,
        pos: &Vec<N>,
        out: &mut dyn FnMut(Take<N>) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        let Some(largest) = pos.iter().max() else {
            return Ok(());
        };
        let mut each = |t: N| take_from_each(pos, &t, out);
        match self.set {
            SubtractionSet::All => {
                let _ = each_take(largest, &mut each);
            }
            SubtractionSet::Finite(v) => {
                for &s in v {
                    let s = N::from_u64(s);
                    if &s > largest || each(s).is_break() {
                        break;
                    }
                }
            }
            SubtractionSet::Range { min, max } => {
                for s in *min..=*max {
                    let s = N::from_u64(s);
                    if &s > largest || each(s).is_break() {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    fn apply(&self, pos: &Vec<N>, mv: &Take<N>) -> Result<Vec<N>, GameError> {
        let p = pos
            .get(mv.pile)
            .ok_or_else(|| no_pile(mv.pile, pos.len()))?;
        if mv.take > *p {
            return Err(Illegal::PileHasOnly {
                pile: mv.pile,
                has: p.to_big(),
            }
            .into());
        }
        let allowed = match self.set {
            SubtractionSet::All => !mv.take.is_zero(),
            _ => mv.take.to_u64().is_some_and(|t| self.set.contains(t)),
        };
        if !allowed {
            return Err(SubtractionIllegal::NotInSet {
                allowed: describe(self.set),
            }
            .into());
        }
        let mut next = pos.clone();
        next[mv.pile] = p.sub(&mv.take).unwrap_or_else(N::zero);
        Ok(next)
    }

    fn estimate(&self, pos: &Vec<N>) -> Estimate {
        let piles: Vec<u64> = pos.iter().map(|p| p.to_u64().unwrap_or(u64::MAX)).collect();
        let largest = piles.iter().copied().max().unwrap_or(0);
        let cells = Estimate::multisets(&piles);
        let amounts = self.set.len().unwrap_or(largest).min(largest).max(1);
        let k = pos.len() as u64;
        Estimate::search(
            cells,
            amounts.saturating_mul(k),
            k.saturating_mul(8).saturating_add(40),
        )
    }

    fn key(&self, pos: &Vec<N>) -> Vec<N> {
        let mut piles = pos.clone();
        piles.sort_unstable();
        piles
    }
}

impl<N: Nat> Wire for SubtractionRules<'_, N> {
    fn name(&self) -> &'static str {
        "a subtraction game"
    }

    fn position(&self, pos: &Position) -> Result<Vec<N>, GameError> {
        no_call(self.name(), pos)?;
        no_bound(self.name(), pos)?;
        if pos.piles.is_empty() {
            return Err(PileCount::SubtractionNoPile.into());
        }
        nats(&pos.piles)
    }

    fn to_wire(&self, pos: &Vec<N>) -> Position {
        Position::new(pos.iter().map(Nat::to_big).collect(), None)
    }

    fn step(&self, mv: &PlayMove) -> Result<Take<N>, GameError> {
        take_only(mv, MoveKind::Subtraction)
    }

    fn play_move(&self, mv: &Take<N>) -> PlayMove {
        wire_take(mv)
    }
}
