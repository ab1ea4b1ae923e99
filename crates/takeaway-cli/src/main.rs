//! `takeaway`: analyse, tabulate, verify and play take-away games (the
//! command itself is [`takeaway_command::run`]).

fn main() -> std::process::ExitCode {
    takeaway_command::run()
}
