//! The cache-blocked contraction `c += a·b` in `+mmul`'s order: the operands
//! packed into panels that stay in the caches, and a register tile of
//! `MR × NR` cells advanced by a micro-kernel.
//!
//! Every cell keeps its own order: `acc = c_ij; for kk ascending: acc = acc +
//! a_ik·b_kj`, product and sum each rounded. Blocking splits `k` into
//! consecutive blocks taken in ascending order; between two blocks a cell's
//! partial sum waits in `c`, which holds it exactly (it is already a rounded
//! value of the format). So the blocked loop gives the bits of the plain one,
//! whatever the block sizes.
//!
//! The loop nest: columns of `b` in blocks of `nc`, `k` in blocks of `kc`
//! (ascending), rows of `a` in blocks of `mc`; each `kc × nc` block of `b` is
//! copied into `NR`-wide panels and each `mc × kc` block of `a` into
//! `MR`-tall panels (zero-padded at the edges), and the micro-kernel runs
//! one `MR × NR` tile of `c` over one pair of panels. Edge tiles run on a
//! copy of the tile and copy back only the cells that exist.
//!
//! This module is safe Rust; the micro-kernels it drives are the fenced
//! `unsafe` of their instruction-set modules (`super::mxcsr`).

use std::ops::RangeFrom;

/// A micro-kernel: `kc ≥ 1` steps over an `MR`-tall panel of `a` (`kc`
/// groups of `MR` elements) and an `NR`-wide panel of `b` (`kc` groups of
/// `NR`), updating the `MR × NR` tile of `c` whose rows start `ldc` elements
/// apart. Safe to call: the driver passes panels and a tile of exactly those
/// sizes, which the kernel's wrapper checks.
pub(super) type Micro<T> = fn(kc: usize, a: &[T], b: &[T], c: &mut [T], ldc: usize);

/// Whether a micro-kernel's panels and tile hold what `kc ≥ 1` steps of an
/// `mr × nr` tile read and write: `a` `mr·kc` elements, `b` `nr·kc`, and `c`
/// `mr` rows of `nr` starting `ldc ≥ nr` apart. Each kernel's safe wrapper
/// asserts it before the `unsafe` call.
pub(super) fn tile_fits<T>(
    (mr, nr): (usize, usize),
    kc: usize,
    [a, b, c]: [&[T]; 3],
    ldc: usize,
) -> bool {
    kc >= 1
        && a.len() >= mr * kc
        && b.len() >= nr * kc
        && ldc >= nr
        && c.len() >= (mr - 1) * ldc + nr
}

/// The smallest `m·k·p` a packed contraction takes where no row kernel
/// stands beside it (the `%a` loops, whose alternative is the portable
/// loop): below it the panels' allocation is not repaid.
const MIN_WORK: usize = 1 << 15;

/// The `m·k·p` a contraction must exceed before its packed panels beat the
/// row kernels of the same level, as measured: up to `64³` the row kernels
/// run faster (Intel Xeon with AVX-512, binary32: 33 against 24 GF/s at
/// 40³, 67 against 54 at 64³; from 80³ the panels, 53 against 42; the same
/// at the `avx2` level). The jet path's `+mmul` tiles stay below it.
const ROWS_WORK: usize = 1 << 18;

/// Whether a contraction of `dims` fills at least one `mr × nr` tile and
/// has `m·k·p` in `work` (an edge tile computes the whole tile, so a
/// narrower shape wastes most of each).
fn tiles(
    (m, k, p): (usize, usize, usize),
    (mr, nr): (usize, usize),
    work: RangeFrom<usize>,
) -> bool {
    m >= mr && p >= nr && work.contains(&m.saturating_mul(k).saturating_mul(p))
}

/// Whether a contraction of `dims` pays for its panels of `mr × nr` tiles
/// where the alternative is the portable loop: [`MIN_WORK`] or more.
pub(super) fn enough(dims: (usize, usize, usize), tile: (usize, usize)) -> bool {
    tiles(dims, tile, MIN_WORK..)
}

/// Whether a contraction of `dims` runs faster on panels of `mr × nr`
/// tiles than on the row kernels: more than [`ROWS_WORK`].
pub(super) fn worth(dims: (usize, usize, usize), tile: (usize, usize)) -> bool {
    tiles(dims, tile, ROWS_WORK + 1..)
}

/// The block sizes of one element width and micro-kernel.
#[derive(Clone, Copy, Debug)]
pub(super) struct Blocks {
    /// Rows of a register tile.
    pub mr: usize,
    /// Columns of a register tile.
    pub nr: usize,
    /// Depth of a block of `k` (the panels' length).
    pub kc: usize,
    /// Rows of `a` packed at once (a multiple of `mr`).
    pub mc: usize,
    /// Columns of `b` packed at once (a multiple of `nr`).
    pub nc: usize,
}

/// `c += a·b` (`m × k` by `k × p`, row-major, `c` `m × p`) in `+mmul`'s
/// order, blocked by `bl` with the micro-kernel `micro`.
///
/// # Panics
/// When the buffers do not hold `m·k`, `k·p` and `m·p` elements.
pub(super) fn contract<T: Copy + Default>(
    bl: Blocks,
    (m, k, p): (usize, usize, usize),
    a: &[T],
    b: &[T],
    c: &mut [T],
    micro: Micro<T>,
) {
    if !crate::shape::has_work("packed", (m, k, p), [a.len(), b.len(), c.len()]) {
        return;
    }
    let Blocks { mr, nr, kc, mc, nc } = bl;
    let mut bp = vec![T::default(); kc * nc.min(p).next_multiple_of(nr)];
    let mut ap = vec![T::default(); mc.min(m).next_multiple_of(mr) * kc];
    let mut tile = vec![T::default(); mr * nr];
    for j0 in (0..p).step_by(nc) {
        let nb = nc.min(p - j0);
        for k0 in (0..k).step_by(kc) {
            let kb = kc.min(k - k0);
            pack_b(nr, (k0, kb), (j0, nb), b, p, &mut bp);
            for i0 in (0..m).step_by(mc) {
                let mb = mc.min(m - i0);
                pack_a(mr, (i0, mb), (k0, kb), a, k, &mut ap);
                for jr in (0..nb).step_by(nr) {
                    let bpan = &bp[jr * kb..(jr + nr) * kb];
                    let cols = nr.min(nb - jr);
                    for ir in (0..mb).step_by(mr) {
                        let apan = &ap[ir * kb..(ir + mr) * kb];
                        let rows = mr.min(mb - ir);
                        let at = (i0 + ir) * p + j0 + jr;
                        if rows == mr && cols == nr {
                            micro(kb, apan, bpan, &mut c[at..at + (mr - 1) * p + nr], p);
                        } else {
                            for r in 0..rows {
                                tile[r * nr..r * nr + cols]
                                    .copy_from_slice(&c[at + r * p..at + r * p + cols]);
                            }
                            micro(kb, apan, bpan, &mut tile, nr);
                            for r in 0..rows {
                                c[at + r * p..at + r * p + cols]
                                    .copy_from_slice(&tile[r * nr..r * nr + cols]);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Cuts the first `n.next_multiple_of(w) · kb` elements of `dst` into
/// panels of `w` lines of `kb` elements and calls `f(panel, first, lines)`
/// on each: its first line `lo + q·w` and how many of its `w` lines lie
/// below `lo + n` (the rest are padding).
#[inline(always)]
fn panels<T>(
    dst: &mut [T],
    w: usize,
    (lo, n): (usize, usize),
    kb: usize,
    mut f: impl FnMut(&mut [T], usize, usize),
) {
    for (q, panel) in dst[..n.next_multiple_of(w) * kb]
        .chunks_exact_mut(w * kb)
        .enumerate()
    {
        f(panel, lo + q * w, w.min(n - q * w));
    }
}

/// Copies rows `k0..k0 + kb` and columns `j0..j0 + nb` of `b` (row stride
/// `ldb`) into `nr`-wide panels: panel `q` holds, for each row in order, the
/// `nr` elements of columns `j0 + q·nr ..`, zeros past column `j0 + nb`.
fn pack_b<T: Copy + Default>(
    nr: usize,
    (k0, kb): (usize, usize),
    (j0, nb): (usize, usize),
    b: &[T],
    ldb: usize,
    bp: &mut [T],
) {
    panels(bp, nr, (j0, nb), kb, |panel, lo, cols| {
        for (kk, dst) in panel.chunks_exact_mut(nr).enumerate() {
            let row = (k0 + kk) * ldb + lo;
            dst[..cols].copy_from_slice(&b[row..row + cols]);
            dst[cols..].fill(T::default());
        }
    });
}

/// Copies rows `i0..i0 + mb` and columns `k0..k0 + kb` of `a` (row stride
/// `lda`) into `mr`-tall panels: panel `q` holds, for each column in order,
/// the `mr` elements of rows `i0 + q·mr ..`, zeros past row `i0 + mb`.
fn pack_a<T: Copy + Default>(
    mr: usize,
    (i0, mb): (usize, usize),
    (k0, kb): (usize, usize),
    a: &[T],
    lda: usize,
    ap: &mut [T],
) {
    panels(ap, mr, (i0, mb), kb, |panel, lo, rows| {
        for r in 0..mr {
            if r < rows {
                let src = &a[(lo + r) * lda + k0..(lo + r) * lda + k0 + kb];
                for (kk, &x) in src.iter().enumerate() {
                    panel[kk * mr + r] = x;
                }
            } else {
                for kk in 0..kb {
                    panel[kk * mr + r] = T::default();
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell from `acc` over the `(a, b)` terms in order, each step
    /// `acc·3 + a·b` (wrapping): not commutative, so the order of the terms
    /// shows in the result.
    fn int_cell(acc: u64, terms: impl Iterator<Item = (u64, u64)>) -> u64 {
        terms.fold(acc, |acc, (x, y)| {
            acc.wrapping_mul(3).wrapping_add(x.wrapping_mul(y))
        })
    }

    /// A micro-kernel in plain integer arithmetic (wrapping), whose results
    /// depend on the order only through the per-cell sums: a check of the
    /// driver's indexing, padding and edge tiles.
    fn int_micro<const MR: usize, const NR: usize>(
        kc: usize,
        a: &[u64],
        b: &[u64],
        c: &mut [u64],
        ldc: usize,
    ) {
        for i in 0..MR {
            for j in 0..NR {
                let terms = (0..kc).map(|kk| (a[kk * MR + i], b[kk * NR + j]));
                c[i * ldc + j] = int_cell(c[i * ldc + j], terms);
            }
        }
    }

    #[test]
    fn blocked_order_equals_the_plain_loop_on_every_edge() {
        let bl = Blocks {
            mr: 3,
            nr: 4,
            kc: 5,
            mc: 6,
            nc: 8,
        };
        for (m, k, p) in [
            (1, 1, 1),
            (3, 5, 4),
            (7, 11, 9),
            (6, 10, 8),
            (13, 17, 19),
            (2, 23, 3),
        ] {
            let a: Vec<u64> = (0..m * k).map(|i| i as u64 * 7 + 1).collect();
            let b: Vec<u64> = (0..k * p).map(|i| i as u64 * 13 + 5).collect();
            let c0: Vec<u64> = (0..m * p).map(|i| i as u64).collect();
            let mut want = c0.clone();
            for i in 0..m {
                for j in 0..p {
                    let terms = (0..k).map(|kk| (a[i * k + kk], b[kk * p + j]));
                    want[i * p + j] = int_cell(want[i * p + j], terms);
                }
            }
            let mut got = c0.clone();
            contract(bl, (m, k, p), &a, &b, &mut got, int_micro::<3, 4>);
            assert_eq!(got, want, "{m}×{k}·{k}×{p}");
        }
    }
}
