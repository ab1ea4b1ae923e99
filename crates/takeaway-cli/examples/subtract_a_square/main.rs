//! The whole `takeaway` command with one more family, subtract-a-square,
//! defined outside the library in one file (`squares.rs`, beside this one):
//! `analyze` (misère, `--all`, remoteness, Grundy values), `table`, `play`,
//! `analyze sum 'squares 10' 'nim 3'`, and `serve` with its catalogue, the
//! move and hint routes and the legal-move reasons on the page.
//!
//! ```sh
//! cargo run --example subtract_a_square -- analyze squares 20
//! cargo run --example subtract_a_square -- serve
//! ```

mod squares;

use std::process::ExitCode;

fn main() -> ExitCode {
    // The list line: a name already taken is a programming error here.
    if let Err(e) = takeaway::family::register(&squares::SQUARES) {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "error: {e}");
        return ExitCode::from(1);
    }
    takeaway_command::run()
}
