//! SVG output for [`Grid`]: one `<rect>` per run of equal cells in a row.

use super::{Grid, Provenance};
use std::fmt::Write;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Width in pixels of `text` at `size` px in a sans-serif font (a generous
/// estimate: 0.62 em a character), so titles and labels are never cut off.
fn text_width(text: &str, size: usize) -> usize {
    text.chars().count() * size * 62 / 100 + 4
}

/// A step between numeric ticks for `count` cells of `cell` pixels: 1, 2 or
/// 5 times a power of ten, giving at most 8 ticks at least `gap` pixels apart.
///
/// ```
/// use takeaway::render::svg::tick_step;
/// assert_eq!(tick_step(400, 1, 1), 50);
/// assert_eq!(tick_step(4, 6, 14), 5); // 6-pixel cells, labels 14 px apart
/// ```
pub fn tick_step(count: usize, cell: usize, gap: usize) -> usize {
    let mut step = 1;
    loop {
        for m in [1, 2, 5] {
            if count.div_ceil(step * m) <= 8 && step * m * cell >= gap {
                return step * m;
            }
        }
        step *= 10;
    }
}

/// The value shown for row `y`: the row index, or for a plot whose label
/// says `top row = T` (a Grundy plot, value T at the top), `T − y`.
///
/// ```
/// use takeaway::render::{Grid, svg::row_value};
/// let g = Grid {
///     title: "t".into(),
///     x_label: "n".into(),
///     y_label: "Grundy value (top row = 3, bottom row = 0)".into(),
///     width: 4,
///     height: 4,
///     cells: vec![0; 16],
///     legend: vec![],
///     bar: None,
/// };
/// assert_eq!(row_value(&g, 0), Some(3));
/// ```
pub fn row_value(grid: &Grid, y: usize) -> Option<usize> {
    let top = grid
        .y_label
        .split("top row = ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|t| t.parse::<usize>().ok());
    match top {
        Some(t) => t.checked_sub(y),
        None => Some(y),
    }
}

/// Most rectangles (runs of equal cells in a row) drawn one by one; a
/// picture with more is embedded as a PNG image.
const MAX_RECTS: usize = 40_000;

/// `bytes` in base64 (RFC 4648, with padding), for a `data:` address.
///
/// ```
/// use takeaway::render::svg::base64;
/// assert_eq!(base64(b"foob"), "Zm9vYg=="); // RFC 4648, section 10
/// ```
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Least height in pixels of the cells' area (a strip of one or a few rows
/// gets taller cells).
pub const MIN_HEIGHT: usize = 120;

/// Width of the colour bar: the grid's, within these bounds.
const BAR_MIN_WIDTH: usize = 240;
const BAR_MAX_WIDTH: usize = 600;
/// Height of the colour bar's block: its name, the bar and its labels.
const BAR_BLOCK: usize = 58;

/// Draws `bar` at `(left, y)`, `width` pixels wide: its name, one band per
/// value in the legend's colours, and labels under at most 8 values (the
/// first and the last always, others at a step of 1, 2 or 5 times a power
/// of ten, never closer than a label's width).
fn colour_bar(
    s: &mut String,
    grid: &Grid,
    bar: &super::ColourBar,
    left: usize,
    y: usize,
    width: usize,
) {
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="{}" class="colour-bar-name">{}</text>"#,
        y + 11,
        escape(&bar.label)
    );
    let (top, h) = (y + 16, 14);
    let len = bar.len.max(1);
    let edge = |i: usize| left + i * width / len;
    let _ = writeln!(s, r#"<g class="colour-bar" shape-rendering="crispEdges">"#);
    for i in 0..bar.len {
        let rgb = grid
            .legend
            .get(bar.first + i)
            .map_or([128, 128, 128], |sw| sw.rgb);
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{top}" width="{}" height="{h}" fill="#{:02x}{:02x}{:02x}"><title>{}</title></rect>"##,
            edge(i),
            (edge(i + 1) - edge(i)).max(1),
            rgb[0],
            rgb[1],
            rgb[2],
            bar.lowest + i as u64
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{left}" y="{top}" width="{width}" height="{h}" fill="none" stroke="#888"/>"##
    );
    let _ = writeln!(s, "</g>");
    let last = bar.lowest + bar.len.saturating_sub(1) as u64;
    let label_w = text_width(&last.to_string(), 11) + 6;
    let band = width / len;
    let step = tick_step(bar.len, band.max(1), label_w) as u64;
    let centre =
        |v: u64| (edge((v - bar.lowest) as usize) + edge((v - bar.lowest) as usize + 1)) / 2;
    let mut shown: Vec<u64> = vec![bar.lowest];
    let mut v = bar.lowest.div_ceil(step) * step;
    while v < last {
        if v > bar.lowest
            && centre(v) >= centre(bar.lowest) + label_w
            && centre(v) + label_w <= centre(last)
        {
            shown.push(v);
        }
        v += step;
    }
    if last != bar.lowest {
        shown.push(last);
    }
    for v in shown {
        let cx = centre(v);
        let _ = writeln!(
            s,
            r##"<line x1="{cx}" y1="{}" x2="{cx}" y2="{}" stroke="#888"/><text x="{cx}" y="{}" font-size="11" text-anchor="middle" class="colour-bar-label">{v}</text>"##,
            top + h,
            top + h + 3,
            top + h + 14
        );
    }
}

/// Draws `grid` as a standalone SVG document: the title, both axis names
/// with arrows that point the way the values grow, numeric ticks on both
/// axes, and a legend with every colour.
///
/// Runs of equal cells in a row are merged into one rectangle, so the file
/// stays small for the striped pictures these games make. Row 0 is at the
/// top, so the vertical axis grows downward and its name reads downward.
pub fn to_svg(grid: &Grid) -> String {
    to_svg_with(grid, None)
}

/// [`to_svg`] with the figure's provenance: a `<desc>` line (program,
/// version, spec, command) and a `<metadata>` element holding the record
/// as JSON (`{"program", "version", "spec", "command"}`).
///
/// ```
/// use takeaway::render::{to_svg_with, Grid, Provenance, Swatch};
/// let g = Grid { title: "t".into(), x_label: "x".into(), y_label: "y".into(),
///     width: 1, height: 1, cells: vec![0],
///     legend: vec![Swatch { label: "x".into(), rgb: [1, 2, 3], glyph: 'x' }], bar: None };
/// let p = Provenance::new("nim", "takeaway table nim --rows 1 --svg a.svg");
/// let svg = to_svg_with(&g, Some(&p));
/// assert!(svg.contains("<metadata>") && svg.contains("spec nim"));
/// ```
pub fn to_svg_with(grid: &Grid, provenance: Option<&Provenance>) -> String {
    let cell = if grid.width.max(grid.height) <= 100 {
        6
    } else if grid.width.max(grid.height) <= 400 {
        2
    } else {
        1
    };
    // Cells are stretched vertically so that the picture is at least
    // MIN_HEIGHT pixels tall (a one-pile strip has a few rows).
    let cell_h = cell.max(MIN_HEIGHT.div_ceil(grid.height.max(1)));
    let ticks_y = grid.height > 1;
    let widest_tick = text_width(&grid.height.to_string(), 11);
    // Left: the vertical axis name (rotated) and the row ticks.
    let left = 24 + if ticks_y { widest_tick + 6 } else { 0 } + 8;
    // Top: title, axis name, column ticks.
    let top = 62usize;
    let in_bar = |i: usize| {
        grid.bar
            .as_ref()
            .is_some_and(|b| (b.first..b.first + b.len).contains(&i))
    };
    let swatches: Vec<&super::Swatch> = grid
        .legend
        .iter()
        .enumerate()
        .filter(|&(i, _)| !in_bar(i))
        .map(|(_, sw)| sw)
        .collect();
    let grid_w = grid.width * cell;
    let grid_h = grid.height * cell_h;
    let bar_w = grid_w.clamp(BAR_MIN_WIDTH, BAR_MAX_WIDTH);
    let bar_h = if grid.bar.is_some() { BAR_BLOCK } else { 0 };
    let legend_h = bar_h + 18 * swatches.len() + 10;
    let legend_w = swatches
        .iter()
        .map(|sw| 18 + text_width(&sw.label, 12))
        .chain(
            grid.bar
                .as_ref()
                .map(|b| bar_w.max(text_width(&b.label, 12)) + 20),
        )
        .max()
        .unwrap_or(0);
    let w = (left + grid_w + 20)
        .max(10 + text_width(&grid.title, 14) + 10)
        .max(left + text_width(&format!("{} →", grid.x_label), 12) + 10)
        .max(left + legend_w + 10);
    // The vertical name reads the way the values grow (down the rows, or up
    // for a plot whose top row is its largest value), rotated beside the
    // grid when it fits there, else written under the grid with an arrow.
    let grows_up = row_value(grid, 0) != Some(0) && grid.height > 1;
    let y_name = format!("{} →", grid.y_label);
    let beside = text_width(&y_name, 12) + 10 <= grid_h;
    let under = if beside { 0 } else { 20 };
    let w = w.max(left + text_width(&y_name, 12) + 20);
    let h = top + grid_h + under + 30 + legend_h;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    if let Some(p) = provenance {
        let _ = writeln!(s, "<desc>{}</desc>", escape(&p.line()));
        let json = serde_json::to_string(p).unwrap_or_default();
        let _ = writeln!(s, "<metadata>{}</metadata>", escape(&json));
    }
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="10" y="18" font-size="14">{}</text>"#,
        escape(&grid.title)
    );
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="38">{} →</text>"#,
        escape(&grid.x_label)
    );
    if !beside {
        let arrow = match grid.height {
            0 | 1 => "",
            _ if grows_up => "↑ ",
            _ => "↓ ",
        };
        let _ = writeln!(
            s,
            r#"<text x="{left}" y="{}">{arrow}{}</text>"#,
            top + grid_h + 16,
            escape(&grid.y_label)
        );
    } else if grows_up {
        // Rotated −90°: reads upward from the bottom of the grid.
        let y = top + grid_h;
        let _ = writeln!(
            s,
            r#"<text x="20" y="{y}" transform="rotate(-90 20 {y})">{}</text>"#,
            escape(&y_name)
        );
    } else {
        // Rotated +90°: reads downward, the arrow points down, the way rows grow.
        let _ = writeln!(
            s,
            r#"<text x="10" y="{top}" transform="rotate(90 10 {top})">{}</text>"#,
            escape(&y_name)
        );
    }
    let step = tick_step(
        grid.width,
        cell,
        text_width(&grid.width.to_string(), 11) + 4,
    );
    for x in (0..grid.width).step_by(step) {
        let cx = left + x * cell + cell / 2;
        let _ = writeln!(
            s,
            r##"<line x1="{cx}" y1="{}" x2="{cx}" y2="{}" stroke="#888"/><text x="{cx}" y="{}" font-size="11" text-anchor="middle">{x}</text>"##,
            top - 4,
            top,
            top - 7
        );
    }
    if ticks_y {
        let step = tick_step(grid.height, cell_h, 14);
        for y in (0..grid.height).step_by(step) {
            let Some(v) = row_value(grid, y) else {
                continue;
            };
            let cy = top + y * cell_h + cell_h / 2;
            let _ = writeln!(
                s,
                r##"<line x1="{}" y1="{cy}" x2="{}" y2="{cy}" stroke="#888"/><text x="{}" y="{}" font-size="11" text-anchor="end">{v}</text>"##,
                left - 4,
                left,
                left - 6,
                cy + 4
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<g transform="translate({left},{top})" shape-rendering="crispEdges">"#
    );
    // A picture of many short runs (a Grundy table with a colour per value)
    // is embedded as a PNG image, one pixel per cell, scaled without
    // smoothing: the file stays a few hundred KiB instead of megabytes.
    let runs: usize = (0..grid.height)
        .map(|y| {
            1 + (1..grid.width)
                .filter(|&x| grid.at(x, y) != grid.at(x - 1, y))
                .count()
        })
        .sum();
    let raster = if runs > MAX_RECTS {
        super::to_png(grid, 1).ok()
    } else {
        None
    };
    if let Some(png) = &raster {
        let _ = writeln!(
            s,
            r#"<image x="0" y="0" width="{grid_w}" height="{grid_h}" preserveAspectRatio="none" style="image-rendering:pixelated" href="data:image/png;base64,{}"/>"#,
            base64(png)
        );
    }
    for y in 0..grid.height {
        if raster.is_some() {
            break;
        }
        let mut x = 0;
        while x < grid.width {
            let c = grid.at(x, y);
            let mut end = x + 1;
            while end < grid.width && grid.at(end, y) == c {
                end += 1;
            }
            let rgb = grid
                .legend
                .get(usize::from(c))
                .map_or([128, 128, 128], |s| s.rgb);
            if rgb != [255, 255, 255] {
                let _ = writeln!(
                    s,
                    r##"<rect x="{}" y="{}" width="{}" height="{cell_h}" fill="#{:02x}{:02x}{:02x}"/>"##,
                    x * cell,
                    y * cell_h,
                    (end - x) * cell,
                    rgb[0],
                    rgb[1],
                    rgb[2]
                );
            }
            x = end;
        }
    }
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{}" height="{}" fill="none" stroke="#888"/>"##,
        grid.width * cell,
        grid.height * cell_h
    );
    let _ = writeln!(s, "</g>");
    let mut ly = h - legend_h + 4;
    if let Some(bar) = &grid.bar {
        colour_bar(&mut s, grid, bar, left, ly, bar_w);
        ly += BAR_BLOCK;
    }
    for (i, sw) in swatches.iter().enumerate() {
        let y = ly + 18 * i;
        let _ = writeln!(
            s,
            r##"<rect x="{left}" y="{}" width="12" height="12" fill="#{:02x}{:02x}{:02x}" stroke="#888"/><text x="{}" y="{}">{}</text>"##,
            y,
            sw.rgb[0],
            sw.rgb[1],
            sw.rgb[2],
            left + 18,
            y + 11,
            escape(&sw.label)
        );
    }
    s.push_str("</svg>\n");
    s
}
