//! The integer kinds' shortcuts against the Hoon's definitions computed
//! literally on exact integers:
//!
//! - `%uint` `%pow` is `(sit (pow b c))` (lagoon.hoon @aa6f2a6: the exact
//!   power, then cut) and `/lib/twoc` `+pow` (unum.hoon's sibling @96f3cfe) a
//!   square-and-multiply with the door's modular `mul`; urnum's
//!   `uint::pow_mod` multiplies modulo 2^w over the exponent's bits.
//! - Saloon's `%uint` `factorial` gate (saloon.hoon @424a2bf) forms the exact
//!   `x!`, which the ray keeps the low 2^bloq bits of; urnum multiplies
//!   modulo 2^w and returns 0 at once when `x − popcount x >= w` (then `x!`
//!   has that many factors of two).

use num_bigint::BigUint;
use num_traits::{One, Zero};
use softblas::ops::{eval1, eval2};
use softblas::prog::{Binary, Op1, Op2, Unary};
use softblas::scalar::uint::pow_mod;
use softblas::{Atom, Dtype, Kind, Round};

fn dt(kind: Kind, bloq: u32) -> Dtype {
    Dtype {
        kind,
        bloq,
        prec: None,
    }
}

fn modulus(w: u64) -> BigUint {
    BigUint::one() << w
}

/// Bases at the edges of a `w`-bit word, plus one wider than the word (the
/// power reads only its low bits).
fn bases(w: u64) -> Vec<BigUint> {
    let m = modulus(w);
    let top = &m - 1u8;
    let half = BigUint::one() << (w - 1);
    let mut v = vec![
        BigUint::zero(),
        BigUint::one(),
        BigUint::from(2u8),
        BigUint::from(3u8),
        top.clone(),
        &top - 1u8,
        half.clone(),
        &half + 1u8,
        BigUint::from(0x9e37_79b9_7f4a_7c15_u64) % &m,
        &m + 3u8,
    ];
    v.dedup();
    v
}

/// Exponents: every small count, powers of two and their neighbours, and
/// counts wider than 64 and 128 bits.
fn exponents() -> Vec<BigUint> {
    let mut v: Vec<BigUint> = (0u32..=70).map(BigUint::from).collect();
    for k in [63u32, 64, 65, 127, 128, 129, 200] {
        let p = BigUint::one() << k;
        v.extend([&p - 1u8, p.clone(), &p + 1u8]);
    }
    v
}

/// The exact power cut to `w` bits: repeated products for small `n`, the
/// exact modular power above.
fn reference(b: &BigUint, n: &BigUint, w: u64) -> BigUint {
    let m = modulus(w);
    if n.bits() <= 7 {
        let mut acc = BigUint::one();
        for _ in 0..u64::try_from(n).expect("small") {
            acc *= b;
        }
        acc % m
    } else {
        b.modpow(n, &m)
    }
}

#[test]
fn powers_match_the_exact_power_cut() {
    for bloq in 0..=8u32 {
        let w = 1u64 << bloq;
        let bs = if bloq == 0 {
            vec![BigUint::zero(), BigUint::one(), BigUint::from(3u8)]
        } else {
            bases(w)
        };
        for b in &bs {
            for n in &exponents() {
                let want = reference(b, n, w);
                let (ba, na) = (Atom::from_biguint(b), Atom::from_biguint(n));
                assert_eq!(
                    pow_mod(&ba, &na, w).to_biguint(),
                    want,
                    "pow_mod {b}^{n} w={w}"
                );
                if w <= 128 {
                    let b128 = u128::try_from(b % modulus(w)).expect("fits");
                    assert_eq!(
                        BigUint::from(pow_mod(&b128, &na, w)),
                        want,
                        "pow_mod u128 {b}^{n} w={w}"
                    );
                }
                // Through the element kinds: `%uint` and `%int2` `%pow`.
                let cut = Atom::from_biguint(&(b % modulus(w)));
                for kind in [Kind::Uint, Kind::Int2] {
                    if kind == Kind::Int2 && bloq == 0 {
                        continue;
                    }
                    let got = eval2(
                        softblas::Policy::FAST,
                        Op2::Binary(Binary::Pow),
                        &dt(kind, bloq),
                        Round::N,
                        None,
                        &cut,
                        &na,
                    )
                    .unwrap_or_else(|e| panic!("{kind:?} pow {b}^{n} w={w}: {e:?}"));
                    assert_eq!(got.to_biguint(), want, "{kind:?} pow {b}^{n} w={w}");
                }
            }
        }
    }
}

#[test]
fn uint_factorial_cut_matches_the_exact_product() {
    for bloq in 0..=8u32 {
        let w = 1u64 << bloq;
        let t = dt(Kind::Uint, bloq);
        let m = modulus(w);
        let fact = Op1::Unary(Unary::Factorial { rtol: 0 });
        let factorial = |x: &Atom| eval1(softblas::Policy::FAST, fact, &t, &t, Round::N, None, x);
        // Every x up to past the threshold 2w + 64 that fits the word.
        let top = (2 * w + 80).min(u64::try_from(&m - 1u8).unwrap_or(u64::MAX));
        let mut exact = BigUint::one();
        for x in 0..=top {
            if x > 1 {
                exact *= x;
            }
            let got = factorial(&Atom::from(x)).unwrap_or_else(|e| panic!("{x}! w={w}: {e:?}"));
            assert_eq!(got.to_biguint(), &exact % &m, "{x}! at w={w}");
        }
        // Words wider than 64 bits: x at and beyond 2^64 (x! has more than
        // x − 64 >= w factors of two, so it vanishes).
        if w > 64 {
            for x in [
                BigUint::one() << 64u32,
                (BigUint::one() << 64u32) + 1u8,
                &m - 1u8,
            ] {
                let got = factorial(&Atom::from_biguint(&x))
                    .unwrap_or_else(|e| panic!("{x}! w={w}: {e:?}"));
                assert!(got.to_biguint().is_zero(), "{x}! at w={w}");
            }
        }
    }
}
