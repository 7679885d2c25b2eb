//! `Door::factorial` (`++factorial`, `libmath/desk/lib/math.hoon` @a71a0b9)
//! against its loop run literally, where urnum decides the rest of the loop
//! once the product absorbs every factor (`+∞`; `+max` in `%d`/`%z`) and the
//! count-down is over exact integers (`x <= 2^P`). `tests/factorial_tail.rs`
//! covers `@rh`/`@rs` integers up to 2100; this adds the edge of exactness
//! (counts from just below 2^11 to `@rh`'s max, where `n ⊖ 1` ties in `%n`
//! and steps a float at a time in `%d`/`%z`) and the overflow points of
//! `@rd` (171!) and `@rq` (1755!).

use softblas::math::{Door, MathError};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Round};

/// The arm's loop, literally; `Err` when it can never end (`x ⊖ 1 = x`, or
/// `x` below 1 with `|x − 1|` growing past a tolerance it never met).
fn literal(d: &Door, x: u128) -> Result<u128, &'static str> {
    let w = d.width();
    let r = d.mode();
    let one = i754::one(w);
    let mut t = one;
    let mut x = x;
    if d.lth(d.abs(x), d.rtol()) {
        return Ok(t);
    }
    loop {
        let next = i754::sub(w, r, x, one);
        if d.lth(d.abs(next), d.rtol()) {
            return Ok(t);
        }
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
        Err(MathError::Diverges { why, .. }) if why.contains("rounds back") => Err("stuck"),
        Err(MathError::Diverges { .. }) => Err("below 1"),
        Err(e) => panic!("unexpected error {e:?}"),
    }
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
                assert_eq!(
                    outcome(d.factorial(x)),
                    literal(&d, x),
                    "factorial {x:#x} at @rh %{r:?} tol {tol:#x}"
                );
            }
        }
    }
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
                        assert_eq!(
                            outcome(d.factorial(x)),
                            literal(&d, x),
                            "factorial {x:#x} ({k}) at {w:?} %{r:?} tol {tol:#x}"
                        );
                    }
                }
            }
        }
    }
}
