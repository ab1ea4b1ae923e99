//! The one list of game families, and what every front-end reads from it.
//!
//! A family is described once, by an [`Entry`] kept beside its rules
//! (e.g. [`crate::games::wythoff::FAMILY`]): the spec names it answers to,
//! how to parse its spec into its own type, its catalogue entry (title,
//! template, parameters with defaults, a start, a help line) and its
//! [`Capabilities`] (bounded?, which kinds of move, misère theory, Grundy
//! values, strategies, whether it can be a part of a sum, how the page draws
//! its heatmap). [`FAMILIES`] is the list: [`Game::parse`] finds a spec's
//! family there (and its "expected one of …" comes from it), the CLI's
//! `--help` prints it, the server's `/api/games` sends it, and the Python
//! package's `families()` returns it. Nothing else lists families. A line
//! of the list wraps the entry's parser into the family's variant of
//! [`Game`] (so the families never name `Game`: no import circle between
//! them, `games/mod.rs` and this list).
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

use crate::games::{self, Game, GameError};
use crate::spec::GameSpec;

pub use crate::catalog::{
    Capabilities, Entry, ExamplePart, Heatmap, Layout, MoveKind, Param, Parser, Start,
};

/// A family's spec parser, as the list holds it: a spec whose name is the
/// family's to its [`Game`].
pub type ParseFn = Parser<Game>;

/// One entry of the list: a family, or a named preset of one (Fibonacci Nim
/// is `one-pile:f=2*t`, Nim is `subtraction` with every take allowed), its
/// parser giving a [`Game`]. A family defined outside the crate writes one
/// (see [`register`]).
pub type Family = Entry<Game>;

/// The list's line for a built-in family's entry: the entry with its
/// parser's answer wrapped into the family's `Game` variant.
macro_rules! built_in {
    ($entry:path => $variant:path) => {
        &$entry.with_parse(Some(|spec: &GameSpec| match $entry.parse {
            Some(parse) => parse(spec).map($variant),
            None => Err(unknown(&spec.name)),
        }))
    };
}

/// The error for a spec name no family answers to.
fn unknown(name: &str) -> GameError {
    GameError::Spec(crate::spec::SpecError {
        column: 1,
        message: format!("unknown game `{name}`; expected one of: {}", spec_names()),
    })
}

impl Game {
    /// Parses a spec `NAME[:KEY=VALUE]...`.
    ///
    /// ```
    /// use takeaway::games::{Game, Family};
    /// assert!(Game::parse("wythoff").is_ok());
    /// assert!(Game::parse("chess").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Game, GameError> {
        let s = GameSpec::parse(spec)?;
        match by_name(&s.name).and_then(|f| f.parse) {
            Some(parse) => parse(&s),
            None => Err(unknown(&s.name)),
        }
    }
}

impl Family {
    /// The catalogue's example position of this entry: its start piles and
    /// bound, or for a sum its example parts (each at its family's example spec).
    ///
    /// ```
    /// let sum = takeaway::family::find("sum").unwrap();
    /// assert_eq!(sum.example_position().parts.len(), 3);
    /// let fib = takeaway::family::find("fibonacci").unwrap();
    /// assert_eq!(fib.example_position().piles.len(), 1);
    /// ```
    pub fn example_position(&self) -> crate::games::play::Position {
        use crate::games::play::{PartPosition, Position};
        if self.parts.is_empty() {
            return Position::new(
                self.start.piles.iter().map(|&p| p.into()).collect(),
                self.start.bound.map(Into::into),
            );
        }
        Position::of_parts(
            self.parts
                .iter()
                .filter_map(|p| {
                    Some(PartPosition {
                        game: find(p.family)?.example_spec(),
                        position: Position::new(p.piles.iter().map(|&n| n.into()).collect(), None),
                    })
                })
                .collect(),
        )
    }
}

impl Family {
    /// This entry's capabilities as the front-ends state them (the server's
    /// `/api/games`, Python's `families()`): the entry's own, with those
    /// that depend on the spec computed from its example game
    /// ([`crate::games::Game::capabilities`]); misère theory is that of the
    /// example spec under misère play (where its spec is not misère already).
    /// An entry whose example does not parse keeps its own.
    ///
    /// ```
    /// use takeaway::family::find;
    /// // Misère Fibonacci Nim is normal play on one counter less (every bound ≥ 1).
    /// assert!(find("fibonacci").unwrap().example_capabilities().misere_theory);
    /// // No misère theory of Kayles is known: the engine searches.
    /// assert!(!find("kayles").unwrap().example_capabilities().misere_theory);
    /// ```
    pub fn example_capabilities(&self) -> Capabilities {
        use crate::games::Family as _;
        let example = self.example_spec();
        let misere = match Game::parse(&example) {
            Ok(g) if g.convention() == crate::engine::Convention::Misere => Ok(g),
            _ => Game::parse(&format!("{example}:misere=true")),
        };
        match misere {
            Ok(g) => Capabilities {
                misere_theory: g.misere_theory(),
                ..self.capabilities
            },
            Err(_) => self.capabilities,
        }
    }

    /// The entry as the front-ends send it (`/api/games`, Python's
    /// `families()`): its catalogue fields, its
    /// [`Family::example_capabilities`], and `example` (the template at its
    /// defaults).
    ///
    /// ```
    /// let fib = takeaway::family::find("fibonacci").unwrap().catalogue_json();
    /// assert_eq!(fib["example"], "fibonacci");
    /// assert_eq!(fib["capabilities"]["misere_theory"], true);
    /// ```
    pub fn catalogue_json(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).unwrap_or(serde_json::Value::Null);
        if let serde_json::Value::Object(m) = &mut v {
            m.insert(
                "capabilities".into(),
                serde_json::to_value(self.example_capabilities())
                    .unwrap_or(serde_json::Value::Null),
            );
            m.insert("example".into(), self.example_spec().into());
        }
        v
    }
}

/// The list: every family takeaway knows, in the order help and the page show them.
pub static FAMILIES: &[&Family] = &[
    built_in!(games::one_pile::FIBONACCI => Game::OnePile),
    // `one-pile:…:min=EXPR` (and `forbid=EXPR`) is a memory game (a lower
    // bound from the previous take, a forbidden take), played by the engine
    // as a custom family.
    &games::one_pile::FAMILY.with_parse(Some(|spec: &GameSpec| {
        if spec.get("min").is_some() || spec.get("forbid").is_some() {
            return games::one_pile::memory::parse(spec).map(Game::Custom);
        }
        match games::one_pile::FAMILY.parse {
            Some(parse) => parse(spec).map(Game::OnePile),
            None => Err(unknown(&spec.name)),
        }
    })),
    built_in!(games::one_pile::MEMORY => Game::Custom),
    built_in!(games::two_pile::FAMILY => Game::TwoPile),
    built_in!(games::wythoff::FAMILY => Game::Wythoff),
    built_in!(games::spite::FAMILY => Game::Spite),
    built_in!(games::subtraction::NIM => Game::Subtraction),
    built_in!(games::subtraction::FAMILY => Game::Subtraction),
    built_in!(games::subtraction::MISERE => Game::Subtraction),
    built_in!(games::sum::FAMILY => Game::Sum),
    built_in!(games::subtraction::MIN_MAX => Game::Subtraction),
    built_in!(games::octal::FAMILY => Game::Octal),
    built_in!(games::octal::KAYLES => Game::Octal),
    built_in!(games::octal::DAWSON => Game::Octal),
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
