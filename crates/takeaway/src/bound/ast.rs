//! The syntax tree of a move bound and its normalised printing.
//!
//! Chains of one precedence level (`a + b - c`, `a * b / c`, `a && b`,
//! `a || b`) are single n-ary nodes, so a long sum does not make a deep tree:
//! tree depth grows only with parentheses, calls and unary operators, which the
//! parser limits.
//!
//! Law (Display): printing puts parentheses exactly where a child binds less
//! tightly than its position requires, so `Bound::parse(&e.to_string())`
//! yields a tree equal to `e` for every tree the parser can produce.

use std::fmt;

use num_bigint::BigUint;

/// A variable of the bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Var {
    /// `t`: the move just made.
    T,
    /// `n`: the pile before the move (one-pile) or the difference before the move (two-pile).
    N,
}

/// An additive operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddOp {
    /// `+`
    Add,
    /// `-`
    Sub,
}

/// A multiplicative operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MulOp {
    /// `*`
    Mul,
    /// `/`: floor division, `a / b = ⌊a / b⌋`.
    Div,
    /// `%`: floor modulo, `a == (a / b) * b + a % b`, sign of the divisor.
    Mod,
}

/// A comparison operator (value 1 if it holds, 0 otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>=`
    Ge,
    /// `>`
    Gt,
}

impl CmpOp {
    /// Whether `ordering` (of lhs against rhs) satisfies the comparison.
    ///
    /// ```
    /// use std::cmp::Ordering;
    /// use takeaway::bound::ast::CmpOp;
    /// assert!(CmpOp::Le.holds(Ordering::Equal));
    /// assert!(!CmpOp::Gt.holds(Ordering::Equal));
    /// ```
    pub fn holds(self, ordering: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::{Equal, Greater, Less};
        match self {
            CmpOp::Lt => ordering == Less,
            CmpOp::Le => ordering != Greater,
            CmpOp::Eq => ordering == Equal,
            CmpOp::Ne => ordering != Equal,
            CmpOp::Ge => ordering != Less,
            CmpOp::Gt => ordering == Greater,
        }
    }

    /// The operator as written.
    ///
    /// ```
    /// use takeaway::bound::ast::CmpOp;
    /// assert_eq!(CmpOp::Ne.symbol(), "!=");
    /// ```
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Ge => ">=",
            CmpOp::Gt => ">",
        }
    }
}

/// A move-bound expression.
///
/// Invariants of trees built by the parser: `Sum`/`Product` have a non-empty
/// `rest`; `And`/`Or` have at least two operands; `Min`/`Max` at least one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expr {
    /// A natural-number literal (a minus sign is a [`Expr::Neg`]).
    Num(BigUint),
    /// A variable.
    Var(Var),
    /// Unary minus.
    Neg(Box<Expr>),
    /// Logical not: 1 if the operand is 0, else 0.
    Not(Box<Expr>),
    /// `first ± a ± b ...`, evaluated left to right.
    Sum(Box<Expr>, Vec<(AddOp, Expr)>),
    /// `first * a / b % c ...`, evaluated left to right.
    Product(Box<Expr>, Vec<(MulOp, Expr)>),
    /// `lhs op rhs` (comparisons do not chain).
    Compare(CmpOp, Box<Expr>, Box<Expr>),
    /// `a && b && ...`: short-circuit, 1 if all are nonzero, else 0.
    And(Vec<Expr>),
    /// `a || b || ...`: short-circuit, 1 if any is nonzero, else 0.
    Or(Vec<Expr>),
    /// `min(a, ...)`.
    Min(Vec<Expr>),
    /// `max(a, ...)`.
    Max(Vec<Expr>),
    /// `if(cond, then, else)`: lazy, only the taken branch is evaluated.
    If(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A function of one argument: `g(x)`, `gbar(x)`, `h(k)` (of the game's
    /// base) or `fib(k)`; the column is where its name begins.
    Call(Func, Box<Expr>, At),
}

/// A function of the bound language (paper 002's g and ḡ, a base's terms,
/// the Fibonacci numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Func {
    /// `g(x)`: the smallest term of `x` in the base (Algorithm 1, Definition 6).
    G,
    /// `gbar(x)`: `ḡ(x) = ḡ(g(x))`, where `ḡ(b_k) = b_(k+1) − b_k` (Definition 6).
    GBar,
    /// `h(k)`: the base's term `b_k`, `b_1` the smallest.
    H,
    /// `fib(k)`: the Fibonacci number `F_k`, `F_1 = F_2 = 1` (no base needed).
    Fib,
}

impl Func {
    /// The function as written.
    ///
    /// ```
    /// use takeaway::bound::ast::Func;
    /// assert_eq!(Func::GBar.name(), "gbar");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Func::G => "g",
            Func::GBar => "gbar",
            Func::H => "h",
            Func::Fib => "fib",
        }
    }

    /// The function written `name`, if any.
    ///
    /// ```
    /// use takeaway::bound::ast::Func;
    /// assert_eq!(Func::from_name("fib"), Some(Func::Fib));
    /// assert_eq!(Func::from_name("sin"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Func> {
        [Func::G, Func::GBar, Func::H, Func::Fib]
            .into_iter()
            .find(|f| f.name() == name)
    }

    /// Whether it needs the game's base (`g`, `gbar`, `h`).
    ///
    /// ```
    /// use takeaway::bound::ast::Func;
    /// assert!(Func::G.needs_base() && !Func::Fib.needs_base());
    /// ```
    pub fn needs_base(self) -> bool {
        self != Func::Fib
    }
}

/// Where a call was written (1-based column), for evaluation errors. It is
/// no part of the expression's identity: trees that differ only in columns
/// are equal and hash alike, so a normalised reprint parses back equal.
#[derive(Debug, Clone, Copy)]
pub struct At(pub usize);

impl PartialEq for At {
    fn eq(&self, _: &At) -> bool {
        true
    }
}

impl Eq for At {}

impl std::hash::Hash for At {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Binding strength, loosest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Or,
    And,
    Compare,
    Sum,
    Product,
    Unary,
    Atom,
}

impl Expr {
    fn level(&self) -> Level {
        match self {
            Expr::Or(_) => Level::Or,
            Expr::And(_) => Level::And,
            Expr::Compare(..) => Level::Compare,
            Expr::Sum(..) => Level::Sum,
            Expr::Product(..) => Level::Product,
            Expr::Neg(_) | Expr::Not(_) => Level::Unary,
            Expr::Num(_)
            | Expr::Var(_)
            | Expr::Min(_)
            | Expr::Max(_)
            | Expr::If(..)
            | Expr::Call(..) => Level::Atom,
        }
    }

    /// Whether the variable occurs anywhere in the expression (also in
    /// branches that a given evaluation might skip).
    ///
    /// ```
    /// use takeaway::bound::{Bound, ast::Var};
    /// let b = Bound::parse("if(t > 3, n, 0)").unwrap();
    /// assert!(b.expr().mentions(Var::N));
    /// ```
    pub fn mentions(&self, var: Var) -> bool {
        match self {
            Expr::Num(_) => false,
            Expr::Var(v) => *v == var,
            Expr::Neg(e) | Expr::Not(e) => e.mentions(var),
            Expr::Sum(first, rest) => {
                first.mentions(var) || rest.iter().any(|(_, e)| e.mentions(var))
            }
            Expr::Product(first, rest) => {
                first.mentions(var) || rest.iter().any(|(_, e)| e.mentions(var))
            }
            Expr::Compare(_, a, b) => a.mentions(var) || b.mentions(var),
            Expr::And(v) | Expr::Or(v) | Expr::Min(v) | Expr::Max(v) => {
                v.iter().any(|e| e.mentions(var))
            }
            Expr::If(c, a, b) => c.mentions(var) || a.mentions(var) || b.mentions(var),
            Expr::Call(_, a, _) => a.mentions(var),
        }
    }

    /// The first call (in reading order) of a function that needs the
    /// game's base, with its column.
    ///
    /// ```
    /// use takeaway::bound::ast::Func;
    /// use takeaway::bound::Bound;
    /// let f = Bound::parse_with_base("fib(t) + g(n)", Some(takeaway::numeration::base::Base::fibonacci())).unwrap();
    /// assert_eq!(f.expr().first_base_call(), Some((Func::G, 10)));
    /// ```
    pub fn first_base_call(&self) -> Option<(Func, usize)> {
        let mut found = None;
        self.visit(&mut |e| {
            if found.is_none()
                && let Expr::Call(func, _, At(column)) = e
                && func.needs_base()
            {
                found = Some((*func, *column));
            }
        });
        found
    }

    /// Whether any function call occurs.
    ///
    /// ```
    /// use takeaway::bound::Bound;
    /// assert!(Bound::parse("fib(t)").unwrap().expr().has_calls());
    /// assert!(!Bound::parse("2*t").unwrap().expr().has_calls());
    /// ```
    pub fn has_calls(&self) -> bool {
        let mut any = false;
        self.visit(&mut |e| any |= matches!(e, Expr::Call(..)));
        any
    }

    /// Calls `f` on every node, parents before children, left to right.
    fn visit(&self, f: &mut dyn FnMut(&Expr)) {
        f(self);
        match self {
            Expr::Num(_) | Expr::Var(_) => {}
            Expr::Neg(e) | Expr::Not(e) | Expr::Call(_, e, _) => e.visit(f),
            Expr::Sum(first, rest) => {
                first.visit(f);
                rest.iter().for_each(|(_, e)| e.visit(f));
            }
            Expr::Product(first, rest) => {
                first.visit(f);
                rest.iter().for_each(|(_, e)| e.visit(f));
            }
            Expr::Compare(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Expr::And(v) | Expr::Or(v) | Expr::Min(v) | Expr::Max(v) => {
                v.iter().for_each(|e| e.visit(f));
            }
            Expr::If(c, a, b) => {
                c.visit(f);
                a.visit(f);
                b.visit(f);
            }
        }
    }
}

/// Writes `e`, parenthesised unless it binds strictly tighter than `above`
/// (or, for unary operands, at least as tight as a unary operator).
fn child(f: &mut fmt::Formatter<'_>, e: &Expr, min: Level) -> fmt::Result {
    if e.level() >= min {
        write!(f, "{e}")
    } else {
        write!(f, "({e})")
    }
}

fn list(f: &mut fmt::Formatter<'_>, name: &str, args: &[&Expr]) -> fmt::Result {
    write!(f, "{name}(")?;
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{a}")?;
    }
    f.write_str(")")
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Num(v) => write!(f, "{v}"),
            Expr::Var(Var::T) => f.write_str("t"),
            Expr::Var(Var::N) => f.write_str("n"),
            Expr::Neg(e) => {
                f.write_str("-")?;
                child(f, e, Level::Unary)
            }
            Expr::Not(e) => {
                f.write_str("!")?;
                child(f, e, Level::Unary)
            }
            Expr::Sum(first, rest) => {
                child(f, first, Level::Product)?;
                for (op, e) in rest {
                    f.write_str(match op {
                        AddOp::Add => " + ",
                        AddOp::Sub => " - ",
                    })?;
                    child(f, e, Level::Product)?;
                }
                Ok(())
            }
            Expr::Product(first, rest) => {
                child(f, first, Level::Unary)?;
                for (op, e) in rest {
                    f.write_str(match op {
                        MulOp::Mul => " * ",
                        MulOp::Div => " / ",
                        MulOp::Mod => " % ",
                    })?;
                    child(f, e, Level::Unary)?;
                }
                Ok(())
            }
            Expr::Compare(op, a, b) => {
                child(f, a, Level::Sum)?;
                write!(f, " {} ", op.symbol())?;
                child(f, b, Level::Sum)
            }
            Expr::And(v) | Expr::Or(v) => {
                let (sep, min) = if matches!(self, Expr::And(_)) {
                    (" && ", Level::Compare)
                } else {
                    (" || ", Level::And)
                };
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(sep)?;
                    }
                    child(f, e, min)?;
                }
                Ok(())
            }
            Expr::Min(v) => list(f, "min", &v.iter().collect::<Vec<_>>()),
            Expr::Max(v) => list(f, "max", &v.iter().collect::<Vec<_>>()),
            Expr::If(c, a, b) => list(f, "if", &[c, a, b]),
            Expr::Call(func, a, _) => list(f, func.name(), &[a]),
        }
    }
}
