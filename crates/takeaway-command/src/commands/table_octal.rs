//! `takeaway table octal:CODE --rows N [--summary] [--freq] [--sparse FORMAT]
//! [--json|--csv] [--svg F|--png F] [--checkpoint F] [--resume F] [--threads T]`: the Grundy sequence of
//! an octal game by the sparse-space method, with its proved period, and
//! long runs saved and resumed.

use super::table::{Args, Format};
use crate::{output, progress::Bar};
use anyhow::Context;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use takeaway::games::TableFormat;
use takeaway::games::octal::error::OctalWork;
use takeaway::games::octal::{
    checkpoint,
    code::OctalCode,
    published::{self, SparseFormat},
    report,
    solve::{Checkpointing, Outcome, Run, solve},
};

/// Time between two saves of a checkpoint.
const SAVE_EVERY: Duration = Duration::from_secs(300);

/// The code of a spec that names an octal game under normal play
/// (`octal:CODE`, `octal:code=CODE`, `kayles`, `dawson`, …, read by the
/// family's own parser); `None` for anything else, a misère spec or a
/// spec with an error (which the family's table then reports, naming the
/// column).
pub(crate) fn code_of(spec: &str) -> Option<OctalCode> {
    match takeaway::games::Game::parse(spec) {
        Ok(game) => game
            .family_as::<takeaway::games::octal::Octal>()
            .filter(|g| !g.misere)
            .map(|g| g.code.clone()),
        Err(_) => None,
    }
}

pub(crate) fn run(args: Args, code: OctalCode) -> anyhow::Result<ExitCode> {
    if args.cols.is_some() || !args.slice.is_empty() || args.grundy {
        anyhow::bail!(
            "octal games have one-dimensional tables of Grundy values: drop --cols, --slice and --grundy"
        );
    }
    let spec = format!("octal:{code}");
    let resume = match &args.resume {
        Some(path) => {
            let (saved, values) = checkpoint::load(path)
                .with_context(|| format!("cannot resume from {}", path.display()))?;
            if saved != code {
                anyhow::bail!(
                    "{} holds a run of octal:{saved}, not of {spec}: resume it with `takeaway table octal:{saved} --resume {}`",
                    path.display(),
                    path.display()
                );
            }
            Some(values)
        }
        None => None,
    };
    let save_to: Option<PathBuf> = args.checkpoint.clone().or_else(|| args.resume.clone());
    let limits = super::limits();
    if let Some(path) = &save_to {
        crate::signals::cancel_on_signal(limits.cancel.clone())?;
        output::warn(&format!(
            "note: the state is saved to {} every {} minutes and on Ctrl-C",
            path.display(),
            SAVE_EVERY.as_secs() / 60
        ));
    }
    let picture_only = (args.svg.is_some() || args.png.is_some())
        && !args.json
        && !args.csv
        && args.format.is_none()
        && !args.summary
        && !args.freq;
    let printed = u128::from(args.rows) * u128::from(report::BYTES_PER_ROW);
    if !args.summary
        && !args.freq
        && args.sparse.is_none()
        && !picture_only
        && !args.plot
        && printed > u128::from(limits.max_bytes)
    {
        return Err(takeaway::games::GameError::too_large(
            OctalWork::Sequence {
                code: code.to_string(),
                rows: args.rows,
            },
            takeaway::engine::Amount::of(printed, takeaway::engine::Unit::Bytes),
            takeaway::engine::Amount::of(limits.max_bytes, takeaway::engine::Unit::Bytes),
            takeaway::games::Hint::Summary,
        ))
        .context("cannot build the table");
    }
    let bar = Bar::new(args.quiet);
    bar.begin(&format!("table {spec}"));
    let outcome = solve(
        &code,
        Run {
            rows: args.rows,
            limits: &limits,
            progress: &bar,
            checkpoint: save_to.map(|path| Checkpointing {
                path,
                every: SAVE_EVERY,
            }),
            resume,
            stop_after: args.stop_after,
            threads: args.threads.unwrap_or(0),
        },
    )
    .context("cannot build the table")?;
    bar.clear();
    let solved = match outcome {
        Outcome::Done(s) => s,
        Outcome::Saved { computed, path } => {
            output::warn(&format!(
                "note: stopped after {computed} of {} values; the state is saved in {}: continue with `takeaway table {spec} --rows {} --resume {}`",
                args.rows,
                path.display(),
                args.rows,
                path.display()
            ));
            return Ok(ExitCode::from(crate::signals::STOPPED));
        }
    };
    // A code that is not octal has its arithmetic period decided by the
    // automata; Ctrl-C stops them as it stops the values.
    let cancelled = || limits.cancel.is_cancelled();
    let explicit = if args.json {
        Some(Format::Json)
    } else if args.csv {
        Some(Format::Csv)
    } else {
        args.format
    };
    // Every figure names the program, its version, the spec and the command.
    let provenance = takeaway::render::Provenance::new(&spec, &output::command_line());
    let stamp = |mut table: takeaway::games::Table| -> anyhow::Result<takeaway::games::Table> {
        if let serde_json::Value::Object(map) = &mut table.json {
            map.insert("generator".into(), serde_json::to_value(&provenance)?);
        }
        Ok(table)
    };
    if args.svg.is_some() || args.png.is_some() || args.plot {
        let mut grid = report::picture(&solved)
            .with_context(|| format!("{spec} has no picture to draw (values above 65,533)"))?;
        if (grid.width as u64) < args.rows && !args.plot {
            grid.title.push_str(&format!(
                " (the first {} of {} heaps)",
                grid.width, args.rows
            ));
            output::warn(&format!(
                "note: the picture shows the first {} of the {} heaps",
                grid.width, args.rows
            ));
        }
        if let Some(path) = &args.svg {
            std::fs::write(
                path,
                takeaway::render::to_svg_with(&grid, Some(&provenance)),
            )
            .with_context(|| format!("cannot write {}", path.display()))?;
        }
        if let Some(path) = &args.png {
            let scale = if grid.width <= 200 { 4 } else { 1 };
            std::fs::write(
                path,
                takeaway::render::to_png_with(&grid, scale, Some(&provenance))?,
            )
            .with_context(|| format!("cannot write {}", path.display()))?;
        }
        if args.plot {
            output::text_out(&grid.to_text())?;
            return Ok(ExitCode::SUCCESS);
        }
        if explicit.is_none() && !args.summary && !args.freq {
            return Ok(ExitCode::SUCCESS);
        }
    }
    let format = explicit.unwrap_or(Format::Text);
    if let Some(name) = &args.sparse {
        if args.summary || args.freq || explicit.is_some() {
            anyhow::bail!(
                "--sparse {name} is a text list of its own: drop --summary, --freq, --json, --csv and --format"
            );
        }
        let layout = SparseFormat::parse(name)
            .with_context(|| format!("--sparse takes mvr or flammenkamp, not {name}"))?;
        output::text_out(&published::sparse_list(&solved, layout))?;
        return Ok(ExitCode::SUCCESS);
    }
    if args.summary || args.freq {
        let table = stamp(report::summary_table(
            &solved,
            args.summary && args.freq,
            &cancelled,
        ))?;
        if cancelled() {
            return Ok(ExitCode::from(crate::signals::STOPPED));
        }
        match format {
            Format::Json => output::json_line(&table.document())?,
            Format::Csv => output::csv_out(&provenance, &table.csv)?,
            Format::Text if args.summary => output::text_out(&table.text)?,
            Format::Text => output::text_out(&published::frequencies(&solved))?,
            Format::Bfile => output::csv_out(&provenance, &super::table::bfile(&table, &spec)?)?,
        }
        return Ok(ExitCode::SUCCESS);
    }
    let table = stamp(report::values_table(
        &solved,
        match format {
            Format::Json => TableFormat::Json,
            Format::Csv => TableFormat::Csv,
            Format::Text => TableFormat::Text,
            Format::Bfile => TableFormat::Bfile,
        },
        &cancelled,
    ))?;
    if cancelled() {
        return Ok(ExitCode::from(crate::signals::STOPPED));
    }
    match format {
        Format::Json => output::json(&table.document())?,
        Format::Csv => output::csv_out(&provenance, &table.csv)?,
        Format::Text => output::text_out(&table.text)?,
        Format::Bfile => output::csv_out(&provenance, &super::table::bfile(&table, &spec)?)?,
    }
    Ok(ExitCode::SUCCESS)
}
