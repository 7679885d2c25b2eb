//! The long proofs of the soft core against Berkeley SoftFloat, on raw bits
//! (ignored; run once, figures in `docs/softcore.md`):
//!
//! - every binary16 pair for add, sub, mul, div and every binary16 and
//!   binary32 square root, in all five modes;
//! - every binary16 operand of roundToInt and of the conversions from binary16;
//! - `SOFTCORE_CASES` (default 10^8) hard-biased random cases
//!   (`softcore_support::case`) per operation, width and mode at
//!   binary32/64/128 for add, sub, mul, div, fma, sqrt, roundToInt,
//!   ui64_to_f, the quiet compares and every conversion, and ui64_to_f16.
//!
//! `SOFTCORE_THREADS` (default 2) threads share each line. Command:
//! `nice -n 10 cargo test --release -p softblas --test softcore_sweep -- --ignored --nocapture --test-threads 1`

mod softcore_support;

use softblas::scalar::i754::Width;
use softblas::Round;
use softcore_support::{core, ops, run, Op, Oracle};
use std::time::Instant;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Runs `job(thread, threads)` on `SOFTCORE_THREADS` threads and sums `(cases, mismatches)`.
fn par(job: impl Fn(u64, u64) -> (u64, u64) + Sync) -> (u64, u64) {
    let n = env("SOFTCORE_THREADS", 2);
    let job = &job;
    std::thread::scope(|s| {
        let hs: Vec<_> = (0..n).map(|t| s.spawn(move || job(t, n))).collect();
        hs.into_iter().fold((0, 0), |(c, b), h| {
            let (c2, b2) = h.join().expect("sweep thread");
            (c + c2, b + b2)
        })
    })
}

/// Prints one result line and returns its mismatches.
fn report(what: &str, t: Instant, (cases, bad): (u64, u64)) -> u64 {
    println!(
        "{what}: {cases} cases, {bad} mismatches, {:.1} s",
        t.elapsed().as_secs_f64()
    );
    bad
}

/// Every operand `a < 2^bits` (and for binary ops every `b`) of `op` at `w` in `r`.
fn exhaustive(op: Op, w: Width, r: Round, bits: u32) -> (u64, u64) {
    par(|t, n| {
        let oracle = Oracle::new(r);
        let (mut cases, mut bad) = (0, 0);
        let mut a = t;
        while a < 1 << bits {
            let a128 = u128::from(a);
            if op.arity() == 2 {
                for b in 0..1u128 << bits {
                    let x = [a128, b, 0];
                    bad += u64::from(core(op, w, r, x) != oracle.eval(op, w, x));
                }
                cases += 1 << bits;
            } else {
                let x = [a128, 0, 0];
                bad += u64::from(core(op, w, r, x) != oracle.eval(op, w, x));
                cases += 1;
            }
            a += n;
        }
        (cases, bad)
    })
}

#[test]
#[ignore = "exhaustive binary16 pairs: minutes; run once, see docs/softcore.md"]
fn every_binary16_pair() {
    let mut bad = 0;
    for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
        for r in Round::ALL {
            let t = Instant::now();
            bad += report(
                &format!("all pairs {op:?} H {r:?}"),
                t,
                exhaustive(op, Width::H, r, 16),
            );
        }
    }
    assert_eq!(bad, 0);
}

#[test]
#[ignore = "every binary16/binary32 root and binary16 unary operand; run once"]
fn every_root_and_binary16_operand() {
    let mut bad = 0;
    for r in Round::ALL {
        for (w, bits) in [(Width::H, 16), (Width::S, 32)] {
            let t = Instant::now();
            bad += report(
                &format!("all roots {w:?} {r:?}"),
                t,
                exhaustive(Op::Sqrt, w, r, bits),
            );
        }
        let mut unary = vec![Op::RoundToInt];
        unary.extend([Width::S, Width::D, Width::Q].map(Op::Convert));
        for op in unary {
            let t = Instant::now();
            bad += report(
                &format!("all operands {op:?} H {r:?}"),
                t,
                exhaustive(op, Width::H, r, 16),
            );
        }
    }
    assert_eq!(bad, 0);
}

#[test]
#[ignore = "10^8 hard-biased cases per operation, width and mode; run once"]
fn hard_cases_per_operation() {
    let n = env("SOFTCORE_CASES", 100_000_000);
    let mut bad = 0;
    let mut lines: Vec<(Op, Width)> = Vec::new();
    for w in [Width::S, Width::D, Width::Q] {
        lines.extend(ops(w).into_iter().map(|op| (op, w)));
    }
    lines.push((Op::FromU64, Width::H));
    for (op, w) in lines {
        let modes: &[Round] = if op.rounds() {
            &Round::ALL
        } else {
            &[Round::N]
        };
        for &r in modes {
            let t = Instant::now();
            let got = par(|t, threads| {
                let (b, _) = run(op, w, r, n / threads, 0x10_0000_0000 + t);
                (n / threads, b)
            });
            bad += report(&format!("hard {op:?} {w:?} {r:?}"), t, got);
        }
    }
    assert_eq!(bad, 0);
}
