//! How many of a chunk of addends [`super::grid`] takes in its region: each
//! addend's amount on the region's axis, the partial sums `A + q_0 + … + q_j`,
//! and the first of them that leaves the region's bounds.
//!
//! An addend `p` is `x = p·σ·2^(24−K)` grid units on the axis (exact in
//! binary32: eleven significant bits, exponents within ±60), and its amount
//! is `q = ρ(x)` by the region's [`Dir`]. The step stays in the region when
//! `lo ≤ A + q ≤ 2047` (`lo_in` for `x < 0`, a step toward zero), and at a
//! `%n` tie (`|x − q| = ½`) never: the tie's way depends on the parity the
//! walk reaches, which [`super::grid`]'s step at the exit decides. Every
//! amount of a step that stays has `|q| ≤ 2·2047`, so every partial sum up
//! to the first exit is an exact integer in binary32; a NaN or infinite
//! addend, or one that leaves by far, makes its own partial sum fail the
//! bounds (the comparisons are false for NaN and are negated).
//!
//! The partial sums are taken from zero (`L_j = q_0 + … + q_j`, no
//! dependence on `A`) and compared with `2047 − A` and `lo − A`, so that a
//! run of chunks that all stay has one integer addition per chunk on its
//! critical path. With AVX2 and F16C, eight lanes at a time: the widening
//! is `vcvtph2ps`, the rounding `vroundps`, the partial sums a logarithmic
//! scan; elsewhere a loop of the same arithmetic, the rounding to an
//! integer by truncation and one correction (no C library call).
//!
//! For a dot product the addends are the products `x_i·y_i` rounded in the
//! fold's mode: in the lanes, the exact binary32 product of the widened
//! factors (22 significant bits) narrowed by `vcvtps2ph` in that direction,
//! the conversion the AVX-512 loops round binary16 products with; in the
//! loop, the loops' binary16 product.
#![allow(unsafe_code)]

use super::half;
#[cfg(target_arch = "x86_64")]
use super::mode::{D, N, U, Z};
use super::region::{Addends, Dir, Region, HI};

/// Addends taken together.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const CHUNK: usize = 16;

/// The number `t` of leading addends of `xs` whose partial sums from `a`
/// all stay in `reg`, and the sum they reach (`a` when `t = 0`), in mode
/// `M`. `V`: the caller is compiled for AVX2 and F16C and runs where the CPU
/// has them.
#[inline(always)]
pub(super) fn taken<const V: bool, const M: u8>(reg: &Region, a: i32, xs: Addends) -> (usize, i32) {
    #[cfg(target_arch = "x86_64")]
    if V {
        macro_rules! by_dir {
            ($prod:literal, $ys:expr) => {
                match reg.dir {
                    Dir::Floor => taken_avx2::<FLOOR, false, false, M, $prod>(reg, a, xs.x, $ys),
                    Dir::Ceil => taken_avx2::<CEIL, false, false, M, $prod>(reg, a, xs.x, $ys),
                    Dir::HalfUp => taken_avx2::<FLOOR, true, false, M, $prod>(reg, a, xs.x, $ys),
                    Dir::Even => taken_avx2::<NEAREST, false, true, M, $prod>(reg, a, xs.x, $ys),
                }
            };
        }
        // SAFETY: `V` is true only in a caller compiled for AVX2 and F16C,
        // which runs after the CPU was found to have them (`grid::sum16_run`).
        return unsafe {
            match xs.y {
                Some(y) => by_dir!(true, y),
                None => by_dir!(false, xs.x),
            }
        };
    }
    let (hi, lo, lo_in) = ((HI - a) as f32, (reg.lo - a) as f32, (reg.lo_in - a) as f32);
    let mut sum = 0.0f32;
    for j in 0..xs.x.len() {
        let p = xs.at::<M>(j);
        let x = half::widen(p) as f32 * reg.scale;
        let q = round(reg.dir, x);
        let tie = reg.dir == Dir::Even && (x - q).abs() == 0.5;
        let low = if x.is_sign_negative() { lo_in } else { lo };
        let b = sum + q;
        // Negated so that a NaN leaves; beyond 2^24 the rounding is not exact, and the step leaves.
        if !(b <= hi && b >= low && x.abs() < 16_777_216.0) || tie {
            return (j, a + sum as i32);
        }
        sum = b;
    }
    (xs.x.len(), a + sum as i32)
}

/// `x` (`|x| < 2^24`) rounded to an integer by `dir` (`Even`: to nearest,
/// a tie either way), from its truncation.
#[inline(always)]
fn round(dir: Dir, x: f32) -> f32 {
    let floor = |x: f32| {
        let t = x as i32 as f32;
        if t > x {
            t - 1.0
        } else {
            t
        }
    };
    match dir {
        Dir::Floor => floor(x),
        Dir::Ceil => -floor(-x),
        Dir::HalfUp | Dir::Even => floor(x + 0.5),
    }
}

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

#[cfg(target_arch = "x86_64")]
const FLOOR: i32 = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
#[cfg(target_arch = "x86_64")]
const CEIL: i32 = _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC;
#[cfg(target_arch = "x86_64")]
const NEAREST: i32 = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

/// [`taken`] in AVX2 lanes: rounding `R` (of `x + ½` when `HALF`), `%n`'s
/// ties stopping when `TIES`, the addends the products of `ps` and `ys` in
/// mode `M` when `PROD` (else `ps`, and `ys` unread; `ys` as long as `ps`).
/// [`CHUNK`] addends at a time (the last chunk through a padded copy); `A`
/// rides in a vector, so that a chunk that stays costs its successor one
/// addition.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,f16c")]
fn taken_avx2<const R: i32, const HALF: bool, const TIES: bool, const M: u8, const PROD: bool>(
    reg: &Region,
    a: i32,
    ps: &[u16],
    ys: &[u16],
) -> (usize, i32) {
    let scale = _mm256_set1_ps(reg.scale);
    let hi = _mm256_set1_ps(HI as f32);
    let (lo, lo_in) = (
        _mm256_set1_ps(reg.lo as f32),
        _mm256_set1_ps(reg.lo_in as f32),
    );
    let (half, stop) = (_mm256_set1_ps(0.5), _mm256_set1_ps(f32::INFINITY));
    let last = _mm256_set1_epi32(7);
    let mut base = _mm256_set1_ps(a as f32);
    let mut sums = [0f32; CHUNK];
    let (mut pad, mut pad_y) = ([0u16; CHUNK], [0u16; CHUNK]);
    let mut i = 0;
    while i < ps.len() {
        let n = CHUNK.min(ps.len() - i);
        let (chunk, chunk_y): (&[u16; CHUNK], &[u16; CHUNK]) =
            match (ps[i..].first_chunk(), ys[i..].first_chunk()) {
                (Some(c), Some(d)) => (c, d),
                _ => {
                    pad[..n].copy_from_slice(&ps[i..]);
                    pad_y[..n].copy_from_slice(&ys[i..]);
                    (&pad, &pad_y)
                }
            };
        // Each eight lanes' partial sums from zero, and their totals.
        let mut local = [_mm256_setzero_ps(); CHUNK / 8];
        let mut lows = [lo; CHUNK / 8];
        for (v, (l, lw)) in local.iter_mut().zip(lows.iter_mut()).enumerate() {
            // SAFETY: the loads address eight elements inside the chunks.
            let x = unsafe { _mm256_cvtph_ps(_mm_loadu_si128(chunk.as_ptr().add(8 * v).cast())) };
            let x = if PROD {
                // The exact product in binary32 (22 bits), rounded to binary16 in mode `M`.
                let y =
                    unsafe { _mm256_cvtph_ps(_mm_loadu_si128(chunk_y.as_ptr().add(8 * v).cast())) };
                _mm256_cvtph_ps(narrow::<M>(_mm256_mul_ps(x, y)))
            } else {
                x
            };
            let x = _mm256_mul_ps(x, scale);
            let q = _mm256_round_ps::<R>(if HALF { _mm256_add_ps(x, half) } else { x });
            // By the sign bit of `x`: a step toward zero (or a zero of the other sign).
            *lw = _mm256_blendv_ps(lo, lo_in, x);
            if TIES {
                let gap = _mm256_andnot_ps(_mm256_set1_ps(-0.0), _mm256_sub_ps(x, q));
                *lw = _mm256_blendv_ps(*lw, stop, _mm256_cmp_ps::<_CMP_EQ_OQ>(gap, half));
            }
            let s = _mm256_add_ps(q, shift_ps::<4>(q));
            let s = _mm256_add_ps(s, shift_ps::<8>(s));
            let low_half = _mm256_permute2f128_ps::<0x08>(s, s);
            *l = _mm256_add_ps(s, _mm256_permute_ps::<0xff>(low_half));
        }
        // Offsets of the groups from `A`: the totals' partial sums, off the chain through `A`.
        let mut offset = [_mm256_setzero_ps(); CHUNK / 8 + 1];
        for v in 0..CHUNK / 8 {
            offset[v + 1] = _mm256_add_ps(offset[v], _mm256_permutevar8x32_ps(local[v], last));
        }
        // Lanes past the addends (the padded copy's) count as leaving.
        let mut out: u64 = (!0u64 << n) & ((1 << CHUNK) - 1);
        for v in 0..CHUNK / 8 {
            let s = _mm256_add_ps(_mm256_add_ps(local[v], offset[v]), base);
            // SAFETY: the store addresses eight elements inside `sums`.
            unsafe { _mm256_storeu_ps(sums.as_mut_ptr().add(8 * v), s) };
            let bad = _mm256_or_ps(
                _mm256_cmp_ps::<_CMP_NLE_UQ>(s, hi),
                _mm256_cmp_ps::<_CMP_NGE_UQ>(s, lows[v]),
            );
            out |= u64::from(_mm256_movemask_ps(bad) as u8) << (8 * v);
        }
        if out != 0 {
            let t = out.trailing_zeros() as usize;
            let reached = if t == 0 {
                _mm256_cvtss_f32(base)
            } else {
                sums[t - 1]
            };
            return (i + t, reached as i32);
        }
        base = _mm256_add_ps(base, offset[CHUNK / 8]);
        i += CHUNK;
    }
    (ps.len(), _mm256_cvtss_f32(base) as i32)
}

/// The eight binary32 lanes of `x` rounded to binary16 in mode `M` (not `%a`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn narrow<const M: u8>(x: __m256) -> __m128i {
    // SAFETY: F16C in every caller (`taken_avx2`'s target features); no memory.
    unsafe {
        match M {
            N => _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(x),
            U => _mm256_cvtps_ph::<_MM_FROUND_TO_POS_INF>(x),
            D => _mm256_cvtps_ph::<_MM_FROUND_TO_NEG_INF>(x),
            Z => _mm256_cvtps_ph::<_MM_FROUND_TO_ZERO>(x),
            _ => unreachable!("%a has no conversion that rounds in it"),
        }
    }
}

/// The eight lanes of `x` moved up by `B` bytes within each 128-bit half, zeros shifted in.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn shift_ps<const B: i32>(x: __m256) -> __m256 {
    // SAFETY: AVX2 in every caller (`taken_avx2`'s target features); no memory.
    unsafe { _mm256_castsi256_ps(_mm256_slli_si256::<B>(_mm256_castps_si256(x))) }
}
