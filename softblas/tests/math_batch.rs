//! `math::batch` (the `/lib/math` kernels on host floats over buffers) against
//! the door methods (the same algorithms on the soft core, one element at a
//! time), bit for bit, under the reference executor so that the door side
//! never touches the host's floats.
//!
//! - always: every arm, width and mode on random bit patterns (NaN, ±∞,
//!   subnormals included) and on hard arguments (see [`hard`]);
//! - `cargo test --release -p urnum-softblas --test math_batch -- --ignored`:
//!   every `@rh` input of every arm in every mode (exhaustive), and 10^6
//!   random and hard arguments per arm, width and mode at `@rs @rd`.

#[path = "rng_support/mod.rs"]
mod rng_support;

use rng_support::Rng;
use softblas::math::batch::{self, BatchError};
use softblas::math::{Door, MathError};
use softblas::prog::Unary;
use softblas::scalar::i754::{self, Width};
use softblas::Policy;
use softblas::{Round, Word};

/// Every arm `batch` serves.
const ARMS: [Unary; 12] = [
    Unary::Exp,
    Unary::Log,
    Unary::Log2,
    Unary::Log10,
    Unary::Sin,
    Unary::Cos,
    Unary::Tan,
    Unary::Asin,
    Unary::Acos,
    Unary::Atan,
    Unary::Sqrt,
    Unary::Cbrt,
];

/// Every mode a `/lib/math` door holds.
const MODES: [Round; 4] = [Round::N, Round::U, Round::D, Round::Z];

/// The door method of arm `u` on `x`.
fn door(d: &Door, u: Unary, x: u128) -> Result<u128, MathError> {
    Ok(match u {
        Unary::Exp => d.exp(x)?,
        Unary::Log => d.log(x),
        Unary::Log2 => d.log_2(x),
        Unary::Log10 => d.log_10(x),
        Unary::Sin => d.sin(x),
        Unary::Cos => d.cos(x),
        Unary::Tan => d.tan(x),
        Unary::Asin => d.asin(x),
        Unary::Acos => d.acos(x),
        Unary::Atan => d.atan(x),
        Unary::Sqrt => d.sqt(x),
        Unary::Cbrt => d.cbt(x)?,
        other => panic!("{other:?} is not a batch arm"),
    })
}

/// Compares the batch and the door method on `xs` (bits of `T`'s width) for arm `u` in mode `r`;
/// returns the number of elements compared.
fn compare<T: Word>(u: Unary, r: Round, xs: &[T]) -> usize {
    // The door on the soft core, the batch on the hardware.
    let d = Door::with(T::W, r, 0, 0)
        .expect("a Hoon mode")
        .with_policy(Policy::REFERENCE);
    let want: Vec<Result<u128, MathError>> = xs.iter().map(|x| door(&d, u, x.bits())).collect();
    // Errors stop a batch: compare the error-free elements as one batch and
    // each failing one alone.
    let ok: Vec<T> = xs
        .iter()
        .zip(&want)
        .filter(|(_, w)| w.is_ok())
        .map(|(x, _)| *x)
        .collect();
    let mut out = vec![T::default(); ok.len()];
    batch::unary(softblas::Isa::Avx512, u, r, &ok, &mut out)
        .unwrap_or_else(|e| panic!("{u:?} {r:?}: {e:?}"));
    let mut got = out.iter();
    for (x, w) in xs.iter().zip(&want) {
        match w {
            Ok(v) => {
                let g = got.next().expect("one output per input").bits();
                assert_eq!(
                    g,
                    *v,
                    "{u:?} at {:?} in {r:?} of {:#x}: batch {g:#x}, door {v:#x}",
                    T::W,
                    x.bits()
                );
            }
            Err(e) => {
                let mut o = [T::default()];
                let b = batch::unary(softblas::Isa::Avx512, u, r, &[*x], &mut o);
                assert_eq!(
                    b,
                    Err(BatchError::Element {
                        index: 0,
                        error: e.clone()
                    }),
                    "{u:?} at {:?} in {r:?} of {:#x}",
                    T::W,
                    x.bits()
                );
            }
        }
    }
    xs.len()
}

/// Arguments where the algorithms branch or lose exactness, at width `w`:
/// near multiples of π/2 (range reduction and quadrants, small and huge),
/// near the overflow and underflow bounds of `exp` and its `far` cut,
/// around 1 (logarithms), the `atan` breakpoints, subnormals, integers and
/// ties, each nudged by a few ulps either way and with either sign.
fn hard(w: Width, rng: &mut Rng, count: usize) -> Vec<u128> {
    let f = |v: f64| -> u128 {
        let b = i754::convert(Width::D, w, Round::N, u128::from(v.to_bits()));
        b & w.mask()
    };
    let mut centres = vec![
        0.0,
        1.0,
        0.5,
        2.0,
        7.0 / 16.0,
        11.0 / 16.0,
        19.0 / 16.0,
        39.0 / 16.0,
        std::f64::consts::SQRT_2,
        0.6744,
    ];
    let (k_ovf, k_udf) = match w {
        Width::H => (17.0, -24.0),
        Width::S => (129.0, -150.0),
        _ => (1025.0, -1075.0),
    };
    for k in [
        k_ovf,
        k_ovf - 1.0,
        k_udf,
        k_udf + 1.0,
        -14.0,
        -126.0,
        -1022.0,
    ] {
        centres.push(k * std::f64::consts::LN_2);
    }
    for e in [10, 15, 20, 24, 30, 53, 60, 62, 64, 100] {
        centres.push(2f64.powi(e) * std::f64::consts::LN_2);
        centres.push(2f64.powi(e));
    }
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let c = match rng.below(4) {
            0 => centres[rng.below(centres.len() as u64) as usize],
            1 => rng.range(-40, 40) as f64 * std::f64::consts::FRAC_PI_2,
            2 => {
                rng.range(1, 1 << 20) as f64
                    * std::f64::consts::FRAC_PI_2
                    * 2f64.powi(rng.range(0, 40) as i32)
            }
            _ => rng.range(-2000, 2000) as f64 / 2.0,
        };
        let base = f(c);
        let nudge = rng.range(-4, 4);
        let v = (base as i128 + nudge as i128) as u128 & w.mask() & !w.sign_bit();
        let v = if rng.below(2) == 0 {
            v
        } else {
            v | w.sign_bit()
        };
        out.push(v);
        // A subnormal now and then.
        if rng.below(16) == 0 {
            out.push(
                rng.next128() & ((w.sign_bit() >> w.exp_bits()) - 1)
                    | (rng.below(2) as u128) << (w.bits() - 1),
            );
        }
    }
    out.truncate(count);
    out
}

/// Random bit patterns and hard arguments at `T`'s width, `count` of each.
fn cases<T: Word>(seed: u64, count: usize) -> Vec<T> {
    let mut rng = Rng(seed);
    let mut xs: Vec<T> = (0..count)
        .map(|_| T::of_bits(rng.next128() & T::W.mask()))
        .collect();
    xs.extend(hard(T::W, &mut rng, count).into_iter().map(T::of_bits));
    xs
}

fn sweep<T: Word>(count: usize) -> usize {
    let mut n = 0;
    for (i, u) in ARMS.into_iter().enumerate() {
        if !batch::served(u, T::W, Round::N) {
            continue;
        }
        for (j, r) in MODES.into_iter().enumerate() {
            let xs = cases::<T>((i * 8 + j) as u64 + 0x5eed, count);
            n += compare(u, r, &xs);
        }
    }
    n
}

#[test]
fn batch_matches_the_door_on_random_and_hard_arguments() {
    assert!(sweep::<u16>(300) > 0);
    assert!(sweep::<u32>(300) > 0);
    assert!(sweep::<u64>(300) > 0);
    assert!(sweep::<u128>(20) > 0);
}

#[test]
fn unserved_arms_and_modes_say_so() {
    let mut o = [0u32];
    assert_eq!(
        batch::unary(softblas::Isa::Avx512, Unary::Neg, Round::N, &[0u32], &mut o),
        Err(BatchError::NotServed)
    );
    assert_eq!(
        batch::unary(softblas::Isa::Avx512, Unary::Exp, Round::A, &[0u32], &mut o),
        Err(BatchError::NotServed)
    );
}

#[test]
#[ignore = "exhaustive @rh and 10^6 per arm, width and mode: cargo test --release -p urnum-softblas --test math_batch -- --ignored"]
fn batch_matches_the_door_everywhere_at_rh_and_on_a_million_at_rs_rd() {
    let all: Vec<u16> = (0..=u16::MAX).collect();
    let mut n = 0;
    for u in ARMS {
        for r in MODES {
            n += compare(u, r, &all);
        }
    }
    println!("@rh exhaustive: {n} comparisons, 0 mismatches");
    let s = sweep::<u32>(500_000);
    let d = sweep::<u64>(500_000);
    println!("@rs: {s} comparisons, @rd: {d} comparisons, 0 mismatches");
}

/// Buffers of every length up to past two groups of the widest lane
/// context (32 lanes at `@rh`): shorter than a group (one element at a
/// time), whole groups, and a partial last group (run in padded lanes).
#[test]
fn every_length_matches_the_door() {
    for len in 0..=70 {
        for u in [
            Unary::Exp,
            Unary::Log,
            Unary::Atan,
            Unary::Sin,
            Unary::Cbrt,
            Unary::Asin,
            Unary::Acos,
            Unary::Tan,
        ] {
            let r = MODES[len % MODES.len()];
            assert_eq!(compare(u, r, &cases::<u16>(len as u64, len)[..len]), len);
            assert_eq!(compare(u, r, &cases::<u32>(len as u64, len)[..len]), len);
            assert_eq!(compare(u, r, &cases::<u64>(len as u64, len)[..len]), len);
        }
    }
}

/// An element that crashes the Hoon is reported at its own index, in a
/// whole group and in the padded last group, and the elements before it
/// are written.
#[test]
fn the_failing_element_is_reported_where_it_is() {
    let d = Door::with(Width::H, Round::N, 0, 0)
        .expect("a Hoon mode")
        .with_policy(Policy::REFERENCE);
    let bad = (0..=u16::MAX)
        .find(|&x| door(&d, Unary::Exp, u128::from(x)).is_err())
        .expect("an @rh argument exp refuses");
    let good = 0x3c00u16; // 1.0
    let want = door(&d, Unary::Exp, u128::from(good)).expect("exp 1") as u16;
    for (len, at) in [(40, 5), (40, 37), (70, 69), (64, 63), (3, 2)] {
        let mut xs = vec![good; len];
        xs[at] = bad;
        let mut out = vec![0u16; len];
        let got = batch::unary(softblas::Isa::Avx512, Unary::Exp, Round::N, &xs, &mut out);
        assert!(
            matches!(got, Err(BatchError::Element { index, .. }) if index == at),
            "length {len}, failing at {at}: {got:?}"
        );
        assert!(
            out[..at].iter().all(|&o| o == want),
            "length {len}: {out:?}"
        );
    }
}
