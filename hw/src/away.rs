//! Round to nearest, ties away from zero (`%a`), from an intermediate held
//! in a wider host format: the rules every loop's `%a` sum, difference and
//! product take, written without branches so that the loops vectorise.
//!
//! `RA(x)` differs from `RN(x)` only when `x` is a midpoint of two
//! neighbours of the target format. The functions here take a value `v` of
//! a wider format that is either the exact result `x`, or `RN(x)` in that
//! format where `x` is no midpoint and no midpoint lies between `x` and `v`;
//! then `RA(x) = RA(v)`, and `RA(v)` is computed exactly:
//!
//! - **In the normal range of the target** (`|v|` at least its smallest
//!   normal): half a target unit is added to `|v|`'s bits and the bits below
//!   a target unit are cut. Inside one binade of the wide format that is
//!   `⌊|v|/u + 1/2⌋·u` for the target's unit `u` there, which is rounding
//!   half away; a carry out of the fraction moves to the next binade, whose
//!   value is the power of two the rounding reached. Past the target's
//!   largest value the conversion to the target gives ∞, which is `RA`'s
//!   overflow too (a value rounds to ∞ from half an ulp above the largest).
//! - **Below it** the unit is the smallest subnormal `2^q`: `w = |v|·2^−q` is
//!   exact (a power-of-two scaling in a format whose range covers it),
//!   `n = RN(w)` as an integer is `(w + 2^(P−1)) − 2^(P−1)` for `w < 2^(P−2)`
//!   (`P` the wide precision), and `w − n` is exact, so `n + [w − n = 1/2]`
//!   is `w` rounded half away (a tie below `n` is already away).
//!
//! Which intermediates qualify: a binary16 or binary32 sum or product of
//! two values computed in binary64 is exact (sums of binary16 values need
//! 41 bits, products 22; binary32 products 48), except a binary32 sum whose
//! operands' exponents differ by more than 28. That sum is `RN64(x)` with
//! `RN32(RN64(x)) = RN32(x)` (53 ≥ 2·24 + 2; Figueroa, "When is double
//! rounding innocuous?", 1995), and neither `x` nor `RN64(x)` is a binary32
//! midpoint: the smaller operand is below `2^(E−28)` for the larger's
//! exponent `E`, while a midpoint lies half a binary32 unit (at least
//! `2^(E−25)`, one binade lower after cancellation) from the grid the larger
//! operand is on, farther than `RN64` moves the sum.
//! binary64 has no wider host format; [`away64`] corrects `RN(x)` by the
//! exact error of the operation instead.

const SIGN64: u64 = 1 << 63;

/// `2^k` as a binary64 value, for `−1022 ≤ k ≤ 1023`.
const fn pow2(k: i32) -> f64 {
    f64::from_bits(((1023 + k) as u64) << 52)
}

/// `w ≥ 0` rounded half away to an integer, for `w < 2^51`.
#[inline(always)]
fn half_away_int(w: f64) -> f64 {
    let n = (w + pow2(52)) - pow2(52);
    n + if w - n == 0.5 { 1.0 } else { 0.0 }
}

/// `|v|`'s bits rounded half away at the unit `2^cut` below the leading bit's
/// `2^52`, i.e. to `53 − cut` significant bits.
#[inline(always)]
fn cut_bits(mag: u64, cut: u32) -> u64 {
    (mag + (1 << (cut - 1))) & !((1 << cut) - 1)
}

/// The binary32 bits of `RA(v)` for a binary64 `v` as the module doc
/// requires; a NaN gives the canonical NaN.
#[inline(always)]
pub fn away32(v: f64) -> u32 {
    let b = v.to_bits();
    let mag = b & !SIGN64;
    let m = f64::from_bits(mag);
    // Normal binary32 range: 24 significant bits.
    let wide = f64::from_bits(cut_bits(mag, 29));
    // Below 2^−126: units of 2^−149.
    let small = half_away_int(m * pow2(149)) * pow2(-149);
    let r = if m < pow2(-126) { small } else { wide };
    let bits = (r as f32).to_bits() | ((b >> 32) as u32 & 0x8000_0000);
    if m.is_nan() {
        0x7fc0_0000
    } else {
        bits
    }
}

/// The binary16 bits of `RA(v)` for a binary64 `v` as the module doc
/// requires; a NaN gives the canonical NaN.
#[inline(always)]
pub fn away16(v: f64) -> u16 {
    let b = v.to_bits();
    let mag = b & !SIGN64;
    let m = f64::from_bits(mag);
    // Normal binary16 range: 11 significant bits, encoded from the cut bits
    // (biased exponent 1008 + e, ten fraction bits); 2^16 and above is ∞.
    let t = cut_bits(mag, 42);
    let normal = if t >= pow2(16).to_bits() {
        0x7c00
    } else {
        (((t >> 52).wrapping_sub(1008) << 10) | ((t >> 42) & 0x3ff)) as u16
    };
    // Below 2^−14: units of 2^−24, whose count is the encoding (1024 is 2^−14's).
    let small = half_away_int(m * pow2(24)) as u16;
    let r = if m < pow2(-14) { small } else { normal };
    if m.is_nan() {
        0x7e00
    } else {
        r | ((b >> 48) as u16 & 0x8000)
    }
}

/// `RA(x)` from `s = RN(x)` and the exact error `e = x − s` of a binary64
/// operation (both finite): the neighbour of `s` away from zero when `x` is
/// the midpoint on that side, else `s`.
///
/// `|e| ≤ u/2` for the unit `u` between `s` and its neighbour away from zero
/// (on `e`'s side when `e` has `s`'s sign). `s + 2e` is exact only when
/// `|2e|` is `0` or `u`, since no value lies strictly between `s` and that
/// neighbour; so `(s + 2e) − s = 2e` with `e ≠ 0` of `s`'s sign is the tie
/// that `RN` broke toward zero, and `s + 2e` the neighbour.
#[inline(always)]
pub fn away64(s: f64, e: f64) -> u64 {
    let e2 = e + e;
    let n = s + e2;
    let tie = e != 0.0 && (e.to_bits() ^ s.to_bits()) & SIGN64 == 0 && n - s == e2;
    if tie {
        n.to_bits()
    } else {
        s.to_bits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use softcore::Round;

    fn soft(w: crate::ieee::Width, a: u128, b: u128, mul: bool) -> u128 {
        let op = if mul {
            crate::op::Op::Mul
        } else {
            crate::op::Op::Add
        };
        crate::ieee::canon(w, op.reference(w, Round::A, a, b))
    }

    #[test]
    fn binary16_sums_and_products_of_every_pair_with_a_few_operands() {
        let some: Vec<u16> = (0..=u16::MAX)
            .step_by(97)
            .chain([
                0x3c00, 0x0001, 0x7bff, 0x8400, 0x7c00, 0x7e00, 0x0400, 0x03ff,
            ])
            .collect();
        for &a in &some {
            for b in 0..=u16::MAX {
                let (x, z) = (crate::half::widen(a), crate::half::widen(b));
                for mul in [false, true] {
                    let v = if mul { x * z } else { x + z };
                    let want = soft(crate::ieee::Width::H, a.into(), b.into(), mul) as u16;
                    assert_eq!(
                        away16(v),
                        want,
                        "{a:#06x} {} {b:#06x}",
                        if mul { '*' } else { '+' }
                    );
                }
            }
        }
    }
}
