//! `++asin` and `++acos`: fdlibm's rational kernels (`++rs-ainv`, `++rd-ainv`, `++rh-ainv`, `++rq-ainv`).
//!
//! Ports the four doors' `++asin`, `++acos` and their `-ainv` cores of
//! `urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9; every step at `%n`
//! except the square root, which is the one each door's Hoon calls:
//!
//! - `@rs`: the door's `++sqt`, i.e. the stdlib `sqt:^rs` with its bunt mode
//!   `%z` (a truncated root; the C jet rounds to nearest);
//! - `@rd @rq`: the door's `++sqt` (the Markstein-corrected root);
//! - `@rh`: `~(sqt ^rh %n)`.
//!
//! `R(t)` ("`rr`"): `@rs` `t⊗P(t) ⊘ (1 ⊕ t⊗q1)`; `@rd` `t⊗P(t) ⊘ (1 ⊕ t⊗Q(t))`;
//! `@rh` `t⊗P(t)`; `@rq` the plain polynomial `R(t)`.

use super::coeffs;
use super::lane::{Ainv, Group, LaneForm};
use super::root;
use super::MathError;
use crate::ieee::arith::{on_main, Arith, Steps, Wide};
use crate::scalar::i754::{self, Width};

/// The constants of one door's inverse sine and cosine.
struct AinvTable {
    pio2h: u128,
    pio2l: u128,
    pio4: u128,
    pi: u128,
    /// `|x| >= near1` takes the short path of `asin`.
    near1: u128,
    /// `|x| < tiny_as` gives `asin(x) = x`.
    tiny_as: u128,
    /// `|x| < tiny_ac` gives `acos(x) = pio2h` (`@rh` has no such test).
    tiny_ac: Option<u128>,
    /// The mask that keeps the high part of `s`.
    dfmask: u128,
}

const RS: AinvTable = AinvTable {
    pio2h: 0x3fc9_0fdb,
    pio2l: 0xb33b_bd2e,
    pio4: 0x3f49_0fdb,
    pi: 0x4049_0fdb,
    near1: 0x3f79_999a,
    tiny_as: 0x3980_0000,
    tiny_ac: Some(0x3280_0000),
    dfmask: 0xffff_f000,
};

const RD: AinvTable = AinvTable {
    pio2h: 0x3ff9_21fb_5444_2d18,
    pio2l: 0x3c91_a626_3314_5c07,
    pio4: 0x3fe9_21fb_5444_2d18,
    pi: 0x4009_21fb_5444_2d18,
    near1: 0x3fef_3333_0000_0000,
    tiny_as: 0x3e50_0000_0000_0000,
    tiny_ac: Some(0x3c60_0000_0000_0000),
    dfmask: 0xffff_ffff_0000_0000,
};

const RH: AinvTable = AinvTable {
    pio2h: 0x3e48,
    pio2l: 0x0fed,
    pio4: 0x3a48,
    pi: 0x4248,
    near1: 0x3bcd,
    tiny_as: 0x0c00,
    tiny_ac: None,
    dfmask: 0xfff0,
};

const RQ: AinvTable = AinvTable {
    pio2h: 0x3fff_921f_b544_42d1_8469_898c_c517_01b8,
    pio2l: 0x3f8c_cd12_9024_e088_a67c_c740_20bb_ea64,
    pio4: 0x3ffe_921f_b544_42d1_8469_898c_c517_01b8,
    pi: 0x4000_921f_b544_42d1_8469_898c_c517_01b8,
    near1: 0x3ffe_f333_3333_3333_3333_3333_3333_3333,
    tiny_as: 0x3fc6_0000_0000_0000_0000_0000_0000_0000,
    tiny_ac: Some(0x3f87_0000_0000_0000_0000_0000_0000_0000),
    dfmask: 0xffff_ffff_ffff_ffff_ff00_0000_0000_0000,
};

const fn table(w: Width) -> &'static AinvTable {
    w.pick([&RH, &RS, &RD, &RQ])
}

impl AinvTable {
    /// The tiny bound of `++asn` (`sine`) or `++acs`: below it the arm's
    /// value is `x` or `pio2h` (`None`: `@rh`'s `++acs` has none).
    const fn tiny(&self, sine: bool) -> Option<u128> {
        if sine {
            Some(self.tiny_as)
        } else {
            self.tiny_ac
        }
    }
}

/// `++rr`: the rational (or polynomial) approximation `R(t)`.
#[inline(always)]
fn rr<S: Steps>(n: S, t: S::V) -> S::V {
    match n.width() {
        Width::S => {
            let p = n.mul(t, n.horner(&coeffs::RS_AINV_P, t));
            let q = n.add(n.one(), n.mul(t, n.val(0xbf34_e5ae)));
            n.div(p, q)
        }
        Width::D => {
            let p = n.mul(t, n.horner(&coeffs::RD_AINV_P, t));
            let q = n.add(n.one(), n.mul(t, n.horner(&coeffs::RD_AINV_Q, t)));
            n.div(p, q)
        }
        Width::H => n.mul(t, n.horner(&coeffs::RH_AINV_P, t)),
        Width::Q => n.horner(&coeffs::RQ_AINV, t),
    }
}

/// The square root each door's `-ainv` core calls.
#[inline(always)]
fn root<A: Arith>(n: A, t: A::V) -> A::V {
    match n.width() {
        Width::H => n.sqrt_in(crate::Round::N, t),
        _ => root::sqt_in(n, t),
    }
}

/// `|x|` when `x` is in `[−1, 1]`, the domain of `++asn` and `++acs`; `None`
/// (their canonical NaN) for a NaN or `|x| > 1`.
#[inline(always)]
fn in_domain<A: Arith>(n: A, x: A::V) -> Option<A::V> {
    if n.is_nan(x) {
        return None;
    }
    let ax = n.magnitude(x);
    (!n.gth(ax, n.one())).then_some(ax)
}

/// The root `s = √z` split as `df + c`: `df` is [`root_high`] and `c` is
/// [`split_rest`]; returns `(df, c)`.
#[inline(always)]
fn split_root<A: Arith>(n: A, k: &AinvTable, s: A::V, z: A::V) -> (A::V, A::V) {
    let df = root_high(n, k, s);
    (df, split_rest(n, s, z, df))
}

/// The root `s` with its low bits cleared (`dfmask`).
#[inline(always)]
fn root_high<A: Arith>(n: A, k: &AinvTable, s: A::V) -> A::V {
    n.val(n.bits(s) & k.dfmask)
}

/// The rest `c = (z ⊖ df⊗df) ⊘ (s ⊕ df)` of [`split_root`], for one value or lanes.
#[inline(always)]
fn split_rest<S: Steps>(n: S, s: S::V, z: S::V, df: S::V) -> S::V {
    n.div(n.sub(z, n.mul(df, df)), n.add(s, df))
}

/// `asin`'s kernel below ½: `x ⊕ x⊗R(x⊗x)`.
#[inline(always)]
fn asin_small<S: Steps>(n: S, x: S::V) -> S::V {
    n.add(x, n.mul(x, rr(n, n.mul(x, x))))
}

/// `acos`'s kernel below ½: `pio2h ⊖ (x ⊖ (pio2l ⊖ x⊗R(x⊗x)))`.
#[inline(always)]
fn acos_small<S: Steps>(n: S, k: &AinvTable, x: S::V) -> S::V {
    let xr = n.mul(x, rr(n, n.mul(x, x)));
    n.sub(n.val(k.pio2h), n.sub(x, n.sub(n.val(k.pio2l), xr)))
}

/// The kernel below ½ of `asin` (`sine`, [`asin_small`]) or `acos`
/// ([`acos_small`]), for one value or lanes.
#[inline(always)]
fn below_half<S: Steps>(n: S, k: &AinvTable, sine: bool, x: S::V) -> S::V {
    if sine {
        asin_small(n, x)
    } else {
        acos_small(n, k, x)
    }
}

/// `asin`'s ending near 1 from the root `s` and `sr = s⊗R`: `pio2h ⊖ 2⊗(s ⊕ sr)`
/// at `@rh`, `pio2h ⊖ (2⊗(s ⊕ sr) ⊖ pio2l)` at the other widths.
#[inline(always)]
fn asin_near<S: Steps>(n: S, k: &AinvTable, s: S::V, sr: S::V) -> S::V {
    let twice = n.mul(n.pow2(1), n.add(s, sr));
    if n.width() == Width::H {
        n.sub(n.val(k.pio2h), twice)
    } else {
        n.sub(n.val(k.pio2h), n.sub(twice, n.val(k.pio2l)))
    }
}

/// `asin`'s ending from ½ to `near1`, from `sr = s⊗R` and the split root
/// `df + cc`: `pio4 ⊖ ((2⊗sr ⊖ (pio2l ⊖ 2⊗cc)) ⊖ (pio4 ⊖ 2⊗df))`.
#[inline(always)]
fn asin_far<S: Steps>(n: S, k: &AinvTable, sr: S::V, df: S::V, cc: S::V) -> S::V {
    let two = n.pow2(1);
    let p2 = n.sub(n.mul(two, sr), n.sub(n.val(k.pio2l), n.mul(two, cc)));
    let q2 = n.sub(n.val(k.pio4), n.mul(two, df));
    n.sub(n.val(k.pio4), n.sub(p2, q2))
}

/// `acos` of a negative `x` from ½ up: `pi ⊖ 2⊗(s ⊕ (sr ⊖ pio2l))`.
#[inline(always)]
fn acos_negative<S: Steps>(n: S, k: &AinvTable, s: S::V, sr: S::V) -> S::V {
    let wv = n.sub(sr, n.val(k.pio2l));
    n.sub(n.val(k.pi), n.mul(n.pow2(1), n.add(s, wv)))
}

/// `acos` of a positive `x` from ½ up at `@rs @rh`: `2⊗(s ⊕ sr)`.
#[inline(always)]
fn acos_positive<S: Steps>(n: S, s: S::V, sr: S::V) -> S::V {
    n.mul(n.pow2(1), n.add(s, sr))
}

/// `++asn` (`sine`) or `++acs`: the inverse sine or cosine in the `%n`
/// context `n`.
///
/// Both take the same steps up to their own values: a NaN or `|x| > 1`
/// gives the canonical NaN and `|x| = 1` the arm's exact end value; below ½
/// the tiny bound's value ([`AinvTable::tiny`]) or the rational kernel
/// ([`below_half`]); from ½ up the arm's root path ([`asin_root`],
/// [`acos_root`]).
#[inline(always)]
pub(crate) fn ainv_in<A: Arith>(n: A, sine: bool, x: A::V) -> A::V {
    let w = n.width();
    let k = table(w);
    let Some(ax) = in_domain(n, x) else {
        return n.nan();
    };
    if n.bits(ax) == i754::one(w) {
        return if sine {
            n.add(n.mul(x, n.val(k.pio2h)), n.mul(x, n.val(k.pio2l)))
        } else if n.sign(x) {
            n.add(n.val(k.pi), n.mul(n.pow2(1), n.val(k.pio2l)))
        } else {
            n.val(0)
        };
    }
    if n.lth(ax, n.pow2(-1)) {
        if k.tiny(sine).is_some_and(|t| n.lth(ax, n.val(t))) {
            return if sine {
                n.val(n.bits(x))
            } else {
                n.val(k.pio2h)
            };
        }
        return below_half(n, k, sine, x);
    }
    if sine {
        asin_root(n, k, x, ax)
    } else {
        acos_root(n, k, x)
    }
}

/// `++asn` from ½ up: `t = (1 ⊖ |x|)⊗½` and its root `s`, then the ending
/// near 1 or the split root's, negated for a negative `x`.
#[inline(always)]
fn asin_root<A: Arith>(n: A, k: &AinvTable, x: A::V, ax: A::V) -> A::V {
    let t = n.mul(n.sub(n.one(), ax), n.pow2(-1));
    let s = root(n, t);
    let sr = n.mul(s, rr(n, t));
    let res = if n.gte(ax, n.val(k.near1)) {
        asin_near(n, k, s, sr)
    } else {
        let (df, cc) = split_root(n, k, s, t);
        asin_far(n, k, sr, df, cc)
    };
    if n.sign(x) {
        n.neg(res)
    } else {
        res
    }
}

/// `++acs` from ½ up: for a negative `x`, `z = (1 ⊕ x)⊗½` and
/// [`acos_negative`]; else `z = (1 ⊖ x)⊗½` and `2⊗(df ⊕ (R⊗s ⊕ cc))` with
/// the split root at `@rd @rq`, [`acos_positive`] at `@rs @rh`.
#[inline(always)]
fn acos_root<A: Arith>(n: A, k: &AinvTable, x: A::V) -> A::V {
    let (one, half) = (n.one(), n.pow2(-1));
    if n.sign(x) {
        let z = n.mul(n.add(one, x), half);
        let s = root(n, z);
        return acos_negative(n, k, s, n.mul(s, rr(n, z)));
    }
    let z = n.mul(n.sub(one, x), half);
    let s = root(n, z);
    match n.width() {
        Width::D | Width::Q => {
            let (df, cc) = split_root(n, k, s, z);
            let r = rr(n, z);
            let wv = n.add(n.mul(r, s), cc);
            n.mul(n.pow2(1), n.add(df, wv))
        }
        Width::S | Width::H => acos_positive(n, s, n.mul(s, rr(n, z))),
    }
}

impl<const SINE: bool> LaneForm for Ainv<SINE> {
    /// `++asn` (`SINE`) or `++acs` of `N` arguments at once, in the lanes
    /// where the argument is a number with `|x| < 1` not below the door's
    /// tiny bound (`tiny_as`; `tiny_ac` where the door has one): below ½
    /// the rational kernel alone, `x ⊕ x⊗R(x⊗x)` for the sine and
    /// `pio2h ⊖ (x ⊖ (pio2l ⊖ x⊗R(x⊗x)))` for the cosine; at `@rh`, from ½
    /// up, the root path of [`ainv_in`], each lane's root by
    /// the door's own [`root`] (one lane at a time; the lanes are
    /// independent) and every ending the lanes can take computed for all of
    /// them, then picked per lane. `None` for the others (NaN, `|x| ≥ 1`,
    /// tiny, and at `@rs @rd` from ½ up).
    #[inline(always)]
    fn lanes<G: Group<N>, const N: usize>(self, g: G, x: [G::V; N]) -> [Option<G::V>; N] {
        let (n, l, w) = g.parts();
        let k = table(w);
        let sine = SINE;
        let (one, half) = (n.one(), n.pow2(-1));
        let tiny = k.tiny(sine);
        let (mut main, mut small, mut near, mut neg) =
            ([false; N], [false; N], [false; N], [false; N]);
        let (mut ax, mut z) = (x, x);
        for i in 0..N {
            ax[i] = n.magnitude(x[i]);
            // A number below 1 (a NaN compares false) and not tiny.
            main[i] = n.lth(ax[i], one) && tiny.is_none_or(|t| !n.lth(ax[i], n.val(t)));
            small[i] = n.lth(ax[i], half);
            near[i] = n.gte(ax[i], n.val(k.near1));
            neg[i] = n.sign(x[i]);
        }
        let xv = l.join(x);
        // Below ½: the rational kernel on x⊗x.
        let kernel = below_half(l, k, sine, xv);
        if w != Width::H {
            // At `@rs @rd` the door's root is a hardware root in `%z` or
            // Markstein's step, one call per lane: the root path measured slower
            // in lanes than on the scalar arm, so only the kernel's lanes are taken.
            let kernel = l.part(kernel);
            return on_main(|i| main[i] && small[i], |i| kernel[i]);
        }
        // From ½ up: the root's argument (`asin`: (1 ⊖ |x|)⊗½; `acos`:
        // (1 ⊖ x)⊗½, or (1 ⊕ x)⊗½ for a negative x) and its root, per lane.
        for i in 0..N {
            z[i] = if !sine && neg[i] {
                n.mul(n.add(one, x[i]), half)
            } else {
                n.mul(n.sub(one, if sine { ax[i] } else { x[i] }), half)
            };
        }
        let mut s = z;
        for i in 0..N {
            s[i] = if main[i] && !small[i] {
                root(n, z[i])
            } else {
                z[i]
            };
        }
        let (zv, sv) = (l.join(z), l.join(s));
        let sr = l.mul(sv, rr(l, zv));
        // `@rh`'s endings (its `asin` near 1 has no `pio2l` term; its positive
        // `acos` no split root).
        let ends: [[G::V; N]; 3] = if sine {
            let near_end = asin_near(l, k, sv, sr);
            let dfv = l.join(s.map(|s| root_high(n, k, s)));
            let cc = split_rest(l, sv, zv, dfv);
            let far_end = asin_far(l, k, sr, dfv, cc);
            [l.part(kernel), l.part(near_end), l.part(far_end)]
        } else {
            let negative = acos_negative(l, k, sv, sr);
            let positive = acos_positive(l, sv, sr);
            [l.part(kernel), l.part(negative), l.part(positive)]
        };
        on_main(
            |i| main[i],
            |i| {
                if small[i] {
                    ends[0][i]
                } else if sine {
                    let res = if near[i] { ends[1][i] } else { ends[2][i] };
                    if neg[i] {
                        n.neg(res)
                    } else {
                        res
                    }
                } else if neg[i] {
                    ends[1][i]
                } else {
                    ends[2][i]
                }
            },
        )
    }

    fn scalar<A: Arith>(self, n: A, x: A::V) -> Result<A::V, MathError> {
        Ok(ainv_in(n, SINE, x))
    }
}
