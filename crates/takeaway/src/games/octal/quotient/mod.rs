//! Misère quotients of heap games (Plambeck, "Taming the wild in impartial
//! combinatorial games", INTEGERS 5 (2005) #G05; Plambeck & Siegel,
//! "Misère quotients for impartial games", JCTA 115 (2008)).
//!
//! For a heap game ([`heap_game`]: octal codes, Nim, subtraction sets) and a
//! heap bound `N`, let `A_N` be the sums of heaps from `1..=N` (closed under
//! options and sums). Two sums are *indistinguishable*, `G ≡ H`, when
//! `o⁻(G + X) = o⁻(H + X)` for every `X ∈ A_N`; the classes form the misère
//! quotient `Q_N`, a finite or infinite commutative monoid with the
//! P-portion `P` (the classes of P-positions) and the pretending function
//! `Φ(h)` (the class of heap `h`). Then `h₁ + … + h_k` is a misère
//! P-position exactly when `Φ(h₁)⋯Φ(h_k) ∈ P`.
//!
//! # The algorithm (written for takeaway; not MisereSolver's)
//!
//! `Q_N` is the syntactic monoid of the set of P-positions in the free
//! commutative monoid `A_N`: equivalently, the states of the minimal
//! automaton that reads a sum heap by heap and answers its outcome (for a
//! commutative language the Nerode right congruence is a congruence, and
//! its classes multiply). The engine learns that automaton:
//!
//! 1. **Learn** ([`learner`]): Angluin's L* with Rivest–Schapire's
//!    counterexamples. Representatives (sums) with pairwise different rows
//!    of outcomes `o⁻(rep + e)` over experiments `e` are pairwise
//!    distinguishable, so they are distinct elements of `Q_N`: the candidate
//!    never has more states than `|Q_N|`, and each counterexample adds at
//!    least one state, so at most `|Q_N|` counterexamples are needed when
//!    `Q_N` is finite. The outcomes come from an exhaustive search with a
//!    memo ([`outcome`]).
//! 2. **Commute**: the candidate's transitions must commute; two orders of
//!    the same sum ending in states with different rows give a
//!    counterexample.
//! 3. **Check exactly** ([`verify`]): for a commuting candidate, what the
//!    misère rule needs of a sum (its product, the products of the sum
//!    without one heap of each value, and which options reach `P`) is a
//!    finite *verification state*, updated heap by heap; the candidate
//!    answers every sum correctly iff every reachable verification state
//!    obeys the misère rule (theorem and proof in [`verify`]). A failing
//!    state gives a sum at which, or at an option of which, the candidate
//!    is wrong: a counterexample.
//! 4. **Accept**: a correct candidate whose states have pairwise different
//!    rows is reduced (two states are distinguished by an experiment, and
//!    the candidate answers every sum correctly), so its states, multiplied
//!    by reading one state's representative from the other, are `Q_N`
//!    itself: if `Φ: A_N → Q` is onto, correct and reduced, then `G ≡ H ⇔
//!    Φ(G) = Φ(H)` (Plambeck–Siegel's reduction of a bipartite monoid by
//!    `x ρ y ⇔ (xz ∈ P ⇔ yz ∈ P for all z)` is the identity here).
//!
//! The engine runs this for `n = 1, 2, …, N`, keeping the table (rows of
//! sums of smaller heaps do not change when a heap is added), so it reports
//! `|Q_n|` for every `n` and the heaps where the quotient grew. `Q_n`
//! maps onto `Q_{n−1}` on the sums of smaller heaps, so `|Q_n| ≥ |Q_{n−1}|`,
//! with equality exactly when `Q_n ≅ Q_{n−1}` and heap `n` pretends to be
//! an element already there (Plambeck–Siegel's "the quotient did not
//! change").
//!
//! Cost: the exhaustive outcomes of sums `rep + heap + experiment` (the
//! memo is the limit that binds first on wild games), and the exact check,
//! whose states grow with the number of heap values and the quotient.
//! Refusals are typed ([`error::QuotientError`]): a quotient larger than
//! the size limit, or more work than the work limits, is reported as such.
//!
//! What did not work or was not tried: checking a candidate only on sums
//! with few heaps cannot prove it (a failure may need many heaps), hence
//! the verification states; MisereSolver's conservative-extension step
//! (Plambeck–Siegel §6) is not implemented — each bound is relearnt from
//! the previous table instead.
//!
//! ```
//! use takeaway::games::octal::quotient::{engine::{misere_quotient, QuotientLimits},
//!     heap_game::Nim};
//! // Misère Nim heaps < 4: order 2² + 2 = 6 (Plambeck–Siegel 2008).
//! let q = misere_quotient(&Nim, 3, &QuotientLimits::default()).unwrap();
//! assert_eq!(q.order, 6);
//! ```

pub mod cache;
pub mod certificate;
pub mod check;
pub mod disk;
pub mod engine;
pub mod error;
pub mod heap_game;
pub mod learner;
pub mod misere_quotient;
pub mod monoid;
pub mod outcome;
pub mod presentation;
pub mod verify;
