//! Explanations in the papers' words: the representation of the pile, its
//! smallest term, and why the opponent cannot answer.

use super::theory::{Theorem, TheoryAnswer};
use crate::bound::Bound;
pub use crate::games::shared::short;
use num_bigint::BigUint;

/// At most this many terms are listed; longer representations are elided.
const SHOWN_TERMS: usize = 8;

fn sum_text(terms: &[BigUint], count: usize) -> String {
    let shown: Vec<String> = terms.iter().rev().take(SHOWN_TERMS).map(short).collect();
    let mut s = shown.join(" + ");
    if count > SHOWN_TERMS {
        s.push_str(&format!(" + … ({count} terms in all)"));
    }
    s
}

/// The explanation of a theory answer for pile `n` with bound `w`.
pub fn theory(f: &Bound, n: &BigUint, w: &BigUint, a: &TheoryAnswer) -> String {
    let who = match a.theorem {
        Theorem::Schwenk => "Schwenk / Epp–Ferguson",
        Theorem::HolshouserReiterGame1 => "Holshouser–Reiter Game 1 (g0(n) = g(n))",
        Theorem::EppFergusonStopped => "Epp–Ferguson, stopped H-sequence",
    };
    let Some(l) = &a.least_winning_move else {
        return "The pile is empty: the player to move cannot move and loses.".into();
    };
    let mut s = match a.period {
        Some(p) => {
            // Terms: those of n mod P (ascending), then P (once or twice).
            let (q, r) = (n / p, n % p);
            let below: Vec<&BigUint> = a.terms.iter().filter(|t| **t != BigUint::from(p)).collect();
            let r_text = if below.is_empty() {
                "0: L(n) = P".to_string()
            } else {
                let parts: Vec<String> = below.iter().rev().map(|t| t.to_string()).collect();
                format!("{} = {}", short(&r), parts.join(" + "))
            };
            format!(
                "{} = {} · {p} + {}. In {} ({who}; checked: {}), L(n) depends on n mod P only, P = {p}; here n mod P = {r_text}. ",
                short(n),
                short(&q),
                short(&r),
                a.base_name,
                a.checked
            )
        }
        None => format!(
            "{} = {} in {} ({who}; checked: {}). ",
            short(n),
            sum_text(&a.terms, a.term_count),
            a.base_name,
            a.checked
        ),
    };
    s.push_str(&format!(
        "The least winning move is the smallest term, L({}) = {}. ",
        short(n),
        short(l)
    ));
    if w >= l {
        let rest = n - l;
        let next = a.terms.get(1);
        let fb = f.eval(n, l).ok();
        s.push_str(&format!(
            "The bound {} allows it: take {}, leaving {}",
            short(w),
            short(l),
            short(&rest)
        ));
        match (next, fb) {
            (Some(next), Some(fb)) => s.push_str(&format!(
                " whose smallest term is {}; the opponent may take at most f({}) = {} < {}, so cannot take it, and every move of the opponent can be answered the same way.",
                short(next),
                short(l),
                short(&fb),
                short(next)
            )),
            _ => s.push_str(": the last counters, so the opponent cannot move."),
        }
        if a.theorem == Theorem::Schwenk && a.period.is_none() {
            s.push_str(&format!(" {}", unit_reduction(a.term_count)));
        }
    } else {
        s.push_str(&format!(
            "The bound {} is below it: every move t ≤ {} leaves a pile whose least winning move the opponent can reach, so the player to move loses.",
            short(w),
            short(w)
        ));
    }
    s
}

/// Paper 004's "unit reduction" for a pile of `units` terms in its
/// representation (1): the winning move removes the smallest term, and the
/// other terms still satisfy (1), so (by uniqueness) the pile left has
/// `units − 1` terms; the opponent's bound is below its smallest term, so
/// the opponent cannot do the same.
///
/// ```
/// use takeaway::games::one_pile::explain::unit_reduction;
/// assert!(unit_reduction(3).contains("3 units") && unit_reduction(3).contains("2 units"));
/// assert!(unit_reduction(1).contains("0 units"));
/// ```
pub fn unit_reduction(units: usize) -> String {
    let plural = |k: usize| if k == 1 { "unit" } else { "units" };
    if units <= 1 {
        return format!(
            "Unit reduction (paper 004): the pile has {units} {} (terms of its representation (1)) before the move and 0 units after it: the game is over.",
            plural(units)
        );
    }
    format!(
        "Unit reduction (paper 004): the pile has {units} {} (terms of its representation (1)) before the move and {} {} after it; the opponent's bound is below the smallest term left, so the opponent cannot reduce the units in turn.",
        plural(units),
        units.saturating_sub(1),
        plural(units.saturating_sub(1))
    )
}

/// The explanation of an exhaustive answer.
pub fn exhaustive(f: &Bound, n: &BigUint, w: &BigUint, l: Option<&BigUint>) -> String {
    match l {
        None => "The pile is empty: the player to move cannot move and loses.".into(),
        Some(l) if w >= l => format!(
            "Exhaustive search over every pile up to {} (L(m) = least t with f(m, t) < L(m − t)): L({}) = {}. The bound {} allows it: take {}, leaving {} with bound f = {}, below the least winning move there.",
            short(n),
            short(n),
            short(l),
            short(w),
            short(l),
            short(&(n - l)),
            f.eval(n, l).map_or_else(|e| e.to_string(), |v| short(&v))
        ),
        Some(l) => format!(
            "Exhaustive search over every pile up to {}: L({}) = {} > bound {}: every move loses.",
            short(n),
            short(n),
            short(l),
            short(w)
        ),
    }
}
