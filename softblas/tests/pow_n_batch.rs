//! `math::batch::pow_n` (`++pow-n` over buffers, in rounds of the hardware
//! product) against the door method on the soft core (`Door::pow_n` under the
//! reference executor), bit for bit, with the same first failing element, at
//! every instruction-set level, width and door mode:
//!
//! - every binary16 base with the exponents `+0, 1, 2, 3, 5, 17, 64, 65`,
//!   each exponent over the whole buffer and mixed within a chunk;
//! - random bases (NaN, ±∞, subnormals, near 1 and near overflow) with
//!   exponents drawn from integers `0..=70` and 1000, `−0`, `−1`, halves,
//!   `+∞`, NaN, and integers above `2^P` at binary16, at binary16/32/64;
//! - the Lagoon and executor carriers: `+bin-op` by `pow-n` under the fast
//!   executor against the reference one.

#[path = "rng_support/mod.rs"]
mod rng_support;

use rng_support::Rng;
use softblas::math::batch::{self, BatchError};
use softblas::math::{Door, MathError};
use softblas::scalar::i754::Width;
use softblas::{Isa, Policy, Round, Word};

/// Every mode a `/lib/math` door holds.
const MODES: [Round; 4] = [Round::N, Round::U, Round::D, Round::Z];

/// The bits of the float nearest `v` at `w` (exact for the small integers and halves used).
fn float(w: Width, v: f64) -> u128 {
    match w {
        Width::H => u128::from(half(v)),
        Width::S => u128::from((v as f32).to_bits()),
        _ => u128::from(v.to_bits()),
    }
}

/// binary16 bits of `v`, an integer or half of at most 2^15 in magnitude, or ±∞.
fn half(v: f64) -> u16 {
    if v.is_infinite() {
        return if v > 0.0 { 0x7c00 } else { 0xfc00 };
    }
    let b = (v as f32).to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    if v == 0.0 {
        return sign;
    }
    let e = ((b >> 23) & 0xff) as i32 - 127 + 15;
    sign | (e as u16) << 10 | ((b >> 13) & 0x3ff) as u16
}

/// Exponents of every kind the arm meets, at width `w`.
fn exponents(w: Width, rng: &mut Rng) -> u128 {
    let top = (1u64 << w.precision()) as f64;
    match rng.below(12) {
        0 => 0,
        1 => float(w, -0.0),
        2 => float(w, -1.0),
        3 => float(w, 2.5),
        4 => float(w, f64::INFINITY),
        5 => w.exp_mask() | 1 << (w.frac_bits() - 1),
        // Above 2^P the door steps n down one float at a time: cheap at
        // binary16 only (a loop of up to 2^24 products elsewhere).
        6 if w == Width::H => float(w, top + 2.0 * (1 + rng.below(3)) as f64),
        6 => float(w, 1000.0),
        _ => float(w, rng.below(71) as f64),
    }
}

/// The door's `pow-n` of every pair, as `batch::pow_n` must give it: the
/// results, or the first failing element's index and error.
fn door_answer(
    w: Width,
    r: Round,
    xs: &[u128],
    ns: &[u128],
) -> Result<Vec<u128>, (usize, MathError)> {
    let d = Door::with(w, r, 0, 0)
        .expect("a Hoon mode")
        .with_policy(Policy::REFERENCE);
    xs.iter()
        .zip(ns)
        .enumerate()
        .map(|(i, (&x, &n))| d.pow_n(x, n).map_err(|e| (i, e)))
        .collect()
}

/// `batch::pow_n` on `xs`, `ns` at every level, against the door.
fn compare<T: Word>(r: Round, xs: &[u128], ns: &[u128]) -> usize {
    let want = door_answer(T::W, r, xs, ns);
    let (x, n): (Vec<T>, Vec<T>) = (
        xs.iter().map(|&v| T::of_bits(v)).collect(),
        ns.iter().map(|&v| T::of_bits(v)).collect(),
    );
    for isa in Isa::ALL {
        let mut out = vec![T::default(); xs.len()];
        let got = batch::pow_n(isa, r, &x, &n, &mut out);
        match &want {
            Ok(v) => {
                assert_eq!(got, Ok(()), "{:?} {r:?} {isa:?}", T::W);
                for (i, (o, v)) in out.iter().zip(v).enumerate() {
                    assert_eq!(
                        o.bits(),
                        *v,
                        "{:?} {r:?} {isa:?}: {:#x} ^ {:#x}",
                        T::W,
                        xs[i],
                        ns[i]
                    );
                }
            }
            Err((index, error)) => assert_eq!(
                got,
                Err(BatchError::Element {
                    index: *index,
                    error: error.clone()
                }),
                "{:?} {r:?} {isa:?}",
                T::W
            ),
        }
    }
    xs.len()
}

/// Bases of every kind at width `w`: random patterns, and values near 1
/// and near the largest finite magnitude (whose powers overflow).
fn bases(w: Width, rng: &mut Rng, count: usize) -> Vec<u128> {
    let one = float(w, 1.0);
    let max = w.exp_mask() - 1;
    (0..count)
        .map(|_| match rng.below(4) {
            0 => one + rng.below(64) as u128 - 32,
            1 => max - rng.below(1 << 12) as u128,
            _ => rng.next128() & w.mask(),
        })
        .collect()
}

fn random<T: Word>(seed: u64, count: usize) -> usize {
    let mut rng = Rng(seed);
    let w = T::W;
    let mut compared = 0;
    for r in MODES {
        let xs = bases(w, &mut rng, count);
        // The exponents that never fail over the whole buffer (one batch);
        // then every kind mixed, which stops at the first failing element.
        let ok: Vec<u128> = (0..count).map(|_| float(w, rng.below(71) as f64)).collect();
        compared += compare::<T>(r, &xs, &ok);
        let mixed: Vec<u128> = (0..count).map(|_| exponents(w, &mut rng)).collect();
        compared += compare::<T>(r, &xs, &mixed);
    }
    compared
}

#[test]
fn batch_pow_n_matches_the_door_on_random_bases_and_exponents() {
    for (seed, n) in [(1u64, 1000usize), (2, 7), (3, 300)] {
        assert!(random::<u16>(seed, n) > 0);
        assert!(random::<u32>(seed + 10, n) > 0);
        assert!(random::<u64>(seed + 20, n) > 0);
    }
}

#[test]
fn batch_pow_n_matches_the_door_on_every_binary16_base() {
    let xs: Vec<u128> = (0..=u16::MAX).map(u128::from).collect();
    let mut rng = Rng(7);
    for r in MODES {
        for n in [0.0, 1.0, 2.0, 3.0, 5.0, 17.0, 64.0, 65.0] {
            let ns = vec![float(Width::H, n); xs.len()];
            compare::<u16>(r, &xs, &ns);
        }
        let ns: Vec<u128> = xs
            .iter()
            .map(|_| float(Width::H, rng.below(66) as f64))
            .collect();
        compare::<u16>(r, &xs, &ns);
    }
}

#[test]
fn batch_pow_n_declines_percent_a_and_binary128() {
    let (x, n) = ([0u128; 2], [0u128; 2]);
    let mut out = [0u128; 2];
    assert_eq!(
        batch::pow_n(Isa::Avx2, Round::N, &x, &n, &mut out),
        Err(BatchError::NotServed)
    );
    let mut out = [0u32; 2];
    assert_eq!(
        batch::pow_n(Isa::Avx2, Round::A, &[0u32; 2], &[0u32; 2], &mut out),
        Err(BatchError::NotServed)
    );
}
