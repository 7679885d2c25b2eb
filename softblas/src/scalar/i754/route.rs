//! The hardware route of the one-call operations: [`super::add`],
//! [`super::sub`], [`super::mul`], [`super::div`] and [`super::sqt`] at
//! binary16/32/64 run on the per-element hardware functions of [`crate::hw`]
//! when the caller's executor is [`Executor::Fast`] ([`super::binary_by`],
//! [`super::sqt_by`]), and on the soft core ([`softcore`]) otherwise.
//!
//! Why the bits do not change: the per-element functions behind
//! [`Word`] (`hw::lanes::{bin16, bin32, bin64, sqt16, sqt32, sqt64}`, the
//! ones every loop of [`crate::hw`] runs) return exactly SoftFloat's bits
//! with the canonical NaN, for every operand and mode, directed-mode overflow
//! saturation included; the proofs are in the module doc of [`crate::hw`],
//! and `softblas/tests/hw_exhaustive.rs`, `hw_bits.rs` and `scalar_hw.rs`
//! check them against SoftFloat. Where a binary64 function cannot decide an
//! element (it says so with its flag: a directed mode with a subnormal
//! operand, a tiny quotient or root, an overflowing intermediate) the caller
//! computes the element by the soft core, as the loops do. Operands
//! are cut to the width first and results lie within it, as on the soft-core
//! path.
//!
//! Each call goes straight to the per-element function for its operation and
//! mode (a `match` onto const generics), not through the slice loops of
//! [`crate::hw`], whose per-call dispatch (CPU features, AVX-512 tails) costs
//! more than one element's work. They are compiled for the target's baseline
//! (SSE2 on x86_64; `mul_add` is then the C library's `fma`, still one rounding).
//!
//! binary128 and [`Executor::Reference`] always take the soft core, so the
//! reference executor keeps every scalar operation of a door that carries it
//! on the soft core (SoftFloat's bits, `docs/softcore.md`).

use super::Width;
use crate::hw::round::{A, D, N, U, Z};
use crate::hw::{by_mode, by_op_mode, Op, ADD, DIV, MUL, SUB};
use crate::policy::Executor;
use crate::word::Word;
use crate::Round;

/// Whether the hardware serves width `w` under the executor `e`.
#[inline(always)]
fn served(e: Executor, w: Width) -> bool {
    w != Width::Q && e == Executor::Fast
}

/// One element of `OP` in mode `M`; `None` when the host cannot decide it.
#[inline(always)]
fn bin<T: Word, const OP: u8, const M: u8>(a: u128, b: u128) -> Option<u128> {
    let (v, undecided) = T::bin::<OP, M>(T::of_bits(a), T::of_bits(b));
    (!undecided).then(|| v.bits())
}

/// One square root in mode `M`; `None` when the host cannot decide it.
#[inline(always)]
fn sqt<T: Word, const M: u8>(a: u128) -> Option<u128> {
    let (v, undecided) = T::sqt::<M>(T::of_bits(a));
    (!undecided).then(|| v.bits())
}

/// `a op b` rounded in `r` by the hardware, or `None` when the soft core must
/// compute it (the reference executor, binary128, or an element the host
/// cannot decide).
#[inline]
pub(super) fn binary(e: Executor, op: Op, w: Width, r: Round, a: u128, b: u128) -> Option<u128> {
    if !served(e, w) {
        return None;
    }
    match w {
        Width::H => by_op_mode!(op, r, bin, u16, (a, b)),
        Width::S => by_op_mode!(op, r, bin, u32, (a, b)),
        _ => by_op_mode!(op, r, bin, u64, (a, b)),
    }
}

/// `√a` rounded in `r` by the hardware, or `None` when the soft core must compute it.
#[inline]
pub(super) fn sqrt(e: Executor, w: Width, r: Round, a: u128) -> Option<u128> {
    if !served(e, w) {
        return None;
    }
    match w {
        Width::H => by_mode!(r, sqt, u16, (a)),
        Width::S => by_mode!(r, sqt, u32, (a)),
        _ => by_mode!(r, sqt, u64, (a)),
    }
}
