//! The catalogue entry of the two-pile family (and its k-pile and appendix games).

use crate::catalog::{Capabilities, Entry, Heatmap, Layout, MoveKind, Param, Start};
use crate::games::error::GameError;
use crate::spec::GameSpec;

fn parse(spec: &GameSpec) -> Result<super::TwoPile, GameError> {
    super::TwoPile::from_spec(spec)
}

/// Two piles with the bound `f(x − y, t)` (Flanigan, Holshouser–Reiter Game 2), or k piles.
pub static FAMILY: Entry<super::TwoPile> = Entry {
    id: "two-pile",
    names: &["two-pile"],
    aliases: &["twopile", "k-pile"],
    title: "Two piles, bound f(n, t)",
    template: "two-pile:f={f}",
    params: &[Param {
        key: "f",
        label: "f(n, t) =",
        default: "2*t",
    }],
    usage: "two-pile:f=EXPR",
    help: "two piles, next bound f(n, t), n = difference before the move",
    about: "Two piles; take up to the bound from one pile; the opponent's bound is f(x − y, t) (Flanigan, Holshouser–Reiter).",
    // N: the mover wins (L(20, 42) = 8 ≤ 8, `takeaway analyze two-pile:f=2*t
    // 20 62 --bound 8`); with bound 6 it is Table 4.1's lost "??" cell.
    start: Start {
        piles: &[20, 62],
        bound: Some(8),
    },
    parts: &[],
    layout: Layout::Two,
    capabilities: Capabilities {
        bounded: true,
        moves: &[MoveKind::Take],
        unit: "pile",
        misere_theory: false,
        grundy: true,
        sum_part: true,
        strategies: &["table-4.1"],
        heatmap: Heatmap {
            axes: "Pile 1 across, pile 2 up, the other piles and the bound as now.",
            meaning: "The number is the least winning move: the mover wins when the bound allows it.",
        },
    },
    parse: Some(parse),
};
