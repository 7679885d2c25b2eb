//! Posit ↔ IEEE 754 conversions: `to-rh to-rs to-rd to-rq` and `from-rh from-rs from-rd from-rq`.
//!
//! Ports those arms of `libmath/desk/lib/unum.hoon@96f3cfe`, which pass the posit's exact value
//! through the stdlib float doors `++rh ++rs ++rd ++rq` of `hoon.hoon` (`++ff`, `++fl`):
//!
//! * `to-r?` is `bit:r?` of the value. The door is used bare, so it rounds in its bunt mode,
//!   `%z`: an inexact conversion truncates toward zero (the `lug %fl` path of `++fl` with
//!   denormals kept). A magnitude truncated to nothing gives a signed zero; an exponent above the
//!   format's gives ±infinity (the Hoon's `lug`, not IEEE's round-toward-zero saturation). NaR
//!   gives the canonical quiet NaN, zero gives +0.
//! * `from-r?` is `sea:r?` (exact) then the posit `+bit`: NaN and ±∞ give NaR, ±0 gives zero.
//!
//! Any posit width converts to and from any float width. Only the low bits of the float atom
//! are read, as `sea:r?` cuts its fields out of the atom.

use super::codec::{decode, encode};
use super::{Dec, Width};
use crate::ieee::{canonical_nan, inf};
use num_bigint::BigUint;

/// An IEEE 754 binary interchange format, as the Hoon auras name them: the
/// one [`crate::ieee::Width`] (`Ieee::H` is `@rh`, ..., `Ieee::Q` is `@rq`).
pub use crate::ieee::Width as Ieee;

/// The exponent bias (`b` of `++ff`).
const fn bias(f: Ieee) -> i64 {
    f.bias() as i64
}

/// `me`: the exponent of the last significand bit of a denormal, `1 − bias − p`.
const fn me(f: Ieee) -> i64 {
    1 - bias(f) - f.frac_bits() as i64
}

/// The largest exponent a rounded significand of `p+1` bits may carry (`emx`).
const fn emx(f: Ieee) -> i64 {
    me(f) + (1 << f.exp_bits()) - 3
}

fn field_mask(bits: u32) -> u128 {
    u128::MAX >> (128 - bits)
}

/// `+to-rh/rs/rd/rq`: the posit `p` of width `w` as a float of format `f`, truncated toward zero.
pub fn to_ieee(w: Width, f: Ieee, p: u128) -> u128 {
    match decode(w, p) {
        Dec::N => canonical_nan(f),
        Dec::Z => 0,
        Dec::P(s, e, a) => truncate(f, s, e, a),
    }
}

/// `bit:r?` in mode `%z` of the exact non-zero value `(-1)^!s · a · 2^e`.
fn truncate(f: Ieee, s: bool, e: i64, a: u128) -> u128 {
    let sign = if s { 0 } else { f.sign_bit() };
    let prc = i64::from(f.frac_bits()) + 1;
    let emn = me(f);
    let m = i64::from(128 - a.leading_zeros());
    // Drop the bits below the precision or below the smallest exponent.
    let q = (m - prc).max(emn - e).max(0);
    let (mut a, mut e) = if q >= 128 {
        (0, e + q)
    } else {
        (a >> q, e + q)
    };
    if a == 0 {
        return sign;
    }
    // Expand to full precision, or as far as the smallest exponent allows (denormal).
    let ma = i64::from(128 - a.leading_zeros());
    if ma < prc {
        let room = (e - emn).max(0).min(prc - ma);
        a <<= room;
        e -= room;
    }
    if e > emx(f) {
        return sign | inf(f);
    }
    let ma = i64::from(128 - a.leading_zeros());
    let bits = if ma == prc {
        let biased = (e - emn + 1).unsigned_abs();
        (u128::from(biased as u32) << f.frac_bits()) + (a & field_mask(f.frac_bits()))
    } else {
        a
    };
    sign | bits
}

/// `+from-rh/rs/rd/rq`: the float `x` of format `f` rounded to a posit of width `w`.
pub fn from_ieee(w: Width, f: Ieee, x: u128) -> u128 {
    let p = f.frac_bits();
    let frac = x & field_mask(p);
    let ex = (x >> p) & field_mask(f.exp_bits());
    let s = x & f.sign_bit() == 0;
    if ex == field_mask(f.exp_bits()) {
        return w.nar();
    }
    let (e, a) = if ex == 0 {
        (me(f), frac)
    } else {
        (ex as i64 + me(f) - 1, frac + (1u128 << p))
    };
    encode(w, s, e, &BigUint::from(a))
}
