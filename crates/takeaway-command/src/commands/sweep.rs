//! `takeaway sweep FAMILY … --out FILE`: one row per rule set, on every core,
//! resumable (the library's [`takeaway::sweep`]).

use crate::{output, progress::Bar};
use anyhow::Context;
use clap::builder::PossibleValue;
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::path::PathBuf;
use std::process::ExitCode;
use takeaway::games::GameError;
use takeaway::sweep::{
    FAMILIES, FileProgress, Format, Output, Setting, Sweep, SweepError, SweepFamily, Takes, Value,
    Values,
};

/// File formats of `sweep`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormatName {
    /// Comma-separated values with a `#` line (version and command).
    Csv,
    /// JSON lines: a header object, then one object per rule set.
    Jsonl,
}

/// What follows the examples in `sweep --help`.
const AFTER_EXAMPLES: &str =
    "Rerunning the same command after an interruption computes only the shards
not yet in FILE.shards/ and gives the same file as an uninterrupted run.
Every shard file carries a checksum: one that was changed, cut short or
copied from another sweep is named on stderr and computed again, never
merged.";

/// Arguments of `sweep`: the family and its settings (read from the
/// library's list of sweep families, [`FAMILIES`]), then the run's own.
#[derive(Debug)]
pub(crate) struct Args {
    /// The family of rule sets.
    family: &'static SweepFamily,
    /// The family's settings as given (a range still as text).
    given: Vec<(&'static Setting, Given)>,
    /// The results (CSV or JSON lines).
    out: PathBuf,
    /// Rule sets per shard.
    shard: Option<u64>,
    /// File format.
    format: Option<FormatName>,
    /// Threads (0: every core).
    threads: usize,
    /// No progress bar.
    quiet: bool,
}

/// A setting's value as the command line gave it.
#[derive(Debug)]
enum Given {
    Number(u64),
    Range(String),
    Texts(Vec<String>),
}

/// A help text of the library with its settings named as flags.
fn help(text: &str) -> &'static str {
    leak(takeaway::sweep::worded(text, |s, value| match value {
        Some(v) => format!("--{} {v}", s.flag),
        None => format!("--{}", s.flag),
    }))
}

/// A static copy of `text` (the help is built once per process).
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// The flag of a setting, with its value name and help.
fn setting_arg(s: &'static Setting) -> Arg {
    let arg = Arg::new(s.name)
        .long(s.flag)
        .value_name(s.value_name)
        .help(help(s.help));
    match s.takes {
        Takes::Number(default) => {
            let arg = arg
                .action(ArgAction::Set)
                .value_parser(clap::value_parser!(u64));
            match default {
                Some(d) => arg.default_value(leak(d.to_string())),
                None => arg,
            }
        }
        Takes::Range => arg.action(ArgAction::Set),
        Takes::Texts => arg.action(ArgAction::Append),
    }
}

impl clap::Args for Args {
    fn augment_args(cmd: Command) -> Command {
        let examples: Vec<String> = FAMILIES
            .iter()
            .flat_map(|f| f.examples)
            .map(|e| format!("  takeaway sweep {e}"))
            .collect();
        let mut cmd = cmd
            .after_help(leak(format!(
                "EXAMPLES:\n{}\n\n{AFTER_EXAMPLES}",
                examples.join("\n")
            )))
            .arg(
                Arg::new("family")
                    .required(true)
                    .value_name("FAMILY")
                    .help("The family of rule sets")
                    .value_parser(
                        FAMILIES
                            .iter()
                            .map(|f| PossibleValue::new(f.name).help(help(f.help)))
                            .collect::<Vec<_>>(),
                    ),
            )
            .arg(
                Arg::new("out")
                    .long("out")
                    .value_name("FILE")
                    .required(true)
                    .value_parser(clap::value_parser!(PathBuf))
                    .help("The results (CSV or JSON lines); FILE.shards/ holds the finished shards while the sweep runs"),
            );
        for s in takeaway::sweep::settings() {
            cmd = cmd.arg(setting_arg(s));
        }
        cmd.arg(
            Arg::new("shard")
                .long("shard")
                .value_name("K")
                .value_parser(clap::value_parser!(u64))
                .help("Rule sets per shard (the unit of resume and of parallel work); default 1024 subtraction sets or 4 bounds"),
        )
        .arg(
            Arg::new("format")
                .long("format")
                .value_name("FORMAT")
                .value_parser(clap::value_parser!(FormatName))
                .help("File format (default: jsonl when FILE ends in .jsonl, else csv)"),
        )
        .arg(
            Arg::new("threads")
                .long("threads")
                .value_name("T")
                .value_parser(clap::value_parser!(usize))
                .default_value("0")
                .help("Threads (default: every core)"),
        )
        .arg(
            Arg::new("quiet")
                .long("quiet")
                .short('q')
                .action(ArgAction::SetTrue)
                .help("No progress bar (it is drawn only on a terminal anyway)"),
        )
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for Args {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let name = m.get_one::<String>("family").map_or("", String::as_str);
        let family = takeaway::sweep::family(name).ok_or_else(|| {
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("no sweep family `{name}`"),
            )
        })?;
        let mut given = Vec::new();
        for &s in family.settings {
            let value = match s.takes {
                Takes::Number(_) => m.get_one::<u64>(s.name).copied().map(Given::Number),
                Takes::Range => m.get_one::<String>(s.name).cloned().map(Given::Range),
                Takes::Texts => m
                    .get_many::<String>(s.name)
                    .map(|v| Given::Texts(v.cloned().collect())),
            };
            if let Some(v) = value {
                given.push((s, v));
            }
        }
        Ok(Args {
            family,
            given,
            out: m.get_one::<PathBuf>("out").cloned().unwrap_or_default(),
            shard: m.get_one::<u64>("shard").copied(),
            format: m.get_one::<FormatName>("format").copied(),
            threads: m.get_one::<usize>("threads").copied().unwrap_or(0),
            quiet: m.get_flag("quiet"),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

/// `LO..HI` or `V` as an inclusive range (of the setting `flag`).
fn range(flag: &str, text: &str) -> anyhow::Result<(u64, u64)> {
    let num = |s: &str| {
        s.trim()
            .parse::<u64>()
            .with_context(|| format!("--{flag} {text}: expected LO..HI, e.g. 1..4"))
    };
    Ok(match text.split_once("..") {
        Some((a, b)) => (num(a)?, num(b.trim_start_matches('='))?),
        None => (num(text)?, num(text)?),
    })
}

impl Args {
    /// The library's sweep for these arguments.
    fn sweep(&self) -> anyhow::Result<Sweep> {
        let mut values = Values::default();
        for (s, given) in &self.given {
            let value = match given {
                Given::Number(n) => Value::Number(*n),
                Given::Range(text) => {
                    let (lo, hi) = range(s.flag, text)?;
                    Value::Range(lo, hi)
                }
                Given::Texts(t) => Value::Texts(t.clone()),
            };
            values.set(s.name, value);
        }
        let rule_sets = (self.family.build)(&values)?;
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
    output::text_out(&takeaway::render::sweep::text(&report, &args.out))?;
    Ok(ExitCode::SUCCESS)
}
