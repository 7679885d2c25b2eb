//! Rounding an exact (or jammed) magnitude to a format: the one place where
//! a result is rounded (IEEE 754-2019 §4.3) and overflow resolved (§7.4).

use super::format::{sign_bits, Format};
use crate::round::Round;

/// `m >> d` rounded to an integer in mode `r` for a value of sign `sign`.
///
/// The dropped bits decide; `m` may carry a sticky bit at bit 0, which is
/// exact as long as `d ≥ 2` whenever it is set (every caller keeps two
/// bits below the rounding position of an inexact value).
///
/// For `1 ≤ d < 128` the dropped part `rem < 2^d` plus the mode's
/// increment carries into bit `d` exactly when the result rounds up: ties
/// to even adds `2^(d−1) − 1` and the kept bit 0 (a carry when `rem` is
/// above half, or half with an odd quotient), ties away adds `2^(d−1)`,
/// a direction away from zero adds `2^d − 1` (a carry for any nonzero
/// `rem`), toward zero adds nothing. No branch depends on the data.
#[inline(always)]
pub(super) fn shift_round(sign: bool, m: u128, d: u32, r: Round) -> u128 {
    if d == 0 {
        return m;
    }
    if d >= 128 {
        // Only a value below 2^127 can be shifted this far: it is below half
        // of the unit unless d = 128 (a tie or above when its bit 127 is set).
        let half = if d == 128 { m >> 127 == 1 } else { false };
        let above = d == 128 && m > 1 << 127;
        let inexact = m != 0;
        return u128::from(match r {
            Round::N => above,
            Round::A => half,
            Round::Z => false,
            Round::U => inexact && !sign,
            Round::D => inexact && sign,
        });
    }
    let mask = (1u128 << d) - 1;
    let (q, rem) = (m >> d, m & mask);
    let half = 1u128 << (d - 1);
    let inc = match r {
        Round::N => half - 1 + (q & 1),
        Round::A => half,
        Round::Z => 0,
        Round::U => mask & 0u128.wrapping_sub(u128::from(!sign)),
        Round::D => mask & 0u128.wrapping_sub(u128::from(sign)),
    };
    q + ((rem + inc) >> d)
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
    // A magnitude with its leading bit at 126 or 127 (a binary128 product
    // or sum) is normalised by a shift of 0 or 1, with no bit count, and
    // (as that bit is a coin toss) with no branch: `m + m` is `m << 1`.
    let (lz, n) = if m >> 126 != 0 {
        let low = 1 - (m >> 127);
        (low as u32, m + (m & 0u128.wrapping_sub(low)))
    } else {
        let lz = m.leading_zeros();
        (lz, m << lz)
    };
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
    // the significand lands in the exponent field. An exponent past the
    // largest gives at least the infinity's encoding, without wrapping (at
    // binary128 the largest, of a product of the largest numbers, is below
    // 2^16 = 2^(128 − FRAC)), so one comparison finds overflow.
    let bits = ((biased_less_one as u128) << F::FRAC) + q;
    if bits >= F::INF {
        return overflow::<F>(sign, r);
    }
    sign_bits::<F>(sign) | bits
}
