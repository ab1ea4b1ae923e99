//! `takeaway verify GAME --up-to N`.

use crate::{output, progress::Bar};
use anyhow::Context;
use std::process::ExitCode;
use takeaway::games::one_pile::{OnePile, fibonacci_grundy};
use takeaway::games::{Family, Game, VerifyRequest};
use takeaway::render::verify::Verified;

/// Arguments of `verify`.
#[derive(clap::Args, Debug)]
#[command(after_help = "EXAMPLES:
  takeaway verify one-pile:f=3*t --up-to 100000
  takeaway verify two-pile:f=2*t --up-to 300
  takeaway verify wythoff --up-to 2000
  takeaway verify fibonacci --grundy --up-to 5000
  takeaway verify fibonacci --grundy --rows 1000000

Exit status: 0 when the engines agree, 3 when they disagree or a hypothesis fails.")]
pub(crate) struct Args {
    /// The game to check.
    game: String,
    /// Check every position with piles up to N.
    #[arg(long, value_name = "N", required_unless_present = "rows")]
    up_to: Option<u64>,
    /// Fibonacci Nim with --grundy: check Larsson & Rubinstein-Salzedo's
    /// statements (and the recorded conjectures) on rows 0 ≤ n < N, computed
    /// as step functions.
    #[arg(long, value_name = "N", requires = "grundy", conflicts_with = "up_to")]
    rows: Option<u64>,
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
    let verified = if let Some(rows) = args.rows {
        let Some(one) = game.family_as::<OnePile>() else {
            anyhow::bail!(
                "verify --grundy --rows checks Larsson & Rubinstein-Salzedo's statements about Fibonacci Nim; {} is not a one-pile game",
                game.spec()
            );
        };
        Verified::Statements(
            fibonacci_grundy::check(one, rows, &super::limits(), &bar).context("cannot verify")?,
        )
    } else {
        let req = VerifyRequest {
            up_to: args.up_to.unwrap_or(0),
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
        Verified::Engines(v)
    };
    bar.clear();
    if args.json {
        output::json(&verified)?;
    } else {
        output::text_out(&takeaway::render::verify::text(&verified))?;
    }
    Ok(if verified.agree() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    })
}
