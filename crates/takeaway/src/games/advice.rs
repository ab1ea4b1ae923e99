//! The options of a request that an error's advice points to, and the
//! [`Words`] in which each front-end names them.
//!
//! The library says *which* option would help ([`Opt::Rows`]: fewer rows);
//! the command line says `--rows`, Python `rows=`, the HTTP API the field
//! `rows`. An error's `Display` uses [`Fields`] (the request's field names);
//! a front-end renders it in its own words with
//! [`GameError::worded`](crate::games::GameError::worded).

/// An option of a request, as the library knows it (a field of a request,
/// an argument of a sweep).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opt {
    /// Every winning move, not only the least.
    All,
    /// A base of a Holshouser–Reiter sweep.
    Base,
    /// The bound on the next move.
    Bound,
    /// The period-search cap of a sweep.
    Cap,
    /// A misère quotient's certificate, written to a file.
    Certificate,
    /// The columns of a table.
    Cols,
    /// The digits of an octal sweep.
    Digits,
    /// The exhaustive engine instead of the theory.
    Exhaustive,
    /// A bound template of a sweep.
    F,
    /// The answer as its JSON document.
    Json,
    /// Grundy values instead of outcomes.
    Grundy,
    /// A function h of Definition 8 (Section 3 of paper 002).
    H,
    /// The iterates `g', …, g^(K)` of a Section 3 report.
    Iterate,
    /// The largest element of a subtraction-set sweep.
    Max,
    /// The size limit of a misère quotient (its most elements).
    MaxElements,
    /// The product-state limit of a misère quotient's construction.
    MaxPositions,
    /// The verification-state limit of a misère quotient's exact checks.
    MaxStates,
    /// The prefixes of a Holshouser–Reiter sweep.
    Prefixes,
    /// The rows of a table.
    Rows,
    /// The rule sets of one shard of a sweep.
    Shard,
    /// The set sizes of a subtraction-set sweep.
    Sizes,
    /// Grundy rows written as their steps.
    Steps,
    /// The piles beyond the first two of a k-pile table.
    Slice,
    /// A summary instead of every value.
    Summary,
    /// The heap bound of a misère quotient.
    Heaps,
    /// The terms of a period search.
    Terms,
    /// The largest pile checked.
    UpTo,
    /// The `!` placements of a hexadecimal sweep.
    Unequal,
}

impl Opt {
    /// The option's name as a field of a request (`rows`, `up_to`).
    ///
    /// ```
    /// use takeaway::games::Opt;
    /// assert_eq!(Opt::UpTo.name(), "up_to");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Opt::All => "all",
            Opt::Base => "base",
            Opt::Bound => "bound",
            Opt::Cap => "cap",
            Opt::Certificate => "certificate",
            Opt::Cols => "cols",
            Opt::Digits => "digits",
            Opt::Exhaustive => "exhaustive",
            Opt::F => "f",
            Opt::Json => "json",
            Opt::Grundy => "grundy",
            Opt::H => "h",
            Opt::Heaps => "heaps",
            Opt::Iterate => "iterate",
            Opt::Max => "max",
            Opt::MaxElements => "max_elements",
            Opt::MaxPositions => "max_positions",
            Opt::MaxStates => "max_states",
            Opt::Prefixes => "prefixes",
            Opt::Rows => "rows",
            Opt::Shard => "shard",
            Opt::Sizes => "sizes",
            Opt::Steps => "steps",
            Opt::Slice => "slice",
            Opt::Summary => "summary",
            Opt::Terms => "terms",
            Opt::UpTo => "up_to",
            Opt::Unequal => "unequal",
        }
    }

    /// Whether the option is a switch (on or off) rather than a value.
    ///
    /// ```
    /// use takeaway::games::Opt;
    /// assert!(Opt::Summary.is_switch() && !Opt::Rows.is_switch());
    /// ```
    pub fn is_switch(self) -> bool {
        matches!(
            self,
            Opt::All | Opt::Exhaustive | Opt::Grundy | Opt::Json | Opt::Steps | Opt::Summary
        )
    }
}

/// How a front-end names the options of its requests in advice.
///
/// Law: [`Words::option_value`] and [`Words::call`] default to phrases
/// built from [`Words::option`]; a front-end overrides what it says
/// otherwise.
pub trait Words {
    /// The option, as a user names it (`--rows`, `rows=`, `` `rows` ``).
    fn option(&self, o: Opt) -> String;

    /// The option given a value written `value` (a placeholder such as `N`).
    fn option_value(&self, o: Opt, value: &str) -> String {
        format!("{} {value}", self.option(o))
    }

    /// A request `command` (`table`) of `game` (if named) with these options
    /// (an empty value: the option alone).
    fn call(&self, command: &str, game: Option<&str>, options: &[(Opt, &str)]) -> String {
        let mut out = format!("`{command}`");
        if let Some(g) = game {
            out.push_str(&format!(" of `{g}`"));
        }
        for (i, &(o, v)) in options.iter().enumerate() {
            out.push_str(if i == 0 { " with " } else { ", " });
            out.push_str(&match v {
                "" => self.option(o),
                v => self.option_value(o, v),
            });
        }
        out
    }
}

/// The library's own words: each option by its field name, in backticks
/// (what an error's `Display` says).
///
/// ```
/// use takeaway::games::{Fields, Opt, Words};
/// assert_eq!(Fields.option(Opt::Rows), "`rows`");
/// assert_eq!(Fields.call("table", None, &[(Opt::Rows, "")]), "`table` with `rows`");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Fields;

impl Words for Fields {
    fn option(&self, o: Opt) -> String {
        format!("`{}`", o.name())
    }
}

/// `a`, `a and b`, `a, b or c`: options listed in `words`, the last joined
/// with `last` (`and`, `or`).
pub(crate) fn list(words: &dyn Words, options: &[Opt], last: &str) -> String {
    let named: Vec<String> = options.iter().map(|&o| words.option(o)).collect();
    match named.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} {last} {end}", rest.join(", ")),
    }
}

/// An option given where it does not apply, or outside its range: which
/// option, and the values the sentence names.
///
/// ```
/// use takeaway::games::{Misused, Opt};
/// let e = Misused::AtLeastOne { sweep: None, options: vec![Opt::Rows] };
/// assert_eq!(e.to_string(), "`rows` must be at least 1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.worded(&Fields))]
pub enum Misused {
    /// These options must be at least 1 (of a sweep of `sweep` rule sets,
    /// when it is a sweep's).
    AtLeastOne {
        /// The sweep's family, if a sweep's.
        sweep: Option<String>,
        /// The options.
        options: Vec<Opt>,
    },
    /// A subtraction-set sweep's sizes `lo..hi` against its largest element.
    SweepSizes {
        /// The sweep's family.
        sweep: String,
        /// The least size.
        lo: u64,
        /// The largest size.
        hi: u64,
        /// The largest element.
        max: u64,
    },
    /// A sweep of `sweep` rule sets given no value for an option it needs.
    SweepNeeds {
        /// The sweep's family.
        sweep: String,
        /// The option.
        option: Opt,
        /// Its value's placeholder (`M`).
        value: String,
        /// What the value is (`sets S ⊆ {1..M}`).
        why: String,
    },
    /// A sweep over bounds given no bound template.
    NoTemplate {
        /// The sweep's family.
        sweep: String,
    },
    /// A Holshouser–Reiter sweep given no base and fewer than 2 prefix terms.
    NoBase {
        /// The sweep's family.
        sweep: String,
    },
    /// A slice asked of a game that is not a k-pile two-pile game.
    SliceNotKPile {
        /// The game's spec.
        game: String,
    },
    /// A slice asked of a two-pile tableau.
    SliceTwoPile,
    /// A `k`-pile table given `got` slice numbers where it needs `k − 2`.
    SliceLength {
        /// The game's piles.
        k: usize,
        /// The slice numbers given.
        got: usize,
    },
    /// Columns asked of Wythoff's table, which has one size (`what`: the
    /// pairs it lists).
    WythoffRowsOnly {
        /// The pairs the table lists.
        what: String,
    },
    /// A Grundy table asked of a game that has none.
    GrundyTableOf {
        /// The game's spec.
        game: String,
    },
    /// Grundy rows as steps asked of a game that is not a one-pile game.
    StepsOf {
        /// The game's spec.
        game: String,
    },
    /// A sequence of the Grundy rows (`G(n, n − 1)`, the rows' maxima)
    /// asked of a game that is not a one-pile game.
    RowSequenceOf {
        /// The game's spec.
        game: String,
    },
    /// Schwenk's H-sequence asked of a game that has none (not a one-pile
    /// game with a bound `f(t)` alone), or past what a table holds.
    HSequenceOf {
        /// The game's spec.
        game: String,
        /// Why, in words (`is not a one-pile game`, …).
        why: String,
    },
    /// An appendix game whose adds are unbounded.
    AddNeedsBound {
        /// The rule's spec.
        rule: String,
    },
    /// A table asked of a misère game whose family's tables are normal-play
    /// results.
    MisereTable {
        /// The family's name.
        family: String,
        /// The game's spec.
        game: String,
    },
    /// A verification asked of a misère game whose family has no misère
    /// theory.
    MisereVerify {
        /// The family's name.
        family: String,
    },
    /// A subtraction game under misère play asked about `got` piles (it is
    /// answered for one).
    MisereOnePile {
        /// The piles given.
        got: usize,
    },
    /// A verification asked of an appendix game, which no theory covers.
    NoTheoryToVerify {
        /// The rule's spec.
        rule: String,
        /// The game's spec.
        game: String,
    },
    /// Grundy rows as steps asked of a memory game, whose rows over the
    /// memory are not step functions in general.
    StepsOfMemory {
        /// The game's spec.
        game: String,
    },
}

impl Misused {
    /// The sentence, naming the options in `words`.
    pub fn worded(&self, words: &dyn Words) -> String {
        let sweep = |family: &str, why: String| format!("sweep {family}: {why}");
        let k_pile = "k-pile table (two-pile:f=EXPR:piles=K, K ≥ 3)";
        match self {
            Misused::AtLeastOne {
                sweep: family,
                options,
            } => {
                let why = format!("{} must be at least 1", list(words, options, "and"));
                match family {
                    Some(family) => sweep(family, why),
                    None => why,
                }
            }
            Misused::SweepSizes {
                sweep: family,
                lo,
                hi,
                max,
            } => sweep(
                family,
                format!(
                    "the sizes {lo}..{hi} must satisfy 1 ≤ LO ≤ HI and LO ≤ {}",
                    words.option_value(Opt::Max, &max.to_string())
                ),
            ),
            Misused::SweepNeeds {
                sweep: family,
                option,
                value,
                why,
            } => format!(
                "sweep {family} needs {} ({why})",
                words.option_value(*option, value)
            ),
            Misused::NoTemplate { sweep: family } => sweep(
                family,
                format!(
                    "give at least one bound ({})",
                    words.option_value(Opt::F, "EXPR")
                ),
            ),
            Misused::NoBase { sweep: family } => sweep(
                family,
                format!(
                    "give at least one base ({}) or {} (K ≥ 2)",
                    words.option_value(Opt::Base, "B"),
                    words.option_value(Opt::Prefixes, "K")
                ),
            ),
            Misused::SliceNotKPile { game } => format!(
                "{} is for k-pile tables (two-pile:f=EXPR:piles=K, K ≥ 3), not {game}",
                words.option(Opt::Slice)
            ),
            Misused::SliceTwoPile => format!(
                "{} fixes the piles beyond the first two of a {k_pile}; the two-pile tableau has none",
                words.option(Opt::Slice)
            ),
            Misused::SliceLength { k, got } => {
                let fixed = k.saturating_sub(2);
                let s = if fixed == 1 { "" } else { "s" };
                format!(
                    "a {k}-pile table shows pile 1 (rows) against pile 2 (columns) with the other {fixed} pile{s} fixed: give {} with {fixed} number{s} (e.g. {}), got {got}",
                    words.option(Opt::Slice),
                    words.option_value(Opt::Slice, &vec!["5"; fixed].join(","))
                )
            }
            Misused::WythoffRowsOnly { what } => format!(
                "table wythoff takes {} only (the {what} with both piles below N)",
                words.option_value(Opt::Rows, "N")
            ),
            Misused::GrundyTableOf { game } => format!(
                "Grundy tables are for one-pile games (G(n, w)) and Wythoff's Nim (G(x, y)); for {game} use `analyze` (its `grundy`), or `table` without {} for a subtraction game's values",
                words.option(Opt::Grundy)
            ),
            Misused::StepsOf { game } => format!(
                "Grundy rows as steps are for one-pile games (G(n, w) by bound w); {game} has none: drop {}",
                words.option(Opt::Steps)
            ),
            Misused::RowSequenceOf { game } => format!(
                "the sequences of Grundy rows (G(n, n − 1), each row's largest value) are for one-pile games (G(n, w) by bound w); {game} has none"
            ),
            Misused::HSequenceOf { game, why } => {
                format!("Schwenk's H-sequence (of a one-pile game's bound f(t)): {game} {why}")
            }
            Misused::AddNeedsBound { rule } => format!(
                "`{rule}` lets players add counters, and an unbounded add has no end: give the first bound with {}",
                words.option_value(Opt::Bound, "W")
            ),
            Misused::MisereTable { family, game } => format!(
                "tables of {family} are for normal play; under misère play analyze positions one at a time (`takeaway analyze '{game}' PILES...`, the engine answers each)"
            ),
            Misused::MisereVerify { family } => format!(
                "verify checks the theory of {family} for normal play; no misère theory is known for it (analyze positions under misère play one at a time)"
            ),
            Misused::MisereOnePile { got } => format!(
                "misère play is answered for one pile only (got {got}): Sprague–Grundy theory does not carry over to misère sums"
            ),
            Misused::NoTheoryToVerify { rule, game } => format!(
                "not available yet: no theory of `{rule}` to verify: it is solved exhaustively (compare it with the plain game by {})",
                words.call(
                    "table",
                    Some(game),
                    &[(Opt::Rows, "R"), (Opt::Cols, "C"), (Opt::Summary, "")]
                )
            ),
            Misused::StepsOfMemory { game } => format!(
                "Grundy rows as steps are for one-pile games, whose row G(n, w) only rises with the bound w (a larger bound adds moves); in the memory game {game} the row G(n, k) over the memory k need not be monotone (a lower bound min takes moves away as k grows, an upper bound f adds them, a forbidden take moves), so it has no steps: drop {} (the table of G(n, k), or its {})",
                words.option(Opt::Steps),
                words.option(Opt::Summary)
            ),
        }
    }
}
