//! The two-row table of Spite Nim: `safe(n, s)` for every `n, s < size`, by
//! word-parallel bitset operations.
//!
//! From `(n, s)` with `s ≤ n`, a call `c ∈ 1..=n` lets the chooser take from the
//! long row, leaving `(n − c, s)`, or (if `c ≤ s`) from the short row, leaving
//! `(n, s − c)`. The call wins iff every option is safe. Writing `j = n − c`
//! and reading the symmetric table by rows:
//!
//! * calls with `c > s` (`j < n − s`) win iff `safe(s, j)`: so `(n, s)` is
//!   unsafe as soon as the least `j` with `safe(s, j)` is below `n − s`;
//! * calls with `c ≤ s` (`n − s ≤ j < n`) win iff `safe(s, j)` and
//!   `safe(n, j − (n − s))`: the AND of row `s` shifted by `n − s` with row `n`,
//!   64 calls per machine word.
//!
//! Row `n` is filled for `s = 0, 1, …, n` in turn; both rows read are complete
//! on the bits used. The whole table to `n < 4096` takes well under a second.

use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::{Hint, Quantity};
use crate::games::spite::error::SpiteWork;

use crate::engine::Limits;

use crate::games::progress::Progress;

/// The symmetric bit matrix of safe two-row positions below `size`.
#[derive(Debug, Clone)]
pub struct TwoRowTable {
    size: usize,
    words: usize,
    bits: Vec<u64>,
}

impl TwoRowTable {
    /// Work and memory of [`TwoRowTable::build`]: `(steps, bytes)` where steps
    /// count position–word pairs (`size² / 2 × ⌈size / 64⌉`).
    ///
    /// ```
    /// use takeaway::games::spite::two_row::TwoRowTable;
    /// assert_eq!(TwoRowTable::cost(64), Some((2080, 64 * 2 * 8)));
    /// ```
    pub fn cost(size: u64) -> Option<(u64, u64)> {
        let words = size / 64 + 1;
        let positions = size.checked_mul(size.checked_add(1)?)? / 2;
        let steps = positions.checked_mul(size.div_ceil(64).max(1))?;
        let bytes = size.checked_mul(words)?.checked_mul(8)?;
        Some((steps, bytes))
    }

    /// Solves every two-row position `(n, s)` with `n, s < size`.
    ///
    /// ```
    /// use takeaway::games::{Limits, NoProgress, spite::two_row::TwoRowTable};
    /// let t = TwoRowTable::build(11, &Limits::default(), &NoProgress).unwrap();
    /// assert!(t.safe(10, 6));   // (10, e(10)) safe, Theorem 1 of paper 003
    /// assert!(!t.safe(10, 5));  // s < e(10): unsafe
    /// ```
    pub fn build(
        size: u64,
        limits: &Limits,
        progress: &dyn Progress,
    ) -> Result<TwoRowTable, GameError> {
        let too_large = |needed: Quantity, limit: Quantity| {
            GameError::too_large(
                SpiteWork::TwoRowTableBelow { size },
                needed,
                limit,
                Hint::AskFewerRows,
            )
        };
        let (steps, bytes) = TwoRowTable::cost(size).ok_or_else(|| {
            too_large(
                Amount::pow2(64, Unit::Steps).at_least().into(),
                Amount::pow2(64, Unit::Bare).into(),
            )
        })?;
        if steps > limits.max_states {
            return Err(too_large(
                Amount::of(steps, Unit::PositionWordSteps).into(),
                Amount::of(limits.max_states, Unit::Steps).into(),
            ));
        }
        if bytes > limits.max_bytes {
            return Err(too_large(
                Amount::of(bytes, Unit::Bytes).into(),
                Amount::of(limits.max_bytes, Unit::Bytes).into(),
            ));
        }
        let size = usize::try_from(size)
            .map_err(|_| too_large(Amount::of(size, Unit::Rows).into(), Quantity::AddressSpace))?;
        let words = size / 64 + 1;
        let mut t = TwoRowTable {
            size,
            words,
            bits: vec![0; size * words],
        };
        // least_safe[s] = least j with safe(s, j) among the bits set so far.
        let mut least_safe = vec![usize::MAX; size];
        progress.start("two-row Spite Nim table", size as u64);
        for n in 0..size {
            limits.check()?;
            for s in 0..=n {
                let unsafe_pos = least_safe[s] < n - s || t.first_paired_call(n, s).is_some();
                if !unsafe_pos {
                    t.set(n, s);
                    least_safe[s] = least_safe[s].min(n);
                    least_safe[n] = least_safe[n].min(s);
                }
            }
            progress.advance(1);
        }
        progress.finish();
        Ok(t)
    }

    fn set(&mut self, a: usize, b: usize) {
        self.bits[a * self.words + b / 64] |= 1 << (b % 64);
        self.bits[b * self.words + a / 64] |= 1 << (a % 64);
    }

    fn row(&self, a: usize) -> &[u64] {
        &self.bits[a * self.words..(a + 1) * self.words]
    }

    /// 64 bits of row `a` starting at bit `offset` (zeros past the end).
    fn window(&self, a: usize, offset: usize) -> u64 {
        let row = self.row(a);
        let (w, sh) = (offset / 64, offset % 64);
        let lo = row.get(w).copied().unwrap_or(0) >> sh;
        let hi = if sh == 0 {
            0
        } else {
            row.get(w + 1).copied().unwrap_or(0) << (64 - sh)
        };
        lo | hi
    }

    /// For `s ≤ n`: the word-parallel AND over calls `c ≤ s`; returns the
    /// first word index and word with a winning call, if any.
    fn first_paired_call(&self, n: usize, s: usize) -> Option<(usize, u64)> {
        let shift = n - s;
        let row_n = self.row(n);
        for k in 0..s.div_ceil(64) {
            let mut own = row_n.get(k).copied().unwrap_or(0);
            let valid = s - 64 * k;
            if valid < 64 {
                own &= (1u64 << valid) - 1;
            }
            let both = own & self.window(s, shift + 64 * k);
            if both != 0 {
                return Some((k, both));
            }
        }
        None
    }

    /// The number of rows (positions have both rows below this).
    pub fn size(&self) -> usize {
        self.size
    }

    /// Whether `(a, b)` is safe (unordered). Out of range answers `false`.
    pub fn safe(&self, a: usize, b: usize) -> bool {
        if a >= self.size || b >= self.size {
            return false;
        }
        self.bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// Every winning call from `(a, b)` (unordered), ascending; `None` out of range.
    ///
    /// ```
    /// use takeaway::games::{Limits, NoProgress, spite::two_row::TwoRowTable};
    /// let t = TwoRowTable::build(11, &Limits::default(), &NoProgress).unwrap();
    /// // paper 003 Theorem 1: from (10, 5) the call 10 − e(5) = 7 wins
    /// assert!(t.winning_calls(10, 5).unwrap().contains(&7));
    /// ```
    pub fn winning_calls(&self, a: usize, b: usize) -> Option<Vec<u64>> {
        if a >= self.size || b >= self.size {
            return None;
        }
        let (n, s) = if a >= b { (a, b) } else { (b, a) };
        let mut out = Vec::new();
        for c in 1..=n {
            let long_ok = self.safe(n - c, s);
            let short_ok = c > s || self.safe(n, s - c);
            if long_ok && short_ok {
                out.push(c as u64);
            }
        }
        Some(out)
    }

    /// The safe pairs `(n, s)` with `s ≤ n < size`, by `n` then `s`.
    pub fn safe_pairs(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for n in 0..self.size {
            for s in 0..=n {
                if self.safe(n, s) {
                    out.push((n, s));
                }
            }
        }
        out
    }
}
