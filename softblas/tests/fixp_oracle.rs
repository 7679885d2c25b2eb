//! Property tests for `softblas::scalar::fixp` (`/lib/fixed`) against exact rational oracles.
//!
//! A value `x` at precision `[a b]` stands for `v(x) / 2^b`, with `v` the two's-complement integer
//! of its `N = a + b + 1` bits. The oracle does each arm on those rationals (`num-rational`), with
//! the Hoon's truncation toward zero and reduction modulo 2^N, and compares bits. Precisions range
//! from q0.0 (1 bit) through odd widths (q8.8 = 17 bits) to 128, 129 and 201 bits, so both the
//! `u128` path and the `Atom` path run. `from-rs`/`to-rs` are checked against exact binary32
//! arithmetic with round-to-nearest-even.

mod twoc_support;

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed as _, Zero};
use proptest::prelude::*;
use softblas::scalar::fixp::{self, FixpError};
use softblas::{Atom, Prec};
use twoc_support::{enc, pow2, val, zigzag};

fn rat(v: &BigInt, b: u64) -> BigRational {
    BigRational::new(v.clone(), pow2(b))
}

fn prec() -> impl Strategy<Value = Prec> {
    prop_oneof![
        3 => (0u32..24, 0u32..24).prop_map(|(a, b)| Prec { a, b }),
        1 => prop::sample::select(vec![
            Prec { a: 0, b: 0 },
            Prec { a: 8, b: 8 },
            Prec { a: 3, b: 4 },
            Prec { a: 63, b: 64 },
            Prec { a: 64, b: 64 },
            Prec { a: 100, b: 100 },
            Prec { a: 0, b: 127 },
        ]),
    ]
}

/// An `N`-bit pattern at `p`: random, or an edge value (0, 1, -1, least, greatest).
fn value(p: Prec) -> impl Strategy<Value = Atom> {
    let n = fixp::wid(p);
    let m1 = Atom::pow2(n).checked_sub(&Atom::ONE).unwrap();
    prop_oneof![
        3 => prop::collection::vec(any::<u64>(), 4).prop_map(move |l| Atom::from_limbs(&l).low_bits(n)),
        1 => prop::sample::select(vec![
            Atom::ZERO,
            Atom::ONE,
            m1.clone(),
            Atom::pow2(n - 1),
            m1.shr(1),
        ]),
    ]
}

fn same_prec_pair() -> impl Strategy<Value = (Prec, Atom, Atom)> {
    prec().prop_flat_map(|p| (Just(p), value(p), value(p)))
}

fn any_pair() -> impl Strategy<Value = (Prec, Atom, Prec, Atom)> {
    (prec(), prec()).prop_flat_map(|(p, q)| (Just(p), value(p), Just(q), value(q)))
}

/// `r` rounded to an integer, ties to even.
fn round_half_even(r: &BigRational) -> BigInt {
    let f = r.floor();
    let d = r - &f;
    let half = BigRational::new(BigInt::one(), BigInt::from(2));
    let fl = f.to_integer();
    if d > half || (d == half && (&fl % 2u32) != BigInt::zero()) {
        fl + 1
    } else {
        fl
    }
}

/// The exact value of a finite binary32, or `None` for NaN and infinities.
fn f32_value(f: u32) -> Option<BigRational> {
    let (neg, e, m) = (f >> 31 == 1, (f >> 23) & 0xff, BigInt::from(f & 0x7f_ffff));
    if e == 0xff {
        return None;
    }
    let (m, e) = if e == 0 {
        (m, -149i64)
    } else {
        (m + (1 << 23), i64::from(e) - 150)
    };
    let v = if e >= 0 {
        BigRational::from_integer(m << e as u64)
    } else {
        BigRational::new(m, pow2((-e) as u64))
    };
    Some(if neg { -v } else { v })
}

/// The integer `n` rounded to 24 significant bits, ties to even.
fn round24(n: &BigInt) -> BigInt {
    let bits = n.bits();
    if bits <= 24 {
        return n.clone();
    }
    let s = bits - 24;
    let q = round_half_even(&BigRational::new(n.clone(), pow2(s)));
    q << s
}

proptest! {
    #[test]
    fn same_precision_arms_are_twoc_at_n((p, x, y) in same_prec_pair()) {
        let n = fixp::wid(p);
        let (vx, vy) = (val(&x, n), val(&y, n));
        prop_assert_eq!(fixp::add(&x, p, &y, p), Ok(enc(&(&vx + &vy), n)));
        prop_assert_eq!(fixp::sub(&x, p, &y, p), Ok(enc(&(&vx - &vy), n)));
        let rem = if vy.is_zero() { Err(FixpError::DivideByZero) } else { Ok(enc(&(&vx % &vy), n)) };
        prop_assert_eq!(fixp::rem(&x, p, &y, p), rem);
        prop_assert_eq!(fixp::neg(&x, p), enc(&-&vx, n));
        prop_assert_eq!(fixp::abs(&x, p), enc(&vx.abs(), n));
        prop_assert_eq!(fixp::gth(&x, p, &y, p), Ok(vx > vy));
        prop_assert_eq!(fixp::gte(&x, p, &y, p), Ok(vx >= vy));
        prop_assert_eq!(fixp::lth(&x, p, &y, p), Ok(vx < vy));
        prop_assert_eq!(fixp::lte(&x, p, &y, p), Ok(vx <= vy));
        prop_assert_eq!(fixp::equ(&x, p, &y, p), Ok(vx == vy));
        prop_assert_eq!(fixp::neq(&x, p, &y, p), Ok(vx != vy));
        prop_assert_eq!(fixp::to_s(&x, p), zigzag(&vx));
    }

    #[test]
    fn div_truncates_the_rational_quotient((p, x, y) in same_prec_pair()) {
        let n = fixp::wid(p);
        let b = u64::from(p.b);
        let (vx, vy) = (val(&x, n), val(&y, n));
        let got = fixp::div(&x, p, &y, p);
        if vy.is_zero() {
            prop_assert_eq!(got, Err(FixpError::DivideByZero));
        } else {
            // (vx/2^b) / (vy/2^b), as a stored integer: trunc(quotient · 2^b).
            let q = (rat(&vx, b) / rat(&vy, b)) * BigRational::from_integer(pow2(b));
            prop_assert_eq!(got, Ok((enc(&q.trunc().to_integer(), n), p)));
        }
    }

    #[test]
    fn mul_is_exact_at_the_widened_precision((xp, x, yp, y) in any_pair()) {
        let (nx, ny) = (fixp::wid(xp), fixp::wid(yp));
        let (v, pp) = fixp::mul(&x, xp, &y, yp).unwrap();
        prop_assert_eq!(pp, Prec { a: xp.a + yp.a + 1, b: xp.b + yp.b });
        let np = fixp::wid(pp);
        prop_assert_eq!(np, nx + ny);
        let exact = rat(&val(&x, nx), u64::from(xp.b)) * rat(&val(&y, ny), u64::from(yp.b));
        prop_assert_eq!(rat(&val(&v, np), u64::from(pp.b)), exact);
        prop_assert!(v.bit_len() <= np);
    }

    #[test]
    fn scale_truncates_toward_zero((xp, x, yp, _y) in any_pair()) {
        let (nx, ny) = (fixp::wid(xp), fixp::wid(yp));
        let vx = val(&x, nx);
        // The stored integer at yp: trunc(vx · 2^(by - bx)), wrapped to N_y bits.
        let r = rat(&vx, u64::from(xp.b)) * BigRational::from_integer(pow2(u64::from(yp.b)));
        prop_assert_eq!(fixp::scale(&x, xp, yp), Ok(enc(&r.trunc().to_integer(), ny)));
    }

    #[test]
    fn from_s_encodes_whole_numbers(p in prec(), limbs in prop::collection::vec(any::<u64>(), 0..4), neg: bool) {
        let mag = BigInt::from_biguint(Sign::Plus, Atom::from_limbs(&limbs).to_biguint());
        let v = if neg { -mag } else { mag };
        let n = fixp::wid(p);
        prop_assert_eq!(fixp::from_s(&zigzag(&v), p), enc(&(v << u64::from(p.b) as usize), n));
    }

    #[test]
    fn fdp_is_one_truncation_of_the_exact_dot(p in prec(), seed in prop::collection::vec(any::<u64>(), 0..12)) {
        let n = fixp::wid(p);
        let av: Vec<Atom> = seed.iter().map(|s| Atom::from_u64(*s).low_bits(n)).collect();
        let bv: Vec<Atom> = seed.iter().rev().skip(1).map(|s| Atom::from_u64(s.rotate_left(17)).low_bits(n)).collect();
        let dot: BigInt = av.iter().zip(&bv).map(|(a, b)| val(a, n) * val(b, n)).sum();
        let q = BigRational::new(dot, pow2(u64::from(p.b))).trunc().to_integer();
        prop_assert_eq!(fixp::fdp(p, &av, &bv), enc(&q, n));
    }

    #[test]
    fn to_rs_rounds_the_integer_then_scales(p in (0u32..100, 0u32..=100).prop_map(|(a, b)| Prec { a, b }), limbs in prop::collection::vec(any::<u64>(), 2)) {
        let n = fixp::wid(p);
        let x = Atom::from_limbs(&limbs).low_bits(n);
        let vx = val(&x, n);
        // sun(|s|) rounds to 24 bits; dividing by 2^b <= 2^100 is exact in the normal range.
        let want = BigRational::new(round24(&vx.abs()), pow2(u64::from(p.b)));
        let want = if vx.is_negative() { -want } else { want };
        let got = fixp::to_rs(&x, p);
        prop_assert_eq!(f32_value(got), Some(want));
        if vx.is_zero() {
            prop_assert_eq!(got, 0, "zero is +0");
        }
    }

    #[test]
    fn from_rs_rounds_half_even(f: u32, p in (0u32..40, 0u32..140).prop_map(|(a, b)| Prec { a, b })) {
        let n = fixp::wid(p);
        let b = u64::from(p.b);
        let got = fixp::from_rs(f, p);
        match f32_value(f) {
            // sun(2^b) is +inf from b = 128, so the product is inf or NaN; NaN and inf inputs too.
            None => prop_assert_eq!(got, Err(FixpError::NotFinite)),
            Some(_) if b >= 128 => prop_assert_eq!(got, Err(FixpError::NotFinite)),
            Some(v) => {
                let scaled = v * BigRational::from_integer(pow2(b));
                if scaled.abs() >= BigRational::from_integer(pow2(128)) {
                    prop_assert_eq!(got, Err(FixpError::NotFinite));
                } else {
                    prop_assert_eq!(got, Ok(enc(&round_half_even(&scaled), n)));
                }
            }
        }
    }

    #[test]
    fn mismatched_precisions_crash((xp, x, yp, y) in any_pair()) {
        prop_assume!(xp != yp);
        let e = Err(FixpError::PrecisionMismatch { x: xp, y: yp });
        prop_assert_eq!(fixp::add(&x, xp, &y, yp), e.clone());
        prop_assert_eq!(fixp::gth(&x, xp, &y, yp), Err(FixpError::PrecisionMismatch { x: xp, y: yp }));
        prop_assert_eq!(fixp::div(&x, xp, &y, yp), Err(FixpError::PrecisionMismatch { x: xp, y: yp }));
    }
}
