//! Rounding an exact (or jammed) magnitude to a format: the one place where
//! a result is rounded (IEEE 754-2019 §4.3) and overflow resolved (§7.4).

use super::format::{sign_bits, Format};
use crate::round::Round;
use std::cmp::Ordering;

/// `m >> d` rounded to an integer in mode `r` for a value of sign `sign`.
///
/// The dropped bits decide; `m` may carry a sticky bit at bit 0, which is
/// exact as long as `d ≥ 2` whenever it is set (every caller keeps two
/// bits below the rounding position of an inexact value).
#[inline(always)]
pub(super) fn shift_round(sign: bool, m: u128, d: u32, r: Round) -> u128 {
    let (q, half, inexact) = if d < 128 {
        let rem = m & ((1u128 << d) - 1);
        let half = if d == 0 {
            Ordering::Less
        } else {
            rem.cmp(&(1u128 << (d - 1)))
        };
        (m >> d, half, rem != 0)
    } else if d == 128 {
        (0, m.cmp(&(1u128 << 127)), m != 0)
    } else {
        (0, Ordering::Less, m != 0)
    };
    let up = match r {
        Round::N => half == Ordering::Greater || (half == Ordering::Equal && q & 1 == 1),
        Round::A => half != Ordering::Less,
        Round::Z => false,
        Round::U => inexact && !sign,
        Round::D => inexact && sign,
    };
    q + u128::from(up)
}

/// The result of an overflow in mode `r` (IEEE 754 §7.4): infinity, or the
/// largest finite number when the mode rounds toward zero for this sign.
#[inline(always)]
pub(super) fn overflow<F: Format>(sign: bool, r: Round) -> u128 {
    let inf = match r {
        Round::N | Round::A => true,
        Round::Z => false,
        Round::U => !sign,
        Round::D => sign,
    };
    sign_bits::<F>(sign) | if inf { F::INF } else { F::INF - 1 }
}

/// The encoding of `±m × 2^e` rounded to `F` in mode `r`; `m ≠ 0`.
///
/// `m` may have bit 0 jammed (the OR of every lower bit of the exact value)
/// provided it has at least `P + 2` significant bits then.
///
/// `m` is first shifted up until its leading bit is bit 127. The jammed bit
/// then sits at most at bit `126 − P`, below the rounding bit `127 − P` of
/// a normal result, so a normal result is rounded at the fixed position
/// `128 − P` (constant shifts and masks); only a subnormal one shifts by a
/// computed amount.
#[inline(always)]
pub(super) fn round_pack<F: Format>(sign: bool, e: i32, m: u128, r: Round) -> u128 {
    debug_assert!(m != 0);
    let lz = m.leading_zeros();
    let n = m << lz;
    // `n`'s bit 127 weighs 2^top; a normal result's biased exponent less one
    // is `top − FRAC − LSB_MIN` (negative: the result is subnormal).
    let top = e + 127 - lz as i32;
    let biased_less_one = top - F::FRAC as i32 - F::LSB_MIN;
    let (q, biased_less_one) = if biased_less_one >= 0 {
        (shift_round(sign, n, 128 - F::P, r), biased_less_one)
    } else {
        let d = (128 - F::P as i32 - biased_less_one) as u32;
        (shift_round(sign, n, d, r), 0)
    };
    // With the implicit bit at FRAC, `(biased − 1) << FRAC + q` is the
    // encoding of a normal, and `q` alone that of a subnormal; a carry out of
    // the significand lands in the exponent field.
    if biased_less_one > (1 << F::EXP) - 2 {
        return overflow::<F>(sign, r);
    }
    let bits = ((biased_less_one as u128) << F::FRAC) + q;
    if bits >= F::INF {
        return overflow::<F>(sign, r);
    }
    sign_bits::<F>(sign) | bits
}
