//! What a sweep run did ([`Report`], the answer of `takeaway sweep` and of
//! Python's `sweep`), rendered once: text ([`text`], the command's last
//! line) and the document Python returns (`SweepDone`'s `Serialize`). The
//! sweep's rows themselves are typed cells ([`crate::sweep::Row`]) written
//! into the file by the sweep.
//!
//! Law: the text names the number of rule sets and, unless the file was
//! already complete, the shards computed and resumed, which add up to the
//! shards of the sweep; the document holds the same numbers.
//!
//! ```
//! use std::path::Path;
//! use takeaway::render::sweep::{SweepDone, text};
//! use takeaway::sweep::run::Report;
//! let r = Report { rule_sets: 10, shards: 4, resumed: 1, computed: 7, already_complete: false, discarded: vec![] };
//! assert_eq!(text(&r, Path::new("census.csv")), "wrote 10 rule sets to census.csv (4 shards: 3 computed, 1 resumed)\n");
//! let json = serde_json::to_value(SweepDone(&r)).unwrap();
//! assert_eq!((json["rule_sets"].as_u64(), json["computed"].as_u64()), (Some(10), Some(7)));
//! ```

use crate::sweep::run::Report;
use serde::Serialize;
use std::path::Path;

/// The document of a run: `rule_sets`, `shards`, `resumed`, `computed`,
/// `already_complete`, and `discarded` (one line per shard file an earlier
/// run left damaged, cut or foreign, removed and computed again).
#[derive(Debug, Clone, Copy)]
pub struct SweepDone<'a>(pub &'a Report);

impl Serialize for SweepDone<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let r = self.0;
        let discarded: Vec<String> = r.discarded.iter().map(ToString::to_string).collect();
        let mut m = serializer.serialize_map(Some(6))?;
        m.serialize_entry("rule_sets", &r.rule_sets)?;
        m.serialize_entry("shards", &r.shards)?;
        m.serialize_entry("resumed", &r.resumed)?;
        m.serialize_entry("computed", &r.computed)?;
        m.serialize_entry("already_complete", &r.already_complete)?;
        m.serialize_entry("discarded", &discarded)?;
        m.end()
    }
}

/// The run in one line (with its line break), naming the file `out`:
/// `wrote N rule sets to OUT (S shards: C computed, R resumed)`, or `OUT is
/// complete: N rule sets (nothing to do)`.
pub fn text(r: &Report, out: &Path) -> String {
    let out = out.display();
    if r.already_complete {
        return format!(
            "{out} is complete: {} rule sets (nothing to do)\n",
            r.rule_sets
        );
    }
    let shards = if r.shards == 1 { "shard" } else { "shards" };
    format!(
        "wrote {} rule sets to {out} ({} {shards}: {} computed, {} resumed)\n",
        r.rule_sets,
        r.shards,
        r.shards.saturating_sub(r.resumed),
        r.resumed
    )
}
