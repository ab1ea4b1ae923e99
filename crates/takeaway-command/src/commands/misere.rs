//! `takeaway misere GAME --heaps N [--json] [--certificate FILE]` and
//! `takeaway misere GAME --check FILE [--sums K]`: the misère quotient of
//! the heaps 1..N of an octal game, Nim or a subtraction game, and the
//! independent check of a certificate.

use crate::output;
use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use takeaway::games::heap_games;
use takeaway::games::octal::quotient::{
    certificate::Certificate,
    check::check,
    disk,
    engine::{QuotientLimits, misere_quotient},
};
use takeaway::render::quotient;

/// Arguments of `misere`.
#[derive(clap::Args, Debug)]
#[command(after_help = "EXAMPLES:
  takeaway misere octal:0.77 --heaps 12
  takeaway misere dawson --heaps 20 --json
  takeaway misere octal:0.07 --heaps 16 --certificate q.json
  takeaway misere octal:0.07 --check q.json --sums 5
  takeaway misere nim --heaps 7

GAME is an octal game (octal:CODE, kayles, dawson), nim or a subtraction
game (subtraction:s=1,3,4); the quotient is of misère play whatever the
spec's misere key says.")]
pub(crate) struct Args {
    /// The heap game.
    game: String,
    /// The heap bound N: the quotient of all sums of heaps 1..N.
    #[arg(long, value_name = "N", required_unless_present = "check")]
    heaps: Option<usize>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Also write the certificate (table, P, Φ) to FILE as JSON.
    #[arg(long, value_name = "FILE", conflicts_with = "check")]
    certificate: Option<PathBuf>,
    /// Check the certificate in FILE against brute-force misère outcomes
    /// instead of computing a quotient.
    #[arg(long, value_name = "FILE")]
    check: Option<PathBuf>,
    /// With --check: every sum of at most K heaps is compared.
    #[arg(long, value_name = "K", default_value_t = 4)]
    sums: usize,
    /// The most elements of a quotient before it is refused.
    #[arg(long, value_name = "M", default_value_t = QuotientLimits::default().max_elements)]
    max_elements: usize,
    /// The most states of the construction's product automata in all
    /// (layers' bases, assemblies) before the quotient is refused.
    #[arg(long, value_name = "S", default_value_t = QuotientLimits::default().max_positions)]
    max_positions: usize,
    /// The most verification states of the exact checks in all before the
    /// quotient is refused.
    #[arg(long, value_name = "V", default_value_t = QuotientLimits::default().max_states)]
    max_states: usize,
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.check {
        return run_check(&args, path);
    }
    let heaps = args.heaps.unwrap_or(0);
    let game = heap_games::of_spec(&args.game, heaps)?;
    let limits = QuotientLimits {
        max_elements: args.max_elements,
        max_positions: args.max_positions,
        max_states: args.max_states,
    };
    let q = misere_quotient(game.as_ref(), heaps, &limits).map_err(|e| {
        let line = format!(
            "no misère quotient of {} for heaps 1..{heaps}: {e}",
            game.name()
        );
        match e.advice(&output::Flags) {
            Some(advice) => anyhow::anyhow!("{line}; {advice}"),
            None => anyhow::anyhow!("{line}"),
        }
    })?;
    // Kept on disk like every quotient the command computes: the answers
    // (analyze, play, the server's heatmaps) then read it back instead of
    // computing it within their smaller budget.
    disk::save(&q);
    if let Some(path) = &args.certificate {
        std::fs::write(path, q.certificate().to_json() + "\n")
            .with_context(|| format!("cannot write the certificate to {}", path.display()))?;
    }
    if args.json {
        output::json(&q)?;
    } else {
        output::text_out(&quotient::text(&q, &output::Flags))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn run_check(args: &Args, path: &PathBuf) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the certificate {}", path.display()))?;
    let cert = Certificate::from_json(&text)
        .with_context(|| format!("{} is not a certificate", path.display()))?;
    let game = heap_games::of_spec(&args.game, cert.heaps)?;
    if cert.game != game.name() {
        anyhow::bail!(
            "{} is a certificate of {}, not of {}",
            path.display(),
            cert.game,
            game.name()
        );
    }
    let report = check(&cert, game.as_ref(), args.sums, 20_000_000)
        .with_context(|| format!("the certificate {} is refused", path.display()))?;
    if args.json {
        output::json(&report)?;
    } else {
        output::text_out(&quotient::check_text(&cert, &report))?;
    }
    Ok(ExitCode::SUCCESS)
}
