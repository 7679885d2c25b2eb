//! The real level-1 checks: the kernel layer's left fold, the dot
//! products and sums, the norms, `?axpy` and `?scal`, and the widening dots.

use super::blas_support::{bits, cbits, cwords, modes, pos, words, Real, C};
use super::i754_support;
use super::i754_support::{value, Rng};
use super::operands::{celements, cstrided, element, elements, length, sinc, strided, uinc};
use super::sf::{o_norm, soft_order, Sf};
use softblas::exec::fast::kernels;
use softblas::ieee::{self, soft, Width};
use softblas::scalar::i754;
use softblas::Word;
use softblas::{blas, Round};

/// The left fold by addition from `seed` over the kernel layer ([`kernels::sum_left`])
/// against the soft core's fold.
pub(crate) fn check_sum(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let n = length(&mut rng);
        let v = elements(w, &mut rng, n);
        let s = if rng.below(2) == 0 {
            0
        } else {
            value(w, &mut rng)
        };
        let want = v.iter().fold(s, |acc, &x| soft::add(w, r, acc, x));
        let want = if n == 0 { s } else { want };
        let got = by_width!(w, T => kernels::sum_left::<T>(softblas::Policy::FAST, r, T::of_bits(s), &words::<T>(&v)).bits());
        assert_eq!(got, want, "sum {w:?} {r:?} n={n} seed={s:#x} v={v:x?}");
    }
}

/// `?dot` (signed strides, 0 included) and `?asum` (unsigned strides, 0
/// included) against their SoftFloat loops.
pub(crate) fn check_dot_asum(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let n = length(&mut rng);
        let incs = [1, 1, 2, -1, -3, 0];
        let incx = incs[rng.below(incs.len() as u64) as usize];
        let incy = incs[rng.below(incs.len() as u64) as usize];
        let (x, y) = (strided(w, &mut rng, n, incx), strided(w, &mut rng, n, incy));
        let want = (0..n).fold(0, |acc, i| {
            let p = soft::mul(w, r, x[pos(n, incx, i)], y[pos(n, incy, i)]);
            soft::add(w, r, acc, p)
        });
        let want = ieee::canon(w, want);
        let got = by_width!(w, T => {
            let (xs, ys) = (words::<T>(&x), words::<T>(&y));
            blas::dot(n, &xs, incx, &ys, incy, softblas::Policy::FAST, r).expect("in bounds").bits()
        });
        assert_eq!(got, want, "dot {w:?} {r:?} n={n} incx={incx} incy={incy}");
        let inc = incx.unsigned_abs();
        let want = if n == 0 || inc == 0 {
            0
        } else {
            let sum = (0..n).fold(0, |acc, i| soft::add(w, r, acc, x[i * inc] & !w.sign_bit()));
            ieee::canon(w, sum)
        };
        let got = by_width!(w, T => {
            blas::asum(n, &words::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds").bits()
        });
        assert_eq!(got, want, "asum {w:?} {r:?} n={n} inc={inc} x={x:x?}");
    }
}

/// `?nrm2`, the complex norms, `?casum`, `i?amax` and `i?camax` (unsigned
/// strides, 0 included) against their SoftFloat loops.
pub(crate) fn check_norms(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let sf = Sf::new(w, r);
        let n = length(&mut rng);
        let inc = uinc(&mut rng);
        let x = strided(w, &mut rng, n, inc as isize);
        let at: Vec<u128> = (0..n).map(|i| x[i * inc]).collect();
        let want = match n {
            _ if n == 0 || inc == 0 => 0,
            1 => ieee::canon(w, at[0] & !w.sign_bit()),
            _ => o_norm(sf, &at, false),
        };
        let got = by_width!(w, T => blas::nrm2(n, &words::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds").bits());
        assert_eq!(got, want, "nrm2 {w:?} {r:?} n={n} inc={inc} x={at:x?}");
        let mags: Vec<u128> = at.iter().map(|&v| v & !w.sign_bit()).collect();
        let gt = |a: u128, b: u128| {
            ieee::is_nan(w, a) || ieee::is_nan(w, b) || soft_order(w, a) > soft_order(w, b)
        };
        let first_max = |m: &[u128]| {
            let mut best = 0;
            for i in 1..m.len() {
                if gt(m[i], m[best]) {
                    best = i;
                }
            }
            best
        };
        let want = if n < 2 || inc == 0 {
            0
        } else {
            first_max(&mags)
        };
        let got = by_width!(w, T => blas::iamax(n, &words::<T>(&x), inc).expect("in bounds"));
        assert_eq!(got, want, "iamax {w:?} n={n} inc={inc}");

        let n = n / 2;
        let x = cstrided(w, &mut rng, n, inc as isize);
        let at: Vec<C> = (0..n).map(|i| x[i * inc]).collect();
        let parts: Vec<u128> = at.iter().flat_map(|&(a, b)| [a, b]).collect();
        let want = if n == 0 || inc == 0 {
            0
        } else {
            o_norm(sf, &parts, true)
        };
        let got = by_width!(w, T => blas::cnrm2(n, &cwords::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds").bits());
        assert_eq!(got, want, "cnrm2 {w:?} {r:?} n={n} inc={inc} x={at:x?}");
        let sums: Vec<u128> = at
            .iter()
            .map(|&(a, b)| sf.add(a & !w.sign_bit(), b & !w.sign_bit()))
            .collect();
        let want = if n == 0 || inc == 0 {
            0
        } else {
            ieee::canon(w, sums.iter().fold(0, |acc, &m| sf.add(acc, m)))
        };
        let got = by_width!(w, T => blas::casum(n, &cwords::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds").bits());
        assert_eq!(got, want, "casum {w:?} {r:?} n={n} inc={inc}");
        let want = if n < 2 || inc == 0 {
            0
        } else {
            first_max(&sums)
        };
        let got = by_width!(w, T => blas::icamax(n, &cwords::<T>(&x), inc, softblas::Policy::FAST, r).expect("in bounds"));
        assert_eq!(got, want, "icamax {w:?} {r:?} n={n} inc={inc}");
    }
}

/// `?axpy` (signed strides) and `?scal` (unsigned strides), real and
/// complex, 0 strides included (one position updated `n` times), against
/// their SoftFloat loops.
pub(crate) fn check_axpy_scal(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let sf = Sf::new(w, r);
        let n = length(&mut rng) / 2;
        let (incx, incy) = (sinc(&mut rng), [0, 0, 1, -2][rng.below(4) as usize]);
        let x = strided(w, &mut rng, n, incx);
        let y = strided(w, &mut rng, n, incy);
        let style = rng.below(6);
        let alpha = element(w, &mut rng, style);
        let mut want = y.clone();
        for i in 0..n {
            let j = pos(n, incy, i);
            want[j] = ieee::canon(w, sf.add(want[j], sf.mul(alpha, x[pos(n, incx, i)])));
        }
        let got = by_width!(w, T => {
            let mut g = words::<T>(&y);
            blas::axpy(n, T::of_bits(alpha), &words::<T>(&x), incx, &mut g, incy, softblas::Policy::FAST, r)
                .expect("in bounds");
            bits(&g)
        });
        assert_eq!(got, want, "axpy {w:?} {r:?} n={n} incx={incx} incy={incy}");
        let inc = incy.unsigned_abs();
        let mut want = y.clone();
        for i in 0..n {
            want[i * inc] = ieee::canon(w, sf.mul(alpha, want[i * inc]));
        }
        let got = by_width!(w, T => {
            let mut g = words::<T>(&y);
            blas::scal(n, T::of_bits(alpha), &mut g, inc, softblas::Policy::FAST, r).expect("in bounds");
            bits(&g)
        });
        assert_eq!(got, want, "scal {w:?} {r:?} n={n} inc={inc}");

        let (cx, cy) = (
            cstrided(w, &mut rng, n, incx),
            cstrided(w, &mut rng, n, incy),
        );
        let ca = celements(w, &mut rng, 1)[0];
        let mut want = cy.clone();
        for i in 0..n {
            let j = pos(n, incy, i);
            want[j] = sf.cunify(sf.cadd(want[j], sf.cmul(ca, cx[pos(n, incx, i)])));
        }
        let got = by_width!(w, T => {
            let mut g = cwords::<T>(&cy);
            let a = cwords::<T>(&[ca])[0];
            blas::axpy(n, a, &cwords::<T>(&cx), incx, &mut g, incy, softblas::Policy::FAST, r).expect("in bounds");
            cbits(&g)
        });
        assert_eq!(got, want, "caxpy {w:?} {r:?} n={n} incx={incx} incy={incy}");
        let mut want = cy.clone();
        for i in 0..n {
            want[i * inc] = sf.cunify(sf.cmul(ca, want[i * inc]));
        }
        let got = by_width!(w, T => {
            let mut g = cwords::<T>(&cy);
            blas::scal(n, cwords::<T>(&[ca])[0], &mut g, inc, softblas::Policy::FAST, r).expect("in bounds");
            cbits(&g)
        });
        assert_eq!(got, want, "cscal {w:?} {r:?} n={n} inc={inc}");
    }
}

/// `sdsdot` and `hsdot`: exact widenings, the products and the left fold
/// from `α` at the wide width, the result rounded to binary32, unified.
pub(crate) fn check_widening(seed: u64) {
    let mut rng = Rng(seed);
    for r in Round::ALL {
        for (from, wide) in [(Width::S, Width::D), (Width::H, Width::S)] {
            let n = length(&mut rng);
            let incs = [1, 1, 2, -1, -3, 0];
            let incx = incs[rng.below(incs.len() as u64) as usize];
            let incy = incs[rng.below(incs.len() as u64) as usize];
            let (x, y) = (
                strided(from, &mut rng, n, incx),
                strided(from, &mut rng, n, incy),
            );
            let style = rng.below(8);
            let alpha = element(from, &mut rng, style);
            let up = |v| i754::convert(from, wide, r, v);
            let acc = (0..n).fold(up(alpha), |acc, i| {
                let p = soft::mul(wide, r, up(x[pos(n, incx, i)]), up(y[pos(n, incy, i)]));
                soft::add(wide, r, acc, p)
            });
            let want = ieee::canon(Width::S, i754::convert(wide, Width::S, r, acc));
            let got = i754_support::widening_dot(from, n, alpha, (&x, incx), (&y, incy), r);
            assert_eq!(
                got, want,
                "{from:?}->{wide:?} {r:?} n={n} incx={incx} incy={incy} alpha={alpha:#x}"
            );
        }
    }
}
