//! Property tests: the one-call `%i754` operations (`i754::add sub mul div
//! sqt`, and `neg abs abs_la` built on them), which run on `softblas::hw`
//! under the fast executor, give exactly SoftFloat's bits (`Fpu`, SoftFloat
//! always) at binary16/32/64 in all five modes, for operands biased to hard
//! cases (NaN payloads of both signs, ±0, subnormals, overflow boundaries,
//! ties, cancellation), plus a table of the boundary cases themselves.
//!
//! The one-call operations are [`i754::binary_by`] and [`i754::sqt_by`] under
//! the fast executor, so nothing here selects an executor.

mod i754_support;

use i754_support::Rng;
use proptest::prelude::*;
use softblas::scalar::i754::{self, Fpu, Width};
use softblas::Round;

/// The widths the hardware serves.
const HW: [Width; 3] = [Width::H, Width::S, Width::D];

/// The operation names checked, in the order of [`ours`] and [`soft`].
const OPS: [&str; 8] = ["add", "sub", "mul", "div", "sqt", "neg", "abs", "abs_la"];

/// The routed one-call operation `op` (the path under test).
fn ours(op: &str, w: Width, r: Round, a: u128, b: u128) -> u128 {
    match op {
        "add" => i754::add(w, r, a, b),
        "sub" => i754::sub(w, r, a, b),
        "mul" => i754::mul(w, r, a, b),
        "div" => i754::div(w, r, a, b),
        "sqt" => i754::sqt(w, r, a),
        "neg" => i754::neg(w, r, a),
        "abs" => i754::abs(w, a),
        _ => i754::abs_la(w, a),
    }
}

/// The same operation on SoftFloat alone, spelled from `Fpu`'s methods.
fn soft(op: &str, w: Width, r: Round, a: u128, b: u128) -> u128 {
    Fpu::with(r, |f| match op {
        "add" => f.add(w, a, b),
        "sub" => f.sub(w, a, b),
        "mul" => f.mul(w, a, b),
        "div" => f.div(w, a, b),
        "sqt" => f.sqt(w, a),
        "neg" => f.neg(w, a),
        // `/lib/math` `++abs`: unchanged when the sign bit is clear, else `0 − a` at %n.
        "abs" if i754::sig(w, a) => a & w.mask(),
        "abs" => Fpu::with(Round::N, |n| n.neg(w, a)),
        // Lagoon's abs: `a` when `a >= +0`, else `a × −1`.
        _ if i754::gte(w, a, 0) => a & w.mask(),
        _ => f.mul(w, a, i754::neg_one(w)),
    })
}

/// Checks every operation at width `w` in every mode on `(a, b)`.
fn check_pair(w: Width, a: u128, b: u128) -> Result<(), TestCaseError> {
    for r in Round::ALL {
        for op in OPS {
            let (got, want) = (ours(op, w, r, a, b), soft(op, w, r, a, b));
            prop_assert_eq!(
                got,
                want,
                "{} {:?} {:?} a={:#x} b={:#x}: routed {:#x}, SoftFloat {:#x}",
                op,
                w,
                r,
                a,
                b,
                got,
                want
            );
        }
    }
    Ok(())
}

/// A NaN of width `w` with the given sign, quiet bit and payload (never ∞).
fn nan(w: Width, negative: bool, quiet: bool, payload: u128) -> u128 {
    let quiet_bit = 1 << (w.frac_bits() - 1);
    let low = payload & (quiet_bit - 1);
    let frac = if quiet { quiet_bit | low } else { low.max(1) };
    let sign = if negative { w.sign_bit() } else { 0 };
    sign | i754::inf(w) | frac
}

/// The boundary operands of width `w`: zeros, subnormal and normal limits,
/// ±max and its neighbour, ±∞, NaNs of several payloads and signs, 1 and its
/// neighbours, half an ulp of 1 (ties), and powers of two near the limits.
fn boundary(w: Width) -> Vec<u128> {
    let p = w.precision() as i32;
    let bias = w.bias() as i32;
    let mut v = vec![
        0,
        1,
        2,
        i754::min_normal(w) - 1,
        i754::min_normal(w),
        i754::min_normal(w) + 1,
        i754::max_finite(w),
        i754::max_finite(w) - 1,
        i754::pow2(w, bias),
        i754::pow2(w, bias - 1),
        i754::pow2(w, 1 - bias),
        i754::pow2(w, -1),
        i754::pow2(w, 1),
        i754::one(w),
        i754::one(w) + 1,
        i754::one(w) - 1,
        i754::pow2(w, -p),     // half an ulp of 1: 1 + 2^−p is a tie
        i754::pow2(w, -p) + 1, // just above the tie
        i754::pow2(w, 1 - p),  // one ulp of 1
        i754::pow2(w, bias / 2),
        i754::pow2(w, -(bias / 2)),
        // Products of these with 2^(bias/2 + 1) land exactly on ±max and its
        // neighbour: exact, however near the overflow threshold.
        i754::pow2(w, bias / 2 + 1),
        i754::pow2(w, bias / 2 + 1) - 1,
        i754::pow2(w, bias / 2 + 1) - 2,
        i754::inf(w),
        nan(w, false, true, 0),
        nan(w, true, true, 0),
        nan(w, false, true, 0x15),
        nan(w, true, false, 0x2a),
        nan(w, false, false, 1),
    ];
    let negated: Vec<u128> = v.iter().map(|&x| i754::flip_sign(w, x)).collect();
    v.extend(negated);
    v
}

/// Every pair of boundary operands, at every width the hardware serves, in every mode.
#[test]
fn boundary_pairs_match_softfloat() {
    for w in HW {
        let v = boundary(w);
        for &a in &v {
            for &b in &v {
                check_pair(w, a, b).unwrap();
            }
        }
    }
}

/// Rows that pin the cases the brief names, in the routed path: the canonical
/// NaN from payload-carrying operands, the sign of an exact zero sum in `%d`,
/// directed overflow saturating to ±max (urbit/urbit#7426), and a tie.
#[test]
fn pinned_rows() {
    for w in HW {
        let (max, inf, one) = (i754::max_finite(w), i754::inf(w), i754::one(w));
        let (sign, cnan) = (w.sign_bit(), i754::canonical_nan(w));
        // A negative signalling NaN with a payload comes back as the canonical NaN.
        assert_eq!(i754::add(w, Round::N, nan(w, true, false, 5), one), cnan);
        assert_eq!(i754::sqt(w, Round::U, nan(w, true, true, 3)), cnan);
        // x − x is +0, except in %d where it is −0.
        assert_eq!(i754::sub(w, Round::N, one, one), 0);
        assert_eq!(i754::sub(w, Round::D, one, one), sign);
        // max + max: ∞ in %n %a %u, max in %z %d; −max − max mirrors it.
        let sat = [
            (Round::N, inf),
            (Round::A, inf),
            (Round::U, inf),
            (Round::Z, max),
            (Round::D, max),
        ];
        for (r, want) in sat {
            assert_eq!(i754::add(w, r, max, max), want, "{w:?} {r:?}");
            assert_eq!(i754::mul(w, r, max, i754::pow2(w, 1)), want, "{w:?} {r:?}");
        }
        assert_eq!(i754::add(w, Round::U, max | sign, max | sign), max | sign);
        assert_eq!(i754::add(w, Round::D, max | sign, max | sign), inf | sign);
        // 1 + half an ulp is a tie: even (1) in %n, away (1 + ulp) in %a and %u.
        let half = i754::pow2(w, -(w.precision() as i32));
        assert_eq!(i754::add(w, Round::N, one, half), one);
        assert_eq!(i754::add(w, Round::A, one, half), one + 1);
        assert_eq!(i754::add(w, Round::U, one, half), one + 1);
        assert_eq!(i754::add(w, Round::Z, one, half), one);
    }
}

/// binary64 in directed modes cannot decide some elements on the host
/// (subnormal operands of × ÷, tiny quotients and roots, overflowing
/// intermediates); the routed call computes those by SoftFloat.
#[test]
fn binary64_fallbacks_match_softfloat() {
    let w = Width::D;
    let tiny = [
        1u128,
        0x000f_ffff_ffff_ffff,
        0x0010_0000_0000_0001,
        0x0350_0000_0000_0001,
    ];
    let big = [
        0x7fef_ffff_ffff_ffff_u128,
        0x7fe0_0000_0000_0001,
        0x3ff8_0000_0000_0000,
    ];
    for &a in tiny.iter().chain(&big) {
        for &b in tiny.iter().chain(&big) {
            for (x, y) in [(a, b), (a | w.sign_bit(), b), (a, b | w.sign_bit())] {
                check_pair(w, x, y).unwrap();
            }
        }
    }
}

/// A routed call inside an `Fpu` batch (a binary64 fallback included, which
/// opens its own SoftFloat batch) leaves the batch's mode as it was.
#[test]
fn routed_calls_inside_a_batch_keep_its_mode() {
    let s = Width::S;
    let (one, half) = (i754::one(s), 0x3380_0000); // f32 1 + 2^−24 is a tie
    Fpu::with(Round::U, |up| {
        assert_eq!(up.add(s, one, half), one + 1);
        assert_eq!(i754::add(s, Round::D, one, half), one);
        // A binary64 %d product of a subnormal: the SoftFloat fallback inside hw.
        let d = Width::D;
        assert_eq!(
            i754::mul(d, Round::D, 1, 0x3fe0_0000_0000_0000),
            soft("mul", d, Round::D, 1, 0x3fe0_0000_0000_0000)
        );
        assert_eq!(up.add(s, one, half), one + 1);
        assert_eq!(up.round(), Round::U);
    });
}

/// binary128 is not served by the hardware and stays SoftFloat's.
#[test]
fn binary128_is_softfloat() {
    let mut rng = Rng(0x128);
    for _ in 0..200 {
        let (a, b, _) = i754_support::operands(Width::Q, &mut rng);
        check_pair(Width::Q, a, b).unwrap();
    }
}

proptest! {
    /// Random operands biased to hard cases, every hardware width and mode.
    #[test]
    fn random_operands_match_softfloat(seed in any::<u64>()) {
            let mut rng = Rng(seed);
        for w in HW {
            let (a, b, _) = i754_support::operands(w, &mut rng);
            check_pair(w, a, b)?;
        }
    }

    /// Arbitrary bit patterns, bits above the width included (they are ignored).
    #[test]
    fn arbitrary_bits_match_softfloat(a in any::<u128>(), b in any::<u128>()) {
            for w in HW {
            check_pair(w, a, b)?;
        }
    }

    /// A NaN operand of any sign and payload gives the canonical NaN.
    #[test]
    fn nan_payloads_match_softfloat(neg: bool, quiet: bool, payload in any::<u128>(), b in any::<u128>()) {
            for w in HW {
            let x = nan(w, neg, quiet, payload);
            check_pair(w, x, b & w.mask())?;
            check_pair(w, b & w.mask(), x)?;
        }
    }
}
