//! The `%a` elementwise loops: `+ − ×` over whole vectors at binary16/32/64,
//! the tail through a padded stack buffer.

use super::*;

/// Binary32 `RA(x OP z)` for eight binary32 lanes, through binary64 lanes.
#[inline(always)]
fn via64<const OP: u8>(x: __m256, z: __m256) -> __m256 {
    // SAFETY: as in `cut64`.
    unsafe {
        let lo = step::<__m256d, OP, true>(
            _mm256_cvtps_pd(_mm256_castps256_ps128(x)),
            _mm256_cvtps_pd(_mm256_castps256_ps128(z)),
        );
        let hi = step::<__m256d, OP, true>(
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
        away(p, _mm256_fmsub_ps(x, z, p))
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
        let r = canon_ps(step::<__m256, OP, true>(x, z));
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
        let r = away(s, e);
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
