//! Parse errors of the move-bound language: exact columns and messages.
//! Columns are 1-based character positions, counted by hand in each input.

use takeaway::bound::{Bound, MAX_DEPTH, MAX_LEN};

fn err(src: &str) -> (usize, String) {
    let e = Bound::parse(src).expect_err(src);
    (e.column, e.to_string())
}

#[test]
fn trailing_identifier_after_number() {
    let (col, msg) = err("12x");
    assert_eq!(col, 3);
    assert_eq!(
        msg,
        "column 3: unexpected `x`; expected an operator or end of input (write `*` to multiply, as in `2*t`)"
    );
}

#[test]
fn unclosed_parenthesis() {
    let (col, msg) = err("2 * (t + 1");
    assert_eq!(col, 11);
    assert_eq!(
        msg,
        "column 11: expected `)` to close `(` opened at column 5, found end of input"
    );
    let (col, msg) = err("min(t, (2)");
    assert_eq!(col, 11);
    assert!(
        msg.contains("expected `,` or `)` to close `(` opened at column 4"),
        "{msg}"
    );
}

#[test]
fn unknown_variable_and_function() {
    let (col, msg) = err("2*x");
    assert_eq!(col, 3);
    assert!(msg.contains("unknown variable `x`"), "{msg}");
    assert!(msg.contains("`t`") && msg.contains("`n`"), "{msg}");
    let (col, msg) = err("t + floor(t)");
    assert_eq!(col, 5);
    assert!(msg.contains("unknown function `floor`"), "{msg}");
    assert!(msg.contains("`min`, `max`, `if`, `fib`"), "{msg}");
    assert!(msg.contains("`g`, `gbar` and `h`"), "{msg}");
}

#[test]
fn empty_and_blank_input() {
    let (col, msg) = err("");
    assert_eq!(col, 1);
    assert!(msg.contains("the expression is empty"), "{msg}");
    let (col, _) = err("   ");
    assert_eq!(col, 4);
}

#[test]
fn trailing_garbage() {
    assert_eq!(err("2*t )").0, 5);
    assert!(err("2*t )").1.contains("no matching `(`"));
    assert_eq!(err("2*t 3").0, 5);
    assert_eq!(err("t t").0, 3);
    assert_eq!(err("t $").0, 3);
    assert!(err("t $").1.contains("unexpected character `$`"));
}

#[test]
fn assorted_errors() {
    // (input, column) counted by hand.
    for (src, col) in [
        ("t +", 4),
        ("* t", 1),
        ("()", 2),
        ("min()", 5),
        ("min t", 5),
        ("if(t, 1)", 3),
        ("if(t, 1, 2, 3)", 11),
        ("t = 1", 3),
        ("t & 1", 3),
        ("t | 1", 3),
        ("1 < t < 3", 7),
        ("t(2)", 2),
        ("min(t,)", 7),
        ("é", 1),
        ("ééé + x", 1),
        ("t + ×", 5),
    ] {
        assert_eq!(err(src).0, col, "{src}: {}", err(src).1);
    }
    // Columns count characters, not bytes.
    let (col, msg) = err("t + ééé");
    assert_eq!(col, 5, "{msg}");
}

#[test]
fn too_long_input_is_a_clean_error() {
    // A 100 kB expression: 1+1+...+1.
    let src = "1+".repeat(50_000) + "1";
    let (col, msg) = err(&src);
    assert_eq!(col, MAX_LEN + 1);
    assert!(msg.contains("more than the limit of 10000"), "{msg}");
    // Just under the limit parses (a long flat chain is fine).
    let src = "1+".repeat(MAX_LEN / 2 - 1) + "1";
    assert!(src.len() < MAX_LEN);
    let b = Bound::parse(&src).unwrap();
    assert_eq!(b.eval_u64(0, 0), Ok((MAX_LEN / 2) as u64));
}

#[test]
fn deep_nesting_is_a_clean_error() {
    // 100k deep: over the length limit.
    let src = "(".repeat(100_000) + "1" + &")".repeat(100_000);
    assert_eq!(err(&src).0, MAX_LEN + 1);
    let src = "(".repeat(100_000);
    assert_eq!(err(&src).0, MAX_LEN + 1);
    // Within the length limit but too deep: the column of the first `(` too many.
    let src = "(".repeat(4_000) + "1" + &")".repeat(4_000);
    let (col, msg) = err(&src);
    assert_eq!(col, MAX_DEPTH + 1);
    assert!(msg.contains("nested more than 200 levels"), "{msg}");
    let src = "-".repeat(4_000) + "1";
    assert_eq!(err(&src).0, MAX_DEPTH + 1);
    let src = "min(".repeat(1_000) + "1" + &")".repeat(1_000);
    assert_eq!(err(&src).0, 4 * MAX_DEPTH + 1);
}

#[test]
fn maximal_nesting_evaluates_without_overflow() {
    // Runs on the default 2 MiB test thread, in debug builds too.
    let mix = ["(", "-", "!", "min(", "if(1, "];
    let mut src = String::new();
    let mut close = String::new();
    for i in 0..MAX_DEPTH {
        let open = mix[i % mix.len()];
        src.push_str(open);
        close.insert_str(
            0,
            if open.ends_with('(') || open.ends_with(' ') {
                ")"
            } else {
                ""
            },
        );
        if open.starts_with("if") {
            close.insert_str(0, ", 0");
        }
    }
    let src = format!("{src}t{close}");
    let b = Bound::parse(&src).unwrap_or_else(|e| panic!("{e}"));
    // Fast and exact paths agree at the deepest tree.
    let zero = num_bigint::BigUint::from(0u8);
    let three = num_bigint::BigUint::from(3u8);
    assert_eq!(
        b.eval_u64(0, 3).map(num_bigint::BigUint::from),
        b.eval(&zero, &three)
    );
    let again = Bound::parse(&b.to_string()).unwrap();
    assert_eq!(again, b);
}
