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
use super::fl::Fl;
use crate::ieee::arith::{Arith, Steps, Wide, LANES};
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

/// `++atan` at width `w`.
pub(crate) fn atan(w: Width, x: u128) -> u128 {
    atan_in(Fl::n(w), x)
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
    let band = band(n, &t.bounds.map(|b| n.val(b)), ax);
    let xr = reduce(n, t, band, ax);
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

/// `++atred`'s band of `ax`: 0 below 7/16 (no reduction), then 1 to 4 for
/// the bands below 11/16, 19/16, 39/16 and above (strict `<`).
#[inline(always)]
fn band<A: Arith>(n: A, bounds: &[A::V; 4], ax: A::V) -> usize {
    bounds
        .iter()
        .position(|&b| n.lth(ax, b))
        .unwrap_or(bounds.len())
}

/// `++atred`'s reduced argument `xr` of `ax` in band `band`.
#[inline(always)]
fn reduce<S: Steps>(n: S, t: &AtanTable, band: usize, ax: S::V) -> S::V {
    let one = n.one();
    match band {
        0 => ax,
        1 => n.div(n.sub(n.add(ax, ax), one), n.add(n.pow2(1), ax)),
        2 => n.div(n.sub(ax, one), n.add(ax, one)),
        3 => {
            let h = n.val(t.one_half);
            n.div(n.sub(ax, h), n.add(one, n.mul(h, ax)))
        }
        _ => n.div(n.sub(n.val(0), one), ax),
    }
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

/// `++atan` of [`LANES`] arguments at once at `@rh @rs @rd` in the `%n`
/// context `n`: each lane whose argument is finite and not ±0 as
/// [`atan_in`] computes it, the band found per lane, each band's reduction
/// run for all lanes where any lane is in it (each lane keeping its own
/// band's), then the polynomial and both endings in the lanes `l`; `None`
/// for the others (NaN, ±∞, ±0), which the caller gives to [`atan_in`].
#[inline(always)]
pub(crate) fn atan_lanes<A: Arith, L: Wide<A>>(
    n: A,
    l: L,
    x: [A::V; LANES],
) -> [Option<A::V>; LANES] {
    let w = n.width();
    let t = table(w);
    let (inf, zero) = (n.val(i754::inf(w)), n.val(0));
    let mut ax = x;
    let mut bands = [0usize; LANES];
    let mut seen = [false; 5];
    let bounds = t.bounds.map(|b| n.val(b));
    for i in 0..LANES {
        ax[i] = n.magnitude(x[i]);
        bands[i] = band(n, &bounds, ax[i]);
        seen[bands[i]] = true;
    }
    let axv = l.join(ax);
    let (mut xr, mut hi, mut lo) = (ax, x, x);
    for (b, _) in seen.iter().enumerate().filter(|(_, &s)| s) {
        let r = l.part(reduce(l, t, b, axv));
        for i in 0..LANES {
            if bands[i] == b {
                xr[i] = r[i];
            }
        }
    }
    let offsets = t.offsets.map(|(h, o)| (n.val(h), n.val(o)));
    for i in 0..LANES {
        (hi[i], lo[i]) = offsets[bands[i].max(1) - 1];
    }
    let xrv = l.join(xr);
    let s = poly(l, t, xrv);
    let no = l.part(plain(l, xrv, s));
    let off = l.part(offset(l, l.join(hi), l.join(lo), xrv, s));
    let mut out = [None; LANES];
    for i in 0..LANES {
        // Finite (a NaN compares false) and not ±0.
        if n.lth(zero, ax[i]) && n.lth(ax[i], inf) {
            let r = if bands[i] == 0 { no[i] } else { off[i] };
            out[i] = Some(if n.sign(x[i]) { n.neg(r) } else { r });
        }
    }
    out
}
