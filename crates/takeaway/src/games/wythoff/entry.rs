//! The catalogue entry of Wythoff's Nim.

use crate::catalog::{Capabilities, Entry, Heatmap, Layout, MoveKind, Start};
use crate::games::error::GameError;
use crate::spec::GameSpec;

fn parse(spec: &GameSpec) -> Result<super::Wythoff, GameError> {
    super::Wythoff::from_spec(spec)
}

/// Wythoff's Nim: one pile, or both equally.
pub static FAMILY: Entry<super::Wythoff> = Entry {
    id: "wythoff",
    names: &["wythoff"],
    aliases: &[],
    title: "Wythoff's Nim",
    template: "wythoff",
    params: &[],
    usage: "wythoff",
    help: "Wythoff's Nim",
    about: "Two piles; take any number from one pile, or the same number from both.",
    start: Start {
        piles: &[10, 15],
        bound: None,
    },
    parts: &[],
    layout: Layout::Two,
    capabilities: Capabilities {
        bounded: false,
        moves: &[MoveKind::Take, MoveKind::Both],
        unit: "pile",
        misere_theory: true,
        grundy: true,
        sum_part: true,
        strategies: &[],
        heatmap: Heatmap {
            axes: "Pile 1 across, pile 2 up.",
            meaning: "The number is the value of the position.",
        },
    },
    parse: Some(parse),
};
