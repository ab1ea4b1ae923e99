//! `table octal:CODE --rows N`: the Grundy values `G(0) … G(N − 1)` of one
//! heap (normal play), as JSON (`values`), text (`G(n) = v`) and CSV
//! (`n,grundy`); under misère play the outcome of each heap, from the
//! engine's exhaustive search (`outcomes`).
//!
//! Law: `values[n]` is the mex of `G(a) ⊕ G(b)` over the moves of heap `n`
//! ([`super::sequence::values`]).

use super::spec::Octal;
use crate::games::error::{GameError, Hint};
use crate::games::request::AnalyzeRequest;
use crate::games::request::{Table, TableRequest};
use crate::render::report::{Layout, Sequence, Values};
use num_bigint::BigUint;

/// The table of `game` for `req`.
///
/// ```
/// use takeaway::games::{Family, Game, TableRequest};
/// let t = Game::parse("kayles").unwrap().table(&TableRequest::new(6)).unwrap();
/// // Kayles: 0 1 2 3 1 4 (Winning Ways, ch. 4).
/// assert_eq!(t.json["values"], serde_json::json!([0, 1, 2, 3, 1, 4]));
/// assert!(t.text.contains("G(5) = 4"));
/// ```
pub(crate) fn table(game: &Octal, req: &TableRequest<'_>) -> Result<Table, GameError> {
    if game.misere {
        return misere(game, req);
    }
    if req.format == crate::games::request::TableFormat::Bfile {
        // The b-file is the command line's (`table octal:CODE --format
        // bfile`, the solver's sequence report): one header for every
        // front-end.
        return super::report::table(&game.code, req);
    }
    let values =
        super::sequence::values(&game.code, req.rows, &req.limits).map_err(|e| match e {
            GameError::TooLarge(mut t) => {
                t.hint = Hint::FewerRows;
                GameError::TooLarge(t)
            }
            other => other,
        })?;
    let report = Sequence {
        title: format!(
            "{}: Grundy values G(n) of one heap ({})",
            game.spec(),
            super::explain::meaning(&game.code)
        ),
        ..Sequence::of(
            Values::Wide(values.into_iter().map(u64::from).collect()),
            ["n", "grundy"],
            "values",
            Layout::Equations { name: "G" },
        )
    };
    let json = serde_json::json!({ "game": game.spec() });
    Ok(Table::of_sequence(report, json, None, req.format))
}

/// The outcome of each heap under misère play, from the engine.
fn misere(game: &Octal, req: &TableRequest<'_>) -> Result<Table, GameError> {
    let rules = super::game::OctalRules::<u64>::new(&game.code);
    let mut outcomes = Vec::new();
    for n in 0..req.rows {
        req.limits.check()?;
        let mut a = AnalyzeRequest::new(vec![BigUint::from(n)]);
        a.limits = req.limits.clone();
        outcomes.push(
            crate::games::exhaustive::analyze(&rules, game.convention(), &a, game.spec())?.outcome,
        );
    }
    let report = Sequence {
        title: format!(
            "{}: outcomes of one heap under misère play (exhaustive search)",
            game.spec()
        ),
        ..Sequence::of(
            Values::Words(outcomes.iter().map(|o| o.letter()).collect()),
            ["n", "outcome"],
            "outcomes",
            Layout::Colon,
        )
    };
    let json = serde_json::json!({ "game": game.spec(), "misere": true, "values": null });
    Ok(Table::of_sequence(report, json, None, req.format))
}
