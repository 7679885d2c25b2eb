//! Property tests: the SoftBLAS routines on the kernel layer equal their
//! SoftFloat loops bit for bit, at every width and in every rounding mode,
//! over long vectors whose sums walk, grow, stagnate, tie, overflow and
//! cancel, with NaN, ±∞, ±0 and subnormal elements, at the strides each
//! routine takes (0 and negative included where it takes them).
//!
//! The SoftFloat side is each routine's order as its doc comment states,
//! written here once more over the soft core (`softblas::ieee::soft`, which
//! never runs on the hardware); `blas_oracle.rs` checks the same orders
//! against MPFR on short vectors. Case counts come from `PROPTEST_CASES`;
//! each case runs all 4 widths × 5 modes.

mod i754_support;

use i754_support::{value, Rng};
use proptest::prelude::*;
use softblas::blas;
use softblas::exec::fast::kernels;
use softblas::ieee::{self, soft, Width};
use softblas::{Round, Word};

/// The bits with sign `neg`, exponent field `field` and fraction `frac` at width `w`.
fn pack(w: Width, neg: bool, field: u128, frac: u128) -> u128 {
    let s = if neg { w.sign_bit() } else { 0 };
    s | field << w.frac_bits() | (frac & ((1 << w.frac_bits()) - 1))
}

/// A fraction field, often with only its top few bits set (short significands tie).
fn fraction(w: Width, rng: &mut Rng) -> u128 {
    let f = rng.next128() & ((1 << w.frac_bits()) - 1);
    match rng.below(3) {
        0 => f & !((1u128 << (w.frac_bits() - rng.below(4) as u32)) - 1),
        _ => f,
    }
}

/// One element of a sum of style `style`: hard values (0), a signed walk
/// near 1 (1), positive values that grow and stagnate the sum (2), short
/// significands in a narrow band, ties against the sum's grid (3), values of
/// the largest binades that overflow, with either sign (4), the subnormals
/// and smallest normals with either sign, which cancel to exact zeros (5).
fn element(w: Width, rng: &mut Rng, style: u64) -> u128 {
    let bias = u128::from(w.bias());
    let top = (1u128 << w.exp_bits()) - 2;
    let neg = rng.below(2) == 1;
    match style {
        0 => value(w, rng),
        1 => pack(w, neg, bias + rng.below(7) as u128 - 3, fraction(w, rng)),
        2 => pack(w, false, bias + rng.below(11) as u128 - 6, fraction(w, rng)),
        3 => {
            let f = rng.next128() & ((1 << w.frac_bits()) - 1);
            let keep = rng.below(3) as u32;
            let f = f & !((1u128 << (w.frac_bits() - keep)) - 1);
            pack(w, neg && rng.below(4) == 0, bias + rng.below(3) as u128, f)
        }
        4 => pack(
            w,
            neg && rng.below(8) == 0,
            top - rng.below(3) as u128,
            fraction(w, rng),
        ),
        _ => pack(w, neg, rng.below(3) as u128, fraction(w, rng)),
    }
}

/// `n` elements in runs of one style each (the sums change regime midway).
fn elements(w: Width, rng: &mut Rng, n: usize) -> Vec<u128> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let (style, run) = (rng.below(6), 1 + rng.below(600) as usize);
        for _ in 0..run.min(n - out.len()) {
            out.push(element(w, rng, style));
        }
    }
    out
}

/// A length: short, around the kernels' blocks, or long.
fn length(rng: &mut Rng) -> usize {
    match rng.below(3) {
        0 => rng.below(20) as usize,
        1 => 56 + rng.below(300) as usize,
        _ => rng.below(3000) as usize,
    }
}

/// Position of element `i` of `n` at signed stride `inc` (BLAS: negative from the end).
fn pos(n: usize, inc: isize, i: usize) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs()
    }
}

/// The elements at positions `at` of `v`, as `T`.
fn words<T: Word>(v: &[u128]) -> Vec<T> {
    v.iter().map(|&b| T::of_bits(b)).collect()
}

/// A buffer holding `n` elements at stride `|inc|`, from [`elements`].
fn strided(w: Width, rng: &mut Rng, n: usize, inc: isize) -> Vec<u128> {
    let len = if n == 0 {
        0
    } else {
        (n - 1) * inc.unsigned_abs() + 1
    };
    elements(w, rng, len)
}

/// Runs `$body` with `$T` the element type of width `$w`.
macro_rules! by_width {
    ($w:expr, $T:ident => $body:expr) => {
        match $w {
            Width::H => {
                type $T = u16;
                $body
            }
            Width::S => {
                type $T = u32;
                $body
            }
            Width::D => {
                type $T = u64;
                $body
            }
            Width::Q => {
                type $T = u128;
                $body
            }
        }
    };
}

/// The left fold by addition from `seed` over the kernel layer ([`kernels::sum_left`])
/// against the soft core's fold.
fn check_sum(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let n = length(&mut rng);
            let v = elements(w, &mut rng, n);
            let s = if rng.below(2) == 0 {
                0
            } else {
                value(w, &mut rng)
            };
            let want = v.iter().fold(s, |acc, &x| soft::add(w, r, acc, x));
            let want = if n == 0 { s } else { want };
            let got =
                by_width!(w, T => kernels::sum_left::<T>(r, T::of_bits(s), &words::<T>(&v)).bits());
            assert_eq!(got, want, "sum {w:?} {r:?} n={n} seed={s:#x} v={v:x?}");
        }
    }
}

/// `?dot` (signed strides, 0 included) and `?asum` (unsigned strides, 0
/// included) against their SoftFloat loops.
fn check_dot_asum(seed: u64) {
    let mut rng = Rng(seed);
    for w in Width::ALL {
        for r in Round::ALL {
            let n = length(&mut rng);
            let incs = [1, 1, 2, -1, -3, 0];
            let incx = incs[rng.below(incs.len() as u64) as usize];
            let incy = incs[rng.below(incs.len() as u64) as usize];
            let (x, y) = (strided(w, &mut rng, n, incx), strided(w, &mut rng, n, incy));
            let want = (0..n).fold(0, |acc, i| {
                let p = soft::mul(w, r, x[pos(n, incx, i)], y[pos(n, incy, i)]);
                soft::add(w, r, acc, p)
            });
            let want = ieee::canon(w, want);
            let got = by_width!(w, T => {
                let (xs, ys) = (words::<T>(&x), words::<T>(&y));
                blas::dot(n, &xs, incx, &ys, incy, r).expect("in bounds").bits()
            });
            assert_eq!(got, want, "dot {w:?} {r:?} n={n} incx={incx} incy={incy}");
            let inc = incx.unsigned_abs();
            let want = if n == 0 || inc == 0 {
                0
            } else {
                let sum = (0..n).fold(0, |acc, i| soft::add(w, r, acc, x[i * inc] & !w.sign_bit()));
                ieee::canon(w, sum)
            };
            let got = by_width!(w, T => {
                blas::asum(n, &words::<T>(&x), inc, r).expect("in bounds").bits()
            });
            assert_eq!(got, want, "asum {w:?} {r:?} n={n} inc={inc} x={x:x?}");
        }
    }
}

proptest! {
    #[test]
    fn sum_left_equals_the_softfloat_fold(seed in any::<u64>()) { check_sum(seed) }

    #[test]
    fn dot_and_asum_equal_their_softfloat_loops(seed in any::<u64>()) { check_dot_asum(seed) }
}
