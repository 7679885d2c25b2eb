//! SoftFloat's bits at hardware speed: `%i754` add, sub, mul, div and sqrt at
//! binary16/32/64 in all five rounding modes, on host floats, elementwise,
//! as folds in an exact order, and as `+mmul`'s contraction.
//!
//! Every function here returns exactly the bits of [`crate::scalar::i754`]
//! (Berkeley SoftFloat 3e with canonical NaNs) for the same operands and mode.
//! binary128 has no host format and stays on the soft core [`crate::soft`]
//! (SoftFloat's bits; `softblas::exec`). Where this module says an element
//! falls back to SoftFloat, it is computed by that core.
//!
//! # Proof obligations
//!
//! This module is the one place host floating point is allowed in softblas
//! (`clippy::float_arithmetic` is allowed here only). Its results are bit-identical to
//! SoftFloat because:
//!
//! 1. **The host is IEEE 754 binary32/binary64 in round-to-nearest-even with
//!    gradual underflow.** Rust guarantees that `+ − × ÷ sqrt` on `f32`/`f64`
//!    are correctly rounded to nearest, that `f64 as f32` rounds to nearest,
//!    that nothing is contracted into a fused multiply-add (`a*b+c` stays two
//!    roundings) and that x87 is not used on x86_64 (SSE2). It assumes the
//!    default floating-point environment: a caller that sets flush-to-zero,
//!    denormals-are-zero or another MXCSR rounding mode breaks this module (and
//!    Rust itself). `mul_add` is one rounding of the exact `a·b + c` on every
//!    target (a hardware FMA instruction when the CPU has one, else libm `fma`).
//! 2. **NaN.** Every NaN result is replaced by the canonical NaN of its width
//!    (the host's payload rules never show); non-NaN results do not depend on
//!    payloads.
//! 3. **Round to nearest** is the host result (binary16: the exact binary64
//!    result narrowed by integer code, see 5).
//! 4. **Directed modes and ties-away** come from `y = RN(x)` and the side of `y`
//!    the exact `x` lies on ([`round`]): `RU`, `RD` and `RZ` step one ulp in
//!    the bits where `x` lies beyond `y`; `RA` steps away from zero at an
//!    exact tie. An overflow that `RN` sends to ±∞ steps back to ±max in a
//!    mode that points to zero (IEEE saturation, as SoftFloat). The side and the
//!    tie are decided exactly:
//!    - **binary32** computes in binary64. Products (48 bits) are exact; a sum
//!      is `s + e` exactly (TwoSum, no overflow possible); the quotient and
//!      root are `RN64` of the exact value, and `RN32(RN64(v)) = RN32(v)` for
//!      `+ ÷ √` because 53 ≥ 2·24 + 2 (Figueroa, "When is double rounding
//!      innocuous?", 1995). The side of `y` follows from comparisons that are
//!      exact in binary64: `p ⋚ y` for a product, `s ⋚ y` then the sign of
//!      `e` for a sum (`RN64` is monotonic and `y` is representable), `a ⋚ y·b`
//!      for a quotient (a 48-bit product), `a ⋚ y²` for a root; a tie is `x`
//!      equal to the midpoint `m` of `y` and its neighbour (25 bits, so `m`,
//!      `m·b` are exact). binary32 never falls back to SoftFloat.
//!    - **binary16** computes in binary64: sums and products of two binary16
//!      values are exact (41 and 22 bits); quotients and roots as for binary32
//!      (53 ≥ 2·11 + 2); narrowing to binary16 is integer code (`half`),
//!      checked exhaustively against a round trip and by the exhaustive tests.
//!    - **binary64** uses error-free transformations: TwoSum for `+ −` (exact
//!      unless an intermediate overflows, which leaves `s` or `e` non-finite);
//!      `e = fma(a, b, −p)` for `×`, exact when `Ea + Eb ≥ emin + p − 1 = −970`
//!      (we require −960); `r = fma(−q, b, a)` for `÷`, exact when `Eq + Eb ≥
//!      −970` (we require `Ea ≥ −960`, and `Ea − Eb ≥ −1000` so `q` is normal);
//!      `r = fma(−s, s, a)` for `√`, exact for `a ≥ 2^−960` (Boldo–Daumas,
//!      "Representable correcting terms for possibly underflowing floating
//!      point operations", 2003). A tie is `2e = gap to the neighbour`. A
//!      quotient or root of 53-bit values is never a midpoint while the result
//!      is normal (the midpoint's odd 54-bit significand would have to divide,
//!      or square into, a 53-bit one), so `RA = RN` there. Elements outside
//!      these ranges (non-finite results, subnormal operands of `× ÷`, tiny
//!      quotients, tiny roots) are recomputed by SoftFloat.
//! 5. **Zero signs.** An exact zero sum is `+0` in every mode but `%d`, where
//!    it is `−0` unless both addends are `+0` (IEEE 754 §6.3); products,
//!    quotients and roots have mode-independent zero signs.
//!
//! The `#[ignore]`d tests in `softblas/tests/hw_exhaustive.rs` check every
//! binary16 input pair (and every binary16/binary32 root) against SoftFloat;
//! `softblas/tests/hw_bits.rs` checks random hard cases at every width.
//!
//! # Speed
//!
//! Loops are written branch-free per element so that LLVM vectorises them; on
//! x86_64 a copy compiled for AVX2+FMA is chosen at run time when the CPU has
//! them (`unsafe` in this file's loops: calling a `#[target_feature]`
//! function after detecting the feature). The AVX-512, MXCSR and lane
//! modules hold their own intrinsics and `asm!` with their safety notes;
//! elementwise results are written into buffers that were never zeroed
//! ([`fresh`], which holds the `unsafe` of that).
#![allow(clippy::float_arithmetic)]

pub mod arith;
#[cfg(all(target_arch = "x86_64", feature = "avx512"))]
mod avx512;
mod fp16;
pub mod fresh;
mod grid;
pub(crate) mod half;
mod isa;
mod lanes;
mod loops;
#[cfg(target_arch = "x86_64")]
mod mxcsr;
mod packed;
mod prefix;
mod region;
pub mod round;
#[cfg(target_arch = "x86_64")]
pub mod simd;
mod switch;

pub use grid::{dot16, sum16};
pub use isa::{isa_cap, with_isa_cap, Isa};
pub(crate) use lanes::{ADD, BASE_FMA, DIV, MUL, SUB};
pub(crate) use loops::{by_mode, by_op_mode};
pub use loops::{
    contract, contract_acc_into, contract_into, elementwise, elementwise_capped, elementwise_fresh,
    fold, host_path, scalar, scalar_sqrt, sqrt, widen,
};
pub use switch::{executor, set_executor, Executor};

use crate::ieee::{soft, Width};
use crate::Round;

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
