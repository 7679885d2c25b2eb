//! Properties of the linear-algebra and structure arms (`lagoon.hoon@aa6f2a6`)
//! against naive oracles written from the Hoon with `softblas::scalar::i754`:
//! `+dot` and `+trace` are right folds from `+0`, `+mmul` a left fold over `k`
//! from `+0` per cell, `+mpow-n` repeated left multiplication.

mod support;

use lagoon::linalg::{dot, mmul, mpow_n};
use lagoon::structure::{diag, trace};
use lagoon::*;
use proptest::prelude::*;
use softblas::scalar::i754::{self, Width};
use support::{elems, f32s, matrix_pair};

const MODES: [Round; 4] = [Round::N, Round::U, Round::D, Round::Z];
const S: Width = Width::S;

fn f32_bits() -> impl Strategy<Value = u128> {
    prop_oneof![
        8 => any::<u32>().prop_map(|b| u128::from((b & 0x8fff_ffff) | 0x3000_0000)),
        1 => prop::sample::select(vec![0u128, 0x8000_0000, 0x7f80_0000, 0x7fc0_0001]),
    ]
}

/// `x0 + (x1 + (… + (x_{n−1} + 0)))`.
fn right_from_zero(r: Round, xs: &[u128]) -> u128 {
    xs.iter().rev().fold(0, |acc, x| i754::add(S, r, *x, acc))
}

proptest! {
    #[test]
    fn dot_is_a_right_fold_from_zero(
        n in 1usize..9, va in prop::collection::vec(f32_bits(), 8), vb in prop::collection::vec(f32_bits(), 8),
        r in prop::sample::select(MODES.to_vec()),
    ) {
        let (va, vb) = (&va[..n], &vb[..n]);
        let products: Vec<u128> = va.iter().zip(vb).map(|(x, y)| i754::mul(S, r, *x, *y)).collect();
        let got = dot(&Door::lake(r), &f32s(&[n as u64], va), &f32s(&[n as u64], vb)).unwrap();
        prop_assert_eq!(&got.meta.shape, &vec![1]);
        prop_assert_eq!(elems(&got), vec![right_from_zero(r, &products)]);
    }

    #[test]
    fn mmul_is_a_left_fold_over_k_from_zero(
        ((m, k, p), va, vb) in matrix_pair([1..4, 1..4, 1..4], f32_bits().boxed()),
        r in prop::sample::select(MODES.to_vec()),
    ) {
        let mut want = Vec::new();
        for i in 0..m {
            for j in 0..p {
                want.push((0..k).fold(0u128, |acc, kk| {
                    let prod = i754::mul(S, r, va[(i * k + kk) as usize], vb[(kk * p + j) as usize]);
                    i754::add(S, r, acc, prod)
                }));
            }
        }
        let got = mmul(&Door::lake(r), &f32s(&[m, k], &va), &f32s(&[k, p], &vb)).unwrap();
        prop_assert_eq!(&got.meta, &Meta::new(vec![m, p], 5, Kind::I754));
        prop_assert_eq!(elems(&got), want);
    }

    #[test]
    fn trace_is_a_right_fold_of_the_natural_diagonal(
        n in 1u64..5, v in prop::collection::vec(f32_bits(), 16), r in prop::sample::select(MODES.to_vec()),
    ) {
        let v = &v[..(n * n) as usize];
        let a = f32s(&[n, n], v);
        let d: Vec<u128> = (0..n).map(|i| v[(i * n + i) as usize]).collect();
        prop_assert_eq!(elems(&diag(&a).unwrap()), d.clone());
        let t = trace(&Door::lake(r), &a).unwrap();
        prop_assert_eq!(&t.meta.shape, &vec![1, 1]);
        prop_assert_eq!(elems(&t), vec![right_from_zero(r, &d)]);
    }

    #[test]
    fn mpow_n_multiplies_on_the_left(
        n in 1u64..4, v in prop::collection::vec(f32_bits(), 9), e in 0u64..4,
        r in prop::sample::select(MODES.to_vec()),
    ) {
        let a = f32s(&[n, n], &v[..(n * n) as usize]);
        let door = Door::lake(r);
        let mut want = if e == 0 { ones(&a.meta).unwrap() } else { a.clone() };
        for _ in 1..e.max(1) {
            want = mmul(&door, &a, &want).unwrap();
        }
        prop_assert_eq!(mpow_n(&door, &a, e).unwrap(), want);
    }
}
