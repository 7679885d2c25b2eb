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
use super::lane::{Group, LaneForm};
use super::MathError;
use crate::ieee::arith::{on_main, Arith, Steps, Wide};
use crate::scalar::i754::{self, Width};

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
#[inline(always)]
fn special<A: Arith>(n: A, x: A::V) -> Option<A::V> {
    let w = n.width();
    if n.is_nan(x) {
        Some(n.nan())
    } else if n.bits(x) == i754::inf(w) {
        Some(n.val(i754::inf(w)))
    } else if n.bits(n.magnitude(x)) == 0 {
        Some(n.val(i754::neg_inf(w)))
    } else if n.sign(x) {
        Some(n.nan())
    } else {
        None
    }
}

/// `++lr`: `[ef l1]` for a finite positive `x`, with `x = 2^ef · (1 + f)` and `l1 ≈ log(1 + f)`.
#[inline(always)]
fn lr<A: Arith>(n: A, x: A::V) -> (A::V, A::V) {
    let w = n.width();
    let t = table(w);
    let frac = w.frac_bits();
    let exp_field = |b: u128| ((b & (w.mask() & !w.sign_bit())) >> frac) as i64;
    let subnormal = exp_field(n.bits(x)) == 0;
    let xx = if subnormal {
        n.mul(x, n.val(t.scale))
    } else {
        x
    };
    let ae = if subnormal { -t.guard } else { 0 };
    let xxb = n.bits(xx);
    let mut e = exp_field(xxb) - i64::from(w.bias());
    let mut m = n.val((xxb & ((1u128 << frac) - 1)) | i754::one(w));
    if n.gte(m, n.val(t.sqrt2)) {
        m = n.mul(m, n.pow2(-1));
        e += 1;
    }
    e += ae;
    (n.int(e), series(n, t, m))
}

/// `++lr`'s series: `l1 = f ⊖ s⊗(f ⊖ R)` for the mantissa `m`, with
/// `f = m ⊖ 1`, `s = f ⊘ (m ⊕ 1)`, `z = s⊗s`, `R = (z ⊕ z) ⊗ L(z)`.
#[inline(always)]
fn series<S: Steps>(n: S, t: &LogTable, m: S::V) -> S::V {
    let one = n.one();
    let f = n.sub(m, one);
    let s = n.div(f, n.add(m, one));
    let z = n.mul(s, s);
    let p2 = n.horner(t.poly, z);
    let r = n.mul(n.add(z, z), p2);
    n.sub(f, n.mul(s, n.sub(f, r)))
}

/// Which logarithm: `++log`, `++log-2` or `++log-10`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Base {
    /// `++log`.
    E,
    /// `++log-2`.
    Two,
    /// `++log-10`.
    Ten,
}

impl Base {
    /// The logarithm the arm `u` is, if it is one.
    pub(crate) fn of(u: crate::prog::Unary) -> Option<Base> {
        use crate::prog::Unary;
        match u {
            Unary::Log => Some(Base::E),
            Unary::Log2 => Some(Base::Two),
            Unary::Log10 => Some(Base::Ten),
            _ => None,
        }
    }
}

/// The last step of each logarithm from `++lr`'s `[ef l1]`.
#[inline(always)]
fn finish<S: Steps>(n: S, base: Base, ef: S::V, l1: S::V) -> S::V {
    let e = exp::table(n.width());
    match base {
        Base::E => {
            let hi = n.mul(ef, n.val(e.ln2hi));
            let lo = n.mul(ef, n.val(e.ln2lo));
            n.add(hi, n.add(l1, lo))
        }
        Base::Two => n.add(ef, n.mul(l1, n.val(e.log2e))),
        Base::Ten => {
            let t = table(n.width());
            n.add(n.mul(ef, n.val(t.log10_2)), n.mul(l1, n.val(t.invln10)))
        }
    }
}

impl LaneForm for Base {
    /// The logarithm of `N` arguments at once at `@rh @rs @rd`: each lane
    /// whose argument is positive, finite and normal as [`logb_in`] computes
    /// it, the mantissa read and halved per lane and `++lr`'s series and the
    /// last step run side by side in the lanes; `None` for the others (NaN,
    /// ±∞, ±0, negative, subnormal).
    #[inline(always)]
    fn lanes<G: Group<N>, const N: usize>(self, g: G, x: [G::V; N]) -> [Option<G::V>; N] {
        let (n, l, w) = g.parts();
        let t = table(w);
        let frac = w.frac_bits();
        // The widths with lanes (binary16 to binary64) fit in 64 bits, whose
        // arithmetic vectorises where `u128`'s does not.
        assert!(frac < 64, "Base::lanes: binary128 has no lanes");
        let (least, inf) = (n.val(1 << frac), n.val(i754::inf(w)));
        let mut main = [false; N];
        let (bits, mut mb, mut ef) = (l.bits_of(n, x), [0u128; N], x);
        for i in 0..N {
            // Normal and finite, positive (a NaN compares false).
            main[i] = n.lte(least, x[i]) && n.lth(x[i], inf);
            let b = bits[i] as u64;
            let e = ((b >> frac) & ((1 << w.exp_bits()) - 1)) as i64 - i64::from(w.bias());
            // `m` in [1, 2) from the bits; from √2 up it is halved (exactly: its
            // exponent field less one) and `e` counts it. Positive encodings
            // compare as their values, so the test `m ≥ √2` is on the bits.
            let m = (b & ((1u64 << frac) - 1)) | i754::one(w) as u64;
            let up = m >= t.sqrt2 as u64;
            mb[i] = u128::from(m - (u64::from(up) << frac));
            ef[i] = n.int(e + i64::from(up));
        }
        let m = l.vals(n, mb);
        let v = l.part(finish(l, self, l.join(ef), series(l, t, l.join(m))));
        on_main(|i| main[i], |i| v[i])
    }

    fn scalar<A: Arith>(self, n: A, x: A::V) -> Result<A::V, MathError> {
        Ok(logb_in(n, self, x))
    }
}

/// The logarithm `base` (`++log`, `++log-2`, `++log-10`) in the `%n` context `n`: the guards, `++lr`, and
/// the base's last step.
#[inline(always)]
pub(crate) fn logb_in<A: Arith>(n: A, base: Base, x: A::V) -> A::V {
    if let Some(v) = special(n, x) {
        return v;
    }
    let (ef, l1) = lr(n, x);
    finish(n, base, ef, l1)
}
