//! PNG output for [`Grid`]: one square of `scale × scale` pixels per cell.

use super::Grid;

/// Encodes `grid` as an RGB PNG with `scale` pixels per cell side (at least 1).
///
/// ```
/// use takeaway::render::{to_png, Grid, Swatch};
/// let g = Grid { title: String::new(), x_label: String::new(), y_label: String::new(),
///     width: 3, height: 2, cells: vec![0; 6],
///     legend: vec![Swatch { label: "x".into(), rgb: [1, 2, 3], glyph: 'x' }] };
/// let bytes = to_png(&g, 4).unwrap();
/// assert_eq!(&bytes[1..4], b"PNG");
/// ```
pub fn to_png(grid: &Grid, scale: usize) -> Result<Vec<u8>, png::EncodingError> {
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
        let mut writer = enc.write_header()?;
        writer.write_image_data(&data)?;
    }
    Ok(out)
}
