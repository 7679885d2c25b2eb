//! SoftFloat's bits at hardware speed: IEEE 754 add, sub, mul, div and sqrt
//! at binary16/32/64 in all five rounding modes, on host floats,
//! elementwise, as folds in a stated order, and as `+mmul`'s contraction.
//!
//! Every function here returns exactly the bits of the soft core
//! [`softcore`] at the same width (Berkeley SoftFloat 3e with canonical
//! NaNs, [`ieee::soft`]) for the same operands and mode. binary128 has no
//! host format and stays on the soft core; "falls back to SoftFloat" means
//! an element computed by that core.
//!
//! This crate is the layer of urnum that knows a host format: below it is
//! the soft core, which knows none; above it (`urnum-softblas`) the element
//! kinds, programs, executors and BLAS, which reach the host only through
//! these entries and are free of `unsafe`.
//!
//! # Modules
//!
//! - [`ieee`]: the formats at run time ([`ieee::Width`]), their bit patterns
//!   and predicates, the soft core at a width ([`ieee::soft`]), and the
//!   [`ieee::arith`] interface `/lib/math`'s algorithms are written over;
//!   [`word`]: the element word ([`Word`]), the bits of one value in an
//!   unsigned integer of its width, with its little-endian I/O; [`Isa`]:
//!   the levels a call may use.
//! - `loops`: the entry points re-exported here; `lane`: each host width's
//!   per-element functions and hooks into the kernels (the sealed table
//!   [`Word`] requires); `op` ([`Op`]) and [`mode`]: the operations and
//!   modes as const codes, and the one-ulp step to a directed result;
//!   `lanes`: the portable path, element by element and branch-free, so that
//!   LLVM vectorises its loops; [`half`]: binary16 ↔ binary64 in integer
//!   code; `shape`: the `Dims` and `Slots` the loops take.
//! - `mxcsr`, `avx512`: kernels that round in hardware, by MXCSR's rounding
//!   field (AVX2) or by AVX-512F's embedded rounding (feature `avx512`).
//! - `grid` ([`sum16`], [`dot16`]), `region`, `prefix`, `fp16`: binary16 sums
//!   and dots on the accumulator's integer grid.
//! - [`fresh`]: result buffers written without zeroing; [`arith`] and `simd`:
//!   host-float and AVX-lane contexts of `/lib/math`'s algorithms.
//!
//! # How a loop is chosen
//!
//! Once per call, on the operation and mode (const generics), then on the
//! level: in `%n %u %d %z` the AVX-512 kernel if the cap (the [`Isa`] every
//! entry takes, from the caller's policy) allows it and the CPU has AVX-512F and F16C, else the MXCSR kernel if the cap
//! allows `avx2` and the CPU has AVX2, FMA and F16C and honours MXCSR's
//! rounding field (probed once); else, and in `%a`, the portable loops
//! compiled for AVX2+FMA if the cap allows `fma` and the CPU has both; else
//! the portable loops. Same bits at every level; [`host_path`] names it.
//!
//! # The `unsafe` fence
//!
//! The workspace denies `unsafe_code`; in this crate only the kernel
//! modules allow it, each use under a `// SAFETY:` note: calls of `#[target_feature]`
//! functions after their features were detected, intrinsics and `asm!`
//! (`mxcsr`, `fp16`) whose memory operands lie inside the slices (tails go
//! through stack buffers), and [`fresh`]'s views of written slots as values.
//! It is also urnum's one place of host floating point outside the tests
//! (`clippy::float_arithmetic`).
//!
//! # Proof obligations
//!
//! 1. **The host is IEEE 754 binary32/binary64 in round-to-nearest-even with
//!    gradual underflow.** Rust guarantees that `+ − × ÷ sqrt` on `f32`/`f64`
//!    are correctly rounded to nearest, that `f64 as f32` rounds to nearest,
//!    that nothing is contracted into a fused multiply-add and that x87 is not
//!    used on x86_64. It assumes the default floating-point environment: a
//!    caller that sets flush-to-zero, denormals-are-zero or another MXCSR
//!    rounding mode breaks this module (and Rust itself). `mul_add` is one
//!    rounding of the exact `a·b + c` on every target.
//! 2. **NaN.** Every NaN result is replaced by the canonical NaN of its width;
//!    non-NaN results do not depend on payloads.
//! 3. **Round to nearest** is the host result (binary16: the binary64 result
//!    narrowed by `half`).
//! 4. **Directed modes and ties-away** come from `y = RN(x)` and the side of
//!    `y` the exact `x` lies on ([`mode`]), decided exactly per width in
//!    `lanes` (binary16/32 in binary64, never falling back; binary64 by
//!    error-free transformations where they are exact, else SoftFloat).
//! 5. **Zero signs.** An exact zero sum is `+0` in every mode but `%d`, where
//!    it is `−0` unless both addends are `+0` (IEEE 754 §6.3); products,
//!    quotients and roots have mode-independent zero signs.
//!
//! The hardware kernels' arguments are in `mxcsr`, `avx512`, `fp16` and
//! `grid`; `softblas/tests/hw_exhaustive.rs` (ignored) and `hw_bits.rs` check
//! them all against SoftFloat at every level.
#![allow(clippy::float_arithmetic)]

pub mod arith;
#[cfg(all(target_arch = "x86_64", feature = "avx512"))]
mod avx512;
mod away;
mod folding;
mod fp16;
pub mod fresh;
mod grid;
pub mod half;
pub mod ieee;
mod isa;
mod lane;
mod lanes;
mod loops;
pub mod mode;
#[cfg(target_arch = "x86_64")]
mod mxcsr;
mod op;
#[cfg(any(target_arch = "x86_64", test))]
// Elsewhere only its tests use it: the choice of tiles serves x86_64's kernels.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
mod packed;
mod prefix;
mod region;
mod shape;
#[cfg(target_arch = "x86_64")]
pub mod simd;
#[cfg(test)]
mod test_rng;
#[cfg(target_arch = "x86_64")]
mod ties;
pub mod word;

pub use grid::{dot16, sum16};
pub use loops::{
    ccontract_acc, ccontract_reference, contract, contract_acc_into, contract_into, element,
    element_sqrt, elementwise, elementwise_fresh, host_path, scalar, scalar_sqrt, sqrt, widen,
};

pub use folding::fold;
pub use isa::Isa;
pub use op::Op;
pub use shape::{Dims, Slots, Split};
pub use word::Word;
