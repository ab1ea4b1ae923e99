//! The exact check of a candidate: does the candidate automaton answer
//! every sum of heaps `1..=N` correctly? A finite search, because what the
//! misère rule needs of a sum `G` is finite (the *verification state*).
//!
//! Let `δ` be a candidate automaton whose transitions commute
//! (`δ(δ(s, h), j) = δ(δ(s, j), h)`) and whose states are all reached from
//! the start `1`. Then `Φ(G) = δ*(1, G)` does not depend on the order in
//! which the heaps of `G` are read, and the states form a commutative
//! monoid with `y·z = δ*(y, Z)` for any sum `Z` with `Φ(Z) = z` (well
//! defined: with `Φ(Y) = y`, `δ*(y, Z) = Φ(Y + Z) = δ*(z, Y)`), so
//! `Φ(G + H) = Φ(G)·Φ(H)`. Let `P` be its P-portion. For heap `h` let
//! `Good_h = { y : y·Φ(m) ∈ P for some option m of h }`. The *verification
//! state* of a sum `G` is
//!
//! * `x = Φ(G)`,
//! * `movable` = some heap of `G` has an option,
//! * the *winning set* `W(G) = { z : Φ(G − h)·z ∈ Good_h for some heap h
//!   of G }`.
//!
//! For any sum `K`, the options of `G + K` that move in a heap of `G` are
//! `G − h + m + K`, with `Φ = Φ(G − h)·Φ(K)·Φ(m)`; so some of them is in
//! `P` exactly when `Φ(K) ∈ W(G)`, and (taking `K = 0`) `G` has an option in
//! `P` exactly when `1 ∈ W(G)`. Adding a heap `j` with `a = Φ(j)` maps the
//! state to `x' = x·a`, `movable' = movable ∨ (j has an option)` and
//! `W' = a⁻¹W ∪ x⁻¹Good_j` (where `c⁻¹S = { z : c·z ∈ S }`): the heaps of
//! `G` now have `Φ(G + j − h) = Φ(G − h)·a`, and the new heap has
//! `Φ(G + j − j) = x`. So the state of `G + j` is a function of the state
//! of `G` and `j`; the states reachable from the empty sum are finitely
//! many (at most `2·|Q|·2^|Q|`, in practice very few) and are exactly the
//! states of sums.
//!
//! **Theorem.** Every sum `G` has `Φ(G) ∈ P ⇔ o⁻(G) = P` if and only if
//! every reachable state has `x ∈ P ⇔ (movable ∧ 1 ∉ W)`.
//! *Proof.* (⇐) By induction on `G` in the multiset order (every option of
//! a sum is smaller): the options of `G` are answered correctly, so `o⁻(G)
//! = P` ⇔ `G` has a move and no option is in `P` ⇔ `movable ∧ 1 ∉ W(G)` ⇔
//! `x ∈ P`. (⇒) If a state fails, the sum `G` that reached it has a wrong
//! answer at `G` or at one of its options. ∎
//!
//! (Earlier versions kept, instead of the one set `W`, a map from each
//! value `y = Φ(G − h)` to the union of the `Good_h` with that key: also
//! exact, but each key is a separate coordinate of the state. Folding the
//! map into `W` — the set of futures `Φ(K)` at which some key's entry
//! fires — cut the states of 0.07 at N = 24 from 829,809 to a few
//! thousand; see BENCHMARKS.md.)
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

/// A verification state: `(x, movable, W id)`.
type State = (u32, bool, u32);

/// Interned subsets of the candidate's states (bit sets).
struct Sets {
    sets: Vec<Vec<u64>>,
    ids: FxHashMap<Vec<u64>, u32>,
}

impl Sets {
    fn intern(&mut self, set: Vec<u64>) -> u32 {
        if let Some(&id) = self.ids.get(&set) {
            return id;
        }
        let id = self.sets.len() as u32;
        self.sets.push(set.clone());
        self.ids.insert(set, id);
        id
    }

    fn contains(&self, id: u32, y: u32) -> bool {
        self.sets[id as usize][y as usize / 64] >> (y % 64) & 1 == 1
    }
}

/// `c⁻¹S = { z : c·z ∈ S }` as a bit set.
fn preimage(mul: &[Vec<u32>], c: u32, set: &[u64]) -> Vec<u64> {
    let mut out = vec![0u64; set.len()];
    for (z, &cz) in mul[c as usize].iter().enumerate() {
        if set[cz as usize / 64] >> (cz % 64) & 1 == 1 {
            out[z / 64] |= 1 << (z % 64);
        }
    }
    out
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
    // A word reaching each state from the start, then the product table
    // `mul[y][z] = δ*(y, word(z))`.
    let mut word_to: Vec<Option<Vec<u8>>> = vec![None; n_states];
    word_to[0] = Some(Vec::new());
    let mut frontier = vec![0u32];
    while let Some(s) = frontier.pop() {
        for h in 1..=heaps {
            let t = c.trans[s as usize][h - 1] as usize;
            if word_to[t].is_none() {
                let mut w = word_to[s as usize].clone().unwrap_or_default();
                w.push(h as u8);
                word_to[t] = Some(w);
                frontier.push(t as u32);
            }
        }
    }
    let Some(word_to) = word_to.into_iter().collect::<Option<Vec<Vec<u8>>>>() else {
        // A state no sum reaches: the candidate is not of the learner's
        // kind; its first unreachable state cannot be checked.
        return Verdict::OverLimit;
    };
    let mul: Vec<Vec<u32>> = (0..n_states as u32)
        .map(|y| word_to.iter().map(|w| run(y, w)).collect())
        .collect();
    let mut sets = Sets {
        sets: Vec::new(),
        ids: FxHashMap::default(),
    };
    let empty = sets.intern(vec![0u64; words]);
    // One heap of each kind: (Φ(h), Good_h, movable) → (h, Good_h id).
    let mut kinds: Vec<(u8, u32, bool)> = Vec::new();
    let mut seen: FxHashMap<(u32, u32, bool), ()> = FxHashMap::default();
    for h in 1..=heaps {
        let mut good = vec![0u64; words];
        for y in 0..n_states as u32 {
            if c.options[h].iter().any(|m| c.p[run(y, m) as usize]) {
                good[y as usize / 64] |= 1 << (y % 64);
            }
        }
        let g = sets.intern(good);
        let a = c.trans[0][h - 1];
        if seen.insert((a, g, c.movable[h]), ()).is_none() {
            kinds.push((h as u8, g, c.movable[h]));
        }
    }
    // Memos: a⁻¹W per (W, a); x⁻¹Good per (x, Good); unions.
    let mut pre_memo: FxHashMap<(u32, u32), u32> = FxHashMap::default();
    let mut union_memo: FxHashMap<(u32, u32), u32> = FxHashMap::default();
    let start: State = (0, false, empty);
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    // (parent, heap) of each state, for the sum that reached it.
    let mut came: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    let mut queue: VecDeque<(u32, State)> = VecDeque::new();
    index.insert(start, 0);
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
    while let Some((id, (x, movable, w))) = queue.pop_front() {
        let rule_p = movable && !sets.contains(w, 0);
        if rule_p != c.p[x as usize] {
            return Verdict::Fails(word_of(&came, id));
        }
        for &(h, g, h_movable) in &kinds {
            let a = c.trans[0][h as usize - 1];
            // Preimages keyed by (set id, element), for W and Good alike.
            let mut pre = |set: u32, by: u32, sets: &mut Sets| {
                *pre_memo.entry((set, by)).or_insert_with(|| {
                    let image = preimage(&mul, by, &sets.sets[set as usize]);
                    sets.intern(image)
                })
            };
            let shifted = pre(w, a, &mut sets);
            let fresh = pre(g, x, &mut sets);
            let key = (shifted.min(fresh), shifted.max(fresh));
            let joined = match union_memo.get(&key) {
                Some(&u) => u,
                None => {
                    let set: Vec<u64> = sets.sets[shifted as usize]
                        .iter()
                        .zip(&sets.sets[fresh as usize])
                        .map(|(p, q)| p | q)
                        .collect();
                    let u = sets.intern(set);
                    union_memo.insert(key, u);
                    u
                }
            };
            let next: State = (
                c.trans[x as usize][h as usize - 1],
                movable || h_movable,
                joined,
            );
            if !index.contains_key(&next) {
                if index.len() >= limit || crate::bound::stop::stop_requested() {
                    return Verdict::OverLimit;
                }
                let nid = index.len() as u32;
                index.insert(next, nid);
                came.push((id, h));
                queue.push_back((nid, next));
            }
        }
    }
    Verdict::Correct {
        states: index.len(),
    }
}
