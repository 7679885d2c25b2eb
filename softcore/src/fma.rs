//! Fused multiply-add (IEEE 754-2019 §5.4.1 fusedMultiplyAdd), SoftFloat's
//! `fN_mulAdd`: the exact product and the addend meet in 256 bits, one rounding.

use super::format::{cancel_zero, factors, finite, is_nan, sign, sign_bits, Factors, Format};
use super::pack::round_pack;
use super::wide;
use crate::round::Round;

/// The bit both terms' leading bits are aligned to before the sum.
const TOP: u32 = 253;

/// `a × b + c` rounded once in `r`.
///
/// NaNs as SoftFloat's `s_mulAddF*.c`: a NaN `a` or `b` wins over `c`;
/// `∞ × 0` gives the default NaN even when `c` is a NaN.
pub fn fma<F: Format>(a: u128, b: u128, c: u128, r: Round) -> u128 {
    let Factors { s: sp, ma, mb } = match factors::<F>(a, b) {
        Ok(f) => f,
        Err(nan) => return nan,
    };
    let c = c & F::MASK;
    let sc = sign::<F>(c);
    let mc = c & !F::SIGN;
    if ma == F::INF || mb == F::INF {
        if ma == 0 || mb == 0 {
            return F::DEFAULT_NAN;
        }
        if is_nan::<F>(c) {
            return c | F::QUIET;
        }
        if mc == F::INF && sc != sp {
            return F::DEFAULT_NAN;
        }
        return sign_bits::<F>(sp) | F::INF;
    }
    if is_nan::<F>(c) {
        return c | F::QUIET;
    }
    if mc == F::INF {
        return c;
    }
    if ma == 0 || mb == 0 {
        return if mc == 0 && sp != sc {
            cancel_zero::<F>(r)
        } else {
            c
        };
    }
    let (ea, xa) = finite::<F>(ma);
    let (eb, xb) = finite::<F>(mb);
    let p = wide::mul(xa, xb);
    let ep = ea + eb;
    if mc == 0 {
        let (m, k) = wide::narrow(p.0, p.1);
        return round_pack::<F>(sp, ep + k, m, r);
    }
    let (ec, xc) = finite::<F>(c);
    // Both terms with their leading bit at TOP; `e*` is then the weight of bit 0.
    let sp_shift = TOP + 1 - wide::bit_len(p.0, p.1);
    let p = wide::shl_any(p.0, p.1, sp_shift);
    let ep = ep - sp_shift as i32;
    let sc_shift = TOP + 1 - wide::bit_len(0, xc);
    let q = wide::shl_any(0, xc, sc_shift);
    let ec = ec - sc_shift as i32;
    let (e, (big_s, big), (small_s, small)) = if ep >= ec {
        let d = (ep - ec).unsigned_abs();
        (ep, (sp, p), (sc, wide::shr_jam(q.0, q.1, d)))
    } else {
        let d = (ec - ep).unsigned_abs();
        (ec, (sc, q), (sp, wide::shr_jam(p.0, p.1, d)))
    };
    let (s, sum) = if big_s == small_s {
        (big_s, wide::add(big, small))
    } else if big >= small {
        (big_s, wide::sub(big, small))
    } else {
        (small_s, wide::sub(small, big))
    };
    if sum == (0, 0) {
        return cancel_zero::<F>(r);
    }
    let (m, k) = wide::narrow(sum.0, sum.1);
    round_pack::<F>(s, e + k, m, r)
}
