//! PNG output for [`Grid`]: one square of `scale × scale` pixels per cell.

use super::{Grid, Provenance};

/// `text` with every character beyond ASCII as `\u{…}`.
fn ascii(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii() && !c.is_control() {
                c.to_string()
            } else {
                c.escape_unicode().to_string()
            }
        })
        .collect()
}

/// Encodes `grid` as an RGB PNG with `scale` pixels per cell side (at least 1).
///
/// ```
/// use takeaway::render::{to_png, Grid, Swatch};
/// let g = Grid { title: String::new(), x_label: String::new(), y_label: String::new(),
///     width: 3, height: 2, cells: vec![0; 6],
///     legend: vec![Swatch { label: "x".into(), rgb: [1, 2, 3], glyph: 'x' }], bar: None };
/// let bytes = to_png(&g, 4).unwrap();
/// assert_eq!(&bytes[1..4], b"PNG");
/// ```
pub fn to_png(grid: &Grid, scale: usize) -> Result<Vec<u8>, png::EncodingError> {
    to_png_with(grid, scale, None)
}

/// [`to_png`] with the figure's provenance in `tEXt` chunks: `Title` (the
/// grid's title), `Software` (`takeaway VERSION`), `Source` (the spec) and
/// `Comment` (the whole record as ASCII JSON, see
/// [`Provenance::json_ascii`]). Text beyond Latin-1 in the title is
/// replaced by `?` (a `tEXt` chunk is Latin-1).
///
/// ```
/// use takeaway::render::{to_png_with, Grid, Provenance, Swatch};
/// let g = Grid { title: "t".into(), x_label: String::new(), y_label: String::new(),
///     width: 1, height: 1, cells: vec![0],
///     legend: vec![Swatch { label: "x".into(), rgb: [1, 2, 3], glyph: 'x' }], bar: None };
/// let p = Provenance::new("nim", "takeaway table nim --rows 1 --png a.png");
/// let bytes = to_png_with(&g, 1, Some(&p)).unwrap();
/// assert!(bytes.windows(4).any(|w| w == b"tEXt"));
/// ```
pub fn to_png_with(
    grid: &Grid,
    scale: usize,
    provenance: Option<&Provenance>,
) -> Result<Vec<u8>, png::EncodingError> {
    let scale = scale.max(1);
    let (w, h) = (grid.width * scale, grid.height * scale);
    let mut data = Vec::with_capacity(w * h * 3);
    for y in 0..h {
        for x in 0..w {
            let c = grid.at(x / scale, y / scale);
            let rgb = grid
                .legend
                .get(usize::from(c))
                .map_or([128, 128, 128], |s| s.rgb);
            data.extend_from_slice(&rgb);
        }
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w.max(1) as u32, h.max(1) as u32);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        if let Some(p) = provenance {
            let latin1: String = grid
                .title
                .chars()
                .map(|c| {
                    if u32::from(c) < 256 && !c.is_control() {
                        c
                    } else {
                        '?'
                    }
                })
                .collect();
            if !latin1.is_empty() {
                enc.add_text_chunk("Title".into(), latin1)?;
            }
            enc.add_text_chunk("Software".into(), format!("{} {}", p.program, p.version))?;
            enc.add_text_chunk("Source".into(), ascii(&p.spec))?;
            enc.add_text_chunk("Comment".into(), p.json_ascii())?;
        }
        let mut writer = enc.write_header()?;
        writer.write_image_data(&data)?;
    }
    Ok(out)
}
