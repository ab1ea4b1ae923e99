//! The octal family's spec: `octal:CODE` (shorthand for `octal:code=CODE`),
//! the named codes `kayles` (0.77) and `dawson` (0.07), and `misere=true`.
//!
//! Law: the canonical spec ([`crate::games::Family::spec`]) is `octal:CODE`
//! (with `:misere=true` under misère play) and parses back to an equal game.

use super::code::OctalCode;
use crate::engine::Convention;
use crate::games::error::GameError;
use crate::spec::{GameSpec, SpecError};

/// An octal game: its code and whether play is misère.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Octal {
    /// The octal code.
    pub code: OctalCode,
    /// Misère play (the player who cannot move wins).
    pub misere: bool,
}

/// The named codes: a spec name and its code.
pub const NAMED: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawson", "0.07"),
    ("dawsons-kayles", "0.07"),
];

impl Octal {
    /// Builds the game from a parsed spec.
    ///
    /// ```
    /// use takeaway::games::octal::spec::Octal;
    /// use takeaway::spec::GameSpec;
    /// let g = Octal::from_spec(&GameSpec::parse("octal:0.137").unwrap()).unwrap();
    /// assert_eq!(g.code.to_string(), "0.137");
    /// let k = Octal::from_spec(&GameSpec::parse("kayles:misere=true").unwrap()).unwrap();
    /// assert_eq!((k.code.to_string(), k.misere), ("0.77".to_string(), true));
    /// // A bad digit is named by its column in the whole spec.
    /// let e = Octal::from_spec(&GameSpec::parse("octal:0.7x").unwrap()).unwrap_err();
    /// assert!(e.to_string().starts_with("game spec, column 10:"), "{e}");
    /// ```
    pub fn from_spec(spec: &GameSpec) -> Result<Self, GameError> {
        let misere = spec.misere()?;
        if let Some(&(_, code)) = NAMED.iter().find(|(name, _)| *name == spec.name) {
            spec.only(&["misere"])?;
            let code = OctalCode::parse(code).map_err(|e| GameError::Invalid(e.to_string()))?;
            return Ok(Octal { code, misere });
        }
        spec.only(&["code", "misere"])?;
        let Some(p) = spec.get("code") else {
            return Err(SpecError {
                column: spec.name.chars().count() + 1,
                message:
                    "octal needs a code: `octal:0.77` (Kayles), `octal:0.07` (Dawson's Kayles)"
                        .into(),
            }
            .into());
        };
        let code = OctalCode::parse(&p.value).map_err(|e| SpecError {
            column: p.column + e.column - 1,
            message: format!("octal code: {}", e.message),
        })?;
        Ok(Octal { code, misere })
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Convention {
        Convention::from_misere(self.misere)
    }

    /// The canonical spec: `octal:0.77`, `octal:0.07:misere=true`.
    ///
    /// ```
    /// use takeaway::games::{Family, Game};
    /// assert_eq!(Game::parse("kayles").unwrap().spec(), "octal:0.77");
    /// assert_eq!(Game::parse("octal:code=.070:misere=1").unwrap().spec(), "octal:0.07:misere=true");
    /// ```
    pub fn spec(&self) -> String {
        if self.misere {
            format!("octal:{}:misere=true", self.code)
        } else {
            format!("octal:{}", self.code)
        }
    }
}

impl crate::games::model::Family for Octal {
    fn family_name(&self) -> &'static str {
        "octal games"
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn misere_table(&self) -> bool {
        true
    }
    /// Misère play through the code's misère quotient when every heap
    /// lies within one computed or computable within its budget
    /// ([`super::misere_phi`]).
    fn misere_quick(
        &self,
        req: &crate::games::request::AnalyzeRequest,
    ) -> Result<crate::games::model::MisereQuick, GameError> {
        super::misere_phi::answer(self, req)
    }
    fn misere_quick_ready(
        &self,
        largest: &num_bigint::BigUint,
        limits: &crate::engine::Limits,
    ) -> bool {
        self.misere && super::misere_phi::ready(&self.code, largest, limits)
    }
    /// Each heap's value from the family's own sequence, nim-summed.
    fn grundy_and_moves(
        &self,
        pos: &crate::games::wire::Position,
        target: Option<&num_bigint::BigUint>,
        all: bool,
        limits: &crate::engine::Limits,
    ) -> Option<Result<(num_bigint::BigUint, Vec<crate::analysis::Move>), GameError>> {
        use crate::games::wire::Wire;
        let heaps =
            match super::game::OctalRules::<num_bigint::BigUint>::new(&self.code).position(pos) {
                Ok(h) => h,
                Err(e) => return Some(Err(e)),
            };
        Some(super::analyze::grundy_and_moves(
            self, &heaps, target, all, limits,
        ))
    }
    fn spec(&self) -> String {
        Octal::spec(self)
    }

    /// Normal play: Sprague–Grundy ([`super::analyze`]), or the engine's
    /// exhaustive search with `--exhaustive`. Misère play is answered by the
    /// engine's search before this is reached.
    fn analyze(
        &self,
        req: &crate::games::request::AnalyzeRequest,
    ) -> Result<crate::analysis::Analysis, GameError> {
        if req.exhaustive {
            return crate::games::exhaustive::analyze(
                &super::game::OctalRules::<u64>::new(&self.code),
                self.convention(),
                req,
                self.spec(),
            );
        }
        super::analyze::analyze(self, req)
    }

    fn table(
        &self,
        req: &crate::games::request::TableRequest<'_>,
    ) -> Result<crate::games::request::Table, GameError> {
        super::table::table(self, req)
    }

    fn verify(
        &self,
        _req: &crate::games::request::VerifyRequest<'_>,
    ) -> Result<crate::games::request::Verification, GameError> {
        Err(crate::games::unanswered::Unsupported::NoTheoryToVerify {
            game: self.spec(),
            answers: crate::games::unanswered::AnswersFrom::Definition,
        }
        .into())
    }
}
