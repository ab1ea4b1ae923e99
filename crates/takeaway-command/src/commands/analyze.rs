//! `takeaway analyze GAME PILES... [--bound W]`.

use crate::numbers::NumberArgs;
use crate::{output, progress::Bar};
use anyhow::Context;
use std::process::ExitCode;
use takeaway::games::{AnalyzeRequest, Family, Game};
use takeaway::render::analysis::Answer;

/// Arguments of `analyze`.
#[derive(clap::Args, Debug)]
#[command(after_help = "EXAMPLES:
  takeaway analyze fibonacci 20 --bound 6
  takeaway analyze two-pile:f=2*t 20 62 --bound 6 --json
  takeaway analyze two-pile:f=2*t 20 62 --bound 6 --strategy table-4.1
  takeaway analyze wythoff 24 32 --all
  takeaway analyze spite 10 6
  takeaway analyze subtraction:s=1,3,4 10 11 12
  takeaway analyze sum 'fibonacci 20' 'fibonacci 13 --bound 4' 'wythoff 3 5' 'nim 6' --json
  takeaway analyze sum:misere=true 'nim 3' 'wythoff 1 2'
  takeaway analyze fibonacci @pile.txt          # the digits of the pile, from a file
  cat pile.txt | takeaway analyze wythoff - @other.txt

SUMS: `sum` takes its parts as arguments, each written as `analyze` takes it
(`GAME PILES... [--bound W]`, quoted); any family but Spite Nim.

NUMBERS: a pile or --bound may be `@FILE` (the decimal digits read from FILE,
surrounding whitespace ignored) or `-` (read from standard input, at most one
per command). One argument is limited to 128 KiB (~131,000 digits) by the
operating system; files and standard input carry up to 1,000,000 digits.")]
pub(crate) struct Args {
    /// The game, e.g. `fibonacci`, `one-pile:f=3*t`, `wythoff`, or `sum` (`sum:misere=true`).
    game: String,
    /// Pile (row) sizes (for `sum`: the parts, e.g. 'fibonacci 13 --bound 4'); natural numbers of any size (`@FILE`: read from FILE; `-`: from standard input).
    #[arg(allow_negative_numbers = true)]
    piles: Vec<String>,
    /// Bound on the next move (one-pile default n−1; two-pile default unbounded); `@FILE` or `-` as for piles.
    #[arg(long, allow_negative_numbers = true)]
    bound: Option<String>,
    /// List every winning move, not just one.
    #[arg(long)]
    all: bool,
    /// Use the exhaustive solver even where a theory applies.
    #[arg(long)]
    exhaustive: bool,
    /// Print JSON (the command-line contract) instead of text.
    #[arg(long)]
    json: bool,
    /// Also say what a strategy prescribes: `table-4.1` (two-pile games,
    /// paper 000's Table 4.1, "how to win without knowing L(m, d)"; JSON field `strategy`).
    #[arg(long, value_enum)]
    strategy: Option<Strategy>,
    /// No progress spinner (it is drawn only on a terminal anyway).
    #[arg(long, short)]
    quiet: bool,
}

/// A strategy `analyze --strategy` can report.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strategy {
    /// Paper 000's Table 4.1 (two-pile games with l(k) ∈ {0, 1}).
    #[value(name = "table-4.1")]
    Table41,
}

/// Parses the piles (each a decimal literal, `@FILE` or `-`), naming the pile that is wrong.
pub(crate) fn parse_piles(
    piles: &[String],
    numbers: &mut NumberArgs,
) -> anyhow::Result<Vec<num_bigint::BigUint>> {
    piles
        .iter()
        .enumerate()
        .map(|(i, p)| numbers.natural(p, &format!("pile {}", i + 1)))
        .collect()
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = Game::parse(&args.game)?;
    if args.piles.is_empty() {
        // An argument error (exit 2), as clap's own.
        output::error_line(&anyhow::anyhow!(if game.takes_parts() {
            "a sum of no parts: give one part per argument, e.g. takeaway analyze sum 'fibonacci 20' 'nim 6'"
        } else {
            "the following required arguments were not provided: <PILES>... (see `takeaway --help`)"
        }));
        return Ok(ExitCode::from(2));
    }
    let mut numbers = NumberArgs::new();
    let mut req = if game.takes_parts() {
        if args.bound.is_some() {
            anyhow::bail!(
                "a sum takes no --bound: give each part its own inside its text, e.g. 'fibonacci 13 --bound 4'"
            );
        }
        if args.exhaustive {
            anyhow::bail!(
                "a sum takes no --exhaustive: each part's Grundy value is computed where no theory applies"
            );
        }
        let parts = takeaway::games::sum::parse_parts(&args.piles)?;
        AnalyzeRequest::at(&takeaway::games::sum::position_of(&parts))
    } else {
        AnalyzeRequest::new(parse_piles(&args.piles, &mut numbers)?)
    };
    req.all = args.all;
    req.exhaustive = args.exhaustive;
    // The command line asks for the generous limits; the library's default is strict.
    req.limits = super::limits();
    if let Some(b) = &args.bound {
        req.bound = Some(numbers.natural(b, "--bound")?);
    }
    let strategy = match args.strategy {
        Some(Strategy::Table41) => Some(
            game.strategy_table_4_1(&req.piles, req.bound.as_ref())
                .context("cannot apply Table 4.1")?,
        ),
        None => None,
    };
    let bar = Bar::new(args.quiet);
    bar.begin(&format!("analyze {}", game.spec()));
    let analysis = game.analyze(&req).context(if game.takes_parts() {
        "cannot analyze this sum"
    } else {
        "cannot analyze this position"
    })?;
    bar.clear();
    let answer = Answer { analysis, strategy };
    if args.json {
        output::json(&answer)?;
    } else {
        output::text_out(&takeaway::render::analysis::text(&answer))?;
    }
    Ok(ExitCode::SUCCESS)
}
