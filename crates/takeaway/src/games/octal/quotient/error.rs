//! Why a misère quotient is not given: too large, too much work, or a heap
//! game whose options break the rules of heap games. Never a guess.

/// The error of the quotient engine and of the certificate checker.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuotientError {
    /// The quotient of heaps `1..=heap` has more elements than the limit.
    #[error(
        "the misère quotient of heaps 1..{heap} has more than {limit} elements (the size limit); Q_{previous_heap} has {previous}"
    )]
    TooLarge {
        /// The heap bound being computed.
        heap: usize,
        /// The size limit.
        limit: usize,
        /// The last bound computed in full.
        previous_heap: usize,
        /// Its order.
        previous: usize,
    },
    /// The computation needs more work than the limit.
    #[error(
        "the misère quotient of heaps 1..{heap} needs more than {limit} {what} (the work limit); Q_{previous_heap} has {previous} elements"
    )]
    Work {
        /// The heap bound being computed.
        heap: usize,
        /// What was counted (`positions`, `verifier states`).
        what: &'static str,
        /// The limit.
        limit: usize,
        /// The last bound computed in full.
        previous_heap: usize,
        /// Its order.
        previous: usize,
    },
    /// An option of a heap holds a heap that is not smaller.
    #[error("heap {heap}: the option {option:?} holds a heap that is not in 1..{heap}")]
    NotSmaller {
        /// The heap.
        heap: usize,
        /// The offending option.
        option: Vec<usize>,
    },
    /// The heap bound is out of range.
    #[error("heap bound {bound}: it must be between 1 and {max}")]
    Bound {
        /// The bound asked for.
        bound: usize,
        /// The largest supported.
        max: usize,
    },
    /// A counterexample gave no new experiment: impossible by the
    /// Rivest–Schapire argument; refused rather than looped on.
    #[error(
        "heap {heap}: the learner found no new experiment for a counterexample (an internal inconsistency)"
    )]
    Inconsistent {
        /// The heap bound being computed.
        heap: usize,
    },
    /// The computation was stopped by its cancel token (a deadline, a
    /// client gone, Ctrl-C) before it finished: nothing is known.
    #[error("the misère quotient computation was cancelled")]
    Cancelled,
    /// The checker's brute force needs more positions than its limit.
    #[error(
        "the check needs more than {limit} positions (its work limit): ask for fewer heaps per sum"
    )]
    CheckLimit {
        /// The limit.
        limit: usize,
    },
    /// A certificate that does not have the shape of a bipartite monoid.
    #[error("certificate: {0}")]
    Malformed(String),
    /// A certificate whose answer differs from the brute-force outcome.
    #[error(
        "certificate fails on the sum {sum}: the certificate says {claimed}, brute force says {actual}",
        sum = sum_text(.sum),
        claimed = outcome_text(*.claimed_p),
        actual = outcome_text(!*.claimed_p)
    )]
    Fails {
        /// The first failing sum (heap sizes, ascending), in the checker's order.
        sum: Vec<usize>,
        /// Whether the certificate says P.
        claimed_p: bool,
    },
}

fn sum_text(sum: &[usize]) -> String {
    if sum.is_empty() {
        return "0 (no heap)".to_string();
    }
    let parts: Vec<String> = sum.iter().map(ToString::to_string).collect();
    parts.join(" + ")
}

fn outcome_text(p: bool) -> &'static str {
    if p { "P" } else { "N" }
}
