//! Exhaustive and long random checks of `softblas::hw` against SoftFloat,
//! all `#[ignore]`d: run with
//! `cargo test --release -p urnum-softblas --test hw_exhaustive -- --ignored --nocapture`.
//!
//! - `binary16_all_pairs`: every pair of binary16 values for add, sub, mul and
//!   div in all five modes (2^32 pairs × 20). `URNUM_HW_OPS` (e.g. `add:n,div:u`)
//!   picks a subset and `URNUM_HW_A=lo..hi` a range of first operands, to run it
//!   in pieces; progress goes to stderr.
//! - `binary16_all_roots` / `binary32_all_roots`: every input of the square root
//!   in all five modes (`URNUM_HW_A` limits the binary32 range).
//! - `binary32_binary64_random`: `URNUM_HW_RANDOM` (default 10^8) hard-case pairs
//!   per width, operation and mode, at every instruction-set level (one thread each).

mod hw_support;

use hw_support::{levels, op_name, sweep, OPS};
use softblas::hw::{self, Isa, Op};
use softblas::scalar::i754::{Fpu, Width};
use softblas::Round;
use std::time::Instant;

fn wanted(op: &str, r: Round) -> bool {
    match std::env::var("URNUM_HW_OPS") {
        Ok(list) => list
            .split(',')
            .any(|item| item == format!("{op}:{}", r.code() as char)),
        Err(_) => true,
    }
}

fn a_range(default_hi: u64) -> (u64, u64) {
    match std::env::var("URNUM_HW_A") {
        Ok(s) => {
            let (lo, hi) = s.split_once("..").expect("URNUM_HW_A=lo..hi");
            let parse = |t: &str| {
                let t = t.trim();
                t.strip_prefix("0x")
                    .map(|h| u64::from_str_radix(h, 16).expect("hex"))
                    .unwrap_or_else(|| t.parse().expect("number"))
            };
            (parse(lo), parse(hi).min(default_hi))
        }
        Err(_) => (0, default_hi),
    }
}

/// A mismatch of a random sweep: operands, SoftFloat's bits, the kernels' bits.
type Mismatch = (u64, u64, u64, u64);

/// Threads for the long sweeps: `URNUM_HW_THREADS`, default 2.
fn threads() -> u64 {
    std::env::var("URNUM_HW_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2)
}

/// An exhaustive sweep's first operands `lo..hi` (`URNUM_HW_A`), its levels and its threads.
struct Plan {
    lo: u64,
    hi: u64,
    levels: Vec<Isa>,
    nt: u64,
}

impl Plan {
    /// The plan from the environment, the first operands up to `default_hi` by default.
    fn from_env(default_hi: u64) -> Plan {
        let (lo, hi) = a_range(default_hi);
        Plan {
            lo,
            hi,
            levels: levels(),
            nt: threads(),
        }
    }

    /// The mismatches `check` finds on the first operands cut into one piece per thread.
    fn split(&self, check: impl Fn(u64, u64) -> Vec<String> + Sync) -> Vec<String> {
        let (lo, hi) = (self.lo, self.hi);
        let step = (hi - lo).div_ceil(self.nt);
        let check = &check;
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..self.nt)
                .map(|t| s.spawn(move || check(lo + t * step, (lo + (t + 1) * step).min(hi))))
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("a sweep thread"))
                .collect()
        })
    }
}

/// Checks `op` in mode `r` for first operands `lo..hi` against every binary16
/// second operand, at every level; returns the mismatches (at most 20).
fn pairs_for(op: Op, r: Round, lo: u64, hi: u64, levels: &[Isa]) -> Vec<String> {
    let name = op_name(Some(op));
    let bs: Vec<u16> = (0..=u16::MAX).collect();
    let mut outs = vec![vec![0u16; bs.len()]; levels.len()];
    let mut want = vec![0u16; bs.len()];
    let mut bad = Vec::new();
    for a in lo..hi {
        let a = a as u16;
        let av = vec![a; bs.len()];
        for (out, &isa) in outs.iter_mut().zip(levels) {
            hw::elementwise(isa, op, r, &av, &bs, out);
        }
        Fpu::with(r, |f| {
            for (w, &b) in want.iter_mut().zip(&bs) {
                let (x, y) = (u128::from(a), u128::from(b));
                *w = match op {
                    Op::Add => f.add(Width::H, x, y),
                    Op::Sub => f.sub(Width::H, x, y),
                    Op::Mul => f.mul(Width::H, x, y),
                    Op::Div => f.div(Width::H, x, y),
                } as u16;
            }
        });
        for (out, isa) in outs.iter().zip(levels) {
            for (i, (&have, &w)) in out.iter().zip(&want).enumerate() {
                if have != w && bad.len() < 20 {
                    bad.push(format!(
                        "{name} {r:?} {isa:?} {a:#06x} {i:#06x}: softfloat {w:#06x} hw {have:#06x}"
                    ));
                }
            }
        }
    }
    bad
}

#[test]
#[ignore]
fn binary16_all_pairs() {
    let plan = Plan::from_env(1 << 16);
    let (lo, hi, levels, nt) = (plan.lo, plan.hi, &plan.levels, plan.nt);
    let mut total = 0u64;
    let mut mismatches = Vec::new();
    let start = Instant::now();
    eprintln!("binary16 pairs at levels {levels:?} on {nt} threads");
    for op in Op::ALL {
        for r in Round::ALL {
            let name = op_name(Some(op));
            if !wanted(name, r) {
                continue;
            }
            let t0 = Instant::now();
            mismatches.extend(plan.split(|a0, a1| pairs_for(op, r, a0, a1, levels)));
            total += (hi - lo) << 16;
            eprintln!(
                "{name} {r:?}: done in {:.1?} ({} mismatches so far)",
                t0.elapsed(),
                mismatches.len()
            );
        }
    }
    eprintln!(
        "binary16 pairs: {total} pairs x {} levels checked in {:.1?}, {} mismatches",
        levels.len(),
        start.elapsed(),
        mismatches.len()
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
#[ignore]
fn binary16_all_roots() {
    let xs: Vec<u16> = (0..=u16::MAX).collect();
    let mut out = vec![0u16; xs.len()];
    for r in Round::ALL {
        hw::sqrt(Isa::Avx512, r, &xs, &mut out);
        Fpu::with(r, |f| {
            for (&x, &have) in xs.iter().zip(&out) {
                assert_eq!(
                    u128::from(have),
                    f.sqt(Width::H, u128::from(x)),
                    "sqrt {r:?} {x:#06x}"
                );
            }
        });
    }
    eprintln!("binary16 roots: {} checked at {:?}", 5 * xs.len(), levels());
}

/// Checks the binary32 root in mode `r` on `lo..hi` at every level; the mismatches (at most 20).
fn roots_for(r: Round, lo: u64, hi: u64, levels: &[Isa]) -> Vec<String> {
    let mut bad = Vec::new();
    let mut base = lo;
    let mut out = vec![0u32; 1 << 16];
    let mut want = vec![0u32; 1 << 16];
    while base < hi {
        let n = (hi - base).min(1 << 16) as usize;
        let xs: Vec<u32> = (0..n as u64).map(|i| (base + i) as u32).collect();
        Fpu::with(r, |f| {
            for (w, &x) in want.iter_mut().zip(&xs) {
                *w = f.sqt(Width::S, u128::from(x)) as u32;
            }
        });
        for &isa in levels {
            hw::sqrt(isa, r, &xs, &mut out[..n]);
            for ((&x, &have), &w) in xs.iter().zip(&out).zip(&want) {
                if have != w && bad.len() < 20 {
                    bad.push(format!(
                        "sqrt {r:?} {isa:?} {x:#010x}: softfloat {w:#010x} hw {have:#010x}"
                    ));
                }
            }
        }
        base += n as u64;
    }
    bad
}

#[test]
#[ignore]
fn binary32_all_roots() {
    let plan = Plan::from_env(1 << 32);
    let (lo, hi, levels) = (plan.lo, plan.hi, &plan.levels);
    let start = Instant::now();
    let mut mismatches = Vec::new();
    for r in Round::ALL {
        if !wanted("sqrt", r) {
            continue;
        }
        let t0 = Instant::now();
        mismatches.extend(plan.split(|a0, a1| roots_for(r, a0, a1, levels)));
        eprintln!(
            "sqrt {r:?}: {lo:#x}..{hi:#x} at {levels:?} done in {:.1?}",
            t0.elapsed()
        );
    }
    eprintln!(
        "binary32 roots: done in {:.1?}, {} mismatches",
        start.elapsed(),
        mismatches.len()
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
#[ignore]
fn binary32_binary64_random() {
    let n: usize = std::env::var("URNUM_HW_RANDOM")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000_000);
    let start = Instant::now();
    let mut failures = Vec::new();
    for (i, op) in OPS.into_iter().enumerate() {
        for r in Round::ALL {
            if !wanted(op_name(op), r) {
                continue;
            }
            let t0 = Instant::now();
            let seed = 0x5eed ^ (i as u64) << 8 ^ r as u64;
            let levels = levels();
            let found: Vec<(Isa, Vec<Mismatch>)> = std::thread::scope(|s| {
                let handles: Vec<_> = levels
                    .iter()
                    .map(|&isa| {
                        s.spawn(move || {
                            let mut v = sweep::<u32>(isa, seed, n, r, op);
                            v.extend(sweep::<u64>(isa, seed, n, r, op));
                            (isa, v)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a sweep thread"))
                    .collect()
            });
            let count: usize = found.iter().map(|f| f.1.len()).sum();
            eprintln!(
                "{} {r:?}: 2x{n} pairs at {levels:?} in {:.1?}, {count} mismatches",
                op_name(op),
                t0.elapsed()
            );
            for (isa, bad) in found {
                for (a, b, want, have) in bad.into_iter().take(5) {
                    failures.push(format!(
                        "{} {r:?} {isa:?}: a={a:#x} b={b:#x} softfloat={want:#x} hw={have:#x}",
                        op_name(op)
                    ));
                }
            }
        }
    }
    eprintln!("random: done in {:.1?}", start.elapsed());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
