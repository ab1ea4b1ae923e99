//! Issue 23: every figure `table` writes names the program, its version,
//! the spec and the command (CSV a `#` line, SVG `<desc>` and `<metadata>`,
//! PNG `tEXt` chunks, JSON a `generator` field); Grundy pictures use a
//! sequential scale with a labelled colour bar, one colour per value; a
//! one-pile strip is at least 120 px tall with ticks.

use crate::cmd::Command;
use serde_json::Value;
use std::collections::BTreeMap;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").unwrap()
}

const VERSION: &str = env!("CARGO_PKG_VERSION");

fn run(args: &[&str]) -> String {
    let out = takeaway().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("takeaway-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The text between `<tag>` and `</tag>`, XML entities decoded.
fn element(svg: &str, tag: &str) -> String {
    let start = svg.find(&format!("<{tag}>")).expect(tag) + tag.len() + 2;
    let end = svg[start..].find(&format!("</{tag}>")).expect(tag) + start;
    svg[start..end]
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The `tEXt` chunks of a PNG, keyword → text (read by the chunk layout of
/// the PNG specification: length, type, data, CRC).
fn png_text(bytes: &[u8]) -> BTreeMap<String, String> {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let mut out = BTreeMap::new();
    let mut at = 8;
    while at + 8 <= bytes.len() {
        let len = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let kind = &bytes[at + 4..at + 8];
        let data = &bytes[at + 8..at + 8 + len];
        if kind == b"tEXt" {
            let nul = data.iter().position(|&b| b == 0).unwrap();
            out.insert(
                String::from_utf8_lossy(&data[..nul]).into_owned(),
                data[nul + 1..].iter().map(|&b| char::from(b)).collect(),
            );
        }
        at += 12 + len;
    }
    out
}

fn check_generator(g: &Value, spec: &str, command: &str) {
    assert_eq!(g["program"], "takeaway", "{g}");
    assert_eq!(g["version"], VERSION, "{g}");
    assert_eq!(g["spec"], spec, "{g}");
    assert_eq!(g["command"], command, "{g}");
}

#[test]
fn every_figure_names_the_version_the_spec_and_the_command() {
    let dir = temp_dir("provenance");
    for (spec, extra) in [
        ("fibonacci", &[][..]),
        ("two-pile:f=2*t", &["--cols", "7"][..]),
        ("wythoff", &["--grundy"][..]),
        ("subtraction:s=1,3,4", &[][..]),
        ("spite", &[][..]),
        // The octal games' own table (the sparse-space sequence).
        ("octal:0.77", &[][..]),
    ] {
        let mut args = vec!["table", spec, "--rows", "9"];
        args.extend_from_slice(extra);
        // The command as a shell would take it back: specs with `*` quoted.
        let quoted = if spec.contains('*') {
            format!("'{spec}'")
        } else {
            spec.to_string()
        };
        let command = |tail: &str| {
            format!(
                "takeaway table {quoted} --rows 9{}{tail}",
                extra.iter().map(|a| format!(" {a}")).collect::<String>()
            )
        };
        // JSON: the contract's document plus `generator`.
        let json: Value = serde_json::from_str(&run(&[&args[..], &["--json"]].concat())).unwrap();
        check_generator(&json["generator"], spec, &command(" --json"));
        // The contract's fields are unchanged: the document without
        // `generator` is the library's own (Spite Nim's has no `game`).
        if spec != "spite" {
            assert_eq!(json["game"], spec);
        }
        assert!(json.as_object().unwrap().len() >= 2);
        // CSV: a first `#` line, then the CSV as before.
        let csv = run(&[&args[..], &["--format", "csv"]].concat());
        let first = csv.lines().next().unwrap();
        assert_eq!(
            first,
            format!(
                "# takeaway {VERSION}; spec {spec}; command: {}",
                command(" --format csv")
            )
        );
        assert!(!csv.lines().nth(1).unwrap().starts_with('#'));
        // SVG and PNG.
        let (svg, png) = (dir.join("f.svg"), dir.join("f.png"));
        let (svg_s, png_s) = (svg.to_str().unwrap(), png.to_str().unwrap());
        run(&[&args[..], &["--svg", svg_s, "--png", png_s]].concat());
        let tail = format!(" --svg {svg_s} --png {png_s}");
        let text = std::fs::read_to_string(&svg).unwrap();
        let meta: Value = serde_json::from_str(&element(&text, "metadata")).unwrap();
        check_generator(&meta, spec, &command(&tail));
        assert!(element(&text, "desc").starts_with(&format!("takeaway {VERSION}; spec {spec};")));
        let chunks = png_text(&std::fs::read(&png).unwrap());
        assert_eq!(chunks["Software"], format!("takeaway {VERSION}"));
        assert_eq!(chunks["Source"], spec);
        let comment: Value = serde_json::from_str(&chunks["Comment"]).unwrap();
        check_generator(&comment, spec, &command(&tail));
    }
    // Summaries too, on their one line.
    let line = run(&[
        "table",
        "subtraction:s=1,3,4",
        "--rows",
        "1000",
        "--summary",
        "--json",
    ]);
    assert_eq!(line.lines().count(), 1);
    let doc: Value = serde_json::from_str(&line).unwrap();
    check_generator(
        &doc["generator"],
        "subtraction:s=1,3,4",
        "takeaway table subtraction:s=1,3,4 --rows 1000 --summary --json",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `fill` of each cell of the SVG's grid (its rectangles are runs of
/// equal cells in a row, `cell` pixels wide, `cell_h` tall).
fn cell_fills(svg: &str, width: usize, height: usize, cell: usize) -> Vec<Vec<String>> {
    let grid = svg.split("shape-rendering=\"crispEdges\">").nth(1).unwrap();
    let grid = grid.split("</g>").next().unwrap();
    let attr = |rect: &str, name: &str| -> String {
        rect.split(&format!(" {name}=\""))
            .nth(1)
            .and_then(|r| r.split('"').next())
            .unwrap_or_default()
            .to_string()
    };
    let mut fills = vec![vec!["#ffffff".to_string(); width]; height];
    let rects: Vec<&str> = grid.split("<rect").skip(1).collect();
    let cell_h: usize = rects
        .iter()
        .filter(|r| attr(r, "fill") != "none")
        .map(|r| attr(r, "height").parse::<usize>().unwrap())
        .next()
        .unwrap();
    for rect in rects {
        let fill = attr(rect, "fill");
        if fill == "none" {
            continue;
        }
        let x: usize = attr(rect, "x").parse().unwrap();
        let y: usize = attr(rect, "y").parse().unwrap();
        let w: usize = attr(rect, "width").parse().unwrap();
        for f in &mut fills[y / cell_h][x / cell..(x + w) / cell] {
            f.clone_from(&fill);
        }
    }
    fills
}

#[test]
fn wythoff_60_has_one_colour_per_grundy_value_and_a_labelled_bar() {
    // Issue 23: colours stopped at "G ≥ 15" and Wythoff 60 × 60 was mostly one colour.
    let dir = temp_dir("colours");
    let svg = dir.join("w.svg");
    run(&[
        "table",
        "wythoff",
        "--grundy",
        "--rows",
        "60",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let values: Value = serde_json::from_str(&run(&[
        "table", "wythoff", "--grundy", "--rows", "60", "--json",
    ]))
    .unwrap();
    let max = (0..60)
        .flat_map(|x| (0..60).map(move |y| (x, y)))
        .map(|(x, y)| values["rows"][x][y].as_u64().unwrap())
        .max()
        .unwrap();
    assert!(max > 15, "G reaches {max}");
    // Cell (x, y) is row x, column y; 6-pixel cells up to 100 a side.
    let fills = cell_fills(&text, 60, 60, 6);
    let mut colour_of: BTreeMap<u64, String> = BTreeMap::new();
    for (x, row) in fills.iter().enumerate() {
        for (y, fill) in row.iter().enumerate() {
            let v = values["rows"][x][y].as_u64().unwrap();
            let known = colour_of.entry(v).or_insert_with(|| fill.clone());
            assert_eq!(known, fill, "G({x}, {y}) = {v}: two colours");
        }
    }
    let distinct: std::collections::BTreeSet<&String> = colour_of.values().collect();
    assert_eq!(distinct.len(), colour_of.len(), "two values share a colour");
    assert_eq!(
        colour_of.len() as u64,
        max + 1,
        "every value 0..=max appears"
    );
    // The bar: one band per value 1..=max, in the cells' colours, labelled
    // with the first and the last value.
    let bar = text.split("class=\"colour-bar\"").nth(1).unwrap();
    let bar = bar.split("</g>").next().unwrap();
    let bands: Vec<(u64, String)> = bar
        .split("<rect")
        .skip(1)
        .filter_map(|r| {
            let fill = r.split("fill=\"").nth(1)?.split('"').next()?.to_string();
            let v = r.split("<title>").nth(1)?.split('<').next()?.parse().ok()?;
            Some((v, fill))
        })
        .collect();
    assert_eq!(bands.len() as u64, max);
    for (v, fill) in &bands {
        assert_eq!(&colour_of[v], fill, "band {v}");
    }
    let labels: Vec<&str> = text
        .split("class=\"colour-bar-label\">")
        .skip(1)
        .map(|r| r.split('<').next().unwrap())
        .collect();
    assert_eq!(labels.first(), Some(&"1"));
    assert_eq!(labels.last().copied(), Some(max.to_string().as_str()));
    assert!((2..=8).contains(&labels.len()), "{labels:?}");
    assert!(!text.contains("G ≥"), "no catch-all colour");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The height of the grid's frame (the last rectangle with `fill="none"`
/// inside the grid group).
fn frame_height(svg: &str) -> usize {
    let grid = svg.split("shape-rendering=\"crispEdges\">").nth(1).unwrap();
    let grid = grid.split("</g>").next().unwrap();
    let frame = grid.rsplit("<rect").next().unwrap();
    frame
        .split("height=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn subtraction_strips_are_at_least_120_pixels_tall_with_ticks() {
    let dir = temp_dir("strip");
    for spec in [
        "subtraction:s=1,3,4",
        "subtraction:s=1,3,4:misere=true",
        "nim",
    ] {
        let svg = dir.join("s.svg");
        run(&[
            "table",
            spec,
            "--rows",
            "40",
            "--svg",
            svg.to_str().unwrap(),
        ]);
        let text = std::fs::read_to_string(&svg).unwrap();
        let h = frame_height(&text);
        assert!(h >= 120, "{spec}: {h} px");
        // Ticks on the pile axis: 0, 5, …, 35 (at most 8, steps of 1, 2 or 5 × 10^k).
        // (The colour bar's labels carry a class: not counted.)
        let ticks = text.matches("text-anchor=\"middle\">").count();
        assert!((2..=8).contains(&ticks), "{spec}: {ticks} ticks");
        assert!(text.contains(">35</text>"), "{spec}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
