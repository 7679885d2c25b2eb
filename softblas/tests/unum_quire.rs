//! The posit quire: exactness of accumulation, wrap-around, q-NaR, and `fdp`'s single rounding.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use proptest::prelude::*;
use softblas::scalar::unum::{self, quire, Width};

mod unum_support;
use unum_support::{each_small_posit, sea_value};

/// The value a quire holds, `Q · 2^−qscale` with `Q` two's complement of `16n` bits.
fn quire_value(w: Width, q: &BigUint) -> BigRational {
    let qb = quire::qbits(w);
    let qi = if q.bit(qb - 1) {
        BigInt::from(q.clone()) - (BigInt::one() << qb)
    } else {
        BigInt::from(q.clone())
    };
    BigRational::new(qi, BigInt::one() << quire::qscale(w))
}

/// `p-to-q` then `q-to-p` is the identity on every posit8 and posit16 pattern, and the quire holds
/// exactly the posit's value.
#[test]
fn posit_quire_round_trip() {
    each_small_posit(|w, p| {
        let q = unum::p_to_q(w, p);
        assert_eq!(unum::q_to_p(w, &q), p, "{}: {p:#x}", w.door());
        if p != w.nar() {
            assert_eq!(
                Some(quire_value(w, &q)),
                sea_value(w, p),
                "{}: {p:#x}",
                w.door()
            );
        }
    });
}

/// Bit table of quire edge cases.
#[test]
fn quire_table() {
    let w = Width::P8;
    let nar = quire::q_nar(w);
    let qmod = quire::qmod(w);
    // posit8 quire: 128 bits, 48 fraction bits, q-NaR 2^127.
    assert_eq!(quire::qbits(w), 128);
    assert_eq!(quire::qscale(w), 48);
    assert_eq!(nar, BigUint::one() << 127u32);
    // Overflow wraps silently: the largest positive quire plus 2^-48 is the q-NaR pattern ...
    let top = &nar - 1u8;
    assert_eq!(unum::q_add_q(w, &top, &BigUint::one()), nar);
    // ... which then absorbs every further accumulation.
    assert_eq!(unum::q_mul_add(w, &nar, w.one(), w.one()), nar);
    assert_eq!(unum::q_to_p(w, &nar), w.nar());
    // A sum past 2^128 wraps modulo 2^128.
    assert_eq!(
        unum::q_add_q(w, &(&nar + 5u8), &(&nar + 1u8)),
        BigUint::from(6u8)
    );
    // Either operand q-NaR gives q-NaR, even where the sum would have wrapped elsewhere.
    assert_eq!(unum::q_add_q(w, &(&nar + 5u8), &nar), nar);
    // A NaR factor poisons the quire; a zero factor leaves it (even unmasked) as it is.
    assert_eq!(
        unum::q_mul_add(w, &BigUint::from(7u8), w.nar(), w.one()),
        nar
    );
    let wide = &qmod + 7u8;
    assert_eq!(unum::q_mul_add(w, &wide, 0, w.one()), wide);
    // q-negate: q-NaR stays, zero stays, a quire above 2^128 crashes the Hoon.
    assert_eq!(unum::q_negate(w, &nar), Ok(nar.clone()));
    assert_eq!(unum::q_negate(w, &BigUint::zero()), Ok(BigUint::zero()));
    assert!(unum::q_negate(w, &(&qmod + 1u8)).is_err());
    // [0.25 3]·[5 7] = 22.25 rounds once to 24 (0x62); rounding each product first gives 0x61.
    let v = |x: u32| unum::sun(w, &BigUint::from(x));
    let quarter = unum::div(w, w.one(), v(4));
    assert_eq!(unum::fdp(w, &[quarter, v(3)], &[v(5), v(7)]), 0x62);
    assert_eq!(
        unum::add(w, unum::mul(w, quarter, v(5)), unum::mul(w, v(3), v(7))),
        0x61
    );
    // fdp stops at the shorter list.
    assert_eq!(unum::fdp(w, &[v(2), v(3)], &[v(5)]), v(10));
    assert_eq!(unum::fdp(w, &[], &[v(5)]), 0);
    // maxpos + 1 - maxpos in the quire is exactly 1 (the posit sum would lose the 1).
    assert_eq!(
        unum::fdp(
            w,
            &[w.maxpos(), w.one(), unum::neg(w, w.maxpos())],
            &[w.one(); 3]
        ),
        w.one()
    );
}

fn width() -> impl Strategy<Value = Width> {
    prop_oneof![
        Just(Width::P8),
        Just(Width::P16),
        Just(Width::P32),
        Just(Width::P64)
    ]
}

fn vectors() -> impl Strategy<Value = (Width, Vec<(u128, u128)>)> {
    width().prop_flat_map(|w| {
        let m = w.mask();
        (
            Just(w),
            prop::collection::vec((any::<u128>(), any::<u128>()), 0..12),
        )
            .prop_map(move |(w, v)| (w, v.into_iter().map(|(a, b)| (a & m, b & m)).collect()))
    })
}

proptest! {
    /// `fdp` is the exact sum of products rounded once (short lists never overflow the carry guard).
    #[test]
    fn fdp_is_exact((w, pairs) in vectors()) {
        let (av, bv): (Vec<u128>, Vec<u128>) = pairs.iter().copied().unzip();
        let mut sum = Some(BigRational::zero());
        for &(a, b) in &pairs {
            sum = match (sum, sea_value(w, a), sea_value(w, b)) {
                (Some(s), Some(x), Some(y)) => Some(s + x * y),
                _ => None,
            };
        }
        // The oracle's rounding: q-to-p of the exact sum, which the round trip above pins.
        let want = match sum {
            None => w.nar(),
            Some(s) => {
                let scaled = s * BigRational::from_integer(BigInt::one() << quire::qscale(w));
                prop_assert!(scaled.is_integer(), "products are multiples of 2^-qscale");
                let q = scaled.to_integer();
                let q = if q < BigInt::zero() { q + (BigInt::one() << quire::qbits(w)) } else { q };
                unum::q_to_p(w, &q.to_biguint().expect("non-negative"))
            }
        };
        prop_assert_eq!(unum::fdp(w, &av, &bv), want);
    }

    /// Negation and subtraction of quires: `x − y = x + (−y)` and `y + (−y) = 0`.
    #[test]
    fn quire_negation((w, pairs) in vectors()) {
        let (av, bv): (Vec<u128>, Vec<u128>) = pairs.iter().copied().unzip();
        let mut x = BigUint::zero();
        for (&a, &b) in av.iter().zip(&bv) {
            x = unum::q_mul_add(w, &x, a, b);
        }
        let y = unum::p_to_q(w, av.first().copied().unwrap_or(0));
        let ny = unum::q_negate(w, &y).expect("in range");
        prop_assert_eq!(unum::q_sub_q(w, &x, &y).expect("in range"), unum::q_add_q(w, &x, &ny));
        if y != quire::q_nar(w) {
            prop_assert!(unum::q_add_q(w, &y, &ny).is_zero());
        }
        // q-sub-p is q-add-p of the negation; q-mul-sub is q-mul-add of the negation.
        let p = bv.first().copied().unwrap_or(0);
        prop_assert_eq!(unum::q_sub_p(w, &x, p), unum::q_add_p(w, &x, unum::neg(w, p)));
        prop_assert_eq!(unum::q_mul_sub(w, &x, p, p), unum::q_mul_add(w, &x, p, unum::neg(w, p)));
    }
}
