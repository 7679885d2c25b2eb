//! Division (IEEE 754-2019 §5.4.1), SoftFloat's `fN_div`: the integer
//! quotient of the scaled dividend significand by the divisor's (one
//! hardware division, or at binary128 two digits from a 64-bit reciprocal),
//! the remainder as sticky bit.

use super::format::{factors, field_normal, normal, sign, sign_bits, Factors, Format};
use super::pack::round_pack;
use crate::round::Round;

/// `a ÷ b` rounded in `r`.
#[inline]
pub fn div<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    if F::P > 64 {
        let (a, b) = (a & F::MASK, b & F::MASK);
        if let (Some(fa), Some(fb)) = (field_normal::<F>(a), field_normal::<F>(b)) {
            let xa = (a & F::FRAC_MASK) | 1 << F::FRAC;
            let xb = (b & F::FRAC_MASK) | 1 << F::FRAC;
            let s = sign::<F>(a) != sign::<F>(b);
            return round_pack::<F>(s, fa - fb - 127, quotient_113(xa, xb), r);
        }
        return div_rare::<F>(a, b, r);
    }
    div_general::<F>(a, b, r)
}

/// [`div_general`] out of line: at binary128 the zeros, subnormals, infinities
/// and NaNs, kept out of the inlined fast path.
#[inline(never)]
fn div_rare<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    div_general::<F>(a, b, r)
}

/// `⌊xa · 2^127 / xb⌋` with the remainder's sticky bit in bit 0, for
/// significands `xa`, `xb` in `[2^112, 2^113)` (binary128's `P = 113`):
/// a value in `[2^126, 2^128)`.
///
/// The quotient `⌊xa · 2^115 / xb⌋` (116 or 115 bits) is made of two digits
/// from a 64-bit reciprocal that underestimates, each digit followed by its
/// exact remainder, as in SoftFloat's `f128_div` (which takes three 29-bit
/// digits from a 32-bit reciprocal); the bounds below are this function's own.
/// With `b = ⌊xb / 2^49⌋` (the divisor's top 64 bits) and `R = 2^176 / xb`,
/// the reciprocal `v = ⌊2^127 / (b + 1)⌋` lies in `(R − 3, R]`:
/// - the high digit `q1 = ⌊a·v / 2^64⌋`, `a = ⌊xa / 2^49⌋`, is at most 5
///   below `xa·2^63 / xb` (4 from the truncated `a` and `v`, 1 from the
///   floor), so its remainder `r1 = xa·2^63 − q1·xb` is in `[0, 5·xb)`,
///   below `2^116`: its value is its low 128 bits, computed wrapping;
/// - the low digit `q2 = ⌊h·v / 2^72⌋`, `h = ⌊r1 / 2^52⌋`, is at most
///   1.02 below `r1·2^52 / xb` (the truncations weigh 2^−8 and
///   `3·r1 / 2^124 < 2^−6` as `r1` is small; the floor 1), so the
///   remainder `r1·2^52 − q2·xb` (again exact in 128 wrapping bits) is
///   below `2·xb` and one conditional subtraction of `xb` ends the division.
#[inline(always)]
fn quotient_113(xa: u128, xb: u128) -> u128 {
    debug_assert!(xa >> 112 == 1 && xb >> 112 == 1);
    let b = (xb >> 49) as u64;
    // A divisor of 2^65 (b + 1 = 2^64) is rare and still exact.
    let v = ((1u128 << 127) / (u128::from(b) + 1)) as u64;
    let q1 = ((u128::from((xa >> 49) as u64) * u128::from(v)) >> 64) as u64;
    let r1 = (xa << 63).wrapping_sub(u128::from(q1).wrapping_mul(xb));
    let q2 = ((u128::from((r1 >> 52) as u64) * u128::from(v)) >> 72) as u64;
    let rem = (r1 << 52).wrapping_sub(u128::from(q2).wrapping_mul(xb));
    let over = rem >= xb;
    let q = (u128::from(q1) << 52) + u128::from(q2) + u128::from(over);
    let rem = rem.wrapping_sub(xb & 0u128.wrapping_sub(u128::from(over)));
    (q << 12) | u128::from(rem != 0)
}

/// [`div`] for any operands.
#[inline]
fn div_general<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    let Factors { s, ma, mb } = match factors::<F>(a, b) {
        Ok(f) => f,
        Err(nan) => return nan,
    };
    if ma == F::INF {
        return if mb == F::INF {
            F::DEFAULT_NAN
        } else {
            sign_bits::<F>(s) | F::INF
        };
    }
    if mb == F::INF {
        return sign_bits::<F>(s);
    }
    if mb == 0 {
        return if ma == 0 {
            F::DEFAULT_NAN
        } else {
            sign_bits::<F>(s) | F::INF
        };
    }
    if ma == 0 {
        return sign_bits::<F>(s);
    }
    let (ea, xa) = normal::<F>(ma);
    let (eb, xb) = normal::<F>(mb);
    // Both significands lie in [2^(P-1), 2^P), so the quotient of
    // xa·2^S by xb has S or S + 1 bits: at least P + 3.
    let shift = F::P + 3;
    let m = if F::P <= 24 {
        let n = (xa as u64) << shift;
        let q = n / xb as u64;
        u128::from(q) | u128::from(n != q * xb as u64)
    } else if F::P <= 64 {
        let n = xa << shift;
        let q = n / xb;
        q | u128::from(n != q * xb)
    } else {
        return round_pack::<F>(s, ea - eb - 127, quotient_113(xa, xb), r);
    };
    round_pack::<F>(s, ea - eb - shift as i32, m, r)
}

#[cfg(test)]
mod tests {
    use super::quotient_113;
    use crate::wide;

    /// `⌊xa·2^115 / xb⌋ · 2^12` with the sticky bit, by the schoolbook
    /// division of `wide` (of `xa·2^130` by `xb·2^15`).
    fn reference(xa: u128, xb: u128) -> u128 {
        let (q, rem) = wide::div(xa << 2, 0, xb << 15);
        q << 12 | u128::from(rem != 0)
    }

    #[test]
    fn quotient_113_matches_schoolbook_division() {
        let mut next = crate::splitmix(0x0d1_5eed);
        let top = 1u128 << 112;
        let all = (1u128 << 113) - 1;
        // Divisors whose top 64 bits are all ones (the reciprocal of
        // 2^64), powers of two, and quotients that are exact or one off.
        let edges = [
            top,
            top + 1,
            all,
            all - 1,
            all & !((1 << 49) - 1),
            (all & !((1 << 49) - 1)) - 1,
            top | ((1 << 49) - 1),
            top | 1 << 49,
            3 << 111,
            (3 << 111) - 1,
        ];
        for &xa in &edges {
            for &xb in &edges {
                assert_eq!(quotient_113(xa, xb), reference(xa, xb), "{xa:x} / {xb:x}");
            }
        }
        for i in 0..400_000u32 {
            let wide_bits = |z: u64, w: u64| u128::from(z) << 64 | u128::from(w);
            let xb = top | wide_bits(next(), next()) & (top - 1);
            let xb = match i % 4 {
                0 => xb,
                1 => xb | ((1 << (next() % 113)) - 1),
                2 => xb & !((1 << (next() % 112)) - 1),
                _ => edges[(next() % 10) as usize],
            };
            // Dividends with an exact quotient or one near it: q·xb ± small
            // for a small q, and random ones.
            let xa = match i % 3 {
                0 => top | wide_bits(next(), next()) & (top - 1),
                1 => {
                    let m = xb * u128::from(next() % 2 + 1);
                    let m = if m >> 113 != 0 { m >> 1 } else { m };
                    (m.wrapping_add(u128::from(next() % 5)).wrapping_sub(2)).clamp(top, all)
                }
                _ => (xb ^ u128::from(next() % 8)).clamp(top, all),
            };
            assert_eq!(quotient_113(xa, xb), reference(xa, xb), "{xa:x} / {xb:x}");
        }
    }
}
