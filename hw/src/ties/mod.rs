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

/// A register of AVX float lanes holding values of a narrower format:
/// `__m256d` (four binary64 lanes) holding binary32 values, `__m256` (eight
/// binary32 lanes) holding binary16 values. Each method is one instruction
/// on the lanes (or the format's [`cut64`], [`sat64`], [`cut32`],
/// [`sat32`]), so that each rule below is written once for both.
trait Lanes: Copy {
    /// The lanes' fraction bits: adding and subtracting `2^FRAC` rounds a
    /// lane below it to an integer.
    const FRAC: i32;
    /// The narrow format's least normal exponent (`2^−126`, `2^−14`).
    const LOW: i32;
    /// The narrow format's least subnormal exponent, negated (`2^−149`, `2^−24`).
    const UNIT: i32;
    /// The lanes in a register.
    const LANES: usize;
    /// Every lane `x` (exact: `x` is a value of the lanes' format).
    fn splat(x: f64) -> Self;
    /// Every lane `2^k`.
    #[inline(always)]
    fn pow2(k: i32) -> Self {
        Self::splat(p64(k))
    }
    /// The lanes rounded half away to the narrow format's significand, as bits.
    fn cut(self) -> Self;
    /// The lanes (on the narrow format's grid or past its largest value)
    /// with those past it made ±∞.
    fn sat(self) -> Self;
    /// `self + o`, rounded to nearest.
    fn add(self, o: Self) -> Self;
    /// `self − o`, rounded to nearest.
    fn sub(self, o: Self) -> Self;
    /// `self × o`, rounded to nearest.
    fn mul(self, o: Self) -> Self;
    /// `self & o` on the bits.
    fn and(self, o: Self) -> Self;
    /// `!self & o` on the bits.
    fn andnot(self, o: Self) -> Self;
    /// `self | o` on the bits.
    fn or(self, o: Self) -> Self;
    /// `self ^ o` on the bits.
    fn xor(self, o: Self) -> Self;
    /// All ones in the lanes where `self < o` (false on NaN).
    fn lt(self, o: Self) -> Self;
    /// All ones in the lanes where `self = o` (false on NaN).
    fn eq(self, o: Self) -> Self;
    /// Whether any lane has its sign bit set.
    fn any(self) -> bool;
    /// `o` in the lanes where `mask` has the sign bit set, else `self`.
    fn blend(self, o: Self, mask: Self) -> Self;
}

/// [`Lanes`] for the two registers: a header row per register (its float,
/// `[FRAC, LOW, UNIT, LANES]`, its cut and saturation, broadcast, compare,
/// sign mask and blend), then a row per two-operand method with the
/// instruction of each.
macro_rules! lanes {
    ($vd:ty: $hd:tt; $vs:ty: $hs:tt; $($bin:ident: $bd:ident, $bs:ident;)*) => {
        lanes!(@impl $vd, $hd, [$($bin: $bd),*]);
        lanes!(@impl $vs, $hs, [$($bin: $bs),*]);
    };
    (@impl $v:ty,
     ($f:ty, [$frac:expr, $low:expr, $unit:expr, $lanes:expr], $cut:ident, $sat:ident,
      $set1:ident, $cmp:ident, $movemask:ident, $blendv:ident),
     [$($bin:ident: $op:ident),*]) => {
        impl Lanes for $v {
            const FRAC: i32 = $frac;
            const LOW: i32 = $low;
            const UNIT: i32 = $unit;
            const LANES: usize = $lanes;
            // SAFETY (every method): as in `cut64`.
            #[inline(always)]
            fn splat(x: f64) -> Self {
                unsafe { $set1(x as $f) }
            }
            #[inline(always)]
            fn cut(self) -> Self {
                $cut(self)
            }
            #[inline(always)]
            fn sat(self) -> Self {
                $sat(self)
            }
            $(
                #[inline(always)]
                fn $bin(self, o: Self) -> Self {
                    unsafe { $op(self, o) }
                }
            )*
            #[inline(always)]
            fn lt(self, o: Self) -> Self {
                unsafe { $cmp::<_CMP_LT_OQ>(self, o) }
            }
            #[inline(always)]
            fn eq(self, o: Self) -> Self {
                unsafe { $cmp::<_CMP_EQ_OQ>(self, o) }
            }
            #[inline(always)]
            fn any(self) -> bool {
                unsafe { $movemask(self) != 0 }
            }
            #[inline(always)]
            fn blend(self, o: Self, mask: Self) -> Self {
                unsafe { $blendv(self, o, mask) }
            }
        }
    };
}

lanes! {
    __m256d: (f64, [52, -126, 149, 4], cut64, sat64, _mm256_set1_pd, _mm256_cmp_pd,
              _mm256_movemask_pd, _mm256_blendv_pd);
    __m256: (f32, [23, -14, 24, 8], cut32, sat32, _mm256_set1_ps, _mm256_cmp_ps,
             _mm256_movemask_ps, _mm256_blendv_ps);
    add: _mm256_add_pd, _mm256_add_ps;
    sub: _mm256_sub_pd, _mm256_sub_ps;
    mul: _mm256_mul_pd, _mm256_mul_ps;
    and: _mm256_and_pd, _mm256_and_ps;
    andnot: _mm256_andnot_pd, _mm256_andnot_ps;
    or: _mm256_or_pd, _mm256_or_ps;
    xor: _mm256_xor_pd, _mm256_xor_ps;
}

/// The narrow format's `RA` of exact products `p` whose normal-range
/// rounding is `r`: lanes below `2^LOW` rounded half away in units of
/// `2^−UNIT` (binary32 in binary64 lanes: below `2^−126` in units of
/// `2^−149`; binary16 in binary32 lanes: below `2^−14` in units of `2^−24`).
#[inline(always)]
fn tiny<V: Lanes>(p: V, r: V) -> V {
    let sign = V::splat(-0.0);
    let mag = sign.andnot(p);
    let lt = mag.lt(V::pow2(V::LOW));
    if !lt.any() {
        return r;
    }
    let w = mag.mul(V::pow2(V::UNIT));
    let big = V::pow2(V::FRAC);
    let n = w.add(big).sub(big);
    let up = w.sub(n).eq(V::splat(0.5));
    let n = n.add(up.and(V::splat(1.0)));
    let s = n.mul(V::pow2(-V::UNIT)).or(p.and(sign));
    r.blend(s, lt)
}

/// The narrow format's `RA` of `x OP z` for lanes holding its values
/// (binary32 in `__m256d`, binary16 in `__m256`); `TINY`: a product may
/// fall below `2^LOW` (else none does).
#[inline(always)]
fn step<V: Lanes, const OP: u8, const TINY: bool>(x: V, z: V) -> V {
    if OP == MUL {
        let p = x.mul(z);
        if TINY {
            tiny(p, p.cut())
        } else {
            p.cut()
        }
    } else {
        x.add(z).cut()
    }
}

/// The contraction's cell update `c = RA(c + RA(x·b))` in lanes holding
/// the narrow format's values; `CHECKED`: a product may be tiny and a
/// product or sum may pass the format's largest value (made ±∞).
#[inline(always)]
fn narrow_cell<V: Lanes, const CHECKED: bool>(c: V, x: V, b: V) -> V {
    let p = step::<V, MUL, CHECKED>(x, b);
    let p = if CHECKED { p.sat() } else { p };
    let s = step::<V, ADD, false>(c, p);
    if CHECKED {
        s.sat()
    } else {
        s
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

/// `RA(x)` from `s = RN(x)` and the exact error `e = x − s` (binary64 or
/// binary32 lanes), [`super::away::away64`]'s rule: `s + 2e` where it is
/// exact and `e` has `s`'s sign (with `e = 0` that is `s` itself), else `s`.
#[inline(always)]
fn away<V: Lanes>(s: V, e: V) -> V {
    let e2 = e.add(e);
    let nb = s.add(e2);
    let exact = nb.sub(s).eq(e2);
    // The blend reads the sign bit: set where exact and the signs agree.
    s.blend(nb, e.xor(s).andnot(exact))
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
