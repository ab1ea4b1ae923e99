//! A move bound compiled to flat stack bytecode over `i64` with checked
//! arithmetic, for solver loops that evaluate it billions of times.
//!
//! Law: [`Program::run`] returns `Some(v)` only if `v` is exactly the value
//! of the expression (every intermediate fitted `i64`); on overflow, division
//! by zero, or a literal that does not fit, it returns `None` and the caller
//! falls back to the exact evaluation — never a wrong value.
//!
//! Short-circuit `&&`/`||` and lazy `if` compile to jumps, so skipped branches
//! are not evaluated here either. Binary operators with a constant right
//! operand (and commutative ones with a constant left operand) use one fused
//! instruction.

use super::ast::{AddOp, CmpOp, Expr, MulOp, Var};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bin {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Min,
    Max,
    Cmp(CmpOp),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Const(i64),
    N,
    T,
    /// Pops b, a; pushes a op b.
    Bin(Bin),
    /// Pops a; pushes a op c.
    BinConst(Bin, i64),
    Neg,
    Not,
    /// Pops; jumps if zero.
    Jz(u32),
    /// Pops; jumps if nonzero.
    Jnz(u32),
    Jmp(u32),
}

/// Compiled bytecode.
#[derive(Debug, Clone)]
pub(crate) struct Program {
    code: Vec<Op>,
    max_stack: usize,
    /// A literal did not fit `i64`: always use the exact evaluation.
    exact_only: bool,
}

const STACK: usize = 32;

#[inline]
fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

#[inline]
fn floor_mod(a: i64, b: i64) -> Option<i64> {
    let r = a.checked_rem(b)?;
    if r != 0 && ((r < 0) != (b < 0)) {
        r.checked_add(b)
    } else {
        Some(r)
    }
}

#[inline(always)]
fn apply(op: Bin, a: i64, b: i64) -> Option<i64> {
    match op {
        Bin::Add => a.checked_add(b),
        Bin::Sub => a.checked_sub(b),
        Bin::Mul => a.checked_mul(b),
        Bin::Div => floor_div(a, b),
        Bin::Mod => floor_mod(a, b),
        Bin::Min => Some(a.min(b)),
        Bin::Max => Some(a.max(b)),
        Bin::Cmp(c) => Some(i64::from(c.holds(a.cmp(&b)))),
    }
}

struct Compiler {
    code: Vec<Op>,
    depth: usize,
    max_stack: usize,
    exact_only: bool,
}

impl Compiler {
    fn push(&mut self, op: Op) {
        match op {
            Op::Const(_) | Op::N | Op::T => {
                self.depth += 1;
                self.max_stack = self.max_stack.max(self.depth);
            }
            Op::Bin(_) | Op::Jz(_) | Op::Jnz(_) => self.depth = self.depth.saturating_sub(1),
            Op::BinConst(..) | Op::Neg | Op::Not | Op::Jmp(_) => {}
        }
        self.code.push(op);
    }

    fn here(&self) -> u32 {
        u32::try_from(self.code.len()).unwrap_or(u32::MAX)
    }

    fn patch(&mut self, at: usize) {
        let target = self.here();
        if let Some(op) = self.code.get_mut(at) {
            *op = match *op {
                Op::Jz(_) => Op::Jz(target),
                Op::Jnz(_) => Op::Jnz(target),
                Op::Jmp(_) => Op::Jmp(target),
                other => other,
            };
        }
    }

    fn constant(e: &Expr) -> Option<i64> {
        match e {
            Expr::Num(v) => i64::try_from(v).ok(),
            _ => None,
        }
    }

    /// Emits `a op b` where `a` is already on the stack.
    fn binary_rhs(&mut self, op: Bin, b: &Expr) {
        if let Some(c) = Self::constant(b) {
            self.push(Op::BinConst(op, c));
        } else {
            self.expr(b);
            self.push(Op::Bin(op));
        }
    }

    /// Emits `a op b` for two sub-expressions.
    fn binary(&mut self, op: Bin, a: &Expr, b: &Expr) {
        let commutes = matches!(op, Bin::Add | Bin::Mul | Bin::Min | Bin::Max);
        if commutes && Self::constant(a).is_some() && Self::constant(b).is_none() {
            self.expr(b);
            self.binary_rhs(op, a);
        } else {
            self.expr(a);
            self.binary_rhs(op, b);
        }
    }

    fn expr(&mut self, e: &Expr) {
        match e {
            Expr::Num(v) => match i64::try_from(v) {
                Ok(c) => self.push(Op::Const(c)),
                Err(_) => {
                    self.exact_only = true;
                    self.push(Op::Const(0));
                }
            },
            Expr::Var(Var::N) => self.push(Op::N),
            Expr::Var(Var::T) => self.push(Op::T),
            // Functions of a base or Fibonacci numbers: exact evaluation only.
            Expr::Call(..) => {
                self.exact_only = true;
                self.push(Op::Const(0));
            }
            Expr::Neg(a) => {
                self.expr(a);
                self.push(Op::Neg);
            }
            Expr::Not(a) => {
                self.expr(a);
                self.push(Op::Not);
            }
            Expr::Sum(first, rest) => {
                let to_bin = |op: &AddOp| match op {
                    AddOp::Add => Bin::Add,
                    AddOp::Sub => Bin::Sub,
                };
                match rest.as_slice() {
                    [(op, b)] => self.binary(to_bin(op), first, b),
                    _ => {
                        self.expr(first);
                        for (op, b) in rest {
                            self.binary_rhs(to_bin(op), b);
                        }
                    }
                }
            }
            Expr::Product(first, rest) => {
                let to_bin = |op: &MulOp| match op {
                    MulOp::Mul => Bin::Mul,
                    MulOp::Div => Bin::Div,
                    MulOp::Mod => Bin::Mod,
                };
                match rest.as_slice() {
                    [(op, b)] => self.binary(to_bin(op), first, b),
                    _ => {
                        self.expr(first);
                        for (op, b) in rest {
                            self.binary_rhs(to_bin(op), b);
                        }
                    }
                }
            }
            Expr::Compare(op, a, b) => {
                self.expr(a);
                self.binary_rhs(Bin::Cmp(*op), b);
            }
            Expr::And(items) | Expr::Or(items) => {
                let is_and = matches!(e, Expr::And(_));
                let mut jumps = Vec::new();
                for x in items {
                    self.expr(x);
                    jumps.push(self.code.len());
                    self.push(if is_and { Op::Jz(0) } else { Op::Jnz(0) });
                }
                // Fell through: all nonzero (and) / all zero (or).
                self.push(Op::Const(i64::from(is_and)));
                let end = self.code.len();
                self.push(Op::Jmp(0));
                self.depth -= 1;
                for j in jumps {
                    self.patch(j);
                }
                self.push(Op::Const(i64::from(!is_and)));
                self.patch(end);
            }
            Expr::Min(items) | Expr::Max(items) => {
                let op = if matches!(e, Expr::Min(_)) {
                    Bin::Min
                } else {
                    Bin::Max
                };
                let mut it = items.iter();
                if let Some(first) = it.next() {
                    match (it.next(), it.next()) {
                        (Some(second), None) => self.binary(op, first, second),
                        _ => {
                            self.expr(first);
                            for x in items.iter().skip(1) {
                                self.binary_rhs(op, x);
                            }
                        }
                    }
                } else {
                    self.push(Op::Const(0));
                }
            }
            Expr::If(c, a, b) => {
                self.expr(c);
                let jz = self.code.len();
                self.push(Op::Jz(0));
                self.expr(a);
                let jmp = self.code.len();
                self.push(Op::Jmp(0));
                self.depth -= 1;
                self.patch(jz);
                self.expr(b);
                self.patch(jmp);
            }
        }
    }
}

impl Program {
    /// Compiles `e`.
    pub(crate) fn compile(e: &Expr) -> Self {
        let mut c = Compiler {
            code: Vec::new(),
            depth: 0,
            max_stack: 0,
            exact_only: false,
        };
        c.expr(e);
        Program {
            exact_only: c.exact_only || c.code.len() >= u32::MAX as usize,
            code: c.code,
            max_stack: c.max_stack,
        }
    }

    /// Runs the program at `(n, t)`; `None` when the `i64` computation cannot
    /// give the exact value (see the module law).
    #[inline]
    pub(crate) fn run(&self, n: i64, t: i64) -> Option<i64> {
        if self.exact_only {
            return None;
        }
        if self.max_stack <= STACK {
            let mut stack = [0i64; STACK];
            self.run_on(&mut stack, n, t)
        } else {
            let mut stack = vec![0i64; self.max_stack];
            self.run_on(&mut stack, n, t)
        }
    }

    #[inline(always)]
    fn run_on(&self, stack: &mut [i64], n: i64, t: i64) -> Option<i64> {
        let code = self.code.as_slice();
        let mut pc = 0usize;
        // `sp` is the number of values on the stack.
        let mut sp = 0usize;
        while let Some(op) = code.get(pc) {
            pc += 1;
            match *op {
                Op::Const(c) => {
                    *stack.get_mut(sp)? = c;
                    sp += 1;
                }
                Op::N => {
                    *stack.get_mut(sp)? = n;
                    sp += 1;
                }
                Op::T => {
                    *stack.get_mut(sp)? = t;
                    sp += 1;
                }
                Op::Bin(b) => {
                    sp = sp.checked_sub(1)?;
                    let y = *stack.get(sp)?;
                    let x = stack.get_mut(sp.checked_sub(1)?)?;
                    *x = apply(b, *x, y)?;
                }
                Op::BinConst(b, c) => {
                    let x = stack.get_mut(sp.checked_sub(1)?)?;
                    *x = apply(b, *x, c)?;
                }
                Op::Neg => {
                    let x = stack.get_mut(sp.checked_sub(1)?)?;
                    *x = x.checked_neg()?;
                }
                Op::Not => {
                    let x = stack.get_mut(sp.checked_sub(1)?)?;
                    *x = i64::from(*x == 0);
                }
                Op::Jz(to) | Op::Jnz(to) => {
                    sp = sp.checked_sub(1)?;
                    let zero = *stack.get(sp)? == 0;
                    if zero == matches!(op, Op::Jz(_)) {
                        pc = to as usize;
                    }
                }
                Op::Jmp(to) => pc = to as usize,
            }
        }
        if sp == 1 {
            stack.first().copied()
        } else {
            None
        }
    }
}
