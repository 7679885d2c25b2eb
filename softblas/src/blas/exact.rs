//! Dot products and matrix products with one rounding per result, beyond SoftBLAS:
//! posits through the quire, fixed point through an exact integer sum.
//!
//! - Posits: each result is `/lib/unum`'s `+fdp` (`libmath/desk/lib/unum.hoon@96f3cfe`,
//!   [`crate::scalar::unum::fdp`]): the products enter a `16n`-bit quire exactly, in
//!   index order, and the sum is rounded once to a posit (nearest, ties to even).
//!   A NaR operand makes the result NaR. The quire wraps modulo `2^(16n)` without an
//!   overflow check, as the Hoon's does.
//! - Fixed point: each result is Lagoon's `+fixp-fdp` (`lagoon/desk/lib/lagoon.hoon@aa6f2a6`,
//!   [`crate::scalar::fixp::fdp`]): `trunc(Σ a_i·b_i / 2^b)` over the exact signed
//!   integers, then wrapped to the `a + b + 1`-bit two's complement. Order-free.
//!
//! Neither takes a rounding mode: a posit rounds to nearest, fixed point truncates.
//! Strides and layouts are those of [`super::dot`] and [`super::gemm`]; there is no
//! `α`/`β`, which would add roundings.

use super::level3::check_holds;
use super::{op_at, walk_pair, BlasError, Trans};
use crate::atom::Atom;
use crate::dtype::Prec;
use crate::scalar::{fixp, unum};
use std::fmt::Debug;

/// The bits of a posit with es = 2 (`u8` posit8 … `u128` posit128), the element of [`pdot`] and [`pgemm`].
pub trait Posit: Copy + Eq + Debug + Default + Send + Sync + 'static {
    /// The posit width.
    const W: unum::Width;
    /// The bits, in the low bits of a `u128`.
    fn bits(self) -> u128;
    /// The posit whose bits are the low bits of `b`.
    fn of_bits(b: u128) -> Self;
}

macro_rules! posit {
    ($t:ty, $w:expr) => {
        impl Posit for $t {
            const W: unum::Width = $w;
            fn bits(self) -> u128 {
                u128::from(self)
            }
            fn of_bits(b: u128) -> Self {
                b as $t
            }
        }
    };
}

posit!(u8, unum::Width::P8);
posit!(u16, unum::Width::P16);
posit!(u32, unum::Width::P32);
posit!(u64, unum::Width::P64);
posit!(u128, unum::Width::P128);

/// `Σ x_i·y_i` over posits, exact in the quire and rounded once (`+fdp` on the strided vectors).
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
pub fn pdot<P: Posit>(
    n: usize,
    x: &[P],
    incx: isize,
    y: &[P],
    incy: isize,
) -> Result<P, BlasError> {
    let (xs, ys) = gather(n, (x, incx), (y, incy))?;
    Ok(quire_dot(&xs, &ys))
}

/// `C ← op(A)·op(B)` over posits, each cell exact in the quire (`k` ascending) and rounded once.
///
/// Shapes, layouts and leading dimensions as [`super::gemm`]; [`Trans::C`] is
/// [`Trans::T`] (a posit is its own conjugate).
///
/// # Errors
/// [`BlasError::Short`] when a buffer is shorter than the positions read or written.
#[allow(clippy::too_many_arguments)]
pub fn pgemm<P: Posit>(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    a: &[P],
    lda: usize,
    b: &[P],
    ldb: usize,
    c: &mut [P],
    ldc: usize,
) -> Result<(), BlasError> {
    cells(ta, tb, (m, n, p), (a, lda), (b, ldb), (c, ldc), quire_dot)
}

/// `Σ x_i·y_i` over fixed point at precision `prec`, exact and truncated once (`+fixp-fdp`).
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
pub fn xdot(
    prec: Prec,
    n: usize,
    x: &[Atom],
    incx: isize,
    y: &[Atom],
    incy: isize,
) -> Result<Atom, BlasError> {
    let (xs, ys) = gather(n, (x, incx), (y, incy))?;
    Ok(fixp::fdp(prec, &xs, &ys))
}

/// `C ← op(A)·op(B)` over fixed point at precision `prec`, each cell exact and truncated once.
///
/// Shapes, layouts and leading dimensions as [`super::gemm`]; [`Trans::C`] is [`Trans::T`].
///
/// # Errors
/// [`BlasError::Short`] when a buffer is shorter than the positions read or written.
#[allow(clippy::too_many_arguments)]
pub fn xgemm(
    prec: Prec,
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    a: &[Atom],
    lda: usize,
    b: &[Atom],
    ldb: usize,
    c: &mut [Atom],
    ldc: usize,
) -> Result<(), BlasError> {
    let cell = |row: &[Atom], col: &[Atom]| fixp::fdp(prec, row, col);
    cells(ta, tb, (m, n, p), (a, lda), (b, ldb), (c, ldc), cell)
}

/// Sets every cell `C_{ij}` (row-major, `ldc`) to `cell(row i of op(A), column j of op(B))`.
fn cells<T: Clone>(
    ta: Trans,
    tb: Trans,
    (m, n, p): (usize, usize, usize),
    (a, lda): (&[T], usize),
    (b, ldb): (&[T], usize),
    (c, ldc): (&mut [T], usize),
    cell: impl Fn(&[T], &[T]) -> T,
) -> Result<(), BlasError> {
    let held = [(a.len(), lda), (b.len(), ldb), (c.len(), ldc)];
    check_holds(ta, tb, (m, n, p), held)?;
    for i in 0..m {
        let row: Vec<T> = (0..n).map(|k| a[op_at(ta, i, k, lda)].clone()).collect();
        for j in 0..p {
            let col: Vec<T> = (0..n).map(|k| b[op_at(tb, k, j, ldb)].clone()).collect();
            c[j + i * ldc] = cell(&row, &col);
        }
    }
    Ok(())
}

/// The `n` elements of `x` and of `y` at their signed strides ([`walk_pair`]), in order.
fn gather<T: Clone>(
    n: usize,
    (x, incx): (&[T], isize),
    (y, incy): (&[T], isize),
) -> Result<(Vec<T>, Vec<T>), BlasError> {
    let pairs = walk_pair(n, (x.len(), incx), (y.len(), incy))?;
    Ok(pairs.map(|(i, j)| (x[i].clone(), y[j].clone())).unzip())
}

/// `+fdp` of two equal-length posit vectors: the products summed exactly in the quire, rounded once.
fn quire_dot<P: Posit>(xs: &[P], ys: &[P]) -> P {
    let bits = |v: &[P]| v.iter().map(|e| e.bits()).collect::<Vec<u128>>();
    P::of_bits(unum::fdp(P::W, &bits(xs), &bits(ys)))
}
