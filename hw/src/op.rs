//! The two-operand operations the kernels serve: [`Op`], its const code
//! (`lanes::{ADD, SUB, MUL, DIV}`, how a kernel is specialised), and the
//! macros that turn a runtime operation and mode into those const codes,
//! once per call.

use crate::ieee::{soft, Width};
use crate::lanes::{ADD, MUL, SUB};
use softcore::Round;

/// A two-operand `%i754` operation the hardware kernels serve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `a + b`.
    Add,
    /// `a − b`.
    Sub,
    /// `a × b`.
    Mul,
    /// `a ÷ b`.
    Div,
}

impl Op {
    /// Every operation.
    pub const ALL: [Op; 4] = [Op::Add, Op::Sub, Op::Mul, Op::Div];

    /// The SoftFloat reference of this operation ([`crate::ieee::soft`]).
    pub fn reference(self, w: Width, r: Round, a: u128, b: u128) -> u128 {
        match self {
            Op::Add => soft::add(w, r, a, b),
            Op::Sub => soft::sub(w, r, a, b),
            Op::Mul => soft::mul(w, r, a, b),
            Op::Div => soft::div(w, r, a, b),
        }
    }
}

impl Op {
    /// The operation of a const code (`lanes::{ADD, SUB, MUL, DIV}`).
    pub(crate) const fn of_code(code: u8) -> Op {
        match code {
            ADD => Op::Add,
            SUB => Op::Sub,
            MUL => Op::Mul,
            _ => Op::Div,
        }
    }
}

/// Calls `$f::<T, OP, M>` for the runtime `op` and `r` (the const codes of
/// `lanes` and [`mode`](crate::mode) in scope where it is called): how every loop
/// turns a runtime operation and mode into const generics, once per call.
macro_rules! by_op_mode {
    ($op:expr, $r:expr, $f:ident, $T:ty, ($($arg:expr),*)) => {
        match $op {
            Op::Add => by_mode!($r, $f, $T, ADD, ($($arg),*)),
            Op::Sub => by_mode!($r, $f, $T, SUB, ($($arg),*)),
            Op::Mul => by_mode!($r, $f, $T, MUL, ($($arg),*)),
            Op::Div => by_mode!($r, $f, $T, DIV, ($($arg),*)),
        }
    };
}

/// Calls `$f::<T, [OP,] M>` for the runtime `r`.
macro_rules! by_mode {
    ($r:expr, $f:ident, $T:ty, $OP:ident, ($($arg:expr),*)) => {
        match $r {
            Round::N => $f::<$T, $OP, N>($($arg),*),
            Round::U => $f::<$T, $OP, U>($($arg),*),
            Round::D => $f::<$T, $OP, D>($($arg),*),
            Round::Z => $f::<$T, $OP, Z>($($arg),*),
            Round::A => $f::<$T, $OP, A>($($arg),*),
        }
    };
    ($r:expr, $f:ident, $T:ty, ($($arg:expr),*)) => {
        match $r {
            Round::N => $f::<$T, N>($($arg),*),
            Round::U => $f::<$T, U>($($arg),*),
            Round::D => $f::<$T, D>($($arg),*),
            Round::Z => $f::<$T, Z>($($arg),*),
            Round::A => $f::<$T, A>($($arg),*),
        }
    };
}

pub(crate) use {by_mode, by_op_mode};
