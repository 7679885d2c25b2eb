//! `++sin` and `++cos`: reduction by multiples of π/2 and the fdlibm kernels.
//!
//! Ports `++sin`, `++cos`, `++rs-trig`, `++rd-trig`, `++rq-trig` and the `@rh`
//! `++sin`/`++cos` (with `++widen-hs`, `++narrow-sh`, `++rndup`) of
//! `urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9.
//!
//! `@rs @rd @rq` (every step at `%n`): NaN and ±∞ give the canonical NaN;
//! `sin(±0) = ±0`; otherwise `trig-fin` reduces `|x|` with the exact integer
//! `q = toi_n(|x| ⊗ 2/π)` and `qf = sun(q)` into `rhi + rlo` (a three-part π/2
//! at `@rs`, two-part at `@rd @rq`), runs both kernels and picks by `q mod 4`.
//! The Hoon's `q` is an unbounded integer, so the reduction never saturates
//! (the C jets convert `q` to a 32- or 64-bit integer and do).
//!
//! `@rh` (since a71a0b9): the value is widened exactly to `@rs`, `sin`/`cos`
//! run in the `@rs` door, and the result is narrowed to `@rh` by `++narrow-sh`
//! in the `@rh` door's mode `r` (so these two `@rh` arms depend on `r`).

use super::coeffs;
use super::fl::Fl;
use super::lane::{magnitudes, Group, LaneForm, Trig};
use super::MathError;
use crate::ieee::arith::{on_main, Arith, Steps, Wide};
use crate::policy::Executor;
use crate::scalar::i754::{self, Width};

/// How `trig-fin` subtracts `qf · π/2`.
enum Split {
    /// `r1 = ax ⊖ qf⊗p1; r2 = r1 ⊖ qf⊗p2; w = qf⊗p3` (`@rs`).
    Three(u128, u128, u128),
    /// `t = ax ⊖ qf⊗p1; w = qf⊗p1t` (`@rd @rq`).
    Two(u128, u128),
}

/// The constants of one door's sine and cosine.
struct TrigTable {
    two_over_pi: u128,
    split: Split,
    /// S0..SN: S0 enters separately, S1..SN by Horner.
    sin: &'static [u128],
    /// C0..CN.
    cos: &'static [u128],
}

const RS: TrigTable = TrigTable {
    two_over_pi: 0x3f22_f983,
    split: Split::Three(0x3fc9_0000, 0x39fd_a000, 0x33a2_2169),
    sin: &coeffs::RS_SIN,
    cos: &coeffs::RS_COS,
};

const RD: TrigTable = TrigTable {
    two_over_pi: 0x3fe4_5f30_6dc9_c883,
    split: Split::Two(0x3ff9_21fb_5440_0000, 0x3dd0_b461_1a62_6331),
    sin: &coeffs::RD_SIN,
    cos: &coeffs::RD_COS,
};

const RQ: TrigTable = TrigTable {
    two_over_pi: 0x3ffe_45f3_06dc_9c88_2a53_f84e_afa3_ea6a,
    split: Split::Two(
        0x3fff_921f_b544_42d1_8460_0000_0000_0000,
        0x3fc2_3131_98a2_e037_0734_4a40_9382_229a,
    ),
    sin: &coeffs::RQ_SIN,
    cos: &coeffs::RQ_COS,
};

/// The sine and cosine constants of width `w`; `@rh` has none (it computes at `@rs`) and never asks.
const fn table(w: Width) -> &'static TrigTable {
    match w {
        Width::S | Width::H => &RS,
        Width::D => &RD,
        Width::Q => &RQ,
    }
}

/// The reduction of `ax` by multiples of π/2: the quadrant `q mod 4` and `rhi + rlo`.
pub(crate) struct Reduced<V> {
    /// `q mod 4`.
    pub quadrant: u8,
    /// The high part of the reduced argument.
    pub hi: V,
    /// The low part of the reduced argument.
    pub lo: V,
}

/// `trig-fin`'s (and `++rs-tan`/`++rd-tan` `++redq`'s) reduction of `ax >= 0` at `@rs @rd @rq`.
#[inline(always)]
pub(crate) fn reduce<A: Arith>(n: A, ax: A::V) -> Reduced<A::V> {
    let w = n.width();
    let t = table(w);
    // ax ⊗ 2/π is finite for finite ax (2/π < 1), so the Hoon's `need` holds.
    let p = n.mul(ax, n.val(t.two_over_pi));
    // qf = sun(|toi p|) and the quadrant |toi p| mod 4. Below 2^62 the integer
    // fits an i64 and is exactly representable (it is p itself once p has no
    // fraction bits); at or above it p is already an integer, except at @rq
    // below 2^113, the one case left to a heap atom.
    let pb = n.bits(p);
    let fl = Fl::n(Executor::Reference, w);
    let (qf, quadrant) = if let Some(q) = small_q(n, p) {
        (n.int(q), (q & 3) as u8)
    } else if fl.integral(pb) {
        (n.magnitude(p), fl.int_low2(pb))
    } else {
        let q = fl.toi(pb).map_or_else(crate::Atom::default, |(_, m)| m);
        (n.val(fl.sun(&q)), q.bits_u128(0, 2) as u8)
    };
    let (hi, lo) = split(n, t, ax, qf);
    Reduced { quadrant, hi, lo }
}

/// `q = toi_n(p)` for `p = ax ⊗ 2/π` below 2^62 (an `i64`, exact), else `None`.
#[inline(always)]
fn small_q<A: Arith>(n: A, p: A::V) -> Option<i64> {
    (i754::exponent(n.width(), n.bits(p)) < 62).then(|| n.rint_n(p))
}

/// `rhi + rlo = ax ⊖ qf⊗π/2`, by the width's split of π/2.
#[inline(always)]
fn split<S: Steps>(n: S, t: &TrigTable, ax: S::V, qf: S::V) -> (S::V, S::V) {
    match t.split {
        Split::Three(p1, p2, p3) => {
            let r1 = n.sub(ax, n.mul(qf, n.val(p1)));
            let r2 = n.sub(r1, n.mul(qf, n.val(p2)));
            let w3 = n.mul(qf, n.val(p3));
            let hi = n.sub(r2, w3);
            (hi, n.sub(n.sub(r2, hi), w3))
        }
        Split::Two(p1, p1t) => {
            let t1 = n.sub(ax, n.mul(qf, n.val(p1)));
            let w2 = n.mul(qf, n.val(p1t));
            let hi = n.sub(t1, w2);
            (hi, n.sub(n.sub(t1, hi), w2))
        }
    }
}

/// `++ksin`: sin(x + y) for the reduced argument.
#[inline(always)]
fn ksin<S: Steps>(n: S, s: &[u128], xx: S::V, yy: S::V) -> S::V {
    let half = n.pow2(-1);
    let z = n.mul(xx, xx);
    let r = n.horner(&s[1..], z);
    let v = n.mul(z, xx);
    let aa = n.sub(n.mul(half, yy), n.mul(v, r));
    let bb = n.sub(n.mul(z, aa), yy);
    let dd = n.sub(bb, n.mul(v, n.val(s[0])));
    n.sub(xx, dd)
}

/// `++kcos`: cos(x + y) for the reduced argument.
#[inline(always)]
fn kcos<S: Steps>(n: S, c: &[u128], xx: S::V, yy: S::V) -> S::V {
    let half = n.pow2(-1);
    let one = n.one();
    let z = n.mul(xx, xx);
    let rc = n.horner(c, z);
    let hz = n.mul(half, z);
    let w2 = n.sub(one, hz);
    let aa = n.sub(n.sub(one, w2), hz);
    let bb = n.sub(n.mul(n.mul(z, z), rc), n.mul(xx, yy));
    n.add(w2, n.add(aa, bb))
}

/// `trig-fin`: sin (when `is_sin`) or cos of `ax >= 0`, the sine negated when `negative`.
#[inline(always)]
fn trig_fin<A: Arith>(n: A, is_sin: bool, ax: A::V, negative: bool) -> A::V {
    let t = table(n.width());
    let red = reduce(n, ax);
    let ks = ksin(n, t.sin, red.hi, red.lo);
    let kc = kcos(n, t.cos, red.hi, red.lo);
    pick(n, is_sin, red.quadrant, ks, kc, negative)
}

/// The end of `trig-fin`: by quadrant `q`, sin or cos from the kernels' `ks`
/// and `kc` (each possibly negated), the sine negated again when `negative`.
#[inline(always)]
fn pick<A: Arith>(n: A, is_sin: bool, q: u8, ks: A::V, kc: A::V, negative: bool) -> A::V {
    // Every candidate is computed and one is picked by index, so the
    // quadrant (random across elements) costs no branch.
    let (nks, nkc) = (n.neg(ks), n.neg(kc));
    let q = usize::from(q & 3);
    if is_sin {
        let v = [ks, kc, nks, nkc][q];
        let nv = n.neg(v);
        [v, nv][usize::from(negative)]
    } else {
        [kc, nks, nkc, ks][q]
    }
}

impl<const SIN: bool> LaneForm for Trig<SIN> {
    /// `++sin` (`SIN`) or `++cos` of `N` arguments at once at `@rs @rd`:
    /// each lane whose argument is finite (and, for the sine, not ±0) with
    /// `p = |x| ⊗ 2/π` below `2^F` (`F` the fraction bits) as
    /// [`trig_in`] computes it, the reduction and both kernels run
    /// side by side in the lanes; `None` for the others.
    ///
    /// Below `2^F`, `p ⊕ 2^F` lies in `[2^F, 2^(F+1))`, whose ulp is 1, so it
    /// is `2^F + toi_n(p)` exactly: `qf = (p ⊕ 2^F) ⊖ 2^F` is [`reduce`]'s
    /// `sun(q)` (the same steps [`Arith::rint_n`] takes) and the quadrant is
    /// the sum's two low bits, all without leaving the lanes.
    #[inline(always)]
    fn lanes<G: Group<N>, const N: usize>(self, g: G, x: [G::V; N]) -> [Option<G::V>; N] {
        let (n, l, w) = g.parts();
        let t = table(w);
        let ax = magnitudes(n, x);
        let axv = l.join(ax);
        let p = l.mul(axv, l.val(t.two_over_pi));
        let big = l.pow2(w.frac_bits() as i32);
        let pb = l.add(p, big);
        let qf = l.sub(pb, big);
        let (hi, lo) = split(l, t, axv, qf);
        let ks = l.part(ksin(l, t.sin, hi, lo));
        let kc = l.part(kcos(l, t.cos, hi, lo));
        let (p, pb) = (l.part(p), l.part(pb));
        let (inf, zero, big) = (n.val(i754::inf(w)), n.val(0), n.pow2(w.frac_bits() as i32));
        on_main(
            // Finite (a NaN compares false), not ±0 for the sine, p below 2^F.
            |i| n.lth(ax[i], inf) && (!SIN || n.lth(zero, ax[i])) && n.lth(p[i], big),
            |i| {
                let q = (n.bits(pb[i]) & 3) as u8;
                pick(n, SIN, q, ks[i], kc[i], n.sign(x[i]))
            },
        )
    }

    fn scalar<A: Arith>(self, n: A, x: A::V) -> Result<A::V, MathError> {
        Ok(trig_in(n, SIN, x))
    }
}

/// The `@rh` `++sin` (`is_sin`) or `++cos` of `N` `@rh` bit patterns
/// at once, as [`half_in`] computes each: widened to `@rs`, [`Trig`]'s lanes
/// in the `@rs` lanes `g` (the scalar arm for the lanes they leave),
/// narrowed in the door's mode `r`.
#[inline(always)]
pub(crate) fn half_lanes<G: Group<N>, const N: usize>(
    g: G,
    is_sin: bool,
    r: crate::Round,
    x: [u128; N],
) -> [u128; N] {
    let n = g.n();
    let mut wide = [n.val(0); N];
    for i in 0..N {
        wide[i] = n.val(widen_hs(x[i]));
    }
    let v = if is_sin {
        Trig::<true>.lanes(g, wide)
    } else {
        Trig::<false>.lanes(g, wide)
    };
    let mut out = x;
    for i in 0..N {
        out[i] = match v[i] {
            Some(v) => narrow_sh(r, n.bits(v)),
            None => half_in(n, is_sin, r, x[i]),
        };
    }
    out
}

/// `++sin` (`is_sin`) or `++cos` at width `w`; `r` is the door's mode, used
/// only by `@rh`'s final narrowing.
pub(crate) fn sin_cos(e: Executor, w: Width, r: crate::Round, is_sin: bool, x: u128) -> u128 {
    if w == Width::H {
        half_in(Fl::n(e, Width::S), is_sin, r, x)
    } else {
        trig_in(Fl::n(e, w), is_sin, x)
    }
}

/// The `@rh` `++sin` (`is_sin`) or `++cos` of the `@rh` bits `x`: widened
/// exactly to `@rs`, computed in the `@rs` `%n` context `n`, narrowed in
/// the door's mode `r` by `++narrow-sh`.
#[inline(always)]
pub(crate) fn half_in<A: Arith>(n: A, is_sin: bool, r: crate::Round, x: u128) -> u128 {
    let v = trig_in(n, is_sin, n.val(widen_hs(x)));
    narrow_sh(r, n.bits(v))
}

/// `++sin` (`is_sin`) or `++cos` at `@rs @rd @rq` in the `%n` context `n`:
/// NaN and ±∞ give the canonical NaN, the sine of ±0 is itself, and
/// otherwise `trig-fin` of `|x|`, the sine negated for a negative `x`.
#[inline(always)]
pub(crate) fn trig_in<A: Arith>(n: A, is_sin: bool, x: A::V) -> A::V {
    if n.is_nan(x) || i754::is_inf(n.width(), n.bits(x)) {
        return n.nan();
    }
    if is_sin && n.bits(n.magnitude(x)) == 0 {
        return n.val(n.bits(x));
    }
    trig_fin(n, is_sin, n.magnitude(x), is_sin && n.sign(x))
}

/// `++widen-hs`: the `@rh` `h` as the `@rs` of the same value (exact: a
/// number by the host's exact widenings, binary16 to binary64 to binary32;
/// a NaN by the soft core, which says what its payload becomes).
#[inline(always)]
fn widen_hs(h: u128) -> u128 {
    if i754::is_nan(Width::H, h) {
        return i754::convert(Width::H, Width::S, crate::Round::N, h);
    }
    u128::from((crate::hw::half::widen(h as u16) as f32).to_bits())
}

/// `++rndup`: whether dropping `rem` (tie point `half`, kept low bit `lsb`) bumps the magnitude in mode `r`.
fn rndup(r: crate::Round, rem: u128, half: u128, lsb: u128, negative: bool) -> bool {
    use crate::Round;
    match r {
        Round::N => rem > half || (rem == half && lsb == 1),
        Round::A => rem >= half && rem != 0,
        Round::Z => false,
        Round::U => !negative && rem != 0,
        Round::D => negative && rem != 0,
    }
}

/// `++narrow-sh`: the `@rs` `u` rounded to `@rh` in mode `r`, bit by bit as the Hoon does it.
///
/// NaN keeps its sign (`(con s 0x7e00)`); overflow gives ±∞ or ±max by mode;
/// magnitudes below 2^-25 give ±0 or the smallest subnormal by mode.
pub(crate) fn narrow_sh(r: crate::Round, u: u128) -> u128 {
    use crate::Round;
    let u = u & 0xffff_ffff;
    let s = (u >> 16) & 0x8000;
    let negative = s != 0;
    let e = (u >> 23) & 0xff;
    let m = u & 0x7f_ffff;
    if e == 0xff {
        return s | if m == 0 { 0x7c00 } else { 0x7e00 };
    }
    if e >= 143 {
        let to_inf = match r {
            Round::N | Round::A => true,
            Round::U => !negative,
            Round::D => negative,
            Round::Z => false,
        };
        return s | if to_inf { 0x7c00 } else { 0x7bff };
    }
    if e >= 113 {
        let ne = e - 112;
        let mant = m >> 13;
        let rem = m & 0x1fff;
        let up = rndup(r, rem, 0x1000, mant & 1, negative);
        return s | ((ne << 10) + mant + u128::from(up));
    }
    if e < 102 {
        let nonzero = e != 0 || m != 0;
        let up = nonzero
            && match r {
                Round::N | Round::A | Round::Z => false,
                Round::U => !negative,
                Round::D => negative,
            };
        return s | u128::from(up);
    }
    let shift = 126 - e;
    let mf = 0x80_0000 | m;
    let mant = mf >> shift;
    let half = 1u128 << (shift - 1);
    let rem = mf & ((1u128 << shift) - 1);
    let up = rndup(r, rem, half, mant & 1, negative);
    s | (mant + u128::from(up))
}
