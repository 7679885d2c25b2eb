//! Properties of the posit elementary functions that follow from the Hoon's algorithms.
//!
//! Every posit operation rounds the magnitude and then applies the sign, so a series whose
//! terms change sign with `x` is exactly odd or even; the loops of `pow-n` and `factorial` are
//! checked against a literal step-by-step run of the Hoon's loop; and near zero the series are
//! checked against the exact functions (an accuracy statement, not a bit-for-bit one).

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;
use softblas::scalar::unum::fns::{self, LoopError, Unary};
use softblas::scalar::unum::{self, Const, UnumRev, Up, Width};

fn sun(w: Width, k: u64) -> u128 {
    unum::sun(w, &BigUint::from(k))
}

/// A width and an arbitrary pattern of it.
fn any_posit() -> impl Strategy<Value = (Width, u128)> {
    (prop::sample::select(Width::ALL.to_vec()), any::<u128>()).prop_map(|(w, b)| (w, b & w.mask()))
}

/// The Hoon's `pow-n` loop, one product per step.
fn pow_n_steps(w: Width, x: u128, p: u64) -> u128 {
    if x == w.nar() {
        return x;
    }
    (0..p).fold(w.one(), |r, _| unum::mul(w, r, x))
}

/// The Hoon's `factorial` loop, one step at a time; `None` where `x ⊖ 1` rounds back to `x`
/// (the loop's state then never changes, so the Hoon never returns).
fn factorial_steps(w: Width, x: u128) -> Option<u128> {
    if x == w.nar() || unum::lth(w, x, 0) {
        return Some(w.nar());
    }
    let (mut x, mut t) = (x, w.one());
    while !unum::lte(w, x, w.one()) {
        let next = unum::sub(w, x, w.one());
        if next == x {
            return None;
        }
        t = unum::mul(w, t, x);
        x = next;
    }
    Some(t)
}

proptest! {
    /// `sin`, `tan`, `atan` and `asin` are exactly odd: `x⊗x` does not see the sign and every
    /// other step carries it (NaR maps to NaR on both sides).
    #[test]
    fn odd_functions((w, x) in any_posit()) {
        let nx = unum::neg(w, x);
        for rev in UnumRev::ALL {
            for f in [Unary::Sin, Unary::Tan, Unary::Atan, Unary::Asin] {
                prop_assert_eq!(f.apply(rev, w, nx), f.apply(rev, w, x).map(|v| unum::neg(w, v)), "{} {:?}", f.arm(), rev);
            }
        }
    }

    /// `cos` is exactly even: it reads `x` only through `x⊗x`.
    #[test]
    fn cos_is_even((w, x) in any_posit()) {
        prop_assert_eq!(fns::cos(w, unum::neg(w, x)), fns::cos(w, x));
    }

    /// `96f3cfe`'s `acos` is odd inside (−1, 1) away from 0: it returns `−acos |x|` for negative
    /// `x` (the mathematical value is `pi − acos |x|`).
    #[test]
    fn acos_is_odd_inside((w, x) in any_posit()) {
        let a = unum::abs(w, x);
        prop_assume!(x != 0 && x != w.nar() && unum::lth(w, a, w.one()));
        prop_assert_eq!(fns::acos(w, unum::neg(w, x)), unum::neg(w, fns::acos(w, x)));
    }

    /// The logarithms and `pow` are NaR for every `x ≤ 0` (NaR included); `cbrt` and
    /// `factorial` for every negative `x`; `asin`/`acos` outside [−1, 1].
    #[test]
    fn domains((w, x) in any_posit(), y in any::<u128>()) {
        let y = y & w.mask();
        let nar = w.nar();
        if unum::lte(w, x, 0) {
            for rev in UnumRev::ALL {
                for f in [Unary::Log, Unary::Log2, Unary::Log10] {
                    prop_assert_eq!(f.apply(rev, w, x), Ok(nar), "{} {:?}", f.arm(), rev);
                }
                prop_assert_eq!(fns::pow_at(rev, w, x, y), nar);
            }
        }
        if unum::lth(w, x, 0) {
            prop_assert_eq!(fns::cbrt(w, x), nar);
            prop_assert_eq!(fns::factorial(w, x), Ok(nar));
        }
        if unum::gth(w, unum::abs(w, x), w.one()) {
            prop_assert_eq!(fns::asin(w, x), nar);
            prop_assert_eq!(fns::acos(w, x), nar);
        }
    }

    /// `pow-n` is the Hoon's loop: `p` products into one, whatever the jump-ahead does.
    #[test]
    fn pow_n_is_the_loop((w, x) in any_posit(), p in 0u64..400) {
        prop_assert_eq!(fns::pow_n(w, x, &BigUint::from(p)), Ok(pow_n_steps(w, x, p)));
    }
}

/// Every function of NaR is NaR, and `pow-n` of NaR is NaR even for a zero exponent.
#[test]
fn nar_propagates() {
    for w in Width::ALL {
        let nar = w.nar();
        for rev in UnumRev::ALL {
            for f in Unary::ALL {
                assert_eq!(
                    f.apply(rev, w, nar),
                    Ok(nar),
                    "{}:{} {rev:?}",
                    f.arm(),
                    w.door()
                );
            }
            assert_eq!(fns::pow_at(rev, w, nar, w.one()), nar);
            assert_eq!(fns::pow_at(rev, w, w.one(), nar), nar);
        }
        for p in [0u8, 1, 7] {
            assert_eq!(fns::pow_n(w, nar, &BigUint::from(p)), Ok(nar));
        }
    }
}

/// The values at the points where the series or the Hoon's special cases are exact.
#[test]
fn exact_points() {
    for w in Width::ALL {
        let (one, pi) = (w.one(), Const::Pi.bits(w));
        let d = w.door();
        assert_eq!(fns::exp(w, 0), one, "exp 0 at {d}");
        assert_eq!(fns::cos(w, 0), one, "cos 0 at {d}");
        assert_eq!(fns::sin(w, 0), 0, "sin 0 at {d}");
        assert_eq!(fns::tan(w, 0), 0, "tan 0 at {d}");
        assert_eq!(fns::atan(w, 0), 0, "atan 0 at {d}");
        assert_eq!(fns::log(w, one), 0, "log 1 at {d}");
        assert_eq!(fns::log_2(w, one), 0, "log-2 1 at {d}");
        assert_eq!(fns::log_10(w, one), 0, "log-10 1 at {d}");
        assert_eq!(fns::cbrt(w, one), one, "cbrt 1 at {d}");
        assert_eq!(fns::cbrt(w, 0), 0, "cbrt 0 at {d}");
        assert_eq!(fns::acos(w, one), 0, "acos 1 at {d}");
        assert_eq!(fns::acos(w, unum::neg(w, one)), pi, "acos -1 at {d}");
        assert_eq!(fns::pow(w, sun(w, 2), 0), one, "x^0 = exp 0 at {d}");
        assert_eq!(fns::factorial(w, 0), Ok(one), "0! at {d}");
        assert_eq!(fns::factorial(w, one), Ok(one), "1! at {d}");
        // 2.5! stops after 2.5 ⊗ 1.5 = 3.75 (exact at every width).
        let two_half = unum::div(w, sun(w, 5), sun(w, 2));
        let want = unum::div(w, sun(w, 15), sun(w, 4));
        assert_eq!(fns::factorial(w, two_half), Ok(want), "2.5! at {d}");
    }
}

/// `pow-n x 0` is one and `pow-n x 1` is `x` for every non-NaR posit8, posit16 pattern.
#[test]
fn pow_n_small_exponents() {
    for w in [Width::P8, Width::P16] {
        for x in 0..=w.mask() {
            if x == w.nar() {
                continue;
            }
            assert_eq!(fns::pow_n(w, x, &BigUint::zero()), Ok(w.one()));
            assert_eq!(fns::pow_n(w, x, &BigUint::one()), Ok(x));
        }
    }
}

/// For posit8 the running product settles (magnitudes are monotone over 128 values) within 256
/// steps, so `x^p` for any huge `p` is the loop's value at 256 or 257 steps, by parity.
#[test]
fn pow_n_huge_exponents_p8() {
    let w = Width::P8;
    let huge = BigUint::from(3u8) << 100u32;
    for x in 0..=w.mask() {
        for extra in [0u8, 1] {
            let p = &huge + extra;
            let want = pow_n_steps(w, x, 256 + u64::from(extra));
            assert_eq!(fns::pow_n(w, x, &p), Ok(want), "{x:#x}^{p}");
        }
    }
}

/// `factorial` is the Hoon's loop for every posit8 and posit16 pattern, and diverges exactly
/// where the loop never returns.
#[test]
fn factorial_is_the_loop() {
    for w in [Width::P8, Width::P16] {
        for x in 0..=w.mask() {
            let got = fns::factorial(w, x);
            match factorial_steps(w, x) {
                Some(v) => assert_eq!(got, Ok(v), "{x:#x}"),
                None => assert!(matches!(got, Err(LoopError::Diverges { .. })), "{x:#x}"),
            }
        }
    }
}

/// `n!` of an integer is exact while every partial product `n (n−1) … (n−j)` is a posit.
#[test]
fn factorial_exact_on_small_integers() {
    for w in Width::ALL {
        let representable =
            |v: &BigUint| unum::toi(w, unum::sun(w, v)) == Some(BigInt::from(v.clone()));
        for k in 0u64..60 {
            let mut prod = BigUint::one();
            let mut exact = true;
            for j in (2..=k).rev() {
                prod *= j;
                exact &= representable(&prod);
            }
            if !exact {
                break;
            }
            assert_eq!(
                fns::factorial(w, sun(w, k)),
                Ok(unum::sun(w, &prod)),
                "{k}! at {}",
                w.door()
            );
        }
    }
}

/// Fractional bits of the fixed-point reference values.
const FRAC: u32 = 320;

/// The posit `p` as a fixed-point integer `p · 2^FRAC` (exact for |p| ≥ 2^-FRAC; `None` for NaR).
fn fixed(w: Width, p: u128) -> Option<BigInt> {
    match unum::sea(w, p) {
        Up::N => None,
        Up::Z => Some(BigInt::zero()),
        Up::P { s, e, a } => {
            let a = BigInt::from(a);
            let sh = e + i64::from(FRAC);
            let v = if sh >= 0 {
                a << sh as u32
            } else {
                a >> sh.unsigned_abs() as u32
            };
            Some(if s { v } else { -v })
        }
    }
}

/// The fixed-point value `v · 2^-FRAC` rounded to the nearest posit (a sticky bit stands for the
/// reference's own error, far below the posit's last place).
fn nearest(w: Width, v: &BigInt) -> u128 {
    let a = v.magnitude() | BigUint::one();
    unum::bit(
        w,
        &Up::P {
            s: !v.is_negative(),
            e: -i64::from(FRAC),
            a,
        },
    )
}

/// Taylor sums of exp, sin and cos at the fixed-point `x` (|x| ≤ 1) to 80 terms, truncated to
/// `FRAC` bits at each step (total error below 2^-300).
fn exact_series(x: &BigInt) -> [BigInt; 3] {
    let (mut e, mut s, mut c) = (BigInt::zero(), BigInt::zero(), BigInt::zero());
    let mut term = BigInt::one() << FRAC;
    for k in 0u32..80 {
        e += &term;
        match k % 4 {
            0 => c += &term,
            1 => s += &term,
            2 => c -= &term,
            _ => s -= &term,
        }
        term = ((term * x) >> FRAC) / BigInt::from(k + 1);
    }
    [e, s, c]
}

/// Pattern distance (posit patterns are ordered like their values).
fn ulps(w: Width, a: u128, b: u128) -> u128 {
    let sh = 128 - w.n();
    let (a, b) = (((a << sh) as i128) >> sh, ((b << sh) as i128) >> sh);
    a.abs_diff(b)
}

/// Near zero the 20-term series are accurate: for every posit16 with |x| ≤ 1/2, `exp`, `sin`
/// and `cos` are within 2 patterns of the correctly rounded value (rounding errors of about 20
/// steps, no truncation error).
#[test]
fn accurate_near_zero_p16() {
    let w = Width::P16;
    let half = unum::div(w, w.one(), sun(w, 2));
    for x in 0..=w.mask() {
        if x == w.nar() || unum::gth(w, unum::abs(w, x), half) {
            continue;
        }
        let [e, s, c] = exact_series(&fixed(w, x).expect("real"));
        for (got, want, f) in [
            (fns::exp(w, x), e, "exp"),
            (fns::sin(w, x), s, "sin"),
            (fns::cos(w, x), c, "cos"),
        ] {
            let want = nearest(w, &want);
            let d = ulps(w, got, want);
            assert!(
                d <= 2,
                "{f} {x:#x}: {got:#x} is {d} patterns from {want:#x}"
            );
        }
    }
}
