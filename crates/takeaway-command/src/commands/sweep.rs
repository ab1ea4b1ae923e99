//! `takeaway sweep FAMILY … --out FILE`: one row per rule set, on every core,
//! resumable (the library's [`takeaway::sweep`]).

use crate::{output, progress::Bar};
use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use takeaway::games::GameError;
use takeaway::sweep::{
    Bounds, FileProgress, Format, HolshouserReiterPairs, OctalCodes, OnePileBounds, Output,
    Parameter, RuleSets, SubtractionSets, Sweep, SweepError, TwoPileBounds,
};

/// The families of rule sets.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FamilyName {
    /// Every S ⊆ {1..M} with |S| in --sizes: period, pre-period, largest
    /// value and checksum of G(0..N−1).
    Subtraction,
    /// One-pile bounds f(t): H-sequence, Schwenk's hypotheses, Epp–Ferguson's,
    /// the period of L (from the solver), the theorem and its `verify`
    /// verdict up to --up-to.
    OnePile,
    /// Holshouser–Reiter bases × bounds: P-1…P-9 and compatibility, and
    /// Theorem 2's strategy against the exhaustive tableau up to --up-to.
    HolshouserReiter,
    /// Two-pile bounds f(t): l(k), Flanigan's hypotheses, the flip theorem
    /// against the exhaustive tableau up to --up-to.
    TwoPile,
    /// Every octal code with --digits K digits after the point (d0 = 0 or
    /// 4): the period proved from G(0..N−1) (--terms) or "no period up to
    /// N−1", the largest value and the checksum.
    Octal,
}

/// File formats of `sweep`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormatName {
    /// Comma-separated values with a `#` line (version and command).
    Csv,
    /// JSON lines: a header object, then one object per rule set.
    Jsonl,
}

/// Arguments of `sweep`.
#[derive(clap::Args, Debug)]
#[command(after_help = "EXAMPLES:
  takeaway sweep subtraction --max 20 --sizes 1..4 --out census.csv
  takeaway sweep subtraction --max 16 --sizes 1..3 --terms 1000 --out census.jsonl
  takeaway sweep one-pile --f 'a*t+b' --param a=1..4 --param b=0..3 --up-to 200 --out one-pile.csv
  takeaway sweep holshouser-reiter --base fibonacci --prefixes 6 --f 'a*t+b' --param a=1..3 --param b=0..2 --up-to 20 --out hr.csv
  takeaway sweep two-pile --f 't+1' --f '2*t' --f '3*t' --up-to 60 --out two-pile.csv
  takeaway sweep octal --digits 3 --terms 10000 --out octal3.csv

Rerunning the same command after an interruption computes only the shards
not yet in FILE.shards/ and gives the same file as an uninterrupted run.
Every shard file carries a checksum: one that was changed, cut short or
copied from another sweep is named on stderr and computed again, never
merged.")]
pub(crate) struct Args {
    /// The family of rule sets.
    #[arg(value_enum)]
    family: FamilyName,
    /// The results (CSV or JSON lines); FILE.shards/ holds the finished
    /// shards while the sweep runs.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// subtraction: the largest amount M (sets S ⊆ {1..M}, M ≤ 65536; at
    /// most 2^40 sets in all).
    #[arg(long, value_name = "M")]
    max: Option<u64>,
    /// subtraction: the sizes |S|, LO..HI (or one size).
    #[arg(long, value_name = "LO..HI")]
    sizes: Option<String>,
    /// subtraction and octal: the checksum and largest value are of
    /// G(0..N−1); octal: the period is proved from these values or not at all.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    terms: u64,
    /// octal: the digits after the point (codes d0.d1…dK, dK ≠ 0; K ≤ 6).
    #[arg(long, value_name = "K", default_value_t = 3)]
    digits: u64,
    /// subtraction: the period search stops past this many terms per set
    /// (the row then says "no period within CAP terms").
    #[arg(long, value_name = "CAP", default_value_t = 1_000_000)]
    cap: u64,
    /// Bound families: a bound f (repeat for a list), or a template whose
    /// parameters --param sets.
    #[arg(long = "f", value_name = "EXPR")]
    bounds: Vec<String>,
    /// Bound families: a template parameter and its range, NAME=LO..HI
    /// (repeat for more; every combination is swept).
    #[arg(long = "param", value_name = "NAME=LO..HI")]
    params: Vec<String>,
    /// holshouser-reiter: a base (fibonacci, binary, 1,2,3,5,…, or
    /// h:f=EXPR, the H-sequence of a bound f(t); repeat for more).
    #[arg(long = "base", value_name = "B")]
    bases: Vec<String>,
    /// holshouser-reiter: also every base whose first K terms are a
    /// Definition 1 prefix ((K−1)! bases, K ≤ 9), continued with the last
    /// step's lag.
    #[arg(long, value_name = "K", default_value_t = 0)]
    prefixes: u64,
    /// Bound families: compare with the exhaustive solver on piles up to N.
    #[arg(long, value_name = "N", default_value_t = 100)]
    up_to: u64,
    /// Rule sets per shard (the unit of resume and of parallel work);
    /// default 1024 subtraction sets or 4 bounds.
    #[arg(long, value_name = "K")]
    shard: Option<u64>,
    /// File format (default: jsonl when FILE ends in .jsonl, else csv).
    #[arg(long, value_enum)]
    format: Option<FormatName>,
    /// Threads (default: every core).
    #[arg(long, value_name = "T", default_value_t = 0)]
    threads: usize,
    /// No progress bar (it is drawn only on a terminal anyway).
    #[arg(long, short)]
    quiet: bool,
}

/// `LO..HI` or `V` as an inclusive range of sizes.
fn sizes(text: &str) -> anyhow::Result<(u64, u64)> {
    let num = |s: &str| {
        s.trim()
            .parse::<u64>()
            .with_context(|| format!("--sizes {text}: expected LO..HI, e.g. 1..4"))
    };
    Ok(match text.split_once("..") {
        Some((a, b)) => (num(a)?, num(b.trim_start_matches('='))?),
        None => (num(text)?, num(text)?),
    })
}

impl Args {
    /// The library's sweep for these arguments.
    fn sweep(&self) -> anyhow::Result<Sweep> {
        let bounds = || -> anyhow::Result<Bounds> {
            Ok(Bounds {
                templates: self.bounds.clone(),
                parameters: self
                    .params
                    .iter()
                    .map(|p| Parameter::parse(p))
                    .collect::<Result<_, _>>()?,
            })
        };
        let rule_sets = match self.family {
            FamilyName::Subtraction => {
                let max = self
                    .max
                    .context("sweep subtraction needs --max M (sets S ⊆ {1..M})")?;
                let (lo, hi) = match &self.sizes {
                    Some(s) => sizes(s)?,
                    None => (1, max),
                };
                RuleSets::Subtraction(SubtractionSets {
                    max,
                    min_size: lo,
                    max_size: hi,
                    terms: self.terms,
                    cap: self.cap,
                })
            }
            FamilyName::OnePile => RuleSets::OnePile(OnePileBounds {
                bounds: bounds()?,
                up_to: self.up_to,
            }),
            FamilyName::HolshouserReiter => RuleSets::HolshouserReiter(HolshouserReiterPairs {
                bases: self.bases.clone(),
                prefix_terms: self.prefixes,
                bounds: bounds()?,
                up_to: self.up_to,
            }),
            FamilyName::TwoPile => RuleSets::TwoPile(TwoPileBounds {
                bounds: bounds()?,
                up_to: self.up_to,
            }),
            FamilyName::Octal => RuleSets::Octal(OctalCodes {
                digits: self.digits,
                terms: self.terms,
            }),
        };
        let format = match self.format {
            Some(FormatName::Csv) => Format::Csv,
            Some(FormatName::Jsonl) => Format::Jsonl,
            None if self.out.extension().is_some_and(|e| e == "jsonl") => Format::Jsonl,
            None => Format::Csv,
        };
        Ok(Sweep::new(rule_sets, self.shard, format)?)
    }
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let sweep = args.sweep()?;
    // The shard files an earlier run left damaged, cut or foreign, named
    // before anything is computed (the run finds the directory clean; an
    // error here is the run's own, reported by it below).
    if let Ok(FileProgress::Shards { discarded, .. }) = Output::new(&args.out).prepare(&sweep) {
        for d in &discarded {
            output::warn(&format!("warning: {d}: computing it again"));
        }
    }
    let bar = Bar::new(args.quiet);
    bar.begin(&format!("sweep {}", sweep.rule_sets.name()));
    let cancel = super::limits().cancel;
    crate::signals::cancel_on_signal(cancel.clone())?;
    let report = match takeaway::sweep::run(&sweep, &args.out, args.threads, &cancel, &bar) {
        Err(SweepError::Game(GameError::Cancelled)) => {
            bar.clear();
            let dir = Output::new(&args.out).shard_dir().display().to_string();
            output::warn(&format!(
                "interrupted: the finished shards are in {dir}; rerun the same command to compute the rest"
            ));
            return Ok(ExitCode::from(crate::signals::STOPPED));
        }
        r => r.with_context(|| format!("cannot sweep into {}", args.out.display()))?,
    };
    bar.clear();
    for d in &report.discarded {
        output::warn(&format!("warning: {d}: computed again"));
    }
    let out = args.out.display();
    let shards = |n: u64| if n == 1 { "shard" } else { "shards" };
    let line = if report.already_complete {
        format!(
            "{out} is complete: {} rule sets (nothing to do)\n",
            report.rule_sets
        )
    } else {
        format!(
            "wrote {} rule sets to {out} ({} {}: {} computed, {} resumed)\n",
            report.rule_sets,
            report.shards,
            shards(report.shards),
            report.shards - report.resumed,
            report.resumed
        )
    };
    output::text_out(&line)?;
    Ok(ExitCode::SUCCESS)
}
