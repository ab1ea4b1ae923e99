//! The catalogue entries of subtraction games: Nim, a set S, Min..Max, and
//! the misère game the page offers.

use crate::catalog::{Capabilities, Entry, Heatmap, Layout, MoveKind, Param, Start};
use crate::games::error::GameError;
use crate::spec::GameSpec;

fn parse(spec: &GameSpec) -> Result<super::Subtraction, GameError> {
    super::Subtraction::from_spec(spec)
}

const GRUNDY: Heatmap = Heatmap {
    axes: "Pile 1 across, pile 2 up, the other piles as now.",
    meaning: "The number is the Grundy value (the nim-sum of the piles' values): P exactly when it is 0.",
};

const CAPABILITIES: Capabilities = Capabilities {
    bounded: false,
    moves: &[MoveKind::Take],
    unit: "pile",
    // Bouton's misère Nim; one pile: the periodic outcomes.
    misere_theory: true,
    grundy: true,
    sum_part: true,
    strategies: &[],
    heatmap: GRUNDY,
};

const SET: &[Param] = &[Param {
    key: "s",
    label: "subtraction set S =",
    default: "1,3,4",
}];

/// Bouton's Nim: take any number from one pile.
pub static NIM: Entry<super::Subtraction> = Entry {
    id: "nim",
    names: &["nim"],
    aliases: &[],
    title: "Nim",
    template: "nim",
    params: &[],
    usage: "nim",
    help: "Bouton's Nim",
    about: "Take any number from one pile (Bouton).",
    start: Start {
        piles: &[3, 4, 5],
        bound: None,
    },
    parts: &[],
    layout: Layout::Many,
    capabilities: CAPABILITIES,
    parse: Some(parse),
};

/// A subtraction game: take a number in S from one pile.
pub static FAMILY: Entry<super::Subtraction> = Entry {
    id: "subtraction",
    names: &["subtraction"],
    aliases: &[],
    title: "Subtraction game",
    template: "subtraction:s={s}",
    params: SET,
    usage: "subtraction:s=1,3,4",
    help: "subtraction game with set S",
    about: "Take a number in S from one pile; Grundy values decide.",
    start: Start {
        piles: &[10],
        bound: None,
    },
    parts: &[],
    layout: Layout::Many,
    capabilities: CAPABILITIES,
    parse: Some(parse),
};

/// The misère subtraction game, as the page offers it (the spec key
/// `misere=true` gives misère play in every family).
pub static MISERE: Entry<super::Subtraction> = Entry {
    id: "misere",
    names: &[],
    aliases: &[],
    title: "Subtraction game, misère",
    template: "subtraction:s={s}:misere=true",
    params: SET,
    usage: "subtraction:s=1,3,4:misere=true",
    // Not a help line of its own: `misere=true` is a key of every family.
    help: "",
    about: "Take a number in S from one pile; whoever cannot move wins.",
    // N under misère play (10 is P: `takeaway analyze
    // subtraction:s=1,3,4:misere=true 10`).
    start: Start {
        piles: &[11],
        bound: None,
    },
    parts: &[],
    layout: Layout::Many,
    capabilities: Capabilities {
        grundy: false,
        sum_part: false,
        heatmap: Heatmap {
            axes: "Pile 1 across, pile 2 up, the other piles as now.",
            meaning: "The number is the value of the position.",
        },
        ..CAPABILITIES
    },
    parse: Some(parse),
};

/// One Pile (Cut The Knot): take between Min and Max.
pub static MIN_MAX: Entry<super::Subtraction> = Entry {
    id: "minmax",
    names: &[],
    aliases: &["one-pile-minmax"],
    title: "One Pile (Min..Max)",
    template: "subtraction:min={min}:max={max}",
    params: &[
        Param {
            key: "min",
            label: "Min =",
            default: "3",
        },
        Param {
            key: "max",
            label: "Max =",
            default: "5",
        },
    ],
    usage: "subtraction:min=3:max=5",
    help: "One Pile: take between Min and Max",
    about: "Take between Min and Max counters (Cut The Knot).",
    start: Start {
        piles: &[21],
        bound: None,
    },
    parts: &[],
    layout: Layout::Many,
    capabilities: CAPABILITIES,
    parse: Some(parse),
};
