//! Bit table of the scalar dispatch: one row per quirk of `+fun-scalar` /
//! `+trans-scalar` / `+change` (lagoon.hoon@aa6f2a6) the routing must keep.

use super::*;
use crate::dtype::Prec;
use crate::prog::Binary;
use crate::scalar::unum::UnumRev;

fn dt(kind: Kind, bloq: u32) -> Dtype {
    Dtype {
        kind,
        bloq,
        prec: None,
    }
}

fn q34() -> Dtype {
    Dtype {
        kind: Kind::Fixp,
        bloq: 3,
        prec: Some(Prec { a: 3, b: 4 }),
    }
}

fn a(v: u128) -> Atom {
    Atom::from_u128(v)
}

/// The `/lib/unum` revision these tables are checked at (the one beside Lagoon@aa6f2a6).
const REV: Option<UnumRev> = Some(UnumRev::LAGOON);

fn bin(b: Binary, t: Dtype, r: Round, x: u128, y: u128) -> Result<Atom, ScalarError> {
    eval2(Policy::FAST, Op2::Binary(b), &t, r, REV, &a(x), &a(y))
}

fn cmp(c: Compare, t: Dtype, x: u128, y: u128) -> Result<Atom, ScalarError> {
    eval2(
        Policy::FAST,
        Op2::Compare(c),
        &t,
        Round::Z,
        REV,
        &a(x),
        &a(y),
    )
}

fn un(u: Unary, t: Dtype, r: Round, x: u128) -> Result<Atom, ScalarError> {
    eval1(Policy::FAST, Op1::Unary(u), &t, &t, r, REV, &a(x))
}

const RS: Dtype = Dtype {
    kind: Kind::I754,
    bloq: 5,
    prec: None,
};
const RS_ONE: u128 = 0x3f80_0000;
const RS_NAN: u128 = 0x7fc0_0000;

/// Whether an operation crashed, as the Hoon does.
fn crashes<T>(r: Result<T, ScalarError>) -> bool {
    matches!(r, Err(ScalarError::Crash(_)))
}

#[test]
fn i754_rows() {
    // gth is b < a: false on NaN either way (the C jet's !le says true).
    assert_eq!(cmp(Compare::Gth, RS, RS_NAN, RS_ONE), Ok(Atom::ZERO));
    assert_eq!(cmp(Compare::Gth, RS, RS_ONE, RS_NAN), Ok(Atom::ZERO));
    assert_eq!(cmp(Compare::Gth, RS, 0x4000_0000, RS_ONE), Ok(a(RS_ONE)));
    // gte: −0 ≥ +0 holds.
    assert_eq!(cmp(Compare::Gte, RS, 0x8000_0000, 0), Ok(a(RS_ONE)));
    // equ is bit equality: +0 ≠ −0, a NaN equals its own bits.
    assert_eq!(cmp(Compare::Equ, RS, 0x8000_0000, 0), Ok(Atom::ZERO));
    assert_eq!(
        cmp(Compare::Equ, RS, 0x7fc0_0001, 0x7fc0_0001),
        Ok(a(RS_ONE))
    );
    assert_eq!(cmp(Compare::Neq, RS, 0x8000_0000, 0), Ok(a(RS_ONE)));
    // abs: −0 stays −0; a positive NaN with a payload becomes the canonical NaN.
    assert_eq!(
        un(Unary::Abs, RS, Round::N, 0x8000_0000),
        Ok(a(0x8000_0000))
    );
    assert_eq!(un(Unary::Abs, RS, Round::N, 0x7fc0_0001), Ok(a(RS_NAN)));
    assert_eq!(un(Unary::Abs, RS, Round::Z, 0xbf80_0000), Ok(a(RS_ONE)));
    // mod rounds the quotient in the door mode: 5 mod 3 is −1 under %n, 2 under %z.
    let (five, three) = (0x40a0_0000, 0x4040_0000);
    assert_eq!(
        bin(Binary::Mod, RS, Round::N, five, three),
        Ok(a(0xbf80_0000))
    );
    assert_eq!(
        bin(Binary::Mod, RS, Round::Z, five, three),
        Ok(a(0x4000_0000))
    );
    // a zero divisor makes the quotient infinite: (need ~) crashes.
    assert!(crashes(bin(Binary::Mod, RS, Round::Z, five, 0)));
    // no %pow for %i754, and bloq 3 is not an %i754 width.
    assert!(crashes(bin(Binary::Pow, RS, Round::Z, five, three)));
    assert!(crashes(bin(Binary::Add, dt(Kind::I754, 3), Round::Z, 1, 1)));
    // arithmetic NaN is canonical.
    assert_eq!(
        bin(Binary::Sub, RS, Round::N, 0x7f80_0000, 0x7f80_0000),
        Ok(a(RS_NAN))
    );
}

#[test]
fn uint_and_int2_rows() {
    let u8t = dt(Kind::Uint, 3);
    // sub wraps; comparisons give 1; /0 crashes; pow is sit of the exact power.
    assert_eq!(bin(Binary::Sub, u8t, Round::Z, 1, 2), Ok(a(0xff)));
    assert_eq!(cmp(Compare::Lth, u8t, 1, 2), Ok(Atom::ONE));
    assert!(crashes(bin(Binary::Div, u8t, Round::Z, 1, 0)));
    assert_eq!(bin(Binary::Pow, u8t, Round::Z, 3, 5), Ok(a(243)));
    assert_eq!(bin(Binary::Pow, u8t, Round::Z, 2, 8), Ok(Atom::ZERO));
    assert_eq!(un(Unary::Abs, u8t, Round::Z, 0xff), Ok(a(0xff)));
    // int2 (lagoon-int2.hoon): 100+50 wraps, −7/2 truncates, −7 mod 2 keeps the sign.
    let i8t = dt(Kind::Int2, 3);
    assert_eq!(bin(Binary::Add, i8t, Round::Z, 100, 50), Ok(a(0x96)));
    assert_eq!(bin(Binary::Div, i8t, Round::Z, 0xf9, 2), Ok(a(0xfd)));
    assert_eq!(bin(Binary::Mod, i8t, Round::Z, 0xf9, 2), Ok(a(0xff)));
    assert_eq!(cmp(Compare::Gth, i8t, 1, 0xff), Ok(Atom::ONE));
    assert_eq!(un(Unary::Abs, i8t, Round::Z, 0x80), Ok(a(0x80)));
    assert!(crashes(bin(Binary::Mod, i8t, Round::Z, 1, 0)));
}

#[test]
fn unum_rows() {
    let p8 = dt(Kind::Unum, 3);
    // lagoon-unum.hoon: −3.5 mod 2 = −1.5; 5 mod 0 = NaR; 2^3 = 8; 2^−2 = 1/4.
    assert_eq!(bin(Binary::Mod, p8, Round::Z, 0xb2, 0x48), Ok(a(0xbc)));
    assert_eq!(bin(Binary::Mod, p8, Round::Z, 0x52, 0), Ok(a(0x80)));
    assert_eq!(bin(Binary::Pow, p8, Round::Z, 0x48, 0x4c), Ok(a(0x58)));
    assert_eq!(bin(Binary::Pow, p8, Round::Z, 0x48, 0xb8), Ok(a(0x30)));
    // comparisons give posit one; NaR is the least pattern; equ compares patterns.
    assert_eq!(cmp(Compare::Lth, p8, 0x80, 0xff), Ok(a(0x40)));
    assert_eq!(cmp(Compare::Equ, p8, 0x80, 0x80), Ok(a(0x40)));
    // Lagoon's dispatch has no rpq.
    assert!(crashes(bin(Binary::Add, dt(Kind::Unum, 7), Round::Z, 0, 0)));
}

#[test]
fn cplx_rows() {
    let cs = dt(Kind::Cplx, 6);
    // (1+2i)(3+4i) = −5+10i; equ gives the complex one; order and mod crash.
    let (p, q) = (0x4000_0000_3f80_0000, 0x4080_0000_4040_0000);
    assert_eq!(
        bin(Binary::Mul, cs, Round::N, p, q),
        Ok(a(0x4120_0000_c0a0_0000))
    );
    assert_eq!(cmp(Compare::Equ, cs, p, p), Ok(a(RS_ONE)));
    assert!(crashes(cmp(Compare::Gth, cs, p, q)));
    assert!(crashes(bin(Binary::Mod, cs, Round::N, p, q)));
    // conj(1+0i) keeps +0 imaginary except under %d (0 − 0 = −0 there).
    assert_eq!(un(Unary::Conj, cs, Round::Z, RS_ONE), Ok(a(RS_ONE)));
    assert_eq!(
        un(Unary::Conj, cs, Round::D, RS_ONE),
        Ok(a(0x8000_0000_3f80_0000))
    );
    // |3+4i| = 5 in the real slot.
    assert_eq!(un(Unary::Abs, cs, Round::N, q), Ok(a(0x40a0_0000)));
}

#[test]
fn fixp_rows() {
    let t = q34();
    // lagoon-fixp.hoon (q3.4): 1.5·2.0 = 3.0, 0.5·0.5 = 0.25, 3.0/2.0 = 1.5, 3.5 mod 2.0 = 1.5.
    assert_eq!(bin(Binary::Mul, t, Round::Z, 0x18, 0x20), Ok(a(0x30)));
    assert_eq!(bin(Binary::Mul, t, Round::Z, 0x08, 0x08), Ok(a(0x04)));
    assert_eq!(bin(Binary::Div, t, Round::Z, 0x30, 0x20), Ok(a(0x18)));
    assert_eq!(bin(Binary::Mod, t, Round::Z, 0x38, 0x20), Ok(a(0x18)));
    // comparisons give 2^b.
    assert_eq!(cmp(Compare::Gth, t, 0x20, 0x10), Ok(a(0x10)));
    // the tail mould: no precision, no binary op (abs does not read it).
    let bare = dt(Kind::Fixp, 3);
    assert!(crashes(bin(Binary::Add, bare, Round::Z, 1, 1)));
    assert_eq!(un(Unary::Abs, bare, Round::Z, 0xf0), Ok(a(0x10)));
    assert!(crashes(bin(Binary::Div, t, Round::Z, 1, 0)));
}

#[test]
fn cast_rows() {
    let cast = |from: Dtype, to: Dtype, r: Round, x: u128| {
        eval1(Policy::FAST, Op1::Cast, &from, &to, r, None, &a(x))
    };
    let (u16t, rs) = (dt(Kind::Uint, 4), RS);
    // %i754 → %uint: toi in the door mode, then the @s halved (−3 → 2, the Hoon's limitation).
    assert_eq!(cast(rs, u16t, Round::Z, 0xc040_0000), Ok(a(2)));
    assert_eq!(cast(rs, u16t, Round::Z, 0x406c_cccd), Ok(a(3)));
    assert_eq!(cast(rs, u16t, Round::N, 0x406c_cccd), Ok(a(4)));
    assert!(crashes(cast(rs, u16t, Round::Z, RS_NAN)));
    // %uint → %i754: sun in the door mode.
    assert_eq!(cast(u16t, rs, Round::Z, 3), Ok(a(0x4040_0000)));
    // %i754 → %i754 moves bits (no float conversion).
    assert_eq!(cast(rs, dt(Kind::I754, 6), Round::Z, RS_ONE), Ok(a(RS_ONE)));
    assert!(crashes(cast(dt(Kind::Unum, 3), u16t, Round::Z, 0x40)));
}

/// The transcendental rows: Saloon's `+trans-scalar` / `+fun-scalar`
/// (saloon.hoon@424a2bf) routed to `/lib/math`, `/lib/unum`, `/lib/complex`.
#[test]
fn transcendental_rows() {
    const RS_RTOL: u128 = 0x3727_c5ac; // .1e-5, the @rs door's bunt
    let (two, three, six, eight) = (0x4000_0000, 0x4040_0000, 0x40c0_0000, 0x4100_0000);
    let fact = |rtol| Unary::Factorial { rtol };
    // exp(+0) = 1 in /lib/math.
    assert_eq!(un(Unary::Exp, RS, Round::N, 0), Ok(a(RS_ONE)));
    // factorial stops where |x − 1| < rtol: 3! = 6 with the bunt tolerance; with
    // rtol = 0 the count-down passes below 1 and the Hoon never stops (unsupported).
    assert_eq!(un(fact(RS_RTOL), RS, Round::N, three), Ok(a(six)));
    assert!(matches!(
        un(fact(0), RS, Round::N, three),
        Err(ScalarError::Unsupported(_))
    ));
    // factorial of a negative number fails the Hoon's ?> (a crash, not unsupported).
    assert!(crashes(un(fact(RS_RTOL), RS, Round::N, 0xbf80_0000)));
    // pow-n: 2^3 = 8; a non-integer exponent fails ?> (is-int n).
    assert_eq!(bin(Binary::PowN, RS, Round::N, two, three), Ok(a(eight)));
    assert!(crashes(bin(Binary::PowN, RS, Round::N, two, 0x4020_0000)));
    // pow: an integer exponent goes to pow-n; a NaN exponent crashes in (need (toi n)).
    assert_eq!(bin(Binary::PowAny, RS, Round::N, two, three), Ok(a(eight)));
    assert!(crashes(bin(Binary::PowAny, RS, Round::N, two, RS_NAN)));

    // /lib/unum (saloon-unum.hoon test-unum-exp-rps): exp of the rps posit 0x3800.0000.
    let rps = dt(Kind::Unum, 5);
    assert_eq!(
        un(Unary::Exp, rps, Round::N, 0x3800_0000),
        Ok(a(0x4530_94c8))
    );
    // posit8: sqrt 4 = 2 (the door's sqt); pow-n reads its exponent as a raw integer, so
    // 2 pow-n 3 is 8 while 2 pow-n 0x4c (76, not the posit 3) stops at 2^20 (0x7c), where
    // the next product 2^21 rounds back to 2^20.
    let p8 = dt(Kind::Unum, 3);
    assert_eq!(un(Unary::Sqrt, p8, Round::N, 0x50), Ok(a(0x48)));
    assert_eq!(bin(Binary::PowN, p8, Round::N, 0x48, 3), Ok(a(0x58)));
    assert_eq!(bin(Binary::PowN, p8, Round::N, 0x48, 0x4c), Ok(a(0x7c)));
    // No Saloon door at posit bloq 7.
    assert!(crashes(un(Unary::Exp, dt(Kind::Unum, 7), Round::N, 0)));

    // /lib/complex (saloon-cplx.hoon): exp, sqrt and pow of 1 + 2i at @cs.
    let cs = dt(Kind::Cplx, 6);
    let z = 0x4000_0000_3f80_0000;
    assert_eq!(
        un(Unary::Exp, cs, Round::N, z),
        Ok(a(0x401e_30c5_bf90_cb4e))
    );
    assert_eq!(
        un(Unary::Sqrt, cs, Round::N, z),
        Ok(a(0x3f49_4138_3fa2_d18a))
    );
    assert_eq!(
        bin(Binary::PowAny, cs, Round::N, z, 0x4000_0000),
        Ok(a(0x4080_0004_c03f_fff5))
    );
    // Saloon's real-only gates |=(@ !!) and pow-n's |=([@ @] !!) crash when called.
    for u in [fact(0), Unary::Log2, Unary::Log10, Unary::Cbrt] {
        assert!(crashes(un(u, cs, Round::N, z)));
    }
    assert!(crashes(bin(Binary::PowN, cs, Round::N, z, z)));

    // %uint: the exact x! and x^n, cut to the element width.
    let u8t = dt(Kind::Uint, 3);
    assert_eq!(un(fact(0), u8t, Round::N, 5), Ok(a(120)));
    assert_eq!(un(fact(0), u8t, Round::N, 6), Ok(a(720 % 256)));
    assert_eq!(un(fact(0), u8t, Round::N, 200), Ok(Atom::ZERO));
    assert_eq!(un(fact(0), u8t, Round::N, 0), Ok(Atom::ONE));
    assert_eq!(bin(Binary::PowN, u8t, Round::N, 3, 5), Ok(a(243)));
    assert_eq!(bin(Binary::PowN, u8t, Round::N, 7, 0), Ok(Atom::ONE));
}
