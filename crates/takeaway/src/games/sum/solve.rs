//! The answer for a sum: normal play by Sprague–Grundy, misère play by an
//! exhaustive search of the product of the parts' game graphs.
//!
//! Laws (Sprague–Grundy, normal play): the sum's Grundy value is the nim-sum
//! `G = G_1 ⊕ … ⊕ G_k` of its parts'; the sum is a P-position iff `G = 0`;
//! a move in part `i` to a position of value `G_i ⊕ G` wins (one exists
//! whenever `G_i ⊕ G < G_i`, by the mex rule). Misère sums have no such
//! rule: `misere` searches the product game exhaustively, within the limits.

use crate::analysis::{Analysis, Method, Move, Outcome, PartValue, numbered};
use crate::engine::{Amount, Convention, Unit};
use crate::games::error::{GameError, Hint, PartStep, Work};
use crate::games::exhaustive::analysis_move;
use crate::games::grundy::{moves_to, undefined};
use crate::games::model::Visit;
use crate::games::request::Limits;
use crate::games::wire::{Position, Wire};
use crate::games::{Family, Game};
use num_bigint::BigUint;
use num_traits::Zero;
use rustc_hash::FxHashMap as HashMap;
use std::ops::ControlFlow;

/// One part, checked: its game and its position (default bound filled in).
pub(crate) struct Checked {
    pub(crate) game: Game,
    pub(crate) position: Position,
}

/// The part in words: `nim 6`, `fibonacci 20 with bound 19`.
fn describe(part: &Checked) -> String {
    let piles: Vec<String> = part
        .position
        .piles
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut s = format!("{} {}", part.game.spec(), piles.join(" "));
    if let Some(b) = &part.position.bound {
        s.push_str(&format!(" with bound {b}"));
    }
    s
}

/// The caps for one part's Grundy value: the request's, with the work cut to
/// 4·10^8 (a few seconds), so a big part is refused rather than waited for.
fn part_limits(limits: &Limits) -> Limits {
    let mut l = limits.clone();
    l.max_states = l.max_states.min(400_000_000);
    l
}

fn part_value(p: &Checked, grundy: Option<BigUint>) -> PartValue {
    PartValue {
        game: p.game.spec(),
        piles: p.position.piles.clone(),
        bound: p.position.bound.clone(),
        grundy,
    }
}

/// The answer's frame: what every sum's analysis has.
fn answer(spec: String, parts: Vec<PartValue>, outcome: Outcome, method: Method) -> Analysis {
    Analysis {
        game: spec,
        piles: Vec::new(),
        bound: None,
        outcome,
        value: None,
        winning_move: None,
        moves: None,
        fastest: None,
        remoteness: None,
        grundy: None,
        method,
        explanation: String::new(),
        notes: Vec::new(),
        digits: Vec::new(),
        parts,
    }
}

/// Normal play: each part's Grundy value from theory or the engine (within
/// `limits`), the nim-sum, and the moves to nim-sum 0.
///
/// Errors: a part whose Grundy value is over the limits (naming the part
/// and the limit); a part without Grundy values.
pub(crate) fn normal(
    spec: String,
    parts: &[Checked],
    all: bool,
    limits: &Limits,
) -> Result<Analysis, GameError> {
    for (i, p) in parts.iter().enumerate() {
        if let Some(why) = undefined(&p.game) {
            return Err(GameError::from(why).in_part(i, PartStep::Solve));
        }
    }
    let limits = part_limits(limits);
    let mut values = Vec::with_capacity(parts.len());
    for (i, p) in parts.iter().enumerate() {
        let g = crate::games::grundy::grundy(&p.game, &p.position, &limits).map_err(|e| {
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
    let mut moves: Vec<Move> = Vec::new();
    if !x.is_zero() {
        for (i, (p, g)) in parts.iter().zip(&values).enumerate() {
            let target = g ^ &x;
            if !all && target > *g {
                continue;
            }
            let (_, found) = moves_to(&p.game, &p.position, &target, all, &limits)
                .map_err(|e| e.in_part(i, PartStep::Solve))?;
            moves.extend(found.into_iter().map(|mv| Move {
                part: Some(i),
                ..mv
            }));
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
    let terms: Vec<String> = values.iter().map(ToString::to_string).collect();
    let mut explanation = format!(
        "Sprague–Grundy: {}; the nim-sum {} = {x}. ",
        list.join(", "),
        terms.join(" ⊕ ")
    );
    match moves.first() {
        None => explanation.push_str(
            "It is 0: a P-position; any move changes one part's value and leaves a non-zero nim-sum.",
        ),
        Some(m) => {
            let i = m.part.unwrap_or_default();
            let g = &values[i];
            explanation.push_str(&format!(
                "It is not 0: in {} move from G = {g} to G = {g} ⊕ {x} = {} (taking {} there), leaving nim-sum 0.",
                numbered("part", i),
                g ^ &x,
                m.take.clone().unwrap_or_default()
            ));
        }
    }
    let values_out = parts
        .iter()
        .zip(&values)
        .map(|(p, g)| part_value(p, Some(g.clone())))
        .collect();
    let mut a = answer(
        spec,
        values_out,
        Outcome::from_win(!x.is_zero()),
        Method::Theory,
    );
    a.value = Some(x.clone());
    a.grundy = Some(x);
    a.winning_move = moves.first().cloned();
    a.moves = all.then_some(moves);
    a.explanation = explanation;
    Ok(a)
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
        let start = rules.checked(given)?;
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

/// Most move checks of one part explored before a misère sum decides
/// whether a misère quotient is worth computing (a fraction of a second).
const PRE_EXPLORE: u64 = 2_000_000;

/// Most positions of the product game a misère sum searches (a few seconds).
pub const MISERE_STATES: u64 = 20_000_000;

/// Misère play: the product game searched exhaustively from the rules.
pub(crate) fn misere(
    spec: String,
    parts: &[Checked],
    all: bool,
    limits: &Limits,
) -> Result<Analysis, GameError> {
    // Each part's graph first: their product is the search's size, what
    // decides whether a misère quotient is worth computing. A part past
    // PRE_EXPLORE move checks counts as a search too large to compare (the
    // quotient is then tried first, and the parts explored in full after).
    let explore = |limits: &Limits| -> Result<(Vec<Graph>, u64), GameError> {
        let mut graphs = Vec::with_capacity(parts.len());
        let mut product: u64 = 1;
        for (i, p) in parts.iter().enumerate() {
            let g = p
                .game
                .visit::<u64, _>(Explore(&p.position, limits))
                .map_err(|e| e.in_part(i, PartStep::Solve))?;
            product = product.saturating_mul(g.moves.len() as u64);
            graphs.push(g);
        }
        Ok((graphs, product))
    };
    let mut capped = limits.clone();
    capped.max_states = capped.max_states.min(PRE_EXPLORE);
    let explored = explore(&capped);
    if matches!(explored, Err(GameError::Cancelled)) {
        return Err(GameError::Cancelled);
    }
    let size = explored.as_ref().map_or(u64::MAX, |(_, product)| *product);
    // Parts that are all octal games, Nim or subtraction games: one multiset
    // of heaps, decided through a misère quotient when one covers it (else
    // a note says why not).
    let note = match super::quotient::misere(&spec, parts, all, limits, size)? {
        crate::games::model::MisereQuick::Answered(a) => return Ok(*a),
        crate::games::model::MisereQuick::Fallback(note) => Some(note),
        crate::games::model::MisereQuick::NotOffered => None,
    };
    let (graphs, product) = match explored {
        Ok(done) => done,
        Err(_) => explore(limits)?,
    };
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
                    moves.push(Move {
                        part: Some(i),
                        ..mv.clone()
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
            m.take.clone().unwrap_or_default(),
            numbered("part", m.part.unwrap_or_default())
        ),
        None if won => "Misère play: the player to move has no move anywhere and so wins.".into(),
        None => format!(
            "Misère play (whoever cannot move wins) has no nim-sum rule: exhaustive search of the product game ({} positions): every move loses.",
            memo.len()
        ),
    };
    let values = parts.iter().map(|p| part_value(p, None)).collect();
    let mut a = answer(spec, values, Outcome::from_win(won), Method::Exhaustive);
    a.winning_move = moves.first().cloned();
    a.moves = all.then_some(moves);
    a.explanation = explanation;
    a.notes.extend(note);
    Ok(a)
}
