//! The page plays memory games to the end: CGSuite's Mem (`one-pile:min=t`:
//! take at least the previous take) in normal and misère play, and its
//! GenMem with the previous take forbidden (`one-pile:min=1:forbid=t`),
//! and a memory game bounded above (`one-pile:f=2*t:min=t`: between the
//! previous take and twice it), whose address names the bound first.
//! Every human turn the status line shows the memory and the takes it
//! allows, and exactly those counters are clickable; every computer move is
//! checked against a brute force written here from the rules (docs/cli.md,
//! Memory games): from pile `n` with memory `k` a move takes `a`,
//! `max(1, k) ≤ a ≤ n` (Mem) or `1 ≤ a ≤ n`, `a ≠ k` (GenMem), leaving pile
//! `n − a` with memory `a`; a start (no memory) takes `1 ≤ a ≤ n − 1`; the
//! player who cannot move loses (misère: wins). The computer's move must be
//! legal and, where a winning move exists, winning.

use super::Driver;
use serde_json::{Value, json};
use std::collections::HashMap;

/// A memory game's rule: may `a` be taken after a take of `k`.
type Rule = fn(u64, u64) -> bool;

fn mem(k: u64, a: u64) -> bool {
    a >= k.max(1)
}

fn gen_mem(k: u64, a: u64) -> bool {
    a != k
}

/// `one-pile:f=2*t:min=t`: at least the previous take, at most twice it.
fn mem_at_most_double(k: u64, a: u64) -> bool {
    a >= k.max(1) && a <= 2 * k
}

/// The takes allowed from pile `n` with memory `k` (`None`: the start).
fn takes(rule: Rule, n: u64, k: Option<u64>) -> Vec<u64> {
    match k {
        None => (1..n).collect(),
        Some(k) => (1..=n).filter(|&a| rule(k, a)).collect(),
    }
}

/// Whether the player to move from `(n, k)` loses with best play.
fn lost(
    rule: Rule,
    misere: bool,
    n: u64,
    k: Option<u64>,
    memo: &mut HashMap<(u64, Option<u64>), bool>,
) -> bool {
    if let Some(&v) = memo.get(&(n, k)) {
        return v;
    }
    let options = takes(rule, n, k);
    let v = if options.is_empty() {
        !misere
    } else {
        options
            .iter()
            .all(|&a| !lost(rule, misere, n - a, Some(a), memo))
    };
    memo.insert((n, k), v);
    v
}

fn number(v: &Value) -> u64 {
    v.as_u64()
        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        .expect("a small number")
}

/// The page's position: the pile and the memory.
fn position(d: &Driver) -> (u64, Option<u64>) {
    let p = d.script("return window.__takeawayState.position;");
    let pile = number(&p["piles"][0]);
    let memory = (!p["bound"].is_null()).then(|| number(&p["bound"]));
    (pile, memory)
}

/// The page's winner, which must be `expected` (from the rules).
fn winner(d: &Driver, expected: &str, spec: &str) -> String {
    let shown = d.script("return document.getElementById('status').dataset.winner;");
    assert_eq!(shown, json!(expected), "{spec}: the winner");
    expected.to_string()
}

/// Plays `spec` (opened from its address, pile `start`) to the end, the
/// human taking the smallest legal take each turn; checks the memory shown,
/// the clickable counters and each computer move. Returns who won.
fn play(d: &Driver, base: &str, spec: &str, rule: Rule, misere: bool, start: u64) -> String {
    let mut memo = HashMap::new();
    d.goto("about:blank");
    let address = spec.replace(':', "%3A").replace('=', "%3D");
    d.goto(&format!("{base}/#game={address}&piles={start}"));
    d.wait_for("the page", "document.body.dataset.ready === '1'");
    d.wait_for(
        "the memory game in play",
        "document.getElementById('status').dataset.state === 'human'",
    );
    assert_eq!(
        d.script("return document.getElementById('game').value;"),
        json!("memory"),
        "{spec}: the page's memory-game entry"
    );
    // Each key of the spec in its own field (`f` and `forbid` empty when
    // the spec has none).
    for key in ["min", "f", "forbid"] {
        let want = spec
            .split(':')
            .find_map(|part| part.strip_prefix(&format!("{key}=")))
            .unwrap_or("");
        assert_eq!(
            d.script(&format!(
                "return document.getElementById('param-{key}').value;"
            )),
            json!(want),
            "{spec}: the field {key}"
        );
    }
    for turn in 0..100 {
        let state = d.script("return document.getElementById('status').dataset.state;");
        let (n, k) = position(d);
        let legal = takes(rule, n, k);
        if state == json!("over") {
            // The human cannot move: the computer made the last move, and
            // whoever cannot move loses (misère: wins).
            assert!(legal.is_empty(), "{spec}: over at ({n}, {k:?})");
            return winner(d, if misere { "human" } else { "computer" }, spec);
        }
        // The status line shows the memory and the takes it allows.
        let status = d.script("return document.getElementById('status').textContent;");
        let status = status.as_str().unwrap_or_default();
        let memory = match k {
            Some(k) => format!("memory {k} (the previous take)"),
            None => "no memory yet (the first move)".to_string(),
        };
        assert!(status.contains(&memory), "{spec} turn {turn}: {status}");
        let (lo, hi) = (legal[0], legal[legal.len() - 1]);
        let range = if lo == hi {
            format!("you may take {lo}")
        } else {
            format!("you may take {lo} to {hi}")
        };
        assert!(status.contains(&range), "{spec} turn {turn}: {status}");
        // Exactly the legal takes are clickable.
        let clickable = d.script(
            "return [...document.querySelectorAll('button.counter')].filter(c => !c.disabled).length;",
        );
        assert_eq!(
            clickable,
            json!(legal.len()),
            "{spec} ({n}, {k:?}): clickable counters"
        );
        // The human takes the smallest legal take.
        let take = lo;
        let log_before = d.script("return document.querySelectorAll('#log li').length;");
        d.type_into("#take", &format!("{take}\u{E007}"));
        d.wait_for(
            "the computer's reply",
            &format!(
                "document.querySelectorAll('#log li').length > {log_before} && document.getElementById('status').dataset.state !== 'computer'"
            ),
        );
        let error = d.script(
            "return document.getElementById('error').textContent + document.getElementById('play-error').textContent;",
        );
        assert_eq!(error, json!(""), "{spec}: the page shows an error");
        let (n1, k1) = (n - take, take);
        let entries = d
            .script("return document.querySelectorAll('#log li').length;")
            .as_u64()
            .unwrap_or(0);
        if entries == log_before.as_u64().unwrap_or(0) + 1 {
            // The human's move ended the game: the computer cannot move.
            assert!(
                takes(rule, n1, Some(k1)).is_empty(),
                "{spec}: the computer did not reply from ({n1}, {k1})"
            );
            return winner(d, if misere { "computer" } else { "human" }, spec);
        }
        // The computer's move: legal, and winning where a winning move exists.
        let (n2, c) = position(d);
        let c = c.expect("the computer's take is the memory");
        assert_eq!(n2 + c, n1, "{spec}: the computer took {c} from {n1}");
        assert!(
            takes(rule, n1, Some(k1)).contains(&c),
            "{spec}: the computer's take {c} from ({n1}, {k1}) is illegal"
        );
        if !lost(rule, misere, n1, Some(k1), &mut memo) {
            assert!(
                lost(rule, misere, n2, Some(c), &mut memo),
                "{spec}: from ({n1}, {k1}) the computer took {c}, not a winning move"
            );
        }
    }
    panic!("{spec}: the game did not end in 100 turns");
}

/// The memory games, played to the end (called from the octal games' test,
/// whose browser it shares).
pub(super) fn play_memory_games(d: &Driver, base: &str) {
    let mut memo = HashMap::new();
    for (spec, rule, misere, start) in [
        ("one-pile:min=t", mem as Rule, false, 12),
        ("one-pile:min=t:misere=true", mem as Rule, true, 12),
        ("one-pile:min=1:forbid=t", gen_mem as Rule, false, 9),
        // The bound before the least take in the address: still the
        // memory-game entry, the bound in its own field.
        (
            "one-pile:f=2*t:min=t",
            mem_at_most_double as Rule,
            false,
            12,
        ),
    ] {
        memo.clear();
        let won_by = play(d, base, spec, rule, misere, start);
        // The computer plays a winning move whenever it has one (checked
        // move by move), so a start lost for the human is won by it.
        if lost(rule, misere, start, None, &mut memo) {
            assert_eq!(won_by, "computer", "{spec}: a start lost for the human");
        }
    }
}
