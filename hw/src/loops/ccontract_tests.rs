//! The complex contraction ([`super::ccontract_acc`]) against its SoftFloat
//! reference ([`super::ccontract_reference`], SoftBLAS's product summed cell
//! by cell in order), on the MXCSR kernel where the CPU has it.

use super::{ccontract_acc, ccontract_reference};
use crate::ieee::Width;
use crate::isa::Isa;
use crate::shape::Split;
use crate::test_rng::lcg;
use crate::word::Word;
use softcore::Round;

/// Bits of values around 1 in magnitude, with zeros, ∞, NaNs, subnormals
/// and values near overflow mixed in.
fn values<T: Word>(seed: &mut u64, n: usize) -> Vec<T> {
    let (e, f) = match T::W {
        Width::S => (8u32, 23u32),
        _ => (11, 52),
    };
    let bias = (1u128 << (e - 1)) - 1;
    (0..n)
        .map(|_| {
            *seed = lcg(*seed);
            let r = u128::from(*seed >> 8);
            let exp = match r % 29 {
                0 => 0,
                1 => (1 << e) - 1,
                2 => (1 << e) - 2,
                3 => 1,
                _ => bias - 4 + (r >> 5) % 9,
            };
            let frac = (r >> 9) & ((1 << f) - 1);
            let frac = if r % 3 == 0 { frac >> 10 << 10 } else { frac };
            T::of_bits((r >> 40 & 1) << (e + f) | exp << f | frac)
        })
        .collect()
}

fn check<T: Word>(seed: u64) {
    let mut seed = seed;
    for (m, k, p) in [(1, 1, 1), (3, 7, 16), (5, 33, 21), (2, 130, 40), (4, 9, 3)] {
        let [ar, ai] = [(); 2].map(|()| values::<T>(&mut seed, m * k));
        let [br, bi] = [(); 2].map(|()| values::<T>(&mut seed, k * p));
        let [cr0, ci0] = [(); 2].map(|()| values::<T>(&mut seed, m * p));
        for r in [Round::N, Round::U, Round::D, Round::Z] {
            let (mut cr, mut ci) = (cr0.clone(), ci0.clone());
            let ops = Split {
                a: [&ar, &ai],
                b: [&br, &bi],
                c: [&mut cr, &mut ci],
            };
            let served = ccontract_acc(Isa::Avx2, r, (m, k, p), ops);
            if !crate::mxcsr::available() {
                assert!(!served);
                continue;
            }
            assert!(served, "{:?} {r:?} not served", T::W);
            let (mut wr, mut wi) = (cr0.clone(), ci0.clone());
            let want = Split {
                a: [&ar, &ai],
                b: [&br, &bi],
                c: [&mut wr, &mut wi],
            };
            ccontract_reference(r, (m, k, p), want);
            assert_eq!([cr, ci], [wr, wi], "{:?} {r:?} {m}x{k}x{p}", T::W);
        }
    }
}

#[test]
fn complex_cells_are_softblas_products_summed_in_order() {
    check::<u32>(1);
    check::<u64>(2);
}
