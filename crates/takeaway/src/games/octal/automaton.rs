//! Finite automata that read tuples of natural numbers in binary: the
//! automatic relations of Büchi arithmetic, on which the arithmetic
//! periodicity certificate ([`super::arithmetic_certificate`]) decides its
//! induction step (the method of Walnut; Büchi, 1960; Bruyère, Hansel,
//! Michaux and Villemaire, 1994).
//!
//! Law (the encoding): an automaton of `k` *tracks* reads words over the
//! alphabet `{0,1}^k`; letter `ℓ` carries bit `t` of the word's `t`-th number
//! as its bit `t`. A word `w_0 w_1 … w_{L−1}` encodes the tuple `(x_0, …,
//! x_{k−1})` with `x_t = Σ_i bit_t(w_i) · 2^i`: least significant bit first,
//! all numbers read synchronously and padded with zeros to one length.
//! Every automaton here is a complete deterministic automaton (start state
//! `0`) whose language is *padding-invariant*: it accepts a word iff it
//! accepts the word followed by the all-zero letter. So it accepts either
//! every encoding of a tuple or none, and its *relation* `{ x : x's encodings
//! are accepted }` is well defined. The builders make such automata, and
//! every operation keeps the invariant:
//!
//! - [`Automaton::product`]: `R ∧ S`, `R ∨ S` (any boolean operation) on
//!   tracks placed where the caller says (a relation ignores the tracks it
//!   does not name);
//! - [`Automaton::complement`]: `¬R` (all tuples of naturals not in `R`);
//! - [`Automaton::project`]: `∃x_t R` for the dropped tracks, by subset
//!   construction, after closing acceptance under the zero-padding of the
//!   kept tracks (a witness for the dropped numbers may be longer than the
//!   kept ones: a state accepts when an accepting state is reachable by
//!   letters that are zero on the kept tracks);
//! - [`Automaton::minimize`]: the least complete automaton of the same
//!   language (Moore's partition refinement), minimal automata being unique.
//!
//! Every construction is bounded by a [`Budget`]: past `max_states` states it
//! stops with [`AutomatonError::TooLarge`], and it asks `cancelled` every few
//! thousand states ([`AutomatonError::Cancelled`]). Nothing here can hang.

use num_bigint::BigUint;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// The most tracks an automaton may have (its alphabet has `2^tracks`
/// letters).
pub const MAX_TRACKS: usize = 8;

/// States built between two looks at the cancellation test.
const POLL: usize = 1 << 12;

/// Why an automaton was not built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AutomatonError {
    /// A construction needed more states than the budget allows.
    #[error("an automaton grew past {limit} states")]
    TooLarge {
        /// The budget's `max_states`.
        limit: usize,
    },
    /// The budget's `cancelled` test said stop.
    #[error("cancelled")]
    Cancelled,
    /// More tracks than [`MAX_TRACKS`], or a track out of range.
    #[error("{tracks} tracks asked for; an automaton has at most {MAX_TRACKS}, each placed once")]
    Tracks {
        /// The number (or index) of tracks asked for.
        tracks: usize,
    },
    /// A modulus of 0 ([`Automaton::congruent`]).
    #[error("a modulus must be at least 1")]
    Modulus,
}

/// The bounds of a construction: at most `max_states` states in any
/// automaton built, and `cancelled` asked now and then.
///
/// ```
/// use takeaway::games::octal::automaton::{Automaton, AutomatonError, Budget};
/// let small = Budget { max_states: 2, cancelled: &|| false };
/// // x + y = z needs three states (carry 0, carry 1, dead).
/// assert_eq!(Automaton::add(&small).unwrap_err(), AutomatonError::TooLarge { limit: 2 });
/// let stop = Budget { max_states: 100, cancelled: &|| true };
/// assert!(Automaton::add(&stop).is_ok()); // too small to be asked
/// ```
#[derive(Clone, Copy)]
pub struct Budget<'a> {
    /// The most states any one automaton of the construction may have.
    pub max_states: usize,
    /// Asked every few thousand states; `true` stops the construction.
    pub cancelled: &'a dyn Fn() -> bool,
}

impl Budget<'_> {
    fn check(&self, states: usize) -> Result<(), AutomatonError> {
        if states > self.max_states {
            return Err(AutomatonError::TooLarge {
                limit: self.max_states,
            });
        }
        if states % POLL == POLL - 1 && (self.cancelled)() {
            return Err(AutomatonError::Cancelled);
        }
        Ok(())
    }
}

/// A complete deterministic automaton over `{0,1}^tracks`, start state `0`,
/// with a padding-invariant language (see the module law).
///
/// ```
/// use takeaway::games::octal::automaton::{Automaton, Budget};
/// let b = Budget { max_states: 1000, cancelled: &|| false };
/// let add = Automaton::add(&b).unwrap();
/// assert!(add.accepts(&[5, 9, 14]));
/// assert!(!add.accepts(&[5, 9, 13]));
/// // ∃y: x + y = z is x ≤ z.
/// let le = add.project(&[0, 2], &b).unwrap();
/// assert!(le.accepts(&[3, 3]) && le.accepts(&[3, 7]) && !le.accepts(&[4, 3]));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Automaton {
    tracks: usize,
    /// `next[q << tracks | letter]`.
    next: Vec<u32>,
    accept: Vec<bool>,
}

/// A boolean operation for [`Automaton::product`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `R ∧ S`.
    And,
    /// `R ∨ S`.
    Or,
    /// `R ∧ ¬S`.
    AndNot,
}

impl Op {
    fn apply(self, a: bool, b: bool) -> bool {
        match self {
            Op::And => a && b,
            Op::Or => a || b,
            Op::AndNot => a && !b,
        }
    }
}

impl Automaton {
    /// The automaton of the states reachable from `start` by `step` (`None`:
    /// the dead state), accepting where `accept` says. `step` and `accept`
    /// must describe a padding-invariant language (crate builders only).
    fn explore<S: Clone + Eq + Hash>(
        tracks: usize,
        start: S,
        step: impl Fn(&S, u32) -> Option<S>,
        accept: impl Fn(&S) -> bool,
        budget: &Budget<'_>,
    ) -> Result<Self, AutomatonError> {
        if tracks > MAX_TRACKS {
            return Err(AutomatonError::Tracks { tracks });
        }
        let letters = 1u32 << tracks;
        let mut ids: FxHashMap<S, u32> = FxHashMap::default();
        let mut queue: Vec<S> = vec![start.clone()];
        ids.insert(start, 0);
        let mut next: Vec<u32> = Vec::new();
        let mut accepting = Vec::new();
        const DEAD: u32 = u32::MAX;
        let mut i = 0;
        while i < queue.len() {
            let s = queue[i].clone();
            i += 1;
            accepting.push(accept(&s));
            for l in 0..letters {
                let t = match step(&s, l) {
                    None => DEAD,
                    Some(t) => {
                        if let Some(&id) = ids.get(&t) {
                            id
                        } else {
                            let id = queue.len() as u32;
                            budget.check(queue.len() + 1)?;
                            ids.insert(t.clone(), id);
                            queue.push(t);
                            id
                        }
                    }
                };
                next.push(t);
            }
        }
        let mut a = Automaton {
            tracks,
            next,
            accept: accepting,
        };
        if a.next.contains(&DEAD) {
            budget.check(a.accept.len() + 1)?;
            let dead = a.accept.len() as u32;
            for t in &mut a.next {
                if *t == DEAD {
                    *t = dead;
                }
            }
            a.next.extend(std::iter::repeat_n(dead, letters as usize));
            a.accept.push(false);
        }
        Ok(a)
    }

    /// The number of tracks (numbers in a tuple).
    pub fn tracks(&self) -> usize {
        self.tracks
    }

    /// The number of states (a dead state included).
    pub fn states(&self) -> usize {
        self.accept.len()
    }

    fn go(&self, q: u32, letter: u32) -> u32 {
        self.next[((q as usize) << self.tracks) | letter as usize]
    }

    /// Whether the tuple `x` (one number a track) is in the relation: the
    /// automaton is run on its shortest encoding.
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// let xor = Automaton::xor(&b).unwrap();
    /// assert!(xor.accepts(&[6, 3, 5]) && !xor.accepts(&[6, 3, 4]));
    /// ```
    pub fn accepts(&self, x: &[u64]) -> bool {
        let len = x.iter().map(|v| 64 - v.leading_zeros()).max().unwrap_or(0);
        let mut q = 0u32;
        for i in 0..len {
            let mut letter = 0u32;
            for (t, v) in x.iter().enumerate().take(self.tracks) {
                letter |= (((v >> i) & 1) as u32) << t;
            }
            q = self.go(q, letter);
        }
        self.accept[q as usize]
    }

    /// Whether the word `letters` (least significant first; bit `t` of a
    /// letter is track `t`'s bit) is accepted: [`Automaton::accepts`] on an
    /// encoding of one's choosing, e.g. padded with zero letters.
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// let add = Automaton::add(&b).unwrap();
    /// // 1 + 1 = 2: letters (x, y, z) = (1, 1, 0), (0, 0, 1), then padding.
    /// assert!(add.accepts_word(&[0b011, 0b100]) && add.accepts_word(&[0b011, 0b100, 0, 0]));
    /// ```
    pub fn accepts_word(&self, letters: &[u32]) -> bool {
        let mask = (1u32 << self.tracks) - 1;
        let q = letters.iter().fold(0u32, |q, &l| self.go(q, l & mask));
        self.accept[q as usize]
    }

    /// `Σ_t coeffs[t] · x_t = rhs` on `coeffs.len()` tracks (the carry
    /// construction: a state is the part of `rhs` still to be made by the
    /// bits not yet read, at most `max(|rhs|, Σ|coeffs|)` in size).
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// // 3x − 6y = 6: y = (x − 2) / 2 with x even.
    /// let line = Automaton::linear(&[3, -6], 6, &b).unwrap();
    /// assert!(line.accepts(&[10, 4]) && !line.accepts(&[11, 4]) && !line.accepts(&[10, 3]));
    /// ```
    pub fn linear(coeffs: &[i64], rhs: i64, budget: &Budget<'_>) -> Result<Self, AutomatonError> {
        let coeffs: Vec<i128> = coeffs.iter().map(|&c| i128::from(c)).collect();
        let tracks = coeffs.len();
        // Sums of coefficients for every letter.
        let sums: Vec<i128> = (0..1u32 << tracks.min(MAX_TRACKS))
            .map(|l| {
                (0..tracks)
                    .filter(|&t| l >> t & 1 == 1)
                    .map(|t| coeffs[t])
                    .sum()
            })
            .collect();
        Self::explore(
            tracks,
            i128::from(rhs),
            |&c, l| {
                let d = c - sums[l as usize];
                (d % 2 == 0).then_some(d / 2)
            },
            |&c| c == 0,
            budget,
        )
    }

    /// `x_0 + x_1 = x_2`.
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// assert!(Automaton::add(&b).unwrap().accepts(&[1, 1, 2]));
    /// ```
    pub fn add(budget: &Budget<'_>) -> Result<Self, AutomatonError> {
        Self::linear(&[1, 1, -1], 0, budget)
    }

    /// `x_0 ⊕ x_1 = x_2` (bitwise exclusive or, the nim-sum).
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// assert!(Automaton::xor(&b).unwrap().accepts(&[5, 1, 4]));
    /// ```
    pub fn xor(budget: &Budget<'_>) -> Result<Self, AutomatonError> {
        Self::explore(
            3,
            (),
            |_, l| ((l & 1) ^ (l >> 1 & 1) == l >> 2 & 1).then_some(()),
            |_| true,
            budget,
        )
    }

    /// `x_0 < x_1` (a state: how the bits read so far compare).
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// let lt = Automaton::less(&b).unwrap();
    /// assert!(lt.accepts(&[2, 5]) && !lt.accepts(&[5, 5]) && !lt.accepts(&[6, 5]));
    /// ```
    pub fn less(budget: &Budget<'_>) -> Result<Self, AutomatonError> {
        // -1: x < y on the bits read; 0 equal; 1 greater. A higher bit decides.
        Self::explore(
            2,
            0i8,
            |&c, l| {
                let (x, y) = (l & 1, l >> 1 & 1);
                Some(match x.cmp(&y) {
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Greater => 1,
                    std::cmp::Ordering::Equal => c,
                })
            },
            |&c| c < 0,
            budget,
        )
    }

    /// `x_0 ≠ x_1`.
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// let ne = Automaton::unequal(&b).unwrap();
    /// assert!(ne.accepts(&[2, 5]) && !ne.accepts(&[5, 5]));
    /// ```
    pub fn unequal(budget: &Budget<'_>) -> Result<Self, AutomatonError> {
        Ok(Self::linear(&[1, -1], 0, budget)?.complement())
    }

    /// `x_0 ≥ c`, one track (a state: the bits of `c` not yet read and how
    /// the bits read compare).
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// let ge = Automaton::at_least(5, &b).unwrap();
    /// assert!(ge.accepts(&[5]) && ge.accepts(&[8]) && !ge.accepts(&[4]));
    /// ```
    pub fn at_least(c: u64, budget: &Budget<'_>) -> Result<Self, AutomatonError> {
        Self::explore(
            1,
            (c, 0i8),
            |&(rest, cmp), l| {
                let (x, y) = (u64::from(l & 1), rest & 1);
                let cmp = match x.cmp(&y) {
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Greater => 1,
                    std::cmp::Ordering::Equal => cmp,
                };
                Some((rest >> 1, cmp))
            },
            |&(rest, cmp)| rest == 0 && cmp >= 0,
            budget,
        )
    }

    /// `x_0 ≡ r (mod m)`, one track, `m ≥ 1` (a state: `x mod m` so far and
    /// the next bit's weight mod `m`).
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// let odd6 = Automaton::congruent(6, 3, &b).unwrap();
    /// assert!(odd6.accepts(&[9]) && odd6.accepts(&[3]) && !odd6.accepts(&[4]));
    /// ```
    pub fn congruent(m: u64, r: u64, budget: &Budget<'_>) -> Result<Self, AutomatonError> {
        if m == 0 {
            return Err(AutomatonError::Modulus);
        }
        let m = u128::from(m);
        let r = u128::from(r) % m;
        Self::explore(
            1,
            (0u128, 1 % m),
            |&(acc, w), l| Some(((acc + u128::from(l & 1) * w) % m, (2 * w) % m)),
            |&(acc, _)| acc == r,
            budget,
        )
    }

    /// The automaton of every tuple on `tracks` tracks (`true`, one state).
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// assert!(Automaton::all(2, &b).unwrap().accepts(&[7, 0]));
    /// ```
    pub fn all(tracks: usize, budget: &Budget<'_>) -> Result<Self, AutomatonError> {
        Self::explore(tracks, (), |_, _| Some(()), |_| true, budget)
    }

    /// `¬R`: every tuple of naturals not in `R` (accepting states swapped).
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// let ge = Automaton::at_least(3, &b).unwrap();
    /// assert!(ge.complement().accepts(&[2]) && !ge.complement().accepts(&[3]));
    /// ```
    pub fn complement(&self) -> Self {
        Automaton {
            tracks: self.tracks,
            next: self.next.clone(),
            accept: self.accept.iter().map(|a| !a).collect(),
        }
    }

    /// `op(R(x_{a_tracks}), S(x_{b_tracks}))` on `tracks` tracks: `R`'s
    /// track `i` is the result's track `a_tracks[i]`, `S`'s track `i` is
    /// `b_tracks[i]`; each relation ignores the result's other tracks. The
    /// result is minimised.
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget, Op};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// // x < y ∧ y < z on (x, y, z).
    /// let lt = Automaton::less(&b).unwrap();
    /// let chain = Automaton::product(&lt, &[0, 1], &lt, &[1, 2], 3, Op::And, &b).unwrap();
    /// assert!(chain.accepts(&[1, 2, 3]) && !chain.accepts(&[1, 3, 2]));
    /// ```
    pub fn product(
        a: &Automaton,
        a_tracks: &[usize],
        b: &Automaton,
        b_tracks: &[usize],
        tracks: usize,
        op: Op,
        budget: &Budget<'_>,
    ) -> Result<Self, AutomatonError> {
        if tracks > MAX_TRACKS {
            return Err(AutomatonError::Tracks { tracks });
        }
        let gather = |m: &Automaton, map: &[usize]| -> Result<Vec<u32>, AutomatonError> {
            if map.len() != m.tracks || map.iter().any(|&t| t >= tracks) {
                return Err(AutomatonError::Tracks { tracks: map.len() });
            }
            Ok((0..1u32 << tracks)
                .map(|l| {
                    map.iter()
                        .enumerate()
                        .map(|(i, &t)| (l >> t & 1) << i)
                        .sum()
                })
                .collect())
        };
        let ga = gather(a, a_tracks)?;
        let gb = gather(b, b_tracks)?;
        let built = Self::explore(
            tracks,
            (0u32, 0u32),
            |&(p, q), l| Some((a.go(p, ga[l as usize]), b.go(q, gb[l as usize]))),
            |&(p, q)| op.apply(a.accept[p as usize], b.accept[q as usize]),
            budget,
        )?;
        Ok(built.minimize())
    }

    /// `∃ (the other tracks) R`: the relation on the tracks `keep` (the
    /// result's track `i` is this automaton's track `keep[i]`), by subset
    /// construction after the zero-padding closure (see the module law);
    /// minimised.
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 1000, cancelled: &|| false };
    /// // ∃x: x + x = y, i.e. y is even; the witness x is never longer than y.
    /// let double = Automaton::linear(&[2, -1], 0, &b).unwrap();
    /// let even = double.project(&[1], &b).unwrap();
    /// assert!(even.accepts(&[10]) && !even.accepts(&[7]));
    /// // ∃y: x + 8 = y: every x (the witness y is longer than x).
    /// let shift = Automaton::linear(&[1, -1], -8, &b).unwrap();
    /// assert!(shift.project(&[0], &b).unwrap().accepts(&[0]));
    /// ```
    pub fn project(&self, keep: &[usize], budget: &Budget<'_>) -> Result<Self, AutomatonError> {
        let k = self.tracks;
        if keep.len() > k || keep.iter().any(|&t| t >= k) {
            return Err(AutomatonError::Tracks { tracks: keep.len() });
        }
        let mut kept_mask = 0u32;
        for &t in keep {
            if kept_mask >> t & 1 == 1 {
                return Err(AutomatonError::Tracks { tracks: keep.len() });
            }
            kept_mask |= 1 << t;
        }
        let dropped: Vec<usize> = (0..k).filter(|&t| kept_mask >> t & 1 == 0).collect();
        // Every assignment of the dropped tracks, as letter bits.
        let fill: Vec<u32> = (0..1u32 << dropped.len())
            .map(|e| {
                dropped
                    .iter()
                    .enumerate()
                    .map(|(i, &t)| (e >> i & 1) << t)
                    .sum()
            })
            .collect();
        // The kept letters spread to this automaton's tracks.
        let spread: Vec<u32> = (0..1u32 << keep.len())
            .map(|l| {
                keep.iter()
                    .enumerate()
                    .map(|(i, &t)| (l >> i & 1) << t)
                    .sum()
            })
            .collect();
        // The zero-padding closure: states that reach acceptance by letters
        // zero on the kept tracks (backwards from the accepting states).
        let n = self.states();
        let mut back: Vec<Vec<u32>> = vec![Vec::new(); n];
        for q in 0..n as u32 {
            for &e in &fill {
                back[self.go(q, e) as usize].push(q);
            }
        }
        let mut closed = self.accept.clone();
        let mut stack: Vec<u32> = (0..n as u32).filter(|&q| closed[q as usize]).collect();
        while let Some(q) = stack.pop() {
            for &p in &back[q as usize] {
                if !closed[p as usize] {
                    closed[p as usize] = true;
                    stack.push(p);
                }
            }
        }
        drop(back);
        let built = Self::explore(
            keep.len(),
            vec![0u32],
            |set: &Vec<u32>, l| {
                let base = spread[l as usize];
                let mut out: Vec<u32> = Vec::with_capacity(set.len() * fill.len());
                for &q in set {
                    for &e in &fill {
                        out.push(self.go(q, base | e));
                    }
                }
                out.sort_unstable();
                out.dedup();
                Some(out)
            },
            |set| set.iter().any(|&q| closed[q as usize]),
            budget,
        )?;
        Ok(built.minimize())
    }

    /// The least complete automaton of the same language (Moore's partition
    /// refinement; every state of an automaton here is reachable).
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// // x ≡ 0 (mod 4) has states (residue, weight); minimal: 4 (the start,
    /// // one low zero read, then accepting or rejecting for good).
    /// assert_eq!(Automaton::congruent(4, 0, &b).unwrap().minimize().states(), 4);
    /// ```
    pub fn minimize(&self) -> Self {
        let n = self.states();
        let letters = 1usize << self.tracks;
        let mut class: Vec<u32> = self.accept.iter().map(|&a| u32::from(a)).collect();
        // Renumber so that the start state's class is 0.
        let mut count = renumber(&mut class);
        let mut sig: Vec<u32> = vec![0; n * (letters + 1)];
        loop {
            for q in 0..n {
                let row = &mut sig[q * (letters + 1)..(q + 1) * (letters + 1)];
                row[0] = class[q];
                for l in 0..letters {
                    row[l + 1] = class[self.next[q * letters + l] as usize];
                }
            }
            let mut ids: FxHashMap<&[u32], u32> = FxHashMap::default();
            let mut fresh: Vec<u32> = Vec::with_capacity(n);
            for q in 0..n {
                let key = &sig[q * (letters + 1)..(q + 1) * (letters + 1)];
                let next_id = ids.len() as u32;
                fresh.push(*ids.entry(key).or_insert(next_id));
            }
            let now = ids.len();
            drop(ids);
            class = fresh;
            if now == count {
                break;
            }
            count = now;
        }
        let mut next = vec![0u32; count * letters];
        let mut accept = vec![false; count];
        for q in 0..n {
            let c = class[q] as usize;
            accept[c] = self.accept[q];
            for l in 0..letters {
                next[c * letters + l] = class[self.next[q * letters + l] as usize];
            }
        }
        Automaton {
            tracks: self.tracks,
            next,
            accept,
        }
    }

    /// Whether the relation is empty (no accepting state is reachable).
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget, Op};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// let lt = Automaton::less(&b).unwrap();
    /// // x < y ∧ y < x: empty.
    /// assert!(Automaton::product(&lt, &[0, 1], &lt, &[1, 0], 2, Op::And, &b).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.reach_distances()
            .iter()
            .enumerate()
            .all(|(q, d)| d.is_none() || !self.accept[q])
    }

    /// Breadth-first distances from the start by the letters `0` and `1`
    /// (track 0 only; the others zero).
    fn distances_track0(&self) -> Vec<Option<usize>> {
        self.bfs(&[0, 1.min((1u32 << self.tracks) - 1)])
    }

    fn reach_distances(&self) -> Vec<Option<usize>> {
        let all: Vec<u32> = (0..1u32 << self.tracks).collect();
        self.bfs(&all)
    }

    fn bfs(&self, letters: &[u32]) -> Vec<Option<usize>> {
        let mut dist = vec![None; self.states()];
        dist[0] = Some(0);
        let mut queue = std::collections::VecDeque::from([0u32]);
        while let Some(q) = queue.pop_front() {
            let d = dist[q as usize].unwrap_or(0);
            for &l in letters {
                let t = self.go(q, l) as usize;
                if dist[t].is_none() {
                    dist[t] = Some(d + 1);
                    queue.push_back(t as u32);
                }
            }
        }
        dist
    }

    /// The least `x_0` of an accepted tuple whose other numbers are all `0`
    /// (for a one-track automaton: the least number of the relation); `None`
    /// when there is none. A shortest accepted word has the least number's
    /// length (padding invariance), and its bits are chosen from the most
    /// significant down, each as small as still leads to acceptance.
    ///
    /// ```
    /// use takeaway::games::octal::automaton::{Automaton, Budget, Op};
    /// let b = Budget { max_states: 100, cancelled: &|| false };
    /// let ge = Automaton::at_least(11, &b).unwrap();
    /// let odd = Automaton::congruent(2, 1, &b).unwrap();
    /// let both = Automaton::product(&ge, &[0], &odd, &[0], 1, Op::And, &b).unwrap();
    /// assert_eq!(both.least(), Some(11u32.into()));
    /// let even = Automaton::congruent(2, 0, &b).unwrap();
    /// let both = Automaton::product(&ge, &[0], &even, &[0], 1, Op::And, &b).unwrap();
    /// assert_eq!(both.least(), Some(12u32.into()));
    /// assert_eq!(Automaton::product(&odd, &[0], &even, &[0], 1, Op::And, &b).unwrap().least(), None);
    /// ```
    pub fn least(&self) -> Option<BigUint> {
        let dist = self.distances_track0();
        let len = (0..self.states())
            .filter(|&q| self.accept[q])
            .filter_map(|q| dist[q])
            .min()?;
        let n = self.states();
        let letters = [0u32, 1.min((1u32 << self.tracks) - 1)];
        // reach[t][q]: q is reached from the start by some word of length t.
        let mut reach: Vec<Vec<bool>> = Vec::with_capacity(len + 1);
        let mut now = vec![false; n];
        now[0] = true;
        for _ in 0..len {
            let mut after = vec![false; n];
            for q in (0..n).filter(|&q| now[q]) {
                for &l in &letters {
                    after[self.go(q as u32, l) as usize] = true;
                }
            }
            reach.push(std::mem::replace(&mut now, after));
        }
        // From the most significant bit down: the states allowed at step t.
        let mut allowed = self.accept.clone();
        let mut bits = vec![0u8; len];
        for t in (0..len).rev() {
            for (b, &l) in letters.iter().enumerate() {
                let before: Vec<bool> = (0..n)
                    .map(|q| reach[t][q] && allowed[self.go(q as u32, l) as usize])
                    .collect();
                if before.iter().any(|&x| x) {
                    bits[t] = b as u8;
                    allowed = before;
                    break;
                }
            }
        }
        let mut x = BigUint::default();
        for (i, &b) in bits.iter().enumerate() {
            if b == 1 {
                x.set_bit(i as u64, true);
            }
        }
        Some(x)
    }
}

/// Renumbers `class` by first occurrence (so `class[0] = 0`); the count.
fn renumber(class: &mut [u32]) -> usize {
    let mut ids: FxHashMap<u32, u32> = FxHashMap::default();
    for c in class.iter_mut() {
        let next = ids.len() as u32;
        *c = *ids.entry(*c).or_insert(next);
    }
    ids.len()
}
