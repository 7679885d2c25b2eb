//! Benchmarks (divan): `/lib/math` `exp` and `sin` of the `rs` and `rd`
//! doors over 10^3 and 10^4 points, each under the fast executor (scalar
//! `%i754` steps on the hardware lanes) and under the reference executor
//! (SoftFloat), in door modes `%n` and `%z`. Quote ratios between entries of
//! one run (`reference / fast` for the same arm, width, mode and size).
//!
//! Run: `cargo bench -p urnum-softblas --bench math` (add `-- exp` to filter).
#![allow(missing_docs)]

use divan::{black_box, Bencher};
use softblas::math::Door;
use softblas::scalar::i754::Width;
use softblas::Round;
use softblas::{Executor, Policy};

fn main() {
    divan::main();
}

/// Point counts.
const SIZES: [usize; 2] = [1_000, 10_000];

/// Deterministic points of width `w` with magnitudes in [2^-4, 2^4), either sign.
fn points(w: Width, n: usize) -> Vec<u128> {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    (0..n)
        .map(|_| {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            let r = s.wrapping_mul(0x2545_f491_4f6c_dd1d);
            let e = u128::from(w.bias() - 4 + (r % 8) as u32);
            let frac = (u128::from(r) << 20 ^ u128::from(r >> 7)) & ((1 << w.frac_bits()) - 1);
            u128::from(r >> 63) << (w.bits() - 1) | e << w.frac_bits() | frac
        })
        .collect()
}

/// Which arm a bench runs.
#[derive(Clone, Copy)]
enum Arm {
    Exp,
    Sin,
}

fn run(b: Bencher, arm: Arm, w: Width, r: Round, e: Executor, n: usize) {
    let d = Door::with(w, r, 0, 0)
        .expect("a Hoon mode")
        .with_policy(Policy::FAST.with_exec(e));
    let xs = points(w, n);
    b.bench_local(|| {
        let mut acc = 0u128;
        for &x in black_box(&xs) {
            acc ^= match arm {
                Arm::Exp => d.exp(x).unwrap_or(0),
                Arm::Sin => d.sin(x),
            };
        }
        acc
    });
}

/// The benches of `arm`: `<door>::<mode>::{fast, reference}` at the doors
/// `rs` and `rd` in the modes `%n` and `%z`, under each executor.
macro_rules! benches {
    ($arm:expr) => {
        benches!(@door $arm, rs, Width::S);
        benches!(@door $arm, rd, Width::D);
    };
    (@door $arm:expr, $door:ident, $w:expr) => {
        mod $door {
            use super::*;
            benches!(@mode $arm, $w, n, Round::N);
            benches!(@mode $arm, $w, z, Round::Z);
        }
    };
    (@mode $arm:expr, $w:expr, $mode:ident, $r:expr) => {
        mod $mode {
            use super::*;
            #[divan::bench(args = SIZES)]
            fn fast(b: Bencher, n: usize) {
                run(b, $arm, $w, $r, Executor::Fast, n);
            }
            #[divan::bench(args = SIZES)]
            fn reference(b: Bencher, n: usize) {
                run(b, $arm, $w, $r, Executor::Reference, n);
            }
        }
    };
}

mod exp {
    use super::*;
    benches!(Arm::Exp);
}

mod sin {
    use super::*;
    benches!(Arm::Sin);
}
