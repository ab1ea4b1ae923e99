//! The Grundy sequence of an octal game for `rows` heaps: the sparse-space
//! method in chunks, with progress, cancellation, checkpoints and a period
//! proved on the way (then the rest follows from it without computing).
//!
//! Law: [`solve`] gives `G(0) … G(rows − 1)` equal to the definition
//! ([`super::naive::grundy`]) whether it ran at once, was stopped and
//! resumed from a checkpoint, or stopped early at a proved period;
//! memory is checked against [`Limits::max_bytes`] before the values are
//! allocated (one byte a value; two, then four, if a value needs them). On
//! one thread or two, two-byte values go back to one byte each as codes
//! ([`super::nimber::Coded`]) at the start of a chunk once the sparse space
//! allows it ([`Sparse::coding_at`]: values below 512, every heap past twice
//! the last rare heap), and to two bytes again when the coded kernel stops
//! ([`super::sparse::Stop`]); the values, checkpoints and reports are the
//! same.
//! Codes with `!` whose moves leave at most two heaps (Grundy's game `4!.0`)
//! take the same kernel (through the take-and-break module), with no
//! period proved: the octal periodicity theorem is for octal codes.

use super::checkpoint::{self, CheckpointError};
use super::code::OctalCode;
use super::nimber::Coded;
use super::nimber::Values;
use super::period::{self, Period};
use super::sparse::{Sparse, Stop};
use crate::engine::{Amount, Unit};
use crate::games::error::GameError;
use crate::games::octal::error::OctalHint;
use crate::games::octal::error::OctalWork;
use crate::games::progress::Progress;
use crate::games::request::Limits;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Values computed between two looks at the cancel token, the progress bar
/// and the checkpoint clock.
const CHUNK: usize = 1 << 16;

/// How a run saves its state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checkpointing {
    /// The file (replaced at each save).
    pub path: PathBuf,
    /// Time between saves (and a save when the run is stopped).
    pub every: Duration,
}

/// A request for the sequence of one code.
pub struct Run<'a> {
    /// Heaps `0..rows`.
    pub rows: u64,
    /// Memory cap and cancel token.
    pub limits: &'a Limits,
    /// Where progress goes (`"values"`, `rows` units).
    pub progress: &'a dyn Progress,
    /// Save the state now and then, and when stopped.
    pub checkpoint: Option<Checkpointing>,
    /// Continue from these values (a loaded checkpoint).
    pub resume: Option<Values>,
    /// Stop as if cancelled once this many values are known (tests of
    /// checkpoints: a deterministic interruption).
    pub stop_after: Option<u64>,
    /// Threads the sparse-space method may use (0: every core); the values
    /// do not depend on it.
    pub threads: usize,
}

impl Run<'_> {
    /// A plain run of `rows` heaps: default limits, no progress, no checkpoint.
    pub fn new(rows: u64) -> Run<'static> {
        static LIMITS: std::sync::OnceLock<Limits> = std::sync::OnceLock::new();
        Run {
            rows,
            limits: LIMITS.get_or_init(Limits::generous),
            progress: &crate::games::progress::NoProgress,
            checkpoint: None,
            resume: None,
            stop_after: None,
            threads: 1,
        }
    }
}

/// The sequence: computed values, and the proved period if one was found
/// (then the values past the computed ones follow from it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solved {
    /// The code.
    pub code: OctalCode,
    /// Heaps asked for: `0..rows`.
    pub rows: u64,
    /// `G(0) … G(values.len() − 1)` (all `rows` unless a period was proved first).
    pub values: Values,
    /// The least proved period, if any.
    pub period: Option<Period>,
    /// The sparse space at the end: rare values are `v` with
    /// `parity(v & mask) = 0`.
    pub mask: usize,
}

impl Solved {
    /// `G(n)` for `n < rows` (from the period past the computed values).
    ///
    /// ```
    /// use takeaway::games::octal::{code::OctalCode, solve::{solve, Run, Outcome}};
    /// let code = OctalCode::parse("0.77").unwrap();
    /// let Outcome::Done(s) = solve(&code, Run::new(1_000_000)).unwrap() else { panic!() };
    /// assert!(s.values.len() < 1_000); // stopped at the proved period 12
    /// assert_eq!(s.at(999_999), s.at(999_999 - 12));
    /// ```
    pub fn at(&self, n: u64) -> u32 {
        let computed = self.values.len() as u64;
        if n < computed {
            return self.values.get(n as usize);
        }
        match self.period {
            Some(p) => {
                let (q, per) = (p.preperiod as u64, p.period as u64);
                let back = (n - q) / per * per;
                self.values.get((n - back) as usize)
            }
            None => 0,
        }
    }

    /// Calls `f(G(n))` for `n = 0 … rows − 1` in order.
    pub fn for_each(&self, mut f: impl FnMut(u32)) {
        let computed = (self.values.len() as u64).min(self.rows);
        self.values.for_each(&mut f);
        if let Some(p) = self.period {
            let start = p.preperiod;
            let cycle: Vec<u32> = (start..start + p.period)
                .map(|i| self.values.get(i))
                .collect();
            let mut i = ((computed as usize) - start) % p.period;
            for _ in computed..self.rows {
                f(cycle[i]);
                i += 1;
                if i == p.period {
                    i = 0;
                }
            }
        }
    }
}

/// How a run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Every value is known.
    Done(Solved),
    /// Stopped (cancelled, or `stop_after`) with the state saved.
    Saved {
        /// Values computed and saved.
        computed: u64,
        /// The checkpoint file.
        path: PathBuf,
    },
}

pub(crate) fn too_large(code: &OctalCode, rows: u64, needed: u128, limit: u64) -> GameError {
    GameError::too_large(
        OctalWork::Sequence {
            code: code.to_string(),
            rows,
        },
        Amount::of(needed, Unit::Bytes),
        Amount::of(limit, Unit::Bytes),
        OctalHint::Rows,
    )
}

fn checkpoint_error(path: &std::path::Path, e: CheckpointError) -> GameError {
    GameError::Invalid(format!("checkpoint {}: {e}", path.display()))
}

/// The bytes `rows` values of `width` bytes take.
pub fn bytes_needed(rows: u64, width: usize) -> u128 {
    u128::from(rows) * width as u128
}

/// Computes the sequence (see the module law).
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, naive, solve::{solve, Run, Outcome}};
/// let code = OctalCode::parse("0.167").unwrap();
/// let Outcome::Done(s) = solve(&code, Run::new(2000)).unwrap() else { panic!() };
/// let mut all = Vec::new();
/// s.for_each(|v| all.push(v));
/// assert_eq!(all, naive::grundy(&code, 2000));
/// ```
pub fn solve(code: &OctalCode, run: Run<'_>) -> Result<Outcome, GameError> {
    if !code.is_octal() {
        return super::take_break::solve(code, run);
    }
    sparse_space(code, run)
}

/// [`solve`] by the sparse-space kernel ([`Sparse`]) for a code whose moves
/// leave at most two heaps (`!` allowed); a period is looked for and proved
/// only for an octal code ([`OctalCode::is_octal`]).
pub(super) fn sparse_space(code: &OctalCode, run: Run<'_>) -> Result<Outcome, GameError> {
    debug_assert!(!code.leaves_three(), "the kernel takes two-heap moves only");
    let octal = code.is_octal();
    let rows = run.rows;
    let limit = run.limits.max_bytes;
    let width = run.resume.as_ref().map_or(1, Values::width);
    if bytes_needed(rows, width) > u128::from(limit) {
        return Err(too_large(code, rows, bytes_needed(rows, width), limit));
    }
    let rows_usize = usize::try_from(rows)
        .map_err(|_| too_large(code, rows, bytes_needed(rows, width), limit))?;
    let mut values = match run.resume {
        Some(mut v) => {
            v.truncate(rows_usize);
            let mut fresh = Values::with_capacity(rows_usize);
            fresh.widen(v.width());
            v.for_each(|x| fresh.push(x));
            fresh
        }
        None => Values::with_capacity(rows_usize),
    };
    let mut sparse = Sparse::new(code);
    let threads = match run.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    };
    sparse.set_threads(threads);
    match &values {
        Values::U8(g) => sparse.resume(g),
        Values::U16(g) => sparse.resume(g),
        Values::U32(g) => sparse.resume(g),
        Values::Coded(_) => unreachable!("the values start uncoded"),
    }
    run.progress.start("values", rows);
    run.progress.advance(values.len() as u64);
    let mut last_save = Instant::now();
    let mut next_period_check = (values.len() + 1).next_power_of_two().max(64);
    let mut found: Option<Period> = None;
    let stop_at = run
        .stop_after
        .and_then(|s| usize::try_from(s).ok())
        .unwrap_or(usize::MAX);
    while values.len() < rows_usize {
        let before = values.len();
        let until = rows_usize
            .min(before + CHUNK)
            .min(next_period_check)
            .min(stop_at.max(before + 1));
        // Two-byte values go one byte each as codes once the sparse space
        // allows it (on one thread or two: the coded kernel has its own
        // helper thread).
        if let Values::U16(g) = &values
            && let Some(coding) = sparse.coding_at(g.len())
        {
            let Values::U16(g) = std::mem::replace(&mut values, Values::U8(Vec::new())) else {
                unreachable!("two-byte values just above")
            };
            let coded = Coded::from_values(coding, g).expect("values below 512 under a coding");
            values = Values::Coded(coded);
        }
        let widen = match &mut values {
            Values::U8(g) => sparse.run(g, until),
            Values::U16(g) => sparse.run(g, until),
            Values::U32(g) => sparse.run(g, until),
            Values::Coded(c) => match sparse.run_coded(c, until) {
                Ok(()) => Ok(()),
                Err(Stop::Value(v)) => Err(v),
                Err(Stop::Unpack) => {
                    // Whole values again (and the mask chosen, if that was why).
                    values.widen(2);
                    if let Values::U16(g) = &values {
                        sparse.remask(g);
                    }
                    Ok(())
                }
            },
        };
        if let Err(v) = widen {
            let w = Values::width_of(v as u32);
            if v > u32::MAX as usize || bytes_needed(rows, w) > u128::from(limit) {
                return Err(too_large(code, rows, bytes_needed(rows, w), limit));
            }
            values.push(v as u32);
            match &values {
                Values::U16(g) => sparse.record(g),
                Values::U32(g) => sparse.record(g),
                Values::U8(g) => sparse.record(g),
                Values::Coded(_) => unreachable!("a value with no code widens the values"),
            }
        }
        run.progress.advance((values.len() - before) as u64);
        let n = values.len();
        if n >= next_period_check || n == rows_usize {
            next_period_check = next_period_check.saturating_mul(2);
            if let Some(p) = octal.then(|| period::prove(code, &values)).flatten() {
                found = Some(p);
                break;
            }
        }
        let stopped = run.limits.cancel.is_cancelled() || n >= stop_at;
        if let Some(c) = &run.checkpoint {
            if stopped || last_save.elapsed() >= c.every {
                checkpoint::save(&c.path, code, &values)
                    .map_err(|e| checkpoint_error(&c.path, e))?;
                last_save = Instant::now();
            }
            if stopped && n < rows_usize {
                run.progress.finish();
                return Ok(Outcome::Saved {
                    computed: n as u64,
                    path: c.path.clone(),
                });
            }
        }
        if stopped && n < rows_usize {
            run.progress.finish();
            return Err(GameError::Cancelled);
        }
    }
    if found.is_none() && octal {
        found = period::prove(code, &values);
    }
    run.progress.finish();
    if let Some(c) = &run.checkpoint {
        checkpoint::save(&c.path, code, &values).map_err(|e| checkpoint_error(&c.path, e))?;
    }
    Ok(Outcome::Done(Solved {
        code: code.clone(),
        rows,
        values,
        period: found,
        mask: sparse.mask(),
    }))
}

/// `G(0) … G(to − 1)` by [`solve`], for tests and small tables.
///
/// ```
/// use takeaway::games::octal::{code::OctalCode, solve::grundy};
/// // Dawson's Kayles 0.07: 0 0 1 1 2 0 3 1 1 0 3 3 (Winning Ways, ch. 4)
/// assert_eq!(grundy(&OctalCode::parse("0.07").unwrap(), 12).unwrap(), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
/// ```
pub fn grundy(code: &OctalCode, to: u64) -> Result<Vec<u32>, GameError> {
    match solve(code, Run::new(to))? {
        Outcome::Done(s) => {
            let mut out = Vec::new();
            s.for_each(|v| out.push(v));
            Ok(out)
        }
        Outcome::Saved { .. } => Err(GameError::Cancelled),
    }
}
