//! `takeaway table GAME --rows R [--cols C]`.

use crate::{output, progress::Bar};
use anyhow::Context;
use std::process::ExitCode;
use takeaway::games::{Family, Game, TableFormat, TableRequest};

/// Output formats of `table`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// Human-readable text.
    Text,
    /// Comma-separated values.
    Csv,
    /// JSON (the command-line contract).
    Json,
    /// An OEIS b-file: `n a(n)` lines of a one-dimensional table, after `#`
    /// lines naming the sequence and its offset (the first index).
    Bfile,
}

/// Arguments of `table`.
#[derive(clap::Args, Debug)]
#[command(after_help = "EXAMPLES:
  takeaway table fibonacci --rows 101 --json
  takeaway table two-pile:f=2*t --rows 60 --cols 40
  takeaway table two-pile:f=3*t --rows 2000 --cols 2000 --png tableau.png
  takeaway table two-pile:f=2*t:piles=3 --rows 20 --cols 20 --slice 5
  takeaway table wythoff --rows 20
  takeaway table wythoff --rows 30 --plot
  takeaway table subtraction:min=3:max=5 --rows 21
  takeaway table subtraction:s=1,3,4 --rows 10000001 --summary
  takeaway table fibonacci --grundy --rows 20 --cols 12
  takeaway table fibonacci --grundy --rows 20000 --cols 20000 --summary --json
  takeaway table fibonacci --grundy --steps --rows 100000 --csv
  takeaway table fibonacci --grundy --sequence starts --rows 1001 --format bfile
  takeaway table one-pile:f=3*t --sequence h-sequence --rows 60 --format bfile
  takeaway table wythoff --grundy --rows 60 --png wythoff-grundy.png
  takeaway table octal:0.77 --rows 200 --summary
  takeaway table octal:0.167 --rows 10000001 --summary --checkpoint run.ckpt")]
pub(crate) struct Args {
    /// The game, e.g. `fibonacci`, `two-pile:f=2*t`, `subtraction:s=1,3,4`.
    pub(super) game: String,
    /// Number of rows: indices 0..R−1.
    #[arg(long)]
    pub(super) rows: u64,
    /// Number of columns, for two-dimensional tables: indices 0..C−1.
    #[arg(long)]
    pub(super) cols: Option<u64>,
    /// k-pile tables (`two-pile:f=EXPR:piles=K`, K ≥ 3): the sizes of piles
    /// 3..K, comma-separated (rows are pile 1, columns pile 2).
    #[arg(long, value_delimiter = ',', value_name = "S")]
    pub(super) slice: Vec<u64>,
    /// Output format (default: text). With `--svg`/`--png`, the values are
    /// printed only when a format is given.
    #[arg(long, value_enum)]
    pub(super) format: Option<Format>,
    /// Same as `--format json`.
    #[arg(long)]
    pub(super) json: bool,
    /// Same as `--format csv`.
    #[arg(long, conflicts_with = "json")]
    pub(super) csv: bool,
    /// Print a summary instead of the values, at most 100 lines: period,
    /// pre-period, count of each value and the ogsolve checksum (subtraction
    /// games); the values each column takes and the rows where it flips
    /// (two-pile tableaux) or changes (k-pile slices); with `--json`, all of
    /// it on one line. Other
    /// families have no summary (an error).
    #[arg(long)]
    pub(super) summary: bool,
    /// Grundy values instead: one-pile games G(n, w) (pile n < R, bound
    /// w < C, a cell with w > n holds G(n, n)); Wythoff's Nim G(x, y). With
    /// --summary: the count of each value, the largest and (one-pile) the
    /// starting values G(n, n − 1), streamed for any size.
    #[arg(long)]
    pub(super) grundy: bool,
    /// With --grundy on a one-pile game: the engine's plain mex over every
    /// move of every position (O(R³)) instead of the incremental mex (O(R²));
    /// for comparison.
    #[arg(long, requires = "grundy")]
    pub(super) exhaustive: bool,
    /// With --grundy on a one-pile game: each row G(n, ·) as its steps (the
    /// bounds w where the value changes, and the value from there on), for
    /// any number of rows (a million in minutes); misère play gives the
    /// misère Grundy values G⁻ (no move: 1).
    #[arg(long, requires = "grundy", conflicts_with_all = ["summary", "exhaustive", "cols"])]
    pub(super) steps: bool,
    /// With --grundy on a one-pile game: one sequence of the Grundy rows
    /// instead of the table, `starts` (G(n, n − 1), n ≥ 1) or `maxima` (each
    /// row's largest value, n ≥ 0), in any format (`--format bfile`: an OEIS
    /// b-file); misère play gives those of G⁻. Without --grundy,
    /// `h-sequence`: Schwenk's H-sequence of a one-pile game's bound f(t),
    /// H_1..H_R (from k = 1).
    #[arg(long, value_name = "SEQUENCE", value_parser = ["starts", "maxima", "h-sequence"],
          requires_ifs = [("starts", "grundy"), ("maxima", "grundy")],
          conflicts_with_all = ["summary", "exhaustive", "cols", "steps"])]
    pub(super) sequence: Option<String>,
    /// No progress bar (it is drawn only on a terminal anyway).
    #[arg(long, short)]
    pub(super) quiet: bool,
    /// Print the picture (won/lost positions, safe pairs, tableau, Grundy
    /// plot) as text, one glyph per cell with a legend, instead of the values.
    #[arg(long)]
    pub(super) plot: bool,
    /// Write the picture as SVG to this file (stdout stays empty unless
    /// `--format`, `--json` or `--plot` is given).
    #[arg(long, value_name = "FILE")]
    pub(super) svg: Option<std::path::PathBuf>,
    /// Write the picture as PNG to this file (stdout stays empty unless
    /// `--format`, `--json` or `--plot` is given).
    #[arg(long, value_name = "FILE")]
    pub(super) png: Option<std::path::PathBuf>,
    /// Octal games: the frequency of every value, one `value count` line
    /// each (with --summary, after the summary). Alone: heaps 1 … N − 1 and
    /// every value up to the largest, as the `octal` solver's results files
    /// (`--rows 1048577` gives its file 1048576).
    #[arg(long)]
    pub(super) freq: bool,
    /// Octal games: the list of sparse (rare) values, as `mvr` (the
    /// `officers` program's officers_sparse.txt) or `flammenkamp` (his
    /// tables: `G(       n)=  v`, five a line).
    #[arg(long, value_name = "FORMAT", value_parser = ["mvr", "flammenkamp"])]
    pub(super) sparse: Option<String>,
    /// Octal games: save the state to FILE every 5 minutes and when stopped
    /// (Ctrl-C), to continue later with --resume FILE.
    #[arg(long, value_name = "FILE")]
    pub(super) checkpoint: Option<std::path::PathBuf>,
    /// Octal games: continue the run saved in FILE (and keep saving there
    /// unless --checkpoint names another file).
    #[arg(long, value_name = "FILE")]
    pub(super) resume: Option<std::path::PathBuf>,
    /// Octal games: threads the sparse-space method may use (default every
    /// core; `--threads 1` for one-core figures). The values are the same.
    #[arg(long, value_name = "T")]
    pub(super) threads: Option<usize>,
    /// Octal games, for tests: stop as on Ctrl-C once this many values are known.
    #[arg(long, hide = true, value_name = "N")]
    pub(super) stop_after: Option<u64>,
}

/// Pictures up to this many cells a side get 4 × 4 pixels a cell in the
/// PNG; larger ones one pixel a cell.
const PNG_BLOCKS_UP_TO: usize = 200;

/// A note on stderr (never on stdout, which holds only the results).
fn eprintln_note(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "note: {text}");
}

/// Most lines `--summary` prints as text or CSV.
const SUMMARY_LINES: usize = 100;

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(code) = super::table_octal::code_of(&args.game) {
        return super::table_octal::run(args, code);
    }
    if args.sparse.is_some() {
        anyhow::bail!(
            "--sparse is for octal games (`octal:CODE`); drop it for {}",
            args.game
        );
    }
    if args.freq || args.checkpoint.is_some() || args.resume.is_some() || args.threads.is_some() {
        anyhow::bail!(
            "--freq, --checkpoint, --resume and --threads are for octal games (`octal:CODE`); drop them for {}",
            args.game
        );
    }
    let game = Game::parse(&args.game)?;
    if args.summary && !args.grundy && !game.summary_table() {
        anyhow::bail!(
            "A summary (--summary) is for subtraction games and two-pile tableaux; {} has none: drop --summary (the table, --plot, --svg or --png)",
            game.spec()
        );
    }
    let explicit = if args.json {
        Some(Format::Json)
    } else if args.csv {
        Some(Format::Csv)
    } else {
        args.format
    };
    let picture_only =
        explicit.is_none() && !args.plot && (args.svg.is_some() || args.png.is_some());
    let format = explicit.unwrap_or(Format::Text);
    let bar = Bar::new(args.quiet);
    bar.begin(&format!("table {}", game.spec()));
    let req = TableRequest {
        rows: args.rows,
        cols: args.cols,
        limits: super::limits(),
        progress: &bar,
        summary: args.summary,
        slice: args.slice.clone(),
        // With --plot or a picture only, nothing of the values is printed and
        // the JSON shape is the cheapest to build.
        format: match format {
            _ if args.plot || picture_only => TableFormat::Json,
            Format::Json => TableFormat::Json,
            Format::Csv => TableFormat::Csv,
            Format::Text => TableFormat::Text,
            Format::Bfile => TableFormat::Bfile,
        },
    };
    if format == Format::Bfile && args.grundy && args.sequence.is_none() {
        anyhow::bail!(
            "a Grundy table of {} is two-dimensional, so it has no b-file (--format bfile): pick one of its sequences with --sequence starts (G(n, n − 1)) or --sequence maxima (each row's largest value)",
            game.spec()
        );
    }
    let h_sequence = args.sequence.as_deref() == Some(takeaway::games::h_sequence_table::NAME);
    if h_sequence && args.grundy {
        anyhow::bail!(
            "--sequence h-sequence is the bound's H-sequence, not a sequence of Grundy rows: drop --grundy"
        );
    }
    let mut table = if h_sequence {
        takeaway::games::h_sequence_table::table(&game, &req)
    } else if let Some(which) = &args.sequence {
        let which = takeaway::games::grundy_table::RowSequence::parse(which)
            .context("--sequence is `starts` or `maxima`")?;
        takeaway::games::grundy_table::row_sequence(&game, which, &req)
    } else if args.steps {
        takeaway::games::grundy_table::steps_table(&game, &req)
    } else if args.grundy {
        takeaway::games::grundy_table::table_by(&game, &req, args.exhaustive)
    } else {
        game.table(&req)
    }
    .context("cannot build the table")?;
    // Every figure names the program, its version, the spec and the command.
    let provenance = takeaway::render::Provenance::new(&game.spec(), &output::command_line());
    if let serde_json::Value::Object(map) = &mut table.json {
        map.insert("generator".into(), serde_json::to_value(&provenance)?);
    }
    if args.svg.is_some() || args.png.is_some() {
        let drawn = table
            .grid
            .as_ref()
            .with_context(|| format!("{} has no picture to draw", game.spec()))?;
        let mut grid = drawn.clone();
        // Pictures hold at most a few hundred cells a side: say so when the
        // table is larger (in the SVG's title, and on stderr).
        let asked = args.rows.max(args.cols.unwrap_or(0));
        let shown = grid.width.max(grid.height) as u64;
        let cropped = shown < asked;
        if cropped {
            grid.title.push_str(&format!(
                " (the first {} × {} cells)",
                grid.width, grid.height
            ));
        }
        if let Some(path) = &args.svg {
            std::fs::write(
                path,
                takeaway::render::to_svg_with(&grid, Some(&provenance)),
            )
            .with_context(|| format!("cannot write {}", path.display()))?;
        }
        let scale = if grid.width.max(grid.height) <= PNG_BLOCKS_UP_TO {
            4
        } else {
            1
        };
        if let Some(path) = &args.png {
            let bytes = takeaway::render::to_png_with(&grid, scale, Some(&provenance))?;
            std::fs::write(path, bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        if cropped {
            bar.clear();
            eprintln_note(&format!(
                "The picture shows the first {} × {} cells of the table (pictures stop at that size); the PNG has one block of {scale} × {scale} pixels per cell",
                grid.width, grid.height
            ));
        }
    }
    bar.clear();
    if args.plot {
        let grid = table
            .grid
            .as_ref()
            .with_context(|| format!("{} has no picture to draw", game.spec()))?;
        output::text_out(&grid.to_text())?;
        return Ok(ExitCode::SUCCESS);
    }
    if picture_only {
        return Ok(ExitCode::SUCCESS);
    }
    match format {
        Format::Json if args.summary => output::json_line(&table.document())?,
        Format::Json => output::json(&table.document())?,
        Format::Csv if args.summary => {
            output::csv_out(&provenance, &at_most(&table.csv, SUMMARY_LINES - 1))?
        }
        Format::Text if args.summary => output::text_out(&at_most(&table.text, SUMMARY_LINES))?,
        Format::Csv => output::csv_out(&provenance, &table.csv)?,
        Format::Text => output::text_out(&table.text)?,
        Format::Bfile => output::csv_out(&provenance, &bfile(&table, &game.spec())?)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The b-file of `table`, or why it has none.
pub(super) fn bfile(table: &takeaway::games::Table, spec: &str) -> anyhow::Result<String> {
    let sequence = table.sequence.as_ref().with_context(|| {
        format!("this table of {spec} is not one sequence, so it has no b-file (--format bfile): ask for a one-pile table without --summary")
    })?;
    takeaway::render::bfile::sequence(sequence)
        .with_context(|| format!("the table of {spec} has no b-file (--format bfile)"))
}

/// `text` cut to at most `most` lines, the last saying how many were left out.
fn at_most(text: &str, most: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= most {
        return text.to_string();
    }
    let kept = most.saturating_sub(1);
    let mut out = lines[..kept].join("\n");
    out.push_str(&format!(
        "\n… {} more lines (--json gives everything)\n",
        lines.len() - kept
    ));
    out
}
