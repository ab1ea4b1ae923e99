//! Grundy values `G(n, w)` of the one-pile game (pile `n`, bound `w`), every
//! position of piles `n < R`, by an incremental mex: the options of `(n, w)`
//! are those of `(n, w − 1)` plus the take `w`, so a row is built left to
//! right adding one option value at a time, with counts of the values seen
//! and the current mex (which only grows): a row costs `O(n)`, the
//! triangle `O(R²)` — against `O(R³)` for a mex over every move of every
//! position ([`crate::engine::GrundySolver`]).
//!
//! Laws (the mex rule on the rules of `game.rs`):
//! - `G(n, 0) = 0`, `G(0, w) = 0`;
//! - `G(n, w) = mex { G(n − t, min(f(n, t), n − t)) : 1 ≤ t ≤ min(w, n) }`;
//! - `G(n, w) = G(n, n)` for `w > n` (a bound above the pile acts as the pile);
//! - `G(n, w) = 0` iff `w < L(n)` (the least winning move; Whinihan, Schwenk).
//!
//! Values are stored as `u16` for `w ≤ n` (`G(n, w) ≤ w ≤ n`, so rows below
//! [`MAX_ROWS`] always fit): `R(R + 1)` bytes in all.

use crate::bound::Bound;
use crate::engine::Limits;
use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::error::Hint;
use crate::games::one_pile::error::OnePileHint;
use crate::games::one_pile::error::OnePileWork;
use crate::games::progress::Progress;

/// Most rows: every value `G(n, w) ≤ n` must fit a `u16`.
pub const MAX_ROWS: u64 = 1 << 16;

/// The triangle `G(n, w)` for `0 ≤ w ≤ n < rows`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::{Limits, NoProgress};
/// use takeaway::games::one_pile::grundy::GrundyTriangle;
/// let f = Bound::parse("2*t").unwrap();
/// let g = GrundyTriangle::build(&f, 6, &Limits::strict(), &NoProgress, |_, _| Ok(())).unwrap();
/// // Pile 2, bound 1: the only move leaves (1, 1) of value 1, so G = 0;
/// // bound 2 adds the move to (0, 0) of value 0, so G = mex{1, 0} = 2.
/// assert_eq!(g.row(2), &[0, 0, 2]);
/// assert_eq!(g.at(2, 9), 2); // a bound above the pile acts as the pile
/// ```
#[derive(Debug, Clone)]
pub struct GrundyTriangle {
    cells: Vec<u16>,
    rows: usize,
}

fn start(n: usize) -> usize {
    n * (n + 1) / 2
}

/// Bytes the triangle of `rows` rows needs.
///
/// ```
/// use takeaway::games::one_pile::grundy::bytes;
/// assert_eq!(bytes(20_000), 400_020_000);
/// ```
pub fn bytes(rows: u64) -> u64 {
    rows.saturating_mul(rows.saturating_add(1))
}

impl GrundyTriangle {
    /// Computes rows `0..rows`, calling `each(n, row)` with each finished
    /// row (`row[w] = G(n, w)` for `w ≤ n`), so a caller can stream a
    /// summary without a second pass.
    ///
    /// Errors: [`GameError::TooLarge`] over [`MAX_ROWS`] rows, over
    /// `limits.max_bytes` of triangle or `limits.max_states` cells;
    /// [`GameError::Cancelled`]; a bound that fails to evaluate.
    pub fn build(
        f: &Bound,
        rows: u64,
        limits: &Limits,
        progress: &dyn Progress,
        mut each: impl FnMut(usize, &[u16]) -> Result<(), GameError>,
    ) -> Result<GrundyTriangle, GameError> {
        let what = || OnePileWork::GrundyTable { rows };
        if rows > MAX_ROWS {
            return Err(GameError::too_large(
                what(),
                Amount::of(rows, Unit::Rows),
                Amount::of(MAX_ROWS, Unit::Rows),
                Hint::FewerRows,
            ));
        }
        limits
            .admit(crate::engine::Estimate {
                states: rows.saturating_mul(rows.saturating_add(1)) / 2,
                bytes: bytes(rows),
            })
            .map_err(|over| GameError::over(what(), over, Hint::FewerRows))?;
        let r = rows as usize;
        let mut cells: Vec<u16> = Vec::with_capacity(start(r));
        // f(t) tabulated once when f ignores n.
        let ft: Option<Vec<u64>> = if f.uses_n() || r == 0 {
            None
        } else {
            Some(f.table_of_t(rows - 1).map_err(GameError::Bound)?)
        };
        let mut counts: Vec<u32> = Vec::new();
        // G(m, m) again, contiguous: a move whose next bound reaches the rest
        // of the pile reads it here, near the previous read, instead of in a
        // distant row (most moves of a long row: the triangle's rows are far
        // apart in memory, and reading one cell of each costs a cache and a
        // TLB miss).
        let mut diag: Vec<u16> = Vec::with_capacity(r);
        progress.start("Grundy values", rows);
        for n in 0..r {
            if n & 0x3F == 0 {
                limits.check()?;
                progress.advance(64.min(rows - n as u64));
            }
            counts.clear();
            counts.resize(n + 2, 0);
            let mut mex = 0usize;
            cells.push(0);
            for t in 1..=n {
                let rest = n - t;
                let b = match &ft {
                    Some(ft) => ft[t],
                    None => f.eval_u64(n as u64, t as u64)?,
                };
                let b = usize::try_from(b).unwrap_or(usize::MAX);
                let v = if b >= rest {
                    diag[rest]
                } else {
                    cells[start(rest) + b]
                } as usize;
                counts[v] += 1;
                while counts[mex] > 0 {
                    mex += 1;
                }
                cells.push(mex as u16);
            }
            diag.push(mex as u16);
            each(n, &cells[start(n)..])?;
        }
        progress.finish();
        Ok(GrundyTriangle { cells, rows: r })
    }

    /// The same triangle from the engine's plain mex over every move of
    /// every position ([`crate::engine::GrundySolver`] on the one-pile rules),
    /// `O(R³)`: the reference the incremental mex is measured and tested against.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::{Limits, NoProgress};
    /// use takeaway::games::one_pile::grundy::GrundyTriangle;
    /// let f = Bound::parse("3*t").unwrap();
    /// let fast = GrundyTriangle::build(&f, 30, &Limits::strict(), &NoProgress, |_, _| Ok(())).unwrap();
    /// let plain = GrundyTriangle::plain(&f, 30, &Limits::strict()).unwrap();
    /// assert_eq!((0..30).map(|n| fast.row(n).to_vec()).collect::<Vec<_>>(),
    ///            (0..30).map(|n| plain.row(n).to_vec()).collect::<Vec<_>>());
    /// ```
    pub fn plain(f: &Bound, rows: u64, limits: &Limits) -> Result<GrundyTriangle, GameError> {
        use super::OnePileRules;
        use crate::engine::GrundySolver;
        if rows > MAX_ROWS {
            return Err(GameError::too_large(
                OnePileWork::GrundyTable { rows },
                Amount::of(rows, Unit::Rows),
                Amount::of(MAX_ROWS, Unit::Rows),
                Hint::FewerRows,
            ));
        }
        let rules = OnePileRules::<u64>::new(f);
        let mut solver = GrundySolver::new(&rules, limits.clone());
        let r = rows as usize;
        let mut cells = Vec::with_capacity(start(r));
        for n in 0..r {
            for w in 0..=n {
                let v = solver.grundy(&(n as u64, w as u64).into())?;
                cells.push(u16::try_from(v).unwrap_or(u16::MAX));
            }
        }
        Ok(GrundyTriangle { cells, rows: r })
    }

    /// Rows held.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// `G(n, w)` for `w ≤ n`, as stored.
    pub fn row(&self, n: usize) -> &[u16] {
        &self.cells[start(n)..start(n) + n + 1]
    }

    /// `G(n, w)` for any bound `w` (`G(n, n)` when `w > n`); `n < rows`.
    pub fn at(&self, n: usize, w: usize) -> u16 {
        self.cells[start(n) + w.min(n)]
    }
}

/// Checks the theory's P-positions against the Grundy values: `G(n, w) = 0`
/// exactly when `w < L(n)` (the theory's least winning move: the smallest
/// term of `n` in the game's base), for every `1 ≤ n ≤ up_to` and `w ≤ n`
/// (`takeaway verify GAME --grundy`).
///
/// ```
/// use takeaway::games::{Game, NoProgress, VerifyRequest, Limits};
/// use takeaway::games::request::Verdict;
/// use takeaway::games::one_pile::grundy::verify;
/// let Game::OnePile(g) = Game::parse("fibonacci").unwrap() else { unreachable!() };
/// let req = VerifyRequest { up_to: 200, limits: Limits::strict(), progress: &NoProgress };
/// assert_eq!(verify(&g, &req).unwrap().verdict, Verdict::Agree);
/// ```
pub fn verify(
    game: &super::OnePile,
    req: &crate::games::request::VerifyRequest<'_>,
) -> Result<crate::games::request::Verification, GameError> {
    use crate::games::model::Family;
    use crate::games::request::Verdict;
    use num_bigint::BigUint;
    use num_traits::ToPrimitive;
    let up_to = req.up_to;
    let engines = vec![
        "theory L(n)".to_string(),
        "grundy-incremental-mex".to_string(),
    ];
    let verdict = |checked, verdict, detail| crate::games::request::Verification {
        game: game.spec(),
        up_to,
        checked,
        verdict,
        engines: engines.clone(),
        detail,
    };
    let mut checked: u64 = 0;
    let mut failure: Option<(Verdict, String)> = None;
    GrundyTriangle::build(
        game.bound(),
        up_to.saturating_add(1),
        &req.limits,
        req.progress,
        |n, row| {
            if n == 0 || failure.is_some() {
                return Ok(());
            }
            let l = match game.theory(&BigUint::from(n)) {
                Ok(a) => a
                    .least_winning_move
                    .and_then(|v| v.to_usize())
                    .unwrap_or(usize::MAX),
                Err(super::theory::HypothesisFails(why)) => {
                    failure = Some((
                        Verdict::HypothesisFails,
                        format!("hypothesis fails at n = {n}: {why}"),
                    ));
                    return Ok(());
                }
            };
            for (w, &g) in row.iter().enumerate() {
                checked += 1;
                if (g == 0) != (w < l) {
                    failure = Some((
                        Verdict::Disagree,
                        format!(
                            "first counterexample: G({n}, {w}) = {g}, but the theory's L({n}) = {l} says the position is {}",
                            if w < l { "lost (G = 0)" } else { "won (G > 0)" }
                        ),
                    ));
                    return Ok(());
                }
            }
            Ok(())
        },
    )?;
    Ok(match failure {
        Some((v, detail)) => verdict(checked, v, detail),
        None => verdict(
            checked,
            Verdict::Agree,
            format!("G(n, w) = 0 exactly when w < L(n), for every 1 ≤ n ≤ {up_to} and w ≤ n"),
        ),
    })
}

/// The Grundy value of a one-pile position `G(n, w)` from the incremental
/// mex over the triangle of piles up to `n` ([`GrundyTriangle`]), with its
/// moves to a position of value `target` (every one when `all`, else the
/// least take): the family's
/// [`crate::games::model::Family::grundy_and_moves`].
pub(crate) fn grundy_and_moves(
    game: &super::OnePile,
    pos: &crate::games::wire::Position,
    target: Option<&num_bigint::BigUint>,
    all: bool,
    limits: &Limits,
) -> Result<(num_bigint::BigUint, Vec<crate::analysis::Move>), GameError> {
    use crate::engine::Rules;
    use crate::games::error::Quantity;
    use crate::games::exhaustive::analysis_move;
    use crate::games::wire::Wire;
    use num_bigint::BigUint;
    use num_traits::ToPrimitive;
    let p = super::OnePileRules::<BigUint>::new(game.bound()).position(pos)?;
    let n = p.pile.to_usize().filter(|&n| (n as u64) < MAX_ROWS);
    let Some(n) = n else {
        return Err(GameError::too_large(
            OnePileWork::GrundyOfPile(p.pile.clone()),
            Quantity::Big(p.pile.clone(), Unit::GrundyTableRows),
            Amount::of(MAX_ROWS, Unit::Rows),
            OnePileHint::SmallerPileGrundy,
        ));
    };
    let w = p.bound.to_usize().unwrap_or(usize::MAX).min(n);
    let tri = GrundyTriangle::build(
        game.bound(),
        n as u64 + 1,
        limits,
        &crate::games::progress::NoProgress,
        |_, _| Ok(()),
    )?;
    let value = BigUint::from(tri.at(n, w));
    let mut moves = Vec::new();
    if let Some(target) = target {
        let rules = super::OnePileRules::<u64>::new(game.bound());
        let here = rules.position(pos)?;
        for t in 1..=w as u64 {
            let after = rules.apply(&here, &t)?;
            let v = tri.at(after.pile as usize, after.bound.min(after.pile) as usize);
            if BigUint::from(v) == *target {
                moves.push(analysis_move(&rules.play_move(&t), &rules.to_wire(&after)));
                if !all {
                    break;
                }
            }
        }
    }
    Ok((value, moves))
}
