//! Bit tables for `softblas::scalar::int2` (`/lib/twoc`): the least value, -1, division by zero,
//! remainder signs, width 0 and 1, off-contract operands (more than `wid` bits), and widths past
//! 128 bits, each with the Hoon's result worked from `twoc.hoon` @96f3cfe.

#[path = "table_support/mod.rs"]
mod table_support;

use softblas::scalar::catalogue::find;
use softblas::scalar::int2::arms::{Call, ARMS};
use softblas::scalar::int2::{AtomTwid, Int2Error, Signed, Twid};
use softblas::Atom;
use table_support::rows;

fn a(v: u128) -> Atom {
    Atom::from_u128(v)
}

/// The value of twoc arm `arm` (its row of `softblas::scalar::int2::arms`)
/// at `t` on `x` and `y`, as the table writes it: the atom, a flag as 1 or
/// 0, or `!` and the crash.
fn run(t: &AtomTwid, arm: &str, x: &Atom, y: &Atom) -> String {
    let row = find(ARMS, arm).unwrap_or_else(|| panic!("{arm} is not catalogued"));
    let v = match row.call {
        Call::Nullary(f) => f(t),
        Call::Bit(f) => Ok(Atom::from_u64(u64::from(f(t, x)))),
        Call::Unary(f) | Call::ToSigned(f) => Ok(f(t, x)),
        Call::Binary(f) => Ok(f(t, x, y)),
        Call::Fallible(f) => f(t, x, y),
        Call::Compare(f) => Ok(Atom::from_u64(u64::from(f(t, x, y)))),
        Call::Compare3(_) => panic!("{arm}: three operands"),
    };
    match v {
        Ok(a) => format!("{:#x}", a.to_biguint()),
        Err(e) => format!("!{e:?}"),
    }
}

#[test]
fn twid_table() {
    // data/int2_twid.txt: wid arm x y = expected ; what the row pins.
    for r in rows(include_str!("data/int2_twid.txt"), 46) {
        let [wid, arm, x, y] = r.words[..] else {
            panic!("{}: wid arm x y", r.line)
        };
        let t = AtomTwid::new(wid.parse().expect("a width"));
        let got = run(
            &t,
            arm,
            &Atom::from_hex(x).unwrap(),
            &Atom::from_hex(y).unwrap(),
        );
        assert_eq!(got, r.want, "twid {wid} {arm}({x}, {y}): {}", r.why);
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
