//! Throughput of the soft core against Berkeley SoftFloat, measured in one
//! run (ignored; the table is in `docs/softcore.md`). Each line times the same
//! 4096 hard-biased operand sets through both, best of `SOFTCORE_REPS` passes
//! (default 200), and prints ns per operation and the ratio
//! SoftFloat time / core time (above 1: the core is faster).
//! `SOFTCORE_ONLY="Add Q,Mul Q"` times only the lines named.
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
                if $w == Width::Q && matches!($op, Op::Add | Op::Mul | Op::Div) {
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
    println!("binary128 add/mul/div: worst SoftFloat/core ratio {worst_q:.2}");
    assert!(worst_q.is_finite(), "no binary128 line was timed");
}

fn is_finite_nonzero(w: Width, a: u128) -> bool {
    let mag = a & (w.mask() >> 1);
    let inf = ((1u128 << w.exp_bits()) - 1) << w.frac_bits();
    mag != 0 && mag < inf
}
