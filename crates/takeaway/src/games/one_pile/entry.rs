//! The catalogue entries of the one-pile family: Fibonacci Nim and the
//! general game with bound `f(n, t)`.

use crate::catalog::{Capabilities, Entry, Heatmap, Layout, MoveKind, Param, Start};
use crate::games::error::GameError;
use crate::spec::GameSpec;

fn parse(spec: &GameSpec) -> Result<super::OnePile, GameError> {
    super::OnePile::from_spec(spec)
}

const CAPABILITIES: Capabilities = Capabilities {
    bounded: true,
    moves: &[MoveKind::Take],
    unit: "pile",
    misere_theory: true,
    grundy: true,
    sum_part: true,
    strategies: &[],
    heatmap: Heatmap {
        axes: "Pile 1 across, pile 2 up, the other piles and the bound as now.",
        meaning: "The number is the value of the position.",
    },
};

/// Fibonacci Nim (`fibonacci` = `one-pile:f=2*t`, Whinihan).
pub static FIBONACCI: Entry<super::OnePile> = Entry {
    id: "fibonacci",
    names: &["fibonacci"],
    aliases: &[],
    title: "Fibonacci Nim",
    template: "fibonacci",
    params: &[],
    usage: "fibonacci",
    help: "one pile, f = 2*t (Whinihan)",
    about: "One pile; the first move takes anything but the whole pile; afterwards at most twice the last move (Whinihan).",
    start: Start {
        piles: &[20],
        bound: None,
    },
    parts: &[],
    layout: Layout::One,
    capabilities: CAPABILITIES,
    parse: Some(parse),
};

/// One pile with the bound `f(n, t)` (Schwenk, Epp–Ferguson, Holshouser–Reiter Game 1).
pub static FAMILY: Entry<super::OnePile> = Entry {
    id: "one-pile",
    names: &["one-pile"],
    aliases: &["onepile"],
    title: "One pile, bound f(n, t)",
    template: "one-pile:f={f}",
    params: &[Param {
        key: "f",
        label: "f(n, t) =",
        default: "3*t",
    }],
    usage: "one-pile:f=EXPR",
    help: "one pile, next bound f(n, t), n = pile before the move",
    about: "One pile; after a move of t from a pile of n, the opponent may take up to f(n, t) (Schwenk, Epp–Ferguson, Holshouser–Reiter).",
    start: Start {
        piles: &[20],
        bound: None,
    },
    parts: &[],
    layout: Layout::One,
    capabilities: CAPABILITIES,
    parse: Some(parse),
};

fn parse_memory(spec: &GameSpec) -> Result<crate::games::custom::Custom, GameError> {
    super::memory::parse(spec)
}

/// Memory games (`one-pile:[f=EXPR:]min=EXPR[:forbid=EXPR]`): the previous
/// take bounds the next from below (CGSuite's `Mem` is `one-pile:min=t`,
/// its `GenMem` any take but the previous one `one-pile:min=1:forbid=t`).
/// The entry has no spec name of its own: `one-pile` answers with a memory
/// game when its spec has `min` or `forbid` (the list's line for
/// `one-pile` routes it); the entry gives the page and the help a game to
/// offer, with the lower bound as its parameter and the upper bound `f`
/// and the forbidden take `forbid` as optional ones (empty: none).
pub static MEMORY: Entry<crate::games::custom::Custom> = Entry {
    id: "memory",
    names: &[],
    aliases: &[],
    title: "Memory game",
    template: "one-pile:min={min}:f={f}:forbid={forbid}",
    params: &[
        Param {
            key: "min",
            label: "least take min(n, t) =",
            default: "t",
        },
        Param {
            key: "f",
            label: "most f(n, t) =",
            default: "",
        },
        Param {
            key: "forbid",
            label: "never forbid(n, t) =",
            default: "",
        },
    ],
    usage: "one-pile:min=EXPR[:forbid=EXPR]",
    help: "memory game: take at least min(n, t), t the previous take",
    about: "One pile; the first move takes anything but the whole pile; afterwards a move takes at least min(n, t), t the previous take (its memory) and n the pile before it, and (with :f=EXPR) at most f(n, t), but never forbid(n, t) (with :forbid=EXPR). CGSuite's Mem is min = t.",
    start: Start {
        piles: &[20],
        bound: None,
    },
    parts: &[],
    layout: Layout::One,
    capabilities: Capabilities {
        bounded: true,
        moves: &[MoveKind::Take],
        unit: "pile",
        misere_theory: false,
        grundy: true,
        sum_part: true,
        strategies: &[],
        heatmap: Heatmap {
            axes: "Pile n across, the memory k (the previous take) up.",
            meaning: "The number is the value of the position.",
        },
    },
    parse: Some(parse_memory),
};
