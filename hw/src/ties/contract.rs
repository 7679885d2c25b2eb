//! The `%a` contraction: register-tiled micro-kernels under the packed
//! driver at binary16/32 (a checked kernel where products may be tiny or
//! saturate) and binary64 for operands that cannot leave the exact error's range.

use super::*;

/// Rows of a register tile.
const MR: usize = 4;
/// Columns of a binary32 tile (two vectors of four binary64 lanes).
const NR32: usize = <Tile32 as Tile<u32>>::NR;
/// Columns of a binary64 tile (two vectors of four lanes).
const NR64: usize = <Tile64 as Tile<u64>>::NR;
/// Columns of a binary16 tile (two vectors of eight binary32 lanes).
const NR16: usize = <Tile16 as Tile<u16>>::NR;

/// A tile format of the contraction: how a row of the `MR × NR` tile of
/// `T` elements sits in two vectors of lanes `V` (on the format's grid), and
/// the `%a` cell update on them, `c = RA(c + RA(x·b))`, with the kernel's
/// flag `FLAG` ([`Tile32`] and [`Tile16`]: products may be tiny or
/// saturate; [`Tile64`]: no product is a midpoint).
trait Tile<T> {
    /// A vector of lanes.
    type V: Lanes;
    /// The tile's columns, two vectors.
    const NR: usize = 2 * <Self::V as Lanes>::LANES;
    /// A row's two vectors from the `NR` elements at `p`.
    ///
    /// # Safety
    /// AVX2, FMA and F16C are present; `p` holds `NR` elements.
    unsafe fn load(p: *const T) -> [Self::V; 2];
    /// A row's two vectors written back as the `NR` elements at `p`.
    ///
    /// # Safety
    /// As [`Tile::load`].
    unsafe fn store(row: [Self::V; 2], p: *mut T);
    /// Every lane the element `x`.
    fn splat(x: T) -> Self::V;
    /// The cell update `c = RA(c + RA(x·b))`: by default the narrow
    /// format's rule ([`narrow_cell`], `FLAG`: checked).
    #[inline(always)]
    fn cell<const FLAG: bool>(c: Self::V, x: Self::V, b: Self::V) -> Self::V {
        narrow_cell::<Self::V, FLAG>(c, x, b)
    }
}

/// The `MR × 8` binary32 tile, each cell in binary64 lanes on the binary32 grid.
struct Tile32;

// SAFETY (the intrinsics of the three tiles): their functions are inlined
// only into `micro_k`, compiled for AVX2, FMA and F16C.
impl Tile<u32> for Tile32 {
    type V = __m256d;
    #[inline(always)]
    unsafe fn load(p: *const u32) -> [__m256d; 2] {
        // SAFETY: `p` holds 8 elements.
        let v = unsafe { _mm256_loadu_ps(p.cast()) };
        // SAFETY: as above.
        unsafe {
            [
                _mm256_cvtps_pd(_mm256_castps256_ps128(v)),
                _mm256_cvtps_pd(_mm256_extractf128_ps::<1>(v)),
            ]
        }
    }
    #[inline(always)]
    unsafe fn store(row: [__m256d; 2], p: *mut u32) {
        // SAFETY: `p` holds 8 elements.
        unsafe {
            let v = _mm256_set_m128(_mm256_cvtpd_ps(row[1]), _mm256_cvtpd_ps(row[0]));
            _mm256_storeu_ps(p.cast(), v);
        }
    }
    #[inline(always)]
    fn splat(x: u32) -> __m256d {
        // SAFETY: as for the tiles.
        unsafe { _mm256_set1_pd(f64::from(f32::from_bits(x))) }
    }
}

/// The `MR × 16` binary16 tile, each cell in binary32 lanes on the binary16 grid.
struct Tile16;

impl Tile<u16> for Tile16 {
    type V = __m256;
    #[inline(always)]
    unsafe fn load(p: *const u16) -> [__m256; 2] {
        // SAFETY: `p` holds 16 elements.
        unsafe {
            [
                _mm256_cvtph_ps(_mm_loadu_si128(p.cast())),
                _mm256_cvtph_ps(_mm_loadu_si128(p.add(8).cast())),
            ]
        }
    }
    #[inline(always)]
    unsafe fn store(row: [__m256; 2], p: *mut u16) {
        for (h, v) in row.into_iter().enumerate() {
            // SAFETY: `p` holds 16 elements.
            unsafe {
                let v = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v);
                _mm_storeu_si128(p.add(8 * h).cast(), v);
            }
        }
    }
    #[inline(always)]
    fn splat(x: u16) -> __m256 {
        // SAFETY: as for the tiles.
        unsafe { _mm256_cvtph_ps(_mm_set1_epi16(x as i16)) }
    }
}

/// The `MR × 8` binary64 tile: each rounding the hardware's nearest
/// corrected by its exact error (the FMA residual, TwoSum), which the caller
/// ensured is exact; the products uncorrected when `TIE_FREE` (no product is
/// a midpoint: [`products_tie_free`]).
struct Tile64;

impl Tile<u64> for Tile64 {
    type V = __m256d;
    #[inline(always)]
    unsafe fn load(p: *const u64) -> [__m256d; 2] {
        // SAFETY: `p` holds 8 elements.
        unsafe { [_mm256_loadu_pd(p.cast()), _mm256_loadu_pd(p.add(4).cast())] }
    }
    #[inline(always)]
    unsafe fn store(row: [__m256d; 2], p: *mut u64) {
        // SAFETY: `p` holds 8 elements.
        unsafe {
            _mm256_storeu_pd(p.cast(), row[0]);
            _mm256_storeu_pd(p.add(4).cast(), row[1]);
        }
    }
    #[inline(always)]
    fn splat(x: u64) -> __m256d {
        // SAFETY: as for the tiles.
        unsafe { _mm256_set1_pd(f64::from_bits(x)) }
    }
    #[inline(always)]
    fn cell<const TIE_FREE: bool>(c: __m256d, x: __m256d, b: __m256d) -> __m256d {
        // SAFETY: as for the tiles.
        let p = unsafe { _mm256_mul_pd(x, b) };
        let p = if TIE_FREE {
            p
        } else {
            // SAFETY: as for the tiles.
            away(p, unsafe { _mm256_fmsub_pd(x, b, p) })
        };
        let (s, e) = two_sum(c, p);
        away(s, e)
    }
}

/// The `MR × NR` tile of format `K`: `c_ij = RA(c_ij + RA(a_ik·b_kj))` for
/// `kk` ascending ([`Tile::cell`]), each cell in `K`'s lanes.
///
/// # Safety
/// AVX2, FMA and F16C are present; `a` holds `MR·kc`, `b` `NR·kc` elements,
/// `c` rows of `NR` starting `ldc` apart.
#[target_feature(enable = "avx2,fma,f16c")]
unsafe fn micro_k<T: Copy, K: Tile<T>, const FLAG: bool>(
    kc: usize,
    a: *const T,
    b: *const T,
    c: *mut T,
    ldc: usize,
) {
    // SAFETY: row r of the tile holds NR elements.
    let mut acc: [[K::V; 2]; MR] = std::array::from_fn(|r| unsafe { K::load(c.add(r * ldc)) });
    for kk in 0..kc {
        // SAFETY: step kk of each panel lies inside it.
        let (bv, ak) = unsafe {
            (
                K::load(b.add(kk * K::NR)),
                std::slice::from_raw_parts(a.add(kk * MR), MR),
            )
        };
        for (row, &x) in acc.iter_mut().zip(ak) {
            let x = K::splat(x);
            for (cell, bv) in row.iter_mut().zip(bv) {
                *cell = K::cell::<FLAG>(*cell, x, bv);
            }
        }
    }
    for (r, row) in acc.into_iter().enumerate() {
        // SAFETY: as for the load.
        unsafe { K::store(row, c.add(r * ldc)) };
    }
}

/// The safe [`packed::Micro`] over [`micro_k`] of format `K`.
fn micro<T: Copy, K: Tile<T>, const FLAG: bool>(
    kc: usize,
    a: &[T],
    b: &[T],
    c: &mut [T],
    ldc: usize,
) {
    assert!(
        packed::tile_fits((MR, K::NR), kc, [a, b, c], ldc),
        "ties: a micro-kernel's panels or tile are too small"
    );
    // SAFETY: the entry checked `available()` before the driver runs;
    // the lengths checked above are the kernel's contract.
    unsafe { micro_k::<T, K, FLAG>(kc, a.as_ptr(), b.as_ptr(), c.as_mut_ptr(), ldc) }
}

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
    ($entry:ident, $t:ty, $nr:expr, $least:expr, $tile:ident, $canon:ident, $wide:expr, [$tiny:expr, $max:expr, $prec:expr]) => {
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
                packed::contract(bl, dims, a, b, c, micro::<$t, $tile, false>);
            } else {
                packed::contract(bl, dims, a, b, c, micro::<$t, $tile, true>);
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
    Tile32,
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
    Tile16,
    canon16,
    crate::half::widen,
    [p64(-14), 65504.0, 11]
);

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
        packed::contract(bl, dims, a, b, c, micro::<u64, Tile64, true>);
    } else {
        packed::contract(bl, dims, a, b, c, micro::<u64, Tile64, false>);
    }
    for v in c.iter_mut() {
        *v = canon64(*v);
    }
    true
}
