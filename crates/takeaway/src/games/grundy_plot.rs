//! A picture of a one-pile sequence: a bar chart with `x = n` and bar height `G(n)`,
//! each bar coloured by its value (misère: a strip of P/N cells).
//!
//! Law: cell `(n, y)` is coloured with value `G(n)` exactly when
//! `y ≥ height − 1 − G(n)` (row 0 at the top), else background.

use crate::render::{ColourBar, Grid, Swatch, sequential};

/// Most cells a plot may have; larger tables get no picture.
pub const MAX_CELLS: usize = 16_000_000;

const GLYPHS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The bar chart of `values` (Grundy values of piles `0..values.len()`), or `None` when too big.
///
/// ```
/// use takeaway::games::grundy_plot::grundy_plot;
/// let g = grundy_plot("S = {1,2}", &[0, 1, 2, 0]).unwrap();
/// assert_eq!((g.width, g.height), (4, 3));
/// assert_eq!(g.at(2, 0), 3); // the bar of G(2) = 2 reaches the top row
/// assert_eq!(g.at(0, 2), 1); // G(0) = 0: a black P-cell on the bottom row
/// assert_eq!(g.at(0, 1), 0); // background above it
/// ```
pub fn grundy_plot(title: &str, values: &[u16]) -> Option<Grid> {
    let top = values.iter().copied().max().unwrap_or(0) as usize;
    let height = top + 1;
    if values.len().checked_mul(height)? > MAX_CELLS {
        return None;
    }
    let mut cells = vec![0u16; values.len() * height];
    for (n, &v) in values.iter().enumerate() {
        for y in (height - 1 - v as usize)..height {
            if v > 0 {
                cells[y * values.len() + n] = v + 1;
            }
        }
        if v == 0 {
            cells[(height - 1) * values.len() + n] = 1;
        }
    }
    let mut legend = vec![Swatch {
        label: "background".into(),
        rgb: [255, 255, 255],
        glyph: ' ',
    }];
    for v in 0..=top {
        legend.push(Swatch {
            label: format!("G = {v}{}", if v == 0 { " (P-position)" } else { "" }),
            rgb: if v == 0 {
                [0, 0, 0]
            } else {
                sequential(v - 1, top)
            },
            glyph: char::from(GLYPHS[v % GLYPHS.len()]),
        });
    }
    Some(Grid {
        title: title.to_string(),
        x_label: "pile size n".into(),
        y_label: format!("Grundy value (top row = {top}, bottom row = 0)"),
        width: values.len(),
        height,
        cells,
        legend,
        bar: (top >= 1).then(|| ColourBar {
            label: "Grundy value G (0: black)".into(),
            first: 2,
            len: top,
            lowest: 1,
        }),
    })
}

/// A one-row strip of misère outcomes (1 = N, 0 = P), or `None` when too big.
///
/// ```
/// use takeaway::games::subtraction::plot::outcome_strip;
/// let g = outcome_strip("misère", &[1, 0, 1]).unwrap();
/// assert_eq!(g.at(1, 0), 1); // P drawn with category 1
/// ```
pub fn outcome_strip(title: &str, outcomes: &[u16]) -> Option<Grid> {
    if outcomes.len() > MAX_CELLS {
        return None;
    }
    Some(Grid {
        title: title.to_string(),
        x_label: "pile size n".into(),
        y_label: "outcome".into(),
        width: outcomes.len(),
        height: 1,
        cells: outcomes.iter().map(|&o| u16::from(o == 0)).collect(),
        legend: vec![
            Swatch {
                label: "N (player to move wins)".into(),
                rgb: [255, 255, 255],
                glyph: 'N',
            },
            Swatch {
                label: "P (player to move loses)".into(),
                rgb: [0, 0, 0],
                glyph: 'P',
            },
        ],
        bar: None,
    })
}

/// The legend of a heatmap of Grundy values whose largest value is `max`
/// (the two-dimensional tables: one-pile `G(n, w)`, Wythoff's Nim, memory
/// games): G = 0 in black (P-positions), the values 1..=max on the
/// sequential scale as a colour bar, then (one-pile) the grey of the cells
/// `extra` (same as `x`). The cells' categories are the values, and
/// `max + 1` for `extra`.
///
/// ```
/// use takeaway::games::grundy_plot::grundy_legend;
/// let (legend, bar) = grundy_legend(3, "w = n", Some("w > n"));
/// assert_eq!(legend.len(), 5);
/// assert_eq!(legend[0].rgb, [0, 0, 0]);
/// assert_eq!(legend[4].label, "w > n (same as w = n)");
/// assert_eq!(bar.unwrap().len, 3);
/// ```
pub fn grundy_legend(max: u16, x: &str, extra: Option<&str>) -> (Vec<Swatch>, Option<ColourBar>) {
    let top = usize::from(max);
    let mut legend: Vec<Swatch> = (0..=top)
        .map(|v| Swatch {
            label: if v == 0 {
                "G = 0 (P: the mover loses)".into()
            } else {
                format!("G = {v}")
            },
            rgb: if v == 0 {
                [0, 0, 0]
            } else {
                sequential(v - 1, top)
            },
            glyph: GLYPHS.get(v).map_or('+', |&g| char::from(g)),
        })
        .collect();
    let bar = (top >= 1).then(|| ColourBar {
        label: "Grundy value G (0: black)".into(),
        first: 1,
        len: top,
        lowest: 1,
    });
    if let Some(label) = extra {
        legend.push(Swatch {
            label: format!("{label} (same as {x})"),
            rgb: [225, 225, 235],
            glyph: ' ',
        });
    }
    (legend, bar)
}
