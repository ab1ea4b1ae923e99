//! Sweeps over rule sets: a family of rule sets and ranges in, one row per
//! rule set out, computed shard by shard on every core (or on a Dask
//! cluster's workers, through the Python package), resumable, and written
//! to one file (CSV or JSON lines) headed by the program version and the
//! command.
//!
//! One concept per file: `family.rs` (the [`RuleSets`] trait every family
//! implements and its entry [`SweepFamily`] in the list [`FAMILIES`]), one
//! file per family (`subtraction_sets.rs`, `one_pile.rs`,
//! `holshouser_reiter.rs`, `two_pile.rs`, `octal_codes.rs`,
//! `misere_octal.rs`, `hexadecimal_codes.rs`),
//! `bounds.rs` ([`Bounds`], bound templates), `shard.rs` ([`Shards`], the cut
//! into shards), `row.rs` ([`Row`] and its text), `file.rs` ([`Output`]: the
//! shard directory, resume and the merge into the final file), `run.rs`
//! ([`run()`]: the shards on a thread pool).
//!
//! Law: the final file depends only on the [`Sweep`] (family, ranges, shard
//! size, format) and the program version: rows are sorted by index (the
//! Holshouser–Reiter converse counterexamples first), whatever the order
//! in which shards finished, whether the run was interrupted and resumed,
//! and whichever machine computed a shard.
//!
//! ```
//! use takeaway::sweep::{Format, SubtractionSets, Sweep};
//! let sweep = Sweep::new(
//!     Box::new(SubtractionSets { max: 4, min_size: 1, max_size: 2, terms: 20, cap: 1 << 20 }),
//!     Some(3),
//!     Format::Csv,
//! ).unwrap();
//! assert_eq!(sweep.shards().len(), 4); // 4 + 6 = 10 sets in shards of 3
//! let dir = std::env::temp_dir().join(format!("takeaway-sweep-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).unwrap();
//! let out = dir.join("census.csv");
//! takeaway::sweep::run(&sweep, &out, 2, &takeaway::engine::Cancel::new(), &takeaway::games::NoProgress).unwrap();
//! let text = std::fs::read_to_string(&out).unwrap();
//! assert!(text.starts_with("# takeaway "));
//! assert_eq!(text.lines().count(), 2 + 10);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

pub(crate) mod bounds;
pub(crate) mod error;
pub mod family;
pub mod file;
pub(crate) mod row;
pub mod run;
pub(crate) mod shard;

/// The one list of sweep families: each line names the file under `sweep/`
/// that implements [`RuleSets`] and holds the family's `FAMILY` entry.
macro_rules! families {
    ($($module:ident,)*) => {
        $(pub mod $module;)*

        /// Every sweep family, in the order the front-ends list them.
        pub const FAMILIES: &[&SweepFamily] = &[$(&$module::FAMILY),*];
    };
}

families! {
    subtraction_sets,
    one_pile,
    holshouser_reiter,
    two_pile,
    octal_codes,
    misere_octal,
    hexadecimal_codes,
}

pub use bounds::{Bounds, Parameter};
pub use error::SweepError;
pub use family::{RuleSets, Setting, SweepFamily, Takes, Value, Values, family, settings, worded};
pub use file::{Discarded, Output, Progress as FileProgress};
pub use hexadecimal_codes::HexadecimalCodes;
pub use holshouser_reiter::HolshouserReiterPairs;
pub use misere_octal::MisereOctalCodes;
pub use octal_codes::OctalCodes;
pub use one_pile::OnePileBounds;
pub use row::{Cell, Row};
pub use run::run;
pub use shard::Shards;
pub use subtraction_sets::SubtractionSets;
pub use two_pile::TwoPileBounds;

use crate::engine::{Amount, Cancel, Unit};
use crate::games::advice::{Misused, Opt};
use crate::games::error::{GameError, Hint, Work};
use std::sync::Arc;

/// Most rule sets one sweep may hold (2^40: beyond, split the ranges).
pub const MAX_RULE_SETS: u64 = 1 << 40;

/// Most piles `up_to` a bound family checks per rule set (the exhaustive
/// tableaux are `(N + 2)²`).
pub const MAX_UP_TO: u64 = 2_000;

/// The file format of a sweep's results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Comma-separated values: a `#` line (version and command), the column
    /// names, then one line per rule set.
    Csv,
    /// JSON lines: a header object (`takeaway`, `command`, `columns`,
    /// `rule_sets`), then one object per rule set.
    Jsonl,
}

impl Format {
    /// The name on the command line (`--format csv|jsonl`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Csv => "csv",
            Format::Jsonl => "jsonl",
        }
    }
}

/// A sweep: the rule sets, the shard size and the file format.
#[derive(Debug, Clone)]
pub struct Sweep {
    /// The family of rule sets and its ranges.
    pub rule_sets: Arc<dyn RuleSets>,
    /// Rule sets per shard.
    pub shard_size: u64,
    /// The file format.
    pub format: Format,
}

/// `GameError::TooLarge` for a sweep over its limit.
pub(crate) fn too_large(
    family: &str,
    needed: u128,
    limit: u64,
    unit: Unit,
    hint: Hint,
) -> GameError {
    GameError::too_large(
        Work::RuleSetSweep {
            family: family.to_string(),
        },
        Amount::of(needed, unit),
        Amount::of(limit, unit),
        hint,
    )
}

/// `Misused::AtLeastOne`: these options of a sweep of `family` must be at
/// least 1.
pub(crate) fn at_least_one(family: &str, options: &[Opt]) -> GameError {
    Misused::AtLeastOne {
        sweep: Some(family.to_string()),
        options: options.to_vec(),
    }
    .into()
}

impl PartialEq for Sweep {
    /// The same family, rule sets, shard size and format.
    fn eq(&self, other: &Sweep) -> bool {
        self.to_json() == other.to_json()
    }
}

impl Eq for Sweep {}

impl Sweep {
    /// Checks the ranges and builds the sweep; `shard_size` defaults to
    /// 1024 subtraction sets or 4 bounds a shard.
    ///
    /// ```
    /// use takeaway::sweep::{Format, SubtractionSets, Sweep};
    /// let bad = SubtractionSets { max: 70_000, min_size: 1, max_size: 2, terms: 10, cap: 100 };
    /// assert!(Sweep::new(Box::new(bad), None, Format::Csv).is_err());
    /// ```
    pub fn new(
        rule_sets: Box<dyn RuleSets>,
        shard_size: Option<u64>,
        format: Format,
    ) -> Result<Sweep, GameError> {
        let name = rule_sets.name();
        rule_sets.check()?;
        let count = rule_sets.count();
        if count > u128::from(MAX_RULE_SETS) {
            return Err(too_large(
                name,
                count,
                MAX_RULE_SETS,
                Unit::RuleSets,
                Hint::SmallerSweep,
            ));
        }
        let shard_size = shard_size.unwrap_or(rule_sets.default_shard());
        if shard_size == 0 {
            return Err(at_least_one(name, &[Opt::Shard]));
        }
        Ok(Sweep {
            rule_sets: Arc::from(rule_sets),
            shard_size,
            format,
        })
    }

    /// The cut into shards.
    pub fn shards(&self) -> Shards {
        Shards {
            count: self.rule_sets.count() as u64,
            size: self.shard_size,
        }
    }

    /// The command that runs this sweep (without the output file): the
    /// same whichever front-end (command line, Python, Dask) ran it.
    ///
    /// ```
    /// use takeaway::sweep::{Format, SubtractionSets, Sweep};
    /// let s = Sweep::new(Box::new(SubtractionSets { max: 16, min_size: 1, max_size: 3, terms: 1000, cap: 1000000 }), Some(64), Format::Csv).unwrap();
    /// assert_eq!(s.command(), "takeaway sweep subtraction --max 16 --sizes 1..3 --terms 1000 --cap 1000000 --shard 64 --format csv");
    /// ```
    pub fn command(&self) -> String {
        format!(
            "takeaway sweep {}{} --shard {} --format {}",
            self.rule_sets.name(),
            self.rule_sets.arguments(),
            self.shard_size,
            self.format.name()
        )
    }

    /// The file's header: the version and command line, then the column
    /// names (CSV); one header object (JSON lines). Ends with a line break.
    ///
    /// ```
    /// use takeaway::sweep::{Format, SubtractionSets, Sweep};
    /// let s = Sweep::new(Box::new(SubtractionSets { max: 3, min_size: 1, max_size: 1, terms: 10, cap: 100 }), Some(8), Format::Csv).unwrap();
    /// let h = s.header();
    /// assert!(h.starts_with("# takeaway "));
    /// assert!(h.ends_with("\nindex,spec,size,max,period,preperiod,largest,checksum,status\n"));
    /// ```
    pub fn header(&self) -> String {
        let version = env!("CARGO_PKG_VERSION");
        match self.format {
            Format::Csv => format!(
                "# takeaway {version}: {}\n{}",
                self.command(),
                crate::render::Csv::with_header(self.rule_sets.columns()).finish()
            ),
            Format::Jsonl => format!(
                "{}\n",
                serde_json::json!({
                    "takeaway": version,
                    "command": self.command(),
                    "columns": self.rule_sets.columns(),
                    "rule_sets": self.shards().count,
                })
            ),
        }
    }

    /// The sweep's identity: the FNV-1a hash of its [`header`](Self::header)
    /// (version, command, columns), which every shard's seal carries.
    ///
    /// ```
    /// use takeaway::sweep::{Format, SubtractionSets, Sweep};
    /// let a = Sweep::new(Box::new(SubtractionSets { max: 5, min_size: 1, max_size: 2, terms: 10, cap: 100 }), None, Format::Csv).unwrap();
    /// let b = Sweep::new(Box::new(SubtractionSets { max: 6, min_size: 1, max_size: 2, terms: 10, cap: 100 }), None, Format::Csv).unwrap();
    /// assert_ne!(a.id(), b.id());
    /// ```
    pub fn id(&self) -> u64 {
        let mut h = crate::games::checksum::FNV1A_START;
        crate::games::checksum::fnv1a(&mut h, self.header().as_bytes());
        h
    }

    /// The rows of shard `i`.
    pub fn shard_rows(&self, i: u64, cancel: &Cancel) -> Result<Vec<Row>, GameError> {
        let r = self.shards().range(i);
        self.rule_sets.rows(r.start, r.end, cancel)
    }

    /// The text of shard `i` as its file holds it: one line per row, a
    /// `1` (listed first) or `0`, a tab, and the row in the sweep's format;
    /// then the seal line ([`file::seal`]: index, sweep, rows, checksum).
    /// What a Dask task returns.
    ///
    /// ```
    /// use takeaway::engine::Cancel;
    /// use takeaway::sweep::{Format, SubtractionSets, Sweep};
    /// let s = Sweep::new(Box::new(SubtractionSets { max: 3, min_size: 1, max_size: 1, terms: 4, cap: 100 }), Some(8), Format::Csv).unwrap();
    /// let text = s.shard_text(0, &Cancel::new()).unwrap();
    /// // S = {1}: G = 0 1 0 1 …, period 2; checksum of 0 1 0 1 (s0 = 2, s1 = 0+1+1+2 = 4)
    /// assert_eq!(text.lines().next(), Some("0\t0,subtraction:s=1,1,1,2,0,1,40002,proved"));
    /// assert!(text.lines().last().unwrap().starts_with("#\tshard 0\t"));
    /// assert_eq!(takeaway::sweep::file::check(&text, s.id(), 0, 3), Ok(()));
    /// ```
    pub fn shard_text(&self, i: u64, cancel: &Cancel) -> Result<String, GameError> {
        let rows = self.shard_rows(i, cancel)?;
        let columns = self.rule_sets.columns();
        let mut text = String::new();
        for r in &rows {
            text.push(if r.first { '1' } else { '0' });
            text.push('\t');
            match self.format {
                Format::Csv => text.push_str(&r.to_csv()),
                Format::Jsonl => text.push_str(&r.to_json_line(columns)),
            }
            text.push('\n');
        }
        Ok(file::seal(self.id(), i, text))
    }

    /// The sweep as JSON (how the Python package hands it to Dask workers):
    /// the family's name, its rule sets, the shard size and the format.
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "family": self.rule_sets.name(),
            "rule_sets": self.rule_sets.to_json(),
            "shard_size": self.shard_size,
            "format": self.format,
        })
        .to_string()
    }

    /// A sweep from [`Sweep::to_json`], checked again.
    ///
    /// ```
    /// use takeaway::sweep::{Format, SubtractionSets, Sweep};
    /// let s = Sweep::new(Box::new(SubtractionSets { max: 5, min_size: 2, max_size: 3, terms: 10, cap: 100 }), None, Format::Jsonl).unwrap();
    /// assert_eq!(Sweep::from_json(&s.to_json()).unwrap(), s);
    /// ```
    pub fn from_json(text: &str) -> Result<Sweep, GameError> {
        /// What [`Sweep::to_json`] writes.
        #[derive(serde::Deserialize)]
        struct Plan {
            family: String,
            rule_sets: serde_json::Value,
            shard_size: u64,
            format: Format,
        }
        let not_a_sweep = |why: String| GameError::Invalid(format!("not a sweep: {why}"));
        let plan: Plan = serde_json::from_str(text).map_err(|e| not_a_sweep(e.to_string()))?;
        let family = family(&plan.family)
            .ok_or_else(|| not_a_sweep(format!("no sweep family `{}`", plan.family)))?;
        let rule_sets =
            (family.from_json)(plan.rule_sets).map_err(|e| not_a_sweep(e.to_string()))?;
        Sweep::new(rule_sets, Some(plan.shard_size), plan.format)
    }
}
