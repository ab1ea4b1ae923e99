//! The game families, one room each, behind one dispatcher.
//!
//! Every family implements [`Family`]: `analyze` one position, `table` a range
//! of positions, and `verify` its theory against its exhaustive solver.
//! [`Game::parse`] turns a spec such as `one-pile:f=2*t` into a family value.

pub mod error;
pub mod one_pile;
pub mod progress;
pub mod request;
pub mod spite;
pub mod subtraction;
pub mod two_pile;
pub mod wythoff;

pub use error::GameError;
pub use progress::{NoProgress, Progress};
pub use request::{
    AnalyzeRequest, Column, Limits, Table, TableDocument, TableFormat, TableRequest, Verification,
    VerifyRequest,
};

use crate::analysis::Analysis;
use crate::spec::GameSpec;

/// What every game family offers.
pub trait Family {
    /// The canonical spec of this game (parses back to an equal game).
    fn spec(&self) -> String;
    /// Who wins the position, with a winning move and the reason.
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError>;
    /// Values for a range of positions.
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError>;
    /// The theory against the exhaustive solver on a range.
    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError>;
}

/// Any game takeaway knows, parsed from a spec.
#[derive(Debug, Clone)]
pub enum Game {
    /// One pile, bound `f(n, t)` (Fibonacci Nim, Schwenk, Epp–Ferguson, H–R Game 1).
    OnePile(one_pile::OnePile),
    /// Two piles, bound `f(x − y, t)` (Flanigan, H–R Game 2), or k piles.
    TwoPile(two_pile::TwoPile),
    /// Wythoff's Nim.
    Wythoff(wythoff::Wythoff),
    /// Spite Nim.
    Spite(spite::Spite),
    /// Subtraction games and Nim.
    Subtraction(subtraction::Subtraction),
}

impl Game {
    /// Parses a spec `NAME[:KEY=VALUE]...`.
    ///
    /// ```
    /// use takeaway::games::{Game, Family};
    /// assert!(Game::parse("wythoff").is_ok());
    /// assert!(Game::parse("chess").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Game, GameError> {
        let s = GameSpec::parse(spec)?;
        match s.name.as_str() {
            "fibonacci" | "one-pile" | "onepile" => {
                Ok(Game::OnePile(one_pile::OnePile::from_spec(&s)?))
            }
            "two-pile" | "twopile" | "k-pile" => {
                Ok(Game::TwoPile(two_pile::TwoPile::from_spec(&s)?))
            }
            "wythoff" => Ok(Game::Wythoff(wythoff::Wythoff::from_spec(&s)?)),
            "spite" => Ok(Game::Spite(spite::Spite::from_spec(&s)?)),
            "subtraction" | "nim" | "one-pile-minmax" => {
                Ok(Game::Subtraction(subtraction::Subtraction::from_spec(&s)?))
            }
            other => Err(GameError::Spec(crate::spec::SpecError {
                column: 1,
                message: format!(
                    "unknown game `{other}`; expected one of: fibonacci, one-pile, two-pile, wythoff, spite, nim, subtraction"
                ),
            })),
        }
    }

    fn family(&self) -> &dyn Family {
        match self {
            Game::OnePile(g) => g,
            Game::TwoPile(g) => g,
            Game::Wythoff(g) => g,
            Game::Spite(g) => g,
            Game::Subtraction(g) => g,
        }
    }
}

impl Family for Game {
    fn spec(&self) -> String {
        self.family().spec()
    }
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        self.family().analyze(req)
    }
    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        self.family().table(req)
    }
    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        self.family().verify(req)
    }
}
