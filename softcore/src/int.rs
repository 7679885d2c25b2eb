//! Rounding to an integral value (IEEE 754-2019 §5.3.1 roundToIntegral in
//! the given direction), SoftFloat's `fN_roundToInt(a, mode, exact = false)`.

use super::format::{finite, operand, sign, Format};
use super::pack::{round_pack, shift_round};
use crate::round::Round;

/// `a` rounded to an integral value of the same format in `r`; the sign of
/// `a` is kept (`−0.3` rounds up to `−0`).
#[inline]
pub fn round_to_int<F: Format>(a: u128, r: Round) -> u128 {
    let (a, mag) = match operand::<F>(a) {
        Ok(v) => v,
        Err(nan) => return nan,
    };
    if mag == 0 || mag >= F::INF {
        return a;
    }
    let (e, m) = finite::<F>(a);
    if e >= 0 {
        return a;
    }
    let s = sign::<F>(a);
    let n = shift_round(s, m, e.unsigned_abs(), r);
    if n == 0 {
        a & F::SIGN
    } else {
        // n ≤ 2^FRAC: exact.
        round_pack::<F>(s, 0, n, r)
    }
}
