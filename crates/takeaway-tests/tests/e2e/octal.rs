//! The page plays octal games on its pins layout: Kayles and Dawson's
//! Kayles, a split move clicked on the pins, a hint naming a split, a
//! refusal with the code's reason, and the computer's reply.
//!
//! Expected values (Winning Ways, ch. 4; the library's brute-force test
//! `octal` checks the same): Kayles G(5) = 4, and the only winning move of
//! a row of 5 is the middle pin (2 + 2, value 0); Dawson's Kayles (0.07)
//! G(0…8) = 0 0 1 1 2 0 3 1 1, so a row of 8 (G = 1) is won by leaving
//! 1 + 5 (0 ⊕ 0), the first winning split (smallest left row first).
//! The same browser then plays the memory games (`e2e/memory.rs`).

use super::{Driver, browser};
use serde_json::json;

/// Selects the family `id`, its start `piles`, the human first, and starts.
fn start(d: &Driver, id: &str, piles: &str) {
    d.script(&format!(
        "const s = document.getElementById('game'); s.value = '{id}'; s.dispatchEvent(new Event('change'));"
    ));
    d.type_into("#piles", piles);
    d.script("document.getElementById('first').value = 'human';");
    d.click("#start");
    d.wait_for(
        "the game to start",
        "document.getElementById('status').dataset.state === 'human'",
    );
}

/// Clicks pin `j` (0-based) of row `i`, as a player does.
fn pin(d: &Driver, i: usize, j: usize) {
    d.click(&format!(
        "button.pin[data-pile=\"{i}\"][data-index=\"{j}\"]"
    ));
}

fn hint(d: &Driver) -> String {
    d.script("document.getElementById('hint').textContent = '';");
    d.click("#hint-btn");
    d.wait_for(
        "a hint",
        "document.getElementById('hint').textContent.length > 0",
    );
    d.script("return document.getElementById('hint').textContent;")
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// The piles of the position in play.
fn piles(d: &Driver) -> Vec<u64> {
    let p = d.script("return window.__takeawayState.position.piles;");
    p.as_array()
        .expect("piles")
        .iter()
        .map(|v| {
            v.as_u64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                .expect("a small number")
        })
        .collect()
}

/// Waits for the computer's reply to the human's move (two log lines).
fn wait_reply(d: &Driver) {
    d.wait_for(
        "the computer's reply",
        "document.getElementById('log').children.length >= 2 && document.getElementById('status').dataset.state !== 'computer'",
    );
}

#[test]
fn browser_plays_kayles_and_dawsons_kayles_on_pins() {
    let Some((server, base, d)) = browser("takeaway-e2e-octal") else {
        return;
    };
    let fresh = || {
        d.goto("about:blank");
        d.goto(&format!("{base}/"));
        d.wait_for("the page", "document.body.dataset.ready === '1'");
    };

    // Kayles 5: one row of 5 pins; the hint names the middle pin.
    fresh();
    start(&d, "kayles", "5");
    assert_eq!(
        d.script("return document.querySelectorAll('button.pin').length;"),
        json!(5)
    );
    let h = hint(&d);
    assert!(
        h.contains("leaving 2 and 2") && h.contains("it wins"),
        "{h}"
    );
    // Click the middle pin twice: a run of one pin, the row splits in two.
    pin(&d, 0, 2);
    pin(&d, 0, 2);
    wait_reply(&d);
    let log = d.script("return document.getElementById('log').textContent;");
    assert!(
        log.as_str()
            .is_some_and(|l| l.contains("You: take 1 from heap 1 leaving 2 and 2")),
        "{log}"
    );
    // The computer knocked down 1 or 2 pins of one of the rows of 2.
    let after = piles(&d);
    let total: u64 = after.iter().sum();
    assert!(after.len() == 2 && (2..=3).contains(&total), "{after:?}");

    // Dawson's Kayles 8: a single pin is refused with the code's reason;
    // the hint names the split 1 + 5, which the player then clicks.
    fresh();
    start(&d, "dawson", "8");
    pin(&d, 0, 3);
    pin(&d, 0, 3);
    d.wait_for(
        "the refusal",
        "document.getElementById('play-error').textContent.length > 0",
    );
    let refusal = d.script("return document.getElementById('play-error').textContent;");
    assert!(
        refusal
            .as_str()
            .is_some_and(|t| t.contains("In 0.07 removing 1 may not leave two heaps")),
        "{refusal}"
    );
    assert_eq!(piles(&d), vec![8]);
    // The browser logs the refused request (status 400) and nothing else.
    let console = d.console_errors();
    assert!(
        console
            .iter()
            .all(|e| e.contains("/api/move") && e.contains("400")),
        "console errors: {console:?}"
    );
    let h = hint(&d);
    assert!(h.contains("Take 2 from heap 1 leaving 1 and 5"), "{h}");
    // Pins 2 and 3 (0-based 1 and 2): a run of two, leaving 1 and 5.
    pin(&d, 0, 1);
    pin(&d, 0, 2);
    wait_reply(&d);
    let after = piles(&d);
    assert_eq!(after.iter().sum::<u64>(), 8 - 2 - 2, "{after:?}");
    let page_errors = d.script("return window.__takeawayErrors;");
    assert_eq!(page_errors, json!([]));
    let console = d.console_errors();
    assert!(console.is_empty(), "console errors: {console:?}");

    // Memory games (one pile, like the heaps above), in the same browser.
    super::memory::play_memory_games(&d, &base);
    let page_errors = d.script("return window.__takeawayErrors;");
    assert_eq!(page_errors, json!([]), "memory games: errors on the page");
    let console = d.console_errors();
    assert!(
        console.is_empty(),
        "memory games: console errors: {console:?}"
    );
    drop(d);
    server.stop();
}
