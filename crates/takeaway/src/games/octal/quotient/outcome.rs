//! Misère outcomes of sums of heaps by exhaustive search with a memo: the
//! membership oracle of the learner ([`super::learner`]).
//!
//! Law (misère play): a sum with no move is an N-position (the player to
//! move cannot move and wins); otherwise it is a P-position exactly when
//! every option is an N-position. A heap with no option is the game 0 and
//! is dropped from every sum (the sum's game tree is unchanged), so a sum is
//! kept as the sorted list of its heaps that have a move.
//!
//! Two exact short cuts answer a sum without searching it: a proved
//! quotient of the smaller heaps (`Known`: every sum of heaps `1..=bound`
//! is a product in its table), and a *safe candidate* (`Safe`): a
//! candidate automaton whose exact check failed first at a sum of weight
//! `w` answers every sum lighter than `w` correctly (the lemma of the least
//! failure in [`super::verify`]), so those sums are read from it. Every
//! option of a sum is lighter than the sum, so the search of a heavy sum
//! stops where its options become light.

use rustc_hash::FxHashMap;

/// The options of the heaps `1..=n` (sorted lists of the heaps that have a
/// move) and the memo of outcomes.
#[derive(Debug, Default)]
pub(crate) struct Outcomes {
    /// `options[h]`: the options of heap `h` (index 0 unused).
    options: Vec<Vec<Vec<u8>>>,
    /// `movable[h]`: heap `h` has an option.
    movable: Vec<bool>,
    memo: FxHashMap<Box<[u8]>, bool>,
    /// A proved quotient of the heaps `1..=known.bound`: its answers on
    /// sums of those heaps are their exact outcomes.
    known: Option<Known>,
    /// `weights[h]`: more than the total weight of every option of `h`
    /// (`0` for a heap with no move); `None` past `u64`.
    weights: Option<Vec<u64>>,
    /// A candidate correct on every sum lighter than its safe weight.
    safe: Option<Safe>,
    /// The newest heap and its plain weight while its weight is lifted
    /// (see [`Outcomes::push_heap`]).
    lifted: Option<(usize, u64)>,
}

/// What the newest heap's weight is lifted by while its quotient is learnt:
/// every sum with one copy of it (and a rest lighter than this) is then
/// lighter than every sum with two copies.
const LIFT: u64 = 1 << 32;

/// A candidate automaton over the heaps `1..=heaps()` that answers every
/// sum of weight below `weight` correctly (its exact check failed first at
/// a sum of that weight).
#[derive(Debug)]
pub(crate) struct Safe {
    /// `trans[s][h − 1]` (commuting).
    pub(crate) trans: Vec<Vec<u32>>,
    /// The candidate's P-portion.
    pub(crate) p: Vec<bool>,
    /// Sums lighter than this are answered correctly.
    pub(crate) weight: u64,
}

/// A proved quotient: `Φ`, table, P.
#[derive(Debug)]
pub(crate) struct Known {
    /// The heaps it covers: `1..=bound`.
    pub(crate) bound: usize,
    /// `phi[h]` for `h = 0..=bound`.
    pub(crate) phi: Vec<u32>,
    /// The table.
    pub(crate) table: Vec<Vec<u32>>,
    /// The P-portion.
    pub(crate) p: Vec<bool>,
}

/// The memo grew past its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OverLimit;

impl Outcomes {
    /// No heaps yet.
    pub(crate) fn new() -> Self {
        Outcomes {
            options: vec![Vec::new()],
            movable: vec![false],
            memo: FxHashMap::default(),
            known: None,
            weights: Some(vec![0]),
            safe: None,
            lifted: None,
        }
    }

    /// The heaps' weights (`None` when one is past `u64`).
    pub(crate) fn weights(&self) -> Option<&[u64]> {
        self.weights.as_deref()
    }

    /// The safe weight of the current safe candidate (0: none).
    pub(crate) fn safe_weight(&self) -> u64 {
        self.safe.as_ref().map_or(0, |s| s.weight)
    }

    /// Keeps `safe` if it is safe further than the current one (and the
    /// weights are known); dropped when the next heap is added.
    pub(crate) fn offer_safe(&mut self, safe: Safe) {
        if self.weights.is_some() && safe.weight > self.safe_weight() {
            self.safe = Some(safe);
        }
    }

    /// From now on, answers sums of heaps `1..=known.bound` by the proved
    /// quotient `known` (exact: a proved quotient answers every such sum).
    pub(crate) fn set_known(&mut self, known: Known) {
        self.known = Some(known);
    }

    /// Gives the newest heap back its plain weight (`1 +` its heaviest
    /// option), and drops the safe candidate, whose safe weight was measured
    /// with the lifted one. Called once the newest heap's quotient is proved,
    /// before the next heap's weight is computed from it.
    pub(crate) fn settle(&mut self) {
        if let Some((h, plain)) = self.lifted.take()
            && let Some(w) = &mut self.weights
        {
            w[h] = plain;
        }
        self.safe = None;
    }

    /// Adds heap `h = heaps() + 1` with its options (each heap in `1..h`).
    ///
    /// Its weight is `1 +` the heaviest option's, lifted by `2^32` (when
    /// that fits) until [`Outcomes::settle`]: the least-failure lemma needs
    /// only that every option of a heap is lighter than the heap, which the
    /// lift keeps, and with it a candidate whose lightest wrong sum holds
    /// two copies of heap `h` is safe on every sum with one copy (whose
    /// rest weighs less than `2^32`). The searches then stop at the first
    /// move in a second copy of the new heap.
    pub(crate) fn push_heap(&mut self, options: &[Vec<usize>]) {
        self.settle();
        let h = self.options.len();
        let mut opts: Vec<Vec<u8>> = options
            .iter()
            .map(|o| {
                let mut v: Vec<u8> = o
                    .iter()
                    .filter(|&&k| k > 0 && k < h && self.movable[k])
                    .map(|&k| k as u8)
                    .collect();
                v.sort_unstable();
                v
            })
            .collect();
        opts.sort();
        opts.dedup();
        // w(h) = 1 + the heaviest option (0 with no move): every option of
        // a sum is lighter than the sum.
        let weight = self.weights.as_ref().and_then(|w| {
            if options.is_empty() {
                return Some(0);
            }
            opts.iter()
                .map(|o| {
                    o.iter()
                        .try_fold(0u64, |acc, &k| acc.checked_add(w[k as usize]))
                })
                .try_fold(0u64, |m, o| o.map(|o| m.max(o)))
                .and_then(|m| m.checked_add(1))
        });
        match (&mut self.weights, weight) {
            (Some(w), Some(x)) if x > 0 && x < LIFT => {
                w.push(x + LIFT);
                self.lifted = Some((h, x));
            }
            (Some(w), Some(x)) => w.push(x),
            _ => self.weights = None,
        }
        self.safe = None;
        self.movable.push(!options.is_empty());
        self.options.push(opts);
    }

    /// Whether heap `h` has a move.
    pub(crate) fn movable(&self, h: usize) -> bool {
        self.movable[h]
    }

    /// The options of heap `h` (heaps with no move left out).
    pub(crate) fn options(&self, h: usize) -> &[Vec<u8>] {
        &self.options[h]
    }

    /// How many sums the memo holds.
    pub(crate) fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The canonical form of a sum given by any list of heaps: the heaps
    /// with a move, sorted.
    pub(crate) fn canonical(&self, heaps: impl IntoIterator<Item = u8>) -> Vec<u8> {
        let mut v: Vec<u8> = heaps
            .into_iter()
            .filter(|&h| self.movable[h as usize])
            .collect();
        v.sort_unstable();
        v
    }

    /// Whether the sum `g` (canonical) is a misère P-position.
    pub(crate) fn is_p(&mut self, g: &[u8], limit: usize) -> Result<bool, OverLimit> {
        if g.is_empty() {
            return Ok(false);
        }
        if let Some(k) = &self.known
            && g.last().is_some_and(|&h| h as usize <= k.bound)
        {
            {
                let x = g.iter().fold(0u32, |acc, &h| {
                    k.table[acc as usize][k.phi[h as usize] as usize]
                });
                return Ok(k.p[x as usize]);
            }
        }
        if let (Some(safe), Some(w)) = (&self.safe, &self.weights) {
            let weight = g
                .iter()
                .try_fold(0u64, |acc, &h| acc.checked_add(w[h as usize]));
            if weight.is_some_and(|x| x < safe.weight) {
                let s = g
                    .iter()
                    .fold(0u32, |s, &h| safe.trans[s as usize][h as usize - 1]);
                return Ok(safe.p[s as usize]);
            }
        }
        if let Some(&v) = self.memo.get(g) {
            return Ok(v);
        }
        let mut child: Vec<u8> = Vec::with_capacity(g.len() + 1);
        let mut p = true;
        let mut i = 0;
        'heaps: while i < g.len() {
            let h = g[i] as usize;
            for k in 0..self.options[h].len() {
                child.clear();
                merge_without(g, i, &self.options[h][k], &mut child);
                let c = std::mem::take(&mut child);
                let child_p = self.is_p(&c, limit);
                child = c;
                if child_p? {
                    p = false;
                    break 'heaps;
                }
            }
            while i < g.len() && g[i] as usize == h {
                i += 1;
            }
        }
        // The caller's cancel token (`engine::misere_quotient_until`) stops
        // the search as the limit does.
        if self.memo.len() >= limit || crate::bound::stop::stop_requested() {
            return Err(OverLimit);
        }
        self.memo.insert(g.into(), p);
        Ok(p)
    }
}

/// `out = (g without its element i) ∪ add`, sorted (both inputs sorted).
fn merge_without(g: &[u8], skip: usize, add: &[u8], out: &mut Vec<u8>) {
    let (mut a, mut b) = (0, 0);
    loop {
        if a == skip {
            a += 1;
        }
        match (g.get(a), add.get(b)) {
            (Some(&x), Some(&y)) if x <= y => {
                out.push(x);
                a += 1;
            }
            (_, Some(&y)) => {
                out.push(y);
                b += 1;
            }
            (Some(&x), None) => {
                out.push(x);
                a += 1;
            }
            (None, None) => break,
        }
    }
}
