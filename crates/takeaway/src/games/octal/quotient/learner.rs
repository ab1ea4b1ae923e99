//! The observation table: candidate quotients learnt from outcomes
//! (Angluin's L*, with Rivest and Schapire's handling of counterexamples),
//! for the commutative "language" of misère P-positions.
//!
//! Rows: each state has a *representative* sum (a multiset of heaps, built
//! one heap at a time from the empty sum) and a row of outcomes
//! `o(rep + e)` over the *experiments* `e` (sums; the first is the empty
//! sum, so a row starts with the state's own outcome). Two representatives
//! with different rows are distinguished by an experiment, so they are
//! different elements of the misère quotient: the table never has more
//! states than the quotient has elements. The candidate's transition from
//! state `s` by heap `h` is the state whose row equals the row of
//! `rep(s) + h`; when no state has that row, `rep(s) + h` becomes a new
//! state (closing the table).
//!
//! A counterexample — a heap word `w` (a sum read heap by heap) followed by
//! a sum `x` where the candidate's answer is wrong — gives a new experiment
//! (Rivest–Schapire): with `r_i` the state after `i` heaps of `w` and
//! `α_i = o(rep(r_i) + w[i..] + x)`, `α_0` is the true outcome and `α_k`
//! the candidate's, so some `α_i ≠ α_{i+1}`: the experiment
//! `w[i+1..] + x` separates `rep(r_i) + w_i` from `rep(r_{i+1})`, whose rows
//! agreed, so the next closing adds at least one state.

use super::outcome::{Outcomes, OverLimit};
use rustc_hash::FxHashMap;

/// The table and the candidate automaton it defines.
#[derive(Debug)]
pub(crate) struct Learner {
    pub(crate) outcomes: Outcomes,
    /// The heap bound: letters are the heaps `1..=heaps`.
    pub(crate) heaps: usize,
    pub(crate) experiments: Vec<Vec<u8>>,
    /// Each state's representative (canonical sum).
    pub(crate) reps: Vec<Vec<u8>>,
    /// Each state's heap word from the empty sum (its run ends at the state).
    pub(crate) paths: Vec<Vec<u8>>,
    pub(crate) rows: Vec<Vec<bool>>,
    /// `trans_rows[s][h - 1]`: the row of `rep(s) + h`.
    trans_rows: Vec<Vec<Vec<bool>>>,
    /// `trans[s][h - 1]`: the candidate's transition.
    pub(crate) trans: Vec<Vec<u32>>,
    index: FxHashMap<Vec<bool>, u32>,
    /// Outcome memo limit.
    pub(crate) position_limit: usize,
}

/// Why learning stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// More states than the size limit.
    TooLarge,
    /// The outcome memo is over its limit.
    Positions,
    /// A counterexample gave no new experiment (impossible by the
    /// Rivest–Schapire argument; refused rather than looped on).
    Stuck,
}

impl From<OverLimit> for Stop {
    fn from(_: OverLimit) -> Self {
        Stop::Positions
    }
}

impl Learner {
    /// The table of the empty closure: one state, the empty sum.
    pub(crate) fn new(position_limit: usize) -> Self {
        let mut index = FxHashMap::default();
        index.insert(vec![false], 0);
        Learner {
            outcomes: Outcomes::new(),
            heaps: 0,
            experiments: vec![Vec::new()],
            reps: vec![Vec::new()],
            paths: vec![Vec::new()],
            rows: vec![vec![false]],
            trans_rows: vec![Vec::new()],
            trans: vec![Vec::new()],
            index,
            position_limit,
        }
    }

    /// The states.
    pub(crate) fn states(&self) -> usize {
        self.reps.len()
    }

    /// Whether state `s` is in the candidate's P-portion (its own outcome).
    pub(crate) fn is_p(&self, s: u32) -> bool {
        self.rows[s as usize][0]
    }

    /// The candidate's state after reading `word` from state `s`.
    pub(crate) fn run(&self, mut s: u32, word: &[u8]) -> u32 {
        for &h in word {
            s = self.trans[s as usize][h as usize - 1];
        }
        s
    }

    /// The true outcome of the sum of `parts`.
    pub(crate) fn oracle(&mut self, parts: &[&[u8]]) -> Result<bool, OverLimit> {
        let g = self
            .outcomes
            .canonical(parts.iter().flat_map(|p| p.iter().copied()));
        self.outcomes.is_p(&g, self.position_limit)
    }

    fn row_of(&mut self, base: &[u8]) -> Result<Vec<bool>, OverLimit> {
        let experiments = std::mem::take(&mut self.experiments);
        let row: Result<Vec<bool>, OverLimit> = experiments
            .iter()
            .map(|e| self.oracle(&[base, e]))
            .collect();
        self.experiments = experiments;
        row
    }

    fn letter_rows(&mut self, s: usize) -> Result<Vec<Vec<bool>>, OverLimit> {
        let rep = self.reps[s].clone();
        (1..=self.heaps)
            .map(|h| {
                let mut base = rep.clone();
                base.push(h as u8);
                self.row_of(&base)
            })
            .collect()
    }

    /// Adds heap `heaps + 1` as a letter, its rows from the oracle (its
    /// options must already be in `outcomes`).
    pub(crate) fn push_heap(&mut self, limit: usize) -> Result<(), Stop> {
        self.heaps += 1;
        let h = self.heaps as u8;
        for s in 0..self.states() {
            let mut base = self.reps[s].clone();
            base.push(h);
            let row = self.row_of(&base)?;
            self.trans_rows[s].push(row);
        }
        self.close(limit)
    }

    /// Adds heap `heaps + 1` as a letter that acts as the state `e`: its
    /// rows are those of `rep(s)` read on by `e`'s path, with no query.
    /// Exact when the table is a proved quotient `Q_{n−1}` (reduced and
    /// correct, so a state's row is the row of every sum it answers) and
    /// the new heap is indistinguishable from a sum `Z` of smaller heaps
    /// with `Φ(Z) = e` (the rows of `rep(s) + n` and `rep(s) + Z` agree).
    pub(crate) fn push_heap_as(&mut self, e: u32, limit: usize) -> Result<(), Stop> {
        self.heaps += 1;
        let path = self.paths[e as usize].clone();
        for s in 0..self.states() {
            let t = self.run(s as u32, &path) as usize;
            let row = self.rows[t].clone();
            self.trans_rows[s].push(row);
        }
        self.close(limit)
    }

    /// Rebuilds the table of a proved quotient (every state distinct, the
    /// table closed and correct on every sum of heaps `1..=heaps`) with the
    /// lightest representatives and light experiments, with no query: each
    /// state's representative becomes the lightest sum reaching it, and the
    /// experiments the lightest sums telling pairs of states apart (the
    /// empty sum first). Rows of sums of these heaps are read from the
    /// quotient, so they stay the true outcomes; the next heap's queries
    /// are then as light as the quotient allows.
    pub(crate) fn rebase(&mut self, weights: &[u64]) {
        let n = self.states();
        // Lightest word reaching each state (Dijkstra on the automaton).
        let mut dist = vec![u64::MAX; n];
        let mut word: Vec<Vec<u8>> = vec![Vec::new(); n];
        let mut done = vec![false; n];
        dist[0] = 0;
        for _ in 0..n {
            let Some(s) = (0..n)
                .filter(|&s| !done[s] && dist[s] < u64::MAX)
                .min_by_key(|&s| dist[s])
            else {
                return;
            };
            done[s] = true;
            for (h, &w) in weights.iter().enumerate().take(self.heaps + 1).skip(1) {
                let t = self.trans[s][h - 1] as usize;
                let d = dist[s].saturating_add(w);
                if d < dist[t] {
                    dist[t] = d;
                    let mut path = word[s].clone();
                    path.push(h as u8);
                    word[t] = path;
                }
            }
        }
        if done.iter().any(|&d| !d) {
            return;
        }
        let p: Vec<bool> = (0..n as u32).map(|s| self.is_p(s)).collect();
        let mul = |x: u32, z: usize| self.run(x, &word[z]) as usize;
        // For each pair, the lightest state z with P(xz) ≠ P(yz).
        let mut by_weight: Vec<usize> = (0..n).collect();
        by_weight.sort_by_key(|&z| (dist[z], z));
        let mut chosen: Vec<usize> = vec![0];
        for x in 0..n as u32 {
            for y in x + 1..n as u32 {
                let Some(z) = by_weight
                    .iter()
                    .copied()
                    .find(|&z| p[mul(x, z)] != p[mul(y, z)])
                else {
                    return;
                };
                if !chosen.contains(&z) {
                    chosen.push(z);
                }
            }
        }
        let row = |s: usize| -> Vec<bool> { chosen.iter().map(|&z| p[mul(s as u32, z)]).collect() };
        let rows: Vec<Vec<bool>> = (0..n).map(row).collect();
        let trans_rows: Vec<Vec<Vec<bool>>> = (0..n)
            .map(|s| {
                (1..=self.heaps)
                    .map(|h| rows[self.trans[s][h - 1] as usize].clone())
                    .collect()
            })
            .collect();
        self.experiments = chosen
            .iter()
            .map(|&z| self.outcomes.canonical(word[z].iter().copied()))
            .collect();
        self.reps = (0..n)
            .map(|s| self.outcomes.canonical(word[s].iter().copied()))
            .collect();
        self.paths = word;
        self.index = rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.clone(), i as u32))
            .collect();
        self.rows = rows;
        self.trans_rows = trans_rows;
    }

    /// Adds an experiment (a column) and closes the table.
    pub(crate) fn push_experiment(&mut self, e: Vec<u8>, limit: usize) -> Result<(), Stop> {
        let e = self.outcomes.canonical(e);
        if self.experiments.contains(&e) {
            return Err(Stop::Stuck);
        }
        for s in 0..self.states() {
            let rep = self.reps[s].clone();
            let v = self.oracle(&[&rep, &e])?;
            self.rows[s].push(v);
            for h in 1..=self.heaps {
                let v = self.oracle(&[&rep, &[h as u8], &e])?;
                self.trans_rows[s][h - 1].push(v);
            }
        }
        self.experiments.push(e);
        self.index = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.clone(), i as u32))
            .collect();
        self.close(limit)
    }

    /// Makes every transition row a state's row (adding states), then sets
    /// the transitions.
    fn close(&mut self, limit: usize) -> Result<(), Stop> {
        let mut s = 0;
        while s < self.states() {
            for h in 1..=self.heaps {
                if !self.index.contains_key(&self.trans_rows[s][h - 1]) {
                    if self.states() >= limit {
                        return Err(Stop::TooLarge);
                    }
                    let mut rep = self.reps[s].clone();
                    rep.push(h as u8);
                    let rep = self.outcomes.canonical(rep);
                    let mut path = self.paths[s].clone();
                    path.push(h as u8);
                    let row = self.trans_rows[s][h - 1].clone();
                    let id = self.states() as u32;
                    self.index.insert(row.clone(), id);
                    self.reps.push(rep);
                    self.paths.push(path);
                    self.rows.push(row);
                    self.trans_rows.push(Vec::new());
                    self.trans.push(Vec::new());
                    let rows = self.letter_rows(id as usize)?;
                    self.trans_rows[id as usize] = rows;
                }
            }
            s += 1;
        }
        for s in 0..self.states() {
            let t: Vec<u32> = self.trans_rows[s].iter().map(|r| self.index[r]).collect();
            self.trans[s] = t;
        }
        Ok(())
    }

    /// The first `(s, h, j)` with `δ(δ(s, h), j) ≠ δ(δ(s, j), h)`.
    pub(crate) fn non_commuting(&self) -> Option<(u32, u8, u8)> {
        for s in 0..self.states() {
            for h in 1..=self.heaps {
                for j in h + 1..=self.heaps {
                    let a = self.trans[self.trans[s][h - 1] as usize][j - 1];
                    let b = self.trans[self.trans[s][j - 1] as usize][h - 1];
                    if a != b {
                        return Some((s as u32, h as u8, j as u8));
                    }
                }
            }
        }
        None
    }

    /// The Rivest–Schapire experiment of `word` followed by `suffix`, if the
    /// candidate's answer there is wrong (see the module docs).
    pub(crate) fn split(
        &mut self,
        word: &[u8],
        suffix: &[u8],
    ) -> Result<Option<Vec<u8>>, OverLimit> {
        let mut states = vec![0u32];
        for &h in word {
            let s = *states.last().unwrap_or(&0);
            states.push(self.trans[s as usize][h as usize - 1]);
        }
        let k = word.len();
        let alpha = |learner: &mut Learner, i: usize| -> Result<bool, OverLimit> {
            let rep = learner.reps[states[i] as usize].clone();
            learner.oracle(&[&rep, &word[i..], suffix])
        };
        let (mut lo, mut hi) = (0usize, k);
        let a_lo = alpha(self, lo)?;
        let a_hi = alpha(self, hi)?;
        if a_lo == a_hi {
            return Ok(None);
        }
        // Invariant: α_lo = a_lo ≠ α_hi.
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(self, mid)? == a_lo {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let mut e: Vec<u8> = word[lo + 1..].to_vec();
        e.extend_from_slice(suffix);
        Ok(Some(self.outcomes.canonical(e)))
    }
}
