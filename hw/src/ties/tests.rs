//! The `%a` loops against SoftFloat, element by element and cell by cell.

use super::*;
use crate::ieee::{canon, Width};
use crate::op::Op;
use crate::test_rng::lcg;
use softcore::Round;

/// A 64-bit linear congruential generator's high bits.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = lcg(self.0);
        self.0 >> 11
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Whether this CPU runs the `%a` loops; if not, says so (the test then has nothing to run).
fn runs_here() -> bool {
    if !available() {
        eprintln!("ties: this CPU lacks AVX2, FMA or F16C; nothing to run");
    }
    available()
}

/// Bits of a value of a format with `e` exponent and `f` fraction bits:
/// exponents within `span` of the bias (subnormals, zeros, ∞ and NaNs
/// mixed in), fractions often short so that sums and products tie.
fn value(rng: &mut Rng, (e, f): (u32, u32), span: u64) -> u64 {
    let bias = (1u64 << (e - 1)) - 1;
    let top = (1u64 << e) - 1;
    let sign = rng.below(2) << (e + f);
    let exp = match rng.below(40) {
        0 => 0,
        1 => top,
        2 => 1,
        3 => top - 1,
        _ => (bias + rng.below(2 * span + 1))
            .saturating_sub(span)
            .clamp(1, top - 1),
    };
    let keep = rng.below(u64::from(f) + 1);
    let frac = (rng.next() & ((1 << f) - 1)) >> keep << keep;
    let frac = if exp == top && rng.below(2) == 0 {
        0
    } else {
        frac
    };
    sign | exp << f | frac
}

fn soft(w: Width, op: Op, a: u64, b: u64) -> u64 {
    canon(w, op.reference(w, Round::A, a.into(), b.into())) as u64
}

/// An elementwise entry of this module.
type Loop<T> = fn(&[T], &[T], &mut Slots<T>) -> bool;

fn elementwise<T: Copy + Default + Into<u64>>(
    w: Width,
    shape: (u32, u32),
    of: impl Fn(u64) -> T,
    run: [Loop<T>; 3],
) {
    let mut rng = Rng(w as u64 + 7);
    for span in [3, 12, 40, 1000] {
        let n = 1003;
        let a: Vec<T> = (0..n).map(|_| of(value(&mut rng, shape, span))).collect();
        let b: Vec<T> = (0..n).map(|_| of(value(&mut rng, shape, span))).collect();
        for (op, run) in [Op::Add, Op::Sub, Op::Mul].into_iter().zip(run) {
            let mut out = vec![T::default(); n];
            if !run(&a, &b, crate::fresh::slots(&mut out)) {
                // Only binary64 declines, and only for inexact errors.
                assert_eq!(w, Width::D, "{w:?} {op:?} declined");
                continue;
            }
            for i in 0..n {
                let (x, y) = (a[i].into(), b[i].into());
                assert_eq!(
                    out[i].into(),
                    soft(w, op, x, y),
                    "{w:?} {op:?} {x:#x} {y:#x}"
                );
            }
        }
    }
}

#[test]
fn elementwise_sums_differences_and_products_are_softfloats() {
    if !runs_here() {
        return;
    }
    elementwise::<u16>(
        Width::H,
        (5, 10),
        |v| v as u16,
        [bin16::<ADD>, bin16::<SUB>, bin16::<MUL>],
    );
    elementwise::<u32>(
        Width::S,
        (8, 23),
        |v| v as u32,
        [bin32::<ADD>, bin32::<SUB>, bin32::<MUL>],
    );
    elementwise::<u64>(
        Width::D,
        (11, 52),
        |v| v,
        [bin64::<ADD>, bin64::<SUB>, bin64::<MUL>],
    );
}

#[test]
fn binary64_ties_among_tiny_normals_and_subnormals() {
    if !runs_here() {
        return;
    }
    // Sums whose exact value needs the bit below a tiny normal's unit:
    // the tie rule must hold below 2^−969 too.
    let rows: [(u64, u64); 3] = [
        (0x8036_0000_0000_0000, 0x000b_c559_b077_2836),
        (0x0035_3812_156c_2328, 0x0001_1a84_9bb0_4fba),
        (0x0033_b5a0_ebf7_d8e0, 0x0036_868f_4bd2_bd49),
    ];
    for (a, b) in rows {
        let mut out = [0u64; 4];
        assert!(bin64::<ADD>(
            &[a; 4],
            &[b; 4],
            crate::fresh::slots(&mut out)
        ));
        assert_eq!(out, [soft(Width::D, Op::Add, a, b); 4], "{a:#x} + {b:#x}");
    }
}

#[test]
fn binary64_declines_products_whose_error_is_not_exact() {
    if !runs_here() {
        return;
    }
    let tiny = (2.0f64.powi(-500)).to_bits();
    let mut out = [0u64; 4];
    assert!(!bin64::<MUL>(
        &[tiny; 4],
        &[tiny; 4],
        crate::fresh::slots(&mut out)
    ));
    assert!(bin64::<MUL>(
        &[tiny; 4],
        &[0; 4],
        crate::fresh::slots(&mut out)
    ));
    assert_eq!(out, [0; 4]);
}

fn contraction<T: Copy + Default + Into<u64>>(
    w: Width,
    shape: (u32, u32),
    of: impl Fn(u64) -> T,
    run: fn(Dims, &[T], &[T], &mut [T]) -> bool,
) {
    let mut rng = Rng(w as u64 + 99);
    // Tame operands (the unchecked kernel), then wide ones: tiny
    // products, overflowing sums, ∞ and NaN (the checked kernel).
    for (trial, span) in [3, 3, 12, 40].into_iter().enumerate() {
        let (m, k, p) = [(37, 33, 29), (64, 40, 40), (9, 300, 13), (40, 40, 41)][trial];
        let a: Vec<T> = (0..m * k)
            .map(|_| of(value(&mut rng, shape, span)))
            .collect();
        let b: Vec<T> = (0..k * p)
            .map(|_| of(value(&mut rng, shape, span)))
            .collect();
        let (a, b): (Vec<T>, Vec<T>) = if span == 3 {
            // Normal values within 2^±3 only.
            let fix = |v: &T| {
                let x: u64 = (*v).into();
                let e = (x >> shape.1) & ((1 << shape.0) - 1);
                if e.abs_diff((1 << (shape.0 - 1)) - 1) > 3 {
                    of(x & (1 << (shape.0 + shape.1)) | (((1 << (shape.0 - 1)) - 1) << shape.1))
                } else {
                    *v
                }
            };
            (a.iter().map(fix).collect(), b.iter().map(fix).collect())
        } else {
            (a, b)
        };
        let c0: Vec<T> = (0..m * p)
            .map(|i| of(if trial == 1 { 0 } else { a[i % a.len()].into() }))
            .collect();
        let mut c = c0.clone();
        if !run((m, k, p), &a, &b, &mut c) {
            // Only binary64 declines, and only operands whose errors may be inexact.
            assert!(w == Width::D && span > 3, "{w:?} trial {trial} declined");
            continue;
        }
        for i in 0..m {
            for j in 0..p {
                let mut acc: u64 = c0[i * p + j].into();
                for kk in 0..k {
                    let prod = soft(w, Op::Mul, a[i * k + kk].into(), b[kk * p + j].into());
                    acc = soft(w, Op::Add, acc, prod);
                }
                assert_eq!(
                    c[i * p + j].into(),
                    acc,
                    "{w:?} trial {trial} cell ({i},{j})"
                );
            }
        }
    }
}

#[test]
fn contraction_cells_are_softfloats_left_fold() {
    if !runs_here() {
        return;
    }
    contraction::<u16>(Width::H, (5, 10), |v| v as u16, contract16);
    contraction::<u32>(Width::S, (8, 23), |v| v as u32, contract32);
    contraction::<u64>(Width::D, (11, 52), |v| v, contract64);
}

/// binary64 `%a` contractions whose products are never midpoints (factors of
/// 28 significant bits: products of 55 or 56, rounded) and always exact (26
/// bits), so the kernel skips the products' correction, while partial sums
/// of nearby exponents tie often; and factors of 27 bits (products of 53 or
/// 54: midpoints possible), where it must not.
#[test]
fn binary64_tie_free_products_are_softfloats() {
    if !available() {
        return;
    }
    let mut rng = Rng(0x7ee);
    let mut value = |bits: u32| {
        let m = 1u64 << (bits - 1) | rng.below(1 << (bits - 1)) | 1;
        let exp = 1023 + rng.below(7) - 3;
        rng.below(2) << 63 | exp << 52 | (m << (53 - bits)) & ((1 << 52) - 1)
    };
    for (bits, free) in [(28, true), (26, true), (27, false)] {
        let (m, k, p) = (24, 70, 20);
        let a: Vec<u64> = (0..m * k).map(|_| value(bits)).collect();
        let b: Vec<u64> = (0..k * p).map(|_| value(bits)).collect();
        assert_eq!(contract::products_tie_free(&a, &b), free, "{bits} bits");
        let mut c = vec![0u64; m * p];
        assert!(
            contract64((m, k, p), &a, &b, &mut c),
            "{bits} bits declined"
        );
        for i in 0..m {
            for j in 0..p {
                let mut acc = 0;
                for kk in 0..k {
                    let prod = soft(Width::D, Op::Mul, a[i * k + kk], b[kk * p + j]);
                    acc = soft(Width::D, Op::Add, acc, prod);
                }
                assert_eq!(c[i * p + j], acc, "{bits} bits cell ({i},{j})");
            }
        }
    }
}
