//! Lane contexts in AVX registers: the straight-line steps of the
//! `/lib/math` algorithms ([`Steps`]) on [`LANES`] elements per instruction,
//! for the host-float contexts of [`super::arith`].
//!
//! - [`Avx32`]: binary32 in one `__m256`, each step the instruction of
//!   [`Host32`]'s step (`vaddps` for `+`, …), so every lane rounds as
//!   [`Host32`] does (to nearest; LLVM's default environment, which nothing
//!   here changes).
//! - [`Avx64`]: binary64 in two `__m256d`, each step [`Host64F`]'s.
//! - [`Avx16`]: binary16 held in binary32 lanes; each step is the binary32
//!   instruction followed by `vcvtps2ph` with the round-to-nearest
//!   immediate and `vcvtph2ps` back. A product of two binary16 values is
//!   exact in binary32; a sum or quotient is rounded twice, which is
//!   innocuous because 24 ≥ 2·11 + 2 (Figueroa, 1995), the argument of
//!   `hw::mxcsr` in `%n`. So each step gives [`Host16`]'s value,
//!   whose binary64 holder it is converted to and from exactly
//!   ([`Wide::part`], [`Wide::join`]).
//!
//! The `#[ignore]`d test `math_batch` checks every `@rh` input of every
//! arm, and 10^6 random and hard ones per arm at `@rs @rd`, against the
//! bit-pattern context.
//!
//! The `unsafe` here: the intrinsics are `#[target_feature]` functions, and
//! a context exists only inside [`wide`] after the CPU was found to have
//! AVX2, FMA and F16C (its field [`Avx`] has no other constructor), as each
//! `// SAFETY:` note says; the moves between lanes and registers are
//! unaligned loads and stores of whole arrays.
#![allow(unsafe_code)]

use super::arith::{Host16, Host32, Host64F};
use crate::ieee::arith::{Arith, Steps, Wide, LANES};
use crate::ieee::Width;
use std::arch::x86_64::*;

/// Proof that this CPU has AVX2, FMA and F16C: made only by [`wide`].
#[derive(Clone, Copy, Debug)]
pub struct Avx(());

impl Avx {
    /// The binary32 lanes.
    #[inline(always)]
    pub fn f32(self) -> Avx32 {
        Avx32(self)
    }
    /// The binary64 lanes.
    #[inline(always)]
    pub fn f64(self) -> Avx64 {
        Avx64(self)
    }
    /// The binary16 lanes.
    #[inline(always)]
    pub fn f16(self) -> Avx16 {
        Avx16(self)
    }
}

/// `plain(s)`, or on a CPU with AVX2, FMA and F16C where the loops may use
/// them ([`super::isa_cap`]), `avx(s, proof)` compiled with those features
/// enabled, so that the lane contexts' intrinsics inline into it. Both
/// must compute the same thing.
#[inline(always)]
pub fn wide<S, R>(s: S, plain: impl FnOnce(S) -> R, avx: impl FnOnce(S, Avx) -> R) -> R {
    if super::loops::avx2_fma() && f16c() {
        // SAFETY: the CPU has AVX2, FMA and F16C (checked just above).
        return unsafe { with_avx(s, avx) };
    }
    plain(s)
}

/// Whether the CPU has F16C, decided once per process.
fn f16c() -> bool {
    static F16C: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *F16C.get_or_init(|| is_x86_feature_detected!("f16c"))
}

/// `f(s, proof)` in code compiled for AVX2, FMA and F16C.
#[target_feature(enable = "avx2,fma,f16c")]
fn with_avx<S, R>(s: S, f: impl FnOnce(S, Avx) -> R) -> R {
    f(s, Avx(()))
}

/// Eight binary32 lanes in one AVX register, each step [`Host32`]'s.
#[derive(Clone, Copy, Debug)]
pub struct Avx32(Avx);

/// Eight binary64 lanes in two AVX registers, each step [`Host64F`]'s.
#[derive(Clone, Copy, Debug)]
pub struct Avx64(Avx);

/// Eight binary16 lanes held in binary32 in one AVX register, each step
/// [`Host16`]'s (the binary32 step, narrowed to binary16 and widened back).
#[derive(Clone, Copy, Debug)]
pub struct Avx16(Avx);

/// The [`Steps`] of a context of binary32 lanes: each binary32 step then
/// `$round` (nothing, or for [`Avx16`] the rounding to binary16).
macro_rules! ps_steps {
    ($ctx:ty, $w:ident, $round:expr) => {
        impl Steps for $ctx {
            type V = __m256;

            #[inline(always)]
            fn width(self) -> Width {
                Width::$w
            }
            #[inline(always)]
            fn val(self, b: u128) -> __m256 {
                let x = match Width::$w {
                    Width::H => super::half::widen(b as u16) as f32,
                    _ => f32::from_bits(b as u32),
                };
                // SAFETY: the context's `Avx` proves AVX.
                unsafe { _mm256_set1_ps(x) }
            }
            #[inline(always)]
            fn add(self, a: __m256, b: __m256) -> __m256 {
                // SAFETY: the context's `Avx` proves AVX and F16C.
                unsafe { $round(_mm256_add_ps(a, b)) }
            }
            #[inline(always)]
            fn sub(self, a: __m256, b: __m256) -> __m256 {
                // SAFETY: as `add`.
                unsafe { $round(_mm256_sub_ps(a, b)) }
            }
            #[inline(always)]
            fn mul(self, a: __m256, b: __m256) -> __m256 {
                // SAFETY: as `add`.
                unsafe { $round(_mm256_mul_ps(a, b)) }
            }
            #[inline(always)]
            fn div(self, a: __m256, b: __m256) -> __m256 {
                // SAFETY: as `add`.
                unsafe { $round(_mm256_div_ps(a, b)) }
            }
        }
    };
}

/// `v` unchanged (binary32 lanes round as binary32).
#[inline(always)]
fn as_is(v: __m256) -> __m256 {
    v
}

/// `v` rounded to binary16, to nearest, and held in binary32 again.
///
/// # Safety
/// The CPU must have AVX and F16C.
#[inline(always)]
unsafe fn to_half(v: __m256) -> __m256 {
    // SAFETY: the caller's CPU has F16C.
    unsafe { _mm256_cvtph_ps(_mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v)) }
}

ps_steps!(Avx32, S, as_is);
ps_steps!(Avx16, H, to_half);

impl Wide<Host32> for Avx32 {
    #[inline(always)]
    fn join(self, v: [f32; LANES]) -> __m256 {
        // SAFETY: AVX (the context's proof); the load reads the whole array.
        unsafe { _mm256_loadu_ps(v.as_ptr()) }
    }
    #[inline(always)]
    fn part(self, v: __m256) -> [f32; LANES] {
        let mut out = [0f32; LANES];
        // SAFETY: AVX (the context's proof); the store writes the whole array.
        unsafe { _mm256_storeu_ps(out.as_mut_ptr(), v) };
        out
    }
}

/// Whether any of the binary16 patterns `b` is a NaN.
#[inline(always)]
fn any_nan16(b: &[u128; LANES]) -> bool {
    b.iter().any(|&b| b & 0x7c00 == 0x7c00 && b & 0x3ff != 0)
}

impl Wide<Host16> for Avx16 {
    /// By `vcvtph2ps` (exact on numbers); per lane when a lane is a NaN,
    /// whose payload the instruction would quiet.
    #[inline(always)]
    fn vals(self, n: Host16, b: [u128; LANES]) -> [f64; LANES] {
        if any_nan16(&b) {
            return b.map(|b| n.val(b));
        }
        let h = b.map(|b| b as u16);
        // SAFETY: AVX and F16C (the context's proof); the load reads the whole array.
        let v = unsafe { _mm256_cvtph_ps(_mm_loadu_si128(h.as_ptr().cast())) };
        self.part(v)
    }
    /// By `vcvtps2ph` (exact on values held by [`Host16`], which are
    /// binary16 values); per lane when a lane is a NaN.
    #[inline(always)]
    fn bits_of(self, n: Host16, v: [f64; LANES]) -> [u128; LANES] {
        if v.iter().any(|v| v.is_nan()) {
            return v.map(|v| n.bits(v));
        }
        let mut h = [0u16; LANES];
        // SAFETY: AVX and F16C (the context's proof); the store writes the whole array.
        unsafe {
            let p = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(self.join(v));
            _mm_storeu_si128(h.as_mut_ptr().cast(), p);
        }
        h.map(u128::from)
    }

    #[inline(always)]
    fn join(self, v: [f64; LANES]) -> __m256 {
        // SAFETY: AVX (the context's proof); each load reads half the array.
        // The binary16 values held in binary64 narrow to binary32 exactly.
        unsafe {
            let lo = _mm256_cvtpd_ps(_mm256_loadu_pd(v.as_ptr()));
            let hi = _mm256_cvtpd_ps(_mm256_loadu_pd(v.as_ptr().add(4)));
            _mm256_set_m128(hi, lo)
        }
    }
    #[inline(always)]
    fn part(self, v: __m256) -> [f64; LANES] {
        let mut out = [0f64; LANES];
        // SAFETY: AVX (the context's proof); each store writes half the
        // array. Widening to binary64 is exact.
        unsafe {
            _mm256_storeu_pd(out.as_mut_ptr(), _mm256_cvtps_pd(_mm256_castps256_ps128(v)));
            _mm256_storeu_pd(
                out.as_mut_ptr().add(4),
                _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(v)),
            );
        }
        out
    }
}

/// Two registers of four binary64 lanes, one `__m256d` step on each.
macro_rules! pd2 {
    ($f:ident, $a:expr, $b:expr) => {
        // SAFETY: the context's `Avx` proves AVX.
        unsafe { [$f($a[0], $b[0]), $f($a[1], $b[1])] }
    };
}

impl Steps for Avx64 {
    type V = [__m256d; 2];

    #[inline(always)]
    fn width(self) -> Width {
        Width::D
    }
    #[inline(always)]
    fn val(self, b: u128) -> [__m256d; 2] {
        // SAFETY: the context's `Avx` proves AVX.
        let v = unsafe { _mm256_set1_pd(f64::from_bits(b as u64)) };
        [v, v]
    }
    #[inline(always)]
    fn add(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        pd2!(_mm256_add_pd, a, b)
    }
    #[inline(always)]
    fn sub(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        pd2!(_mm256_sub_pd, a, b)
    }
    #[inline(always)]
    fn mul(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        pd2!(_mm256_mul_pd, a, b)
    }
    #[inline(always)]
    fn div(self, a: [__m256d; 2], b: [__m256d; 2]) -> [__m256d; 2] {
        pd2!(_mm256_div_pd, a, b)
    }
}

impl<const F: bool> Wide<Host64F<F>> for Avx64 {
    #[inline(always)]
    fn join(self, v: [f64; LANES]) -> [__m256d; 2] {
        // SAFETY: AVX (the context's proof); each load reads half the array.
        unsafe {
            [
                _mm256_loadu_pd(v.as_ptr()),
                _mm256_loadu_pd(v.as_ptr().add(4)),
            ]
        }
    }
    #[inline(always)]
    fn part(self, v: [__m256d; 2]) -> [f64; LANES] {
        let mut out = [0f64; LANES];
        // SAFETY: AVX (the context's proof); each store writes half the array.
        unsafe {
            _mm256_storeu_pd(out.as_mut_ptr(), v[0]);
            _mm256_storeu_pd(out.as_mut_ptr().add(4), v[1]);
        }
        out
    }
}
