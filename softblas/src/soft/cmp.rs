//! Quiet comparisons (IEEE 754-2019 §5.6.1 compareQuietLess,
//! compareQuietLessEqual, compareQuietEqual), SoftFloat's `fN_lt_quiet`,
//! `fN_le_quiet`, `fN_eq`: false whenever an operand is a NaN, `−0 = +0`.

use super::format::{is_nan, sign, Format};

/// `a < b`.
#[inline]
pub fn lt<F: Format>(a: u128, b: u128) -> bool {
    let (a, b) = (a & F::MASK, b & F::MASK);
    if is_nan::<F>(a) || is_nan::<F>(b) {
        return false;
    }
    let (sa, sb) = (sign::<F>(a), sign::<F>(b));
    if sa != sb {
        return sa && (a | b) & !F::SIGN != 0;
    }
    a != b && (sa ^ (a < b))
}

/// `a ≤ b`.
#[inline]
pub fn le<F: Format>(a: u128, b: u128) -> bool {
    let (a, b) = (a & F::MASK, b & F::MASK);
    if is_nan::<F>(a) || is_nan::<F>(b) {
        return false;
    }
    let (sa, sb) = (sign::<F>(a), sign::<F>(b));
    if sa != sb {
        return sa || (a | b) & !F::SIGN == 0;
    }
    a == b || (sa ^ (a < b))
}

/// `a = b`.
#[inline]
pub fn eq<F: Format>(a: u128, b: u128) -> bool {
    let (a, b) = (a & F::MASK, b & F::MASK);
    !is_nan::<F>(a) && !is_nan::<F>(b) && (a == b || (a | b) & !F::SIGN == 0)
}
