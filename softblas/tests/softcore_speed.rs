//! Throughput of the soft core against Berkeley SoftFloat, measured in one
//! run (ignored; the table is in `docs/softcore.md`). Each line times the same
//! 4096 hard-biased operand sets through both, best of `SOFTCORE_REPS` passes
//! (default 200), and prints ns per operation and the ratio
//! SoftFloat time / core time (above 1: the core is faster).
//! Command: `cargo test --release -p softblas --test softcore_speed -- --ignored --nocapture`

mod softcore_support;

use softblas::scalar::i754::Width;
use softblas::Round;
use softcore_support::{case, core, specials, Op, Oracle, Rng, WIDTHS};
use std::hint::black_box;
use std::time::Instant;

/// The best time in ns per operation of `f` over the cases.
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

#[test]
#[ignore = "timing; run in release, see docs/softcore.md"]
#[allow(clippy::float_arithmetic)]
fn core_against_softfloat() {
    let reps = std::env::var("SOFTCORE_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let r = Round::N;
    let oracle = Oracle::new(r);
    let mut worst_q = f64::INFINITY;
    println!("| op | width | core ns | SoftFloat ns | SoftFloat/core |");
    println!("|---|---|---|---|---|");
    for w in WIDTHS {
        let sp = specials(w);
        for op in [Op::Add, Op::Mul, Op::Div, Op::Fma, Op::Sqrt] {
            let mut rng = Rng(0xbe_4c4 ^ w.bits() as u64);
            // Finite nonzero operands only: the timed work is the arithmetic.
            let cases: Vec<[u128; 3]> = std::iter::repeat_with(|| case(&mut rng, op, w, &sp))
                .filter(|x| x.iter().take(op.arity()).all(|&v| is_finite_nonzero(w, v)))
                .take(4096)
                .collect();
            let c = best(reps, &cases, |x| core(op, w, r, x));
            let s = best(reps, &cases, |x| oracle.eval(op, w, x));
            if w == Width::Q && matches!(op, Op::Add | Op::Mul | Op::Div) {
                worst_q = worst_q.min(s / c);
            }
            println!("| {op:?} | {w:?} | {c:.2} | {s:.2} | {:.2} |", s / c);
        }
    }
    println!("binary128 add/mul/div: worst SoftFloat/core ratio {worst_q:.2}");
    assert!(worst_q.is_finite(), "no binary128 line was timed");
}

fn is_finite_nonzero(w: Width, a: u128) -> bool {
    let mag = a & (w.mask() >> 1);
    let inf = ((1u128 << w.exp_bits()) - 1) << w.frac_bits();
    mag != 0 && mag < inf
}
