//! `takeaway misere GAME --heaps N [--json] [--certificate FILE]` and
//! `takeaway misere GAME --check FILE [--sums K]`: the misère quotient of
//! the heaps 1..N of an octal game, Nim or a subtraction game, and the
//! independent check of a certificate.

use crate::output;
use anyhow::Context;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use takeaway::games::octal::quotient::{
    certificate::Certificate,
    check::check,
    engine::{QuotientLimits, misere_quotient},
    heap_game::{HeapGame, Nim, OctalHeaps, Subtraction},
    misere_quotient::MisereQuotient,
};
use takeaway::games::{Family, Game};

/// Arguments of `misere`.
#[derive(clap::Args, Debug)]
#[command(after_help = "EXAMPLES:
  takeaway misere octal:0.77 --heaps 12
  takeaway misere dawson --heaps 20 --json
  takeaway misere octal:0.07 --heaps 16 --certificate q.json
  takeaway misere octal:0.07 --check q.json --sums 5
  takeaway misere nim --heaps 7

GAME is an octal game (octal:CODE, kayles, dawson), nim or a subtraction
game (subtraction:s=1,3,4); the quotient is of misère play whatever the
spec's misere key says.")]
pub(crate) struct Args {
    /// The heap game.
    game: String,
    /// The heap bound N: the quotient of all sums of heaps 1..N.
    #[arg(long, value_name = "N", required_unless_present = "check")]
    heaps: Option<usize>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Also write the certificate (table, P, Φ) to FILE as JSON.
    #[arg(long, value_name = "FILE", conflicts_with = "check")]
    certificate: Option<PathBuf>,
    /// Check the certificate in FILE against brute-force misère outcomes
    /// instead of computing a quotient.
    #[arg(long, value_name = "FILE")]
    check: Option<PathBuf>,
    /// With --check: every sum of at most K heaps is compared.
    #[arg(long, value_name = "K", default_value_t = 4)]
    sums: usize,
    /// The most elements of a quotient before it is refused.
    #[arg(long, value_name = "M", default_value_t = QuotientLimits::default().max_elements)]
    max_elements: usize,
    /// The most sums the exhaustive outcome search memoises (about 70 bytes
    /// each) before the quotient is refused.
    #[arg(long, value_name = "S", default_value_t = QuotientLimits::default().max_positions)]
    max_positions: usize,
}

/// The heap game of a spec: `nim`, an octal game, a subtraction game (its
/// set up to `bound`).
fn heap_game(spec: &str, bound: usize) -> anyhow::Result<Box<dyn HeapGame>> {
    if spec.trim() == "nim" {
        return Ok(Box::new(Nim));
    }
    let game = Game::parse(spec)?;
    if let Some(g) = game.family_as::<takeaway::games::octal::Octal>() {
        return Ok(Box::new(OctalHeaps(g.code.clone())));
    }
    if let Some(g) = game.family_as::<takeaway::games::subtraction::Subtraction>() {
        return Ok(Box::new(Subtraction(
            (1..=bound as u64)
                .filter(|&s| g.set.contains(s))
                .map(|s| s as usize)
                .collect(),
        )));
    }
    anyhow::bail!(
        "misère quotients are of heap games (octal:CODE, nim, subtraction:s=…); {} is not one",
        game.spec()
    )
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(path) = &args.check {
        return run_check(&args, path);
    }
    let heaps = args.heaps.unwrap_or(0);
    let game = heap_game(&args.game, heaps)?;
    let limits = QuotientLimits {
        max_elements: args.max_elements,
        max_positions: args.max_positions,
        ..QuotientLimits::default()
    };
    let q = misere_quotient(game.as_ref(), heaps, &limits)
        .with_context(|| format!("no misère quotient of {} for heaps 1..{heaps}", game.name()))?;
    if let Some(path) = &args.certificate {
        std::fs::write(path, q.certificate().to_json() + "\n")
            .with_context(|| format!("cannot write the certificate to {}", path.display()))?;
    }
    if args.json {
        output::json(&q)?;
    } else {
        output::text_out(&text(&q))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn run_check(args: &Args, path: &PathBuf) -> anyhow::Result<ExitCode> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the certificate {}", path.display()))?;
    let cert = Certificate::from_json(&text)
        .with_context(|| format!("{} is not a certificate", path.display()))?;
    let game = heap_game(&args.game, cert.heaps)?;
    if cert.game != game.name() {
        anyhow::bail!(
            "{} is a certificate of {}, not of {}",
            path.display(),
            cert.game,
            game.name()
        );
    }
    let report = check(&cert, game.as_ref(), args.sums, 20_000_000)
        .with_context(|| format!("the certificate {} is refused", path.display()))?;
    if args.json {
        output::json(&report)?;
    } else {
        output::text_out(&format!(
            "certificate of {} (heaps 1..{}, {} elements) agrees with brute force on all {} sums of at most {} heaps ({} positions solved)",
            cert.game,
            cert.heaps,
            cert.table.len(),
            report.sums,
            report.max_heaps,
            report.positions
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Quotients up to this order print their multiplication table as text.
const TABLE_IN_TEXT: usize = 24;

fn text(q: &MisereQuotient) -> String {
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
            "(the {0}×{0} table: --json or --certificate FILE)",
            q.order
        );
    }
    let _ = write!(
        s,
        "work: {} positions searched, {} experiments, {} counterexamples, {} verification states",
        q.work.positions, q.work.experiments, q.work.counterexamples, q.work.verifier_states
    );
    s
}
