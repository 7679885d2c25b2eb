//! The bits path of Lagoon's `%cplx` arms (`lagoon/src/bits_path/cplx.rs`, the
//! complex kernels) against the reference path: every arm run on the same
//! rays under the fast policy at every instruction-set level and under
//! [`Policy::REFERENCE`], results (rays or errors) equal.
//!
//! Rays are `cs` (bloq 6) and `cd` (bloq 7) in all five modes, of odd and
//! even lengths and ranks 1–3, components biased to NaN (quiet, signalling,
//! with payloads), ±∞, ±0, subnormals, the extreme binades and values near
//! 1, pin blocks any non-zero block. The arms the kernels decline (`%mod`,
//! the comparisons, `+abs`) are compared too.

mod support;

use lagoon::*;
use proptest::prelude::*;
use softblas::ieee::Width;
use softblas::scalar::i754;
use softblas::{Isa, Policy};
use std::fmt::Debug;
use support::{ELEMENTWISE, UNARY_FOLDS};

const MODES: [Round; 5] = [Round::N, Round::U, Round::D, Round::Z, Round::A];

/// Asserts that `f` gives the same under the reference policy and every fast one.
fn agree<T: Debug + PartialEq>(what: &str, f: impl Fn(Policy) -> T) -> Result<(), TestCaseError> {
    let want = f(Policy::REFERENCE);
    for isa in Isa::ALL {
        let pol = Policy::FAST.with_isa(isa);
        prop_assert_eq!(&f(pol), &want, "{} {:?}", what, pol);
    }
    Ok(())
}

fn width(bloq: u32) -> Width {
    if bloq == 6 {
        Width::S
    } else {
        Width::D
    }
}

/// A component of `w`: specials of either sign, values near 1, anything.
fn part(w: Width) -> BoxedStrategy<u128> {
    let sp = i754::specials(w, 3).to_vec();
    let (one, frac, sign) = (i754::one(w), w.frac_bits(), w.sign_bit());
    prop_oneof![
        2 => (prop::sample::select(sp), any::<bool>()).prop_map(move |(v, s)| v | if s { sign } else { 0 }),
        4 => (any::<u128>(), any::<bool>(), 0u128..5).prop_map(move |(f, s, e)| {
            let f = f & ((1u128 << frac) - 1);
            let e = (one >> frac) + e - 2;
            (e << frac | f) | if s { sign } else { 0 }
        }),
        1 => any::<u128>().prop_map(move |v| v & w.mask()),
    ]
    .boxed()
}

fn elem(bloq: u32) -> BoxedStrategy<u128> {
    let w = width(bloq);
    (part(w), part(w))
        .prop_map(move |(re, im)| im << w.bits() | re)
        .boxed()
}

/// A ray of `shape` at `bloq` (a `%cplx` one) whose pin block is `pin`.
fn ray(shape: &[u64], bloq: u32, v: &[u128], pin: u128) -> Ray {
    support::pinned_ray(shape, bloq, Kind::Cplx, v, pin)
}

fn shape() -> impl Strategy<Value = Vec<u64>> {
    prop_oneof![
        prop::collection::vec(1u64..6, 1..=3),
        (1u64..70).prop_map(|n| vec![n]),
    ]
}

/// `(bloq, shape, a, b, pin, mode)`.
fn pair() -> impl Strategy<Value = (u32, Vec<u64>, Vec<u128>, Vec<u128>, u128, Round)> {
    (6u32..=7, shape(), prop::sample::select(MODES.to_vec()))
        .prop_flat_map(|(bloq, s, r)| {
            let pin = prop_oneof![3 => Just(1u128), 1 => 2u128..1000];
            (Just(bloq), support::two_rays(s, elem(bloq)), pin, Just(r))
        })
        .prop_map(|(bloq, (s, a, b), pin, r)| (bloq, s, a, b, pin, r))
}

proptest! {
    #[test]
    fn complex_ray_arms_agree((bloq, s, va, vb, pin, r) in pair()) {
        let (a, b) = (ray(&s, bloq, &va, pin), ray(&s, bloq, &vb, 1));
        let door = Door::lake(r);
        for (name, arm) in ELEMENTWISE {
            agree(name, |p| arm(&door.with_policy(p), &a, &b))?;
        }
        agree("dot", |p| linalg::dot(&door.with_policy(p), &a, &b))?;
    }

    #[test]
    fn complex_unary_arms_and_folds_agree((bloq, s, va, _vb, pin, r) in pair(), dim in 0u64..4) {
        let a = ray(&s, bloq, &va, pin);
        let door = Door::lake(r);
        for (name, arm) in UNARY_FOLDS {
            agree(name, |p| arm(&door.with_policy(p), &a, dim))?;
        }
    }

    #[test]
    fn complex_mmul_agrees(
        (bloq, vals) in (6u32..=7).prop_flat_map(|bloq| (Just(bloq), prop::collection::vec(elem(bloq), 700))),
        m in 1u64..7, k in 1u64..20, p in 1u64..19, r in prop::sample::select(MODES.to_vec()),
    ) {
        let door = Door::lake(r);
        let a = ray(&[m, k], bloq, &vals[..(m * k) as usize], 1);
        let b = ray(&[k, p], bloq, &vals[350..350 + (k * p) as usize], 1);
        agree("mmul", |pol| linalg::mmul(&door.with_policy(pol), &a, &b))?;
    }
}

/// The bits path serves the complex arms: the fast `+add`, `+mul`, `+div`,
/// `+cumsum` and `+mmul` of rays of 1000 elements (and 30²) finish without
/// the reference path's per-element atoms — checked here only as agreement
/// at sizes past every chunk and tile, in every mode.
#[test]
fn large_complex_rays_agree() {
    for bloq in [6, 7] {
        let w = width(bloq);
        let v: Vec<u128> = (0..1000u128)
            .map(|i| {
                let re = i754::one(w) + (i * 0x9e37_79b9) % (1u128 << (w.frac_bits() - 1));
                let im = (i754::one(w) | w.sign_bit())
                    + (i * 0x85eb_ca6b) % (1u128 << (w.frac_bits() - 1));
                im << w.bits() | re
            })
            .collect();
        let a = ray(&[1000], bloq, &v, 1);
        let b = ray(
            &[1000],
            bloq,
            &v.iter().rev().copied().collect::<Vec<_>>(),
            1,
        );
        let (ma, mb) = (
            ray(&[30, 33], bloq, &v[..990], 1),
            ray(&[33, 30], bloq, &v[10..1000], 1),
        );
        for r in MODES {
            let door = Door::lake(r);
            for (name, arm) in &ELEMENTWISE[..4] {
                agree(name, |p| arm(&door.with_policy(p), &a, &b)).unwrap();
            }
            agree("cumsum", |p| reduce::cumsum(&door.with_policy(p), &a)).unwrap();
            agree("sum-dim", |p| {
                axis::reductions::sum_dim(&door.with_policy(p), &ma, 0)
            })
            .unwrap();
            agree("mmul", |p| linalg::mmul(&door.with_policy(p), &ma, &mb)).unwrap();
        }
    }
}
