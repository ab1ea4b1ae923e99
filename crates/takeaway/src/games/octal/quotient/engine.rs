//! The quotient engine: `Q_1, Q_2, …, Q_N` heap by heap, each heap either
//! pretending to be an element already there (one exact check) or added by
//! its copies (exact, no outcome search; see the module docs of
//! [`super`]), and every
//! quotient checked exactly before it is used.

use super::error::QuotientError;
use super::heap_game::HeapGame;
use super::layers::{Layers, Recognizer, Stop};
use super::misere_quotient::{Generator, MisereQuotient, QuotientWork, Tameness};
use super::monoid::BipartiteMonoid;
use super::presentation::{Presentation, generator_name};
use crate::bound::stop as poll;
use crate::engine::Cancel;
use std::rc::Rc;

/// The largest heap bound (heaps are bytes in the search).
pub const MAX_HEAPS: usize = 255;

/// How far the engine may go before it refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotientLimits {
    /// The most elements of a quotient.
    pub max_elements: usize,
    /// The most states of all the product automata of the construction
    /// by copies together (layers' bases, assemblies; the command's
    /// `--max-positions`).
    pub max_positions: usize,
    /// The most verification states of all the exact checks together.
    pub max_states: usize,
}

impl Default for QuotientLimits {
    /// 4,096 elements, 3,000,000 product states, 3,000,000 verification
    /// states, each in all (seconds of CPU, tens of MB).
    fn default() -> Self {
        QuotientLimits {
            max_elements: 4096,
            max_positions: 3_000_000,
            max_states: 3_000_000,
        }
    }
}

/// [`misere_quotient`] stopped by `cancel`: the engine polls the token as
/// it memoises sums, checks states and takes counterexamples, and answers
/// [`QuotientError::Cancelled`] once it is cancelled (never a partial
/// quotient).
///
/// Law: the answer is [`misere_quotient`]'s when the token is never
/// cancelled; after a cancellation, `Err(Cancelled)`.
///
/// ```
/// use takeaway::engine::Cancel;
/// use takeaway::games::octal::code::OctalCode;
/// use takeaway::games::octal::quotient::{engine::{misere_quotient_until, QuotientLimits},
///     error::QuotientError, heap_game::OctalHeaps};
/// let dawson = OctalHeaps(OctalCode::parse("0.07").unwrap());
/// let token = Cancel::new();
/// token.cancel();
/// let e = misere_quotient_until(&dawson, 20, &QuotientLimits::default(), &token);
/// assert_eq!(e.unwrap_err(), QuotientError::Cancelled);
/// let q = misere_quotient_until(&dawson, 5, &QuotientLimits::default(), &Cancel::new());
/// assert_eq!(q.unwrap().heaps, 5);
/// ```
pub fn misere_quotient_until(
    game: &dyn HeapGame,
    heaps: usize,
    limits: &QuotientLimits,
    cancel: &Cancel,
) -> Result<MisereQuotient, QuotientError> {
    if cancel.is_cancelled() {
        return Err(QuotientError::Cancelled);
    }
    let token = cancel.clone();
    let (out, tripped) = poll::with_check(Rc::new(move || token.is_cancelled()), || {
        misere_quotient(game, heaps, limits)
    });
    if tripped {
        return Err(QuotientError::Cancelled);
    }
    out
}

/// The misère quotient `Q_N` of the closure of heaps `1..=heaps` of `game`.
///
/// Law: for every sum of heaps in `1..=heaps`, `is_p` equals the misère
/// outcome by exhaustive search; the quotient is refused (never guessed)
/// past the limits.
///
/// ```
/// use takeaway::games::octal::code::OctalCode;
/// use takeaway::games::octal::quotient::{engine::{misere_quotient, QuotientLimits},
///     heap_game::OctalHeaps, misere_quotient::Tameness};
/// let kayles = OctalHeaps(OctalCode::parse("0.77").unwrap());
/// let q = misere_quotient(&kayles, 3, &QuotientLimits::default()).unwrap();
/// // Kayles heaps 1..3 play like Nim heaps 1, 2, 3: the tame T2.
/// assert_eq!((q.order, q.p_count, q.tameness), (6, 2, Tameness::T2));
/// assert_eq!(q.is_p(&[1, 2, 3]), Some(true));
/// ```
pub fn misere_quotient(
    game: &dyn HeapGame,
    heaps: usize,
    limits: &QuotientLimits,
) -> Result<MisereQuotient, QuotientError> {
    if heaps == 0 || heaps > MAX_HEAPS {
        return Err(QuotientError::Bound {
            bound: heaps,
            max: MAX_HEAPS,
        });
    }
    let mut all_options: Vec<Vec<Vec<usize>>> = vec![Vec::new()];
    for n in 1..=heaps {
        let options = game.options(n);
        if let Some(bad) = options.iter().find(|o| o.iter().any(|&k| k == 0 || k >= n)) {
            return Err(QuotientError::NotSmaller {
                heap: n,
                option: bad.clone(),
            });
        }
        all_options.push(options);
    }
    // Heaps as bytes (heaps ≤ 255), each option listed once.
    let options: Vec<Vec<Vec<u8>>> = all_options
        .iter()
        .map(|opts| {
            let mut o: Vec<Vec<u8>> = opts
                .iter()
                .map(|m| {
                    let mut v: Vec<u8> = m.iter().map(|&k| k as u8).collect();
                    v.sort_unstable();
                    v
                })
                .collect();
            o.sort();
            o.dedup();
            o
        })
        .collect();
    let movable: Vec<bool> = options.iter().map(|o| !o.is_empty()).collect();
    let base = Recognizer::misere_base(&movable);
    let mut layers = Layers {
        options: &options,
        max_elements: limits.max_elements,
        max_check_states: limits.max_states,
        max_product_states: limits.max_positions,
        checks: 0,
        layers: 0,
        states: 0,
        products: 0,
    };
    // The empty sum: an N-position (no move), the trivial quotient.
    let mut q = Recognizer {
        mul: vec![vec![0]],
        img: vec![0],
        pred: vec![false],
    };
    let mut orders = vec![1usize];
    let mut changes = Vec::new();
    for n in 1..=heaps {
        if poll::stop_requested_now() {
            return Err(QuotientError::Cancelled);
        }
        let previous = q.order();
        q = layers.add_heap(&q, n, &base).map_err(|s| match s {
            Stop::TooLarge => QuotientError::TooLarge {
                heap: n,
                limit: limits.max_elements,
                previous_heap: n - 1,
                previous,
            },
            Stop::CheckStates => QuotientError::Work {
                heap: n,
                what: super::error::Work::VerifierStates,
                limit: limits.max_states,
                previous_heap: n - 1,
                previous,
            },
            Stop::ProductStates => QuotientError::Work {
                heap: n,
                what: super::error::Work::ProductStates,
                limit: limits.max_positions,
                previous_heap: n - 1,
                previous,
            },
            Stop::Cancelled => QuotientError::Cancelled,
            Stop::Inconsistent => QuotientError::Inconsistent { heap: n },
        })?;
        if q.order() > limits.max_elements {
            return Err(QuotientError::TooLarge {
                heap: n,
                limit: limits.max_elements,
                previous_heap: n - 1,
                previous,
            });
        }
        if q.order() > previous {
            changes.push(n);
        }
        orders.push(q.order());
    }
    let work = QuotientWork {
        checks: layers.checks,
        layers: layers.layers,
        verifier_states: layers.states,
    };
    let raw = BipartiteMonoid {
        table: q.mul,
        p: q.pred,
    };
    Ok(report(
        game,
        heaps,
        raw,
        q.img,
        &all_options,
        orders,
        changes,
        work,
    ))
}

#[allow(clippy::too_many_arguments)] // the report's parts, each used once
fn report(
    game: &dyn HeapGame,
    heaps: usize,
    raw: BipartiteMonoid,
    raw_phi: Vec<u32>,
    options: &[Vec<Vec<usize>>],
    orders: Vec<usize>,
    changes: Vec<usize>,
    work: QuotientWork,
) -> MisereQuotient {
    let n = raw.order();
    let gens = heap_generators(&raw, &raw_phi);
    let raw_pres = Presentation::new(&raw, &gens.iter().map(|&(x, _)| x).collect::<Vec<_>>());
    // Renumber by normal form.
    let order = raw_pres.element_order();
    let mut new_of = vec![0u32; n];
    for (new, &old) in order.iter().enumerate() {
        new_of[old as usize] = new as u32;
    }
    let monoid = BipartiteMonoid {
        table: order
            .iter()
            .map(|&x| {
                order
                    .iter()
                    .map(|&y| new_of[raw.mul(x, y) as usize])
                    .collect()
            })
            .collect(),
        p: order.iter().map(|&x| raw.p[x as usize]).collect(),
    };
    let phi: Vec<u32> = raw_phi.iter().map(|&x| new_of[x as usize]).collect();
    let gen_elems: Vec<u32> = gens.iter().map(|&(x, _)| new_of[x as usize]).collect();
    let pres = Presentation::new(&monoid, &gen_elems);
    let elements: Vec<String> = (0..n as u32).map(|x| pres.name(x)).collect();
    let tameness = if n == 1 {
        Tameness::Trivial
    } else if monoid.isomorphism(&BipartiteMonoid::t1()).is_some() {
        Tameness::T1
    } else if monoid.isomorphism(&BipartiteMonoid::t2()).is_some() {
        Tameness::T2
    } else {
        Tameness::Wild
    };
    let generators = gens
        .iter()
        .enumerate()
        .map(|(i, &(x, heap))| Generator {
            name: generator_name(i),
            element: new_of[x as usize],
            heap,
        })
        .collect();
    let p: Vec<u32> = (0..n as u32).filter(|&x| monoid.p[x as usize]).collect();
    MisereQuotient {
        game: game.name(),
        heaps,
        order: n,
        p_count: p.len(),
        elements,
        p,
        phi,
        generators,
        relations: pres.relations_text(),
        tameness,
        orders,
        changes,
        grundy: grundy(options),
        work,
        monoid,
    }
}

/// Heaps whose `Φ` is not a product of the earlier heaps' `Φ`, in order:
/// `(element, heap)`.
fn heap_generators(q: &BipartiteMonoid, phi: &[u32]) -> Vec<(u32, usize)> {
    let mut reached = vec![false; q.order()];
    reached[0] = true;
    let mut members = vec![0u32];
    let mut gens: Vec<(u32, usize)> = Vec::new();
    for (h, &x) in phi.iter().enumerate().skip(1) {
        if reached[x as usize] {
            continue;
        }
        gens.push((x, h));
        let mut i = 0;
        let mut frontier = members.clone();
        while i < frontier.len() {
            let m = frontier[i];
            i += 1;
            for &(g, _) in &gens {
                let v = q.mul(m, g);
                if !reached[v as usize] {
                    reached[v as usize] = true;
                    members.push(v);
                    frontier.push(v);
                }
            }
        }
    }
    gens
}

/// Normal-play Grundy values: `G(n) = mex { ⊕ G(parts of an option) }`.
fn grundy(options: &[Vec<Vec<usize>>]) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(options.len());
    for opts in options {
        let mut seen: Vec<bool> = vec![false; opts.len() + 1];
        for o in opts {
            let v = o.iter().fold(0u32, |acc, &h| acc ^ g[h]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        g.push(mex as u32);
    }
    g
}
