//! The recursive-descent parser of the move-bound language.
//!
//! Grammar (loosest first; precedence as in C):
//!
//! ```text
//! or      := and ("||" and)*
//! and     := compare ("&&" compare)*
//! compare := sum (("<" | "<=" | "==" | "!=" | ">=" | ">") sum)?     -- does not chain
//! sum     := product (("+" | "-") product)*
//! product := unary (("*" | "/" | "%") unary)*
//! unary   := ("-" | "!") unary | primary
//! primary := INTEGER | "t" | "n" | "(" or ")"
//!          | ("min" | "max") "(" or ("," or)* ")" | "if" "(" or "," or "," or ")"
//!          | ("g" | "gbar" | "h" | "fib") "(" or ")"
//! ```
//!
//! Comparisons are non-associative: `a < b < c` is an error (write
//! `a < b && b < c`), because the C reading `(a < b) < c` is almost never meant.
//!
//! Limits (law): inputs longer than [`MAX_LEN`] characters and nesting (of
//! parentheses, calls and unary operators) deeper than [`MAX_DEPTH`] are
//! rejected with a [`ParseError`] naming the column, so the recursion depth is
//! bounded and no input can overflow the stack.

use super::ast::{AddOp, At, CmpOp, Expr, Func, MulOp, Var};
use super::error::ParseError;
use super::lexer::{Tok, Token, lex};

/// Longest accepted expression, in characters.
pub const MAX_LEN: usize = 10_000;

/// Deepest accepted nesting of parentheses, function calls and unary operators.
pub const MAX_DEPTH: usize = 200;

const EXPECTED_OPERAND: &str =
    "expected a number, `t`, `n`, `min(`, `max(`, `if(`, `(`, `-` or `!`";

/// Parses a whole expression.
pub(crate) fn parse(src: &str) -> Result<Expr, ParseError> {
    let len = src.chars().count();
    if len > MAX_LEN {
        return Err(ParseError::new(
            MAX_LEN + 1,
            format!("the expression is {len} characters long, more than the limit of {MAX_LEN}"),
        ));
    }
    let tokens = lex(src)?;
    let mut p = Parser {
        tokens,
        pos: 0,
        depth: 0,
    };
    if matches!(p.peek().tok, Tok::End) {
        return Err(ParseError::new(
            p.peek().column,
            format!("the expression is empty; {EXPECTED_OPERAND}"),
        ));
    }
    let expr = p.or()?;
    let end = p.peek().clone();
    match end.tok {
        Tok::End => Ok(expr),
        Tok::RParen => Err(ParseError::new(
            end.column,
            "unexpected `)` with no matching `(`",
        )),
        ref tok => {
            let after_number = p
                .pos
                .checked_sub(1)
                .and_then(|i| p.tokens.get(i))
                .is_some_and(|prev| matches!(prev.tok, Tok::Int(_)));
            let hint = if after_number && matches!(tok, Tok::Ident(_) | Tok::LParen) {
                " (write `*` to multiply, as in `2*t`)"
            } else {
                ""
            };
            Err(ParseError::new(
                end.column,
                format!(
                    "unexpected {}; expected an operator or end of input{hint}",
                    tok.describe()
                ),
            ))
        }
    }
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    depth: usize,
}

static END: Token = Token {
    tok: Tok::End,
    column: 0,
};

impl Parser {
    fn peek(&self) -> &Token {
        // The token list always ends with `End` and `pos` never passes it;
        // the fallback only keeps this total.
        self.tokens
            .get(self.pos)
            .or(self.tokens.last())
            .unwrap_or(&END)
    }

    fn bump(&mut self) -> Token {
        let t = self.peek().clone();
        if !matches!(t.tok, Tok::End) {
            self.pos += 1;
        }
        t
    }

    fn eat(&mut self, tok: &Tok) -> bool {
        if &self.peek().tok == tok {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn enter(&mut self, column: usize) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError::new(
                column,
                format!(
                    "the expression is nested more than {MAX_DEPTH} levels deep (parentheses, calls and unary operators)"
                ),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn or(&mut self) -> Result<Expr, ParseError> {
        let first = self.and()?;
        if self.peek().tok != Tok::OrOr {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat(&Tok::OrOr) {
            items.push(self.and()?);
        }
        Ok(Expr::Or(items))
    }

    fn and(&mut self) -> Result<Expr, ParseError> {
        let first = self.compare()?;
        if self.peek().tok != Tok::AndAnd {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat(&Tok::AndAnd) {
            items.push(self.compare()?);
        }
        Ok(Expr::And(items))
    }

    fn compare_op(&self) -> Option<CmpOp> {
        Some(match self.peek().tok {
            Tok::Lt => CmpOp::Lt,
            Tok::Le => CmpOp::Le,
            Tok::EqEq => CmpOp::Eq,
            Tok::Ne => CmpOp::Ne,
            Tok::Ge => CmpOp::Ge,
            Tok::Gt => CmpOp::Gt,
            _ => return None,
        })
    }

    fn compare(&mut self) -> Result<Expr, ParseError> {
        let lhs = self.sum()?;
        let Some(op) = self.compare_op() else {
            return Ok(lhs);
        };
        self.bump();
        let rhs = self.sum()?;
        if let Some(second) = self.compare_op() {
            return Err(ParseError::new(
                self.peek().column,
                format!(
                    "comparisons do not chain: found `{}` after `{} {} ...`; write `a < b && b < c` instead of `a < b < c`",
                    second.symbol(),
                    lhs,
                    op.symbol()
                ),
            ));
        }
        Ok(Expr::Compare(op, Box::new(lhs), Box::new(rhs)))
    }

    fn sum(&mut self) -> Result<Expr, ParseError> {
        let first = self.product()?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek().tok {
                Tok::Plus => AddOp::Add,
                Tok::Minus => AddOp::Sub,
                _ => break,
            };
            self.bump();
            rest.push((op, self.product()?));
        }
        Ok(if rest.is_empty() {
            first
        } else {
            Expr::Sum(Box::new(first), rest)
        })
    }

    fn product(&mut self) -> Result<Expr, ParseError> {
        let first = self.unary()?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek().tok {
                Tok::Star => MulOp::Mul,
                Tok::Slash => MulOp::Div,
                Tok::Percent => MulOp::Mod,
                _ => break,
            };
            self.bump();
            rest.push((op, self.unary()?));
        }
        Ok(if rest.is_empty() {
            first
        } else {
            Expr::Product(Box::new(first), rest)
        })
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        let tok = self.peek().clone();
        let make: fn(Box<Expr>) -> Expr = match tok.tok {
            Tok::Minus => Expr::Neg,
            Tok::Bang => Expr::Not,
            _ => return self.primary(),
        };
        self.bump();
        self.enter(tok.column)?;
        let operand = self.unary()?;
        self.leave();
        Ok(make(Box::new(operand)))
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        let token = self.bump();
        match token.tok {
            Tok::Int(v) => Ok(Expr::Num(v)),
            Tok::LParen => {
                self.enter(token.column)?;
                let inner = self.or()?;
                self.close(token.column, "`)`")?;
                self.leave();
                Ok(inner)
            }
            Tok::Ident(name) => {
                let is_call = self.peek().tok == Tok::LParen;
                match (name.as_str(), is_call) {
                    ("t", _) => Ok(Expr::Var(Var::T)),
                    ("n", _) => Ok(Expr::Var(Var::N)),
                    ("min" | "max" | "if", true) => self.call(&name, token.column),
                    (_, true) if Func::from_name(&name).is_some() => self.call(&name, token.column),
                    ("min" | "max" | "if" | "g" | "gbar" | "h" | "fib", false) => {
                        Err(ParseError::new(
                            self.peek().column,
                            format!(
                                "expected `(` after the function `{name}`, found {}",
                                self.peek().tok.describe()
                            ),
                        ))
                    }
                    (_, true) => Err(ParseError::new(
                        token.column,
                        format!(
                            "unknown function `{name}`; the functions are `min`, `max`, `if`, `fib` and, with a `base=`, `g`, `gbar` and `h`"
                        ),
                    )),
                    (_, false) => Err(ParseError::new(
                        token.column,
                        format!(
                            "unknown variable `{name}`; the variables are `t` (the move just made) and `n` (the pile, or the difference of the piles, before the move)"
                        ),
                    )),
                }
            }
            Tok::RParen if self.depth > 0 => Err(ParseError::new(
                token.column,
                format!("unexpected `)`; {EXPECTED_OPERAND}"),
            )),
            tok => Err(ParseError::new(
                token.column,
                format!("{EXPECTED_OPERAND}, found {}", tok.describe()),
            )),
        }
    }

    /// Expects the `)` closing the `(` at `open`.
    fn close(&mut self, open: usize, expected: &str) -> Result<(), ParseError> {
        let t = self.peek().clone();
        if t.tok == Tok::RParen {
            self.bump();
            return Ok(());
        }
        Err(ParseError::new(
            t.column,
            format!(
                "expected {expected} to close `(` opened at column {open}, found {}",
                t.tok.describe()
            ),
        ))
    }

    fn call(&mut self, name: &str, column: usize) -> Result<Expr, ParseError> {
        let open = self.bump().column;
        self.enter(column)?;
        if self.peek().tok == Tok::RParen {
            return Err(ParseError::new(
                self.peek().column,
                format!("`{name}` needs at least one argument, found `)`"),
            ));
        }
        let mut args = vec![self.or()?];
        let mut comma_columns = Vec::new();
        while self.peek().tok == Tok::Comma {
            comma_columns.push(self.bump().column);
            args.push(self.or()?);
        }
        self.close(open, "`,` or `)`")?;
        self.leave();
        if let Some(func) = Func::from_name(name) {
            if args.len() != 1 {
                let col = comma_columns.first().copied().unwrap_or(open);
                return Err(ParseError::new(
                    col,
                    format!("`{name}` takes 1 argument, found {}", args.len()),
                ));
            }
            let arg = args.into_iter().next().unwrap_or(Expr::Var(Var::T));
            return Ok(Expr::Call(func, Box::new(arg), At(column)));
        }
        match name {
            "min" => Ok(Expr::Min(args)),
            "max" => Ok(Expr::Max(args)),
            _ => {
                if args.len() != 3 {
                    let col = comma_columns.get(2).copied().unwrap_or(open);
                    return Err(ParseError::new(
                        col,
                        format!(
                            "`if` takes 3 arguments (condition, value if nonzero, value if zero), found {}",
                            args.len()
                        ),
                    ));
                }
                let mut it = args.into_iter();
                match (it.next(), it.next(), it.next()) {
                    (Some(c), Some(a), Some(b)) => {
                        Ok(Expr::If(Box::new(c), Box::new(a), Box::new(b)))
                    }
                    _ => Err(ParseError::new(open, "`if` takes 3 arguments")),
                }
            }
        }
    }
}
