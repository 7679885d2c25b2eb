//! `++factorial`'s shortcut: once the product absorbs every further factor
//! (`+∞`, or `+max` in `%z`/`%d`) and the count-down is over exact integers,
//! `Door::factorial` decides the rest of the loop without running it (also for
//! a non-integer `x`, and above 2^P in `%d`/`%z`, where the count walks one
//! float per step). This
//! checks it against the loop run step by step (a transcription of the arm,
//! `math.hoon` @a71a0b9) for integer and non-integer `x`, every mode and
//! several tolerances, and pins that a huge exact count-down is now quick.
//!
//! The loop also runs against the shortcut at the edge of exactness: `@rh`
//! counts from just below 2^11 to its max (where `n ⊖ 1` ties in `%n` and
//! steps a float at a time in `%d`/`%z`), and the overflow points of `@rd`
//! (171!) and `@rq` (1755!).

use softblas::math::{Door, LoopError, MathError};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, DoorRound, Round};
use std::time::Instant;

/// The arm run step by step: `t = 1`; while `|x − 1| >= rtol`: diverge if the
/// count-down stops moving or `x < 1`, else `t = t·x`, `x = x − 1`.
fn plain(d: &Door, x: u128) -> Result<u128, &'static str> {
    let w = d.width();
    let r = d.mode();
    let one = i754::one(w);
    let mut t = one;
    let mut x = x;
    if d.lth(d.abs(x), d.rtol()) {
        return Ok(t);
    }
    loop {
        if d.lth(d.abs(i754::sub(w, r, x, one)), d.rtol()) {
            return Ok(t);
        }
        let next = i754::sub(w, r, x, one);
        if next == x {
            return Err("stuck");
        }
        if d.lth(x, one) {
            return Err("below 1");
        }
        t = i754::mul(w, r, t, x);
        x = next;
    }
}

fn outcome(r: Result<u128, MathError>) -> Result<u128, &'static str> {
    match r {
        Ok(v) => Ok(v),
        Err(MathError::Loop(LoopError::Diverges { why, .. })) if why.contains("rounds back") => {
            Err("stuck")
        }
        Err(MathError::Loop(LoopError::Diverges { .. })) => Err("below 1"),
        Err(e) => panic!("unexpected error {e:?}"),
    }
}

#[test]
fn the_shortcut_equals_the_loop() {
    let mut checked = 0;
    for w in [Width::H, Width::S] {
        let tols = [
            Door::new(w).rtol(),
            0,                      // +0: never met, diverges at 0
            i754::neg_one(w),       // negative
            i754::canonical_nan(w), // NaN: never met
            i754::pow2(w, 1),       // 2: met early
            i754::pow2(w, -1),      // 0.5
        ];
        for r in Round::ALL {
            if r == Round::A {
                continue;
            }
            for &tol in &tols {
                let Ok(d) = Door::with(w, r, tol, 0) else {
                    continue;
                };
                // Integers past the overflow point, and non-integers near them.
                let xs: Vec<u128> = (1u32..=300)
                    .flat_map(|n| {
                        let v = Door::new(w).sun(&Atom::from_u64(u64::from(n) * 7));
                        // The integer and the next float above it.
                        [v, v + 1]
                    })
                    .collect();
                for x in xs {
                    assert_eq!(
                        outcome(d.factorial(x)),
                        plain(&d, x),
                        "{w:?} {r:?} tol {tol:#x} x {x:#x}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn a_huge_exact_count_down_is_quick() {
    // 2^24 = 16,777,216 in @rs: the product overflows after 35 steps; the rest
    // of the count-down (2^24 steps in the Hoon) is decided at once.
    let x = i754::pow2(Width::S, 24);
    for r in [Round::N, Round::U, Round::D, Round::Z] {
        let d = Door::with(Width::S, r, Door::new(Width::S).rtol(), 0).unwrap();
        let start = Instant::now();
        let v = d.factorial(x).unwrap();
        let want = if matches!(r, Round::D | Round::Z) {
            i754::max_finite(Width::S)
        } else {
            i754::inf(Width::S)
        };
        assert_eq!(v, want, "{r:?}");
        assert!(
            start.elapsed().as_millis() < 100,
            "{r:?} {:?}",
            start.elapsed()
        );
    }
    // @rd 2^53 in the bunt mode %z (saturates at +max): the Hoon runs 9·10^15 steps.
    let d = Door::new(Width::D);
    assert_eq!(d.mode(), Round::Z);
    assert_eq!(
        d.factorial(i754::pow2(Width::D, 53)),
        Ok(i754::max_finite(Width::D))
    );
}

fn tolerances(w: Width) -> [u128; 3] {
    [Door::new(w).rtol(), 0, i754::pow2(w, 1)]
}

#[test]
fn rh_counts_past_exactness() {
    let w = Width::H;
    let mut xs: Vec<u128> = (i754::pow2(w, 10)..i754::inf(w)).step_by(41).collect();
    for k in 11..=15 {
        let e = i754::pow2(w, k);
        xs.extend((e - 3)..=(e + 3));
    }
    xs.extend([i754::max_finite(w) - 1, i754::max_finite(w), i754::inf(w)]);
    for r in Round::HOON {
        for tol in tolerances(w) {
            let d = Door::with(w, r, tol, 0).expect("door");
            for &x in &xs {
                agrees(&d, x, &format!("at @rh %{r:?} tol {tol:#x}"));
            }
        }
    }
}

/// Asserts that the door's `factorial` of `x` is the plain count-down's.
fn agrees(d: &Door, x: u128, what: &str) {
    let want = plain(d, x);
    assert_eq!(outcome(d.factorial(x)), want, "factorial {x:#x} {what}");
}

#[test]
fn rd_and_rq_around_overflow() {
    for (w, lo, hi) in [(Width::D, 165u64, 180u64), (Width::Q, 1750, 1760)] {
        for r in Round::HOON {
            for tol in tolerances(w) {
                let d = Door::with(w, r, tol, 0).expect("door");
                for k in lo..=hi {
                    let v = d.sun(&Atom::from(k));
                    for x in [v, v + 1] {
                        agrees(&d, x, &format!("({k}) at {w:?} %{r:?} tol {tol:#x}"));
                    }
                }
            }
        }
    }
}

/// A count-down the Hoon runs millions of steps for, decided at once:
/// a non-integer below 2^P, and integers above 2^P in `%d`/`%z`.
#[test]
fn huge_inexact_and_float_by_float_count_downs_are_quick() {
    let w = Width::S;
    // 2^22 + 0.5: 4·10^6 exact steps down to 0.5, which then fails |0.5 − 1| < rtol.
    let half_above = i754::pow2(w, 22) + 1;
    // 2^40 in %d/%z: 2^24 · 2^16 floats to walk before the exact range.
    let far = i754::pow2(w, 40);
    for r in Round::HOON {
        for tol in tolerances(w) {
            let d = Door::with(w, r, tol, 0).expect("door");
            let start = Instant::now();
            let got = outcome(d.factorial(half_above));
            // The last two tests are |0.5| < tol and |0.5 − 1| < tol.
            let met = d.lth(i754::pow2(w, -1), tol);
            let absorbed = if matches!(r, Round::D | Round::Z) {
                i754::max_finite(w)
            } else {
                i754::inf(w)
            };
            assert_eq!(
                got,
                if met { Ok(absorbed) } else { Err("below 1") },
                "{r:?} {tol:#x}"
            );
            if matches!(r, Round::D | Round::Z) {
                let met_at_one = d.lth(i754::zero(w), tol);
                assert_eq!(
                    outcome(d.factorial(far)),
                    if met_at_one {
                        Ok(absorbed)
                    } else {
                        Err("below 1")
                    },
                    "{r:?} {tol:#x}"
                );
            }
            assert!(
                start.elapsed().as_millis() < 100,
                "{r:?} {tol:#x} {:?}",
                start.elapsed()
            );
        }
    }
    // @rq in %z (the bunt): 2^200 walks 2^87 floats per binade in the Hoon.
    let d = Door::new(Width::Q);
    assert_eq!(
        d.factorial(i754::pow2(Width::Q, 200)),
        Ok(i754::max_finite(Width::Q))
    );
}
