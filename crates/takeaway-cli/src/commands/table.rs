//! `takeaway table GAME --rows R [--cols C]`.

use crate::{output, progress::Bar};
use anyhow::Context;
use std::process::ExitCode;
use takeaway::games::{Family, Game, Limits, TableFormat, TableRequest};

/// Output formats of `table`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Format {
    /// Human-readable text.
    Text,
    /// Comma-separated values.
    Csv,
    /// JSON (the command-line contract).
    Json,
}

/// Arguments of `table`.
#[derive(clap::Args, Debug)]
#[command(after_help = "EXAMPLES:
  takeaway table fibonacci --rows 101 --json
  takeaway table two-pile:f=2*t --rows 60 --cols 40
  takeaway table two-pile:f=3*t --rows 2000 --cols 2000 --png tableau.png
  takeaway table wythoff --rows 20
  takeaway table wythoff --rows 30 --plot
  takeaway table subtraction:min=3:max=5 --rows 21
  takeaway table subtraction:s=1,3,4 --rows 10000001 --summary")]
pub(crate) struct Args {
    /// The game, e.g. `fibonacci`, `two-pile:f=2*t`, `subtraction:s=1,3,4`.
    game: String,
    /// Number of rows: indices 0..R−1.
    #[arg(long)]
    rows: u64,
    /// Number of columns, for two-dimensional tables: indices 0..C−1.
    #[arg(long)]
    cols: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Same as `--format json`.
    #[arg(long)]
    json: bool,
    /// Print a summary instead of the values: period, pre-period, count of each
    /// value and the ogsolve checksum (subtraction games).
    #[arg(long)]
    summary: bool,
    /// Print the picture (won/lost positions, safe pairs, tableau, Grundy
    /// plot) as text, one glyph per cell with a legend, instead of the values.
    #[arg(long)]
    plot: bool,
    /// Also write a heatmap as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// Also write a heatmap as PNG to this file.
    #[arg(long, value_name = "FILE")]
    png: Option<std::path::PathBuf>,
}

pub(crate) fn run(args: Args) -> anyhow::Result<ExitCode> {
    let game = Game::parse(&args.game)?;
    let format = if args.json { Format::Json } else { args.format };
    let bar = Bar::new(format == Format::Json);
    let req = TableRequest {
        rows: args.rows,
        cols: args.cols,
        limits: Limits::generous(),
        progress: &bar,
        summary: args.summary,
        // With --plot only the picture is printed; the JSON shape is the cheapest to build.
        format: match format {
            _ if args.plot => TableFormat::Json,
            Format::Json => TableFormat::Json,
            Format::Csv => TableFormat::Csv,
            Format::Text => TableFormat::Text,
        },
    };
    let table = game.table(&req).context("cannot build the table")?;
    if args.svg.is_some() || args.png.is_some() {
        let grid = table
            .grid
            .as_ref()
            .with_context(|| format!("{} has no picture to draw", game.spec()))?;
        if let Some(path) = &args.svg {
            std::fs::write(path, takeaway::render::to_svg(grid))
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        if let Some(path) = &args.png {
            let scale = if grid.width.max(grid.height) <= 200 {
                4
            } else {
                1
            };
            let bytes = takeaway::render::to_png(grid, scale)?;
            std::fs::write(path, bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    if args.plot {
        let grid = table
            .grid
            .as_ref()
            .with_context(|| format!("{} has no picture to draw", game.spec()))?;
        output::text_out(&grid.to_text())?;
        return Ok(ExitCode::SUCCESS);
    }
    match format {
        Format::Json => output::json(&table.document())?,
        Format::Csv => output::text_out(&table.csv)?,
        Format::Text => output::text_out(&table.text)?,
    }
    Ok(ExitCode::SUCCESS)
}
