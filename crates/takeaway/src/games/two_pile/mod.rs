//! Two-pile take-away games: Flanigan's generalized two-pile Fibonacci Nim
//! (bound `f(t)`, paper 000) and Holshouser–Reiter's Game 2 (bound `f(n, t)`,
//! paper 002), and the same rules on `k` piles.
//!
//! Rules ([`game`]): piles `x ≥ y`, bound `w`; take `1..=w` from one pile (not
//! more than it holds); the opponent's bound becomes `f(x − y, t)` with `x − y`
//! the difference *before* the move. The last player able to move wins. A
//! position is written `(m, d)` = (small pile, difference) as in Flanigan's
//! tableau; `L(m, d)` is the least winning move, so `(m, d, w)` is won iff
//! `w ≥ L(m, d)`.
//!
//! Specs: `two-pile:f=EXPR` (Flanigan's theory when `f` ignores `n`),
//! `two-pile:f=EXPR:base=B` (Holshouser–Reiter's theory, `B` = `fibonacci`,
//! `binary` or a list), `two-pile:f=EXPR:piles=K` (or 3+ piles given to
//! `analyze`): the `k`-pile game of [`k_pile`], where `n` in `f(n, t)` is
//! `max − min` of the piles before the move.

pub mod appendix;
pub mod at_least_t;
pub mod error;
pub use error::TwoPileError;
mod column_summary;
pub mod exhaustive;
pub mod explain;
pub mod flanigan;
pub mod game;
pub mod holshouser_reiter;
pub mod k_pile;
pub mod section3_report;
pub mod table_4_1;

use crate::analysis::{Analysis, Method, Move, Outcome};
use crate::bound::Bound;
use crate::engine::Convention;
use crate::games::advice::Misused;
use crate::games::error::GameError;
use crate::games::error::{Hint, PileCount, Work};
use crate::games::model::Family;
use crate::games::progress::NoProgress;
use crate::games::request::Verdict;
use crate::games::request::{AnalyzeRequest, Table, TableRequest, Verification, VerifyRequest};
use crate::games::shared::parse_base;
use crate::games::two_pile::error::TwoPileHint;
use crate::games::two_pile::error::TwoPileQuantity;
use crate::games::two_pile::error::TwoPileWork;
use crate::numeration::base::Base;
use crate::render::records::{Field, FieldValues, RecordJson, RecordLayout, Records};
use crate::render::tableau::{Placement, Tableau as TableauReport, TableauLayout};
use crate::render::{Grid, Swatch, ramp};
use crate::spec::{GameSpec, SpecError};
use exhaustive::{INFINITE, Tableau};
use flanigan::{Flanigan, HypothesisFails};
use game::Pile;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use serde_json::json;

/// A two-pile (or `k`-pile) game with move bound `f(n, t)`.
#[derive(Debug, Clone)]
pub struct TwoPile {
    f: Bound,
    base: Option<(Base, String)>,
    piles: Option<usize>,
    appendix: Option<appendix::Appendix>,
    name: String,
    misere: bool,
}

impl TwoPile {
    /// Builds the game from a spec (`two-pile:f=EXPR[:base=B][:piles=K]`).
    ///
    /// ```
    /// use takeaway::games::two_pile::TwoPile;
    /// use takeaway::spec::GameSpec;
    /// let g = TwoPile::from_spec(&GameSpec::parse("two-pile:f=2*t").unwrap()).unwrap();
    /// assert_eq!(g.bound().to_string(), "2 * t");
    /// assert!(TwoPile::from_spec(&GameSpec::parse("two-pile").unwrap()).is_err());
    /// ```
    pub fn from_spec(spec: &GameSpec) -> Result<Self, GameError> {
        spec.only(&[
            "f",
            "base",
            "piles",
            "misere",
            "add",
            "must-add",
            "larger-first",
        ])?;
        let misere = spec.misere()?;
        let p = spec.get("f").ok_or_else(|| SpecError {
            column: spec.name.chars().count() + 1,
            message: "two-pile needs a move bound: `two-pile:f=EXPR`, e.g. `two-pile:f=2*t`".into(),
        })?;
        let base = match spec.get("base") {
            None => None,
            Some(b) => Some((parse_base(&b.value, b.column)?, b.value.trim().to_string())),
        };
        let f = Bound::parse_with_base(&p.value, base.as_ref().map(|(b, _)| b.clone())).map_err(
            |e| {
                GameError::Spec(SpecError {
                    column: p.column + e.column - 1,
                    message: format!("in f: {}", e.message),
                })
            },
        )?;
        let piles = match spec.get("piles") {
            None => None,
            Some(p) => {
                let k: usize =
                    p.value
                        .trim()
                        .parse()
                        .ok()
                        .filter(|&k| k >= 2)
                        .ok_or_else(|| SpecError {
                            column: p.column,
                            message: format!("piles must be a whole number ≥ 2, got `{}`", p.value),
                        })?;
                Some(k)
            }
        };
        let mut appendix = None;
        for key in ["add", "must-add", "larger-first"] {
            let Some(p) = spec.get(key) else { continue };
            if appendix.is_some() {
                return Err(GameError::Spec(SpecError {
                    column: p.column.saturating_sub(key.len() + 1),
                    message: "give one of add=K, must-add=K, larger-first=K".into(),
                }));
            }
            let k: u64 = p.value.trim().parse().map_err(|_| SpecError {
                column: p.column,
                message: format!(
                    "{key} must be a whole number of moves K ≥ 0, got `{}`",
                    p.value
                ),
            })?;
            if piles.is_some_and(|n| n != 2) {
                return Err(GameError::Spec(SpecError {
                    column: p.column.saturating_sub(key.len() + 1),
                    message: format!("{key}=K is a two-pile game: drop piles="),
                }));
            }
            appendix = appendix::Phase::from_key(key).map(|phase| appendix::Appendix { phase, k });
        }
        let mut name = format!("two-pile:f={}", f.to_string().replace(' ', ""));
        if let Some((_, b)) = &base {
            name.push_str(&format!(":base={b}"));
        }
        if let Some(k) = piles {
            name.push_str(&format!(":piles={k}"));
        }
        if let Some(a) = &appendix {
            name.push_str(&format!(":{}", a.spec()));
        }
        if misere {
            name.push_str(":misere=true");
        }
        Ok(TwoPile {
            f,
            base,
            piles,
            appendix,
            name,
            misere,
        })
    }

    /// Normal or misère play (`misere=true`).
    pub fn convention(&self) -> Convention {
        Convention::from_misere(self.misere)
    }

    /// The appendix rule of the first `K` moves (`add=K`, `must-add=K`,
    /// `larger-first=K`), if any.
    ///
    /// ```
    /// use takeaway::games::two_pile::TwoPile;
    /// use takeaway::games::two_pile::appendix::Phase;
    /// use takeaway::spec::GameSpec;
    /// let g = TwoPile::from_spec(&GameSpec::parse("two-pile:f=2*t:must-add=2").unwrap()).unwrap();
    /// assert_eq!(g.appendix().map(|a| (a.phase, a.k)), Some((Phase::MustAdd, 2)));
    /// ```
    pub fn appendix(&self) -> Option<appendix::Appendix> {
        self.appendix
    }

    /// The number of piles fixed by the spec (`piles=K`), if any.
    pub fn pile_count(&self) -> Option<usize> {
        self.piles
    }

    /// The move bound `f(n, t)` (`n` = the difference before the move).
    ///
    /// ```
    /// use takeaway::games::two_pile::TwoPile;
    /// use takeaway::spec::GameSpec;
    /// let g = TwoPile::from_spec(&GameSpec::parse("two-pile:f=if(n==0,t,2*t)").unwrap()).unwrap();
    /// assert!(g.bound().uses_n());
    /// ```
    pub fn bound(&self) -> &Bound {
        &self.f
    }

    /// The base given with `:base=` (Holshouser–Reiter's theory), if any.
    ///
    /// ```
    /// use takeaway::games::two_pile::TwoPile;
    /// use takeaway::spec::GameSpec;
    /// let g = TwoPile::from_spec(&GameSpec::parse("two-pile:f=2*t:base=fibonacci").unwrap()).unwrap();
    /// assert_eq!(g.base().unwrap().term(5).unwrap(), 8u32.into());
    /// ```
    pub fn base(&self) -> Option<&Base> {
        self.base.as_ref().map(|(b, _)| b)
    }

    /// Table 4.1 of paper 000 for two piles and bound `w` (`None`:
    /// unbounded): the case, column, row, status and the prescribed move,
    /// from `l(k)`, `H_k`, `m`, `d` and `w` only ([`table_4_1::strategy`]).
    /// An error (one sentence) for `k` piles, misère play, a bound outside
    /// the table's hypotheses or equal piles.
    ///
    /// ```
    /// use takeaway::games::two_pile::TwoPile;
    /// use takeaway::games::two_pile::table_4_1::Status;
    /// use takeaway::spec::GameSpec;
    /// let g = TwoPile::from_spec(&GameSpec::parse("two-pile:f=2*t").unwrap()).unwrap();
    /// let s = g.strategy_table_4_1(&[15u32.into(), 47u32.into()], Some(&10u32.into())).unwrap();
    /// assert_eq!(s.status, Status::N); // paper 000 §4: the refutation
    /// assert!(g.strategy_table_4_1(&[5u32.into(), 5u32.into()], None).is_err());
    /// ```
    pub fn strategy_table_4_1(
        &self,
        piles: &[BigUint],
        w: Option<&BigUint>,
    ) -> Result<table_4_1::Strategy, GameError> {
        if self.misere {
            return Err(TwoPileError::Table41Misere.into());
        }
        let [a, b] = piles else {
            return Err(PileCount::Table41 { got: piles.len() }.into());
        };
        table_4_1::strategy(&self.f, a, b, w).map_err(|e| TwoPileError::Table41(e).into())
    }

    /// The exhaustive tableau `L(m, d)`, `m < rows`, `d < cols`, on every core.
    ///
    /// ```
    /// use takeaway::games::two_pile::TwoPile;
    /// use takeaway::games::Limits;
    /// use takeaway::spec::GameSpec;
    /// let g = TwoPile::from_spec(&GameSpec::parse("two-pile:f=2*t").unwrap()).unwrap();
    /// let t = g.tableau(21, 43, &Limits::generous()).unwrap();
    /// assert_eq!(t.get(20, 42), Some(8)); // paper 000 §4
    /// ```
    pub fn tableau(
        &self,
        rows: u64,
        cols: u64,
        limits: &crate::engine::Limits,
    ) -> Result<Tableau, GameError> {
        exhaustive::tableau(&self.f, rows, cols, limits, &NoProgress, 0)
    }

    /// The theory's answer for `(m, d)`, or why no theory applies.
    fn theory(&self, m: &BigUint, d: &BigUint) -> Result<Solved, HypothesisFails> {
        if let Some((base, name)) = &self.base {
            let b = m + d;
            let checked = self.check_game2(base, name, &b)?;
            let h = holshouser_reiter::g_prime(base, d, &b, &checked)?;
            let (d, b, name) = (d.clone(), b.clone(), name.clone());
            return Ok(Solved {
                least: h.least_winning_move.clone(),
                pile: h.pile,
                method: Method::Theory,
                text: Box::new(move |w: Option<&BigUint>| {
                    explain::holshouser_reiter(&d, &b, w, &name, &h)
                }),
            });
        }
        let fl = Flanigan::new(&self.f, &(m * 2u32 + d))?;
        let a = fl.least_winning_move(m, d)?;
        let (m, d) = (m.clone(), d.clone());
        Ok(Solved {
            least: a.least_winning_move.clone(),
            pile: a.pile,
            method: Method::Theory,
            text: Box::new(move |w: Option<&BigUint>| explain::flanigan(&m, &d, w, &a)),
        })
    }

    /// P-1…P-9 and compatibility for differences up to `b`; beyond the check cap
    /// only the pairs paper 002 §3 names (f = 2t with the Fibonacci base, f = t
    /// with the binary base) are accepted, checked up to the cap.
    fn check_game2(&self, base: &Base, name: &str, b: &BigUint) -> Result<String, HypothesisFails> {
        match b.to_u64().filter(|&v| v <= holshouser_reiter::CHECK_CAP) {
            Some(v) => holshouser_reiter::check_game2(&self.f, base, v),
            None => {
                let f = self.f.to_string().replace(' ', "");
                let known = matches!(
                    (f.as_str(), name),
                    ("2*t" | "t*2", "fibonacci" | "fib") | ("t", "binary")
                );
                if !known {
                    return Err(HypothesisFails(format!(
                        "P-1…P-9 are checked difference by difference up to {} only, and this pile is larger",
                        holshouser_reiter::CHECK_CAP
                    )));
                }
                let text = holshouser_reiter::check_game2(&self.f, base, 2_000)?;
                Ok(format!(
                    "{text}; for all n by paper 002 §3 (f = {f} satisfies P-1…P-9 in this base)"
                ))
            }
        }
    }

    fn solve_exhaustive(
        &self,
        m: &BigUint,
        d: &BigUint,
        req: &AnalyzeRequest,
        reason: Option<&str>,
    ) -> Result<Solved, GameError> {
        let too_big = || {
            GameError::too_large(
                TwoPileWork::TableauFor {
                    small: m.clone(),
                    difference: d.clone(),
                },
                TwoPileQuantity::PilesBeyond(30),
                TwoPileQuantity::SmallPlusDifferenceAtMost(exhaustive::MAX_SIDE),
                TwoPileHint::TheoryBound,
            )
            .because(reason)
        };
        let (Some(ms), Some(ds)) = (m.to_u64(), d.to_u64()) else {
            return Err(too_big());
        };
        let (Some(rows), Some(cols)) = (ms.checked_add(1), ds.checked_add(1)) else {
            return Err(too_big());
        };
        let t = exhaustive::tableau(&self.f, rows, cols, &req.limits, &NoProgress, 0)
            .map_err(|e| e.because(reason))?;
        let (ms, ds) = (ms as usize, ds as usize);
        let l = t.get(ms, ds).unwrap_or(INFINITE);
        let least = (l != INFINITE).then(|| BigUint::from(l));
        let pile = if l == INFINITE {
            None
        } else {
            winning_pile(&self.f, &t, ms, ds, l as usize)?
        };
        let (m2, d2) = (m.clone(), d.clone());
        let least2 = least.clone();
        Ok(Solved {
            least,
            pile,
            method: Method::Exhaustive,
            text: Box::new(move |w| explain::exhaustive(&m2, &d2, w, least2.as_ref(), pile)),
        })
    }
}

impl TwoPile {
    /// Every winning move from the piles with bound `w` (exhaustive, small piles only).
    fn all_winning_moves(
        &self,
        piles: &[BigUint],
        small: usize,
        m: &BigUint,
        d: &BigUint,
        req: &AnalyzeRequest,
    ) -> Result<Vec<Move>, GameError> {
        let (Some(ms), Some(ds)) = (m.to_u64(), d.to_u64()) else {
            return Err(GameError::too_large(
                Work::EveryWinningMove,
                TwoPileQuantity::TableauBeyond(64),
                TwoPileQuantity::SmallPlusDifferenceAtMost(exhaustive::MAX_SIDE),
                Hint::DropAll,
            ));
        };
        let t = exhaustive::tableau(&self.f, ms + 1, ds + 1, &req.limits, &NoProgress, 0)?;
        let x = ms + ds;
        let wmax = req
            .bound
            .as_ref()
            .map_or(x, |w| w.to_u64().unwrap_or(u64::MAX).min(x));
        let mut moves = Vec::new();
        for take in 1..=wmax {
            for pile in [Pile::Small, Pile::Large] {
                if winning_pile_is(&self.f, &t, ms as usize, ds as usize, take as usize, pile)? {
                    let idx = match pile {
                        Pile::Small => small,
                        Pile::Large => 1 - small,
                    };
                    let mut to = piles.to_vec();
                    to[idx] = &to[idx] - take;
                    moves.push(Move {
                        take: Some(take.into()),
                        pile: Some(idx),
                        to,
                        bound: Some(
                            self.f
                                .eval(d, &BigUint::from(take))
                                .map_err(GameError::Bound)?,
                        ),
                        ..Move::default()
                    });
                }
            }
        }
        Ok(moves)
    }
}

fn explain_short(n: &BigUint) -> String {
    crate::games::shared::short(n)
}

/// Which pile taking `t` from `(m, d)` wins from (large first), by the tableau.
fn winning_pile(
    f: &Bound,
    t: &Tableau,
    m: usize,
    d: usize,
    take: usize,
) -> Result<Option<Pile>, GameError> {
    let b = f.eval_u64(d as u64, take as u64)?;
    for pile in [Pile::Large, Pile::Small] {
        if let Some((m2, d2)) = game::after(m as u64, d as u64, pile, take as u64) {
            let l = t.get(m2 as usize, d2 as usize).unwrap_or(0);
            if b < u64::from(l) {
                return Ok(Some(pile));
            }
        }
    }
    Ok(None)
}

impl TwoPile {
    /// `verify` with `piles=K`, `K ≥ 3`: no theory covers `k` piles, so the
    /// `k`-pile solver ([`k_pile::KPile`], least winning moves) and the engine
    /// (outcomes from the rules) are compared on every position of `K` piles
    /// of at most `up_to` counters (as multisets) with every bound that
    /// decides: `L − 1` (lost) and `L` (won) where `L` is finite, unbounded
    /// otherwise.
    fn verify_k_piles(&self, k: usize, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        use crate::engine::Solver;
        let up_to = req.up_to;
        // Multisets of k piles ≤ up_to: C(up_to + k, k), checked up front.
        let mut count: u128 = 1;
        for i in 1..=k as u128 {
            count = count * (u128::from(up_to) + i) / i;
        }
        // Every multiset but the empty position (0, …, 0), which has no move.
        let positions = u64::try_from(count - 1).unwrap_or(u64::MAX);
        req.limits
            .admit(crate::engine::Estimate::positions(
                positions.saturating_mul(64),
                0,
            ))
            .map_err(|over| {
                GameError::over(
                    TwoPileWork::VerifyKPile { k, up_to },
                    over,
                    Hint::SmallerUpTo,
                )
            })?;
        let rules = game::TwoPileRules::<u64>::new(&self.f).with_count(Some(k));
        let mut engine = Solver::new(
            &rules,
            crate::engine::Convention::Normal,
            req.limits.clone(),
        );
        let mut kpile = k_pile::KPile::new(&self.f, req.limits.clone());
        req.progress.start("k-pile positions", positions);
        let mut piles = vec![0u64; k];
        let mut checked = 0u64;
        let mut comparisons = 0u64;
        let mut detail = String::new();
        // Nondecreasing tuples, from (0, …, 0, 1): the empty position is skipped.
        piles[k - 1] = 1;
        let mut more = up_to > 0;
        while more {
            req.limits.check()?;
            checked += 1;
            let l = kpile.least_winning_move(&piles)?;
            let bounds: Vec<Option<u64>> = if l == k_pile::INFINITE {
                vec![None]
            } else {
                vec![Some(l - 1), Some(l)]
            };
            for w in bounds {
                let pos = game::PilesPosition {
                    piles: piles.clone(),
                    bound: w,
                };
                let engine_wins = engine.solve(&pos)?.outcome == Outcome::N;
                let kpile_wins = l != k_pile::INFINITE && w.is_none_or(|w| w >= l);
                comparisons += 1;
                if engine_wins != kpile_wins && detail.is_empty() {
                    detail = format!(
                        "piles {piles:?} with bound {}: the k-pile solver says {} (L = {}), the engine {}",
                        w.map_or("∞".into(), |w| w.to_string()),
                        if kpile_wins { "N" } else { "P" },
                        if l == k_pile::INFINITE {
                            "∞".into()
                        } else {
                            l.to_string()
                        },
                        if engine_wins { "N" } else { "P" }
                    );
                }
            }
            req.progress.advance(1);
            // Next nondecreasing tuple.
            match (0..k).rev().find(|&i| piles[i] < up_to) {
                Some(i) => {
                    let v = piles[i] + 1;
                    for p in &mut piles[i..] {
                        *p = v;
                    }
                }
                None => more = false,
            }
        }
        req.progress.finish();
        Ok(Verification {
            game: self.spec(),
            up_to,
            checked,
            verdict: if detail.is_empty() {
                Verdict::Agree
            } else {
                Verdict::Disagree
            },
            engines: vec!["k-pile".into(), "engine".into()],
            detail: if detail.is_empty() {
                format!(
                    "no theory covers {k} piles; the k-pile solver and the engine agree on all {checked} positions of {k} piles up to {up_to} (every multiset but the empty one: C({up_to} + {k}, {k}) − 1 = {positions}; {comparisons} outcomes: each position at the bounds L − 1 and L, or unbounded where no move wins)"
                )
            } else {
                detail
            },
        })
    }
}

/// Writes the explanation for a given bound (`None` = unbounded).
type Explainer = Box<dyn Fn(Option<&BigUint>) -> String>;

/// A solved position: `L(m, d)`, the pile to take it from, and an explanation.
struct Solved {
    least: Option<BigUint>,
    pile: Option<Pile>,
    method: Method,
    text: Explainer,
}

impl Family for TwoPile {
    fn family_name(&self) -> &'static str {
        "two-pile games"
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn table_slices(&self) -> bool {
        true
    }
    fn summary_table(&self) -> bool {
        true
    }
    fn spec(&self) -> String {
        self.name.clone()
    }

    fn analyze(&self, req: &AnalyzeRequest) -> Result<Analysis, GameError> {
        let k = req.piles.len();
        if self.piles.is_some_and(|p| p != k) {
            return Err(PileCount::Takes {
                game: self.name.clone(),
                want: self.piles.unwrap_or(2),
                got: k,
            }
            .into());
        }
        if let Some(rule) = self.appendix {
            return appendix::analyze(&self.f, rule, &self.spec(), req, self.convention());
        }
        if k != 2 {
            return k_pile::analyze(&self.f, &self.spec(), req);
        }
        let (a, b) = (&req.piles[0], &req.piles[1]);
        // Index of the small pile (the first when equal).
        let small = usize::from(b < a);
        let (m, d) = if small == 0 {
            (a.clone(), b - a)
        } else {
            (b.clone(), a - b)
        };
        let mut notes = Vec::new();
        let solved = match (!req.exhaustive).then(|| self.theory(&m, &d)) {
            Some(Ok(s)) => s,
            failed => {
                let reason = match failed {
                    Some(Err(HypothesisFails(why))) => Some(why),
                    _ => None,
                };
                if let Some(why) = &reason {
                    notes.push(format!("theory not used: {why}"));
                }
                self.solve_exhaustive(&m, &d, req, reason.as_deref())?
            }
        };
        let w = req.bound.as_ref();
        let wins = solved
            .least
            .as_ref()
            .is_some_and(|l| w.is_none_or(|w| w >= l));
        let winning_move = match (&solved.least, solved.pile) {
            (Some(t), Some(pile)) if wins => {
                let idx = match pile {
                    Pile::Small => small,
                    Pile::Large => 1 - small,
                };
                let mut to = req.piles.clone();
                to[idx] = &to[idx] - t;
                let bound = self.f.eval(&d, t).map_err(GameError::Bound)?;
                Some(Move {
                    take: Some(t.clone()),
                    pile: Some(idx),
                    to,
                    bound: Some(bound),
                    ..Move::default()
                })
            }
            _ => None,
        };
        let mut explanation = (solved.text)(w);
        if let Some(mv) = &winning_move
            && let (Some(t), Some(b)) = (&mv.take, &mv.bound)
        {
            let short = explain_short;
            explanation.push_str(&format!(
                " (Here f({}, {}) = {}.)",
                short(&d),
                short(t),
                short(b)
            ));
        }
        let moves = if req.all {
            Some(self.all_winning_moves(&req.piles, small, &m, &d, req)?)
        } else {
            None
        };
        Ok(Analysis {
            game: self.spec(),
            piles: req.piles.clone(),
            bound: req.bound.clone(),
            outcome: Outcome::from_win(winning_move.is_some()),
            value: solved.least.clone(),
            winning_move,
            moves,
            fastest: None,
            remoteness: None,
            grundy: None,
            method: solved.method,
            explanation,
            digits: Vec::new(),
            parts: Vec::new(),
            notes,
        })
    }

    fn table(&self, req: &TableRequest<'_>) -> Result<Table, GameError> {
        if let Some(k) = self.piles.filter(|&k| k >= 3) {
            if self.misere {
                return Err(crate::games::unanswered::Unsupported::MisereKPileTable.into());
            }
            return k_pile::table(&self.f, &self.spec(), k, req);
        }
        if !req.slice.is_empty() {
            return Err(Misused::SliceTwoPile.into());
        }
        if let Some(rule) = self.appendix {
            return self.appendix_table(rule, req);
        }
        let cols = req.cols.unwrap_or(req.rows);
        let t = exhaustive::tableau(&self.f, req.rows, cols, &req.limits, req.progress, 0)?;
        let json = json!({
            "game": self.spec(),
            "method": "exhaustive",
            "row_count": t.rows(),
            "col_count": t.cols(),
            "bytes": t.bytes(),
        });
        let grid = heatmap(&self.spec(), &t);
        if req.summary {
            // The columns' structure instead of the cells, in every format.
            let columns: Vec<exhaustive::ColumnStructure> = (0..t.cols())
                .map(|d| exhaustive::column_structure(&t, d))
                .collect();
            let report = column_summary::report(&self.spec(), t.rows(), t.cols(), &columns);
            return Ok(Table::of_records(report, json, Some(grid), req.format));
        }
        // The tableau stays u32 until printed (a `Value` per cell cost 0.5 GB at 2000 × 2000).
        let mut cells = Vec::with_capacity(t.rows().saturating_mul(t.cols()));
        for m in 0..t.rows() {
            cells.extend_from_slice(t.row(m));
        }
        let (rows, cols) = (t.rows(), t.cols());
        drop(t);
        let mut report = TableauReport {
            title: format!(
                "{}: tableau L(m, d) (rows m = small pile, columns d = difference; (m, d, w) is won iff w ≥ L(m, d))",
                self.spec()
            ),
            footer: String::new(),
            corner: "m",
            rows,
            cols,
            cells,
            none: Some(INFINITE),
            key: "rows",
            placement: Placement::Column,
            layout: TableauLayout::Rows,
        };
        // Cells as wide as the widest of the first and the last row (L grows down a column).
        let width = if rows == 0 {
            3
        } else {
            report.widest([rows - 1, 0], 3)
        };
        report.layout = TableauLayout::Bordered {
            corner: "m \\ d",
            width,
        };
        Ok(Table::of_tableau(report, json, Some(grid), req.format))
    }

    fn verify(&self, req: &VerifyRequest<'_>) -> Result<Verification, GameError> {
        if let Some(rule) = self.appendix {
            return Err(Misused::NoTheoryToVerify {
                rule: rule.spec(),
                game: self.spec(),
            }
            .into());
        }
        if let Some(k) = self.piles.filter(|&k| k >= 3) {
            return self.verify_k_piles(k, req);
        }
        let up_to = req.up_to;
        let side = up_to.saturating_add(1);
        let mut engines = Vec::new();
        let mut reasons = Vec::new();
        let fl = match Flanigan::new(&self.f, &BigUint::from(up_to.saturating_mul(3))) {
            Ok(fl) => {
                engines.push("flanigan".to_string());
                Some(fl)
            }
            Err(HypothesisFails(why)) => {
                reasons.push(format!("Flanigan: {why}"));
                None
            }
        };
        let hr = match &self.base {
            None => None,
            Some((base, name)) => {
                match self.check_game2(base, name, &BigUint::from(up_to.saturating_mul(2))) {
                    Ok(checked) => {
                        engines.push("holshouser-reiter".to_string());
                        Some((base, checked))
                    }
                    Err(HypothesisFails(why)) => {
                        reasons.push(format!("Holshouser–Reiter: {why}"));
                        None
                    }
                }
            }
        };
        engines.push("exhaustive".to_string());
        if fl.is_none() && hr.is_none() {
            return Ok(Verification {
                game: self.spec(),
                up_to,
                checked: 0,
                verdict: Verdict::HypothesisFails,
                engines,
                detail: format!("no theory applies: {}", reasons.join("; ")),
            });
        }
        let t = exhaustive::tableau(&self.f, side + 1, side + 1, &req.limits, req.progress, 0)?;
        let show = |v: Option<u64>| v.map_or("∞".to_string(), |v| v.to_string());
        let mut checked = 0u64;
        for m in 0..side as usize {
            for d in 0..side as usize {
                let l = t.get(m, d).unwrap_or(INFINITE);
                let exact = (l != INFINITE).then_some(u64::from(l));
                let (mb, db) = (BigUint::from(m), BigUint::from(d));
                let mut answers: Vec<(&str, Option<u64>, Option<Pile>)> = Vec::new();
                if let Some(fl) = &fl {
                    let a = fl
                        .least_winning_move(&mb, &db)
                        .map_err(|HypothesisFails(e)| TwoPileError::HypothesisFails(e))?;
                    answers.push((
                        "Flanigan",
                        a.least_winning_move.and_then(|v| v.to_u64()),
                        a.pile,
                    ));
                }
                if let Some((base, text)) = &hr {
                    let h = holshouser_reiter::g_prime(base, &db, &(&mb + &db), text)
                        .map_err(|HypothesisFails(e)| TwoPileError::HypothesisFails(e))?;
                    answers.push((
                        "Holshouser–Reiter",
                        h.least_winning_move.and_then(|v| v.to_u64()),
                        h.pile,
                    ));
                }
                checked += 1;
                for (who, v, pile) in answers {
                    let mut problem = (v != exact)
                        .then(|| format!("{who} L = {}, exhaustive L = {}", show(v), show(exact)));
                    if problem.is_none() && l != INFINITE {
                        let won = match pile {
                            Some(p) => winning_pile_is(&self.f, &t, m, d, l as usize, p)?,
                            None => false,
                        };
                        if !won {
                            problem = Some(format!(
                                "{who}'s move (take {l} from the {pile:?} pile) does not win"
                            ));
                        }
                    }
                    if let Some(p) = problem {
                        return Ok(Verification {
                            game: self.spec(),
                            up_to,
                            checked,
                            verdict: Verdict::Disagree,
                            engines,
                            detail: format!("first counterexample: (m, d) = ({m}, {d}): {p}"),
                        });
                    }
                }
            }
        }
        Ok(Verification {
            game: self.spec(),
            up_to,
            checked,
            verdict: Verdict::Agree,
            engines,
            detail: format!(
                "L(m, d) and the theories' moves agree for every m, d ≤ {up_to}{}",
                if reasons.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", reasons.join("; "))
                }
            ),
        })
    }
}

impl TwoPile {
    /// `table` for an appendix game: the tableau `L_K(m, d)` (least winning
    /// move size up to the larger pile, `K` moves of the first phase left);
    /// with `--summary`, how many positions `(m, d, w)`, `1 ≤ w ≤ m + d`,
    /// have another outcome than in the plain game.
    fn appendix_table(
        &self,
        rule: appendix::Appendix,
        req: &TableRequest<'_>,
    ) -> Result<Table, GameError> {
        if self.misere {
            return Err(crate::games::unanswered::Unsupported::MisereAppendixTableau.into());
        }
        let cols = req.cols.unwrap_or(req.rows);
        let variant = appendix::tableau(&self.f, rule, req.rows, cols, &req.limits)?;
        let plain_t = exhaustive::tableau(&self.f, req.rows, cols, &req.limits, req.progress, 0)?;
        let plain: Vec<Vec<Option<u64>>> = (0..plain_t.rows())
            .map(|m| {
                plain_t
                    .row(m)
                    .iter()
                    .map(|&v| (v != INFINITE).then_some(u64::from(v)))
                    .collect()
            })
            .collect();
        let cmp = appendix::compare(&plain, &variant);
        let plain_name = self.plain_spec();
        let summary_line = format!(
            "{}: for m < {}, d < {}, 1 ≤ w ≤ m + d ({} positions) the outcome differs from {} on {} positions ({} cells (m, d) with another least winning move){}",
            self.spec(),
            req.rows,
            cols,
            cmp.positions,
            plain_name,
            cmp.differ,
            cmp.cells_differ,
            cmp.first_difference
                .as_ref()
                .map_or(String::new(), |d| format!(
                    "; the first is (m, d, w) = ({}, {}, {}): {:?} in the plain game, {:?} here",
                    d.m, d.d, d.w, d.plain, d.variant
                ))
        );
        let json = json!({
            "game": self.spec(),
            "method": "exhaustive",
            "row_count": req.rows,
            "col_count": cols,
            "first_phase": rule.k,
            "compared_with": plain_name,
            "positions": cmp.positions,
            "differ": cmp.differ,
            "cells_differ": cmp.cells_differ,
            "first_difference": cmp.first_difference,
        });
        if req.summary {
            let report = Records {
                title: summary_line,
                footer: String::new(),
                fields: vec![
                    Field::new("positions", FieldValues::Wide(vec![cmp.positions])),
                    Field::new("differ", FieldValues::Wide(vec![cmp.differ])),
                    Field::new("cells_differ", FieldValues::Wide(vec![cmp.cells_differ])),
                ],
                layout: RecordLayout::Hidden,
                json: RecordJson::Omit,
            };
            return Ok(Table::of_records(report, json, None, req.format));
        }
        let c = usize::try_from(cols).unwrap_or(usize::MAX);
        let mut cells = Vec::with_capacity(variant.len().saturating_mul(c));
        for row in &variant {
            // L(m, d) ≤ m + d: below 2^32 in every tableau the limits admit.
            cells.extend((0..c).map(|d| {
                row.get(d)
                    .copied()
                    .flatten()
                    .map_or(INFINITE, |v| u32::try_from(v).unwrap_or(INFINITE - 1))
            }));
        }
        let report = TableauReport {
            title: format!(
                "{}: least winning move L(m, d) with {} move(s) of the first phase left (rows m = small pile, columns d = difference; (m, d, w) with w ≤ m + d is won iff w ≥ L(m, d); ∞: no move of size ≤ the larger pile wins)",
                self.spec(),
                rule.k
            ),
            footer: format!("{summary_line}\n"),
            corner: "m",
            rows: variant.len(),
            cols: c,
            cells,
            none: Some(INFINITE),
            key: "rows",
            placement: Placement::Inline,
            layout: TableauLayout::Bordered {
                corner: "m \\ d",
                width: 3,
            },
        };
        Ok(Table::of_tableau(report, json, None, req.format))
    }

    /// The spec of the same game without the appendix rule.
    fn plain_spec(&self) -> String {
        match self.appendix {
            Some(a) => self.name.replace(&format!(":{}", a.spec()), ""),
            None => self.name.clone(),
        }
    }
}

/// Whether taking `take` from `pile` of `(m, d)` wins, by the tableau.
fn winning_pile_is(
    f: &Bound,
    t: &Tableau,
    m: usize,
    d: usize,
    take: usize,
    pile: Pile,
) -> Result<bool, GameError> {
    let b = f.eval_u64(d as u64, take as u64)?;
    Ok(game::after(m as u64, d as u64, pile, take as u64)
        .and_then(|(m2, d2)| t.get(m2 as usize, d2 as usize))
        .is_some_and(|l| b < u64::from(l)))
}

/// Heatmap of the tableau (at most 400 × 400): one colour per value of
/// `⌊log2 L⌋`, black for ∞.
fn heatmap(spec: &str, t: &Tableau) -> Grid {
    heatmap_of(
        format!("{spec}: least winning move L(m, d)"),
        ("difference d", "small pile m"),
        (t.rows(), t.cols()),
        "∞ (equal piles: no winning move)",
        |m| t.row(m),
    )
}

/// Heatmap of any table of least winning moves (`INFINITE` for ∞), at most
/// 400 × 400, given row by row: one colour per value of `⌊log2 L⌋`.
pub(crate) fn heatmap_of<'a>(
    title: String,
    (x_label, y_label): (&str, &str),
    (rows, cols): (usize, usize),
    none_label: &str,
    row: impl Fn(usize) -> &'a [u32],
) -> Grid {
    let (h, w) = (rows.min(400), cols.min(400));
    let class = |v: u32| {
        if v == INFINITE {
            0u16
        } else {
            1 + (31 - v.leading_zeros()) as u16
        }
    };
    let mut cells = Vec::with_capacity(h * w);
    let mut top = 0u16;
    for m in 0..h {
        for &v in row(m).iter().take(w) {
            let c = class(v);
            top = top.max(c);
            cells.push(c);
        }
    }
    let mut legend = vec![Swatch {
        label: none_label.into(),
        rgb: [0, 0, 0],
        glyph: '#',
    }];
    let glyphs = [
        '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g',
    ];
    for c in 1..=top.max(1) {
        let lo = 1u64 << (c - 1);
        legend.push(Swatch {
            label: format!("{lo} ≤ L < {}", lo * 2),
            rgb: ramp(usize::from(c - 1), usize::from(top.max(1))),
            glyph: glyphs.get(usize::from(c - 1)).copied().unwrap_or('+'),
        });
    }
    Grid {
        title,
        x_label: x_label.into(),
        y_label: y_label.into(),
        width: w,
        height: h,
        cells,
        legend,
        bar: None,
    }
}

pub(crate) mod entry;
pub use entry::FAMILY;
