//! Property tests for `softblas::scalar::cplx` against oracles.
//!
//! - `add`, `sub`, `mul`: each component is the Hoon's sequence of separately rounded
//!   `i754` operations (no FMA), on arbitrary bits (NaNs, infinities, subnormals).
//! - `mul` commutes bit for bit (IEEE `+` and `×` commute, NaNs are canonical).
//! - `div` (Smith) and `abs` (scaled hypot): within a small normwise relative error of the
//!   exact rational result, for finite inputs in an exponent range with no overflow or
//!   underflow.
//! - `abs` always has a `+0` imaginary part; `conj` passes the real part through raw.

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{Signed, Zero};
use proptest::prelude::*;
use softblas::scalar::cplx::{Cplx, Plane};
use softblas::scalar::i754::{self, Width};
use softblas::{DoorRound, Round};

fn width() -> impl Strategy<Value = Width> {
    prop::sample::select(Width::ALL.to_vec())
}

fn mode() -> impl Strategy<Value = Round> {
    prop::sample::select(Round::HOON.to_vec())
}

/// Any bit pattern of width `w`, with special values (zeros, infinities, NaNs) over-represented.
fn bits(w: Width) -> impl Strategy<Value = u128> {
    let m = w.mask();
    prop_oneof![
        3 => any::<u128>().prop_map(move |x| x & m),
        1 => prop::sample::select(vec![
            0,
            w.sign_bit(),
            i754::inf(w),
            i754::neg_inf(w),
            i754::canonical_nan(w),
            i754::canonical_nan(w) | 1,
            i754::one(w),
            i754::neg_one(w),
            i754::min_subnormal(w),
            i754::max_finite(w),
        ]),
    ]
}

/// A door and two arbitrary complex values at its width.
fn door_pair() -> impl Strategy<Value = (Plane, Cplx, Cplx)> {
    (width(), mode()).prop_flat_map(|(w, r)| {
        (bits(w), bits(w), bits(w), bits(w))
            .prop_map(move |(a, b, c, d)| (Plane::new(w, r), Cplx::new(a, b), Cplx::new(c, d)))
    })
}

/// A finite float of width `w` with unbiased exponent in `-e..=e` (or zero).
fn moderate(w: Width, e: i64) -> impl Strategy<Value = u128> {
    let fb = w.frac_bits();
    let bias = i64::from(w.bias());
    prop_oneof![
        1 => Just(0u128),
        12 => (any::<bool>(), -e..=e, any::<u128>()).prop_map(move |(s, x, f)| {
            let field = u128::try_from(x + bias).unwrap_or(0);
            let sign = if s { 1u128 << (w.bits() - 1) } else { 0 };
            sign | field << fb | (f & ((1u128 << fb) - 1))
        }),
    ]
}

/// The exponent range used for the accuracy properties, safe from overflow and underflow.
fn range(w: Width) -> i64 {
    match w {
        Width::H => 3,
        Width::S => 20,
        Width::D => 100,
        Width::Q => 1000,
    }
}

fn door_pair_moderate() -> impl Strategy<Value = (Plane, Cplx, Cplx)> {
    (width(), mode()).prop_flat_map(|(w, r)| {
        let e = range(w);
        (
            moderate(w, e),
            moderate(w, e),
            moderate(w, e),
            moderate(w, e),
        )
            .prop_map(move |(a, b, c, d)| (Plane::new(w, r), Cplx::new(a, b), Cplx::new(c, d)))
    })
}

/// The exact value of a finite float's bits.
fn exact(w: Width, x: u128) -> BigRational {
    let fb = w.frac_bits();
    let field = (x >> fb) & ((1u128 << w.exp_bits()) - 1);
    let frac = x & ((1u128 << fb) - 1);
    assert!(field != (1u128 << w.exp_bits()) - 1, "not finite");
    let (m, e) = if field == 0 {
        (frac, 1 - i64::from(w.bias()) - i64::from(fb))
    } else {
        (
            frac | 1 << fb,
            i64::try_from(field).unwrap() - i64::from(w.bias()) - i64::from(fb),
        )
    };
    let sign = if x >> (w.bits() - 1) & 1 == 1 {
        Sign::Minus
    } else {
        Sign::Plus
    };
    let m = BigInt::from_biguint(sign, m.into());
    let two = BigInt::from(2);
    if e >= 0 {
        BigRational::from_integer(m * two.pow(u32::try_from(e).unwrap()))
    } else {
        BigRational::new(m, two.pow(u32::try_from(-e).unwrap()))
    }
}

/// `2^-k` as a rational.
fn pow2_neg(k: u32) -> BigRational {
    BigRational::new(BigInt::from(1), BigInt::from(2).pow(k))
}

proptest! {
    /// Each component of add/sub/mul is the Hoon's sequence of separately rounded ops.
    #[test]
    fn add_sub_mul_are_stepwise((d, p, q) in door_pair()) {
        let (w, r) = (d.w, d.r);
        prop_assert_eq!(d.add(p, q), Cplx::new(i754::add(w, r, p.re, q.re), i754::add(w, r, p.im, q.im)));
        prop_assert_eq!(d.sub(p, q), Cplx::new(i754::sub(w, r, p.re, q.re), i754::sub(w, r, p.im, q.im)));
        let re = i754::sub(w, r, i754::mul(w, r, p.re, q.re), i754::mul(w, r, p.im, q.im));
        let im = i754::add(w, r, i754::mul(w, r, p.re, q.im), i754::mul(w, r, p.im, q.re));
        prop_assert_eq!(d.mul(p, q), Cplx::new(re, im));
    }

    /// `mul` commutes bit for bit.
    #[test]
    fn mul_commutes((d, p, q) in door_pair()) {
        prop_assert_eq!(d.mul(p, q), d.mul(q, p));
    }

    /// `abs` puts +0 in the imaginary slot; `conj` keeps the real bits and negates by `0 − im`.
    #[test]
    fn abs_and_conj_shape((d, p, _q) in door_pair()) {
        prop_assert_eq!(d.abs(p).im, 0);
        let cj = d.conj(p);
        prop_assert_eq!(cj.re, p.re);
        prop_assert_eq!(cj.im, i754::sub(d.w, d.r, 0, p.im));
    }

    /// Smith division is within 16 ulps (normwise) of the exact quotient away from overflow/underflow.
    #[test]
    fn div_is_close_to_exact((d, p, q) in door_pair_moderate()) {
        prop_assume!(q.re != 0 || q.im != 0);
        let w = d.w;
        let got = d.div(p, q);
        let (ar, ai, br, bi) = (exact(w, p.re), exact(w, p.im), exact(w, q.re), exact(w, q.im));
        let den = &br * &br + &bi * &bi;
        let re = (&ar * &br + &ai * &bi) / &den;
        let im = (&ai * &br - &ar * &bi) / &den;
        let (gr, gi) = (exact(w, got.re), exact(w, got.im));
        let err2 = (&gr - &re) * (&gr - &re) + (&gi - &im) * (&gi - &im);
        let mag2 = &re * &re + &im * &im;
        let tol = pow2_neg(w.frac_bits()) * BigRational::from_integer(BigInt::from(16));
        prop_assert!(err2 <= &tol * &tol * &mag2, "div {:x?} / {:x?} = {:x?}", p, q, got);
    }

    /// The scaled hypot is within 8 ulps of the exact modulus away from overflow/underflow.
    #[test]
    fn abs_is_close_to_exact((d, p, _q) in door_pair_moderate()) {
        let w = d.w;
        let n2 = exact(w, p.re) * exact(w, p.re) + exact(w, p.im) * exact(w, p.im);
        if n2.is_zero() {
            // Only +0+0i is generated here, and it takes the bit-test shortcut to 0.
            prop_assert_eq!(d.abs(p), Cplx::new(0, 0));
            return Ok(());
        }
        let got = exact(w, d.abs(p).re);
        prop_assert!(!got.is_negative());
        let one = BigRational::from_integer(BigInt::from(1));
        let delta = pow2_neg(w.frac_bits()) * BigRational::from_integer(BigInt::from(8));
        let hi = (&one + &delta) * (&one + &delta) * &n2;
        let lo = (&one - &delta) * (&one - &delta) * &n2;
        let g2 = &got * &got;
        prop_assert!(g2 <= hi && g2 >= lo, "abs {:x?} = {}", p, got);
    }
}
