//! Pictures of tables: heatmaps of tableaux and P-positions as text, SVG and PNG.
//!
//! A [`Grid`] is a rectangle of cells, each holding a category index into a
//! legend of named colours. Families decide the categories (P-position or not,
//! the value of L(m, d), a Grundy value); this module only draws.
//!
//! Law: the PNG has exactly `width × scale` by `height × scale` pixels, and cell
//! `(x, y)` is drawn with the colour of `legend[cells[y * width + x]]`.

mod png_out;
mod svg;

pub use png_out::to_png;
pub use svg::to_svg;

/// One legend entry: what a category means and how it is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swatch {
    /// Label, e.g. `P-position` or `L = 8`.
    pub label: String,
    /// Colour as RGB.
    pub rgb: [u8; 3],
    /// Character used in the text rendering.
    pub glyph: char,
}

/// A heatmap: `height` rows of `width` cells; row 0 is drawn at the top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Title drawn above the picture.
    pub title: String,
    /// Name of the horizontal axis (column index).
    pub x_label: String,
    /// Name of the vertical axis (row index).
    pub y_label: String,
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// Category of each cell, row by row.
    pub cells: Vec<u16>,
    /// Meaning and colour of each category.
    pub legend: Vec<Swatch>,
}

impl Grid {
    /// The category of cell `(x, y)`.
    pub fn at(&self, x: usize, y: usize) -> u16 {
        self.cells[y * self.width + x]
    }

    /// The grid as text, one line per row, one glyph per cell, with a legend.
    ///
    /// ```
    /// use takeaway::render::{Grid, Swatch};
    /// let g = Grid {
    ///     title: "t".into(), x_label: "x".into(), y_label: "y".into(),
    ///     width: 2, height: 1, cells: vec![0, 1],
    ///     legend: vec![
    ///         Swatch { label: "N".into(), rgb: [255, 255, 255], glyph: '.' },
    ///         Swatch { label: "P".into(), rgb: [0, 0, 0], glyph: '#' },
    ///     ],
    /// };
    /// assert!(g.to_text().contains(".#"));
    /// ```
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "{}\n(rows: {} from 0 down; columns: {} from 0 across)\n",
            self.title, self.y_label, self.x_label
        );
        for y in 0..self.height {
            let line: String = (0..self.width)
                .map(|x| {
                    self.legend
                        .get(usize::from(self.at(x, y)))
                        .map_or('?', |s| s.glyph)
                })
                .collect();
            out.push_str(&format!("{y:>5} {line}\n"));
        }
        for s in &self.legend {
            out.push_str(&format!("  {} {}\n", s.glyph, s.label));
        }
        out
    }
}

/// A colour scale for numbered categories: `0` is white and later categories
/// run from blue through green to red.
///
/// ```
/// let c = takeaway::render::ramp(0, 5);
/// assert_eq!(c, [255, 255, 255]);
/// ```
pub fn ramp(i: usize, n: usize) -> [u8; 3] {
    if i == 0 {
        return [255, 255, 255];
    }
    let n = n.max(2) - 1;
    // Integer interpolation over four anchor colours.
    const ANCHORS: [[i64; 3]; 4] = [[49, 54, 149], [69, 160, 120], [240, 200, 60], [200, 40, 40]];
    let pos = ((i - 1) as i64 * 300) / (n.max(1) as i64); // 0..=300
    let seg = (pos / 100).min(2) as usize;
    let frac = pos - seg as i64 * 100;
    let mut rgb = [0u8; 3];
    for k in 0..3 {
        let a = ANCHORS[seg][k];
        let b = ANCHORS[seg + 1][k];
        rgb[k] = (a + (b - a) * frac / 100).clamp(0, 255) as u8;
    }
    rgb
}
