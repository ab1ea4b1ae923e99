//! Schwenk's H-sequence of a one-pile game's bound as a table
//! (`takeaway table GAME --sequence h-sequence --rows R`): the terms
//! `H1, …, HR` (`H1 = 1`, `H(k+1) = H(k) + H(j)` with `j` least such that
//! `f(H_j) ≥ H_k`; paper 000, section 2), one term a row from `k = 1`
//! (offset 1), in every table format and as an OEIS b-file.
//!
//! Law: term `k` of the table is [`Base::term`](crate::numeration::base::Base::term)`(k)`
//! of the game's H-sequence ([`schwenk_base`]), the sequence `takeaway repr
//! h-sequence` lists; a stopped H-sequence (Epp–Ferguson: `f(t) < t`
//! somewhere) ends at its last term `P`, so the table may be shorter than
//! `R` and its title says so.

use super::advice::Misused;
use super::one_pile::OnePile;
use super::one_pile::stopped::Stopped;
use super::shared::schwenk_base;
use super::{Family, Game, GameError, Table, TableRequest};
use crate::render::report::{Layout, Sequence, Values};
use num_bigint::BigUint;
use serde_json::json;

/// The sequence's name in requests (`--sequence h-sequence`, Python's
/// `sequence="h-sequence"`, the server's `"sequence": "h-sequence"`).
pub const NAME: &str = "h-sequence";

/// Most terms a table lists (the terms of a bound that grows slowly can be
/// as small as `H_k = k`).
pub const MOST_TERMS: u64 = 1_000_000;

/// The table of the first `req.rows` terms of the H-sequence of `game`'s
/// bound `f(t)` (see the module's law).
///
/// Errors: [`Misused::HSequenceOf`] when `game` is not a one-pile game with
/// a bound `f(t)` alone (a bound in `n`, a base, another family), or a term
/// passes `2^64 − 1` (the table then names the last term that fits), or
/// more than [`MOST_TERMS`] rows are asked.
///
/// ```
/// use takeaway::games::{Game, TableRequest, TableFormat, h_sequence_table::table};
/// let mut req = TableRequest::new(6);
/// req.format = TableFormat::Bfile;
/// let t = table(&Game::parse("one-pile:f=3*t").unwrap(), &req).unwrap();
/// // H = 1, 2, 3, 4, 6, 8 (f = 3t: H(k+1) = H(k) + H(j), f(H_j) ≥ H_k).
/// assert_eq!(t.bfile().unwrap().lines().skip(2).collect::<Vec<_>>(), ["1 1", "2 2", "3 3", "4 4", "5 6", "6 8"]);
/// assert!(table(&Game::parse("wythoff").unwrap(), &req).is_err());
/// ```
pub fn table(game: &Game, req: &TableRequest<'_>) -> Result<Table, GameError> {
    let spec = game.spec();
    let refuse = |why: String| -> GameError {
        Misused::HSequenceOf {
            game: spec.clone(),
            why,
        }
        .into()
    };
    let Some(one) = game.family_as::<OnePile>() else {
        return Err(refuse(
            "has none: it is not a one-pile game with a bound f(t) alone".into(),
        ));
    };
    if one.base_name().is_some() {
        return Err(refuse(
            "plays in a given base (Holshouser–Reiter's Game 1), whose terms `takeaway repr h-sequence BASE` lists".into(),
        ));
    }
    let f = one.bound();
    if f.uses_n() {
        return Err(refuse(format!(
            "has a bound f = {f} that depends on the pile n, and the H-sequence is of a bound f(t) alone"
        )));
    }
    if req.rows > MOST_TERMS {
        return Err(refuse(format!(
            "is asked for {} terms, more than the {MOST_TERMS} a table lists",
            req.rows
        )));
    }
    let rows = req.rows as usize;
    let stopped = Stopped::new(f);
    let big: Vec<BigUint> = match &stopped {
        Some(s) => s.terms.iter().take(rows).map(|&t| t.into()).collect(),
        None => {
            let (base, _) = schwenk_base(f);
            match base.terms(rows) {
                Ok(t) => t,
                Err(_) => (1..=rows).map_while(|k| base.term(k).ok()).collect(),
            }
        }
    };
    let mut values = Vec::with_capacity(big.len());
    for (k, t) in big.iter().enumerate() {
        let Ok(v) = u64::try_from(t) else {
            return Err(refuse(format!(
                "has H_{} = {t} past 2^64 − 1: ask for at most {k} rows",
                k + 1
            )));
        };
        values.push(v);
    }
    let count = values.len();
    let end = match &stopped {
        Some(s) if count == s.terms.len() => format!(
            " (the sequence stops: H_{count} = {} is its last term, Epp–Ferguson)",
            s.terms[count - 1]
        ),
        _ if count < rows => format!(" (no term past H_{count}: f cannot be evaluated there)"),
        _ => String::new(),
    };
    let report = Sequence {
        title: format!("{spec}: Schwenk's H-sequence of f = {f}, H_k for k = 1..{count}{end}"),
        footer: String::new(),
        offset: 1,
        ..Sequence::of(
            Values::Wide(values),
            ["k", "h"],
            "values",
            Layout::Columns { heading: "H_k" },
        )
    };
    let json = json!({
        "game": spec,
        "sequence": NAME,
        "row_count": req.rows,
        "offset": 1,
    });
    Ok(Table::of_sequence(report, json, None, req.format))
}
