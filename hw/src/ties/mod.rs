//! The `%a` loops on AVX2 with FMA and F16C: `+ − ×` elementwise at
//! binary16/32/64 and the contraction at binary16/32, the vector forms of
//! [`super::away`]'s rules (no hardware rounding direction is ties-away).
//!
//! - **binary32** computes in binary64 lanes (`vcvtps2pd`): sums and
//!   products are exact or innocuous there ([`super::away`]), a result in
//!   binary32's normal range is half a unit added to the bits and the bits
//!   below a unit cut, and `vcvtpd2ps` of that value on the binary32 grid is
//!   exact. Only a product below `2^−126` needs the subnormal rule; a vector
//!   with such a lane (or a zero, which the rule also serves) takes it.
//! - **binary16** computes in binary32 lanes (`vcvtph2ps`): products are
//!   exact (22 bits); a sum is exact unless the operands' exponents differ
//!   by more than 12, and then it is `RN32(x)` of an `x` that is no binary16
//!   midpoint, with no midpoint between (the smaller operand is below a
//!   quarter of the larger's unit) and `RN16(RN32(x)) = RN16(x)` (24 ≥
//!   2·11 + 2); so [`super::away`]'s argument holds in binary32 with 13 bits
//!   cut. `vcvtps2ph` of a value on the binary16 grid is exact (and gives ∞
//!   at and above `2^16`, `RA`'s overflow).
//! - **binary64** corrects the hardware's nearest result by the exact error
//!   (TwoSum; `fma(a, b, −p)`), [`super::away::away64`]. Where that error is
//!   not exact (a spurious overflow in TwoSum, a product below `2^−968` with
//!   no zero factor) the loop gives up and the caller runs the portable loop,
//!   which asks SoftFloat.
//! - **The contraction** keeps each cell's partial sum in a wider lane, on
//!   the target's grid (so it is the rounded value the Hoon's order holds),
//!   and rounds every product and every sum by the rules above; the packed
//!   driver ([`super::packed`]) blocks it for the caches.
//!
//! NaNs leave canonical. Tests: `softblas/tests/hw_bits.rs` (every level,
//! `%a` included) and this module's own against SoftFloat.
//!
//! Here: the feature check and the rules on vectors; [`elementwise`] and
//! [`contract`] hold the loops.
#![allow(unsafe_code)]

use super::lanes::{canon16, canon32, canon64};
use super::op::{ADD, MUL, SUB};
use super::packed::{self, Blocks};
use crate::shape::{Dims, Slots};
use std::arch::x86_64::*;

/// Whether this CPU has AVX2, FMA and F16C, decided once per process (the
/// features of the `avx2` level's loops, these and [`super::mxcsr`]'s).
pub fn available() -> bool {
    static SUPPORTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SUPPORTED.get_or_init(|| {
        is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("fma")
            && is_x86_feature_detected!("f16c")
    })
}

/// `2^k` as a binary64 value.
const fn p64(k: i32) -> f64 {
    f64::from_bits(((1023 + k) as u64) << 52)
}

/// `2^k` as a binary32 value.
const fn p32(k: i32) -> f32 {
    f32::from_bits(((127 + k) as u32) << 23)
}

// ------------------------------------------------------------ the rules

/// `v` (binary64 lanes) rounded half away to 24 significant bits, as bits.
#[inline(always)]
fn cut64(v: __m256d) -> __m256d {
    // SAFETY (all the intrinsics below): these functions are inlined only into
    // functions compiled for AVX2, FMA and F16C.
    unsafe {
        let b = _mm256_add_epi64(_mm256_castpd_si256(v), _mm256_set1_epi64x(1 << 28));
        _mm256_castsi256_pd(_mm256_and_si256(b, _mm256_set1_epi64x(!((1 << 29) - 1))))
    }
}

/// `v` (binary32 lanes) rounded half away to 11 significant bits, as bits.
#[inline(always)]
fn cut32(v: __m256) -> __m256 {
    // SAFETY: as in `cut64`.
    unsafe {
        let b = _mm256_add_epi32(_mm256_castps_si256(v), _mm256_set1_epi32(1 << 12));
        _mm256_castsi256_ps(_mm256_and_si256(b, _mm256_set1_epi32(!((1 << 13) - 1))))
    }
}

/// The binary32 `RA` of exact binary64 products `p` whose normal-range
/// rounding is `r`: lanes below `2^−126` rounded half away in units of `2^−149`.
#[inline(always)]
fn tiny64(p: __m256d, r: __m256d) -> __m256d {
    // SAFETY: as in `cut64`.
    unsafe {
        let sign = _mm256_set1_pd(-0.0);
        let mag = _mm256_andnot_pd(sign, p);
        let lt = _mm256_cmp_pd::<_CMP_LT_OQ>(mag, _mm256_set1_pd(p64(-126)));
        if _mm256_movemask_pd(lt) == 0 {
            return r;
        }
        let w = _mm256_mul_pd(mag, _mm256_set1_pd(p64(149)));
        let big = _mm256_set1_pd(p64(52));
        let n = _mm256_sub_pd(_mm256_add_pd(w, big), big);
        let up = _mm256_cmp_pd::<_CMP_EQ_OQ>(_mm256_sub_pd(w, n), _mm256_set1_pd(0.5));
        let n = _mm256_add_pd(n, _mm256_and_pd(up, _mm256_set1_pd(1.0)));
        let s = _mm256_or_pd(
            _mm256_mul_pd(n, _mm256_set1_pd(p64(-149))),
            _mm256_and_pd(p, sign),
        );
        _mm256_blendv_pd(r, s, lt)
    }
}

/// The binary16 `RA` of exact binary32 products `p` whose normal-range
/// rounding is `r`: lanes below `2^−14` rounded half away in units of `2^−24`.
#[inline(always)]
fn tiny32(p: __m256, r: __m256) -> __m256 {
    // SAFETY: as in `cut64`.
    unsafe {
        let sign = _mm256_set1_ps(-0.0);
        let mag = _mm256_andnot_ps(sign, p);
        let lt = _mm256_cmp_ps::<_CMP_LT_OQ>(mag, _mm256_set1_ps(p32(-14)));
        if _mm256_movemask_ps(lt) == 0 {
            return r;
        }
        let w = _mm256_mul_ps(mag, _mm256_set1_ps(p32(24)));
        let big = _mm256_set1_ps(p32(23));
        let n = _mm256_sub_ps(_mm256_add_ps(w, big), big);
        let up = _mm256_cmp_ps::<_CMP_EQ_OQ>(_mm256_sub_ps(w, n), _mm256_set1_ps(0.5));
        let n = _mm256_add_ps(n, _mm256_and_ps(up, _mm256_set1_ps(1.0)));
        let s = _mm256_or_ps(
            _mm256_mul_ps(n, _mm256_set1_ps(p32(-24))),
            _mm256_and_ps(p, sign),
        );
        _mm256_blendv_ps(r, s, lt)
    }
}

/// Binary32 `RA` of `x OP z` for binary64 lanes holding binary32 values;
/// `TINY`: a product may fall below `2^−126` (else none does).
#[inline(always)]
fn step32<const OP: u8, const TINY: bool>(x: __m256d, z: __m256d) -> __m256d {
    // SAFETY: as in `cut64`.
    unsafe {
        if OP == MUL {
            let p = _mm256_mul_pd(x, z);
            if TINY {
                tiny64(p, cut64(p))
            } else {
                cut64(p)
            }
        } else {
            cut64(_mm256_add_pd(x, z))
        }
    }
}

/// Binary16 `RA` of `x OP z` for binary32 lanes holding binary16 values;
/// `TINY`: a product may fall below `2^−14` (else none does).
#[inline(always)]
fn step16<const OP: u8, const TINY: bool>(x: __m256, z: __m256) -> __m256 {
    // SAFETY: as in `cut64`.
    unsafe {
        if OP == MUL {
            let p = _mm256_mul_ps(x, z);
            if TINY {
                tiny32(p, cut32(p))
            } else {
                cut32(p)
            }
        } else {
            cut32(_mm256_add_ps(x, z))
        }
    }
}

/// binary64 lanes on the binary32 grid (or past its largest value) with
/// those past it made ±∞: the round trip through binary32 is exact on the
/// grid and overflows past it.
#[inline(always)]
fn sat64(v: __m256d) -> __m256d {
    // SAFETY: as in `cut64`.
    unsafe { _mm256_cvtps_pd(_mm256_cvtpd_ps(v)) }
}

/// binary32 lanes on the binary16 grid (or past its largest value) with
/// those past it made ±∞, by the round trip through binary16.
#[inline(always)]
fn sat32(v: __m256) -> __m256 {
    // SAFETY: as in `cut64`.
    unsafe { _mm256_cvtph_ps(_mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v)) }
}

/// `v` with NaN lanes replaced by binary32's canonical NaN.
#[inline(always)]
fn canon_ps(v: __m256) -> __m256 {
    // SAFETY: as in `cut64`.
    unsafe {
        let nan = _mm256_cmp_ps::<_CMP_UNORD_Q>(v, v);
        _mm256_blendv_ps(v, _mm256_castsi256_ps(_mm256_set1_epi32(0x7fc0_0000)), nan)
    }
}

/// `RA(x)` from `s = RN(x)` and the exact error `e = x − s` (binary64 lanes),
/// [`super::away::away64`]'s rule: `s + 2e` where it is exact and `e` has
/// `s`'s sign (with `e = 0` that is `s` itself), else `s`.
#[inline(always)]
fn away_pd(s: __m256d, e: __m256d) -> __m256d {
    // SAFETY: as in `cut64`.
    unsafe {
        let e2 = _mm256_add_pd(e, e);
        let nb = _mm256_add_pd(s, e2);
        let exact = _mm256_cmp_pd::<_CMP_EQ_OQ>(_mm256_sub_pd(nb, s), e2);
        // The blend reads the sign bit: set where exact and the signs agree.
        _mm256_blendv_pd(s, nb, _mm256_andnot_pd(_mm256_xor_pd(e, s), exact))
    }
}

/// [`away_pd`] on binary32 lanes.
#[inline(always)]
fn away_ps(s: __m256, e: __m256) -> __m256 {
    // SAFETY: as in `cut64`.
    unsafe {
        let e2 = _mm256_add_ps(e, e);
        let nb = _mm256_add_ps(s, e2);
        let exact = _mm256_cmp_ps::<_CMP_EQ_OQ>(_mm256_sub_ps(nb, s), e2);
        _mm256_blendv_ps(s, nb, _mm256_andnot_ps(_mm256_xor_ps(e, s), exact))
    }
}

/// TwoSum of binary64 lanes: `(s, e)` with `s = RN(x + z)` and `s + e = x + z`
/// exactly unless a step overflows.
#[inline(always)]
fn two_sum(x: __m256d, z: __m256d) -> (__m256d, __m256d) {
    // SAFETY: as in `cut64`.
    unsafe {
        let s = _mm256_add_pd(x, z);
        let bb = _mm256_sub_pd(s, x);
        let e = _mm256_add_pd(_mm256_sub_pd(x, _mm256_sub_pd(s, bb)), _mm256_sub_pd(z, bb));
        (s, e)
    }
}

mod contract;
mod elementwise;
#[cfg(test)]
mod tests;

pub use contract::{contract16, contract32, contract64};
pub use elementwise::{bin16, bin32, bin64};
