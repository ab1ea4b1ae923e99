//! The error line in a front-end's words: the options an error's advice
//! names (`games::advice::Opt`) as the command line (flags), Python
//! (keyword arguments) or the API (fields) names them.
//!
//! Above every layer it reads: the errors of the families (a Section 3
//! report's), of any game and of the sweeps.

use crate::diagnostic::error_line_by;
use crate::games::advice::Words;
use crate::games::error::GameError;
use crate::games::two_pile::section3_report::Section3ReportError;
use crate::sweep::SweepError;

/// [`crate::diagnostic::error_line`] with the options that advice names in
/// a front-end's `words`: each cause that is a [`GameError`] (or a sweep's,
/// or a Section 3 report's) is written by its `worded`.
///
/// Law: `error_line_in(&Fields, c, e) == error_line(c, e)`.
///
/// ```
/// use takeaway::words::error_line_in;
/// use takeaway::games::{GameError, Opt, Words};
/// struct Angled;
/// impl Words for Angled {
///     fn option(&self, o: Opt) -> String { format!("<{}>", o.name()) }
/// }
/// let e = GameError::UpToTooLarge { up_to: None };
/// assert_eq!(error_line_in(&Angled, Some("cannot verify"), &e), "Cannot verify: <up_to> is too large");
/// ```
pub fn error_line_in(
    words: &dyn Words,
    context: Option<&str>,
    e: &(dyn std::error::Error + 'static),
) -> String {
    error_line_by(context, e, &|cause| worded(words, cause))
}

/// One cause in `words`: a game error (or a sweep's, or a Section 3
/// report's) by its typed advice, any other by its `Display`.
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
