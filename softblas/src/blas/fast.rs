//! The real SoftBLAS routines on the kernel layer
//! ([`crate::exec::fast::kernels`]): the same order and roundings as the
//! SoftFloat loops of [`super`] (each routine's doc states them), with the
//! strided operands gathered into contiguous buffers, the arithmetic run by
//! the kernels (the hardware loops under the fast executor at binary16/32/64,
//! SoftFloat in batch otherwise) and the results scattered back.

use super::{op_at, unify, Trans};
use crate::exec::fast::kernels::{self, Elementwise, Step};
use crate::round::Round;
use crate::word::Word;
use std::borrow::Cow;

const MUL: Elementwise = Elementwise::Two(Step::Mul);
const ADD: Elementwise = Elementwise::Two(Step::Add);

/// The strides of a pair walk: unit strides read and write the slices in place.
pub(super) type Incs = (isize, isize);

/// The `n` elements of `x` at the positions `at` yields, borrowed at a unit stride.
fn gather<'a, T: Word>(
    x: &'a [T],
    n: usize,
    unit: bool,
    at: impl Iterator<Item = usize>,
) -> Cow<'a, [T]> {
    if unit {
        Cow::Borrowed(&x[..n])
    } else {
        Cow::Owned(at.map(|i| x[i]).collect())
    }
}

/// Elements per block of [`axpy`]: its temporaries stay in the first-level cache.
const BLOCK: usize = 512;

/// `?axpy` on distinct positions of `y` (`incy ≠ 0`): `y_j = unify(y_j + α·x_i)`
/// for each of the `n` pairs `(i, j)`, block by block.
pub(super) fn axpy<T: Word>(
    alpha: T,
    (x, y): (&[T], &mut [T]),
    n: usize,
    (incx, incy): Incs,
    pairs: impl Iterator<Item = (usize, usize)>,
    r: Round,
) {
    let (mut xs, mut ys) = ([T::default(); BLOCK], [T::default(); BLOCK]);
    let (mut t, mut out) = ([T::default(); BLOCK], [T::default(); BLOCK]);
    let alphas = [alpha; BLOCK];
    let mut pairs = pairs;
    for lo in (0..n).step_by(BLOCK) {
        let len = BLOCK.min(n - lo);
        let block: Vec<(usize, usize)> = if incx == 1 && incy == 1 {
            Vec::new()
        } else {
            pairs.by_ref().take(len).collect()
        };
        let (xs, ys, t, out) = (
            &mut xs[..len],
            &mut ys[..len],
            &mut t[..len],
            &mut out[..len],
        );
        if block.is_empty() {
            xs.copy_from_slice(&x[lo..lo + len]);
            ys.copy_from_slice(&y[lo..lo + len]);
        } else {
            for ((a, b), &(i, j)) in xs.iter_mut().zip(ys.iter_mut()).zip(&block) {
                (*a, *b) = (x[i], y[j]);
            }
        }
        kernels::elementwise(MUL, r, &[&alphas[..len], xs], t);
        kernels::elementwise(ADD, r, &[ys, t], out);
        if block.is_empty() {
            for (d, &v) in y[lo..lo + len].iter_mut().zip(out.iter()) {
                *d = unify(v);
            }
        } else {
            for (&(_, j), &v) in block.iter().zip(out.iter()) {
                y[j] = unify(v);
            }
        }
    }
}

/// `?dot`: `acc = +0; acc = acc + x_i·y_j` over the pairs in order, unified at the end.
pub(super) fn dot<T: Word>(
    (x, y): (&[T], &[T]),
    n: usize,
    (incx, incy): Incs,
    pairs: impl Iterator<Item = (usize, usize)> + Clone,
    r: Round,
) -> T {
    let xs = gather(x, n, incx == 1, pairs.clone().map(|(i, _)| i));
    let ys = gather(y, n, incy == 1, pairs.map(|(_, j)| j));
    let mut prods = vec![T::default(); n];
    kernels::elementwise(MUL, r, &[&xs, &ys], &mut prods);
    unify(kernels::fold(Step::Add, r, false, T::default(), &prods))
}

/// `?gemm` on real elements: `D = op(A)·op(B)` in `+mmul`'s order (each cell
/// a left fold from `+0`, `k` ascending), then `C_ij = unify(α·D_ij + β·C_ij)`
/// row by row. `ops` are `A` and `B` with their transposes and leading
/// dimensions; the caller checked every position.
pub(super) fn gemm<T: Word>(
    (m, n, p): (usize, usize, usize),
    alpha: T,
    [(a, ta, lda), (b, tb, ldb)]: [(&[T], Trans, usize); 2],
    beta: T,
    (c, ldc): (&mut [T], usize),
    r: Round,
) {
    if m == 0 || p == 0 {
        return;
    }
    // op(A) (m × n) and op(B) (n × p), row-major and contiguous.
    let pack = |v: &[T], t: Trans, ld: usize, (rows, cols): (usize, usize)| -> Vec<T> {
        (0..rows)
            .flat_map(|i| (0..cols).map(move |k| v[op_at(t, i, k, ld)]))
            .collect()
    };
    let (pa, pb) = (pack(a, ta, lda, (m, n)), pack(b, tb, ldb, (n, p)));
    let mut d = vec![T::default(); m * p];
    kernels::contract_acc_into(r, (m, n, p), &pa, &pb, &mut d);
    let (alphas, betas) = (vec![alpha; p], vec![beta; p]);
    let (mut t1, mut t2) = (vec![T::default(); p], vec![T::default(); p]);
    for (i, drow) in d.chunks_exact(p).enumerate() {
        let row = &mut c[i * ldc..i * ldc + p];
        kernels::elementwise(MUL, r, &[&alphas, drow], &mut t1);
        kernels::elementwise(MUL, r, &[&betas, row], &mut t2);
        kernels::elementwise(ADD, r, &[&t1, &t2], row);
        for v in row.iter_mut() {
            *v = unify(*v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{axpy, dot, gemm, Elem};
    use super::*;
    use crate::hw::{with_isa_cap, Isa};
    use crate::scalar::i754::Fpu;

    /// Bits of values around 1 with NaNs (payloads), ±0, ∞ and subnormals mixed in.
    fn vals<T: Word>(n: usize, seed: u64) -> Vec<T> {
        let mut s = seed;
        let (bits, frac) = (T::BITS, T::W.frac_bits());
        let one = u128::from(T::W.bias() as u64) << frac;
        (0..n)
            .map(|i| {
                s = s
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let r = u128::from(s >> 11);
                T::of_bits(match i % 19 {
                    0 => (u128::MAX >> (128 - bits)) & !(1 << (bits - 1)), // a NaN with a payload
                    1 => 1 << (bits - 1),                                  // −0
                    2 => 3,                                                // a subnormal
                    _ => one | (r & ((1 << frac) - 1)) | (r & 1) << (bits - 1),
                })
            })
            .collect()
    }

    /// The routines' SoftFloat loops, in the orders their docs state.
    fn dot_loop<T: Word>(x: &[T], y: &[T], pairs: &[(usize, usize)], r: Round) -> T {
        let v = Fpu::with(r, |f| {
            pairs.iter().fold(T::default(), |acc, &(i, j)| {
                T::add(f, acc, T::mul(f, x[i], y[j]))
            })
        });
        unify(v)
    }

    fn check<T: Word>() {
        let (n, m, p, k) = (37, 5, 19, 23);
        let (x, y) = (vals::<T>(3 * n, 1), vals::<T>(3 * n, 2));
        for cap in [Isa::Portable, Isa::Fma, Isa::Avx2, Isa::Avx512] {
            for r in Round::ALL {
                with_isa_cap(cap, || {
                    for (incx, incy) in [(1, 1), (2, -3), (-1, 1), (0, 2)] {
                        let walk = |inc: isize| -> Vec<usize> {
                            let start = if inc < 0 {
                                (n - 1) * inc.unsigned_abs()
                            } else {
                                0
                            };
                            (0..n)
                                .map(|i| (start as isize + i as isize * inc) as usize)
                                .collect()
                        };
                        let pairs: Vec<(usize, usize)> =
                            walk(incx).into_iter().zip(walk(incy)).collect();
                        let got = dot(n, &x, incx, &y, incy, r).expect("in bounds");
                        assert_eq!(got, dot_loop(&x, &y, &pairs, r), "dot {cap:?} {r:?}");
                        let mut want = y.clone();
                        Fpu::with(r, |f| {
                            for &(i, j) in &pairs {
                                want[j] = unify(T::add(f, want[j], T::mul(f, x[0], x[i])));
                            }
                        });
                        let mut got = y.clone();
                        axpy(n, x[0], &x, incx, &mut got, incy, r).expect("in bounds");
                        assert_eq!(got, want, "axpy {incx} {incy} {cap:?} {r:?}");
                    }
                    for (ta, tb) in [
                        (Trans::N, Trans::N),
                        (Trans::T, Trans::N),
                        (Trans::N, Trans::T),
                    ] {
                        let (lda, ldb, ldc) = (k + 2, k + p, p + 3);
                        let (a, b) = (
                            vals::<T>(k * lda + m * lda, 3),
                            vals::<T>(k * ldb + p * ldb, 4),
                        );
                        let c0 = vals::<T>(m * ldc, 5);
                        let (alpha, beta) = (x[5], y[7]);
                        let mut want = c0.clone();
                        Fpu::with(r, |f| {
                            for i in 0..m {
                                for j in 0..p {
                                    let mut d = T::default();
                                    for kk in 0..k {
                                        let (aik, bkj) =
                                            (a[op_at(ta, i, kk, lda)], b[op_at(tb, kk, j, ldb)]);
                                        d = T::add(f, d, T::mul(f, aik, bkj));
                                    }
                                    let c = &mut want[i * ldc + j];
                                    *c = Elem::unify(T::add(
                                        f,
                                        T::mul(f, alpha, d),
                                        T::mul(f, beta, *c),
                                    ));
                                }
                            }
                        });
                        let mut got = c0.clone();
                        gemm(
                            ta, tb, m, k, p, alpha, &a, lda, &b, ldb, beta, &mut got, ldc, r,
                        )
                        .expect("in bounds");
                        assert_eq!(got, want, "gemm {ta:?} {tb:?} {cap:?} {r:?}");
                    }
                });
            }
        }
    }

    #[test]
    fn the_kernel_layer_routines_equal_their_softfloat_loops_at_every_level() {
        check::<u16>();
        check::<u32>();
        check::<u64>();
        check::<u128>();
    }
}
