//! Who wins a position under best play.

use serde::Serialize;

/// Who wins a position under best play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// The player to move wins (a "next player" win; an unsafe position).
    N,
    /// The player to move loses (a "previous player" win; a safe position).
    P,
}

impl Outcome {
    /// `N` when `wins` is true, else `P`.
    ///
    /// ```
    /// use takeaway::engine::Outcome;
    /// assert_eq!(Outcome::from_win(true), Outcome::N);
    /// ```
    pub fn from_win(wins: bool) -> Self {
        if wins { Outcome::N } else { Outcome::P }
    }

    /// The outcome's letter, `N` or `P` (as tables print it).
    ///
    /// ```
    /// use takeaway::engine::Outcome;
    /// assert_eq!(Outcome::P.letter(), "P");
    /// ```
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }
}
