//! The report of a misère quotient `Q_N`: the bipartite monoid, the
//! pretending function `Φ` on heaps `0..=N`, a presentation, tameness, the
//! heaps at which the quotient grew, and the normal-play Grundy values.
//!
//! Law (Plambeck 2005; Plambeck–Siegel 2008): a sum `h₁ + … + h_k` of heaps
//! in `1..=N` is a misère P-position exactly when `Φ(h₁)⋯Φ(h_k) ∈ P`
//! ([`MisereQuotient::is_p`]).

use super::certificate::Certificate;
use super::monoid::BipartiteMonoid;
use serde::{Deserialize, Serialize};

/// Whether the game is tame on the heaps computed: its quotient is trivial,
/// T1 or T2 (Plambeck 2005, §5), or wild.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tameness {
    /// One element: no heap has a move.
    Trivial,
    /// Isomorphic to T1 (order 2).
    T1,
    /// Isomorphic to T2 (order 6, P = {a, b²}).
    T2,
    /// Neither: a wild quotient.
    Wild,
}

impl Tameness {
    /// `trivial`, `tame (T1)`, `tame (T2)`, `wild`.
    pub fn text(self) -> &'static str {
        match self {
            Tameness::Trivial => "trivial",
            Tameness::T1 => "tame (T1)",
            Tameness::T2 => "tame (T2)",
            Tameness::Wild => "wild",
        }
    }
}

/// A generator of the presentation and the first heap it is `Φ` of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Generator {
    /// `a`, `b`, ….
    pub name: String,
    /// The element.
    pub element: u32,
    /// The least heap `h` with `Φ(h)` this generator.
    pub heap: usize,
}

/// What the computation cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotientWork {
    /// Exact checks run (a heap pretending to be an element, an assembled
    /// quotient), over every heap and every layer.
    pub checks: usize,
    /// Layer quotients computed (one for each number of copies of a heap
    /// added by its copies, at every depth of the construction).
    pub layers: usize,
    /// Verification states visited by all the exact checks.
    pub verifier_states: usize,
}

/// The misère quotient `Q_N` of the closure of heaps `1..=N` of a heap game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MisereQuotient {
    /// The game (`octal:0.77`).
    pub game: String,
    /// `N`.
    pub heaps: usize,
    /// `|Q|`.
    pub order: usize,
    /// `|P|`.
    pub p_count: usize,
    /// Element names (normal forms: `1`, `a`, `ab²`, …); element 0 is `1`.
    pub elements: Vec<String>,
    /// The monoid and its P-portion.
    pub monoid: BipartiteMonoid,
    /// The elements of `P`, ascending.
    pub p: Vec<u32>,
    /// `phi[h]` for `h = 0..=N` (`phi[0] = 0`, the identity).
    pub phi: Vec<u32>,
    /// The generators, each with its first heap.
    pub generators: Vec<Generator>,
    /// Relations `w = v` (a complete rewriting system, see
    /// [`super::presentation`]).
    pub relations: Vec<String>,
    /// Trivial, T1, T2 or wild.
    pub tameness: Tameness,
    /// `|Q_n|` for `n = 0..=N`.
    pub orders: Vec<usize>,
    /// The heaps `n` with `|Q_n| > |Q_{n−1}|` (the quotient changed there).
    pub changes: Vec<usize>,
    /// Normal-play Grundy values `G(0..=N)`.
    pub grundy: Vec<u32>,
    /// What it cost.
    pub work: QuotientWork,
}

impl MisereQuotient {
    /// `Φ(h₁)⋯Φ(h_k)` for heaps in `0..=N` (`None` past `N`).
    pub fn product(&self, heaps: &[usize]) -> Option<u32> {
        heaps.iter().try_fold(0u32, |acc, &h| {
            self.phi.get(h).map(|&x| self.monoid.mul(acc, x))
        })
    }

    /// Whether the sum of `heaps` is a misère P-position (`None` past `N`).
    pub fn is_p(&self, heaps: &[usize]) -> Option<bool> {
        self.product(heaps).map(|x| self.monoid.p[x as usize])
    }

    /// The certificate: table, P, Φ (what [`super::check`] verifies).
    pub fn certificate(&self) -> Certificate {
        Certificate {
            game: self.game.clone(),
            heaps: self.heaps,
            elements: self.elements.clone(),
            table: self.monoid.table.clone(),
            p: self.p.clone(),
            phi: self.phi.clone(),
        }
    }
}
