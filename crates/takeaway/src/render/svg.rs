//! SVG output for [`Grid`]: one `<rect>` per run of equal cells in a row.

use super::Grid;
use std::fmt::Write;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Draws `grid` as a standalone SVG document with a title, axis names and a legend.
///
/// Runs of equal cells in a row are merged into one rectangle, so the file
/// stays small for the striped pictures these games make.
pub fn to_svg(grid: &Grid) -> String {
    let cell = if grid.width.max(grid.height) <= 100 {
        6
    } else if grid.width.max(grid.height) <= 400 {
        2
    } else {
        1
    };
    let (left, top) = (50usize, 40usize);
    let legend_h = 18 * grid.legend.len() + 10;
    let w = left + grid.width * cell + 20;
    let h = top + grid.height * cell + 30 + legend_h;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="18" font-size="14">{}</text>"#,
        escape(&grid.title)
    );
    let _ = writeln!(
        s,
        r#"<text x="{left}" y="34">{} →</text>"#,
        escape(&grid.x_label)
    );
    let _ = writeln!(
        s,
        r#"<text x="14" y="{}" transform="rotate(-90 14 {})">{} →</text>"#,
        top + 60,
        top + 60,
        escape(&grid.y_label)
    );
    let _ = writeln!(
        s,
        r#"<g transform="translate({left},{top})" shape-rendering="crispEdges">"#
    );
    for y in 0..grid.height {
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
                    r##"<rect x="{}" y="{}" width="{}" height="{cell}" fill="#{:02x}{:02x}{:02x}"/>"##,
                    x * cell,
                    y * cell,
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
        grid.height * cell
    );
    let _ = writeln!(s, "</g>");
    let ly = top + grid.height * cell + 24;
    for (i, sw) in grid.legend.iter().enumerate() {
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
