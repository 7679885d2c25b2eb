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

// ------------------------------------------------------- elementwise

/// Binary32 `RA(x OP z)` for eight binary32 lanes, through binary64 lanes.
#[inline(always)]
fn via64<const OP: u8>(x: __m256, z: __m256) -> __m256 {
    // SAFETY: as in `cut64`.
    unsafe {
        let lo = step32::<OP, true>(
            _mm256_cvtps_pd(_mm256_castps256_ps128(x)),
            _mm256_cvtps_pd(_mm256_castps256_ps128(z)),
        );
        let hi = step32::<OP, true>(
            _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(x)),
            _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(z)),
        );
        _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo))
    }
}

/// Binary32 `RA(x·z)` for eight lanes: the hardware product corrected by its
/// FMA error, which is exact when `|x·z| ≥ 2^−100` (the error is a multiple
/// of `2^(Ex+Ez−46) ≥ 2^−147` within 24 bits of the product's unit); a
/// vector with a smaller product (or a zero one) goes [`via64`].
#[inline(always)]
fn mul32(x: __m256, z: __m256) -> __m256 {
    // SAFETY: as in `cut64`.
    unsafe {
        let p = _mm256_mul_ps(x, z);
        let small = _mm256_cmp_ps::<_CMP_LT_OQ>(
            _mm256_andnot_ps(_mm256_set1_ps(-0.0), p),
            _mm256_set1_ps(p32(-100)),
        );
        if _mm256_movemask_ps(small) != 0 {
            return via64::<MUL>(x, z);
        }
        away_ps(p, _mm256_fmsub_ps(x, z, p))
    }
}

/// `out = a OP b` at binary32, `n` a multiple of 8.
///
/// # Safety
/// AVX2, FMA and F16C are present; `a`, `b`, `out` hold `n` elements.
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn bin32_k<const OP: u8>(a: *const u32, b: *const u32, out: *mut u32, n: usize) {
    let flip = _mm256_set1_ps(if OP == SUB { -0.0 } else { 0.0 });
    for i in (0..n).step_by(8) {
        // SAFETY: `i + 8 ≤ n` elements of each buffer.
        let (x, z) = unsafe {
            (
                _mm256_loadu_ps(a.add(i).cast()),
                _mm256_xor_ps(_mm256_loadu_ps(b.add(i).cast()), flip),
            )
        };
        let r = canon_ps(if OP == MUL {
            mul32(x, z)
        } else {
            via64::<OP>(x, z)
        });
        // SAFETY: as above.
        unsafe { _mm256_storeu_ps(out.add(i).cast(), r) };
    }
}

/// `out = a OP b` at binary16, `n` a multiple of 8.
///
/// # Safety
/// As [`bin32_k`].
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn bin16_k<const OP: u8>(a: *const u16, b: *const u16, out: *mut u16, n: usize) {
    let flip = _mm256_set1_ps(if OP == SUB { -0.0 } else { 0.0 });
    for i in (0..n).step_by(8) {
        // SAFETY: `i + 8 ≤ n` elements of each buffer.
        let (x, z) = unsafe {
            (
                _mm256_cvtph_ps(_mm_loadu_si128(a.add(i).cast())),
                _mm256_xor_ps(_mm256_cvtph_ps(_mm_loadu_si128(b.add(i).cast())), flip),
            )
        };
        let r = canon_ps(step16::<OP, true>(x, z));
        let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(r);
        // SAFETY: as above.
        unsafe { _mm_storeu_si128(out.add(i).cast(), h) };
    }
}

/// `out = a OP b` at binary64, `n` a multiple of 4; `false` where some
/// element's error is not exact (the caller then runs the portable loop).
///
/// # Safety
/// As [`bin32_k`].
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn bin64_k<const OP: u8>(a: *const u64, b: *const u64, out: *mut u64, n: usize) -> bool {
    let sign = _mm256_set1_pd(-0.0);
    let flip = _mm256_set1_pd(if OP == SUB { -0.0 } else { 0.0 });
    let zero = _mm256_setzero_pd();
    let mut bad = zero;
    for i in (0..n).step_by(4) {
        // SAFETY: `i + 4 ≤ n` elements of each buffer.
        let (x, z) = unsafe {
            (
                _mm256_loadu_pd(a.add(i).cast()),
                _mm256_xor_pd(_mm256_loadu_pd(b.add(i).cast()), flip),
            )
        };
        let (s, e) = if OP == MUL {
            let p = _mm256_mul_pd(x, z);
            let e = _mm256_fmsub_pd(x, z, p);
            // The error is exact when |p| ≥ 2^−968 or a factor is zero.
            let small =
                _mm256_cmp_pd::<_CMP_LT_OQ>(_mm256_andnot_pd(sign, p), _mm256_set1_pd(p64(-968)));
            let zf = _mm256_or_pd(
                _mm256_cmp_pd::<_CMP_EQ_OQ>(x, zero),
                _mm256_cmp_pd::<_CMP_EQ_OQ>(z, zero),
            );
            bad = _mm256_or_pd(bad, _mm256_andnot_pd(zf, small));
            (p, e)
        } else {
            let (s, e) = two_sum(x, z);
            // TwoSum is exact unless a step overflowed: e non-finite, s finite.
            let de = _mm256_sub_pd(e, e);
            let ds = _mm256_sub_pd(s, s);
            bad = _mm256_or_pd(
                bad,
                _mm256_andnot_pd(
                    _mm256_cmp_pd::<_CMP_UNORD_Q>(ds, ds),
                    _mm256_cmp_pd::<_CMP_UNORD_Q>(de, de),
                ),
            );
            (s, e)
        };
        let r = away_pd(s, e);
        let nan = _mm256_cmp_pd::<_CMP_UNORD_Q>(r, r);
        let r = _mm256_blendv_pd(
            r,
            _mm256_castsi256_pd(_mm256_set1_epi64x(0x7ff8_0000_0000_0000)),
            nan,
        );
        // SAFETY: as above.
        unsafe { _mm256_storeu_pd(out.add(i).cast(), r) };
    }
    _mm256_movemask_pd(bad) == 0
}

/// Runs `k` over whole vectors of `L` lanes and the tail through a
/// zero-padded stack buffer, writing every slot of `out`; `false` when `k`
/// said no for some part (the slots are then written but not meaningful).
fn blocks<T: Copy + Default, const L: usize>(
    a: &[T],
    b: &[T],
    out: &mut Slots<T>,
    k: impl Fn(*const T, *const T, *mut T, usize) -> bool,
) -> bool {
    let n = out.len();
    assert!(a.len() == n && b.len() == n, "ties: operand lengths differ");
    let full = n - n % L;
    let mut ok = full == 0 || k(a.as_ptr(), b.as_ptr(), out.as_mut_ptr().cast(), full);
    if full < n {
        let (mut x, mut y, mut o) = ([T::default(); L], [T::default(); L], [T::default(); L]);
        x[..n - full].copy_from_slice(&a[full..]);
        y[..n - full].copy_from_slice(&b[full..]);
        ok &= k(x.as_ptr(), y.as_ptr(), o.as_mut_ptr(), L);
        for (s, &v) in out[full..].iter_mut().zip(&o) {
            s.write(v);
        }
    }
    ok
}

macro_rules! bin_entry {
    ($entry:ident, $t:ty, $lanes:literal, $k:ident, $ok:expr) => {
        /// The `%a` elementwise loop of `OP` (`+ − ×`), if this level serves
        /// it (`false`: run the portable loop, which rewrites every slot).
        pub fn $entry<const OP: u8>(a: &[$t], b: &[$t], out: &mut Slots<$t>) -> bool {
            if !(OP == ADD || OP == SUB || OP == MUL) || !available() {
                return false;
            }
            // SAFETY: `available()` checked the features; `blocks` passes whole vectors.
            blocks::<$t, $lanes>(a, b, out, |x, y, o, n| unsafe {
                #[allow(clippy::redundant_closure_call)]
                $ok($k::<OP>(x, y, o, n))
            })
        }
    };
}

bin_entry!(bin32, u32, 8, bin32_k, |()| true);
bin_entry!(bin16, u16, 8, bin16_k, |()| true);
bin_entry!(bin64, u64, 4, bin64_k, |ok| ok);

// ------------------------------------------------------- contraction

/// Rows of a register tile.
const MR: usize = 4;
/// Columns of a binary32 tile (two vectors of four binary64 lanes).
const NR32: usize = 8;
/// Columns of a binary64 tile (two vectors of four lanes).
const NR64: usize = 8;
/// Columns of a binary16 tile (two vectors of eight binary32 lanes).
const NR16: usize = 16;

/// The `MR × 8` binary32 tile: `c_ij = RA(c_ij + RA(a_ik·b_kj))` for `kk`
/// ascending, each cell in binary64 lanes on the binary32 grid.
///
/// # Safety
/// AVX2, FMA and F16C are present; `a` holds `MR·kc`, `b` `8·kc` elements,
/// `c` rows of 8 starting `ldc` apart.
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn micro32_k<const CHECKED: bool>(
    kc: usize,
    a: *const u32,
    b: *const u32,
    c: *mut u32,
    ldc: usize,
) {
    let mut acc = [[_mm256_setzero_pd(); 2]; MR];
    for (r, row) in acc.iter_mut().enumerate() {
        // SAFETY: row r of the tile holds 8 elements.
        let v = unsafe { _mm256_loadu_ps(c.add(r * ldc).cast()) };
        row[0] = _mm256_cvtps_pd(_mm256_castps256_ps128(v));
        row[1] = _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(v));
    }
    for kk in 0..kc {
        // SAFETY: step kk of each panel lies inside it.
        let (b0, b1, ak) = unsafe {
            let v = _mm256_loadu_ps(b.add(kk * NR32).cast());
            (
                _mm256_cvtps_pd(_mm256_castps256_ps128(v)),
                _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(v)),
                std::slice::from_raw_parts(a.add(kk * MR), MR),
            )
        };
        for (row, &x) in acc.iter_mut().zip(ak) {
            let x = _mm256_set1_pd(f64::from(f32::from_bits(x)));
            for (cell, bv) in row.iter_mut().zip([b0, b1]) {
                let p = step32::<MUL, CHECKED>(x, bv);
                let p = if CHECKED { sat64(p) } else { p };
                let s = step32::<ADD, false>(*cell, p);
                *cell = if CHECKED { sat64(s) } else { s };
            }
        }
    }
    for (r, row) in acc.iter().enumerate() {
        let v = _mm256_set_m128(_mm256_cvtpd_ps(row[1]), _mm256_cvtpd_ps(row[0]));
        // SAFETY: as for the load.
        unsafe { _mm256_storeu_ps(c.add(r * ldc).cast(), v) };
    }
}

/// The `MR × 16` binary16 tile, each cell in binary32 lanes on the binary16 grid.
///
/// # Safety
/// As [`micro32_k`], with `b` holding `16·kc` elements and rows of 16.
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn micro16_k<const CHECKED: bool>(
    kc: usize,
    a: *const u16,
    b: *const u16,
    c: *mut u16,
    ldc: usize,
) {
    let mut acc = [[_mm256_setzero_ps(); 2]; MR];
    for (r, row) in acc.iter_mut().enumerate() {
        // SAFETY: row r of the tile holds 16 elements.
        unsafe {
            row[0] = _mm256_cvtph_ps(_mm_loadu_si128(c.add(r * ldc).cast()));
            row[1] = _mm256_cvtph_ps(_mm_loadu_si128(c.add(r * ldc + 8).cast()));
        }
    }
    for kk in 0..kc {
        // SAFETY: step kk of each panel lies inside it.
        let (b0, b1, ak) = unsafe {
            (
                _mm256_cvtph_ps(_mm_loadu_si128(b.add(kk * NR16).cast())),
                _mm256_cvtph_ps(_mm_loadu_si128(b.add(kk * NR16 + 8).cast())),
                std::slice::from_raw_parts(a.add(kk * MR), MR),
            )
        };
        for (row, &x) in acc.iter_mut().zip(ak) {
            let x = _mm256_cvtph_ps(_mm_set1_epi16(x as i16));
            for (cell, bv) in row.iter_mut().zip([b0, b1]) {
                let p = step16::<MUL, CHECKED>(x, bv);
                let p = if CHECKED { sat32(p) } else { p };
                let s = step16::<ADD, false>(*cell, p);
                *cell = if CHECKED { sat32(s) } else { s };
            }
        }
    }
    for (r, row) in acc.iter().enumerate() {
        // SAFETY: as for the load.
        unsafe {
            _mm_storeu_si128(
                c.add(r * ldc).cast(),
                _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(row[0]),
            );
            _mm_storeu_si128(
                c.add(r * ldc + 8).cast(),
                _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(row[1]),
            );
        }
    }
}

macro_rules! micro_entry {
    ($name:ident, $kernel:ident, $t:ty, $nr:expr) => {
        fn $name<const CHECKED: bool>(kc: usize, a: &[$t], b: &[$t], c: &mut [$t], ldc: usize) {
            assert!(
                packed::tile_fits((MR, $nr), kc, [a, b, c], ldc),
                "ties: a micro-kernel's panels or tile are too small"
            );
            // SAFETY: the entry checked `available()` before the driver runs;
            // the lengths checked above are the kernel's contract.
            unsafe { $kernel::<CHECKED>(kc, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), ldc) }
        }
    };
}

micro_entry!(micro32, micro32_k, u32, NR32);
micro_entry!(micro16, micro16_k, u16, NR16);

/// The smallest `m·k·p` these contractions take: below it the portable
/// loop allocates nothing and costs little.
const PACKED_MIN: usize = 1 << 15;

/// Whether the contraction `c += a·b` (inner length `k`) of finite values
/// can neither form a nonzero product below `tiny` in magnitude nor pass
/// `max` in any partial sum, so that its cells need no subnormal rule and no
/// overflow check (`prec`: the format's precision). Every partial sum is at
/// most `(|c| + k·|a|·|b|)` in magnitude before rounding, and `k` products
/// and `k` sums each round up by a factor of at most `1 + 2^(1−prec)`.
fn tame<T: Copy>(
    k: usize,
    [a, b, c]: [&[T]; 3],
    wide: impl Fn(T) -> f64,
    [tiny, max]: [f64; 2],
    prec: i32,
) -> bool {
    // The least nonzero and the greatest magnitude (NaN once a NaN is seen).
    let span = |xs: &[T]| {
        xs.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), &v| {
            let m = wide(v).abs();
            let lo = if m != 0.0 && m < lo { m } else { lo };
            (lo, if m.is_nan() || m > hi { m } else { hi })
        })
    };
    let ((alo, ahi), (blo, bhi), (_, chi)) = (span(a), span(b), span(c));
    let steps = i32::try_from(2 * k + 2).unwrap_or(i32::MAX);
    let grow = (1.0 + f64::powi(2.0, 1 - prec)).powi(steps);
    alo * blo >= tiny && (chi + k as f64 * ahi * bhi) * grow < max
}

macro_rules! contract_entry {
    ($entry:ident, $t:ty, $nr:expr, $micro:ident, $canon:ident, $wide:expr, [$tiny:expr, $max:expr, $prec:expr]) => {
        /// The `%a` contraction `c += a·b` continuing from `c`, if this level
        /// serves it (large enough to be worth the panels).
        pub fn $entry(dims: Dims, a: &[$t], b: &[$t], c: &mut [$t]) -> bool {
            let (m, k, p) = dims;
            if !available() || m.saturating_mul(k).saturating_mul(p) < PACKED_MIN {
                return false;
            }
            let bl = Blocks {
                mr: MR,
                nr: $nr,
                kc: 256,
                mc: 64,
                nc: 512,
            };
            if tame(k, [a, b, &*c], $wide, [$tiny, $max], $prec) {
                packed::contract(bl, dims, a, b, c, $micro::<false>);
            } else {
                packed::contract(bl, dims, a, b, c, $micro::<true>);
            }
            for v in c.iter_mut() {
                *v = $canon(*v);
            }
            true
        }
    };
}

contract_entry!(
    contract32,
    u32,
    NR32,
    micro32,
    canon32,
    |v: u32| f64::from(f32::from_bits(v)),
    [p64(-126), f64::from(f32::MAX), 24]
);
contract_entry!(
    contract16,
    u16,
    NR16,
    micro16,
    canon16,
    super::half::widen,
    [p64(-14), 65504.0, 11]
);

/// The `MR × 8` binary64 tile: `c_ij = RA(c_ij + RA(a_ik·b_kj))` for `kk`
/// ascending, each rounding the hardware's nearest corrected by its exact
/// error (the FMA residual, TwoSum), which the caller ensured is exact.
///
/// # Safety
/// As [`micro32_k`].
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn micro64_k(kc: usize, a: *const u64, b: *const u64, c: *mut u64, ldc: usize) {
    let mut acc = [[_mm256_setzero_pd(); 2]; MR];
    for (r, row) in acc.iter_mut().enumerate() {
        // SAFETY: row r of the tile holds 8 elements.
        unsafe {
            row[0] = _mm256_loadu_pd(c.add(r * ldc).cast());
            row[1] = _mm256_loadu_pd(c.add(r * ldc + 4).cast());
        }
    }
    for kk in 0..kc {
        // SAFETY: step kk of each panel lies inside it.
        let (b0, b1, ak) = unsafe {
            (
                _mm256_loadu_pd(b.add(kk * NR64).cast()),
                _mm256_loadu_pd(b.add(kk * NR64 + 4).cast()),
                std::slice::from_raw_parts(a.add(kk * MR), MR),
            )
        };
        for (row, &x) in acc.iter_mut().zip(ak) {
            let x = _mm256_set1_pd(f64::from_bits(x));
            for (cell, bv) in row.iter_mut().zip([b0, b1]) {
                let p = _mm256_mul_pd(x, bv);
                let p = away_pd(p, _mm256_fmsub_pd(x, bv, p));
                let (s, e) = two_sum(*cell, p);
                *cell = away_pd(s, e);
            }
        }
    }
    for (r, row) in acc.iter().enumerate() {
        // SAFETY: as for the load.
        unsafe {
            _mm256_storeu_pd(c.add(r * ldc).cast(), row[0]);
            _mm256_storeu_pd(c.add(r * ldc + 4).cast(), row[1]);
        }
    }
}

/// The safe [`packed::Micro`] over [`micro64_k`].
fn micro64(kc: usize, a: &[u64], b: &[u64], c: &mut [u64], ldc: usize) {
    assert!(
        packed::tile_fits((MR, NR64), kc, [a, b, c], ldc),
        "ties: a micro-kernel's panels or tile are too small"
    );
    // SAFETY: `contract64` checked `available()` before the driver runs; the
    // lengths checked above are the kernel's contract.
    unsafe { micro64_k(kc, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), ldc) }
}

/// The `%a` contraction `c += a·b` at binary64 continuing from `c`, where
/// every error it forms is exact: no nonzero product below `2^−968` (the
/// FMA residual's range) and no partial sum near overflow (TwoSum's);
/// `false` otherwise, and for small shapes (the portable loop runs).
pub fn contract64(dims: Dims, a: &[u64], b: &[u64], c: &mut [u64]) -> bool {
    let (m, k, p) = dims;
    if !available()
        || m.saturating_mul(k).saturating_mul(p) < PACKED_MIN
        || !tame(
            k,
            [a, b, &*c],
            f64::from_bits,
            [p64(-968), f64::MAX / 4.0],
            53,
        )
    {
        return false;
    }
    let bl = Blocks {
        mr: MR,
        nr: NR64,
        kc: 256,
        mc: 64,
        nc: 256,
    };
    packed::contract(bl, dims, a, b, c, micro64);
    for v in c.iter_mut() {
        *v = canon64(*v);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ieee::{canon, Width};
    use crate::op::Op;
    use softcore::Round;

    /// A 64-bit linear congruential generator's high bits.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            self.0 >> 11
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// Bits of a value of a format with `e` exponent and `f` fraction bits:
    /// exponents within `span` of the bias (subnormals, zeros, ∞ and NaNs
    /// mixed in), fractions often short so that sums and products tie.
    fn value(rng: &mut Rng, (e, f): (u32, u32), span: u64) -> u64 {
        let bias = (1u64 << (e - 1)) - 1;
        let top = (1u64 << e) - 1;
        let sign = rng.below(2) << (e + f);
        let exp = match rng.below(40) {
            0 => 0,
            1 => top,
            2 => 1,
            3 => top - 1,
            _ => (bias + rng.below(2 * span + 1))
                .saturating_sub(span)
                .clamp(1, top - 1),
        };
        let keep = rng.below(u64::from(f) + 1);
        let frac = (rng.next() & ((1 << f) - 1)) >> keep << keep;
        let frac = if exp == top && rng.below(2) == 0 {
            0
        } else {
            frac
        };
        sign | exp << f | frac
    }

    fn soft(w: Width, op: Op, a: u64, b: u64) -> u64 {
        canon(w, op.reference(w, Round::A, a.into(), b.into())) as u64
    }

    /// An elementwise entry of this module.
    type Loop<T> = fn(&[T], &[T], &mut Slots<T>) -> bool;

    fn elementwise<T: Copy + Default + Into<u64>>(
        w: Width,
        shape: (u32, u32),
        of: impl Fn(u64) -> T,
        run: [Loop<T>; 3],
    ) {
        let mut rng = Rng(w as u64 + 7);
        for span in [3, 12, 40, 1000] {
            let n = 1003;
            let a: Vec<T> = (0..n).map(|_| of(value(&mut rng, shape, span))).collect();
            let b: Vec<T> = (0..n).map(|_| of(value(&mut rng, shape, span))).collect();
            for (op, run) in [Op::Add, Op::Sub, Op::Mul].into_iter().zip(run) {
                let mut out = vec![T::default(); n];
                if !run(&a, &b, crate::fresh::slots(&mut out)) {
                    // Only binary64 declines, and only for inexact errors.
                    assert_eq!(w, Width::D, "{w:?} {op:?} declined");
                    continue;
                }
                for i in 0..n {
                    let (x, y) = (a[i].into(), b[i].into());
                    assert_eq!(
                        out[i].into(),
                        soft(w, op, x, y),
                        "{w:?} {op:?} {x:#x} {y:#x}"
                    );
                }
            }
        }
    }

    #[test]
    fn elementwise_sums_differences_and_products_are_softfloats() {
        if !available() {
            eprintln!("ties: this CPU lacks AVX2, FMA or F16C; nothing to run");
            return;
        }
        elementwise::<u16>(
            Width::H,
            (5, 10),
            |v| v as u16,
            [bin16::<ADD>, bin16::<SUB>, bin16::<MUL>],
        );
        elementwise::<u32>(
            Width::S,
            (8, 23),
            |v| v as u32,
            [bin32::<ADD>, bin32::<SUB>, bin32::<MUL>],
        );
        elementwise::<u64>(
            Width::D,
            (11, 52),
            |v| v,
            [bin64::<ADD>, bin64::<SUB>, bin64::<MUL>],
        );
    }

    #[test]
    fn binary64_ties_among_tiny_normals_and_subnormals() {
        if !available() {
            eprintln!("ties: this CPU lacks AVX2, FMA or F16C; nothing to run");
            return;
        }
        // Sums whose exact value needs the bit below a tiny normal's unit:
        // the tie rule must hold below 2^−969 too.
        let rows: [(u64, u64); 3] = [
            (0x8036_0000_0000_0000, 0x000b_c559_b077_2836),
            (0x0035_3812_156c_2328, 0x0001_1a84_9bb0_4fba),
            (0x0033_b5a0_ebf7_d8e0, 0x0036_868f_4bd2_bd49),
        ];
        for (a, b) in rows {
            let mut out = [0u64; 4];
            assert!(bin64::<ADD>(
                &[a; 4],
                &[b; 4],
                crate::fresh::slots(&mut out)
            ));
            assert_eq!(out, [soft(Width::D, Op::Add, a, b); 4], "{a:#x} + {b:#x}");
        }
    }

    #[test]
    fn binary64_declines_products_whose_error_is_not_exact() {
        if !available() {
            eprintln!("ties: this CPU lacks AVX2, FMA or F16C; nothing to run");
            return;
        }
        let tiny = (2.0f64.powi(-500)).to_bits();
        let mut out = [0u64; 4];
        assert!(!bin64::<MUL>(
            &[tiny; 4],
            &[tiny; 4],
            crate::fresh::slots(&mut out)
        ));
        assert!(bin64::<MUL>(
            &[tiny; 4],
            &[0; 4],
            crate::fresh::slots(&mut out)
        ));
        assert_eq!(out, [0; 4]);
    }

    fn contraction<T: Copy + Default + Into<u64>>(
        w: Width,
        shape: (u32, u32),
        of: impl Fn(u64) -> T,
        run: fn(Dims, &[T], &[T], &mut [T]) -> bool,
    ) {
        let mut rng = Rng(w as u64 + 99);
        // Tame operands (the unchecked kernel), then wide ones: tiny
        // products, overflowing sums, ∞ and NaN (the checked kernel).
        for (trial, span) in [3, 3, 12, 40].into_iter().enumerate() {
            let (m, k, p) = [(37, 33, 29), (64, 40, 40), (9, 300, 13), (40, 40, 41)][trial];
            let a: Vec<T> = (0..m * k)
                .map(|_| of(value(&mut rng, shape, span)))
                .collect();
            let b: Vec<T> = (0..k * p)
                .map(|_| of(value(&mut rng, shape, span)))
                .collect();
            let (a, b): (Vec<T>, Vec<T>) = if span == 3 {
                // Normal values within 2^±3 only.
                let fix =
                    |v: &T| {
                        let x: u64 = (*v).into();
                        let e = (x >> shape.1) & ((1 << shape.0) - 1);
                        if e.abs_diff((1 << (shape.0 - 1)) - 1) > 3 {
                            of(x & (1 << (shape.0 + shape.1))
                                | (((1 << (shape.0 - 1)) - 1) << shape.1))
                        } else {
                            *v
                        }
                    };
                (a.iter().map(fix).collect(), b.iter().map(fix).collect())
            } else {
                (a, b)
            };
            let c0: Vec<T> = (0..m * p)
                .map(|i| of(if trial == 1 { 0 } else { a[i % a.len()].into() }))
                .collect();
            let mut c = c0.clone();
            if !run((m, k, p), &a, &b, &mut c) {
                // Only binary64 declines, and only operands whose errors may be inexact.
                assert!(w == Width::D && span > 3, "{w:?} trial {trial} declined");
                continue;
            }
            for i in 0..m {
                for j in 0..p {
                    let mut acc: u64 = c0[i * p + j].into();
                    for kk in 0..k {
                        let prod = soft(w, Op::Mul, a[i * k + kk].into(), b[kk * p + j].into());
                        acc = soft(w, Op::Add, acc, prod);
                    }
                    assert_eq!(
                        c[i * p + j].into(),
                        acc,
                        "{w:?} trial {trial} cell ({i},{j})"
                    );
                }
            }
        }
    }

    #[test]
    fn contraction_cells_are_softfloats_left_fold() {
        if !available() {
            eprintln!("ties: this CPU lacks AVX2, FMA or F16C; nothing to run");
            return;
        }
        contraction::<u16>(Width::H, (5, 10), |v| v as u16, contract16);
        contraction::<u32>(Width::S, (8, 23), |v| v as u32, contract32);
        contraction::<u64>(Width::D, (11, 52), |v| v, contract64);
    }
}
