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
//! Each test is a list of lines (one operation, width and mode), labelled
//! like `hard Mul Q N` or `all pairs Add H Z`.
//!
//! - `SOFTCORE_THREADS` (default 2) threads share each line.
//! - `SOFTCORE_SELECT` picks lines: comma-separated groups of words, a line
//!   runs when every word of some group is a word of its label
//!   (`SOFTCORE_SELECT="Q,Mul S"`: every binary128 line and binary32 `Mul`).
//! - `SOFTCORE_RESULTS` (default `../target/softcore-sweep.txt`, that is the
//!   workspace's `target/`) collects finished lines: each is appended when it
//!   ends, as `label: N cases, M mismatches, T s`, and a later run skips a
//!   line already there with the same case count and 0 mismatches. So an
//!   interrupted run is continued by starting the same command again. A test
//!   fails when any of its selected lines, run now or earlier, mismatched.
//!
//! Command:
//! `nice -n 10 cargo test --release -p urnum-softblas --test softcore_sweep -- --ignored --nocapture --test-threads 1`

mod softcore_support;

use softblas::scalar::i754::Width;
use softblas::Round;
use softcore::{self as soft, Binary16, Binary32};
use softcore_support::{core, ops, oracle_h_pair, oracle_sqrt, run_with, Op, Oracle};
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

/// The lines of a test, selected by `SOFTCORE_SELECT`, run or skipped
/// against the results file `SOFTCORE_RESULTS`.
struct Lines {
    select: Vec<Vec<String>>,
    path: std::path::PathBuf,
    done: Vec<String>,
    bad: u64,
}

impl Lines {
    fn new() -> Lines {
        let select = std::env::var("SOFTCORE_SELECT")
            .unwrap_or_default()
            .split(',')
            .map(|g| g.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
            .filter(|g| !g.is_empty())
            .collect();
        let path = std::env::var("SOFTCORE_RESULTS")
            .unwrap_or_else(|_| "../target/softcore-sweep.txt".to_owned())
            .into();
        let done = std::fs::read_to_string(&path)
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect();
        Lines {
            select,
            path,
            done,
            bad: 0,
        }
    }

    /// Runs `job` for the line `label` of `cases` cases unless unselected or
    /// already in the results file; `job` returns the mismatches.
    /// A line of [`exhaustive`] `op` at `w` in mode `r` on every operand of
    /// `bits` bits, which must run `cases` cases.
    fn every(&mut self, label: &str, (op, w, r): (Op, Width, Round), bits: u32, cases: u64) {
        self.line(label, cases, || counted(cases, exhaustive(op, w, r, bits)));
    }

    fn line(&mut self, label: &str, cases: u64, job: impl FnOnce() -> u64) {
        let words: Vec<&str> = label.split_whitespace().collect();
        if !self.select.is_empty()
            && !self
                .select
                .iter()
                .any(|g| g.iter().all(|w| words.contains(&w.as_str())))
        {
            return;
        }
        let head = format!("{label}: {cases} cases, ");
        if let Some(prev) = self.done.iter().rev().find(|l| l.starts_with(&head)) {
            println!("{prev} (earlier run, kept)");
            if !prev[head.len()..].starts_with("0 mismatches") {
                self.bad += 1;
            }
            return;
        }
        let t = Instant::now();
        let bad = job();
        let line = format!("{head}{bad} mismatches, {:.1} s", t.elapsed().as_secs_f64());
        println!("{line}");
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .expect("softcore results file");
        writeln!(f, "{line}").expect("softcore results file");
        self.bad += bad;
    }
}

/// Consecutive hard cases sharing the generator's branch choices
/// (`softcore_support::Rng::replay`): each case keeps its distribution, the
/// generator its branch prediction.
const BLOCK: u64 = 64;

/// The mismatches of `n` hard cases of `op` at `w` in `r` from `seed`
/// (`softcore_support::run_blocked` with blocks of [`BLOCK`]), through a loop
/// specialised to the operation and width; the first few are printed.
fn hard_line(op: Op, w: Width, r: Round, n: u64, seed: u64) -> u64 {
    macro_rules! at {
        ($op:expr, $w:expr) => {
            run_with(
                ($op, $w, r),
                (n, seed, BLOCK),
                |x| core($op, $w, r, x),
                |o: &Oracle, x| o.eval($op, $w, x),
            )
        };
    }
    macro_rules! width {
        ($w:expr) => {
            match op {
                Op::Add => at!(Op::Add, $w),
                Op::Sub => at!(Op::Sub, $w),
                Op::Mul => at!(Op::Mul, $w),
                Op::Div => at!(Op::Div, $w),
                Op::Fma => at!(Op::Fma, $w),
                Op::Sqrt => at!(Op::Sqrt, $w),
                Op::RoundToInt => at!(Op::RoundToInt, $w),
                Op::FromU64 => at!(Op::FromU64, $w),
                Op::Compare => at!(Op::Compare, $w),
                Op::Convert(Width::H) => at!(Op::Convert(Width::H), $w),
                Op::Convert(Width::S) => at!(Op::Convert(Width::S), $w),
                Op::Convert(Width::D) => at!(Op::Convert(Width::D), $w),
                Op::Convert(Width::Q) => at!(Op::Convert(Width::Q), $w),
            }
        };
    }
    let (bad, first) = match w {
        Width::H => width!(Width::H),
        Width::S => width!(Width::S),
        Width::D => width!(Width::D),
        Width::Q => width!(Width::Q),
    };
    for (x, got, want) in first {
        println!("  mismatch {op:?} {w:?} {r:?} {x:x?}: core {got:x}, SoftFloat {want:x}");
    }
    bad
}

/// The mismatches of a line whose `(cases, mismatches)` must count `cases`.
fn counted(cases: u64, (ran, bad): (u64, u64)) -> u64 {
    assert_eq!(ran, cases, "a line ran a different number of cases");
    bad
}

/// Every operand `a < 2^bits` (and for binary ops every `b`) of `op` at `w` in `r`.
///
/// Binary16 pairs and square roots run a loop specialised to the operation
/// (the core's function inlined, SoftFloat's called directly); the other
/// operations go through the generic dispatch of `softcore_support`.
fn exhaustive(op: Op, w: Width, r: Round, bits: u32) -> (u64, u64) {
    if let (Width::H, Some(sf)) = (w, oracle_h_pair(op)) {
        return match op {
            Op::Add => pairs(r, sf, |a, b| soft::add::<Binary16>(a, b, r)),
            Op::Sub => pairs(r, sf, |a, b| soft::sub::<Binary16>(a, b, r)),
            Op::Mul => pairs(r, sf, |a, b| soft::mul::<Binary16>(a, b, r)),
            _ => pairs(r, sf, |a, b| soft::div::<Binary16>(a, b, r)),
        };
    }
    if let (Op::Sqrt, Some(sf)) = (op, oracle_sqrt(w)) {
        return match w {
            Width::H => unary(r, bits, sf, |a| soft::sqrt::<Binary16>(a, r)),
            _ => unary(r, bits, sf, |a| soft::sqrt::<Binary32>(a, r)),
        };
    }
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

/// Every binary16 pair through `core` and SoftFloat's `sf` in mode `r`.
fn pairs(
    r: Round,
    sf: fn(u128, u128) -> u128,
    core: impl Fn(u128, u128) -> u128 + Sync,
) -> (u64, u64) {
    par(|t, n| {
        let _mode = Oracle::new(r);
        let (mut cases, mut bad) = (0, 0);
        let mut a = t;
        while a < 1 << 16 {
            let a128 = u128::from(a);
            for b in 0..1u128 << 16 {
                bad += u64::from(core(a128, b) != sf(a128, b));
            }
            cases += 1 << 16;
            a += n;
        }
        (cases, bad)
    })
}

/// Every operand below `2^bits` through `core` and SoftFloat's `sf` in mode `r`.
fn unary(
    r: Round,
    bits: u32,
    sf: fn(u128) -> u128,
    core: impl Fn(u128) -> u128 + Sync,
) -> (u64, u64) {
    par(|t, n| {
        let _mode = Oracle::new(r);
        let mut bad = 0;
        let (lo, hi) = ((1u64 << bits) * t / n, (1u64 << bits) * (t + 1) / n);
        for a in lo..hi {
            let a = u128::from(a);
            bad += u64::from(core(a) != sf(a));
        }
        (hi - lo, bad)
    })
}

/// Runs the exhaustive lines `rows` (label, operation at a width in a mode,
/// operand bits, cases) and asserts that none mismatches.
fn every_line(rows: impl IntoIterator<Item = (String, (Op, Width, Round), u32, u64)>) {
    let mut lines = Lines::new();
    for (label, case, bits, cases) in rows {
        lines.every(&label, case, bits, cases);
    }
    assert_eq!(lines.bad, 0);
}

#[test]
#[ignore = "exhaustive binary16 pairs: minutes; run once, see docs/softcore.md"]
fn every_binary16_pair() {
    every_line(
        [Op::Add, Op::Sub, Op::Mul, Op::Div]
            .into_iter()
            .flat_map(|op| {
                Round::ALL.map(|r| {
                    (
                        format!("all pairs {op:?} H {r:?}"),
                        (op, Width::H, r),
                        16,
                        1 << 32,
                    )
                })
            }),
    );
}

#[test]
#[ignore = "every binary16/binary32 root and binary16 unary operand; run once"]
fn every_root_and_binary16_operand() {
    let mut rows = Vec::new();
    for r in Round::ALL {
        for (w, bits) in [(Width::H, 16), (Width::S, 32)] {
            rows.push((
                format!("all roots {w:?} {r:?}"),
                (Op::Sqrt, w, r),
                bits,
                1 << bits,
            ));
        }
        let mut unary = vec![Op::RoundToInt];
        unary.extend([Width::S, Width::D, Width::Q].map(Op::Convert));
        for op in unary {
            rows.push((
                format!("all operands {op:?} H {r:?}"),
                (op, Width::H, r),
                16,
                1 << 16,
            ));
        }
    }
    every_line(rows);
}

#[test]
#[ignore = "10^8 hard-biased cases per operation, width and mode; run once"]
fn hard_cases_per_operation() {
    let n = env("SOFTCORE_CASES", 100_000_000);
    let threads = env("SOFTCORE_THREADS", 2);
    let mut lines = Lines::new();
    let mut list: Vec<(Op, Width)> = Vec::new();
    for w in [Width::S, Width::D, Width::Q] {
        list.extend(ops(w).into_iter().map(|op| (op, w)));
    }
    list.push((Op::FromU64, Width::H));
    for (op, w) in list {
        let modes: &[Round] = if op.rounds() {
            &Round::ALL
        } else {
            &[Round::N]
        };
        for &r in modes {
            let per = n / threads;
            lines.line(&format!("hard {op:?} {w:?} {r:?}"), per * threads, || {
                counted(
                    per * threads,
                    par(|t, _| (per, hard_line(op, w, r, per, 0x10_0000_0000 + t))),
                )
            });
        }
    }
    assert_eq!(lines.bad, 0);
}
