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
//! The engine computes `Q_1, Q_2, …, Q_N` heap by heap, with no outcome
//! search: every quotient is built from the one before by exact operations
//! on finite automata (the private module `layers`, where the proofs are).
//!
//! 1. **The rule with a base.** For a language `B` of sums recognised by a
//!    finite monoid, `S(B)` is the set of sums `G` with `G ∉ B` and no
//!    option in `S(B)`. Misère play is `B` = "no heap has a move": `S(B)`
//!    is the set of P-positions and its syntactic monoid is `Q_N` (for a
//!    commutative language the Nerode congruence is a congruence, and the
//!    minimal automaton's states multiply).
//! 2. **Pretending.** Heap `n` is first tried as each element `e` of
//!    `Q_{n−1}` (those with the outcome of heap `n` alone): the candidate
//!    "`Q_{n−1}` with `Φ(n) = e`" is checked exactly (the verification
//!    states: a sum's image, its base image and the set of futures at
//!    which one of its options lands in P — finitely many, and the
//!    candidate is correct iff every reachable state obeys the rule). A
//!    correct one is `Q_n`: its elements are already told apart by sums of
//!    smaller heaps. This is Plambeck–Siegel's case "heap `n` pretends to
//!    be an element already there".
//! 3. **Copies.** Otherwise, with `f_k(G) = [G + k·n ∈ S(B)]` for sums `G`
//!    of smaller heaps: `f_0` is `Q_{n−1}`, and `f_k = S(B_k)` with the base
//!    `B_k(G) = B(G + k·n) ∨ ∃ option m of n: f_{k−1}(G + m)` — the same
//!    problem on heaps `1..n−1`, solved by the same procedure
//!    (recursively). Once `(f_k, ψ_B(n)^k)` repeats an earlier pair
//!    (compared exactly) the layers repeat for ever; the automaton of
//!    `(copies of n, images of G in every layer)` recognises `S(B)` on
//!    heaps `1..=n`, and minimised it is `Q_n`. It is checked exactly once
//!    more (a safeguard) before it is used.
//!
//! Every language met along the way is recognised by the quotient being
//! computed, so no intermediate monoid is larger than the answer: the size
//! limit is a limit on `|Q_N|`. `Q_n` maps onto `Q_{n−1}` on the sums of
//! smaller heaps, so `|Q_n| ≥ |Q_{n−1}|`, with equality exactly when heap
//! `n` pretends (Plambeck–Siegel's "the quotient did not change").
//!
//! Cost: the exact checks (their states grow with the quotient and the
//! number of kinds of heaps) and the layers' recursion (one sub-problem
//! per copy count of each heap that does not pretend, at every depth).
//! Misère Dawson's Kayles reaches the published `Q_30` (360 elements) in
//! seconds; see BENCHMARKS.md. Refusals are typed
//! ([`error::QuotientError`]): a monoid larger than the size limit, or more
//! verification states or product-automaton states in all than the work
//! limits (so every computation is bounded).
//!
//! History: an earlier engine learnt each quotient from exhaustive-search
//! outcomes (Angluin's L* with Rivest–Schapire counterexamples, accepted by
//! the exact check); its outcome search needed more than 3·10⁷ memoised
//! sums for `Q_25(0.07)`, which the copies construction computes without
//! any search.
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
mod layers;
pub mod misere_quotient;
pub mod monoid;
pub mod presentation;
