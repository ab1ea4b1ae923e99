//! `takeaway verify GAME --up-to N`.

use crate::{output, progress::Bar};
use anyhow::Context;
use std::process::ExitCode;
use takeaway::games::request::Verdict;
use takeaway::games::{Family, Game, VerifyRequest};

/// Arguments of `verify`.
#[derive(clap::Args, Debug)]
#[command(after_help = "EXAMPLES:
  takeaway verify one-pile:f=3*t --up-to 100000
  takeaway verify two-pile:f=2*t --up-to 300
  takeaway verify wythoff --up-to 2000
  takeaway verify fibonacci --grundy --up-to 5000

Exit status: 0 when the engines agree, 3 when they disagree or a hypothesis fails.")]
pub(crate) struct Args {
    /// The game to check.
    game: String,
    /// Check every position with piles up to N.
    #[arg(long, value_name = "N")]
    up_to: u64,
    /// One-pile games: check the Grundy values against the theory instead,
    /// G(n, w) = 0 exactly when w < L(n), for every n ≤ N and w ≤ n.
    #[arg(long)]
    grundy: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// No progress bar (it is drawn only on a terminal anyway).
    #[arg(long, short)]
    quiet: bool,
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = Game::parse(&args.game)?;
    let bar = Bar::new(args.quiet);
    bar.begin(&format!("verify {}", game.spec()));
    let req = VerifyRequest {
        up_to: args.up_to,
        limits: super::limits(),
        progress: &bar,
    };
    let v = if args.grundy {
        match game.verify_grundy(&req) {
            Some(v) => v,
            None => anyhow::bail!(
                "verify --grundy is for one-pile games (G(n, w) = 0 exactly when w < L(n)); {} has no such theory to check",
                game.spec()
            ),
        }
    } else {
        game.verify(&req)
    }
    .context("cannot verify")?;
    bar.clear();
    if args.json {
        output::json(&v)?;
    } else {
        output::text_out(&v.text())?;
    }
    Ok(if v.verdict == Verdict::Agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    })
}
