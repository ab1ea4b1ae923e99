//! Number arguments (piles, `--bound`, `repr`'s N): a decimal literal, `@FILE`
//! (the decimal digits read from FILE, surrounding whitespace ignored) or `-`
//! (the digits read from standard input, at most once per command).
//!
//! One command-line argument is limited to 128 KiB (~131,000 digits) by the
//! operating system; `@FILE` and `-` carry numbers up to
//! [`takeaway::natural::MAX_DIGITS`] digits.

use anyhow::{Context, bail};
use num_bigint::BigUint;
use std::io::Read;
use takeaway::games::GameError;
use takeaway::natural::{MAX_DIGITS, parse_natural};

/// The most bytes read from one `@FILE` or from standard input: the digit
/// limit plus room for surrounding whitespace. Past it the input is refused
/// before it is held in memory.
const MAX_INPUT_BYTES: u64 = 2 * MAX_DIGITS as u64 + (1 << 20);

/// Reads number arguments, remembering which one took standard input.
#[derive(Debug, Default)]
pub(crate) struct NumberArgs {
    /// The argument that read standard input (`-`), if any.
    stdin_taken_by: Option<String>,
    /// Why `-` is refused in this command (`play` reads its moves from stdin).
    stdin_refused: Option<&'static str>,
}

impl NumberArgs {
    /// Number arguments for a command that may read one of them from stdin.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Number arguments for a command that needs stdin for something else.
    pub(crate) fn without_stdin(reason: &'static str) -> Self {
        NumberArgs {
            stdin_taken_by: None,
            stdin_refused: Some(reason),
        }
    }

    /// Parses one number argument; `what` names it in errors (`pile 2`, `--bound`).
    pub(crate) fn natural(&mut self, arg: &str, what: &str) -> anyhow::Result<BigUint> {
        if arg == "-" {
            if let Some(reason) = self.stdin_refused {
                bail!(
                    "{what}: `-` (read the number from standard input) is not available here: {reason}; use @FILE"
                );
            }
            if let Some(first) = &self.stdin_taken_by {
                bail!(
                    "{what}: `-` reads standard input, which {first} already read; at most one number per command may come from `-` (use @FILE for the others)"
                );
            }
            self.stdin_taken_by = Some(what.to_string());
            let text = read_limited(std::io::stdin().lock())
                .with_context(|| format!("{what}: cannot read standard input"))?;
            let what = format!("{what} (from standard input)");
            return parse(&text, &what);
        }
        if let Some(path) = arg.strip_prefix('@') {
            if path.is_empty() {
                bail!(
                    "{what}: `@` needs a file name (`@FILE` reads the number's digits from FILE)"
                );
            }
            let file = std::fs::File::open(path)
                .with_context(|| format!("{what}: cannot read `{path}` (from `{arg}`)"))?;
            let text = read_limited(file)
                .with_context(|| format!("{what}: cannot read `{path}` (from `{arg}`)"))?;
            let what = format!("{what} (from `{path}`)");
            return parse(&text, &what);
        }
        parse(arg, what)
    }
}

fn parse(text: &str, what: &str) -> anyhow::Result<BigUint> {
    parse_natural(text).map_err(|source| {
        GameError::Number {
            what: what.to_string(),
            source,
        }
        .into()
    })
}

/// Reads at most [`MAX_INPUT_BYTES`] as UTF-8 text; more is an error.
fn read_limited(reader: impl Read) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    reader.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        bail!("more than {MAX_INPUT_BYTES} bytes; a number has at most {MAX_DIGITS} digits");
    }
    String::from_utf8(bytes).context("not UTF-8 text; expected decimal digits")
}
