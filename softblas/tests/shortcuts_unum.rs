//! The posit loops of `/lib/unum` (`unum.hoon` @96f3cfe) that `fns` cuts
//! short, against the Hoon's loops run literally:
//!
//! - `+pow-n`: `res = one`; `p` times `res ← res ⊗ x` (`p` an unbounded `@u`,
//!   NaR for NaR first). urnum stops once `res` repeats with period 1 or 2
//!   and picks by the parity of the count left.
//! - `+factorial`: `t = one`; while `x > one`: `t ← t ⊗ x`, `x ← x ⊖ one`.
//!   urnum stops once `t` is maxpos and `x ⊖ 1` is exact from there down.

use num_bigint::BigUint;
use softblas::scalar::unum::fns::{self, LoopError};
use softblas::scalar::unum::{self, Width};

fn sun(w: Width, k: u64) -> u128 {
    unum::sun(w, &BigUint::from(k))
}

/// `+pow-n`, literally.
fn pow_n_literal(w: Width, x: u128, p: u64) -> u128 {
    if x == w.nar() {
        return w.nar();
    }
    let mut res = w.one();
    for _ in 0..p {
        res = unum::mul(w, res, x);
    }
    res
}

/// `+factorial`, literally; `Err` when `x ⊖ 1 = x` above one (the Hoon never ends).
fn factorial_literal(w: Width, x: u128) -> Result<u128, &'static str> {
    let one = w.one();
    let mut x = x & w.mask();
    if x == w.nar() || unum::lth(w, x, 0) {
        return Ok(w.nar());
    }
    let mut t = one;
    while !unum::lte(w, x, one) {
        let next = unum::sub(w, x, one);
        if next == x {
            return Err("stuck");
        }
        t = unum::mul(w, t, x);
        x = next;
    }
    Ok(t)
}

/// `r` with a loop the Hoon never leaves as `"stuck"` (any other error is a failure).
fn outcome(r: Result<u128, LoopError>) -> Result<u128, &'static str> {
    r.map_err(|e| match e {
        LoopError::Diverges { .. } => "stuck",
        e => panic!("unexpected {e:?}"),
    })
}

/// Bases that settle (±1, 0, NaR, ±maxpos, ±minpos), reach a bound after a
/// few hundred products (±2, ±½, 3), or creep (1 ± ulp).
fn bases(w: Width) -> Vec<u128> {
    let one = w.one();
    let half = unum::div(w, one, sun(w, 2));
    let mut v = vec![
        one,
        0,
        w.nar(),
        w.maxpos(),
        w.minpos(),
        one + 1,
        one - 1,
        sun(w, 2),
        sun(w, 3),
        half,
        w.nar() + 1, // −maxpos
    ];
    let negs: Vec<u128> = v.iter().map(|&b| unum::neg(w, b)).collect();
    v.extend(negs);
    v
}

#[test]
fn pow_n_small_counts_match_the_loop() {
    for w in Width::ALL {
        for x in bases(w) {
            // The loop's value after every count up to 600, built once.
            let mut seq = vec![pow_n_literal(w, x, 0)];
            for k in 1..=600 {
                seq.push(unum::mul(w, seq[k - 1], x));
            }
            let counts = (0..=70u64).chain([127, 128, 129, 255, 256, 257, 503, 504, 505, 599, 600]);
            for p in counts {
                assert_eq!(
                    fns::pow_n(w, x, &BigUint::from(p)),
                    Ok(seq[p as usize]),
                    "pow-n {x:#x} {p} at {w:?}"
                );
            }
        }
    }
}

/// Counts past 2^64: the literal loop is run until its values repeat with
/// period 1 or 2 (within 2^14 products); a count `p` past that point lands on
/// the member of the same parity. Bases still moving then must be declined.
#[test]
fn pow_n_counts_beyond_u64_land_by_parity() {
    let big: Vec<BigUint> = vec![
        BigUint::from(u64::MAX),
        BigUint::from(u64::MAX) + 1u8,
        BigUint::from(u64::MAX) + 2u8,
        BigUint::from(1u8) << 70,
        (BigUint::from(1u8) << 70) + 1u8,
        (BigUint::from(1u8) << 127) - 1u8,
        BigUint::from(1u8) << 128,
        (BigUint::from(1u8) << 300) + 1u8,
    ];
    for w in Width::ALL {
        for x in bases(w) {
            // Run the literal loop until two consecutive pairs repeat (period 1 or 2).
            let mut seq = vec![pow_n_literal(w, x, 0)];
            let settled = loop {
                let k = seq.len();
                if k >= 4 && seq[k - 4..k - 2] == seq[k - 2..] {
                    break Some(k - 4);
                }
                if k > 1 << 14 {
                    break None;
                }
                seq.push(unum::mul(w, seq[k - 1], x));
            };
            let Some(at) = settled else {
                // Still moving (1 ± ulp from posit32 up): urnum declines after
                // 2^24 products, too slow to run here.
                continue;
            };
            // seq[i] is the value after i products; from `at` on it has period 2.
            let (even, odd) = if at % 2 == 0 {
                (seq[at], seq[at + 1])
            } else {
                (seq[at + 1], seq[at])
            };
            for p in &big {
                let want = if p.bit(0) { odd } else { even };
                assert_eq!(fns::pow_n(w, x, p), Ok(want), "pow-n {x:#x} {p} at {w:?}");
            }
        }
    }
}

/// Every posit8 and posit16 pattern, literally (the count-down sticks at once
/// where the spacing exceeds 2, so every loop here is short).
#[test]
fn factorial_every_small_posit() {
    for w in [Width::P8, Width::P16] {
        for x in 0..=w.mask() {
            assert_eq!(
                outcome(fns::factorial(w, x)),
                factorial_literal(w, x),
                "factorial {x:#x} at {w:?}"
            );
        }
    }
}

/// Wider posits: integers and near-integers through the point where the
/// product reaches maxpos (about 35! at posit32, 57! at posit64, 98! at
/// posit128) and well past it.
#[test]
fn factorial_past_maxpos_matches_the_loop() {
    for (w, top) in [(Width::P32, 1200u64), (Width::P64, 400), (Width::P128, 300)] {
        let third = unum::div(w, w.one(), sun(w, 3));
        for k in 0..=top {
            let v = sun(w, k);
            for x in [
                v,
                v + 1,
                v.wrapping_sub(1) & w.mask(),
                unum::add(w, v, third),
            ] {
                assert_eq!(
                    outcome(fns::factorial(w, x)),
                    factorial_literal(w, x),
                    "factorial {x:#x} (near {k}) at {w:?}"
                );
            }
        }
        for x in [w.maxpos(), w.nar(), w.nar() + 1, w.minpos()] {
            assert_eq!(
                outcome(fns::factorial(w, x)),
                factorial_literal(w, x),
                "factorial {x:#x} at {w:?}"
            );
        }
    }
}
