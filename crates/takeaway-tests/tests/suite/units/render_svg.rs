//! Tests moved out of `crates/takeaway/src/render/svg.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use takeaway::render::Swatch;
use takeaway::render::svg::*;
use takeaway::render::{Grid, MIN_HEIGHT};

fn grid(width: usize, height: usize, title: &str, y_label: &str) -> Grid {
    Grid {
        title: title.into(),
        x_label: "pile 1".into(),
        y_label: y_label.into(),
        width,
        height,
        cells: vec![0; width * height],
        legend: vec![Swatch {
            label: "N-position".into(),
            rgb: [255, 255, 255],
            glyph: '.',
        }],
        bar: None,
    }
}

fn width_of(svg: &str) -> usize {
    let w = svg
        .split("width=\"")
        .nth(1)
        .and_then(|r| r.split('"').next());
    w.and_then(|w| w.parse().ok()).expect("a width")
}

#[test]
fn base64_is_rfc_4648() {
    // RFC 4648, section 10 (test vectors).
    for (input, output) in [
        ("", ""),
        ("f", "Zg=="),
        ("fo", "Zm8="),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="),
        ("fooba", "Zm9vYmE="),
        ("foobar", "Zm9vYmFy"),
    ] {
        assert_eq!(base64(input.as_bytes()), output);
    }
}

#[test]
fn a_one_row_strip_is_at_least_min_height_tall() {
    let svg = to_svg(&grid(30, 1, "t", "outcome"));
    assert!(
        svg.contains(&format!(
            "width=\"180\" height=\"{MIN_HEIGHT}\" fill=\"none\""
        )),
        "{svg}"
    );
}

#[test]
fn many_short_runs_are_embedded_as_one_image() {
    let mut g = grid(300, 300, "t", "pile 2");
    g.legend.push(Swatch {
        label: "P".into(),
        rgb: [0, 0, 0],
        glyph: '#',
    });
    // A checkerboard: 300 runs a row, 90,000 in all.
    g.cells = (0..300 * 300)
        .map(|i| ((i % 300 + i / 300) % 2) as u16)
        .collect();
    let svg = to_svg(&g);
    assert!(svg.contains("data:image/png;base64,iVBORw0KGgo"), "a PNG");
    assert!(svg.len() < 100_000, "{} bytes", svg.len());
    // Few runs stay rectangles.
    g.cells = vec![1; 300 * 300];
    let svg = to_svg(&g);
    assert!(!svg.contains("<image"));
}

#[test]
fn ticks_are_1_2_or_5_times_a_power_of_ten_and_at_most_8() {
    for count in 1..5000 {
        let step = tick_step(count, 1, 1);
        assert!(count.div_ceil(step) <= 8, "{count}: {step}");
        let mut m = step;
        while m.is_multiple_of(10) {
            m /= 10;
        }
        assert!([1, 2, 5].contains(&m), "{count}: {step}");
    }
    assert_eq!(tick_step(16, 1, 1), 2);
    assert_eq!(tick_step(400, 1, 1), 50);
    // 6-pixel cells and labels 14 pixels apart: every third cell at least.
    assert_eq!(tick_step(4, 6, 14), 5);
}

#[test]
fn a_long_title_fits_the_picture() {
    let title = "subtraction:s=1,3,4: Grundy values G(n) for n = 0..39 (a long title)";
    let svg = to_svg(&grid(4, 4, title, "pile 2"));
    assert!(
        width_of(&svg) >= 10 + title.chars().count() * 14 * 62 / 100,
        "{svg}"
    );
    assert!(svg.contains(title));
}

#[test]
fn both_axes_have_numeric_ticks_and_the_vertical_name_reads_downward() {
    let svg = to_svg(&grid(20, 20, "t", "pile 2"));
    // Steps of 5 for 20 cells: 0, 5, 10, 15 on each axis.
    for t in ["0", "5", "10", "15"] {
        assert!(svg.contains(&format!(">{t}</text>")), "{t}: {svg}");
    }
    assert_eq!(svg.matches("text-anchor=\"middle\"").count(), 4);
    assert_eq!(svg.matches("text-anchor=\"end\"").count(), 4);
    assert!(svg.contains("rotate(90 "), "{svg}");
    assert!(!svg.contains("rotate(-90"), "{svg}");
}

#[test]
fn a_grundy_plot_labels_its_rows_by_value() {
    // Row 0 at the top is the value 3, the bottom row (3) the value 0.
    let g = grid(4, 4, "t", "Grundy value (top row = 3, bottom row = 0)");
    assert_eq!(row_value(&g, 0), Some(3));
    assert_eq!(row_value(&g, 3), Some(0));
    assert_eq!(row_value(&grid(4, 4, "t", "pile 2"), 3), Some(3));
    // Its name is too long to stand beside 4 rows: under the grid, pointing up.
    let svg = to_svg(&g);
    assert!(svg.contains(">↑ Grundy value (top row = 3"), "{svg}");
    // Beside a tall grid it is rotated to read upward.
    let svg = to_svg(&grid(
        4,
        60,
        "t",
        "Grundy value (top row = 59, bottom row = 0)",
    ));
    assert!(svg.contains("rotate(-90 "), "{svg}");
}
