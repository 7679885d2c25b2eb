//! Addition and subtraction (IEEE 754-2019 §5.4.1, §6.3), SoftFloat's `fN_add`/`fN_sub`.

use super::format::{cancel_zero, finite, is_nan, propagate, sign, Format};
use super::pack::round_pack;
use crate::round::Round;

/// Guard bits kept below the larger operand while aligning.
const GUARD: u32 = 3;

/// `m >> s` with the shifted-out bits ORed into bit 0.
#[inline(always)]
pub(super) fn shr_jam(m: u128, s: u32) -> u128 {
    if s == 0 {
        m
    } else if s < 128 {
        (m >> s) | u128::from(m << (128 - s) != 0)
    } else {
        u128::from(m != 0)
    }
}

/// `a + b` rounded in `r`.
#[inline]
pub fn add<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    let (a, b) = (a & F::MASK, b & F::MASK);
    signed_sum::<F>(a, b, b, r)
}

/// `a − b` rounded in `r`.
#[inline]
pub fn sub<F: Format>(a: u128, b: u128, r: Round) -> u128 {
    let (a, b) = (a & F::MASK, b & F::MASK);
    signed_sum::<F>(a, b ^ F::SIGN, b, r)
}

/// `a + b`, where a NaN result is propagated from `(a, b_nan)`: subtraction
/// flips `b`'s sign but SoftFloat propagates the operand as given.
#[inline(always)]
fn signed_sum<F: Format>(a: u128, b: u128, b_nan: u128, r: Round) -> u128 {
    if is_nan::<F>(a) || is_nan::<F>(b) {
        return propagate::<F>(a, b_nan);
    }
    let (sa, sb) = (sign::<F>(a), sign::<F>(b));
    let (ma, mb) = (a & !F::SIGN, b & !F::SIGN);
    if ma == F::INF {
        return if mb == F::INF && sa != sb {
            F::DEFAULT_NAN
        } else {
            a
        };
    }
    if mb == F::INF {
        return b;
    }
    if ma == 0 || mb == 0 {
        return match (ma == 0, mb == 0) {
            (true, true) if sa != sb => cancel_zero::<F>(r),
            (true, _) => b,
            _ => a,
        };
    }
    let (ea, xa) = finite::<F>(a);
    let (eb, xb) = finite::<F>(b);
    let ((sa, ea, xa), (sb, eb, xb)) = if ea >= eb {
        ((sa, ea, xa), (sb, eb, xb))
    } else {
        ((sb, eb, xb), (sa, ea, xa))
    };
    let big = xa << GUARD;
    let small = shr_jam(xb << GUARD, (ea - eb) as u32);
    let (s, m) = if sa == sb {
        (sa, big + small)
    } else if big >= small {
        (sa, big - small)
    } else {
        (sb, small - big)
    };
    if m == 0 {
        return cancel_zero::<F>(r);
    }
    round_pack::<F>(s, ea - GUARD as i32, m, r)
}
