//! Posit arithmetic against an exact-rational oracle that follows the 2022 Posit Standard.
//!
//! The oracle decodes a pattern from its bit string (sign, regime run, two exponent bits, fraction)
//! independently of `unum::sea`, computes each operation exactly over `BigRational`, and rounds by
//! the standard's rule: exact values stay, `|x| > maxpos` gives ±maxpos, `0 < |x| < minpos` gives
//! ±minpos, otherwise between neighbours `u < x < w` the `(n+1)`-bit pattern `U·2+1` is the
//! midpoint, ties going to the even pattern.

use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};
use proptest::prelude::*;
use softblas::scalar::unum::{self, Width};
use std::cmp::Ordering;

mod unum_support;
use unum_support::{each_small_posit, sea_value};

/// The value of the `n`-bit posit pattern `p` (`None` for NaR), read bit by bit.
fn value(n: u32, p: &BigUint) -> Option<BigRational> {
    let top = BigUint::one() << n;
    let p = p % &top;
    if p.is_zero() {
        return Some(BigRational::zero());
    }
    let nar = BigUint::one() << (n - 1);
    if p == nar {
        return None;
    }
    let neg = p.bit(u64::from(n - 1));
    let mag = if neg { &top - &p } else { p };
    let bits: Vec<bool> = (0..n - 1).rev().map(|i| mag.bit(u64::from(i))).collect();
    let r0 = bits[0];
    let run = bits.iter().take_while(|&&b| b == r0).count();
    let k: i64 = if r0 { run as i64 - 1 } else { -(run as i64) };
    let rest: &[bool] = if run < bits.len() {
        &bits[run + 1..]
    } else {
        &[]
    };
    let mut exp = 0i64;
    for i in 0..2 {
        exp = 2 * exp + i64::from(rest.get(i).copied().unwrap_or(false));
    }
    let fbits = if rest.len() > 2 { &rest[2..] } else { &[] };
    let mut f = BigInt::zero();
    for &b in fbits {
        f = (f << 1u32) + BigInt::from(u8::from(b));
    }
    let den = BigInt::one() << fbits.len();
    let sig = BigRational::new(&den + f, den);
    let scale = 4 * k + exp;
    let two = BigRational::from_integer(BigInt::from(2));
    let mut v = sig * pow2(scale, &two);
    if neg {
        v = -v;
    }
    Some(v)
}

fn pow2(e: i64, two: &BigRational) -> BigRational {
    let m = two.pow(e.unsigned_abs() as i32);
    if e >= 0 {
        m
    } else {
        m.recip()
    }
}

/// The `n`-bit posit the standard rounds to, for a target described by `cmp(t) = t.cmp(target)` on
/// non-negative `t`, with the target's sign `neg` (the target is non-zero).
fn round_by(n: u32, neg: bool, cmp: &dyn Fn(&BigRational) -> Ordering) -> u128 {
    let maxpos: u128 = (1u128 << (n - 1)) - 1;
    let val = |p: u128| value(n, &BigUint::from(p)).expect("real");
    let mag = if cmp(&val(maxpos)) != Ordering::Greater {
        maxpos
    } else if cmp(&val(1)) != Ordering::Less {
        1
    } else {
        // Largest u with val(u) <= target, in 1..maxpos.
        let (mut lo, mut hi) = (1u128, maxpos);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if cmp(&val(mid)) != Ordering::Greater {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        if cmp(&val(lo)) == Ordering::Equal {
            lo
        } else {
            let v = value(n + 1, &(BigUint::from(lo) * 2u8 + 1u8)).expect("real");
            match cmp(&v) {
                Ordering::Greater => lo,
                Ordering::Less => hi,
                Ordering::Equal => {
                    if lo & 1 == 0 {
                        lo
                    } else {
                        hi
                    }
                }
            }
        }
    };
    if neg {
        mag.wrapping_neg() & (u128::MAX >> (128 - n))
    } else {
        mag
    }
}

/// The posit the standard rounds the exact value `x` to (NaR for `None`).
fn round(n: u32, x: Option<BigRational>) -> u128 {
    match x {
        None => 1u128 << (n - 1),
        Some(x) if x.is_zero() => 0,
        Some(x) => {
            let ax = x.abs();
            round_by(n, x.is_negative(), &|t| t.cmp(&ax))
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

fn exact(op: Op, a: Option<BigRational>, b: Option<BigRational>) -> Option<BigRational> {
    let (a, b) = (a?, b?);
    match op {
        Op::Add => Some(a + b),
        Op::Sub => Some(a - b),
        Op::Mul => Some(a * b),
        Op::Div => {
            if b.is_zero() {
                None
            } else {
                Some(a / b)
            }
        }
    }
}

fn ours(op: Op, w: Width, a: u128, b: u128) -> u128 {
    match op {
        Op::Add => unum::add(w, a, b),
        Op::Sub => unum::sub(w, a, b),
        Op::Mul => unum::mul(w, a, b),
        Op::Div => unum::div(w, a, b),
    }
}

fn check_pair(op: Op, w: Width, a: u128, b: u128) {
    let n = w.n();
    let va = value(n, &BigUint::from(a));
    let vb = value(n, &BigUint::from(b));
    let want = round(n, exact(op, va, vb));
    let got = ours(op, w, a, b);
    assert_eq!(got, want, "{op:?}:{} {a:#x} {b:#x}", w.door());
}

/// The correctly rounded square root by the standard's rule (NaR for negative and NaR inputs).
fn sqrt_want(n: u32, p: u128) -> u128 {
    match value(n, &BigUint::from(p)) {
        None => 1u128 << (n - 1),
        Some(x) if x.is_negative() => 1u128 << (n - 1),
        Some(x) if x.is_zero() => 0,
        Some(x) => round_by(n, false, &|t| (t * t).cmp(&x)),
    }
}

/// Every posit8 pair, for each of add, sub, mul, div: the Hoon's arithmetic is the standard's.
#[test]
fn posit8_pairs_exhaustive() {
    // A table of the 256 values makes the exhaustive sweep cheap.
    for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
        for a in 0..=255u128 {
            for b in 0..=255u128 {
                check_pair(op, Width::P8, a, b);
            }
        }
    }
}

/// Every posit8 and posit16 square root is the correctly rounded one.
#[test]
fn sqrt_posit8_exhaustive() {
    for p in 0..=255u128 {
        assert_eq!(unum::sqt(Width::P8, p), sqrt_want(8, p), "sqt:rpb {p:#x}");
    }
}

/// posit16 square roots, every pattern (slow: an oracle search per pattern).
#[test]
#[ignore]
fn sqrt_posit16_exhaustive() {
    for p in 0..=0xffffu128 {
        assert_eq!(unum::sqt(Width::P16, p), sqrt_want(16, p), "sqt:rph {p:#x}");
    }
}

/// `bit (sea p) = p` for every posit8 and posit16 pattern, and `sea` gives the oracle's value.
#[test]
fn sea_bit_round_trip() {
    each_small_posit(|w, p| {
        assert_eq!(unum::bit(w, &unum::sea(w, p)), p, "{}: {p:#x}", w.door());
        let v = value(w.n(), &BigUint::from(p));
        assert_eq!(sea_value(w, p), v, "{}: sea {p:#x}", w.door());
    });
}

fn width_strategy() -> impl Strategy<Value = Width> {
    prop_oneof![Just(Width::P16), Just(Width::P32), Just(Width::P64)]
}

/// A pattern of width `w`, biased toward the specials and the saturation ends.
fn pattern(w: Width) -> impl Strategy<Value = u128> {
    let m = w.mask();
    prop_oneof![
        8 => any::<u128>().prop_map(move |x| x & m),
        1 => prop_oneof![Just(0), Just(w.nar()), Just(1), Just(w.maxpos()), Just(m), Just(w.nar() + 1)],
    ]
}

fn pair() -> impl Strategy<Value = (Width, u128, u128)> {
    width_strategy().prop_flat_map(|w| (Just(w), pattern(w), pattern(w)))
}

proptest! {
    /// Random posit16/32/64 pairs: add, sub, mul, div are the standard's correctly rounded results.
    #[test]
    fn wide_pairs((w, a, b) in pair()) {
        for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
            check_pair(op, w, a, b);
        }
    }

    /// Random posit16/32/64 square roots are correctly rounded.
    #[test]
    fn wide_sqrt((w, a, _b) in pair()) {
        prop_assert_eq!(unum::sqt(w, a), sqrt_want(w.n(), a));
    }

    /// fma is the exact `a·b + c` rounded once.
    #[test]
    fn fma_exact((w, a, b) in pair(), c in any::<u128>()) {
        let c = c & w.mask();
        let n = w.n();
        let val = |p: u128| value(n, &BigUint::from(p));
        let want = match (val(a), val(b), val(c)) {
            (Some(x), Some(y), Some(z)) => {
                if x.is_zero() || y.is_zero() { c } else { round(n, Some(x * y + z)) }
            }
            _ => w.nar(),
        };
        prop_assert_eq!(unum::fma(w, a, b, c), want);
    }
}

/// Posit128 spot checks against the oracle (the Hoon's beyond-standard width follows the same rule).
#[test]
fn posit128_spots() {
    let w = Width::P128;
    let xs: [u128; 8] = [
        w.one(),
        w.one() + 1,
        0x4000_0000_0000_0000_0000_0000_0000_0001,
        0x7fff_ffff_ffff_ffff_ffff_ffff_ffff_fff0,
        3,
        0x1234_5678_9abc_def0_1234_5678_9abc_def0,
        0xc000_0000_0000_0000_0000_0000_0000_0007,
        0x8000_0000_0000_0000_0000_0000_0000_0001,
    ];
    for a in xs {
        for b in xs {
            for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
                check_pair(op, w, a, b);
            }
        }
    }
}

/// The exact value of an IEEE float of `(exp_bits, frac_bits)` (`None` for NaN and infinities).
fn float_value(eb: u32, fb: u32, x: u128) -> Option<BigRational> {
    let frac = x & ((1u128 << fb) - 1);
    let ex = (x >> fb) & ((1u128 << eb) - 1);
    let neg = (x >> (eb + fb)) & 1 == 1;
    if ex == (1u128 << eb) - 1 {
        return None;
    }
    let bias = (1i64 << (eb - 1)) - 1;
    let two = BigRational::from_integer(BigInt::from(2));
    let (sig, e) = if ex == 0 {
        (BigInt::from(frac), 1 - bias - i64::from(fb))
    } else {
        (
            BigInt::from(frac + (1u128 << fb)),
            ex as i64 - bias - i64::from(fb),
        )
    };
    let v = BigRational::from_integer(sig) * pow2(e, &two);
    Some(if neg { -v } else { v })
}

proptest! {
    /// `from-rs`/`from-rd`: the float's exact value rounded by the standard's rule (NaN, ±∞ → NaR).
    #[test]
    fn from_ieee_rounds((w, _a, _b) in pair(), x in any::<u64>(), single in any::<bool>()) {
        let (f, eb, fb, x) = if single {
            (unum::Ieee::S, 8, 23, u128::from(x as u32))
        } else {
            (unum::Ieee::D, 11, 52, u128::from(x))
        };
        prop_assert_eq!(unum::from_ieee(w, f, x), round(w.n(), float_value(eb, fb, x)));
    }

    /// `to-rs`: posit32 and posit64 values truncated toward zero to binary32 (MPFR as the oracle).
    #[test]
    fn to_single_truncates(p in any::<u64>(), wide in any::<bool>()) {
        let (w, p) = if wide { (Width::P64, u128::from(p)) } else { (Width::P32, u128::from(p as u32)) };
        let got = unum::to_ieee(w, unum::Ieee::S, p);
        let want = match value(w.n(), &BigUint::from(p)) {
            None => 0x7fc0_0000,
            Some(v) => {
                let big = rug::Rational::from((
                    rug::Integer::from_str_radix(&v.numer().to_str_radix(16), 16).expect("int"),
                    rug::Integer::from_str_radix(&v.denom().to_str_radix(16), 16).expect("int"),
                ));
                // Beyond the binary32 range the Hoon gives ±infinity even when truncating.
                let limit = rug::Rational::from(rug::Integer::from(1) << 128u32);
                if big.clone().abs() >= limit {
                    if big < 0 { 0xff80_0000 } else { 0x7f80_0000 }
                } else {
                    let fl = rug::Float::with_val(600, &big);
                    u128::from(fl.to_f32_round(rug::float::Round::Zero).to_bits())
                }
            }
        };
        prop_assert_eq!(got, want, "{:#x}", p);
    }
}
