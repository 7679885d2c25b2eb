//! A pure-Rust IEEE 754 binary16/32/64/128 core that returns, for every input,
//! the bits Berkeley SoftFloat 3e (8086-SSE specialisation) returns.
//!
//! This is the bottom of urnum's IEEE arithmetic, a crate by itself: no
//! dependencies, no `unsafe`, no state; the rounding mode ([`Round`]) is an
//! argument of every operation. Each operation is generic over a [`Format`] (the four binary
//! interchange formats of IEEE 754-2019 §3.6 are [`Binary16`], [`Binary32`],
//! [`Binary64`], [`Binary128`]); significands are `u128`, and binary128
//! products and roots use the 256-bit helpers of `wide`.
//!
//! What is ported (semantics, not text):
//! - IEEE 754-2019 §4.3 (rounding-direction attributes, here [`Round`]),
//!   §5.4.1 (addition, subtraction, multiplication, division, square root,
//!   fused multiply-add, each correctly rounded), §5.3.1 roundToIntegral
//!   (the `exact = false` form: no inexact signal), §5.4.2 and §5.4.1
//!   convertFromInt and formatOf-convert, §5.6.1 quiet comparisons,
//!   §6.3 (the sign of an exact zero sum: `+0` except in roundTowardNegative),
//!   §7.4 (directed-mode overflow to the largest finite number).
//! - SoftFloat 3e's 8086-SSE specialisation where IEEE leaves a choice:
//!   the default NaN has the sign bit set and only the quiet bit in the
//!   fraction (`defaultNaNF32UI = 0xFFC00000`); an operation with a NaN
//!   operand returns the first NaN operand in argument order with its quiet
//!   bit set (`s_propagateNaNF*UI.c`; for `fma`, `a` and `b` before `c`,
//!   and `∞ × 0 + NaN` gives the default NaN, as `s_mulAddF*.c` does); a
//!   conversion keeps a NaN's sign and its payload left-aligned
//!   (`s_f*UIToCommonNaN.c`, `s_commonNaNToF*UI.c`). Tininess is detected
//!   after rounding there, which changes only flags, never bits.
//! - Exception flags are not modelled: urnum never read SoftFloat's flags
//!   (the binding saved and restored them around every batch), so no result
//!   here depends on them.
//!
//! Every operation masks its operands to the format's width first.
//! ```
//! use softcore::{add, sqrt, Binary32, Round};
//! let one = 0x3f80_0000; // 1.0f32
//! assert_eq!(add::<Binary32>(one, one, Round::N), 0x4000_0000); // 2.0
//! assert_eq!(sqrt::<Binary32>(0x4080_0000, Round::Z), 0x4000_0000); // √4 = 2
//! ```
//!
//! Proofs (in the `urnum-softblas` package, whose tests hold the SoftFloat
//! oracle): `softblas/tests/softcore_bounded.rs` (CI) and
//! `softblas/tests/softcore_sweep.rs` (ignored, exhaustive and 10^8-case
//! runs) compare raw bits against `softfloat-sys`; `docs/softcore.md` holds
//! the figures.

#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic)]

mod add;
mod cmp;
mod conv;
mod div;
mod fma;
mod format;
mod int;
mod mul;
mod pack;
mod round;
mod sqrt;
mod wide;

pub use add::{add, sub};
pub use cmp::{eq, le, lt};
pub use conv::{convert, from_u64};
pub use div::div;
pub use fma::fma;
pub use format::{Binary128, Binary16, Binary32, Binary64, Format};
pub use int::round_to_int;
pub use mul::mul;
pub use round::{Round, RoundError};
pub use sqrt::sqrt;

/// A SplitMix64 stream from `seed`: the unit tests' operands.
#[cfg(test)]
pub(crate) fn splitmix(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
