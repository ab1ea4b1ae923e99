//! Spite Nim (Croach's "Spite Nim I", solved in part by Hale, paper 003).
//!
//! The caller names a number `c` no larger than the longest row; the opponent
//! (the chooser) picks a row with at least `c` counters and `c` are removed
//! from it; the player whose call removes the last counter wins. A position is
//! *safe* (`P`) when the player to call loses and *unsafe* (`N`) otherwise.
//!
//! * [`game`]: the rules and the conventions for edge cases;
//! * [`theory`]: Hale's `e(n)` (Fibonacci shift, recursion, golden ratio) and
//!   Theorems 1–3;
//! * [`two_row`]: the bitset table of every two-row position;
//! * [`exhaustive`]: the solver for any number of rows, with remoteness and the
//!   chooser's spiteful choices;
//! * [`analysis`], [`tables`], [`verification`]: the three [`Family`] services.
//!
//! Spec: `spite` or `spite:rows=K` (`K ≥ 2`; the number of rows `table` lists,
//! default 2).
//!
//! ```
//! use takeaway::games::{AnalyzeRequest, Family, Game};
//! use takeaway::analysis::Outcome;
//! let game = Game::parse("spite").unwrap();
//! let a = game.analyze(&AnalyzeRequest::new(vec![10u32.into(), 6u32.into()])).unwrap();
//! assert_eq!(a.outcome, Outcome::P); // (10, e(10)) = (10, 6) is safe, Theorem 1
//! ```

pub mod analysis;
pub mod error;
pub mod exhaustive;
pub mod game;
pub mod tables;
pub mod theory;
pub mod two_row;
pub mod verification;

use crate::analysis::Analysis;
use crate::games::error::GameError;
use crate::games::model::Family;
use crate::games::request::{AnalyzeRequest, Table, TableRequest, Verification, VerifyRequest};
use crate::spec::{GameSpec, SpecError};

/// Spite Nim, with the number of rows its tables list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spite {
    rows: usize,
    misere: bool,
}

impl Spite {
    /// Builds the game from a parsed spec (`spite`, `spite:rows=3`).
    ///
    /// ```
    /// use takeaway::games::spite::Spite;
    /// use takeaway::spec::GameSpec;
    /// assert!(Spite::from_spec(&GameSpec::parse("spite:rows=3").unwrap()).is_ok());
    /// assert!(Spite::from_spec(&GameSpec::parse("spite:rows=1").unwrap()).is_err());
    /// assert!(Spite::from_spec(&GameSpec::parse("spite:f=2").unwrap()).is_err());
    /// ```
    pub fn from_spec(spec: &GameSpec) -> Result<Self, GameError> {
        spec.only(&["rows", "misere"])?;
        let misere = spec.misere()?;
        let rows = match spec.get("rows") {
            None => 2,
            Some(p) => match p.value.trim().parse::<usize>() {
                Ok(k) if (2..=8).contains(&k) => k,
                _ => {
                    return Err(GameError::Spec(SpecError {
                        column: p.column,
                        message: format!(
                            "`rows` must be a whole number from 2 to 8, found `{}`",
                            p.value
                        ),
                    }));
                }
            },
        };
        Ok(Spite { rows, misere })
    }

    /// The number of rows the tables list (2 by default).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Normal or misère play (`misere=true`: whoever must call with every row empty wins).
    pub fn convention(&self) -> crate::engine::Convention {
        crate::engine::Convention::from_misere(self.misere)
    }
}

impl Family for Spite {
    fn family_name(&self) -> &'static str {
        "Spite Nim"
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    /// A turn is a call and a pick (half-moves): no Grundy values.
    fn no_grundy(&self) -> Option<crate::games::error::NoGrundy> {
        Some(crate::games::error::NoGrundy::Spite)
    }
    fn spec(&self) -> String {
        let mut s = if self.rows == 2 {
            "spite".to_string()
        } else {
            format!("spite:rows={}", self.rows)
        };
        if self.misere {
            s.push_str(":misere=true");
        }
        s
    }
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        analysis::analyze(&self.spec(), req)
    }
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        if self.rows == 2 {
            tables::two_row_table(req)
        } else {
            tables::many_row_table(self.rows, req)
        }
    }
    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        verification::verify(&self.spec(), req)
    }
}

pub(crate) mod entry;
pub use entry::FAMILY;
