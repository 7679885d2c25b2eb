//! The rotation checks: `?rot` and `?rotm` against their SoftFloat loops.

use super::blas_support::{bits, modes, words, Real};
use super::i754_support::{value, Rng};
use super::operands::{element, length, strided, uinc};
use super::sf::Sf;
use softblas::blas;
use softblas::ieee::{self, Width};
use softblas::Word;

/// `?rot` (unsigned strides) and `?rotm` (every flag) against their SoftFloat loops.
pub(crate) fn check_rot_rotm(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        let sf = Sf::new(w, r);
        let n = length(&mut rng);
        let (incx, incy) = (uinc(&mut rng), uinc(&mut rng));
        let x = strided(w, &mut rng, n, incx as isize);
        let y = strided(w, &mut rng, n, incy as isize);
        let style = rng.below(6);
        let (c, s) = (element(w, &mut rng, style), element(w, &mut rng, 1));
        let (mut wx, mut wy) = (x.clone(), y.clone());
        for i in 0..n {
            let (xi, yj) = (wx[i * incx], wy[i * incy]);
            let t = sf.add(sf.mul(c, xi), sf.mul(s, yj));
            wy[i * incy] = ieee::canon(w, sf.sub(sf.mul(c, yj), sf.mul(s, xi)));
            wx[i * incx] = ieee::canon(w, t);
        }
        let (gx, gy) = by_width!(w, T => {
            let (mut gx, mut gy) = (words::<T>(&x), words::<T>(&y));
            let (c, s) = (T::of_bits(c), T::of_bits(s));
            blas::rot(n, &mut gx, incx, &mut gy, incy, c, s, softblas::Policy::FAST, r).expect("in bounds");
            (bits(&gx), bits(&gy))
        });
        assert_eq!(
            (gx, gy),
            (wx, wy),
            "rot {w:?} {r:?} n={n} incx={incx} incy={incy}"
        );

        // rotm: flag −1, 0, 1 or anything else (NaN included), and −2 (no-op).
        let flags = [
            ieee::neg_one(w),
            0,
            ieee::one(w),
            ieee::pow2(w, 1) | w.sign_bit(),
            value(w, &mut rng),
        ];
        let flag = flags[rng.below(flags.len() as u64) as usize];
        let p: Vec<u128> = (0..4)
            .map(|_| {
                let style = rng.below(6);
                element(w, &mut rng, style)
            })
            .collect();
        let eq = |a: u128, b: u128| {
            !ieee::is_nan(w, a)
                && !ieee::is_nan(w, b)
                && (a == b || (ieee::is_zero(w, a) && ieee::is_zero(w, b)))
        };
        let (one, m1) = (ieee::one(w), ieee::neg_one(w));
        let h = if eq(flag, m1) {
            Some([p[0], p[1], p[2], p[3]])
        } else if eq(flag, 0) {
            Some([one, p[1], p[2], one])
        } else if eq(flag, ieee::pow2(w, 1) | w.sign_bit()) {
            None
        } else {
            Some([p[0], m1, one, p[3]])
        };
        let (mut wx, mut wy) = (x.clone(), y.clone());
        if let Some([h11, h21, h12, h22]) = h {
            for i in 0..n {
                let (a, b) = (wx[i * incx], wy[i * incy]);
                wx[i * incx] = ieee::canon(w, sf.add(sf.mul(a, h11), sf.mul(b, h12)));
                wy[i * incy] = ieee::canon(w, sf.add(sf.mul(a, h21), sf.mul(b, h22)));
            }
        }
        let (gx, gy) = by_width!(w, T => {
            let (mut gx, mut gy) = (words::<T>(&x), words::<T>(&y));
            let param = [flag, p[0], p[1], p[2], p[3]].map(T::of_bits);
            blas::rotm(n, &mut gx, incx, &mut gy, incy, &param, softblas::Policy::FAST, r).expect("in bounds");
            (bits(&gx), bits(&gy))
        });
        assert_eq!(
            (gx, gy),
            (wx, wy),
            "rotm {w:?} {r:?} n={n} incx={incx} incy={incy} flag={flag:#x}"
        );
    }
}
