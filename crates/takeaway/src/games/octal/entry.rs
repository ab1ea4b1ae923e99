//! The catalogue entries of octal games: any code (`octal:CODE`), and the
//! named codes Kayles (0.77) and Dawson's Kayles (0.07).

use crate::catalog::{Capabilities, Entry, Heatmap, Layout, MoveKind, Param, Start};
use crate::games::error::GameError;
use crate::spec::GameSpec;

fn parse(spec: &GameSpec) -> Result<super::spec::Octal, GameError> {
    super::spec::Octal::from_spec(spec)
}

const CAPABILITIES: Capabilities = Capabilities {
    bounded: false,
    moves: &[MoveKind::Take, MoveKind::Split],
    unit: "heap",
    // Misère play: the engine's exhaustive search.
    misere_theory: false,
    grundy: true,
    sum_part: true,
    strategies: &[],
    heatmap: Heatmap {
        axes: "Heap 1 across, heap 2 up, the other heaps as now.",
        meaning: "The number is the Grundy value (the nim-sum of the heaps' values): P exactly when it is 0.",
    },
};

/// Any octal game `octal:CODE` (Guy and Smith's take-and-break codes).
pub static FAMILY: Entry<super::spec::Octal> = Entry {
    id: "octal",
    names: &["octal"],
    aliases: &[],
    title: "Octal game",
    template: "octal:{code}",
    params: &[Param {
        key: "code",
        label: "Code =",
        default: "0.137",
    }],
    usage: "octal:0.137",
    help: "octal game: digit dj says whether j may be removed leaving 0, 1 or 2 heaps",
    about: "Remove tokens from a heap and perhaps split what is left in two, as the octal code says (Guy and Smith).",
    start: Start {
        piles: &[12],
        bound: None,
    },
    parts: &[],
    layout: Layout::Pins,
    capabilities: CAPABILITIES,
    parse: Some(parse),
};

/// Kayles (`octal:0.77`): knock down one pin or two adjacent pins.
pub static KAYLES: Entry<super::spec::Octal> = Entry {
    id: "kayles",
    names: &["kayles"],
    aliases: &[],
    title: "Kayles",
    template: "kayles",
    params: &[],
    usage: "kayles",
    help: "Kayles, octal 0.77: knock down 1 or 2 adjacent pins",
    about: "Knock down one pin or two adjacent pins of a row; the row may split in two (octal 0.77).",
    // N: K(10) ⊕ K(6) = 2 ⊕ 3 = 1 (Kayles' values, Winning Ways); (10, 7)
    // has K(7) = 2, nim-sum 0, lost for the player who moves first.
    start: Start {
        piles: &[10, 6],
        bound: None,
    },
    parts: &[],
    layout: Layout::Pins,
    capabilities: CAPABILITIES,
    parse: Some(parse),
};

/// Dawson's Kayles (`octal:0.07`): knock down exactly two adjacent pins.
pub static DAWSON: Entry<super::spec::Octal> = Entry {
    id: "dawson",
    names: &["dawson"],
    aliases: &["dawsons-kayles"],
    title: "Dawson's Kayles",
    template: "dawson",
    params: &[],
    usage: "dawson",
    help: "Dawson's Kayles, octal 0.07: knock down 2 adjacent pins",
    about: "Knock down two adjacent pins of a row; the row may split in two (octal 0.07).",
    // N (`takeaway analyze dawson 10`); 9 is lost for the player who moves first.
    start: Start {
        piles: &[10],
        bound: None,
    },
    parts: &[],
    layout: Layout::Pins,
    capabilities: CAPABILITIES,
    parse: Some(parse),
};
