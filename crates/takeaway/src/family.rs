//! The one list of game families, and what every front-end reads from it.
//!
//! A family is described once, by a [`Family`] value kept beside its rules
//! (e.g. [`crate::games::wythoff::FAMILY`]): the spec names it answers to,
//! how to parse its spec into a [`Game`], its catalogue entry (title,
//! template, parameters with defaults, a start, a help line) and its
//! [`Capabilities`] (bounded?, which kinds of move, misère theory, Grundy
//! values, strategies, whether it can be a part of a sum, how the page draws
//! its heatmap). [`FAMILIES`] is the list: [`Game::parse`] finds a spec's
//! family there (and its "expected one of …" comes from it), the CLI's
//! `--help` prints it, the server's `/api/games` sends it, and the Python
//! package's `families()` returns it. Nothing else lists families.
//!
//! Law: every spec name of every entry parses through that entry, and the
//! names of different entries are distinct (a test checks both).
//!
//! ```
//! use takeaway::family::{self, FAMILIES};
//! let wythoff = family::find("wythoff").unwrap();
//! assert_eq!(wythoff.title, "Wythoff's Nim");
//! assert!(wythoff.capabilities.moves.contains(&family::MoveKind::Both));
//! assert!(FAMILIES.iter().any(|f| f.id == "spite"));
//! ```

use crate::games::{Game, GameError};
use crate::spec::GameSpec;
use serde::Serialize;

/// A parameter of a family's spec template (`{key}` in [`Family::template`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Param {
    /// The spec key, e.g. `f` or `s`.
    pub key: &'static str,
    /// The label the page shows, e.g. `f(n, t) =`.
    pub label: &'static str,
    /// The value used when none is given.
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
    /// What one heap is called in text: `pile` or `row`.
    pub unit: &'static str,
    /// A theory decides misère play (elsewhere the engine's search does).
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

/// A family's spec parser: a spec whose name is the family's to its game.
pub type ParseFn = fn(&GameSpec) -> Result<Game, GameError>;

/// One entry of the list: a family, or a named preset of one (Fibonacci Nim
/// is `one-pile:f=2*t`, Nim is `subtraction` with every take allowed).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Family {
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
    /// Parses a spec whose name is one of [`Family::names`] or
    /// [`Family::aliases`]; `None` for entries that are not a single spec
    /// (a sum of games).
    #[serde(skip)]
    pub parse: Option<ParseFn>,
}

impl Family {
    /// The template with every parameter at its default (`subtraction:s=1,3,4`).
    ///
    /// ```
    /// assert_eq!(takeaway::family::find("subtraction").unwrap().example_spec(), "subtraction:s=1,3,4");
    /// ```
    pub fn example_spec(&self) -> String {
        let mut spec = self.template.to_string();
        for p in self.params {
            spec = spec.replace(&format!("{{{}}}", p.key), p.default);
        }
        spec
    }

    /// Whether `name` (lower-case) is one of this entry's spec names.
    pub fn answers_to(&self, name: &str) -> bool {
        self.parse.is_some() && (self.names.contains(&name) || self.aliases.contains(&name))
    }
}

/// The list: every family takeaway knows, in the order help and the page show them.
pub static FAMILIES: &[&Family] = &[
    &crate::games::one_pile::FIBONACCI,
    &crate::games::one_pile::FAMILY,
    &crate::games::two_pile::FAMILY,
    &crate::games::wythoff::FAMILY,
    &crate::games::spite::FAMILY,
    &crate::games::subtraction::NIM,
    &crate::games::subtraction::FAMILY,
    &crate::games::subtraction::MISERE,
    &crate::games::sum::FAMILY,
    &crate::games::subtraction::MIN_MAX,
    &crate::games::octal::FAMILY,
    &crate::games::octal::KAYLES,
    &crate::games::octal::DAWSON,
];

/// Families registered at run time by a program built on the library (a
/// family defined outside the crate, e.g. in a test crate or a plugin):
/// they follow [`FAMILIES`] in [`all`].
static REGISTERED: std::sync::RwLock<Vec<&'static Family>> = std::sync::RwLock::new(Vec::new());

/// Why a family cannot be registered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegisterError {
    /// A name is not a spec name (lower-case letters, digits and `-`: what
    /// the spec parser reads before the first `:`).
    #[error(
        "cannot register the family `{id}`: `{name}` is not a spec name (lower-case letters, digits and `-`)"
    )]
    BadName {
        /// The family's id.
        id: &'static str,
        /// The name.
        name: &'static str,
    },
    /// Its id or one of its spec names is already taken.
    #[error("cannot register the family `{id}`: `{name}` is already a family or spec name")]
    Taken {
        /// The family's id.
        id: &'static str,
        /// The name already in use.
        name: &'static str,
    },
}

/// Adds a family defined outside the crate to the list: from then on
/// [`Game::parse`], the CLI's help, the server's catalogue and the Python
/// package offer it like the built-in ones. Refuses an id or spec name that
/// is already taken.
///
/// ```
/// use takeaway::family::{self, Family};
/// // A second entry answering to `fibonacci` is refused: names are unique.
/// let again: &'static Family = Box::leak(Box::new(Family {
///     id: "fibonacci-again",
///     ..*family::find("fibonacci").unwrap()
/// }));
/// assert!(family::register(again).is_err());
/// ```
pub fn register(family: &'static Family) -> Result<(), RegisterError> {
    let mut list = REGISTERED
        .write()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let taken = |name: &str| {
        FAMILIES
            .iter()
            .chain(list.iter())
            .any(|f| f.id == name || f.names.contains(&name) || f.aliases.contains(&name))
    };
    for name in std::iter::once(&family.id)
        .chain(family.names)
        .chain(family.aliases)
    {
        let spec_name = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !spec_name {
            return Err(RegisterError::BadName {
                id: family.id,
                name,
            });
        }
        if taken(name) {
            return Err(RegisterError::Taken {
                id: family.id,
                name,
            });
        }
    }
    list.push(family);
    Ok(())
}

/// The whole list: [`FAMILIES`], then the registered families in the order
/// they were registered.
///
/// ```
/// assert_eq!(takeaway::family::all()[0].id, "fibonacci");
/// ```
pub fn all() -> Vec<&'static Family> {
    let extra = REGISTERED
        .read()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    FAMILIES
        .iter()
        .copied()
        .chain(extra.iter().copied())
        .collect()
}

/// The entry with id `id`.
///
/// ```
/// assert!(takeaway::family::find("nim").is_some());
/// assert!(takeaway::family::find("chess").is_none());
/// ```
pub fn find(id: &str) -> Option<&'static Family> {
    all().into_iter().find(|f| f.id == id)
}

/// The entry whose spec names include `name` (lower-case).
///
/// ```
/// assert_eq!(takeaway::family::by_name("k-pile").unwrap().id, "two-pile");
/// ```
pub fn by_name(name: &str) -> Option<&'static Family> {
    all().into_iter().find(|f| f.answers_to(name))
}

/// The listed spec names, for "expected one of …" messages.
///
/// ```
/// assert!(takeaway::family::spec_names().starts_with("fibonacci, one-pile, two-pile"));
/// ```
pub fn spec_names() -> String {
    let names: Vec<&str> = all()
        .into_iter()
        .filter(|f| f.parse.is_some())
        .flat_map(|f| f.names.iter().copied())
        .collect();
    names.join(", ")
}

/// The game specs part of a help text: one line per entry with a spec,
/// `usage` padded to a column, then its help.
///
/// ```
/// let help = takeaway::family::help_lines();
/// assert!(help.lines().any(|l| l.starts_with("  wythoff ") && l.ends_with("Wythoff's Nim")));
/// ```
pub fn help_lines() -> String {
    let list = all();
    let width = list
        .iter()
        .filter(|f| f.parse.is_some() && !f.help.is_empty())
        .map(|f| f.usage.chars().count())
        .max()
        .unwrap_or(0)
        .max(24);
    let mut out = String::new();
    for f in list
        .iter()
        .filter(|f| f.parse.is_some() && !f.help.is_empty())
    {
        let pad = width + 2 - f.usage.chars().count();
        out.push_str(&format!("  {}{}{}\n", f.usage, " ".repeat(pad), f.help));
    }
    out
}
