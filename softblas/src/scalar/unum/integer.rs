//! Rounding to integers and integer conversions: `round rnd flr cel toi sun san`.
//!
//! Ports those arms of `libmath/desk/lib/unum.hoon@96f3cfe`. `round` leaves zero, NaR and
//! values that are already integers (exponent ≥ 0) as they are; otherwise it splits the
//! significand at the binary point and adjusts the integer part by the mode (nearest with
//! ties to even, floor, ceiling), re-encoding it with `+bit`. `toi` is exact and unbounded.

use super::codec::{decode, encode};
use super::{Dec, Width};
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::Zero;

/// A mode of `+round`: `%near`, `%down` or `%up`, or one of the two Nx adds (`Zero`, `Away`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// `%near`: nearest integer, ties to even.
    Near,
    /// `%down`: toward −∞ (floor).
    Down,
    /// `%up`: toward +∞ (ceiling).
    Up,
    /// Toward zero (truncation): no `/lib/unum` arm; Nx's `Trunc`.
    Zero,
    /// Nearest integer, halves away from zero: no `/lib/unum` arm; Nx's `Round`.
    Away,
}

/// `((round mode) p)`: `p` rounded to an integral posit in `mode`.
pub fn round(w: Width, mode: Mode, p: u128) -> u128 {
    let Dec::P(s, e, a) = decode(w, p) else {
        return p & w.mask();
    };
    if e >= 0 {
        return p & w.mask();
    }
    let sh = e.unsigned_abs();
    // a < 2^125, so a shift of 127 or more leaves no integer part and a remainder below half.
    let (hi, rem, half) = if sh >= 127 {
        (0u128, a, None)
    } else {
        (a >> sh, a & ((1u128 << sh) - 1), Some(1u128 << (sh - 1)))
    };
    let up = match mode {
        Mode::Near => half.is_some_and(|h| rem > h || (rem == h && hi & 1 == 1)),
        Mode::Down => !s && rem != 0,
        Mode::Up => s && rem != 0,
        Mode::Zero => false,
        Mode::Away => half.is_some_and(|h| rem >= h),
    };
    let hi = if up { hi + 1 } else { hi };
    if hi == 0 {
        return 0;
    }
    encode(w, s, 0, &BigUint::from(hi))
}

/// `+rnd`: the nearest integral posit, ties to even.
pub fn rnd(w: Width, p: u128) -> u128 {
    round(w, Mode::Near, p)
}

/// `+flr`: the largest integral posit not above `p`.
pub fn flr(w: Width, p: u128) -> u128 {
    round(w, Mode::Down, p)
}

/// `+cel`: the smallest integral posit not below `p`.
pub fn cel(w: Width, p: u128) -> u128 {
    round(w, Mode::Up, p)
}

/// `+toi`: the nearest integer (ties to even) as an exact signed integer; `None` for NaR.
pub fn toi(w: Width, p: u128) -> Option<BigInt> {
    if decode(w, p) == Dec::N {
        return None;
    }
    match decode(w, rnd(w, p)) {
        Dec::P(s, e, a) => {
            let a = BigUint::from(a);
            let mag = if e >= 0 {
                a << e.unsigned_abs()
            } else {
                a >> e.unsigned_abs()
            };
            Some(BigInt::from_biguint(
                if s { Sign::Plus } else { Sign::Minus },
                mag,
            ))
        }
        _ => Some(BigInt::zero()),
    }
}

/// `+sun`: the unsigned integer `v` rounded to a posit (0 gives zero).
pub fn sun(w: Width, v: &BigUint) -> u128 {
    encode(w, true, 0, v)
}

/// `+san`: the signed integer `v` rounded to a posit (0 gives zero).
pub fn san(w: Width, v: &BigInt) -> u128 {
    encode(w, v.sign() != Sign::Minus, 0, v.magnitude())
}
