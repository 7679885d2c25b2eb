//! Host-float contexts of [`Arith`] at binary16/32/64, round to nearest:
//! the `/lib/math` algorithms at the host's speed, with SoftFloat's bits.
//!
//! [`Host16`], [`Host32`] and [`Host64`] hold values as host floats and
//! round every operation to nearest, ties to even, exactly as the soft core
//! in `%n` does (argument 1 and 3 of [`super`]'s proof obligations: the host
//! rounds `+ − × ÷ √` correctly to nearest; binary16 is computed in binary64,
//! where sums and products of two binary16 values are exact and quotients and
//! roots round innocuously twice, then narrowed by `half::narrow`). A NaN
//! result is any NaN (the host's), as [`Arith`] allows; binary16 gives the
//! canonical one.
//!
//! The remaining operations:
//!
//! - `fma` at binary64 is `f64::mul_add` in [`Host64F<true>`], which runs
//!   only where that is an instruction (the baseline has FMA, or inside
//!   [`fused`]), else the soft core; at binary16/32 always the soft core
//!   (the host has no fused operation of those widths).
//! - `sqrt_in` in `%z` at binary32/64 is the hardware loops' own element
//!   (`lanes::sqt32`, `lanes::sqt64`); in the other directed modes, and at
//!   binary16, the hardware root of [`super::sqrt`].
//! - [`Arith::rint_n`] adds and subtracts `2^(p−1)` (`p` the precision of the
//!   host format) to `|a|`, which rounds `|a| < 2^(p−1)` to an integer, ties
//!   to even, in round-to-nearest; the sign is put back after.
//!
//! Comparisons are the host's, which are IEEE's (false on NaN, `+0 == −0`).

use super::half;
use super::lanes::{self, BASE_FMA};
use crate::ieee::arith::{Arith, Steps};
use crate::ieee::{by_width, canon, Width};
use crate::isa::Isa;
use softcore::Round;

/// `x` rounded to binary16 (nearest, ties to even), held in binary64: the
/// value `half::narrow` gives, without its branches.
///
/// `|x|` is rounded to a multiple of its binary16 ulp `2^(max(e, −14) − 10)`
/// (`e` its exponent) by adding and subtracting `c = 2^(max(e, −14) + 42)`:
/// `|x| + c` lies in `[c, 2c)`, whose binary64 ulp is that multiple, so the
/// addition rounds to nearest-even exactly as binary16 does (the kept bits of
/// `|x|` are the low bits of the sum's significand), and the subtraction is
/// exact. `e` is capped at 16, past which every value rounds to ∞; a result
/// above the largest finite binary16 value 65504 is ∞; the sign is put back
/// last, so zeros keep theirs. A NaN stays a NaN.
#[inline(always)]
fn r16(x: f64) -> f64 {
    const SIGN: u64 = 1 << 63;
    let b = x.to_bits();
    let a = f64::from_bits(b & !SIGN);
    let e = (((b >> 52) & 0x7ff) as i64 - 1023).clamp(-14, 16);
    let c = f64::from_bits(((e + 42 + 1023) as u64) << 52);
    let r = (a + c) - c;
    let r = if r > 65504.0 { f64::INFINITY } else { r };
    f64::from_bits(r.to_bits() | (b & SIGN))
}

/// The methods every host context shares, on values of host type `$t`
/// whose precision is `p` (`$big` = `2^(p−1)`): the host's comparisons
/// (IEEE's), the sign bit read, cleared or set on the host value (whose
/// sign bit is the held value's), `int` as the host's exact conversion, and `rint_n` by the
/// addition of `$big` to `|a|`, which rounds `|a| < 2^(p−1)` to an integer,
/// ties to even, in round-to-nearest (the sign put back after).
macro_rules! host_common {
    ($t:ty, $big:expr) => {
        #[inline(always)]
        fn lth(self, a: $t, b: $t) -> bool {
            a < b
        }
        #[inline(always)]
        fn lte(self, a: $t, b: $t) -> bool {
            a <= b
        }
        #[inline(always)]
        fn equ(self, a: $t, b: $t) -> bool {
            a == b
        }
        #[inline(always)]
        fn int(self, k: i64) -> $t {
            k as $t
        }
        #[inline(always)]
        fn sign(self, a: $t) -> bool {
            a.is_sign_negative()
        }
        #[inline(always)]
        fn magnitude(self, a: $t) -> $t {
            a.abs()
        }
        #[inline(always)]
        fn negative(self, a: $t) -> $t {
            -a.abs()
        }
        #[inline(always)]
        fn rint_n(self, a: $t) -> i64 {
            let m = a.abs();
            let r = if m < $big { (m + $big) - $big } else { m };
            let k = r as i64;
            if a < 0.0 {
                -k
            } else {
                k
            }
        }
    };
}

/// The [`Steps`] of a context whose values are the host format `$t` itself
/// (width `$w`, bits `$u`): its bit patterns as values and its own `+ − × ÷`.
macro_rules! host_steps {
    ([$($g:tt)*] $ctx:ty, $t:ty, $u:ty, $w:ident) => {
        impl<$($g)*> Steps for $ctx {
            type V = $t;

            #[inline(always)]
            fn width(self) -> Width {
                Width::$w
            }
            #[inline(always)]
            fn val(self, b: u128) -> $t {
                <$t>::from_bits(b as $u)
            }
            #[inline(always)]
            fn add(self, a: $t, b: $t) -> $t {
                a + b
            }
            #[inline(always)]
            fn sub(self, a: $t, b: $t) -> $t {
                a - b
            }
            #[inline(always)]
            fn mul(self, a: $t, b: $t) -> $t {
                a * b
            }
            #[inline(always)]
            fn div(self, a: $t, b: $t) -> $t {
                a / b
            }
        }
    };
}

/// [`host_common`] and the bit patterns of a context whose values are the
/// host format `$t` itself.
macro_rules! host_native {
    ($t:ty, $big:expr) => {
        host_common!($t, $big);
        #[inline(always)]
        fn bits(self, v: $t) -> u128 {
            u128::from(v.to_bits())
        }
    };
}

/// The soft core's one-rounding `a·b + c` at `%n` of width `w`, canonical NaN.
#[inline(never)]
fn soft_fma(w: Width, a: u128, b: u128, c: u128) -> u128 {
    canon(w, by_width::fma(Round::N, w, a, b, c))
}

/// binary32 at `%n` on `f32`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Host32;

host_steps!([] Host32, f32, u32, S);

impl Arith for Host32 {
    host_native!(f32, 8_388_608.0f32);

    fn fma(self, a: f32, b: f32, c: f32) -> f32 {
        let [a, b, c] = [a, b, c].map(|v| self.bits(v));
        self.val(soft_fma(Width::S, a, b, c))
    }
    #[inline(always)]
    fn sqrt_in(self, r: Round, a: f32) -> f32 {
        match r {
            Round::N => a.sqrt(),
            Round::Z => f32::from_bits(lanes::sqt32::<{ super::mode::Z }>(a.to_bits())),
            _ => f32::from_bits(super::loops::scalar_sqrt(r, a.to_bits())),
        }
    }
}

/// binary64 at `%n` on `f64`; `F`: `f64::mul_add` is an instruction where
/// this runs (the target's baseline has FMA, or the caller runs inside
/// [`fused`] on a CPU that has it), so `fma` and the directed root's residual
/// use it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Host64F<const F: bool>;

/// binary64 at `%n` in code compiled for the target's baseline.
pub type Host64 = Host64F<BASE_FMA>;

host_steps!([const F: bool] Host64F<F>, f64, u64, D);

impl<const F: bool> Arith for Host64F<F> {
    host_native!(f64, 4_503_599_627_370_496.0f64);

    #[inline(always)]
    fn fma(self, a: f64, b: f64, c: f64) -> f64 {
        if F {
            a.mul_add(b, c)
        } else {
            let [a, b, c] = [a, b, c].map(|v| self.bits(v));
            self.val(soft_fma(Width::D, a, b, c))
        }
    }
    #[inline(always)]
    fn sqrt_in(self, r: Round, a: f64) -> f64 {
        if r == Round::N {
            return a.sqrt();
        }
        if r == Round::Z {
            // The hardware loops' own element: the truncated root by its residual.
            let (b, redo) = lanes::sqt64::<{ super::mode::Z }, F>(a.to_bits());
            if !redo {
                return f64::from_bits(b);
            }
        }
        f64::from_bits(super::loops::scalar_sqrt(r, a.to_bits()))
    }
}

/// `plain(s)` or, on a CPU with AVX2+FMA where the cap `isa` allows them,
/// `fused(s)` compiled with FMA enabled, so that a [`Host64F<true>`] inlined
/// into it multiplies and adds in one instruction. Both must compute the same
/// thing.
#[inline(always)]
pub fn fused<S, R>(isa: Isa, s: S, plain: impl FnOnce(S) -> R, fused: impl FnOnce(S) -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if super::loops::avx2_fma(isa) {
        // SAFETY: the CPU has AVX2 and FMA (checked just above).
        #[allow(unsafe_code)]
        return unsafe { with_fma(s, fused) };
    }
    let _ = (fused, isa);
    plain(s)
}

/// `f(s)` in code compiled for AVX2+FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn with_fma<S, R>(s: S, f: impl FnOnce(S) -> R) -> R {
    f(s)
}

/// binary16 at `%n`, values held exactly in `f64`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Host16;

impl Steps for Host16 {
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
    #[inline(always)]
    fn pow2(self, k: i32) -> f64 {
        // A normal binary16 exponent is a normal binary64 one: 2^k directly.
        f64::from_bits(((k + 1023) as u64) << 52)
    }
}

impl Arith for Host16 {
    host_common!(f64, 4_503_599_627_370_496.0f64);

    #[inline(always)]
    fn bits(self, v: f64) -> u128 {
        if v.is_nan() {
            // A NaN held here came from `val` of a NaN pattern: give it back.
            return u128::from(nan_bits16(v));
        }
        u128::from(half::narrow(v))
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
            half::widen(super::loops::scalar_sqrt(r, half::narrow(a)))
        }
    }
}

/// The binary16 NaN pattern [`half::widen`] made `v` from: its sign and its top ten payload bits.
#[inline(always)]
fn nan_bits16(v: f64) -> u16 {
    let b = v.to_bits();
    (((b >> 48) & 0x8000) as u16) | 0x7c00 | ((b >> 42) & 0x3ff) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::lcg;

    /// `r16` against the integer narrowing on every binary16 value's
    /// neighbourhood (the value, its midpoints with both neighbours, and one
    /// binary64 ulp either side of each) and on spread binary64 values.
    #[test]
    fn r16_is_the_integer_narrowing() {
        let check = |x: f64| {
            if !x.is_nan() {
                assert_eq!(
                    r16(x).to_bits(),
                    half::widen(half::narrow(x)).to_bits(),
                    "{x:e}"
                );
            }
        };
        for h in 0..=u16::MAX {
            let v = half::widen(h);
            let up = half::widen(h.wrapping_add(1));
            let mid = (v + up) / 2.0;
            for x in [v, mid] {
                check(x);
                check(f64::from_bits(x.to_bits().wrapping_add(1)));
                check(f64::from_bits(x.to_bits().wrapping_sub(1)));
            }
        }
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1_000_000 {
            s = lcg(s);
            check(f64::from_bits(s));
            // Magnitudes near the binary16 range.
            check(f64::from_bits(
                (s & 0x800f_ffff_ffff_ffff) | (0x3e0u64 + (s >> 58)) << 52,
            ));
        }
    }
}
