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
    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        use num_traits::ToPrimitive;
        let [a, b] = req.piles.as_slice() else {
            return Err(GameError::Invalid("two piles".into()));
        };
        let (a, b) = (a.to_usize().unwrap_or(999), b.to_usize().unwrap_or(999));
        if a > 300 || b > 300 {
            return Err(GameError::NotKnown("big".into()));
        }
        let n = a.max(b) + 1;
        let mut p = vec![vec![false; n]; n];
        for x in 0..n {
            for y in 0..n {
                let mut win = false;
                for t in 1..=x {
                    if p[x - t][y] {
                        win = true;
                    }
                }
                for t in 1..=y {
                    if p[x][y - t] {
                        win = true;
                    }
                }
                for t in 1..=x.min(y) {
                    if p[x - t][y - t] {
                        win = true;
                    }
                }
                p[x][y] = !win;
            }
        }
        let mut mv = None;
        for t in 1..=a {
            if mv.is_none() && p[a - t][b] {
                mv = Some(crate::analysis::Move {
                    take: Some(t.into()),
                    pile: Some(0),
                    to: vec![(a - t).into(), b.into()],
                    ..Default::default()
                });
            }
        }
        for t in 1..=b {
            if mv.is_none() && p[a][b - t] {
                mv = Some(crate::analysis::Move {
                    take: Some(t.into()),
                    pile: Some(1),
                    to: vec![a.into(), (b - t).into()],
                    ..Default::default()
                });
            }
        }
        for t in 1..=a.min(b) {
            if mv.is_none() && p[a - t][b - t] {
                mv = Some(crate::analysis::Move {
                    take: Some(t.into()),
                    diagonal: true,
                    to: vec![(a - t).into(), (b - t).into()],
                    ..Default::default()
                });
            }
        }
        Ok(Analysis {
            game: "wythoff".into(),
            piles: req.piles.clone(),
            bound: None,
            outcome: crate::analysis::Outcome::from_win(mv.is_some()),
            value: None,
            winning_move: mv,
            moves: None,
            remoteness: None,
            method: crate::analysis::Method::Exhaustive,
            explanation: "TEMP brute force".into(),
            notes: vec![],
        })
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
pub mod play;
