//! The `%a` contraction: register-tiled micro-kernels under the packed
//! driver at binary16/32 (a checked kernel where products may be tiny or
//! saturate) and binary64 for operands that cannot leave the exact error's range.

use super::*;

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
    ($entry:ident, $t:ty, $nr:expr, $least:expr, $micro:ident, $canon:ident, $wide:expr, [$tiny:expr, $max:expr, $prec:expr]) => {
        /// The `%a` contraction `c += a·b` continuing from `c`, if this level
        /// serves it (large enough to be worth the panels).
        pub fn $entry(dims: Dims, a: &[$t], b: &[$t], c: &mut [$t]) -> bool {
            if !available() || !packed::enough(dims, $least) {
                return false;
            }
            let bl = Blocks {
                mr: MR,
                nr: $nr,
                kc: 256,
                mc: 64,
                nc: 512,
            };
            if tame(dims.1, [a, b, &*c], $wide, [$tiny, $max], $prec) {
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
    (MR, NR32),
    micro32,
    canon32,
    |v: u32| f64::from(f32::from_bits(v)),
    [p64(-126), f64::from(f32::MAX), 24]
);
contract_entry!(
    contract16,
    u16,
    NR16,
    // Any shape: a tile one quarter full (`?gemv`, one row) still runs
    // in half the time of binary16's portable `%a` loop.
    (1, 1),
    micro16,
    canon16,
    crate::half::widen,
    [p64(-14), 65504.0, 11]
);

/// The `MR × 8` binary64 tile: `c_ij = RA(c_ij + RA(a_ik·b_kj))` for `kk`
/// ascending, each rounding the hardware's nearest corrected by its exact
/// error (the FMA residual, TwoSum), which the caller ensured is exact; the
/// products uncorrected when `TIE_FREE` (no product is a midpoint:
/// [`products_tie_free`]).
///
/// # Safety
/// As [`micro32_k`].
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn micro64_k<const TIE_FREE: bool>(
    kc: usize,
    a: *const u64,
    b: *const u64,
    c: *mut u64,
    ldc: usize,
) {
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
                let p = if TIE_FREE {
                    p
                } else {
                    away_pd(p, _mm256_fmsub_pd(x, bv, p))
                };
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

/// The least and the greatest number of significant bits (from the leading
/// one to the trailing one of the significand) among the nonzero finite
/// binary64 values `xs`; `(u32::MAX, 0)` when there is none.
fn sig_span(xs: &[u64]) -> (u32, u32) {
    xs.iter().fold((u32::MAX, 0), |(lo, hi), &x| {
        let (exp, frac) = ((x >> 52) & 0x7ff, x & ((1 << 52) - 1));
        if exp == 0x7ff || (exp == 0 && frac == 0) {
            return (lo, hi);
        }
        let m = if exp == 0 { frac } else { frac | 1 << 52 };
        let s = 64 - m.leading_zeros() - m.trailing_zeros();
        (lo.min(s), hi.max(s))
    })
}

/// Whether no product of an element of `a` and one of `b` (nonzero, finite,
/// in range) is a binary64 midpoint, so that `%a` rounds every product as
/// `%n` does. Factors with `s_a` and `s_b` significant bits have a product
/// of `s_a + s_b − 1` or `s_a + s_b` significant bits (odd times odd is
/// odd), and a midpoint has exactly 54: none when every pair has
/// `s_a + s_b ≥ 56` (more bits) or `s_a + s_b ≤ 53` (the product is exact).
pub(super) fn products_tie_free(a: &[u64], b: &[u64]) -> bool {
    let ((alo, ahi), (blo, bhi)) = (sig_span(a), sig_span(b));
    alo.saturating_add(blo) >= 56 || ahi + bhi <= 53
}

/// The safe [`packed::Micro`] over [`micro64_k`], `TIE_FREE` when
/// [`products_tie_free`] holds for the whole contraction.
fn micro64<const TIE_FREE: bool>(kc: usize, a: &[u64], b: &[u64], c: &mut [u64], ldc: usize) {
    assert!(
        packed::tile_fits((MR, NR64), kc, [a, b, c], ldc),
        "ties: a micro-kernel's panels or tile are too small"
    );
    // SAFETY: `contract64` checked `available()` before the driver runs; the
    // lengths checked above are the kernel's contract.
    unsafe { micro64_k::<TIE_FREE>(kc, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), ldc) }
}

/// The `%a` contraction `c += a·b` at binary64 continuing from `c`, where
/// every error it forms is exact: no nonzero product below `2^−968` (the
/// FMA residual's range) and no partial sum near overflow (TwoSum's);
/// `false` otherwise, and for small shapes (the portable loop runs).
pub fn contract64(dims: Dims, a: &[u64], b: &[u64], c: &mut [u64]) -> bool {
    let (m, k, p) = dims;
    if !available()
        || !packed::enough(dims, (MR, NR64))
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
    if products_tie_free(&a[..m * k], &b[..k * p]) {
        packed::contract(bl, dims, a, b, c, micro64::<true>);
    } else {
        packed::contract(bl, dims, a, b, c, micro64::<false>);
    }
    for v in c.iter_mut() {
        *v = canon64(*v);
    }
    true
}
