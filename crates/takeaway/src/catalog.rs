//! A family's catalogue entry, as its own file writes it: the spec names it
//! answers to, its parser, title, template, parameters with defaults, a
//! start, a help line and its [`Capabilities`]. Below the families (it names
//! neither [`crate::games::Game`] nor a family): a family imports it without
//! an import circle; the list of families is [`crate::family`].

use crate::games::error::GameError;
use crate::spec::GameSpec;
use serde::Serialize;

/// A parameter of a family's spec template (`{key}` in [`Entry::template`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Param {
    /// The spec key, e.g. `f` or `s`.
    pub key: &'static str,
    /// The label the page shows, e.g. `f(n, t) =`.
    pub label: &'static str,
    /// The value used when none is given. Empty: the parameter is
    /// optional, and left empty its part `:key={key}` is left out of the
    /// spec (by [`Entry::example_spec`] and the page).
    pub default: &'static str,
}

/// A kind of move a family offers (the page shows the controls of these only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveKind {
    /// Take counters from one pile (`take T from P`).
    Take,
    /// Take the same number from both piles (Wythoff's diagonal).
    Both,
    /// Call a number; the opponent picks the row (Spite Nim), then `pick`.
    Call,
    /// Take tokens from inside a heap, leaving two heaps (octal games:
    /// `take 2 from 1 leaving 3 and 4`).
    Split,
}

/// How the piles of a family are laid out on the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// One pile.
    One,
    /// Two piles.
    Two,
    /// Any number of piles (or rows).
    Many,
    /// A row of pins per heap: a move removes a run of adjacent pins, and
    /// the row splits where they were (octal games).
    Pins,
    /// Several games side by side (a sum): each part has its own board.
    #[serde(rename = "parts")]
    Sum,
}

/// What the numbers of a family's heatmap mean (the page prints these).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Heatmap {
    /// The axes of a two-pile window, e.g. "Pile 1 across, pile 2 up, …".
    pub axes: &'static str,
    /// What a cell's number is, e.g. "The number is the Grundy value …".
    pub meaning: &'static str,
}

/// What a family can do, for front-ends that show only what applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Capabilities {
    /// The next move has a bound (a first bound may be given).
    pub bounded: bool,
    /// The kinds of move, in the order the page shows their controls.
    pub moves: &'static [MoveKind],
    /// What one heap is called in text: `pile`, `heap` or `row` (the page's
    /// board and messages use this word alone).
    pub unit: &'static str,
    /// A theory decides misère play (elsewhere the engine's search does).
    /// It depends on the spec (misère one-pile play is decided by the shift
    /// only where every bound is at least 1): a game's own answer is
    /// [`crate::games::Game::capabilities`], an entry's as the front-ends
    /// state it is [`crate::family::Family::example_capabilities`] (that of
    /// its example spec), and the value written in an entry is that one
    /// (a test checks every entry of the list).
    pub misere_theory: bool,
    /// Positions have Grundy values (a turn is one move).
    pub grundy: bool,
    /// The game can be a part of a sum of games (normal play, Grundy values).
    pub sum_part: bool,
    /// How the computer may be told to play besides best play (`table-4.1`).
    pub strategies: &'static [&'static str],
    /// What the heatmap's numbers mean for a window of two piles.
    pub heatmap: Heatmap,
}

impl Capabilities {
    /// A heap game: a move takes counters from one pile, no bound, normal
    /// play decided by Grundy values, so it can be a part of a sum; no misère
    /// theory and no strategy but best play (the engine answers). Where a
    /// family defined outside the crate starts (`..Capabilities::HEAP`).
    ///
    /// ```
    /// use takeaway::family::{Capabilities, MoveKind};
    /// assert_eq!(Capabilities::HEAP.moves, &[MoveKind::Take]);
    /// assert!(Capabilities::HEAP.sum_part && !Capabilities::HEAP.bounded);
    /// ```
    pub const HEAP: Capabilities = Capabilities {
        bounded: false,
        moves: &[MoveKind::Take],
        unit: "pile",
        misere_theory: false,
        grundy: true,
        sum_part: true,
        strategies: &[],
        heatmap: Heatmap {
            axes: "Pile 1 across, pile 2 up, the other piles as now.",
            meaning: "The number is the value of the position.",
        },
    };
}

/// A start position for the catalogue (the page's defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Start {
    /// The piles.
    pub piles: &'static [u32],
    /// The first bound, for bounded games.
    pub bound: Option<u32>,
}

/// A part of an example sum: a family id and its piles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ExamplePart {
    /// The id of the part's family entry.
    pub family: &'static str,
    /// Its piles.
    pub piles: &'static [u32],
}

/// A family's spec parser: a spec whose name is the family's to its game
/// (`G`: the family's own type, e.g. [`crate::games::wythoff::Wythoff`];
/// the list, [`crate::family::FAMILIES`], wraps it into its `Game` variant).
pub type Parser<G> = fn(&GameSpec) -> Result<G, GameError>;

/// One entry of the list: a family, or a named preset of one (Fibonacci Nim
/// is `one-pile:f=2*t`, Nim is `subtraction` with every take allowed).
///
/// `G` is what the parser returns: the family's own type in the family's
/// file, [`crate::games::Game`] in the list ([`crate::family::Family`]).
#[derive(Debug, Serialize)]
#[serde(bound = "")]
pub struct Entry<G> {
    /// A short unique id (`fibonacci`, `two-pile`, …).
    pub id: &'static str,
    /// The spec names listed in help and messages (the first is canonical).
    pub names: &'static [&'static str],
    /// Further spec names accepted but not listed.
    #[serde(skip)]
    pub aliases: &'static [&'static str],
    /// The title shown to people.
    #[serde(rename = "name")]
    pub title: &'static str,
    /// A spec with `{key}` for each parameter.
    pub template: &'static str,
    /// The parameters of the template.
    pub params: &'static [Param],
    /// The spec as the CLI's help shows it (`subtraction:s=1,3,4`).
    pub usage: &'static str,
    /// The CLI's one-line help (empty: no line of its own in help).
    pub help: &'static str,
    /// One sentence on the rules.
    pub about: &'static str,
    /// The page's start position.
    pub start: Start,
    /// The page's example parts (sums only).
    pub parts: &'static [ExamplePart],
    /// How the page lays out the piles.
    #[serde(rename = "rows")]
    pub layout: Layout,
    /// What the family can do.
    pub capabilities: Capabilities,
    /// Parses a spec whose name is one of [`Entry::names`] or
    /// [`Entry::aliases`]; `None` for entries that are not a single spec
    /// (a sum of games).
    #[serde(skip)]
    pub parse: Option<Parser<G>>,
}

impl<G> Clone for Entry<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Entry<G> {}

impl<G> Entry<G> {
    /// This entry with another parser (the list's line for a built-in
    /// family: its parser wrapped into its `Game` variant).
    pub const fn with_parse<H>(&self, parse: Option<Parser<H>>) -> Entry<H> {
        Entry {
            id: self.id,
            names: self.names,
            aliases: self.aliases,
            title: self.title,
            template: self.template,
            params: self.params,
            usage: self.usage,
            help: self.help,
            about: self.about,
            start: self.start,
            parts: self.parts,
            layout: self.layout,
            capabilities: self.capabilities,
            parse,
        }
    }

    /// The template with every parameter at its default
    /// (`subtraction:s=1,3,4`), an optional one (empty default) left out.
    ///
    /// ```
    /// assert_eq!(takeaway::family::find("subtraction").unwrap().example_spec(), "subtraction:s=1,3,4");
    /// // The memory game's bound f and forbidden take are optional.
    /// assert_eq!(takeaway::family::find("memory").unwrap().example_spec(), "one-pile:min=t");
    /// ```
    pub fn example_spec(&self) -> String {
        let mut spec = self.template.to_string();
        for p in self.params {
            let slot = format!("{{{}}}", p.key);
            if p.default.is_empty() {
                spec = spec.replace(&format!(":{}={slot}", p.key), "");
            }
            spec = spec.replace(&slot, p.default);
        }
        spec
    }

    /// Whether `name` (lower-case) is one of this entry's spec names.
    pub fn answers_to(&self, name: &str) -> bool {
        self.parse.is_some() && (self.names.contains(&name) || self.aliases.contains(&name))
    }
}
