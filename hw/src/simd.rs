//! Lane contexts in AVX registers: the straight-line steps of the
//! `/lib/math` algorithms ([`Steps`]) on groups of lanes, one instruction
//! per register of the group, for the host-float contexts of [`super::arith`].
//!
//! - [`Avx32`]: binary32 in one `__m256`, each step the instruction of
//!   [`Host32`]'s step (`vaddps` for `+`, …), so every lane rounds as
//!   [`Host32`] does (to nearest; LLVM's default environment, which nothing
//!   here changes).
//! - [`Avx64`]: binary64 in two `__m256d`, each step [`Host64F`]'s.
//! - [`Avx16`]: binary16 held in binary32 lanes, [`LANES16`] of them in
//!   four `__m256` (four independent latency chains); each step is the binary32
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
use crate::ieee::arith::{Arith, Steps, Wide};
use crate::ieee::Width;
use crate::isa::Isa;
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

/// `plain(s)`, or on a CPU with AVX2, FMA and F16C where the cap `isa` allows
/// the AVX2+FMA loops, `avx(s, proof)` compiled with those features enabled,
/// so that the lane contexts' intrinsics inline into it. Both must compute
/// the same thing.
#[inline(always)]
pub fn wide<S, R>(isa: Isa, s: S, plain: impl FnOnce(S) -> R, avx: impl FnOnce(S, Avx) -> R) -> R {
    if super::loops::avx2_fma(isa) && f16c() {
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

/// [`LANES32`] binary32 lanes in one AVX register, each step [`Host32`]'s.
#[derive(Clone, Copy, Debug)]
pub struct Avx32(Avx);

/// [`LANES64`] binary64 lanes in two AVX registers, each step [`Host64F`]'s.
#[derive(Clone, Copy, Debug)]
pub struct Avx64(Avx);

/// [`LANES16`] binary16 lanes held in binary32 in four AVX registers, each step
/// [`Host16`]'s (the binary32 step, narrowed to binary16 and widened back).
#[derive(Clone, Copy, Debug)]
pub struct Avx16(Avx);

/// The lanes of [`Avx16`]: four registers, whose latency chains (each step
/// a binary32 instruction and two conversions) overlap.
pub const LANES16: usize = 32;
/// The lanes of [`Avx32`]: one register.
pub const LANES32: usize = 8;
/// The lanes of [`Avx64`]: two registers.
pub const LANES64: usize = 8;
/// [`Avx16`]'s registers.
const R16: usize = LANES16 / 8;
/// [`Avx32`]'s registers.
const R32: usize = LANES32 / 8;
/// [`Avx64`]'s registers.
const R64: usize = LANES64 / 4;

/// `f(a[i], b[i])` for each register `i` of two lane groups (independent
/// instructions, so the registers' latency chains overlap).
macro_rules! each2 {
    ($n:expr, |$x:ident, $y:ident| $f:expr, $a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        let mut r = a;
        for i in 0..$n {
            let ($x, $y) = (a[i], b[i]);
            // SAFETY: the context's `Avx` proves AVX and F16C.
            r[i] = unsafe { $f };
        }
        r
    }};
}

/// The four arithmetic [`Steps`] (`add sub mul div`) of a context of `$n`
/// registers of type `$v`: on each register, `$round` of the instruction
/// `$op` ([`as_is`] where the lanes round as the instruction does).
macro_rules! arith_steps {
    ($v:ty, $n:expr, $round:expr, [$($name:ident: $op:ident),+]) => {
        $(
            #[inline(always)]
            fn $name(self, a: [$v; $n], b: [$v; $n]) -> [$v; $n] {
                each2!($n, |x, y| $round($op(x, y)), a, b)
            }
        )+
    };
}

/// The [`Steps`] of a context of binary32 lanes: each binary32 step then
/// `$round` (nothing, or for [`Avx16`] the rounding to binary16), on each of
/// the context's `$ps` registers.
macro_rules! ps_steps {
    ($ctx:ty, $w:ident, $round:expr, $ps:ident) => {
        impl Steps for $ctx {
            type V = [__m256; $ps];

            #[inline(always)]
            fn width(self) -> Width {
                Width::$w
            }
            #[inline(always)]
            fn val(self, b: u128) -> [__m256; $ps] {
                let x = match Width::$w {
                    Width::H => super::half::widen(b as u16) as f32,
                    _ => f32::from_bits(b as u32),
                };
                // SAFETY: the context's `Avx` proves AVX.
                [unsafe { _mm256_set1_ps(x) }; $ps]
            }
            arith_steps!(__m256, $ps, $round, [
                add: _mm256_add_ps, sub: _mm256_sub_ps, mul: _mm256_mul_ps, div: _mm256_div_ps
            ]);
        }
    };
}

/// `v` unchanged (binary32 and binary64 lanes round as their instructions do).
#[inline(always)]
fn as_is<V>(v: V) -> V {
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

ps_steps!(Avx32, S, as_is, R32);
ps_steps!(Avx16, H, to_half, R16);

/// [`Wide::count_le`] and [`Wide::pick`] for a context of `$r` binary32
/// registers whose one-value context holds values of type `$t` (each a
/// binary32 value, so `as f32` is exact): the counts by `vcmpps` (not less
/// than, true on unordered, as `!(x < b)` is on a NaN) summed as integers,
/// the picks by `vpermps` from a register of the table (at most eight
/// entries; a longer table takes the lane-by-lane default).
macro_rules! ps_bands {
    ($a:ty, $t:ty, $r:ident, $lanes:ident) => {
        #[inline(always)]
        fn count_le(self, _: $a, v: [__m256; $r], bounds: &[$t]) -> [u8; $lanes] {
            let mut out = [0u8; $lanes];
            for (g, &x) in v.iter().enumerate() {
                let mut c = [0i32; 8];
                // SAFETY: AVX2 (the context's proof); the store writes the whole array.
                unsafe {
                    let mut acc = _mm256_setzero_si256();
                    for &b in bounds {
                        let m = _mm256_cmp_ps::<_CMP_NLT_UQ>(x, _mm256_set1_ps(b as f32));
                        acc = _mm256_sub_epi32(acc, _mm256_castps_si256(m));
                    }
                    _mm256_storeu_si256(c.as_mut_ptr().cast(), acc);
                }
                for (o, &c) in out[8 * g..][..8].iter_mut().zip(&c) {
                    *o = c as u8;
                }
            }
            out
        }
        #[inline(always)]
        fn pick(self, ix: &[u8; $lanes], table: &[$t]) -> [__m256; $r] {
            if table.len() > 8 {
                return self.join(ix.map(|i| table[usize::from(i)]));
            }
            let mut t = [0f32; 8];
            for (t, &v) in t.iter_mut().zip(table) {
                *t = v as f32;
            }
            // SAFETY (each block): AVX2 (the context's proof); the loads read
            // the whole table and eight of `ix` from 8g.
            let tv = unsafe { _mm256_loadu_ps(t.as_ptr()) };
            let mut r = [unsafe { _mm256_setzero_ps() }; $r];
            for (g, r) in r.iter_mut().enumerate() {
                *r = unsafe {
                    let i = _mm256_cvtepu8_epi32(_mm_loadl_epi64(ix.as_ptr().add(8 * g).cast()));
                    _mm256_permutevar8x32_ps(tv, i)
                };
            }
            r
        }
    };
}

/// [`Wide::join`] and [`Wide::part`] where each lane is held as it is in its
/// register: `$lanes` elements `$e` in `$r` registers `$v` of `$per` lanes,
/// moved by the unaligned `$load` and `$store` (`$zero`: a register to start from).
macro_rules! plain_moves {
    ($e:ty, $v:ty, $lanes:ident, $r:ident, $per:literal, $zero:ident, $load:ident, $store:ident) => {
        #[inline(always)]
        fn join(self, v: [$e; $lanes]) -> [$v; $r] {
            // SAFETY (each load): AVX (the context's proof); load `g` reads
            // lanes `$per·g .. $per·(g + 1)`.
            let mut r = [unsafe { $zero() }; $r];
            for (g, r) in r.iter_mut().enumerate() {
                *r = unsafe { $load(v.as_ptr().add($per * g)) };
            }
            r
        }
        #[inline(always)]
        fn part(self, v: [$v; $r]) -> [$e; $lanes] {
            let mut out = [0.0; $lanes];
            for (g, &r) in v.iter().enumerate() {
                // SAFETY: AVX (the context's proof); store `g` writes lanes
                // `$per·g .. $per·(g + 1)`.
                unsafe { $store(out.as_mut_ptr().add($per * g), r) };
            }
            out
        }
    };
}

impl Wide<Host32, LANES32> for Avx32 {
    ps_bands!(Host32, f32, R32, LANES32);
    plain_moves!(
        f32,
        __m256,
        LANES32,
        R32,
        8,
        _mm256_setzero_ps,
        _mm256_loadu_ps,
        _mm256_storeu_ps
    );
}

/// Whether any of the binary16 patterns `b` is a NaN.
#[inline(always)]
fn any_nan16(b: &[u128; LANES16]) -> bool {
    b.iter().any(|&b| b & 0x7c00 == 0x7c00 && b & 0x3ff != 0)
}

impl Wide<Host16, LANES16> for Avx16 {
    ps_bands!(Host16, f64, R16, LANES16);
    /// By `vcvtph2ps` (exact on numbers); per lane when a lane is a NaN,
    /// whose payload the instruction would quiet.
    #[inline(always)]
    fn vals(self, n: Host16, b: [u128; LANES16]) -> [f64; LANES16] {
        if any_nan16(&b) {
            return b.map(|b| n.val(b));
        }
        let h = b.map(|b| b as u16);
        // SAFETY (each load): AVX and F16C (the context's proof); load `g`
        // reads lanes 8g..8g+8.
        let mut v = [unsafe { _mm256_setzero_ps() }; R16];
        for (g, v) in v.iter_mut().enumerate() {
            *v = unsafe { _mm256_cvtph_ps(_mm_loadu_si128(h.as_ptr().add(8 * g).cast())) };
        }
        self.part(v)
    }
    /// By `vcvtps2ph` (exact on values held by [`Host16`], which are
    /// binary16 values); per lane when a lane is a NaN.
    #[inline(always)]
    fn bits_of(self, n: Host16, v: [f64; LANES16]) -> [u128; LANES16] {
        if v.iter().any(|v| v.is_nan()) {
            return v.map(|v| n.bits(v));
        }
        let mut h = [0u16; LANES16];
        for (g, r) in self.join(v).into_iter().enumerate() {
            // SAFETY: AVX and F16C (the context's proof); store `g` writes lanes 8g..8g+8.
            unsafe {
                let p = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(r);
                _mm_storeu_si128(h.as_mut_ptr().add(8 * g).cast(), p);
            }
        }
        h.map(u128::from)
    }

    #[inline(always)]
    fn join(self, v: [f64; LANES16]) -> [__m256; R16] {
        // SAFETY (each load): AVX (the context's proof); register `g` loads
        // lanes 8g..8g+8. The binary16 values held in binary64 narrow to
        // binary32 exactly.
        let mut r = [unsafe { _mm256_setzero_ps() }; R16];
        for (g, r) in r.iter_mut().enumerate() {
            *r = unsafe {
                let lo = _mm256_cvtpd_ps(_mm256_loadu_pd(v.as_ptr().add(8 * g)));
                let hi = _mm256_cvtpd_ps(_mm256_loadu_pd(v.as_ptr().add(8 * g + 4)));
                _mm256_set_m128(hi, lo)
            };
        }
        r
    }
    #[inline(always)]
    fn part(self, v: [__m256; R16]) -> [f64; LANES16] {
        let mut out = [0f64; LANES16];
        for (g, &r) in v.iter().enumerate() {
            // SAFETY: AVX (the context's proof); the stores write lanes
            // 8g..8g+8. Widening to binary64 is exact.
            unsafe {
                let p = out.as_mut_ptr().add(8 * g);
                _mm256_storeu_pd(p, _mm256_cvtps_pd(_mm256_castps256_ps128(r)));
                _mm256_storeu_pd(p.add(4), _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(r)));
            }
        }
        out
    }
}

impl Steps for Avx64 {
    type V = [__m256d; R64];

    #[inline(always)]
    fn width(self) -> Width {
        Width::D
    }
    #[inline(always)]
    fn val(self, b: u128) -> [__m256d; R64] {
        // SAFETY: the context's `Avx` proves AVX.
        [unsafe { _mm256_set1_pd(f64::from_bits(b as u64)) }; R64]
    }
    arith_steps!(__m256d, R64, as_is, [
        add: _mm256_add_pd, sub: _mm256_sub_pd, mul: _mm256_mul_pd, div: _mm256_div_pd
    ]);
}

impl<const F: bool> Wide<Host64F<F>, LANES64> for Avx64 {
    plain_moves!(
        f64,
        __m256d,
        LANES64,
        R64,
        4,
        _mm256_setzero_pd,
        _mm256_loadu_pd,
        _mm256_storeu_pd
    );
}
