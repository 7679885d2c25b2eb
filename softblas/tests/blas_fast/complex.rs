//! The complex level-1 checks: `?dotu`, `?dotc` and `crot` against their
//! SoftFloat loops.

use super::blas_support::{cbits, cwords, modes, pos, Real};
use super::i754_support::Rng;
use super::operands::{celements, cstrided, length, sinc};
use super::sf::Sf;
use softblas::blas;
use softblas::ieee::Width;

/// The complex `?dotu`, `?dotc` and `crot` (signed strides, 0 and negative
/// included) against their SoftFloat loops.
pub(crate) fn check_complex(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let sf = Sf::new(w, r);
        let n = length(&mut rng) / 2;
        let (incx, incy) = (sinc(&mut rng), sinc(&mut rng));
        let x = cstrided(w, &mut rng, n, incx);
        let y = cstrided(w, &mut rng, n, incy);
        for conj in [false, true] {
            let want = (0..n).fold((0, 0), |acc, i| {
                let (a, b) = (x[pos(n, incx, i)], y[pos(n, incy, i)]);
                let a = if conj { (a.0, a.1 ^ w.sign_bit()) } else { a };
                sf.cadd(acc, sf.cmul(a, b))
            });
            let want = sf.cunify(want);
            let got = by_width!(w, T => {
                let (xs, ys) = (cwords::<T>(&x), cwords::<T>(&y));
                let z = if conj {
                    blas::dotc(n, &xs, incx, &ys, incy, softblas::Policy::FAST, r)
                } else {
                    blas::dot(n, &xs, incx, &ys, incy, softblas::Policy::FAST, r)
                };
                cbits(&[z.expect("in bounds")])[0]
            });
            assert_eq!(
                got, want,
                "dot conj={conj} {w:?} {r:?} n={n} incx={incx} incy={incy}"
            );
        }
        let (c, s) = (celements(w, &mut rng, 1)[0], celements(w, &mut rng, 1)[0]);
        let (mut wx, mut wy) = (x.clone(), y.clone());
        for i in 0..n {
            let (pi, pj) = (pos(n, incx, i), pos(n, incy, i));
            let (xi, yj) = (wx[pi], wy[pj]);
            let t = sf.cadd(sf.cmul(c, xi), sf.cmul(s, yj));
            wy[pj] = sf.cunify(sf.csub(sf.cmul(c, yj), sf.cmul(s, xi)));
            wx[pi] = sf.cunify(t);
        }
        let got = by_width!(w, T => {
            let (mut gx, mut gy) = (cwords::<T>(&x), cwords::<T>(&y));
            let (c, s) = (cwords::<T>(&[c])[0], cwords::<T>(&[s])[0]);
            blas::crot(n, &mut gx, incx, &mut gy, incy, c, s, softblas::Policy::FAST, r).expect("in bounds");
            (cbits(&gx), cbits(&gy))
        });
        assert_eq!(
            got,
            (wx, wy),
            "crot {w:?} {r:?} n={n} incx={incx} incy={incy}"
        );
    }
}
