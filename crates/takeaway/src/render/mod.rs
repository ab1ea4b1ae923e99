//! Pictures of tables: heatmaps of tableaux and P-positions as text, SVG and PNG;
//! the one CSV writer ([`Csv`]); and the typed reports — sequences
//! ([`report`]), tableaux ([`tableau`]) and lists of records ([`records`]) —
//! with one renderer per format ([`text`], [`Csv`], [`json`], [`bfile`], and
//! [`to_svg`]/[`to_png`] for their pictures).
//! The answers' reports, each one typed value with its renderers: the
//! answer of `analyze` ([`analysis`]), of `verify` ([`verify`]), of a sweep
//! run ([`sweep`]), of `misere` ([`quotient`]), of `repr` ([`repr`]) and of
//! a turn of play on the page ([`turn`]); these sit above the library's layers they render.
//!
//! A [`Grid`] is a rectangle of cells, each holding a category index into a
//! legend of named colours. Families decide the categories (P-position or not,
//! the value of L(m, d), a Grundy value); this module only draws.
//!
//! Law: the PNG has exactly `width × scale` by `height × scale` pixels, and cell
//! `(x, y)` is drawn with the colour of `legend[cells[y * width + x]]`.

pub mod analysis;
pub mod bfile;
pub mod csv;
pub mod json;
mod png_out;
pub mod provenance;
pub mod quotient;
pub mod records;
pub mod report;
pub mod repr;
pub mod svg;
pub mod sweep;
pub mod tableau;
pub mod text;
pub mod turn;
pub mod verify;

pub use csv::Csv;
pub use png_out::{to_png, to_png_with};
pub use provenance::Provenance;
pub use svg::{MIN_HEIGHT, to_svg, to_svg_with};

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
    /// Legend entries that are one numbered scale (Grundy values 1, 2, …),
    /// drawn as a labelled colour bar instead of one swatch each.
    pub bar: Option<ColourBar>,
}

/// A run of legend entries drawn as one colour bar: entries `first ..
/// first + len` stand for the values `lowest .. lowest + len` in order
/// (their colours from [`sequential`]).
///
/// Law: the SVG draws the bar with one band per value, left to right, and
/// labels at most 8 values under it, the first and the last always.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourBar {
    /// What the values are, e.g. `Grundy value G`.
    pub label: String,
    /// The legend index of the first value.
    pub first: usize,
    /// How many values (legend entries).
    pub len: usize,
    /// The value of the first entry.
    pub lowest: u64,
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
    ///     bar: None,
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
        // A colour bar's entries sharing a glyph (values past the glyphs)
        // are one line.
        let mut i = 0;
        while i < self.legend.len() {
            let s = &self.legend[i];
            let mut end = i + 1;
            if let Some(b) = &self.bar
                && (b.first..b.first + b.len).contains(&i)
            {
                while end < b.first + b.len && self.legend[end].glyph == s.glyph {
                    end += 1;
                }
            }
            if end > i + 1 {
                let last = &self.legend[end - 1];
                out.push_str(&format!("  {} {} … {}\n", s.glyph, s.label, last.label));
            } else {
                out.push_str(&format!("  {} {}\n", s.glyph, s.label));
            }
            i = end;
        }
        out
    }
}

/// A sequential colour scale for the values `0..n` (a colour bar): from
/// dark purple through blue, green and yellow to pale yellow, lightness
/// growing with the value, so a picture stays readable whatever its
/// largest value.
///
/// Laws: `sequential(0, n)` is the dark end and `sequential(n − 1, n)` the
/// light end; the sum of the three channels never decreases with `i`; and
/// distinct values get distinct colours for every `n ≤ 281` (each of the
/// four segments changes one channel by at least 70 of 255: checked
/// exhaustively in the tests). Beyond that neighbours may share a colour;
/// the bar's labels still tell the values.
///
/// ```
/// use takeaway::render::sequential;
/// assert_eq!(sequential(0, 10), [40, 20, 110]);
/// assert_eq!(sequential(9, 10), [250, 240, 150]);
/// assert_ne!(sequential(4, 10), sequential(5, 10));
/// ```
pub fn sequential(i: usize, n: usize) -> [u8; 3] {
    const ANCHORS: [[i64; 3]; 5] = [
        [40, 20, 110],
        [30, 110, 190],
        [40, 180, 120],
        [180, 210, 40],
        [250, 240, 150],
    ];
    let segments = (ANCHORS.len() - 1) as i64;
    let den = (n.max(2) - 1) as i64;
    let num = (i.min(n.max(2) - 1) as i64) * segments;
    let seg = (num / den).min(segments - 1);
    let rem = num - seg * den;
    let mut rgb = [0u8; 3];
    for k in 0..3 {
        let a = ANCHORS[seg as usize][k];
        let b = ANCHORS[seg as usize + 1][k];
        rgb[k] = (a + (b - a) * rem / den).clamp(0, 255) as u8;
    }
    rgb
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
