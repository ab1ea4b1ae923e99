//! Tests moved out of `crates/takeaway/src/natural.rs` (they were its unit
//! tests: one compile of the library fewer in `cargo test`, issue 21).

use num_bigint::BigUint;
use takeaway::natural::*;

#[test]
fn round_trips_small_numbers() {
    for n in 0u32..2000 {
        assert_eq!(parse_natural(&n.to_string()), Ok(BigUint::from(n)));
    }
}

#[test]
fn splitting_parser_matches_num_bigint() {
    // Source: num-bigint's own (quadratic) parser, on lengths around every
    // split point, with leading zeros.
    for len in [1, 2047, 2048, 2049, 4096, 4097, 8191, 8193, 20_000] {
        let text: String = (0..len)
            .map(|i| char::from(b'0' + ((i * 7 + 3) % 10) as u8))
            .collect();
        let expected = BigUint::parse_bytes(text.as_bytes(), 10).unwrap_or_default();
        assert_eq!(
            from_decimal_digits(text.as_bytes()),
            expected,
            "{len} digits"
        );
        assert_eq!(parse_natural(&text), Ok(expected), "{len} digits");
    }
}

#[test]
fn short_decimal_matches_the_text() {
    // Source: the full decimal text of num-bigint, cut by hand, on numbers
    // around powers of ten (where the digit-count estimate is tightest).
    for digits in [2466, 2467, 3000, 10_000] {
        let ten = BigUint::from(10u32).pow(digits);
        for n in [&ten - 1u32, ten.clone(), &ten + 1u32, &ten * 7u32 + 123u32] {
            let s = n.to_string();
            let expected = ShortDecimal::Cut {
                head: s[..12].to_string(),
                tail: s[s.len() - 12..].to_string(),
                digits: s.len(),
            };
            assert_eq!(
                short_decimal(&n, 30, 12, 12),
                expected,
                "{} digits",
                s.len()
            );
        }
    }
}

#[test]
fn rejects_bad_text_with_columns() {
    assert_eq!(parse_natural(""), Err(NaturalError::Empty));
    assert_eq!(parse_natural("  "), Err(NaturalError::Empty));
    assert_eq!(parse_natural("+"), Err(NaturalError::Empty));
    assert!(matches!(
        parse_natural(" 1a"),
        Err(NaturalError::InvalidDigit {
            found: 'a',
            column: 3,
            ..
        })
    ));
    assert!(matches!(
        parse_natural("-0"),
        Err(NaturalError::Negative { .. })
    ));
    assert!(matches!(
        parse_natural("1.5"),
        Err(NaturalError::InvalidDigit {
            found: '.',
            column: 2,
            ..
        })
    ));
}
