//! Bits and identities of `/lib/unum@bcb316c`'s elementary functions
//! (`softblas::scalar::unum::reduced`, `UnumRev::Bcb316c`).
//!
//! The posit32 values are the ones issue 36 reads off the Hoon text (`exp .5`, `cos .5`,
//! `tan .5`, `log 2`); the identities follow from the text's formulas exactly, at every width.
//! Vectors computed by the Hoon itself go to `vectors/unum-bcb316c-*.jsonl` (with
//! `"unum_rev": "bcb316c384ab5e3f378d481e67d88ef8d6bbb5b2"`), which `urnum check` runs against
//! this revision.

use num_bigint::BigUint;
use softblas::scalar::unum::fns::{self, Unary};
use softblas::scalar::unum::{self, reduced, Const, UnumRev, Up, Width};

const NEW: UnumRev = UnumRev::Bcb316c;

fn sun(w: Width, k: u64) -> u128 {
    unum::sun(w, &BigUint::from(k))
}

/// The issue's four posit32 examples, with the `96f3cfe` values beside them.
#[test]
fn issue_36_examples() {
    let w = Width::P32;
    let (half, two) = (0x3800_0000, 0x4800_0000);
    let rows = [
        (Unary::Exp, half, 0x4530_94c7, 0x4530_94c8),
        (Unary::Cos, half, 0x3e0a_9403, 0x3e0a_9404),
        (Unary::Tan, half, 0x38bd_a7ae, 0x38bd_a7ad),
        (Unary::Log, two, 0x3b17_217f, 0x3b17_2180),
    ];
    for (f, x, new, old) in rows {
        assert_eq!(f.apply(NEW, w, x), Ok(new), "{} new", f.arm());
        assert_eq!(f.apply(UnumRev::V96f3cfe, w, x), Ok(old), "{} old", f.arm());
    }
}

/// `acos x = pi ⊖ acos(−x)` for −1 < x < 0 (the text's formula: the same `√(1 ⊖ x²)` divided by
/// `−x`), so every such value lies in [π/2, π]; at every width, on edge and spread inputs.
#[test]
fn acos_of_negative_is_pi_minus() {
    for w in Width::ALL {
        let pi = Const::Pi.bits(w);
        let quarter = unum::mul(w, pi, unum::div(w, w.one(), sun(w, 2)));
        let step = w.mask() / 997;
        let xs = (1..997u128).map(|i| i * step).chain([1, w.one() - 1]);
        for p in xs {
            let x = unum::neg(w, p & w.maxpos());
            if x == w.nar() || !unum::lth(w, unum::abs(w, x), w.one()) || x == 0 {
                continue;
            }
            let a = reduced::acos(w, x);
            assert_eq!(
                a,
                unum::sub(w, pi, reduced::acos(w, unum::neg(w, x))),
                "{x:#x}"
            );
            assert!(!unum::lth(w, a, quarter) && !unum::gth(w, a, pi), "{x:#x}");
        }
    }
}

/// Values the text's formulas give exactly: `exp 0 = cos 0 = 1`, `sin 0 = tan 0 = atan 0 = 0`,
/// `log 1 = 0`, and `log-2 2^k = k` (the split gives `m = 1`, so `ln m` is exactly zero).
#[test]
fn exact_points() {
    for w in Width::ALL {
        let one = w.one();
        let d = w.door();
        for (f, at_0, name) in [
            (reduced::exp as fn(Width, u128) -> u128, one, "exp"),
            (reduced::cos, one, "cos"),
            (reduced::sin, 0, "sin"),
            (reduced::tan, 0, "tan"),
            (reduced::atan, 0, "atan"),
        ] {
            assert_eq!(f(w, 0), at_0, "{name} 0 at {d}");
        }
        for f in [reduced::log, reduced::log_2, reduced::log_10] {
            assert_eq!(f(w, one), 0, "log 1 at {d}");
        }
        for k in [1u64, 2, 5, 11] {
            let x = unum::mul(w, sun(w, 1 << k), one);
            assert_eq!(reduced::log_2(w, x), sun(w, k), "log-2 2^{k} at {d}");
        }
        assert_eq!(reduced::acos(w, one), 0, "acos 1 at {d}");
        assert_eq!(reduced::acos(w, unum::neg(w, one)), Const::Pi.bits(w));
        assert_eq!(reduced::cbrt(w, 0), 0);
        assert_eq!(fns::pow_at(NEW, w, sun(w, 2), 0), one, "x^0 = exp 0 at {d}");
    }
}

/// `cos` reads only `|x|`; `sin`, `tan` and `atan` reapply `x`'s sign to the same magnitude.
#[test]
fn symmetry_at_every_width() {
    for w in Width::ALL {
        let step = w.mask() / 499;
        for p in (0..499u128).map(|i| (i * step) & w.mask()) {
            let np = unum::neg(w, p);
            assert_eq!(reduced::cos(w, np), reduced::cos(w, p), "{p:#x}");
            for f in [reduced::sin, reduced::tan, reduced::atan] {
                assert_eq!(f(w, np), unum::neg(w, f(w, p)), "{p:#x}");
            }
        }
    }
}

/// Every revised arm (all but `factorial`, which loops at maxpos in both texts) answers at the
/// extremes of every width (maxpos, minpos and their negatives; the
/// reduction of `exp` and the trigonometric arms then works with integers of hundreds of bits):
/// `exp` saturates as the text says, the logarithms of negatives are NaR.
#[test]
fn extremes() {
    for w in Width::ALL {
        let (max, min) = (w.maxpos(), w.minpos());
        // exp of ±minpos is the polynomial's constant term c0 = 1 − 2^−34.4 (the fit does not
        // pass through 1): one at posit8 to posit32, c0 itself at posit64 and posit128.
        let c0 = unum::bit(
            w,
            &Up::P {
                s: true,
                e: -128,
                a: BigUint::parse_bytes(b"ffffffffd389a50d1cdb82b4c34e2f1d", 16).unwrap(),
            },
        );
        assert_eq!(c0 == w.one(), w <= Width::P32, "{}", w.door());
        assert_eq!(reduced::exp(w, unum::neg(w, min)), c0, "{}", w.door());
        assert_eq!(reduced::exp(w, min), c0, "{}", w.door());
        for x in [max, min, unum::neg(w, max), unum::neg(w, min)] {
            for f in Unary::ALL.into_iter().filter(|f| f.revised()) {
                assert!(
                    f.apply(NEW, w, x).is_ok(),
                    "{}:{} {x:#x}",
                    f.arm(),
                    w.door()
                );
            }
        }
        for f in [reduced::log, reduced::log_2, reduced::log_10] {
            assert_eq!(f(w, unum::neg(w, max)), w.nar());
        }
    }
    // At posit8 and posit16 the saturations are the function's.
    for w in [Width::P8, Width::P16] {
        assert_eq!(reduced::exp(w, w.maxpos()), w.maxpos());
        assert_eq!(reduced::exp(w, unum::neg(w, w.maxpos())), w.minpos());
    }
}
