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
//! Before learning, and to make the learner's outcomes cheap:
//!
//! - **Extend conservatively** ([`engine`]): for each element `e` of the
//!   proved `Q_{n−1}`, the candidate "`Q_{n−1}` with heap `n` acting as
//!   `e`" is checked exactly. If one passes, it *is* `Q_n` (correct, and
//!   reduced because sums of smaller heaps already tell its elements
//!   apart), found with no outcome search beyond the heap `n` alone (the
//!   elements with its outcome are tried first); the learner's table gains the
//!   letter `n` with the rows of `e` (exact: a state's row is the row of
//!   every sum it answers). This is Plambeck–Siegel's case "heap `n`
//!   pretends to be an element already there".
//! - **Safe candidates** ([`verify`], [`outcome`]): the exact check visits
//!   the verification states in order of the lightest sum reaching them
//!   (every heap has a weight larger than the total weight of each of its
//!   options, so options are lighter than the sum). Its first failure `F`
//!   is then a lightest wrong sum: every lighter sum is answered correctly
//!   by the candidate (the lemma and its proof are in [`verify`]). The
//!   failed candidate is kept as *safe below `w(F)`* and answers those
//!   sums in place of the search; a sum of the search is explored only
//!   while it is heavier. A safe candidate is pushed further by the
//!   *rule step* (`verify::rule_step`): the automaton of the
//!   verification states, answering the misère rule on the candidate's
//!   answers for the options, minimised. It is wrong only where an option
//!   was answered wrongly, so its lightest wrong sum is strictly heavier;
//!   if its exact check passes it is `Q_n` (a correct minimal automaton of
//!   the commutative language of P-positions is its syntactic monoid).
//!   Each step can grow the automaton (a candidate wrong on many copies of
//!   a heap stays wrong one copy further), so the steps stop at a size
//!   bound and after a few rounds.
//! - **The new heap weighs more** ([`outcome`]): while heap `n` is learnt
//!   its weight is lifted by `2^32` (the lemma needs only that every
//!   option of a heap is lighter than the heap, which stays true), so a
//!   candidate whose lightest wrong sum holds two copies of heap `n` is
//!   safe on every sum with one copy; the search of a sum then stops at
//!   its first move in a second copy. Misère Kayles at heap 27 (where a
//!   candidate is first wrong at `27 + 27`): Q_27 was refused past
//!   2·10⁷ memoised sums; it now takes about 3.5·10⁵ sums for heap 27.
//!
//! None of the short cuts changes what is proved: outcomes stay exact (the
//! search's answers, or a proved quotient's, or a candidate's below its
//! safe weight), and every accepted quotient has passed the exact check.
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
//! the verification states. Iterating the rule step alone from a wrong
//! extension does not converge in practice (0.07 at heap 25: 32, 320, 434,
//! 1,478, 2,202, 7,202 states, lightest failure 15, 16, 17, 20, 21, 22),
//! hence the size bound and the learner. When the quotient grows at heap
//! `n` the learner still needs exact outcomes of sums heavier than any
//! safe weight reached (0.07 at heap 25, where `Q_24` has 24 elements:
//! safe weight 28, more than 3·10⁶ sums): Q_25(0.07) is not reached yet.
//! When a heap changes the quotient, each element's row over the old
//! experiments is recomputed through the search; lighter experiments (the
//! lightest sum telling two states apart) are not tried yet. The lift does
//! not help a heap whose candidates are already wrong with one copy
//! (Kayles at heap 25: first wrong at `1 + 5 + 25`; about 2.4·10⁶ sums),
//! and weights that double with each heap (`w(h) = 1 + 2·` the heaviest
//! option) did worse (Kayles Q_25 refused at 3·10⁶ sums).
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
