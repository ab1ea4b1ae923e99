//! The catalogue entry of Spite Nim.

use crate::catalog::{Capabilities, Entry, Heatmap, Layout, MoveKind, Start};
use crate::games::error::GameError;
use crate::spec::GameSpec;

fn parse(spec: &GameSpec) -> Result<super::Spite, GameError> {
    super::Spite::from_spec(spec)
}

/// Spite Nim (Hale): the caller names a number, the opponent picks the row.
pub static FAMILY: Entry<super::Spite> = Entry {
    id: "spite",
    names: &["spite"],
    aliases: &[],
    title: "Spite Nim",
    template: "spite",
    params: &[],
    usage: "spite",
    help: "Spite Nim (caller names a number, opponent picks the row)",
    about: "Call a number up to the longest row; the opponent chooses the row it is taken from (Hale).",
    // N: (10, 5) is unsafe, the call 10 − e(5) = 7 wins (Hale's Theorem 1;
    // (10, 6) = (10, e(10)) would be lost for the player who calls first).
    start: Start {
        piles: &[10, 5],
        bound: None,
    },
    parts: &[],
    layout: Layout::Many,
    capabilities: Capabilities {
        bounded: false,
        moves: &[MoveKind::Call],
        unit: "row",
        misere_theory: false,
        // A turn is two half-moves (the call, then the pick).
        grundy: false,
        sum_part: false,
        strategies: &[],
        heatmap: Heatmap {
            axes: "Row 1 across, row 2 up, the other rows as now.",
            meaning: "The number is the value of the position.",
        },
    },
    parse: Some(parse),
};
