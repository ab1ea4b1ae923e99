//! Sums of games (`takeaway analyze sum 'fibonacci 20' 'wythoff 3 5' 'nim 6'`):
//! a move is a move in one part; the player who cannot move in any part
//! loses (normal play) or wins (misère).
//!
//! Laws (Sprague–Grundy, normal play): the sum's Grundy value is the nim-sum
//! `G = G_1 ⊕ … ⊕ G_k` of its parts'; the sum is a P-position iff `G = 0`;
//! a move in part `i` to a position of value `G_i ⊕ G` wins (one exists
//! whenever `G_i ⊕ G < G_i`, by the mex rule). Misère sums have no such
//! rule: [`analyze`] searches the product game exhaustively, within the limits.
//!
//! A part is written as `analyze` takes it: `GAME PILES... [--bound W]`.
//! In JSON a part is numbered from 0 (`part`), in text and errors from 1.

use super::grundy::{moves_to, undefined};
use super::play::{PlayMove, Position};
use super::search::analysis_move;
use super::wire::Wire;
use super::{Family, Game, GameError, Limits, Visit};
use crate::analysis::numbered;
use crate::analysis::{Method, Move, Outcome};
use crate::engine::Convention;
use crate::engine::{Amount, Unit};
use crate::games::error::{Hint, Illegal, PartStep, Work};
use crate::json::{serialize_big_vec, serialize_opt_big};
use num_bigint::BigUint;
use num_traits::Zero;
use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;
use std::ops::ControlFlow;

/// One part of a sum: a game and its position.
#[derive(Debug, Clone)]
pub struct Part {
    /// The game.
    pub game: Game,
    /// The piles, as given.
    pub piles: Vec<BigUint>,
    /// The bound on the next move, as given (`None`: the game's default).
    pub bound: Option<BigUint>,
}

impl Part {
    /// The part's wire position.
    pub fn position(&self) -> Position {
        Position::new(self.piles.clone(), self.bound.clone())
    }
}

/// An error of part `k` (1-based) at `column` of its text.
fn at(k: usize, column: usize, message: impl std::fmt::Display) -> GameError {
    in_text(k, column, GameError::Invalid(message.to_string()))
}

/// `e`, as an error of part `k` (1-based) at `column` of its text.
fn in_text(k: usize, column: usize, e: GameError) -> GameError {
    e.in_part(k.saturating_sub(1), PartStep::Parse { column })
}

/// Parses part `k` (1-based, for messages) written as `GAME PILES... [--bound W]`.
///
/// Errors name `part k` and the 1-based column within `text`: a game spec
/// that does not parse, a pile that is not a natural number, an unknown
/// option, no piles, a bound on a game without one, Spite Nim (no Grundy
/// values), a misère part (write `sum:misere=true` instead).
///
/// ```
/// use takeaway::games::sum::parse_part;
/// let p = parse_part(2, "fibonacci 13 --bound 4").unwrap();
/// assert_eq!((p.piles.len(), p.bound.clone()), (1, Some(4u8.into())));
/// let e = parse_part(3, "wythoff 3 x5").unwrap_err().to_string();
/// assert_eq!(e, "sum: part 3, column 11: `x5` is not a pile size (a natural number)");
/// ```
pub fn parse_part(k: usize, text: &str) -> Result<Part, GameError> {
    // Tokens with their 1-based (character) columns.
    let mut tokens: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, ch) in text.chars().enumerate() {
        if ch.is_whitespace() {
            if let Some(t) = current.take() {
                tokens.push(t);
            }
        } else {
            current
                .get_or_insert_with(|| (i + 1, String::new()))
                .1
                .push(ch);
        }
    }
    tokens.extend(current);
    let mut tokens = tokens.into_iter();
    let Some((col, spec)) = tokens.next() else {
        return Err(at(
            k,
            1,
            "empty part; write it as `analyze` takes it, e.g. 'nim 5' or 'fibonacci 20 --bound 6'",
        ));
    };
    let name = spec.split(':').next().unwrap_or_default();
    if name == "sum" {
        return Err(at(
            k,
            col,
            "a part cannot itself be a sum; list its parts instead",
        ));
    }
    let game = Game::parse(&spec).map_err(|e| match e {
        GameError::Spec(s) => at(k, col + s.column - 1, s.message),
        other => in_text(k, col, other),
    })?;
    if matches!(game, Game::Spite(_)) {
        return Err(at(
            k,
            col,
            "Spite Nim cannot be part of a sum: a turn is two half-moves (a call, then the pick), so it has no Grundy value",
        ));
    }
    if let Some(f) = game.entry().filter(|f| !f.capabilities.sum_part) {
        return Err(at(
            k,
            col,
            format!("{} cannot be part of a sum (its family says so)", f.title),
        ));
    }
    if game.convention() == Convention::Misere {
        return Err(at(
            k,
            col,
            "a part cannot be misère on its own; write `sum:misere=true` for a misère sum",
        ));
    }
    let has_bound = game.entry().is_some_and(|f| f.capabilities.bounded);
    let mut piles = Vec::new();
    let mut bound = None;
    let number = |col: usize, t: &str, what: &str| -> Result<BigUint, GameError> {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            Ok(t.parse::<BigUint>().unwrap_or_default())
        } else {
            Err(at(
                k,
                col,
                format!("`{t}` is not {what} (a natural number)"),
            ))
        }
    };
    while let Some((c, t)) = tokens.next() {
        if let Some(rest) = t.strip_prefix("--bound") {
            let (vc, v) = if let Some(v) = rest.strip_prefix('=') {
                (c + 8, v.to_string())
            } else if rest.is_empty() {
                tokens
                    .next()
                    .ok_or_else(|| at(k, c, "--bound needs a value, e.g. --bound 4"))?
            } else {
                return Err(at(
                    k,
                    c,
                    format!("unknown option `{t}`; a part takes only --bound"),
                ));
            };
            if !has_bound {
                return Err(at(
                    k,
                    c,
                    format!(
                        "{} has no bound on the next move; leave out --bound",
                        game.spec()
                    ),
                ));
            }
            if bound.is_some() {
                return Err(at(k, c, "--bound is given twice"));
            }
            bound = Some(number(vc, &v, "a bound")?);
        } else if t.starts_with('-') && t.len() > 1 && !t[1..].bytes().all(|b| b.is_ascii_digit()) {
            return Err(at(
                k,
                c,
                format!("unknown option `{t}`; a part takes only --bound"),
            ));
        } else {
            piles.push(number(c, &t, "a pile size")?);
        }
    }
    if piles.is_empty() {
        return Err(at(
            k,
            text.chars().count() + 1,
            format!("give the piles after the game, e.g. '{spec} 5'"),
        ));
    }
    Ok(Part { game, piles, bound })
}

/// Whether a sum's spec (`sum` or `sum:misere=true`) asks for misère play;
/// any other parameter, or a value other than `true`/`false`, is an error.
///
/// ```
/// use takeaway::games::sum::misere_of;
/// use takeaway::spec::GameSpec;
/// assert!(misere_of(&GameSpec::parse("sum:misere=true").unwrap()).unwrap());
/// assert!(!misere_of(&GameSpec::parse("sum").unwrap()).unwrap());
/// assert!(misere_of(&GameSpec::parse("sum:misere=yes").unwrap()).is_err());
/// assert!(misere_of(&GameSpec::parse("sum:f=2*t").unwrap()).is_err());
/// ```
pub fn misere_of(spec: &crate::spec::GameSpec) -> Result<bool, GameError> {
    spec.only(&["misere"])?;
    match spec.get("misere").map(|p| p.value.as_str()) {
        None | Some("false") => Ok(false),
        Some("true") => Ok(true),
        Some(other) => Err(GameError::Invalid(format!(
            "sum: misere must be true or false, got `{other}`"
        ))),
    }
}

/// Parses every part (see [`parse_part`]); a sum of no parts is an error.
///
/// ```
/// use takeaway::games::sum::parse_parts;
/// assert!(parse_parts(&["nim 3".to_string(), "wythoff 1 2".to_string()]).is_ok());
/// assert!(parse_parts(&[]).unwrap_err().to_string().contains("no parts"));
/// ```
pub fn parse_parts(texts: &[String]) -> Result<Vec<Part>, GameError> {
    if texts.is_empty() {
        return Err(GameError::Invalid(
            "a sum of no parts: give one part per argument, e.g. sum 'fibonacci 20' 'nim 6'".into(),
        ));
    }
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| parse_part(i + 1, t))
        .collect()
}

/// One part in the answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PartValue {
    /// The part's game, as a canonical spec.
    pub game: String,
    /// Its piles.
    #[serde(serialize_with = "serialize_big_vec")]
    pub piles: Vec<BigUint>,
    /// Its bound on the next move (the default filled in; `null` for none).
    #[serde(serialize_with = "serialize_opt_big")]
    pub bound: Option<BigUint>,
    /// Its Grundy value (`null` under misère play).
    #[serde(serialize_with = "serialize_opt_big")]
    pub grundy: Option<BigUint>,
}

/// A move of a sum: the part (0-based) and that part's move, exactly as
/// `analyze` of the part gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumMove {
    /// The part moved in (0-based).
    pub part: usize,
    /// The move in that part.
    #[serde(flatten)]
    pub mv: Move,
}

/// The answer for a sum of games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumAnalysis {
    /// `sum` or `sum:misere=true`.
    pub game: String,
    /// Who wins.
    pub outcome: Outcome,
    /// The nim-sum of the parts' Grundy values (`null` under misère play).
    #[serde(serialize_with = "serialize_opt_big")]
    pub grundy: Option<BigUint>,
    /// The parts.
    pub parts: Vec<PartValue>,
    /// A winning move, or `null` when the sum is lost.
    #[serde(rename = "move")]
    pub winning_move: Option<SumMove>,
    /// Every winning move (with `--all`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<SumMove>>,
    /// `theory` (Sprague–Grundy over the parts' values) or `exhaustive` (misère).
    pub method: Method,
    /// Which part, and why.
    pub explanation: String,
}

fn bound_of(game: &Game, p: &Position) -> Option<BigUint> {
    match game {
        Game::OnePile(_) => match &p.bound {
            Some(b) => Some(b.clone()),
            None => Some(
                p.piles
                    .first()
                    .filter(|n| !n.is_zero())
                    .map_or_else(BigUint::zero, |n| n - 1u8),
            ),
        },
        _ => p.bound.clone(),
    }
}

/// The caps for one part's Grundy value: the request's, with the work cut to
/// 4·10^8 (a few seconds), so a big part is refused rather than waited for.
fn part_limits(limits: &Limits) -> Limits {
    let mut l = limits.clone();
    l.max_states = l.max_states.min(400_000_000);
    l
}

fn describe(part: &Part) -> String {
    let mut s = format!(
        "{} {}",
        part.game.spec(),
        part.piles
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    if let Some(b) = bound_of(&part.game, &part.position()) {
        s.push_str(&format!(" with bound {b}"));
    }
    s
}

/// Analyses the sum of `parts`: normal play by Sprague–Grundy (each part's
/// Grundy value from theory or the engine, within `limits`), misère play by
/// exhaustive search of the product game (refused above the limits).
///
/// Errors: a part whose Grundy value is over the limits (naming the part and
/// the limit); a part whose position does not fit its game.
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::sum::{analyze, parse_parts};
/// use takeaway::analysis::Outcome;
/// let parts = parse_parts(&["nim 3".into(), "nim 5".into(), "nim 6".into()]).unwrap();
/// // Bouton: 3 ⊕ 5 ⊕ 6 = 0.
/// let a = analyze(&parts, false, false, &Limits::strict()).unwrap();
/// assert_eq!((a.outcome, a.grundy), (Outcome::P, Some(0u8.into())));
/// let parts = parse_parts(&["wythoff 1 1".into(), "nim 1".into()]).unwrap();
/// // G(1, 1) = 2 in Wythoff (OEIS A004481), 2 ⊕ 1 = 3: move Wythoff to value 1.
/// let a = analyze(&parts, false, false, &Limits::strict()).unwrap();
/// let m = a.winning_move.unwrap();
/// assert_eq!((m.part, m.mv.to.clone()), (0, vec![0u8.into(), 1u8.into()]));
/// ```
pub fn analyze(
    parts: &[Part],
    all: bool,
    misere: bool,
    limits: &Limits,
) -> Result<SumAnalysis, GameError> {
    if parts.is_empty() {
        return Err(GameError::Invalid(
            "a sum of no parts: give one part per argument".into(),
        ));
    }
    for (i, p) in parts.iter().enumerate() {
        if let Some(why) = undefined(&p.game) {
            return Err(GameError::from(why).in_part(i, PartStep::Solve));
        }
    }
    if misere {
        return misere_sum(parts, all, limits);
    }
    let limits = part_limits(limits);
    let mut values = Vec::with_capacity(parts.len());
    for (i, p) in parts.iter().enumerate() {
        let g = super::grundy::grundy(&p.game, &p.position(), &limits).map_err(|e| {
            // The part's error keeps its kind (over the limits stays the
            // server's 422); a cancellation ends the request as it is.
            match e {
                GameError::Cancelled => GameError::Cancelled,
                e => e.in_part(i, PartStep::Grundy { game: describe(p) }),
            }
        })?;
        values.push(g);
    }
    let x = values.iter().fold(BigUint::zero(), |a, v| a ^ v);
    let mut moves: Vec<SumMove> = Vec::new();
    if !x.is_zero() {
        for (i, (p, g)) in parts.iter().zip(&values).enumerate() {
            let target = g ^ &x;
            if !all && target > *g {
                continue;
            }
            let (_, found) = moves_to(&p.game, &p.position(), &target, all, &limits)
                .map_err(|e| e.in_part(i, PartStep::Solve))?;
            moves.extend(found.into_iter().map(|mv| SumMove { part: i, mv }));
            if !all && !moves.is_empty() {
                break;
            }
        }
    }
    let list: Vec<String> = parts
        .iter()
        .zip(&values)
        .enumerate()
        .map(|(i, (p, g))| format!("{} ({}) has G = {g}", numbered("part", i), describe(p)))
        .collect();
    let mut explanation = format!(
        "Sprague–Grundy: {}; the nim-sum {} = {x}. ",
        list.join(", "),
        values
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ⊕ ")
    );
    match moves.first() {
        None => explanation.push_str(
            "It is 0: a P-position; any move changes one part's value and leaves a non-zero nim-sum.",
        ),
        Some(m) => {
            let g = &values[m.part];
            explanation.push_str(&format!(
                "It is not 0: in {} move from G = {g} to G = {g} ⊕ {x} = {} (taking {} there), leaving nim-sum 0.",
                numbered("part", m.part),
                g ^ &x,
                m.mv.take.clone().unwrap_or_default()
            ));
        }
    }
    Ok(SumAnalysis {
        game: "sum".into(),
        outcome: Outcome::from_win(!x.is_zero()),
        grundy: Some(x),
        parts: parts
            .iter()
            .zip(values)
            .map(|(p, g)| PartValue {
                game: p.game.spec(),
                piles: p.piles.clone(),
                bound: bound_of(&p.game, &p.position()),
                grundy: Some(g),
            })
            .collect(),
        winning_move: moves.first().cloned(),
        moves: all.then_some(moves),
        method: Method::Theory,
        explanation,
    })
}

/// A part's game as an explicit graph: every reachable position once, with
/// its moves (the wire move and the index of the position after it).
struct Graph {
    moves: Vec<Vec<(Move, usize)>>,
}

struct Explore<'a>(&'a Position, &'a Limits);

impl Visit for Explore<'_> {
    type Out = Result<Graph, GameError>;
    fn visit<R: Wire>(self, rules: &R, _: Convention) -> Self::Out {
        let Explore(given, limits) = self;
        let start = rules.position(given)?;
        limits
            .admit(rules.estimate(&start))
            .map_err(|over| GameError::over(Work::MisereSum, over, Hint::SmallerParts))?;
        let mut index: HashMap<R::Position, usize> = HashMap::default();
        let mut todo = vec![start.clone()];
        index.insert(start, 0);
        let mut moves: Vec<Vec<(Move, usize)>> = vec![Vec::new()];
        let mut work: u64 = 0;
        while let Some(p) = todo.pop() {
            let here = index[&p];
            let mut list = Vec::new();
            rules.moves(&p, &mut |m| {
                list.push(m);
                ControlFlow::Continue(())
            })?;
            for m in list {
                work += 1;
                if work & 0xFFF == 0 {
                    limits.check()?;
                }
                if work > limits.max_states {
                    return Err(GameError::too_large(
                        Work::MisereSum,
                        Amount::more_than(work, Unit::MovesInOnePart),
                        Amount::of(limits.max_states, Unit::Positions),
                        Hint::SmallerParts,
                    ));
                }
                let q = rules.apply(&p, &m)?;
                let next = match index.get(&q) {
                    Some(&j) => j,
                    None => {
                        let j = moves.len();
                        index.insert(q.clone(), j);
                        moves.push(Vec::new());
                        todo.push(q.clone());
                        j
                    }
                };
                let mv = analysis_move(&rules.play_move(&m), &rules.to_wire(&q));
                moves[here].push((mv, next));
            }
        }
        Ok(Graph { moves })
    }
}

/// Most positions of the product game a misère sum searches (a few seconds).
pub const MISERE_STATES: u64 = 20_000_000;

/// Misère play: the product game searched exhaustively from the rules.
fn misere_sum(parts: &[Part], all: bool, limits: &Limits) -> Result<SumAnalysis, GameError> {
    let mut graphs = Vec::with_capacity(parts.len());
    let mut product: u64 = 1;
    for (i, p) in parts.iter().enumerate() {
        let g = p
            .game
            .visit::<u64, _>(Explore(&p.position(), limits))
            .map_err(|e| e.in_part(i, PartStep::Solve))?;
        product = product.saturating_mul(g.moves.len() as u64);
        graphs.push(g);
    }
    // A memo entry: the state (4 bytes a part), the flag, the table's slack.
    let per_state = 4 * parts.len() as u64 + 64;
    let cap = limits
        .max_states
        .min(limits.max_bytes / per_state)
        .min(MISERE_STATES);
    if product > cap {
        return Err(GameError::too_large(
            Work::MisereSumProduct,
            Amount::of(product, Unit::Positions),
            Amount::of(cap, Unit::Positions),
            Hint::MisereSumParts,
        ));
    }
    // wins[state] for the player to move, by an iterative depth-first search.
    let mut memo: HashMap<Vec<u32>, bool> = HashMap::default();
    let start: Vec<u32> = vec![0; parts.len()];
    let wins = |s: &Vec<u32>, memo: &mut HashMap<Vec<u32>, bool>| -> Result<bool, GameError> {
        let mut stack: Vec<(Vec<u32>, usize, usize, bool)> = vec![(s.clone(), 0, 0, false)];
        let mut steps: u64 = 0;
        while let Some(top) = stack.last_mut() {
            steps += 1;
            if steps & 0xFFF == 0 {
                limits.check()?;
            }
            let (state, part, k, won) = top.clone();
            if won || part == state.len() {
                // Done: no move at all means the player to move wins (misère).
                let any = state
                    .iter()
                    .enumerate()
                    .any(|(i, &p)| !graphs[i].moves[p as usize].is_empty());
                let value = won || !any;
                memo.insert(state, value);
                stack.pop();
                if let Some(parent) = stack.last_mut()
                    && !value
                {
                    parent.3 = true;
                }
                continue;
            }
            let options = &graphs[part].moves[state[part] as usize];
            if k >= options.len() {
                top.1 += 1;
                top.2 = 0;
                continue;
            }
            top.2 += 1;
            let mut next = state.clone();
            next[part] = options[k].1 as u32;
            match memo.get(&next) {
                Some(&false) => {
                    if let Some(t) = stack.last_mut() {
                        t.3 = true;
                    }
                }
                Some(&true) => {}
                None => stack.push((next, 0, 0, false)),
            }
        }
        Ok(memo[s])
    };
    let won = wins(&start, &mut memo)?;
    let mut moves = Vec::new();
    if won {
        'parts: for (i, g) in graphs.iter().enumerate() {
            for (mv, next) in &g.moves[0] {
                let mut s = start.clone();
                s[i] = *next as u32;
                let w = match memo.get(&s) {
                    Some(&w) => w,
                    None => wins(&s, &mut memo)?,
                };
                if !w {
                    moves.push(SumMove {
                        part: i,
                        mv: mv.clone(),
                    });
                    if !all {
                        break 'parts;
                    }
                }
            }
        }
    }
    let explanation = match moves.first() {
        Some(m) => format!(
            "Misère play (whoever cannot move wins) has no nim-sum rule: exhaustive search of the product game ({} positions): taking {} in {} wins.",
            memo.len(),
            m.mv.take.clone().unwrap_or_default(),
            numbered("part", m.part)
        ),
        None if won => "Misère play: the player to move has no move anywhere and so wins.".into(),
        None => format!(
            "Misère play (whoever cannot move wins) has no nim-sum rule: exhaustive search of the product game ({} positions): every move loses.",
            memo.len()
        ),
    };
    Ok(SumAnalysis {
        game: "sum:misere=true".into(),
        outcome: Outcome::from_win(won),
        grundy: None,
        parts: parts
            .iter()
            .map(|p| PartValue {
                game: p.game.spec(),
                piles: p.piles.clone(),
                bound: bound_of(&p.game, &p.position()),
                grundy: None,
            })
            .collect(),
        winning_move: moves.first().cloned(),
        moves: all.then_some(moves),
        method: Method::Exhaustive,
        explanation,
    })
}

/// A sum in play: each part's game and its current position (the default
/// bound filled in), moves made in one part at a time.
///
/// Law: every move [`SumPlay::computer_move`] returns is accepted by
/// [`SumPlay::apply`]; the game is over when no part has a move, and the
/// player who cannot move loses (normal play).
///
/// ```
/// use takeaway::games::Limits;
/// use takeaway::games::play::PlayMove;
/// use takeaway::games::sum::{SumPlay, parse_parts};
/// let mut s = SumPlay::new(&parse_parts(&["nim 1".into(), "nim 2".into()]).unwrap()).unwrap();
/// // 1 ⊕ 2 = 3: the winning move takes 1 from the second part (2 → 1).
/// let (part, mv, winning) = s.computer_move(&Limits::strict()).unwrap();
/// assert_eq!((part, winning), (1, true));
/// s.apply(part, &mv).unwrap();
/// assert!(s.apply(0, &PlayMove::Take { pile: 0, take: 2u8.into() }).is_err());
/// ```
#[derive(Debug, Clone)]
pub struct SumPlay {
    /// The parts' games.
    pub games: Vec<Game>,
    /// The parts' positions.
    pub positions: Vec<Position>,
}

impl SumPlay {
    /// The sum of `parts` at their starting positions.
    pub fn new(parts: &[Part]) -> Result<SumPlay, GameError> {
        use super::play::Play;
        let mut positions = Vec::with_capacity(parts.len());
        for (i, p) in parts.iter().enumerate() {
            positions.push(
                p.game
                    .start(p.piles.clone(), p.bound.clone())
                    .map_err(|e| e.in_part(i, PartStep::Solve))?,
            );
        }
        Ok(SumPlay {
            games: parts.iter().map(|p| p.game.clone()).collect(),
            positions,
        })
    }

    /// The parts as [`Part`]s at the current positions.
    pub fn parts(&self) -> Vec<Part> {
        self.games
            .iter()
            .zip(&self.positions)
            .map(|(g, p)| Part {
                game: g.clone(),
                piles: p.piles.clone(),
                bound: p.bound.clone(),
            })
            .collect()
    }

    /// Whether no part has a move left.
    pub fn is_over(&self) -> bool {
        use super::play::Play;
        self.games
            .iter()
            .zip(&self.positions)
            .all(|(g, p)| g.is_over(p))
    }

    /// Makes `mv` in part `part` (0-based), or says why it is illegal.
    pub fn apply(&mut self, part: usize, mv: &PlayMove) -> Result<(), GameError> {
        use super::play::Play;
        let k = self.games.len();
        let (Some(g), Some(p)) = (self.games.get(part), self.positions.get(part)) else {
            return Err(Illegal::NoPart {
                index: part,
                count: k,
            }
            .into());
        };
        let next = g
            .apply(p, mv)
            .map_err(|e| e.in_part(part, PartStep::Play))?;
        self.positions[part] = next;
        Ok(())
    }

    /// The computer's move: the winning one (to nim-sum 0) when there is
    /// one, else a legal move in the first part that has one (the part's own
    /// best move); with whether it wins.
    pub fn computer_move(&self, limits: &Limits) -> Result<(usize, PlayMove, bool), GameError> {
        use super::play::Play;
        let a = analyze(&self.parts(), false, false, limits)?;
        if let Some(m) = a.winning_move
            && let Some(mv) = PlayMove::from_analysis(&m.mv)
        {
            return Ok((m.part, mv, true));
        }
        for (i, (g, p)) in self.games.iter().zip(&self.positions).enumerate() {
            if !g.is_over(p) {
                return Ok((i, g.computer_move(p, limits)?.mv, false));
            }
        }
        Err(Illegal::SumOver.into())
    }
}

/// The catalogue entry of sums of games: parts side by side, not a single spec
/// (`takeaway analyze sum 'GAME PILES' …`, the page's parts editor).
pub static FAMILY: crate::catalog::Entry<Game> = crate::catalog::Entry {
    id: "sum",
    names: &[],
    aliases: &[],
    title: "Sum of games",
    template: "sum",
    params: &[],
    usage: "sum",
    help: "",
    about: "Several games side by side: each turn you move in one part; whoever cannot move in any part loses. The nim-sum of the parts' Grundy values decides (Sprague–Grundy).",
    start: crate::catalog::Start {
        piles: &[],
        bound: None,
    },
    parts: &[
        crate::catalog::ExamplePart {
            family: "fibonacci",
            piles: &[5],
        },
        crate::catalog::ExamplePart {
            family: "nim",
            piles: &[3],
        },
        crate::catalog::ExamplePart {
            family: "wythoff",
            piles: &[1, 2],
        },
    ],
    layout: crate::catalog::Layout::Sum,
    capabilities: crate::catalog::Capabilities {
        bounded: false,
        // A move is made in one part, with that part's own kinds of move
        // (the page shows each part's controls on its board).
        moves: &[crate::catalog::MoveKind::Take],
        unit: "pile",
        misere_theory: false,
        grundy: true,
        sum_part: false,
        strategies: &[],
        heatmap: crate::catalog::Heatmap {
            axes: "",
            meaning: "",
        },
    },
    parse: None,
};
