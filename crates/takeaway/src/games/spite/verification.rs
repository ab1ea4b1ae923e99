//! `verify` for Spite Nim: Hale's theory against the exhaustive two-row table.
//!
//! Checks, for every `n ≤ N`:
//! * the three definitions of `e(n)` agree (Fibonacci shift, Hale's recursion,
//!   the golden-ratio formula);
//! * Theorem 1: `(n, e(n))` safe; `(n, s)` unsafe for `s < e(n)` with the
//!   winning call `n − e(s)`;
//! * Theorem 2: exactly one of `(n, e(n)+1)`, `(n−1, e(n)+1)` is safe;
//! * Theorem 3: for `e(n) < s < n` unsafe with a winning call `r`, `(n, n−r)` is
//!   unsafe and `n − s` wins there (every winning call `r`);
//! * every verdict of [`decide_two_rows`] (as `analyze` uses it);
//! * the bitset table against the multi-row solver on `n ≤ min(N, 60)`.

use super::exhaustive::Exhaustive;
use super::theory::{
    TheoryVerdict, decide_two_rows, e_by_golden_ratio, e_by_recursion, e_u64, fibonacci_shift,
};
use super::two_row::TwoRowTable;
use crate::games::error::GameError;
use crate::games::request::Verdict;
use crate::games::request::{Verification, VerifyRequest};
use num_bigint::BigUint;
use rayon::prelude::*;

/// Runs every check up to `req.up_to` (see the module documentation).
///
/// ```
/// use takeaway::games::{Limits, NoProgress, VerifyRequest, request::Verdict};
/// use takeaway::games::spite::verification::verify;
/// let v = verify("spite", &VerifyRequest { up_to: 40, limits: Limits::default(), progress: &NoProgress }).unwrap();
/// assert_eq!(v.verdict, Verdict::Agree);
/// ```
pub fn verify(game: &str, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
    let up_to = req.up_to;
    let big = usize::try_from(up_to)
        .ok()
        .and_then(|n| n.checked_add(2))
        .ok_or(GameError::UpToTooLarge { up_to: Some(up_to) })?;
    let table = TwoRowTable::build(big as u64, &req.limits, req.progress)?;
    let mut checked = 0u64;
    let mut failures: Vec<String> = Vec::new();
    let n_max = big - 2;

    // e(n): three definitions.
    let rec = e_by_recursion(big);
    for (n, &f) in rec.iter().enumerate().take(n_max + 1) {
        let nb = BigUint::from(n);
        let shift = fibonacci_shift(&nb);
        let golden = e_by_golden_ratio(&nb);
        checked += 1;
        if shift != BigUint::from(f) || golden != shift || e_u64(n as u64) != f {
            failures.push(format!(
                "e({n}): shift {shift}, recursion {f}, golden ratio {golden}"
            ));
        }
    }
    let e = |n: usize| rec[n] as usize;

    // Theorems 1–3 and decide_two_rows, one n per task.
    let per_n: Vec<(u64, Vec<String>)> = (0..=n_max)
        .into_par_iter()
        .map(|n| {
            let mut fails = Vec::new();
            let mut count = 0u64;
            let en = e(n);
            count += 1;
            if !table.safe(n, en) {
                fails.push(format!("Theorem 1: ({n}, e({n}) = {en}) is unsafe"));
            }
            for s in 0..en {
                count += 1;
                let c = n - e(s);
                let wins = c > s && table.safe(n - c, s);
                if table.safe(n, s) || !wins {
                    fails.push(format!(
                        "Theorem 1: ({n}, {s}) with s < e(n): call {c} is not winning"
                    ));
                }
            }
            if n >= 1 {
                count += 1;
                if table.safe(n, en + 1) == table.safe(n - 1, en + 1) {
                    fails.push(format!(
                        "Theorem 2: ({n}, {}) and ({}, {}) are both {}",
                        en + 1,
                        n - 1,
                        en + 1,
                        if table.safe(n, en + 1) {
                            "safe"
                        } else {
                            "unsafe"
                        }
                    ));
                }
            }
            for s in en + 1..n {
                if table.safe(n, s) {
                    continue;
                }
                for r in table.winning_calls(n, s).unwrap_or_default() {
                    count += 1;
                    let r = r as usize;
                    let ok = !table.safe(n, n - r)
                        && table
                            .winning_calls(n, n - r)
                            .is_some_and(|w| w.contains(&((n - s) as u64)));
                    if !ok {
                        fails.push(format!(
                            "Theorem 3: ({n}, {s}) wins by {r} but ({n}, {}) does not win by {}",
                            n - r,
                            n - s
                        ));
                    }
                }
            }
            for s in 0..=n {
                count += 1;
                let safe = table.safe(n, s);
                let ok = match decide_two_rows(&BigUint::from(n), &BigUint::from(s)) {
                    TheoryVerdict::Open => true,
                    TheoryVerdict::Safe { .. } => safe,
                    TheoryVerdict::Unsafe { call, .. } => usize::try_from(call)
                        .ok()
                        .and_then(|c| table.winning_calls(n, s).map(|w| w.contains(&(c as u64))))
                        .unwrap_or(false),
                };
                if !ok {
                    fails.push(format!(
                        "theory verdict on ({n}, {s}) disagrees with search"
                    ));
                }
            }
            (count, fails)
        })
        .collect();
    for (c, f) in per_n {
        checked += c;
        failures.extend(f);
    }

    // The bitset table against the multi-row solver.
    let small = n_max.min(60) as u64;
    let dense = Exhaustive::solve(&[small, small], &req.limits)?;
    for n in 0..=small {
        for s in 0..=n {
            checked += 1;
            if dense.is_safe(&[n, s]) != Some(table.safe(n as usize, s as usize)) {
                failures.push(format!("solvers disagree on ({n}, {s})"));
            }
        }
    }

    let verdict = if failures.is_empty() {
        Verdict::Agree
    } else {
        Verdict::Disagree
    };
    let detail = if failures.is_empty() {
        format!(
            "e(n) by Fibonacci shift, recursion and golden ratio agree for n ≤ {n_max}; \
             Theorems 1, 2 and 3 of Hale (paper 003) hold against the exhaustive table; \
             the bitset table matches the multi-row solver for n ≤ {small}"
        )
    } else {
        let mut d = format!("{} failures; first: ", failures.len());
        d.push_str(
            &failures
                .iter()
                .take(5)
                .cloned()
                .collect::<Vec<_>>()
                .join("; "),
        );
        d
    };
    Ok(Verification {
        game: game.to_string(),
        up_to,
        checked,
        verdict,
        engines: vec![
            "fibonacci-shift".into(),
            "recursion".into(),
            "golden-ratio".into(),
            "theorems-1-3".into(),
            "bitset-table".into(),
            "multi-row-exhaustive".into(),
        ],
        detail,
    })
}
