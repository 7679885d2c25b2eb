//! Square root (IEEE 754-2019 §5.4.1), SoftFloat's `fN_sqrt`: the integer
//! square root of the scaled significand, inexactness as sticky bit.

use super::format::{normal, operand, sign, Format};
use super::pack::round_pack;
use super::wide;
use crate::round::Round;

/// `√a` rounded in `r`; `√−0 = −0`, and a negative nonzero gives the default NaN.
#[inline]
pub fn sqrt<F: Format>(a: u128, r: Round) -> u128 {
    let (a, mag) = match operand::<F>(a) {
        Ok(v) => v,
        Err(nan) => return nan,
    };
    if mag == 0 {
        return a;
    }
    if sign::<F>(a) {
        return F::DEFAULT_NAN;
    }
    if mag == F::INF {
        return a;
    }
    let (mut e, mut m) = normal::<F>(a);
    if e & 1 != 0 {
        m <<= 1;
        e -= 1;
    }
    // An even scale 2^T with T ≥ P + 6 leaves a root of at least P + 3 bits.
    let t = (F::P + 7) & !1;
    let root = if F::P <= 24 {
        let n = (m as u64) << t;
        let q = n.isqrt();
        u128::from(q) | u128::from(q * q != n)
    } else if F::P <= 64 {
        let n = m << t;
        let q = n.isqrt();
        q | u128::from(q * q != n)
    } else {
        let (hi, lo) = wide::shl_any(0, m, t);
        let q = wide::isqrt(hi, lo);
        q | u128::from(wide::mul(q, q) != (hi, lo))
    };
    round_pack::<F>(false, (e - t as i32) / 2, root, r)
}
