//! Bit tables for the posit elementary functions (`/lib/unum` `exp sin cos tan log log-2 log-10
//! pow pow-n cbrt factorial atan asin acos`).
//!
//! These are the bits of `/lib/unum@96f3cfe` (`UnumRev::V96f3cfe`); `bcb316c`'s are in
//! `unum_reduced.rs`. Expected patterns come from the Hoon: the `unum-edge`, `unum-fns` and `unum-oracle` golden
//! vectors (the last computed by the Hoon under a Nock interpreter), or from a step-by-step
//! evaluation of the Hoon's loop where the row says so.

#[path = "table_support/mod.rs"]
mod table_support;

use num_bigint::BigUint;
use softblas::scalar::unum::fns::{self, LoopError, Unary};
use softblas::scalar::unum::{self, Const, UnumRev, Width};
use table_support::{hex, rows};

/// The rows of a table whose first word is a width (`P8` … `P128`) and
/// whose `N` other words are the row's fields: width, fields, what it pins.
fn width_rows<const N: usize>(text: &str, count: usize) -> Vec<(Width, [&str; N], &str)> {
    let width = |word: &str| {
        Width::ALL
            .into_iter()
            .find(|w| format!("{w:?}") == word)
            .expect("a width")
    };
    rows(text, count)
        .into_iter()
        .map(|r| {
            let fields = r.words[1..].try_into().expect("the table's fields");
            (width(r.words[0]), fields, r.why)
        })
        .collect()
}

fn sun(w: Width, k: u64) -> u128 {
    unum::sun(w, &BigUint::from(k))
}

/// One-argument rows (`data/unum_fns_unary.txt`): width, function, input,
/// expected, what the row pins.
#[test]
fn unary_rows() {
    for (w, [f, x, want], why) in width_rows(include_str!("data/unum_fns_unary.txt"), 60) {
        let f = Unary::ALL
            .into_iter()
            .find(|u| u.arm() == f)
            .expect("an arm");
        let (x, want) = (hex(x), hex(want));
        assert_eq!(
            f.apply(UnumRev::V96f3cfe, w, x),
            Ok(want),
            "{}:{} {x:#x}: {why}",
            f.arm(),
            w.door()
        );
    }
}

/// `pow` rows (`data/unum_fns_pow.txt`): width, x, y, expected, what the row pins.
#[test]
fn pow_rows() {
    for (w, [x, y, want], why) in width_rows(include_str!("data/unum_fns_pow.txt"), 9) {
        let (x, y, want) = (hex(x), hex(y), hex(want));
        assert_eq!(
            fns::pow(w, x, y),
            want,
            "pow:{} {x:#x} {y:#x}: {why}",
            w.door()
        );
    }
}

/// `pow-n` rows, including exponents no loop could count down.
#[test]
fn pow_n_rows() {
    use Width::*;
    let big = BigUint::from(1u8) << 70u32;
    let rows: &[(Width, u128, BigUint, u128, &str)] = &[
        (P8, 0x48, 3u8.into(), 0x58, "2^3 = 8"),
        (P32, 0x4800_0000, 3u8.into(), 0x5800_0000, "2^3 = 8"),
        (P8, 0x80, 0u8.into(), 0x80, "NaR^0 = NaR, not one"),
        (P8, 0x40, 0u8.into(), 0x40, "1^0 = 1"),
        (
            P8,
            0x00,
            0u8.into(),
            0x40,
            "0^0 = one: the loop does not run",
        ),
        // 2^16 ⊗ -2 = -2^17 ties between the patterns of 2^16 and 2^18 and goes to the even
        // one, 2^16: the product then alternates between ±2^16 forever.
        (P8, 0xb8, big.clone(), 0x7c, "(-2)^(2^70) = 2^16"),
        (P8, 0xb8, &big + 1u8, 0x84, "(-2)^(2^70+1) = -2^16"),
        // Halving stops at the pattern 0x04 (2^-4(n-3)): the next half ties back to it.
        (P8, 0x38, big.clone(), 0x04, "0.5^(2^70)"),
        (P32, 0x3800_0000, big.clone(), 0x04, "0.5^(2^70)"),
        (P128, 0x40 << 120, big.clone(), 0x40 << 120, "1^(2^70) = 1"),
    ];
    for (w, x, p, want, why) in rows {
        assert_eq!(
            fns::pow_n(*w, *x, p),
            Ok(*want),
            "pow-n:{} {x:#x} {p}: {why}",
            w.door()
        );
    }
}

/// `factorial` where the Hoon never stops, and where urnum stops early on a saturated product.
#[test]
fn factorial_loops() {
    let diverges = Err(LoopError::Diverges {
        arm: "factorial",
        why: "x - 1 rounds back to x",
    });
    // posit8 20 is 0x61; its neighbours are 16 and 24, so 20 ⊖ 1 = 19 rounds back to 20.
    assert_eq!(fns::factorial(Width::P8, 0x61), diverges);
    assert_eq!(fns::factorial(Width::P8, 0x7f), diverges, "maxpos");
    assert_eq!(
        fns::factorial(Width::P32, sun(Width::P32, 1 << 24)),
        diverges
    );
    // 2^24 − 1 steps at posit64: the product saturates after 20-odd steps and urnum stops.
    assert_eq!(
        fns::factorial(Width::P64, sun(Width::P64, 1 << 24)),
        Ok(Width::P64.maxpos())
    );
    assert_eq!(
        fns::factorial(Width::P128, sun(Width::P128, 1000)),
        Ok(Width::P128.maxpos())
    );
    // 10! = 3628800 is exact from posit32 on.
    for w in [Width::P32, Width::P64, Width::P128] {
        assert_eq!(fns::factorial(w, sun(w, 10)), Ok(sun(w, 3_628_800)));
    }
    // posit16: 10! needs 14 significant bits, posit16 has 9 there.
    assert_eq!(fns::factorial(Width::P16, sun(Width::P16, 10)), Ok(0x7e6f));
}

/// The constants the inverse functions use are the door's `pi` times the door's one half.
#[test]
fn quarter_turns() {
    for w in Width::ALL {
        let half = unum::div(w, w.one(), sun(w, 2));
        let q = unum::mul(w, Const::Pi.bits(w), half);
        assert_eq!(fns::asin(w, w.one()), q, "asin 1 at {}", w.door());
        assert_eq!(fns::asin(w, unum::neg(w, w.one())), unum::neg(w, q));
        assert_eq!(fns::acos(w, 0), q, "acos 0 at {}", w.door());
        assert_eq!(fns::acos(w, unum::neg(w, w.one())), Const::Pi.bits(w));
    }
}
