//! Addition and subtraction (IEEE 754-2019 §5.4.1, §6.3), SoftFloat's `fN_add`/`fN_sub`.

use super::format::{cancel_zero, field_normal, finite, is_nan, propagate, sign, Format};
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

/// `a + b` for normal `a` and `b`: operands more than `P + 1` binades
/// apart by [`far_sum`], the others without branches before the rounding.
///
/// Both significands are placed with the leading bit at 126 (room for the
/// carry of a sum) and their trailing zeros counted; the comparison of the
/// magnitudes (the encodings compare as the values) then only picks which
/// is shifted right by the exponent difference (at most `P + 1`, known from
/// the exponents alone), with the lost bits jammed: a bit is lost exactly
/// when the shift passes the lowest set bit, so nothing is shifted back.
/// Preparing both operands before the comparison shortens the chain from
/// an operand to the sum, which a fold (`acc = acc + x·y`) waits on. A
/// sticky bit is set only for a shift of at least 15 (the 14 guard bits
/// are zero), so a difference keeps at least 125 significant bits then.
#[inline(always)]
fn normal_sum<F: Format>(a: u128, b: u128, (fa, fb): (i32, i32), r: Round) -> u128 {
    let d = (fa - fb).unsigned_abs();
    if d > F::P + 1 {
        let (big, small) = if fa > fb { (a, b) } else { (b, a) };
        return far_sum::<F>(big, sign::<F>(small), r);
    }
    let lead = 126 - F::FRAC;
    let placed = |x: u128| ((x & F::FRAC_MASK) | 1 << F::FRAC) << lead;
    let (sa, sb) = (placed(a), placed(b));
    let (ta, tb) = (sa.trailing_zeros(), sb.trailing_zeros());
    let (big, eb, xb, xs, ts) = if a & !F::SIGN >= b & !F::SIGN {
        (a, fa, sa, sb, tb)
    } else {
        (b, fb, sb, sa, ta)
    };
    let xs = xs >> d | u128::from(ts < d);
    let m = if sign::<F>(a) == sign::<F>(b) {
        xb + xs
    } else {
        xb - xs
    };
    if m == 0 {
        return cancel_zero::<F>(r);
    }
    round_pack::<F>(sign::<F>(big), eb - (F::FRAC + lead) as i32, m, r)
}

/// `big + small` for normal operands whose exponents differ by more than
/// `P + 1`, given `big` and the sign of `small`: `big`'s encoding moved by
/// at most one unit.
///
/// `|small| < 2^(e + 1)` with `e` at most `eb − P − 2`, below a quarter of
/// the unit in the last place of `|big|` and half of the unit below it (at
/// a power of two), so round to nearest gives `big`, and a directed mode
/// `big` or its neighbour away from zero (the same sign, the mode rounding
/// away from zero) or toward zero (opposite signs, the mode rounding toward
/// zero). The neighbour of the largest finite magnitude away from zero is
/// the infinity, as overflow gives there.
#[inline(always)]
fn far_sum<F: Format>(big: u128, small_sign: bool, r: Round) -> u128 {
    let s = sign::<F>(big);
    let away = match r {
        Round::N | Round::A | Round::Z => false,
        Round::U => !s,
        Round::D => s,
    };
    let toward_zero = !matches!(r, Round::N | Round::A) && !away;
    if s == small_sign {
        big + u128::from(away)
    } else {
        big - u128::from(toward_zero)
    }
}

/// `a + b`, where a NaN result is propagated from `(a, b_nan)`: subtraction
/// flips `b`'s sign but SoftFloat propagates the operand as given.
#[inline(always)]
fn signed_sum<F: Format>(a: u128, b: u128, b_nan: u128, r: Round) -> u128 {
    if F::P > 64 {
        if let (Some(fa), Some(fb)) = (field_normal::<F>(a), field_normal::<F>(b)) {
            return normal_sum::<F>(a, b, (fa, fb), r);
        }
        return rare_sum::<F>(a, b, b_nan, r);
    }
    general_sum::<F>(a, b, b_nan, r)
}

/// [`general_sum`] out of line: at binary128 the zeros, subnormals,
/// infinities and NaNs, kept out of the inlined fast path.
#[inline(never)]
fn rare_sum<F: Format>(a: u128, b: u128, b_nan: u128, r: Round) -> u128 {
    general_sum::<F>(a, b, b_nan, r)
}

/// [`signed_sum`] for any operands.
#[inline(always)]
fn general_sum<F: Format>(a: u128, b: u128, b_nan: u128, r: Round) -> u128 {
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
