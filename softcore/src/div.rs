//! Division (IEEE 754-2019 §5.4.1), SoftFloat's `fN_div`: one integer
//! division of the scaled dividend significand, the remainder as sticky bit.

use super::format::{factors, field_normal, normal, sign, sign_bits, Factors, Format};
use super::pack::round_pack;
use super::wide;
use crate::round::Round;

/// `a ÷ b` rounded in `r`.
#[inline]
pub fn div<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    if F::P > 64 {
        let (a, b) = (a & F::MASK, b & F::MASK);
        if let (Some(fa), Some(fb)) = (field_normal::<F>(a), field_normal::<F>(b)) {
            let xa = (a & F::FRAC_MASK) | 1 << F::FRAC;
            let xb = (b & F::FRAC_MASK) | 1 << F::FRAC;
            // ⌊xa·2^127 / xb⌋, in (2^126, 2^128) as xa / xb is in (1/2, 2):
            // the dividend xa·2^(126 − FRAC)·2^128 over the divisor moved to
            // the top, xb·2^(127 − FRAC), whose high half is above xa·2^(126 − FRAC).
            let (q, rem) = wide::div(xa << (126 - F::FRAC), 0, xb << (127 - F::FRAC));
            let s = sign::<F>(a) != sign::<F>(b);
            return round_pack::<F>(s, fa - fb - 127, q | u128::from(rem != 0), r);
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

/// `⌊xa · 2^(P+3) / xb⌋` and whether a remainder is left, for significands
/// `xa`, `xb` in `[2^(P−1), 2^P)` of a format with `P > 64`: one
/// two-digit [`wide::div`] of the dividend by the divisor moved to the top.
#[inline(always)]
fn wide_quotient<F: Format>(xa: u128, xb: u128) -> (u128, u128) {
    let shift = F::P + 3;
    let norm = 128 - F::P;
    wide::div(xa << (shift + norm - 128), 0, xb << norm)
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
        let (q, rem) = wide_quotient::<F>(xa, xb);
        q | u128::from(rem != 0)
    };
    round_pack::<F>(s, ea - eb - shift as i32, m, r)
}
