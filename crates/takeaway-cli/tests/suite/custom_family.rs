//! A family defined outside the library (examples/subtract_a_square/: the
//! rules and the catalogue entry in squares.rs, the one list line in
//! main.rs, nothing else) is offered by every front-end: `analyze` (normal,
//! misère, `--all`), `table`, sums with another family, `--help`, and the
//! server's catalogue, move, hint and sum routes with the legal-move reasons
//! (Python: crates/takeaway-py/tests/test_rust_family.py). Expected values: a brute force
//! written here from the rules (mex over the square takes), which agrees
//! with OEIS A030193 (the P-positions 0, 2, 5, 7, 10, 12, 15, 17, 20, 22, 34).

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The example program: next to this test's `deps` folder, in `examples`.
fn program() -> PathBuf {
    let exe = std::env::current_exe().expect("test exe");
    let dir = exe.parent().and_then(|d| d.parent()).expect("target dir");
    dir.join("examples").join("subtract_a_square")
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(program()).args(args).output().expect(
        "run examples/subtract_a_square (`cargo test` builds it; with `--test suite` alone, \
             build it first: cargo build -p takeaway-cli --example subtract_a_square)",
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// Brute force from the rules: Grundy values (normal play) and misère
/// outcomes (true = the mover wins) of one pile, 0..=n.
fn brute(n: usize) -> (Vec<u64>, Vec<bool>) {
    let squares = |m: usize| (1..).map(|k| k * k).take_while(move |&s| s <= m);
    let mut g = vec![0u64; n + 1];
    let mut misere = vec![true; n + 1]; // no move: the mover wins
    for m in 1..=n {
        let next: Vec<u64> = squares(m).map(|s| g[m - s]).collect();
        g[m] = (0..).find(|v| !next.contains(v)).expect("mex");
        misere[m] = squares(m).any(|s| !misere[m - s]);
    }
    (g, misere)
}

#[test]
fn a_family_in_one_file_is_offered_by_the_command_line() {
    let (g, misere) = brute(40);
    // The brute force is OEIS A030193's P-positions.
    let p: Vec<usize> = (0..=22).filter(|&m| g[m] == 0).collect();
    assert_eq!(p, vec![0, 2, 5, 7, 10, 12, 15, 17, 20, 22]);
    for n in 0..=40usize {
        let pile = n.to_string();
        let a = json_of(&["analyze", "squares", &pile, "--all", "--json"]);
        let wins = g[n] != 0;
        assert_eq!(a["outcome"], if wins { "N" } else { "P" }, "pile {n}");
        assert_eq!(a["grundy"], json!(g[n]), "pile {n}");
        // --all: exactly the square takes to a P-position.
        let all: Vec<u64> = a["moves"]
            .as_array()
            .map(|m| {
                m.iter()
                    .map(|m| m["take"].as_u64().expect("take"))
                    .collect()
            })
            .unwrap_or_default();
        let want: Vec<u64> = (1..=n)
            .filter(|k| k * k <= n && g[n - k * k] == 0)
            .map(|k| (k * k) as u64)
            .collect();
        assert_eq!(all, want, "pile {n}");
        let m = json_of(&["analyze", "squares:misere=true", &pile, "--json"]);
        assert_eq!(
            m["outcome"],
            if misere[n] { "N" } else { "P" },
            "misère pile {n}"
        );
    }
    let t = json_of(&["table", "squares", "--rows", "41", "--json"]);
    assert_eq!(t["values"], json!(g));
    let t = json_of(&["table", "squares:misere=true", "--rows", "41", "--json"]);
    let want: Vec<&str> = misere.iter().map(|&w| if w { "N" } else { "P" }).collect();
    assert_eq!(t["outcomes"], json!(want));
    // A sum with another family: the nim-sum of the parts' values.
    let s = json_of(&["analyze", "sum", "squares 10", "nim 3", "--json"]);
    assert_eq!(s["grundy"], json!(g[10] ^ 3));
    let (_, help, _) = run(&["--help"]);
    assert!(
        help.contains("subtract-a-square: take a square number"),
        "{help}"
    );
    let (code, _, err) = run(&["analyze", "squares", "10", "--bound", "3"]);
    assert_eq!(
        (code, err.trim()),
        (
            1,
            "error: Cannot analyze this position: subtract-a-square has no bound on the next move; leave the bound out"
        )
    );
}

fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).expect("connect");
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read");
    let text = String::from_utf8_lossy(&raw);
    let (head, rest) = text.split_once("\r\n\r\n").expect("headers");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("status");
    // Bodies are JSON objects: from the first `{` to the last `}` (chunked or not).
    let json = match (rest.find('{'), rest.rfind('}')) {
        (Some(a), Some(b)) => serde_json::from_str(&rest[a..=b]).unwrap_or(Value::Null),
        _ => Value::Null,
    };
    (status, json)
}

/// Kills the server when the test ends, however it ends.
struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn a_family_in_one_file_is_offered_by_the_server() {
    let mut child = Command::new(program())
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve from examples/subtract_a_square (built by `cargo test`)");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the serving line");
    let _server = Server(child);
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    let (code, games) = http(&addr, "GET", "/api/games", None);
    assert_eq!(code, 200);
    let squares = games["games"]
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == "squares"))
        .expect("squares in the catalogue")
        .clone();
    assert_eq!(squares["available"], json!(true));
    assert_eq!(squares["capabilities"]["sum_part"], json!(true));
    let (code, start) = http(
        &addr,
        "POST",
        "/api/start",
        Some(&json!({"game": "squares", "piles": [10]})),
    );
    assert_eq!(code, 200, "{start}");
    // The legal-move reasons: takes 1, 4, 9 legal, the others refused by the rules.
    let reasons = start["options"]["take"][0]
        .as_array()
        .expect("options")
        .clone();
    assert_eq!(reasons.len(), 10);
    for (i, r) in reasons.iter().enumerate() {
        let t = i + 1;
        let square = [1, 4, 9].contains(&t);
        assert_eq!(r.is_null(), square, "take {t}: {r}");
        if !square {
            assert_eq!(r, "You may take only a square number: 1, 4, 9, 16, …");
        }
    }
    let (code, hint) = http(
        &addr,
        "POST",
        "/api/hint",
        Some(&json!({"game": "squares", "position": start["position"]})),
    );
    assert_eq!(code, 200, "{hint}");
    // 10 is a P-position (A030193): no winning move.
    assert_eq!(hint["winning"], json!(false), "{hint}");
    let mv = json!({"game": "squares", "position": start["position"], "move": {"kind": "take", "pile": 0, "take": "4"}});
    let (code, after) = http(&addr, "POST", "/api/move", Some(&mv));
    assert_eq!(code, 200, "{after}");
    // From 6 the computer takes 1 to 5, a P-position.
    assert_eq!(after["position"]["piles"], json!([5]), "{after}");
    let bad = json!({"game": "squares", "position": start["position"], "move": {"kind": "take", "pile": 0, "take": "3"}});
    let (code, err) = http(&addr, "POST", "/api/move", Some(&bad));
    assert_eq!(code, 400, "{err}");
    assert!(
        err["error"]
            .as_str()
            .unwrap_or_default()
            .contains("square number"),
        "{err}"
    );
    let sum = json!({"game": "sum", "parts": [{"game": "squares", "piles": [10]}, {"game": "nim", "piles": [3]}]});
    let (code, s) = http(&addr, "POST", "/api/start", Some(&sum));
    assert_eq!(code, 200, "{s}");
    assert_eq!(s["analysis"]["grundy"], json!(3), "{s}");
    // Misère play through the server, as the page's switch sends it (the
    // spec key): no misère theory of its own, so the engine decides, and
    // its answers are the brute force's.
    assert_eq!(squares["capabilities"]["misere_theory"], json!(false));
    let (_, misere) = brute(20);
    for (n, &won) in misere.iter().enumerate() {
        let body = json!({"game": "squares:misere=true", "piles": [n]});
        let (code, a) = http(&addr, "POST", "/api/analyze", Some(&body));
        assert_eq!(code, 200, "{a}");
        assert_eq!(a["outcome"], if won { "N" } else { "P" }, "misère pile {n}");
    }
    // Played misère from 10 (N under misère play by the brute force: taking
    // 9 leaves 1, whose only move leaves 0 to the opponent, who wins by
    // having no move): the computer, moving first, leaves a position the
    // brute force calls lost for the mover.
    assert!(misere[10]);
    let start = json!({"game": "squares:misere=true", "piles": [10], "first": "computer"});
    let (code, s) = http(&addr, "POST", "/api/start", Some(&start));
    assert_eq!(code, 200, "{s}");
    let left = s["position"]["piles"][0]
        .as_u64()
        .or_else(|| {
            s["position"]["piles"][0]
                .as_str()
                .and_then(|p| p.parse().ok())
        })
        .unwrap_or_else(|| panic!("{s}"));
    assert!(left < 10, "the computer moved: {s}");
    assert!(!misere[left as usize], "{s}");
}
