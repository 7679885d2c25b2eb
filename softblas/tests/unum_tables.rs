//! Bit tables for the posit doors: constants, conversions, integer rounding, sign and order.

use num_bigint::{BigInt, BigUint};
use softblas::scalar::unum::{self, Const, Ieee, Up, Width};

/// The posit8 constants of the Hoon's tests and spec, and the standard's special patterns.
#[test]
fn posit8_constants() {
    let w = Width::P8;
    let rows: [(Const, u128); 14] = [
        (Const::Zero, 0x00),
        (Const::One, 0x40),
        (Const::Nar, 0x80),
        (Const::Maxpos, 0x7f),
        (Const::Minpos, 0x01),
        (Const::Pi, 0x4d),
        (Const::Tau, 0x55),
        (Const::E, 0x4b),
        (Const::Phi, 0x45),
        (Const::Sqt2, 0x43),
        (Const::Invsqt2, 0x3b),
        (Const::Log2, 0x3b),
        (Const::Invlog2, 0x44),
        (Const::Log10, 0x49),
    ];
    for (c, want) in rows {
        assert_eq!(c.bits(w), want, "{c:?}");
    }
    assert_eq!(Const::from_arm("huge"), Some(Const::Maxpos));
    assert_eq!(Const::from_arm("tiny"), Some(Const::Minpos));
}

/// At posit64 and posit128 the constants are the Hoon's 54-bit values, not the constants.
#[test]
fn wide_constants_are_54_bit() {
    for w in [Width::P64, Width::P128] {
        // pi decodes to exactly 0x3243f6a8885a31 · 2^-52: the posit holds those 54 bits, no more.
        let Up::P { s: true, e, a } = unum::sea(w, Const::Pi.bits(w)) else {
            panic!("pi is a positive real");
        };
        let tz = a.trailing_zeros().unwrap_or(0);
        assert_eq!(
            a >> tz,
            BigUint::from(0x32_43f6_a888_5a31u64),
            "{}",
            w.door()
        );
        assert_eq!(e + i64::try_from(tz).unwrap_or(0), -52, "{}", w.door());
    }
    // posit64 pi pattern: 0 10 01, then K's 53 bits after its leading one, then six zero bits.
    assert_eq!(Const::Pi.bits(Width::P64), 0x4c90_fdaa_2216_8c40);
}

/// Posit ↔ IEEE rows: truncation toward zero (the bare stdlib door's `%z`), the Hoon's infinity
/// on overflow, signed zero on underflow, denormals, NaN ↔ NaR.
#[test]
fn ieee_rows() {
    let rows: [(Width, Ieee, u128, u128, &str); 12] = [
        (
            Width::P32,
            Ieee::S,
            0x4998_e91d,
            0x4019_8e91,
            "inexact: truncated (RNE gives 0x40198e92)",
        ),
        (Width::P32, Ieee::S, 0xb800_0000, 0xc000_0000, "-2 exact"),
        (
            Width::P32,
            Ieee::S,
            0x8000_0000,
            0x7fc0_0000,
            "NaR -> canonical NaN",
        ),
        (
            Width::P64,
            Ieee::S,
            0xffff_ffff_ffff_ffff,
            0x8000_0000,
            "-minpos underflows to -0",
        ),
        (
            Width::P32,
            Ieee::S,
            0x0000_0001,
            0x0380_0000,
            "minpos 2^-120 is a normal binary32",
        ),
        (
            Width::P16,
            Ieee::H,
            0x7fff,
            0x7c00,
            "maxpos 2^56 overflows binary16 to +inf, not max",
        ),
        (Width::P16, Ieee::H, 0x8001, 0xfc00, "-maxpos to -inf"),
        (
            Width::P8,
            Ieee::Q,
            0x9a,
            0xc004_8000_0000_0000_0000_0000_0000_0000,
            "-48 exact in binary128",
        ),
        (Width::P8, Ieee::H, 0x00, 0x0000, "zero to +0"),
        (
            Width::P8,
            Ieee::H,
            0x02,
            0x0010,
            "2^-20 is a binary16 denormal",
        ),
        (Width::P16, Ieee::H, 0x0001, 0x0000, "2^-56 truncates to +0"),
        (
            Width::P64,
            Ieee::D,
            0x8000_0000_0000_0000,
            0x7ff8_0000_0000_0000,
            "NaR to NaN",
        ),
    ];
    for (w, f, p, want, why) in rows {
        assert_eq!(unum::to_ieee(w, f, p), want, "{why}");
    }
    let back: [(Width, Ieee, u128, u128, &str); 7] = [
        (
            Width::P8,
            Ieee::S,
            0xde5b_fde0,
            0x81,
            "-4e18 saturates to -maxpos",
        ),
        (
            Width::P8,
            Ieee::Q,
            0x8000_210c_5b8b_a483_bbfc_d9fc_2764_6152,
            0xff,
            "tiny negative to -minpos",
        ),
        (
            Width::P64,
            Ieee::Q,
            0x7ffe_ffff_ffff_ffff_ffff_ffff_ffff_ffff,
            0x7fff_ffff_ffff_ffff,
            "huge to maxpos",
        ),
        (Width::P16, Ieee::H, 0x7c00, 0x8000, "+inf to NaR"),
        (Width::P16, Ieee::H, 0x7e01, 0x8000, "NaN to NaR"),
        (Width::P16, Ieee::H, 0x8000, 0x0000, "-0 to zero"),
        (Width::P32, Ieee::S, 0x4150_0000, 0x5d00_0000, "13 exact"),
    ];
    for (w, f, x, want, why) in back {
        assert_eq!(unum::from_ieee(w, f, x), want, "{why}");
    }
}

/// Every posit16 converts to binary64 exactly and back.
#[test]
fn posit16_through_double() {
    for p in 0..=0xffffu128 {
        let d = unum::to_ieee(Width::P16, Ieee::D, p);
        assert_eq!(unum::from_ieee(Width::P16, Ieee::D, d), p, "{p:#x}");
    }
}

/// Rounding to integers and integer conversion rows (posit8).
#[test]
fn integer_rows() {
    let w = Width::P8;
    let s = |v: u32| unum::sun(w, &BigUint::from(v));
    let half = unum::div(w, w.one(), s(2));
    let one_half = unum::add(w, w.one(), half);
    let two_half = unum::add(w, s(2), half);
    // Ties to even: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2; -1.5 -> -2.
    assert_eq!(unum::rnd(w, half), 0);
    assert_eq!(unum::rnd(w, one_half), s(2));
    assert_eq!(unum::rnd(w, two_half), s(2));
    assert_eq!(unum::rnd(w, unum::neg(w, one_half)), unum::neg(w, s(2)));
    // Floor and ceiling of ±1.5; NaR passes through.
    assert_eq!(unum::flr(w, one_half), w.one());
    assert_eq!(unum::cel(w, one_half), s(2));
    assert_eq!(unum::flr(w, unum::neg(w, one_half)), unum::neg(w, s(2)));
    assert_eq!(unum::cel(w, unum::neg(w, one_half)), unum::neg(w, w.one()));
    assert_eq!(unum::rnd(w, w.nar()), w.nar());
    // minpos: floor 0, ceiling 1; -minpos: floor -1.
    assert_eq!(unum::flr(w, 1), 0);
    assert_eq!(unum::cel(w, 1), w.one());
    assert_eq!(unum::flr(w, 0xff), unum::neg(w, w.one()));
    // toi is exact and unbounded: maxpos8 = 2^24.
    assert_eq!(unum::toi(w, w.maxpos()), Some(BigInt::from(1 << 24)));
    assert_eq!(
        unum::toi(Width::P32, Width::P32.maxpos()),
        Some(BigInt::from(1) << 120u32)
    );
    assert_eq!(unum::toi(w, 0x42), Some(BigInt::from(1)));
    assert_eq!(unum::toi(w, 0x4e), Some(BigInt::from(4)));
    assert_eq!(unum::toi(w, w.nar()), None);
    // sun/san: 3 -> 0x4c, -3 -> 0xb4, saturation beyond maxpos, 0 -> zero.
    assert_eq!(s(3), 0x4c);
    assert_eq!(unum::san(w, &BigInt::from(-3)), 0xb4);
    assert_eq!(unum::sun(w, &(BigUint::from(1u8) << 200u32)), w.maxpos());
    assert_eq!(unum::san(w, &BigInt::from(0)), 0);
}

/// Sign and order rows: NaR is the least pattern, equality is of patterns.
#[test]
fn sign_and_order_rows() {
    let w = Width::P8;
    assert!(unum::lth(w, 0x80, 0x81), "NaR below -maxpos");
    assert!(unum::lth(w, 0x80, 0xc0));
    assert!(unum::lth(w, 0x38, 0x40));
    assert!(unum::gth(w, 0x40, 0xc0));
    assert!(unum::lte(w, 0x80, 0x80) && unum::gte(w, 0x80, 0x80));
    assert!(unum::equ(w, 0x80, 0x80), "NaR equals NaR");
    assert!(unum::neq(w, 0x01, 0xff));
    assert_eq!(unum::neg(w, 0x80), 0x80);
    assert_eq!(unum::neg(w, 0x00), 0x00);
    assert_eq!(unum::abs(w, 0x80), 0x80);
    assert_eq!(unum::abs(w, 0xb4), 0x4c);
    assert_eq!(unum::sgn(w, 0xa0), 0xc0);
    assert_eq!(unum::sgn(w, 0x01), 0x40);
    assert_eq!(unum::sgn(w, 0x80), 0x80);
    // 128-bit order uses the full width.
    let q = Width::P128;
    assert!(unum::lth(q, q.nar(), q.nar() + 1));
    assert!(unum::gth(q, q.maxpos(), q.one()));
}

/// `add` and `fma` return the other operand's pattern when a term is zero; `div` by zero is NaR.
#[test]
fn zero_rows() {
    let w = Width::P16;
    assert_eq!(unum::add(w, 0, 0x1234), 0x1234);
    assert_eq!(unum::add(w, 0x1234, 0), 0x1234);
    assert_eq!(unum::sub(w, 0x1234, 0x1234), 0);
    assert_eq!(unum::fma(w, 0, 0x5000, 0x1234), 0x1234);
    assert_eq!(unum::fma(w, 0x5000, 0x4000, 0), 0x5000);
    assert_eq!(unum::div(w, 0x4000, 0), w.nar());
    assert_eq!(unum::div(w, 0, 0x4000), 0);
    assert_eq!(unum::sqt(w, 0xc000), w.nar());
    assert_eq!(unum::isqt(&BigUint::from(99u8)), BigUint::from(9u8));
}

/// `is-close` is `|a − b| ≤ tol`, inclusive, in the two's-complement order (so NaR is close).
#[test]
fn is_close_rows() {
    let w = Width::P8;
    let s = |v: u32| unum::sun(w, &BigUint::from(v));
    assert!(
        unum::is_close(w, s(3), s(4), w.one()),
        "difference equal to tol"
    );
    assert!(!unum::is_close(w, s(3), s(5), w.one()));
    assert!(unum::is_close(w, s(3), s(3), 0));
    assert!(
        unum::is_close(w, w.nar(), s(3), 0),
        "NaR difference is the least pattern"
    );
}
