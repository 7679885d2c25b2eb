//! AVX-512 copies of the loops for the modes the hardware rounds in directly:
//! `%n %u %d %z` at binary16/32/64 through AVX-512F's per-instruction
//! ("embedded") rounding control, which overrides MXCSR's rounding mode for
//! one instruction (`{rn,ru,rd,rz}-sae`). `%a` has no hardware mode and takes
//! the portable path.
//!
//! Why the bits are SoftFloat's:
//! - binary32/binary64 `+ − × ÷ √` with embedded rounding are the IEEE 754
//!   operations in that rounding direction, overflow (±∞ or ±max by the mode)
//!   and gradual underflow included (MXCSR's FTZ/DAZ are off in Rust's default
//!   environment, see [`super`]). NaNs are made canonical afterwards (a NaN
//!   operand or result stays NaN through `+ − × ÷`, so a fold or contraction
//!   canonicalises once at the end).
//! - binary16 widens exactly to binary32 (`vcvtph2ps`), computes in binary32
//!   rounded in the same direction, and narrows with `vcvtps2ph` in that
//!   direction. A product of two binary16 values is exact in binary32 (22
//!   bits). For `+ ÷ √` in a directed mode, rounding twice in the same
//!   direction equals rounding once, because every binary16 value is a
//!   binary32 value. For `%n`, double rounding is innocuous as 24 ≥ 2·11 + 2
//!   (Figueroa 1995). The exhaustive binary16 tests check all of it.
//!
//! The `unsafe` here is of three sorts: calling the `#[target_feature]`
//! functions after detecting AVX-512F and F16C ([`available`]); unaligned
//! loads and stores of whole 16- or 8-lane chunks that lie inside the slices
//! (tails are copied through a stack buffer); and AVX-512 intrinsics in the
//! `#[inline(always)]` helpers (`op_ps`, `canon_ps`, `widen16`, ...), which
//! carry no `#[target_feature]` of their own. Their soundness rests on one
//! module invariant: **they are private to this module and every caller is a
//! `#[target_feature(enable = "avx512f,f16c")]` function of this module**,
//! which in turn runs only after [`available`] returned true. A helper's
//! `// SAFETY:` note refers to this invariant; keep it when adding a caller.
#![allow(unsafe_code)]
// The AVX-512 intrinsics are stable since Rust 1.89, the workspace MSRV; the
// `avx512` feature (on by default) gates this module.

use super::lanes::{canon16, canon32, canon64};
use super::mode::{D, N, U, Z};
use super::op::{ADD, MUL, SUB};
use crate::shape::Dims;
use std::arch::x86_64::*;
use std::mem::MaybeUninit;

const RN: i32 = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
const RU: i32 = _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC;
const RD: i32 = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
const RZ: i32 = _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC;

/// Whether this CPU has AVX-512F and F16C (the callers apply the level cap).
pub fn available() -> bool {
    is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("f16c")
}

/// Runs `$body` with `R` the rounding constant of mode `M`; `false` for `%a`.
macro_rules! with_rounding {
    ($m:expr, $r:ident => $body:expr) => {
        with_rounding!($m, $r => $body; N: RN, U: RU, D: RD, Z: RZ)
    };
    ($m:expr, $r:ident => $body:expr; $($mode:ident: $rc:ident),*) => {
        match $m {
            $($mode => {
                const $r: i32 = $rc;
                $body;
                true
            })*
            _ => false,
        }
    };
}

// ---------------------------------------------------------------- vectors

/// Writes `fn $name<OP, R>(a, b)`: `a OP b` on vectors `$v` in the
/// embedded rounding `R`, by the intrinsics for `+ − × ÷` in that order.
macro_rules! round_op {
    ($name:ident: $v:ty => $add:ident, $sub:ident, $mul:ident, $div:ident) => {
        #[inline(always)]
        fn $name<const OP: u8, const R: i32>(a: $v, b: $v) -> $v {
            // SAFETY: the module invariant (every caller runs with avx512f,
            // checked by `available`).
            unsafe {
                match OP {
                    ADD => $add::<R>(a, b),
                    SUB => $sub::<R>(a, b),
                    MUL => $mul::<R>(a, b),
                    _ => $div::<R>(a, b),
                }
            }
        }
    };
}

round_op!(op_ps: __m512 =>
    _mm512_add_round_ps, _mm512_sub_round_ps, _mm512_mul_round_ps, _mm512_div_round_ps);
round_op!(op_pd: __m512d =>
    _mm512_add_round_pd, _mm512_sub_round_pd, _mm512_mul_round_pd, _mm512_div_round_pd);

/// NaN lanes of `r` replaced by the canonical binary32 NaN.
#[inline(always)]
fn canon_ps(r: __m512) -> __m512 {
    // SAFETY: the module invariant (every caller runs with avx512f, checked by `available`).
    unsafe {
        let nan = _mm512_cmp_ps_mask::<_CMP_UNORD_Q>(r, r);
        _mm512_mask_mov_ps(r, nan, _mm512_castsi512_ps(_mm512_set1_epi32(0x7fc0_0000)))
    }
}

#[inline(always)]
fn canon_pd(r: __m512d) -> __m512d {
    // SAFETY: the module invariant (every caller runs with avx512f, checked by `available`).
    unsafe {
        let nan = _mm512_cmp_pd_mask::<_CMP_UNORD_Q>(r, r);
        _mm512_mask_mov_pd(
            r,
            nan,
            _mm512_castsi512_pd(_mm512_set1_epi64(0x7ff8_0000_0000_0000)),
        )
    }
}

/// Applies `f` to consecutive chunks of `L` lanes of `ins` (each as long as
/// `out`), the last chunk padded with zeros through a stack buffer. `f`
/// stores a whole vector into its `L` slots, so every slot of `out` is
/// written (the tail's from a buffer `f` wrote in full).
#[inline(always)]
fn chunks<T: Copy + Default, const L: usize, const K: usize>(
    ins: [&[T]; K],
    out: &mut [MaybeUninit<T>],
    mut f: impl FnMut([&[T; L]; K], &mut [MaybeUninit<T>; L]),
) {
    let n = out.len();
    let full = n - n % L;
    let mut i = 0;
    while i < full {
        let chunk: [&[T; L]; K] =
            std::array::from_fn(|k| ins[k][i..i + L].try_into().expect("a whole chunk"));
        let dst: &mut [MaybeUninit<T>; L] = (&mut out[i..i + L]).try_into().expect("a whole chunk");
        f(chunk, dst);
        i += L;
    }
    if full < n {
        let bufs: [[T; L]; K] = std::array::from_fn(|k| {
            let mut b = [T::default(); L];
            b[..n - full].copy_from_slice(&ins[k][full..n]);
            b
        });
        let mut dst = [MaybeUninit::new(T::default()); L];
        f(std::array::from_fn(|k| &bufs[k]), &mut dst);
        out[full..].copy_from_slice(&dst[..n - full]);
    }
}

/// Writes the binary32 or binary64 elementwise loop `$bin` (`out = a OP b`)
/// and square-root loop `$sqrt` over words `$t`, `$l` lanes a vector: each
/// chunk loaded with `$load`, computed in rounding `R` by `$op` or `$root`,
/// made canonical by `$canon` and stored with `$store`.
macro_rules! packed_loops {
    ($bin:ident, $sqrt:ident: $t:ty, $l:literal =>
     $load:ident, $store:ident, $op:ident, $root:ident, $canon:ident) => {
        #[target_feature(enable = "avx512f,f16c")]
        fn $bin<const OP: u8, const R: i32>(a: &[$t], b: &[$t], out: &mut [MaybeUninit<$t>]) {
            chunks::<$t, $l, 2>([a, b], out, |[x, y], o| {
                // SAFETY: each pointer addresses a whole array of `$l` words.
                unsafe {
                    let x = $load(x.as_ptr().cast());
                    let y = $load(y.as_ptr().cast());
                    $store(o.as_mut_ptr().cast(), $canon($op::<OP, R>(x, y)));
                }
            });
        }

        #[target_feature(enable = "avx512f,f16c")]
        fn $sqrt<const R: i32>(a: &[$t], out: &mut [MaybeUninit<$t>]) {
            chunks::<$t, $l, 1>([a], out, |[x], o| {
                // SAFETY: whole arrays of `$l` words.
                unsafe {
                    let r = $root::<R>($load(x.as_ptr().cast()));
                    $store(o.as_mut_ptr().cast(), $canon(r));
                }
            });
        }
    };
}

packed_loops!(bin_ps, sqrt_ps: u32, 16 =>
    _mm512_loadu_ps, _mm512_storeu_ps, op_ps, _mm512_sqrt_round_ps, canon_ps);
packed_loops!(bin_pd, sqrt_pd: u64, 8 =>
    _mm512_loadu_pd, _mm512_storeu_pd, op_pd, _mm512_sqrt_round_pd, canon_pd);

/// Binary64 `RA(x OP z)` (`+ − ×`, `z` already negated for `−`) in eight
/// lanes, [`super::away::away64`]'s rule on the hardware's nearest result
/// `s` and its exact error `e` (TwoSum, or `fma(x, z, −s)`), and the lanes
/// where `e` is not exact (a TwoSum step that overflows while `s` is
/// finite, a product below `2^−968` with no zero factor).
#[inline(always)]
fn away_pd<const OP: u8>(x: __m512d, z: __m512d) -> (__m512d, __mmask8) {
    // SAFETY: the module invariant (every caller runs with avx512f, checked by `available`).
    unsafe {
        let (s, e, bad) = if OP == MUL {
            let p = _mm512_mul_pd(x, z);
            let e = _mm512_fmsub_pd(x, z, p);
            let tiny = f64::from_bits(((1023 - 968) as u64) << 52);
            let small = _mm512_cmp_pd_mask::<_CMP_LT_OQ>(_mm512_abs_pd(p), _mm512_set1_pd(tiny));
            let zero = _mm512_setzero_pd();
            let zf = _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(x, zero)
                | _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(z, zero);
            (p, e, small & !zf)
        } else {
            let s = _mm512_add_pd(x, z);
            let bb = _mm512_sub_pd(s, x);
            let e = _mm512_add_pd(_mm512_sub_pd(x, _mm512_sub_pd(s, bb)), _mm512_sub_pd(z, bb));
            // `v − v` is ordered (zero) exactly where `v` is finite.
            let finite = |v| _mm512_cmp_pd_mask::<_CMP_ORD_Q>(_mm512_sub_pd(v, v), zero_pd());
            (s, e, finite(s) & !finite(e))
        };
        let e2 = _mm512_add_pd(e, e);
        let nb = _mm512_add_pd(s, e2);
        let exact = _mm512_cmp_pd_mask::<_CMP_EQ_OQ>(_mm512_sub_pd(nb, s), e2);
        let agree = _mm512_testn_epi64_mask(
            _mm512_xor_si512(_mm512_castpd_si512(e), _mm512_castpd_si512(s)),
            _mm512_set1_epi64(i64::MIN),
        );
        (canon_pd(_mm512_mask_blend_pd(exact & agree, s, nb)), bad)
    }
}

/// A zero binary64 vector.
#[inline(always)]
fn zero_pd() -> __m512d {
    // SAFETY: the module invariant.
    unsafe { _mm512_setzero_pd() }
}

/// `out = a OP b` at binary64 in `%a`; `false` where some element's error
/// is not exact (the caller then runs the portable loop, which rewrites
/// every slot).
#[target_feature(enable = "avx512f,f16c")]
fn away_bin_pd<const OP: u8>(a: &[u64], b: &[u64], out: &mut [MaybeUninit<u64>]) -> bool {
    let mut bad: __mmask8 = 0;
    chunks::<u64, 8, 2>([a, b], out, |[x, y], o| {
        // SAFETY: each pointer addresses a whole array of 8 u64.
        unsafe {
            let x = _mm512_loadu_pd(x.as_ptr().cast());
            let mut z = _mm512_loadu_pd(y.as_ptr().cast());
            if OP == SUB {
                z = _mm512_castsi512_pd(_mm512_xor_si512(
                    _mm512_castpd_si512(z),
                    _mm512_set1_epi64(i64::MIN),
                ));
            }
            let (r, b) = away_pd::<OP>(x, z);
            bad |= b;
            _mm512_storeu_pd(o.as_mut_ptr().cast(), r);
        }
    });
    bad == 0
}

/// The `%a` elementwise loop of `OP` (`+ − ×`) at binary64, if AVX-512
/// serves it (`false`: run another loop, which rewrites every slot).
pub fn away64<const OP: u8>(a: &[u64], b: &[u64], out: &mut [MaybeUninit<u64>]) -> bool {
    // SAFETY: `available()` checked avx512f and f16c, all the callee needs.
    (OP == ADD || OP == SUB || OP == MUL) && available() && unsafe { away_bin_pd::<OP>(a, b, out) }
}

/// 16 binary16 values widened to binary32 (exact).
#[inline(always)]
fn widen16(x: &[u16; 16]) -> __m512 {
    // SAFETY: the pointer addresses 16 u16 (32 bytes); avx512f per the module invariant.
    unsafe { _mm512_cvtph_ps(_mm256_loadu_si256(x.as_ptr().cast())) }
}

/// 16 binary32 values narrowed to binary16 in rounding `R`, NaNs canonical (`0x7e00`).
#[inline(always)]
fn narrow16<const R: i32>(r: __m512, o: &mut [MaybeUninit<u16>; 16]) {
    // SAFETY: the pointer addresses 16 u16; avx512f per the module invariant.
    unsafe {
        // The canonical binary32 NaN narrows to the canonical binary16 NaN.
        let h = _mm512_cvtps_ph::<R>(canon_ps(r));
        _mm256_storeu_si256(o.as_mut_ptr().cast(), h);
    }
}

#[target_feature(enable = "avx512f,f16c")]
fn bin_ph<const OP: u8, const R: i32>(a: &[u16], b: &[u16], out: &mut [MaybeUninit<u16>]) {
    chunks::<u16, 16, 2>([a, b], out, |[x, y], o| {
        narrow16::<R>(op_ps::<OP, R>(widen16(x), widen16(y)), o);
    });
}

#[target_feature(enable = "avx512f,f16c")]
fn sqrt_ph<const R: i32>(a: &[u16], out: &mut [MaybeUninit<u16>]) {
    chunks::<u16, 16, 1>([a], out, |[x], o| {
        let r = _mm512_sqrt_round_ps::<R>(widen16(x));
        narrow16::<R>(r, o);
    });
}

// ---------------------------------------------------------------- folds

round_op!(op_ss: __m128 =>
    _mm_add_round_ss, _mm_sub_round_ss, _mm_mul_round_ss, _mm_div_round_ss);
round_op!(op_sd: __m128d =>
    _mm_add_round_sd, _mm_sub_round_sd, _mm_mul_round_sd, _mm_div_round_sd);

/// Writes the binary32 or binary64 fold `$fold` over words `$t`: each value
/// put in the low lane by `$set` (of its `$f` bits), combined with `$op` in
/// rounding `R` from the left or (`right`) the right, read back by `$get`
/// and made canonical by `$canon`.
macro_rules! scalar_fold {
    ($fold:ident: $t:ty, $f:ty => $set:ident, $op:ident, $get:ident, $canon:ident) => {
        #[target_feature(enable = "avx512f,f16c")]
        fn $fold<const OP: u8, const R: i32>(right: bool, seed: $t, rest: &[$t]) -> $t {
            let v = |x: $t| $set(<$f>::from_bits(x));
            let mut acc = v(seed);
            if right {
                for &x in rest.iter().rev() {
                    acc = $op::<OP, R>(v(x), acc);
                }
            } else {
                for &x in rest {
                    acc = $op::<OP, R>(acc, v(x));
                }
            }
            $canon($get(acc).to_bits())
        }
    };
}

scalar_fold!(fold_ss: u32, f32 => _mm_set_ss, op_ss, _mm_cvtss_f32, canon32);
scalar_fold!(fold_sd: u64, f64 => _mm_set_sd, op_sd, _mm_cvtsd_f64, canon64);

#[target_feature(enable = "avx512f,f16c")]
fn fold_sh<const OP: u8, const R: i32>(right: bool, seed: u16, rest: &[u16]) -> u16 {
    {
        // Each step: widen (exact), one binary32 operation in R, narrow in R.
        let v = |x: u16| _mm_cvtph_ps(_mm_cvtsi32_si128(i32::from(x)));
        let to_h =
            |a: __m128| _mm256_castsi256_si128(_mm512_cvtps_ph::<R>(_mm512_castps128_ps512(a)));
        let step = |a: __m128, b: __m128| _mm_cvtph_ps(to_h(op_ss::<OP, R>(a, b)));
        let mut acc = v(seed);
        if right {
            for &x in rest.iter().rev() {
                acc = step(v(x), acc);
            }
        } else {
            for &x in rest {
                acc = step(acc, v(x));
            }
        }
        canon16(_mm_cvtsi128_si32(to_h(acc)) as u16)
    }
}

mod contract;
use contract::{contract_pd, contract_ph, contract_ps};

// ---------------------------------------------------------------- entry points

macro_rules! entries {
    ($bin:ident, $sqrt:ident, $fold:ident, $contract:ident: $t:ty =>
     $vbin:ident, $vsqrt:ident, $vfold:ident, $vcontract:ident) => {
        /// The elementwise loop in mode `M`, if AVX-512 serves it (`false`: use the portable loop).
        pub fn $bin<const OP: u8, const M: u8>(
            a: &[$t],
            b: &[$t],
            out: &mut [MaybeUninit<$t>],
        ) -> bool {
            // SAFETY: `available()` checked avx512f and f16c, all the callee needs.
            available() && with_rounding!(M, R => unsafe { $vbin::<OP, R>(a, b, out) })
        }

        /// The square-root loop in mode `M`, if AVX-512 serves it.
        pub fn $sqrt<const M: u8>(a: &[$t], out: &mut [$t]) -> bool {
            // SAFETY: as above.
            available()
                && with_rounding!(M, R => unsafe { $vsqrt::<R>(a, super::fresh::slots(out)) })
        }

        /// The fold in mode `M`, if AVX-512 serves it.
        pub fn $fold<const OP: u8, const M: u8>(right: bool, seed: $t, rest: &[$t]) -> Option<$t> {
            let mut v = None;
            // SAFETY: as above.
            let served = available()
                && with_rounding!(M, R => v = Some(unsafe { $vfold::<OP, R>(right, seed, rest) }));
            if served {
                v
            } else {
                None
            }
        }

        /// The contraction in mode `M` into the zeroed `c`, if AVX-512 serves it.
        pub fn $contract<const M: u8>(dims: Dims, a: &[$t], b: &[$t], c: &mut [$t]) -> bool {
            // SAFETY: as above.
            available() && with_rounding!(M, R => unsafe { $vcontract::<R>(dims, a, b, c) })
        }
    };
}

entries!(bin16, sqrt16, fold16, contract16: u16 => bin_ph, sqrt_ph, fold_sh, contract_ph);
entries!(bin32, sqrt32, fold32, contract32: u32 => bin_ps, sqrt_ps, fold_ss, contract_ps);
entries!(bin64, sqrt64, fold64, contract64: u64 => bin_pd, sqrt_pd, fold_sd, contract_pd);
