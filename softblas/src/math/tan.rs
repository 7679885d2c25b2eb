//! `++tan`: dedicated kernels at `@rs` (`++rs-tan`) and `@rd` (`++rd-tan`), the ratio `sin ⊘ᵣ cos` at `@rh @rq`.
//!
//! Ports `++tan`, `++rs-tan` (new in a71a0b9) and `++rd-tan` of
//! `urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9.
//!
//! The kernels (every step at `%n`): NaN and ±∞ give the canonical NaN, ±0
//! gives itself; `|x|` is reduced as `++sin` reduces it, `iy = ±1` by the
//! parity of `q`, and the result is negated (`0 ⊖ t`) for a negative `x`.
//!
//! - `@rs` `++ktan`: `z = x⊗x`, `Q = H(Q; z)`, `w2 = x ⊕ ((z⊗x)⊗Q ⊕ y⊗(1 ⊕ z))`;
//!   `iy = 1` gives `w2`, else `−1 ⊘ w2`.
//! - `@rd` `++ktan`: fdlibm's `__kernel_tan`, with the `|x| >= 0.6744` fold
//!   through π/4 and the `−cot` path that splits `w2` and `−1/w2` at 32 bits.
//!
//! `@rh @rq`: `sin(x) ⊘ᵣ cos(x)` with the door's own `sin`/`cos` and the
//! quotient rounded in the door's mode `r`.

use super::coeffs;
use super::fl::Fl;
use super::trig;
use crate::ieee::arith::{Arith, Steps};
use crate::policy::Executor;
use crate::scalar::i754::{self, Width};
use crate::Round;

/// `++tan` at width `w` in door mode `r`.
pub(crate) fn tan(e: Executor, w: Width, r: Round, x: u128) -> u128 {
    match w {
        Width::S | Width::D => tan_in(Fl::n(e, w), x),
        Width::H => half_in(e, Fl::n(e, Width::S), r, x),
        Width::Q => Fl::new(e, w, r).div(
            trig::sin_cos(e, w, r, true, x),
            trig::sin_cos(e, w, r, false, x),
        ),
    }
}

/// The `@rh` `++tan` of the `@rh` bits `x`: the door's `sin ⊘ᵣ cos`, both
/// computed in the `@rs` `%n` context `n` ([`trig::half_in`]), the quotient
/// by the executor `e`.
#[inline(always)]
pub(crate) fn half_in<A: Arith>(e: Executor, n: A, r: Round, x: u128) -> u128 {
    let sin = trig::half_in(n, true, r, x);
    let cos = trig::half_in(n, false, r, x);
    i754::binary_by(e, crate::hw::Op::Div, Width::H, r, sin, cos)
}

/// `++main` of `++rs-tan` / `++rd-tan` in the `%n` context `n` (`@rs @rd` only).
#[inline(always)]
pub(crate) fn tan_in<A: Arith>(n: A, x: A::V) -> A::V {
    let w = n.width();
    if n.is_nan(x) || i754::is_inf(w, n.bits(x)) {
        return n.nan();
    }
    if n.bits(n.magnitude(x)) == 0 {
        return n.val(n.bits(x));
    }
    let red = trig::reduce(n, n.magnitude(x));
    let iy_one = red.quadrant & 1 == 0;
    let t = if w == Width::S {
        ktan_rs(n, red.hi, red.lo, iy_one)
    } else {
        ktan_rd(n, red.hi, red.lo, iy_one)
    };
    if n.sign(x) {
        n.neg(t)
    } else {
        t
    }
}

/// `++ktan` of `++rs-tan`: tan (`iy_one`) or −cot of `x + y`.
#[inline(always)]
fn ktan_rs<A: Arith>(n: A, x: A::V, y: A::V, iy_one: bool) -> A::V {
    let z = n.mul(x, x);
    let acc = n.horner(&coeffs::RS_TAN, z);
    let s = n.mul(z, x);
    let corrpoly = n.mul(s, acc);
    let rlocorr = n.mul(y, n.add(n.one(), z));
    let rr = n.add(corrpoly, rlocorr);
    let w2 = n.add(x, rr);
    if iy_one {
        w2
    } else {
        n.div(n.negative(n.one()), w2)
    }
}

/// `++ktan` of `++rd-tan`: fdlibm `__kernel_tan` of `x + y`, tan (`iy_one`) or −cot.
#[inline(always)]
fn ktan_rd<A: Arith>(n: A, x: A::V, y: A::V, iy_one: bool) -> A::V {
    const HIGH32: u128 = 0xffff_ffff_0000_0000;
    let big_c = n.val(0x3fe5_9428_0000_0000);
    let pio4 = n.val(0x3fe9_21fb_5444_2d18);
    let pio4lo = n.val(0x3c81_a626_3314_5c07);
    let third = n.val(0x3fd5_5555_5555_5563);
    let one = n.one();
    let minus_one = n.negative(one);
    let hxneg = n.sign(x);
    let big = n.gte(n.magnitude(x), big_c);
    let (xa, ya) = if hxneg { (n.neg(x), n.neg(y)) } else { (x, y) };
    let xr = if big {
        n.add(n.sub(pio4, xa), n.sub(pio4lo, ya))
    } else {
        x
    };
    let yr = if big { n.val(0) } else { y };
    let z = n.mul(xr, xr);
    let w = n.mul(z, z);
    let rr = n.horner(&coeffs::RD_TAN_ODD, w);
    let vv = n.mul(z, n.horner(&coeffs::RD_TAN_EVEN, w));
    let s = n.mul(z, xr);
    let r = n.add(yr, n.mul(z, n.add(n.mul(s, n.add(rr, vv)), yr)));
    let r = n.add(r, n.mul(third, s));
    let w2 = n.add(xr, r);
    if big {
        let fac = if hxneg { minus_one } else { one };
        let v = if iy_one { one } else { minus_one };
        let inner = n.sub(n.div(n.mul(w2, w2), n.add(w2, v)), r);
        return n.mul(fac, n.sub(v, n.mul(n.pow2(1), n.sub(xr, inner))));
    }
    if iy_one {
        return w2;
    }
    let zz = n.val(n.bits(w2) & HIGH32);
    let vv2 = n.sub(r, n.sub(zz, xr));
    let a = n.div(minus_one, w2);
    let tt = n.val(n.bits(a) & HIGH32);
    let ss = n.add(one, n.mul(tt, zz));
    n.add(tt, n.mul(a, n.add(ss, n.mul(tt, vv2))))
}
