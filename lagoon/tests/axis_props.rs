//! Properties of the axis-wise arms (`lagoon.hoon@aa6f2a6`) against naive
//! oracles written straight from the Hoon: each reduction is a left fold seeded
//! with the slice's first element, computed here element by element with
//! `softblas::scalar::i754` (not through `softblas::exec`), slices found by
//! plain index arithmetic; sorts against Rust's stable sort; broadcasting
//! against an independent NumPy rule.

mod support;

use lagoon::axis::{self, SortDir};
use lagoon::elementwise::add;
use lagoon::*;
use proptest::prelude::*;
use softblas::scalar::i754::{self, Width};
use support::*;

const MODES: [Round; 4] = [Round::N, Round::U, Round::D, Round::Z];

/// The slices of a row-major `shape` along `dim`, by index arithmetic.
fn slices(shape: &[u64], dim: usize, v: &[u128]) -> Vec<Vec<u128>> {
    let outer: u64 = shape[..dim].iter().product();
    let len = shape[dim];
    let inner: u64 = shape[dim + 1..].iter().product();
    let mut out = Vec::new();
    for i in 0..outer {
        for k in 0..inner {
            out.push(
                (0..len)
                    .map(|j| v[(i * len * inner + j * inner + k) as usize])
                    .collect(),
            );
        }
    }
    out
}

fn left_fold(s: &[u128], f: impl Fn(u128, u128) -> u128) -> u128 {
    s[1..].iter().fold(s[0], |acc, x| f(acc, *x))
}

/// f32 values with many exponents, signs, zeros, infinities and NaNs.
fn f32_bits() -> impl Strategy<Value = u128> {
    prop_oneof![
        8 => any::<u32>().prop_map(|b| u128::from((b & 0x8fff_ffff) | 0x3000_0000)),
        2 => any::<u32>().prop_map(u128::from),
        1 => prop::sample::select(vec![0u128, 0x8000_0000, 0x7f80_0000, 0xff80_0000, 0x7fc0_0001]),
    ]
}

fn f32_case() -> impl Strategy<Value = (Vec<u64>, usize, Vec<u128>, Round)> {
    (
        prop::collection::vec(1u64..5, 1..=3),
        any::<prop::sample::Index>(),
        prop::sample::select(MODES.to_vec()),
    )
        .prop_flat_map(|(shape, d, r)| {
            let n = shape.iter().product::<u64>() as usize;
            let dim = d.index(shape.len());
            (
                Just(shape),
                Just(dim),
                prop::collection::vec(f32_bits(), n),
                Just(r),
            )
        })
}

const S: Width = Width::S;

proptest! {
    #[test]
    fn sum_and_prod_dim_are_left_folds((shape, dim, v, r) in f32_case()) {
        let a = ray(&shape, 5, Kind::I754, &v);
        let door = Door::lake(r);
        let sl = slices(&shape, dim, &v);
        let sums: Vec<u128> = sl.iter().map(|s| left_fold(s, |x, y| i754::add(S, r, x, y))).collect();
        let prods: Vec<u128> = sl.iter().map(|s| left_fold(s, |x, y| i754::mul(S, r, x, y))).collect();
        let got = axis::sum_dim(&door, &a, dim as u64).unwrap();
        let mut dropped = shape.clone();
        dropped.remove(dim);
        if dropped.is_empty() { dropped.push(1); }
        prop_assert_eq!(&got.meta.shape, &dropped);
        prop_assert_eq!(elems(&got), sums);
        prop_assert_eq!(elems(&axis::prod_dim(&door, &a, dim as u64).unwrap()), prods);
    }

    #[test]
    fn max_min_and_arg_dim_follow_the_hoon_steps((shape, dim, v, r) in f32_case()) {
        let a = ray(&shape, 5, Kind::I754, &v);
        let door = Door::lake(r);
        let sl = slices(&shape, dim, &v);
        // max-dim: keep acc when gth(acc, y), else take y.
        let maxs: Vec<u128> = sl.iter().map(|s| left_fold(s, |x, y| if i754::gth(S, x, y) { x } else { y })).collect();
        let mins: Vec<u128> = sl.iter().map(|s| left_fold(s, |x, y| if i754::lth(S, x, y) { x } else { y })).collect();
        // argmax-dim: replace only when gth(s_j, best).
        let arg = |better: fn(Width, u128, u128) -> bool| -> Vec<u128> {
            sl.iter().map(|s| {
                let (mut best, mut bi) = (s[0], 0u128);
                for (j, x) in s.iter().enumerate().skip(1) {
                    if better(S, *x, best) { best = *x; bi = j as u128; }
                }
                bi
            }).collect()
        };
        prop_assert_eq!(elems(&axis::max_dim(&door, &a, dim as u64).unwrap()), maxs);
        prop_assert_eq!(elems(&axis::min_dim(&door, &a, dim as u64).unwrap()), mins);
        let am = axis::argmax_dim(&door, &a, dim as u64).unwrap();
        prop_assert_eq!((am.meta.bloq, am.meta.kind), (6, Kind::Uint));
        prop_assert_eq!(elems(&am), arg(i754::gth));
        prop_assert_eq!(elems(&axis::argmin_dim(&door, &a, dim as u64).unwrap()), arg(i754::lth));
    }

    #[test]
    fn mean_and_var_divide_a_left_fold_once((shape, dim, v, r) in f32_case(), ddof in 0u64..2) {
        let a = ray(&shape, 5, Kind::I754, &v);
        let door = Door::lake(r);
        let len = shape[dim];
        let sun = |n: u64| i754::sun(S, r, &Atom::from_u64(n));
        let mean = |s: &[u128]| i754::div(S, r, left_fold(s, |x, y| i754::add(S, r, x, y)), sun(s.len() as u64));
        let var = |s: &[u128]| {
            let m = mean(s);
            let sq: Vec<u128> = s.iter().map(|x| { let d = i754::sub(S, r, *x, m); i754::mul(S, r, d, d) }).collect();
            i754::div(S, r, left_fold(&sq, |x, y| i754::add(S, r, x, y)), sun(s.len() as u64 - ddof))
        };
        let sl = slices(&shape, dim, &v);
        prop_assert_eq!(elems(&axis::mean_dim(&door, &a, dim as u64).unwrap()), sl.iter().map(|s| mean(s)).collect::<Vec<_>>());
        prop_assert_eq!(elems(&axis::mean(&door, &a).unwrap()), vec![mean(&v)]);
        if len > ddof {
            prop_assert_eq!(elems(&axis::var_dim(&door, &a, dim as u64, ddof).unwrap()), sl.iter().map(|s| var(s)).collect::<Vec<_>>());
            let sd: Vec<u128> = sl.iter().map(|s| i754::sqt(S, r, var(s))).collect();
            prop_assert_eq!(elems(&axis::std_dim(&door, &a, dim as u64, ddof).unwrap()), sd);
        } else {
            prop_assert!(axis::var_dim(&door, &a, dim as u64, ddof).is_err());
        }
        if (v.len() as u64) > ddof {
            prop_assert_eq!(elems(&axis::var(&door, &a, ddof).unwrap()), vec![var(&v)]);
        } else {
            prop_assert!(axis::var(&door, &a, ddof).is_err());
        }
    }

    #[test]
    fn cdist_sq_is_a_left_fold_over_d_of_direct_differences(
        ((m, d, n), va, vb) in matrix_pair([1..4, 1..5, 1..4], f32_bits().boxed()),
        r in prop::sample::select(MODES.to_vec()),
    ) {
        let a = ray(&[m, d], 5, Kind::I754, &va);
        let b = ray(&[n, d], 5, Kind::I754, &vb);
        let sq = |x: u128, y: u128| { let t = i754::sub(S, r, x, y); i754::mul(S, r, t, t) };
        let mut want = Vec::new();
        for i in 0..m {
            for j in 0..n {
                let terms: Vec<u128> = (0..d).map(|k| sq(va[(i * d + k) as usize], vb[(j * d + k) as usize])).collect();
                want.push(left_fold(&terms, |x, y| i754::add(S, r, x, y)));
            }
        }
        let got = axis::cdist_sq(&Door::lake(r), &a, &b).unwrap();
        prop_assert_eq!(&got.meta.shape, &vec![m, n]);
        prop_assert_eq!(elems(&got), want);
    }

    #[test]
    fn sort_dim_is_the_stable_sort(
        shape in prop::collection::vec(1u64..5, 1..=3), d in any::<prop::sample::Index>(),
        v in prop::collection::vec(0u128..4, 64), des in any::<bool>(),
    ) {
        // Few distinct values, so ties are common; %uint has a total order.
        let n = shape.iter().product::<u64>() as usize;
        let v = &v[..n];
        let dim = d.index(shape.len());
        let a = ray(&shape, 4, Kind::Uint, v);
        let dir = if des { SortDir::Des } else { SortDir::Asc };
        let door = Door::la();
        let sorted = elems(&axis::sort_dim(&door, &a, dim as u64, dir).unwrap());
        let perm = elems(&axis::argsort_dim(&door, &a, dim as u64, dir).unwrap());
        let got_s = slices(&shape, dim, &sorted);
        let got_p = slices(&shape, dim, &perm);
        for (k, s) in slices(&shape, dim, v).iter().enumerate() {
            let mut idx: Vec<usize> = (0..s.len()).collect();
            if des { idx.sort_by(|x, y| s[*y].cmp(&s[*x])); } else { idx.sort_by_key(|x| s[*x]); }
            prop_assert_eq!(&got_p[k], &idx.iter().map(|i| *i as u128).collect::<Vec<_>>());
            prop_assert_eq!(&got_s[k], &idx.iter().map(|i| s[*i]).collect::<Vec<_>>());
        }
        // take-dim with the permutation reproduces the sort.
        let p = axis::argsort_dim(&door, &a, dim as u64, dir).unwrap();
        prop_assert_eq!(elems(&axis::take_dim(&a, &p, dim as u64).unwrap()), sorted);
    }

    /// `+broadcast-to` at every width from 1 to 256 bits, from rank 0 up,
    /// with rows long enough to fill whole limbs (a last axis up to 150),
    /// against the NumPy rule element by element.
    #[test]
    fn broadcast_moves_every_width(
        bloq in 0u32..=8,
        out in prop::collection::vec(1u64..4, 1..=3),
        last in 1u64..150,
        keep in prop::collection::vec(any::<bool>(), 4),
        drop in 0usize..5,
        words in prop::collection::vec(any::<u64>(), 4 * 128),
    ) {
        let mut out = out;
        out.push(last);
        // A suffix of `out` (possibly empty: rank 0) with some dims set to 1.
        let drop = drop.min(out.len());
        let src: Vec<u64> = out[drop..].iter().zip(&keep).map(|(d, k)| if *k { *d } else { 1 }).collect();
        let n = src.iter().product::<u64>() as usize;
        prop_assume!(n <= 128);
        let w = 1u64 << bloq;
        let vals: Vec<Atom> = (0..n)
            .map(|i| Atom::from_limbs(&words[4 * i..4 * i + 4]).bits(0, w))
            .collect();
        let a = Ray::from_elems(Meta::new(src.clone(), bloq, Kind::Uint), &vals).unwrap();
        let total = out.iter().product::<u64>();
        let lead = out.len() - src.len();
        let want: Vec<Atom> = (0..total)
            .map(|flat| {
                let mut rem = flat;
                let mut idx = vec![0u64; out.len()];
                for k in (0..out.len()).rev() {
                    idx[k] = rem % out[k];
                    rem /= out[k];
                }
                let off = src.iter().enumerate().fold(0u64, |off, (k, d)| {
                    off * d + if *d == 1 { 0 } else { idx[lead + k] }
                });
                vals[off as usize].clone()
            })
            .collect();
        let got = axis::broadcast_to(&a, &out).unwrap();
        let expect = Ray::from_elems(Meta::new(out.clone(), bloq, Kind::Uint), &want).unwrap();
        prop_assert_eq!(got, expect);
    }

    #[test]
    fn broadcast_then_add_is_numpy_broadcasting(
        out in prop::collection::vec(1u64..4, 1..=4),
        keep_a in prop::collection::vec(any::<bool>(), 4), keep_b in prop::collection::vec(any::<bool>(), 4),
        drop_a in 0usize..4, drop_b in 0usize..4,
        va in prop::collection::vec(any::<u8>(), 81), vb in prop::collection::vec(any::<u8>(), 81),
    ) {
        // Two shapes broadcasting to `out`: a suffix of it, some dims set to 1.
        let mk = |keep: &[bool], drop: usize| -> Vec<u64> {
            let drop = drop.min(out.len() - 1);
            out[drop..].iter().zip(keep).map(|(d, k)| if *k { *d } else { 1 }).collect()
        };
        let (sa, sb) = (mk(&keep_a, drop_a), mk(&keep_b, drop_b));
        let na = sa.iter().product::<u64>() as usize;
        let nb = sb.iter().product::<u64>() as usize;
        let va: Vec<u128> = va[..na].iter().map(|x| u128::from(*x)).collect();
        let vb: Vec<u128> = vb[..nb].iter().map(|x| u128::from(*x)).collect();
        let (a, b) = (ray(&sa, 3, Kind::Uint, &va), ray(&sb, 3, Kind::Uint, &vb));
        // NumPy's rule, independently: right-align, a dim of 1 reads index 0.
        let read = |s: &[u64], v: &[u128], idx: &[u64]| -> u128 {
            let lead = idx.len() - s.len();
            let mut off = 0u64;
            for (k, d) in s.iter().enumerate() {
                off = off * d + if *d == 1 { 0 } else { idx[lead + k] };
            }
            v[off as usize]
        };
        let total = out.iter().product::<u64>();
        let mut want = Vec::new();
        for flat in 0..total {
            let mut idx = vec![0u64; out.len()];
            let mut rem = flat;
            for k in (0..out.len()).rev() { idx[k] = rem % out[k]; rem /= out[k]; }
            want.push((read(&sa, &va, &idx) + read(&sb, &vb, &idx)) % 256);
        }
        let ba = axis::broadcast_to(&a, &out).unwrap();
        let bb = axis::broadcast_to(&b, &out).unwrap();
        prop_assert_eq!(&ba.meta.shape, &out);
        prop_assert_eq!(elems(&add(&Door::la(), &ba, &bb).unwrap()), want);
    }
}
