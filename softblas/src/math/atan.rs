//! `++atan`: fdlibm's breakpoint reduction and an odd polynomial (`++rs-atan`, `++rd-atan`, `++rh-atan`, `++rq-atan`).
//!
//! Ports the four doors' `++atan` and their `-atan` cores of
//! `urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9, every step at `%n`.
//! NaN gives the canonical NaN, ±∞ give ±π/2 (the high part), ±0 give
//! themselves. `|x|` is reduced at 7/16, 11/16, 19/16 and 39/16 (strict `<`)
//! to `xr` with an offset `hi + lo` (atan ½, π/4, atan 1.5, π/2); then
//! `s = z⊗T(z)` with `z = xr⊗xr`, and the result is `xr ⊖ xr⊗s` (no offset) or
//! `hi ⊖ ((xr⊗s ⊖ lo) ⊖ xr)`, negated (`0 ⊖ res`) for a negative `x`.

use super::coeffs;
use super::lane::{magnitudes, Atan, Group, LaneForm};
use super::MathError;
use crate::ieee::arith::{on_main, Arith, Steps, Wide};
use crate::scalar::i754::{self, Width};

/// The constants of one door's arctangent.
struct AtanTable {
    /// 7/16, 11/16, 19/16, 39/16.
    bounds: [u128; 4],
    /// `(hi, lo)` of atan(½), π/4, atan(1.5), π/2.
    offsets: [(u128, u128); 4],
    /// 1.5.
    one_half: u128,
    /// T0..TN.
    poly: &'static [u128],
}

const RS: AtanTable = AtanTable {
    bounds: [0x3ee0_0000, 0x3f30_0000, 0x3f98_0000, 0x401c_0000],
    offsets: [
        (0x3eed_6338, 0x31ac_376a),
        (0x3f49_0fdb, 0xb2bb_bd2e),
        (0x3f7b_985f, 0xb2d7_e096),
        (0x3fc9_0fdb, 0xb33b_bd2e),
    ],
    one_half: 0x3fc0_0000,
    poly: &coeffs::RS_ATAN,
};

const RD: AtanTable = AtanTable {
    bounds: [
        0x3fdc_0000_0000_0000,
        0x3fe6_0000_0000_0000,
        0x3ff3_0000_0000_0000,
        0x4003_8000_0000_0000,
    ],
    offsets: [
        (0x3fdd_ac67_0561_bb4f, 0x3c7a_2b7f_222f_65e2),
        (0x3fe9_21fb_5444_2d18, 0x3c81_a626_3314_5c07),
        (0x3fef_730b_d281_f69b, 0x3c70_0788_7af0_cbbd),
        (0x3ff9_21fb_5444_2d18, 0x3c91_a626_3314_5c07),
    ],
    one_half: 0x3ff8_0000_0000_0000,
    poly: &coeffs::RD_ATAN,
};

const RH: AtanTable = AtanTable {
    bounds: [0x3700, 0x3980, 0x3cc0, 0x40e0],
    offsets: [
        (0x376b, 0x019c),
        (0x3a48, 0x0bed),
        (0x3bdd, 0x87a1),
        (0x3e48, 0x0fed),
    ],
    one_half: 0x3e00,
    poly: &coeffs::RH_ATAN,
};

const RQ: AtanTable = AtanTable {
    bounds: [
        0x3ffd_c000_0000_0000_0000_0000_0000_0000,
        0x3ffe_6000_0000_0000_0000_0000_0000_0000,
        0x3fff_3000_0000_0000_0000_0000_0000_0000,
        0x4000_3800_0000_0000_0000_0000_0000_0000,
    ],
    offsets: [
        (
            0x3ffd_dac6_7056_1bb4_f68a_dfc8_8bd9_7875,
            0x3f89_a06d_c282_b0e4_c39b_e01c_59e2_dcdd,
        ),
        (
            0x3ffe_921f_b544_42d1_8469_898c_c517_01b8,
            0x3f8b_cd12_9024_e088_a67c_c740_20bb_ea64,
        ),
        (
            0x3ffe_f730_bd28_1f69_b200_f10f_5e19_7794,
            0xbf8b_ebe5_66c9_9ada_9f23_1bcc_ae27_916c,
        ),
        (
            0x3fff_921f_b544_42d1_8469_898c_c517_01b8,
            0x3f8c_cd12_9024_e088_a67c_c740_20bb_ea64,
        ),
    ],
    one_half: 0x3fff_8000_0000_0000_0000_0000_0000_0000,
    poly: &coeffs::RQ_ATAN,
};

const fn table(w: Width) -> &'static AtanTable {
    w.pick([&RH, &RS, &RD, &RQ])
}

/// `++atan` in the `%n` context `n`.
#[inline(always)]
pub(crate) fn atan_in<A: Arith>(n: A, x: A::V) -> A::V {
    let w = n.width();
    let t = table(w);
    if n.is_nan(x) {
        return n.nan();
    }
    let pio2h = t.offsets[3].0;
    let xb = n.bits(x);
    if xb == i754::inf(w) {
        return n.val(pio2h);
    }
    if xb == i754::neg_inf(w) {
        return n.negative(n.val(pio2h));
    }
    if n.bits(n.magnitude(x)) == 0 {
        return n.val(xb);
    }
    let r = ker(n, t, n.magnitude(x));
    if n.sign(x) {
        n.neg(r)
    } else {
        r
    }
}

/// `++ker`: atan of `ax > 0` by `++atred` and the polynomial.
#[inline(always)]
fn ker<A: Arith>(n: A, t: &AtanTable, ax: A::V) -> A::V {
    // `++atred`'s band: 0 below 7/16 (no reduction), then 1 to 4 for the
    // bands below 11/16, 19/16, 39/16 and above (strict `<`; a NaN's is 4,
    // as the first-match search gives).
    let band = n.rank(ax, &t.bounds.map(|b| n.val(b)));
    let one = n.one();
    let xr = match band {
        0 => ax,
        1 => n.div(n.sub(n.add(ax, ax), one), n.add(n.pow2(1), ax)),
        2 => n.div(n.sub(ax, one), n.add(ax, one)),
        3 => {
            let h = n.val(t.one_half);
            n.div(n.sub(ax, h), n.add(one, n.mul(h, ax)))
        }
        _ => n.div(n.negative(one), ax),
    };
    let s = poly(n, t, xr);
    match band {
        0 => plain(n, xr, s),
        b => offset(
            n,
            n.val(t.offsets[b - 1].0),
            n.val(t.offsets[b - 1].1),
            xr,
            s,
        ),
    }
}

/// The terms `[k1 c1 c2 k2]` of band `band`'s reduction in the one form
/// [`reduce`] computes for [`Atan::lanes`], as bit patterns of width `w`
/// (`t`'s).
///
/// `++atred` computes, by band ([`ker`] as the Hoon writes it): `ax` (0); `((ax ⊕ ax) ⊖ 1) ⊘ (2 ⊕ ax)` (1);
/// `(ax ⊖ 1) ⊘ (ax ⊕ 1)` (2); `(ax ⊖ 1.5) ⊘ (1 ⊕ 1.5⊗ax)` (3); `−1 ⊘ ax`
/// (4). Each is `(ax⊗k1 ⊖ c1) ⊘ (c2 ⊕ ax⊗k2)` with the terms below, where
/// every step the band does not take is exact and so changes no bit:
/// `ax⊗1 = ax`, `ax⊗2 = ax ⊕ ax` (no overflow below 11/16), `ax⊗0 = +0`
/// and `+0 ⊖ 1 = −1` (finite `ax > 0`), `ax ⊖ +0 = ax`, `+0 ⊕ ax = ax`,
/// `1 ⊕ +0 = 1` and `ax ⊘ 1 = ax`; `⊕` and `⊗` commute.
#[inline(always)]
fn terms(w: Width, t: &AtanTable, band: usize) -> [u128; 4] {
    let (zero, one, two, h) = (0, i754::one(w), i754::pow2(w, 1), t.one_half);
    match band {
        0 => [one, zero, one, zero],
        1 => [two, one, two, one],
        2 => [one, one, one, one],
        3 => [one, h, one, h],
        _ => [zero, one, zero, one],
    }
}

/// `++atred`'s reduced argument in the lanes' one form
/// `(ax⊗k1 ⊖ c1) ⊘ (c2 ⊕ ax⊗k2)` ([`terms`]).
#[inline(always)]
fn reduce<S: Steps>(n: S, ax: S::V, k1: S::V, c1: S::V, c2: S::V, k2: S::V) -> S::V {
    n.div(n.sub(n.mul(ax, k1), c1), n.add(c2, n.mul(ax, k2)))
}

/// `s = z⊗T(z)` with `z = xr⊗xr`.
#[inline(always)]
fn poly<S: Steps>(n: S, t: &AtanTable, xr: S::V) -> S::V {
    let z = n.mul(xr, xr);
    n.mul(z, n.horner(t.poly, z))
}

/// The result in band 0: `xr ⊖ xr⊗s`.
#[inline(always)]
fn plain<S: Steps>(n: S, xr: S::V, s: S::V) -> S::V {
    n.sub(xr, n.mul(xr, s))
}

/// The result with the band's offset `hi + lo`: `hi ⊖ ((xr⊗s ⊖ lo) ⊖ xr)`.
#[inline(always)]
fn offset<S: Steps>(n: S, hi: S::V, lo: S::V, xr: S::V, s: S::V) -> S::V {
    n.sub(hi, n.sub(n.sub(n.mul(xr, s), lo), xr))
}

impl LaneForm for Atan {
    /// `++atan` of `N` arguments at once at `@rh @rs @rd`: each lane whose
    /// argument is finite and not ±0 as [`atan_in`] computes it, the band
    /// found per lane, the bands' reductions in one form with per-lane terms
    /// ([`terms`]), then the polynomial and both endings in the lanes; `None`
    /// for the others (NaN, ±∞, ±0).
    #[inline(always)]
    fn lanes<G: Group<N>, const N: usize>(self, g: G, x: [G::V; N]) -> [Option<G::V>; N] {
        let (n, l, w) = g.parts();
        let t = table(w);
        let (inf, zero) = (n.val(i754::inf(w)), n.val(0));
        let ax = magnitudes(n, x);
        let axv = l.join(ax);
        // The band of each lane, and its terms and offsets picked by it.
        let bands = l.count_le(n, axv, &t.bounds.map(|b| n.val(b)));
        let rows: [[G::V; 4]; 5] = std::array::from_fn(|b| terms(w, t, b).map(|c| n.val(c)));
        let term = |j: usize| rows.map(|row| row[j]);
        let (k1, c1) = (l.pick(&bands, &term(0)), l.pick(&bands, &term(1)));
        let (c2, k2) = (l.pick(&bands, &term(2)), l.pick(&bands, &term(3)));
        let xrv = reduce(l, axv, k1, c1, c2, k2);
        let offsets = t.offsets.map(|(h, o)| (n.val(h), n.val(o)));
        let by_band: [(G::V, G::V); 5] = std::array::from_fn(|b| offsets[b.max(1) - 1]);
        let (hi, lo) = (
            l.pick(&bands, &by_band.map(|(h, _)| h)),
            l.pick(&bands, &by_band.map(|(_, o)| o)),
        );
        let s = poly(l, t, xrv);
        let (no, off) = (plain(l, xrv, s), offset(l, hi, lo, xrv, s));
        // Each ending and its negation (`0 ⊖ res`), picked per lane.
        let ends = [no, off, l.neg(no), l.neg(off)].map(|v| l.part(v));
        on_main(
            // Finite (a NaN compares false) and not ±0.
            |i| n.lth(zero, ax[i]) && n.lth(ax[i], inf),
            |i| ends[usize::from(bands[i] != 0) + 2 * usize::from(n.sign(x[i]))][i],
        )
    }

    fn scalar<A: Arith>(self, n: A, x: A::V) -> Result<A::V, MathError> {
        Ok(atan_in(n, x))
    }
}
