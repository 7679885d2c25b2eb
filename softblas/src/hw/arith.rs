//! Host-float contexts of [`Arith`] at binary16/32/64, round to nearest:
//! the `/lib/math` algorithms at the host's speed, with SoftFloat's bits.
//!
//! [`Host16`], [`Host32`] and [`Host64`] hold values as host floats and
//! round every operation to nearest, ties to even, exactly as the soft core
//! in `%n` does (argument 1 and 3 of [`super`]'s proof obligations: the host
//! rounds `+ − × ÷ √` correctly to nearest; binary16 is computed in binary64,
//! where sums and products of two binary16 values are exact and quotients and
//! roots round innocuously twice, then narrowed by [`half::narrow`]). A NaN
//! result is any NaN (the host's), as [`Arith`] allows; binary16 gives the
//! canonical one.
//!
//! The remaining operations:
//!
//! - `fma` at binary64 is `f64::mul_add` where that is an instruction
//!   ([`BASE_FMA`]), else the soft core; at binary16/32 always the soft core
//!   (the host has no fused operation of those widths).
//! - `sqrt_in` in a mode other than `%n` is the hardware root of [`super::sqrt`].
//! - [`Arith::rint_n`] adds and subtracts `2^(p−1)` (`p` the precision of the
//!   host format) to `|a|`, which rounds `|a| < 2^(p−1)` to an integer, ties
//!   to even, in round-to-nearest; the sign is put back after.
//!
//! Comparisons are the host's, which are IEEE's (false on NaN, `+0 == −0`).

use super::half;
use super::lanes::BASE_FMA;
use crate::ieee::arith::Arith;
use crate::ieee::{by_width, canon, Width};
use crate::round::Round;

/// `x` rounded to binary16 (nearest, ties to even; a NaN to the canonical
/// `0x7e00`), held in binary64.
#[inline(always)]
fn r16(x: f64) -> f64 {
    half::widen(half::narrow(x))
}

/// The integer nearest `a` (ties to even) for finite `|a| < 2^(p−1)`, by
/// the addition of `big = 2^(p−1)` in round-to-nearest.
macro_rules! rint {
    ($a:expr, $big:expr) => {{
        let m = $a.abs();
        let r = if m < $big { (m + $big) - $big } else { m };
        let k = r as i64;
        if $a < 0.0 {
            -k
        } else {
            k
        }
    }};
}

/// The soft core's one-rounding `a·b + c` at `%n` of width `w`, canonical NaN.
#[inline(never)]
fn soft_fma(w: Width, a: u128, b: u128, c: u128) -> u128 {
    canon(w, by_width::fma(Round::N, w, a, b, c))
}

/// binary32 at `%n` on `f32`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Host32;

impl Arith for Host32 {
    type V = f32;

    #[inline(always)]
    fn width(self) -> Width {
        Width::S
    }
    #[inline(always)]
    fn val(self, b: u128) -> f32 {
        f32::from_bits(b as u32)
    }
    #[inline(always)]
    fn bits(self, v: f32) -> u128 {
        u128::from(v.to_bits())
    }
    #[inline(always)]
    fn add(self, a: f32, b: f32) -> f32 {
        a + b
    }
    #[inline(always)]
    fn sub(self, a: f32, b: f32) -> f32 {
        a - b
    }
    #[inline(always)]
    fn mul(self, a: f32, b: f32) -> f32 {
        a * b
    }
    #[inline(always)]
    fn div(self, a: f32, b: f32) -> f32 {
        a / b
    }
    fn fma(self, a: f32, b: f32, c: f32) -> f32 {
        let [a, b, c] = [a, b, c].map(|v| self.bits(v));
        self.val(soft_fma(Width::S, a, b, c))
    }
    #[inline(always)]
    fn sqrt_in(self, r: Round, a: f32) -> f32 {
        if r == Round::N {
            a.sqrt()
        } else {
            f32::from_bits(super::scalar_sqrt(r, a.to_bits()))
        }
    }
    #[inline(always)]
    fn lth(self, a: f32, b: f32) -> bool {
        a < b
    }
    #[inline(always)]
    fn lte(self, a: f32, b: f32) -> bool {
        a <= b
    }
    #[inline(always)]
    fn equ(self, a: f32, b: f32) -> bool {
        a == b
    }
    #[inline(always)]
    fn int(self, k: i64) -> f32 {
        k as f32
    }
    #[inline(always)]
    fn rint_n(self, a: f32) -> i64 {
        rint!(a, 8_388_608.0f32)
    }
}

/// binary64 at `%n` on `f64`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Host64;

impl Arith for Host64 {
    type V = f64;

    #[inline(always)]
    fn width(self) -> Width {
        Width::D
    }
    #[inline(always)]
    fn val(self, b: u128) -> f64 {
        f64::from_bits(b as u64)
    }
    #[inline(always)]
    fn bits(self, v: f64) -> u128 {
        u128::from(v.to_bits())
    }
    #[inline(always)]
    fn add(self, a: f64, b: f64) -> f64 {
        a + b
    }
    #[inline(always)]
    fn sub(self, a: f64, b: f64) -> f64 {
        a - b
    }
    #[inline(always)]
    fn mul(self, a: f64, b: f64) -> f64 {
        a * b
    }
    #[inline(always)]
    fn div(self, a: f64, b: f64) -> f64 {
        a / b
    }
    #[inline(always)]
    fn fma(self, a: f64, b: f64, c: f64) -> f64 {
        if BASE_FMA {
            a.mul_add(b, c)
        } else {
            let [a, b, c] = [a, b, c].map(|v| self.bits(v));
            self.val(soft_fma(Width::D, a, b, c))
        }
    }
    #[inline(always)]
    fn sqrt_in(self, r: Round, a: f64) -> f64 {
        if r == Round::N {
            a.sqrt()
        } else {
            f64::from_bits(super::scalar_sqrt(r, a.to_bits()))
        }
    }
    #[inline(always)]
    fn lth(self, a: f64, b: f64) -> bool {
        a < b
    }
    #[inline(always)]
    fn lte(self, a: f64, b: f64) -> bool {
        a <= b
    }
    #[inline(always)]
    fn equ(self, a: f64, b: f64) -> bool {
        a == b
    }
    #[inline(always)]
    fn int(self, k: i64) -> f64 {
        k as f64
    }
    #[inline(always)]
    fn rint_n(self, a: f64) -> i64 {
        rint!(a, 4_503_599_627_370_496.0f64)
    }
}

/// binary16 at `%n`, values held exactly in `f64`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Host16;

impl Arith for Host16 {
    type V = f64;

    #[inline(always)]
    fn width(self) -> Width {
        Width::H
    }
    #[inline(always)]
    fn val(self, b: u128) -> f64 {
        half::widen(b as u16)
    }
    #[inline(always)]
    fn bits(self, v: f64) -> u128 {
        if v.is_nan() {
            // A NaN held here came from `val` of a NaN pattern: give it back.
            return u128::from(nan_bits16(v));
        }
        u128::from(half::narrow(v))
    }
    #[inline(always)]
    fn add(self, a: f64, b: f64) -> f64 {
        r16(a + b)
    }
    #[inline(always)]
    fn sub(self, a: f64, b: f64) -> f64 {
        r16(a - b)
    }
    #[inline(always)]
    fn mul(self, a: f64, b: f64) -> f64 {
        r16(a * b)
    }
    #[inline(always)]
    fn div(self, a: f64, b: f64) -> f64 {
        r16(a / b)
    }
    fn fma(self, a: f64, b: f64, c: f64) -> f64 {
        let [a, b, c] = [a, b, c].map(|v| self.bits(v));
        self.val(soft_fma(Width::H, a, b, c))
    }
    #[inline(always)]
    fn sqrt_in(self, r: Round, a: f64) -> f64 {
        if r == Round::N {
            r16(a.sqrt())
        } else {
            half::widen(super::scalar_sqrt(r, half::narrow(a)))
        }
    }
    #[inline(always)]
    fn lth(self, a: f64, b: f64) -> bool {
        a < b
    }
    #[inline(always)]
    fn lte(self, a: f64, b: f64) -> bool {
        a <= b
    }
    #[inline(always)]
    fn equ(self, a: f64, b: f64) -> bool {
        a == b
    }
    #[inline(always)]
    fn int(self, k: i64) -> f64 {
        k as f64
    }
    #[inline(always)]
    fn rint_n(self, a: f64) -> i64 {
        rint!(a, 4_503_599_627_370_496.0f64)
    }
}

/// The binary16 NaN pattern [`half::widen`] made `v` from: its sign and its top ten payload bits.
#[inline(always)]
fn nan_bits16(v: f64) -> u16 {
    let b = v.to_bits();
    (((b >> 48) & 0x8000) as u16) | 0x7c00 | ((b >> 42) & 0x3ff) as u16
}
