//! `table` output for every family: `--svg`/`--png` write only the file;
//! `--summary` prints at most 100 lines whatever `--rows`/`--cols`, or exits
//! non-zero with one `error:` line.

use assert_cmd::Command;

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
