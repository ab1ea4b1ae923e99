//! A progress bar on a terminal (indicatif), silent otherwise.
//!
//! The bar appears as soon as the work begins ([`Bar::begin`]) and redraws on
//! a steady tick, so it moves for the whole run even while the library is in
//! a phase that reports no progress; a counted phase ([`Progress::start`])
//! turns it into a bar with a length, and it goes back to a spinner when that
//! phase finishes. [`Bar::clear`] removes it before the results are printed.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Duration;
use takeaway::games::Progress;

/// How often the bar redraws, whatever the work reports.
const TICK: Duration = Duration::from_millis(150);

const SPINNER: &str = "{spinner} {msg} [{elapsed_precise}]";
const COUNTED: &str =
    "{spinner} {msg} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec}, eta {eta})";

/// Draws on stderr when it is a terminal and the bar is not turned off.
pub(crate) struct Bar {
    bar: Mutex<Option<ProgressBar>>,
    enabled: bool,
}

impl Bar {
    /// A bar that draws only when `!quiet` and stderr is a terminal.
    pub(crate) fn new(quiet: bool) -> Self {
        Bar {
            bar: Mutex::new(None),
            enabled: !quiet && std::io::stderr().is_terminal(),
        }
    }

    /// Shows a spinner with `what` at once, redrawn on a steady tick.
    pub(crate) fn begin(&self, what: &str) {
        if !self.enabled {
            return;
        }
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template(SPINNER) {
            bar.set_style(style);
        }
        bar.set_message(what.to_string());
        bar.enable_steady_tick(TICK);
        if let Ok(mut slot) = self.bar.lock()
            && let Some(old) = slot.replace(bar)
        {
            old.finish_and_clear();
        }
    }

    /// Removes the bar (before the results are printed).
    pub(crate) fn clear(&self) {
        if let Ok(mut slot) = self.bar.lock()
            && let Some(bar) = slot.take()
        {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.clear();
    }
}

impl Progress for Bar {
    fn start(&self, what: &str, total: u64) {
        if !self.enabled {
            return;
        }
        let present = self.bar.lock().is_ok_and(|slot| slot.is_some());
        if !present {
            self.begin(what);
        }
        if let Ok(slot) = self.bar.lock()
            && let Some(bar) = slot.as_ref()
        {
            if let Ok(style) = ProgressStyle::with_template(COUNTED) {
                bar.set_style(style);
            }
            bar.set_length(total);
            bar.set_position(0);
            bar.set_message(what.to_string());
        }
    }
    fn advance(&self, done: u64) {
        if let Ok(slot) = self.bar.lock()
            && let Some(bar) = slot.as_ref()
        {
            bar.inc(done);
        }
    }
    fn finish(&self) {
        // Back to a spinner: the command may have more work before its results.
        if let Ok(slot) = self.bar.lock()
            && let Some(bar) = slot.as_ref()
        {
            if let Ok(style) = ProgressStyle::with_template(SPINNER) {
                bar.set_style(style);
            }
            bar.set_message("finishing");
        }
    }
}
