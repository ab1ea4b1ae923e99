//! The exhaustive solver: `L(n)` for every pile `n < N` in one pass and `O(N)`
//! memory, for any bound `f(n, t)` — non-monotone, `f(t) < t`, depending on `n`.
//!
//! Law (the functional equation of the one-pile game): `L(0) = ∞` and
//! `L(n) = min { t ≥ 1 : f(n, t) < L(n − t) }`. Taking the whole pile always
//! satisfies it (`L(0) = ∞`), so `1 ≤ L(n) ≤ n` for `n ≥ 1`. The position
//! `(n, w)` is won iff `w ≥ L(n)`, because a move `t` wins exactly when the
//! opponent's bound is below the least winning move of what is left.

use crate::bound::Bound;
use crate::engine::{Amount, Unit};
use crate::engine::{Convention, Limits};
use crate::games::error::GameError;
use crate::games::error::{Quantity, Stop};
use crate::games::one_pile::error::OnePileHint;
use crate::games::one_pile::error::OnePileWork;
use crate::games::progress::Progress;

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
    least_winning_moves_under(f, rows, Convention::Normal, limits, progress)
}

/// `L(n)` for `n < rows` under `convention`: the least take that wins from
/// pile `n`, so that `(n, w)` is won exactly when `w ≥ L(n)` (`INFINITE`:
/// no take wins).
///
/// Normal play: `L(0) = ∞`; `L(n)` is the least `t` with `f(n, t) <
/// L(n − t)` (taking the whole pile always wins). Misère play (whoever
/// cannot move wins): a player with no move wins, so `L(0) = 0` and a
/// bound of 0 is a win for the player facing it; `L(n)` is the least `t <
/// n` with `1 ≤ f(n, t) < L(n − t)` (taking the whole pile loses), `∞` if
/// none, and `(n, w)` is won iff `w ≥ L(n)` for every `w ≥ 1` (a larger
/// bound allows every take a smaller one does). When `f` depends on `t`
/// alone and is at least 1, misère play on `n` is normal play on `n − 1` (a
/// winner never takes the last counter, and whoever leaves one counter
/// wins): `L(1) = ∞` and `L(n) = L_normal(n − 1)` for `n ≥ 2` (checked to
/// 150 for the named bounds in the tests, against the engine, and to 10^7
/// rows of Fibonacci Nim in BENCHMARKS.md). Same caps as
/// [`least_winning_moves`]; `table one-pile:…:misere=true` prints it.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::engine::Convention;
/// use takeaway::games::one_pile::exhaustive::{INFINITE, least_winning_moves_under};
/// use takeaway::games::{Limits, NoProgress};
/// // Misère Fibonacci Nim by hand: pile 1 must be taken (then the opponent
/// // cannot move and wins): lost at any bound. Pile 2: take 1 (leaving 1,
/// // bound 2, lost for the opponent): L = 1. Pile 3: taking 1 leaves (2, 2),
/// // won; taking 2 leaves (1, 4), lost: L = 2.
/// let f = Bound::parse("2*t").unwrap();
/// let l = least_winning_moves_under(&f, 4, Convention::Misere, &Limits::generous(), &NoProgress).unwrap();
/// assert_eq!(l, [0, INFINITE, 1, 2]);
/// ```
pub fn least_winning_moves_under(
    f: &Bound,
    rows: u64,
    convention: Convention,
    limits: &Limits,
    progress: &dyn Progress,
) -> Result<Vec<u32>, GameError> {
    let misere = convention == Convention::Misere;
    if rows > MAX_ROWS {
        return Err(GameError::too_large(
            OnePileWork::Exhaustive { rows },
            Amount::of(rows, Unit::Rows),
            Amount::of(MAX_ROWS, Unit::Rows),
            OnePileHint::TheoryForLargePiles,
        ));
    }
    let bytes = table_bytes(f, rows);
    if bytes > limits.max_bytes {
        return Err(GameError::too_large(
            OnePileWork::Exhaustive { rows },
            Amount::of(bytes.div_ceil(1 << 20), Unit::MiB),
            Amount::of(limits.max_bytes >> 20, Unit::MiB),
            OnePileHint::FewerRowsOrAnalyze,
        ));
    }
    let rows_usize = rows as usize;
    let mut l = vec![INFINITE; rows_usize];
    if misere && let Some(l0) = l.first_mut() {
        *l0 = 0;
    }
    if rows_usize <= 1 {
        return Ok(l);
    }
    // Whether a bound `b` left to the opponent at pile `m ≥ 1` loses for them.
    let leaves_lost = |b: u32, lm: u32| b < lm && (!misere || b >= 1);
    // f(t) tabulated once when f ignores n (clamped: any value ≥ INFINITE acts as ∞).
    let ft: Option<Vec<u32>> = if f.uses_n() {
        None
    } else {
        let mut ft = Vec::with_capacity(rows_usize);
        ft.push(0);
        for t in 1..rows {
            ft.push(clamp(f.eval_u64(0, t)?));
        }
        Some(ft)
    };
    let chunk = (rows / 200).max(1 << 16);
    progress.start("least winning moves", rows);
    let mut visited: u64 = 0;
    let too_many = |visited: u64, n: usize| {
        GameError::too_large(
            OnePileWork::ExhaustiveRunning { rows },
            Quantity::Stopped {
                amount: Amount::more_than(visited, Unit::MoveChecks),
                at: Stop::Pile(n as u64),
            },
            Amount::of(limits.max_states, Unit::MoveChecks),
            OnePileHint::LargeLeastMove,
        )
    };
    for n in 1..rows_usize {
        let mut t = 1usize;
        match &ft {
            Some(ft) => {
                // The loop stops at t = n at the latest (normal play wins
                // there, misère play has no win: see below).
                while t < n && !leaves_lost(ft[t], l[n - t]) {
                    t += 1;
                }
            }
            None => loop {
                if t == n || leaves_lost(clamp(f.eval_u64(n as u64, t as u64)?), l[n - t]) {
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
        // At t = n the whole pile is taken: a win in normal play, a loss in
        // misère play (the opponent cannot move).
        l[n] = if misere && t == n { INFINITE } else { t as u32 };
        // Poll the cancel token every 2^16 move checks.
        if visited >> 16 != (visited + t as u64) >> 16 {
            limits.check()?;
        }
        visited += t as u64;
        if (n as u64).is_multiple_of(chunk) {
            limits.check()?;
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

/// A bound as a `u32` below [`INFINITE`]: piles are below [`MAX_ROWS`], so
/// any bound from `MAX_ROWS` up allows the whole pile and compares alike with
/// every finite `L` (a bound of 2^32 − 1 or more used to become `INFINITE`
/// itself, and the search ran past the pile).
fn clamp(b: u64) -> u32 {
    u32::try_from(b).map_or(INFINITE - 1, |b| b.min(INFINITE - 1))
}
