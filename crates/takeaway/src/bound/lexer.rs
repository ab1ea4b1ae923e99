//! Splitting a move-bound text into tokens, each with its 1-based column
//! (counted in characters).
//!
//! Law: the lexer never fails on a character without naming it and its
//! column; whitespace separates tokens and is otherwise ignored.

use num_bigint::BigUint;

use super::error::ParseError;

/// One token of the move-bound language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok {
    Int(BigUint),
    Ident(String),
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    LParen,
    RParen,
    Comma,
    Lt,
    Le,
    EqEq,
    Ne,
    Ge,
    Gt,
    AndAnd,
    OrOr,
    Bang,
    End,
}

impl Tok {
    /// How the token is named in error messages.
    pub(crate) fn describe(&self) -> String {
        let s = match self {
            Tok::Int(v) => {
                let text = v.to_string();
                return if text.len() > 20 {
                    format!("the number `{}...`", &text[..17])
                } else {
                    format!("the number `{text}`")
                };
            }
            Tok::Ident(name) => return format!("`{name}`"),
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::Percent => "%",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::Comma => ",",
            Tok::Lt => "<",
            Tok::Le => "<=",
            Tok::EqEq => "==",
            Tok::Ne => "!=",
            Tok::Ge => ">=",
            Tok::Gt => ">",
            Tok::AndAnd => "&&",
            Tok::OrOr => "||",
            Tok::Bang => "!",
            Tok::End => return "end of input".to_string(),
        };
        format!("`{s}`")
    }
}

/// A token and the column of its first character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) tok: Tok,
    pub(crate) column: usize,
}

/// Splits `src` into tokens, ending with [`Tok::End`] (whose column is one
/// past the last character).
pub(crate) fn lex(src: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = src.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let column = i + 1;
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while chars.get(i).is_some_and(char::is_ascii_digit) {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            let value: BigUint = digits
                .parse()
                .map_err(|_| ParseError::new(column, format!("`{digits}` is not a number")))?;
            tokens.push(Token {
                tok: Tok::Int(value),
                column,
            });
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while chars
                .get(i)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
            {
                i += 1;
            }
            tokens.push(Token {
                tok: Tok::Ident(chars[start..i].iter().collect()),
                column,
            });
            continue;
        }
        let (tok, width) = match (c, next) {
            ('+', _) => (Tok::Plus, 1),
            ('-', _) => (Tok::Minus, 1),
            ('*', _) => (Tok::Star, 1),
            ('/', _) => (Tok::Slash, 1),
            ('%', _) => (Tok::Percent, 1),
            ('(', _) => (Tok::LParen, 1),
            (')', _) => (Tok::RParen, 1),
            (',', _) => (Tok::Comma, 1),
            ('<', Some('=')) => (Tok::Le, 2),
            ('<', _) => (Tok::Lt, 1),
            ('>', Some('=')) => (Tok::Ge, 2),
            ('>', _) => (Tok::Gt, 1),
            ('=', Some('=')) => (Tok::EqEq, 2),
            ('!', Some('=')) => (Tok::Ne, 2),
            ('!', _) => (Tok::Bang, 1),
            ('&', Some('&')) => (Tok::AndAnd, 2),
            ('|', Some('|')) => (Tok::OrOr, 2),
            ('=', _) => {
                return Err(ParseError::new(
                    column,
                    "unexpected `=`; write `==` to compare",
                ));
            }
            ('&', _) => {
                return Err(ParseError::new(
                    column,
                    "unexpected `&`; write `&&` for logical and",
                ));
            }
            ('|', _) => {
                return Err(ParseError::new(
                    column,
                    "unexpected `|`; write `||` for logical or",
                ));
            }
            _ => {
                return Err(ParseError::new(
                    column,
                    format!(
                        "unexpected character `{}`; expected a number, `t`, `n`, a function, an operator or a parenthesis",
                        c.escape_debug()
                    ),
                ));
            }
        };
        tokens.push(Token { tok, column });
        i += width;
    }
    tokens.push(Token {
        tok: Tok::End,
        column: chars.len() + 1,
    });
    Ok(tokens)
}
