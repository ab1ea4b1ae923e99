//! `takeaway.Game`: a game's rules for one's own experiments — its legal
//! moves, the position after a move, the winning moves — with positions and
//! moves written as in the web API: `{"piles": [20], "bound": 4}` (and
//! `"call": c` for a pending Spite Nim call), `{"kind": "take", "pile": 0,
//! "take": 2}`, `{"kind": "both", "take": 3}`, `{"kind": "call", "call": 5}`,
//! `{"kind": "pick", "pile": 1}` (piles 0-based).
//!
//! Laws: every move `moves(p)` lists is accepted by `apply(p, m)`; a move
//! `winning_moves(p)` lists leads to a position whose player to act loses
//! (or, for a Spite Nim pick, after which the picker, who calls next, wins).

use crate::convert::{natural, opt_natural, to_py};
use crate::errors::{InvalidError, LimitError, game_error};
use crate::watch;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use takeaway::analysis::Outcome;
use takeaway::engine::Convention;
use takeaway::games::play::{Play, PlayMove, Position};
use takeaway::games::{AnalyzeRequest, Family, Limits};

/// Most moves `moves()` lists without an explicit `limit`.
const MOST_MOVES: usize = 1_000_000;

/// A game parsed from a spec (`Game("fibonacci")`, `Game("two-pile:f=3*t")`).
///
/// >>> g = takeaway.Game("fibonacci")
/// >>> g.winning_moves({"piles": [20], "bound": 19})
/// [{'kind': 'take', 'pile': 0, 'take': 2}]
#[pyclass(frozen, subclass, module = "takeaway")]
pub(crate) struct Game {
    game: takeaway::games::Game,
}

/// The wire position of a Python dict `{"piles": [...], "bound": w, "call": c}`
/// (appendix games also `"first_phase_left": k`).
fn position(obj: &Bound<'_, PyAny>) -> PyResult<Position> {
    let dict = obj.cast::<PyDict>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "a position is a dict {\"piles\": [...], \"bound\": w} (bound and call optional)",
        )
    })?;
    for key in dict.keys() {
        let key: String = key.extract()?;
        if !matches!(
            key.as_str(),
            "piles" | "bound" | "call" | "first_phase_left" | "parts" | "game"
        ) {
            return Err(InvalidError::new_err(format!(
                "A position has `piles`, `bound`, `call`, `first_phase_left` and (a sum) `parts`, not `{key}`"
            )));
        }
    }
    let mut parts = Vec::new();
    if let Some(list) = dict.get_item("parts")? {
        for (i, part) in list.try_iter()?.enumerate() {
            let part = part?;
            let game: String = part
                .get_item("game")
                .and_then(|g| g.extract())
                .map_err(|_| {
                    InvalidError::new_err(format!(
                        "part {}: a part is a dict {{\"game\": spec, \"piles\": [...]}}",
                        i + 1
                    ))
                })?;
            parts.push(takeaway::games::play::PartPosition {
                game,
                position: position(&part)?,
            });
        }
    }
    let piles_obj = match dict.get_item("piles")? {
        Some(p) => Some(p),
        None if !parts.is_empty() => None,
        None => return Err(InvalidError::new_err("A position needs `piles`")),
    };
    let mut piles = Vec::new();
    if let Some(piles_obj) = piles_obj {
        for (i, p) in piles_obj.try_iter()?.enumerate() {
            piles.push(natural(&p?, &format!("pile {}", i + 1))?);
        }
    }
    let mut pos = Position::of_parts(parts);
    pos.piles = piles;
    pos.bound = opt_natural(dict.get_item("bound")?.as_ref(), "bound")?;
    pos.call = opt_natural(dict.get_item("call")?.as_ref(), "call")?;
    pos.phase = match dict.get_item("first_phase_left")? {
        Some(k) if !k.is_none() => Some(k.extract().map_err(|_| {
            InvalidError::new_err("`first_phase_left` is a number of moves: 0, 1, 2, ...")
        })?),
        _ => None,
    };
    Ok(pos)
}

/// The wire move of a Python dict `{"kind": ..., ...}`.
fn play_move(obj: &Bound<'_, PyAny>) -> PyResult<PlayMove> {
    let dict = obj.cast::<PyDict>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(
            "a move is a dict such as {\"kind\": \"take\", \"pile\": 0, \"take\": 2}",
        )
    })?;
    let field = |name: &str| -> PyResult<Bound<'_, PyAny>> {
        dict.get_item(name)?
            .ok_or_else(|| InvalidError::new_err(format!("This move needs `{name}`")))
    };
    let kind: String = field("kind")?.extract()?;
    let index = |name: &str| -> PyResult<usize> {
        field(name)?
            .extract()
            .map_err(|_| InvalidError::new_err(format!("`{name}` is a pile index: 0, 1, 2, ...")))
    };
    Ok(match kind.as_str() {
        "take" => PlayMove::Take {
            pile: index("pile")?,
            take: natural(&field("take")?, "take")?,
        },
        "both" => PlayMove::Both {
            take: natural(&field("take")?, "take")?,
        },
        "call" => PlayMove::Call {
            call: natural(&field("call")?, "call")?,
        },
        "pick" => PlayMove::Pick {
            pile: index("pile")?,
        },
        "split" => {
            let parts: Vec<Bound<'_, PyAny>> = field("split")?.extract().map_err(|_| {
                InvalidError::new_err("`split` is the two or three heaps left, e.g. [3, 4]")
            })?;
            if !(2..=3).contains(&parts.len()) {
                return Err(InvalidError::new_err(
                    "`split` is the two or three heaps left, e.g. [3, 4]",
                ));
            }
            PlayMove::Split {
                pile: index("pile")?,
                take: natural(&field("take")?, "take")?,
                split: parts
                    .iter()
                    .map(|h| natural(h, "split"))
                    .collect::<PyResult<_>>()?,
            }
        }
        "add" => PlayMove::Add {
            pile: index("pile")?,
            add: natural(&field("add")?, "add")?,
        },
        "part" => PlayMove::Part {
            part: field("part")?
                .extract()
                .map_err(|_| InvalidError::new_err("`part` is a part index: 0, 1, 2, ..."))?,
            mv: Box::new(play_move(&field("move")?)?),
        },
        other => {
            return Err(InvalidError::new_err(format!(
                "Unknown move kind `{other}`; expected take, both, call, pick, add, split or part"
            )));
        }
    })
}

fn moves_list<'py>(py: Python<'py>, moves: &[PlayMove]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for m in moves {
        list.append(to_py(py, m)?)?;
    }
    Ok(list)
}

impl Game {
    /// The legal moves, at most `limit` (an error naming the limit beyond it
    /// when no limit was asked for).
    fn legal(&self, pos: &Position, limit: Option<usize>) -> PyResult<Vec<PlayMove>> {
        let most = limit.unwrap_or(MOST_MOVES);
        let mut moves = self
            .game
            .first_legal_moves(pos, most.saturating_add(1))
            .map_err(|e| game_error(None, e))?;
        if moves.len() > most {
            if limit.is_some() {
                moves.truncate(most);
            } else {
                return Err(LimitError::new_err(format!(
                    "The position has more than {MOST_MOVES} legal moves, over the limit of {MOST_MOVES}; pass limit=K for the K smallest"
                )));
            }
        }
        Ok(moves)
    }
}

#[pymethods]
impl Game {
    /// Parses a game spec (`NAME[:KEY=VALUE]...`, as on the command line).
    ///
    /// >>> takeaway.Game("wythoff")
    /// takeaway.Game("wythoff")
    #[new]
    fn new(spec: &str) -> PyResult<Self> {
        let game = takeaway::games::Game::parse(spec).map_err(|e| game_error(None, e))?;
        Ok(Game { game })
    }

    /// The canonical spec of the game (parses back to the same game).
    ///
    /// >>> takeaway.Game("fibonacci").spec
    /// 'fibonacci'
    #[getter]
    fn spec(&self) -> String {
        self.game.spec()
    }

    /// Whether the game is played misère (whoever cannot move wins).
    ///
    /// >>> takeaway.Game("nim:misere=true").misere
    /// True
    #[getter]
    fn misere(&self) -> bool {
        self.game.convention() == Convention::Misere
    }

    fn __repr__(&self) -> String {
        format!("takeaway.Game({:?})", self.game.spec())
    }

    /// The starting position for these piles and an optional bound, with the
    /// game's defaults filled in (one-pile: bound n − 1; two-pile: unbounded).
    ///
    /// >>> takeaway.Game("fibonacci").start(20)
    /// {'bound': 19, 'piles': [20]}
    #[pyo3(signature = (*piles, bound=None))]
    fn start<'py>(
        &self,
        py: Python<'py>,
        piles: &Bound<'py, PyTuple>,
        bound: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut ps = Vec::new();
        for (i, p) in piles.iter().enumerate() {
            ps.push(natural(&p, &format!("pile {}", i + 1))?);
        }
        let bound = opt_natural(bound, "bound")?;
        let pos = self
            .game
            .start(ps, bound)
            .map_err(|e| game_error(None, e))?;
        to_py(py, &pos)
    }

    /// The legal moves of `position`, smallest first: all of them (an error
    /// past 1,000,000), or the `limit` smallest.
    ///
    /// >>> takeaway.Game("fibonacci").moves({"piles": [5], "bound": 2})
    /// [{'kind': 'take', 'pile': 0, 'take': 1}, {'kind': 'take', 'pile': 0, 'take': 2}]
    #[pyo3(signature = (position, limit=None))]
    fn moves<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        limit: Option<usize>,
    ) -> PyResult<Bound<'py, PyList>> {
        let pos = self::position(position)?;
        let moves = self.legal(&pos, limit)?;
        moves_list(py, &moves)
    }

    /// The position after `move` (checked against the rules: an illegal
    /// move raises `InvalidError`).
    ///
    /// >>> takeaway.Game("fibonacci").apply({"piles": [20], "bound": 19}, {"kind": "take", "pile": 0, "take": 2})
    /// {'bound': 4, 'piles': [18]}
    fn apply<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let pos = self::position(position)?;
        let mv = play_move(r#move)?;
        let after = self
            .game
            .apply(&pos, &mv)
            .map_err(|e| game_error(None, e))?;
        to_py(py, &after)
    }

    /// Whether the player to act has no legal move (the game is over).
    ///
    /// >>> takeaway.Game("nim").is_over({"piles": [0, 0]})
    /// True
    fn is_over(&self, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        let pos = self::position(position)?;
        Ok(self.legal(&pos, Some(1))?.is_empty())
    }

    /// Every winning move of `position` (an empty list when the player to
    /// act loses): from the analysis with `all=True` (theory where it holds,
    /// the exhaustive engine otherwise); with a pending Spite Nim call, the
    /// picks after which the picker, who calls next, wins. Releases the GIL;
    /// Ctrl-C stops it.
    ///
    /// >>> takeaway.Game("nim").winning_moves({"piles": [1, 2]})
    /// [{'kind': 'take', 'pile': 1, 'take': 1}]
    fn winning_moves<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let pos = self::position(position)?;
        if pos.call.is_some() {
            let picks = self.legal(&pos, None)?;
            let game = &self.game;
            let won = watch::run(py, Limits::generous(), |limits| {
                let mut wins = Vec::new();
                for pick in picks {
                    let after = game.apply(&pos, &pick)?;
                    if game.is_over(&after) {
                        if game.stuck_player_wins() {
                            wins.push(pick);
                        }
                        continue;
                    }
                    if game.analyze_position(&after, &limits)?.outcome == Outcome::N {
                        wins.push(pick);
                    }
                }
                Ok(wins)
            })?
            .map_err(|e| game_error(None, e))?;
            return moves_list(py, &won);
        }
        // Checked (and normalised: the default bound) as the rules see it.
        let pos = self
            .game
            .start(pos.piles, pos.bound)
            .map_err(|e| game_error(None, e))?;
        let mut req = AnalyzeRequest::new(pos.piles.clone());
        req.bound = pos.bound.clone();
        req.all = true;
        req.remoteness = false;
        let game = &self.game;
        let analysis = watch::run(py, Limits::generous(), move |limits| {
            req.limits = limits;
            game.analyze(&req)
        })?
        .map_err(|e| game_error(Some("cannot analyze this position"), e))?;
        let moves: Vec<PlayMove> = match (analysis.outcome, &analysis.moves) {
            (Outcome::P, _) => Vec::new(),
            (Outcome::N, Some(all)) => all.iter().filter_map(PlayMove::from_analysis).collect(),
            (Outcome::N, None) => analysis
                .winning_move
                .iter()
                .filter_map(PlayMove::from_analysis)
                .collect(),
        };
        moves_list(py, &moves)
    }

    /// The analysis of `position`: the dict of `takeaway analyze --json`
    /// for its piles and bound.
    ///
    /// >>> takeaway.Game("fibonacci").analyze({"piles": [21], "bound": 20})["outcome"]
    /// 'P'
    #[pyo3(signature = (position, all=false, exhaustive=false))]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        all: bool,
        exhaustive: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let pos = self::position(position)?;
        if pos.call.is_some() {
            return Err(InvalidError::new_err("A call is pending: pick a row first"));
        }
        let mut req = AnalyzeRequest::new(pos.piles);
        req.bound = pos.bound;
        req.all = all;
        req.exhaustive = exhaustive;
        crate::analyze_request(py, &self.game, req, None)
    }
}
