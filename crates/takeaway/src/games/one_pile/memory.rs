//! Memory games: one pile, and the previous take `k` (the game's *memory*)
//! bounds the next take from below — and, with `f`, from above — and may
//! forbid one take. Spec `one-pile:[f=EXPR:]min=EXPR[:forbid=EXPR]`
//! (`:misere=true` for misère play); CGSuite's `Mem` (take at least the
//! previous take) is `one-pile:min=t`, and its `GenMem((memory, j) -> j !=
//! memory)` (any take but the previous one) is `one-pile:min=1:forbid=t`.
//!
//! Rules: a position is a pile `n` and the memory `k` (the wire position's
//! `bound` field holds `k`, the previous take — not a bound on the next
//! take as in the other one-pile games). With `n' = n + k` the pile before
//! the previous move, a move takes `a` with
//! `max(1, min(n', k)) ≤ a ≤ min(n, f(n', k))` (no `f`: up to `n`) and
//! `a ≠ forbid(n', k)` (no `forbid`: nothing forbidden; a value 0 forbids
//! nothing, as every take is at least 1), and leaves pile `n − a` with
//! memory `a`. A start with no memory takes anything but the whole pile
//! (`1 ≤ a ≤ n − 1`), as one-pile games do; memory `0` evaluates the
//! bounds at `t = 0`.
//!
//! Law: the games are solved by the engine's exhaustive search (the custom
//! family machinery, [`crate::games::custom`]): analyze, play, tables,
//! sums, the page and misère play all come from the moves listed here.

use crate::bound::Bound;
use crate::engine::Estimate;
use crate::games::custom::{Custom, CustomRules, Memory, takes_estimate};
use crate::games::error::{GameError, Illegal, PileCount};
use crate::games::wire::{PlayMove, Position};
use crate::spec::{GameSpec, SpecError};
use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::ops::ControlFlow;
use std::sync::Arc;

/// The rules of a memory game: the lower bound `min(n', k)`, the optional
/// upper bound `f(n', k)` and the optional forbidden take `forbid(n', k)`
/// of the take after a take of `k`.
#[derive(Debug, Clone)]
pub struct MemoryRules {
    f: Option<Bound>,
    min: Bound,
    forbid: Option<Bound>,
    spec: String,
}

/// The takes a memory game allows after a given previous take: `least..=most`
/// but `forbidden`.
///
/// Law: [`Takes::allows`]`(a)` exactly when `least ≤ a ≤ most` and `a ≠
/// forbidden`; `forbidden`, when set, lies strictly inside or at an end of
/// `least..=most`, and at least one take is allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Takes {
    /// The least take.
    pub least: u64,
    /// The most.
    pub most: u64,
    /// The one take between them the rules forbid.
    pub forbidden: Option<u64>,
}

impl Takes {
    /// Whether `a` may be taken.
    pub fn allows(&self, a: u64) -> bool {
        self.least <= a && a <= self.most && self.forbidden != Some(a)
    }

    /// Every allowed take, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (self.least..=self.most).filter(|&a| self.forbidden != Some(a))
    }
}

impl MemoryRules {
    /// Rules from the two bounds, nothing forbidden.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::one_pile::memory::MemoryRules;
    /// use takeaway::games::custom::CustomRules;
    /// let mem = MemoryRules::new(None, Bound::parse("t").unwrap());
    /// assert_eq!(mem.spec(), "one-pile:min=t");
    /// // After a take of 3 from 12 (pile 9 left), the next take is 3..=9.
    /// let takes = mem.takes(9, Some(3)).unwrap().unwrap();
    /// assert_eq!((takes.least, takes.most, takes.forbidden), (3, 9, None));
    /// ```
    pub fn new(f: Option<Bound>, min: Bound) -> MemoryRules {
        MemoryRules::with_forbid(f, min, None)
    }

    /// Rules from the two bounds and the forbidden take.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::games::one_pile::memory::MemoryRules;
    /// use takeaway::games::custom::CustomRules;
    /// // CGSuite's GenMem((memory, j) -> j != memory): any take but the previous one.
    /// let t = Bound::parse("t").unwrap();
    /// let genmem = MemoryRules::with_forbid(None, Bound::parse("1").unwrap(), Some(t));
    /// assert_eq!(genmem.spec(), "one-pile:min=1:forbid=t");
    /// let takes = genmem.takes(9, Some(3)).unwrap().unwrap();
    /// assert!(takes.allows(2) && !takes.allows(3) && takes.allows(9));
    /// ```
    pub fn with_forbid(f: Option<Bound>, min: Bound, forbid: Option<Bound>) -> MemoryRules {
        let mut spec = "one-pile".to_string();
        if let Some(f) = &f {
            spec.push_str(&format!(":f={}", f.to_string().replace(' ', "")));
        }
        spec.push_str(&format!(":min={}", min.to_string().replace(' ', "")));
        if let Some(x) = &forbid {
            spec.push_str(&format!(":forbid={}", x.to_string().replace(' ', "")));
        }
        MemoryRules {
            f,
            min,
            forbid,
            spec,
        }
    }

    /// The takes allowed from pile `n` with memory `k` (`None`: a start),
    /// or `None` when there is no move.
    ///
    /// Errors: a bound that fails to evaluate (`100/t` at memory 0).
    pub fn takes(&self, n: u64, k: Option<u64>) -> Result<Option<Takes>, GameError> {
        let (lo, hi, forbidden) = match k {
            None => (1, n.saturating_sub(1), None),
            Some(k) => {
                let before = n.saturating_add(k);
                let lo = self
                    .min
                    .eval_u64(before, k)
                    .map_err(GameError::Bound)?
                    .max(1);
                let hi = match &self.f {
                    None => n,
                    Some(f) => f.eval_u64(before, k).map_err(GameError::Bound)?.min(n),
                };
                let forbidden = match &self.forbid {
                    None => None,
                    Some(x) => Some(x.eval_u64(before, k).map_err(GameError::Bound)?),
                };
                (lo, hi, forbidden.filter(|x| (lo..=hi).contains(x)))
            }
        };
        if lo > hi || (lo == hi && forbidden == Some(lo)) {
            return Ok(None);
        }
        Ok(Some(Takes {
            least: lo,
            most: hi,
            forbidden,
        }))
    }
}

fn small(n: &BigUint, what: &'static str) -> Result<u64, GameError> {
    n.to_u64().ok_or_else(|| {
        crate::games::unanswered::NotKnown::BeyondSearch {
            what,
            digits: n.to_string().len(),
        }
        .into()
    })
}

impl CustomRules for MemoryRules {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn name(&self) -> &'static str {
        "memory game"
    }

    fn check(&self, pos: &Position) -> Result<Position, GameError> {
        match pos.piles.len() {
            0 => return Err(PileCount::NoPile.into()),
            1 => {}
            _ => {
                return Err(PileCount::OnePilePosition {
                    got: pos.piles.len(),
                }
                .into());
            }
        }
        if pos.call.is_some() {
            return Err(crate::games::shape::ShapeError::NoCalls {
                game: self.spec.to_string(),
            }
            .into());
        }
        Ok(pos.clone())
    }

    fn moves(
        &self,
        pos: &Position,
        out: &mut dyn FnMut(PlayMove) -> ControlFlow<()>,
    ) -> Result<(), GameError> {
        let Some(pile) = pos.piles.first() else {
            return Ok(());
        };
        let n = small(pile, "pile")?;
        let k = pos.bound.as_ref().map(|k| small(k, "memory")).transpose()?;
        if let Some(takes) = self.takes(n, k)? {
            for a in takes.iter() {
                if out(PlayMove::Take {
                    pile: 0,
                    take: BigUint::from(a),
                })
                .is_break()
                {
                    break;
                }
            }
        }
        Ok(())
    }

    fn apply(&self, pos: &Position, mv: &PlayMove) -> Result<Position, GameError> {
        let PlayMove::Take { pile, take } = mv else {
            return Err(
                Illegal::Kind(crate::games::error::MoveKind::Takes { game: self.name() }).into(),
            );
        };
        let Some(have) = pos.piles.get(*pile) else {
            return Err(Illegal::NoPile {
                index: *pile,
                count: pos.piles.len(),
            }
            .into());
        };
        if take > have {
            return Err(Illegal::PileHasOnly {
                pile: *pile,
                has: have.clone(),
            }
            .into());
        }
        let n = small(have, "pile")?;
        let k = pos.bound.as_ref().map(|k| small(k, "memory")).transpose()?;
        let Some(takes) = self.takes(n, k)? else {
            return Err(Illegal::CannotTake.into());
        };
        if !take.to_u64().is_some_and(|a| takes.allows(a)) {
            // The reason in the memory's words: "You may take 4 to 7 (the
            // previous take was 4)".
            return Err(crate::games::one_pile::error::OnePileIllegal::MemoryTake {
                least: takes.least,
                most: takes.most,
                forbidden: takes.forbidden,
                previous: k,
            }
            .into());
        }
        let mut next = pos.clone();
        next.piles[*pile] = have - take;
        next.bound = Some(take.clone());
        Ok(next)
    }

    fn grundy_cells(&self) -> Option<crate::games::model::GrundyCells<'_>> {
        Some(crate::games::model::GrundyCells::Own(self))
    }

    fn memory(&self, pos: &Position) -> Result<Option<Memory>, GameError> {
        let Some(pile) = pos.piles.first() else {
            return Ok(None);
        };
        let n = small(pile, "pile")?;
        let k = pos.bound.as_ref().map(|k| small(k, "memory")).transpose()?;
        let takes = self.takes(n, k)?;
        Ok(Some(Memory {
            previous: k,
            least: takes.map(|t| t.least),
            most: takes.map(|t| t.most),
            forbidden: takes.and_then(|t| t.forbidden),
        }))
    }

    fn estimate(&self, pos: &Position) -> Estimate {
        // Positions: a pile m ≤ n and a memory ≤ n; up to n moves each.
        let n = pos
            .piles
            .first()
            .and_then(ToPrimitive::to_u64)
            .unwrap_or(u64::MAX);
        let square = Position::new(vec![BigUint::from(n), BigUint::from(n)], None);
        takes_estimate(&square, |m| m)
    }
}

/// Parses `one-pile:[f=EXPR:]min=EXPR[:forbid=EXPR][:misere=true]` into a memory game.
///
/// ```
/// use takeaway::games::one_pile::memory::parse;
/// use takeaway::spec::GameSpec;
/// let g = parse(&GameSpec::parse("one-pile:min=t:misere=true").unwrap()).unwrap();
/// assert_eq!(g.spec(), "one-pile:min=t:misere=true");
/// ```
pub fn parse(spec: &GameSpec) -> Result<Custom, GameError> {
    spec.only(&["f", "min", "forbid", "misere"])?;
    let misere = spec.misere()?;
    let bound = |key: &str| -> Result<Option<Bound>, GameError> {
        let Some(p) = spec.get(key) else {
            return Ok(None);
        };
        Bound::parse(&p.value).map(Some).map_err(|e| {
            GameError::Spec(SpecError {
                column: p.column + e.column - 1,
                message: format!("in {key}: {}", e.message),
            })
        })
    };
    let min = bound("min")?.ok_or_else(|| SpecError {
        column: spec.name.chars().count() + 1,
        message: "a memory game needs a lower bound: `one-pile:min=EXPR`, e.g. `one-pile:min=t`, or `one-pile:min=1:forbid=t` (any take but the previous one)"
            .into(),
    })?;
    let f = bound("f")?;
    let forbid = bound("forbid")?;
    Ok(Custom::new(
        Arc::new(MemoryRules::with_forbid(f, min, forbid)),
        misere,
    ))
}

/// Most moves examined by [`MemoryRules::grundy_rows`] (each a few
/// nanoseconds: a table of 1,000 rows examines about 5·10^8).
pub const MOST_ROW_MOVES: u64 = 1_000_000_000;

impl MemoryRules {
    /// `G(n, k)` for piles `0 ≤ n < rows` and memories `0 ≤ k < cols`, by
    /// the mex rule over the interval of takes, piles in increasing order
    /// (every option `(n − a, a)` has a smaller pile and a memory `a ≤ n`,
    /// so memories up to `rows − 1` are kept whatever `cols`). Misère play:
    /// `G⁻`, 1 at a position with no move.
    ///
    /// Errors: [`GameError::TooLarge`] past [`MOST_ROW_MOVES`] moves or the
    /// limits' bytes; a bound that fails to evaluate; cancelled.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// use takeaway::engine::Limits;
    /// use takeaway::games::one_pile::memory::MemoryRules;
    /// let mem = MemoryRules::new(None, Bound::parse("t").unwrap());
    /// let g = mem.grundy_rows(11, 21, false, &Limits::strict()).unwrap();
    /// // CGSuite's `game.heap.Mem` row of heap 10 (its GameHeapTest).
    /// assert_eq!(g[10], [3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// ```
    pub fn grundy_rows(
        &self,
        rows: u64,
        cols: u64,
        misere: bool,
        limits: &crate::engine::Limits,
    ) -> Result<Vec<Vec<u32>>, GameError> {
        let mut g = self.grundy_square(rows, cols, misere, limits)?;
        for row in &mut g {
            row.truncate(cols as usize);
        }
        Ok(g)
    }

    /// [`MemoryRules::grundy_rows`] before the rows are cut to `cols`
    /// memories: each row holds the memories `0 ≤ k < max(rows, cols)`.
    fn grundy_square(
        &self,
        rows: u64,
        cols: u64,
        misere: bool,
        limits: &crate::engine::Limits,
    ) -> Result<Vec<Vec<u32>>, GameError> {
        use crate::engine::{Amount, Unit};
        use crate::games::error::{Hint, Work};
        let what = || Work::GrundyTable { rows, cols };
        let width = cols.max(rows);
        let moves = rows.saturating_mul(width).saturating_mul(rows) / 2;
        if moves > MOST_ROW_MOVES {
            return Err(GameError::too_large(
                what(),
                Amount::of(moves, Unit::MoveChecks),
                Amount::of(MOST_ROW_MOVES, Unit::MoveChecks),
                Hint::FewerRows,
            ));
        }
        limits
            .admit(Estimate {
                states: rows.saturating_mul(width),
                bytes: rows.saturating_mul(width).saturating_mul(4),
            })
            .map_err(|over| GameError::over(what(), over, Hint::FewerRows))?;
        let (r, w) = (rows as usize, width as usize);
        let mut g: Vec<Vec<u32>> = Vec::with_capacity(r);
        // seen[v] == stamp: value v is an option of the cell being computed.
        let mut seen: Vec<u64> = vec![0; r + 2];
        let mut stamp = 0u64;
        for n in 0..r {
            limits.check()?;
            let mut row = Vec::with_capacity(w);
            for k in 0..w {
                stamp += 1;
                let takes = self.takes(n as u64, Some(k as u64))?;
                let v = match takes {
                    None => u32::from(misere),
                    Some(takes) => {
                        for a in takes.iter() {
                            let a = a as usize;
                            let x = g[n - a][a] as usize;
                            if x < seen.len() {
                                seen[x] = stamp;
                            }
                        }
                        (0..seen.len())
                            .find(|&x| seen[x] != stamp)
                            .unwrap_or(seen.len()) as u32
                    }
                };
                row.push(v);
            }
            g.push(row);
        }
        Ok(g)
    }
}

impl crate::games::model::OwnGrundyTable for MemoryRules {
    /// The table `takeaway table SPEC --grundy` prints for a memory game:
    /// `G(n, k)`, pile `n` down, memory `k` across (text, CSV `n,0,1,…`,
    /// JSON `rows` as for one-pile games); misère play: `G⁻`.
    fn grundy_table(
        &self,
        spec: &str,
        req: &crate::games::request::TableRequest<'_>,
        misere: bool,
    ) -> Result<crate::games::request::Table, GameError> {
        use crate::games::request::Table;
        use crate::render::tableau::{Placement, Tableau, TableauLayout};
        if req.summary {
            return self.summary_table(spec, req, misere);
        }
        let rows = req.rows;
        let cols = req.cols.unwrap_or(rows);
        let g = self.grundy_rows(rows, cols, misere, &req.limits)?;
        let grid = picture(spec, &g, misere);
        let report = Tableau {
            title: format!(
                "{spec}: {}, pile n down, memory k (the previous take) across",
                if misere {
                    "misère Grundy values G⁻(n, k) (no move: 1)"
                } else {
                    "Grundy values G(n, k)"
                }
            ),
            footer: String::new(),
            corner: "n",
            rows: g.len(),
            cols: cols as usize,
            cells: g.into_iter().flatten().collect(),
            none: None,
            key: "rows",
            placement: Placement::Column,
            layout: TableauLayout::Rows,
        };
        let mut json = serde_json::json!({"game": spec, "grundy": true, "row_count": rows, "col_count": cols, "method": "memory-mex"});
        if misere {
            json["misere"] = serde_json::Value::Bool(true);
        }
        Ok(Table::of_tableau(report, json, Some(grid), req.format))
    }
}

/// Most cells a side of a memory table's heatmap (as for the other Grundy tables).
const PICTURE: usize = 400;

/// The heatmap of a memory game's Grundy table: pile `n` down, memory `k`
/// across, the first [`PICTURE`] of each, every cell a position (memories
/// beyond the pile are positions too: no move, or the same moves as `k =
/// n`); the legend of the other Grundy tables
/// ([`crate::games::grundy_plot::grundy_legend`]).
fn picture(spec: &str, g: &[Vec<u32>], misere: bool) -> crate::render::Grid {
    let height = g.len().min(PICTURE);
    let width = g.first().map_or(0, Vec::len).min(PICTURE);
    let mut cells = Vec::with_capacity(width * height);
    for row in &g[..height] {
        cells.extend(
            row[..width]
                .iter()
                .map(|&v| u16::try_from(v).unwrap_or(u16::MAX - 1).min(u16::MAX - 1)),
        );
    }
    let max = cells.iter().copied().max().unwrap_or(0);
    let (legend, bar) = crate::games::grundy_plot::grundy_legend(max, "", None);
    crate::render::Grid {
        title: format!(
            "{spec}: {} (pile n, memory k: the previous take)",
            if misere {
                "misère Grundy values G⁻(n, k) (no move: 1)"
            } else {
                "Grundy values G(n, k)"
            }
        ),
        x_label: "memory k".into(),
        y_label: "pile n".into(),
        width,
        height,
        cells,
        legend,
        bar,
    }
}

impl MemoryRules {
    /// `takeaway table SPEC --grundy --summary` for a memory game: the count
    /// of each value over the cells `G(n, k)`, `n < rows`, `k < cols`, the
    /// largest, and the values of the starts (pile `n`, no memory yet: a
    /// take of `1..=n − 1`, `null` for `n = 0`); with the heatmap.
    ///
    /// Law: the counts add up to `rows · cols`; `starts[n]` is the mex of
    /// `G(n − a, a)` over `1 ≤ a ≤ n − 1` (misère: 1 when `n ≤ 1`).
    fn summary_table(
        &self,
        spec: &str,
        req: &crate::games::request::TableRequest<'_>,
        misere: bool,
    ) -> Result<crate::games::request::Table, GameError> {
        use crate::render::records::{Field, RecordJson, RecordLayout, Records};
        use std::collections::BTreeMap;
        let rows = req.rows;
        let cols = req.cols.unwrap_or(rows);
        let g = self.grundy_square(rows, cols, misere, &req.limits)?;
        let c = usize::try_from(cols).unwrap_or(usize::MAX);
        let mut counts: BTreeMap<u32, u64> = BTreeMap::new();
        for row in &g {
            for &v in &row[..row.len().min(c)] {
                *counts.entry(v).or_insert(0) += 1;
            }
        }
        let max = counts.keys().next_back().copied();
        // The starts: the mex over the takes 1..=n − 1 (memory a after each).
        let mut starts: Vec<Option<u32>> = Vec::with_capacity(g.len());
        let mut seen: Vec<bool> = Vec::new();
        for n in 0..g.len() {
            if n == 0 {
                starts.push(None);
                continue;
            }
            if n == 1 {
                starts.push(Some(u32::from(misere)));
                continue;
            }
            seen.clear();
            seen.resize(n + 1, false);
            for a in 1..n {
                let v = g[n - a][a] as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
            starts.push(Some(
                seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
            ));
        }
        let values = if misere {
            "misère Grundy values G⁻(n, k)"
        } else {
            "Grundy values G(n, k)"
        };
        let shown: Vec<String> = starts
            .iter()
            .skip(1)
            .take(40)
            .map(|s| s.map_or("-".into(), |v| v.to_string()))
            .collect();
        let report = Records {
            title: format!(
                "{spec}: {values} for {rows} rows × {cols} columns (pile n, memory k); largest {}",
                max.map_or("-".into(), |m| m.to_string())
            ),
            footer: format!(
                "starts (no memory yet) for n = 1..: {}{}\n",
                shown.join(" "),
                if starts.len() > 41 { " …" } else { "" }
            ),
            fields: Field::value_counts(&counts),
            layout: RecordLayout::Template(&["G = ", ": ", " cells"]),
            json: RecordJson::Counts { key: "counts" },
        };
        let mut json = serde_json::json!({
            "game": spec,
            "grundy": true,
            "row_count": rows,
            "col_count": cols,
            "max": max,
            "starts": starts,
            "method": "memory-mex",
        });
        if misere {
            json["misere"] = serde_json::Value::Bool(true);
        }
        let mut cut = g;
        for row in &mut cut {
            row.truncate(c);
        }
        Ok(crate::games::request::Table::of_records(
            report,
            json,
            Some(picture(spec, &cut, misere)),
            req.format,
        ))
    }
}
