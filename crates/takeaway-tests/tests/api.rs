//! The API's contract: caps (body, digits, work) answered with JSON 4xx errors,
//! malformed JSON 400, many concurrent requests answered correctly, a clean
//! shutdown, and answers equal to the library's.

mod common;
// Issue 23: unknown fields, Start's refusals, the heatmap's axes.
#[path = "api/page.rs"]
mod page;
// The table route: every shape, b-files checked against brute force.
#[path = "api/table.rs"]
mod table;

use common::{Response, hang_guard, http, http_async, post, raw, server, server_with};
use serde_json::{Value, json};
use std::time::Duration;
use takeaway::games::{AnalyzeRequest, Family, Game, Limits};

fn assert_error(r: &Response, status: u16) -> String {
    assert_eq!(r.status, status, "body: {}", r.body);
    let v = r.json();
    let msg = v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error field: {v}"));
    assert!(!msg.is_empty());
    msg.to_string()
}

/// The library's own answer, as JSON, under the server's limits.
fn library(game: &str, piles: &[u64], bound: Option<u64>) -> Value {
    let g = Game::parse(game).expect("game");
    let mut req = AnalyzeRequest::new(piles.iter().map(|&p| p.into()).collect());
    req.bound = bound.map(Into::into);
    req.limits = Limits::strict();
    serde_json::to_value(g.analyze(&req).expect("analysis")).expect("json")
}

#[test]
fn oversized_body_is_413_with_a_json_error() {
    let s = server();
    let big = format!(
        "{{\"game\": \"wythoff\", \"piles\": [1, 2], \"pad\": \"{}\"}}",
        "x".repeat(70 * 1024)
    );
    let r = http(s.addr, "POST", "/api/analyze", Some(big.as_bytes()));
    let msg = assert_error(&r, 413);
    assert!(msg.contains("65536"), "{msg}");
}

#[test]
fn malformed_json_is_400() {
    let s = server();
    for body in [
        "{oops",
        "[1, 2]",
        "",
        "{\"game\": 3}",
        "{\"game\": \"wythoff\"}",
    ] {
        let r = http(s.addr, "POST", "/api/analyze", Some(body.as_bytes()));
        assert_error(&r, 400);
    }
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "chess", "piles": [1]}),
    );
    assert!(assert_error(&r, 400).contains("unknown game"));
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "wythoff", "piles": [-1, 2]}),
    );
    assert_error(&r, 400);
    let r = post(
        s.addr,
        "/api/move",
        &json!({"game": "wythoff", "position": {"piles": [3, 5]}, "move": {"kind": "jump"}}),
    );
    assert_error(&r, 400);
    let r = http(s.addr, "GET", "/api/nothing", None);
    assert_error(&r, 404);
}

#[test]
fn huge_numbers_are_refused() {
    let s = server();
    let huge = "9".repeat(2001);
    let body = format!("{{\"game\": \"wythoff\", \"piles\": [{huge}, 1]}}");
    let r = http(s.addr, "POST", "/api/analyze", Some(body.as_bytes()));
    assert!(assert_error(&r, 413).contains("2000 digits"));
    let body = format!("{{\"game\": \"wythoff\", \"piles\": [\"{huge}\", 1]}}");
    let r = http(s.addr, "POST", "/api/analyze", Some(body.as_bytes()));
    assert_error(&r, 413);
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "wythoff", "piles": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]}),
    );
    assert_error(&r, 400);
}

#[test]
fn illegal_moves_are_400_with_the_reason() {
    let s = server();
    let r = post(
        s.addr,
        "/api/move",
        &json!({"game": "wythoff", "position": {"piles": [3, 5], "bound": null}, "move": {"kind": "both", "take": 4}}),
    );
    assert!(assert_error(&r, 400).contains("at most") || r.body.contains("1 to 3"));
}

#[test]
fn shutdown_finishes_cleanly() {
    let s = server();
    let r = http(s.addr, "GET", "/", None);
    assert_eq!(r.status, 200);
    assert!(r.body.contains("/app.js"));
    // Sends the shutdown signal and joins the server thread (which must not
    // have panicked); the guard catches a hang, the time is not checked.
    hang_guard("the shutdown", move || s.stop());
}

#[test]
fn the_page_loads_nothing_from_the_network() {
    for (name, text) in [
        ("index.html", takeaway_web::assets::INDEX_HTML),
        ("app.js", takeaway_web::assets::APP_JS),
        ("style.css", takeaway_web::assets::STYLE_CSS),
    ] {
        for pattern in ["http://", "https://", "//cdn", "@import"] {
            assert!(!text.contains(pattern), "{name} contains {pattern}");
        }
    }
}

/// A request for the `i`-th of the concurrent requests: every family in turn.
fn concurrent_case(i: u64) -> (&'static str, Vec<u64>) {
    let a = 10 + i % 37;
    let b = 5 + i % 23;
    match i % 7 {
        0 => ("wythoff", vec![a, b]),
        1 => ("fibonacci", vec![a * 7]),
        2 => ("one-pile:f=(n+t)/3", vec![a]),
        3 => ("spite", vec![a, b]),
        4 => ("nim", vec![a, b, 3]),
        5 => ("two-pile:f=2*t", vec![a, b]),
        _ => ("subtraction:s=1,3,4", vec![a + b]),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_concurrent_requests_are_all_answered_correctly() {
    let s = server();
    let mut tasks = Vec::new();
    for i in 0..200u64 {
        let addr = s.addr;
        tasks.push(tokio::spawn(async move {
            let (game, piles) = concurrent_case(i);
            let body = json!({"game": game, "piles": piles}).to_string();
            (
                game,
                piles,
                http_async(addr, "POST", "/api/analyze", Some(body.as_bytes())).await,
            )
        }));
    }
    for t in tasks {
        let (game, piles, r) = t.await.expect("task");
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json(), library(game, &piles, None), "{game} {piles:?}");
    }
}

#[test]
fn a_game_through_the_api() {
    let s = server();
    // (8, 13) is the 5th safe pair of Wythoff's Nim (A000201, A001950): the human,
    // moving first, is told that every move loses.
    let start = post(
        s.addr,
        "/api/start",
        &json!({"game": "wythoff", "piles": [8, 13]}),
    );
    assert_eq!(start.status, 200, "{}", start.body);
    let start = start.json();
    assert_eq!(start["to_act"], "human");
    assert_eq!(start["analysis"]["outcome"], "P");
    let hint = post(
        s.addr,
        "/api/hint",
        &json!({"game": "wythoff", "position": start["position"]}),
    )
    .json();
    assert_eq!(hint["winning"], false);
    assert!(
        hint["explanation"]
            .as_str()
            .unwrap_or_default()
            .starts_with("You are losing")
    );
    let grid = post(
        s.addr,
        "/api/grid",
        &json!({"game": "wythoff", "position": start["position"], "size": 8}),
    )
    .json();
    assert_eq!(grid["kind"], "pairs");
    assert_eq!(grid["cells"].as_array().map(Vec::len), Some(8));
    // Play the human's smallest move each turn until the game ends.
    let mut pos = start["position"].clone();
    for _ in 0..100 {
        let piles: Vec<u64> = pos["piles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .collect();
        let pile = piles.iter().position(|&p| p > 0).unwrap();
        let r = post(
            s.addr,
            "/api/move",
            &json!({"game": "wythoff", "position": pos, "move": {"kind": "take", "pile": pile, "take": 1}}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let r = r.json();
        assert_eq!(r["replies"].as_array().map(Vec::len), Some(1), "{r}");
        pos = r["position"].clone();
        if r["over"] == true {
            assert_eq!(r["winner"], "computer");
            return;
        }
    }
    panic!("the game did not end");
}

#[test]
fn the_human_who_takes_the_last_counter_wins() {
    let s = server();
    let r = post(
        s.addr,
        "/api/move",
        &json!({"game": "wythoff", "position": {"piles": [0, 3], "bound": null}, "move": {"kind": "take", "pile": 1, "take": 3}}),
    )
    .json();
    assert_eq!(r["over"], true);
    assert_eq!(r["winner"], "human");
    assert_eq!(r["replies"], json!([]));
}

#[test]
fn exhaustive_work_over_the_strict_limits_is_422() {
    let s = server();
    // Refused by the limits (the estimate or the work count), never by the
    // clock: a request stopped by the time limit says "ms of work".
    let not_by_the_clock = |r: &Response| assert!(!r.body.contains("ms of work"), "{}", r.body);
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "wythoff", "piles": [1_000_000_000_000u64, 1_000_000_000_001u64], "exhaustive": true}),
    );
    let message = assert_error(&r, 422);
    assert!(message.contains("limit"), "{message}");
    // Its advice names the request's field, not the command line's flag
    // (`--exhaustive`): the API words it (takeaway_web::FieldNames).
    assert!(
        message.ends_with("use the theory (drop `\"exhaustive\": true`) or smaller piles"),
        "{message}"
    );
    assert!(!message.contains("--"), "{message}");
    not_by_the_clock(&r);
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "spite", "piles": [100_000, 60_000, 5]}),
    );
    assert_error(&r, 422);
    not_by_the_clock(&r);
    // f depends on n: no theory; the exhaustive table of 10^8 piles needs
    // 400 MB, over the strict 256 MiB.
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "one-pile:f=(n+t)/3", "piles": [100_000_000]}),
    );
    assert!(assert_error(&r, 422).contains("MiB"));
    not_by_the_clock(&r);
    // Playing from there: the computer has no analysis but still moves legally.
    let r = post(
        s.addr,
        "/api/start",
        &json!({"game": "one-pile:f=(n+t)/3", "piles": [100_000_000], "first": "computer"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["replies"][0]["intent"], "fallback");
}

/// Every family the page offers is available, and starts, hints and draws
/// its heatmap through the API.
#[test]
fn every_offered_family_starts_hints_and_draws() {
    let s = server();
    let games = http(s.addr, "GET", "/api/games", None).json();
    let games = games["games"].as_array().expect("games").clone();
    let available: Vec<&Value> = games.iter().filter(|g| g["available"] == true).collect();
    assert_eq!(available.len(), games.len(), "{games:?}");
    for id in [
        "fibonacci",
        "one-pile",
        "two-pile",
        "wythoff",
        "spite",
        "nim",
        "subtraction",
        "misere",
        "minmax",
    ] {
        assert!(
            available.iter().any(|g| g["id"] == id),
            "{id} is not available: {games:?}"
        );
    }
    // Every family starts from its catalogue's example position (a sum's
    // is its parts); a heatmap is drawn where the family has one.
    for g in available {
        let game = &g["example"];
        let mut body = g["position"].clone();
        body["game"] = game.clone();
        let start = post(s.addr, "/api/start", &body);
        assert_eq!(start.status, 200, "{game}: {}", start.body);
        let start = start.json();
        assert!(start["analysis"]["outcome"].is_string(), "{game}: {start}");
        let routes: &[&str] = if g["capabilities"]["heatmap"]["axes"] == "" {
            &["/api/hint"]
        } else {
            &["/api/hint", "/api/grid"]
        };
        for &route in routes {
            let r = post(
                s.addr,
                route,
                &json!({"game": game, "position": start["position"]}),
            );
            assert_eq!(r.status, 200, "{game} {route}: {}", r.body);
        }
        // The legal moves and the reasons for the others come with the
        // answer and from /api/options, equal to the library's (the rules).
        let opts = post(
            s.addr,
            "/api/options",
            &json!({"game": game, "position": start["position"]}),
        );
        assert_eq!(opts.status, 200, "{game}: {}", opts.body);
        assert_eq!(start["options"], opts.json(), "{game}");
        let lib_game = Game::parse(game.as_str().expect("spec")).expect("spec");
        let pos: takeaway::games::play::Position =
            serde_json::from_value::<takeaway_web::input::PositionBody>(start["position"].clone())
                .expect("position")
                .position()
                .expect("position");
        let lib = lib_game.move_options(&pos, 60).expect("options");
        assert_eq!(
            start["options"],
            serde_json::to_value(&lib).expect("json"),
            "{game}"
        );
    }
}

/// The page keeps no rules and no list of families: its script names no
/// family of the one list (ids and spec names as string literals) and has
/// no function of its own that decides whether a move is legal, nor code of
/// its own for sums.
#[test]
fn the_page_holds_no_family_id_and_no_move_rule() {
    let script = include_str!("../../takeaway-web/assets/app.js");
    for f in takeaway::family::FAMILIES {
        for name in std::iter::once(&f.id).chain(f.names).chain(f.aliases) {
            for quoted in [format!("\"{name}\""), format!("'{name}'")] {
                assert!(
                    !script.contains(&quoted),
                    "app.js names the family {quoted}"
                );
            }
        }
    }
    // The old copies of the rules: a subtraction set parsed in the page, a
    // bound compared with a take, the longest row for a call, the first
    // phase of the appendix games read from the spec.
    for rule in [
        "setOf(",
        "the set S",
        "you may take at most",
        "a call may be at most",
        "(must-add|add)=",
    ] {
        assert!(!script.contains(rule), "app.js keeps a move rule: {rule}");
    }
    // No code path of its own for sums: a position with parts is drawn
    // part by part with the boards of the parts' families. Outside
    // comments, the only words with "sum" in them are `summary` (an HTML
    // element) and the catalogue's capability `sum_part`.
    for (n, line) in script.lines().enumerate() {
        let code = line.split("// ").next().unwrap_or_default();
        for word in code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            let lower = word.to_ascii_lowercase();
            assert!(
                !lower.contains("sum") || lower == "summary" || lower == "sum_part",
                "app.js line {}: `{word}` looks like code of its own for sums: {line}",
                n + 1
            );
        }
    }
}

/// The one-pile tableau (taken from one table of `L(n)`) shows, for every
/// pile, the least winning move of that pile's own analysis, and N exactly
/// where the bound reaches it.
#[test]
fn the_one_pile_tableau_agrees_with_the_analysis() {
    let s = server();
    for (game, pile) in [("fibonacci", 20u64), ("one-pile:f=(n+t)/3", 100)] {
        let g = post(
            s.addr,
            "/api/grid",
            &json!({"game": game, "position": {"piles": [pile], "bound": 3}, "size": 12}),
        );
        assert_eq!(g.status, 200, "{}", g.body);
        let g = g.json();
        assert_eq!(g["kind"], "tableau");
        let xs = g["x"]["values"].as_array().expect("x").clone();
        let ys = g["y"]["values"].as_array().expect("y").clone();
        for (i, x) in xs.iter().enumerate() {
            let x = x.as_u64().expect("pile");
            let value = &library(game, &[x], None)["value"];
            for (j, w) in ys.iter().enumerate() {
                let c = &g["cells"][j][i];
                assert_eq!(&c["value"], value, "{game} pile {x}");
                let wins = value
                    .as_u64()
                    .is_some_and(|l| l <= w.as_u64().expect("w") && l <= x);
                assert_eq!(c["outcome"], if wins { "N" } else { "P" }, "{game} {x} {w}");
            }
        }
    }
}

#[test]
fn a_timed_out_request_stops_computing_and_frees_its_slot() {
    // One worker and a 300 ms time limit: an expensive request is answered
    // 422 at the limit, and its work really stops (the engine's cancel
    // token): the next request gets the only worker slot at once. Before
    // the engine, the abandoned job kept the core busy for seconds
    // (issue 11: `one-pile:f=n` on 65535 took 12.6 s of CPU after its 422).
    // The work caps are generous so that only the clock can stop the
    // request (on a fast machine the strict caps are hit first, a 422 too,
    // but not the one under test).
    let config = takeaway_web::Config {
        timeout: Duration::from_millis(300),
        workers: 1,
        quick: Duration::from_millis(1),
        limits: takeaway::engine::Limits::generous(),
        ..takeaway_web::Config::default()
    };
    let s = server_with(config);
    // Issue 17, F3: the two-pile tableau with an expensive f (n·t^90 on big
    // integers) checked its limits once a row only and ran on after its 422.
    let expensive = format!("n*{}", vec!["t"; 90].join("*"));
    for body in [
        json!({"game": "one-pile:f=n", "piles": [65535]}),
        json!({"game": format!("two-pile:f={expensive}"), "piles": [3000, 5000]}),
    ] {
        let r = post(s.addr, "/api/analyze", &body);
        let message = assert_error(&r, 422);
        // Stopped at the time limit (the message says so), not run on.
        assert!(message.contains("ms of work"), "{message}");
        // A request of some milliseconds: past the quick lane's 1 ms it
        // needs the only slot of the slow lane.
        let r = post(
            s.addr,
            "/api/analyze",
            &json!({"game": "one-pile:f=n", "piles": [1000]}),
        );
        // With the job still holding the slot this would wait for it longer
        // than the 300 ms a request may wait and be answered 503 busy: the
        // slot was free again. It got the slot: 200, or — on a machine so
        // loaded that this request itself passes 300 ms — a 422 at the time
        // limit, never 503.
        assert_ne!(r.status, 503, "the slot was not freed: {}", r.body);
        if r.status != 200 {
            let message = assert_error(&r, 422);
            assert!(message.contains("ms of work"), "{message}");
        }
    }
}

#[test]
fn only_json_bodies_and_loopback_hosts_are_served() {
    let s = server();
    let body = r#"{"game": "fibonacci", "piles": [20]}"#;
    let request = |host: &str, content_type: Option<&str>| {
        let mut r = format!(
            "POST /api/analyze HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        if let Some(t) = content_type {
            r.push_str(&format!("Content-Type: {t}\r\n"));
        }
        r.push_str("\r\n");
        r.push_str(body);
        r.into_bytes()
    };
    let here = s.addr.to_string();
    // JSON (with or without a charset) is answered.
    let r = raw(
        s.addr,
        &request(&here, Some("application/json; charset=utf-8")),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = raw(
        s.addr,
        &request(
            &format!("localhost:{}", s.addr.port()),
            Some("application/json"),
        ),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // Any other or missing Content-Type: 415 with a JSON error.
    for t in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
    ] {
        let r = raw(s.addr, &request(&here, t));
        assert!(assert_error(&r, 415).contains("Content-Type"), "{t:?}");
    }
    // A foreign Host (DNS rebinding): 421, whatever the body.
    let r = raw(
        s.addr,
        &request("evil.example:8080", Some("application/json")),
    );
    assert!(assert_error(&r, 421).contains("--public"));
    // `--public` serves any Host.
    let open = server_with(takeaway_web::Config {
        public: true,
        ..takeaway_web::Config::default()
    });
    let r = raw(
        open.addr,
        &request("evil.example:8080", Some("application/json")),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn an_appendix_game_adds_through_the_api() {
    // two-pile:f=2*t:add=1 from (0, 2) with bound 1: adding 1 to pile 2 wins
    // (the library's brute-force-checked answer); the position after it
    // carries first_phase_left = 0, and a second add is refused.
    let s = server();
    let game = "two-pile:f=2*t:add=1";
    let r = post(
        s.addr,
        "/api/move",
        &json!({"game": game, "position": {"piles": [0, 2], "bound": 1}, "move": {"kind": "add", "pile": 1, "add": 1}}),
    )
    .json();
    assert_eq!(r["human_position"]["piles"], json!([0, 3]), "{r}");
    assert_eq!(r["human_position"]["first_phase_left"], 0, "{r}");
    assert_eq!(library(game, &[0, 2], Some(1))["move"]["kind"], "add");
    let bad = post(
        s.addr,
        "/api/move",
        &json!({"game": game, "position": {"piles": [0, 3], "bound": 2, "first_phase_left": 0}, "move": {"kind": "add", "pile": 0, "add": 1}}),
    );
    assert_error(&bad, 400);
}

/// The whole raw answer (head and body) to raw request bytes, read until the
/// server closes the connection or `wait` passes.
fn raw_answer(addr: std::net::SocketAddr, request: &[u8], wait: Duration) -> String {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(wait)).ok();
    let _ = s.write_all(request);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).to_string()
}

/// Issue 17, F7: `/api/move`, `/api/hint` and `/api/grid` check a position
/// as fully as `/api/start` makes it (the shapes below were accepted by
/// `/api/move` before: Wythoff with 3 piles or 1, Fibonacci with 16 piles of
/// which 15 were dropped, a Spite Nim pick of the call 0, a null bound read as
/// unbounded); every error, 405 included, is `{"error": …}`.
#[test]
fn tampered_positions_are_400_on_every_route() {
    let s = server();
    let take = json!({"kind": "take", "pile": 0, "take": 1});
    let tampered = [
        ("wythoff", json!({"piles": [3, 4, 5]}), take.clone()),
        ("wythoff", json!({"piles": [3]}), take.clone()),
        (
            "wythoff",
            json!({"piles": [3, 4], "bound": 2}),
            take.clone(),
        ),
        (
            "fibonacci",
            json!({"piles": (3..19).collect::<Vec<u32>>()}),
            take.clone(),
        ),
        ("fibonacci", json!({"piles": [20], "call": 3}), take.clone()),
        (
            "spite",
            json!({"piles": [3, 4], "call": 0}),
            json!({"kind": "pick", "pile": 0}),
        ),
        (
            "spite",
            json!({"piles": [3, 4], "call": 9}),
            json!({"kind": "pick", "pile": 0}),
        ),
        ("nim", json!({"piles": [3, 4], "bound": 2}), take.clone()),
    ];
    for (game, position, mv) in &tampered {
        let r = post(
            s.addr,
            "/api/move",
            &json!({"game": game, "position": position, "move": mv}),
        );
        assert_error(&r, 400);
        for route in ["/api/hint", "/api/grid"] {
            let r = post(s.addr, route, &json!({"game": game, "position": position}));
            let msg = assert_error(&r, 400);
            assert!(!msg.is_empty(), "{route} {game} {position}");
        }
    }
    // A null or missing one-pile bound is the default n − 1, never unbounded:
    // the whole pile of 20 cannot be taken (the rules: 1 ≤ t ≤ n − 1).
    for position in [
        json!({"piles": [20], "bound": null}),
        json!({"piles": [20]}),
    ] {
        let r = post(
            s.addr,
            "/api/move",
            &json!({"game": "one-pile:f=2*t", "position": position, "move": {"kind": "take", "pile": 0, "take": 20}}),
        );
        assert!(assert_error(&r, 400).contains("19"), "{}", r.body);
    }
    // The same position with its bound given is played.
    let r = post(
        s.addr,
        "/api/move",
        &json!({"game": "one-pile:f=2*t", "position": {"piles": [20], "bound": 19}, "move": {"kind": "take", "pile": 0, "take": 2}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // 405 has a JSON body too.
    let r = http(s.addr, "PUT", "/api/move", None);
    assert!(assert_error(&r, 405).contains("PUT"));
    let r = http(s.addr, "DELETE", "/", None);
    assert_error(&r, 405);
}

/// Issue 17, F1/F4: a request that waits longer than the timeout for a slot
/// is answered 503 "busy" (not "needs more work"), and every 503 says when
/// to retry.
#[test]
fn queued_requests_that_time_out_are_busy_with_retry_after() {
    let config = takeaway_web::Config {
        timeout: Duration::from_millis(300),
        workers: 1,
        quick_workers: 1,
        limits: takeaway::engine::Limits::generous(),
        ..takeaway_web::Config::default()
    };
    let s = server_with(config);
    let body = r#"{"game": "one-pile:f=n", "piles": [65535]}"#;
    let request = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        s.addr,
        body.len()
    );
    let answers: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..5)
            .map(|_| {
                scope.spawn(|| raw_answer(s.addr, request.as_bytes(), Duration::from_secs(30)))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("client"))
            .collect()
    });
    let busy: Vec<&String> = answers
        .iter()
        .filter(|a| a.starts_with("HTTP/1.1 503"))
        .collect();
    // One slot, five requests of 300 ms each at least: some must wait longer.
    assert!(!busy.is_empty(), "{answers:?}");
    for a in &busy {
        let lower = a.to_ascii_lowercase();
        assert!(lower.contains("\r\nretry-after: "), "{a}");
        assert!(lower.contains("busy"), "{a}");
    }
    for a in &answers {
        assert!(
            a.starts_with("HTTP/1.1 503") || a.starts_with("HTTP/1.1 422"),
            "{a}"
        );
    }
}

/// Issue 17, F5: a connection that never finishes its head or its body is
/// closed (the timeouts here are shortened), and half-open connections do
/// not keep a new client out.
#[test]
fn slow_connections_are_closed_and_do_not_lock_out_clients() {
    // No lock-out: here the half-open connections are held far longer (10
    // min) than a client waits for its answer (60 s), so the new client's
    // 200 shows they did not keep it out, whatever the machine's load.
    let patient = takeaway_web::Config {
        header_timeout: Duration::from_secs(600),
        body_timeout: Duration::from_secs(600),
        ..takeaway_web::Config::default()
    };
    let s = server_with(patient);
    let mut stalled = Vec::new();
    for i in 0..100 {
        use std::io::Write;
        let mut c = std::net::TcpStream::connect(s.addr).expect("connect");
        let part: &[u8] = if i % 2 == 0 {
            b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        } else {
            b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        };
        c.write_all(part).expect("write");
        stalled.push(c);
    }
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "fibonacci", "piles": [20]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    drop(stalled);
    drop(s);
    // Closing: the timeouts shortened; each connection below must be closed
    // by the server (end of stream), not by our read timeout (a hang guard).
    let config = takeaway_web::Config {
        header_timeout: Duration::from_millis(500),
        body_timeout: Duration::from_millis(700),
        ..takeaway_web::Config::default()
    };
    let s = server_with(config);
    let mut held = Vec::new();
    for i in 0..100 {
        use std::io::Write;
        let mut c = std::net::TcpStream::connect(s.addr).expect("connect");
        let part: &[u8] = if i % 2 == 0 {
            b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        } else {
            b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        };
        c.write_all(part).expect("write");
        held.push(c);
    }
    // A half-sent head: closed without an answer; a stalled body: 408.
    let (head, head_closed) =
        answer_until_closed(s.addr, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
    let (body, body_closed) = answer_until_closed(
        s.addr,
        b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"game\"",
    );
    assert!(!head.starts_with("HTTP/1.1 2"), "{head}");
    assert!(head_closed, "a half-sent head was not closed: {head}");
    assert!(body.starts_with("HTTP/1.1 408"), "{body}");
    assert!(body.contains("\"error\""), "{body}");
    assert!(body_closed, "a stalled body was not closed: {body}");
    // The held connections were closed by the server too.
    for mut c in held {
        use std::io::Read;
        c.set_read_timeout(Some(common::HANG_GUARD)).ok();
        let mut buf = Vec::new();
        assert!(c.read_to_end(&mut buf).is_ok(), "still open");
    }
}

/// Sends `request` and reads until the server closes the connection: the
/// answer, and whether it was the server that closed it (end of stream)
/// rather than the hang guard's read timeout.
fn answer_until_closed(addr: std::net::SocketAddr, request: &[u8]) -> (String, bool) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(common::HANG_GUARD)).ok();
    let _ = s.write_all(request);
    let mut out = Vec::new();
    let closed = s.read_to_end(&mut out).is_ok();
    (String::from_utf8_lossy(&out).to_string(), closed)
}

/// Issue 26, (2): bounds of 2^32 − 1 and more used to panic (500 "task N
/// panicked") on analyze, start, hint and grid; now each is an answer or an
/// error naming the limit.
#[test]
fn bounds_of_two_to_the_32_and_more_never_panic() {
    let s = server();
    // f ≥ every pile: a move of t < n lets the opponent take the rest, so
    // only taking the whole pile wins: L(20) = 20, and with the default
    // bound 19 the mover loses (the functional equation of the one-pile
    // game, L(n) = min{t : f(n, t) < L(n − t)}, with L(0) = ∞).
    for game in [
        "one-pile:f=4294967295",
        "one-pile:f=fib(48)",
        "one-pile:f=18446744073709551616",
    ] {
        let r = post(
            s.addr,
            "/api/analyze",
            &json!({"game": game, "piles": [20], "exhaustive": true}),
        );
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        assert_eq!(r.json()["value"], 20, "{game}");
        assert_eq!(r.json()["outcome"], "P", "{game}");
        let r = post(
            s.addr,
            "/api/start",
            &json!({"game": game, "piles": [20], "first": "computer"}),
        );
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        let position = json!({"piles": [20], "bound": 19});
        let r = post(
            s.addr,
            "/api/hint",
            &json!({"game": game, "position": position}),
        );
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        let r = post(
            s.addr,
            "/api/grid",
            &json!({"game": game, "position": position, "size": 32}),
        );
        assert_eq!(r.status, 200, "{game}: {}", r.body);
    }
    // Too large to evaluate at all: refused before it is computed, as a
    // limit (422), not as a mistake in the spec.
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "one-pile:f=fib(9999999)", "piles": [20]}),
    );
    let message = assert_error(&r, 422);
    assert!(
        message.contains("over the limit of 1048576 bits"),
        "{message}"
    );
}

/// Issue 26, (3): a 64-byte heatmap request for Nim with 2,000-digit piles
/// answered 2.2 MB; answers over 1 MiB are refused before the work, naming
/// a size that fits.
#[test]
fn heatmaps_of_huge_piles_are_capped() {
    let s = server();
    let big = "8".repeat(2000);
    let body = |size: u64| json!({"game": "nim", "position": {"piles": [big, big]}, "size": size});
    let message = assert_error(&post(s.addr, "/api/grid", &body(32)), 422);
    assert!(
        message.contains("over the limit of 1048576 bytes"),
        "{message}"
    );
    // 21² cells of 2,034 bytes and two axes of 21 numbers fit in 1 MiB, 22² do not (grid::check_size).
    assert!(message.contains("`size` 21 or less"), "{message}");
    let r = post(s.addr, "/api/grid", &body(16));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.len() < 1 << 20, "{}", r.body.len());
}

/// Issue 26, (7): part 2^64 − 1 said "There is no part 0" (`part + 1`
/// wrapped; a panic with overflow checks).
#[test]
fn a_part_beyond_the_sum_is_named() {
    let s = server();
    let r = post(
        s.addr,
        "/api/move",
        &json!({"game": "sum", "position": {"parts": [{"game": "nim", "piles": [3]}]},
                "move": {"kind": "part", "part": 18446744073709551615u64,
                         "move": {"kind": "take", "pile": 0, "take": 1}}}),
    );
    let message = assert_error(&r, 400);
    assert!(
        message.contains("There is no part 18446744073709551616: the sum has 1 parts"),
        "{message}"
    );
}

/// Issue 26, (3): clients that pipeline requests and never read their
/// answers filled the connection cap and locked every new client out;
/// now the one whose answer has waited longest for its reader is closed to
/// make room.
#[test]
fn clients_that_never_read_do_not_lock_out_new_ones() {
    use std::io::Write;
    let config = takeaway_web::Config {
        max_connections: 8,
        ..takeaway_web::Config::default()
    };
    let s = server_with(config);
    let pipelined = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".repeat(400);
    let mut held = Vec::new();
    for _ in 0..8 {
        let mut c = std::net::TcpStream::connect(s.addr).expect("connect");
        c.set_write_timeout(Some(Duration::from_millis(200))).ok();
        let _ = c.write_all(pipelined.as_bytes());
        held.push(c);
    }
    // Their answers stall (the kernel's buffers fill); past 200 ms they
    // may be evicted.
    std::thread::sleep(Duration::from_millis(600));
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "fibonacci", "piles": [20]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    drop(held);
}

/// Issue 26, (3): a client that sends requests ahead (pipelining) gets
/// the answers to at most `MAX_PIPELINED` + 1 of them, the last saying
/// `Connection: close`, then the connection ends — so 1,540 clients that
/// never read cannot fill their receive buffers with answers. A client that
/// waits for each answer keeps its connection for as many requests as it
/// likes. (Expected counts: the documented cap `conn::MAX_PIPELINED` = 4.)
#[test]
fn requests_sent_ahead_get_a_few_answers_then_the_connection_closes() {
    use std::io::{Read, Write};
    let s = server_with(takeaway_web::Config::default());
    let one = "GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    let mut ahead = std::net::TcpStream::connect(s.addr).expect("connect");
    ahead
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    ahead.write_all(one.repeat(50).as_bytes()).expect("write");
    let mut all = Vec::new();
    let _ = ahead.read_to_end(&mut all);
    let text = String::from_utf8_lossy(&all).to_ascii_lowercase();
    assert_eq!(
        text.matches("http/1.1 200").count(),
        5,
        "{}",
        &text[..text.len().min(400)]
    );
    assert_eq!(text.matches("connection: close").count(), 1);

    // One request at a time on one connection: every answer, none closing.
    let mut polite = std::net::TcpStream::connect(s.addr).expect("connect");
    polite
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    for i in 0..12 {
        polite.write_all(one.as_bytes()).expect("write");
        let mut got = Vec::new();
        let mut buf = [0u8; 65536];
        // Read one whole answer: headers, then Content-Length bytes.
        loop {
            let n = polite.read(&mut buf).expect("read");
            assert!(n > 0, "request {i}: the server closed the connection");
            got.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&got).to_ascii_lowercase();
            if let Some(end) = text.find("\r\n\r\n") {
                let length: usize = text
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse().ok())
                    .expect("content-length");
                if got.len() >= end + 4 + length {
                    assert!(!text[..end].contains("connection: close"), "request {i}");
                    break;
                }
            }
        }
    }
}

/// Issue 17, F6: the server stops within 2 s of its shutdown signal with a
/// half-sent request and work in flight.
#[test]
fn shutdown_with_a_half_sent_request_and_work_in_flight_is_quick() {
    use std::io::Write;
    // Timeouts of 10 minutes: only the shutdown itself can end the half-sent
    // request and the work, so a stop within the hang guard shows it does
    // (the 2 s it takes are measured in BENCHMARKS.md, not asserted here).
    let s = server_with(takeaway_web::Config {
        timeout: Duration::from_secs(600),
        header_timeout: Duration::from_secs(600),
        body_timeout: Duration::from_secs(600),
        ..takeaway_web::Config::default()
    });
    let mut half = std::net::TcpStream::connect(s.addr).expect("connect");
    half.write_all(b"POST /api/analyze HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50\r\n\r\n{")
        .expect("write");
    let addr = s.addr;
    let worker = std::thread::spawn(move || {
        post(
            addr,
            "/api/grid",
            &json!({"game": "two-pile:f=2*t", "position": {"piles": [9, 9, 9, 9, 9, 9]}, "size": 32}),
        )
    });
    std::thread::sleep(Duration::from_millis(300));
    hang_guard("the shutdown", move || s.stop());
    let r = worker.join().expect("client");
    assert_ne!(r.status, 200, "{}", r.body);
}

/// Issue 17, F2: a k-pile search counts its memory (16 piles of 10 peaked at
/// 979 MB before) and is refused under the request's share of the budget.
#[test]
fn k_pile_searches_stay_within_the_memory_budget() {
    let s = server();
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "two-pile:f=2*t", "piles": vec![10; 16]}),
    );
    // Refused for its memory, not stopped by the clock ("ms of work").
    assert!(assert_error(&r, 422).contains("MiB"), "{}", r.body);
    assert!(!r.body.contains("ms of work"), "{}", r.body);
}

/// Fuzzing (issue 17): the spec parser, the bound language and the API's
/// request decoding never panic, whatever the input. Each input goes
/// through everything a request goes through before the work: the body into
/// its typed request, the spec into a game, the position checked against the
/// game, the move read and applied; and the text as a bound, evaluated.
mod fuzz {
    use num_bigint::BigUint;
    use proptest::prelude::*;
    use takeaway::bound::Bound;
    use takeaway::games::play::Play;
    use takeaway::games::{Family, Game};
    use takeaway_web::input::{self, GridBody, HintBody, MoveRequest};

    /// Pieces specs, bounds and bodies are made of, so that random inputs
    /// are often nearly valid (pure noise stops at the first character).
    const PIECES: &[&str] = &[
        "fibonacci",
        "one-pile",
        "two-pile",
        "wythoff",
        "spite",
        "nim",
        "subtraction",
        ":f=",
        ":s=",
        ":min=",
        ":max=",
        ":base=",
        ":piles=",
        ":misere=true",
        "binary",
        "t",
        "n",
        "*",
        "+",
        "-",
        "/",
        "%",
        "(",
        ")",
        ",",
        "<",
        "<=",
        "==",
        "!=",
        ">",
        "&&",
        "||",
        "!",
        "min(",
        "max(",
        "if(",
        "fib(",
        "g(",
        "gbar(",
        "h(",
        "0",
        "1",
        "2",
        "3",
        "10",
        "99999999999999999999",
        " ",
        "=",
        ":",
        "é",
        "\u{0}",
    ];

    fn text() -> impl Strategy<Value = String> {
        prop_oneof![
            3 => prop::collection::vec(prop::sample::select(PIECES), 0..12)
                .prop_map(|v| v.concat()),
            1 => ".{0,40}",
        ]
    }

    fn number() -> impl Strategy<Value = serde_json::Value> {
        prop_oneof![
            (0u64..40).prop_map(serde_json::Value::from),
            Just(serde_json::json!(-1)),
            Just(serde_json::json!(1.5)),
            Just(serde_json::json!("12")),
            Just(serde_json::json!("1e3")),
            Just(serde_json::json!(null)),
            Just(serde_json::json!([1])),
            Just(serde_json::Value::Number(
                "123456789012345678901234567890".parse().expect("number")
            )),
        ]
    }

    fn position() -> impl Strategy<Value = serde_json::Value> {
        (
            prop::collection::vec(number(), 0..5),
            prop::option::of(number()),
            prop::option::of(number()),
        )
            .prop_map(|(piles, bound, call)| {
                let mut p = serde_json::json!({ "piles": piles });
                if let Some(b) = bound {
                    p["bound"] = b;
                }
                if let Some(c) = call {
                    p["call"] = c;
                }
                p
            })
    }

    fn a_move() -> impl Strategy<Value = serde_json::Value> {
        (
            prop::sample::select(&["take", "both", "call", "pick", "jump"][..]),
            prop::option::of(0usize..4),
            prop::option::of(number()),
        )
            .prop_map(|(kind, pile, n)| {
                let mut m = serde_json::json!({ "kind": kind });
                if let Some(p) = pile {
                    m["pile"] = p.into();
                }
                if let Some(n) = n {
                    m["take"] = n.clone();
                    m["call"] = n;
                }
                m
            })
    }

    const GAMES: &[&str] = &[
        "fibonacci",
        "one-pile:f=3*t",
        "one-pile:f=(n+t)/3",
        "two-pile:f=2*t",
        "wythoff",
        "spite",
        "nim",
        "subtraction:s=1,3,4",
        "subtraction:min=3:max=5:misere=true",
    ];

    fn body() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            3 => (
                prop_oneof![prop::sample::select(GAMES).prop_map(String::from), text()],
                position(),
                a_move(),
            )
                .prop_map(|(game, position, mv)| {
                    serde_json::json!({ "game": game, "position": position, "move": mv })
                        .to_string()
                        .into_bytes()
                }),
            1 => text().prop_map(String::into_bytes),
            1 => prop::collection::vec(any::<u8>(), 0..64),
        ]
    }

    /// One input through every stage; errors are fine, panics are not.
    fn stages(spec: &str, body: &[u8]) {
        if let Ok(game) = Game::parse(spec) {
            let again = Game::parse(&game.spec());
            assert!(again.is_ok(), "{spec} -> {}", game.spec());
        }
        if let Ok(bound) = Bound::parse(spec) {
            for (n, t) in [(0u32, 0u32), (1, 1), (7, 3), (100, 99)] {
                let _ = bound.eval(&BigUint::from(n), &BigUint::from(t));
                let _ = bound.eval_u64(u64::from(n), u64::from(t));
            }
        }
        if let Ok(req) = input::body::<MoveRequest>(body)
            && let Ok(game) = input::game(&req.game)
            && let Ok(pos) = req.position.position()
            && let Ok(pos) = game.check_position(&pos)
            && let Ok(mv) = req.mv.play_move()
        {
            let _ = game.apply(&pos, &mv);
            let _ = game.legal_moves(&pos, 4);
        }
        let _ = input::body::<HintBody>(body);
        let _ = input::body::<GridBody>(body);
        let _ = input::body::<input::AnalyzeBody>(body).map(|b| b.position());
        let _ = input::body::<input::StartBody>(body).map(|b| b.position());
    }

    proptest! {
        // The short run of every test run (CI): a pinned case count.
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn no_input_panics(spec in text(), body in body()) {
            stages(&spec, &body);
        }
    }

    /// The long run: `TAKEAWAY_FUZZ_CASES` inputs (default 1,000,000):
    /// `cargo test --profile ci -p takeaway-tests --test api -- --ignored fuzz`.
    #[test]
    #[ignore = "long: a million inputs (see README, Fuzzing)"]
    fn no_input_panics_long() {
        let cases = std::env::var("TAKEAWAY_FUZZ_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1_000_000u32);
        let config = ProptestConfig {
            cases,
            failure_persistence: None,
            ..ProptestConfig::default()
        };
        let start = std::time::Instant::now();
        proptest::test_runner::TestRunner::new(config)
            .run(&(text(), body()), |(spec, body)| {
                stages(&spec, &body);
                Ok(())
            })
            .expect("no input panics");
        // Read by the README's command (--nocapture).
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            format!("fuzz: {cases} inputs, no panic, {:?}\n", start.elapsed()).as_bytes(),
        );
    }
}

/// Fuzzing (issue 26): bound expressions × families through the work itself
/// (the theory, the exhaustive solvers, tables, verification, hints, the
/// heatmap), with values near 2^32, 2^64 and beyond, under small limits. Run
/// with the `ci` profile (overflow checks): a wrapped subtraction or an
/// index out of range is a panic here. Errors are fine, panics are not.
mod fuzz_bounds {
    use num_bigint::BigUint;
    use proptest::prelude::*;
    use takeaway::engine::Cancel;
    use takeaway::games::play::Play;
    use takeaway::games::{
        AnalyzeRequest, Family, Game, Limits, NoProgress, TableRequest, VerifyRequest,
    };

    /// Pieces of bounds: operators, and numbers on both sides of 2^32 and
    /// 2^64 (as literals, Fibonacci numbers, powers of `t` and base terms).
    const PIECES: &[&str] = &[
        "t",
        "n",
        "t",
        "n",
        "*",
        "+",
        "-",
        "/",
        "%",
        "(",
        ")",
        ",",
        "<",
        "==",
        ">=",
        "&&",
        "||",
        "!",
        "min(",
        "max(",
        "if(",
        "0",
        "1",
        "2",
        "3",
        "4294967295",
        "4294967296",
        "4294967297",
        "18446744073709551615",
        "18446744073709551616",
        "340282366920938463463374607431768211456",
        "fib(47)",
        "fib(48)",
        "fib(93)",
        "fib(94)",
        "fib(300)",
        "fib(9999999)",
        "h(33)",
        "h(65)",
        "h(10000000)",
        "g(n)",
        "gbar(t)",
        "g(t)",
        "t*t*t*t*t*t*t*t",
        "2*t",
        "n-t",
        "t-n",
    ];

    const FAMILIES: &[&str] = &[
        "one-pile:f={}",
        "one-pile:f={}:misere=true",
        "one-pile:f={}:base=binary",
        "two-pile:f={}",
        "two-pile:f={}:base=fibonacci",
        "two-pile:f={}:base=binary",
        "two-pile:f={}:piles=3",
        "two-pile:f={}:misere=true",
    ];

    fn bound() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(PIECES), 1..8).prop_map(|v| v.concat())
    }

    fn pile() -> impl Strategy<Value = BigUint> {
        prop_oneof![
            8 => (0u64..14).prop_map(BigUint::from),
            1 => Just(BigUint::from(u32::MAX)),
            1 => Just(BigUint::from(u64::MAX)),
            1 => Just(BigUint::from(u64::MAX) + 2u32),
        ]
    }

    /// One bound in one family, through every kind of work.
    fn stages(family: &str, f: &str, piles: &[BigUint], bound: Option<BigUint>, rows: u64) {
        let Ok(game) = Game::parse(&family.replace("{}", f)) else {
            return;
        };
        // Small caps: every input is cheap, and the caps' own paths are fuzzed.
        let limits = || Limits {
            max_states: 20_000,
            max_bytes: 1 << 20,
            cancel: Cancel::new(),
        };
        for exhaustive in [false, true] {
            let mut req = AnalyzeRequest::new(piles.to_vec());
            req.bound = bound.clone();
            req.exhaustive = exhaustive;
            req.all = exhaustive;
            req.limits = limits();
            let _ = game.analyze(&req);
        }
        for grundy in [None, Some(rows.min(6))] {
            let req = TableRequest {
                rows,
                cols: grundy,
                limits: limits(),
                progress: &NoProgress,
                summary: false,
                format: Default::default(),
                slice: Vec::new(),
            };
            let _ = game.table(&req);
        }
        let _ = game.verify(&VerifyRequest {
            up_to: rows.min(6),
            limits: limits(),
            progress: &NoProgress,
        });
        if let Ok(pos) = game.start(piles.to_vec(), bound.clone()) {
            let _ = game.hint(&pos, &limits());
            let _ = game.computer_move(&pos, &limits());
            for mv in game.legal_moves(&pos, 3) {
                let _ = game.apply(&pos, &mv);
            }
            let _ = takeaway_web::grid::grid(&game, &pos, 3, &limits());
        }
    }

    fn input() -> impl Strategy<Value = (&'static str, String, Vec<BigUint>, Option<BigUint>, u64)>
    {
        (
            prop::sample::select(FAMILIES),
            bound(),
            prop::collection::vec(pile(), 1..4),
            prop::option::of(pile()),
            prop_oneof![0u64..24, Just(1u64 << 33)],
        )
    }

    proptest! {
        // The short run of every test run: a pinned case count.
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn no_bound_panics(
            (family, f, piles, bound, rows) in input()
        ) {
            stages(family, &f, &piles, bound, rows);
        }
    }

    /// The long run, `TAKEAWAY_FUZZ_CASES` inputs (default 1,000,000):
    /// `cargo test --profile ci -p takeaway-tests --test api -- --ignored fuzz_bounds --nocapture`.
    #[test]
    #[ignore = "long: a million inputs through the work (see BENCHMARKS.md)"]
    fn no_bound_panics_long() {
        let cases = std::env::var("TAKEAWAY_FUZZ_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1_000_000u32);
        let config = ProptestConfig {
            cases,
            failure_persistence: None,
            ..ProptestConfig::default()
        };
        let start = std::time::Instant::now();
        // Every panic's place, with a count and the first input that made
        // it: one run finds them all (proptest stops at the first).
        let places = std::sync::Arc::new(std::sync::Mutex::new(std::collections::BTreeMap::<
            String,
            (u64, String),
        >::new()));
        let last_place = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let hook_place = std::sync::Arc::clone(&last_place);
        std::panic::set_hook(Box::new(move |info| {
            if let (Ok(mut p), Some(l)) = (hook_place.lock(), info.location()) {
                *p = format!("{l}: {}", info.payload_as_str().unwrap_or("?"));
            }
        }));
        let seen = std::sync::Arc::clone(&places);
        let _ = proptest::test_runner::TestRunner::new(config).run(
            &input(),
            |(family, f, piles, bound, rows)| {
                let shown = format!("{family} f={f} piles={piles:?} bound={bound:?} rows={rows}");
                let run = std::panic::catch_unwind(|| stages(family, &f, &piles, bound, rows));
                if run.is_err() {
                    let place = last_place.lock().map(|p| p.clone()).unwrap_or_default();
                    if let Ok(mut m) = seen.lock() {
                        m.entry(place).or_insert((0, shown)).0 += 1;
                    }
                }
                Ok(())
            },
        );
        let _ = std::panic::take_hook();
        let places = places.lock().map(|m| m.clone()).unwrap_or_default();
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            format!(
                "fuzz_bounds: {cases} inputs through the work, {} panic sites, {:?}\n{places:#?}\n",
                places.len(),
                start.elapsed()
            )
            .as_bytes(),
        );
        assert!(places.is_empty(), "panics: {places:#?}");
    }
}

/// The library's analysis of a sum given as the API's position (`parts`).
fn sum_library(position: &Value) -> takeaway::analysis::Analysis {
    let pos = serde_json::from_value::<takeaway_web::input::PositionBody>(position.clone())
        .expect("position")
        .position()
        .expect("position");
    let mut req = takeaway::games::AnalyzeRequest::at(&pos);
    req.limits = Limits::strict();
    Game::parse("sum")
        .expect("spec")
        .analyze(&req)
        .expect("sum analysis")
}

/// A sum through the API (the page's example: Fibonacci 5 + Nim 3 +
/// Wythoff (1, 2)), on the routes of every game: the analysis equals the
/// library's; the hint is the library's winning move (part 2, take 3:
/// 0 ⊕ 3 ⊕ 0 = 3, Bouton and Sprague–Grundy); with the computer first every
/// reply of the computer is legal and leaves nim-sum 0 (checked by the
/// library), and the computer wins; `POST /api/analyze` analyses a sum; the
/// old sum routes are gone.
#[test]
fn sum_of_games_through_the_api() {
    use takeaway::games::play::{Play, Position};
    use takeaway_web::input::{MoveBody, PositionBody};
    let pos_of = |v: &Value| -> Position {
        serde_json::from_value::<PositionBody>(v.clone())
            .expect("position")
            .position()
            .expect("position")
    };
    let s = server();
    let games = http(s.addr, "GET", "/api/games", None).json();
    let sum = games["games"]
        .as_array()
        .expect("games")
        .iter()
        .find(|g| g["id"] == "sum")
        .expect("the sum family")
        .clone();
    assert_eq!(sum["available"], json!(true));
    let parts = sum["position"]["parts"].clone();
    assert_eq!(parts.as_array().map(Vec::len), Some(3), "{sum}");
    let start = post(
        s.addr,
        "/api/start",
        &json!({"game": "sum", "parts": parts}),
    );
    assert_eq!(start.status, 200, "{}", start.body);
    let start = start.json();
    let lib = sum_library(&start["position"]);
    assert_eq!(start["analysis"], serde_json::to_value(&lib).expect("json"));
    assert_eq!(start["analysis"]["grundy"], json!(3));
    let values: Vec<&Value> = start["analysis"]["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .map(|p| &p["grundy"])
        .collect();
    assert_eq!(values, [&json!(0), &json!(3), &json!(0)]);
    // The one analyze route answers a sum as the command line does.
    let a = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "sum", "parts": parts}),
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json(), start["analysis"]);
    let hint = post(
        s.addr,
        "/api/hint",
        &json!({"game": "sum", "position": start["position"]}),
    );
    assert_eq!(hint.status, 200, "{}", hint.body);
    let hint = hint.json();
    assert_eq!(
        (&hint["winning"], &hint["move"]),
        (
            &json!(true),
            &json!({"kind": "part", "part": 1, "move": {"kind": "take", "pile": 0, "take": 3}})
        ),
        "{hint}"
    );
    assert!(
        hint["explanation"]
            .as_str()
            .is_some_and(|e| e.contains("in part 2")),
        "{hint}"
    );
    // Each part's options come with the answer, as its own game gives them.
    assert_eq!(
        start["options"]["parts"].as_array().map(Vec::len),
        Some(3),
        "{start}"
    );

    // The computer first: it wins, every reply legal and to nim-sum 0.
    let game = Game::parse("sum").expect("spec");
    let mut answer = post(
        s.addr,
        "/api/start",
        &json!({"game": "sum", "parts": parts, "first": "computer"}),
    )
    .json();
    let mut before = pos_of(&start["position"]);
    for turn in 0..60 {
        for r in answer["replies"].as_array().expect("replies") {
            let mv = serde_json::from_value::<MoveBody>(r["move"].clone())
                .expect("move")
                .play_move()
                .expect("move");
            let after = game
                .apply(&game.check_position(&before).expect("pos"), &mv)
                .expect("the computer's move is legal");
            assert_eq!(serde_json::to_value(&after).expect("json"), r["position"]);
            assert_eq!(r["intent"], json!("winning"), "turn {turn}: {answer}");
        }
        if answer["over"] == json!(true) {
            break;
        }
        assert_eq!(
            sum_library(&answer["position"]).grundy,
            Some(0u8.into()),
            "turn {turn}: the computer left a non-zero nim-sum: {answer}"
        );
        // The human: the first legal move.
        let here = pos_of(&answer["position"]);
        let mv = game.legal_moves(&here, 1)[0].clone();
        let r = post(
            s.addr,
            "/api/move",
            &json!({"game": "sum", "position": answer["position"], "move": mv}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        answer = r.json();
        before = pos_of(&answer["human_position"]);
    }
    assert_eq!(
        (&answer["over"], &answer["winner"]),
        (&json!(true), &json!("computer")),
        "{answer}"
    );
    // The human who takes the last counter of the last part wins.
    let r = post(
        s.addr,
        "/api/move",
        &json!({"game": "sum", "position": {"parts": [{"game": "nim", "piles": [1]}]},
                "move": {"kind": "part", "part": 0, "move": {"kind": "take", "pile": 0, "take": 1}}}),
    )
    .json();
    assert_eq!((&r["over"], &r["winner"]), (&json!(true), &json!("human")));
    // The routes of the sums' own are gone.
    for route in ["/api/sum/start", "/api/sum/move", "/api/sum/hint"] {
        assert_error(&post(s.addr, route, &json!({"parts": parts})), 404);
    }
}

/// A misère sum plays to the end through the same routes: whoever cannot
/// move wins, and the computer, moving first from a won position (misère
/// Nim 1 + 1 + 3: a heap above 1 and nim-sum 3 ≠ 0, so the player to move
/// wins by Bouton's misère rule), wins.
#[test]
fn misere_sum_through_the_api() {
    let s = server();
    let nim = |n: u32| json!({"game": "nim", "piles": [n]});
    let mut answer = post(
        s.addr,
        "/api/start",
        &json!({"game": "sum:misere=true", "parts": [nim(1), nim(1), nim(3)], "first": "computer"}),
    )
    .json();
    assert_eq!(answer["replies"][0]["intent"], json!("winning"), "{answer}");
    assert_eq!(answer["game"], json!("sum:misere=true"), "{answer}");
    for _ in 0..10 {
        if answer["over"] == json!(true) {
            break;
        }
        let mv = json!({"kind": "part", "part": answer["position"]["parts"]
            .as_array()
            .expect("parts")
            .iter()
            .position(|p| p["piles"][0] != json!(0))
            .expect("a part with a counter"),
            "move": {"kind": "take", "pile": 0, "take": 1}});
        answer = post(
            s.addr,
            "/api/move",
            &json!({"game": "sum:misere=true", "position": answer["position"], "move": mv}),
        )
        .json();
    }
    assert_eq!(
        (&answer["over"], &answer["winner"]),
        (&json!(true), &json!("computer")),
        "{answer}"
    );
}

/// Tampered sum bodies are 400 with `{"error"}` on every route: each part's
/// position is checked against its game as /api/move checks one; a part
/// over the limits is a 422 naming the part, as an over-limit game is.
#[test]
fn tampered_sum_bodies_are_400() {
    let s = server();
    let nim = json!({"game": "nim", "piles": [3]});
    let bad_parts = [
        json!([]),
        json!((0..9).map(|_| nim.clone()).collect::<Vec<_>>()),
        json!([nim, {"game": "spite", "piles": [3, 4]}]),
        json!([nim, {"game": "subtraction:s=1,2:misere=true", "piles": [3]}]),
        json!([nim, {"game": "sum", "piles": [3]}]),
        json!([nim, {"game": "wythoff", "piles": [3]}]),
        json!([nim, {"game": "wythoff", "piles": [3, 4], "bound": 2}]),
        json!([nim, {"game": "fibonacci", "piles": [20], "call": 3}]),
        json!([nim, {"game": "fibonacci", "piles": (3..20).collect::<Vec<u32>>()}]),
        json!([nim, {"game": "nim", "piles": [-1]}]),
        json!([nim, {"game": "nim", "piles": [3], "extra": 1}]),
        json!([nim, {"game": "chess", "piles": [3]}]),
    ];
    for parts in &bad_parts {
        let position = json!({ "parts": parts });
        let r = post(
            s.addr,
            "/api/move",
            &json!({"game": "sum", "position": position,
                    "move": {"kind": "part", "part": 0, "move": {"kind": "take", "pile": 0, "take": 1}}}),
        );
        assert_error(&r, 400);
        let r = post(
            s.addr,
            "/api/hint",
            &json!({"game": "sum", "position": position}),
        );
        assert_error(&r, 400);
        let r = post(
            s.addr,
            "/api/analyze",
            &json!({"game": "sum", "parts": parts}),
        );
        assert_error(&r, 400);
    }
    // The part named in the error (1-based).
    let r = post(
        s.addr,
        "/api/hint",
        &json!({"game": "sum", "position": {"parts": [nim, {"game": "spite", "piles": [3, 4]}]}}),
    );
    assert!(assert_error(&r, 400).contains("part 2"), "{}", r.body);
    // Parts given to a game without them, piles given to a sum.
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "nim", "piles": [3], "parts": [nim]}),
    );
    assert_error(&r, 400);
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "sum", "piles": [3], "parts": [nim]}),
    );
    assert_error(&r, 400);
    // Moves: no such part, an illegal take, a call, a take from both in
    // Nim, a move that names no part.
    let position = json!({"parts": [nim, {"game": "fibonacci", "piles": [5], "bound": 2}]});
    for mv in [
        json!({"kind": "part", "part": 2, "move": {"kind": "take", "pile": 0, "take": 1}}),
        json!({"kind": "part", "part": 0, "move": {"kind": "take", "pile": 0, "take": 4}}),
        json!({"kind": "part", "part": 0, "move": {"kind": "take", "pile": 1, "take": 1}}),
        json!({"kind": "part", "part": 0, "move": {"kind": "call", "call": 1}}),
        json!({"kind": "part", "part": 0, "move": {"kind": "both", "take": 1}}),
        json!({"kind": "part", "part": 1, "move": {"kind": "take", "pile": 0, "take": 3}}),
        json!({"kind": "take", "pile": 0, "take": 1}),
    ] {
        let r = post(
            s.addr,
            "/api/move",
            &json!({"game": "sum", "position": position, "move": mv}),
        );
        assert_error(&r, 400);
    }
    // Starts: a bound on a part without one, no piles, Spite Nim, two piles
    // for a one-pile game, no parts.
    for parts in [
        json!([{"game": "nim", "piles": [3], "bound": 2}]),
        json!([{"game": "nim", "piles": []}]),
        json!([{"game": "spite", "piles": [3, 4]}]),
        json!([{"game": "fibonacci", "piles": [5, 6]}]),
        json!([]),
    ] {
        let r = post(
            s.addr,
            "/api/start",
            &json!({"game": "sum", "parts": parts}),
        );
        assert_error(&r, 400);
    }
    // A part whose Grundy value is over the limits: `/api/analyze` refuses
    // it (422, naming the part and the limit), not computed for ever; the
    // computer moving first plays a small legal move and says why (as for
    // any game over the limits); with the human first the game starts and
    // its analysis is that error (as /api/start does for any game).
    let big = json!([{"game": "one-pile:f=n", "piles": [65535]}]);
    let r = post(
        s.addr,
        "/api/start",
        &json!({"game": "sum", "parts": big, "first": "computer"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let reply = &r.json()["replies"][0];
    assert_eq!(reply["intent"], json!("fallback"), "{reply}");
    assert!(
        reply["explanation"]
            .as_str()
            .is_some_and(|e| e.contains("part 1") && e.contains("limit")),
        "{reply}"
    );
    let r = post(
        s.addr,
        "/api/analyze",
        &json!({"game": "sum", "parts": big}),
    );
    assert!(assert_error(&r, 422).contains("part 1"), "{}", r.body);
    let r = post(s.addr, "/api/start", &json!({"game": "sum", "parts": big}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.json()["analysis"]["error"]
            .as_str()
            .is_some_and(|e| e.contains("limit"))
    );
}

/// Table 4.1 through the API (paper 000 §4): two-pile f = 2t at (20, 62),
/// bound 6 is the "??" cell (m = 20, d = 42 = H8 + H5, row 5 ≤ w < 8), so
/// the computer moving first plays the optimist's move, as the library's
/// `table_4_1_move` does: 5 from the small pile. f = 3t has l(3) = 2, outside
/// the table's hypotheses: 400; Table 4.1 for Wythoff: 400.
#[test]
fn the_computer_plays_by_table_4_1() {
    use takeaway::games::play::Position;
    let s = server();
    let r = post(
        s.addr,
        "/api/start",
        &json!({"game": "two-pile:f=2*t", "piles": [20, 62], "bound": 6, "first": "computer", "computer": "table-4.1"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = r.json();
    let g = Game::parse("two-pile:f=2*t").expect("spec");
    let lib = g
        .table_4_1_move(
            &Position::new(vec![20u32.into(), 62u32.into()], Some(6u32.into())),
            &Limits::strict(),
        )
        .expect("table move");
    let reply = &r["replies"][0];
    assert_eq!(reply["intent"], json!("optimist"), "{r}");
    assert_eq!(reply["move"], serde_json::to_value(&lib.mv).expect("json"));
    assert_eq!(reply["move"], json!({"kind": "take", "pile": 0, "take": 5}));
    // The human's move; the computer answers by the table again.
    let m = post(
        s.addr,
        "/api/move",
        &json!({"game": "two-pile:f=2*t", "position": r["position"], "move": {"kind": "take", "pile": 0, "take": 1}, "computer": "table-4.1"}),
    );
    assert_eq!(m.status, 200, "{}", m.body);
    for (game, piles) in [
        ("two-pile:f=3*t", json!([20, 62])),
        ("wythoff", json!([3, 5])),
    ] {
        let r = post(
            s.addr,
            "/api/start",
            &json!({"game": game, "piles": piles, "first": "computer", "computer": "table-4.1"}),
        );
        assert!(assert_error(&r, 400).contains("Table 4.1"), "{}", r.body);
    }
    let r = post(
        s.addr,
        "/api/move",
        &json!({"game": "wythoff", "position": {"piles": [3, 5]}, "move": {"kind": "take", "pile": 0, "take": 1}, "computer": "table-4.1"}),
    );
    assert!(assert_error(&r, 400).contains("Table 4.1"));
    let r = post(
        s.addr,
        "/api/start",
        &json!({"game": "two-pile:f=2*t", "piles": [20, 62], "computer": "magic"}),
    );
    assert_error(&r, 400);
}

/// Every string in a JSON value.
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(m) => m.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Issue 22 (case 5): the page's texts (analysis, hint, the computer's
/// replies) never name pile 0, row 0 or part 0 — every family with 1, 2 and
/// 3 piles; the issue's case was "Take 1 from pile 0" for piles 30 40 49.
#[test]
fn no_text_of_the_api_names_a_pile_row_or_part_zero() {
    let s = server();
    let cases = [
        json!({"game": "fibonacci", "piles": [20]}),
        json!({"game": "two-pile:f=2*t", "piles": [20, 62], "bound": 6}),
        json!({"game": "two-pile:f=t+1", "piles": [30, 40, 49]}),
        json!({"game": "two-pile:f=2*t", "piles": [5, 8, 13], "bound": 3}),
        json!({"game": "wythoff", "piles": [10, 15]}),
        json!({"game": "spite", "piles": [7, 3]}),
        json!({"game": "spite", "piles": [4, 3, 2]}),
        json!({"game": "nim", "piles": [1, 4, 6]}),
        json!({"game": "subtraction:s=1,3,4", "piles": [10, 11, 13]}),
        json!({"game": "subtraction:s=1,3,4:misere=true", "piles": [10]}),
    ];
    let zero = |text: &str| {
        let lower = text.to_lowercase();
        ["pile 0", "row 0", "part 0"].iter().any(|w| {
            lower
                .match_indices(w)
                .any(|(i, _)| !lower[i + w.len()..].starts_with(|c: char| c.is_ascii_digit()))
        })
    };
    for case in cases {
        let mut texts = Vec::new();
        let a = post(
            s.addr,
            "/api/analyze",
            &json!({"game": case["game"], "piles": case["piles"], "bound": case.get("bound"), "all": case["piles"].as_array().unwrap().len() < 3}),
        );
        assert_eq!(a.status, 200, "{case}: {}", a.body);
        strings(&a.json(), &mut texts);
        for first in ["human", "computer"] {
            let mut body = case.clone();
            body["first"] = json!(first);
            let start = post(s.addr, "/api/start", &body);
            assert_eq!(start.status, 200, "{case}: {}", start.body);
            let start = start.json();
            strings(&start, &mut texts);
            let hint = post(
                s.addr,
                "/api/hint",
                &json!({"game": case["game"], "position": start["position"]}),
            );
            assert_eq!(hint.status, 200, "{case}: {}", hint.body);
            strings(&hint.json(), &mut texts);
        }
        for t in texts {
            assert!(!zero(&t), "{case}: {t}");
        }
    }
    // A sum's hint names its parts from 1.
    let hint = post(
        s.addr,
        "/api/hint",
        &json!({"game": "sum", "position": {"parts": [{"game": "fibonacci", "piles": [5]}, {"game": "nim", "piles": [3]}]}}),
    );
    let mut texts = Vec::new();
    strings(&hint.json(), &mut texts);
    assert!(texts.iter().all(|t| !zero(t)), "{texts:?}");
}

/// The heatmap of a misère game the engine decides is solved by one search
/// for all its cells (3.3 s became 0.3 s for misère Kayles around (20, 7));
/// one a theory decides (misère Nim, one-pile misère subtraction games,
/// Wythoff's Nim, at any size), cell by cell: either way each cell says what
/// `/api/analyze` says of that position alone, and no value. The one-pile
/// tableau (pile n against bound w) included: under misère play its cells
/// are outcomes, not `w ≥ L(n)` of normal play. Reference: `/api/analyze`
/// of every cell, one request each.
#[test]
fn misere_heatmap_cells_are_the_analyses_of_their_positions() {
    let s = server();
    let huge = "1000000000000000000000000000000";
    for (game, position) in [
        ("wythoff:misere=true", json!({"piles": [30, 12]})),
        ("kayles:misere=true", json!({"piles": [9, 5]})),
        (
            "subtraction:s=1,3,4:misere=true",
            json!({"piles": [7, 4, 2]}),
        ),
        ("dawson:misere=true", json!({"piles": [11]})),
        ("fibonacci:misere=true", json!({"piles": [9], "bound": 5})),
        // Bound 0 is on the tableau: no move, so the player to move wins.
        ("fibonacci:misere=true", json!({"piles": [9], "bound": 0})),
        (
            "one-pile:f=3*t:misere=true",
            json!({"piles": [12], "bound": 11}),
        ),
        // Decided by a theory (Bouton's misère rule; periodic outcomes).
        ("nim:misere=true", json!({"piles": [9, 6, 3]})),
        (
            "nim:misere=true",
            json!({"piles": [huge.parse::<Value>().unwrap(), 5]}),
        ),
        (
            "subtraction:s=1,3,4:misere=true",
            json!({"piles": [100_000_000u64]}),
        ),
    ] {
        let grid = post(
            s.addr,
            "/api/grid",
            &json!({"game": game, "position": position, "size": 6}),
        );
        assert_eq!(grid.status, 200, "{game}: {}", grid.body);
        let grid = grid.json();
        let xs = grid["x"]["values"].as_array().unwrap().clone();
        let ys = grid["y"]["values"].as_array().unwrap().clone();
        let mut checked = 0;
        for (j, y) in ys.iter().enumerate() {
            for (i, x) in xs.iter().enumerate() {
                let mut at = position.clone();
                for (axis, v) in [(&grid["x"], x), (&grid["y"], y)] {
                    if let Some(k) = axis["sets"]["pile"].as_u64() {
                        at["piles"][k as usize] = v.clone();
                    } else if axis["sets"]["bound"] == true {
                        at["bound"] = v.clone();
                    }
                }
                let cell = &grid["cells"][j][i];
                let mut body = json!({"game": game, "piles": at["piles"]});
                if !at["bound"].is_null() {
                    body["bound"] = at["bound"].clone();
                }
                let alone = post(s.addr, "/api/analyze", &body);
                assert_eq!(alone.status, 200, "{game} {at}: {}", alone.body);
                assert_eq!(cell["outcome"], alone.json()["outcome"], "{game} {at}");
                assert!(cell["value"].is_null(), "{game} {at}: {cell}");
                checked += 1;
            }
        }
        assert_eq!(checked, xs.len() * ys.len());
        assert!(checked >= 6, "{game}: {checked} cells");
    }
}

/// The misère Kayles heatmap at (20, 7) (cells up to heap 27) answers every
/// one of its 256 cells through the misère quotient once `Q_27` is kept
/// (the command `takeaway misere octal:0.77 --heaps 27` computes it under
/// the engine's default limits and keeps it on disk, where the server reads
/// it; here it is computed in the process, whose cache the server shares).
/// Before, `Q_27` was refused and 3 cells were left unanswered. Reference:
/// each cell's outcome is the engine's exhaustive search of that position
/// alone (`exhaustive`: the brute force, no quotient) wherever the search
/// answers within its limits, at least 250 of the cells.
#[test]
fn misere_kayles_heatmap_at_20_7_answers_every_cell_through_the_quotient() {
    use takeaway::games::octal::code::OctalCode;
    use takeaway::games::octal::quotient::{cache, engine::QuotientLimits, heap_game::OctalHeaps};
    let kayles = OctalHeaps(OctalCode::parse("0.77").unwrap());
    let q = cache::quotient_covering(&kayles, 27, &QuotientLimits::default()).unwrap();
    assert!(q.heaps >= 27, "{}", q.heaps);
    let s = server();
    let grid = post(
        s.addr,
        "/api/grid",
        &json!({"game": "kayles:misere=true", "position": {"piles": [20, 7]}, "size": 16}),
    );
    assert_eq!(grid.status, 200, "{}", grid.body);
    let grid = grid.json();
    let xs = grid["x"]["values"].as_array().unwrap().clone();
    let ys = grid["y"]["values"].as_array().unwrap().clone();
    assert_eq!((xs.len(), ys.len()), (16, 16));
    assert_eq!(xs.iter().filter_map(Value::as_u64).max(), Some(27));
    let game = Game::parse("kayles:misere=true").unwrap();
    let (mut answered, mut searched) = (0, 0);
    for (j, y) in ys.iter().enumerate() {
        for (i, x) in xs.iter().enumerate() {
            let cell = &grid["cells"][j][i];
            let Some(outcome) = cell["outcome"].as_str() else {
                continue;
            };
            answered += 1;
            let piles = vec![x.as_u64().unwrap().into(), y.as_u64().unwrap().into()];
            let mut req = AnalyzeRequest::new(piles);
            req.exhaustive = true;
            req.remoteness = false;
            if let Ok(a) = game.analyze(&req) {
                assert_eq!(format!("{:?}", a.outcome), outcome, "cell ({x}, {y})");
                searched += 1;
            }
        }
    }
    assert_eq!(answered, 256, "{grid}");
    assert!(searched >= 250, "{searched} cells checked by the search");
}

/// `/api/games` states misère theory per spec, computed from each entry's
/// example spec under misère play (`Family::example_capabilities`), and it
/// is what `/api/analyze` does: misère Fibonacci Nim is decided by theory
/// (normal play on one counter less, every bound being ≥ 1: method
/// `theory`), misère Kayles is not (no misère theory of Kayles is known:
/// the engine's exhaustive search answers, and its outcome is the brute
/// force's).
#[test]
fn games_state_misere_theory_per_spec() {
    let s = server();
    let games = http(s.addr, "GET", "/api/games", None).json();
    let entry = |id: &str| {
        games["games"]
            .as_array()
            .and_then(|g| g.iter().find(|g| g["id"] == id))
            .unwrap_or_else(|| panic!("{id} in {games}"))
            .clone()
    };
    assert_eq!(
        entry("fibonacci")["capabilities"]["misere_theory"],
        json!(true)
    );
    assert_eq!(
        entry("kayles")["capabilities"]["misere_theory"],
        json!(false)
    );
    let analyze = |game: &str, pile: u64| {
        let r = post(
            s.addr,
            "/api/analyze",
            &json!({"game": game, "piles": [pile]}),
        );
        assert_eq!(r.status, 200, "{game} {pile}: {}", r.body);
        r.json()
    };
    for n in [1, 2, 7, 20] {
        let fib = analyze("fibonacci:misere=true", n);
        assert_eq!(fib["method"], json!("theory"), "{fib}");
        assert_eq!(fib, library("fibonacci:misere=true", &[n], None));
        let kayles = analyze("kayles:misere=true", n);
        assert_ne!(kayles["method"], json!("theory"), "{kayles}");
    }
}

#[test]
fn a_memory_game_plays_through_the_pages_routes_normal_and_misere() {
    // `one-pile:min=t` (CGSuite's Mem: take at least the previous take); the
    // position's bound is the memory. Brute force written here from the
    // rules: G(n, k) = mex of G(n − a, a) over max(1, k) ≤ a ≤ n (misère: a
    // position with no move is won by the player to move).
    fn lost(
        n: usize,
        k: usize,
        misere: bool,
        memo: &mut std::collections::HashMap<(usize, usize), bool>,
    ) -> bool {
        if let Some(&v) = memo.get(&(n, k)) {
            return v;
        }
        let takes: Vec<usize> = (k.max(1)..=n).collect();
        let v = if takes.is_empty() {
            !misere
        } else {
            takes.iter().all(|&a| !lost(n - a, a, misere, memo))
        };
        memo.insert((n, k), v);
        v
    }
    let s = server();
    for (spec, misere) in [
        ("one-pile:min=t", false),
        ("one-pile:min=t:misere=true", true),
    ] {
        let mut memo = std::collections::HashMap::new();
        let start = post(s.addr, "/api/start", &json!({"game": spec, "piles": [12]}));
        assert_eq!(start.status, 200, "{}", start.body);
        let start = start.json();
        // The memory the page shows: none yet, and the takes 1..=11.
        assert_eq!(
            (
                &start["memory"]["previous"],
                &start["memory"]["least"],
                &start["memory"]["most"]
            ),
            (&json!(null), &json!(1), &json!(11)),
            "{spec}: {start}"
        );
        assert_eq!(
            start["memory"]["text"],
            json!("no memory yet (the first move): you may take 1 to 11")
        );
        // The start (no memory) takes anything but the whole pile.
        let first_lost = (1..12).all(|a| !lost(12 - a, a, misere, &mut memo));
        assert_eq!(
            start["analysis"]["outcome"],
            if first_lost { "P" } else { "N" },
            "{spec}"
        );
        // Take 2: the memory becomes 2, and the computer must take at least 2.
        let r = post(
            s.addr,
            "/api/move",
            &json!({"game": spec, "position": start["position"], "move": {"kind": "take", "pile": 0, "take": 2}}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let r = r.json();
        let reply = r["replies"][0]["move"]["take"]
            .as_u64()
            .expect("the computer replies") as usize;
        assert!(reply >= 2, "{spec}: {r}");
        // The computer's reply wins when a winning reply exists.
        let left = 10 - reply;
        if !lost(10, 2, misere, &mut memo) {
            assert!(lost(left, reply, misere, &mut memo), "{spec}: {r}");
        }
        assert_eq!(r["position"]["bound"], json!(reply), "{spec}: {r}");
        // The memory after the reply: at least the reply, at most the pile
        // (no take when the pile is smaller: null).
        let takes = (reply <= left).then(|| (json!(reply), json!(left)));
        let shown = (!r["memory"]["least"].is_null())
            .then(|| (r["memory"]["least"].clone(), r["memory"]["most"].clone()));
        assert_eq!(r["memory"]["previous"], json!(reply), "{spec}: {r}");
        assert_eq!(shown, takes, "{spec}: {r}");
        // A take below the memory is illegal: 400 with the reason.
        if left > 0 && reply > 1 {
            let bad = post(
                s.addr,
                "/api/move",
                &json!({"game": spec, "position": {"piles": [left], "bound": reply}, "move": {"kind": "take", "pile": 0, "take": reply - 1}}),
            );
            assert_eq!(bad.status, 400, "{}", bad.body);
        }
    }
}
