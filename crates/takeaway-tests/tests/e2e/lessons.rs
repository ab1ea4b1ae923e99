//! Issue 23 in a real browser: the page as a classroom and a game table.
//!
//! - Practice mode hides the outcome, the winning move, the heatmap and the
//!   value history for every family of `/api/games` until Hint, Show
//!   analysis or the end of the game.
//! - `#game=…&misere=true` opens every family in misère play, and every
//!   move of the computer is checked against the engine's own answer
//!   (`/api/hint` before and after it: from a won position it leaves the
//!   human a lost one).
//! - The address the page writes with its misère switch on reopens the
//!   same family with the switch on, for every family (a family whose
//!   template is misère with its fixed switch), and the game is misère by
//!   the server's answer; a heatmap click keeps the family and the switch.
//! - The teacher's tools: a link holds misère play, practice mode and
//!   Table 4.1; a heatmap click plays from that cell; New game; the end of a
//!   game says who won and why.
//! - One check per defect of the list (each names it).
//!
//! Screenshots of a googol Fibonacci game at 400 and 1400 px go to the
//! target's scratch folder, and with `TAKEAWAY_SCREENSHOT=docs` to
//! `docs/screenshots/` (the README shows them).

use super::{Driver, browser, common, shown, text_of};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::PathBuf;

fn fresh(d: &Driver, base: &str, hash: &str) {
    d.goto("about:blank");
    d.goto(&format!("{base}/{hash}"));
    d.wait_for("the page", "document.body.dataset.ready === '1'");
}

fn select(d: &Driver, id: &str) {
    d.script(&format!(
        "const s = document.getElementById('game'); s.value = '{id}'; s.dispatchEvent(new Event('change'));"
    ));
}

fn state_of(d: &Driver) -> String {
    d.script("return document.getElementById('status').dataset.state;")
        .as_str()
        .unwrap_or_default()
        .to_string()
}

fn start(d: &Driver, what: &str) {
    // Forget the previous game's state first: a game still waiting for the
    // human must not pass for the new one before its answer has come.
    d.script("document.getElementById('status').dataset.state = 'starting';");
    d.click("#start");
    d.wait_for(
        what,
        "['human', 'over'].includes(document.getElementById('status').dataset.state) && document.getElementById('error').textContent === ''",
    );
}

/// Makes the human's smallest move (the last playable counter of the first
/// pile or strip that has one, or the row to pick) and waits for the reply.
fn play_one(d: &Driver, what: &str) {
    let before = d.script("return document.querySelectorAll('#log li').length;");
    let clicked = d.script(
        "const row = document.querySelector('.pile.pickable');
         if (row) { row.click(); return true; }
         // Rows of pins (octal games): a move is two clicks, the first and
         // the last pin of the run; take the last two pins of a row (legal
         // in every octal family's example code), else a lone pin.
         const pinRows = [...document.querySelectorAll('.pile.pins')].map(
           r => [...r.querySelectorAll('button.pin')].filter(c => !c.disabled));
         for (const cs of pinRows) {
           if (cs.length >= 2) { cs[cs.length - 2].click(); cs[cs.length - 1].click(); return true; }
         }
         for (const cs of pinRows) {
           if (cs.length === 1) { cs[0].click(); cs[0].click(); return true; }
         }
         for (const r of document.querySelectorAll('.pile')) {
           const cs = [...r.querySelectorAll('button.counter')].filter(c => !c.disabled);
           if (cs.length) { cs[cs.length - 1].click(); return true; }
         }
         return false;",
    );
    assert_eq!(clicked, json!(true), "{what}: no playable counter");
    d.wait_for(
        &format!("{what}: the computer's reply"),
        &format!(
            "document.querySelectorAll('#log li').length > {before} && document.getElementById('status').dataset.state !== 'computer'"
        ),
    );
    assert_eq!(text_of(d, "play-error"), "", "{what}: an error");
}

/// What a player can read of the analysis: shown parts and the page's text.
fn analysis_seen(d: &Driver) -> Vec<String> {
    let mut seen = Vec::new();
    for id in ["analysis", "explain", "heatmap", "legend", "history-chart"] {
        if shown(d, id) {
            seen.push(format!("#{id} shown"));
        }
    }
    let text = d
        .script("return document.body.innerText;")
        .as_str()
        .unwrap_or_default()
        .to_string();
    for words in [
        "Outcome",
        "wins with best play",
        "loses against best play",
        "Hint:",
        "You are losing",
        "Remoteness",
        "it wins",
        "winning",
    ] {
        if text.contains(words) {
            seen.push(format!("the text {words:?}"));
        }
    }
    seen
}

/// Practice mode, for every family of `/api/games`: nothing of the analysis
/// is visible after Start or after a move until the player asks; Show
/// analysis and Hint show it; the address keeps the switch.
fn practice_mode(d: &Driver, base: &str, games: &[Value]) {
    for g in games {
        let id = g["id"].as_str().expect("id");
        fresh(d, base, "");
        select(d, id);
        d.script(
            "document.getElementById('practice').checked = true; document.getElementById('first').value = 'human';",
        );
        start(d, &format!("{id}: practice start"));
        assert_eq!(state_of(d), "human", "{id}: the start is won by the human");
        // The answers have come (the value history and the heatmap are drawn, hidden).
        d.wait_for(
            &format!("{id}: the answers"),
            "document.getElementById('vh').dataset.points === '1' && document.getElementById('legend').textContent.length > 0",
        );
        let seen = analysis_seen(d);
        assert!(seen.is_empty(), "{id}: practice mode shows {seen:?}");
        assert!(shown(d, "reveal-btn"), "{id}: no Show analysis button");
        assert!(shown(d, "practice-note"), "{id}: no word on what is hidden");
        let hash = d.script("return decodeURIComponent(location.hash);");
        assert!(
            hash.as_str().is_some_and(|h| h.contains("&practice=1")),
            "{id}: the address keeps practice mode: {hash}"
        );
        // Show analysis shows it ...
        d.click("#reveal-btn");
        assert!(
            shown(d, "explain") && shown(d, "history-chart"),
            "{id}: Show analysis shows nothing"
        );
        // ... until the next position, which is hidden again.
        play_one(d, id);
        if state_of(d) == "human" {
            let seen = analysis_seen(d);
            assert!(
                seen.is_empty(),
                "{id}: after a move, practice mode shows {seen:?}"
            );
            // Hint: the move and one plain sentence, the theorem behind "Why?".
            d.click("#hint-btn");
            d.wait_for(
                &format!("{id}: a hint"),
                "document.getElementById('hint').textContent.length > 0",
            );
            assert!(shown(d, "explain"), "{id}: Hint does not show the analysis");
            let head = d.script("return document.getElementById('hint').firstChild.textContent;");
            let head = head.as_str().unwrap_or_default();
            assert!(
                (head.starts_with("Hint: ") || head.starts_with("You are losing"))
                    && head.matches(". ").count() == 0
                    && head.ends_with('.'),
                "{id}: the hint is not one sentence: {head}"
            );
            let why = d.script(
                "const w = document.getElementById('hint-why'); return w ? [w.open, w.querySelector('summary').textContent] : null;",
            );
            if !why.is_null() {
                assert_eq!(
                    why,
                    json!([false, "Why?"]),
                    "{id}: the theorem is behind a closed Why?"
                );
            }
        }
    }
    // The end of the game shows the analysis: Fibonacci 3 (bound 2): the
    // human takes 1, the computer takes the last 2 (3 is a Fibonacci number:
    // a P-position, Whinihan).
    fresh(d, base, "#game=fibonacci&piles=3&bound=2&practice=1");
    d.wait_for(
        "Fibonacci 3",
        "document.getElementById('status').dataset.state === 'human'",
    );
    assert!(
        !shown(d, "explain"),
        "practice from the address: the analysis shows"
    );
    play_one(d, "Fibonacci 3");
    assert_eq!(state_of(d), "over");
    assert!(
        shown(d, "explain") && shown(d, "history-chart"),
        "game over: the analysis is still hidden"
    );
    let status = text_of(d, "status");
    assert_eq!(
        status,
        "The computer wins: the computer took the last counter, and now you cannot move — whoever cannot move loses.",
        "the end says who won and why"
    );
    // New game: the same setup again, from the start.
    d.click("#new-game");
    d.wait_for(
        "the new game",
        "document.getElementById('status').dataset.state === 'human' && document.querySelectorAll('#log li').length === 0 && JSON.stringify(window.__takeawayState.position.piles) === '[3]'",
    );
}

/// Posts to the server, expecting 200.
fn api(addr: SocketAddr, path: &str, body: &Value) -> Value {
    let r = common::post(addr, path, body);
    assert_eq!(r.status, 200, "{path} {body}: {}", r.body);
    r.json()
}

/// `text` encoded as JavaScript's `encodeURIComponent` does (the page's
/// addresses, and the command line's `link`).
pub(super) fn uri(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A part as the command line writes it (`GAME PILES [--bound W]`).
pub(super) fn part_text(part: &Value) -> String {
    let piles: Vec<String> = part["piles"]
        .as_array()
        .expect("piles")
        .iter()
        .map(|p| p.to_string().trim_matches('"').to_string())
        .collect();
    let mut text = format!(
        "{} {}",
        part["game"].as_str().expect("game"),
        piles.join(" ")
    );
    if !part["bound"].is_null() {
        text.push_str(&format!(
            " --bound {}",
            part["bound"].to_string().trim_matches('"')
        ));
    }
    text
}

/// A family's example start (`/api/games`' `position`), every pile cut to
/// at most 8 and the first one (of the first part, for a game of parts) set
/// to `first` when given: the position fields of a request, `{"piles"}` or
/// `{"parts"}`.
fn example_start(g: &Value, first: Option<u64>) -> Value {
    let cut = |piles: &Value| -> Vec<u64> {
        piles
            .as_array()
            .expect("piles")
            .iter()
            .map(|p| p.as_u64().expect("pile").min(8))
            .collect()
    };
    if let Some(parts) = g["position"]["parts"].as_array().filter(|p| !p.is_empty()) {
        let mut parts: Vec<Value> = parts
            .iter()
            .map(|p| json!({"game": p["game"], "piles": cut(&p["piles"]), "bound": p["bound"]}))
            .collect();
        if let Some(f) = first {
            parts[0]["piles"][0] = json!(f);
        }
        json!({ "parts": parts })
    } else {
        let mut piles = cut(&g["piles"]);
        if let Some(f) = first {
            piles[0] = f;
        }
        json!({ "piles": piles })
    }
}

/// The request body of `game` at the position fields `at`.
fn with_position(game: &str, at: &Value) -> Value {
    let mut body = at.clone();
    body["game"] = json!(game);
    body
}

/// `#game=…&misere=true` for every family (its example spec and start,
/// the other piles cut to at most 8 so the exhaustive search answers at
/// once, the first the largest of 2 to 12 the human loses from, else 12;
/// a sum's address as the command line's `link` writes it,
/// `#game=sum%3Amisere%3Dtrue&part=…`, its first part's first pile so
/// chosen): the page plays misère, and each move of the computer is checked against the
/// engine: when the computer faced a position the engine says it wins, the
/// position after its move is lost for the human (a pick in Spite Nim
/// leaves the computer to call: still won for it); when the game ends the
/// winner is the one who cannot move.
fn misere_everywhere(d: &Driver, base: &str, addr: SocketAddr, games: &[Value]) {
    for g in games {
        let id = g["id"].as_str().expect("id");
        let spec = g["example"].as_str().expect("example");
        // A start lost for the human under misère play (the engine's hint),
        // so the computer has won positions to play from: the first pile
        // from 12 down until one is found (a long game: the computer moves).
        let misere_spec = format!(
            "{}:misere=true",
            spec.strip_suffix(":misere=true").unwrap_or(spec)
        );
        let lost = |first: u64| {
            let start = api(
                addr,
                "/api/start",
                &with_position(&misere_spec, &example_start(g, Some(first))),
            );
            start["over"] == json!(false)
                && api(
                    addr,
                    "/api/hint",
                    &json!({"game": misere_spec, "position": start["position"]}),
                )["winning"]
                    == json!(false)
        };
        // (None lost, as in misère Fibonacci Nim: 12, where the human's
        // smallest takes still hand the computer won positions.)
        let first = (2..=12).rev().find(|&first| lost(first)).unwrap_or(12);
        let at = example_start(g, Some(first));
        let hash = if let Some(parts) = at["parts"].as_array() {
            let texts: Vec<String> = parts
                .iter()
                .map(|p| format!("&part={}", uri(&part_text(p))))
                .collect();
            format!("#game={}{}", uri(&misere_spec), texts.concat())
        } else {
            let list = at["piles"]
                .as_array()
                .expect("piles")
                .iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join(",");
            let plain = spec.strip_suffix(":misere=true").unwrap_or(spec);
            format!("#game={}&piles={list}&misere=true", uri(plain))
        };
        fresh(d, base, &hash);
        d.wait_for(
            &format!("{id} in misère"),
            "['human', 'over'].includes(document.getElementById('status').dataset.state)",
        );
        assert_eq!(text_of(d, "error"), "", "{id}: {hash}");
        let played = d
            .script("return window.__takeawayState.spec;")
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(played.ends_with(":misere=true"), "{id}: plays {played}");
        assert_eq!(
            d.script("return document.getElementById('misere-play').checked;"),
            json!(true),
            "{id}: the switch shows misère"
        );
        // Every answer of /api/move, kept for the check.
        d.script(
            "window.__answers = []; const f = window.fetch; window.fetch = async (url, init) => {
               const r = await f(url, init);
               if (String(url).endsWith('/api/move')) r.clone().text().then(t => window.__answers.push(t));
               return r; };",
        );
        for turn in 0..60 {
            if state_of(d) == "over" {
                break;
            }
            play_one(d, &format!("{id} misère turn {turn}"));
        }
        assert_eq!(state_of(d), "over", "{id} misère: the game did not end");
        d.wait_for(
            "the answers kept",
            "window.__answers.length === window.__takeawayState.history.length",
        );
        let answers = d.script("return window.__answers;");
        let mut checked = 0;
        // Moves made from a position the engine says the computer wins.
        let mut from_won = 0;
        for text in answers.as_array().expect("answers") {
            let a: Value = serde_json::from_str(text.as_str().expect("text")).expect("JSON");
            let mut before = a["human_position"].clone();
            let replies = a["replies"].as_array().cloned().unwrap_or_default();
            for (k, r) in replies.iter().enumerate() {
                let won = api(
                    addr,
                    "/api/hint",
                    &json!({"game": played, "position": before}),
                )["winning"]
                    == json!(true);
                let after = r["position"].clone();
                let last = k + 1 == replies.len();
                // After a pick the picker (the computer) calls next; after
                // any other move the human acts.
                let picker_calls = r["move"]["kind"] == json!("pick");
                if last && a["over"] == json!(true) {
                    // Whoever is to act cannot move: in misère play that one wins.
                    let stuck = if picker_calls { "computer" } else { "human" };
                    assert_eq!(
                        a["winner"],
                        json!(stuck),
                        "{id}: misère, the stuck player wins"
                    );
                    assert!(
                        !won || stuck == "computer",
                        "{id} misère: the computer ended a won game by losing it: {before} → {after}"
                    );
                } else if won {
                    from_won += 1;
                    let next = api(
                        addr,
                        "/api/hint",
                        &json!({"game": played, "position": after}),
                    )["winning"]
                        == json!(true);
                    assert_eq!(
                        next, picker_calls,
                        "{id} misère: the computer's {} from {before} to {after} throws the win away",
                        r["move"]
                    );
                }
                checked += 1;
                before = after;
            }
        }
        assert!(checked > 0, "{id}: no move of the computer was checked");
        // The human's smallest takes give the computer won positions to play.
        assert!(
            from_won > 0,
            "{id}: no move of the computer from a won position"
        );
        let status = text_of(d, "status");
        assert!(
            status.contains("in misère play whoever cannot move wins"),
            "{id}: the end under misère play: {status}"
        );
    }
}

/// Whether a spec says misère play, as the library reads it.
fn spec_is_misere(spec: &str) -> bool {
    takeaway::spec::GameSpec::parse(spec)
        .and_then(|s| s.misere())
        .unwrap_or_else(|e| panic!("{spec}: {e}"))
}

/// The page's state after an address opened a game: [family chosen, switch
/// checked, switch fixed, spec played, address, piles, bound, parts].
fn opened(d: &Driver) -> Value {
    d.script(
        "const s = window.__takeawayState, box = document.getElementById('misere-play');
         return [document.getElementById('game').value, box.checked, box.disabled, s.spec, location.hash,
                 s.position ? s.position.piles : null, s.position ? s.position.bound : null,
                 s.position && s.position.parts ? s.position.parts : null];",
    )
}

/// For every family of `/api/games` (a sum too: its example parts, its
/// address the command line's, misère play in its spec): the setup with
/// the misère switch on, Start, and the address the page writes, reopened
/// in a fresh page, shows the same family with the switch on (fixed where
/// the family's template is misère) and writes the same address; the game is misère by the server's answer for the spec the
/// page plays, and the page shows that answer. Then the address of
/// the subtraction game (which the family whose template is misère
/// subtraction used to take): the subtraction game, its switch on and free,
/// kept by a click on a heatmap cell.
fn misere_addresses(d: &Driver, base: &str, addr: SocketAddr, games: &[Value]) {
    for g in games {
        let id = g["id"].as_str().expect("id");
        let parts = g["rows"] == json!("parts");
        let fixed = g["template"]
            .as_str()
            .is_some_and(|t| t.ends_with(":misere=true"));
        let piles = g["piles"]
            .as_array()
            .expect("piles")
            .iter()
            .map(|p| p.as_u64().expect("pile").min(8).to_string())
            .collect::<Vec<_>>()
            .join(" ");
        fresh(d, base, "");
        select(d, id);
        d.script(
            "const box = document.getElementById('misere-play'); if (!box.checked && !box.disabled) box.click();",
        );
        if !parts {
            d.type_into("#piles", &piles);
        }
        d.script("document.getElementById('first').value = 'human';");
        start(d, &format!("{id} with the misère switch on"));
        let written = opened(d);
        let hash = written[4].as_str().expect("hash").to_string();
        assert!(
            hash.contains("misere"),
            "{id}: the address holds misère play: {hash}"
        );
        if parts {
            // The command line's form: misère play in the spec, one `part` per part.
            let texts: Vec<String> = written[7]
                .as_array()
                .expect("parts")
                .iter()
                .map(|p| format!("&part={}", uri(&part_text(p))))
                .collect();
            assert_eq!(
                hash,
                format!(
                    "#game={}{}",
                    uri(&format!("{id}:misere=true")),
                    texts.concat()
                ),
                "{id}: the address of a sum"
            );
        }
        fresh(d, base, &hash);
        d.wait_for(
            &format!("{id} reopened"),
            "['human', 'over'].includes(document.getElementById('status').dataset.state)",
        );
        assert_eq!(text_of(d, "error"), "", "{id}: {hash}");
        let seen = opened(d);
        assert_eq!(
            seen,
            json!([
                id, true, fixed, written[3], hash, written[5], written[6], written[7]
            ]),
            "{id}: {hash} reopens [family, switch on, switch fixed, spec, address, piles, bound, parts]"
        );
        let spec = seen[3].as_str().expect("spec");
        let at = if parts {
            json!({"parts": seen[7]})
        } else {
            json!({"piles": seen[5], "bound": seen[6]})
        };
        let answer = api(addr, "/api/analyze", &with_position(spec, &at));
        let game = answer["game"].as_str().expect("the answer's game");
        assert!(
            spec_is_misere(game),
            "{id}: the server plays {game} for {spec}"
        );
        let mut all_piles: Vec<Value> = seen[5].as_array().cloned().unwrap_or_default();
        for part in seen[7].as_array().into_iter().flatten() {
            all_piles.extend(part["piles"].as_array().cloned().unwrap_or_default());
        }
        if all_piles.iter().any(|x| x != &json!(0) && x != &json!("0"))
            && d.script("return document.getElementById('status').dataset.state;") == json!("human")
        {
            // The page shows the server's misère analysis of the position:
            // its outcome under misère play. (The explanation's words may
            // differ: a misère quotient the server has kept since the page
            // asked answers the same outcome through Φ instead of the
            // exhaustive search.)
            let explanation = answer["explanation"].as_str().unwrap_or_default();
            let outcome = answer["outcome"].as_str().expect("the answer's outcome");
            let shown = text_of(d, "explain");
            assert!(
                shown.contains(&format!("Outcome{outcome}"))
                    && shown.to_lowercase().contains("misère"),
                "{id}: the page shows “{shown}”, the server's misère answer is “{explanation}” ({outcome})"
            );
        }
    }

    // The address: the subtraction game, not its misère preset.
    fresh(
        d,
        base,
        "#game=subtraction%3As%3D1%2C3%2C4&piles=10&misere=true",
    );
    d.wait_for(
        "misère subtraction",
        "document.getElementById('status').dataset.state === 'human'",
    );
    assert_eq!(
        opened(d),
        json!([
            "subtraction",
            true,
            false,
            "subtraction:s=1,3,4:misere=true",
            "#game=subtraction%3As%3D1%2C3%2C4&piles=10&misere=true",
            [10],
            null,
            null
        ]),
        "the issue's address"
    );
    // The spec's own key, anywhere among its keys and as `1` or `yes`,
    // opens the family with the switch on; the address written puts it on
    // the switch.
    fresh(d, base, "#game=one-pile%3Amisere%3Dyes%3Af%3D3*t&piles=20");
    d.wait_for(
        "misère one-pile by its key",
        "document.getElementById('status').dataset.state === 'human'",
    );
    let seen = opened(d);
    assert_eq!(
        [&seen[0], &seen[1], &seen[2], &seen[3]],
        [
            &json!("one-pile"),
            &json!(true),
            &json!(false),
            &json!("one-pile:f=3*t:misere=true")
        ],
        "the spec's misere key: {seen}"
    );
    let hash = seen[4].as_str().unwrap_or_default();
    assert!(
        hash.starts_with("#game=one-pile%3Af%3D3*t&piles=20&") && hash.ends_with("&misere=true"),
        "the spec's misere key: {seen}"
    );
    // The spec's key where a family's template carries it: that family
    // (the address it writes itself), its switch fixed on.
    fresh(
        d,
        base,
        "#game=subtraction%3Amisere%3D1%3As%3D1%2C3%2C4&piles=10",
    );
    d.wait_for(
        "the misère preset",
        "document.getElementById('status').dataset.state === 'human'",
    );
    let seen = opened(d);
    assert_eq!(
        [&seen[0], &seen[1], &seen[2], &seen[4]],
        [
            &json!("misere"),
            &json!(true),
            &json!(true),
            &json!("#game=subtraction%3As%3D1%2C3%2C4%3Amisere%3Dtrue&piles=10")
        ],
        "the misère preset by the spec's key: {seen}"
    );
    // A heatmap click plays from the cell in the same family, switch on.
    fresh(
        d,
        base,
        "#game=subtraction%3As%3D1%2C3%2C4&piles=10&misere=true",
    );
    d.wait_for(
        "the heatmap",
        "document.getElementById('heatmap').dataset.currentX === '10'",
    );
    let target = d.script(
        "const g = window.__takeawayState.grid; const cur = g.grid.current;
         const c = cur.x + 1, r = cur.y;
         const canvas = document.getElementById('heatmap');
         const box = canvas.getBoundingClientRect();
         const sx = canvas.clientWidth / canvas.width, sy = canvas.clientHeight / canvas.height;
         const x = (g.left + (c + 0.5) * g.cw) * sx + canvas.clientLeft, y = (g.top + g.height - (r + 0.5) * g.ch) * sy + canvas.clientTop;
         canvas.dispatchEvent(new MouseEvent('click', { clientX: box.left + x, clientY: box.top + y, bubbles: true }));
         return String(g.grid.x.values[c]);",
    );
    let pile = target.as_str().expect("the cell's pile").to_string();
    d.wait_for(
        "the clicked position",
        &format!(
            "document.getElementById('status').dataset.state === 'human' && String(window.__takeawayState.position.piles[0]) === '{pile}'"
        ),
    );
    let seen = opened(d);
    assert_eq!(
        [&seen[0], &seen[1], &seen[2], &seen[3]],
        [
            &json!("subtraction"),
            &json!(true),
            &json!(false),
            &json!("subtraction:s=1,3,4:misere=true")
        ],
        "a heatmap click keeps the family and its switch: {seen}"
    );
}

/// The teacher's tools: a link keeps Table 4.1; a heatmap click plays from
/// its cell; the defaults are won by the human (the computer cannot win
/// against the hint's moves).
fn teacher_tools(d: &Driver, base: &str) {
    // Table 4.1 in the address (paper 000 §4: (20, 62), bound 6, f = 2t).
    fresh(d, base, "");
    select(d, "two-pile");
    d.type_into("#param-f", "2*t");
    d.type_into("#piles", "20 62");
    d.type_into("#bound", "6");
    d.script(
        "document.getElementById('first').value = 'human'; const c = document.getElementById('computer'); c.value = 'table-4.1'; c.dispatchEvent(new Event('change'));",
    );
    start(d, "Table 4.1 game");
    let hash = d
        .script("return location.hash;")
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        hash.ends_with("&computer=table-4.1"),
        "the link keeps Table 4.1: {hash}"
    );
    fresh(d, base, &hash);
    d.wait_for(
        "the reopened game",
        "document.getElementById('status').dataset.state === 'human'",
    );
    assert_eq!(
        d.script(
            "return [window.__takeawayState.computer, document.getElementById('computer').value];"
        ),
        json!(["table-4.1", "table-4.1"]),
        "the reopened link plays by Table 4.1"
    );

    // A click on a heatmap cell: Fibonacci 20 (the tableau of pile n against
    // bound w); the cell two columns right and three rows up is (n, w) = the
    // x and y values there.
    fresh(d, base, "#game=fibonacci&piles=20&bound=4");
    d.wait_for(
        "the heatmap",
        "document.getElementById('heatmap').dataset.currentX === '20'",
    );
    let target = d.script(
        "const g = window.__takeawayState.grid; const cur = g.grid.current;
         const c = cur.x + 2, r = cur.y + 3;
         const canvas = document.getElementById('heatmap');
         const box = canvas.getBoundingClientRect();
         const sx = canvas.clientWidth / canvas.width, sy = canvas.clientHeight / canvas.height;
         const x = (g.left + (c + 0.5) * g.cw) * sx + canvas.clientLeft, y = (g.top + g.height - (r + 0.5) * g.ch) * sy + canvas.clientTop;
         canvas.dispatchEvent(new MouseEvent('click', { clientX: box.left + x, clientY: box.top + y, bubbles: true }));
         return [String(g.grid.x.values[c]), String(g.grid.y.values[r])];",
    );
    d.wait_for(
        "the clicked position",
        &format!(
            "document.getElementById('status').dataset.state === 'human' && String(window.__takeawayState.position.piles[0]) === '{}' && String(window.__takeawayState.position.bound) === '{}'",
            target[0].as_str().expect("x"),
            target[1].as_str().expect("y")
        ),
    );
}

/// The "Seen on the page" list, one check each.
fn defects(d: &Driver, base: &str, scratch: &std::path::Path, docs: Option<&std::path::Path>) {
    // One pile, f = t − 5: refused at Start (the bound is negative at once).
    fresh(d, base, "");
    select(d, "one-pile");
    d.type_into("#param-f", "t-5");
    d.type_into("#piles", "10");
    d.click("#start");
    d.wait_for(
        "the refusal",
        "document.getElementById('error').textContent.length > 0",
    );
    let error = text_of(d, "error");
    assert!(error.contains("is negative"), "t-5: {error}");
    assert_eq!(state_of(d), "setup", "t-5: the game started");
    // f = 3*: the column in what the user typed (2 characters: column 3 is
    // the end of the input), not in the spec sent ("column 14").
    d.type_into("#param-f", "3*");
    d.script("document.getElementById('error').textContent = '';");
    d.click("#start");
    d.wait_for(
        "the refusal",
        "document.getElementById('error').textContent.length > 0",
    );
    let error = text_of(d, "error");
    assert!(
        error.contains("column 3 of what you typed") && !error.contains("column 14"),
        "3*: {error}"
    );

    // Spite Nim (10, 5) with the call 7 waiting: the value history's first
    // point agrees with the hint (the engine: losing — row 1 is the only
    // pick, and the picker then calls from (3, 5)), and its length is
    // unknown: drawn hollow, not at height 0.
    fresh(d, base, "#game=spite&piles=10,5&call=7");
    d.wait_for(
        "the call",
        "document.getElementById('status').dataset.state === 'human' && document.getElementById('vh').dataset.points === '1' && document.querySelector('#vh circle') !== null",
    );
    d.click("#hint-btn");
    d.wait_for(
        "a hint",
        "document.getElementById('hint').textContent.length > 0",
    );
    let hint = text_of(d, "hint");
    assert!(hint.starts_with("You are losing"), "Spite call 7: {hint}");
    let point = d.script(
        "const c = document.querySelector('#vh circle'); return [c.dataset.winner, c.dataset.height];",
    );
    assert_eq!(
        point,
        json!(["computer", "unknown"]),
        "Spite call 7: the first point"
    );

    // Wythoff with the computer first after a Fibonacci game: its move
    // names the pile (or both piles).
    fresh(d, base, "#game=fibonacci&piles=20&bound=19");
    d.wait_for(
        "Fibonacci",
        "document.getElementById('status').dataset.state === 'human'",
    );
    select(d, "wythoff");
    d.script("document.getElementById('first').value = 'computer';");
    start(d, "Wythoff, computer first");
    let log = text_of(d, "log");
    assert!(
        log.contains("from pile") || log.contains("from both piles"),
        "Wythoff's first move without its pile: {log}"
    );

    // Table 4.1 re-selected and Start pressed at once (f = 3t: l(3) = 2,
    // outside the table): no game starts, the refusal is beside the choice.
    fresh(d, base, "");
    select(d, "two-pile");
    d.type_into("#param-f", "3*t");
    d.type_into("#piles", "20 62");
    d.script(
        "const c = document.getElementById('computer'); c.value = 'table-4.1'; c.dispatchEvent(new Event('change'));",
    );
    d.wait_for(
        "the first refusal",
        "document.getElementById('computer').value === 'best'",
    );
    d.script(
        "const c = document.getElementById('computer'); c.value = 'table-4.1'; c.dispatchEvent(new Event('change')); document.getElementById('start').click();",
    );
    d.wait_for(
        "the refusal",
        "document.getElementById('computer-error').textContent.includes('l(3) = 2') && window.__takeawayState.tableCheck === null",
    );
    assert_eq!(
        state_of(d),
        "setup",
        "Table 4.1 refused, yet a game started"
    );
    // With f = 2t the same gesture starts a game by the table.
    d.type_into("#param-f", "2*t");
    d.type_into("#bound", "6");
    d.script(
        "const c = document.getElementById('computer'); c.value = 'table-4.1'; c.dispatchEvent(new Event('change')); document.getElementById('start').click();",
    );
    d.wait_for(
        "the game by the table",
        "document.getElementById('status').dataset.state === 'human' && window.__takeawayState.computer === 'table-4.1'",
    );

    // A googol pile (Fibonacci 10^100): the position, the "take up to" line
    // and the Why panel wrap; no sideways scroll at 400 and 1400 px; the
    // heatmap's axis labels do not run together.
    let googol = format!("1{}", "0".repeat(100));
    for width in [400u32, 1400] {
        d.set_width(width);
        fresh(d, base, &format!("#game=fibonacci&piles={googol}"));
        d.wait_for(
            "the googol game",
            "document.getElementById('status').dataset.state === 'human' && document.getElementById('legend').textContent.length > 0",
        );
        d.script("const t = document.getElementById('theory'); if (t) t.open = true;");
        let status = text_of(d, "status");
        assert!(status.contains("take up to"), "{status}");
        let over =
            d.script("const e = document.documentElement; return [e.scrollWidth, e.clientWidth];");
        let (scroll, client) = (over[0].as_u64().expect("w"), over[1].as_u64().expect("w"));
        assert!(
            scroll <= client,
            "googol at {width} px: scrollWidth {scroll} > clientWidth {client}"
        );
        // Every family's title fits the dropdown (the text's width in the
        // select's font, against its width less its padding and 20 px for
        // the arrow): none is cut short.
        let cut = d.script(
            "const s = document.getElementById('game'); const cs = getComputedStyle(s); \
             const ctx = document.createElement('canvas').getContext('2d'); ctx.font = cs.font; \
             const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20; \
             return [...s.options].filter(o => ctx.measureText(o.text).width > room).map(o => o.text + ': ' + Math.ceil(ctx.measureText(o.text).width) + ' > ' + room);",
        );
        assert_eq!(cut, json!([]), "titles cut in the dropdown at {width} px");
        // The board in view (at 400 px the setup comes first).
        d.script("document.getElementById('play').scrollIntoView();");
        let name = format!("googol-{width}.png");
        d.screenshot(&scratch.join(&name));
        if let Some(dir) = docs {
            d.screenshot(&dir.join(&name));
        }
        let note = d.script("return document.querySelector('.type-note') ? document.querySelector('.type-note').textContent : '';");
        assert!(
            note.as_str()
                .is_some_and(|n| n.contains("type how many to take")),
            "a pile over 60 counters does not say to type the take: {note}"
        );
        check_ticks(d, "googol Fibonacci");
    }
    d.set_width(1440);
    // Two googol piles: both axes' labels.
    fresh(d, base, &format!("#game=nim&piles={googol},{googol}7"));
    d.wait_for("the heatmap", "document.getElementById('legend').textContent.length > 0 && document.getElementById('heatmap').dataset.yTicks !== undefined");
    check_ticks(d, "googol Nim");

    // The legends: Spite Nim's axes are rows, as its legend says; Nim's and
    // Wythoff's legends name no bound; a misère note says no "null".
    for (hash, axes) in [
        ("#game=spite&piles=10,5", "row 1|row 2"),
        ("#game=nim&piles=3,4,5", "pile 1|pile 2"),
        ("#game=wythoff&piles=10,15", "pile 1|pile 2"),
    ] {
        fresh(d, base, hash);
        d.wait_for(
            "the legend",
            "document.getElementById('legend').textContent.length > 0",
        );
        let seen = d.script("return [document.getElementById('heatmap').dataset.axes, document.getElementById('legend').textContent];");
        assert_eq!(seen[0], json!(axes), "{hash}: the axes");
        let legend = seen[1].as_str().unwrap_or_default();
        if hash.contains("spite") {
            assert!(legend.contains("Row 1 across"), "{hash}: {legend}");
        } else {
            assert!(
                !legend.contains("bound"),
                "{hash}: the legend names a bound: {legend}"
            );
        }
    }
    // The address, the spec with its misère key, opens misère Nim.
    fresh(d, base, "#game=nim%3Amisere%3Dtrue&piles=3,4,5");
    d.wait_for(
        "misère Nim",
        "document.getElementById('status').dataset.state === 'human'",
    );
    assert_eq!(text_of(d, "error"), "", "nim:misere=true in the address");
    assert_eq!(
        d.script("return [window.__takeawayState.spec, document.getElementById('misere-play').checked, location.hash];"),
        json!(["nim:misere=true", true, "#game=nim&piles=3,4,5&misere=true"])
    );
    fresh(d, base, "#game=nim&piles=3,4,5&misere=true");
    d.wait_for(
        "the analysis",
        "document.getElementById('explain').textContent.includes('Misère')",
    );
    let explain = text_of(d, "explain");
    assert!(
        !explain.contains("null") && explain.contains("no value is shown"),
        "the misère note: {explain}"
    );
    assert_eq!(d.script("return window.__takeawayErrors;"), json!([]));
}

/// The heatmap's axis labels (as drawn: [left, right] of each on x, [top,
/// bottom] on y) do not overlap.
fn check_ticks(d: &Driver, what: &str) {
    let ticks = d.script(
        "const h = document.getElementById('heatmap').dataset; return [JSON.parse(h.xTicks || '[]'), JSON.parse(h.yTicks || '[]')];",
    );
    for (axis, list) in ["x", "y"].iter().zip(ticks.as_array().expect("ticks")) {
        let spans: Vec<(f64, f64)> = list
            .as_array()
            .expect("list")
            .iter()
            .map(|t| (t[0].as_f64().expect("a"), t[1].as_f64().expect("b")))
            .collect();
        assert!(*axis == "y" || !spans.is_empty(), "{what}: no x labels");
        for pair in spans.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let apart = if *axis == "x" { b.0 - a.1 } else { a.0 - b.1 };
            assert!(
                apart >= 0.0,
                "{what}: {axis} labels {a:?} and {b:?} run together"
            );
        }
    }
}

#[test]
fn browser_page_for_lessons_practice_misere_and_the_defects() {
    let Some((server, base, d)) = browser("takeaway-e2e-lessons") else {
        return;
    };
    let games: Vec<Value> = common::http(server.addr, "GET", "/api/games", None).json()["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter(|g| g["available"] == json!(true))
        .cloned()
        .collect();
    assert!(games.len() >= 9, "the catalogue: {games:?}");
    // The family registered at run time (`browser`) is among them: the
    // checks below cover a family defined outside the library.
    assert!(
        games.iter().any(|g| g["id"] == json!("squares")),
        "the registered family is not offered"
    );
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let docs = std::env::var("TAKEAWAY_SCREENSHOT")
        .is_ok_and(|v| v == "docs")
        .then(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/screenshots"));
    if let Some(dir) = &docs {
        std::fs::create_dir_all(dir).expect("docs/screenshots");
    }
    defects(&d, &base, &scratch, docs.as_deref());
    practice_mode(&d, &base, &games);
    misere_addresses(&d, &base, server.addr, &games);
    misere_everywhere(&d, &base, server.addr, &games);
    teacher_tools(&d, &base);
    let console = d.console_errors();
    assert!(
        console
            .iter()
            .all(|e| e.contains("/api/") && e.contains("400")),
        "console errors besides the refused starts: {console:?}"
    );
    drop(d);
    server.stop();
}
