//! `++log`, `++log-2`, `++log-10` and their shared reduction `++lr`.
//!
//! Ports the four doors' arms of `urbit/numerics:libmath/desk/lib/math.hoon`
//! @a71a0b9, every step at `%n`. For finite positive `x`, `++lr` returns
//! `[ef l1]`: a subnormal `x` is first scaled by `2^G` (`G` = 24, 54, 10, 120);
//! `x = 2^e · m` with `m` in `[1, 2)` read from the bits, halved (and `e`
//! incremented) when `m >= √2`; then `f = m ⊖ 1`, `s = f ⊘ (m ⊕ 1)`, `z = s⊗s`,
//! `R = (z ⊕ z) ⊗ L(z)`, `l1 = f ⊖ s⊗(f ⊖ R)` and `ef = ±sun(|e|)`.
//!
//! - `log x  = ef⊗ln2hi ⊕ (l1 ⊕ ef⊗ln2lo)`
//! - `log-2 x  = ef ⊕ l1⊗(1/ln 2)`
//! - `log-10 x = ef⊗log10(2) ⊕ l1⊗(1/ln 10)`
//!
//! Guards, in order: NaN → NaN, +∞ → +∞, ±0 → −∞, any set sign bit → NaN.

use super::coeffs;
use super::exp;
use super::fl::Fl;
use crate::scalar::i754::{self, Width};
use crate::Atom;

/// The constants of one door's logarithms.
struct LogTable {
    /// `2^G`, the scale that makes a subnormal normal.
    scale: u128,
    /// `G`.
    guard: i64,
    /// √2, the upper end of the mantissa interval.
    sqrt2: u128,
    /// The atanh series `1/3, 1/5, …`, constant term first.
    poly: &'static [u128],
    /// `log10(2)`.
    log10_2: u128,
    /// `1/ln(10)`.
    invln10: u128,
}

const RS: LogTable = LogTable {
    scale: 0x4b80_0000,
    guard: 24,
    sqrt2: 0x3fb5_04f3,
    poly: &coeffs::RS_LOG,
    log10_2: 0x3e9a_209b,
    invln10: 0x3ede_5bd9,
};

const RD: LogTable = LogTable {
    scale: 0x4350_0000_0000_0000,
    guard: 54,
    sqrt2: 0x3ff6_a09e_667f_3bcd,
    poly: &coeffs::RD_LOG,
    log10_2: 0x3fd3_4413_509f_79ff,
    invln10: 0x3fdb_cb7b_1526_e50e,
};

const RH: LogTable = LogTable {
    scale: 0x6400,
    guard: 10,
    sqrt2: 0x3da8,
    poly: &coeffs::RH_LOG,
    log10_2: 0x34d1,
    invln10: 0x36f3,
};

const RQ: LogTable = LogTable {
    scale: 0x4077_0000_0000_0000_0000_0000_0000_0000,
    guard: 120,
    sqrt2: 0x3fff_6a09_e667_f3bc_c908_b2fb_1366_ea95,
    poly: &coeffs::RQ_LOG,
    log10_2: 0x3ffd_3441_3509_f79f_ef31_1f12_b358_16f9,
    invln10: 0x3ffd_bcb7_b152_6e50_e32a_6ab7_555f_5a68,
};

const fn table(w: Width) -> &'static LogTable {
    w.pick([&RH, &RS, &RD, &RQ])
}

/// The guards shared by the three logarithms, or `None` when `x` is finite and positive.
fn special(w: Width, x: u128) -> Option<u128> {
    let n = Fl::n(w);
    if !n.equ(x, x) {
        Some(i754::canonical_nan(w))
    } else if x == i754::inf(w) {
        Some(i754::inf(w))
    } else if n.magnitude(x) == 0 {
        Some(i754::neg_inf(w))
    } else if n.sign(x) {
        Some(i754::canonical_nan(w))
    } else {
        None
    }
}

/// `++lr`: `[ef l1]` for a finite positive `x`, with `x = 2^ef · (1 + f)` and `l1 ≈ log(1 + f)`.
fn lr(w: Width, x: u128) -> (u128, u128) {
    let n = Fl::n(w);
    let t = table(w);
    let frac = w.frac_bits();
    let exp_field = |b: u128| ((b & (w.mask() & !w.sign_bit())) >> frac) as i64;
    let subnormal = exp_field(x) == 0;
    let xx = if subnormal { n.mul(x, t.scale) } else { x };
    let ae = if subnormal { -t.guard } else { 0 };
    let mut e = exp_field(xx) - i64::from(w.bias());
    let mut m = (xx & ((1u128 << frac) - 1)) | n.one();
    if n.gte(m, t.sqrt2) {
        m = n.mul(m, n.pow2(-1));
        e += 1;
    }
    e += ae;
    let one = n.one();
    let f = n.sub(m, one);
    let s = n.div(f, n.add(m, one));
    let z = n.mul(s, s);
    let p2 = n.horner(t.poly, z);
    let r = n.mul(n.add(z, z), p2);
    let l1 = n.sub(f, n.mul(s, n.sub(f, r)));
    let efa = n.sun(&Atom::from(e.unsigned_abs()));
    let ef = if e >= 0 { efa } else { n.neg(efa) };
    (ef, l1)
}

/// `++log`: the natural logarithm at width `w`.
pub(crate) fn log(w: Width, x: u128) -> u128 {
    if let Some(v) = special(w, x) {
        return v;
    }
    let n = Fl::n(w);
    let e = exp::table(w);
    let (ef, l1) = lr(w, x);
    let hi = n.mul(ef, e.ln2hi);
    let lo = n.mul(ef, e.ln2lo);
    n.add(hi, n.add(l1, lo))
}

/// `++log-2`: the base-2 logarithm at width `w`.
pub(crate) fn log_2(w: Width, x: u128) -> u128 {
    if let Some(v) = special(w, x) {
        return v;
    }
    let n = Fl::n(w);
    let (ef, l1) = lr(w, x);
    n.add(ef, n.mul(l1, exp::table(w).log2e))
}

/// `++log-10`: the base-10 logarithm at width `w`.
pub(crate) fn log_10(w: Width, x: u128) -> u128 {
    if let Some(v) = special(w, x) {
        return v;
    }
    let n = Fl::n(w);
    let t = table(w);
    let (ef, l1) = lr(w, x);
    n.add(n.mul(ef, t.log10_2), n.mul(l1, t.invln10))
}
