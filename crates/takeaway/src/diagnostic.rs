//! The one line a front-end prints for an error (`error: …` on the command
//! line, the message of a Python exception): shared so they cannot drift.

use crate::games::two_pile::section3_report::Section3ReportError;
use crate::games::{Fields, GameError, Words};
use crate::sweep::SweepError;

/// The error line (without `error: `) for `e` under an optional `context`
/// (what the command line adds with `anyhow::Context`).
///
/// Law: the context (if any), then `e`, then each `source()` in turn, joined
/// with `: `, a cause whose text the line already contains left out;
/// newlines become spaces and the first letter is a capital.
///
/// ```
/// use takeaway::diagnostic::error_line;
/// use takeaway::games::{GameError, Illegal};
/// let e = GameError::from(Illegal::TakeNothing);
/// assert_eq!(error_line(Some("cannot move"), &e), "Cannot move: Take at least 1");
/// let e = GameError::Invalid("a sum of no parts".into());
/// assert_eq!(error_line(None, &e), "A sum of no parts");
/// ```
pub fn error_line(context: Option<&str>, e: &(dyn std::error::Error + 'static)) -> String {
    error_line_in(&Fields, context, e)
}

/// [`error_line`] with the options that advice names in a front-end's
/// `words` (the command line's flags, Python's keyword arguments): each
/// cause that is a [`GameError`] (or a sweep's) is written by
/// [`GameError::worded`].
///
/// Law: `error_line_in(&Fields, c, e) == error_line(c, e)`.
///
/// ```
/// use takeaway::diagnostic::error_line_in;
/// use takeaway::games::{GameError, Hint, Opt, Words};
/// use takeaway::engine::{Amount, Unit};
/// struct Flags;
/// impl Words for Flags {
///     fn option(&self, o: Opt) -> String { format!("<{}>", o.name()) }
/// }
/// let e = GameError::UpToTooLarge { up_to: None };
/// assert_eq!(error_line_in(&Flags, Some("cannot verify"), &e), "Cannot verify: <up_to> is too large");
/// ```
pub fn error_line_in(
    words: &dyn Words,
    context: Option<&str>,
    e: &(dyn std::error::Error + 'static),
) -> String {
    let mut causes: Vec<String> = Vec::new();
    if let Some(c) = context {
        causes.push(c.to_string());
    }
    let mut next: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(cause) = next {
        causes.push(worded(words, cause));
        next = cause.source();
    }
    let mut msg = String::new();
    for (i, text) in causes.iter().enumerate() {
        if i > 0 {
            if msg.contains(text.as_str()) {
                continue;
            }
            msg.push_str(": ");
        }
        msg.push_str(text);
    }
    let msg = msg.replace('\n', " ");
    // Control characters (an escape sequence from an @FILE, say) are shown
    // escaped (`\u{1b}`), never sent raw to the terminal.
    let msg: String = msg
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    let mut chars = msg.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => msg,
    }
}

/// One cause in `words`: a game error (or a sweep's) by its typed advice,
/// any other by its `Display`.
fn worded(words: &dyn Words, cause: &(dyn std::error::Error + 'static)) -> String {
    if let Some(e) = cause.downcast_ref::<GameError>() {
        return e.worded(words);
    }
    if let Some(SweepError::Game(e)) = cause.downcast_ref::<SweepError>() {
        return e.worded(words);
    }
    if let Some(e) = cause.downcast_ref::<Section3ReportError>() {
        return e.worded(words);
    }
    cause.to_string()
}
