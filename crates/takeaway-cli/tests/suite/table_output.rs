//! `table` output for every family: `--svg`/`--png` write only the file;
//! `--summary` prints at most 100 lines whatever `--rows`/`--cols`, or exits
//! non-zero with one `error:` line.

use crate::cmd::Command;

fn takeaway() -> Command {
    Command::cargo_bin("takeaway").unwrap()
}

/// A spec of every family the CLI knows (README, "Game specs").
const FAMILIES: &[&str] = &[
    "fibonacci",
    "one-pile:f=3*t",
    "two-pile:f=2*t",
    "wythoff",
    "spite",
    "nim",
    "subtraction:s=1,3,4",
    "subtraction:s=1,3,4:misere=true",
    "subtraction:min=3:max=5",
];

#[test]
fn a_picture_is_written_to_its_file_and_nothing_to_stdout() {
    let dir = std::env::temp_dir().join(format!("takeaway-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, spec) in FAMILIES.iter().enumerate() {
        let (svg, png) = (dir.join(format!("{i}.svg")), dir.join(format!("{i}.png")));
        let out = takeaway()
            .args(["table", spec, "--rows", "12", "--cols", "12", "--svg"])
            .arg(&svg)
            .arg("--png")
            .arg(&png)
            .output()
            .unwrap();
        if !out.status.success() {
            // A family without a picture says so in one line.
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(err.lines().count(), 1, "{spec}: {err}");
            assert!(err.starts_with("error: "), "{spec}: {err}");
            continue;
        }
        assert!(
            out.stdout.is_empty(),
            "{spec}: stdout with --svg/--png: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(
            std::fs::read_to_string(&svg).unwrap().contains("<svg"),
            "{spec}"
        );
        assert!(
            std::fs::read(&png).unwrap().starts_with(b"\x89PNG"),
            "{spec}"
        );
        // With a format, the values are printed as well.
        let out = takeaway()
            .args(["table", spec, "--rows", "12", "--cols", "12", "--svg"])
            .arg(&svg)
            .args(["--format", "csv"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{spec}");
        assert!(
            !out.stdout.is_empty(),
            "{spec}: --format csv printed nothing"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn summary_is_at_most_100_lines_or_one_error_line() {
    // Sizes whose full tables are far over 100 lines (and, for one pile,
    // over memory); min=1:max=150 has 151 Grundy values (G(n) = n mod 151),
    // so its counts alone are over 100 lines.
    let mut cases: Vec<Vec<&str>> = FAMILIES
        .iter()
        .map(|spec| vec![*spec, "--rows", "30000000"])
        .collect();
    cases[2] = vec!["two-pile:f=2*t", "--rows", "600", "--cols", "600"];
    cases[3] = vec!["wythoff", "--rows", "600", "--cols", "600"];
    cases.push(vec!["subtraction:min=1:max=150", "--rows", "100000"]);
    let mut summaries = 0;
    for case in &cases {
        for format in ["text", "csv", "json"] {
            let out = takeaway()
                .arg("table")
                .args(case)
                .args(["--summary", "--format", format])
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            if out.status.success() {
                summaries += 1;
                assert!(
                    (1..=100).contains(&stdout.lines().count()),
                    "{case:?} {format}: {} lines",
                    stdout.lines().count()
                );
                if format == "json" {
                    // A summary, not the table: no cells, whatever the size.
                    let doc: serde_json::Value =
                        serde_json::from_str(&stdout).expect("the JSON summary parses");
                    assert!(!doc["rows"].is_array(), "{case:?}: cells in the summary");
                    assert!(stdout.len() < 1 << 20, "{case:?}: {} bytes", stdout.len());
                }
            } else {
                assert!(stdout.is_empty(), "{case:?}: stdout and an error");
                assert_eq!(stderr.lines().count(), 1, "{case:?}: {stderr}");
                assert!(stderr.starts_with("error: "), "{case:?}: {stderr}");
            }
        }
    }
    // Subtraction games (4 specs + min..max) and the two-pile tableau have one.
    assert_eq!(summaries, 3 * 6, "summaries printed");
}

#[test]
fn grundy_tables_have_the_contract_shape() {
    let json = |args: &[&str]| -> serde_json::Value {
        let out = takeaway().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // One-pile: R rows of C cells; a cell with w > n holds G(n, n).
    let t = json(&[
        "table",
        "one-pile:f=3*t",
        "--grundy",
        "--rows",
        "30",
        "--cols",
        "40",
        "--json",
    ]);
    let rows = t["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 30);
    for (n, row) in rows.iter().enumerate() {
        let row = row.as_array().unwrap();
        assert_eq!(row.len(), 40);
        for w in n..40 {
            assert_eq!(row[w], row[n], "G({n}, {w}) = G({n}, {n})");
        }
    }
    // The summary agrees with the table: counts of the cells with w ≤ n, max, starts.
    let s = json(&[
        "table",
        "one-pile:f=3*t",
        "--grundy",
        "--rows",
        "30",
        "--cols",
        "40",
        "--summary",
        "--json",
    ]);
    let mut counts = std::collections::BTreeMap::new();
    for (n, row) in rows.iter().enumerate() {
        for v in &row.as_array().unwrap()[..=n] {
            *counts.entry(v.to_string()).or_insert(0u64) += 1;
        }
    }
    for (k, v) in &counts {
        assert_eq!(s["counts"][k], *v, "count of {k}");
    }
    assert_eq!(s["counts"].as_object().unwrap().len(), counts.len());
    assert_eq!(
        s["max"].to_string(),
        *counts
            .keys()
            .map(|k| k.parse::<u64>().unwrap())
            .max()
            .unwrap()
            .to_string()
    );
    assert!(s["starts"][0].is_null());
    for n in 1..30 {
        assert_eq!(s["starts"][n], rows[n][n - 1], "start {n}");
    }
    // Wythoff: rows[x][y], symmetric; text and CSV; pictures with a legend.
    let w = json(&["table", "wythoff", "--grundy", "--rows", "12", "--json"]);
    for x in 0..12 {
        for y in 0..12 {
            assert_eq!(w["rows"][x][y], w["rows"][y][x]);
        }
    }
    let csv = takeaway()
        .args([
            "table", "wythoff", "--grundy", "--rows", "3", "--format", "csv",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&csv.stdout),
        format!(
            "# takeaway {}; spec wythoff; command: takeaway table wythoff --grundy --rows 3 --format csv\nx,0,1,2\n0,0,1,2\n1,1,2,0\n2,2,0,1\n",
            env!("CARGO_PKG_VERSION")
        )
    );
    let dir = std::env::temp_dir().join(format!("takeaway-grundy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("g.svg");
    let out = takeaway()
        .args(["table", "fibonacci", "--grundy", "--rows", "50", "--svg"])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(out.status.success() && out.stdout.is_empty());
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.contains("G = 0 (P: the mover loses)") && text.contains("w &gt; n")
            || text.contains("w > n"),
        "legend"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
