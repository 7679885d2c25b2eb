//! The `%i754` rules of Nx's exactly-defined kinds ([`crate::prog::NxUnary`],
//! [`crate::prog::NxBinary`], [`crate::prog::Test`]): the one place each rule
//! is written, called by the reference dispatch (`crate::ops`) and by the
//! fast kernels ([`crate::exec::fast::kernels`]) alike.
//!
//! Every result is SoftFloat 3e's bits with any NaN replaced by the canonical
//! NaN ([`canon`]), as the rest of [`crate::scalar::i754`]:
//!
//! - `recip(a)` is `1 ÷ a` in the program's mode ([`super::div`]);
//! - `floor ceil round trunc` are IEEE 754-2019 §5.3.1 roundToIntegral toward
//!   −∞, toward +∞, ties away from zero and toward zero (SoftFloat's
//!   `fN_roundToInt` in `min`, `max`, `near_maxMag`, `minMag`, not exact);
//! - `maximum`/`minimum` are IEEE 754-2019 §9.6 `maximum`/`minimum`: a NaN
//!   operand gives NaN, and −0 is below +0;
//! - `sign` is +1.0 or −1.0 by the sign of a nonzero number (±∞ included),
//!   the zero itself at ±0, NaN at NaN.
//!
//! These touch no host float: bit tests, and the soft core for `roundToInt`.

use super::{canon, canonical_nan, div, is_inf, is_nan, is_zero, neg_one, one, Width};
use crate::ieee::by_width;
use crate::prog::{NxUnary, Test};
use crate::Round;

/// The one-operand kind `k` of `a` in mode `r` (only `Recip` reads the mode).
#[inline]
pub fn unary(w: Width, r: Round, k: NxUnary, a: u128) -> u128 {
    match Integral::of_kind(k) {
        Some(d) => integral(w, d, a),
        None if k == NxUnary::Recip => recip(w, r, a),
        None => sign(w, a),
    }
}

/// Whether the test `k` holds for `a`.
#[inline]
pub fn test(w: Width, k: Test, a: u128) -> bool {
    k.of_class(is_nan(w, a), is_inf(w, a))
}

/// The direction of an integral rounding: the [`Round`] SoftFloat's `roundToInt` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Integral {
    /// Toward −∞ (`floor`).
    Floor,
    /// Toward +∞ (`ceil`).
    Ceil,
    /// To nearest, halves away from zero (`round`).
    Round,
    /// Toward zero (`trunc`).
    Trunc,
}

impl Integral {
    /// The direction of a rounding kind (`Floor Ceil Round Trunc`), `None` for the others.
    pub const fn of_kind(k: NxUnary) -> Option<Integral> {
        Some(match k {
            NxUnary::Floor => Integral::Floor,
            NxUnary::Ceil => Integral::Ceil,
            NxUnary::Round => Integral::Round,
            NxUnary::Trunc => Integral::Trunc,
            NxUnary::Recip | NxUnary::Sign => return None,
        })
    }

    /// The rounding mode of this direction.
    pub const fn mode(self) -> Round {
        match self {
            Integral::Floor => Round::D,
            Integral::Ceil => Round::U,
            Integral::Round => Round::A,
            Integral::Trunc => Round::Z,
        }
    }
}

/// `1 ÷ a` rounded in `r`.
#[inline]
pub fn recip(w: Width, r: Round, a: u128) -> u128 {
    div(w, r, one(w), a)
}

/// `a` rounded to an integral value in direction `d` (the sign kept: `trunc(−0.5) = −0`).
#[inline]
pub fn integral(w: Width, d: Integral, a: u128) -> u128 {
    canon(w, by_width::round_to_int(d.mode(), w, a & w.mask()))
}

/// The sign of `a`: 1.0 or −1.0, the zero itself at ±0, the canonical NaN at NaN.
#[inline]
pub fn sign(w: Width, a: u128) -> u128 {
    let a = a & w.mask();
    if is_nan(w, a) {
        canonical_nan(w)
    } else if is_zero(w, a) {
        a
    } else if a & w.sign_bit() != 0 {
        neg_one(w)
    } else {
        one(w)
    }
}

/// The position of a non-NaN `a` in the order of the reals with −0 below +0.
#[inline]
fn key(w: Width, a: u128) -> i128 {
    let mag = (a & w.mask() & !w.sign_bit()) as i128;
    if a & w.sign_bit() != 0 {
        -mag - 1
    } else {
        mag
    }
}

/// IEEE 754-2019 `maximum(a, b)`: the canonical NaN when either is NaN, else the greater (`+0` over `−0`).
#[inline]
pub fn maximum(w: Width, a: u128, b: u128) -> u128 {
    pick(w, a, b, true)
}

/// IEEE 754-2019 `minimum(a, b)`: the canonical NaN when either is NaN, else the lesser (`−0` under `+0`).
#[inline]
pub fn minimum(w: Width, a: u128, b: u128) -> u128 {
    pick(w, a, b, false)
}

#[inline]
fn pick(w: Width, a: u128, b: u128, greater: bool) -> u128 {
    let (a, b) = (a & w.mask(), b & w.mask());
    if is_nan(w, a) || is_nan(w, b) {
        return canonical_nan(w);
    }
    if (key(w, a) >= key(w, b)) == greater {
        a
    } else {
        b
    }
}
