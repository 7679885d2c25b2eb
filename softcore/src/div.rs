//! Division (IEEE 754-2019 §5.4.1), SoftFloat's `fN_div`: one integer
//! division of the scaled dividend significand, the remainder as sticky bit.

use super::format::{factors, normal, sign_bits, Factors, Format};
use super::pack::round_pack;
use super::wide;
use crate::round::Round;

/// `a ÷ b` rounded in `r`.
#[inline]
pub fn div<F: Format>(a: u128, b: u128, r: Round) -> u128 {
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
        let norm = 128 - F::P;
        let (q, rem) = wide::div(xa << (shift + norm - 128), 0, xb << norm);
        q | u128::from(rem != 0)
    };
    round_pack::<F>(s, ea - eb - shift as i32, m, r)
}
