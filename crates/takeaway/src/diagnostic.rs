//! The one line a front-end prints for an error (`error: …` on the command
//! line, the message of a Python exception): shared so they cannot drift.

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
    error_line_by(context, e, &|cause| cause.to_string())
}

/// [`error_line`] with each cause written by `render` (a front-end's
/// words for the options an error names: `takeaway::words::error_line_in`).
///
/// Law: `error_line_by(c, e, &|x| x.to_string()) == error_line(c, e)`.
///
/// ```
/// use takeaway::diagnostic::error_line_by;
/// use takeaway::games::{GameError, Illegal};
/// let e = GameError::from(Illegal::TakeNothing);
/// assert_eq!(error_line_by(None, &e, &|x| x.to_string().to_uppercase()), "TAKE AT LEAST 1");
/// ```
pub fn error_line_by(
    context: Option<&str>,
    e: &(dyn std::error::Error + 'static),
    render: &dyn Fn(&(dyn std::error::Error + 'static)) -> String,
) -> String {
    let mut causes: Vec<String> = Vec::new();
    if let Some(c) = context {
        causes.push(c.to_string());
    }
    let mut next: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(cause) = next {
        causes.push(render(cause));
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
    // A line that opens with an option in Python's words (`iterate=K`,
    // `h=`, ``h=`g(` ``: a keyword, then nothing, one capital letter standing
    // for a value, or a quoted value) keeps it as written: it is code.
    let keyword = |w: &str| {
        w.split_once('=').is_some_and(|(key, value)| {
            !key.is_empty()
                && key.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                && (value.is_empty()
                    || value.starts_with('`')
                    || (value.len() == 1 && value.chars().all(|c| c.is_ascii_uppercase())))
        })
    };
    if msg.split_whitespace().next().is_some_and(keyword) {
        return msg;
    }
    let mut chars = msg.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => msg,
    }
}
