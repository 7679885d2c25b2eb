//! The AVX-512 contractions: `c += a·b` in `+mmul`'s order with embedded
//! rounding, by rows of `a` against blocks of `b`'s columns
//! ([`contract_blocks`]) or, when large, packed for the caches
//! ([`crate::packed`]) with an 8-row register tile. The module invariant of
//! [`super`] holds here: every caller of the `#[inline(always)]` helpers is a
//! `#[target_feature(enable = "avx512f,f16c")]` function of this module.

use super::*;

/// The vector operations of a contraction over `L`-lane vectors `V` of `T`:
/// `splat` repeats an element, `load` reads the first `L` elements of a
/// slice, `store` writes them, `step(acc, x, y)` is `acc + x·y` with the
/// product and the sum each rounded.
struct VecOps<S, Ld, St, Sp> {
    splat: S,
    load: Ld,
    store: St,
    step: Sp,
}

/// One block of [`contract_blocks`]: `out` (`Q = 4·L` lanes) `+= arow·B`, `B`
/// the `Q` columns at the start of `bs` at row stride `stride`, `k`
/// innermost with the four vectors' accumulators in registers. Inlined into
/// the `#[target_feature]` caller, so that `ops`' intrinsics inline too.
#[inline(always)]
fn block<T: Copy, V: Copy, const L: usize, const Q: usize>(
    ops: &VecOps<impl Fn(T) -> V, impl Fn(&[T]) -> V, impl Fn(V, &mut [T]), impl Fn(V, V, V) -> V>,
    arow: &[T],
    (bs, stride): (&[T], usize),
    out: &mut [T],
) {
    let (o0, o1, o2, o3) = (
        &out[..L],
        &out[L..2 * L],
        &out[2 * L..3 * L],
        &out[3 * L..Q],
    );
    let mut acc = [
        (ops.load)(o0),
        (ops.load)(o1),
        (ops.load)(o2),
        (ops.load)(o3),
    ];
    for (kk, &x) in arow.iter().enumerate() {
        let (x, brow) = ((ops.splat)(x), &bs[kk * stride..kk * stride + Q]);
        acc[0] = (ops.step)(acc[0], x, (ops.load)(&brow[..L]));
        acc[1] = (ops.step)(acc[1], x, (ops.load)(&brow[L..2 * L]));
        acc[2] = (ops.step)(acc[2], x, (ops.load)(&brow[2 * L..3 * L]));
        acc[3] = (ops.step)(acc[3], x, (ops.load)(&brow[3 * L..Q]));
    }
    for (acc, lanes) in acc.into_iter().zip(out.chunks_exact_mut(L)) {
        (ops.store)(acc, lanes);
    }
}

/// Elements of the stack copy of `b`'s last columns in [`contract_blocks`].
const STACK: usize = 4096;

/// `c += a·b` (`m × k` by `k × p`, row-major) continuing from `c`, each cell
/// `acc = c_ij; for kk ascending: acc = step(acc, a_ik, b_kj)`, in blocks of
/// `Q = 4·L` columns with `k` innermost, so that four accumulators (four
/// independent chains) stay in registers. The last `p mod Q` columns run as
/// one more block through a zero-padded copy of `b`'s last columns, [`STACK`]
/// elements at a time (no allocation), and a `Q`-lane row buffer;
/// consecutive blocks of `k` in ascending order give the bits of one.
#[inline(always)]
fn contract_blocks<T: Copy + Default, V: Copy, const L: usize, const Q: usize>(
    (m, k, p): Dims,
    (a, b, c): (&[T], &[T], &mut [T]),
    ops: VecOps<impl Fn(T) -> V, impl Fn(&[T]) -> V, impl Fn(V, &mut [T]), impl Fn(V, V, V) -> V>,
) {
    if m == 0 || k == 0 || p == 0 {
        return;
    }
    let full = p - p % Q;
    let tail = p - full;
    for (arow, row) in a.chunks_exact(k).zip(c.chunks_exact_mut(p)).take(m) {
        for j in (0..full).step_by(Q) {
            block::<T, V, L, Q>(&ops, arow, (&b[j..], p), &mut row[j..j + Q]);
        }
    }
    if tail == 0 {
        return;
    }
    let kc = STACK / Q;
    let mut bt = [T::default(); STACK];
    for k0 in (0..k).step_by(kc) {
        let kn = kc.min(k - k0);
        for (kk, lanes) in bt.chunks_exact_mut(Q).take(kn).enumerate() {
            let brow = (k0 + kk) * p;
            lanes[..tail].copy_from_slice(&b[brow + full..brow + p]);
        }
        for (arow, row) in a.chunks_exact(k).zip(c.chunks_exact_mut(p)).take(m) {
            let mut ct = [T::default(); Q];
            ct[..tail].copy_from_slice(&row[full..]);
            block::<T, V, L, Q>(&ops, &arow[k0..k0 + kn], (&bt, Q), &mut ct);
            row[full..].copy_from_slice(&ct[..tail]);
        }
    }
}

/// Rows of the packed contraction's register tile; a tile is `MR` rows of
/// two vectors (32 binary32 or 16 binary64 columns), 16 accumulators.
const MR: usize = 8;

/// Defines the packed contraction's micro-kernel `$name::<R>` for
/// [`crate::packed::contract`] and its safe entry `$entry::<R>`: `kc` steps
/// over an `MR`-tall panel of `a` and a `2·$lanes`-wide panel of `b`, the
/// tile of `c` in registers, each cell `acc = acc + a_ik·b_kj` with the
/// product and the sum rounded in `R`.
macro_rules! micro_fn {
    ($name:ident, $entry:ident: $t:ty, $f:ty, $lanes:literal,
     $set1:ident, $load:ident, $store:ident, $add:ident, $mul:ident) => {
        #[target_feature(enable = "avx512f,f16c")]
        fn $name<const R: i32>(kc: usize, a: &[$t], b: &[$t], c: &mut [$t], ldc: usize) {
            const NR: usize = 2 * $lanes;
            assert!(
                crate::packed::tile_fits((MR, NR), kc, [a, b, c], ldc),
                "avx512: a micro-kernel's panels or tile are too small"
            );
            // SAFETY: `tile_fits` holds: row `i < MR` of the tile is the `NR`
            // elements at `i·ldc`, inside `c`.
            let mut acc: [[_; 2]; MR] = std::array::from_fn(|i| unsafe {
                let at = c.as_ptr().add(i * ldc);
                [$load(at.cast()), $load(at.add($lanes).cast())]
            });
            for (ak, bk) in a.chunks_exact(MR).zip(b.chunks_exact(NR)).take(kc) {
                // SAFETY: `bk` holds `NR` elements.
                let (b0, b1) = unsafe {
                    (
                        $load(bk.as_ptr().cast()),
                        $load(bk.as_ptr().add($lanes).cast()),
                    )
                };
                for (cell, &x) in acc.iter_mut().zip(ak) {
                    let x = $set1(<$f>::from_bits(x));
                    cell[0] = $add::<R>(cell[0], $mul::<R>(x, b0));
                    cell[1] = $add::<R>(cell[1], $mul::<R>(x, b1));
                }
            }
            for (i, cell) in acc.into_iter().enumerate() {
                // SAFETY: as for the loads of the tile.
                unsafe {
                    let at = c.as_mut_ptr().add(i * ldc);
                    $store(at.cast(), cell[0]);
                    $store(at.add($lanes).cast(), cell[1]);
                }
            }
        }

        /// The safe [`crate::packed::Micro`] over `$name::<R>`.
        fn $entry<const R: i32>(kc: usize, a: &[$t], b: &[$t], c: &mut [$t], ldc: usize) {
            // SAFETY: only this module's contractions pass this entry to the
            // packed driver, and they run after `available()` returned true.
            unsafe { $name::<R>(kc, a, b, c, ldc) }
        }
    };
}

/// The packed contraction's blocks for a tile `nr` wide: `kc` deep, `mc`
/// rows of `a` per block, `nc` columns of `b` per block. The `b` panel and
/// the `a` panel together fill at most 40 KB (binary32: 256 deep, 32 KB and
/// 8 KB; binary64: 128 deep, 16 KB and 8 KB), inside a 48 KB L1; a binary64
/// `kc` of 256 (48 KB in all) ran 20 % slower at 256².
const fn packed_blocks(nr: usize, kc: usize, nc: usize) -> crate::packed::Blocks {
    crate::packed::Blocks {
        mr: MR,
        nr,
        kc,
        mc: 96,
        nc,
    }
}

/// Defines the binary32 or binary64 contraction `$name` on [`contract_blocks`]
/// (`$lanes`-lane vectors `$v` of `$t`, bits of `$f`, blocks of `$quad`
/// lanes) or, when large, on the packed driver with the micro-kernel
/// `$micro_k` (safe entry `$micro`) made from the same intrinsics.
macro_rules! contract_fn {
    ($name:ident, $micro_k:ident, $micro:ident: $t:ty, $f:ty, $v:ty, $lanes:literal,
     $quad:literal, $canon:ident, $set1:ident, $load:ident, $store:ident, $add:ident,
     $mul:ident, $blocks:expr) => {
        micro_fn!($micro_k, $micro: $t, $f, $lanes, $set1, $load, $store, $add, $mul);

        #[target_feature(enable = "avx512f,f16c")]
        pub(super) fn $name<const R: i32>(dims: Dims, a: &[$t], b: &[$t], c: &mut [$t]) {
            if crate::packed::worth(dims, (MR, 2 * $lanes)) {
                crate::packed::contract($blocks, dims, a, b, c, $micro::<R>);
            } else {
                contract_blocks::<$t, $v, $lanes, $quad>(
                    dims,
                    (a, b, c),
                    VecOps {
                        splat: |x| $set1(<$f>::from_bits(x)),
                        // SAFETY: `contract_blocks` passes slices of `$lanes` elements.
                        load: |s: &[$t]| unsafe { $load(s[..$lanes].as_ptr().cast()) },
                        // SAFETY: as for the load.
                        store: |v, s: &mut [$t]| unsafe {
                            $store(s[..$lanes].as_mut_ptr().cast(), v)
                        },
                        step: |acc, x, y| $add::<R>(acc, $mul::<R>(x, y)),
                    },
                );
            }
            for v in c.iter_mut() {
                *v = $canon(*v);
            }
        }
    };
}

contract_fn!(contract_ps, micro_ps, micro32: u32, f32, __m512, 16, 64, canon32,
    _mm512_set1_ps, _mm512_loadu_ps, _mm512_storeu_ps, _mm512_add_round_ps, _mm512_mul_round_ps,
    packed_blocks(32, 256, 1024));
contract_fn!(contract_pd, micro_pd, micro64: u64, f64, __m512d, 8, 32, canon64,
    _mm512_set1_pd, _mm512_loadu_pd, _mm512_storeu_pd, _mm512_add_round_pd, _mm512_mul_round_pd,
    packed_blocks(16, 128, 512));

#[target_feature(enable = "avx512f,f16c")]
pub(super) fn contract_ph<const R: i32>(dims: Dims, a: &[u16], b: &[u16], c: &mut [u16]) {
    // A binary16 value in binary32 rounded to binary16 in R and widened back (exact).
    let narrow = |v: __m512| _mm512_cvtph_ps(_mm512_cvtps_ph::<R>(v));
    contract_blocks::<u16, __m512, 16, 64>(
        dims,
        (a, b, c),
        VecOps {
            splat: |x| widen16(&[x; 16]),
            load: |s: &[u16]| widen16(s[..16].try_into().expect("16 elements")),
            // SAFETY: `contract_blocks` passes slices of 16 elements (32 bytes).
            store: |v, s: &mut [u16]| unsafe {
                _mm256_storeu_si256(s[..16].as_mut_ptr().cast(), _mm512_cvtps_ph::<R>(v))
            },
            // Each product and sum rounded to binary16 in R, as two binary16
            // operations; the accumulator holds a binary16 value.
            step: |acc, x, y| {
                narrow(_mm512_add_round_ps::<R>(
                    acc,
                    narrow(_mm512_mul_round_ps::<R>(x, y)),
                ))
            },
        },
    );
    for v in c.iter_mut() {
        *v = canon16(*v);
    }
}
