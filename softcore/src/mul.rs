//! Multiplication (IEEE 754-2019 §5.4.1), SoftFloat's `fN_mul`.

use super::format::{factors, field_normal, finite, normal, sign, sign_bits, Factors, Format};
use super::pack::round_pack;
use super::wide;
use crate::round::Round;

/// `a × b` rounded in `r`.
#[inline]
pub fn mul<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    if F::P > 64 {
        let (a, b) = (a & F::MASK, b & F::MASK);
        if let (Some(fa), Some(fb)) = (field_normal::<F>(a), field_normal::<F>(b)) {
            // Both significands with the leading bit at 127: the product
            // lies in [2^254, 2^256), its high half has at least 127
            // significant bits, and its low half is jammed into bit 0.
            let xa = (a | 1 << F::FRAC) << (127 - F::FRAC);
            let xb = (b | 1 << F::FRAC) << (127 - F::FRAC);
            let (hi, lo) = wide::mul(xa, xb);
            let s = sign::<F>(a) != sign::<F>(b);
            return round_pack::<F>(s, fa + fb - 126, hi | u128::from(lo != 0), r);
        }
        return mul_rare::<F>(a, b, r);
    }
    mul_general::<F>(a, b, r)
}

/// [`mul_general`] out of line: at binary128 the zeros, subnormals, infinities
/// and NaNs, kept out of the inlined fast path.
#[inline(never)]
fn mul_rare<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    mul_general::<F>(a, b, r)
}

/// [`mul`] for any operands.
#[inline]
fn mul_general<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    let Factors { s, ma, mb } = match factors::<F>(a, b) {
        Ok(f) => f,
        Err(nan) => return nan,
    };
    if ma == F::INF || mb == F::INF {
        return if ma == 0 || mb == 0 {
            F::DEFAULT_NAN
        } else {
            sign_bits::<F>(s) | F::INF
        };
    }
    if ma == 0 || mb == 0 {
        return sign_bits::<F>(s);
    }
    if F::P <= 64 {
        let (ea, xa) = finite::<F>(ma);
        let (eb, xb) = finite::<F>(mb);
        // The product of two significands of at most 53 bits is exact in a u128.
        round_pack::<F>(s, ea + eb, xa * xb, r)
    } else {
        // Normalised significands of P = 113 bits give a product in
        // [2^224, 2^226): its top 128 bits are `hi << 30 | lo >> 98` (at
        // least 125 significant bits), the rest jammed into bit 0.
        let (ea, xa) = normal::<F>(ma);
        let (eb, xb) = normal::<F>(mb);
        let (hi, lo) = wide::mul(xa, xb);
        let cut = 2 * F::P - 128;
        let m = hi << (128 - cut) | lo >> cut | u128::from(lo << (128 - cut) != 0);
        round_pack::<F>(s, ea + eb + cut as i32, m, r)
    }
}
