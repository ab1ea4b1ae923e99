//! What a sweep family is: the [`RuleSets`] trait (the number of rule sets,
//! the columns of a row, the rows of an index range, the command line that
//! names the sweep) and its entry in the one list of families, a
//! [`SweepFamily`] (its name, its [`Setting`]s with their help, and how it is
//! built from the [`Values`] a front-end read).
//!
//! A new family is one file under `sweep/` (a type implementing
//! [`RuleSets`] and a `pub const FAMILY: SweepFamily`) plus one line in the list
//! of `sweep/mod.rs`; the command line and the Python package read their
//! subcommand names, flags, keywords and help from [`FAMILIES`](super::FAMILIES).
//!
//! Law: `rows(start, end)` gives exactly the rows of indices
//! `start..min(end, count)`, in order, each a function of its index alone
//! (so shards can run anywhere, in any order, and a rerun gives the same
//! rows); `(family.from_json)(r.to_json())` is `r` again.

use super::row::Row;
use crate::engine::Cancel;
use crate::games::error::GameError;
use std::collections::BTreeMap;

/// A family of rule sets and the figures computed for each (one
/// implementation per file under `sweep/`).
pub trait RuleSets: std::fmt::Debug + Send + Sync + AsJson {
    /// The family's entry in [`FAMILIES`](super::FAMILIES).
    fn family(&self) -> &'static SweepFamily;

    /// Checks the ranges (what [`Sweep::new`](super::Sweep::new) refuses
    /// beyond the limit on the number of rule sets).
    fn check(&self) -> Result<(), GameError>;

    /// How many rule sets.
    fn count(&self) -> u128;

    /// The columns of a row, `index` first (by default the family's
    /// [`SweepFamily::columns`]).
    fn columns(&self) -> &'static [&'static str] {
        self.family().columns
    }

    /// The row of index `i` (below [`count`](Self::count)). Only a cancel
    /// is an error: a rule set that cannot be analysed gets a row saying why.
    fn row_at(&self, i: u64, cancel: &Cancel) -> Result<Row, GameError>;

    /// The rows of indices `start..end` (`end` at most the count), in
    /// order; a family that lists its rule sets faster in a run than one by
    /// one overrides it.
    fn rows_in(&self, start: u64, end: u64, cancel: &Cancel) -> Result<Vec<Row>, GameError> {
        (start..end).map(|i| self.row_at(i, cancel)).collect()
    }

    /// The arguments after the family's name that give this sweep on the
    /// command line (each ` --flag value`).
    fn arguments(&self) -> String;

    /// Rule sets per shard when the sweep names none.
    fn default_shard(&self) -> u64 {
        4
    }

    /// The rule sets as JSON (read back by [`SweepFamily::from_json`]); by
    /// default their `Serialize` form ([`AsJson`]).
    fn to_json(&self) -> serde_json::Value {
        self.as_json()
    }
}

/// A value as JSON through its `Serialize` form: what [`RuleSets::to_json`]
/// gives by default, implemented for every `Serialize` type.
///
/// ```
/// use takeaway::sweep::family::AsJson;
/// assert_eq!((3u8, "a").as_json(), serde_json::json!([3, "a"]));
/// ```
pub trait AsJson {
    /// The value as JSON (`null` if it cannot be written).
    fn as_json(&self) -> serde_json::Value;
}

impl<T: serde::Serialize> AsJson for T {
    fn as_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

impl dyn RuleSets {
    /// The family's name on the command line (`takeaway sweep NAME`).
    ///
    /// ```
    /// use takeaway::sweep::{RuleSets, SubtractionSets};
    /// let r: &dyn RuleSets = &SubtractionSets { max: 5, min_size: 1, max_size: 2, terms: 10, cap: 100 };
    /// assert_eq!(r.name(), "subtraction");
    /// ```
    pub fn name(&self) -> &'static str {
        self.family().name
    }

    /// The rows of indices `start..end` (clipped to the count), in order.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{RuleSets, SubtractionSets};
    /// let r: &dyn RuleSets = &SubtractionSets { max: 5, min_size: 1, max_size: 2, terms: 10, cap: 1000 };
    /// let rows = r.rows(13, 100, &Cancel::new()).unwrap();
    /// assert_eq!(rows.iter().map(|r| r.index).collect::<Vec<_>>(), [13, 14]);
    /// ```
    pub fn rows(&self, start: u64, end: u64, cancel: &Cancel) -> Result<Vec<Row>, GameError> {
        let end = u128::from(end).min(self.count()) as u64;
        if start >= end {
            return Ok(Vec::new());
        }
        self.rows_in(start, end, cancel)
    }
}

/// A sweep family's entry in the one list: its name, its settings (flags
/// on the command line, keywords in Python) and its constructors.
#[derive(Debug)]
pub struct SweepFamily {
    /// The name (`takeaway sweep NAME`, `takeaway.sweep("NAME", …)`).
    pub name: &'static str,
    /// What it sweeps and what a row holds, its settings written `{name}`
    /// (see [`worded`]).
    pub help: &'static str,
    /// Example arguments of `takeaway sweep` (the name first, `--out`
    /// last), shown in the command line's help.
    pub examples: &'static [&'static str],
    /// The columns of a row, `index` first.
    pub columns: &'static [&'static str],
    /// Its settings, in the order the help lists them.
    pub settings: &'static [&'static Setting],
    /// The rule sets for these values (defaults filled from the settings).
    pub build: fn(&Values) -> Result<Box<dyn RuleSets>, GameError>,
    /// The rule sets from [`RuleSets::to_json`].
    pub from_json: fn(serde_json::Value) -> Result<Box<dyn RuleSets>, serde_json::Error>,
}

/// What a setting takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Takes {
    /// A whole number, with its default (`None`: no default).
    Number(Option<u64>),
    /// An inclusive range `LO..HI` (or one value).
    Range,
    /// A list of texts (the flag repeated).
    Texts,
}

/// One setting of a sweep family, as each front-end names it.
#[derive(Debug, PartialEq, Eq)]
pub struct Setting {
    /// The key of [`Values`] and the Python keyword (`up_to`, `bases`).
    pub name: &'static str,
    /// The command line's flag, without the dashes (`up-to`, `base`).
    pub flag: &'static str,
    /// The placeholder of its value in help (`N`, `LO..HI`).
    pub value_name: &'static str,
    /// What it takes.
    pub takes: Takes,
    /// Its help (the families it applies to first, when several share it;
    /// other settings written `{name}`, see [`worded`]).
    pub help: &'static str,
}

/// A setting's value as a front-end read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A whole number.
    Number(u64),
    /// An inclusive range.
    Range(u64, u64),
    /// A list of texts.
    Texts(Vec<String>),
}

/// The values given for a family's settings, by [`Setting::name`]; what is
/// not given reads as the setting's default.
///
/// ```
/// use takeaway::sweep::{Value, Values, FAMILIES};
/// let mut v = Values::default();
/// v.set("max", Value::Number(6));
/// let family = FAMILIES.iter().find(|f| f.name == "subtraction").unwrap();
/// let r = (family.build)(&v).unwrap();
/// assert_eq!(r.arguments(), " --max 6 --sizes 1..6 --terms 1000 --cap 1000000");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values(BTreeMap<String, Value>);

impl Values {
    /// Gives `value` to the setting `name`.
    pub fn set(&mut self, name: &str, value: Value) {
        self.0.insert(name.to_string(), value);
    }

    /// The number given to `s`, or its default.
    pub fn number(&self, s: &Setting) -> Option<u64> {
        match (self.0.get(s.name), s.takes) {
            (Some(Value::Number(n)), _) => Some(*n),
            (_, Takes::Number(default)) => default,
            _ => None,
        }
    }

    /// The range given to `s`, if any.
    pub fn range(&self, s: &Setting) -> Option<(u64, u64)> {
        match self.0.get(s.name) {
            Some(Value::Range(lo, hi)) => Some((*lo, *hi)),
            _ => None,
        }
    }

    /// The texts given to `s` (none if not given).
    pub fn texts(&self, s: &Setting) -> Vec<String> {
        match self.0.get(s.name) {
            Some(Value::Texts(t)) => t.clone(),
            _ => Vec::new(),
        }
    }
}

/// The family named `name`, if any.
///
/// ```
/// assert_eq!(takeaway::sweep::family("octal").map(|f| f.name), Some("octal"));
/// assert!(takeaway::sweep::family("chess").is_none());
/// ```
pub fn family(name: &str) -> Option<&'static SweepFamily> {
    super::FAMILIES.iter().copied().find(|f| f.name == name)
}

/// Every family's settings once, in help order: each family's in its own
/// order, a setting first met in a later family placed right after the
/// setting before it in that family's list (at the end if it has none).
///
/// ```
/// let names: Vec<&str> = takeaway::sweep::settings().iter().map(|s| s.name).collect();
/// assert_eq!(names[..3], ["max", "sizes", "terms"]);
/// ```
pub fn settings() -> Vec<&'static Setting> {
    let mut all: Vec<&'static Setting> = Vec::new();
    for f in super::FAMILIES {
        let mut after: Option<usize> = None;
        for &s in f.settings {
            match all.iter().position(|t| t.name == s.name) {
                Some(at) => after = Some(at),
                None => {
                    let at = after.map_or(all.len(), |a| a + 1);
                    all.insert(at, s);
                    after = Some(at);
                }
            }
        }
    }
    all
}

/// A help text with each `{name}` or `{name=VALUE}` of a setting written by
/// `word` (the setting and the value's placeholder): how a front-end names
/// settings in its own words (`--up-to`, `up_to=`). Other braces stay.
///
/// ```
/// use takeaway::sweep::worded;
/// let flag = |s: &takeaway::sweep::Setting, v: Option<&str>| match v {
///     Some(v) => format!("--{} {v}", s.flag),
///     None => format!("--{}", s.flag),
/// };
/// assert_eq!(worded("up to {up_to}, {digits=K}, {1..M}", flag), "up to --up-to, --digits K, {1..M}");
/// ```
pub fn worded(text: &str, word: impl Fn(&Setting, Option<&str>) -> String) -> String {
    let all = settings();
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}');
        let inner = close.map(|c| &after[..c]);
        let (name, value) = match inner.map(|i| i.split_once('=')) {
            Some(Some((n, v))) => (n, Some(v)),
            _ => (inner.unwrap_or(""), None),
        };
        match (close, all.iter().find(|s| s.name == name)) {
            (Some(c), Some(s)) => {
                out.push_str(&word(s, value));
                rest = &after[c + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
