//! The answer of `takeaway misere` as text: a misère quotient
//! ([`MisereQuotient`], whose JSON is its own `Serialize`) and a passed
//! check of a certificate ([`CheckReport`]). The command line picks these
//! renderers; Python returns the quotient's document with numpy arrays.
//!
//! Law: the text names every heap `1..=N` once, with `Φ(h)` the element
//! the JSON's `phi[h]` is, by its name in `elements`.
//!
//! ```
//! use takeaway::games::octal::quotient::engine::{QuotientLimits, misere_quotient};
//! use takeaway::games::octal::quotient::heap_game::Nim;
//! let q = misere_quotient(&Nim, 3, &QuotientLimits::default()).unwrap();
//! let text = takeaway::render::quotient::text(&q, &takeaway::games::Fields);
//! assert!(text.starts_with("misère quotient Q_3 of nim (heaps 1..3)\n"));
//! assert_eq!(text.lines().filter(|l| l.starts_with("   1  ")).count(), 1);
//! ```

use crate::games::advice::{Opt, Words};
use crate::games::octal::quotient::certificate::Certificate;
use crate::games::octal::quotient::check::CheckReport;
use crate::games::octal::quotient::misere_quotient::MisereQuotient;
use std::fmt::Write as _;

/// Quotients up to this order print their multiplication table as text.
pub const TABLE_IN_TEXT: usize = 24;

/// The quotient as `takeaway misere` prints it: the heading, order, |P|
/// and tameness, the presentation (generators, relations), P, the heaps at
/// which the quotient grew, a line per heap (`Φ(h)` and the normal-play
/// Grundy value), the multiplication table (up to order
/// [`TABLE_IN_TEXT`]; for a larger one, where it is: the options of
/// `words` giving the JSON and the certificate) and the work done.
pub fn text(q: &MisereQuotient, words: &dyn Words) -> String {
    let mut s = String::new();
    let name = |x: u32| q.elements[x as usize].as_str();
    let _ = writeln!(
        s,
        "misère quotient Q_{} of {} (heaps 1..{})",
        q.heaps, q.game, q.heaps
    );
    let _ = writeln!(
        s,
        "order |Q| = {}, |P| = {}, {}",
        q.order,
        q.p_count,
        q.tameness.text()
    );
    let gens: Vec<String> = q
        .generators
        .iter()
        .map(|g| format!("{} (heap {})", g.name, g.heap))
        .collect();
    let _ = writeln!(s, "generators: {}", gens.join(", "));
    let _ = writeln!(s, "relations: {}", q.relations.join(", "));
    let p: Vec<&str> = q.p.iter().map(|&x| name(x)).collect();
    let _ = writeln!(s, "P = {{{}}}", p.join(", "));
    let changes: Vec<String> = q
        .changes
        .iter()
        .map(|&n| format!("{n} (|Q| = {})", q.orders[n]))
        .collect();
    let _ = writeln!(s, "the quotient changed at heaps: {}", changes.join(", "));
    let _ = writeln!(s, "heap  Φ(heap)  Grundy (normal play)");
    for h in 1..=q.heaps {
        let _ = writeln!(s, "{h:>4}  {:<7}  {}", name(q.phi[h]), q.grundy[h]);
    }
    if q.order <= TABLE_IN_TEXT {
        let width = q
            .elements
            .iter()
            .map(|e| e.chars().count())
            .max()
            .unwrap_or(1)
            + 1;
        let _ = write!(s, "{:>width$} |", "·");
        for y in 0..q.order as u32 {
            let _ = write!(s, "{:>width$}", name(y));
        }
        let _ = writeln!(s);
        for x in 0..q.order as u32 {
            let _ = write!(s, "{:>width$} |", name(x));
            for y in 0..q.order as u32 {
                let _ = write!(s, "{:>width$}", name(q.monoid.mul(x, y)));
            }
            let _ = writeln!(s);
        }
    } else {
        let _ = writeln!(
            s,
            "(the {0}×{0} table: {1} or {2})",
            q.order,
            words.option(Opt::Json),
            words.option_value(Opt::Certificate, "FILE")
        );
    }
    let _ = write!(
        s,
        "work: {} exact checks, {} layer quotients, {} verification states",
        q.work.checks, q.work.layers, q.work.verifier_states
    );
    s
}

/// A passed check of the certificate `cert` in one line: the game, its
/// heaps and order, and the sums compared with the brute force.
pub fn check_text(cert: &Certificate, report: &CheckReport) -> String {
    format!(
        "certificate of {} (heaps 1..{}, {} elements) agrees with brute force on all {} sums of at most {} heaps ({} positions solved)",
        cert.game,
        cert.heaps,
        cert.table.len(),
        report.sums,
        report.max_heaps,
        report.positions
    )
}
