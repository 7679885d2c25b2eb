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

use super::level2::last_index;
use super::{holds, walk, BlasError, Trans};
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
    let xs: Vec<u128> = walk(n, incx, x.len(), "x")?.map(|i| x[i].bits()).collect();
    let ys: Vec<u128> = walk(n, incy, y.len(), "y")?.map(|i| y[i].bits()).collect();
    Ok(P::of_bits(unum::fdp(P::W, &xs, &ys)))
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
    cells(
        ta,
        tb,
        (m, n, p),
        (a, lda),
        (b, ldb),
        (c, ldc),
        |row, col| {
            let xs: Vec<u128> = row.iter().map(|v| v.bits()).collect();
            let ys: Vec<u128> = col.iter().map(|v| v.bits()).collect();
            P::of_bits(unum::fdp(P::W, &xs, &ys))
        },
    )
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
    let xs: Vec<Atom> = walk(n, incx, x.len(), "x")?.map(|i| x[i].clone()).collect();
    let ys: Vec<Atom> = walk(n, incy, y.len(), "y")?.map(|i| y[i].clone()).collect();
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
    cells(
        ta,
        tb,
        (m, n, p),
        (a, lda),
        (b, ldb),
        (c, ldc),
        |row, col| fixp::fdp(prec, row, col),
    )
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
    if m > 0 && n > 0 {
        holds(a.len(), last_index(m, n, lda, ta == Trans::N)? + 1, "a")?;
    }
    if n > 0 && p > 0 {
        holds(b.len(), last_index(n, p, ldb, tb == Trans::N)? + 1, "b")?;
    }
    if m > 0 && p > 0 {
        holds(c.len(), last_index(m, p, ldc, true)? + 1, "c")?;
    }
    for i in 0..m {
        let row: Vec<T> = (0..n)
            .map(|k| {
                a[if ta == Trans::N {
                    k + i * lda
                } else {
                    i + k * lda
                }]
                .clone()
            })
            .collect();
        for j in 0..p {
            let col: Vec<T> = (0..n)
                .map(|k| {
                    b[if tb == Trans::N {
                        j + k * ldb
                    } else {
                        k + j * ldb
                    }]
                    .clone()
                })
                .collect();
            c[j + i * ldc] = cell(&row, &col);
        }
    }
    Ok(())
}
