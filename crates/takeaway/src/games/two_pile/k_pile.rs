//! The same rules on `k` piles (paper 000's closing question): take `1..=w`
//! from one pile; the opponent's bound becomes `f(n, t)`, where **`n` is
//! `max − min` of the piles before the move** (for two piles, the difference).
//! Solved exhaustively for small sizes.
//!
//! Law: as for two piles, a position with bound `w` is won iff `w ≥ L(p)`, the
//! least winning move of the piles `p` (a move of `t` wins iff
//! `f(n, t) < L(p')`), with `L = ∞` when no move wins. `L` depends only on the
//! multiset of piles, so states are sorted tuples.

use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::bound::Bound;
use crate::engine::Limits;
use crate::engine::Ticker;
use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::{Hint, PileCount};
use crate::games::request::AnalyzeRequest;
use crate::games::two_pile::error::TwoPileHint;
use crate::games::two_pile::error::TwoPileQuantity;
use crate::games::two_pile::error::TwoPileWork;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::collections::HashMap;

/// Most states (sorted tuples) an exhaustive k-pile search may visit.
pub const MAX_STATES: u64 = 5_000_000;

/// `L(p)` is a `u64`; this marks "no move wins" (∞).
pub const INFINITE: u64 = u64::MAX;

/// The memoised solver of the k-pile game.
#[derive(Debug)]
pub struct KPile<'a> {
    f: &'a Bound,
    memo: HashMap<Vec<u64>, u64>,
    cap: u64,
    limits: Limits,
}

/// Bytes one solved state of `k` piles holds: the sorted tuple on the heap
/// (with the allocator's header), its `Vec` and the answer in the table,
/// with the table's spare room; the search stack holds at most as much again.
fn state_bytes(k: usize) -> u64 {
    (k as u64)
        .saturating_mul(8)
        .saturating_add(16 + 24 + 8)
        .saturating_mul(2)
}

impl<'a> KPile<'a> {
    /// A solver visiting at most `min(limits.max_states, MAX_STATES)` states,
    /// and no more than `limits.max_bytes` holds (counted as it goes, so
    /// the memory is refused before it is taken), polling `limits.cancel`
    /// every few thousand move checks.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::Limits;
    /// use takeaway::games::two_pile::k_pile::KPile;
    /// let f = Bound::parse("2*t").unwrap();
    /// let mut s = KPile::new(&f, Limits::generous());
    /// assert_eq!(s.least_winning_move(&[1, 1, 1]).unwrap(), 1);
    /// assert!(s.states() >= 4);
    /// ```
    pub fn new(f: &'a Bound, limits: Limits) -> KPile<'a> {
        KPile {
            f,
            memo: HashMap::new(),
            cap: limits.max_states.min(MAX_STATES),
            limits,
        }
    }

    /// States solved so far.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::Limits;
    /// use takeaway::games::two_pile::k_pile::KPile;
    /// let f = Bound::parse("2*t").unwrap();
    /// let mut s = KPile::new(&f, Limits::generous());
    /// assert_eq!(s.least_winning_move(&[1, 1, 1]).unwrap(), 1);
    /// assert!(s.states() >= 4);
    /// ```
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// `L(piles)` (`INFINITE` when no move wins), piles in any order.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::Limits;
    /// use takeaway::games::two_pile::k_pile::{KPile, INFINITE};
    /// let f = Bound::parse("2*t").unwrap();
    /// let mut s = KPile::new(&f, Limits::generous());
    /// // Two piles: L(20, 62) = 8 (paper 000 §4); equal piles are lost.
    /// assert_eq!(s.least_winning_move(&[20, 62]).unwrap(), 8);
    /// assert_eq!(s.least_winning_move(&[5, 5]).unwrap(), INFINITE);
    /// ```
    pub fn least_winning_move(&mut self, piles: &[u64]) -> Result<u64, GameError> {
        let mut start: Vec<u64> = piles.to_vec();
        start.sort_unstable();
        let too_large = |cap: u64, needed: Amount, limit: Amount| {
            GameError::too_large(
                TwoPileWork::KPileSearchFrom {
                    piles: piles.to_vec(),
                },
                needed,
                limit,
                TwoPileHint::KPileStopped(cap),
            )
        };
        let per_state = state_bytes(piles.len());
        let mut ticker = Ticker::new(&self.limits.cancel, 12);
        // Explicit stack: (state, next t to try).
        let mut stack: Vec<(Vec<u64>, u64)> = vec![(start.clone(), 1)];
        while let Some((state, t0)) = stack.pop() {
            if self.memo.contains_key(&state) {
                continue;
            }
            let max = state.last().copied().unwrap_or(0);
            let n = max - state.first().copied().unwrap_or(0);
            let mut answer = None;
            let mut pending = None;
            'moves: for t in t0..=max {
                ticker.tick()?;
                let b = self.f.eval_u64(n, t)?;
                let mut seen = None;
                for i in 0..state.len() {
                    if state[i] < t || seen == Some(state[i]) {
                        continue;
                    }
                    seen = Some(state[i]);
                    let mut next = state.clone();
                    next[i] -= t;
                    next.sort_unstable();
                    match self.memo.get(&next) {
                        Some(&l) => {
                            if b < l {
                                answer = Some(t);
                                break 'moves;
                            }
                        }
                        None => {
                            pending = Some((t, next));
                            break 'moves;
                        }
                    }
                }
            }
            match (answer, pending) {
                (Some(t), _) => {
                    self.memo.insert(state, t);
                }
                (None, Some((t, next))) => {
                    stack.push((state, t));
                    stack.push((next, 1));
                }
                (None, None) => {
                    self.memo.insert(state, INFINITE);
                }
            }
            let held = (self.memo.len() + stack.len()) as u64;
            if self.memo.len() as u64 > self.cap {
                return Err(too_large(
                    held,
                    Amount::more_than(self.cap, Unit::Positions),
                    Amount::of(self.cap, Unit::Positions),
                ));
            }
            if held.saturating_mul(per_state) > self.limits.max_bytes {
                return Err(too_large(
                    held,
                    Amount::more_than(self.limits.max_bytes >> 20, Unit::MiB),
                    Amount::of(self.limits.max_bytes >> 20, Unit::MiB),
                ));
            }
        }
        Ok(self.memo.get(&start).copied().unwrap_or(INFINITE))
    }
}

/// `analyze` for `k ≠ 2` piles: exhaustive.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::AnalyzeRequest;
/// use takeaway::games::two_pile::k_pile::analyze;
/// let req = AnalyzeRequest::new(vec![1u32.into(), 2u32.into(), 4u32.into()]);
/// let a = analyze(&Bound::parse("2*t").unwrap(), "two-pile:f=2*t", &req).unwrap();
/// assert!(a.winning_move.is_some() == (a.outcome == takeaway::analysis::Outcome::N));
/// ```
pub fn analyze(f: &Bound, game: &str, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
    if req.piles.is_empty() {
        return Err(PileCount::NoPile.into());
    }
    let piles: Vec<u64> = req
        .piles
        .iter()
        .map(|p| p.to_u64().filter(|&v| v < 1 << 32))
        .collect::<Option<_>>()
        .ok_or_else(|| {
            GameError::too_large(
                TwoPileWork::KPileSearch { k: req.piles.len() },
                TwoPileQuantity::PileAtLeast(32),
                Amount::of(MAX_STATES, Unit::Positions),
                Hint::SmallerPiles,
            )
        })?;
    let mut solver = KPile::new(f, req.limits.clone());
    let l = solver.least_winning_move(&piles)?;
    let least = (l != INFINITE).then(|| BigUint::from(l));
    let w = req.bound.as_ref();
    let wins = least.as_ref().is_some_and(|l| w.is_none_or(|w| w >= l));
    let max = piles.iter().copied().max().unwrap_or(0);
    let n = max - piles.iter().copied().min().unwrap_or(0);
    let mut winning_move = None;
    if wins {
        let b = f.eval_u64(n, l)?;
        for i in 0..piles.len() {
            if piles[i] < l {
                continue;
            }
            let mut next = piles.clone();
            next[i] -= l;
            if b < solver.least_winning_move(&next)? {
                winning_move = Some(Move {
                    take: Some(l.into()),
                    pile: Some(i),
                    to: next.iter().map(|&v| BigUint::from(v)).collect(),
                    bound: Some(f.eval(&n.into(), &l.into()).map_err(GameError::Bound)?),
                    ..Move::default()
                });
                break;
            }
        }
    }
    let explanation = format!(
        "Exhaustive search of the {}-pile game ({} positions; the bound after a move of t is f(n, t) with n = max − min of the piles before the move = {n}): the least winning move is {}. {}",
        piles.len(),
        solver.states(),
        least
            .as_ref()
            .map_or("∞ (no move wins)".into(), |l| l.to_string()),
        match (&winning_move, &least) {
            (Some(mv), _) => format!(
                "Take {} from {}.",
                l,
                crate::analysis::numbered("pile", mv.pile.unwrap_or(0))
            ),
            (None, None) => "The player to move loses whatever the bound.".into(),
            (None, Some(l)) => format!("The bound is below {l}: the player to move loses."),
        }
    );
    Ok(Analysis {
        game: game.to_string(),
        piles: req.piles.clone(),
        bound: req.bound.clone(),
        outcome: Outcome::from_win(winning_move.is_some()),
        value: least,
        winning_move,
        moves: None,
        fastest: None,
        remoteness: None,
        grundy: None,
        method: Method::Exhaustive,
        explanation,
        digits: Vec::new(),
        parts: Vec::new(),
        notes: Vec::new(),
    })
}

/// A slice of the `k`-pile tableau: `L(a, b, s_1, …, s_(k−2))` for pile 1
/// `a < rows`, pile 2 `b < cols` and the further piles fixed at `slice`
/// (`INFINITE` where no move wins), with `n = max − min` of all piles (empty
/// ones included) before each move, as in [`KPile`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slice {
    /// Number of rows (pile 1 = 0..rows).
    pub rows: usize,
    /// Number of columns (pile 2 = 0..cols).
    pub cols: usize,
    /// The further piles.
    pub slice: Vec<u64>,
    /// `cells[a * cols + b]`.
    pub cells: Vec<u64>,
    /// Positions (multisets) solved.
    pub states: usize,
}

impl Slice {
    /// `L(a, b, slice…)`, `INFINITE` for no winning move.
    pub fn get(&self, a: usize, b: usize) -> u64 {
        self.cells[a * self.cols + b]
    }

    /// The values column `b` takes (ascending, `None` for ∞) and the rows `a`
    /// where it changes (the `k`-pile analogue of a tableau column's flips).
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::{Limits, NoProgress};
    /// use takeaway::games::two_pile::k_pile::slice;
    /// let f = Bound::parse("2*t").unwrap();
    /// let s = slice(&f, 4, 4, &[0], &Limits::strict(), &NoProgress).unwrap();
    /// // With an empty third pile the game is the two-pile game: column b = 0 is
    /// // L(a, 0, 0) = L(0, a) = the smallest Fibonacci term of a (∞ for a = 0, listed last).
    /// assert_eq!(s.column_structure(0), (vec![Some(1), Some(2), Some(3), None], vec![1, 2, 3]));
    /// ```
    pub fn column_structure(&self, b: usize) -> (Vec<Option<u64>>, Vec<usize>) {
        let mut values = Vec::new();
        let mut changes = Vec::new();
        for a in 0..self.rows {
            let v = Some(self.get(a, b)).filter(|&v| v != INFINITE);
            if !values.contains(&v) {
                values.push(v);
            }
            if a > 0 && Some(self.get(a - 1, b)).filter(|&v| v != INFINITE) != v {
                changes.push(a);
            }
        }
        values.sort_by_key(|v| v.unwrap_or(INFINITE));
        (values, changes)
    }
}

/// The slice table of the `k`-pile game (`k = slice.len() + 2`), every cell
/// by the memoised solver [`KPile`] under `limits` (the multisets it may
/// visit are admitted before any work; the cancel token is polled).
///
/// Law: `slice(f, r, c, &[s], …).get(a, b) == KPile::least_winning_move(&[a, b, s])`,
/// and with `slice = []` it is the two-pile tableau with rows = pile 1.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::{Limits, NoProgress};
/// use takeaway::games::two_pile::k_pile::{slice, INFINITE};
/// let f = Bound::parse("2*t").unwrap();
/// let s = slice(&f, 3, 3, &[1], &Limits::strict(), &NoProgress).unwrap();
/// assert_eq!(s.get(1, 1), 1);        // (1, 1, 1): take one, leaving a pair
/// assert_eq!(s.get(0, 1), INFINITE); // (0, 1, 1): equal piles, mirrored
/// ```
pub fn slice(
    f: &Bound,
    rows: u64,
    cols: u64,
    slice: &[u64],
    limits: &Limits,
    progress: &dyn crate::games::progress::Progress,
) -> Result<Slice, GameError> {
    let top = rows
        .saturating_sub(1)
        .max(cols.saturating_sub(1))
        .max(slice.iter().copied().max().unwrap_or(0));
    let k = slice.len() + 2;
    let cells_count = rows.saturating_mul(cols);
    // Every multiset of k piles up to the largest may be visited; each costs a
    // hash-map entry of about 8k + 64 bytes, and each cell an answer.
    let multisets = crate::engine::Estimate::multisets(&vec![top; k]);
    let estimate = crate::engine::Estimate::positions(
        multisets.saturating_add(cells_count),
        8 * k as u64 + 64,
    );
    limits.admit(estimate).map_err(|over| {
        GameError::over(
            TwoPileWork::KPileTable { k, rows, cols },
            over,
            TwoPileHint::SmallerSlice,
        )
    })?;
    if multisets > MAX_STATES {
        return Err(GameError::too_large(
            TwoPileWork::KPileTable { k, rows, cols },
            Amount::of(multisets, Unit::Positions),
            Amount::of(MAX_STATES, Unit::KPileSolverPositions),
            TwoPileHint::SmallerSlice,
        ));
    }
    let (rows, cols) = (rows as usize, cols as usize);
    let mut solver = KPile::new(f, limits.clone());
    let mut cells = Vec::with_capacity(rows * cols);
    progress.start("cells", (rows * cols) as u64);
    let mut piles = vec![0u64; k];
    piles[2..].copy_from_slice(slice);
    for a in 0..rows {
        for b in 0..cols {
            piles[0] = a as u64;
            piles[1] = b as u64;
            cells.push(solver.least_winning_move(&piles)?);
        }
        progress.advance(cols as u64);
    }
    progress.finish();
    Ok(Slice {
        rows,
        cols,
        slice: slice.to_vec(),
        cells,
        states: solver.states(),
    })
}

/// `table` for the `k`-pile game (`k ≥ 3`): the [`slice()`] at `req.slice`
/// (`k − 2` piles) as text, CSV and JSON (`rows`: pile 1 by pile 2, null for
/// no winning move; `slice`), or with `req.summary` each column's values and
/// the rows where it changes (text/CSV one line per column; JSON `columns` =
/// [{`col`, `values`, `changes`}], no `rows`).
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::TableRequest;
/// use takeaway::games::two_pile::k_pile::table;
/// let f = Bound::parse("2*t").unwrap();
/// let mut req = TableRequest::new(3);
/// req.slice = vec![1];
/// let t = table(&f, "two-pile:f=2*t:piles=3", 3, &req).unwrap();
/// let doc = serde_json::to_value(t.document()).unwrap();
/// assert_eq!(doc["rows"][1][1], 1);            // (1, 1, 1)
/// assert!(doc["rows"][0][1].is_null());        // (0, 1, 1)
/// ```
pub fn table(
    f: &Bound,
    spec: &str,
    k: usize,
    req: &crate::games::request::TableRequest<'_>,
) -> Result<crate::games::request::Table, GameError> {
    use crate::games::request::Table;
    use crate::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
    use crate::render::tableau::{Placement, Tableau, TableauLayout};
    use serde_json::json;
    if req.slice.len() + 2 != k {
        return Err(crate::games::advice::Misused::SliceLength {
            k,
            got: req.slice.len(),
        }
        .into());
    }
    let cols = req.cols.unwrap_or(req.rows);
    let s = slice(f, req.rows, cols, &req.slice, &req.limits, req.progress)?;
    let slice_text: Vec<String> = s.slice.iter().map(u64::to_string).collect();
    let title = format!(
        "{spec}: L(a, b, {}) (rows a = pile 1, columns b = pile 2, then {}; n = max − min of all piles before the move; (piles, w) is won iff w ≥ L)",
        slice_text.join(", "),
        (3..=k)
            .zip(&slice_text)
            .map(|(i, v)| format!("pile {i} = {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let json = json!({
        "game": spec,
        "method": "exhaustive",
        "row_count": s.rows,
        "col_count": s.cols,
        "slice": s.slice,
        "states": s.states,
    });
    // L ≤ the largest pile: below 2^32 in every slice the limits admit.
    let small: Vec<u32> = s
        .cells
        .iter()
        .map(|&v| u32::try_from(v).unwrap_or(u32::MAX))
        .collect();
    let grid = super::heatmap_of(
        format!(
            "{spec}: least winning move L(a, b, {})",
            slice_text.join(", ")
        ),
        ("pile 2 (b)", "pile 1 (a)"),
        (s.rows, s.cols),
        "∞ (no winning move)",
        |a| &small[a * s.cols..(a + 1) * s.cols],
    );
    if req.summary {
        let (mut values, mut changes) = (Vec::new(), Vec::new());
        for b in 0..s.cols {
            let (v, c) = s.column_structure(b);
            values.push(v);
            changes.push(c.into_iter().map(|a| Some(a as u64)).collect::<Vec<_>>());
        }
        let report = Records {
            title: format!(
                "{title}\nfor each column b: the values L takes and the rows a where it changes"
            ),
            footer: String::new(),
            fields: vec![
                Field::new("b", FieldValues::Wide((0..s.cols as u64).collect())),
                Field::new(
                    "values",
                    FieldValues::Lists {
                        lists: values,
                        shown: usize::MAX,
                    },
                ),
                Field::new(
                    "changes",
                    FieldValues::Wide(changes.iter().map(|c| c.len() as u64).collect()),
                ),
                Field::new(
                    "first_changes",
                    FieldValues::Lists {
                        lists: changes,
                        shown: 20,
                    },
                ),
            ],
            layout: RecordLayout::Changes {
                index: "b",
                row: "a",
                word: "changes",
            },
            json: RecordJson::Objects {
                key: "columns",
                names: &[(0, "col"), (1, "values"), (3, "changes")],
            },
        };
        return Ok(Table::of_records(report, json, Some(grid), req.format));
    }
    let mut report = Tableau {
        title,
        footer: String::new(),
        corner: "a",
        rows: s.rows,
        cols: s.cols,
        cells: small,
        none: Some(u32::MAX),
        key: "rows",
        placement: Placement::Column,
        layout: TableauLayout::Rows,
    };
    report.layout = TableauLayout::Bordered {
        corner: "a \\ b",
        width: report.widest(0..s.rows, 3),
    };
    Ok(Table::of_tableau(report, json, Some(grid), req.format))
}
