//! Tests of the loops' entry points: [`super::contract_into`] and split-k contractions equal [`super::contract`], and every ISA level of [`super::elementwise`] equals the best.

use super::*;
use crate::test_rng::lcg;

/// Bits of binary64 values around 1 with some specials mixed in (NaN, ±0, ∞, subnormal).
fn vals(n: usize, seed: u64) -> Vec<u64> {
    let mut s = seed;
    (0..n)
        .map(|i| {
            s = lcg(s);
            match i % 23 {
                0 => 0x7ff8_0000_0000_0001, // a NaN with a payload
                1 => 0x8000_0000_0000_0000, // −0
                2 => 0x7ff0_0000_0000_0000, // +∞
                3 => 0x0000_0000_0000_0003, // a subnormal
                _ => 0x3ff0_0000_0000_0000 | (s >> 12) | ((s & 1) << 63),
            }
        })
        .collect()
}

#[test]
fn contract_into_and_split_k_equal_contract_at_every_level() {
    let (m, k, p) = (5, 37, 19);
    let (a, b) = (vals(m * k, 1), vals(k * p, 2));
    let best = contract(Isa::Avx512, Round::N, (m, k, p), &a, &b);
    for cap in Isa::ALL {
        for r in [Round::N, Round::U, Round::D, Round::Z, Round::A] {
            {
                let want = contract(cap, r, (m, k, p), &a, &b);
                if r == Round::N {
                    assert_eq!(want, best, "contract {cap:?} against the best level");
                }
                // One call into a dirty buffer: overwritten.
                let mut c = vec![0xdead_u64; m * p];
                contract_into(cap, r, (m, k, p), &a, &b, &mut c);
                assert_eq!(c, want, "contract_into {cap:?} {r:?}");
                // k in blocks of 8, ascending, continuing from c: the same cells.
                let mut c = vec![0u64; m * p];
                for k0 in (0..k).step_by(8) {
                    let kb = 8.min(k - k0);
                    let ab: Vec<u64> = (0..m)
                        .flat_map(|i| a[i * k + k0..i * k + k0 + kb].to_vec())
                        .collect();
                    contract_acc_into(cap, r, (m, kb, p), &ab, &b[k0 * p..(k0 + kb) * p], &mut c);
                }
                assert_eq!(c, want, "split k {cap:?} {r:?}");
            }
        }
    }
}

#[test]
fn every_level_of_elementwise_equals_the_best() {
    let (a, b) = (vals(40, 3), vals(40, 4));
    for cap in Isa::ALL {
        for op in Op::ALL {
            for r in [Round::N, Round::U, Round::D, Round::Z, Round::A] {
                let mut want = vec![0u64; 40];
                elementwise(Isa::Avx512, op, r, &a, &b, &mut want);
                let mut got = vec![0u64; 40];
                elementwise(cap, op, r, &a, &b, &mut got);
                assert_eq!(got, want, "{cap:?} {op:?} {r:?}");
            }
        }
    }
}
