//! `takeaway`: analyse, tabulate, verify and play take-away games (the
//! command itself is [`takeaway_cli::run`]).

fn main() -> std::process::ExitCode {
    takeaway_cli::run()
}
