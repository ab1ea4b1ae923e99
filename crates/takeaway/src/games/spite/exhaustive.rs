//! Exhaustive solver for Spite Nim with any number of rows, written from the
//! rules alone (see [`super::game`]), with remoteness.
//!
//! Positions are sorted tuples of `k` rows (zeros allowed). The solver fills a
//! dense table over every sorted tuple dominated (componentwise, after sorting)
//! by a target position, in colexicographic order: a chosen row only shrinks,
//! so every successor of a tuple is dominated by it and comes earlier.
//!
//! For a position `a`, a call `c ∈ 1..=max(a)` *wins* iff every row `≥ c` the
//! chooser may pick leaves a safe position; the position is unsafe (`N`) iff a
//! call wins. Remoteness counts calls to the end of the game under best play:
//! the winner shortens (least over winning calls of the longest choice), the
//! loser lengthens (greatest over calls of the shortest choice that keeps the
//! chooser winning), the empty position has remoteness 0.

use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::Quantity;
use crate::games::spite::error::SpiteHint;
use crate::games::spite::error::SpiteWork;

use crate::engine::Limits;

const UNSAFE: u32 = 1 << 31;

/// The solved table for every position dominated by a target.
#[derive(Debug, Clone)]
pub struct Exhaustive {
    bounds: Vec<u64>,
    strides: Vec<usize>,
    data: Vec<u32>,
}

/// The cost of solving a target: dense cells, position–call–choice steps, bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cost {
    /// Cells of the dense table (`Π (r_i + 1)`).
    pub cells: u64,
    /// Work: cells × largest call × rows (position–call–choice steps).
    pub steps: u64,
    /// Bytes of the table.
    pub bytes: u64,
}

impl Exhaustive {
    /// The cost of [`Exhaustive::solve`] for `rows`, `None` on overflow.
    ///
    /// ```
    /// use takeaway::games::spite::exhaustive::Exhaustive;
    /// let c = Exhaustive::cost(&[2, 3]).unwrap();
    /// assert_eq!((c.cells, c.steps, c.bytes), (12, 72, 48));
    /// ```
    pub fn cost(rows: &[u64]) -> Option<Cost> {
        let mut cells = 1u64;
        for &r in rows {
            cells = cells.checked_mul(r.checked_add(1)?)?;
        }
        let max = rows.iter().copied().max().unwrap_or(0).max(1);
        let steps = cells
            .checked_mul(max)?
            .checked_mul(u64::try_from(rows.len().max(1)).ok()?)?;
        Some(Cost {
            cells,
            steps,
            bytes: cells.checked_mul(4)?,
        })
    }

    /// Solves every position dominated by `rows` (any order, any count of rows).
    ///
    /// Fails with [`GameError::TooLarge`] when the work (position–call–choice
    /// steps) exceeds `limits.max_states` or the table exceeds `limits.max_bytes`.
    ///
    /// ```
    /// use takeaway::games::{Limits, spite::exhaustive::Exhaustive};
    /// let t = Exhaustive::solve(&[1, 1], &Limits::default()).unwrap();
    /// assert_eq!(t.is_safe(&[1, 1]), Some(true));  // paper 003: (1, 1) is safe
    /// assert_eq!(t.is_safe(&[1, 0]), Some(false)); // paper 003: (1, 0) is unsafe
    /// ```
    pub fn solve(rows: &[u64], limits: &Limits) -> Result<Exhaustive, GameError> {
        let too_large = |needed: Quantity, limit: Quantity| {
            GameError::too_large(
                SpiteWork::Below {
                    rows: rows.to_vec(),
                },
                needed,
                limit,
                SpiteHint::FewerOrSmallerRows,
            )
        };
        let cost = Exhaustive::cost(rows).ok_or_else(|| {
            too_large(
                Amount::pow2(64, Unit::Steps).at_least().into(),
                Amount::pow2(64, Unit::Bare).into(),
            )
        })?;
        if cost.steps > limits.max_states {
            return Err(too_large(
                Amount::of(cost.steps, Unit::PositionCallChoiceSteps).into(),
                Amount::of(limits.max_states, Unit::Steps).into(),
            ));
        }
        if cost.bytes > limits.max_bytes {
            return Err(too_large(
                Amount::of(cost.bytes, Unit::Bytes).into(),
                Amount::of(limits.max_bytes, Unit::Bytes).into(),
            ));
        }
        let mut bounds = rows.to_vec();
        bounds.sort_unstable();
        let k = bounds.len();
        let mut strides = vec![1usize; k];
        for i in 1..k {
            strides[i] = strides[i - 1] * (bounds[i - 1] as usize + 1);
        }
        let cells = usize::try_from(cost.cells).map_err(|_| {
            too_large(
                Amount::of(cost.cells, Unit::Cells).into(),
                Quantity::AddressSpace,
            )
        })?;
        let mut table = Exhaustive {
            bounds,
            strides,
            data: vec![0; cells],
        };
        if k == 0 {
            return Ok(table);
        }
        let mut a = vec![0u64; k];
        let mut scratch = vec![0u64; k];
        let mut ticker = crate::engine::Ticker::new(&limits.cancel, 8);
        loop {
            ticker.tick()?;
            let value = table.evaluate(&a, &mut scratch);
            let idx = table.index_sorted(&a);
            table.data[idx] = value;
            // Next sorted tuple dominated by the bounds, colex order.
            let mut i = 0;
            loop {
                if i == k {
                    return Ok(table);
                }
                let cap = if i + 1 < k {
                    table.bounds[i].min(a[i + 1])
                } else {
                    table.bounds[i]
                };
                if a[i] < cap {
                    a[i] += 1;
                    for x in a.iter_mut().take(i) {
                        *x = 0;
                    }
                    break;
                }
                i += 1;
            }
        }
    }

    fn index_sorted(&self, a: &[u64]) -> usize {
        a.iter()
            .zip(&self.strides)
            .map(|(&x, &s)| x as usize * s)
            .sum()
    }

    /// Sorted copy of `rows` if it is dominated by the bounds.
    fn locate(&self, rows: &[u64]) -> Option<usize> {
        if rows.len() != self.bounds.len() {
            return None;
        }
        let mut a = rows.to_vec();
        a.sort_unstable();
        if a.iter().zip(&self.bounds).any(|(x, b)| x > b) {
            return None;
        }
        Some(self.index_sorted(&a))
    }

    /// `a` with the row at sorted index `i` reduced by `c`, re-sorted, into `out`.
    fn successor(a: &[u64], i: usize, c: u64, out: &mut [u64]) {
        out.copy_from_slice(a);
        let mut j = i;
        let v = a[i] - c;
        while j > 0 && out[j - 1] > v {
            out[j] = out[j - 1];
            j -= 1;
        }
        out[j] = v;
    }

    fn evaluate(&self, a: &[u64], scratch: &mut [u64]) -> u32 {
        let max = a.last().copied().unwrap_or(0);
        if max == 0 {
            return 0; // safe, remoteness 0: the previous call took the last counter
        }
        let mut best_win: Option<u32> = None; // least over winning calls
        let mut best_lose = 0u32; // greatest over losing calls
        for c in 1..=max {
            let mut wins = true;
            let mut longest = 0u32;
            let mut shortest_refutation = u32::MAX;
            for i in 0..a.len() {
                if a[i] < c || (i > 0 && a[i - 1] == a[i]) {
                    continue;
                }
                Exhaustive::successor(a, i, c, scratch);
                let v = self.data[self.index_sorted(scratch)];
                let rem = v & !UNSAFE;
                if v & UNSAFE != 0 {
                    wins = false;
                    shortest_refutation = shortest_refutation.min(rem + 1);
                } else {
                    longest = longest.max(rem + 1);
                }
            }
            if wins {
                best_win = Some(best_win.map_or(longest, |b| b.min(longest)));
            } else {
                best_lose = best_lose.max(shortest_refutation);
            }
        }
        match best_win {
            Some(r) => UNSAFE | r,
            None => best_lose,
        }
    }

    /// Whether `rows` (any order) is safe, if it lies in the table.
    pub fn is_safe(&self, rows: &[u64]) -> Option<bool> {
        let idx = self.locate(rows)?;
        Some(self.data[idx] & UNSAFE == 0)
    }

    /// Calls to the end of the game under best play, if `rows` lies in the table.
    ///
    /// ```
    /// use takeaway::games::{Limits, spite::exhaustive::Exhaustive};
    /// let t = Exhaustive::solve(&[2, 1], &Limits::default()).unwrap();
    /// assert_eq!(t.remoteness(&[1, 0]), Some(1)); // call 1 ends the game
    /// ```
    pub fn remoteness(&self, rows: &[u64]) -> Option<u32> {
        let idx = self.locate(rows)?;
        Some(self.data[idx] & !UNSAFE)
    }

    /// Every winning call from `rows`, ascending (empty when `rows` is safe).
    ///
    /// ```
    /// use takeaway::games::{Limits, spite::exhaustive::Exhaustive};
    /// let t = Exhaustive::solve(&[10, 5], &Limits::default()).unwrap();
    /// // Theorem 1 (paper 003): e(10) = 6 > 5, winning call 10 − e(5) = 7
    /// assert!(t.winning_calls(&[10, 5]).unwrap().contains(&7));
    /// ```
    pub fn winning_calls(&self, rows: &[u64]) -> Option<Vec<u64>> {
        self.locate(rows)?;
        let max = rows.iter().copied().max().unwrap_or(0);
        let mut out = Vec::new();
        for c in 1..=max {
            let all_safe = super::game::choices(rows, c).into_iter().all(|i| {
                super::game::after_choice(rows, i, c)
                    .and_then(|next| self.is_safe(&next))
                    .unwrap_or(false)
            });
            if all_safe {
                out.push(c);
            }
        }
        Some(out)
    }

    /// The chooser's spiteful choices after `call` on `rows`: the indices of the
    /// rows (as given) whose reduction leaves an unsafe position, which the
    /// chooser, calling next, then wins. Empty when `call` is a winning call.
    ///
    /// ```
    /// use takeaway::games::{Limits, spite::exhaustive::Exhaustive};
    /// let t = Exhaustive::solve(&[10, 6], &Limits::default()).unwrap();
    /// // (10, 6) is safe (Theorem 1). On the call 3 both (7, 6) and (10, 3) are
    /// // unsafe (brute force: the only safe (7, s) is s = e(7) = 4; and 3 < e(10) = 6,
    /// // Theorem 1); on the call 7 only the 10 can
    /// // be chosen, leaving (3, 6), unsafe since 3 < e(6) = 4.
    /// assert_eq!(t.spiteful_choices(&[10, 6], 3), Some(vec![0, 1]));
    /// assert_eq!(t.spiteful_choices(&[10, 6], 7), Some(vec![0]));
    /// ```
    pub fn spiteful_choices(&self, rows: &[u64], call: u64) -> Option<Vec<usize>> {
        self.locate(rows)?;
        let mut out = Vec::new();
        for i in super::game::choices(rows, call) {
            let next = super::game::after_choice(rows, i, call)?;
            if !self.is_safe(&next)? {
                out.push(i);
            }
        }
        Some(out)
    }

    /// Every safe sorted tuple in the table (ascending within, colex order).
    pub fn safe_positions(&self) -> Vec<Vec<u64>> {
        let k = self.bounds.len();
        let mut out = Vec::new();
        if k == 0 {
            return out;
        }
        let mut a = vec![0u64; k];
        loop {
            if self.data[self.index_sorted(&a)] & UNSAFE == 0 {
                out.push(a.clone());
            }
            let mut i = 0;
            loop {
                if i == k {
                    return out;
                }
                let cap = if i + 1 < k {
                    self.bounds[i].min(a[i + 1])
                } else {
                    self.bounds[i]
                };
                if a[i] < cap {
                    a[i] += 1;
                    for x in a.iter_mut().take(i) {
                        *x = 0;
                    }
                    break;
                }
                i += 1;
            }
        }
    }
}
