//! `++pow-n` (`libmath/desk/lib/math.hoon` @a71a0b9) against the Hoon's own
//! loop, run step by step: `p = x`; while `n >= 2`, `n ← n − 1` and
//! `p ← p · x`, both in the door's mode. urnum's `Door::pow_n` jumps once the
//! product repeats; these tests check that the jump lands where the loop
//! would, including counts of remaining steps beyond 2^64 at `@rq`.

use softblas::math::{Door, MathError};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Round};

fn door(w: Width, r: Round) -> Door {
    Door::with(w, r, Door::new(w).rtol(), 0).expect("door")
}

/// The Hoon's loop, literally (the caller keeps `n` small).
fn literal(d: &Door, x: u128, n: u128) -> u128 {
    let w = d.width();
    let two = d.sun(&Atom::from(2u64));
    let one = i754::one(w);
    let mut n = n;
    let mut p = x & w.mask();
    while !d.lth(n, two) {
        n = d.sub(n, one);
        p = d.mul(p, x);
    }
    p
}

/// Bases that settle, cycle with period 1 or 2, or keep moving.
fn bases(w: Width) -> Vec<u128> {
    let one = i754::one(w);
    let neg = |v: u128| v ^ (1u128 << (w.bits() - 1));
    vec![
        one,
        neg(one),
        one - 1,
        one + 1,
        neg(one - 1),
        neg(one + 1),
        0,
        neg(0),
        i754::max_finite(w),
        neg(i754::max_finite(w)),
        i754::inf(w),
        1,
        one + (one >> 3),
        neg(one >> 1),
    ]
}

#[test]
fn jumps_land_where_the_loop_does() {
    for w in [Width::H, Width::S, Width::D, Width::Q] {
        for r in Round::HOON {
            let d = door(w, r);
            for x in bases(w) {
                for k in 1..=67u64 {
                    let n = d.sun(&Atom::from(k));
                    assert_eq!(
                        d.pow_n(x, n),
                        Ok(literal(&d, x, n)),
                        "pow-n {x:#x} {k} at {w:?} %{r:?}"
                    );
                }
            }
        }
    }
}

/// `(−1)^n` at `@rq` for `n` above 2^64: the parity of the remaining count
/// decides. `n − 1` products of −1 alternate exactly, so `n = 2^70` gives +1
/// and `n = 2^70 + 1` (exact at `@rq`'s 113 bits) gives −1.
#[test]
fn parity_of_counts_beyond_u64_at_rq() {
    let w = Width::Q;
    for r in Round::HOON {
        let d = door(w, r);
        let one = i754::one(w);
        let minus_one = one | 1u128 << 127;
        let big = Atom::from(1u128 << 70);
        let big_odd = Atom::from((1u128 << 70) + 1);
        assert_eq!(d.pow_n(minus_one, d.sun(&big)), Ok(one), "%{r:?}");
        assert_eq!(d.pow_n(minus_one, d.sun(&big_odd)), Ok(minus_one), "%{r:?}");
        // 2^113 − 1 is the largest odd count @rq holds exactly.
        let top = Atom::from((1u128 << 113) - 1);
        assert_eq!(d.pow_n(minus_one, d.sun(&top)), Ok(minus_one), "%{r:?}");
    }
}

/// A base whose powers neither repeat nor settle runs into the bound.
#[test]
fn moving_products_stop_at_the_bound() {
    let w = Width::Q;
    let d = door(w, Round::N);
    let below_one = i754::one(w) - 1;
    let n = d.sun(&Atom::from(1u64 << 40));
    assert!(matches!(
        d.pow_n(below_one, n),
        Err(MathError::TooManySteps { arm: "pow-n", .. })
    ));
}
