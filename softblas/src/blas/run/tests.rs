//! Tests of the SoftBLAS routines on the kernel layer against the SoftFloat loops they replace.

use super::super::{axpy, dot, gemm, Elem};
use super::*;
use crate::policy::Isa;
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
    for cap in Isa::ALL {
        let pol = Policy::FAST.with_isa(cap);
        for r in Round::ALL {
            {
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
                    let got = dot(n, &x, incx, &y, incy, pol, r).expect("in bounds");
                    assert_eq!(got, dot_loop(&x, &y, &pairs, r), "dot {cap:?} {r:?}");
                    let mut want = y.clone();
                    Fpu::with(r, |f| {
                        for &(i, j) in &pairs {
                            want[j] = unify(T::add(f, want[j], T::mul(f, x[0], x[i])));
                        }
                    });
                    let mut got = y.clone();
                    axpy(n, x[0], &x, incx, &mut got, incy, pol, r).expect("in bounds");
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
                        ta, tb, m, k, p, alpha, &a, lda, &b, ldb, beta, &mut got, ldc, pol, r,
                    )
                    .expect("in bounds");
                    assert_eq!(got, want, "gemm {ta:?} {tb:?} {cap:?} {r:?}");
                }
            };
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
