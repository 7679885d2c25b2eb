//! Throughput of the soft core against Berkeley SoftFloat, measured in one
//! run (ignored; the table is in `docs/softcore.md`). Each line times the same
//! 4096 hard-biased operand sets through both, best of `SOFTCORE_REPS` passes
//! (default 200), and prints ns per operation and the ratio
//! SoftFloat time / core time (above 1: the core is faster).
//! `SOFTCORE_ONLY="Add Q,Mul Q"` times only the lines named. The line
//! `Sub Q` times binary128 subtraction (`add`'s code with `b`'s sign flipped). The line
//! `Dot Q` times the fold `acc = acc + x·y` (`?gemm`'s inner loop) per step.
//! Command: `cargo test --release -p urnum-softblas --test softcore_speed -- --ignored --nocapture`

mod softcore_support;

use softblas::scalar::i754::Width;
use softblas::Round;
use softcore_support::{case, core, specials, Op, Oracle, Rng};
use std::hint::black_box;
use std::time::Instant;

/// The best time in ns per operation of `f` over the cases.
#[inline(always)]
fn best(reps: u32, cases: &[[u128; 3]], f: impl Fn([u128; 3]) -> u128) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t = Instant::now();
        let mut acc = 0u128;
        for &x in cases {
            acc ^= f(black_box(x));
        }
        black_box(acc);
        best = best.min(t.elapsed().as_nanos() as f64 / cases.len() as f64);
    }
    best
}

/// The best time in ns per step of the fold `acc = acc + x·y` over the
/// pairs (`?gemm`'s and `?dot`'s inner loop: each sum waits for the last).
#[inline(always)]
fn best_fold(reps: u32, pairs: &[[u128; 3]], step: impl Fn(u128, [u128; 3]) -> u128) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t = Instant::now();
        let mut acc = 0u128;
        for &x in pairs {
            acc = step(acc, black_box(x));
        }
        black_box(acc);
        best = best.min(t.elapsed().as_nanos() as f64 / pairs.len() as f64);
    }
    best
}

/// Pairs of binary128 numbers of either sign with magnitudes in [2^−2, 2^3)
/// (as the operands of `urnum bench --level blas`): a fold of their products
/// stays finite and normal.
fn dot_pairs() -> Vec<[u128; 3]> {
    let mut rng = Rng::new(0xd07);
    let w = Width::Q;
    let mut one = || {
        let sign = u128::from(rng.next() & 1) << 127;
        let e = u128::from(w.bias()) - 2 + u128::from(rng.below(5));
        sign | e << w.frac_bits() | (rng.wide() & ((1 << w.frac_bits()) - 1))
    };
    (0..4096).map(|_| [one(), one(), 0]).collect()
}

/// Finite nonzero hard-biased operand sets of `op` at `w` (the timed work is the arithmetic).
fn cases(op: Op, w: Width) -> Vec<[u128; 3]> {
    let sp = specials(w);
    let mut rng = Rng::new(0xbe_4c4 ^ w.bits() as u64);
    std::iter::repeat_with(|| case(&mut rng, op, w, &sp))
        .filter(|x| x.iter().take(op.arity()).all(|&v| is_finite_nonzero(w, v)))
        .take(4096)
        .collect()
}

#[test]
#[ignore = "timing; run in release, see docs/softcore.md"]
#[allow(clippy::float_arithmetic)]
fn core_against_softfloat() {
    let reps = std::env::var("SOFTCORE_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let only = std::env::var("SOFTCORE_ONLY").unwrap_or_default();
    let oracle = Oracle::new(Round::N);
    let mut worst_q = f64::INFINITY;
    println!("| op | width | core ns | SoftFloat ns | SoftFloat/core |");
    println!("|---|---|---|---|---|");
    // One timed loop per line with the operation and width written out, so
    // both sides' dispatch folds away: the core's function is inlined into
    // the loop, SoftFloat's is one direct call.
    macro_rules! line {
        ($op:expr, $w:expr) => {{
            let label = format!("{:?} {:?}", $op, $w);
            if only.is_empty() || only.split(',').any(|o| o.trim() == label) {
                let cases = cases($op, $w);
                let c = best(reps, &cases, |x| core($op, $w, Round::N, x));
                let s = best(reps, &cases, |x| oracle.eval($op, $w, x));
                if $w == Width::Q && matches!($op, Op::Add | Op::Sub | Op::Mul | Op::Div) {
                    worst_q = worst_q.min(s / c);
                }
                println!("| {:?} | {:?} | {c:.2} | {s:.2} | {:.2} |", $op, $w, s / c);
            }
        }};
    }
    macro_rules! width {
        ($w:expr) => {
            line!(Op::Add, $w);
            line!(Op::Mul, $w);
            line!(Op::Div, $w);
            line!(Op::Fma, $w);
            line!(Op::Sqrt, $w);
        };
    }
    width!(Width::H);
    width!(Width::S);
    width!(Width::D);
    width!(Width::Q);
    line!(Op::Sub, Width::Q);
    if only.is_empty() || only.split(',').any(|o| o.trim() == "Dot Q") {
        let (pairs, w) = (dot_pairs(), Width::Q);
        let c = best_fold(reps, &pairs, |acc, [x, y, _]| {
            let prod = core(Op::Mul, w, Round::N, [x, y, 0]);
            core(Op::Add, w, Round::N, [acc, prod, 0])
        });
        let s = best_fold(reps, &pairs, |acc, [x, y, _]| {
            let prod = oracle.eval(Op::Mul, w, [x, y, 0]);
            oracle.eval(Op::Add, w, [acc, prod, 0])
        });
        println!("| Dot | Q | {c:.2} | {s:.2} | {:.2} |", s / c);
    }
    if worst_q.is_finite() {
        println!("binary128 add/sub/mul/div: worst SoftFloat/core ratio {worst_q:.2}");
    }
}

fn is_finite_nonzero(w: Width, a: u128) -> bool {
    let mag = a & (w.mask() >> 1);
    let inf = ((1u128 << w.exp_bits()) - 1) << w.frac_bits();
    mag != 0 && mag < inf
}
