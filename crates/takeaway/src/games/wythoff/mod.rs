//! The `wythoff` family (not built yet).

use crate::analysis::Analysis;
use crate::games::{
    AnalyzeRequest, Family, GameError, Table, TableRequest, Verification, VerifyRequest,
};
use crate::spec::GameSpec;

/// The game (placeholder until its issue lands).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wythoff {
    spec: String,
}

impl Wythoff {
    /// Builds the game from a parsed spec.
    pub fn from_spec(spec: &GameSpec) -> Result<Self, GameError> {
        Ok(Wythoff {
            spec: spec.name.clone(),
        })
    }
}

impl Family for Wythoff {
    fn spec(&self) -> String {
        self.spec.clone()
    }
    fn analyze(&self, _req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        Err(GameError::Unsupported(format!(
            "{} is not built yet",
            self.spec
        )))
    }
    fn table(&self, _req: &TableRequest<'_>) -> Result<Table, GameError> {
        Err(GameError::Unsupported(format!(
            "{} is not built yet",
            self.spec
        )))
    }
    fn verify(&self, _req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        Err(GameError::Unsupported(format!(
            "{} is not built yet",
            self.spec
        )))
    }
}
