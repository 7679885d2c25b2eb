//! Bit tables for `softblas::scalar::int2` (`/lib/twoc`): the least value, -1, division by zero,
//! remainder signs, width 0 and 1, off-contract operands (more than `wid` bits), and widths past
//! 128 bits, each with the Hoon's result worked from `twoc.hoon` @96f3cfe.

use softblas::scalar::int2::{AtomTwid, Int2Error, Signed, Twid};
use softblas::Atom;

fn a(v: u128) -> Atom {
    Atom::from_u128(v)
}

fn hex(s: &str) -> Atom {
    Atom::from_hex(s).unwrap()
}

/// Applies the named two-operand arm of `t`.
fn run(t: &AtomTwid, arm: &str, x: &Atom, y: &Atom) -> Result<Atom, Int2Error> {
    let flag = |b: bool| Atom::from_u64(u64::from(b));
    Ok(match arm {
        "add" => t.add(x, y),
        "sub" => t.sub(x, y),
        "mul" => t.mul(x, y),
        "div" => t.div(x, y)?,
        "rem" => t.rem(x, y)?,
        "pow" => t.pow(x, y),
        "neg" => t.neg(x),
        "abs" => t.abs(x),
        "extend" => t.extend(x),
        "msb" => flag(t.msb(x)),
        "gth" => flag(t.gth(x, y)),
        "lth" => flag(t.lth(x, y)),
        "lte" => flag(t.lte(x, y)),
        "gte" => flag(t.gte(x, y)),
        "to-s" => t.twoc_to_s(x).to_s(),
        "s-to" => t.s_to_twoc(x),
        "ones" => Atom::from_u64(t.ones()?),
        _ => unreachable!("{arm}"),
    })
}

#[test]
fn twid_table() {
    let dz = Err(Int2Error::DivideByZero);
    let min256 = Atom::pow2(255);
    let m1_256 = Atom::pow2(256).checked_sub(&Atom::ONE).unwrap();
    type Row = (
        u64,
        &'static str,
        Atom,
        Atom,
        Result<Atom, Int2Error>,
        &'static str,
    );
    let rows: Vec<Row> = vec![
        (
            8,
            "add",
            a(0x64),
            a(0x32),
            Ok(a(0x96)),
            "100 + 50 wraps to -106",
        ),
        (8, "sub", a(5), a(10), Ok(a(0xfb)), "5 - 10 = -5"),
        (8, "neg", a(0x80), a(0), Ok(a(0x80)), "neg(min) = min"),
        (8, "neg", a(0), a(0), Ok(a(0)), "neg(0) = 0, not 2^wid"),
        (8, "abs", a(0x80), a(0), Ok(a(0x80)), "abs(min) = min"),
        (8, "abs", a(0xff), a(0), Ok(a(1)), "abs(-1) = 1"),
        (
            8,
            "div",
            a(0x80),
            a(0xff),
            Ok(a(0x80)),
            "min / -1 wraps to min",
        ),
        (
            8,
            "div",
            a(0xf9),
            a(2),
            Ok(a(0xfd)),
            "-7 / 2 = -3: truncation toward zero",
        ),
        (8, "div", a(7), a(0xfe), Ok(a(0xfd)), "7 / -2 = -3"),
        (8, "div", a(0xf9), a(0xfe), Ok(a(3)), "-7 / -2 = 3"),
        (
            8,
            "rem",
            a(0xf9),
            a(2),
            Ok(a(0xff)),
            "-7 rem 2 = -1: sign of the dividend",
        ),
        (8, "rem", a(7), a(0xfe), Ok(a(1)), "7 rem -2 = +1"),
        (8, "rem", a(0x80), a(0xff), Ok(a(0)), "min rem -1 = 0"),
        (8, "div", a(5), a(0), dz.clone(), "division by zero crashes"),
        (
            8,
            "rem",
            a(5),
            a(0),
            dz.clone(),
            "remainder by zero crashes",
        ),
        (
            8,
            "div",
            a(5),
            a(0x100),
            dz.clone(),
            "off contract: 2^wid counts as negative with magnitude 0",
        ),
        (
            8,
            "msb",
            a(0x100),
            a(0),
            Ok(a(1)),
            "msb is xeb(a) >= wid, so any wider atom is negative",
        ),
        (
            8,
            "msb",
            a(0x7f),
            a(0),
            Ok(a(0)),
            "the greatest value is non-negative",
        ),
        (
            8,
            "gth",
            a(0x100),
            a(1),
            Ok(a(0)),
            "an off-contract atom sorts below non-negatives",
        ),
        (
            8,
            "gth",
            a(0x1ff),
            a(0x100),
            Ok(a(1)),
            "two negatives compare as raw atoms, high bits included",
        ),
        (8, "gth", a(0x7f), a(0x80), Ok(a(1)), "greatest > least"),
        (8, "lte", a(0x80), a(0x80), Ok(a(1)), "lte is not gth"),
        (8, "gte", a(0xff), a(0), Ok(a(0)), "-1 >= 0 is false"),
        (
            8,
            "to-s",
            a(0x100),
            a(0),
            Ok(a(0)),
            "twoc-to-s of 2^wid: -(abs 0) is +0",
        ),
        (
            8,
            "to-s",
            a(0x80),
            a(0),
            Ok(a(0xff)),
            "least value -128 is @s 255",
        ),
        (
            8,
            "s-to",
            a(27),
            a(0),
            Ok(a(0xf2)),
            "@s -14 becomes 242 (the Hoon's doc example)",
        ),
        (8, "s-to", a(0x400), a(0), Ok(a(0)), "@s +512 wraps to 0"),
        (8, "pow", a(3), a(4), Ok(a(0x51)), "3^4 = 81"),
        (8, "pow", a(0xfe), a(3), Ok(a(0xf8)), "(-2)^3 = -8"),
        (8, "pow", a(2), a(8), Ok(a(0)), "2^8 wraps to 0"),
        (8, "pow", a(0), a(0), Ok(a(1)), "0^0 = 1"),
        (
            8,
            "extend",
            a(0x80),
            a(0),
            Ok(a(0xff)),
            "sign fill of a negative",
        ),
        (
            8,
            "extend",
            a(0x7f),
            a(0),
            Ok(a(0)),
            "sign fill of a non-negative",
        ),
        (
            0,
            "add",
            a(5),
            a(7),
            Ok(a(0)),
            "width 0: everything is 0 mod 1",
        ),
        (
            0,
            "msb",
            a(0),
            a(0),
            Ok(a(1)),
            "width 0: xeb(0) >= 0, so every atom is negative",
        ),
        (
            0,
            "div",
            a(1),
            a(1),
            dz.clone(),
            "width 0: every magnitude is 0",
        ),
        (
            0,
            "ones",
            a(0),
            a(0),
            Err(Int2Error::ZeroWidth),
            "ones = (dec 0) crashes",
        ),
        (
            1,
            "div",
            a(1),
            a(1),
            Ok(a(1)),
            "width 1: -1 / -1 = 1 wraps to -1",
        ),
        (
            1,
            "neg",
            a(1),
            a(0),
            Ok(a(1)),
            "width 1: -1 is the least value",
        ),
        (
            17,
            "mul",
            a(0x1fffd),
            a(2),
            Ok(a(0x1fffa)),
            "twid 17: -3 * 2 = -6",
        ),
        (17, "ones", a(0), a(0), Ok(a(16)), "ones = wid - 1"),
        (
            256,
            "neg",
            a(1),
            a(0),
            Ok(m1_256.clone()),
            "256 bits: -1 is all ones",
        ),
        (
            256,
            "div",
            min256.clone(),
            m1_256.clone(),
            Ok(min256.clone()),
            "256 bits: min / -1 = min",
        ),
        (
            256,
            "mul",
            m1_256.clone(),
            m1_256.clone(),
            Ok(a(1)),
            "256 bits: -1 * -1 = 1",
        ),
        (
            256,
            "rem",
            m1_256.clone(),
            a(2),
            Ok(m1_256.clone()),
            "256 bits: -1 rem 2 = -1",
        ),
        (
            200,
            "div",
            hex("0xff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.fff9"),
            a(2),
            Ok(hex(
                "0xff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.ffff.fffd",
            )),
            "200 bits: -7 / 2 = -3",
        ),
    ];
    for (wid, arm, x, y, want, why) in rows {
        let got = run(&AtomTwid::new(wid), arm, &x, &y);
        assert_eq!(got, want, "twid {wid} {arm}({x}, {y}): {why}");
    }
}

#[test]
fn overflow_table() {
    // (a, b, c, expected, what the row pins), at width 8.
    let rows = [
        (0x7f, 1, 0x80, true, "greatest + 1 overflows to the least"),
        (
            0x80,
            0xff,
            0x7f,
            true,
            "least + -1 overflows to the greatest",
        ),
        (1, 1, 2, false, "a small sum"),
        (0xff, 0xff, 0xfe, false, "-1 + -1 = -2"),
    ];
    let t = AtomTwid::new(8);
    for (x, y, z, want, why) in rows {
        assert_eq!(t.overflow(&a(x), &a(y), &a(z)), want, "{why}");
    }
}

#[test]
fn twoc_door_is_twid_at_two_to_the_bloq() {
    // +twoc re-exports +twid at (bex bloq).
    let t = AtomTwid::twoc(3).unwrap();
    assert_eq!(t.width(), 8);
    assert_eq!(t.len_mod(), a(256));
    assert_eq!(t.div(&a(0xf9), &a(2)), Ok(a(0xfd)));
    assert_eq!(
        AtomTwid::twoc(64),
        Err(Int2Error::TooWide { wid: u64::MAX })
    );
    // The u128 carrier refuses widths it cannot compute modulo.
    assert_eq!(Twid::<u128>::new(129), Err(Int2Error::TooWide { wid: 129 }));
    assert!(Twid::<u128>::new(128).is_ok());
    assert_eq!(Twid::<u128>::twoc(7).unwrap().width(), 128);
}

#[test]
fn signed_codec() {
    // @s is zig-zag: --0 = 0, -1 = 1, --1 = 2, -2 = 3.
    for (s, neg, mag) in [
        (0u64, false, 0u64),
        (1, true, 1),
        (2, false, 1),
        (3, true, 2),
    ] {
        let v = Signed::from_s(&Atom::from_u64(s));
        assert_eq!(
            (v.is_neg(), v.mag().clone()),
            (neg, Atom::from_u64(mag)),
            "@s {s}"
        );
        assert_eq!(v.to_s(), Atom::from_u64(s));
    }
    // new:si maps -0 to +0.
    assert_eq!(Signed::new(true, Atom::ZERO).to_s(), Atom::ZERO);
    // fra:si truncates toward zero; the sign is negative iff the signs differ.
    let m7 = Signed::new(true, Atom::from_u64(7));
    let p2 = Signed::new(false, Atom::from_u64(2));
    assert_eq!(m7.fra(&p2), Some(Signed::new(true, Atom::from_u64(3))));
    assert_eq!(m7.fra(&Signed::new(false, Atom::ZERO)), None);
}
