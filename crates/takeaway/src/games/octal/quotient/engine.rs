//! The quotient engine: `Q_1, Q_2, …, Q_N` heap by heap, each candidate
//! learnt from outcomes ([`super::learner`]) and accepted only after the
//! exact check ([`super::verify`]).
//!
//! For each bound `n` the learner's table gains heap `n` as a letter, then:
//! while the candidate's transitions do not commute, or the exact check
//! finds a sum it answers wrongly, that sum gives a new experiment (and at
//! least one new state). Each state is a distinct element of `Q_n`, so this
//! stops after at most `|Q_n|` counterexamples; the accepted candidate is
//! correct on every sum and reduced, hence it *is* `Q_n` (see the module
//! docs of [`super`]).

use super::error::QuotientError;
use super::heap_game::HeapGame;
use super::learner::{Learner, Stop};
use super::misere_quotient::{Generator, MisereQuotient, QuotientWork, Tameness};
use super::monoid::BipartiteMonoid;
use super::outcome::{Known, Safe};
use super::presentation::{Presentation, generator_name};
use super::verify::{Candidate, Verdict, rule_step, verify};
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
    /// The most sums in the outcome memo.
    pub max_positions: usize,
    /// The most states of one exact check.
    pub max_states: usize,
}

impl Default for QuotientLimits {
    /// 4,096 elements, 3,000,000 sums, 3,000,000 verification states (a
    /// few hundred MB at most).
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
    let mut learner = Learner::new(limits.max_positions);
    let mut orders = vec![1usize];
    let mut changes = Vec::new();
    let mut all_options: Vec<Vec<Vec<usize>>> = vec![Vec::new()];
    let mut counterexamples = 0usize;
    let mut verifier_states = 0usize;
    for n in 1..=heaps {
        if poll::stop_requested_now() {
            return Err(QuotientError::Cancelled);
        }
        let options = game.options(n);
        if let Some(bad) = options.iter().find(|o| o.iter().any(|&k| k == 0 || k >= n)) {
            return Err(QuotientError::NotSmaller {
                heap: n,
                option: bad.clone(),
            });
        }
        let previous = *orders.last().unwrap_or(&1);
        let stop = |s: Stop| match s {
            Stop::TooLarge => QuotientError::TooLarge {
                heap: n,
                limit: limits.max_elements,
                previous_heap: n - 1,
                previous,
            },
            Stop::Positions => QuotientError::Work {
                heap: n,
                what: "positions",
                limit: limits.max_positions,
                previous_heap: n - 1,
                previous,
            },
            Stop::Stuck => QuotientError::Inconsistent { heap: n },
        };
        // Heap n − 1's weight back to plain before the table is rebuilt
        // and heap n's weight computed (heap n's is lifted while it is new).
        learner.outcomes.settle();
        if let Some(w) = learner.outcomes.weights() {
            let w = w.to_vec();
            learner.rebase(&w);
        }
        learner.outcomes.push_heap(&options);
        all_options.push(options);
        let extended = match extension(&mut learner, n, limits).map_err(stop)? {
            Some((e, states)) => {
                verifier_states = states;
                learner.push_heap_as(e, limits.max_elements).map_err(stop)?;
                true
            }
            None => {
                learner.push_heap(limits.max_elements).map_err(stop)?;
                false
            }
        };
        #[allow(clippy::while_immutable_condition)] // left by break or return
        while !extended {
            if poll::stop_requested_now() {
                return Err(QuotientError::Cancelled);
            }
            if let Some(e) = commuting_counterexample(&mut learner).map_err(stop)? {
                counterexamples += 1;
                learner
                    .push_experiment(e, limits.max_elements)
                    .map_err(stop)?;
                continue;
            }
            let verdict = {
                let p: Vec<bool> = (0..learner.states() as u32)
                    .map(|s| learner.is_p(s))
                    .collect();
                let weights = weights(&learner, n);
                let candidate = Candidate {
                    trans: &learner.trans,
                    p: &p,
                    options: (0..=n).map(|h| learner.outcomes.options(h)).collect(),
                    movable: (0..=n).map(|h| learner.outcomes.movable(h)).collect(),
                    weights: &weights,
                };
                let verdict = verify(&candidate, limits.max_states);
                if let Verdict::Fails(_, weight) = verdict {
                    let trans = learner.trans.clone();
                    learner.outcomes.offer_safe(Safe {
                        trans: trans.clone(),
                        p: p.clone(),
                        weight,
                    });
                    boost(&mut learner, trans, p, n, limits);
                }
                verdict
            };
            match verdict {
                Verdict::Correct { states } => {
                    verifier_states = states;
                    break;
                }
                Verdict::OverLimit => {
                    return Err(QuotientError::Work {
                        heap: n,
                        what: "verifier states",
                        limit: limits.max_states,
                        previous_heap: n - 1,
                        previous,
                    });
                }
                Verdict::Fails(word, _) => {
                    let e = wrong_answer(&mut learner, &word)
                        .map_err(stop)?
                        .ok_or(QuotientError::Inconsistent { heap: n })?;
                    counterexamples += 1;
                    learner
                        .push_experiment(e, limits.max_elements)
                        .map_err(stop)?;
                }
            }
        }
        // Q_n is proved: it answers every sum of heaps 1..=n from now on.
        let table = (0..learner.states() as u32)
            .map(|x| {
                (0..learner.states())
                    .map(|y| learner.run(x, &learner.paths[y]))
                    .collect()
            })
            .collect();
        let known = Known {
            bound: n,
            phi: std::iter::once(0)
                .chain((1..=n).map(|h| learner.trans[0][h - 1]))
                .collect(),
            table,
            p: (0..learner.states() as u32)
                .map(|s| learner.is_p(s))
                .collect(),
        };
        learner.outcomes.set_known(known);
        if learner.states() > previous {
            changes.push(n);
        }
        orders.push(learner.states());
    }
    let work = QuotientWork {
        positions: learner.outcomes.positions(),
        experiments: learner.experiments.len(),
        counterexamples,
        verifier_states,
    };
    Ok(report(
        game,
        heaps,
        &learner,
        &all_options,
        orders,
        changes,
        work,
    ))
}

/// The heaps' weights for the exact check (all 1 when a weight is past
/// `u64`: the check is then breadth-first, and no candidate is kept as safe).
fn weights(learner: &Learner, n: usize) -> Vec<u64> {
    match learner.outcomes.weights() {
        Some(w) => w.to_vec(),
        None => vec![1; n + 1],
    }
}

/// The conservative extension: is heap `n` indistinguishable from a sum
/// of smaller heaps? The learner's states are the proved `Q_{n−1}`; for
/// each element `e` (those with the outcome of heap `n` alone first), the
/// candidate "`Q_{n−1}`, with heap `n`
/// acting as `e`" is checked exactly. A correct one is `Q_n` itself: it
/// answers every sum of heaps `1..=n` correctly, and its elements are
/// pairwise distinguished already by sums of smaller heaps (`Q_{n−1}` is
/// reduced), so it is reduced. A failed check still leaves a safe
/// candidate (the lemma of the least failure) for the search to use.
fn extension(
    learner: &mut Learner,
    n: usize,
    limits: &QuotientLimits,
) -> Result<Option<(u32, usize)>, Stop> {
    let states = learner.states();
    let single = learner.oracle(&[&[n as u8]])?;
    let weights = weights(learner, n);
    let options: Vec<&[Vec<u8>]> = (0..=n).map(|h| learner.outcomes.options(h)).collect();
    let movable: Vec<bool> = (0..=n).map(|h| learner.outcomes.movable(h)).collect();
    let p: Vec<bool> = (0..states as u32).map(|s| learner.is_p(s)).collect();
    let mut safe: Option<Safe> = None;
    let mut found = None;
    // Elements that pass the filter first, then the others (a failed check
    // of any of them still gives a safe candidate).
    let passes = |e: u32| p[e as usize] == single;
    let mut order: Vec<u32> = (0..states as u32).filter(|&e| passes(e)).collect();
    let tried = order.len();
    order.extend((0..states as u32).filter(|&e| !passes(e)));
    for (i, &e) in order.iter().enumerate() {
        if i >= tried && safe.is_some() {
            break;
        }
        let path = learner.paths[e as usize].clone();
        let trans: Vec<Vec<u32>> = (0..states as u32)
            .map(|s| {
                let mut row = learner.trans[s as usize].clone();
                row.push(learner.run(s, &path));
                row
            })
            .collect();
        let candidate = Candidate {
            trans: &trans,
            p: &p,
            options: options.clone(),
            movable: movable.clone(),
            weights: &weights,
        };
        match verify(&candidate, limits.max_states) {
            Verdict::Correct { states } => {
                found = Some((e, states));
                break;
            }
            Verdict::Fails(_, weight) => {
                if weight > safe.as_ref().map_or(0, |s| s.weight) {
                    safe = Some(Safe {
                        trans,
                        p: p.clone(),
                        weight,
                    });
                }
            }
            Verdict::OverLimit => {}
        }
    }
    if found.is_none()
        && let Some(safe) = safe
    {
        let (trans, p) = (safe.trans.clone(), safe.p.clone());
        learner.outcomes.offer_safe(safe);
        boost(learner, trans, p, n, limits);
    }
    Ok(found)
}

/// The most rounds of [`rule_step`] from one failed candidate.
const BOOST_ROUNDS: usize = 16;

/// How many times larger than the candidate a step may grow (the steps of
/// a candidate wrong on many copies of a heap keep growing).
const BOOST_GROWTH: usize = 8;

/// From a commuting candidate whose check failed, applies the misère rule
/// step by step ([`rule_step`]): each step's lightest wrong sum is heavier
/// than the last, and each step is kept as the safe candidate. A step that
/// passes the exact check is correct and minimal, hence `Q_n` itself: it
/// is kept as safe at every weight, so the learner's remaining queries are
/// products. Stops at the rounds' or the limits' end.
fn boost(
    learner: &mut Learner,
    mut trans: Vec<Vec<u32>>,
    mut p: Vec<bool>,
    n: usize,
    limits: &QuotientLimits,
) {
    let weights = weights(learner, n);
    let options: Vec<&[Vec<u8>]> = (0..=n).map(|h| learner.outcomes.options(h)).collect();
    let movable: Vec<bool> = (0..=n).map(|h| learner.outcomes.movable(h)).collect();
    let mut offers = Vec::new();
    let start = trans.len().max(16);
    for _ in 0..BOOST_ROUNDS {
        let candidate = Candidate {
            trans: &trans,
            p: &p,
            options: options.clone(),
            movable: movable.clone(),
            weights: &weights,
        };
        let Some((t2, p2)) = rule_step(&candidate, limits.max_states) else {
            break;
        };
        if t2.len() > limits.max_elements.min(start.saturating_mul(BOOST_GROWTH)) {
            break;
        }
        let next = Candidate {
            trans: &t2,
            p: &p2,
            options: options.clone(),
            movable: movable.clone(),
            weights: &weights,
        };
        let verdict = verify(&next, limits.max_states);
        match verdict {
            Verdict::Correct { .. } => {
                offers.push(Safe {
                    trans: t2,
                    p: p2,
                    weight: u64::MAX,
                });
                break;
            }
            Verdict::Fails(_, weight) => {
                offers.push(Safe {
                    trans: t2.clone(),
                    p: p2.clone(),
                    weight,
                });
                trans = t2;
                p = p2;
            }
            Verdict::OverLimit => break,
        }
    }
    for safe in offers {
        learner.outcomes.offer_safe(safe);
    }
}

/// A new experiment from two orders of reading the same sum that end in
/// different states (`None` when the transitions commute).
fn commuting_counterexample(learner: &mut Learner) -> Result<Option<Vec<u8>>, Stop> {
    let Some((s, h, j)) = learner.non_commuting() else {
        return Ok(None);
    };
    let f1 = learner.run(s, &[h, j]) as usize;
    let f2 = learner.run(s, &[j, h]) as usize;
    let e = (0..learner.experiments.len())
        .find(|&i| learner.rows[f1][i] != learner.rows[f2][i])
        .ok_or(Stop::Stuck)?;
    let suffix = learner.experiments[e].clone();
    for last in [[h, j], [j, h]] {
        let mut word = learner.paths[s as usize].clone();
        word.extend_from_slice(&last);
        if let Some(e) = learner.split(&word, &suffix)? {
            return Ok(Some(e));
        }
    }
    Err(Stop::Stuck)
}

/// The sum of `word` or one of its options is answered wrongly by the
/// candidate (the exact check's theorem); its experiment.
fn wrong_answer(learner: &mut Learner, word: &[u8]) -> Result<Option<Vec<u8>>, Stop> {
    let mut sums: Vec<Vec<u8>> = vec![word.to_vec()];
    for i in 0..word.len() {
        let h = word[i] as usize;
        for m in learner.outcomes.options(h).to_vec() {
            let mut w: Vec<u8> = word[..i].to_vec();
            w.extend_from_slice(&word[i + 1..]);
            w.extend_from_slice(&m);
            sums.push(w);
        }
    }
    for w in sums {
        if let Some(e) = learner.split(&w, &[])? {
            return Ok(Some(e));
        }
    }
    Ok(None)
}

fn report(
    game: &dyn HeapGame,
    heaps: usize,
    learner: &Learner,
    options: &[Vec<Vec<usize>>],
    orders: Vec<usize>,
    changes: Vec<usize>,
    work: QuotientWork,
) -> MisereQuotient {
    let n = learner.states();
    let raw = BipartiteMonoid {
        table: (0..n as u32)
            .map(|x| (0..n).map(|y| learner.run(x, &learner.paths[y])).collect())
            .collect(),
        p: (0..n as u32).map(|s| learner.is_p(s)).collect(),
    };
    let raw_phi: Vec<u32> = std::iter::once(0)
        .chain((1..=heaps).map(|h| learner.trans[0][h - 1]))
        .collect();
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
