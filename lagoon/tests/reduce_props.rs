//! Properties of the whole-array reductions (`lagoon::reduce`): each equals a
//! naive fold written here in the order `lagoon.hoon@aa6f2a6` folds — Hoon's `reel`,
//! a right fold — with the arm's seed, and is boxed at the input's rank.

mod support;

use lagoon::reduce;
use lagoon::*;
use proptest::prelude::*;
use softblas::scalar::i754::{self, Width};
use softblas::scalar::unum;
use support::*;

#[derive(Clone, Debug)]
struct One {
    meta: Meta,
    xs: Vec<u128>,
    round: Round,
}

/// A ray of `%uint`/`%int2` (bloq 3–6), `%i754` (4–7) or `%unum` (3–6).
fn one() -> impl Strategy<Value = One> {
    let kinds = vec![Kind::Uint, Kind::Int2, Kind::I754, Kind::Unum];
    drawn_meta(kinds, 3, usual_bloq).prop_flat_map(|(meta, round)| {
        drawn_elements(&meta, 3).prop_map(move |xs| One {
            meta: meta.clone(),
            xs,
            round,
        })
    })
}

/// A two-element operation of the kind on element bits: `float` at
/// `%i754`, `posit` at `%unum`, `int` wrapped to the bloq otherwise.
fn op2(
    c: &One,
    (x, y): (u128, u128),
    float: fn(Width, Round, u128, u128) -> u128,
    posit: fn(unum::Width, u128, u128) -> u128,
    int: fn(u128, u128) -> u128,
) -> u128 {
    let b = c.meta.bloq;
    match c.meta.kind {
        Kind::I754 => float(Width::from_bloq(b).unwrap(), c.round, x, y),
        Kind::Unum => posit(unum::Width::from_bloq(b).unwrap(), x, y),
        _ => int(x, y) & mask(b),
    }
}

/// The kind's add, mul and strict greater-than on element bits (the oracle's own, per kind).
fn add(c: &One, x: u128, y: u128) -> u128 {
    op2(c, (x, y), i754::add, unum::add, u128::wrapping_add)
}

fn mul(c: &One, x: u128, y: u128) -> u128 {
    op2(c, (x, y), i754::mul, unum::mul, u128::wrapping_mul)
}

fn gth(c: &One, x: u128, y: u128) -> bool {
    let w = 1u32 << c.meta.bloq;
    match c.meta.kind {
        Kind::I754 => i754::gth(Width::from_bloq(c.meta.bloq).unwrap(), x, y),
        Kind::Unum | Kind::Int2 => sext(x, w) > sext(y, w),
        _ => x > y,
    }
}

/// `reel`: `step(x0, step(x1, … step(x_{n−1}, seed)))`.
fn reel(xs: &[u128], seed: u128, step: impl Fn(u128, u128) -> u128) -> u128 {
    xs.iter().rev().fold(seed, |acc, &x| step(x, acc))
}

fn boxed(meta: &Meta, v: u128) -> Ray {
    scalar_to_ray(meta, &Atom::from_u128(v)).unwrap()
}

proptest! {
    #[test]
    fn cumsum_is_a_right_fold_from_zero(c in one()) {
        let door = Door::lake(c.round);
        let want = if c.meta.kind == Kind::Unum {
            // The quire sum: exact, one rounding.
            let w = unum::Width::from_bloq(c.meta.bloq).unwrap();
            unum::fdp(w, &c.xs, &vec![w.one(); c.xs.len()])
        } else {
            reel(&c.xs, 0, |x, acc| add(&c, x, acc))
        };
        prop_assert_eq!(reduce::cumsum(&door, &meta_ray(&c.meta, &c.xs)).unwrap(), boxed(&c.meta, want));
    }

    #[test]
    fn prod_is_a_right_fold_from_the_atom_one(c in one()) {
        let door = Door::lake(c.round);
        let want = reel(&c.xs, 1, |x, acc| mul(&c, x, acc));
        prop_assert_eq!(reduce::prod(&door, &meta_ray(&c.meta, &c.xs)).unwrap(), boxed(&c.meta, want));
    }

    #[test]
    fn max_min_and_args_follow_the_seeded_right_fold(c in one()) {
        let door = Door::lake(c.round);
        let a = meta_ray(&c.meta, &c.xs);
        let hi = reel(&c.xs, c.xs[0], |x, acc| if gth(&c, x, acc) { x } else { acc });
        let lo = reel(&c.xs, c.xs[0], |x, acc| if gth(&c, acc, x) { x } else { acc });
        prop_assert_eq!(reduce::max(&door, &a).unwrap(), boxed(&c.meta, hi));
        prop_assert_eq!(reduce::min(&door, &a).unwrap(), boxed(&c.meta, lo));
        if c.meta.rank() <= 2 {
            let first = |v: u128| c.xs.iter().position(|x| *x == v).unwrap() as u64;
            prop_assert_eq!(reduce::argmax(&door, &a).unwrap(), first(hi));
            prop_assert_eq!(reduce::argmin(&door, &a).unwrap(), first(lo));
        } else {
            prop_assert!(reduce::argmax(&door, &a).is_err());
        }
        prop_assert_eq!(reduce::any(&door, &a).unwrap(), hi != 0);
        prop_assert_eq!(reduce::all(&door, &a).unwrap(), lo != 0);
    }
}
