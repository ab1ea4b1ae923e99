//! One-pile take-away games: Fibonacci Nim (Whinihan, f = 2t), Schwenk's and
//! Epp–Ferguson's f(t), and Holshouser–Reiter's Game 1 with f(n, t).
//!
//! Rules (`game.rs`): pile `n`, bound `w`; take `1..=min(w, n)`; the opponent's
//! bound becomes `f(n, t)` with `n` the pile before the move. The first move
//! is bounded by `n − 1` unless a bound is given ("anything but the whole pile").
//!
//! Specs: `fibonacci` (= `one-pile:f=2*t`), `one-pile:f=EXPR`, and
//! `one-pile:f=EXPR:base=B` with `B` = `fibonacci`, `binary` or a list
//! `1,2,3,6,...` to use Holshouser–Reiter Game 1.

pub mod error;
pub mod exhaustive;
pub mod explain;
pub mod fibonacci_grundy;
pub mod fibonacci_small_values;
pub(crate) mod game;
pub mod grundy;
pub mod grundy_steps;
pub mod memory;
pub mod remoteness;
pub mod stopped;
pub mod theory;

use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::bound::Bound;
use crate::engine::Convention;
use crate::games::error::GameError;
use crate::games::error::{Hint, PileCount, Quantity, Work};
use crate::games::model::Family;
use crate::games::request::Verdict;
use crate::games::request::{
    AnalyzeRequest, Table, TableFormat, TableRequest, Verification, VerifyRequest,
};
use crate::games::unanswered::NotKnown;
use crate::json::number;
use crate::numeration::base::Base;
use crate::render::{Grid, Swatch};
use crate::spec::{GameSpec, SpecError};
use num_bigint::BigUint;

pub(crate) use crate::games::shared::parse_base;
pub use game::{OnePilePosition, OnePileRules};
use num_traits::{One, ToPrimitive, Zero};
use serde_json::{Value, json};

/// A one-pile game with move bound `f(n, t)`.
#[derive(Debug, Clone)]
pub struct OnePile {
    f: Bound,
    base: Option<(Base, String)>,
    name: String,
    misere: bool,
}

impl OnePile {
    /// Builds the game from a spec (`fibonacci`, `one-pile:f=EXPR[:base=B]`).
    ///
    /// ```
    /// use takeaway::games::one_pile::OnePile;
    /// use takeaway::spec::GameSpec;
    /// let g = OnePile::from_spec(&GameSpec::parse("one-pile:f=3*t").unwrap()).unwrap();
    /// assert_eq!(g.bound().to_string(), "3 * t");
    /// ```
    pub fn from_spec(spec: &GameSpec) -> Result<Self, GameError> {
        let fibonacci = spec.name == "fibonacci";
        spec.only(if fibonacci {
            &["base", "misere"]
        } else {
            &["f", "base", "misere"]
        })?;
        let misere = spec.misere()?;
        // The base first: the bound may use it (g, gbar, h).
        let base = match spec.get("base") {
            None => None,
            Some(p) => Some((parse_base(&p.value, p.column)?, p.value.trim().to_string())),
        };
        let f = if fibonacci {
            Bound::parse("2*t").map_err(|e| SpecError {
                column: 1,
                message: e.to_string(),
            })?
        } else {
            let p = spec.get("f").ok_or_else(|| SpecError {
                column: spec.name.chars().count() + 1,
                message: "one-pile needs a move bound: `one-pile:f=EXPR`, e.g. `one-pile:f=2*t`"
                    .into(),
            })?;
            Bound::parse_with_base(&p.value, base.as_ref().map(|(b, _)| b.clone())).map_err(
                |e| {
                    GameError::Spec(SpecError {
                        column: p.column + e.column - 1,
                        message: format!("in f: {}", e.message),
                    })
                },
            )?
        };
        let mut name = if fibonacci && base.is_none() {
            "fibonacci".to_string()
        } else {
            let mut s = format!("one-pile:f={}", f.to_string().replace(' ', ""));
            if let Some((_, b)) = &base {
                s.push_str(&format!(":base={b}"));
            }
            s
        };
        if misere {
            name.push_str(":misere=true");
        }
        Ok(OnePile {
            f,
            base,
            name,
            misere,
        })
    }

    /// The move bound `f(n, t)`.
    pub fn bound(&self) -> &Bound {
        &self.f
    }

    /// The name of the base given with `base=B` (Holshouser–Reiter's Game
    /// 1), if any.
    pub(crate) fn base_name(&self) -> Option<&str> {
        self.base.as_ref().map(|(_, name)| name.as_str())
    }

    /// Normal or misère play (`misere=true`).
    pub fn convention(&self) -> Convention {
        Convention::from_misere(self.misere)
    }

    /// The base the theory writes piles in, with its name: the given one
    /// (Holshouser–Reiter Game 1) or the H-sequence of `f` (Schwenk).
    pub(crate) fn theory_base(&self) -> (Base, String) {
        match &self.base {
            Some((b, name)) => (b.clone(), format!("the base {name}")),
            None => theory::schwenk_base(&self.f),
        }
    }

    /// Whether misère play is normal play shifted by one counter: `f`
    /// depends on `t` alone, `f(1) ≥ 1` and `f` is nondecreasing by the form
    /// of its expression (so every bound is at least 1), and no base is
    /// given. Then no winner takes the last counter and whoever leaves one
    /// counter wins: the misère position `(n, w)`, `n, w ≥ 1`, plays as the
    /// normal `(n − 1, w)` (by induction on `n`: the same takes `t < n` lead
    /// to the same pairs), so `L_misère(n) = L(n − 1)` at any size.
    ///
    /// ```
    /// use takeaway::games::{Family, Game};
    /// let g = |s: &str| Game::parse(s).unwrap().misere_by_theory(1);
    /// assert!(g("fibonacci:misere=true") && g("one-pile:f=t+1:misere=true"));
    /// assert!(!g("one-pile:f=t/2:misere=true")); // f(1) = 0: bound 0 wins
    /// assert!(!g("one-pile:f=n-t:misere=true")); // f depends on n
    /// ```
    pub fn misere_by_shift(&self) -> bool {
        self.base.is_none()
            && !self.f.uses_n()
            && self.f.eval_u64(0, 1).is_ok_and(|b| b >= 1)
            && self.f.is_syntactically_nondecreasing_in_t()
    }

    /// The misère analysis by [`OnePile::misere_by_shift`]: the normal
    /// theory's answer for `n − 1`, its take kept.
    fn misere_analyze(
        &self,
        n: &BigUint,
        w: &BigUint,
        req: &AnalyzeRequest,
    ) -> Result<Analysis, GameError> {
        let note = "misère play: value is null (least winning moves and Grundy values decide normal play only)";
        let stuck = n.is_zero() || w.is_zero();
        let (least, text) = if stuck {
            (
                None,
                "Under misère play (whoever cannot move wins) the player to move has no move and so wins at once.".to_string(),
            )
        } else {
            let m = n - 1u32;
            let answer = self.theory(&m).map_err(|theory::HypothesisFails(why)| {
                GameError::from(NotKnown::MisereShift { why })
            })?;
            let normal = explain::theory(&self.f, &m, w, &answer);
            (
                answer.least_winning_move,
                format!(
                    "Under misère play (whoever cannot move wins) every bound here is at least 1, so no winner takes the last counter and whoever leaves one counter wins: ({n}, {w}) plays as the normal game's ({m}, {w}). {normal}"
                ),
            )
        };
        let wins = stuck || least.as_ref().is_some_and(|l| w >= l);
        let winning_move = match (&least, stuck) {
            (Some(t), false) if wins => Some(Move {
                take: Some(t.clone()),
                pile: Some(0),
                to: vec![n - t],
                bound: Some(self.f.eval(n, t).map_err(GameError::Bound)?),
                ..Move::default()
            }),
            _ => None,
        };
        let mut text = text;
        if let Some(t) = winning_move.as_ref().and_then(|m| m.take.as_ref()) {
            text.push_str(&format!(
                " In this game: take {t} from the pile of {n}, leaving {} (the normal game's {}).",
                n - t,
                n - t - 1u32
            ));
        }
        let moves = if req.all {
            Some(self.all_winning_moves(n, w, &req.limits)?)
        } else {
            None
        };
        Ok(Analysis {
            game: self.spec(),
            piles: vec![n.clone()],
            bound: Some(w.clone()),
            outcome: Outcome::from_win(wins),
            value: None,
            winning_move,
            moves,
            fastest: None,
            remoteness: None,
            grundy: None,
            method: Method::Theory,
            explanation: text,
            digits: Vec::new(),
            parts: Vec::new(),
            notes: vec![note.into()],
        })
    }

    fn theory(&self, n: &BigUint) -> Result<theory::TheoryAnswer, theory::HypothesisFails> {
        theory::least_winning_move(
            &self.f,
            self.base.as_ref().map(|(b, name)| (b, name.as_str())),
            n,
        )
    }
}

fn one_pile(req: &AnalyzeRequest) -> Result<BigUint, GameError> {
    match req.piles.as_slice() {
        [n] => Ok(n.clone()),
        other => Err(PileCount::OnePile { got: other.len() }.into()),
    }
}

impl Family for OnePile {
    fn family_name(&self) -> &'static str {
        "one-pile games"
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    /// Misère play on a pile is normal play on one counter less where
    /// every bound is at least 1 ([`OnePile::misere_by_shift`]).
    fn misere_theory(&self) -> bool {
        self.misere_by_shift()
    }
    fn misere_by_theory(&self, _piles: usize) -> bool {
        self.misere_by_shift()
    }
    fn misere_table(&self) -> bool {
        true
    }
    fn grundy_and_moves(
        &self,
        pos: &crate::games::wire::Position,
        target: Option<&BigUint>,
        all: bool,
        limits: &crate::engine::Limits,
    ) -> Option<Result<(BigUint, Vec<Move>), GameError>> {
        Some(grundy::grundy_and_moves(self, pos, target, all, limits))
    }
    fn grundy_cells(&self) -> Option<crate::games::model::GrundyCells<'_>> {
        Some(crate::games::model::GrundyCells::PileAndBound(&self.f))
    }
    fn verify_grundy(&self, req: &VerifyRequest<'_>) -> Option<Result<Verification, GameError>> {
        Some(grundy::verify(self, req))
    }
    fn theory_pace(
        &self,
        req: &AnalyzeRequest,
        shown: Option<&Move>,
    ) -> Result<Option<crate::games::exhaustive::Pace>, GameError> {
        remoteness::theory_pace(self, req, shown)
    }
    fn digits(&self, analysis: &Analysis) -> Vec<crate::games::digits::Digits> {
        let (base, name) = self.theory_base();
        crate::games::digits::one_pile(&base, &name, analysis)
    }
    fn spec(&self) -> String {
        self.name.clone()
    }

    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        let n = one_pile(req)?;
        // Default first bound: anything but the whole pile.
        let w = match &req.bound {
            Some(w) => w.clone(),
            None if n.is_zero() => BigUint::zero(),
            None => &n - 1u32,
        };
        if self.misere {
            if req.exhaustive || !self.misere_by_shift() {
                return crate::games::exhaustive::analyze(
                    &OnePileRules::<u64>::new(&self.f),
                    Convention::Misere,
                    req,
                    self.spec(),
                );
            }
            return self.misere_analyze(&n, &w, req);
        }
        let mut notes = Vec::new();
        let (least, method, explanation) = match (!req.exhaustive).then(|| self.theory(&n)) {
            Some(Ok(answer)) => {
                let text = explain::theory(&self.f, &n, &w, &answer);
                (answer.least_winning_move, Method::Theory, text)
            }
            failed => {
                let n_small = n.to_u64().filter(|&v| v < exhaustive::MAX_ROWS);
                let reason = match failed {
                    Some(Err(theory::HypothesisFails(why))) => Some(why),
                    _ => None,
                };
                let Some(ns) = n_small else {
                    return Err(NotKnown::NoTheoryBeyondSearch {
                        why: reason,
                        digits: n.to_string().len(),
                    }
                    .into());
                };
                if let Some(why) = &reason {
                    notes.push(format!("theory not used: {why}"));
                }
                let table = exhaustive::least_winning_moves(
                    &self.f,
                    ns + 1,
                    &req.limits,
                    &crate::games::progress::NoProgress,
                )
                .map_err(|e| e.because(reason.as_deref()))?;
                let l = table
                    .get(ns as usize)
                    .copied()
                    .unwrap_or(exhaustive::INFINITE);
                let least = (l != exhaustive::INFINITE).then(|| BigUint::from(l));
                let text = explain::exhaustive(&self.f, &n, &w, least.as_ref());
                (least, Method::Exhaustive, text)
            }
        };
        let wins = least.as_ref().is_some_and(|l| &w >= l);
        let winning_move = if wins {
            let t = least.clone().unwrap_or_else(BigUint::one);
            let bound = self.f.eval(&n, &t).map_err(GameError::Bound)?;
            Some(Move {
                take: Some(t.clone()),
                pile: Some(0),
                to: vec![&n - &t],
                bound: Some(bound),
                ..Move::default()
            })
        } else {
            None
        };
        let moves = if req.all {
            Some(self.all_winning_moves(&n, &w, &req.limits)?)
        } else {
            None
        };
        Ok(Analysis {
            game: self.spec(),
            piles: vec![n],
            bound: Some(w),
            outcome: Outcome::from_win(wins),
            value: least,
            winning_move,
            moves,
            // The engine adds it (`Game::analyze`) when the pile fits the limits.
            fastest: None,
            remoteness: None,
            grundy: None,
            method,
            explanation,
            digits: Vec::new(),
            parts: Vec::new(),
            notes,
        })
    }

    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        // What will be printed counts too, before anything is allocated: a
        // text line is 23 bytes, a CSV line up to 22, a JSON value up to 11.
        let line_bytes: u64 = match req.format {
            TableFormat::Text => 23,
            TableFormat::Csv => 22,
            TableFormat::Json | TableFormat::Bfile => 11,
            TableFormat::All => 56,
        };
        req.limits
            .admit(crate::engine::Estimate {
                states: 0,
                bytes: req.rows.saturating_mul(line_bytes.saturating_add(4)),
            })
            .map_err(|over| {
                GameError::over(Work::Table { rows: req.rows }, over, Hint::FewerRowsFlag)
            })?;
        // Under misère play the same recursion with its own base cases
        // (`least_winning_moves_under`: L(0) = 0, bound 0 wins).
        let l = exhaustive::least_winning_moves_under(
            &self.f,
            req.rows,
            self.convention(),
            &req.limits,
            req.progress,
        )?;
        let law = if self.misere {
            "under misère play (whoever cannot move wins; for a bound w ≥ 1 the position (n, w) is won iff w ≥ L(n); with no move to make, pile 0 or bound 0, the player to move wins)"
        } else {
            "(the position (n, w) is won iff w ≥ L(n))"
        };
        let grid = won_grid(&self.spec(), &l, self.misere);
        let mut json = json!({
            "game": self.spec(),
            "rows": req.rows,
            "method": "exhaustive",
        });
        if self.misere {
            json["misere"] = Value::Bool(true);
        }
        // L(0) = ∞: an empty CSV cell, `null` in JSON, and the b-file starts at 1.
        let report = crate::render::report::Sequence {
            title: format!("{}: least winning move L(n) {law}", self.spec()),
            footer: String::new(),
            offset: 0,
            columns: ["n", "least_winning_move"],
            key: "values",
            values: crate::render::report::Values::Small {
                values: l,
                none: Some(exhaustive::INFINITE),
            },
            layout: crate::render::report::Layout::Columns { heading: "L(n)" },
        };
        Ok(Table::of_sequence(report, json, Some(grid), req.format))
    }

    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        let up_to = req.up_to;
        // A stopped H-sequence whose period the window proves needs no
        // monotonicity (see `stopped`): the theory answers every pile.
        let stopped = self
            .base
            .is_none()
            .then(|| stopped::Stopped::new(&self.f))
            .flatten();
        let engines = vec![
            match (&self.base, &stopped) {
                (Some(_), _) => "holshouser-reiter-game-1".to_string(),
                (None, Some(_)) => "epp-ferguson-stopped".to_string(),
                (None, None) => "schwenk".to_string(),
            },
            "exhaustive".to_string(),
        ];
        let hypothesis = match (&self.base, &stopped) {
            (Some((b, _)), _) => theory::check_game1(&self.f, b, up_to),
            (None, Some(_)) => Ok(String::new()),
            (None, None) => theory::check_schwenk(&self.f, up_to),
        };
        // The exhaustive table first: a bound that is not a bound of the
        // game on the range (negative, a division by zero) is an input error,
        // as in `analyze`, not a failed hypothesis.
        let table = exhaustive::least_winning_moves(
            &self.f,
            up_to.saturating_add(1),
            &req.limits,
            req.progress,
        )?;
        if let Err(theory::HypothesisFails(why)) = hypothesis {
            return Ok(Verification {
                game: self.spec(),
                up_to,
                checked: 0,
                verdict: Verdict::HypothesisFails,
                engines,
                detail: format!("hypothesis fails: {why}"),
            });
        }
        let mut checked = 0;
        for (n, &l) in table.iter().enumerate().skip(1) {
            let answer = match self.theory(&BigUint::from(n)) {
                Ok(a) => a,
                Err(theory::HypothesisFails(why)) => {
                    return Ok(Verification {
                        game: self.spec(),
                        up_to,
                        checked,
                        verdict: Verdict::HypothesisFails,
                        engines,
                        detail: format!("hypothesis fails at n = {n}: {why}"),
                    });
                }
            };
            checked += 1;
            let theory_l = answer.least_winning_move.and_then(|v| v.to_u32());
            if theory_l != Some(l) {
                return Ok(Verification {
                    game: self.spec(),
                    up_to,
                    checked,
                    verdict: Verdict::Disagree,
                    engines,
                    detail: format!(
                        "first counterexample: n = {n}: theory L(n) = {}, exhaustive L(n) = {l}",
                        theory_l.map_or("?".into(), |v| v.to_string())
                    ),
                });
            }
        }
        Ok(Verification {
            game: self.spec(),
            up_to,
            checked,
            verdict: Verdict::Agree,
            engines,
            detail: format!("L(n) agrees for every pile 1 ≤ n ≤ {up_to}"),
        })
    }
}

impl OnePile {
    /// Every winning move from `(n, w)`: each `t ≤ min(w, n)` with `f(n, t) < L(n − t)`.
    fn all_winning_moves(
        &self,
        n: &BigUint,
        w: &BigUint,
        limits: &crate::engine::Limits,
    ) -> Result<Vec<Move>, GameError> {
        let Some(ns) = n.to_u64().filter(|&v| v < exhaustive::MAX_ROWS) else {
            return Err(GameError::too_large(
                Work::EveryWinningMove,
                Quantity::PileDigits(n.to_string().len()),
                Quantity::PileBelow(32),
                Hint::DropAll,
            ));
        };
        let l = exhaustive::least_winning_moves_under(
            &self.f,
            ns + 1,
            self.convention(),
            limits,
            &crate::games::progress::NoProgress,
        )?;
        let wmax = w.to_u64().unwrap_or(u64::MAX).min(ns);
        let mut moves = Vec::new();
        for t in 1..=wmax {
            let b = self.f.eval_u64(ns, t)?;
            let rest = (ns - t) as usize;
            // Misère play: taking the whole pile, or leaving a bound of 0,
            // lets the opponent win (no move).
            let lost_after = b < u64::from(l[rest]) && (!self.misere || (rest > 0 && b >= 1));
            if lost_after {
                moves.push(Move {
                    take: Some(t.into()),
                    pile: Some(0),
                    to: vec![(ns - t).into()],
                    bound: Some(
                        self.f
                            .eval(n, &BigUint::from(t))
                            .map_err(GameError::Bound)?,
                    ),
                    ..Move::default()
                });
            }
        }
        Ok(moves)
    }
}

/// Picture of won/lost positions `(n, w)` (rows n, columns w) for `n, w < 400`
/// (under misère play bound 0, no move, is won).
fn won_grid(spec: &str, l: &[u32], misere: bool) -> Grid {
    let size = l.len().min(400);
    let mut cells = Vec::with_capacity(size * size);
    for (n, &ln) in l.iter().enumerate().take(size) {
        for w in 0..size {
            let cell = if w > n {
                2
            } else if (misere && w == 0)
                || (ln != exhaustive::INFINITE && w as u64 >= u64::from(ln))
            {
                0
            } else {
                1
            };
            cells.push(cell);
        }
    }
    Grid {
        title: if misere {
            format!(
                "{spec}: positions (pile n, bound w) under misère play; black = lost for the mover"
            )
        } else {
            format!("{spec}: positions (pile n, bound w); black = lost for the mover")
        },
        x_label: "bound w".into(),
        y_label: "pile n".into(),
        width: size,
        height: size,
        cells,
        legend: vec![
            Swatch {
                label: "N: the mover wins (w ≥ L(n))".into(),
                rgb: [255, 255, 255],
                glyph: '.',
            },
            Swatch {
                label: "P: the mover loses (w < L(n))".into(),
                rgb: [20, 20, 20],
                glyph: '#',
            },
            Swatch {
                label: "w > n (same as w = n)".into(),
                rgb: [225, 225, 235],
                glyph: ' ',
            },
        ],
        bar: None,
    }
}

/// The least winning move of `n` as a JSON value (`null` for none).
pub fn least_json(l: Option<&BigUint>) -> Value {
    l.map_or(Value::Null, number)
}

pub(crate) mod entry;
pub use entry::{FAMILY, FIBONACCI, MEMORY};
