//! A proof that a take-and-break game is arithmetic-periodic, for every heap:
//! an induction whose step is decided by finite automata (Büchi arithmetic,
//! as the Walnut prover decides it), not an observation of finitely many
//! values.
//!
//! Law. A [`Candidate`] is a function `f` on the naturals: `f(n)` is given
//! for `n < i + p`, and `f(n) = s · ⌊(n − i)/p⌋ + f(i + (n − i) mod p)` for
//! `n ≥ i` (pre-period `i`, period `p`, saltus `s`). For heap `n`, let
//! `Opt_f(n)` be the set of `f(h_1) ⊕ … ⊕ f(h_k)` over the options `(h_1,
//! …, h_k)` of heap `n` ([`OctalCode::options`]: remove `j`, leave `k ≤ 3`
//! nonempty heaps of total `n − j` as digit `dj`'s bit `k` allows, pairwise
//! unequal under `!`). The game's values are `G(n) = mex Opt_G(n)`, and every
//! option of heap `n` is made of heaps smaller than `n`. So if
//!
//! ```text
//! Bad = { n : f(n) ∈ Opt_f(n)  or  some v < f(n) is not in Opt_f(n) }
//! ```
//!
//! is empty, then `f(n) = mex Opt_f(n)` for every `n`, and by strong
//! induction on `n` (if `f = G` below `n`, `Opt_f(n) = Opt_G(n)`) `G = f` on
//! every heap: the arithmetic periodicity is proved, with no value checked
//! by hand — the base of the induction is the step at `n = 0`. If `Bad` is
//! not empty, its least element `n` is a heap where `G(n) ≠ f(n)` (below it
//! `G = f`, so `G(n) = mex Opt_f(n) ≠ f(n)`): a counterexample.
//!
//! `Bad` is decided exactly. The graph `{(x, y) : y = f(x)}` is a finite
//! union of relations `s·x − p·y = s·c − p·f(c) ∧ x ≡ c (mod p) ∧ x ≥ c`
//! (`c = i + t`, `t < p`) and of points `(n, f(n))` for `n < i`; sums,
//! `⊕`, `<`, `≠` are automatic ([`super::automaton`]); the options are
//! existential formulas over them:
//!
//! - no heap left: `n = j ∧ v = 0`; one heap: `n = m + j ∧ m ≥ 1 ∧ v = f(m)`;
//! - two heaps: `n = m + j ∧ R2(m, v)`, `R2(m, w) = ∃a,b ≥ 1: a + b = m ∧ w =
//!   f(a) ⊕ f(b)` (and `a ≠ b` under `!`);
//! - three heaps: `R3(m, v) = ∃m2, c ≥ 1: m2 + c = m ∧ ∃w: R2(m2, w) ∧ v = w
//!   ⊕ f(c)` (under `!`: `a, b, c` pairwise unequal, kept together until
//!   `a` and `b` are projected away),
//!
//! each built by products, projections (with the zero-padding closure) and
//! minimisation; `Opt(n, v)` is their union over the code's digits, and
//! `Bad` is `∃y: f(n) = y ∧ Opt(n, y)` or `∃y, v: f(n) = y ∧ v < y ∧
//! ¬Opt(n, v)` (complement of the complete automaton of `Opt`). Its least
//! element, if any, is found by [`Automaton::least`].
//!
//! The automata are bounded by a [`Budget`]: past it, the answer is
//! [`CertificateError::Automaton`] (not proved), never a hang.

use super::arithmetic_period::ArithmeticPeriod;
use super::automaton::{Automaton, AutomatonError, Budget, Op};
use super::code::OctalCode;
use num_bigint::BigUint;

/// The states any one automaton of a certificate may have by default.
pub const DEFAULT_MAX_STATES: usize = 200_000;

/// A candidate arithmetic-periodic function (see the module law).
///
/// ```
/// use takeaway::games::octal::arithmetic_certificate::Candidate;
/// // 0.3F: G = 0, 1, 2, 0, 1, 2 on heaps 0..5, then G(n + 6) = G(n) + 3.
/// let f = Candidate::new(0, 6, 3, &[0, 1, 2, 0, 1, 2]).unwrap();
/// assert_eq!(f.value(13), 3 * 2 + 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    preperiod: usize,
    period: usize,
    saltus: u64,
    /// `f(0) … f(i + p − 1)`.
    start: Vec<u32>,
}

/// Why a certificate was not decided.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CertificateError {
    /// An automaton grew past the budget, or the budget's `cancelled` said
    /// stop, while `stage` was being built.
    #[error("{source} (building {stage})")]
    Automaton {
        /// What was being built: `the graph of f`, `the one-heap options`,
        /// `the two-heap sums`, `the three-heap sums`, `Opt`, `Bad`.
        stage: &'static str,
        /// Why it stopped.
        source: AutomatonError,
    },
    /// A constant of the candidate (saltus, period, a value) too large for
    /// the automata's arithmetic.
    #[error("the candidate's constants are too large for the automata")]
    Constants,
}

/// What the automata decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// `Bad` is empty: `G = f` on every heap.
    Proved(Proof),
    /// The least heap of `Bad`: there `G(heap) ≠ f(heap)`, and `G = f` below.
    Refuted(Counterexample),
}

/// The sizes of the automata of a proof (minimal automata: their numbers of
/// states, a dead state included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proof {
    /// States of the graph of `f`, `(x, y)`.
    pub graph_states: usize,
    /// States of `Opt(n, v)`.
    pub option_states: usize,
    /// The largest minimal automaton built on the way.
    pub largest_states: usize,
    /// How many automata were built (products and projections).
    pub automata: usize,
}

/// A heap where the candidate is wrong: `G(heap) ≠ f(heap)` and `G(n) =
/// f(n)` for every `n < heap`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counterexample {
    /// The least heap of `Bad`.
    pub heap: BigUint,
    /// `f(heap)`, the candidate's (wrong) value.
    pub claimed: BigUint,
    /// The sizes of the automata that found it.
    pub sizes: Proof,
}

impl Candidate {
    /// The candidate with pre-period `preperiod`, period `period ≥ 1`, saltus
    /// `saltus`, and `f(n) = start[n]` for `n < preperiod + period`; `None`
    /// when `period` is 0 or `start` is shorter than `preperiod + period`.
    ///
    /// ```
    /// use takeaway::games::octal::arithmetic_certificate::Candidate;
    /// assert!(Candidate::new(0, 0, 3, &[]).is_none());
    /// assert!(Candidate::new(1, 2, 3, &[0, 1]).is_none());
    /// ```
    pub fn new(preperiod: usize, period: usize, saltus: u64, start: &[u32]) -> Option<Self> {
        let needed = preperiod.checked_add(period)?;
        (period >= 1 && start.len() >= needed).then(|| Candidate {
            preperiod,
            period,
            saltus,
            start: start[..needed].to_vec(),
        })
    }

    /// The candidate an arithmetic period `a` of the values `g` describes
    /// (`f = g` on `g`'s heaps when `a` holds there, as [`super::arithmetic_period::detect`]
    /// reports it); `None` if `g` is too short.
    ///
    /// ```
    /// use takeaway::games::octal::{arithmetic_certificate::Candidate, arithmetic_period::detect, code::OctalCode, take_break::definition};
    /// let g = definition(&OctalCode::parse("0.3F").unwrap(), 100, &|| false).unwrap();
    /// let f = Candidate::of(&g, &detect(&g, 2).unwrap()).unwrap();
    /// assert!((0..100).all(|n| f.value(n as u64) == u128::from(g[n])));
    /// ```
    pub fn of(g: &[u32], a: &ArithmeticPeriod) -> Option<Self> {
        Self::new(a.preperiod, a.period, a.saltus, g)
    }

    /// The pre-period `i`.
    pub fn preperiod(&self) -> usize {
        self.preperiod
    }

    /// The period `p`.
    pub fn period(&self) -> usize {
        self.period
    }

    /// The saltus `s`.
    pub fn saltus(&self) -> u64 {
        self.saltus
    }

    /// `f(n)`.
    pub fn value(&self, n: u64) -> u128 {
        let (i, p) = (self.preperiod as u128, self.period as u128);
        let n = u128::from(n);
        if n < i {
            return u128::from(self.start[n as usize]);
        }
        let (q, t) = ((n - i) / p, (n - i) % p);
        u128::from(self.saltus) * q + u128::from(self.start[(i + t) as usize])
    }

    /// `f(n)` for a heap as large as an automaton may find.
    fn value_big(&self, n: &BigUint) -> BigUint {
        let i = BigUint::from(self.preperiod);
        if *n < i {
            let small: usize = n.try_into().unwrap_or(0);
            return BigUint::from(self.start[small]);
        }
        let p = BigUint::from(self.period);
        let d = n - &i;
        let q = &d / &p;
        let t: usize = (&d % &p).try_into().unwrap_or(0);
        q * self.saltus + self.start[self.preperiod + t]
    }
}

/// Names of the numbers in the formulas.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Var {
    N,
    V,
    Y,
    M,
    M2,
    A,
    B,
    C,
    Fa,
    Fb,
    Fc,
    W,
}

/// A relation on named numbers: `a`'s track `t` is `vars[t]`.
struct Rel {
    vars: Vec<Var>,
    a: Automaton,
}

/// The formulas' builder: the budget, the graph of `f`, and sizes seen.
struct Builder<'a> {
    budget: Budget<'a>,
    stage: &'static str,
    graph: Automaton,
    largest: usize,
    built: usize,
}

impl<'a> Builder<'a> {
    /// Builds the graph of `f`, then `work` from it; an automaton error is
    /// reported with the stage it stopped in.
    fn run<T>(
        f: &Candidate,
        budget: &Budget<'a>,
        work: impl FnOnce(&mut Builder<'a>) -> Result<T, AutomatonError>,
    ) -> Result<T, CertificateError> {
        let graph = graph(f, budget)?;
        let mut b = Builder {
            budget: *budget,
            stage: "Opt",
            largest: graph.states(),
            graph,
            built: 1,
        };
        work(&mut b).map_err(|source| CertificateError::Automaton {
            stage: b.stage,
            source,
        })
    }

    fn note(&mut self, a: Automaton, vars: &[Var]) -> Rel {
        self.largest = self.largest.max(a.states());
        self.built += 1;
        Rel {
            vars: vars.to_vec(),
            a,
        }
    }

    fn combine(&mut self, x: &Rel, y: &Rel, op: Op) -> Result<Rel, AutomatonError> {
        let mut vars = x.vars.clone();
        for v in &y.vars {
            if !vars.contains(v) {
                vars.push(*v);
            }
        }
        let xt: Vec<usize> = (0..x.vars.len()).collect();
        let yt: Vec<usize> = y
            .vars
            .iter()
            .map(|v| vars.iter().position(|w| w == v).unwrap_or(0))
            .collect();
        let a = Automaton::product(&x.a, &xt, &y.a, &yt, vars.len(), op, &self.budget)?;
        Ok(self.note(a, &vars))
    }

    fn and(&mut self, x: &Rel, y: &Rel) -> Result<Rel, AutomatonError> {
        self.combine(x, y, Op::And)
    }

    fn or(&mut self, x: &Rel, y: &Rel) -> Result<Rel, AutomatonError> {
        self.combine(x, y, Op::Or)
    }

    fn exists(&mut self, x: &Rel, drop: &[Var]) -> Result<Rel, AutomatonError> {
        let keep: Vec<usize> = (0..x.vars.len())
            .filter(|&t| !drop.contains(&x.vars[t]))
            .collect();
        let vars: Vec<Var> = keep.iter().map(|&t| x.vars[t]).collect();
        let a = x.a.project(&keep, &self.budget)?;
        Ok(self.note(a, &vars))
    }

    /// `y = f(x)`.
    fn f(&self, x: Var, y: Var) -> Rel {
        Rel {
            vars: vec![x, y],
            a: self.graph.clone(),
        }
    }

    fn add(&self, x: Var, y: Var, z: Var) -> Result<Rel, AutomatonError> {
        Ok(Rel {
            vars: vec![x, y, z],
            a: Automaton::add(&self.budget)?,
        })
    }

    fn xor(&self, x: Var, y: Var, z: Var) -> Result<Rel, AutomatonError> {
        Ok(Rel {
            vars: vec![x, y, z],
            a: Automaton::xor(&self.budget)?,
        })
    }

    fn positive(&self, x: Var) -> Result<Rel, AutomatonError> {
        Ok(Rel {
            vars: vec![x],
            a: Automaton::at_least(1, &self.budget)?,
        })
    }

    fn unequal(&self, x: Var, y: Var) -> Result<Rel, AutomatonError> {
        Ok(Rel {
            vars: vec![x, y],
            a: Automaton::unequal(&self.budget)?,
        })
    }

    /// `∧` of several relations, left to right.
    fn all(&mut self, rels: &[Rel]) -> Result<Rel, AutomatonError> {
        let mut acc = Rel {
            vars: rels[0].vars.clone(),
            a: rels[0].a.clone(),
        };
        for r in &rels[1..] {
            acc = self.and(&acc, r)?;
        }
        Ok(acc)
    }

    /// `R2(out, w) = ∃a, b ≥ 1: a + b = out ∧ w = f(a) ⊕ f(b)` (`a ≠ b`
    /// under `unequal`); with `third`, also `a ≠ c ∧ b ≠ c` and `c` kept.
    fn pairs(&mut self, out: Var, unequal: bool, third: bool) -> Result<Rel, AutomatonError> {
        let mut parts = vec![
            self.add(Var::A, Var::B, out)?,
            self.positive(Var::A)?,
            self.positive(Var::B)?,
        ];
        if unequal {
            parts.push(self.unequal(Var::A, Var::B)?);
        }
        if third {
            parts.push(self.unequal(Var::A, Var::C)?);
            parts.push(self.unequal(Var::B, Var::C)?);
        }
        let base = self.all(&parts)?;
        let fa = self.f(Var::A, Var::Fa);
        let r = self.and(&base, &fa)?;
        let r = self.exists(&r, &[Var::A])?;
        let fb = self.f(Var::B, Var::Fb);
        let r = self.and(&r, &fb)?;
        let r = self.exists(&r, &[Var::B])?;
        let x = self.xor(Var::Fa, Var::Fb, Var::W)?;
        let r = self.and(&r, &x)?;
        self.exists(&r, &[Var::Fa, Var::Fb])
    }

    /// `R3(M, V)`: three nonempty heaps of total `M` (pairwise unequal under
    /// `unequal`) whose values' nim-sum is `V`.
    fn triples(&mut self, unequal: bool) -> Result<Rel, AutomatonError> {
        // (M2, W) or, under `!`, (C, M2, W).
        let pair = self.pairs(Var::M2, unequal, unequal)?;
        let split = self.add(Var::M2, Var::C, Var::M)?;
        let c = self.positive(Var::C)?;
        let r = self.all(&[split, c])?;
        let r = self.and(&r, &pair)?;
        let r = self.exists(&r, &[Var::M2])?;
        let fc = self.f(Var::C, Var::Fc);
        let r = self.and(&r, &fc)?;
        let r = self.exists(&r, &[Var::C])?;
        let x = self.xor(Var::W, Var::Fc, Var::V)?;
        let r = self.and(&r, &x)?;
        self.exists(&r, &[Var::W, Var::Fc])
    }

    /// `∃M: (N = M + j for some j in takes) ∧ r(M, V)`; `None` without takes.
    fn after_removing(&mut self, takes: &[usize], r: &Rel) -> Result<Option<Rel>, AutomatonError> {
        let mut shift: Option<Rel> = None;
        for &j in takes {
            let one = Rel {
                vars: vec![Var::N, Var::M],
                a: Automaton::linear(&[1, -1], j as i64, &self.budget)?,
            };
            shift = Some(match shift {
                None => one,
                Some(s) => self.or(&s, &one)?,
            });
        }
        let Some(shift) = shift else {
            return Ok(None);
        };
        let r = self.and(&shift, r)?;
        Ok(Some(self.exists(&r, &[Var::M])?))
    }
}

/// The graph `y = f(x)` of a candidate, minimised (see the module law).
///
/// ```
/// use takeaway::games::octal::{arithmetic_certificate::{graph, Candidate}, automaton::Budget};
/// let b = Budget { max_states: 10_000, cancelled: &|| false };
/// let f = Candidate::new(1, 2, 5, &[7, 0, 1]).unwrap(); // 7, 0, 1, 5, 6, 10, 11, …
/// let g = graph(&f, &b).unwrap();
/// assert!(g.accepts(&[0, 7]) && g.accepts(&[4, 6]) && g.accepts(&[5, 10]) && !g.accepts(&[5, 11]));
/// ```
pub fn graph(f: &Candidate, budget: &Budget<'_>) -> Result<Automaton, CertificateError> {
    graph_of(f, budget).map_err(|e| match e {
        Stop::Automaton(source) => CertificateError::Automaton {
            stage: "the graph of f",
            source,
        },
        Stop::Constants => CertificateError::Constants,
    })
}

/// Why [`graph_of`] stopped.
enum Stop {
    Automaton(AutomatonError),
    Constants,
}

impl From<AutomatonError> for Stop {
    fn from(e: AutomatonError) -> Self {
        Stop::Automaton(e)
    }
}

fn graph_of(f: &Candidate, budget: &Budget<'_>) -> Result<Automaton, Stop> {
    let big = |v: i128| i64::try_from(v).map_err(|_| Stop::Constants);
    let p = big(f.period as i128)?;
    let s = big(i128::from(f.saltus))?;
    let mut acc: Option<Automaton> = None;
    let mut join = |part: Automaton| -> Result<(), Stop> {
        acc = Some(match acc.take() {
            None => part.minimize(),
            Some(a) => Automaton::product(&a, &[0, 1], &part, &[0, 1], 2, Op::Or, budget)?,
        });
        Ok(())
    };
    for n in 0..f.preperiod {
        let x = Automaton::linear(&[1, 0], big(n as i128)?, budget)?;
        let y = Automaton::linear(&[0, 1], i64::from(f.start[n]), budget)?;
        join(Automaton::product(
            &x,
            &[0, 1],
            &y,
            &[0, 1],
            2,
            Op::And,
            budget,
        )?)?;
    }
    for t in 0..f.period {
        let c = f.preperiod + t;
        let rhs = big(i128::from(s) * c as i128 - i128::from(p) * i128::from(f.start[c]))?;
        let line = Automaton::linear(&[s, -p], rhs, budget)?;
        let residue = Automaton::congruent(f.period as u64, c as u64, budget)?;
        let from = Automaton::at_least(c as u64, budget)?;
        let x = Automaton::product(&residue, &[0], &from, &[0], 1, Op::And, budget)?;
        join(Automaton::product(
            &line,
            &[0, 1],
            &x,
            &[0],
            2,
            Op::And,
            budget,
        )?)?;
    }
    acc.ok_or(Stop::Constants)
}

/// `Opt(n, v)` of `code` under the candidate `f`, on tracks `(n, v)`: `v`
/// is the nim-sum of `f` over the heaps some move of heap `n` leaves
/// ([`OctalCode::options`]).
///
/// ```
/// use takeaway::games::octal::{arithmetic_certificate::{option_values, Candidate}, automaton::Budget, code::OctalCode};
/// let b = Budget { max_states: 100_000, cancelled: &|| false };
/// // Kayles' first values with saltus 0 are not Kayles', but the options
/// // follow the rules: heap 4 of 0.77 leaves 3, 2+1, 2 or 1+1.
/// let f = Candidate::new(0, 1, 1, &[0]).unwrap(); // f(n) = n
/// let opt = option_values(&OctalCode::parse("0.77").unwrap(), &f, &b).unwrap();
/// let values: Vec<u64> = (0..8).filter(|&v| opt.accepts(&[4, v])).collect();
/// assert_eq!(values, [0, 2, 3]); // 1 ⊕ 1, 2, 3 = 2 ⊕ 1 = 3
/// ```
pub fn option_values(
    code: &OctalCode,
    f: &Candidate,
    budget: &Budget<'_>,
) -> Result<Automaton, CertificateError> {
    Builder::run(f, budget, |b| options(code, b).map(|r| r.a))
}

/// [`option_values`] with the builder's formulas.
fn options(code: &OctalCode, b: &mut Builder<'_>) -> Result<Rel, AutomatonError> {
    let k = code.max_take();
    let takes = |heaps: u8, unequal: bool| -> Vec<usize> {
        (0..=k)
            .filter(|&j| (heaps >= 2 || j >= 1) && code.allows(j, heaps))
            .filter(|&j| heaps < 2 || code.unequal(j) == unequal)
            .collect()
    };
    let mut parts: Vec<Rel> = Vec::new();
    // No heap left: M = 0 ∧ V = 0.
    let none = Rel {
        vars: vec![Var::M, Var::V],
        a: Automaton::linear(&[1, 1], 0, &b.budget)?,
    };
    b.stage = "the one-heap options";
    if let Some(r) = b.after_removing(&takes(0, false), &none)? {
        parts.push(r);
    }
    let one = {
        let pos = b.positive(Var::M)?;
        let fm = b.f(Var::M, Var::V);
        b.and(&pos, &fm)?
    };
    if let Some(r) = b.after_removing(&takes(1, false), &one)? {
        parts.push(r);
    }
    for unequal in [false, true] {
        let j2 = takes(2, unequal);
        if !j2.is_empty() {
            b.stage = "the two-heap sums";
            let r2 = b.pairs(Var::M, unequal, false)?;
            let r2 = Rel {
                vars: r2
                    .vars
                    .iter()
                    .map(|&v| if v == Var::W { Var::V } else { v })
                    .collect(),
                a: r2.a,
            };
            if let Some(r) = b.after_removing(&j2, &r2)? {
                parts.push(r);
            }
        }
        let j3 = takes(3, unequal);
        if !j3.is_empty() {
            b.stage = "the three-heap sums";
            let r3 = b.triples(unequal)?;
            if let Some(r) = b.after_removing(&j3, &r3)? {
                parts.push(r);
            }
        }
    }
    b.stage = "Opt";
    let mut opt = Rel {
        vars: vec![Var::N, Var::V],
        a: Automaton::all(2, &b.budget)?.complement(), // no option yet
    };
    for p in &parts {
        opt = b.or(&opt, p)?;
    }
    // Tracks in the order (N, V).
    let keep: Vec<usize> = [Var::N, Var::V]
        .iter()
        .map(|v| opt.vars.iter().position(|w| w == v).unwrap_or(0))
        .collect();
    let a = opt.a.project(&keep, &b.budget)?;
    Ok(b.note(a, &[Var::N, Var::V]))
}

/// Decides whether the candidate `f` is the Grundy sequence of `code` on
/// every heap (see the module law): [`Verdict::Proved`] with the automata's
/// sizes, or [`Verdict::Refuted`] with the least heap where it is not.
///
/// ```
/// use takeaway::games::octal::{arithmetic_certificate::{certify, Candidate, Verdict}, automaton::Budget, code::OctalCode};
/// let b = Budget { max_states: 200_000, cancelled: &|| false };
/// let code = OctalCode::parse("0.3F").unwrap();
/// // G(n + 6) = G(n) + 3 from G(0..5) = 0, 1, 2, 0, 1, 2 (Howse and Nowakowski).
/// let right = Candidate::new(0, 6, 3, &[0, 1, 2, 0, 1, 2]).unwrap();
/// assert!(matches!(certify(&code, &right, &b).unwrap(), Verdict::Proved(_)));
/// // Saltus 4 instead: wrong from heap 6 (G(6) = 3, not 4).
/// let wrong = Candidate::new(0, 6, 4, &[0, 1, 2, 0, 1, 2]).unwrap();
/// let Verdict::Refuted(c) = certify(&code, &wrong, &b).unwrap() else { panic!() };
/// assert_eq!((c.heap, c.claimed), (6u32.into(), 4u32.into()));
/// ```
pub fn certify(
    code: &OctalCode,
    f: &Candidate,
    budget: &Budget<'_>,
) -> Result<Verdict, CertificateError> {
    Builder::run(f, budget, |b| decide(code, f, b))
}

/// [`certify`] once the graph is built.
fn decide(code: &OctalCode, f: &Candidate, b: &mut Builder<'_>) -> Result<Verdict, AutomatonError> {
    let graph_states = b.graph.states();
    let opt = options(code, b)?;
    let option_states = opt.a.states();
    b.stage = "Bad";
    // Bad1(N) = ∃Y: f(N) = Y ∧ Opt(N, Y).
    let fy = b.f(Var::N, Var::Y);
    let opt_y = Rel {
        vars: vec![Var::N, Var::Y],
        a: opt.a.clone(),
    };
    let r = b.and(&fy, &opt_y)?;
    let bad1 = b.exists(&r, &[Var::Y])?;
    // Bad2(N) = ∃Y, V: f(N) = Y ∧ V < Y ∧ ¬Opt(N, V).
    let missing = Rel {
        vars: vec![Var::N, Var::V],
        a: opt.a.complement(),
    };
    let below = Rel {
        vars: vec![Var::V, Var::Y],
        a: Automaton::less(&b.budget)?,
    };
    let r = b.and(&fy, &below)?;
    let r = b.and(&r, &missing)?;
    let bad2 = b.exists(&r, &[Var::Y, Var::V])?;
    let bad = b.or(&bad1, &bad2)?;
    let sizes = Proof {
        graph_states,
        option_states,
        largest_states: b.largest,
        automata: b.built,
    };
    Ok(match bad.a.least() {
        None => Verdict::Proved(sizes),
        Some(heap) => Verdict::Refuted(Counterexample {
            claimed: f.value_big(&heap),
            heap,
            sizes,
        }),
    })
}
