//! The catalogue entry of sums of games.

use super::Sum;
use crate::catalog::{Capabilities, Entry, ExamplePart, Heatmap, Layout, MoveKind, Start};

/// Sums of games: parts side by side (`takeaway analyze sum 'GAME PILES' …`,
/// the page's parts editor), `sum:misere=true` for misère play.
pub static FAMILY: Entry<Sum> = Entry {
    id: "sum",
    names: &["sum"],
    aliases: &[],
    title: "Sum of games",
    template: "sum",
    params: &[],
    usage: "sum",
    help: "",
    about: "Several games side by side: each turn you move in one part; whoever cannot move in any part loses. The nim-sum of the parts' Grundy values decides (Sprague–Grundy).",
    start: Start {
        piles: &[],
        bound: None,
    },
    parts: &[
        ExamplePart {
            family: "fibonacci",
            piles: &[5],
        },
        ExamplePart {
            family: "nim",
            piles: &[3],
        },
        ExamplePart {
            family: "wythoff",
            piles: &[1, 2],
        },
    ],
    layout: Layout::Sum,
    capabilities: Capabilities {
        bounded: false,
        // A move is made in one part, with that part's own kinds of move
        // (the page shows each part's controls on its board).
        moves: &[MoveKind::Take],
        unit: "pile",
        misere_theory: false,
        grundy: true,
        sum_part: false,
        strategies: &[],
        heatmap: Heatmap {
            axes: "",
            meaning: "",
        },
    },
    parse: Some(|spec| Ok(Sum::new(super::misere_of(spec)?))),
};
