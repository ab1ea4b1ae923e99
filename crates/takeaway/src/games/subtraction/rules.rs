//! The rules of a subtraction game: which amounts `s` may be taken from one pile.
//!
//! Law: a move from pile `n` takes `s` with `s ∈ S` and `s ≤ n`; the last
//! player able to move wins (normal play) unless the game is misère.

use num_bigint::BigUint;

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
    /// use takeaway::games::subtraction::rules::SubtractionSet;
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
    /// use takeaway::games::subtraction::rules::SubtractionSet;
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
    /// use takeaway::games::subtraction::rules::SubtractionSet;
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
    /// use takeaway::games::subtraction::rules::SubtractionSet;
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
    /// use takeaway::games::subtraction::rules::SubtractionSet;
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
    /// use takeaway::games::subtraction::rules::SubtractionSet;
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
    /// use takeaway::games::subtraction::rules::SubtractionSet;
    /// assert!(!SubtractionSet::All.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The elements as machine indices, when there are at most `cap` of them.
    ///
    /// ```
    /// use takeaway::games::subtraction::rules::SubtractionSet;
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
