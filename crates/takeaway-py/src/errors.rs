//! The exceptions of the module, all subclasses of `takeaway.Error`, one per
//! kind of [`GameError`]; `str(e)` is the command line's error line without
//! its `error: ` prefix (causes joined with `: `, first letter capitalised).

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use takeaway::games::{ErrorKind, GameError, Opt, Words};

create_exception!(
    takeaway,
    Error,
    PyException,
    "The base class of every error takeaway raises."
);
create_exception!(
    takeaway,
    SpecError,
    Error,
    "A malformed game spec or move-bound expression, or an expression that fails where the answer needs it."
);
create_exception!(
    takeaway,
    NumberError,
    Error,
    "A pile, bound or other number that is not a natural number."
);
create_exception!(
    takeaway,
    InvalidError,
    Error,
    "A well-formed request that is not valid for this game (wrong number of piles, an illegal move, ...)."
);
create_exception!(
    takeaway,
    LimitError,
    Error,
    "A request over the limits of work or memory; the message names the limit and what to do instead."
);
create_exception!(
    takeaway,
    NotKnownError,
    Error,
    "No theory decides the position and it is too large to search."
);
create_exception!(
    takeaway,
    CancelledError,
    Error,
    "The computation was stopped before it finished (its cancel token fired)."
);
create_exception!(
    takeaway,
    UnsupportedError,
    Error,
    "A feature that is not available (yet) for this game."
);

/// The error line (without `error: `) for `e` under the context `context`:
/// the library's one formatter, shared with the CLI, with the options its
/// advice names as Python's keyword arguments ([`Keywords`]).
pub(crate) fn cli_line(context: Option<&str>, e: &(dyn std::error::Error + 'static)) -> String {
    takeaway::words::error_line_in(&Keywords, context, e)
}

/// Python's words for the options an error's advice names: keyword
/// arguments (`rows=`, `rows=N`, `summary=True`) and calls
/// (`` `table('nim', rows=R)` ``).
pub(crate) struct Keywords;

impl Words for Keywords {
    fn option(&self, o: Opt) -> String {
        if o.is_switch() {
            format!("{}=True", o.name())
        } else {
            format!("{}=", o.name())
        }
    }

    fn option_value(&self, o: Opt, value: &str) -> String {
        format!("{}={value}", o.name())
    }

    fn call(&self, command: &str, game: Option<&str>, options: &[(Opt, &str)]) -> String {
        let mut args: Vec<String> = game.map(|g| format!("{g:?}")).into_iter().collect();
        for &(o, v) in options {
            args.push(match v {
                "" if o.is_switch() => self.option(o),
                "" => self.option_value(o, "…"),
                v => self.option_value(o, v),
            });
        }
        format!("`{command}({})`", args.join(", "))
    }
}

/// The Python exception for a library error, under the CLI's context line.
pub(crate) fn game_error(context: Option<&str>, e: GameError) -> PyErr {
    let line = cli_line(context, &e);
    exception(&e, line)
}

/// The exception class of `e` (a sum's part: that of the part's own error).
fn exception(e: &GameError, line: String) -> PyErr {
    match e {
        // As `GameError::kind`: an over-size bound is a limit, a stopped
        // evaluation a cancellation.
        GameError::Bound(takeaway::bound::EvalError::TooLarge { .. }) => LimitError::new_err(line),
        GameError::Bound(takeaway::bound::EvalError::Cancelled) => CancelledError::new_err(line),
        GameError::Spec(_) | GameError::Bound(_) => SpecError::new_err(line),
        GameError::Number { .. } => NumberError::new_err(line),
        GameError::Invalid(_)
        | GameError::NotAHeapGame { .. }
        | GameError::Sum(_)
        | GameError::Shape(_)
        | GameError::TwoPile(_)
        | GameError::UpToTooLarge { .. }
        | GameError::Piles(_)
        | GameError::NoBound(_)
        | GameError::Illegal(_)
        | GameError::Cycle { .. }
        | GameError::NoGrundy(_)
        | GameError::HalfMoves => InvalidError::new_err(line),
        GameError::TooLarge(_) => LimitError::new_err(line),
        GameError::Misused(_) => match e.kind() {
            ErrorKind::Unsupported => UnsupportedError::new_err(line),
            _ => InvalidError::new_err(line),
        },
        GameError::InPart { source, .. } => exception(source, line),
        GameError::NotKnown(_) => NotKnownError::new_err(line),
        GameError::Cancelled => CancelledError::new_err(line),
        GameError::Unsupported(_) => UnsupportedError::new_err(line),
    }
}

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("SpecError", py.get_type::<SpecError>())?;
    m.add("NumberError", py.get_type::<NumberError>())?;
    m.add("InvalidError", py.get_type::<InvalidError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("NotKnownError", py.get_type::<NotKnownError>())?;
    m.add("CancelledError", py.get_type::<CancelledError>())?;
    m.add("UnsupportedError", py.get_type::<UnsupportedError>())?;
    Ok(())
}
