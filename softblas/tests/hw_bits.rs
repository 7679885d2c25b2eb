//! The hardware kernels (`softblas::hw`) against SoftFloat: a table of rows
//! that pin the delicate cases, then ~10^5 hard-case operand pairs per width,
//! operation and mode (`URNUM_HW_CASES` overrides the count), and the folds and
//! the contraction against SoftFloat loops in the same order; each at every
//! instruction-set level of the loops this CPU runs (portable, AVX2+FMA, AVX-512).

mod hw_rows;
mod hw_support;

use hw_rows::ROWS;
use hw_support::{levels, op_name, reference, sweep, Fmt, Rng, OPS};
use softblas::hw::{self, Isa, Op};
use softblas::scalar::i754::{self, Width};
use softblas::Round;
use softblas::Word;

fn cases() -> usize {
    std::env::var("URNUM_HW_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000)
}

fn check_width<T: Word>(seed: u64) {
    let n = cases();
    let mut failures = Vec::new();
    for isa in levels() {
        for (i, op) in OPS.into_iter().enumerate() {
            for r in Round::ALL {
                let bad = { sweep::<T>(isa, seed ^ (i as u64) << 8 ^ r as u64, n, r, op) };
                for (a, b, want, have) in bad.into_iter().take(3) {
                    failures.push(format!(
                        "{:?} {} {r:?} {isa:?}: a={a:#x} b={b:#x} softfloat={want:#x} hw={have:#x}",
                        T::W,
                        op_name(op)
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn binary16_hard_cases_match_softfloat() {
    check_width::<u16>(0x16);
}

#[test]
fn binary32_hard_cases_match_softfloat() {
    check_width::<u32>(0x32);
}

#[test]
fn binary64_hard_cases_match_softfloat() {
    check_width::<u64>(0x64);
}

/// Every binary16 dividend over divisors whose quotients land on subnormal
/// midpoints (small powers of two and odd multiples of them), `%a` and `%n`,
/// at every level: the `%a` division reuses the `%n` loops above the least
/// normal magnitude and `%a`'s element rule at or below it.
#[test]
fn binary16_division_ties_away_at_every_dividend() {
    let divisors: [u16; 12] = [
        0x4000, 0xc000, 0x4200, 0x3800, 0x4400, 0x4800, 0x3e00, 0x4700, 0x0001, 0x03ff, 0x7bff,
        0x3c01,
    ];
    let a: Vec<u16> = (0..=u16::MAX).collect();
    let mut failures = Vec::new();
    for isa in levels() {
        for r in [Round::A, Round::N] {
            for &d in &divisors {
                let b = vec![d; a.len()];
                let have = hw_support::hardware::<u16>(isa, r, Some(Op::Div), &a, &b);
                for (&x, &h) in a.iter().zip(&have) {
                    let want = reference(Width::H, r, Some(Op::Div), u64::from(x), u64::from(d));
                    if u64::from(h) != want && failures.len() < 8 {
                        failures.push(format!(
                            "{isa:?} {r:?} {x:#06x} / {d:#06x}: softfloat {want:#06x}, hw {h:#06x}"
                        ));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn table_rows_match_softfloat_in_every_mode() {
    let mut failures = Vec::new();
    for &(w, op, a, b, why) in ROWS {
        for (isa, r) in levels()
            .into_iter()
            .flat_map(|i| Round::ALL.map(|r| (i, r)))
        {
            let want = reference(w, r, op, a, b);
            let have = match w {
                Width::H => {
                    hw_support::hardware::<u16>(isa, r, op, &[a as u16], &[b as u16])[0].bits()
                }
                Width::S => {
                    hw_support::hardware::<u32>(isa, r, op, &[a as u32], &[b as u32])[0].bits()
                }
                _ => hw_support::hardware::<u64>(isa, r, op, &[a], &[b])[0].bits(),
            } as u64;
            if want != have {
                failures.push(format!(
                    "{w:?} {} {r:?} {a:#x} {b:#x} ({why}): softfloat {want:#x}, hw {have:#x}",
                    op_name(op)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// SoftFloat's fold, step by step in the requested order.
fn soft_fold(w: Width, op: Op, r: Round, right: bool, seed: u64, rest: &[u64]) -> u64 {
    let step = |a: u64, b: u64| op.reference(w, r, u128::from(a), u128::from(b)) as u64;
    if right {
        rest.iter().rev().fold(seed, |acc, &x| step(x, acc))
    } else {
        rest.iter().fold(seed, |acc, &x| step(acc, x))
    }
}

fn values<T: Word>(rng: &mut Rng, n: usize) -> Vec<T> {
    let f = Fmt::of(T::W);
    (0..n)
        .map(|_| {
            let (a, b) = hw_support::pair(rng, f, Some(Op::Add));
            // Mostly moderate values so that folds do not saturate at once.
            let v = if rng.below(8) == 0 {
                a
            } else {
                f.make(rng.below(2) == 1, f.bias() + rng.range(-8, 8), b)
            };
            T::of_bits(u128::from(v))
        })
        .collect()
}

/// Runs `$check::<u16>`, `::<u32>` and `::<u64>` (seeds `$seed`, `$seed + 1`, `$seed + 2`) at
/// every instruction-set level.
macro_rules! every_level_and_width {
    ($check:ident, $seed:expr) => {
        for isa in levels() {
            {
                $check::<u16>(isa, $seed);
                $check::<u32>(isa, $seed + 1);
                $check::<u64>(isa, $seed + 2);
            };
        }
    };
}

fn folds<T: Word>(isa: Isa, seed: u64) {
    let mut rng = Rng(seed);
    for trial in 0..40 {
        let n = rng.below(200) as usize;
        let xs: Vec<T> = values(&mut rng, n);
        let raw: Vec<u64> = xs.iter().map(|x| x.bits() as u64).collect();
        for op in Op::ALL {
            for r in Round::ALL {
                for right in [false, true] {
                    let have = hw::fold(isa, op, r, right, T::default(), &xs).bits() as u64;
                    let want = soft_fold(T::W, op, r, right, 0, &raw);
                    assert_eq!(
                        have,
                        want,
                        "{:?} trial {trial} {op:?} {r:?} right={right}",
                        T::W
                    );
                }
            }
        }
    }
}

#[test]
fn folds_match_softfloat_in_order() {
    every_level_and_width!(folds, 1);
}

/// `%a` folds whose steps tie (`2^p + 1` and the like, where `%n` and `%a`
/// part), in chunks of the checked fold's length and across them, each
/// direction, every operation, at every level: binary32 and binary64.
#[test]
fn away_folds_with_ties_match_softfloat() {
    let mut rng = Rng(0xa4a7);
    for isa in levels() {
        for (w, big) in [
            (Width::S, 0x4b80_0000u64),
            (Width::D, 0x4340_0000_0000_0000),
        ] {
            // `big` is 2^24 (2^53): adding one is a tie there, as is ±1 around it.
            let one = if w == Width::S {
                0x3f80_0000u64
            } else {
                0x3ff0_0000_0000_0000
            };
            let minus = one | 1 << (w.bits() - 1);
            for n in [5usize, 127, 128, 129, 300] {
                let mut xs = vec![one; n];
                for x in xs.iter_mut() {
                    *x = [one, minus, big, one][rng.below(4) as usize];
                }
                xs[n / 2] = big;
                for op in [Op::Add, Op::Sub, Op::Mul] {
                    for right in [false, true] {
                        let seed = if op == Op::Mul { one } else { 0 };
                        let want = soft_fold(w, op, Round::A, right, seed, &xs);
                        let have = match w {
                            Width::S => {
                                let v: Vec<u32> = xs.iter().map(|&x| x as u32).collect();
                                u64::from(hw::fold(isa, op, Round::A, right, seed as u32, &v))
                            }
                            _ => hw::fold(isa, op, Round::A, right, seed, &xs),
                        };
                        assert_eq!(have, want, "{isa:?} {w:?} n={n} {op:?} right={right}");
                    }
                }
            }
        }
    }
}

/// binary16 sums long enough for the grid fold in every mode (and across
/// the right fold's stack blocks of 256), both directions, at every level.
#[test]
fn long_binary16_sums_match_softfloat_in_order() {
    let mut rng = Rng(0x5016);
    for isa in levels() {
        for n in [256usize, 257, 700, 1500] {
            let xs: Vec<u16> = values(&mut rng, n);
            let raw: Vec<u64> = xs.iter().map(|&x| u64::from(x)).collect();
            for r in Round::ALL {
                for right in [false, true] {
                    let have = u64::from(hw::fold(isa, Op::Add, r, right, 0u16, &xs));
                    let want = soft_fold(Width::H, Op::Add, r, right, 0, &raw);
                    assert_eq!(have, want, "{isa:?} n={n} {r:?} right={right}");
                }
            }
        }
    }
}

fn contracts<T: Word>(isa: Isa, seed: u64) {
    let mut rng = Rng(seed);
    // Random small shapes, then two wide ones: whole blocks of four vectors
    // (up to 64 lanes) beside a padded tail, and a `k` past the kernels'
    // stack copy of the tail columns (4096 elements: 64 rows of 64 lanes).
    // Then shapes the packed contraction takes (`m·k·p > 2^18`, `m ≥ 6`):
    // edge tiles in both directions, `k` across blocks of 256, `m` across
    // blocks of 72 rows, `p` across blocks of 512 and 1024 columns; and the
    // same for AVX-512's tiles (8 rows by 32 or 16 columns, `k` in blocks
    // of 128 at binary64, blocks of 96 rows).
    for trial in 0..21 {
        let (m, k, p) = match trial {
            18 => (9, 420, 70),
            19 => (100, 260, 40),
            20 => (8, 30, 1100),
            12 => (3, 300, 75),
            13 => (2, 131, 130),
            14 => (7, 500, 75),
            15 => (75, 190, 19),
            16 => (13, 620, 33),
            17 => (6, 40, 1100),
            _ => (
                rng.below(6) as usize,
                rng.below(40) as usize,
                rng.below(37) as usize,
            ),
        };
        let a: Vec<T> = values(&mut rng, m * k);
        let b: Vec<T> = values(&mut rng, k * p);
        for r in Round::ALL {
            let c = hw::contract(isa, r, (m, k, p), &a, &b);
            i754::Fpu::with(r, |f| {
                for i in 0..m {
                    for j in 0..p {
                        let mut acc = 0u128;
                        for kk in 0..k {
                            let prod = f.mul(T::W, a[i * k + kk].bits(), b[kk * p + j].bits());
                            acc = f.add(T::W, acc, prod);
                        }
                        assert_eq!(
                            c[i * p + j].bits(),
                            acc,
                            "{:?} trial {trial} {r:?} cell ({i},{j})",
                            T::W
                        );
                    }
                }
            });
        }
    }
}

#[test]
fn contraction_matches_softfloat_cell_by_cell() {
    every_level_and_width!(contracts, 4);
}
