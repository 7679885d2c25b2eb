//! Bit tables for the posit elementary functions (`/lib/unum` `exp sin cos tan log log-2 log-10
//! pow pow-n cbrt factorial atan asin acos`).
//!
//! Expected patterns come from the Hoon: the `unum-edge`, `unum-fns` and `unum-oracle` golden
//! vectors (the last computed by the Hoon under a Nock interpreter), or from a step-by-step
//! evaluation of the Hoon's loop where the row says so.

use num_bigint::BigUint;
use softblas::scalar::unum::fns::{self, FnError, Unary};
use softblas::scalar::unum::{self, Const, Width};

fn sun(w: Width, k: u64) -> u128 {
    unum::sun(w, &BigUint::from(k))
}

/// One-argument rows `(width, function, input, expected, what the row pins)`.
#[test]
fn unary_rows() {
    use Unary::*;
    use Width::*;
    let rows: &[(Width, Unary, u128, u128, &str)] = &[
        // Series values at the start of the loop.
        (
            P32,
            Exp,
            0x0,
            0x4000_0000,
            "exp 0: every term is zero, the sum stays one",
        ),
        (P32, Cos, 0x0, 0x4000_0000, "cos 0 = 1"),
        (P32, Sin, 0x0, 0x0, "sin 0 = 0"),
        (P32, Tan, 0x0, 0x0, "tan 0 = 0 ⊘ 1"),
        (P32, Asin, 0x0, 0x0, "asin 0 = atan 0"),
        (
            P32,
            Factorial,
            0x0,
            0x4000_0000,
            "0! = one: the loop does not run",
        ),
        // NaR through the series (no explicit NaR check in exp/sin).
        (
            P32,
            Exp,
            0x8000_0000,
            0x8000_0000,
            "exp NaR: NaR propagates through x ⊘ k",
        ),
        (
            P32,
            Sin,
            0x8000_0000,
            0x8000_0000,
            "sin NaR: the sum starts at NaR",
        ),
        // Values where the 20-term series is far from the function.
        (
            P32,
            Exp,
            0x6640_0000,
            0x7ffe_1b02,
            "exp 50 (hoon: about 6.4e15, true 5.2e21)",
        ),
        (
            P32,
            Sin,
            0x5a00_0000,
            0xc74b_a64a,
            "sin 10, slightly off (-0.54403 vs -0.54402)",
        ),
        (
            P32,
            Log,
            0x6a40_0000,
            0x50e9_b7f7,
            "log 100 = 4.456 (30 atanh terms are too few)",
        ),
        (
            P32,
            Exp,
            0xc000_0000,
            0x33c5_ab1c,
            "exp -1 = 1/e (edge test)",
        ),
        (P32, Atan, 0xc000_0000, 0xc36f_0255, "atan -1 = -pi/4"),
        // posit8: the products k ⊗ (k+1) and the quotients round at 8 bits.
        (P8, Sin, 0x40, 0x3d, "sin 1 = 0.8125"),
        (P8, Cos, 0x40, 0x39, "cos 1 = 0.5625"),
        (P8, Tan, 0x40, 0x44, "tan 1 = sin ⊘ cos"),
        (P8, Log, 0x40, 0x00, "log 1: y = 0"),
        (P8, Log, 0x48, 0x3b, "log 2"),
        (P8, Log, 0x00, 0x80, "log 0 = NaR (x ≤ 0)"),
        (P8, Log, 0xc0, 0x80, "log -1 = NaR"),
        (
            P8,
            Log,
            0x80,
            0x80,
            "log NaR = NaR (NaR is the least pattern)",
        ),
        (
            P8,
            Cos,
            0x7b,
            0x00,
            "cos 32768: the series rounds to zero (oracle)",
        ),
        (P8, Cos, 0x50, 0xd2, "cos 4 (oracle)"),
        (P8, Exp, 0xc0, 0x34, "exp -1 (oracle)"),
        (P8, Atan, 0x38, 0x38, "atan 0.5"),
        (P8, Atan, 0xb2, 0xbe, "atan of a negative (oracle)"),
        (P8, Asin, 0x38, 0x39, "asin 0.5"),
        (P8, Asin, 0x40, 0x45, "asin 1 = pi ⊗ (1 ⊘ 2)"),
        (P8, Asin, 0x60, 0x80, "asin 16 = NaR (|x| > 1)"),
        (P8, Acos, 0x38, 0x41, "acos 0.5"),
        (P8, Acos, 0x00, 0x45, "acos 0 = pi ⊗ (1 ⊘ 2)"),
        (P8, Acos, 0x40, 0x00, "acos 1 = zero"),
        (P8, Acos, 0xc0, 0x4d, "acos -1 = pi"),
        (P8, Cbrt, 0x40, 0x40, "cbrt 1 = exp (1/3 ⊗ 0)"),
        (P8, Cbrt, 0xc0, 0x80, "cbrt -1 = NaR"),
        (P8, Cbrt, 0x00, 0x00, "cbrt 0 = 0 (checked before the sign)"),
        (P8, Factorial, 0x4c, 0x54, "3! = 6"),
        (P8, Factorial, 0x50, 0x62, "4! = 24"),
        (P8, Factorial, 0xb4, 0x80, "(-3)! = NaR"),
        (P8, Factorial, 0x80, 0x80, "NaR! = NaR"),
        // posit16 and wider.
        (P16, Exp, 0x3800, 0x4531, "exp 0.5"),
        (P16, Sin, 0x3800, 0x3757, "sin 0.5"),
        (P16, Cos, 0x3800, 0x3e0b, "cos 0.5"),
        (P16, Tan, 0x3800, 0x38bd, "tan 0.5"),
        (P16, Atan, 0x4000, 0x3c90, "atan 1"),
        (
            P16,
            Atan,
            0x3800,
            0x36d5,
            "atan 0.5 (correctly rounded would be 0x36d6)",
        ),
        (P16, Acos, 0x0000, 0x4491, "acos 0"),
        (
            P16,
            Exp,
            0xa500,
            0x6a60,
            "exp -11 = 102: the alternating series blows up (oracle)",
        ),
        (P16, Log, 0xb786, 0x8000, "log of a negative (oracle)"),
        (P16, Sin, 0xc000, 0xc28a, "sin -1 (oracle)"),
        (
            P32,
            Exp,
            0x3800_0000,
            0x4530_94c8,
            "exp 0.5, one ulp above the correctly rounded",
        ),
        (P32, Acos, 0x3800_0000, 0x4060_a91d, "acos 0.5"),
        (P32, Asin, 0x3800_0000, 0x3860_a91c, "asin 0.5"),
        (P32, Factorial, 0x5200_0000, 0x6b80_0000, "5! = 120"),
        (
            P64,
            Exp,
            0x3bad_68d8_7e6f_ac00,
            0x484c_88e6_3b49_b38f,
            "exp at posit64 (oracle)",
        ),
        (
            P64,
            Sin,
            0x5a00_0000_0000_0000,
            0xc74b_b085_112b_978d,
            "sin 10 at posit64 (oracle)",
        ),
        (
            P64,
            Cos,
            0xc000_0000_0000_0000,
            0x38a5_1407_da83_45ca,
            "cos -1 at posit64 (oracle)",
        ),
        (
            P64,
            Atan,
            0x5000_0000_0000_0000,
            0x429b_464a_8f4e_7e49,
            "atan 4 at posit64 (oracle)",
        ),
        (
            P64,
            Log,
            0x4000_0000_0000_0000,
            0x0,
            "log 1 at posit64 (oracle)",
        ),
        (
            P64,
            Log,
            0xb349_d3f8_c479_2700,
            0x8000_0000_0000_0000,
            "log of a negative (oracle)",
        ),
    ];
    for &(w, f, x, want, why) in rows {
        assert_eq!(
            f.apply(w, x),
            Ok(want),
            "{}:{} {x:#x}: {why}",
            f.arm(),
            w.door()
        );
    }
}

/// `pow` rows `(width, x, y, expected, what the row pins)`.
#[test]
fn pow_rows() {
    use Width::*;
    let rows: &[(Width, u128, u128, u128, &str)] = &[
        (P8, 0x48, 0x00, 0x40, "2^0 = exp 0 = 1"),
        (P8, 0x00, 0x48, 0x80, "0^2 = NaR: log 0 is NaR"),
        (P8, 0xc0, 0x48, 0x80, "(-1)^2 = NaR: log of a negative"),
        (P8, 0x61, 0xb4, 0x7a, "oracle"),
        (
            P8,
            0x73,
            0xb6,
            0x96,
            "768^-2.5 = -96: exp of a large negative argument (oracle)",
        ),
        (P16, 0xa500, 0x4bbd, 0x8000, "negative base (oracle)"),
        (P32, 0x4b7e_687f, 0x3c00_0000, 0x48d3_f7a9, "oracle"),
        (P32, 0x5100_0000, 0xb437_7eb7, 0x1618_9bfa, "oracle"),
        (
            P64,
            0x32eb_9a55_65a8_f200,
            0xb068_3f50_413e_3e00,
            0x6821_695f_a8ff_b995,
            "oracle",
        ),
    ];
    for &(w, x, y, want, why) in rows {
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
    let diverges = Err(FnError::Diverges {
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
