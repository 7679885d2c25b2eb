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
use super::root;
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

/// `++asn`: the inverse sine in the `%n` context `n`.
#[inline(always)]
pub(crate) fn asin_in<A: Arith>(n: A, x: A::V) -> A::V {
    let w = n.width();
    let k = table(w);
    let c = |b: u128| n.val(b);
    let one = n.one();
    let half = n.pow2(-1);
    let Some(ax) = in_domain(n, x) else {
        return n.nan();
    };
    let sgn = n.sign(x);
    if n.bits(ax) == i754::one(w) {
        return n.add(n.mul(x, c(k.pio2h)), n.mul(x, c(k.pio2l)));
    }
    if n.lth(ax, half) {
        if n.lth(ax, c(k.tiny_as)) {
            return n.val(n.bits(x));
        }
        return asin_small(n, x);
    }
    let t = n.mul(n.sub(one, ax), half);
    let s = root(n, t);
    let sr = n.mul(s, rr(n, t));
    let res = if n.gte(ax, c(k.near1)) {
        asin_near(n, k, s, sr)
    } else {
        let (df, cc) = split_root(n, k, s, t);
        asin_far(n, k, sr, df, cc)
    };
    if sgn {
        n.neg(res)
    } else {
        res
    }
}

/// `++acs`: the inverse cosine in the `%n` context `n`.
#[inline(always)]
pub(crate) fn acos_in<A: Arith>(n: A, x: A::V) -> A::V {
    let w = n.width();
    let k = table(w);
    let c = |b: u128| n.val(b);
    let one = n.one();
    let two = n.pow2(1);
    let half = n.pow2(-1);
    let Some(ax) = in_domain(n, x) else {
        return n.nan();
    };
    let negative = n.sign(x);
    if n.bits(ax) == i754::one(w) {
        if !negative {
            return n.val(0);
        }
        return n.add(c(k.pi), n.mul(two, c(k.pio2l)));
    }
    if n.lth(ax, half) {
        if let Some(tiny) = k.tiny_ac {
            if n.lth(ax, c(tiny)) {
                return c(k.pio2h);
            }
        }
        return acos_small(n, k, x);
    }
    if negative {
        let z = n.mul(n.add(one, x), half);
        let s = root(n, z);
        return acos_negative(n, k, s, n.mul(s, rr(n, z)));
    }
    let z = n.mul(n.sub(one, x), half);
    let s = root(n, z);
    match w {
        Width::D | Width::Q => {
            let (df, cc) = split_root(n, k, s, z);
            let r = rr(n, z);
            let wv = n.add(n.mul(r, s), cc);
            n.mul(two, n.add(df, wv))
        }
        Width::S | Width::H => acos_positive(n, s, n.mul(s, rr(n, z))),
    }
}

/// `++asn` (`sine`) or `++acs` of `N` arguments at once in the `%n`
/// context `n`, in the lanes `l` where the argument is a number with
/// `|x| < 1` not below the door's tiny bound (`tiny_as`; `tiny_ac` where
/// the door has one): below ½ the rational kernel alone,
/// `x ⊕ x⊗R(x⊗x)` for the sine and `pio2h ⊖ (x ⊖ (pio2l ⊖ x⊗R(x⊗x)))` for
/// the cosine; at `@rh`, from ½ up, the root path of [`asin_in`] or
/// [`acos_in`], each lane's root by the door's own [`root`] (one lane at a
/// time; the lanes are independent) and every ending the lanes can take
/// computed for all of them, then picked per lane. `None` for the others
/// (NaN, `|x| ≥ 1`, tiny, and at `@rs @rd` from ½ up), which the caller
/// gives to the scalar arm.
#[inline(always)]
pub(crate) fn ainv_lanes<A: Arith, L: Wide<A, N>, const N: usize>(
    n: A,
    l: L,
    sine: bool,
    x: [A::V; N],
) -> [Option<A::V>; N] {
    let w = n.width();
    let k = table(w);
    let (one, half) = (n.one(), n.pow2(-1));
    let tiny = if sine { Some(k.tiny_as) } else { k.tiny_ac };
    let (mut main, mut small, mut near, mut neg) = ([false; N], [false; N], [false; N], [false; N]);
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
    let kernel = if sine {
        asin_small(l, xv)
    } else {
        acos_small(l, k, xv)
    };
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
    let ends: [[A::V; N]; 3] = if sine {
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
