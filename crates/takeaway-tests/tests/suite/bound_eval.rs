//! Unit tests of the move-bound language's semantics: every operator,
//! precedence, associativity, floor division, short-circuit, lazy `if`, and
//! exactness. Expected values are hand arithmetic from the definitions in
//! `takeaway::bound` (C precedence; floor division `⌊a/b⌋`; floor modulo
//! `a - b⌊a/b⌋`) unless a comment says otherwise.

use num_bigint::{BigInt, BigUint};
use takeaway::bound::{Bound, EvalError};

/// Evaluates exactly, as a signed value (wrapping in `x - (-BIG)` would be
/// clumsy, so negative results are read off the `Negative` error).
fn val(src: &str, n: u64, t: u64) -> i128 {
    let b = Bound::parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
    let exact = match b.eval(&BigUint::from(n), &BigUint::from(t)) {
        Ok(v) => BigInt::from(v),
        Err(EvalError::Negative { value, .. }) => value,
        Err(e) => panic!("{src}: {e}"),
    };
    // The fast path must agree wherever the value is a natural number.
    if exact >= BigInt::from(0) {
        let fast = b.eval_u64(n, t).unwrap();
        assert_eq!(BigInt::from(fast), exact, "{src} at n={n}, t={t}");
    }
    i128::try_from(exact).unwrap()
}

#[test]
fn literals_and_variables() {
    assert_eq!(val("42", 0, 0), 42);
    assert_eq!(val("t", 5, 7), 7);
    assert_eq!(val("n", 5, 7), 5);
    assert_eq!(val(" \t n \n", 5, 7), 5);
}

#[test]
fn arithmetic_operators() {
    assert_eq!(val("t + n", 3, 4), 7);
    assert_eq!(val("t - n", 3, 4), 1);
    assert_eq!(val("n - t", 3, 4), -1);
    assert_eq!(val("t * n", 3, 4), 12);
    assert_eq!(val("t / n", 3, 7), 2);
    assert_eq!(val("t % n", 3, 7), 1);
    assert_eq!(val("-t", 0, 4), -4);
    assert_eq!(val("--t", 0, 4), 4);
    assert_eq!(val("- - t", 0, 4), 4);
}

#[test]
fn floor_division_and_modulo_on_negatives() {
    // Floor division/modulo; the brief's reference values −7/2 = −4, −7%2 = 1, 7%−2 = −1.
    assert_eq!(val("-7 / 2", 0, 0), -4);
    assert_eq!(val("-7 % 2", 0, 0), 1);
    assert_eq!(val("7 % -2", 0, 0), -1);
    assert_eq!(val("7 / -2", 0, 0), -4);
    assert_eq!(val("-7 / -2", 0, 0), 3);
    assert_eq!(val("-7 % -2", 0, 0), -1);
    assert_eq!(val("7 / 2", 0, 0), 3);
    assert_eq!(val("-6 / 2", 0, 0), -3);
    assert_eq!(val("-6 % 2", 0, 0), 0);
    // The law a == (a/b)*b + a%b on a grid, exact and fast paths alike.
    for a in -20i64..=20 {
        for b in (-7i64..=7).filter(|b| *b != 0) {
            let q = val(&format!("({a}) / ({b})"), 0, 0);
            let r = val(&format!("({a}) % ({b})"), 0, 0);
            assert_eq!(q * i128::from(b) + r, i128::from(a), "{a} {b}");
            assert!(r == 0 || (r < 0) == (b < 0), "sign of {a} % {b} = {r}");
            assert!(r.abs() < i128::from(b).abs());
        }
    }
}

#[test]
fn comparisons() {
    for (op, expect) in [
        ("<", [1, 0, 0]),
        ("<=", [1, 1, 0]),
        ("==", [0, 1, 0]),
        ("!=", [1, 0, 1]),
        (">=", [0, 1, 1]),
        (">", [0, 0, 1]),
    ] {
        // n = 5 against t = 6, 5, 4: lhs n is less, equal, greater.
        for (t, e) in [6, 5, 4].into_iter().zip(expect) {
            assert_eq!(val(&format!("n {op} t"), 5, t), e, "5 {op} {t}");
        }
    }
}

#[test]
fn logic_operators() {
    assert_eq!(val("!0", 0, 0), 1);
    assert_eq!(val("!7", 0, 0), 0);
    assert_eq!(val("!!7", 0, 0), 1);
    assert_eq!(val("3 && 4", 0, 0), 1);
    assert_eq!(val("3 && 0", 0, 0), 0);
    assert_eq!(val("0 || 0", 0, 0), 0);
    assert_eq!(val("0 || -2", 0, 0), 1);
    assert_eq!(val("0 || 0 || 5", 0, 0), 1);
    assert_eq!(val("1 && 2 && 0", 0, 0), 0);
}

#[test]
fn min_max_and_if() {
    assert_eq!(val("min(t)", 0, 9), 9);
    assert_eq!(val("max(t)", 0, 9), 9);
    assert_eq!(val("min(2*t, t+10)", 0, 3), 6);
    assert_eq!(val("min(2*t, t+10)", 0, 30), 40);
    assert_eq!(val("max(3, -4, t, 1)", 0, 2), 3);
    assert_eq!(val("min(3, -4, t, 1)", 0, 2), -4);
    assert_eq!(val("if(t, 1, 2)", 0, 5), 1);
    assert_eq!(val("if(t, 1, 2)", 0, 0), 2);
    // The brief's example, Holshouser–Reiter style f(n, t).
    let src = "if(n==0||t<=n, 2*t, 0)";
    assert_eq!(val(src, 0, 7), 14);
    assert_eq!(val(src, 7, 7), 14);
    assert_eq!(val(src, 6, 7), 0);
}

#[test]
fn precedence_like_c() {
    assert_eq!(val("1 + 2 * 3", 0, 0), 7);
    assert_eq!(val("(1 + 2) * 3", 0, 0), 9);
    assert_eq!(val("-2 * 3", 0, 0), -6);
    assert_eq!(val("-(2 + 3)", 0, 0), -5);
    assert_eq!(val("1 + 2 < 4", 0, 0), 1); // (1+2) < 4
    assert_eq!(val("(1 < 2) == 1", 0, 0), 1);
    // Comparisons do not chain (documented in `bound::parse`).
    assert!(Bound::parse("1 < 2 == 1").is_err());
}

#[test]
fn precedence_of_logic() {
    assert_eq!(val("1 || 0 && 0", 0, 0), 1); // 1 || (0 && 0)
    assert_eq!(val("(1 || 0) && 0", 0, 0), 0);
    assert_eq!(val("0 && 1 == 1", 0, 0), 0); // 0 && (1 == 1)
    assert_eq!(val("!0 + 1", 0, 0), 2); // (!0) + 1
    assert_eq!(val("!(0 + 1)", 0, 0), 0);
    assert_eq!(val("2 * 3 % 4", 0, 0), 2); // (2*3) % 4
    assert_eq!(val("1 + 1 == 2 && 3 > 2 || 0", 0, 0), 1);
}

#[test]
fn left_associativity() {
    assert_eq!(val("10 - 3 - 2", 0, 0), 5);
    assert_eq!(val("100 / 10 / 5", 0, 0), 2);
    assert_eq!(val("2 * 7 / 4", 0, 0), 3); // (2*7)/4, not 2*(7/4) = 2
    assert_eq!(val("17 % 10 % 4", 0, 0), 3);
    assert_eq!(val("10 - (3 - 2)", 0, 0), 9);
}

#[test]
fn short_circuit_and_lazy_if() {
    // Each right operand would divide by zero if evaluated.
    assert_eq!(val("0 && 1 / 0", 0, 0), 0);
    assert_eq!(val("1 || 1 / 0", 0, 0), 1);
    assert_eq!(val("if(t == 0, 0, 10 / t)", 0, 0), 0);
    assert_eq!(val("if(t == 0, 0, 10 / t)", 0, 3), 3);
    assert_eq!(val("if(t != 0, 10 % t, 7)", 0, 0), 7);
    // ... and is evaluated when it must be.
    let b = Bound::parse("1 && 1 / t").unwrap();
    assert!(matches!(
        b.eval_u64(0, 0),
        Err(EvalError::DivisionByZero { .. })
    ));
}

#[test]
fn errors_name_subexpression_and_point() {
    let b = Bound::parse("t + 10 / (t - 3)").unwrap();
    let e = b.eval_u64(4, 3).unwrap_err();
    assert_eq!(
        e.to_string(),
        "division by zero at f(n=4, t=3): `t - 3` is 0 in `10 / (t - 3)`"
    );
    let e = Bound::parse("n % t").unwrap().eval_u64(2, 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "division by zero at f(n=2, t=0): `t` is 0 in `n % t`"
    );
    let e = Bound::parse("t - 5").unwrap().eval_u64(1, 2).unwrap_err();
    assert_eq!(e.to_string(), "the bound f(n=1, t=2) = -3 is negative");
    // Both paths report the same error.
    let b = Bound::parse("t - 5").unwrap();
    assert_eq!(
        b.eval_u64(1, 2).unwrap_err(),
        b.eval(&BigUint::from(1u8), &BigUint::from(2u8))
            .unwrap_err()
    );
}

#[test]
fn exactness_beyond_machine_words() {
    // t^8 at t = 10^6 is 10^48 (exact power of ten).
    let b = Bound::parse("t*t*t*t*t*t*t*t").unwrap();
    let t = BigUint::from(1_000_000u32);
    assert_eq!(
        b.eval(&BigUint::from(0u8), &t).unwrap(),
        BigUint::from(10u32).pow(48)
    );
    assert_eq!(b.eval_u64(0, 1_000_000), Ok(u64::MAX));
    // Overflowing intermediates that come back into range: exact, not saturated.
    // t*t/t = t at t = 2^40 (t*t = 2^80 overflows i64).
    let b = Bound::parse("t*t/t").unwrap();
    assert_eq!(b.eval_u64(0, 1 << 40), Ok(1 << 40));
    // 2^64 - 1 exactly (above i64::MAX but within u64).
    let b = Bound::parse("18446744073709551616 - t").unwrap();
    assert_eq!(b.eval_u64(0, 1), Ok(u64::MAX));
    assert_eq!(b.eval_u64(0, 2), Ok(u64::MAX - 1));
    // Inputs above i64::MAX.
    let b = Bound::parse("t - n").unwrap();
    assert_eq!(b.eval_u64(u64::MAX - 5, u64::MAX), Ok(5));
    // Literals far beyond u64: 10^29 / 10^25 + t = 10^4 + 1 at t = 1.
    let b =
        Bound::parse("100000000000000000000000000000 / 10000000000000000000000000 + t").unwrap();
    assert_eq!(b.eval_u64(0, 1), Ok(10_001));
    // i64::MIN / -1 overflows i64 in the fast path: falls back.
    let b = Bound::parse("(-9223372036854775807 - 1) / -1 + 0 * t").unwrap();
    assert_eq!(b.eval_u64(0, 0), Ok(9_223_372_036_854_775_808));
}

#[test]
fn tables_and_adapter() {
    let b = Bound::parse("(3*t+1)/2").unwrap();
    assert_eq!(b.table_of_t(4), Ok(vec![0, 2, 3, 5, 6])); // ⌊(3t+1)/2⌋ for t = 0..4
    assert_eq!(b.table_t(9, 0), Ok(vec![0]));
    let f = b.as_fn_of_t();
    let handle = std::thread::spawn(move || f(&BigUint::from(5u8)));
    assert_eq!(handle.join().unwrap(), Ok(BigUint::from(8u8)));
    let g = Bound::parse("t - 1").unwrap().as_fn_of_t();
    assert_eq!(
        g(&BigUint::from(0u8)),
        Err("the bound f(n=0, t=0) = -1 is negative".to_string())
    );
    assert!(matches!(
        Bound::parse("n").unwrap().table_of_t(2),
        Err(EvalError::DependsOnN { .. })
    ));
}

#[test]
fn uses_variables_and_display() {
    let b = Bound::parse("if(n==0||t<=n, 2*t, 0)").unwrap();
    assert!(b.uses_n() && b.uses_t());
    assert_eq!(b.to_string(), "if(n == 0 || t <= n, 2 * t, 0)");
    assert_eq!(b.source(), "if(n==0||t<=n, 2*t, 0)");
    assert!(!Bound::parse("7").unwrap().uses_t());
    for (src, shown) in [
        ("(1+2)*3", "(1 + 2) * 3"),
        ("1+(2+3)", "1 + (2 + 3)"),
        ("(1+2)+3", "(1 + 2) + 3"),
        ("-(t)", "-t"),
        ("-(-t)", "--t"),
        ("!(t<2)", "!(t < 2)"),
        ("(t<2)<3", "(t < 2) < 3"),
    ] {
        assert_eq!(Bound::parse(src).unwrap().to_string(), shown, "{src}");
    }
}

/// The base functions of issue 13 against brute force from their
/// definitions: fib by the recurrence (F_1 = F_2 = 1); h(k) the k-th term;
/// g(x) the smallest term of the greedy representation (Algorithm 1 of
/// paper 002); ḡ(x) = ḡ(g(x)) with ḡ(b_k) = b_(k+1) − b_k (Definition 6).
#[test]
fn base_functions_match_their_definitions() {
    use takeaway::numeration::base::Base;
    // Paper 002's explicit base (1, 2, 3, 6, 7, 10, 17, 34) and Fibonacci.
    let explicit: Vec<u64> = vec![1, 2, 3, 6, 7, 10, 17, 34];
    let mut fib_terms: Vec<u64> = vec![1, 2];
    while fib_terms.len() < 40 {
        let k = fib_terms.len();
        fib_terms.push(fib_terms[k - 1] + fib_terms[k - 2]);
    }
    let bases = [
        (
            Base::explicit(explicit.iter().map(|&v| BigUint::from(v)).collect()).unwrap(),
            explicit.clone(),
            33u64, // below the last listed term, so ḡ of every g(x) is known
        ),
        (Base::fibonacci(), fib_terms.clone(), 5000u64),
    ];
    for (base, terms, up_to) in bases {
        let f = |src: &str| Bound::parse_with_base(src, Some(base.clone())).unwrap();
        let (g, gbar, h) = (f("g(t)"), f("gbar(t)"), f("h(t)"));
        for (k, &b) in terms.iter().enumerate() {
            assert_eq!(h.eval_u64(0, k as u64 + 1), Ok(b), "h({})", k + 1);
        }
        for x in 1..=up_to {
            let mut rest = x;
            let mut smallest = 0;
            for (i, &b) in terms.iter().enumerate().rev() {
                if b <= rest {
                    rest -= b;
                    smallest = i;
                }
            }
            assert_eq!(g.eval_u64(0, x), Ok(terms[smallest]), "g({x})");
            assert_eq!(
                gbar.eval_u64(0, x),
                Ok(terms[smallest + 1] - terms[smallest]),
                "gbar({x})"
            );
        }
    }
    let fib = Bound::parse("fib(t)").unwrap();
    let (mut a, mut b) = (0u128, 1u128);
    for k in 0..90u64 {
        assert_eq!(
            fib.eval(&0u32.into(), &k.into()).unwrap(),
            BigUint::from(a),
            "fib({k})"
        );
        (a, b) = (b, a + b);
    }
}

#[test]
fn base_functions_fail_with_the_column() {
    use takeaway::numeration::base::Base;
    // Without a base: a parse error at the call.
    let e = Bound::parse("t + gbar(t)").unwrap_err();
    assert_eq!(e.column, 5, "{e}");
    assert!(e.message.contains("base="), "{e}");
    // g(0) is ∞ (paper 002): an evaluation error naming the call and its column.
    let f = Bound::parse_with_base("2 * g(t - 1)", Some(Base::fibonacci())).unwrap();
    let err = f.eval(&0u32.into(), &1u32.into()).unwrap_err();
    assert!(
        matches!(err, EvalError::Function { column: 5, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("g(0) is ∞"), "{err}");
    // fib of a negative index, h(0), arity.
    let f = Bound::parse("fib(t - 3)").unwrap();
    assert!(matches!(
        f.eval(&0u32.into(), &1u32.into()),
        Err(EvalError::Function { .. })
    ));
    let f = Bound::parse_with_base("h(t - 1)", Some(Base::binary())).unwrap();
    assert!(matches!(
        f.eval(&0u32.into(), &1u32.into()),
        Err(EvalError::Function { .. })
    ));
    assert_eq!(f.eval_u64(0, 4), Ok(4), "h(3) = 4 in binary");
    let e = Bound::parse("fib(t, 2)").unwrap_err();
    assert!(e.message.contains("takes 1 argument"), "{e}");
    // Reprinted, a call parses back equal (columns are no part of equality).
    let f = Bound::parse_with_base("  g( t )+fib(n)", Some(Base::fibonacci())).unwrap();
    assert_eq!(f.to_string(), "g(t) + fib(n)");
    let again = Bound::parse_with_base(&f.to_string(), Some(Base::fibonacci())).unwrap();
    assert_eq!(again, f);
}

/// Issue 26: evaluation is bounded work. A value over 2^20 bits is refused
/// before it is computed (F_9999999 has 6.9 million bits: about a second of
/// multiplications per evaluation, and the theory evaluates f thousands of
/// times); values just under the limit are exact.
#[test]
fn values_over_the_bit_limit_are_refused_before_they_are_computed() {
    use takeaway::bound::{EvalError, MAX_VALUE_BITS};
    let zero = BigUint::from(0u8);
    let one = BigUint::from(1u8);
    for (src, what) in [
        ("fib(9999999)", "fib(9999999)"),
        ("t + fib(9999999) * 0", "fib(9999999)"),
        // 2^(2^19) squared has 2^20 + 1 bits.
        ("(2*t) * (2*t)", "2 * t"),
    ] {
        let f = Bound::parse(src).unwrap();
        let t = if src.contains("2*t") {
            BigUint::from(1u8) << (1u32 << 19)
        } else {
            one.clone()
        };
        match f.eval(&zero, &t) {
            Err(EvalError::TooLarge {
                expression, limit, ..
            }) => {
                assert!(expression.contains(what), "{src}: {expression}");
                assert_eq!(limit, MAX_VALUE_BITS);
            }
            other => panic!("{src}: {other:?}"),
        }
    }
    // F_1000000 (694,241 bits, under the limit) is computed: its last five
    // digits are those of F_100000 (the Pisano period of 10^5 is 150,000,
    // and 1,000,000 mod 150,000 = 100,000), by the recurrence mod 10^5.
    let f = Bound::parse("fib(1000000)").unwrap();
    let v = f.eval(&zero, &one).unwrap();
    let (mut a, mut b) = (0u64, 1u64);
    for _ in 0..100_000 {
        (a, b) = (b, (a + b) % 100_000);
    }
    assert_eq!(v % 100_000u32, BigUint::from(a));
    // The cache answers a repeat with the same value.
    assert_eq!(f.eval(&zero, &one).unwrap() % 100_000u32, BigUint::from(a));
}

/// Issue 26: a cancelled scope stops evaluation loops that have no token of
/// their own (theory code).
#[test]
fn a_cancelled_scope_stops_evaluation() {
    use takeaway::engine::Cancel;
    use takeaway::games::GameError;
    let f = Bound::parse("fib(t + 1000)").unwrap();
    let token = Cancel::new();
    token.cancel();
    let mut evaluated = 0u32;
    let out: Result<(), GameError> = token.scope(|| {
        for t in 0..1_000_000u64 {
            if f.eval_u64(0, t).is_err() {
                return Ok(()); // an error the caller might take for "no theory"
            }
            evaluated += 1;
        }
        Ok(())
    });
    assert_eq!(out, Err(GameError::Cancelled));
    assert_eq!(evaluated, 0); // exact evaluations poll on every call
}
