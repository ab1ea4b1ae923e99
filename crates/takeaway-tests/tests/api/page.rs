//! Issue 23, the API side of the page: every body refuses an unknown field
//! (a typo is not ignored), `/api/start` refuses a game that cannot be
//! played, and the heatmap's axes say what they set in the family's words.

use super::assert_error;
use super::common::{post, server};
use serde_json::{Value, json};

/// Each route with a valid body (answered 200) and the same body with one
/// unknown field (a typo of a real one) at the top, and inside a nested
/// object where there is one.
#[test]
fn every_body_refuses_an_unknown_field_and_names_it() {
    let s = server();
    let pos = json!({"piles": [20], "bound": 4});
    let part = json!({"game": "nim", "piles": [3]});
    let cases: Vec<(&str, Value)> = vec![
        ("/api/analyze", json!({"game": "fibonacci", "piles": [20]})),
        ("/api/start", json!({"game": "fibonacci", "piles": [20]})),
        (
            "/api/move",
            json!({"game": "fibonacci", "position": pos, "move": {"kind": "take", "pile": 0, "take": 1}}),
        ),
        ("/api/hint", json!({"game": "fibonacci", "position": pos})),
        (
            "/api/grid",
            json!({"game": "fibonacci", "position": pos, "size": 4}),
        ),
        (
            "/api/options",
            json!({"game": "fibonacci", "position": pos}),
        ),
        (
            "/api/start",
            json!({"game": "sum", "parts": [{"game": "nim", "piles": [3]}], "first": "human"}),
        ),
        (
            "/api/move",
            json!({"game": "sum", "position": {"parts": [part]}, "move": {"kind": "part", "part": 0, "move": {"kind": "take", "pile": 0, "take": 1}}}),
        ),
        (
            "/api/hint",
            json!({"game": "sum", "position": {"parts": [part]}}),
        ),
    ];
    for (route, body) in &cases {
        assert_eq!(post(s.addr, route, body).status, 200, "{route} {body}");
        let mut typo = body.clone();
        typo["frist"] = json!("computer");
        let message = assert_error(&post(s.addr, route, &typo), 400);
        assert!(
            message.contains("unknown field `frist`"),
            "{route}: {message}"
        );
        // Inside the position and the move.
        for nested in ["position", "move"] {
            if body.get(nested).is_some() {
                let mut typo = body.clone();
                typo[nested]["bond"] = json!(3);
                let message = assert_error(&post(s.addr, route, &typo), 400);
                assert!(
                    message.contains("unknown field `bond`"),
                    "{route} {nested}: {message}"
                );
            }
        }
    }
    // The two: `"frist"` in a start, `"bond"` in an analysis.
    let message = assert_error(
        &post(
            s.addr,
            "/api/start",
            &json!({"game": "fibonacci", "piles": [20], "frist": "computer"}),
        ),
        400,
    );
    assert!(message.contains("`frist`"), "{message}");
    let message = assert_error(
        &post(
            s.addr,
            "/api/analyze",
            &json!({"game": "fibonacci", "piles": [20], "bond": 3}),
        ),
        400,
    );
    assert!(message.contains("`bond`"), "{message}");
    s.stop();
}

/// One pile with f = t − 5: f(10, 1) = −4, so no move from 10 can be
/// checked; Start refuses it (as `takeaway analyze one-pile:f=t-5 10`
/// does) instead of starting a game whose every move fails. A googol pile
/// of Fibonacci Nim still starts.
#[test]
fn start_refuses_a_game_that_cannot_be_played() {
    let s = server();
    let message = assert_error(
        &post(
            s.addr,
            "/api/start",
            &json!({"game": "one-pile:f=t-5", "piles": [10]}),
        ),
        400,
    );
    assert!(message.contains("is negative"), "{message}");
    let googol = format!("1{}", "0".repeat(100));
    let r = post(
        s.addr,
        "/api/start",
        &json!({"game": "fibonacci", "piles": [googol]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    s.stop();
}

/// The heatmap's axes: Spite Nim's are rows (its unit), a one-pile game's
/// tableau is pile against bound, and each axis says what it sets; the
/// legend of a window without a bound names none.
#[test]
fn heatmap_axes_say_what_they_set_in_the_family_words() {
    let s = server();
    let grid = |game: &str, position: Value| -> Value {
        let r = post(
            s.addr,
            "/api/grid",
            &json!({"game": game, "position": position, "size": 4}),
        );
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        r.json()
    };
    let g = grid("spite", json!({"piles": [10, 5]}));
    assert_eq!(
        (&g["x"]["label"], &g["y"]["label"]),
        (&json!("row 1"), &json!("row 2"))
    );
    assert_eq!(
        (&g["x"]["sets"], &g["y"]["sets"]),
        (&json!({"pile": 0}), &json!({"pile": 1}))
    );
    for (game, piles) in [("nim", json!([3, 4, 5])), ("wythoff", json!([10, 15]))] {
        let g = grid(game, json!({ "piles": piles }));
        let legend = g["legend"].as_str().unwrap_or_default();
        assert!(!legend.contains("bound"), "{game}: {legend}");
    }
    let g = grid("two-pile:f=2*t", json!({"piles": [20, 62], "bound": 6}));
    assert!(g["legend"].as_str().is_some_and(|l| l.contains("bound")));
    let g = grid("fibonacci", json!({"piles": [20], "bound": 4}));
    assert_eq!(
        (&g["x"]["sets"], &g["y"]["sets"]),
        (&json!({"pile": 0}), &json!({"bound": true}))
    );
    s.stop();
}
