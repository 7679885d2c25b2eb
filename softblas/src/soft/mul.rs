//! Multiplication (IEEE 754-2019 §5.4.1), SoftFloat's `fN_mul`.

use super::format::{finite, is_nan, propagate, sign, sign_bits, Format};
use super::pack::round_pack;
use super::wide;
use crate::Round;

/// `a × b` rounded in `r`.
#[inline]
pub fn mul<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    let (a, b) = (a & F::MASK, b & F::MASK);
    if is_nan::<F>(a) || is_nan::<F>(b) {
        return propagate::<F>(a, b);
    }
    let s = sign::<F>(a) != sign::<F>(b);
    let (ma, mb) = (a & !F::SIGN, b & !F::SIGN);
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
    let (ea, xa) = finite::<F>(a);
    let (eb, xb) = finite::<F>(b);
    if F::P <= 64 {
        // The product of two significands of at most 53 bits is exact in a u128.
        round_pack::<F>(s, ea + eb, xa * xb, r)
    } else {
        let (hi, lo) = wide::mul(xa, xb);
        let (m, k) = wide::narrow(hi, lo);
        round_pack::<F>(s, ea + eb + k, m, r)
    }
}
