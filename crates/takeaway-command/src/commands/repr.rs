//! `takeaway repr zeckendorf N`, `takeaway repr base BASE N` and
//! `takeaway repr h-sequence BASE --terms K`: numbers in Zeckendorf form, in a
//! generalised base (Holshouser–Reiter) or listing an H-sequence (Schwenk).

use crate::numbers::NumberArgs;
use crate::output;
use anyhow::{Context, bail};
use num_bigint::BigUint;
use std::process::ExitCode;
use takeaway::bound::base_name::parse_base_name;
use takeaway::games::two_pile::section3_report::{Section3Report, Section3Request};
use takeaway::natural::parse_natural;
use takeaway::numeration::base::Base;
use takeaway::numeration::base_report::BaseReport;
use takeaway::numeration::h_sequence::l;
use takeaway::numeration::zeckendorf::is_a_number;
use takeaway::render::repr::{InBase, Terms, Unique, ZeckendorfForms};

/// Most terms `repr h-sequence` lists.
const MAX_LISTED_TERMS: usize = 10_000;

/// Arguments of `repr`.
#[derive(clap::Args, Debug)]
#[command(after_help = "EXAMPLES:
  takeaway repr zeckendorf 8
  takeaway repr zeckendorf 8 --json
  takeaway repr base 1,2,3,6,7,10,17,34 31
  takeaway repr base fibonacci 100 --json
  takeaway repr h-sequence fibonacci --terms 12
  takeaway repr h-sequence h:f=3*t --terms 12
  takeaway repr h-sequence h:f=2*t --check-unique 5000 --json")]
pub(crate) struct Args {
    #[command(subcommand)]
    system: System,
}

#[derive(clap::Subcommand, Debug)]
enum System {
    /// Canonical and second canonical Fibonacci representations (paper 001).
    #[command(
        after_help = "Digits are in the papers' notation: the rightmost digit is position 1,
worth F1 = 1; position i is worth F(i). 0 is written `0`.

N may be `@FILE` (the decimal digits read from FILE, surrounding whitespace
ignored) or `-` (read from standard input): one argument is limited to
128 KiB (~131,000 digits) by the operating system; files and standard input
carry up to 1,000,000 digits.

EXAMPLES:
  takeaway repr zeckendorf 8            # 100000 and 10101
  takeaway repr zeckendorf 12 --json
  takeaway repr zeckendorf @n.txt --json
  printf 8 | takeaway repr zeckendorf -"
    )]
    Zeckendorf(ZeckendorfArgs),
    /// Algorithm 1 in a generalised base, with g, ḡ, binary, semi-stable (paper 002).
    #[command(
        after_help = "BASE: `fibonacci` (1,2,3,5,8,...), `binary` (1,2,4,8,...), an explicit
prefix `1,2,3,6,7,10,17,34` (Definition 1 is checked), or `h:f=EXPR`
(Schwenk's H-sequence of f: H1 = 1, H(k+1) = H(k) + H(j), j least with f(H(j)) ≥ H(k)).

With --h RULE (paper 002 Section 3): h(n) is chosen per n between ḡ(n) and
g(n) by RULE, a bound expression in n with the base's g and gbar, e.g.
`h=g`, `h=gbar`, `h=if(n%2,gbar(n),g(n))` (Definition 8; a value that is
neither names the first such n). g'(n) is computed by Definition 9 (9′
with several --h) for every n ≤ N, Theorem 1's conclusions are checked
against it and the first failure is named; --iterate K gives g', g'', …,
g^(K), each by Definition 9 with h the previous one (Remark 2). f is the
least bound satisfying P-1…P-9 in the base unless --f EXPR is given (then
checked); by Remark 2 g' does not depend on f.

EXAMPLES:
  takeaway repr base 1,2,3,6,7,10,17,34 31      # 31 = 1 + 3 + 10 + 17
  takeaway repr base fibonacci 100 --json
  takeaway repr base fibonacci 100 --h 'h=if(n%2,gbar(n),g(n))' --json
  takeaway repr base h:f=3*t 500 --h gbar --iterate 3"
    )]
    Base(BaseArgs),
    /// The first terms of a base or H-sequence and l(k) of paper 000 (2.3).
    #[command(
        name = "h-sequence",
        after_help = "l(k) is defined by b(k+1) = b(k) + b(k − l(k)).

--check-unique N (h:f=EXPR only) counts, for every 1 ≤ n ≤ N, the
representations n = H_j1 + … + H_jk with j1 < … < jk and f(H_ji) < H_j(i+1)
(paper 004's condition (1)) and names the first n with none or with two or
more; f need not be monotone (the sequence is built as the paper defines it).

EXAMPLES:
  takeaway repr h-sequence fibonacci --terms 12
  takeaway repr h-sequence 1,2,3,6,7,10,17,34 --terms 8 --json
  takeaway repr h-sequence h:f=t+1 --check-unique 5000
  takeaway repr h-sequence 'h:f=min(t,3)' --check-unique 100 --json"
    )]
    HSequence(HSequenceArgs),
}

#[derive(clap::Args, Debug)]
struct ZeckendorfArgs {
    /// The number (a natural number of any size).
    #[arg(allow_hyphen_values = true)]
    number: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct BaseArgs {
    /// The base: fibonacci, binary, h:f=EXPR or a list like 1,2,3,6,7,10,17,34.
    #[arg(allow_hyphen_values = true)]
    base: String,
    /// The number (a natural number of any size).
    #[arg(allow_hyphen_values = true)]
    number: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// A function h of Definition 8 as a rule in n (`h=g`, `h=gbar`,
    /// `h=if(n%2,gbar(n),g(n))`); several: Definition 9′.
    #[arg(long = "h", value_name = "RULE", allow_hyphen_values = true)]
    h: Vec<String>,
    /// With --h: g', g'', …, g^(K) by Remark 2 (K ≥ 1).
    #[arg(long, value_name = "K")]
    iterate: Option<usize>,
    /// With --h: the bound f(n, t) of Definition 9 (default: the least f
    /// satisfying P-1…P-9 in the base).
    #[arg(long = "f", value_name = "EXPR", allow_hyphen_values = true)]
    f: Option<String>,
}

#[derive(clap::Args, Debug)]
struct HSequenceArgs {
    /// The base: fibonacci, binary, h:f=EXPR or a list like 1,2,3,6,7,10,17,34.
    #[arg(allow_hyphen_values = true)]
    base: String,
    /// How many terms to list.
    #[arg(
        long,
        allow_hyphen_values = true,
        required_unless_present = "check_unique"
    )]
    terms: Option<String>,
    /// Check that every 1 ≤ n ≤ N has exactly one representation (1) of paper 004
    /// (h:f=EXPR only; N ≤ 2,000,000).
    #[arg(
        long,
        value_name = "N",
        allow_hyphen_values = true,
        conflicts_with = "terms"
    )]
    check_unique: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// `value` as the pretty JSON `output::json` prints (printed by [`run`]
/// once the spinner is cleared).
fn pretty_json<T: serde::Serialize>(value: &T) -> anyhow::Result<String> {
    Ok(serde_json::to_string_pretty(value)?)
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    // A spinner on a terminal: `repr base --h` on millions of numbers, or
    // a long check, runs for minutes (cleared before the answer is printed).
    let bar = crate::progress::Bar::new(false);
    bar.begin("repr");
    let text = match args.system {
        System::Zeckendorf(a) => zeckendorf(a),
        System::Base(a) => base(a),
        System::HSequence(a) => h_sequence(a),
    };
    bar.clear();
    output::text_out(&text?)?;
    Ok(ExitCode::SUCCESS)
}

fn parse_number(text: &str, what: &str) -> anyhow::Result<BigUint> {
    parse_natural(text).with_context(|| format!("bad {what}"))
}

/// Parses `fibonacci`, `binary`, `h:f=EXPR` or an explicit list.
fn parse_base(text: &str) -> anyhow::Result<Base> {
    Ok(parse_base_name(text)?)
}

fn zeckendorf(args: ZeckendorfArgs) -> anyhow::Result<String> {
    let n = NumberArgs::new().natural(&args.number, "bad number")?;
    let forms = ZeckendorfForms::of(n);
    debug_assert_eq!(forms.a_number.unwrap_or(false), is_a_number(&forms.n));
    if args.json {
        return pretty_json(&forms);
    }
    Ok(forms.text())
}

/// Most digits `repr base` prints for the terms of one representation (about
/// two seconds of work and a few hundred MiB).
const MAX_PRINTED_DIGITS: u64 = 100_000_000;

fn base(args: BaseArgs) -> anyhow::Result<String> {
    let base = parse_base(&args.base)?;
    let n = NumberArgs::new().natural(&args.number, "bad number")?;
    if args.h.is_empty() && (args.iterate.is_some() || args.f.is_some()) {
        bail!("--iterate and --f go with --h RULE (paper 002 Section 3)");
    }
    let section3 = if args.h.is_empty() {
        None
    } else {
        Some(Section3Report::new(
            &base,
            &n,
            &Section3Request {
                h: args.h.clone(),
                iterate: args.iterate,
                f: args.f.clone(),
            },
        )?)
    };
    let indices = base.representation(&n)?;
    // Every term is printed in full: refuse before computing them when the
    // terms have too many digits in all (a 30,000-digit number in the binary
    // base has some 50,000 terms of up to 30,000 digits: 750 MB of text).
    let bits: u64 = match args.base.trim() {
        "binary" => indices.iter().map(|&i| i as u64).sum(),
        "fibonacci" => indices
            .iter()
            .map(|&i| (i as u64).saturating_mul(7) / 10 + 1)
            .sum(),
        _ => {
            let mut sum = 0u64;
            for &i in &indices {
                sum = sum.saturating_add(base.term(i)?.bits());
            }
            sum
        }
    };
    let digits = bits / 10 * 3;
    if digits > MAX_PRINTED_DIGITS {
        bail!(
            "The representation of this number has {} terms with about {digits} digits in all, over the limit of {MAX_PRINTED_DIGITS} printed digits; use a smaller number (or `repr zeckendorf` in the Fibonacci base)",
            indices.len()
        );
    }
    let answer = InBase {
        report: BaseReport::new(&args.base, &base, n, indices)?,
        section3,
    };
    if args.json {
        return pretty_json(&answer);
    }
    Ok(answer.text())
}

/// `--check-unique N`: paper 004's condition (1) counted for every n ≤ N.
fn check_unique(base: &str, n: &str, json: bool) -> anyhow::Result<String> {
    use takeaway::numeration::unique_representation::{MAX_CHECK, UniqueError, check_unique};
    let trimmed = base.trim();
    let Some(rest) = trimmed.strip_prefix("h:") else {
        bail!(
            "--check-unique needs an H-sequence given by its bound, h:f=EXPR (the condition f(H_ji) < H_j(i+1) needs f), not `{trimmed}`"
        );
    };
    let expr = rest.strip_prefix("f=").unwrap_or(rest);
    let f = takeaway::bound::Bound::parse(expr)
        .with_context(|| format!("base `{trimmed}`: bad bound f"))?;
    let n = parse_number(n, "--check-unique")?;
    let n = u64::try_from(&n)
        .ok()
        .filter(|&v| v <= MAX_CHECK)
        .with_context(|| {
            format!("--check-unique {n} is over the limit of {MAX_CHECK}: use a smaller N")
        })?;
    let u = if f.uses_n() {
        Err(UniqueError::Bound(
            "an H-sequence needs f(t) alone, but f uses n".into(),
        ))
    } else {
        check_unique(f.as_fn_of_t(), n)
    }
    .with_context(|| format!("cannot check {trimmed}"))?;
    let answer = Unique {
        base: trimmed.to_string(),
        result: u,
    };
    if json {
        return pretty_json(&answer);
    }
    Ok(answer.text())
}

fn h_sequence(args: HSequenceArgs) -> anyhow::Result<String> {
    if let Some(n) = &args.check_unique {
        return check_unique(&args.base, n, args.json);
    }
    let base = parse_base(&args.base)?;
    let count = parse_number(args.terms.as_deref().unwrap_or_default(), "--terms")?;
    let count = usize::try_from(&count)
        .ok()
        .filter(|&c| c <= MAX_LISTED_TERMS)
        .with_context(|| format!("--terms {count} is more than the limit of {MAX_LISTED_TERMS}"))?;
    let terms = base.terms(count)?;
    // l(k) needs b(k+1); past an explicit prefix it is unknown (null).
    let ls = (1..=count).map(|k| l(&base, k).ok()).collect();
    let report = Terms {
        base: args.base.trim().to_string(),
        terms,
        l: ls,
    };
    if args.json {
        return pretty_json(&report);
    }
    Ok(report.text())
}
