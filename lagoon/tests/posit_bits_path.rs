//! The bits path of Lagoon's `%unum` arms (`lagoon/src/bits_path/posit.rs`, the
//! posit kernels and the fixed-width quire) against the reference path:
//! every arm run on the same rays under the fast policy and under
//! [`Policy::REFERENCE`], results (rays or errors) equal.
//!
//! Rays are `rpb rph rps` (served) and `rpd` (declined) posits of ranks 1–3
//! and odd lengths, elements biased to NaR, zero, ±maxpos, ±minpos and
//! values near 1; `+mmul` at shapes that are multiples of nothing.

mod support;

use lagoon::*;
use proptest::prelude::*;
use softblas::Policy;
use std::fmt::Debug;
use support::{ELEMENTWISE, UNARY_FOLDS};

/// Asserts that `f` gives the same under the reference and the fast policy.
fn agree<T: Debug + PartialEq>(what: &str, f: impl Fn(Policy) -> T) -> Result<(), TestCaseError> {
    let want = f(Policy::REFERENCE);
    prop_assert_eq!(&f(Policy::FAST), &want, "{}", what);
    Ok(())
}

/// A posit pattern at `bloq`: the specials, values near 1, anything.
fn elem(bloq: u32) -> BoxedStrategy<u128> {
    let n = 1u32 << bloq;
    let mask = if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    };
    let nar = 1u128 << (n - 1);
    let sp = vec![
        0,
        nar,
        nar - 1,
        nar + 1,
        1,
        mask,
        1 << (n - 2),
        (3 << (n - 2)) & mask,
    ];
    prop_oneof![
        1 => prop::sample::select(sp),
        3 => (any::<u128>(), any::<bool>()).prop_map(move |(f, s)| {
            let v = (1u128 << (n - 2)) | (f & ((1u128 << (n - 3)) - 1));
            if s { v.wrapping_neg() & mask } else { v }
        }),
        2 => any::<u128>().prop_map(move |v| v & mask),
    ]
    .boxed()
}

fn ray(shape: &[u64], bloq: u32, v: &[u128]) -> Ray {
    support::ray(shape, bloq, Kind::Unum, v)
}

fn shape() -> impl Strategy<Value = Vec<u64>> {
    prop_oneof![
        prop::collection::vec(1u64..6, 1..=3),
        (1u64..90).prop_map(|n| vec![n]),
    ]
}

/// `(bloq, shape, a, b)`.
fn pair() -> impl Strategy<Value = (u32, Vec<u64>, Vec<u128>, Vec<u128>)> {
    (3u32..=6, shape())
        .prop_flat_map(|(bloq, s)| (Just(bloq), support::two_rays(s, elem(bloq))))
        .prop_map(|(bloq, (s, a, b))| (bloq, s, a, b))
}

/// The posit kernels' ray-by-ray arms: `+add +sub +mul +div +mod`.
const ARMS: usize = 5;

proptest! {
    #[test]
    fn posit_ray_arms_agree((bloq, s, va, vb) in pair()) {
        let (a, b) = (ray(&s, bloq, &va), ray(&s, bloq, &vb));
        let door = Door::lake(Round::N);
        for (name, arm) in &ELEMENTWISE[..ARMS] {
            agree(name, |p| arm(&door.with_policy(p), &a, &b))?;
        }
        agree("dot", |p| linalg::dot(&door.with_policy(p), &a, &b))?;
    }

    #[test]
    fn posit_unary_arms_and_sums_agree((bloq, s, va, _vb) in pair(), dim in 0u64..4) {
        let a = ray(&s, bloq, &va);
        let door = Door::lake(Round::N);
        // `+conj` is `%cplx`'s alone.
        for (name, arm) in UNARY_FOLDS.iter().filter(|(name, _)| *name != "conj") {
            agree(name, |p| arm(&door.with_policy(p), &a, dim))?;
        }
    }

    #[test]
    fn posit_mmul_agrees(
        (bloq, vals) in (3u32..=6).prop_flat_map(|bloq| (Just(bloq), prop::collection::vec(elem(bloq), 700))),
        m in 1u64..7, k in 0u64..20, p in 1u64..19,
    ) {
        let door = Door::lake(Round::N);
        let a = ray(&[m, k.max(1)], bloq, &vals[..(m * k.max(1)) as usize]);
        let b = ray(&[k.max(1), p], bloq, &vals[350..350 + (k.max(1) * p) as usize]);
        agree("mmul", |pol| linalg::mmul(&door.with_policy(pol), &a, &b))?;
    }
}

/// Large rays, past every chunk: the fast arms agree with the reference, and the quire
/// reaches its extremes (a ray of maxpos and one of minpos, summed and squared).
#[test]
fn large_posit_rays_agree() {
    for bloq in 3..=5u32 {
        let n = 1u32 << bloq;
        let nar = 1u128 << (n - 1);
        let v: Vec<u128> = (0..1000u128)
            .map(|i| (i * 0x9e37_79b9) & ((1u128 << n) - 1))
            .collect();
        let a = ray(&[1000], bloq, &v);
        let b = ray(&[1000], bloq, &v.iter().rev().copied().collect::<Vec<_>>());
        let door = Door::lake(Round::N);
        for (name, arm) in &ELEMENTWISE[..ARMS] {
            agree(name, |p| arm(&door.with_policy(p), &a, &b)).unwrap();
        }
        for fill in [nar - 1, 1, nar + 1, (1u128 << n) - 1] {
            let x = ray(&[1000], bloq, &vec![fill; 1000]);
            agree("cumsum extreme", |p| {
                reduce::cumsum(&door.with_policy(p), &x)
            })
            .unwrap();
            agree("dot extreme", |p| linalg::dot(&door.with_policy(p), &x, &x)).unwrap();
        }
        let (ma, mb) = (
            ray(&[30, 33], bloq, &v[..990]),
            ray(&[33, 30], bloq, &v[10..1000]),
        );
        agree("sum-dim", |p| {
            axis::reductions::sum_dim(&door.with_policy(p), &ma, 0)
        })
        .unwrap();
        agree("sum-dim 1", |p| {
            axis::reductions::sum_dim(&door.with_policy(p), &ma, 1)
        })
        .unwrap();
        agree("mmul", |p| linalg::mmul(&door.with_policy(p), &ma, &mb)).unwrap();
    }
}
