//! BLAS level 1 routines SoftBLAS has for complex vectors only.
//!
//! Ports `urbit/SoftBLAS@baeb8db` `src/blas/level1/{c,z,i,v}dotc.c`,
//! `{cs,zd,ih,vq}rot.c`, `{sc,dz,hi,qv}asum.c`, `{sc,dz,hi,qv}nrm2.c` and
//! `i{c,z,i,v}amax.c`. The routines generic over real and complex elements
//! (`axpy copy dotu scal swap`) are in `level1`.

use super::level1::rotate;
use super::run;
use super::{first_max, reads_nothing, unify, walk_pair, walk_u, BlasError};
use super::{Complex, Word};
use crate::policy::Policy;
use crate::round::Round;

/// `Σ conj(x_i)·y_i` (`?dotc`): a left fold in index order from `0 + 0i`,
/// `acc = acc + conj(x_i)·y_i`, where `conj` flips the sign bit of the
/// imaginary part (no rounding) and the complex product and sum round each
/// component operation in `r`; the result is NaN-unified at the end (either
/// component NaN makes both the canonical NaN).
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
pub fn dotc<T: Word>(
    n: usize,
    x: &[Complex<T>],
    incx: isize,
    y: &[Complex<T>],
    incy: isize,
    pol: Policy,
    r: Round,
) -> Result<Complex<T>, BlasError> {
    let pairs = walk_pair(n, (x.len(), incx), (y.len(), incy))?;
    Ok(run::dot((x, y), n, (incx, incy), pairs, true, pol, r))
}

/// `Σ (|re x_i| + |im x_i|)` (`scasum`, `dzasum`, `hiasum`, `qvasum`): for each
/// element in order, `acc = acc + (abs(re) + abs(im))` from `+0`, each sum
/// rounded in `r`, `abs` a sign-bit clear; NaN-unified at the end.
///
/// `incx = 0` or an overflowing stride give `+0` without reading.
///
/// # Errors
/// [`BlasError::Short`] when `x` is shorter than the stride walk.
pub fn casum<T: Word>(
    n: usize,
    x: &[Complex<T>],
    incx: usize,
    pol: Policy,
    r: Round,
) -> Result<T, BlasError> {
    if reads_nothing(n, incx) {
        return Ok(T::default());
    }
    let (re, im): (Vec<T>, Vec<T>) = walk_u(n, incx, x.len(), "x")?
        .map(|i| (x[i].re, x[i].im))
        .unzip();
    Ok(run::casum(&re, &im, pol, r))
}

/// `‖x‖₂` of a complex vector (`scnrm2`, `dznrm2`, `hinrm2`, `qvnrm2`) by a running
/// scale over the `2n` components `re_0, im_0, re_1, …` in that order.
///
/// `n = 0`, `incx = 0` or an overflowing stride give `+0`. From `scale = +0`,
/// `ssq = 1`, for each component `v` with `ne(v, 0)` (true for NaN): `a = abs(v)`;
/// if `scale < a`: `q = scale/a`, `ssq = 1 + ssq·(q·q)`, `scale = a`; else
/// `q = a/scale`, `ssq = ssq + q·q`. The result is `unify(scale·√ssq)`; every
/// operation rounds in `r`. (The real `?nrm2` squares before dividing; this one
/// divides first, as SoftBLAS's complex norms do.)
///
/// # Errors
/// [`BlasError::Short`] when `x` is shorter than the stride walk.
pub fn cnrm2<T: Word>(
    n: usize,
    x: &[Complex<T>],
    incx: usize,
    pol: Policy,
    r: Round,
) -> Result<T, BlasError> {
    if reads_nothing(n, incx) {
        return Ok(T::default());
    }
    let v: Vec<T> = walk_u(n, incx, x.len(), "x")?
        .flat_map(|i| [x[i].re, x[i].im])
        .collect();
    Ok(unify(run::norm(&v, true, pol, r)))
}

/// A plane rotation of complex vectors with complex `c` and `s` (`csrot`, `zdrot`,
/// `ihrot`, `vqrot`, which SoftBLAS defines with complex coefficients): for each
/// `i` in order, `t = c·x_i + s·y_i`, `y_i = unify(c·y_i − s·x_i)`,
/// `x_i = unify(t)`, complex products and sums rounded per component in `r`.
/// Strides are signed (negative walks from the end).
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
#[allow(clippy::too_many_arguments)]
pub fn crot<T: Word>(
    n: usize,
    x: &mut [Complex<T>],
    incx: isize,
    y: &mut [Complex<T>],
    incy: isize,
    c: Complex<T>,
    s: Complex<T>,
    pol: Policy,
    r: Round,
) -> Result<(), BlasError> {
    rotate(n, (x, incx), (y, incy), (c, s), pol, r)
}

/// The index (from 0) of the first element of largest `|re| + |im|`
/// (`icamax`, `izamax`, `iiamax`, `ivamax`).
///
/// `n < 2` or `incx = 0` give 0. Otherwise `m = abs(re_0) + abs(im_0)` (rounded
/// in `r`), and for `i = 1 …` in order, with `v = abs(re_i) + abs(im_i)`: if
/// `gt(v, m)` (true when either is NaN), the index becomes `i` and `m = v`.
///
/// # Errors
/// [`BlasError::Short`] when `x` is shorter than the stride walk.
pub fn icamax<T: Word>(
    n: usize,
    x: &[Complex<T>],
    incx: usize,
    pol: Policy,
    r: Round,
) -> Result<usize, BlasError> {
    if n < 2 || incx == 0 {
        return Ok(0);
    }
    let (re, im): (Vec<T>, Vec<T>) = walk_u(n, incx, x.len(), "x")?
        .map(|i| (x[i].re, x[i].im))
        .unzip();
    Ok(first_max(run::abs_sums(&re, &im, pol, r).into_iter()))
}
