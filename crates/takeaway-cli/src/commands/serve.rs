//! `takeaway serve [--addr 127.0.0.1:8080]`: the web page and its JSON API.

use anyhow::Context;
use std::net::SocketAddr;
use std::process::ExitCode;

/// Arguments of `serve`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Open the printed address in a browser: pick a game, set the start, play
against the computer, ask for hints, and see the explanation and a heatmap of
the positions around the current one. Everything is served from the binary
(no network). Ctrl-C stops the server.

The JSON API (POST bodies up to 64 KiB):
  GET  /api/games     the families and their parameters
  POST /api/analyze   {\"game\", \"piles\", \"bound\"?} -> the JSON of `takeaway analyze --json`
  POST /api/start     {\"game\", \"piles\", \"bound\"?, \"first\"?} -> the start (and the computer's first move)
  POST /api/move      {\"game\", \"position\", \"move\"} -> your move checked, the computer's reply
  POST /api/hint      {\"game\", \"position\"} -> the winning move and why
  POST /api/grid      {\"game\", \"position\", \"size\"?} -> outcomes around the position (heatmap)

EXAMPLES:
  takeaway serve
  takeaway serve --addr 127.0.0.1:9000"
)]
pub(crate) struct Args {
    /// Address to listen on (loopback by default; a port of 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    takeaway_web::serve_blocking(args.addr, |addr| {
        let _ = crate::output::text_out(&format!(
            "takeaway: serving on http://{addr}/ (Ctrl-C to stop)"
        ));
    })
    .with_context(|| format!("cannot serve on {}", args.addr))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::Args;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    #[test]
    fn listens_on_loopback_by_default() {
        let cli = Cli::try_parse_from(["serve"]).unwrap();
        assert!(cli.args.addr.ip().is_loopback(), "{}", cli.args.addr);
        assert_eq!(cli.args.addr.to_string(), "127.0.0.1:8080");
        let cli = Cli::try_parse_from(["serve", "--addr", "0.0.0.0:9000"]).unwrap();
        assert!(!cli.args.addr.ip().is_loopback());
    }
}
