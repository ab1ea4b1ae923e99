//! Why a misère quotient is not given: too large, too much work, or a heap
//! game whose options break the rules of heap games. Never a guess.

use crate::games::advice::{Opt, Words};

/// What the engine counts against a work limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// States of the product automata of the construction by copies
    /// (layers' bases, assemblies), in all.
    ProductStates,
    /// States of the exact checks, in all.
    VerifierStates,
}

impl Work {
    /// The option of a request that sets this limit.
    ///
    /// ```
    /// use takeaway::games::Opt;
    /// use takeaway::games::octal::quotient::error::Work;
    /// assert_eq!(Work::VerifierStates.option(), Opt::MaxStates);
    /// ```
    pub fn option(self) -> Opt {
        match self {
            Work::ProductStates => Opt::MaxPositions,
            Work::VerifierStates => Opt::MaxStates,
        }
    }
}

impl std::fmt::Display for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Work::ProductStates => "product states",
            Work::VerifierStates => "verifier states",
        })
    }
}

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
        /// What was counted.
        what: Work,
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
    /// A quotient assembled from the layers failed its exact check:
    /// impossible by the construction's proof; refused rather than given.
    #[error(
        "heap {heap}: the quotient assembled from the layers failed its exact check (an internal inconsistency)"
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

impl QuotientError {
    /// The limit this error hit, as the option of a request that sets it
    /// and its value; `None` for an error no limit explains.
    ///
    /// ```
    /// use takeaway::games::Opt;
    /// use takeaway::games::octal::quotient::error::{QuotientError, Work};
    /// let e = QuotientError::Work { heap: 34, what: Work::VerifierStates, limit: 3_000_000, previous_heap: 33, previous: 638 };
    /// assert_eq!(e.limit(), Some((Opt::MaxStates, 3_000_000)));
    /// ```
    pub fn limit(&self) -> Option<(Opt, usize)> {
        match self {
            QuotientError::TooLarge { limit, .. } => Some((Opt::MaxElements, *limit)),
            QuotientError::Work { what, limit, .. } => Some((what.option(), *limit)),
            _ => None,
        }
    }

    /// What to do instead, in a front-end's words: raise the limit hit,
    /// or ask for the largest heap bound that was within it; `None` when
    /// no limit was hit.
    ///
    /// ```
    /// use takeaway::games::Fields;
    /// use takeaway::games::octal::quotient::error::{QuotientError, Work};
    /// let e = QuotientError::Work { heap: 34, what: Work::VerifierStates, limit: 3_000_000, previous_heap: 33, previous: 638 };
    /// assert_eq!(
    ///     e.advice(&Fields).unwrap(),
    ///     "raise the limit (`max_states` 6000000: more CPU time and memory) or ask for `heaps` 33, the largest bound within it"
    /// );
    /// ```
    pub fn advice(&self, words: &dyn Words) -> Option<String> {
        let (option, limit) = self.limit()?;
        // The last bound within the limits, and the limit's default: the
        // advice is twice the limit, or the default when the limit was set
        // below it (twice 0 would be no advice).
        let defaults = super::engine::QuotientLimits::default();
        let (previous_heap, default) = match self {
            QuotientError::TooLarge { previous_heap, .. } => {
                (*previous_heap, defaults.max_elements)
            }
            QuotientError::Work {
                previous_heap,
                what: Work::ProductStates,
                ..
            } => (*previous_heap, defaults.max_positions),
            QuotientError::Work {
                previous_heap,
                what: Work::VerifierStates,
                ..
            } => (*previous_heap, defaults.max_states),
            _ => return None,
        };
        let suggested = if limit < default {
            default
        } else {
            limit.saturating_mul(2)
        };
        let raise = format!(
            "raise the limit ({}: more CPU time and memory)",
            words.option_value(option, &suggested.to_string())
        );
        Some(if previous_heap == 0 {
            raise
        } else {
            format!(
                "{raise} or ask for {}, the largest bound within it",
                words.option_value(Opt::Heaps, &previous_heap.to_string())
            )
        })
    }
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
