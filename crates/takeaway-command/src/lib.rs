//! `takeaway-command`: the command line of takeaway as a library, so that a
//! program that registers its own families ([`takeaway::family::register`])
//! gets the whole `takeaway` command for them: [`run`].
//!
//! A thin front-end over the `takeaway` library: parse arguments, call the
//! library, print data to stdout and diagnostics to stderr.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod commands;
mod numbers;
mod output;
mod progress;
mod quotient_disk;
mod signals;

const ABOUT: &str = "Analyse, solve and play take-away games exactly: one-pile games (Fibonacci \
Nim and its generalisations), memory games, two-pile games over generalised bases, Wythoff's Nim, \
Spite Nim, subtraction games, octal games (Kayles) and sums of games.";

/// The help after the commands: the game specs, one line per family of the
/// library's one list ([`takeaway::family::FAMILIES`]), then the keys.
fn games_help() -> String {
    format!(
        "GAME SPECS (NAME[:KEY=VALUE]...):\n{}\n{GAMES_KEYS}",
        takeaway::family::help_lines()
    )
}

const GAMES_KEYS: &str = "\
KEYS:
  :base=fibonacci|binary|1,2,3,...   one-pile / two-pile: the Holshouser–Reiter base
  :piles=K                  two-pile: the k-pile game (or give K ≥ 3 piles)
  :misere=true              every family: misère play (whoever cannot move wins)

EXPR: integers, t, n, + - * / (floor) %, parentheses, min(..), max(..),
      < <= == != >= >, &&, ||, !, if(cond, a, b), fib(k); with :base=…
      also g(x), gbar(x) and h(k) of that base (paper 002). Exact on integers
      of any size.";

/// Command-line arguments.
#[derive(Parser, Debug)]
#[command(name = "takeaway", version, about = ABOUT, after_help = games_help())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Who wins a position, a winning move and why.
    Analyze(commands::analyze::Args),
    /// Values for a range of positions (least winning moves, tableaux, Grundy values).
    Table(commands::table::Args),
    /// Cross-check the theory against the exhaustive solver on a range.
    Verify(commands::verify::Args),
    /// Write numbers in Zeckendorf form, a generalised base or an H-sequence.
    Repr(commands::repr::Args),
    /// Play against the computer in the terminal (or over a pipe).
    Play(commands::play::Args),
    /// Serve the web page and JSON API to play and explore in a browser.
    Serve(commands::serve::Args),
    /// One row per rule set of a family (subtraction sets, bounds, bases),
    /// on every core, resumable, into a CSV or JSON-lines file.
    Sweep(commands::sweep::Args),
    /// The misère quotient of an octal game's heaps 1..N (Plambeck–Siegel),
    /// or the check of a certificate against brute force.
    Misere(commands::misere::Args),
}

/// The `takeaway` command on this process's arguments: parses them, runs
/// the subcommand, prints data to stdout and one `error: …` line to stderr,
/// and returns the exit status (0 done, 1 an error, 2 a usage error).
///
/// A program that registers families first offers them in every subcommand:
///
/// ```no_run
/// fn main() -> std::process::ExitCode {
///     // takeaway::family::register(&MY_FAMILY).unwrap();
///     takeaway_command::run()
/// }
/// ```
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return output::usage_error(&e),
    };
    quotient_disk::install();
    let result = match cli.command {
        Command::Analyze(a) => commands::analyze::run(a),
        Command::Table(a) => commands::table::run(a),
        Command::Verify(a) => commands::verify::run(a),
        Command::Repr(a) => commands::repr::run(a),
        Command::Play(a) => commands::play::run(a),
        Command::Serve(a) => commands::serve::run(a),
        Command::Sweep(a) => commands::sweep::run(a),
        Command::Misere(a) => commands::misere::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            output::error_line(&e);
            ExitCode::from(1)
        }
    }
}
