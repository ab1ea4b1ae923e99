//! The answer of `analyze` as one typed report, [`Answer`]: the position's
//! [`Analysis`] (outcome, value, winning moves, remoteness, Grundy value,
//! the method, the explanation citing the theorem, notes, digit views, a
//! sum's parts; misère play is in the game's spec and the explanation) and
//! what a strategy prescribes there, when asked. Text ([`text`]) and JSON
//! (`Answer`'s `Serialize`, the command-line contract) are both rendered
//! from it, here and nowhere else: the command line, the server and Python
//! pick a renderer.
//!
//! Law: the text's first line holds the outcome (`N, the player to move
//! wins` or `P, the player to move loses`) and the JSON's `outcome` the
//! same letter; the text lists every winning move the JSON's `moves` holds,
//! in the same order.
//!
//! ```
//! use takeaway::games::{AnalyzeRequest, Family, Game};
//! use takeaway::render::analysis::{Answer, text};
//! let a = Game::parse("nim").unwrap().analyze(&AnalyzeRequest::new(vec![3u8.into(), 5u8.into()])).unwrap();
//! let answer = Answer::of(a);
//! assert!(text(&answer).starts_with("nim 3 5: N, the player to move wins (theory)\n"));
//! let json = serde_json::to_value(&answer).unwrap();
//! assert_eq!(json["outcome"], "N");
//! ```

use crate::analysis::{Analysis, Method, Outcome, move_words, numbered};
use crate::games::two_pile::table_4_1::Strategy;
use serde::Serialize;
use std::fmt::Write as _;

/// The answer of `analyze`: the analysis, and a strategy's advice when one
/// was asked for (`--strategy table-4.1`, Python's `strategy=`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// Who wins, how and why.
    pub analysis: Analysis,
    /// What paper 000's Table 4.1 prescribes in this position (JSON field
    /// `strategy`).
    pub strategy: Option<Strategy>,
}

impl Answer {
    /// The answer of `analysis` alone (no strategy asked for).
    pub fn of(analysis: Analysis) -> Answer {
        Answer {
            analysis,
            strategy: None,
        }
    }
}

/// The JSON of the command-line contract: the analysis's fields in their
/// order; with a strategy, the analysis's fields and `strategy` as one
/// object with its keys (and its objects' keys) in alphabetical order, as
/// the command has always written that document.
impl Serialize for Answer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::Error;
        match &self.strategy {
            None => self.analysis.serialize(serializer),
            Some(strategy) => {
                let mut value = serde_json::to_value(&self.analysis).map_err(S::Error::custom)?;
                value["strategy"] = serde_json::to_value(strategy).map_err(S::Error::custom)?;
                value.serialize(serializer)
            }
        }
    }
}

/// The answer as the text `takeaway analyze` prints: the position and its
/// outcome (a sum lists its parts with their Grundy values and the nim-sum
/// instead of piles), the explanation, every winning move (`--all`), the
/// Grundy value, the digit views, the strategy's advice and the notes.
pub fn text(answer: &Answer) -> String {
    let a = &answer.analysis;
    let outcome = match a.outcome {
        Outcome::N => "N, the player to move wins",
        Outcome::P => "P, the player to move loses",
    };
    let method = match a.method {
        Method::Theory => "theory",
        Method::Exhaustive => "exhaustive",
        Method::Quotient => "misère quotient",
    };
    let mut text = String::new();
    if a.parts.is_empty() {
        let _ = writeln!(
            text,
            "{} {}: {outcome} ({method})",
            a.game,
            joined(&a.piles, " ")
        );
    } else {
        let _ = writeln!(text, "{}: {outcome}", a.game);
        for (i, p) in a.parts.iter().enumerate() {
            let _ = write!(
                text,
                "{}: {} {}",
                numbered("part", i),
                p.game,
                joined(&p.piles, " ")
            );
            if let Some(b) = &p.bound {
                let _ = write!(text, " (bound {b})");
            }
            if let Some(g) = &p.grundy {
                let _ = write!(text, ": G = {g}");
            }
            text.push('\n');
        }
        if let Some(g) = &a.grundy {
            let _ = writeln!(text, "nim-sum: {g}");
        }
    }
    text.push_str(&a.explanation);
    if let Some(moves) = moves_text(a) {
        text.push('\n');
        text.push_str(&moves);
    }
    if let (Some(g), true) = (&a.grundy, a.parts.is_empty()) {
        let _ = write!(text, "\nGrundy value: {g}");
    }
    for view in &a.digits {
        text.push_str("\n\n");
        text.push_str(&view.text());
    }
    if let Some(s) = &answer.strategy {
        text.push_str("\n\n");
        text.push_str(&strategy_text(s));
    }
    for note in &a.notes {
        let _ = write!(text, "\nnote: {note}");
    }
    text
}

/// The text lines listing [`Analysis::moves`] (`--all`), or `None` when
/// they were not asked for: `all winning moves (K):` and one indented line
/// per move ([`move_words`]).
///
/// ```
/// use takeaway::games::{AnalyzeRequest, Family, Game};
/// let mut req = AnalyzeRequest::new(vec![10u8.into(), 15u8.into()]);
/// req.all = true;
/// let a = Game::parse("wythoff").unwrap().analyze(&req).unwrap();
/// let text = takeaway::render::analysis::moves_text(&a).unwrap();
/// assert!(text.starts_with("all winning moves (3):\n  take 9 from pile 2 → (10, 6)"));
/// ```
pub fn moves_text(a: &Analysis) -> Option<String> {
    let moves = a.moves.as_ref()?;
    let mut out = format!("all winning moves ({}):", moves.len());
    for m in moves {
        let piles = match m.part {
            Some(i) => a.parts.get(i).map_or(0, |p| p.piles.len()),
            None => a.piles.len(),
        };
        out.push_str("\n  ");
        out.push_str(&move_words(m, piles));
    }
    Some(out)
}

/// Table 4.1's paragraph for people: the cell's explanation, then the
/// prescribed move (`Prescribed: take T from pile P.`, piles numbered from
/// 1) when the cell prescribes one.
///
/// ```
/// use takeaway::games::two_pile::TwoPile;
/// use takeaway::spec::GameSpec;
/// let g = TwoPile::from_spec(&GameSpec::parse("two-pile:f=2*t").unwrap()).unwrap();
/// let s = g.strategy_table_4_1(&[15u32.into(), 47u32.into()], Some(&10u32.into())).unwrap();
/// let text = takeaway::render::analysis::strategy_text(&s);
/// assert!(text.starts_with(&s.explanation));
/// assert!(text.ends_with(" Prescribed: take 2 from pile 1."));
/// ```
pub fn strategy_text(s: &Strategy) -> String {
    let mut paragraph = s.explanation.clone();
    if let Some(mv) = &s.mv
        && let (Some(take), Some(pile)) = (&mv.take, mv.pile)
    {
        let _ = write!(
            paragraph,
            " Prescribed: take {take} from {}.",
            numbered("pile", pile)
        );
    }
    paragraph
}

/// The numbers of `items` joined by `sep`.
fn joined<T: std::fmt::Display>(items: &[T], sep: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}
