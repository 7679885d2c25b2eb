//! Property tests for `softblas::scalar::int2` (`/lib/twoc`) against an exact integer oracle.
//!
//! The oracle reads a `w`-bit pattern as the two's-complement integer it stands for (a
//! `num-bigint` `BigInt`), does the mathematical operation (truncating division, remainder with
//! the dividend's sign), and reduces modulo 2^w. Widths cover powers of two up to 256 and odd
//! `twid` widths (1, 12, 17, 24, 65, 129, 300). Every arm is checked through the generic door in
//! `Atom`, through the `u128` fast path where the width allows (which must agree bit for bit), and
//! through the dispatching [`AtomTwid`].

mod twoc_support;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};
use proptest::prelude::*;
use softblas::scalar::int2::{AtomTwid, Int2Error, Signed, Twid};
use softblas::Atom;
use twoc_support::{enc, pow2, val, zigzag};

const WIDTHS: [u64; 19] = [
    1, 2, 7, 8, 12, 16, 17, 24, 32, 63, 64, 65, 100, 127, 128, 129, 200, 256, 300,
];

/// A `w`-bit pattern: random, or one of the edge values (0, 1, -1, least, greatest, least + 1).
fn operand(w: u64) -> impl Strategy<Value = Atom> {
    let specials = vec![
        Atom::ZERO,
        Atom::ONE,
        Atom::pow2(w).checked_sub(&Atom::ONE).unwrap(),
        Atom::pow2(w - 1),
        Atom::pow2(w - 1).checked_sub(&Atom::ONE).unwrap(),
        Atom::pow2(w - 1).add(&Atom::ONE).low_bits(w),
    ];
    prop_oneof![
        3 => prop::collection::vec(any::<u64>(), 5).prop_map(move |l| Atom::from_limbs(&l).low_bits(w)),
        1 => (-1000i64..1000).prop_map(move |v| enc(&BigInt::from(v), w)),
        1 => prop::sample::select(specials),
    ]
}

fn case() -> impl Strategy<Value = (u64, Atom, Atom)> {
    prop::sample::select(WIDTHS.to_vec()).prop_flat_map(|w| (Just(w), operand(w), operand(w)))
}

/// The results of every two-operand arm, in one carrier, as atoms.
#[derive(Debug, PartialEq)]
struct Arms {
    add: Atom,
    sub: Atom,
    mul: Atom,
    neg: Atom,
    abs: Atom,
    extend: Atom,
    div: Result<Atom, Int2Error>,
    rem: Result<Atom, Int2Error>,
    cmp: [bool; 4],
    overflow: bool,
    to_s: Atom,
}

fn arms<W: softblas::scalar::uint::Word>(w: u64, a: &Atom, b: &Atom) -> Arms {
    let t = Twid::<W>::new(w).unwrap();
    let (x, y) = (W::from_atom_low(a), W::from_atom_low(b));
    let sum = t.add(&x, &y);
    Arms {
        add: sum.to_atom(),
        sub: t.sub(&x, &y).to_atom(),
        mul: t.mul(&x, &y).to_atom(),
        neg: t.neg(&x).to_atom(),
        abs: t.abs(&x).to_atom(),
        extend: t.extend(&x).to_atom(),
        div: t.div(&x, &y).map(|q| q.to_atom()),
        rem: t.rem(&x, &y).map(|q| q.to_atom()),
        cmp: [t.gth(&x, &y), t.gte(&x, &y), t.lth(&x, &y), t.lte(&x, &y)],
        overflow: t.overflow(&x, &y, &sum),
        to_s: t.twoc_to_s(&x).to_atom_signed().to_s(),
    }
}

proptest! {
    #[test]
    fn every_arm_matches_the_integer_oracle((w, a, b) in case()) {
        let (x, y) = (val(&a, w), val(&b, w));
        let lo = -pow2(w - 1);
        let hi = pow2(w - 1) - 1;
        let want = Arms {
            add: enc(&(&x + &y), w),
            sub: enc(&(&x - &y), w),
            mul: enc(&(&x * &y), w),
            neg: enc(&-&x, w),
            abs: enc(&(if x.sign() == Sign::Minus { -&x } else { x.clone() }), w),
            extend: if x.sign() == Sign::Minus { enc(&BigInt::from(-1), w) } else { Atom::ZERO },
            // BigInt `/` truncates toward zero and `%` takes the dividend's sign.
            div: if y.is_zero() { Err(Int2Error::DivideByZero) } else { Ok(enc(&(&x / &y), w)) },
            rem: if y.is_zero() { Err(Int2Error::DivideByZero) } else { Ok(enc(&(&x % &y), w)) },
            cmp: [x > y, x >= y, x < y, x <= y],
            overflow: { let s = &x + &y; s < lo || s > hi },
            to_s: zigzag(&x),
        };
        let got = arms::<Atom>(w, &a, &b);
        prop_assert_eq!(&got, &want);
        if w <= 128 {
            prop_assert_eq!(&arms::<u128>(w, &a, &b), &want);
        }
        let t = AtomTwid::new(w);
        prop_assert_eq!(t.add(&a, &b), want.add);
        prop_assert_eq!(t.div(&a, &b), want.div);
        prop_assert_eq!(t.rem(&a, &b), want.rem);
        prop_assert_eq!(t.gth(&a, &b), x > y);
        prop_assert_eq!(t.twoc_to_s(&a).to_s(), want.to_s);
    }

    #[test]
    fn pow_is_the_modular_power((w, a, _b) in case(), n in prop_oneof![0u64..300, any::<u64>()]) {
        let m = BigUint::one() << w;
        let want = Atom::from_biguint(&a.to_biguint().modpow(&BigUint::from(n), &m));
        let n = Atom::from_u64(n);
        prop_assert_eq!(Twid::<Atom>::new(w).unwrap().pow(&a, &n), want.clone());
        if w <= 128 {
            prop_assert_eq!(Atom::from_u128(Twid::<u128>::new(w).unwrap().pow(&a.low_u128(), &n)), want.clone());
        }
        prop_assert_eq!(AtomTwid::new(w).pow(&a, &n), want);
    }

    #[test]
    fn s_to_twoc_wraps_any_signed_integer(
        w in prop::sample::select(WIDTHS.to_vec()),
        limbs in prop::collection::vec(any::<u64>(), 0..8),
        negative: bool,
    ) {
        let mag = BigInt::from_biguint(Sign::Plus, Atom::from_limbs(&limbs).to_biguint());
        let v = if negative { -mag } else { mag };
        let s = zigzag(&v);
        prop_assert_eq!(Signed::from_s(&s).to_s(), s.clone());
        let want = enc(&v, w);
        let t = AtomTwid::new(w);
        prop_assert_eq!(t.s_to_twoc(&s), want.clone());
        prop_assert_eq!(Twid::<Atom>::new(w).unwrap().s_to_twoc(&Signed::from_s(&s)), want.clone());
        if w <= 128 {
            let t128 = Twid::<u128>::new(w).unwrap();
            prop_assert_eq!(Atom::from_u128(t128.s_to_twoc(&Signed::from_s(&s).to_carrier())), want);
        }
    }

    /// Off-contract operands (more than `w` bits) take the same path in both carriers.
    #[test]
    fn carriers_agree_on_raw_atoms(w in 1u64..=128, a: u128, b: u128, n in 0u64..70) {
        let (aa, ba) = (Atom::from_u128(a), Atom::from_u128(b));
        let small = arms::<u128>(w, &aa, &ba);
        let big = arms::<Atom>(w, &aa, &ba);
        prop_assert_eq!(small, big);
        let n = Atom::from_u64(n);
        let t = Twid::<u128>::new(w).unwrap();
        prop_assert_eq!(Atom::from_u128(t.pow(&a, &n)), Twid::<Atom>::new(w).unwrap().pow(&aa, &n));
    }
}
