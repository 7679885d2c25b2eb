//! `++exp` of the four doors: Cody–Waite reduction, a polynomial, and an exact `ldexp`.
//!
//! Ports `++exp` of `rs`, `rd`, `rh`, `rq` in `urbit/numerics:libmath/desk/lib/math.hoon`
//! @a71a0b9. Every step rounds to nearest (`%n`) whatever the door's mode:
//!
//! 1. NaN gives the canonical NaN, +∞ gives +∞, −∞ gives +0.
//! 2. `k = toi_n(x ⊗ log2e)`, an exact integer; the Hoon's `need` crashes when
//!    the product is infinite ([`MathError::ToiNotFinite`]).
//! 3. `k` past the overflow or underflow bound gives +∞ or +0.
//! 4. `kf = sun(|k|)`, negated by `0 ⊖ kf` when `k < 0`.
//! 5. `@rs @rd @rh`: `r = (x ⊖ kf⊗ln2hi) ⊖ kf⊗ln2lo` and `p = P(r)` by Horner.
//!    `@rq`: the fdlibm rational reconstruction `1 ⊖ ((lo ⊖ r⊗c⊘(2⊖c)) ⊖ hi)`
//!    with `c = r ⊖ t⊗P(t)`, `t = r⊗r`.
//! 6. `p · 2^k` by one or two exact power-of-two products (`++scale2`).

use super::coeffs;
use super::lane::{Exp, Group, LaneForm};
use super::MathError;
use crate::ieee::arith::{on_main, Arith, Steps, Wide};
use crate::scalar::i754::{self, Width};

/// The constants of one door's `++exp`.
pub(crate) struct ExpTable {
    /// `log2(e)` (also the `INVLN2` of `++log-2`).
    pub log2e: u128,
    /// The high part of `ln 2` (trailing zero bits, so `k ⊗ ln2hi` is exact).
    pub ln2hi: u128,
    /// The low part of `ln 2` (negative for `@rq`).
    pub ln2lo: u128,
    /// `k >= k_ovf` gives +∞.
    k_ovf: i64,
    /// `k < k_udf` gives +0.
    k_udf: i64,
    /// The extra scale of the subnormal branch of `++scale2`.
    guard: i32,
    /// The polynomial, constant term first.
    poly: &'static [u128],
}

const RS: ExpTable = ExpTable {
    log2e: 0x3fb8_aa3b,
    ln2hi: 0x3f31_7200,
    ln2lo: 0x35bf_be8e,
    k_ovf: 129,
    k_udf: -150,
    guard: 24,
    poly: &coeffs::RS_EXP,
};

const RD: ExpTable = ExpTable {
    log2e: 0x3ff7_1547_652b_82fe,
    ln2hi: 0x3fe6_2e42_fee0_0000,
    ln2lo: 0x3dea_39ef_3579_3c76,
    k_ovf: 1025,
    k_udf: -1075,
    guard: 54,
    poly: &coeffs::RD_EXP,
};

const RH: ExpTable = ExpTable {
    log2e: 0x3dc5,
    ln2hi: 0x3980,
    ln2lo: 0x1dc8,
    k_ovf: 17,
    k_udf: -24,
    guard: 11,
    poly: &coeffs::RH_EXP,
};

const RQ: ExpTable = ExpTable {
    log2e: 0x3fff_7154_7652_b82f_e177_7d0f_fda0_d23a,
    ln2hi: 0x3ffe_62e4_2fef_a39e_f357_93c8_0000_0000,
    ln2lo: 0xbfad_319f_f034_2542_fc32_f366_359d_274a,
    k_ovf: 16385,
    k_udf: -16494,
    guard: 112,
    poly: &coeffs::RQ_EXP,
};

/// The `++exp` constants of width `w` (shared with `++log`, which uses the same `ln 2` split).
pub(crate) const fn table(w: Width) -> &'static ExpTable {
    w.pick([&RH, &RS, &RD, &RQ])
}

/// `++exp`: e^x in the `%n` context `n` (the bit-pattern one or a host-float
/// one), every step at `%n`.
///
/// # Errors
/// [`MathError::ToiNotFinite`] when `x ⊗ log2e` is infinite (|x| beyond about
/// 2.4e38 at `@rs`, 1.2e308 at `@rd`, 4.5e4 at `@rh`, 8.2e4931 at `@rq`): the
/// Hoon's `need` crashes there (the C jet saturates and returns +∞ or +0).
#[inline(always)]
pub(crate) fn exp_in<A: Arith>(n: A, x: A::V) -> Result<A::V, MathError> {
    let w = n.width();
    let t = table(w);
    if n.is_nan(x) {
        return Ok(n.nan());
    }
    let xb = n.bits(x);
    if xb == i754::inf(w) {
        return Ok(n.val(i754::inf(w)));
    }
    if xb == i754::neg_inf(w) {
        return Ok(n.val(0));
    }
    let xl = n.mul(x, n.val(t.log2e));
    let xlb = n.bits(xl);
    if !i754::is_finite(w, xlb) {
        return Err(MathError::ToiNotFinite {
            arm: "exp",
            what: "x * log2e",
        });
    }
    // |x ⊗ log2e| >= 2^min(frac_bits, 15) is past both bounds at every width
    // (2^10 > 24 at @rh, 2^15 > 16494 at the others), so k's sign alone decides,
    // as it would after `toi`; below it `toi` is a small integer.
    if i754::exponent(w, xlb) >= i64::from(w.frac_bits().min(15)) {
        return Ok(if n.sign(xl) {
            n.val(0)
        } else {
            n.val(i754::inf(w))
        });
    }
    let k = n.rint_n(xl);
    if k >= t.k_ovf {
        return Ok(n.val(i754::inf(w)));
    }
    if k < t.k_udf {
        return Ok(n.val(0));
    }
    let kf = n.int(k);
    let p = if w == Width::Q {
        let hi = n.sub(x, n.mul(kf, n.val(t.ln2hi)));
        let lo = n.mul(kf, n.val(t.ln2lo));
        let r = n.sub(hi, lo);
        let tt = n.mul(r, r);
        let pp = n.horner(t.poly, tt);
        let c = n.sub(r, n.mul(tt, pp));
        let two = n.pow2(1);
        let rc = n.div(n.mul(r, c), n.sub(two, c));
        n.sub(n.one(), n.sub(n.sub(lo, rc), hi))
    } else {
        reduced_poly(n, t, x, kf)
    };
    Ok(scale2(n, t.guard, p, k))
}

/// Step 5 at `@rs @rd @rh`: `r = (x ⊖ kf⊗ln2hi) ⊖ kf⊗ln2lo`, then `P(r)`.
#[inline(always)]
fn reduced_poly<S: Steps>(n: S, t: &ExpTable, x: S::V, kf: S::V) -> S::V {
    let r = n.sub(
        n.sub(x, n.mul(kf, n.val(t.ln2hi))),
        n.mul(kf, n.val(t.ln2lo)),
    );
    n.horner(t.poly, r)
}

impl LaneForm for Exp {
    /// `++exp` of `N` arguments at once at `@rh @rs @rd`: each lane on the
    /// main path (a finite `x ⊗ log2e` below the bounds of step 2, `k` in
    /// `++scale2`'s normal range, where the scaling is the one product
    /// `p ⊗ 2^k`) as [`exp_in`] computes it, its steps 2 and 5 run side by
    /// side in the lanes; `None` for a lane off that path (NaN, ±∞, the
    /// overflow and underflow tails, the error).
    #[inline(always)]
    fn lanes<G: Group<N>, const N: usize>(self, g: G, x: [G::V; N]) -> [Option<G::V>; N] {
        let (n, l, w) = g.parts();
        let t = table(w);
        let xv = l.join(x);
        let xl = l.part(l.mul(xv, l.val(t.log2e)));
        let bias = i64::from(w.bias());
        let cap = i64::from(w.frac_bits().min(15));
        // |xl| < 2^cap: finite, below step 2's bounds (a NaN compares false).
        let (top, bottom) = (n.pow2(cap as i32), n.negative(n.pow2(cap as i32)));
        let mut k = [None; N];
        let mut kf = x;
        for i in 0..N {
            if n.lth(xl[i], top) && n.lth(bottom, xl[i]) {
                let ki = n.rint_n(xl[i]);
                if (1 - bias..=bias).contains(&ki) {
                    k[i] = Some(ki);
                }
            }
            kf[i] = n.int(k[i].unwrap_or(0));
        }
        let p = reduced_poly(l, t, xv, l.join(kf));
        let mut scale = x;
        for i in 0..N {
            scale[i] = n.pow2(k[i].unwrap_or(0) as i32);
        }
        let y = l.part(l.mul(p, l.join(scale)));
        on_main(|i| k[i].is_some(), |i| y[i])
    }

    fn scalar<A: Arith>(self, n: A, x: A::V) -> Result<A::V, MathError> {
        exp_in(n, x)
    }
}

/// `++scale2`: `p · 2^k` for `k_udf <= k < k_ovf`, exact in the normal range and rounded once in the tails.
#[inline(always)]
fn scale2<A: Arith>(n: A, guard: i32, p: A::V, k: i64) -> A::V {
    let bias = i64::from(n.width().bias());
    // k is within (k_udf, k_ovf), so every exponent below is a normal one.
    let k = k as i32;
    let b = bias as i32;
    if i64::from(k) > bias {
        n.mul(n.mul(p, n.pow2(b)), n.pow2(k - b))
    } else if i64::from(k) < 1 - bias {
        n.mul(n.mul(p, n.pow2(k + guard)), n.pow2(-guard))
    } else {
        n.mul(p, n.pow2(k))
    }
}
