//! The soft core's binary128 `add`, `sub` and `div` against Berkeley
//! SoftFloat on the boundaries of their fast paths, in all five modes:
//! for sums, exponent differences 0–3, around the guard bits (13–16), the
//! word size (63–65), the far-apart threshold (111–118) and beyond (126–130,
//! 300), with carries, massive cancellation, ties and results at the
//! subnormal and overflow edges; for quotients, divisors whose top 64 bits
//! are all ones or a power of two, exact quotients and their neighbours,
//! and results at the subnormal and overflow edges (ties there).
//! Random cases are `softcore_bounded.rs`'s; figures in `docs/softcore.md`.

mod softcore_support;

use softblas::scalar::i754::Width;
use softblas::Round;
use softcore_support::{core, Op, Oracle, Rng};

const FRAC: u32 = 112;
const BIAS: u128 = 16383;
const SIGN: u128 = 1 << 127;
const FRAC_MASK: u128 = (1 << FRAC) - 1;

/// A fraction field: random, or one of the patterns that end carries and
/// borrows (all ones, zero, one unit, the top bit, the top bits set).
fn frac(rng: &mut Rng) -> u128 {
    match rng.below(8) {
        0 => FRAC_MASK,
        1 => 0,
        2 => 1,
        3 => 1 << (FRAC - 1),
        4 => FRAC_MASK ^ 1,
        5 => FRAC_MASK & !((1 << rng.below(u64::from(FRAC))) - 1),
        6 => rng.wide() & FRAC_MASK & !((1 << rng.below(u64::from(FRAC))) - 1),
        _ => rng.wide() & FRAC_MASK,
    }
}

/// The encoding of sign `s`, exponent field `e` (clamped to the finite
/// fields) and fraction `f`.
fn enc(s: bool, e: i64, f: u128) -> u128 {
    let e = e.clamp(0, 0x7ffe) as u128;
    u128::from(s) << 127 | e << FRAC | f
}

/// Pairs of operands for `add`/`sub` whose exponent fields differ by `d`,
/// around the exponent field `e0`.
fn sum_pairs(rng: &mut Rng, out: &mut Vec<[u128; 3]>) {
    let diffs = [
        0i64, 1, 2, 3, 13, 14, 15, 16, 63, 64, 65, 111, 112, 113, 114, 115, 116, 117, 118, 126,
        127, 128, 129, 130, 300,
    ];
    // Exponent fields of the larger operand: ordinary, near the top (carries
    // overflow), near the bottom (cancellation or a small operand goes
    // subnormal).
    let bases = [BIAS as i64, 0x7ffe, 0x7ffd, 1, 2, 3, 120, 300];
    for &d in &diffs {
        for &e0 in &bases {
            for _ in 0..40 {
                let (sa, sb) = (rng.next() & 1 == 1, rng.next() & 1 == 1);
                let fa = frac(rng);
                let a = enc(sa, e0, fa);
                let b = match rng.below(4) {
                    // Massive cancellation: the same fraction or a neighbour.
                    0 if d == 0 => enc(
                        sb,
                        e0,
                        (fa + rng.below(3) as u128).wrapping_sub(1) & FRAC_MASK,
                    ),
                    // A tie or a near tie: a power of two at the rounding position.
                    1 => enc(sb, e0 - d, rng.below(2) as u128),
                    _ => enc(sb, e0 - d, frac(rng)),
                };
                out.push([a, b, 0]);
                out.push([b, a, 0]);
            }
        }
    }
}

/// Pairs of operands for `div`: special divisor significands, exact
/// quotients and their neighbours, results near the subnormal and overflow
/// edges.
fn div_pairs(rng: &mut Rng, out: &mut Vec<[u128; 3]>) {
    let top64 = FRAC_MASK & !((1 << 49) - 1);
    let divisors = [
        0,
        1,
        FRAC_MASK,
        FRAC_MASK - 1,
        top64,
        top64 - 1,
        top64 | 1,
        1 << 49,
        1 << 111,
    ];
    // Exponent fields of the quotient: ordinary, overflowing, near the
    // smallest normal, subnormal and below the smallest subnormal.
    let targets = [
        BIAS as i64,
        0x7ffe,
        0x7fff,
        0x8000,
        1,
        0,
        -1,
        -50,
        -111,
        -112,
        -113,
        -114,
        -200,
    ];
    for &fb in &divisors {
        for &t in &targets {
            for _ in 0..40 {
                let eb = BIAS as i64 + rng.below(64) as i64 - 32;
                let b = enc(rng.next() & 1 == 1, eb, fb);
                let ea = t + eb - BIAS as i64;
                let fa = match rng.below(4) {
                    // A multiple of the divisor's significand: an exact quotient.
                    0 => {
                        let m = (fb | 1 << FRAC) * (1 + (rng.below(2) as u128));
                        let m = if m >> 113 != 0 { m >> 1 } else { m };
                        (m + rng.below(3) as u128).wrapping_sub(1) & FRAC_MASK
                    }
                    1 => fb,
                    _ => frac(rng),
                };
                let a = enc(rng.next() & 1 == 1, ea, fa);
                // A dividend field out of range is clamped: a subnormal or
                // the largest binade, the rare path's operands.
                out.push([a, b, 0]);
            }
        }
    }
}

#[test]
fn binary128_fast_path_boundaries_match_softfloat() {
    let mut rng = Rng::new(0x0128_f457);
    let mut sums = Vec::new();
    sum_pairs(&mut rng, &mut sums);
    let mut quotients = Vec::new();
    div_pairs(&mut rng, &mut quotients);
    let mut failures = Vec::new();
    let mut checked = 0u64;
    for r in Round::ALL {
        let oracle = Oracle::new(r);
        for (op, cases) in [(Op::Add, &sums), (Op::Sub, &sums), (Op::Div, &quotients)] {
            for &x in cases.iter() {
                let (got, want) = (core(op, Width::Q, r, x), oracle.eval(op, Width::Q, x));
                checked += 1;
                if got != want && failures.len() < 20 {
                    failures.push(format!(
                        "{op:?} {r:?} {:032x} {:032x}: core {got:032x}, SoftFloat {want:032x}",
                        x[0], x[1]
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 5 * (2 * sums.len() + quotients.len()) as u64);
    // Sign bits both ways and the far-apart threshold on both sides are in.
    assert!(sums.iter().any(|x| x[0] & SIGN != x[1] & SIGN));
    assert!(sums.len() > 10_000 && quotients.len() > 4_000);
}
