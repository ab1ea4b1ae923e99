//! Property tests of the move-bound language (pinned case counts):
//! Display round trip, fast `eval_u64` against exact `eval`, the parser never
//! panicking, and the range checks against brute force.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use proptest::prelude::*;
use takeaway::bound::Bound;
use takeaway::bound::ast::{AddOp, CmpOp, Expr, MulOp, Var};

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        4 => (0u64..12).prop_map(|v| Expr::Num(BigUint::from(v))),
        // Constants near and beyond the machine-word limits, to force overflow.
        1 => prop::sample::select(vec![
            BigUint::from(i64::MAX as u64),
            BigUint::from(1u64 << 62),
            BigUint::from(u64::MAX),
            BigUint::from(1u8) << 70usize,
            BigUint::from(1_000_000_007u64),
        ])
        .prop_map(Expr::Num),
        3 => Just(Expr::Var(Var::T)),
        3 => Just(Expr::Var(Var::N)),
    ]
}

fn add_op() -> impl Strategy<Value = AddOp> {
    prop::sample::select(vec![AddOp::Add, AddOp::Sub])
}

fn mul_op() -> impl Strategy<Value = MulOp> {
    prop::sample::select(vec![MulOp::Mul, MulOp::Mul, MulOp::Div, MulOp::Mod])
}

fn cmp_op() -> impl Strategy<Value = CmpOp> {
    prop::sample::select(vec![
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Eq,
        CmpOp::Ne,
        CmpOp::Ge,
        CmpOp::Gt,
    ])
}

/// Random trees with the parser's shape invariants (non-empty chains,
/// ≥ 2 operands for `&&`/`||`, ≥ 1 for min/max).
fn expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(5, 48, 4, |inner| {
        let b = || inner.clone().prop_map(Box::new);
        prop_oneof![
            b().prop_map(Expr::Neg),
            b().prop_map(Expr::Not),
            (b(), prop::collection::vec((add_op(), inner.clone()), 1..4))
                .prop_map(|(f, r)| Expr::Sum(f, r)),
            (b(), prop::collection::vec((mul_op(), inner.clone()), 1..4))
                .prop_map(|(f, r)| Expr::Product(f, r)),
            (cmp_op(), b(), b()).prop_map(|(o, x, y)| Expr::Compare(o, x, y)),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Expr::And),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Expr::Or),
            prop::collection::vec(inner.clone(), 1..4).prop_map(Expr::Min),
            prop::collection::vec(inner.clone(), 1..4).prop_map(Expr::Max),
            (b(), b(), b()).prop_map(|(c, x, y)| Expr::If(c, x, y)),
        ]
    })
}

/// Small values most of the time, with word-boundary values mixed in.
fn arg() -> impl Strategy<Value = u64> {
    prop_oneof![
        6 => 0u64..20,
        2 => 0u64..=u64::from(u32::MAX),
        1 => prop::sample::select(vec![
            i64::MAX as u64 - 1,
            i64::MAX as u64,
            i64::MAX as u64 + 1,
            u64::MAX - 1,
            u64::MAX,
            1u64 << 32,
        ]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Law: `parse(display(e)) == e`.
    #[test]
    fn display_round_trips(e in expr()) {
        let text = e.to_string();
        let parsed = Bound::parse(&text).map_err(|err| TestCaseError::fail(format!("{text}: {err}")))?;
        prop_assert_eq!(parsed.expr(), &e, "{}", text);
        prop_assert_eq!(parsed.to_string(), text);
    }

    /// Law: `eval_u64(n, t) == min(eval(n, t), u64::MAX)`, or both fail alike.
    #[test]
    fn fast_evaluation_matches_exact(e in expr(), n in arg(), t in arg()) {
        let b = Bound::from_expr(e);
        let exact = b.eval(&BigUint::from(n), &BigUint::from(t));
        let fast = b.eval_u64(n, t);
        match exact {
            Ok(v) => prop_assert_eq!(fast, Ok(v.to_u64().unwrap_or(u64::MAX)), "{}", b),
            Err(err) => prop_assert_eq!(fast, Err(err), "{}", b),
        }
    }

    /// The parser returns (never panics) on arbitrary printable text.
    #[test]
    fn parser_never_panics_on_strings(s in "\\PC{0,80}") {
        let _ = Bound::parse(&s);
    }

    /// ... and on text drawn from the language's own alphabet.
    #[test]
    fn parser_never_panics_on_near_miss_strings(s in "[tnminaxf0-9+*/%()<>=!&|, -]{0,80}") {
        if let Err(e) = Bound::parse(&s) {
            prop_assert!(e.column >= 1 && e.column <= s.chars().count() + 1, "{}: {}", s, e);
        }
    }

    /// ... and on random token sequences; accepted ones round-trip.
    #[test]
    fn parser_never_panics_on_token_sequences(
        tokens in prop::collection::vec(prop::sample::select(vec![
            "t", "n", "0", "7", "18446744073709551616", "+", "-", "*", "/", "%", "(", ")", ",",
            "<", "<=", "==", "!=", ">=", ">", "&&", "||", "!", "min", "max", "if", "x", "=", " ",
        ]), 0..40)
    ) {
        let s: String = tokens.concat();
        match Bound::parse(&s) {
            Ok(b) => {
                let again = Bound::parse(&b.to_string());
                prop_assert_eq!(again, Ok(b), "{}", s);
            }
            Err(e) => prop_assert!(e.column >= 1 && e.column <= s.chars().count() + 1, "{}: {}", s, e),
        }
    }
}

/// Brute force of "nondecreasing in t on 1..=t_max" from the definition.
fn brute_nondecreasing(b: &Bound, n_max: u64, t_max: u64) -> bool {
    (0..=n_max).all(|n| {
        (2..=t_max).all(|t| {
            let z = |t: u64| b.eval(&BigUint::from(n), &BigUint::from(t));
            matches!((z(t - 1), z(t)), (Ok(a), Ok(c)) if a <= c)
        }) && (t_max == 0 || b.eval(&BigUint::from(n), &BigUint::from(1u8)).is_ok())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The range checks agree with brute force from their definitions.
    #[test]
    fn range_checks_match_brute_force(e in expr()) {
        let b = Bound::from_expr(e);
        let (n_max, t_max) = (4u64, 12u64);
        let at = |n: u64, t: u64| b.eval(&BigUint::from(n), &BigUint::from(t));
        prop_assert_eq!(b.check_nondecreasing_in_t(0..=n_max, t_max).is_ok(), brute_nondecreasing(&b, n_max, t_max));
        let at_least = (0..=n_max).all(|n| (1..=t_max).all(|t| matches!(at(n, t), Ok(v) if v >= BigUint::from(t))));
        prop_assert_eq!(b.check_at_least_t(0..=n_max, t_max).is_ok(), at_least);
        let independent = (1..=t_max).all(|t| (0..=n_max).all(|n| matches!((at(n, t), at(0, t)), (Ok(x), Ok(y)) if x == y)));
        prop_assert_eq!(b.check_independent_of_n(n_max, t_max).is_ok(), independent);
        let f1 = (0..=n_max).all(|n| matches!(at(n, 1), Ok(v) if v >= BigUint::from(1u8)));
        prop_assert_eq!(b.check_f1_at_least_1(0..=n_max).is_ok(), f1);
    }
}

#[test]
fn counterexample_descriptions() {
    // Values by hand: 10 - t at t = 1, 2 is 9, 8.
    let c = Bound::parse("10 - t")
        .unwrap()
        .check_nondecreasing_in_t(0..=3, 5)
        .unwrap_err();
    assert_eq!((c.n, c.t), (0, 2));
    assert_eq!(c.description, "f(n=0, t=2) = 8 < f(n=0, t=1) = 9");
    // Epp–Ferguson hypotheses hold for Fibonacci Nim's f(t) = 2t (paper: Whinihan's game).
    let fib = Bound::parse("2*t").unwrap();
    assert!(fib.check_nondecreasing_in_t(0..=0, 1000).is_ok());
    assert!(fib.check_f1_at_least_1(0..=0).is_ok());
    assert!(fib.check_at_least_t(0..=0, 1000).is_ok());
    // Huge values compare exactly past saturation: 2^70 - t decreases.
    let c = Bound::parse("1180591620717411303424 - t")
        .unwrap()
        .check_nondecreasing_in_t(0..=0, 3)
        .unwrap_err();
    assert_eq!(c.t, 2);
    // An evaluation error is reported as a counterexample.
    let c = Bound::parse("t - 3")
        .unwrap()
        .check_at_least_t(0..=0, 5)
        .unwrap_err();
    assert_eq!(c.description, "the bound f(n=0, t=1) = -2 is negative");
}
