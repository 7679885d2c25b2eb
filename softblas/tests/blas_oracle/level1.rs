//! The level-1 checks over real vectors: axpy, copy, dot, scal, swap, the
//! norms and sums, and the widening dot products.

use super::blas_support::{bits, modes, pos, words, Real};
use super::i754_support;
use super::i754_support::{oracle_convert, Rng};
use super::oracle::{buf, hex, o_axpy, xy, O};
use softblas::scalar::i754::{self, Width};
use softblas::Word;
use softblas::{blas, Policy, Round};

/// axpy, copy, dot, scal, swap, asum, iamax over real vectors.
pub(crate) fn check_level1(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let o = O::new(w, r);
        let (n, incx, incy, x, y, alpha) = xy::<u128>(w, &mut rng, 6);
        let ctx = format!(
            "{w:?} {r:?} n={n} incx={incx} incy={incy} x={} y={} a={alpha:#x}",
            hex(&x),
            hex(&y)
        );

        // axpy: y_i = unify(add(y_i, mul(alpha, x_i)))
        let want = o_axpy(o, n, alpha, (&x, incx), (&y, incy));
        let got = by_width!(w, T => {
            let mut yy = words::<T>(&y);
            blas::axpy::<T>(n, T::of_bits(alpha), &words::<T>(&x), incx, &mut yy, incy, Policy::FAST, r).unwrap();
            bits(&yy)
        });
        assert_eq!(got, want, "axpy {ctx}");

        // dot: left fold from +0, unify at the end
        let mut acc = 0;
        for i in 0..n {
            acc = o.add(acc, o.mul(x[pos(n, incx, i)], y[pos(n, incy, i)]));
        }
        let want = o.unify(acc);
        let got = by_width!(w, T => blas::dot::<T>(n, &words::<T>(&x), incx, &words::<T>(&y), incy, Policy::FAST, r).unwrap().bits());
        assert_eq!(got, want, "dot {ctx}");

        // copy and swap: unified moves
        let mut want_y = y.clone();
        let mut want_x = x.clone();
        for i in 0..n {
            want_y[pos(n, incy, i)] = o.unify(x[pos(n, incx, i)]);
        }
        let got = by_width!(w, T => {
            let mut yy = words::<T>(&y);
            blas::copy::<T>(n, &words::<T>(&x), incx, &mut yy, incy, Policy::FAST, r).unwrap();
            bits(&yy)
        });
        assert_eq!(got, want_y, "copy {ctx}");
        let mut want_y = y.clone();
        for i in 0..n {
            let (px, py) = (pos(n, incx, i), pos(n, incy, i));
            let t = want_x[px];
            want_x[px] = o.unify(want_y[py]);
            want_y[py] = o.unify(t);
        }
        let got = by_width!(w, T => {
            let (mut xx, mut yy) = (words::<T>(&x), words::<T>(&y));
            blas::swap::<T>(n, &mut xx, incx, &mut yy, incy, Policy::FAST, r).unwrap();
            (bits(&xx), bits(&yy))
        });
        assert_eq!(got, (want_x, want_y), "swap {ctx}");

        // Unsigned-stride routines.
        let uinc = rng.below(3) as usize;
        let x = buf(w, &mut rng, n, uinc);
        let ctx = format!("{w:?} {r:?} n={n} inc={uinc} x={}", hex(&x));

        // scal: x_{i·inc} = unify(mul(alpha, x_{i·inc})), in order
        let mut want = x.clone();
        for i in 0..n {
            want[i * uinc] = o.unify(o.mul(alpha, want[i * uinc]));
        }
        let got = by_width!(w, T => {
            let mut xx = words::<T>(&x);
            blas::scal::<T>(n, T::of_bits(alpha), &mut xx, uinc, Policy::FAST, r).unwrap();
            bits(&xx)
        });
        assert_eq!(got, want, "scal {ctx}");

        // asum: +0 for a zero stride; else sum of sign-cleared elements
        let want = if uinc == 0 {
            0
        } else {
            o.unify((0..n).fold(0, |acc, i| o.add(acc, o.abs(x[i * uinc]))))
        };
        let got = by_width!(w, T => blas::asum::<T>(n, &words::<T>(&x), uinc, Policy::FAST, r).unwrap().bits());
        assert_eq!(got, want, "asum {ctx}");

        // iamax: first index by the gt macro
        let want = if n < 2 || uinc == 0 {
            0
        } else {
            let (mut best, mut m) = (0, o.abs(x[0]));
            for i in 1..n {
                if o.gt(o.abs(x[i * uinc]), m) {
                    best = i;
                    m = o.abs(x[i * uinc]);
                }
            }
            best
        };
        let got = by_width!(w, T => blas::iamax::<T>(n, &words::<T>(&x), uinc).unwrap());
        assert_eq!(got, want, "iamax {ctx}");
    }
}

/// nrm2 and nrm2_B.
pub(crate) fn check_norms(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let o = O::new(w, r);
        let n = rng.below(6) as usize;
        let inc = rng.below(3) as usize;
        let x = buf(w, &mut rng, n, inc);
        let ctx = format!("{w:?} {r:?} n={n} inc={inc} x={}", hex(&x));
        let want = if n == 0 || inc == 0 {
            0
        } else if n == 1 {
            o.unify(o.abs(x[0]))
        } else {
            let (mut scale, mut ssq) = (0, o.one());
            for i in 0..n {
                let v = x[i * inc];
                if o.ne(v, 0) {
                    let a = o.abs(v);
                    if o.lt(scale, a) {
                        ssq = o.add(o.one(), o.mul(ssq, o.div(o.mul(scale, scale), o.mul(a, a))));
                        scale = a;
                    } else {
                        ssq = o.add(ssq, o.div(o.mul(a, a), o.mul(scale, scale)));
                    }
                }
            }
            o.unify(o.mul(scale, o.sqrt(ssq)))
        };
        let got = by_width!(w, T => blas::nrm2::<T>(n, &words::<T>(&x), inc, Policy::FAST, r).unwrap().bits());
        assert_eq!(got, want, "nrm2 {ctx}");

        // Blue's algorithm with SoftBLAS's thresholds (as exponents).
        let (ts, tb, ss, sb) = match w {
            Width::H => (-7, 3, 12, -13),
            Width::S => (-63, 52, 75, -76),
            Width::D => (-511, 486, 537, -538),
            Width::Q => (-8191, 8136, 8247, -8248),
        };
        let p = |k: i32| i754::pow2(w, k);
        let (tsml, tbig, ssml, sbig) = (p(ts), p(tb), p(ss), p(sb));
        let want = if n == 0 || inc == 0 {
            0
        } else {
            let (mut asml, mut amed, mut abig, mut notbig) = (0, 0, 0, true);
            for i in 0..n {
                let a = o.abs(x[i * inc]);
                if o.gt(a, tbig) {
                    let t = o.mul(a, sbig);
                    abig = o.add(abig, o.mul(t, t));
                    notbig = false;
                } else if o.lt(a, tsml) {
                    if notbig {
                        let t = o.mul(a, ssml);
                        asml = o.add(asml, o.mul(t, t));
                    }
                } else {
                    amed = o.add(amed, o.mul(a, a));
                }
            }
            let med = o.gt(amed, 0) || o.ne(amed, amed);
            let (scl, sumsq) = if o.gt(abig, 0) {
                if med {
                    abig = o.add(abig, o.mul(o.mul(amed, sbig), sbig));
                }
                (o.div(o.one(), sbig), abig)
            } else if o.gt(asml, 0) {
                if med {
                    let am = o.sqrt(amed);
                    let as_ = o.div(o.sqrt(asml), ssml);
                    let (ymin, ymax) = if o.gt(as_, am) { (am, as_) } else { (as_, am) };
                    let q = o.div(ymin, ymax);
                    (
                        o.one(),
                        o.mul(o.mul(ymax, ymax), o.add(o.one(), o.mul(q, q))),
                    )
                } else {
                    (o.div(o.one(), ssml), asml)
                }
            } else {
                (o.one(), amed)
            };
            o.unify(o.mul(scl, o.sqrt(sumsq)))
        };
        let got = by_width!(w, T => blas::nrm2_b::<T>(n, &words::<T>(&x), inc, r).unwrap().bits());
        assert_eq!(got, want, "nrm2_b {ctx}");
    }
}

/// sdsdot and hsdot: exact widenings, then a wide left fold seeded with alpha.
pub(crate) fn check_widening(seed: u64) {
    let mut rng = Rng(seed);
    for r in Round::ALL {
        for (from, wide) in [(Width::S, Width::D), (Width::H, Width::S)] {
            let o = O::new(wide, r);
            let (n, incx, incy, x, y, alpha) = xy::<u128>(from, &mut rng, 6);
            let up = |v| oracle_convert(from, wide, r, v);
            let mut acc = up(alpha);
            for i in 0..n {
                acc = o.add(acc, o.mul(up(x[pos(n, incx, i)]), up(y[pos(n, incy, i)])));
            }
            let want = O::new(Width::S, r).unify(oracle_convert(wide, Width::S, r, acc));
            let got = i754_support::widening_dot(from, n, alpha, (&x, incx), (&y, incy), r);
            assert_eq!(
                got,
                want,
                "{from:?}->{wide:?} {r:?} n={n} x={} y={} a={alpha:#x}",
                hex(&x),
                hex(&y)
            );
        }
    }
}
