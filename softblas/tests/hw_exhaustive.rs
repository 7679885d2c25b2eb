//! Exhaustive and long random checks of `softblas::hw` against SoftFloat,
//! all `#[ignore]`d: run with
//! `cargo test --release -p softblas --test hw_exhaustive -- --ignored --nocapture`.
//!
//! - `binary16_all_pairs`: every pair of binary16 values for add, sub, mul and
//!   div in all five modes (2^32 pairs × 20). `URNUM_HW_OPS` (e.g. `add:n,div:u`)
//!   picks a subset and `URNUM_HW_A=lo..hi` a range of first operands, to run it
//!   in pieces; progress goes to stderr.
//! - `binary16_all_roots` / `binary32_all_roots`: every input of the square root
//!   in all five modes (`URNUM_HW_A` limits the binary32 range).
//! - `binary32_binary64_random`: `URNUM_HW_RANDOM` (default 10^8) hard-case pairs
//!   per width, operation and mode.

mod hw_support;

use hw_support::{op_name, sweep, OPS};
use softblas::hw::{self, Op};
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

#[test]
#[ignore]
fn binary16_all_pairs() {
    let (lo, hi) = a_range(1 << 16);
    let bs: Vec<u16> = (0..=u16::MAX).collect();
    let mut out = vec![0u16; bs.len()];
    let mut total = 0u64;
    let mut mismatches = Vec::new();
    let start = Instant::now();
    for op in Op::ALL {
        for r in Round::ALL {
            let name = op_name(Some(op));
            if !wanted(name, r) {
                continue;
            }
            let t0 = Instant::now();
            for a in lo..hi {
                let a = a as u16;
                let av = vec![a; bs.len()];
                hw::elementwise(op, r, &av, &bs, &mut out);
                Fpu::with(r, |f| {
                    for (&b, &have) in bs.iter().zip(&out) {
                        let (x, y) = (u128::from(a), u128::from(b));
                        let want = match op {
                            Op::Add => f.add(Width::H, x, y),
                            Op::Sub => f.sub(Width::H, x, y),
                            Op::Mul => f.mul(Width::H, x, y),
                            Op::Div => f.div(Width::H, x, y),
                        };
                        if want != u128::from(have) && mismatches.len() < 20 {
                            mismatches.push(format!("{name} {r:?} {a:#06x} {b:#06x}: softfloat {want:#06x} hw {have:#06x}"));
                        }
                    }
                });
                total += bs.len() as u64;
                if a % 4096 == 4095 {
                    eprintln!("  {name} {r:?}: a up to {a:#06x}, {:.0?}", t0.elapsed());
                }
            }
            eprintln!(
                "{name} {r:?}: done in {:.1?} ({} mismatches so far)",
                t0.elapsed(),
                mismatches.len()
            );
        }
    }
    eprintln!("binary16 pairs: {total} checked in {:.1?}", start.elapsed());
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
#[ignore]
fn binary16_all_roots() {
    let xs: Vec<u16> = (0..=u16::MAX).collect();
    let mut out = vec![0u16; xs.len()];
    for r in Round::ALL {
        hw::sqrt(r, &xs, &mut out);
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
    eprintln!("binary16 roots: {} checked", 5 * xs.len());
}

#[test]
#[ignore]
fn binary32_all_roots() {
    let (lo, hi) = a_range(1 << 32);
    let start = Instant::now();
    let mut total = 0u64;
    for r in Round::ALL {
        if !wanted("sqrt", r) {
            continue;
        }
        let t0 = Instant::now();
        let mut base = lo;
        let mut out = vec![0u32; 1 << 16];
        while base < hi {
            let n = (hi - base).min(1 << 16) as usize;
            let xs: Vec<u32> = (0..n as u64).map(|i| (base + i) as u32).collect();
            hw::sqrt(r, &xs, &mut out[..n]);
            Fpu::with(r, |f| {
                for (&x, &have) in xs.iter().zip(&out) {
                    assert_eq!(
                        u128::from(have),
                        f.sqt(Width::S, u128::from(x)),
                        "sqrt {r:?} {x:#010x}"
                    );
                }
            });
            base += n as u64;
            total += n as u64;
            if base % (1 << 28) == 0 {
                eprintln!("  sqrt {r:?}: up to {base:#x}, {:.0?}", t0.elapsed());
            }
        }
        eprintln!(
            "sqrt {r:?}: {:#x}..{hi:#x} done in {:.1?}",
            lo,
            t0.elapsed()
        );
    }
    eprintln!("binary32 roots: {total} checked in {:.1?}", start.elapsed());
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
            let b32 = sweep::<u32>(seed, n, r, op);
            let b64 = sweep::<u64>(seed, n, r, op);
            eprintln!(
                "{} {r:?}: 2×{n} pairs in {:.1?}, {} + {} mismatches",
                op_name(op),
                t0.elapsed(),
                b32.len(),
                b64.len()
            );
            for (a, b, want, have) in b32.into_iter().chain(b64).take(5) {
                failures.push(format!(
                    "{} {r:?}: a={a:#x} b={b:#x} softfloat={want:#x} hw={have:#x}",
                    op_name(op)
                ));
            }
        }
    }
    eprintln!("random: done in {:.1?}", start.elapsed());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
