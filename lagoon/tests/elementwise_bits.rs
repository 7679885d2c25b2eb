//! Bit table of the elementwise arms, the builders that compute and `+change`:
//! one row per quirk of lagoon.hoon@aa6f2a6 that urnum reproduces, each with
//! what it pins.

mod support;

use lagoon::builders_arith::{linspace, range, scale};
use lagoon::change::change;
use lagoon::elementwise as ew;
use lagoon::*;
use support::*;

fn a(v: u128) -> Atom {
    Atom::from_u128(v)
}

const LA: Door = Door::la();

#[test]
fn bin_op_checks() {
    let x = ray(&[2], 5, Kind::I754, &[0x3f80_0000, 0x4000_0000]);
    // Metas must be equal, shape and tail included (no broadcasting).
    let y = ray(&[2, 1], 5, Kind::I754, &[0x3f80_0000, 0x4000_0000]);
    assert!(matches!(
        ew::add(&LA, &x, &y),
        Err(LagoonError::Mismatch { .. })
    ));
    let mut z = x.clone();
    z.meta.tail = Tail::Prec { a: a(3), b: a(4) };
    assert!(matches!(
        ew::add(&LA, &x, &z),
        Err(LagoonError::Mismatch { .. })
    ));
    // An empty ravel crashes in (dec (lent ali)); el-wise-op on it does not.
    let e = ray(&[0], 5, Kind::I754, &[]);
    assert!(matches!(
        ew::add(&LA, &e, &e),
        Err(LagoonError::ZeroDecrement { .. })
    ));
    assert_eq!(ew::abs(&LA, &e).unwrap(), e);
    // A bad %i754 bloq crashes when the gate is built.
    let h = ray(&[1], 3, Kind::I754, &[1]);
    assert!(matches!(
        ew::add(&LA, &h, &h),
        Err(LagoonError::BadBloq { .. })
    ));
    // +check runs on both rays: a missing pin crashes.
    let broken = Ray::new(x.meta.clone(), a(0x4000_0000_3f80_0000));
    assert!(ew::add(&LA, &x, &broken).is_err());
}

#[test]
fn i754_quirks() {
    // sub is a − b (J-vere computes b − a): 1 − 2 = −1.
    let x = ray(&[1], 5, Kind::I754, &[0x3f80_0000]);
    let y = ray(&[1], 5, Kind::I754, &[0x4000_0000]);
    assert_eq!(elems(&ew::sub(&LA, &x, &y).unwrap()), [0xbf80_0000]);
    // abs keeps −0 and canonicalises a NaN payload (the C jet clears the sign bit).
    let z = ray(&[2], 5, Kind::I754, &[0x8000_0000, 0xffc0_0001]);
    assert_eq!(
        elems(&ew::abs(&LA, &z).unwrap()),
        [0x8000_0000, 0x7fc0_0000]
    );
    // gth on NaN is 0 both ways (the C jet's !le gives 1).
    let n = ray(&[2], 5, Kind::I754, &[0x7fc0_0000, 0x3f80_0000]);
    let m = ray(&[2], 5, Kind::I754, &[0x3f80_0000, 0x7fc0_0000]);
    assert_eq!(elems(&ew::gth(&LA, &n, &m).unwrap()), [0, 0]);
    assert_eq!(elems(&ew::gte(&LA, &n, &m).unwrap()), [0, 0]);
    // equ is bit equality: identical NaN patterns are equal, ±0 are not.
    assert_eq!(elems(&ew::equ(&LA, &n, &n).unwrap()), [0x3f80_0000; 2]);
    let p = ray(&[1], 5, Kind::I754, &[0]);
    let q = ray(&[1], 5, Kind::I754, &[0x8000_0000]);
    assert_eq!(elems(&ew::equ(&LA, &p, &q).unwrap()), [0]);
    // div-scalar divides (21/7 = 3; the jet's reciprocal gives 2.9999998).
    let t = ray(&[1], 5, Kind::I754, &[0x41a8_0000]);
    assert_eq!(
        elems(&ew::div_scalar(&LA, &t, &a(0x40e0_0000)).unwrap()),
        [0x4040_0000]
    );
    // mod: 5 mod 3 is −1 under (lake %n), 2 under bare la; /0 crashes (numerics #78).
    let five = ray(&[1], 5, Kind::I754, &[0x40a0_0000]);
    let three = ray(&[1], 5, Kind::I754, &[0x4040_0000]);
    let zero = ray(&[1], 5, Kind::I754, &[0]);
    assert_eq!(
        elems(&ew::r#mod(&Door::lake(Round::N), &five, &three).unwrap()),
        [0xbf80_0000]
    );
    assert_eq!(
        elems(&ew::r#mod(&LA, &five, &three).unwrap()),
        [0x4000_0000]
    );
    assert!(matches!(
        ew::r#mod(&LA, &five, &zero),
        Err(LagoonError::Assert { .. })
    ));
}

#[test]
fn other_kinds() {
    // %cplx order comparisons and mod crash; conj is a rounded 0 − im (−0 only under %d).
    let c = ray(&[1], 6, Kind::Cplx, &[0x3f80_0000]);
    assert!(matches!(
        ew::gth(&LA, &c, &c),
        Err(LagoonError::Assert { .. })
    ));
    assert!(matches!(
        ew::r#mod(&LA, &c, &c),
        Err(LagoonError::Assert { .. })
    ));
    assert_eq!(elems(&ew::conj(&LA, &c).unwrap()), [0x3f80_0000]);
    assert_eq!(
        elems(&ew::conj(&Door::lake(Round::D), &c).unwrap()),
        [0x8000_0000_3f80_0000]
    );
    // %cplx abs(−0 + 0i) is NaN (the zero shortcut is a bit test).
    let nz = ray(&[1], 6, Kind::Cplx, &[0x8000_0000]);
    assert_eq!(elems(&ew::abs(&LA, &nz).unwrap()), [0x7fc0_0000]);
    // %fixp without a [a b] tail: every binary op crashes on the mould, abs does not.
    let f = ray(&[1], 3, Kind::Fixp, &[0xf0]);
    assert_eq!(ew::add(&LA, &f, &f), Err(LagoonError::BadTail));
    assert_eq!(elems(&ew::abs(&LA, &f).unwrap()), [0x10]);
    // %fixp comparisons give 2^b (q3.4: 0x10).
    let mut g = ray(&[2], 3, Kind::Fixp, &[0x20, 0x08]);
    g.meta.tail = Tail::Prec { a: a(3), b: a(4) };
    let mut h = g.clone();
    h.data = ray(&[2], 3, Kind::Fixp, &[0x10, 0x10]).data;
    assert_eq!(elems(&ew::gth(&LA, &g, &h).unwrap()), [0x10, 0]);
    // %uint is-close wraps: 1 vs 3 is far, 3 vs 1 within atol 2.
    let u = ray(&[1], 3, Kind::Uint, &[1]);
    let v = ray(&[1], 3, Kind::Uint, &[3]);
    assert_eq!(
        elems(&ew::is_close(&LA, &u, &v, &a(2), &a(0)).unwrap()),
        [0]
    );
    assert_eq!(
        elems(&ew::is_close(&LA, &v, &u, &a(2), &a(0)).unwrap()),
        [1]
    );
    // pow-n 0 is ones, not an identity; %unum mod by 0 is NaR.
    assert_eq!(elems(&ew::pow_n(&LA, &v, &Atom::ZERO).unwrap()), [1]);
    let p = ray(&[1], 3, Kind::Unum, &[0x52]);
    let z = ray(&[1], 3, Kind::Unum, &[0]);
    assert_eq!(elems(&ew::r#mod(&LA, &p, &z).unwrap()), [0x80]);
}

#[test]
fn range_linspace_scale() {
    let m = Meta::new(vec![1], 5, Kind::I754);
    // lagoon-jet-parity: 0..1 step 0.1 under bare la (%z) has 11 accumulated elements.
    let r = range(&LA, &m, &a(0), &a(0x3f80_0000), &a(0x3dcc_cccd)).unwrap();
    assert_eq!(r.meta.shape, [11]);
    assert_eq!(
        r.data.to_hex(),
        "0x13f7ffffd3f6666643f4ccccb3f3333323f1999993effffff3ecccccc3e9999993e4ccccd3dcccccd00000000"
    );
    // A step that makes no progress would loop forever in the Hoon.
    assert!(matches!(
        range(&LA, &m, &a(0), &a(0x3f80_0000), &a(0)),
        Err(LagoonError::Diverges { .. })
    ));
    // linspace: element 0 is a + 0·d (−0 becomes +0 under %z), the last is b verbatim.
    let l = linspace(&LA, &m, &a(0x8000_0000), &a(0x3f80_0000), &a(3)).unwrap();
    assert_eq!(elems(&l), [0, 0x3f00_0000, 0x3f80_0000]);
    // n = 1 is [a] verbatim, at any bloq, not cut to the width: a 16-bit a at
    // bloq 3 spills into the pin (0x8000 | 0x100); n = 0 crashes.
    let one = linspace(
        &LA,
        &Meta::new(vec![1], 3, Kind::I754),
        &a(0x8000),
        &a(0),
        &a(1),
    )
    .unwrap();
    assert_eq!(one.data, a(0x8100));
    assert!(linspace(&LA, &m, &a(0), &a(1), &Atom::ZERO).is_err());
    // scale canonicalises an %i754 NaN and boxes at the meta's rank.
    let s = scale(&Meta::new(vec![2, 3], 5, Kind::I754), &a(0xffc0_0001)).unwrap();
    assert_eq!(
        (s.meta.shape.clone(), s.data),
        (vec![1, 1], a(0x1_7fc0_0000))
    );
}

#[test]
fn change_quirks() {
    let f = ray(&[2], 5, Kind::I754, &[0xc040_0000, 0x406c_cccd]);
    // %i754 → %uint maps −3 to 2 (the @s halved) and truncates 3.7 under %z.
    assert_eq!(elems(&change(&LA, &f, Kind::Uint, 4).unwrap()), [2, 3]);
    // %i754 → %i754 re-packs the bits (no float conversion).
    let g = change(&LA, &f, Kind::I754, 6).unwrap();
    assert_eq!(elems(&g), [0xc040_0000, 0x406c_cccd]);
    // %uint → %i754 is sun in the door mode.
    let u = ray(&[2], 4, Kind::Uint, &[3, 1]);
    assert_eq!(
        elems(&change(&LA, &u, Kind::I754, 5).unwrap()),
        [0x4040_0000, 0x3f80_0000]
    );
    // Rank 2 per-element paths read the flat list by the leading index only.
    let u2 = ray(&[2, 2], 4, Kind::Uint, &[1, 2, 3, 4]);
    assert_eq!(
        elems(&change(&LA, &u2, Kind::I754, 5).unwrap()),
        [0x3f80_0000, 0x3f80_0000, 0x4000_0000, 0x4000_0000]
    );
    // NaN has no integer; %unum and %int2 sources crash.
    let nan = ray(&[1], 5, Kind::I754, &[0x7fc0_0000]);
    assert!(change(&LA, &nan, Kind::Uint, 4).is_err());
    assert!(change(&LA, &ray(&[1], 3, Kind::Unum, &[0x40]), Kind::Uint, 3).is_err());
    assert!(change(&LA, &ray(&[1], 3, Kind::Int2, &[1]), Kind::Uint, 3).is_err());
}
