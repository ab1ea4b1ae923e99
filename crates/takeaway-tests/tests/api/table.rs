//! `POST /api/table`: the table of `takeaway table` in each of its shapes,
//! the OEIS b-file of one-dimensional tables and of the Grundy rows'
//! sequences checked against brute force, and refusals for what has none.

use super::assert_error;
use super::common::{post, server};
use serde_json::json;
use takeaway::games::{Family, Game, Limits, TableFormat, TableRequest};

/// `G(n, w)` of Fibonacci Nim (a take `t` leaves the bound `2t`) for
/// `n < rows`, `w ≤ n`, by the mex rule from the rules.
fn fibonacci_grundy(rows: usize) -> Vec<Vec<u64>> {
    let mut g: Vec<Vec<u64>> = Vec::new();
    for n in 0..rows {
        let row = (0..=n)
            .map(|w| {
                let seen: Vec<u64> = (1..=w.min(n))
                    .map(|t| g[n - t][(2 * t).min(n - t)])
                    .collect();
                (0..).find(|v| !seen.contains(v)).unwrap()
            })
            .collect();
        g.push(row);
    }
    g
}

/// The `(n, a(n))` lines of a b-file after its two `#` lines, and its offset.
fn terms(body: &str) -> (u64, Vec<(u64, u64)>) {
    let mut lines = body.lines();
    assert!(lines.next().unwrap().starts_with("# "), "{body}");
    let offset = lines
        .next()
        .unwrap()
        .strip_prefix("# offset ")
        .unwrap()
        .parse()
        .unwrap();
    let pairs = lines
        .map(|l| {
            let (n, a) = l.split_once(' ').unwrap();
            (n.parse().unwrap(), a.parse().unwrap())
        })
        .collect();
    (offset, pairs)
}

#[test]
fn grundy_rows_sequences_as_b_files_are_the_brute_force() {
    let s = server();
    let g = fibonacci_grundy(50);
    let r = post(
        s.addr,
        "/api/table",
        &json!({"game": "fibonacci", "rows": 50, "grundy": true, "sequence": "starts", "format": "bfile"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let (offset, pairs) = terms(&r.body);
    assert_eq!(offset, 1);
    let want: Vec<(u64, u64)> = (1..50).map(|n| (n as u64, g[n][n - 1])).collect();
    assert_eq!(pairs, want);
    let r = post(
        s.addr,
        "/api/table",
        &json!({"game": "fibonacci", "rows": 50, "grundy": true, "sequence": "maxima", "format": "bfile"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let (offset, pairs) = terms(&r.body);
    assert_eq!(offset, 0);
    let want: Vec<(u64, u64)> = (0..50)
        .map(|n| (n as u64, *g[n].iter().max().unwrap()))
        .collect();
    assert_eq!(pairs, want);
}

#[test]
fn a_subtraction_game_b_file_is_its_grundy_values() {
    let s = server();
    let r = post(
        s.addr,
        "/api/table",
        &json!({"game": "subtraction:s=1,3,4", "rows": 40, "format": "bfile"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // G(n) = mex{G(n − s) : s ∈ {1, 3, 4}, s ≤ n}, by brute force.
    let mut g: Vec<u64> = Vec::new();
    for n in 0..40usize {
        let seen: Vec<u64> = [1, 3, 4]
            .iter()
            .filter(|&&s| s <= n)
            .map(|&s| g[n - s])
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    let (offset, pairs) = terms(&r.body);
    assert_eq!(offset, 0);
    assert_eq!(
        pairs,
        g.iter()
            .enumerate()
            .map(|(n, &v)| (n as u64, v))
            .collect::<Vec<_>>()
    );
}

#[test]
fn the_table_shapes_are_the_library_s() {
    let s = server();
    let game = Game::parse("two-pile:f=2*t").unwrap();
    for (format, shape) in [
        ("json", TableFormat::Json),
        ("csv", TableFormat::Csv),
        ("text", TableFormat::Text),
    ] {
        let r = post(
            s.addr,
            "/api/table",
            &json!({"game": "two-pile:f=2*t", "rows": 12, "cols": 9, "format": format}),
        );
        assert_eq!(r.status, 200, "{format}: {}", r.body);
        let mut req = TableRequest::new(12);
        req.cols = Some(9);
        req.limits = Limits::strict();
        req.format = shape;
        let t = game.table(&req).unwrap();
        match shape {
            TableFormat::Json => assert_eq!(r.json(), serde_json::to_value(t.document()).unwrap()),
            TableFormat::Csv => assert_eq!(r.body, t.csv),
            _ => assert_eq!(r.body, t.text),
        }
    }
}

#[test]
fn what_has_no_b_file_is_a_400_naming_it() {
    let s = server();
    for body in [
        json!({"game": "two-pile:f=2*t", "rows": 5, "format": "bfile"}),
        json!({"game": "fibonacci", "rows": 5, "grundy": true, "format": "bfile"}),
        json!({"game": "wythoff", "rows": 5, "grundy": true, "sequence": "starts", "format": "bfile"}),
        json!({"game": "fibonacci", "rows": 5, "grundy": true, "sequence": "rows", "format": "bfile"}),
    ] {
        let message = assert_error(&post(s.addr, "/api/table", &body), 400);
        assert!(
            message.contains("b-file") || message.contains("sequence"),
            "{body}: {message}"
        );
    }
}

#[test]
fn the_h_sequence_b_file_is_the_definition() {
    // `"sequence": "h-sequence"` (no `grundy`): Schwenk's H-sequence of
    // f = 3t by its definition (paper 000, section 2), computed here:
    // H1 = 1, H(k+1) = H(k) + H(j), j least with 3·H_j ≥ H_k.
    let s = server();
    let r = post(
        s.addr,
        "/api/table",
        &json!({"game": "one-pile:f=3*t", "rows": 30, "sequence": "h-sequence", "format": "bfile"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mut h = vec![1u64];
    while h.len() < 30 {
        let hk = *h.last().unwrap();
        let hj = *h.iter().find(|&&hj| 3 * hj >= hk).unwrap();
        h.push(hk + hj);
    }
    let (offset, pairs) = terms(&r.body);
    assert_eq!(offset, 1);
    let want: Vec<(u64, u64)> = h
        .iter()
        .enumerate()
        .map(|(i, &v)| (i as u64 + 1, v))
        .collect();
    assert_eq!(pairs, want);
    // With `grundy` it is refused: it is not a sequence of Grundy rows.
    let body = json!({"game": "fibonacci", "rows": 5, "grundy": true, "sequence": "h-sequence", "format": "bfile"});
    let message = assert_error(&post(s.addr, "/api/table", &body), 400);
    assert!(message.contains("h-sequence"), "{message}");
}
