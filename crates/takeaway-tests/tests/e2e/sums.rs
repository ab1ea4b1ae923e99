//! A sum of games in a real browser, as any other game: its address (the
//! command line's `link`) opens it and is rewritten after each move, each
//! part is drawn by its family's board, and a misère sum is played to the
//! end through the page's setup and counters, the winner agreeing with a
//! brute force of misère play.

use super::lessons::{part_text, uri};
use super::{Driver, browser, common, text_of};
use serde_json::{Value, json};
use std::collections::HashMap;

fn fresh(d: &Driver, base: &str, hash: &str) {
    d.goto("about:blank");
    d.goto(&format!("{base}/{hash}"));
    d.wait_for("the page", "document.body.dataset.ready === '1'");
}

fn status(d: &Driver) -> Value {
    d.script(
        "const s = document.getElementById('status'); return [s.dataset.state, s.dataset.winner];",
    )
}

/// The parts the page plays and the boards it draws: [wire parts, [title,
/// rows] per part board].
fn boards(d: &Driver) -> (Value, Value) {
    let parts = d.script("return window.__takeawayState.position.parts;");
    let drawn = d.script(
        "return [...document.querySelectorAll('#board .part')].map(p => [p.querySelector('h3').textContent, p.querySelectorAll('.pile').length]);",
    );
    (parts, drawn)
}

/// The address of a position with parts, as the command line's `link`
/// writes it (`takeaway play` in crates/takeaway-command, `page_address`).
fn address(spec: &str, parts: &Value) -> String {
    let texts: Vec<String> = parts
        .as_array()
        .expect("parts")
        .iter()
        .map(|p| format!("&part={}", uri(&part_text(p))))
        .collect();
    format!("#game={}{}", uri(spec), texts.concat())
}

/// Whether the player to move wins Nim with one heap `a` plus Wythoff's
/// Nim at (x, y), under misère play (whoever cannot move wins), by brute
/// force of the definition: a player with no move wins; otherwise the
/// mover wins exactly when some move leaves a position the opponent loses.
/// (A move of the sum is a move in one part: a take from the heap, from
/// one Wythoff pile, or the same from both.)
fn misere_mover_wins(a: u64, x: u64, y: u64, memo: &mut HashMap<(u64, u64, u64), bool>) -> bool {
    if let Some(&w) = memo.get(&(a, x, y)) {
        return w;
    }
    let mut next = Vec::new();
    next.extend((0..a).map(|b| (b, x, y)));
    next.extend((0..x).map(|u| (a, u, y)));
    next.extend((0..y).map(|v| (a, x, v)));
    next.extend((1..=x.min(y)).map(|k| (a, x - k, y - k)));
    let wins = next.is_empty()
        || next
            .into_iter()
            .any(|(b, u, v)| !misere_mover_wins(b, u, v, memo));
    memo.insert((a, x, y), wins);
    wins
}

/// The round trip of a sum's address: `#game=sum&part=…` (three families,
/// one part with a bound, one drawn as pins; encoded as the command line
/// writes it) opens that sum — one board per part, titled with its family,
/// the setup's part editors showing the parts — and the page writes the
/// same address back; after a move by counters in part 2 and one by pins
/// in part 3, the address is the new position's, and reopening it shows
/// that position.
fn address_round_trip(d: &Driver, base: &str) {
    // `printf 'link\nquit\n' | takeaway play sum 'nim 1' 'two-pile:f=2*t 3 4 --bound 2' 'kayles 3'`
    // prints this address (Kayles by its canonical spec, the octal code 0.77).
    let hash = "#game=sum&part=nim%201&part=two-pile%3Af%3D2*t%203%204%20--bound%202&part=octal%3A0.77%203";
    fresh(d, base, hash);
    d.wait_for(
        "the sum of the address",
        "document.getElementById('status').dataset.state === 'human'",
    );
    assert_eq!(text_of(d, "error"), "", "{hash}");
    let (parts, drawn) = boards(d);
    assert_eq!(
        parts,
        json!([
            {"bound": null, "game": "nim", "piles": [1]},
            {"bound": 2, "game": "two-pile:f=2*t", "piles": [3, 4]},
            {"bound": null, "game": "octal:0.77", "piles": [3]}
        ]),
        "{hash}: the parts played"
    );
    assert_eq!(
        drawn,
        json!([
            ["Part 1: Nim", 1],
            [
                "Part 2: Two piles, bound f(n, t) (two-pile:f=2*t) — take up to 2",
                2
            ],
            ["Part 3: Octal game (octal:0.77)", 1]
        ]),
        "{hash}: one board per part, each its family's"
    );
    let editors = d.script(
        "return [...document.querySelectorAll('#parts .part-edit')].map(r => [r.querySelector('.part-family').value, r.querySelector('.part-piles').value, r.querySelector('.part-bound').value]);",
    );
    assert_eq!(
        editors,
        json!([
            ["nim", "1", ""],
            ["two-pile", "3 4", "2"],
            ["octal", "3", ""]
        ]),
        "{hash}: the setup shows the parts"
    );
    assert_eq!(
        d.script("return location.hash;"),
        json!(hash),
        "the page writes the address it opened"
    );
    // Part 3 by its pins: the last pin twice takes 1, leaving 2 and 0.
    assert_eq!(
        d.script(
            "return document.querySelectorAll('#board .part[data-part=\"2\"] .pile.pins button.pin').length;"
        ),
        json!(3),
        "part 3 drawn as pins (an octal game)"
    );
    for _ in 0..2 {
        d.click("#board .part[data-part=\"2\"] button.pin[data-pile=\"2.0\"][data-index=\"2\"]");
    }
    d.wait_for(
        "the computer's reply to the pins",
        "document.querySelectorAll('#log li').length > 0 && document.getElementById('status').dataset.state !== 'computer'",
    );
    assert_eq!(text_of(d, "play-error"), "", "the move in part 3");
    let log = d.script("return document.querySelector('#log li').textContent;");
    assert!(
        log.as_str()
            .is_some_and(|l| l.contains("You: part 3: take 1 from heap 1 leaving 2 and 0")),
        "the pins' move in the log: {log}"
    );
    // Then the smallest take in part 2, by its counters (while the game goes on).
    if status(d)[0] == json!("human") {
        let before = d.script("return document.querySelectorAll('#log li').length;");
        let clicked = d.script(
            "const cs = [...document.querySelectorAll('#board .part[data-part=\"1\"] button.counter')].filter(c => !c.disabled);
             if (!cs.length) return false; cs[cs.length - 1].click(); return true;",
        );
        if clicked == json!(true) {
            d.wait_for(
                "the computer's reply",
                &format!(
                    "document.querySelectorAll('#log li').length > {before} && document.getElementById('status').dataset.state !== 'computer'"
                ),
            );
            assert_eq!(text_of(d, "play-error"), "", "the move in part 2");
            let log = d.script(&format!(
                "return document.querySelectorAll('#log li')[{before}].textContent;"
            ));
            assert!(
                log.as_str()
                    .is_some_and(|l| l.contains("You: part 2: take 1 from pile")),
                "the counters' move in the log: {log}"
            );
        }
    }
    let spec = d.script("return window.__takeawayState.spec;");
    let (parts, _) = boards(d);
    let moved = address(spec.as_str().expect("spec"), &parts);
    assert_ne!(moved, hash, "the position changed");
    assert_eq!(
        d.script("return location.hash;"),
        json!(moved),
        "the address after a move"
    );
    if status(d)[0] == json!("human") {
        fresh(d, base, &moved);
        d.wait_for(
            "the moved sum reopened",
            "document.getElementById('status').dataset.state === 'human'",
        );
        assert_eq!(boards(d).0, parts, "{moved} reopens the position");
    }
}

/// A misère sum played to the end in the page: the setup's part editors
/// (the example parts removed, Nim `a` and Wythoff's Nim (2, 3) added), the
/// misère switch, Start; then the human's smallest take and the computer's
/// reply alternate until the game is over. The start is the largest `a`
/// ≤ 6 that the brute force above says the mover (the human) loses (a = 5;
/// with Wythoff (1, 2) only a = 1 would be, a game of two moves), so the
/// expected winner is the computer (a correct computer keeps the human
/// lost whatever the human plays); the page's analysis of the start says P,
/// the address is the command line's misère form, and the end is told
/// under misère play.
fn misere_sum_to_the_end(d: &Driver, base: &str, addr: std::net::SocketAddr) {
    let mut memo = HashMap::new();
    let a = (1..=6u64)
        .rev()
        .find(|&a| !misere_mover_wins(a, 2, 3, &mut memo))
        .expect("a misère P-position nim a + wythoff (2, 3) with a ≤ 6");
    fresh(d, base, "");
    d.script(
        "const s = document.getElementById('game'); s.value = 'sum'; s.dispatchEvent(new Event('change'));",
    );
    // The example parts out, two parts in, through the setup's controls.
    d.script("for (const b of [...document.querySelectorAll('#parts .part-remove')]) b.click();");
    d.click("#add-part");
    d.click("#add-part");
    d.script(&format!(
        "const rows = document.querySelectorAll('#parts .part-edit');
         const set = (row, family, piles) => {{
           const s = row.querySelector('.part-family'); s.value = family; s.dispatchEvent(new Event('change'));
           row.querySelector('.part-piles').value = piles;
         }};
         set(rows[0], 'nim', '{a}');
         set(rows[1], 'wythoff', '2 3');
         document.getElementById('first').value = 'human';
         const box = document.getElementById('misere-play'); if (!box.checked) box.click();"
    ));
    d.script("document.getElementById('status').dataset.state = 'starting';");
    d.click("#start");
    d.wait_for(
        "the misère sum to start",
        "['human', 'over'].includes(document.getElementById('status').dataset.state)",
    );
    assert_eq!(text_of(d, "error"), "", "the misère sum's start");
    let (parts, drawn) = boards(d);
    assert_eq!(
        drawn,
        json!([["Part 1: Nim", 1], ["Part 2: Wythoff's Nim", 2]]),
        "the misère sum's boards"
    );
    // `printf 'link\nquit\n' | takeaway play sum:misere=true 'nim A' 'wythoff 2 3'`
    // prints this address.
    assert_eq!(
        d.script("return location.hash;"),
        json!(format!(
            "#game=sum%3Amisere%3Dtrue&part=nim%20{a}&part=wythoff%202%203"
        )),
        "the misère sum's address"
    );
    assert_eq!(
        address("sum:misere=true", &parts),
        format!("#game=sum%3Amisere%3Dtrue&part=nim%20{a}&part=wythoff%202%203")
    );
    // The server agrees with the brute force on the start.
    let answer = common::post(
        addr,
        "/api/analyze",
        &json!({"game": "sum:misere=true", "parts": parts}),
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        answer.json()["outcome"],
        json!("P"),
        "the start by the server"
    );
    assert!(
        text_of(d, "explain").contains("P — "),
        "the page shows the start lost for the mover: {}",
        text_of(d, "explain")
    );
    for turn in 0..40 {
        if status(d)[0] == json!("over") {
            break;
        }
        let before = d.script("return document.querySelectorAll('#log li').length;");
        let clicked = d.script(
            "for (const part of document.querySelectorAll('#board .part')) {
               const cs = [...part.querySelectorAll('button.counter')].filter(c => !c.disabled);
               if (cs.length) { cs[cs.length - 1].click(); return true; }
             }
             return false;",
        );
        assert_eq!(
            clicked,
            json!(true),
            "misère sum turn {turn}: no playable counter"
        );
        d.wait_for(
            "the computer's reply",
            &format!(
                "document.querySelectorAll('#log li').length > {before} && document.getElementById('status').dataset.state !== 'computer'"
            ),
        );
        assert_eq!(text_of(d, "play-error"), "", "misère sum turn {turn}");
    }
    assert_eq!(
        status(d),
        json!(["over", "computer"]),
        "the misère sum ends with the brute force's winner"
    );
    let said = text_of(d, "status");
    assert!(
        said.contains("in misère play whoever cannot move wins"),
        "the end under misère play: {said}"
    );
    assert_eq!(d.script("return window.__takeawayErrors;"), json!([]));
}

/// A family defined outside the library (subtract-a-square, registered by
/// `browser`) as a part: `#game=sum&part=squares%205&part=nim%202` draws
/// its board like any family's, its counters greyed out by its own rule
/// (from 5 only 1 and 4 may be taken: the squares ≤ 5), and a take of 4 in
/// it is played as the part's move.
fn registered_family_as_a_part(d: &Driver, base: &str) {
    let hash = "#game=sum&part=squares%205&part=nim%202";
    fresh(d, base, hash);
    d.wait_for(
        "the sum with a registered family",
        "document.getElementById('status').dataset.state === 'human'",
    );
    assert_eq!(text_of(d, "error"), "", "{hash}");
    assert_eq!(
        boards(d).1,
        json!([["Part 1: Subtract a square", 1], ["Part 2: Nim", 1]]),
        "{hash}: one board per part"
    );
    // The counters of part 1, take 5 down to take 1: which may be clicked,
    // and why the others may not.
    let counters = d.script(
        "return [...document.querySelectorAll('#board .part[data-part=\"0\"] button.counter')].map(c => [c.disabled, c.title]);",
    );
    let counters = counters.as_array().expect("counters");
    let open: Vec<bool> = counters.iter().map(|c| c[0] == json!(false)).collect();
    assert_eq!(
        open,
        [false, true, false, false, true],
        "{hash}: takes 5, 4, 3, 2, 1"
    );
    assert!(
        counters[0][1]
            .as_str()
            .is_some_and(|t| t.contains("only a square number")),
        "{hash}: the family's own reason: {counters:?}"
    );
    d.click("#board .part[data-part=\"0\"] button.counter[data-index=\"1\"]");
    d.wait_for(
        "the computer's reply",
        "document.querySelectorAll('#log li').length > 0 && document.getElementById('status').dataset.state !== 'computer'",
    );
    assert_eq!(text_of(d, "play-error"), "", "the take of 4 in part 1");
    let first = d.script("return document.querySelector('#log li').textContent;");
    assert!(
        first
            .as_str()
            .is_some_and(|l| l.contains("You: part 1: take 4")),
        "{first}"
    );
}

/// An address whose part the server refuses (a part misère on its own) is
/// started as written, and the server's refusal is shown beside Start: the
/// page does not quietly play another game.
fn refused_part(d: &Driver, base: &str) {
    fresh(
        d,
        base,
        "#game=sum&part=nim%3Amisere%3Dtrue%202&part=nim%203",
    );
    d.wait_for(
        "the refusal",
        "document.getElementById('error').textContent.length > 0",
    );
    let error = text_of(d, "error");
    assert!(
        error.contains("Part 1") && error.contains("sum:misere=true"),
        "the server's refusal: {error}"
    );
    assert_eq!(
        d.script("return window.__takeawayState.position;"),
        Value::Null,
        "no game started"
    );
}

#[test]
fn browser_plays_sums_from_their_address_and_a_misere_sum_to_the_end() {
    let Some((server, base, d)) = browser("takeaway-e2e-sums") else {
        return;
    };
    address_round_trip(&d, &base);
    registered_family_as_a_part(&d, &base);
    refused_part(&d, &base);
    misere_sum_to_the_end(&d, &base, server.addr);
    let console = d.console_errors();
    assert!(
        console
            .iter()
            .all(|e| e.contains("/api/start") && e.contains("400")),
        "console errors besides the refused start: {console:?}"
    );
    drop(d);
    server.stop();
}
