//! Bit tables for `softblas::scalar::fixp` (`/lib/fixed`): the examples in `fixed.hoon`'s own
//! docs (q8.8, 17-bit words), Lagoon's q3.4 examples, and the edges — least values, division by
//! zero, truncation toward zero of negative values, wrap-around in `from-s`, ties in `from-rs`,
//! the two roundings of `to-rs`.

use softblas::scalar::fixp::{self, FixpError};
use softblas::{Atom, Prec};

const Q88: Prec = Prec { a: 8, b: 8 };
const Q34: Prec = Prec { a: 3, b: 4 };
const Q44: Prec = Prec { a: 4, b: 4 };

fn a(v: u64) -> Atom {
    Atom::from_u64(v)
}

#[test]
fn doc_examples_q8_8() {
    assert_eq!(
        fixp::add(&a(0x180), Q88, &a(0x240), Q88),
        Ok(a(0x3c0)),
        "1.5 + 2.25"
    );
    assert_eq!(
        fixp::sub(&a(0x100), Q88, &a(0x200), Q88),
        Ok(a(0x1_ff00)),
        "1 - 2 = -1 in 17 bits"
    );
    let q17_16 = Prec { a: 17, b: 16 };
    assert_eq!(
        fixp::mul(&a(0x180), Q88, &a(0x200), Q88),
        Ok((a(0x3_0000), q17_16)),
        "1.5 * 2.0"
    );
    assert_eq!(
        fixp::mul(&a(0x1_fe80), Q88, &a(0x200), Q88),
        Ok((Atom::from_u64(0x3_fffd_0000), q17_16)),
        "-1.5 * 2.0 = -3.0 in 34 bits"
    );
    assert_eq!(
        fixp::div(&a(0x1_fd00), Q88, &a(0x200), Q88),
        Ok((a(0x1_fe80), Q88)),
        "-3 / 2"
    );
    assert_eq!(
        fixp::rem(&a(0x380), Q88, &a(0x200), Q88),
        Ok(a(0x180)),
        "3.5 mod 2.0"
    );
    assert_eq!(
        fixp::rem(&a(0x1_fc80), Q88, &a(0x200), Q88),
        Ok(a(0x1_fe80)),
        "-3.5 mod 2.0 = -1.5"
    );
    assert_eq!(fixp::abs(&a(0x1_fe80), Q88), a(0x180), "|-1.5|");
    assert_eq!(fixp::neg(&a(0x100), Q88), a(0x1_ff00), "-(1.0)");
    assert_eq!(fixp::from_s(&a(6), Q88), a(0x300), "from-s --3");
    assert_eq!(fixp::from_s(&a(3), Q88), a(0x1_fe00), "from-s -2");
    assert_eq!(
        fixp::from_rs(0x3fc0_0000, Q88),
        Ok(a(0x180)),
        "from-rs .1.5"
    );
    assert_eq!(
        fixp::from_rs(0xc010_0000, Q88),
        Ok(a(0x1_fdc0)),
        "from-rs .-2.25"
    );
    assert_eq!(fixp::to_rs(&a(0x180), Q88), 0x3fc0_0000, "to-rs 1.5");
    assert_eq!(fixp::to_rs(&a(0x1_fe80), Q88), 0xbfc0_0000, "to-rs -1.5");
    assert_eq!(
        fixp::scale(&a(0x10), Q44, Q88),
        Ok(a(0x100)),
        "1.0 q4.4 -> q8.8"
    );
    assert_eq!(
        fixp::scale(&a(0x100), Q88, Q44),
        Ok(a(0x10)),
        "1.0 q8.8 -> q4.4"
    );
    assert_eq!(fixp::to_s(&a(0x1_ff00), Q88), a(0x1ff), "-256 is @s 511");
}

#[test]
fn edges() {
    let dz = FixpError::DivideByZero;
    assert_eq!(
        fixp::div(&a(0x10), Q34, &a(0), Q34),
        Err(dz.clone()),
        "x / 0 crashes"
    );
    assert_eq!(
        fixp::rem(&a(0x10), Q34, &a(0), Q34),
        Err(dz),
        "x mod 0 crashes"
    );
    assert_eq!(
        fixp::div(&a(0x80), Q34, &a(0xf0), Q34),
        Ok((a(0x80), Q34)),
        "least / -1.0 wraps to least"
    );
    assert_eq!(
        fixp::div(&a(0x10), Q34, &a(0x30), Q34),
        Ok((a(0x05), Q34)),
        "1/3 truncates to 5/16"
    );
    assert_eq!(
        fixp::div(&a(0xf0), Q34, &a(0x30), Q34),
        Ok((a(0xfb), Q34)),
        "-1/3 truncates toward zero to -5/16"
    );
    assert_eq!(fixp::neg(&a(0x80), Q34), a(0x80), "neg(least) = least");
    assert_eq!(fixp::abs(&a(0x80), Q34), a(0x80), "abs(least) = least");
    assert_eq!(
        fixp::scale(&a(0x1_ffff), Q88, Q44),
        Ok(a(0)),
        "-1/256 to q4.4: the magnitude is shifted, so it truncates toward zero (not to -1/16)"
    );
    assert_eq!(
        fixp::scale(&a(0x1_fe80), Q88, Q44),
        Ok(a(0x1e8)),
        "-1.5 q8.8 -> q4.4"
    );
    assert_eq!(
        fixp::scale(&a(0x7f), Q34, Prec { a: 1, b: 4 }),
        Ok(a(0x3f)),
        "7.9375 to q1.4 (6 bits) drops the high bit"
    );
    assert_eq!(
        fixp::from_s(&a(400), Q34),
        a(0x80),
        "from-s --200 wraps (the doc's crash is stale)"
    );
    assert_eq!(
        fixp::mul(&a(0x10), Q34, &a(0x100), Q88),
        Ok((a(0x1000), Prec { a: 12, b: 12 })),
        "mixed precisions: 1.0 * 1.0 at q12.12"
    );
    assert_eq!(
        fixp::mul(&a(0x80), Q34, &a(0x80), Q34),
        Ok((a(0x4000), Prec { a: 7, b: 8 })),
        "least * least = 64.0 fits the 16-bit product"
    );
    assert_eq!(
        fixp::add(&a(1), Q34, &a(1), Q44),
        Err(FixpError::PrecisionMismatch { x: Q34, y: Q44 }),
        "different precisions crash"
    );
    assert_eq!(
        fixp::equ(&a(0x80), Q34, &a(0x80), Q34),
        Ok(true),
        "bit equality"
    );
    assert_eq!(
        fixp::gth(&a(0x7f), Q34, &a(0x80), Q34),
        Ok(true),
        "greatest > least"
    );
}

#[test]
fn hi_and_lo() {
    assert_eq!(
        fixp::hi(&a(0x1_fe80), Q88, 8),
        Ok(a(0xff)),
        "top 8 of 17 bits"
    );
    assert_eq!(fixp::lo(&a(0x1_fe80), Q88, 8), Ok(a(0x80)), "low 8 bits");
    assert_eq!(
        fixp::hi(&a(0x1_fe80), Q88, 17),
        Ok(a(0x1_fe80)),
        "all 17 bits"
    );
    assert_eq!(
        fixp::hi(&a(1), Q88, 18),
        Err(FixpError::TooManyBits { n: 18, wid: 17 }),
        "more bits than the width crash"
    );
    assert_eq!(
        fixp::lo(&a(1), Q88, 18),
        Err(FixpError::TooManyBits { n: 18, wid: 17 }),
        "lo too"
    );
}

#[test]
fn rs_bridge_roundings() {
    let q30 = Prec { a: 30, b: 0 };
    let q3 = Prec { a: 3, b: 0 };
    assert_eq!(
        fixp::from_rs(0x4020_0000, q3),
        Ok(a(2)),
        "2.5 ties to even 2"
    );
    assert_eq!(
        fixp::from_rs(0x4060_0000, q3),
        Ok(a(4)),
        "3.5 ties to even 4"
    );
    assert_eq!(
        fixp::from_rs(0xc020_0000, q3),
        Ok(a(0xe)),
        "-2.5 ties to -2"
    );
    assert_eq!(
        fixp::from_rs(0x7fc0_0000, Q88),
        Err(FixpError::NotFinite),
        "NaN crashes (need ~)"
    );
    assert_eq!(
        fixp::from_rs(0xff80_0000, Q88),
        Err(FixpError::NotFinite),
        "-inf crashes"
    );
    assert_eq!(
        fixp::from_rs(0, Prec { a: 0, b: 128 }),
        Err(FixpError::NotFinite),
        "sun(2^128) is inf and 0 * inf is NaN"
    );
    assert_eq!(
        fixp::from_rs(0x7f00_0000, Prec { a: 0, b: 2 }),
        Err(FixpError::NotFinite),
        "2^127 * 4 overflows to inf"
    );
    assert_eq!(
        fixp::from_rs(0x4f00_0000, Prec { a: 3, b: 0 }),
        Ok(a(0)),
        "2^31 wraps to 0 in 4 bits"
    );
    assert_eq!(
        fixp::to_rs(&a(0x200_0001), q30),
        0x4c00_0000,
        "sun(2^25 + 1) rounds to 2^25"
    );
    assert_eq!(
        fixp::to_rs(&a(1), Prec { a: 0, b: 0 }),
        0xbf80_0000,
        "1-bit all-ones is -1.0"
    );
    assert_eq!(fixp::to_rs(&a(0), Q88), 0, "zero is +0");
    assert_eq!(
        fixp::to_rs(&a(1), Prec { a: 0, b: 149 }),
        0,
        "b >= 128: sun(2^b) is inf, so 2^-149 comes out +0, not the least subnormal"
    );
    assert_eq!(
        fixp::to_rs(&a(1), Prec { a: 0, b: 127 }),
        0x0040_0000,
        "2^-127 is an exact subnormal"
    );
}

#[test]
fn fdp_truncates_once() {
    let av = [a(0x18), a(0x20)];
    let bv = [a(0x20), a(0x08)];
    assert_eq!(
        fixp::fdp(Q34, &av, &bv),
        a(0x40),
        "[1.5 2.0]·[2.0 0.5] = 4.0"
    );
    assert_eq!(
        fixp::fdp(Q34, &[a(0xff)], &[a(0x01)]),
        a(0),
        "-1/256 truncates toward zero to 0"
    );
    assert_eq!(
        fixp::fdp(Q34, &av, &bv[..1]),
        a(0x30),
        "stops at the shorter list"
    );
    assert_eq!(fixp::fdp(Q34, &[], &[]), a(0), "the empty sum");
}
