//! The exact check of a candidate: does the candidate automaton answer
//! every sum of heaps `1..=N` correctly? A finite search, because what the
//! misère rule needs of a sum `G` is finite (the *verification state*).
//!
//! Let `δ` be a candidate automaton whose transitions commute
//! (`δ(δ(s, h), j) = δ(δ(s, j), h)`), so `Φ(G) = δ*(1, G)` does not depend
//! on the order in which the heaps of `G` are read and `Φ(G + j) =
//! δ(Φ(G), j)`. Let `P` be its P-portion. For heap `h` let `Good_h = { y :
//! δ*(y, m) ∈ P for some option m of h }`. The *verification state* of a
//! sum `G` is
//!
//! * `x = Φ(G)`,
//! * `movable` = some heap of `G` has an option,
//! * the map `y ↦ U_y = ∪ Good_h` over the heaps `h` of `G` with
//!   `Φ(G − h) = y`.
//!
//! The options of `G` are the sums `G − h + m`, with `Φ(G − h + m) =
//! δ*(Φ(G − h), m)`; so "some option of `G` is in `P`" is "`y ∈ U_y` for
//! some `y`". Adding a heap `j` maps the state to `x' = δ(x, j)`, each
//! `y ↦ δ(y, j)` (as `Φ(G + j − h) = δ(Φ(G − h), j)`; keys that meet are
//! merged, their `U`s joined), and adds `x ↦ Good_j` (as `Φ(G + j − j) =
//! x`): the state of `G + j` is a function of the state of `G` and `j`. The
//! states reachable from the empty sum are finitely many and are exactly
//! the states of sums.
//!
//! **Theorem.** Every sum `G` has `Φ(G) ∈ P ⇔ o⁻(G) = P` if and only if
//! every reachable state has `x ∈ P ⇔ (movable ∧ no y ∈ U_y)`.
//! *Proof.* (⇐) By induction on `G` in the multiset order (every option of
//! a sum is smaller): the options of `G` are answered correctly, so `o⁻(G)
//! = P` ⇔ `G` has a move and no option is in `P` ⇔ `movable ∧ no y ∈
//! U_y` ⇔ `x ∈ P`. (⇒) If a state fails, the sum `G` that reached it has a
//! wrong answer at `G` or at one of its options. ∎
//!
//! (A first version kept one entry per *value* `Φ(h)` instead of per
//! `Φ(G − h)`: also exact, but with more states — on Kayles at N = 20,
//! 595,610 instead of 110,816; on 0.07 at N = 20, 268,470 instead of
//! 240,090.)
//!
//! Heaps with equal `(Φ(h), Good_h, movable)` act alike on states, so one
//! of each kind is tried.

use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// The candidate: transitions (`trans[s][h − 1]`, commuting), P-portion,
/// and for each heap its options and whether it has one.
pub(crate) struct Candidate<'a> {
    pub(crate) trans: &'a [Vec<u32>],
    pub(crate) p: &'a [bool],
    /// `options[h]` (index 0 unused), heaps with no move left out.
    pub(crate) options: Vec<&'a [Vec<u8>]>,
    pub(crate) movable: Vec<bool>,
}

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Every reachable state passes: the candidate is correct; `states`
    /// were visited.
    Correct {
        /// Reachable verification states.
        states: usize,
    },
    /// A sum (heap word) whose state fails.
    Fails(Vec<u8>),
    /// More states than the limit.
    OverLimit,
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    x: u32,
    movable: bool,
    /// `(y, U_y id)`, sorted by `y`, one entry per `y`.
    parts: Vec<(u32, u32)>,
}

/// Interned unions of `Good` sets (bit sets over the states).
struct Unions {
    sets: Vec<Vec<u64>>,
    ids: FxHashMap<Vec<u64>, u32>,
    joins: FxHashMap<(u32, u32), u32>,
}

impl Unions {
    fn intern(&mut self, set: Vec<u64>) -> u32 {
        if let Some(&id) = self.ids.get(&set) {
            return id;
        }
        let id = self.sets.len() as u32;
        self.sets.push(set.clone());
        self.ids.insert(set, id);
        id
    }

    fn join(&mut self, a: u32, b: u32) -> u32 {
        if a == b {
            return a;
        }
        let key = (a.min(b), a.max(b));
        if let Some(&id) = self.joins.get(&key) {
            return id;
        }
        let set: Vec<u64> = self.sets[a as usize]
            .iter()
            .zip(&self.sets[b as usize])
            .map(|(x, y)| x | y)
            .collect();
        let id = self.intern(set);
        self.joins.insert(key, id);
        id
    }

    fn contains(&self, id: u32, y: u32) -> bool {
        self.sets[id as usize][y as usize / 64] >> (y % 64) & 1 == 1
    }
}

/// Searches the verification states of `c` (see the module docs).
pub(crate) fn verify(c: &Candidate<'_>, limit: usize) -> Verdict {
    let n_states = c.trans.len();
    let heaps = c.options.len() - 1;
    let run = |mut s: u32, word: &[u8]| {
        for &h in word {
            s = c.trans[s as usize][h as usize - 1];
        }
        s
    };
    let words = n_states.div_ceil(64);
    let mut unions = Unions {
        sets: Vec::new(),
        ids: FxHashMap::default(),
        joins: FxHashMap::default(),
    };
    // One heap of each kind: (Φ(h), Good id, movable) → h.
    let mut kinds: Vec<(u8, u32, bool)> = Vec::new();
    let mut seen: FxHashMap<(u32, u32, bool), ()> = FxHashMap::default();
    for h in 1..=heaps {
        let mut good = vec![0u64; words];
        for y in 0..n_states as u32 {
            if c.options[h].iter().any(|m| c.p[run(y, m) as usize]) {
                good[y as usize / 64] |= 1 << (y % 64);
            }
        }
        let g = unions.intern(good);
        let a = c.trans[0][h - 1];
        if seen.insert((a, g, c.movable[h]), ()).is_none() {
            kinds.push((h as u8, g, c.movable[h]));
        }
    }
    let start = State {
        x: 0,
        movable: false,
        parts: Vec::new(),
    };
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    // (parent, heap) of each state, for the sum that reached it.
    let mut came: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    let mut queue: VecDeque<(u32, State)> = VecDeque::new();
    index.insert(start.clone(), 0);
    queue.push_back((0, start));
    let word_of = |came: &[(u32, u8)], mut id: u32| {
        let mut w = Vec::new();
        while came[id as usize].0 != u32::MAX {
            w.push(came[id as usize].1);
            id = came[id as usize].0;
        }
        w.reverse();
        w
    };
    let mut scratch: Vec<(u32, u32)> = Vec::new();
    while let Some((id, st)) = queue.pop_front() {
        let rule_p = st.movable && st.parts.iter().all(|&(y, u)| !unions.contains(u, y));
        if rule_p != c.p[st.x as usize] {
            return Verdict::Fails(word_of(&came, id));
        }
        for &(h, g, movable) in &kinds {
            let step = |s: u32| c.trans[s as usize][h as usize - 1];
            scratch.clear();
            scratch.extend(st.parts.iter().map(|&(y, u)| (step(y), u)));
            scratch.push((st.x, g));
            scratch.sort_unstable();
            let mut parts: Vec<(u32, u32)> = Vec::with_capacity(scratch.len());
            for &(y, u) in &scratch {
                match parts.last_mut() {
                    Some(last) if last.0 == y => last.1 = unions.join(last.1, u),
                    _ => parts.push((y, u)),
                }
            }
            let next = State {
                x: step(st.x),
                movable: st.movable || movable,
                parts,
            };
            if !index.contains_key(&next) {
                if index.len() >= limit {
                    return Verdict::OverLimit;
                }
                let nid = index.len() as u32;
                index.insert(next.clone(), nid);
                came.push((id, h));
                queue.push_back((nid, next));
            }
        }
    }
    Verdict::Correct {
        states: index.len(),
    }
}
