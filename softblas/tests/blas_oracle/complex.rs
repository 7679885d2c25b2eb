//! The level-1 checks over complex vectors.

use super::blas_support::{cbits, cwords, modes, pos, Real, C};
use super::i754_support;
use super::i754_support::Rng;
use super::oracle::{buf, o_axpy, xy, O};
use softblas::blas::{self, Complex};
use softblas::scalar::i754::Width;
use softblas::Policy;
use softblas::Word;

/// The complex level-1 routines.
pub(crate) fn check_complex(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let o = O::new(w, r);
        let (n, incx, incy, x, y, alpha) = xy::<C>(w, &mut rng, 5);
        let ctx =
            format!("{w:?} {r:?} n={n} incx={incx} incy={incy} x={x:x?} y={y:x?} a={alpha:x?}");

        let want = o_axpy(o, n, alpha, (&x, incx), (&y, incy));
        let got = by_width!(w, T => {
            let mut yy = cwords::<T>(&y);
            let a = Complex::new(T::of_bits(alpha.0), T::of_bits(alpha.1));
            blas::axpy(n, a, &cwords::<T>(&x), incx, &mut yy, incy, Policy::FAST, r).unwrap();
            cbits(&yy)
        });
        assert_eq!(got, want, "caxpy {ctx}");

        for conj in [false, true] {
            let mut acc = (0, 0);
            for i in 0..n {
                let xi = x[pos(n, incx, i)];
                let xi = if conj { o.conj(xi) } else { xi };
                acc = o.cadd(acc, o.cmul(xi, y[pos(n, incy, i)]));
            }
            let want = o.cunify(acc);
            let got = by_width!(w, T => {
                let (xx, yy) = (cwords::<T>(&x), cwords::<T>(&y));
                let z = if conj {
                    blas::dotc::<T>(n, &xx, incx, &yy, incy, Policy::FAST, r).unwrap()
                } else {
                    blas::dot(n, &xx, incx, &yy, incy, Policy::FAST, r).unwrap()
                };
                (z.re.bits(), z.im.bits())
            });
            assert_eq!(got, want, "cdot conj={conj} {ctx}");
        }

        // crot with complex c and s.
        let (mut wx, mut wy) = (x.clone(), y.clone());
        let (c, s) = (
            alpha,
            (
                i754_support::value(w, &mut rng),
                i754_support::value(w, &mut rng),
            ),
        );
        for i in 0..n {
            let (px, py) = (pos(n, incx, i), pos(n, incy, i));
            let t = o.cadd(o.cmul(c, wx[px]), o.cmul(s, wy[py]));
            wy[py] = o.cunify(o.csub(o.cmul(c, wy[py]), o.cmul(s, wx[px])));
            wx[px] = o.cunify(t);
        }
        let got = by_width!(w, T => {
            let (mut xx, mut yy) = (cwords::<T>(&x), cwords::<T>(&y));
            let cc = Complex::new(T::of_bits(c.0), T::of_bits(c.1));
            let ss = Complex::new(T::of_bits(s.0), T::of_bits(s.1));
            blas::crot::<T>(n, &mut xx, incx, &mut yy, incy, cc, ss, Policy::FAST, r).unwrap();
            (cbits(&xx), cbits(&yy))
        });
        assert_eq!(got, (wx, wy), "crot {ctx} s={s:x?}");

        // Unsigned-stride complex routines.
        let inc = rng.below(3) as usize;
        let x: Vec<C> = buf(w, &mut rng, n, inc);
        let ctx = format!("{w:?} {r:?} n={n} inc={inc} x={x:x?}");
        let mut want = x.clone();
        for i in 0..n {
            want[i * inc] = o.cunify(o.cmul(alpha, want[i * inc]));
        }
        let got = by_width!(w, T => {
            let mut xx = cwords::<T>(&x);
            blas::scal(n, Complex::new(T::of_bits(alpha.0), T::of_bits(alpha.1)), &mut xx, inc, Policy::FAST, r).unwrap();
            cbits(&xx)
        });
        assert_eq!(got, want, "cscal {ctx}");

        let want = if inc == 0 {
            0
        } else {
            o.unify((0..n).fold(0, |acc, i| {
                o.add(acc, o.add(o.abs(x[i * inc].0), o.abs(x[i * inc].1)))
            }))
        };
        let got = by_width!(w, T => blas::casum::<T>(n, &cwords::<T>(&x), inc, Policy::FAST, r).unwrap().bits());
        assert_eq!(got, want, "casum {ctx}");

        let want = if n == 0 || inc == 0 {
            0
        } else {
            let (mut scale, mut ssq) = (0, o.one());
            for i in 0..n {
                for v in [x[i * inc].0, x[i * inc].1] {
                    if o.ne(v, 0) {
                        let a = o.abs(v);
                        if o.lt(scale, a) {
                            let q = o.div(scale, a);
                            ssq = o.add(o.one(), o.mul(ssq, o.mul(q, q)));
                            scale = a;
                        } else {
                            let q = o.div(a, scale);
                            ssq = o.add(ssq, o.mul(q, q));
                        }
                    }
                }
            }
            o.unify(o.mul(scale, o.sqrt(ssq)))
        };
        let got = by_width!(w, T => blas::cnrm2::<T>(n, &cwords::<T>(&x), inc, Policy::FAST, r).unwrap().bits());
        assert_eq!(got, want, "cnrm2 {ctx}");

        let want = if n < 2 || inc == 0 {
            0
        } else {
            let mag = |z: C| o.add(o.abs(z.0), o.abs(z.1));
            let (mut best, mut m) = (0, mag(x[0]));
            for i in 1..n {
                let v = mag(x[i * inc]);
                if o.gt(v, m) {
                    best = i;
                    m = v;
                }
            }
            best
        };
        let got = by_width!(w, T => blas::icamax::<T>(n, &cwords::<T>(&x), inc, Policy::FAST, r).unwrap());
        assert_eq!(got, want, "icamax {ctx}");
    }
}
