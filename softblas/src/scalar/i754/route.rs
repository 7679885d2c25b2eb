//! The executor switch of the one-call operations: [`super::add`],
//! [`super::sub`], [`super::mul`], [`super::div`] and [`super::sqt`] at
//! binary16/32/64 run on the per-element hardware functions of [`crate::hw`]
//! when the executor is [`Executor::Fast`], and on SoftFloat otherwise.
//!
//! Why the bits do not change: the per-element functions behind
//! [`Lane`] (`hw::lanes::{bin16, bin32, bin64, sqt16, sqt32, sqt64}`, the
//! ones every loop of [`crate::hw`] runs) return exactly SoftFloat's bits
//! with the canonical NaN, for every operand and mode, directed-mode overflow
//! saturation included; the proofs are in the module doc of [`crate::hw`],
//! and `softblas/tests/hw_exhaustive.rs`, `hw_bits.rs` and `scalar_hw.rs`
//! check them against SoftFloat. Where a binary64 function cannot decide an
//! element (it says so with its flag: a directed mode with a subnormal
//! operand, a tiny quotient or root, an overflowing intermediate) the caller
//! computes the element by SoftFloat, as the loops do. Operands
//! are cut to the width first and results lie within it, as on the SoftFloat
//! path.
//!
//! Each call goes straight to the per-element function for its operation and
//! mode (a `match` onto const generics), not through the slice loops of
//! [`crate::hw`], whose per-call dispatch (CPU features, AVX-512 tails) costs
//! more than one element's work. They are compiled for the target's baseline
//! (SSE2 on x86_64; `mul_add` is then the C library's `fma`, still one rounding).
//!
//! binary128 and [`Executor::Reference`] always take SoftFloat, so
//! `URNUM_EXEC=reference` keeps every scalar operation pure SoftFloat. The
//! executor check is one relaxed atomic load.

use super::Width;
use crate::hw::round::{A, D, N, U, Z};
use crate::hw::{self, Executor, Lane, Op};
use crate::Round;

/// The operation codes of [`Lane::bin`] (those of `hw::lanes`).
const ADD: u8 = 0;
const SUB: u8 = 1;
const MUL: u8 = 2;
const DIV: u8 = 3;

/// Whether the hardware serves width `w` on this call.
#[inline(always)]
fn served(w: Width) -> bool {
    w != Width::Q && hw::executor() == Executor::Fast
}

/// Calls `$f::<$T, OP, M>(args)` for the runtime `op` and `r`.
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

/// Calls `$f::<$T, [$OP,] M>(args)` for the runtime `r`.
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

/// One element of `OP` in mode `M`; `None` when the host cannot decide it.
#[inline(always)]
fn bin<T: Lane, const OP: u8, const M: u8>(a: u128, b: u128) -> Option<u128> {
    let (v, undecided) = T::bin::<OP, M>(T::of_bits(a), T::of_bits(b));
    (!undecided).then(|| v.bits())
}

/// One square root in mode `M`; `None` when the host cannot decide it.
#[inline(always)]
fn sqt<T: Lane, const M: u8>(a: u128) -> Option<u128> {
    let (v, undecided) = T::sqt::<M>(T::of_bits(a));
    (!undecided).then(|| v.bits())
}

/// `a op b` rounded in `r` by the hardware, or `None` when SoftFloat must
/// compute it (the reference executor, binary128, or an element the host
/// cannot decide).
#[inline]
pub(super) fn binary(op: Op, w: Width, r: Round, a: u128, b: u128) -> Option<u128> {
    if !served(w) {
        return None;
    }
    match w {
        Width::H => by_op_mode!(op, r, bin, u16, (a, b)),
        Width::S => by_op_mode!(op, r, bin, u32, (a, b)),
        _ => by_op_mode!(op, r, bin, u64, (a, b)),
    }
}

/// `√a` rounded in `r` by the hardware, or `None` when SoftFloat must compute it.
#[inline]
pub(super) fn sqrt(w: Width, r: Round, a: u128) -> Option<u128> {
    if !served(w) {
        return None;
    }
    match w {
        Width::H => by_mode!(r, sqt, u16, (a)),
        Width::S => by_mode!(r, sqt, u32, (a)),
        _ => by_mode!(r, sqt, u64, (a)),
    }
}
