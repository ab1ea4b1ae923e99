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
//! of each kind (the lightest, below) is tried.
//!
//! **The least failure.** Give each heap a *weight* `w(h)` larger than the
//! total weight of every option of `h` (`w(h) = 1 + max Σ w(parts)` over
//! the options, `0` for a heap with no move), and a sum the total weight
//! of its heaps: every option of a sum is then lighter than the sum. The
//! states are searched in order of the lightest sum reaching them
//! (Dijkstra's order: adding heap `h` costs `w(h)`), so the first failing
//! state popped comes with a sum `F` of least weight among all sums whose
//! state fails.
//! *Lemma.* Every sum lighter than `F` is answered correctly, and the
//! candidate is wrong at `F` itself (the true outcome of `F` is the rule's,
//! `movable ∧ 1 ∉ W`). *Proof.* A sum `G` lighter than `F` reaches a state
//! whose lightest sum is at most as heavy as `G`, so that state does not
//! fail; by induction on weight (the options of `G` are lighter still)
//! every such `G` is answered correctly. The options of `F` are lighter
//! than `F`, hence answered correctly, so the rule applied to them is
//! `o⁻(F)`, and the state of `F` fails: the candidate's answer at `F` is
//! the other one. ∎
//! So a failed check gives an exact outcome and a *safe weight*: below
//! `w(F)` the candidate may answer outcomes in place of the search
//! ([`super::outcome`]).

use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The candidate: transitions (`trans[s][h − 1]`, commuting), P-portion,
/// and for each heap its options and whether it has one.
pub(crate) struct Candidate<'a> {
    pub(crate) trans: &'a [Vec<u32>],
    pub(crate) p: &'a [bool],
    /// `options[h]` (index 0 unused), heaps with no move left out.
    pub(crate) options: Vec<&'a [Vec<u8>]>,
    pub(crate) movable: Vec<bool>,
    /// `weights[h]`: more than the total weight of every option of `h`
    /// (see the module docs; index 0 unused).
    pub(crate) weights: &'a [u64],
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
    /// The lightest sum (heap word) whose state fails, and its weight:
    /// every lighter sum is answered correctly, this one wrongly.
    Fails(Vec<u8>, u64),
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
    // Sixty-four products at a time, each bit set without a branch.
    mul[c as usize]
        .chunks(64)
        .map(|chunk| {
            chunk.iter().enumerate().fold(0u64, |word, (j, &cz)| {
                word | (set[cz as usize / 64] >> (cz % 64) & 1) << j
            })
        })
        .collect()
}

/// The verification states of a candidate and their transitions.
struct Machine<'c, 'a> {
    c: &'c Candidate<'a>,
    /// `mul[y][z]`: the product of the candidate's states.
    mul: Vec<Vec<u32>>,
    sets: Sets,
    /// One heap of each kind: `(heap, Good id, movable)`, the lightest.
    kinds: Vec<(u8, u32, bool)>,
    /// `kind_of[h]` (index 0 unused).
    kind_of: Vec<usize>,
    pre_memo: FxHashMap<(u32, u32), u32>,
    union_memo: FxHashMap<(u32, u32), u32>,
    empty: u32,
}

impl<'c, 'a> Machine<'c, 'a> {
    /// `None` when a state of the candidate is reached by no sum.
    fn new(c: &'c Candidate<'a>) -> Option<Self> {
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
        let word_to = word_to.into_iter().collect::<Option<Vec<Vec<u8>>>>()?;
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
        let mut kind_of = vec![0usize; heaps + 1];
        let mut seen: FxHashMap<(u32, u32, bool), usize> = FxHashMap::default();
        for (h, kind) in kind_of.iter_mut().enumerate().skip(1) {
            let mut good = vec![0u64; words];
            for y in 0..n_states as u32 {
                if c.options[h].iter().any(|m| c.p[run(y, m) as usize]) {
                    good[y as usize / 64] |= 1 << (y % 64);
                }
            }
            let g = sets.intern(good);
            let a = c.trans[0][h - 1];
            match seen.get(&(a, g, c.movable[h])) {
                None => {
                    seen.insert((a, g, c.movable[h]), kinds.len());
                    *kind = kinds.len();
                    kinds.push((h as u8, g, c.movable[h]));
                }
                Some(&k) => {
                    *kind = k;
                    // The lightest heap of its kind reaches the same states.
                    if c.weights[h] < c.weights[kinds[k].0 as usize] {
                        kinds[k].0 = h as u8;
                    }
                }
            }
        }
        Some(Machine {
            c,
            mul,
            sets,
            kinds,
            kind_of,
            pre_memo: FxHashMap::default(),
            union_memo: FxHashMap::default(),
            empty,
        })
    }

    fn start(&self) -> State {
        (0, false, self.empty)
    }

    /// The rule's answer at a state: a move, and no option in `P`.
    fn rule_p(&self, (_, movable, w): State) -> bool {
        movable && !self.sets.contains(w, 0)
    }

    /// Whether the state fails the misère rule.
    fn fails(&self, state: State) -> bool {
        self.rule_p(state) != self.c.p[state.0 as usize]
    }

    /// The state after adding a heap of kind `k`.
    fn next(&mut self, (x, movable, w): State, k: usize) -> State {
        let (h, g, h_movable) = self.kinds[k];
        let a = self.c.trans[0][h as usize - 1];
        let shifted = self.pre(w, a);
        let fresh = self.pre(g, x);
        let key = (shifted.min(fresh), shifted.max(fresh));
        let joined = match self.union_memo.get(&key) {
            Some(&u) => u,
            None => {
                let set: Vec<u64> = self.sets.sets[shifted as usize]
                    .iter()
                    .zip(&self.sets.sets[fresh as usize])
                    .map(|(p, q)| p | q)
                    .collect();
                let u = self.sets.intern(set);
                self.union_memo.insert(key, u);
                u
            }
        };
        (
            self.c.trans[x as usize][h as usize - 1],
            movable || h_movable,
            joined,
        )
    }

    /// `by⁻¹S` of an interned set, interned (memoised).
    fn pre(&mut self, set: u32, by: u32) -> u32 {
        if let Some(&id) = self.pre_memo.get(&(set, by)) {
            return id;
        }
        let image = preimage(&self.mul, by, &self.sets.sets[set as usize]);
        let id = self.sets.intern(image);
        self.pre_memo.insert((set, by), id);
        id
    }
}

/// Searches the verification states of `c` (see the module docs).
pub(crate) fn verify(c: &Candidate<'_>, limit: usize) -> Verdict {
    let Some(mut m) = Machine::new(c) else {
        // A state no sum reaches: the candidate is not of the learner's
        // kind; its first unreachable state cannot be checked.
        return Verdict::OverLimit;
    };
    let start = m.start();
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    let mut states: Vec<State> = vec![start];
    // (parent, heap) of each state, for the lightest sum that reached it,
    // and that sum's weight.
    let mut came: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    let mut dist: Vec<u64> = vec![0];
    let mut done: Vec<bool> = vec![false];
    let mut queue: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    index.insert(start, 0);
    queue.push(Reverse((0, 0)));
    let word_of = |came: &[(u32, u8)], mut id: u32| {
        let mut w = Vec::new();
        while came[id as usize].0 != u32::MAX {
            w.push(came[id as usize].1);
            id = came[id as usize].0;
        }
        w.reverse();
        w
    };
    while let Some(Reverse((d, id))) = queue.pop() {
        if done[id as usize] || d > dist[id as usize] {
            continue;
        }
        done[id as usize] = true;
        let state = states[id as usize];
        if m.fails(state) {
            // A saturated weight proves nothing lighter: safe below 0.
            let safe = if d == u64::MAX { 0 } else { d };
            return Verdict::Fails(word_of(&came, id), safe);
        }
        for k in 0..m.kinds.len() {
            let h = m.kinds[k].0;
            let next = m.next(state, k);
            let nd = d.saturating_add(c.weights[h as usize]);
            match index.get(&next) {
                Some(&nid) => {
                    if nd < dist[nid as usize] && !done[nid as usize] {
                        dist[nid as usize] = nd;
                        came[nid as usize] = (id, h);
                        queue.push(Reverse((nd, nid)));
                    }
                }
                None => {
                    // The caller's cancel token stops the check as the
                    // limit does.
                    if index.len() >= limit || crate::bound::stop::stop_requested() {
                        return Verdict::OverLimit;
                    }
                    let nid = index.len() as u32;
                    index.insert(next, nid);
                    states.push(next);
                    came.push((id, h));
                    dist.push(nd);
                    done.push(false);
                    queue.push(Reverse((nd, nid)));
                }
            }
        }
    }
    Verdict::Correct {
        states: index.len(),
    }
}

/// One step of the misère rule on a candidate's language: the automaton
/// whose states are the candidate's reachable verification states, which
/// answers the rule's outcome `movable ∧ 1 ∉ W` at each (so a sum is
/// answered by the rule applied to the candidate's answers on its options),
/// minimised (Moore's refinement). Its transitions commute (a verification
/// state is a function of the sum as a multiset, and the minimal automaton
/// of a commutative language commutes), and it is wrong only at sums with
/// an option the candidate answers wrongly, so its lightest wrong sum is
/// heavier than the candidate's. `None` past `limit` states.
pub(crate) fn rule_step(c: &Candidate<'_>, limit: usize) -> Option<(Vec<Vec<u32>>, Vec<bool>)> {
    let mut m = Machine::new(c)?;
    let heaps = c.options.len() - 1;
    let start = m.start();
    let mut index: FxHashMap<State, u32> = FxHashMap::default();
    let mut states: Vec<State> = vec![start];
    index.insert(start, 0);
    let mut by_kind: Vec<Vec<u32>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let state = states[i];
        let mut row = Vec::with_capacity(m.kinds.len());
        for k in 0..m.kinds.len() {
            let next = m.next(state, k);
            let id = match index.get(&next) {
                Some(&id) => id,
                None => {
                    if states.len() >= limit || crate::bound::stop::stop_requested() {
                        return None;
                    }
                    let id = states.len() as u32;
                    index.insert(next, id);
                    states.push(next);
                    id
                }
            };
            row.push(id);
        }
        by_kind.push(row);
        i += 1;
    }
    let accept: Vec<bool> = states.iter().map(|&s| m.rule_p(s)).collect();
    let trans: Vec<Vec<u32>> = by_kind
        .iter()
        .map(|row| (1..=heaps).map(|h| row[m.kind_of[h]]).collect())
        .collect();
    Some(minimise(&trans, &accept))
}

/// The minimal automaton of `(trans, accept)` from state 0 (every state
/// reachable), numbered by first reach.
fn minimise(trans: &[Vec<u32>], accept: &[bool]) -> (Vec<Vec<u32>>, Vec<bool>) {
    let n = trans.len();
    let mut class: Vec<u32> = accept.iter().map(|&a| u32::from(a)).collect();
    let mut count = {
        let mut c = class.clone();
        c.sort_unstable();
        c.dedup();
        c.len()
    };
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next = vec![0u32; n];
        for s in 0..n {
            let mut sig = Vec::with_capacity(trans[s].len() + 1);
            sig.push(class[s]);
            sig.extend(trans[s].iter().map(|&t| class[t as usize]));
            let len = ids.len() as u32;
            next[s] = *ids.entry(sig).or_insert(len);
        }
        let new_count = ids.len();
        class = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    // Renumber from state 0 in order of first reach.
    let mut number: Vec<Option<u32>> = vec![None; count];
    let mut order: Vec<usize> = Vec::new();
    number[class[0] as usize] = Some(0);
    order.push(0);
    let mut i = 0;
    while i < order.len() {
        let s = order[i];
        for &t in &trans[s] {
            let k = class[t as usize] as usize;
            if number[k].is_none() {
                number[k] = Some(order.len() as u32);
                order.push(t as usize);
            }
        }
        i += 1;
    }
    let num = |s: usize| number[class[s] as usize].unwrap_or(0);
    let out_trans = order
        .iter()
        .map(|&s| trans[s].iter().map(|&t| num(t as usize)).collect())
        .collect();
    let out_accept = order.iter().map(|&s| accept[s]).collect();
    (out_trans, out_accept)
}
