//! Explanations in the papers' words: `d` written in the H-sequence, `n`, `r`,
//! `l(n)`, which part of Flanigan's Theorem (or Holshouser–Reiter's Theorem 2)
//! decides, and why the move wins.

use super::flanigan::{Case, FlaniganAnswer};
use super::game::Pile;
use crate::games::shared::short;
use num_bigint::BigUint;

const SHOWN_TERMS: usize = 8;

/// `H(a) + H(b) + …` with values, largest first.
/// `terms` are the values of the largest indices (see [`FlaniganAnswer::terms`]).
fn sum_text(indices: &[usize], terms: &[BigUint]) -> String {
    let shown: Vec<String> = indices
        .iter()
        .rev()
        .zip(terms.iter().rev())
        .take(SHOWN_TERMS)
        .map(|(k, v)| format!("H{k} ({})", short(v)))
        .collect();
    let mut s = shown.join(" + ");
    if indices.len() > SHOWN_TERMS {
        s.push_str(&format!(" + … ({} terms in all)", indices.len()));
    }
    s
}

fn pile_name(p: Pile) -> &'static str {
    match p {
        Pile::Small => "small",
        Pile::Large => "large",
    }
}

/// The verdict sentence shared by every method.
///
/// ```
/// use takeaway::games::two_pile::explain::verdict;
/// assert!(verdict(Some(&8u32.into()), Some(&6u32.into()), None).contains("loses"));
/// ```
pub fn verdict(least: Option<&BigUint>, w: Option<&BigUint>, pile: Option<Pile>) -> String {
    match (least, w) {
        (None, _) => "No move wins: the player to move loses whatever the bound.".into(),
        (Some(l), Some(w)) if w < l => format!(
            "The bound {} is below L = {}, so every allowed move leaves the opponent a winning reply: the player to move loses.",
            short(w),
            short(l)
        ),
        (Some(l), _) => format!(
            "The bound allows it: take {} from the {} pile; the opponent's bound f(d, {}) is below the least winning move of the position left, so the opponent loses.",
            short(l),
            pile.map_or("right", pile_name),
            short(l)
        ),
    }
}

/// Explanation of a Flanigan answer for position `(m, d)` with bound `w` (`None` = unbounded).
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::two_pile::{explain, flanigan::Flanigan};
/// let fl = Flanigan::new(&Bound::parse("2*t").unwrap(), &100u32.into()).unwrap();
/// let a = fl.least_winning_move(&20u32.into(), &42u32.into()).unwrap();
/// let text = explain::flanigan(&20u32.into(), &42u32.into(), Some(&6u32.into()), &a);
/// assert!(text.contains("H8 (34) + H5 (8)"));
/// ```
pub fn flanigan(m: &BigUint, d: &BigUint, w: Option<&BigUint>, a: &FlaniganAnswer) -> String {
    if a.least_winning_move.is_none() {
        return format!(
            "The piles are equal (d = 0): whatever the player to move takes, the opponent takes as much from the other pile (f(t) ≥ t allows it), so L({}, 0) = ∞ (paper 000 §2; checked: {}). {}",
            short(m),
            a.checked,
            verdict(None, w, None)
        );
    }
    let n = a.indices.first().copied().unwrap_or(1);
    let r = a.indices.get(1).map(|i| i - n);
    let mut s = format!(
        "Small pile m = {}, difference d = {} = {} in {} (Schwenk's representation (2.1); checked: {}). ",
        short(m),
        short(d),
        sum_text(&a.indices, &a.terms),
        a.base_name,
        a.checked
    );
    s.push_str(&format!("n = {n}"));
    if let Some(r) = r {
        s.push_str(&format!(", r = {r}"));
    }
    s.push_str(&format!(", l(n) = {}. ", a.l_n));
    let flips = match a.flips {
        Some(k) => format!("{k} flips"),
        None => "flips for as long as l(n + z) = 1 (no zero of l found nearby)".into(),
    };
    let rows: Vec<String> = a.flip_rows.iter().map(short).collect();
    let case = match a.case {
        Case::EqualPiles => String::new(),
        Case::LZero => "l(n) = 0, so by Corollary 1 the whole column is H(n)".into(),
        Case::Simple => format!(
            "d = H(n) is a single term: by the Theorem of §5 (case A) column d makes {flips}, with A_n = {{z : l(n + z) = 0}}"
        ),
        Case::CompoundEarlyZero => format!(
            "d is compound and min A_n ≤ r: by the Theorem of §5 (case B1, corrected to include min A_n = r) column d is column H(n) and makes {flips}"
        ),
        Case::CompoundAllOnes => format!(
            "d is compound and l(n) = … = l(n + r) = 1: by the Theorem of §5 (case B2) column d makes r − 1 = {flips}"
        ),
    };
    s.push_str(&case);
    if a.case != Case::LZero {
        s.push_str(&format!(
            "; the flips are at rows H(n−1), H(n−1) + H(n), …; {} of them are at rows ≤ m{}, so L(m, d) = {} (H(n{})). ",
            a.flips_passed,
            if rows.is_empty() {
                String::new()
            } else {
                format!(" ({})", rows.join(", "))
            },
            a.least_winning_move.as_ref().map_or("∞".into(), short),
            if a.flips_passed % 2 == 1 { "−1" } else { "" }
        ));
    } else {
        s.push_str(&format!(
            ": L(m, d) = {}. ",
            a.least_winning_move.as_ref().map_or("∞".into(), short)
        ));
    }
    if a.special_case && a.pile == Some(Pile::Small) {
        s.push_str("This is the Lemma's special case (d = H(n) + H(n+2) + …, l(n+1) = l(n+2) = 1, m ≥ H(n+1)): Corollary 2 takes H(n) from the small pile. ");
    } else {
        s.push_str("Corollary 2: H(n−1) is taken from the small pile, H(n) from the large pile. ");
    }
    s.push_str(&format!(
        "Table 4.1 row ({})({}). ",
        if a.l_n == 0 { 1 } else { 2 },
        if a.special_form { "a" } else { "b" }
    ));
    s.push_str(&verdict(a.least_winning_move.as_ref(), w, a.pile));
    s
}

/// Explanation of an exhaustive answer.
///
/// ```
/// use takeaway::games::two_pile::explain::exhaustive;
/// assert!(exhaustive(&3u32.into(), &0u32.into(), None, None, None).contains("∞"));
/// ```
pub fn exhaustive(
    m: &BigUint,
    d: &BigUint,
    w: Option<&BigUint>,
    least: Option<&BigUint>,
    pile: Option<Pile>,
) -> String {
    format!(
        "Exhaustive tableau from the rules (every move of 1..w from either pile, the opponent's bound f(d, t)): L({}, {}) = {}. {}",
        short(m),
        short(d),
        least.map_or("∞".into(), short),
        verdict(least, w, pile)
    )
}

/// The sentence on Theorem 1 of paper 002 for a Game 2 position (empty
/// when Theorem 2 alone decides).
fn theorem1(t: &super::holshouser_reiter::Theorem1Use) -> String {
    use super::holshouser_reiter::Theorem1Use;
    use crate::numeration::g_prime::Conclusion;
    match t {
        Theorem1Use::NotNeeded => String::new(),
        Theorem1Use::Beyond { s } => format!(
            " Theorem 1 (Algorithm 2 as Definition 9, h(a ∓ t) = g'(a ∓ t, …)) does not decide here: ḡ(a) + a = {} > b (Remark 4).",
            short(s)
        ),
        Theorem1Use::Applies {
            conclusion,
            s,
            h_s,
            value,
        } => {
            let why = match conclusion {
                Conclusion::A => "a is semi-stable, so g' = ḡ(a)".to_string(),
                Conclusion::B => "a is binary (and not semi-stable), so g' = g(a)".to_string(),
                Conclusion::Ca => format!(
                    "a is non-binary and not semi-stable and ḡ(a) + a = {} is binary, so g' = ḡ(a)",
                    short(s)
                ),
                Conclusion::Cb1 | Conclusion::Cb2 => format!(
                    "a is non-binary and not semi-stable, ḡ(a) + a = {} is non-binary and h({0}) = g'({0}, b) = {} is {}, so g' = {}",
                    short(s),
                    h_s.as_ref().map_or("?".into(), short),
                    if *conclusion == Conclusion::Cb1 {
                        "g"
                    } else {
                        "ḡ"
                    },
                    if *conclusion == Conclusion::Cb1 {
                        "ḡ(a)"
                    } else {
                        "g(a)"
                    },
                ),
            };
            format!(
                " Theorem 1 (Algorithm 2 is Definition 9 with h(a − t) = g'(a − t, b − t), h(a + t) = g'(a + t, b); ḡ(a) + a ≤ b, Remark 4), conclusion {conclusion}: {why} = {}.",
                short(value)
            )
        }
    }
}

/// Explanation of a Holshouser–Reiter answer for `(a, b) = (x − y, x)`.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::numeration::base::Base;
/// use takeaway::games::two_pile::{explain, holshouser_reiter::{check_game2, g_prime}};
/// let base = Base::fibonacci();
/// let c = check_game2(&Bound::parse("2*t").unwrap(), &base, 62).unwrap();
/// let h = g_prime(&base, &42u32.into(), &62u32.into(), &c).unwrap();
/// let text = explain::holshouser_reiter(&42u32.into(), &62u32.into(), None, "fibonacci", &h);
/// assert!(text.contains("Theorem 3 part 2"));
/// ```
pub fn holshouser_reiter(
    a: &BigUint,
    b: &BigUint,
    w: Option<&BigUint>,
    base_name: &str,
    h: &super::holshouser_reiter::HrAnswer,
) -> String {
    use super::holshouser_reiter::Conclusion;
    fn inner(c: &Conclusion) -> String {
        match c {
            Conclusion::EqualPiles => "Theorem 2 conclusion 2 (equal piles): g'(0, b) = ∞".into(),
            Conclusion::OnePile => {
                "Theorem 2 conclusion 1 (one pile empty): g'(a, a) = g(a)".into()
            }
            Conclusion::Term { k, degree } => format!(
                "Theorem 2 conclusion 4: a single term b{k}, degree d(b{k}, b) = {degree} ({}, so g' = {})",
                if degree % 2 == 0 { "even" } else { "odd" },
                if degree % 2 == 0 { "b_k" } else { "ḡ(b_k)" }
            ),
            Conclusion::Reduced {
                x,
                y,
                part,
                inner: i,
            } => format!(
                "Theorem 3 part {part}: x = b − (a − g(a)) = {}, so g'(a, b) = g'(g(a), {}) by {}",
                short(x),
                short(y),
                inner(i)
            ),
        }
    }
    let terms: Vec<String> = h.terms.iter().rev().take(SHOWN_TERMS).map(short).collect();
    format!(
        "Holshouser–Reiter Game 2 in the base {base_name} (checked: {}): position (a, b) = (x − y, x) = ({}, {}); a = {} (Algorithm 1); by {}: g'(a, b) = {}.{} Strategy for Game 2: take it from the {} pile. {}",
        h.checked,
        short(a),
        short(b),
        if terms.is_empty() {
            "0".into()
        } else {
            terms.join(" + ")
        },
        inner(&h.conclusion),
        h.least_winning_move.as_ref().map_or("∞".into(), short),
        theorem1(&h.theorem1),
        h.pile.map_or("either", pile_name),
        verdict(h.least_winning_move.as_ref(), w, h.pile)
    )
}
