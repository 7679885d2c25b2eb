//! The hardware kernels (`softblas::hw`) against SoftFloat: a table of rows
//! that pin the delicate cases, then ~10^5 hard-case operand pairs per width,
//! operation and mode (`URNUM_HW_CASES` overrides the count), and the folds and
//! the contraction against SoftFloat loops in the same order; each at every
//! instruction-set level of the loops this CPU runs (portable, AVX2+FMA, AVX-512).

mod hw_support;

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

/// One row: width, operation (None = sqrt), operands, and why the row is here.
type Row = (Width, Option<Op>, u64, u64, &'static str);

const ROWS: &[Row] = &[
    (
        Width::H,
        Some(Op::Div),
        0x0005,
        0x4000,
        "5·2^-24 / 2: a subnormal tie (N goes down to 2, A up to 3)",
    ),
    (
        Width::H,
        Some(Op::Div),
        0x8001,
        0x4000,
        "-2^-24 / 2: a tie between -0 and the least subnormal",
    ),
    (
        Width::H,
        Some(Op::Div),
        0x07ff,
        0x4000,
        "2047·2^-24 / 2: a tie between the greatest subnormal and the least normal",
    ),
    (
        Width::S,
        Some(Op::Div),
        0x0000_0005,
        0x4000_0000,
        "5·2^-149 / 2: a subnormal tie",
    ),
    (
        Width::S,
        Some(Op::Div),
        0x0000_0001,
        0xc000_0000,
        "2^-149 / -2: a tie between -0 and the least subnormal",
    ),
    (
        Width::D,
        Some(Op::Div),
        0x0000_0000_0000_0005,
        0x4000_0000_0000_0000,
        "5·2^-1074 / 2: a subnormal tie",
    ),
    (
        Width::D,
        Some(Op::Div),
        0x000f_ffff_ffff_ffff,
        0x4000_0000_0000_0000,
        "the greatest subnormal / 2: a tie in the last place",
    ),
    (
        Width::S,
        Some(Op::Add),
        0x3f80_0000,
        0x3380_0000,
        "1 + 2^-24: a tie (A and U go up)",
    ),
    (
        Width::S,
        Some(Op::Add),
        0xbf80_0000,
        0xb380_0000,
        "-1 - 2^-24: negative tie",
    ),
    (
        Width::S,
        Some(Op::Add),
        0x3f80_0000,
        0x3300_0000,
        "1 + 2^-25: below the tie",
    ),
    (
        Width::S,
        Some(Op::Add),
        0x3f80_0000,
        0xbf80_0000,
        "1 - 1: exact zero, -0 in %d",
    ),
    (
        Width::S,
        Some(Op::Add),
        0x0000_0000,
        0x8000_0000,
        "+0 + -0: -0 in %d only",
    ),
    (
        Width::S,
        Some(Op::Sub),
        0x0000_0000,
        0x0000_0000,
        "+0 - +0: -0 in %d only",
    ),
    (
        Width::S,
        Some(Op::Add),
        0x8000_0000,
        0x8000_0000,
        "-0 + -0 = -0 in every mode",
    ),
    (
        Width::S,
        Some(Op::Add),
        0x7f7f_ffff,
        0x7f7f_ffff,
        "max + max: overflow, saturates in U(-)/D(+)/Z",
    ),
    (
        Width::S,
        Some(Op::Add),
        0x7f7f_ffff,
        0x7300_0000,
        "max + half ulp: tie at the overflow threshold",
    ),
    (
        Width::S,
        Some(Op::Add),
        0x7f7f_ffff,
        0x72ff_ffff,
        "max + just under half ulp: stays max in N",
    ),
    (
        Width::S,
        Some(Op::Mul),
        0x0000_0001,
        0x3f00_0000,
        "minsub * 0.5: tie between 0 and minsub",
    ),
    (
        Width::S,
        Some(Op::Mul),
        0x0000_0003,
        0x3f00_0000,
        "3·minsub * 0.5: tie, even is 2",
    ),
    (
        Width::S,
        Some(Op::Mul),
        0x8000_0001,
        0x3e80_0000,
        "-minsub * 0.25: underflow to -0, -minsub in D",
    ),
    (
        Width::S,
        Some(Op::Div),
        0x0000_0001,
        0x4000_0000,
        "minsub / 2: subnormal tie",
    ),
    (
        Width::S,
        Some(Op::Div),
        0x3f80_0000,
        0x4040_0000,
        "1/3: inexact, never a tie",
    ),
    (
        Width::S,
        Some(Op::Div),
        0x3f80_0000,
        0x0000_0000,
        "1/+0 = +inf in every mode",
    ),
    (
        Width::S,
        Some(Op::Div),
        0x3f80_0000,
        0x8000_0000,
        "1/-0 = -inf",
    ),
    (
        Width::S,
        Some(Op::Div),
        0x7f7f_ffff,
        0x3e80_0000,
        "max / 0.25: overflow",
    ),
    (
        Width::S,
        Some(Op::Mul),
        0x7fc0_0001,
        0x3f80_0000,
        "NaN payload becomes canonical",
    ),
    (
        Width::S,
        Some(Op::Mul),
        0xff80_0001,
        0x3f80_0000,
        "signalling NaN becomes canonical",
    ),
    (
        Width::S,
        Some(Op::Mul),
        0x7f80_0000,
        0x0000_0000,
        "inf * 0: canonical NaN",
    ),
    (Width::S, None, 0x4000_0000, 0, "sqrt 2: inexact"),
    (Width::S, None, 0x8000_0000, 0, "sqrt -0 = -0"),
    (Width::S, None, 0xbf80_0000, 0, "sqrt -1: canonical NaN"),
    (Width::S, None, 0x0000_0001, 0, "sqrt minsub"),
    (
        Width::D,
        Some(Op::Add),
        0x3ff0_0000_0000_0000,
        0x3ca0_0000_0000_0000,
        "1 + 2^-53: tie",
    ),
    (
        Width::D,
        Some(Op::Add),
        0x7fef_ffff_ffff_ffff,
        0x7c90_0000_0000_0000,
        "max + half ulp: overflow tie",
    ),
    (
        Width::D,
        Some(Op::Add),
        0x7fef_ffff_ffff_ffff,
        0x7c8f_ffff_ffff_ffff,
        "max + under half ulp",
    ),
    (
        Width::D,
        Some(Op::Add),
        0xffef_ffff_ffff_ffff,
        0xffef_ffff_ffff_ffff,
        "-max - max: TwoSum overflows, SoftFloat",
    ),
    (
        Width::D,
        Some(Op::Mul),
        0x0000_0000_0000_0001,
        0x3fe0_0000_0000_0000,
        "minsub * 0.5: SoftFloat fallback, tie",
    ),
    (
        Width::D,
        Some(Op::Mul),
        0x3ff0_0000_0000_0001,
        0x3ff0_0000_0000_0001,
        "(1+u)^2: error 2^-104 decides U",
    ),
    (
        Width::D,
        Some(Op::Mul),
        0x1000_0000_0000_0001,
        0x2000_0000_0000_0001,
        "product error near the exactness bound",
    ),
    (
        Width::D,
        Some(Op::Mul),
        0x7fe0_0000_0000_0000,
        0x4000_0000_0000_0000,
        "2^1023 * 2: overflow",
    ),
    (
        Width::D,
        Some(Op::Div),
        0x3ff0_0000_0000_0000,
        0x4008_0000_0000_0000,
        "1/3",
    ),
    (
        Width::D,
        Some(Op::Div),
        0x0010_0000_0000_0000,
        0x4000_0000_0000_0000,
        "min normal / 2: subnormal, exact",
    ),
    (
        Width::D,
        Some(Op::Div),
        0x0000_0000_0000_0003,
        0x4000_0000_0000_0000,
        "3·minsub / 2: subnormal tie",
    ),
    (
        Width::D,
        Some(Op::Div),
        0x8000_0000_0000_0000,
        0x4000_0000_0000_0000,
        "-0 / 2 = -0",
    ),
    (Width::D, None, 0x4000_0000_0000_0000, 0, "sqrt 2"),
    (
        Width::D,
        None,
        0x0000_0000_0000_0002,
        0,
        "sqrt of a subnormal: SoftFloat fallback",
    ),
    (Width::D, None, 0x7ff0_0000_0000_0000, 0, "sqrt +inf"),
    (Width::H, Some(Op::Add), 0x3c00, 0x1000, "1 + 2^-11: tie"),
    (
        Width::H,
        Some(Op::Add),
        0x7bff,
        0x5000,
        "max + half ulp (32): overflow tie",
    ),
    (
        Width::H,
        Some(Op::Mul),
        0x0001,
        0x3800,
        "minsub * 0.5: tie to 0 / minsub",
    ),
    (Width::H, Some(Op::Div), 0x3c00, 0x4200, "1/3"),
    (Width::H, Some(Op::Div), 0x0001, 0x4000, "minsub/2: tie"),
    (Width::H, None, 0x0001, 0, "sqrt minsub = 2^-12"),
];

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
    // Then shapes the packed contraction takes (`m·k·p ≥ 2^15`, `m ≥ 6`):
    // edge tiles in both directions, `k` across blocks of 256, `m` across
    // blocks of 72 rows, `p` across blocks of 512 and 1024 columns; and the
    // same for AVX-512's tiles (8 rows by 32 or 16 columns, `k` in blocks
    // of 128 at binary64, blocks of 96 rows).
    for trial in 0..21 {
        let (m, k, p) = match trial {
            18 => (9, 70, 70),
            19 => (100, 260, 40),
            20 => (8, 5, 1100),
            12 => (3, 300, 75),
            13 => (2, 131, 130),
            14 => (7, 300, 75),
            15 => (75, 40, 19),
            16 => (13, 530, 33),
            17 => (6, 6, 1100),
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
