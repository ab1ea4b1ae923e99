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
(no network). Ctrl-C stops the server (a second quits at once).

The JSON API (POST bodies up to 64 KiB):
  GET  /api/games     the families and their parameters
  POST /api/analyze   {\"game\", \"piles\", \"bound\"?} -> the JSON of `takeaway analyze --json`
  POST /api/start     {\"game\", \"piles\", \"bound\"?, \"first\"?} -> the start (and the computer's first move)
  POST /api/move      {\"game\", \"position\", \"move\"} -> your move checked, the computer's reply
  POST /api/hint      {\"game\", \"position\"} -> the winning move and why
  POST /api/grid      {\"game\", \"position\", \"size\"?} -> outcomes around the position (heatmap)

POST bodies must be sent with `Content-Type: application/json` (else 415).
Only loopback Host names (and the address bound) are served unless --public.
Under load: a request's head must come within 5 s and its body within 10 s
more; cheap requests are served in a quick lane beside the long ones; a
request that finds no worker within 10 s is answered 503 (with Retry-After),
one that computes longer 422. Ctrl-C or SIGTERM stops within 2 s.

EXAMPLES:
  takeaway serve
  takeaway serve --addr 127.0.0.1:9000
  curl -s localhost:8080/api/analyze -H 'Content-Type: application/json' -d '{\"game\": \"fibonacci\", \"piles\": [20]}'"
)]
pub(crate) struct Args {
    /// Address to listen on, HOST:PORT with HOST an IP address, e.g.
    /// 127.0.0.1:9000 (loopback by default; a port of 0 picks a free one).
    #[arg(long, value_parser = parse_addr)]
    addr: Option<SocketAddr>,
    /// Serve other machines: listen on every interface (0.0.0.0:8080 unless
    /// --addr says otherwise) and accept any Host header. WARNING: anyone who
    /// can reach the port can use the server's CPU (within its limits).
    #[arg(long)]
    public: bool,
}

/// Reads `--addr`: an IP address and a port. A port alone, a host name or
/// anything else is refused with the form expected and an example built
/// from what was typed.
fn parse_addr(text: &str) -> Result<SocketAddr, String> {
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let t = text.trim();
    if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "`{t}` is a port without a host; --addr takes HOST:PORT: use 127.0.0.1:{t} (this machine only) or 0.0.0.0:{t} with --public (every interface)"
        ));
    }
    if let Some((host, port)) = t.rsplit_once(':')
        && !port.is_empty()
        && port.bytes().all(|b| b.is_ascii_digit())
    {
        let example = if host.eq_ignore_ascii_case("localhost") {
            format!("127.0.0.1:{port}")
        } else {
            format!("an IP address such as 127.0.0.1:{port} ([::1]:{port} for IPv6)")
        };
        return Err(format!(
            "`{host}` is not an IP address; --addr takes HOST:PORT with HOST an IP address (no host names): use {example}"
        ));
    }
    Err(format!(
        "`{t}` is not HOST:PORT; --addr takes an IP address and a port, e.g. 127.0.0.1:9000"
    ))
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let addr = args.addr.unwrap_or_else(|| {
        if args.public {
            SocketAddr::from(([0, 0, 0, 0], 8080))
        } else {
            SocketAddr::from(([127, 0, 0, 1], 8080))
        }
    });
    if args.public {
        crate::output::warn(
            "warning: --public: serving every interface to any Host; anyone who can reach the port can use this server",
        );
    } else if !addr.ip().is_loopback() {
        crate::output::warn(&format!(
            "warning: --addr {addr} is not a loopback address: other machines can reach the port (a client that names a loopback Host is served); use 127.0.0.1 to serve this machine only, or add --public to serve the network on purpose"
        ));
    }
    let config = takeaway_web::Config {
        public: args.public,
        ..takeaway_web::Config::default()
    };
    takeaway_web::serve_blocking_with(addr, config, |addr| {
        let _ = crate::output::text_out(&format!(
            "takeaway: serving on http://{addr}/ (Ctrl-C to stop; a second Ctrl-C quits at once)"
        ));
    })
    .with_context(|| format!("cannot serve on {addr}"))?;
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
        assert_eq!(cli.args.addr, None);
        assert!(!cli.args.public);
        let cli = Cli::try_parse_from(["serve", "--addr", "0.0.0.0:9000"]).unwrap();
        assert!(!cli.args.addr.unwrap().ip().is_loopback());
        let cli = Cli::try_parse_from(["serve", "--public"]).unwrap();
        assert!(cli.args.public);
    }

    #[test]
    fn an_address_without_a_host_says_what_form_is_expected() {
        let e = super::parse_addr("9000").unwrap_err();
        assert!(e.contains("use 127.0.0.1:9000"), "{e}");
        assert!(e.contains("HOST:PORT"), "{e}");
        let e = super::parse_addr("localhost:9000").unwrap_err();
        assert!(e.contains("use 127.0.0.1:9000"), "{e}");
        let e = super::parse_addr("nonsense").unwrap_err();
        assert!(e.contains("e.g. 127.0.0.1:9000"), "{e}");
        assert_eq!(
            super::parse_addr("[::1]:80").unwrap(),
            "[::1]:80".parse().unwrap()
        );
        let e = Cli::try_parse_from(["serve", "--addr", "9000"])
            .err()
            .unwrap();
        assert!(e.to_string().contains("use 127.0.0.1:9000"), "{e}");
    }
}
