//! The two-operand operations the kernels serve: [`Op`], its discriminant
//! as a const generic ([`ADD`], [`SUB`], [`MUL`], [`DIV`], how a kernel is
//! specialised), and the macros that turn a runtime operation and mode into
//! those const generics, once per call.

use crate::ieee::{soft, Width};
use softcore::Round;

/// A two-operand arithmetic operation the kernels serve: below the program
/// node, the one name of `+ − × ÷`.
///
/// Its discriminant is the const generic a kernel is specialised on
/// (`ADD` …), stable Rust's const generics taking only integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Op {
    /// `a + b`.
    Add = 0,
    /// `a − b`.
    Sub = 1,
    /// `a × b`.
    Mul = 2,
    /// `a ÷ b`.
    Div = 3,
}

/// [`Op::Add`] as a const generic.
pub const ADD: u8 = Op::Add as u8;
/// [`Op::Sub`] as a const generic.
pub const SUB: u8 = Op::Sub as u8;
/// [`Op::Mul`] as a const generic.
pub const MUL: u8 = Op::Mul as u8;
/// [`Op::Div`] as a const generic.
pub const DIV: u8 = Op::Div as u8;

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
    /// The operation whose discriminant is the const generic `code`.
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
