//! Shared test support for the oracles of the two's-complement kinds (`int2_oracle`,
//! `fixp_oracle`): reading a `w`-bit pattern as the signed integer it stands for, and back.

use num_bigint::{BigInt, Sign};
use num_traits::One;
use softblas::Atom;

/// `2^w`.
pub fn pow2(w: u64) -> BigInt {
    BigInt::one() << w
}

/// The integer a `w`-bit two's-complement pattern stands for.
pub fn val(a: &Atom, w: u64) -> BigInt {
    let u = BigInt::from_biguint(Sign::Plus, a.to_biguint());
    if u >= pow2(w - 1) {
        u - pow2(w)
    } else {
        u
    }
}

/// The `w`-bit pattern of the integer `v` (`v mod 2^w`).
pub fn enc(v: &BigInt, w: u64) -> Atom {
    let m = pow2(w);
    let r = ((v % &m) + &m) % &m;
    Atom::from_biguint(&r.to_biguint().expect("non-negative"))
}

/// The `@s` atom of `v` (`2v` or `-2v - 1`).
pub fn zigzag(v: &BigInt) -> Atom {
    let z = if v.sign() == Sign::Minus {
        -(v * BigInt::from(2)) - 1
    } else {
        v * BigInt::from(2)
    };
    Atom::from_biguint(&z.to_biguint().expect("non-negative"))
}
