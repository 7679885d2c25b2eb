//! Quiet comparisons (IEEE 754-2019 §5.6.1 compareQuietLess,
//! compareQuietLessEqual, compareQuietEqual), SoftFloat's `fN_lt_quiet`,
//! `fN_le_quiet`, `fN_eq`: false whenever an operand is a NaN, `−0 = +0`.

use super::format::{is_nan, sign, Format};

/// The operands masked to the format and their signs, or `None` when
/// either is a NaN (an ordering comparison is then false).
#[inline(always)]
fn ordered<F: Format>(a: u128, b: u128) -> Option<(u128, u128, bool, bool)> {
    let (a, b) = (a & F::MASK, b & F::MASK);
    if is_nan::<F>(a) || is_nan::<F>(b) {
        return None;
    }
    Some((a, b, sign::<F>(a), sign::<F>(b)))
}

/// `a < b`.
#[inline]
pub fn lt<F: Format>(a: u128, b: u128) -> bool {
    let Some((a, b, sa, sb)) = ordered::<F>(a, b) else {
        return false;
    };
    if sa != sb {
        return sa && (a | b) & !F::SIGN != 0;
    }
    a != b && (sa ^ (a < b))
}

/// `a ≤ b`.
#[inline]
pub fn le<F: Format>(a: u128, b: u128) -> bool {
    let Some((a, b, sa, sb)) = ordered::<F>(a, b) else {
        return false;
    };
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
