//! Posit arithmetic and order: `add sub mul div sqt fma neg abs sgn`, the comparisons and `isqt`.
//!
//! Ports the arms of those names in `libmath/desk/lib/unum.hoon@96f3cfe`. Each arithmetic arm
//! decodes its operands, combines them exactly (integer significands, exponents aligned to the
//! smaller one) and rounds once with `+bit`. `div` and `sqt` compute a quotient or root of `2n`
//! (resp. `4n` bits of scaling) extra bits, floor it and OR a sticky 1 into the last bit when
//! inexact. NaR propagates; `add` and `fma` return an operand's pattern unchanged when the other
//! term is zero. Comparisons are the two's-complement order of the patterns (`/lib/twoc` at width
//! `n`), so NaR is below every real; `equ`/`neq` compare patterns (NaR equals NaR).

use super::codec::{decode, encode, root_operand};
use super::{word, Dec, Width};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::Zero;

/// An arm of two posits.
type Two = fn(Width, u128, u128) -> u128;

/// A two-posit arm at width `w` on the fixed-width path ([`word`], no allocation): on `u64`
/// carriers up to posit32 (`narrow`), on `u128` at posit64 (`wide`); else `big`'s `BigUint` one.
#[inline(always)]
fn fixed_width(
    w: Width,
    (a, b): (u128, u128),
    narrow: fn(Width, u64, u64) -> u64,
    wide: Two,
    big: Two,
) -> u128 {
    match w {
        Width::P8 | Width::P16 | Width::P32 => u128::from(narrow(w, a as u64, b as u64)),
        Width::P64 => wide(w, a, b),
        Width::P128 => big(w, a, b),
    }
}

/// `+neg`: the two's-complement negation of the pattern (`neg 0 = 0`, `neg NaR = NaR`).
pub fn neg(w: Width, a: u128) -> u128 {
    (a & w.mask()).wrapping_neg() & w.mask()
}

/// `+abs`: `neg a` when the sign bit is set (NaR stays NaR), else `a`.
pub fn abs(w: Width, a: u128) -> u128 {
    let a = a & w.mask();
    if sign_bit(w, a) {
        neg(w, a)
    } else {
        a
    }
}

/// `+sgn`: zero and NaR unchanged, `neg one` for a negative posit, `one` otherwise.
pub fn sgn(w: Width, a: u128) -> u128 {
    let a = a & w.mask();
    if a == 0 || a == w.nar() {
        a
    } else if sign_bit(w, a) {
        neg(w, w.one())
    } else {
        w.one()
    }
}

fn sign_bit(w: Width, a: u128) -> bool {
    (a >> (w.n() - 1)) & 1 == 1
}

/// The pattern as a two's-complement integer of `n` bits.
fn signed(w: Width, a: u128) -> i128 {
    let sh = 128 - w.n();
    ((a << sh) as i128) >> sh
}

/// `+lth`: `a < b` in two's-complement order (NaR is the least).
pub fn lth(w: Width, a: u128, b: u128) -> bool {
    signed(w, a) < signed(w, b)
}

/// `+lte`: `a ≤ b` in two's-complement order.
pub fn lte(w: Width, a: u128, b: u128) -> bool {
    signed(w, a) <= signed(w, b)
}

/// `+gth`: `a > b` in two's-complement order.
pub fn gth(w: Width, a: u128, b: u128) -> bool {
    signed(w, a) > signed(w, b)
}

/// `+gte`: `a ≥ b` in two's-complement order.
pub fn gte(w: Width, a: u128, b: u128) -> bool {
    signed(w, a) >= signed(w, b)
}

/// `+equ`: the patterns are equal (so NaR equals NaR).
pub fn equ(w: Width, a: u128, b: u128) -> bool {
    a & w.mask() == b & w.mask()
}

/// `+neq`: the patterns differ.
pub fn neq(w: Width, a: u128, b: u128) -> bool {
    !equ(w, a, b)
}

/// `+is-close`: `|a − b| ≤ tol`, with the posit `sub`, `abs` and two's-complement `lte`
/// (inclusive, absolute tolerance). A NaR operand makes the difference NaR, the least pattern, so
/// it counts as close to anything.
pub fn is_close(w: Width, a: u128, b: u128, tol: u128) -> bool {
    lte(w, abs(w, sub(w, a, b)), tol)
}

/// `+mul`: the product, rounded once (without allocating up to posit64: the `word` module).
pub fn mul(w: Width, a: u128, b: u128) -> u128 {
    fixed_width(w, (a, b), word::mul::<u64>, word::mul::<u128>, big_mul)
}

/// `+mul` computed exactly with `BigUint` significands at any width: the posit128 path and the
/// reference of the fixed-width one.
pub fn big_mul(w: Width, a: u128, b: u128) -> u128 {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) => w.nar(),
        (Dec::Z, _) | (_, Dec::Z) => 0,
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => {
            encode(w, sa == sb, ea + eb, &(BigUint::from(aa) * ab))
        }
    }
}

/// `+add`: the sum, rounded once; a zero operand returns the other operand's pattern (without
/// allocating up to posit64: the `word` module).
pub fn add(w: Width, a: u128, b: u128) -> u128 {
    fixed_width(w, (a, b), word::add::<u64>, word::add::<u128>, big_add)
}

/// `+add` computed exactly with `BigUint` significands at any width: the posit128 path and the
/// reference of the fixed-width one.
pub fn big_add(w: Width, a: u128, b: u128) -> u128 {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) => w.nar(),
        (Dec::Z, _) => b & w.mask(),
        (_, Dec::Z) => a & w.mask(),
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => {
            signed_sum(w, (sa, ea, BigUint::from(aa)), (sb, eb, BigUint::from(ab)))
        }
    }
}

/// `+sub`: `add a (neg b)`.
pub fn sub(w: Width, a: u128, b: u128) -> u128 {
    add(w, a, neg(w, b))
}

/// `+sub` computed exactly with `BigUint` significands: `big_add a (neg b)`.
pub fn big_sub(w: Width, a: u128, b: u128) -> u128 {
    big_add(w, a, neg(w, b))
}

/// The rounded sum of two exact non-zero terms `(sign, exponent, significand)`, as `+add` and
/// `+fma` combine them: align to the smaller exponent, add or subtract magnitudes (the larger
/// magnitude's sign wins), exact cancellation gives zero.
fn signed_sum(w: Width, x: (bool, i64, BigUint), y: (bool, i64, BigUint)) -> u128 {
    let (sx, ex, ax) = x;
    let (sy, ey, ay) = y;
    let emin = ex.min(ey);
    let s1 = ax << (ex - emin).unsigned_abs();
    let s2 = ay << (ey - emin).unsigned_abs();
    if sx == sy {
        encode(w, sx, emin, &(s1 + s2))
    } else if s1 > s2 {
        encode(w, sx, emin, &(s1 - s2))
    } else if s2 > s1 {
        encode(w, sy, emin, &(s2 - s1))
    } else {
        0
    }
}

/// `+div`: the quotient, rounded once; NaR when either operand is NaR or the divisor is zero
/// (without allocating up to posit64: the `word` module).
pub fn div(w: Width, a: u128, b: u128) -> u128 {
    fixed_width(w, (a, b), word::div::<u64>, word::div::<u128>, big_div)
}

/// `+div` computed as the Hoon does (`2n` extra quotient bits, `BigUint` significands) at any
/// width: the posit128 path and the reference of the fixed-width one.
pub fn big_div(w: Width, a: u128, b: u128) -> u128 {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) | (_, Dec::Z) => w.nar(),
        (Dec::Z, _) => 0,
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => {
            let g = 2 * w.n();
            let num = BigUint::from(aa) << g;
            let (q, r) = num.div_rem(&BigUint::from(ab));
            let qs = if r.is_zero() {
                q
            } else {
                q | BigUint::from(1u8)
            };
            encode(w, sa == sb, ea - eb - i64::from(g), &qs)
        }
    }
}

/// `+isqt`: the integer square root `⌊√x⌋` (the Hoon's Newton iteration from above ends there).
pub fn isqt(x: &BigUint) -> BigUint {
    x.sqrt()
}

/// `+sqt`: the square root, rounded once; NaR for NaR and negative operands, zero for zero
/// (without allocating up to posit64: the `word` module).
pub fn sqt(w: Width, p: u128) -> u128 {
    match w {
        Width::P8 | Width::P16 | Width::P32 => u128::from(word::sqt::<u64>(w, p as u64)),
        Width::P64 => word::sqt::<u128>(w, p),
        Width::P128 => big_sqt(w, p),
    }
}

/// `+sqt` computed as the Hoon does (`4n` bits of scaling, `BigUint` significands) at any width:
/// the posit128 path and the reference of the fixed-width one.
pub fn big_sqt(w: Width, p: u128) -> u128 {
    let (ee, aa) = match root_operand(w, p) {
        Ok(v) => v,
        Err(r) => return r,
    };
    let g = 2 * w.n();
    let m = BigUint::from(aa) << (2 * g);
    let s = isqt(&m);
    let sx = if &s * &s == m {
        s
    } else {
        s | BigUint::from(1u8)
    };
    encode(w, true, ee / 2 - i64::from(g), &sx)
}

/// `+fma`: `a·b + c` exact, rounded once; returns `c` unchanged when `a` or `b` is zero.
pub fn fma(w: Width, a: u128, b: u128, c: u128) -> u128 {
    let (ua, ub, uc) = (decode(w, a), decode(w, b), decode(w, c));
    if ua == Dec::N || ub == Dec::N || uc == Dec::N {
        return w.nar();
    }
    let (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) = (ua, ub) else {
        return c & w.mask();
    };
    let ps = sa == sb;
    let pe = ea + eb;
    let pa = BigUint::from(aa) * ab;
    match uc {
        Dec::P(sc, ec, ac) => signed_sum(w, (ps, pe, pa), (sc, ec, BigUint::from(ac))),
        _ => encode(w, ps, pe, &pa),
    }
}
