//! Runs a sweep on this machine: the unfinished shards on a thread pool,
//! each written as soon as it is done, then the merge.
//!
//! Law: memory holds at most one shard's rows per thread; the final file is
//! the one `file.rs` ([`Output`]) describes, identical for any number of
//! threads and after any interruption.

use super::Sweep;
use super::error::SweepError;
use super::file::{Output, Progress as Done};
use crate::engine::Cancel;
use crate::games::Progress;
use rayon::prelude::*;
use std::path::Path;

/// What a run did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Rule sets in the sweep.
    pub rule_sets: u64,
    /// Shards in the sweep.
    pub shards: u64,
    /// Shards found finished by an earlier run (skipped).
    pub resumed: u64,
    /// Rule sets computed by this run.
    pub computed: u64,
    /// Whether the final file was already complete (nothing was done).
    pub already_complete: bool,
    /// Shard files an earlier run left damaged, cut or foreign: removed and
    /// computed again by this run (never merged).
    pub discarded: Vec<super::file::Discarded>,
}

/// Runs `sweep` into the file `out` on `threads` threads (0: every core),
/// skipping the shards an earlier run finished; `progress` counts rule sets.
/// See the [module](super) example.
pub fn run(
    sweep: &Sweep,
    out: &Path,
    threads: usize,
    cancel: &Cancel,
    progress: &dyn Progress,
) -> Result<Report, SweepError> {
    let output = Output::new(out);
    let shards = sweep.shards();
    let mut report = Report {
        rule_sets: shards.count,
        shards: shards.len(),
        resumed: 0,
        computed: 0,
        already_complete: false,
        discarded: Vec::new(),
    };
    let done = match output.prepare(sweep)? {
        Done::Complete => {
            report.already_complete = true;
            return Ok(report);
        }
        Done::Shards { done, discarded } => {
            report.discarded = discarded;
            done
        }
    };
    let pending: Vec<u64> = (0..shards.len()).filter(|i| !done.contains(i)).collect();
    report.resumed = shards.len() - pending.len() as u64;
    report.computed = pending
        .iter()
        .map(|&i| shards.range(i).count() as u64)
        .sum();
    progress.start("rule sets", report.computed);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SweepError::ThreadPool { why: e.to_string() })?;
    pool.install(|| {
        pending
            .par_iter()
            .try_for_each(|&i| -> Result<(), SweepError> {
                let text = sweep.shard_text(i, cancel)?;
                output.write_shard(sweep, i, &text)?;
                progress.advance(shards.range(i).count() as u64);
                Ok(())
            })
    })?;
    progress.finish();
    output.merge(sweep)?;
    Ok(report)
}
