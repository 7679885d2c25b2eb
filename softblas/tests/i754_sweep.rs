//! The long sweep: every rounded `%i754` operation against the MPFR oracle,
//! `I754_SWEEP_CASES` cases (default 1,000,000) for each (op, width, mode).
//!
//! Ignored by default. Run it with
//! `cargo test -p urnum-softblas --release --test i754_sweep -- --ignored --nocapture`
//! (optionally `I754_SWEEP_CASES=N` and `I754_SWEEP_SEED=S`). It prints, per
//! operation and width, how many results were NaN, subnormal, zero,
//! overflowed (±∞ or ±max) and how many differed.

mod i754_support;

use i754_support::{Op, Rng};
use softblas::scalar::i754::{self, Width};
use softblas::Round;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

#[derive(Default, Clone, Copy, Debug)]
struct Tally {
    cases: u64,
    nan: u64,
    subnormal: u64,
    zero: u64,
    overflow: u64,
    mismatches: u64,
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn sweep(op: Op, w: Width, cases: u64, seed: u64) -> (Tally, Vec<String>) {
    let mut t = Tally::default();
    let mut first = Vec::new();
    for r in Round::ALL {
        let mut rng =
            Rng(seed ^ (op as u64) << 40 ^ (w.bloq() as u64) << 32 ^ (r.code() as u64) << 24);
        for _ in 0..cases {
            let (a, b, c) = i754_support::operands(w, &mut rng);
            let ours = op.ours(w, r, a, b, c);
            let want = op.oracle(w, r, a, b, c);
            t.cases += 1;
            let mag = want & !w.sign_bit();
            if i754::is_nan(w, want) {
                t.nan += 1;
            } else if mag == 0 {
                t.zero += 1;
            } else if mag < i754::min_normal(w) {
                t.subnormal += 1;
            } else if mag == i754::inf(w) || mag == i754::max_finite(w) {
                t.overflow += 1;
            }
            if ours != want {
                t.mismatches += 1;
                if first.len() < 5 {
                    first.push(format!("{op:?} {w:?} {r:?} a={a:#x} b={b:#x} c={c:#x}: ours {ours:#x}, MPFR {want:#x}"));
                }
            }
        }
    }
    (t, first)
}

#[test]
#[ignore = "long sweep: cargo test -p urnum-softblas --release --test i754_sweep -- --ignored --nocapture"]
fn sweep_all_ops_widths_modes() {
    let cases = env_u64("I754_SWEEP_CASES", 1_000_000);
    let seed = env_u64("I754_SWEEP_SEED", 0x1754_5eed);
    let jobs: Vec<(Op, Width)> = Op::ALL
        .into_iter()
        .flat_map(|op| Width::ALL.into_iter().map(move |w| (op, w)))
        .collect();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(op, w)) = jobs.get(i) else { break };
                let started = std::time::Instant::now();
                let (t, first) = sweep(op, w, cases, seed);
                println!(
                    "{op:?} {w:?}: {t:?} ({:.1} s)",
                    started.elapsed().as_secs_f64()
                );
                results.lock().unwrap().push((op, w, t, first));
            });
        }
    });
    let results = results.into_inner().unwrap();
    let total: u64 = results.iter().map(|r| r.2.cases).sum();
    let bad: u64 = results.iter().map(|r| r.2.mismatches).sum();
    println!(
        "sweep: {total} cases ({cases} per op, width and mode), {bad} mismatches, seed {seed:#x}"
    );
    for (_, _, _, first) in &results {
        for line in first {
            println!("  {line}");
        }
    }
    assert_eq!(bad, 0);
    assert_eq!(total, cases * 6 * 4 * 5);
}
