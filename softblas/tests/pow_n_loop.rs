//! `++pow-n` (`libmath/desk/lib/math.hoon` @a71a0b9) against the Hoon's own
//! loop, run step by step: `p = x`; while `n >= 2`, `n ← n − 1` and
//! `p ← p · x`, both in the door's mode. urnum's `Door::pow_n` jumps once the
//! product repeats; these tests check that the jump lands where the loop
//! would, including counts of remaining steps beyond 2^64 at `@rq`.
//!
//! What the shortcut must get right above 2^P (`P` the precision):
//! - `%n`: `n ⊖ 1` is a tie between `n − 2` and `n` in `[2^P, 2^(P+1))`, so
//!   it sticks, except at `n = 2^P + 2`, which steps to `2^P` and ends;
//! - `%u` always sticks; `%d` and `%z` step to the next float down, so the
//!   number of products is the number of floats in `(2^P, n]` plus `2^P − 1`
//!   and a period-2 product (`−1`) lands by the parity of that count.
//!
//! `@rh` is checked against the literal loop over every count near each
//! binade edge; wider formats, where the literal loop takes 2^P steps, by the
//! exact parity of `(−1)^n`.

use softblas::math::{Door, LoopError, MathError};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, DoorRound, Round};

fn door(w: Width, r: Round) -> Door {
    Door::with(w, r, Door::new(w).rtol(), 0).expect("door")
}

/// The arm's loop, literally; `Err` when `n ⊖ 1` rounds back to `n`.
fn literal(d: &Door, x: u128, n: u128) -> Result<u128, &'static str> {
    let w = d.width();
    let two = d.sun(&Atom::from(2u64));
    let one = i754::one(w);
    let mut n = n;
    let mut p = x & w.mask();
    while !d.lth(n, two) {
        let m = d.sub(n, one);
        if m == n {
            return Err("stuck");
        }
        n = m;
        p = d.mul(p, x);
    }
    Ok(p)
}

/// `r` with a loop the Hoon never leaves as `"stuck"` (any other error is a failure).
fn outcome(r: Result<u128, MathError>) -> Result<u128, &'static str> {
    r.map_err(|e| match e {
        MathError::Loop(LoopError::Diverges { .. }) => "stuck",
        e => panic!("unexpected {e:?}"),
    })
}

/// [`literal`] for counts that end (every count here is small).
fn literal_ends(d: &Door, x: u128, n: u128) -> u128 {
    literal(d, x, n).expect("a small count ends")
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
                        Ok(literal_ends(&d, x, n)),
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
        Err(MathError::Loop(LoopError::TooManySteps {
            arm: "pow-n",
            ..
        }))
    ));
}

fn neg(w: Width, v: u128) -> u128 {
    v ^ w.sign_bit()
}

#[test]
fn counts_above_two_to_the_precision_at_rh() {
    let w = Width::H;
    let one = i754::one(w);
    let limit = i754::pow2(w, 11); // 2048, the last count with exact n − 1
                                   // Bases that settle (±0, ±1, ±inf, ±max, NaN), alternate (−1, −max·…),
                                   // or move for a while (1 ± ulp, 2, ½).
    let bases = [
        one,
        neg(w, one),
        0,
        neg(w, 0),
        i754::inf(w),
        i754::neg_inf(w),
        i754::canonical_nan(w),
        i754::max_finite(w),
        neg(w, i754::max_finite(w)),
        one + 1,
        neg(w, one + 1),
        one - 1,
        neg(w, one - 1),
        i754::pow2(w, 1),
        i754::pow2(w, -1),
        1,
    ];
    // Counts as bit patterns: around 2^11, 2^12, 2^13, 2^14, 2^15 and max.
    let mut counts = Vec::new();
    for k in 11..=15 {
        let e = i754::pow2(w, k);
        counts.extend((e - 3)..=(e + 3));
    }
    counts.extend((i754::max_finite(w) - 2)..=i754::max_finite(w));
    counts.push(limit + 0x80); // mid-binade
    for r in Round::HOON {
        let d = door(w, r);
        for &x in &bases {
            for &n in &counts {
                assert_eq!(
                    outcome(d.pow_n(x, n)),
                    literal(&d, x, n),
                    "pow-n {x:#x} n={n:#x} at @rh %{r:?}"
                );
            }
        }
    }
}

/// `(−1)^n`-style parity beyond 2^P at every width: `n = 2^P + 2j` takes `j`
/// steps down to 2^P in `%d`/`%z` (and `j = 1` in `%n`), then `2^P − 1`
/// more, `j + 2^P − 1` products in all, so `pow-n(−1, n) = (−1)^j`.
#[test]
fn parity_beyond_two_to_the_precision() {
    for w in [Width::H, Width::S, Width::D, Width::Q] {
        let p = w.precision() as i32;
        let one = i754::one(w);
        let m1 = neg(w, one);
        let limit = i754::pow2(w, p);
        for r in Round::HOON {
            let d = door(w, r);
            for j in 1..=6u128 {
                // The float 2^P + 2j is `limit + j` as a bit pattern.
                let n = limit + j;
                let got = outcome(d.pow_n(m1, n));
                let want = match r {
                    Round::N if j == 1 => Ok(m1),
                    Round::N | Round::U => Err("stuck"),
                    _ => Ok(if j % 2 == 0 { one } else { m1 }),
                };
                assert_eq!(got, want, "pow-n -1 (2^{p} + {}) at {w:?} %{r:?}", 2 * j);
            }
            // 2^(P+1): 2^(P−1) steps to 2^P in %d/%z (even), stuck in %n/%u.
            let n = i754::pow2(w, p + 1);
            let want = match r {
                Round::N | Round::U => Err("stuck"),
                _ => Ok(one),
            };
            assert_eq!(outcome(d.pow_n(m1, n)), want, "2^(P+1) at {w:?} %{r:?}");
            // Bases that settle answer at once for any count, even the largest.
            let top = i754::max_finite(w);
            for (x, v) in [(one, one), (0, 0), (i754::inf(w), i754::inf(w))] {
                let want = match r {
                    Round::N | Round::U => Err("stuck"),
                    _ => Ok(v),
                };
                assert_eq!(outcome(d.pow_n(x, top)), want, "{x:#x}^max at {w:?} %{r:?}");
            }
        }
    }
}

/// The largest count in `%d`/`%z` at `@rq`: `(−1)^max` lands by the parity of
/// `(#floats in (2^113, max]) + 2^113 − 1`, i.e. of `max − limit` as bit
/// patterns plus one.
#[test]
fn minus_one_to_the_largest_count() {
    for w in [Width::H, Width::S, Width::D, Width::Q] {
        let one = i754::one(w);
        let m1 = neg(w, one);
        let limit = i754::pow2(w, w.precision() as i32);
        let top = i754::max_finite(w);
        let products = (top - limit) + (1u128 << w.precision()) - 1;
        let want = if products.is_multiple_of(2) { m1 } else { one };
        for r in [Round::D, Round::Z] {
            let d = door(w, r);
            assert_eq!(d.pow_n(m1, top), Ok(want), "(-1)^max at {w:?} %{r:?}");
        }
    }
}
