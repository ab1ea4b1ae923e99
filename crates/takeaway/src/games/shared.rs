//! Helpers shared by the take-away families (one-pile, two-pile, Wythoff,
//! subtraction): a take from one pile and its checks, the messages for a pile
//! that does not exist, short numbers in explanations, and the bases of
//! Schwenk's theory. The families import these from here, never from each
//! other.

use crate::bound::Bound;
use crate::engine::Nat;
use crate::games::error::GameError;
use crate::games::error::Illegal;
use crate::numeration::base::Base;
use crate::spec::SpecError;
use num_bigint::BigUint;
use std::ops::ControlFlow;

/// Take `take` counters from pile `pile` (0-based).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Take<N> {
    /// Index of the pile, 0-based.
    pub pile: usize,
    /// Counters taken.
    pub take: N,
}

/// Calls `out` with the take of `t` from every pile that holds at least `t`,
/// in pile order, until it breaks.
///
/// ```
/// use std::ops::ControlFlow;
/// use takeaway::games::shared::take_from_each;
/// let mut seen = Vec::new();
/// let _ = take_from_each(&[3u64, 1, 5], &2, &mut |m| { seen.push(m.pile); ControlFlow::Continue(()) });
/// assert_eq!(seen, [0, 2]);
/// ```
pub fn take_from_each<N: Nat>(
    piles: &[N],
    t: &N,
    out: &mut dyn FnMut(Take<N>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (pile, p) in piles.iter().enumerate() {
        if t <= p {
            out(Take {
                pile,
                take: t.clone(),
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// "There is no pile K: the piles are numbered 1 to N" (1-based; "the game
/// has one pile" when N = 1).
///
/// ```
/// use takeaway::games::shared::no_pile;
/// assert_eq!(no_pile(3, 2).to_string(), "There is no pile 4: the piles are numbered 1 to 2");
/// ```
pub fn no_pile(index: usize, count: usize) -> GameError {
    Illegal::NoPile { index, count }.into()
}

/// Checks `1 ≤ take ≤ min(bound, pile)` with clear messages; shared by the
/// take-away families (`bound` `None`: unbounded).
///
/// ```
/// use takeaway::games::shared::check_take;
/// let err = check_take(&5u64, &9, Some(&4)).unwrap_err();
/// assert_eq!(err.to_string(), "You may take at most 4");
/// assert!(check_take(&3u64, &9, Some(&4)).is_ok());
/// ```
pub fn check_take<N: Nat>(take: &N, pile: &N, bound: Option<&N>) -> Result<(), GameError> {
    if take.is_zero() {
        return Err(Illegal::TakeNothing.into());
    }
    let most = match bound {
        Some(b) if b < pile => b,
        _ => pile,
    };
    if take > most {
        return Err(if most.is_zero() {
            Illegal::CannotTake
        } else {
            Illegal::TakeAtMost {
                most: most.to_big(),
            }
        }
        .into());
    }
    Ok(())
}

/// A number, shortened to its first and last digits when it is long (more
/// than 30 digits: the first and last 12 and the count).
///
/// ```
/// use num_bigint::BigUint;
/// use takeaway::games::shared::short;
/// assert_eq!(short(&BigUint::from(1234u32)), "1234");
/// assert_eq!(short(&BigUint::from(10u32).pow(40)), "100000000000…000000000000 (41 digits)");
/// ```
pub fn short(n: &BigUint) -> String {
    match crate::natural::short_decimal(n, 30, 12, 12) {
        crate::natural::ShortDecimal::Full(s) => s,
        crate::natural::ShortDecimal::Cut { head, tail, digits } => {
            format!("{head}…{tail} ({digits} digits)")
        }
    }
}

/// Why a theory does not apply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HypothesisFails(pub String);

/// The base a Schwenk answer uses: Fibonacci for `f = 2*t`, binary for `f = t`
/// (their H-sequences, paper 004), else the H-sequence of `f` built lazily;
/// with the base's name for explanations.
///
/// ```
/// use takeaway::bound::Bound;
/// use takeaway::games::shared::schwenk_base;
/// let (_, name) = schwenk_base(&Bound::parse("2*t").unwrap());
/// assert_eq!(name, "Fibonacci numbers (the H-sequence of f = 2t)");
/// ```
pub fn schwenk_base(f: &Bound) -> (Base, String) {
    match f.to_string().replace(' ', "").as_str() {
        "2*t" | "t*2" => (
            Base::fibonacci(),
            "Fibonacci numbers (the H-sequence of f = 2t)".into(),
        ),
        "t" => (
            Base::binary(),
            "powers of 2 (the H-sequence of f = t)".into(),
        ),
        _ => (
            Base::h_sequence(f.as_fn_of_t()),
            format!("the H-sequence of f = {f}"),
        ),
    }
}

/// Parses a base parameter: `fibonacci`, `binary`, or an explicit list;
/// `column` (1-based, of the text in the spec) places an error.
///
/// ```
/// use takeaway::games::shared::parse_base;
/// assert!(parse_base("1,2,3", 10).is_ok());
/// assert!(parse_base("fibonacci", 10).is_ok());
/// assert!(parse_base("1,x", 10).is_err());
/// ```
pub fn parse_base(text: &str, column: usize) -> Result<Base, GameError> {
    match text.trim() {
        "fibonacci" | "fib" => Ok(Base::fibonacci()),
        "binary" => Ok(Base::binary()),
        list => {
            let mut terms = Vec::new();
            let mut offset = 0usize;
            for part in list.split(',') {
                let v = crate::natural::parse_natural(part).map_err(|e| {
                    GameError::Spec(SpecError {
                        column: column + offset,
                        message: format!("base term: {e}"),
                    })
                })?;
                terms.push(v);
                offset += part.chars().count() + 1;
            }
            Base::explicit(terms).map_err(|e| {
                GameError::Spec(SpecError {
                    column,
                    message: format!("base: {e}"),
                })
            })
        }
    }
}
