//! The exhaustive solver: `L(n)` for every pile `n < N` in one pass and `O(N)`
//! memory, for any bound `f(n, t)` — non-monotone, `f(t) < t`, depending on `n`.
//!
//! Law (the functional equation of the one-pile game): `L(0) = ∞` and
//! `L(n) = min { t ≥ 1 : f(n, t) < L(n − t) }`. Taking the whole pile always
//! satisfies it (`L(0) = ∞`), so `1 ≤ L(n) ≤ n` for `n ≥ 1`. The position
//! `(n, w)` is won iff `w ≥ L(n)`, because a move `t` wins exactly when the
//! opponent's bound is below the least winning move of what is left.

use super::rules::next_bound;
use crate::bound::Bound;
use crate::games::{GameError, Limits, Progress};

/// `L(n)` is stored as a `u32`; this marks `L(0) = ∞`.
pub const INFINITE: u32 = u32::MAX;

/// Piles handled by the table: `N` must stay below this.
pub const MAX_ROWS: u64 = (u32::MAX - 1) as u64;

/// Bytes of memory a table of `rows` piles needs for bound `f`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::one_pile::exhaustive::table_bytes;
/// assert_eq!(table_bytes(&Bound::parse("3*t").unwrap(), 10), 80);
/// ```
pub fn table_bytes(f: &Bound, rows: u64) -> u64 {
    // L(n) as u32, plus f(t) as u32 when f does not depend on n.
    let per_row = if f.uses_n() { 4 } else { 8 };
    rows.saturating_mul(per_row)
}

/// `L(n)` for `n < rows` (`values[0] == INFINITE`).
///
/// Fails with [`GameError::TooLarge`] when the table needs more memory than
/// `limits.max_bytes`, or when the search would visit more than
/// `limits.max_states` candidate moves (bounds that make `L(n)` close to `n`
/// for many `n` cost quadratic time).
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::{Limits, NoProgress};
/// use takeaway::games::one_pile::exhaustive::least_winning_moves;
/// // Fibonacci Nim (f = 2t): L(n) is the smallest Zeckendorf term of n (Whinihan).
/// let f = Bound::parse("2*t").unwrap();
/// let l = least_winning_moves(&f, 14, &Limits::generous(), &NoProgress).unwrap();
/// assert_eq!(&l[1..], &[1, 2, 3, 1, 5, 1, 2, 8, 1, 2, 3, 1, 13]);
/// ```
pub fn least_winning_moves(
    f: &Bound,
    rows: u64,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<Vec<u32>, GameError> {
    if rows > MAX_ROWS {
        return Err(GameError::TooLarge {
            what: format!("an exhaustive one-pile table of {rows} rows"),
            needed: format!("{rows} rows"),
            limit: format!("{MAX_ROWS} rows"),
            hint: "ask the theory for single large piles (`takeaway analyze`)".into(),
        });
    }
    let bytes = table_bytes(f, rows);
    if bytes > limits.max_bytes {
        return Err(GameError::TooLarge {
            what: format!("an exhaustive one-pile table of {rows} rows"),
            needed: format!("{} MiB", bytes.div_ceil(1 << 20)),
            limit: format!("{} MiB", limits.max_bytes >> 20),
            hint: "use fewer rows, or `analyze` for single piles (the theory needs no table)"
                .into(),
        });
    }
    let rows_usize = rows as usize;
    let mut l = vec![INFINITE; rows_usize];
    if rows_usize <= 1 {
        return Ok(l);
    }
    // f(t) tabulated once when f ignores n (clamped: any value ≥ INFINITE acts as ∞).
    let ft: Option<Vec<u32>> = if f.uses_n() {
        None
    } else {
        let mut ft = Vec::with_capacity(rows_usize);
        ft.push(0);
        for t in 1..rows {
            ft.push(clamp(next_bound(f, 0, t)?));
        }
        Some(ft)
    };
    let chunk = (rows / 200).max(1 << 16);
    progress.start("least winning moves", rows);
    let mut visited: u64 = 0;
    let too_many = |visited: u64, n: usize| GameError::TooLarge {
        what: format!("the exhaustive one-pile table of {rows} rows"),
        needed: format!("more than {visited} move checks (stopped at pile {n})"),
        limit: format!("{} move checks", limits.max_states),
        hint: "this bound makes L(n) large; use fewer rows".into(),
    };
    for n in 1..rows_usize {
        if n & 0x3FF == 0 {
            limits.check()?;
        }
        let mut t = 1usize;
        match &ft {
            Some(ft) => {
                // L(n − t) is INFINITE at t = n, so the loop stops there at the latest.
                while ft[t] >= l[n - t] {
                    t += 1;
                }
            }
            None => loop {
                if t == n || clamp(next_bound(f, n as u64, t as u64)?) < l[n - t] {
                    break;
                }
                t += 1;
                // An expensive f on one long row: check the caps inside it too.
                if t & 0xFFF == 0 {
                    limits.check()?;
                    if visited.saturating_add(t as u64) > limits.max_states {
                        progress.finish();
                        return Err(too_many(visited.saturating_add(t as u64), n));
                    }
                }
            },
        }
        l[n] = t as u32;
        visited += t as u64;
        if (n as u64).is_multiple_of(chunk) {
            progress.advance(chunk);
            if visited > limits.max_states {
                progress.finish();
                return Err(too_many(visited, n));
            }
        }
    }
    progress.finish();
    Ok(l)
}

fn clamp(b: u64) -> u32 {
    u32::try_from(b).unwrap_or(INFINITE)
}

/// Remoteness of `(n, w)`: the number of moves to the end of the game under
/// best play (the winner hurries, the loser stalls), for piles up to `cap`.
///
/// Law (Smith's remoteness): 0 with no move; for a win, 1 + the least
/// remoteness of a losing successor; for a loss, 1 + the largest remoteness of
/// any successor. Computed over all states (m, b) with m ≤ n, b ≤ m, each in
/// constant time (the moves under bound b are those under b − 1 plus t = b),
/// so it is quadratic in `n`: meant for play, not tables. `None` when `n > cap`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::one_pile::exhaustive::remoteness;
/// let f = Bound::parse("2*t").unwrap();
/// // Pile 3, first move at most 2: take 1, opponent takes 1 or 2... (brute force)
/// assert_eq!(remoteness(&f, 1, 1, 500).unwrap(), Some(1));
/// assert_eq!(remoteness(&f, 2, 1, 500).unwrap(), Some(2));
/// ```
pub fn remoteness(f: &Bound, n: u64, w: u64, cap: u64) -> Result<Option<u64>, GameError> {
    if n > cap {
        return Ok(None);
    }
    Ok(RemotenessTable::new(f, n)?.get(n, w))
}

/// The remoteness of every state `(m, b)` with `m ≤ top` (see [`remoteness`]),
/// for answering many positions with one quadratic pass (the computer stalling
/// in play looks at every move from one position).
#[derive(Debug, Clone)]
pub struct RemotenessTable {
    /// `rem[m][b]` for `b ≤ m`.
    rem: Vec<Vec<u32>>,
}

impl RemotenessTable {
    /// Builds the table of every pile up to `top`.
    ///
    /// Law: `get(m, w)` equals `remoteness(f, m, w, top)` for every `m ≤ top`.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::one_pile::exhaustive::{RemotenessTable, remoteness};
    /// let f = Bound::parse("2*t").unwrap();
    /// let table = RemotenessTable::new(&f, 30).unwrap();
    /// assert_eq!(table.get(20, 19), remoteness(&f, 20, 19, 30).unwrap());
    /// assert_eq!(table.get(31, 1), None);
    /// ```
    pub fn new(f: &Bound, top: u64) -> Result<Self, GameError> {
        let n = usize::try_from(top)
            .map_err(|_| GameError::Invalid("pile too large for a remoteness table".into()))?;
        // rem[m][b]: remoteness; won[m][b]: mover wins.
        let mut rem: Vec<Vec<u32>> = Vec::with_capacity(n.saturating_add(1));
        let mut won: Vec<Vec<bool>> = Vec::with_capacity(n.saturating_add(1));
        for m in 0..=n {
            let mut r_row = vec![0u32; m + 1];
            let mut w_row = vec![false; m + 1];
            // Incremental over b: the moves for bound b are those of b − 1 plus t = b.
            let mut best_win: Option<u32> = None; // least remoteness of a losing successor
            let mut worst: u32 = 0; // largest remoteness of any successor
            for b in 1..=m {
                let rest = m - b;
                let nb = usize::try_from(next_bound(f, m as u64, b as u64)?)
                    .unwrap_or(usize::MAX)
                    .min(rest);
                let r = rem[rest][nb];
                if !won[rest][nb] {
                    best_win = Some(best_win.map_or(r, |x| x.min(r)));
                }
                worst = worst.max(r);
                match best_win {
                    Some(x) => {
                        w_row[b] = true;
                        r_row[b] = x + 1;
                    }
                    None => r_row[b] = worst + 1,
                }
            }
            rem.push(r_row);
            won.push(w_row);
        }
        Ok(RemotenessTable { rem })
    }

    /// The remoteness of pile `m` with bound `w` (a bound above the pile acts
    /// as the pile); `None` when `m` is beyond the table.
    pub fn get(&self, m: u64, w: u64) -> Option<u64> {
        let row = self.rem.get(usize::try_from(m).ok()?)?;
        let b = usize::try_from(w).unwrap_or(usize::MAX).min(row.len() - 1);
        row.get(b).map(|&r| u64::from(r))
    }
}
