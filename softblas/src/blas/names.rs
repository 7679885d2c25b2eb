//! SoftBLAS's prefixed names for the generic routines of [`super`].
//!
//! Each function here is one routine of [`super`] at one element type, under
//! the name `urbit/SoftBLAS` gives it: `h s d q` for binary16/32/64/128, `i c z v`
//! for complex pairs of them ([`C16`] [`C32`] [`C64`] [`C128`]). Orders, NaN
//! handling and errors are those of the generic routine linked from each.

use super::{BlasError, Complex, Givens, Layout, Trans};
use crate::round::Round;

/// A complex binary16 element (SoftBLAS `complex16_t`, prefix `i`).
pub type C16 = Complex<u16>;
/// A complex binary32 element (SoftBLAS `complex32_t`, prefix `c`).
pub type C32 = Complex<u32>;
/// A complex binary64 element (SoftBLAS `complex64_t`, prefix `z`).
pub type C64 = Complex<u64>;
/// A complex binary128 element (SoftBLAS `complex128_t`, prefix `v`).
pub type C128 = Complex<u128>;
/// SoftBLAS `haxpy`: [`axpy`](super::axpy) at `u16`.
#[allow(clippy::too_many_arguments)]
pub fn haxpy(
    n: usize,
    alpha: u16,
    x: &[u16],
    incx: isize,
    y: &mut [u16],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::axpy::<u16>(n, alpha, x, incx, y, incy, r)
}

/// SoftBLAS `hcopy`: [`copy`](super::copy) at `u16`.
pub fn hcopy(
    n: usize,
    x: &[u16],
    incx: isize,
    y: &mut [u16],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::copy::<u16>(n, x, incx, y, incy, r)
}

/// SoftBLAS `hdot`: [`dot`](super::dot) at `u16`.
pub fn hdot(
    n: usize,
    x: &[u16],
    incx: isize,
    y: &[u16],
    incy: isize,
    r: Round,
) -> Result<u16, BlasError> {
    super::dot::<u16>(n, x, incx, y, incy, r)
}

/// SoftBLAS `hscal`: [`scal`](super::scal) at `u16`.
pub fn hscal(n: usize, alpha: u16, x: &mut [u16], incx: usize, r: Round) -> Result<(), BlasError> {
    super::scal::<u16>(n, alpha, x, incx, r)
}

/// SoftBLAS `hswap`: [`swap`](super::swap) at `u16`.
pub fn hswap(
    n: usize,
    x: &mut [u16],
    incx: isize,
    y: &mut [u16],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::swap::<u16>(n, x, incx, y, incy, r)
}

/// SoftBLAS `hgemv`: [`gemv`](super::gemv) at `u16`.
#[allow(clippy::too_many_arguments)]
pub fn hgemv(
    layout: Layout,
    trans: Trans,
    m: usize,
    n: usize,
    alpha: u16,
    a: &[u16],
    lda: usize,
    x: &[u16],
    incx: usize,
    beta: u16,
    y: &mut [u16],
    incy: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemv::<u16>(
        layout, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, r,
    )
}

/// SoftBLAS `hgemm`: [`gemm`](super::gemm) at `u16`.
#[allow(clippy::too_many_arguments)]
pub fn hgemm(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    alpha: u16,
    a: &[u16],
    lda: usize,
    b: &[u16],
    ldb: usize,
    beta: u16,
    c: &mut [u16],
    ldc: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemm::<u16>(ta, tb, m, n, p, alpha, a, lda, b, ldb, beta, c, ldc, r)
}

/// SoftBLAS `saxpy`: [`axpy`](super::axpy) at `u32`.
#[allow(clippy::too_many_arguments)]
pub fn saxpy(
    n: usize,
    alpha: u32,
    x: &[u32],
    incx: isize,
    y: &mut [u32],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::axpy::<u32>(n, alpha, x, incx, y, incy, r)
}

/// SoftBLAS `scopy`: [`copy`](super::copy) at `u32`.
pub fn scopy(
    n: usize,
    x: &[u32],
    incx: isize,
    y: &mut [u32],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::copy::<u32>(n, x, incx, y, incy, r)
}

/// SoftBLAS `sdot`: [`dot`](super::dot) at `u32`.
pub fn sdot(
    n: usize,
    x: &[u32],
    incx: isize,
    y: &[u32],
    incy: isize,
    r: Round,
) -> Result<u32, BlasError> {
    super::dot::<u32>(n, x, incx, y, incy, r)
}

/// SoftBLAS `sscal`: [`scal`](super::scal) at `u32`.
pub fn sscal(n: usize, alpha: u32, x: &mut [u32], incx: usize, r: Round) -> Result<(), BlasError> {
    super::scal::<u32>(n, alpha, x, incx, r)
}

/// SoftBLAS `sswap`: [`swap`](super::swap) at `u32`.
pub fn sswap(
    n: usize,
    x: &mut [u32],
    incx: isize,
    y: &mut [u32],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::swap::<u32>(n, x, incx, y, incy, r)
}

/// SoftBLAS `sgemv`: [`gemv`](super::gemv) at `u32`.
#[allow(clippy::too_many_arguments)]
pub fn sgemv(
    layout: Layout,
    trans: Trans,
    m: usize,
    n: usize,
    alpha: u32,
    a: &[u32],
    lda: usize,
    x: &[u32],
    incx: usize,
    beta: u32,
    y: &mut [u32],
    incy: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemv::<u32>(
        layout, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, r,
    )
}

/// SoftBLAS `sgemm`: [`gemm`](super::gemm) at `u32`.
#[allow(clippy::too_many_arguments)]
pub fn sgemm(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    alpha: u32,
    a: &[u32],
    lda: usize,
    b: &[u32],
    ldb: usize,
    beta: u32,
    c: &mut [u32],
    ldc: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemm::<u32>(ta, tb, m, n, p, alpha, a, lda, b, ldb, beta, c, ldc, r)
}

/// SoftBLAS `daxpy`: [`axpy`](super::axpy) at `u64`.
#[allow(clippy::too_many_arguments)]
pub fn daxpy(
    n: usize,
    alpha: u64,
    x: &[u64],
    incx: isize,
    y: &mut [u64],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::axpy::<u64>(n, alpha, x, incx, y, incy, r)
}

/// SoftBLAS `dcopy`: [`copy`](super::copy) at `u64`.
pub fn dcopy(
    n: usize,
    x: &[u64],
    incx: isize,
    y: &mut [u64],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::copy::<u64>(n, x, incx, y, incy, r)
}

/// SoftBLAS `ddot`: [`dot`](super::dot) at `u64`.
pub fn ddot(
    n: usize,
    x: &[u64],
    incx: isize,
    y: &[u64],
    incy: isize,
    r: Round,
) -> Result<u64, BlasError> {
    super::dot::<u64>(n, x, incx, y, incy, r)
}

/// SoftBLAS `dscal`: [`scal`](super::scal) at `u64`.
pub fn dscal(n: usize, alpha: u64, x: &mut [u64], incx: usize, r: Round) -> Result<(), BlasError> {
    super::scal::<u64>(n, alpha, x, incx, r)
}

/// SoftBLAS `dswap`: [`swap`](super::swap) at `u64`.
pub fn dswap(
    n: usize,
    x: &mut [u64],
    incx: isize,
    y: &mut [u64],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::swap::<u64>(n, x, incx, y, incy, r)
}

/// SoftBLAS `dgemv`: [`gemv`](super::gemv) at `u64`.
#[allow(clippy::too_many_arguments)]
pub fn dgemv(
    layout: Layout,
    trans: Trans,
    m: usize,
    n: usize,
    alpha: u64,
    a: &[u64],
    lda: usize,
    x: &[u64],
    incx: usize,
    beta: u64,
    y: &mut [u64],
    incy: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemv::<u64>(
        layout, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, r,
    )
}

/// SoftBLAS `dgemm`: [`gemm`](super::gemm) at `u64`.
#[allow(clippy::too_many_arguments)]
pub fn dgemm(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    alpha: u64,
    a: &[u64],
    lda: usize,
    b: &[u64],
    ldb: usize,
    beta: u64,
    c: &mut [u64],
    ldc: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemm::<u64>(ta, tb, m, n, p, alpha, a, lda, b, ldb, beta, c, ldc, r)
}

/// SoftBLAS `qaxpy`: [`axpy`](super::axpy) at `u128`.
#[allow(clippy::too_many_arguments)]
pub fn qaxpy(
    n: usize,
    alpha: u128,
    x: &[u128],
    incx: isize,
    y: &mut [u128],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::axpy::<u128>(n, alpha, x, incx, y, incy, r)
}

/// SoftBLAS `qcopy`: [`copy`](super::copy) at `u128`.
pub fn qcopy(
    n: usize,
    x: &[u128],
    incx: isize,
    y: &mut [u128],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::copy::<u128>(n, x, incx, y, incy, r)
}

/// SoftBLAS `qdot`: [`dot`](super::dot) at `u128`.
pub fn qdot(
    n: usize,
    x: &[u128],
    incx: isize,
    y: &[u128],
    incy: isize,
    r: Round,
) -> Result<u128, BlasError> {
    super::dot::<u128>(n, x, incx, y, incy, r)
}

/// SoftBLAS `qscal`: [`scal`](super::scal) at `u128`.
pub fn qscal(
    n: usize,
    alpha: u128,
    x: &mut [u128],
    incx: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::scal::<u128>(n, alpha, x, incx, r)
}

/// SoftBLAS `qswap`: [`swap`](super::swap) at `u128`.
pub fn qswap(
    n: usize,
    x: &mut [u128],
    incx: isize,
    y: &mut [u128],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::swap::<u128>(n, x, incx, y, incy, r)
}

/// SoftBLAS `qgemv`: [`gemv`](super::gemv) at `u128`.
#[allow(clippy::too_many_arguments)]
pub fn qgemv(
    layout: Layout,
    trans: Trans,
    m: usize,
    n: usize,
    alpha: u128,
    a: &[u128],
    lda: usize,
    x: &[u128],
    incx: usize,
    beta: u128,
    y: &mut [u128],
    incy: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemv::<u128>(
        layout, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, r,
    )
}

/// SoftBLAS `qgemm`: [`gemm`](super::gemm) at `u128`.
#[allow(clippy::too_many_arguments)]
pub fn qgemm(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    alpha: u128,
    a: &[u128],
    lda: usize,
    b: &[u128],
    ldb: usize,
    beta: u128,
    c: &mut [u128],
    ldc: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemm::<u128>(ta, tb, m, n, p, alpha, a, lda, b, ldb, beta, c, ldc, r)
}

/// SoftBLAS `iaxpy`: [`axpy`](super::axpy) at `C16`.
#[allow(clippy::too_many_arguments)]
pub fn iaxpy(
    n: usize,
    alpha: C16,
    x: &[C16],
    incx: isize,
    y: &mut [C16],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::axpy::<C16>(n, alpha, x, incx, y, incy, r)
}

/// SoftBLAS `icopy`: [`copy`](super::copy) at `C16`.
pub fn icopy(
    n: usize,
    x: &[C16],
    incx: isize,
    y: &mut [C16],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::copy::<C16>(n, x, incx, y, incy, r)
}

/// SoftBLAS `idotu`: [`dot`](super::dot) at `C16`.
pub fn idotu(
    n: usize,
    x: &[C16],
    incx: isize,
    y: &[C16],
    incy: isize,
    r: Round,
) -> Result<C16, BlasError> {
    super::dot::<C16>(n, x, incx, y, incy, r)
}

/// SoftBLAS `iscal`: [`scal`](super::scal) at `C16`.
pub fn iscal(n: usize, alpha: C16, x: &mut [C16], incx: usize, r: Round) -> Result<(), BlasError> {
    super::scal::<C16>(n, alpha, x, incx, r)
}

/// SoftBLAS `iswap`: [`swap`](super::swap) at `C16`.
pub fn iswap(
    n: usize,
    x: &mut [C16],
    incx: isize,
    y: &mut [C16],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::swap::<C16>(n, x, incx, y, incy, r)
}

/// SoftBLAS `igemv`: [`gemv`](super::gemv) at `C16`.
#[allow(clippy::too_many_arguments)]
pub fn igemv(
    layout: Layout,
    trans: Trans,
    m: usize,
    n: usize,
    alpha: C16,
    a: &[C16],
    lda: usize,
    x: &[C16],
    incx: usize,
    beta: C16,
    y: &mut [C16],
    incy: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemv::<C16>(
        layout, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, r,
    )
}

/// SoftBLAS `igemm`: [`gemm`](super::gemm) at `C16`.
#[allow(clippy::too_many_arguments)]
pub fn igemm(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    alpha: C16,
    a: &[C16],
    lda: usize,
    b: &[C16],
    ldb: usize,
    beta: C16,
    c: &mut [C16],
    ldc: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemm::<C16>(ta, tb, m, n, p, alpha, a, lda, b, ldb, beta, c, ldc, r)
}

/// SoftBLAS `caxpy`: [`axpy`](super::axpy) at `C32`.
#[allow(clippy::too_many_arguments)]
pub fn caxpy(
    n: usize,
    alpha: C32,
    x: &[C32],
    incx: isize,
    y: &mut [C32],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::axpy::<C32>(n, alpha, x, incx, y, incy, r)
}

/// SoftBLAS `ccopy`: [`copy`](super::copy) at `C32`.
pub fn ccopy(
    n: usize,
    x: &[C32],
    incx: isize,
    y: &mut [C32],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::copy::<C32>(n, x, incx, y, incy, r)
}

/// SoftBLAS `cdotu`: [`dot`](super::dot) at `C32`.
pub fn cdotu(
    n: usize,
    x: &[C32],
    incx: isize,
    y: &[C32],
    incy: isize,
    r: Round,
) -> Result<C32, BlasError> {
    super::dot::<C32>(n, x, incx, y, incy, r)
}

/// SoftBLAS `cscal`: [`scal`](super::scal) at `C32`.
pub fn cscal(n: usize, alpha: C32, x: &mut [C32], incx: usize, r: Round) -> Result<(), BlasError> {
    super::scal::<C32>(n, alpha, x, incx, r)
}

/// SoftBLAS `cswap`: [`swap`](super::swap) at `C32`.
pub fn cswap(
    n: usize,
    x: &mut [C32],
    incx: isize,
    y: &mut [C32],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::swap::<C32>(n, x, incx, y, incy, r)
}

/// SoftBLAS `cgemv`: [`gemv`](super::gemv) at `C32`.
#[allow(clippy::too_many_arguments)]
pub fn cgemv(
    layout: Layout,
    trans: Trans,
    m: usize,
    n: usize,
    alpha: C32,
    a: &[C32],
    lda: usize,
    x: &[C32],
    incx: usize,
    beta: C32,
    y: &mut [C32],
    incy: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemv::<C32>(
        layout, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, r,
    )
}

/// SoftBLAS `cgemm`: [`gemm`](super::gemm) at `C32`.
#[allow(clippy::too_many_arguments)]
pub fn cgemm(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    alpha: C32,
    a: &[C32],
    lda: usize,
    b: &[C32],
    ldb: usize,
    beta: C32,
    c: &mut [C32],
    ldc: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemm::<C32>(ta, tb, m, n, p, alpha, a, lda, b, ldb, beta, c, ldc, r)
}

/// SoftBLAS `zaxpy`: [`axpy`](super::axpy) at `C64`.
#[allow(clippy::too_many_arguments)]
pub fn zaxpy(
    n: usize,
    alpha: C64,
    x: &[C64],
    incx: isize,
    y: &mut [C64],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::axpy::<C64>(n, alpha, x, incx, y, incy, r)
}

/// SoftBLAS `zcopy`: [`copy`](super::copy) at `C64`.
pub fn zcopy(
    n: usize,
    x: &[C64],
    incx: isize,
    y: &mut [C64],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::copy::<C64>(n, x, incx, y, incy, r)
}

/// SoftBLAS `zdotu`: [`dot`](super::dot) at `C64`.
pub fn zdotu(
    n: usize,
    x: &[C64],
    incx: isize,
    y: &[C64],
    incy: isize,
    r: Round,
) -> Result<C64, BlasError> {
    super::dot::<C64>(n, x, incx, y, incy, r)
}

/// SoftBLAS `zscal`: [`scal`](super::scal) at `C64`.
pub fn zscal(n: usize, alpha: C64, x: &mut [C64], incx: usize, r: Round) -> Result<(), BlasError> {
    super::scal::<C64>(n, alpha, x, incx, r)
}

/// SoftBLAS `zswap`: [`swap`](super::swap) at `C64`.
pub fn zswap(
    n: usize,
    x: &mut [C64],
    incx: isize,
    y: &mut [C64],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::swap::<C64>(n, x, incx, y, incy, r)
}

/// SoftBLAS `zgemv`: [`gemv`](super::gemv) at `C64`.
#[allow(clippy::too_many_arguments)]
pub fn zgemv(
    layout: Layout,
    trans: Trans,
    m: usize,
    n: usize,
    alpha: C64,
    a: &[C64],
    lda: usize,
    x: &[C64],
    incx: usize,
    beta: C64,
    y: &mut [C64],
    incy: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemv::<C64>(
        layout, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, r,
    )
}

/// SoftBLAS `zgemm`: [`gemm`](super::gemm) at `C64`.
#[allow(clippy::too_many_arguments)]
pub fn zgemm(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    alpha: C64,
    a: &[C64],
    lda: usize,
    b: &[C64],
    ldb: usize,
    beta: C64,
    c: &mut [C64],
    ldc: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemm::<C64>(ta, tb, m, n, p, alpha, a, lda, b, ldb, beta, c, ldc, r)
}

/// SoftBLAS `vaxpy`: [`axpy`](super::axpy) at `C128`.
#[allow(clippy::too_many_arguments)]
pub fn vaxpy(
    n: usize,
    alpha: C128,
    x: &[C128],
    incx: isize,
    y: &mut [C128],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::axpy::<C128>(n, alpha, x, incx, y, incy, r)
}

/// SoftBLAS `vcopy`: [`copy`](super::copy) at `C128`.
pub fn vcopy(
    n: usize,
    x: &[C128],
    incx: isize,
    y: &mut [C128],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::copy::<C128>(n, x, incx, y, incy, r)
}

/// SoftBLAS `vdotu`: [`dot`](super::dot) at `C128`.
pub fn vdotu(
    n: usize,
    x: &[C128],
    incx: isize,
    y: &[C128],
    incy: isize,
    r: Round,
) -> Result<C128, BlasError> {
    super::dot::<C128>(n, x, incx, y, incy, r)
}

/// SoftBLAS `vscal`: [`scal`](super::scal) at `C128`.
pub fn vscal(
    n: usize,
    alpha: C128,
    x: &mut [C128],
    incx: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::scal::<C128>(n, alpha, x, incx, r)
}

/// SoftBLAS `vswap`: [`swap`](super::swap) at `C128`.
pub fn vswap(
    n: usize,
    x: &mut [C128],
    incx: isize,
    y: &mut [C128],
    incy: isize,
    r: Round,
) -> Result<(), BlasError> {
    super::swap::<C128>(n, x, incx, y, incy, r)
}

/// SoftBLAS `vgemv`: [`gemv`](super::gemv) at `C128`.
#[allow(clippy::too_many_arguments)]
pub fn vgemv(
    layout: Layout,
    trans: Trans,
    m: usize,
    n: usize,
    alpha: C128,
    a: &[C128],
    lda: usize,
    x: &[C128],
    incx: usize,
    beta: C128,
    y: &mut [C128],
    incy: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemv::<C128>(
        layout, trans, m, n, alpha, a, lda, x, incx, beta, y, incy, r,
    )
}

/// SoftBLAS `vgemm`: [`gemm`](super::gemm) at `C128`.
#[allow(clippy::too_many_arguments)]
pub fn vgemm(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    alpha: C128,
    a: &[C128],
    lda: usize,
    b: &[C128],
    ldb: usize,
    beta: C128,
    c: &mut [C128],
    ldc: usize,
    r: Round,
) -> Result<(), BlasError> {
    super::gemm::<C128>(ta, tb, m, n, p, alpha, a, lda, b, ldb, beta, c, ldc, r)
}

/// SoftBLAS `hasum`: [`asum`](super::asum) at `u16`.
pub fn hasum(n: usize, x: &[u16], incx: usize, r: Round) -> Result<u16, BlasError> {
    super::asum::<u16>(n, x, incx, r)
}

/// SoftBLAS `hnrm2`: [`nrm2`](super::nrm2) at `u16`.
pub fn hnrm2(n: usize, x: &[u16], incx: usize, r: Round) -> Result<u16, BlasError> {
    super::nrm2::<u16>(n, x, incx, r)
}

/// SoftBLAS `hnrm2_b`: [`nrm2_b`](super::nrm2_b) at `u16`.
pub fn hnrm2_b(n: usize, x: &[u16], incx: usize, r: Round) -> Result<u16, BlasError> {
    super::nrm2_b::<u16>(n, x, incx, r)
}

/// SoftBLAS `ihamax`: [`iamax`](super::iamax) at `u16`.
pub fn ihamax(n: usize, x: &[u16], incx: usize) -> Result<usize, BlasError> {
    super::iamax::<u16>(n, x, incx)
}

/// SoftBLAS `hrot`: [`rot`](super::rot) at `u16`.
#[allow(clippy::too_many_arguments)]
pub fn hrot(
    n: usize,
    x: &mut [u16],
    incx: usize,
    y: &mut [u16],
    incy: usize,
    c: u16,
    s: u16,
    r: Round,
) -> Result<(), BlasError> {
    super::rot::<u16>(n, x, incx, y, incy, c, s, r)
}

/// SoftBLAS `hrotm`: [`rotm`](super::rotm) at `u16`.
#[allow(clippy::too_many_arguments)]
pub fn hrotm(
    n: usize,
    x: &mut [u16],
    incx: usize,
    y: &mut [u16],
    incy: usize,
    param: &[u16; 5],
    r: Round,
) -> Result<(), BlasError> {
    super::rotm::<u16>(n, x, incx, y, incy, param, r)
}

/// SoftBLAS `hrotg`: [`rotg`](super::rotg) at `u16`.
pub fn hrotg(a: u16, b: u16, r: Round) -> Givens<u16> {
    super::rotg::<u16>(a, b, r)
}

/// SoftBLAS `hrotmg`: [`rotmg`](super::rotmg) at `u16`.
pub fn hrotmg(
    d1: &mut u16,
    d2: &mut u16,
    x1: &mut u16,
    y1: u16,
    param: &mut [u16; 5],
    r: Round,
) -> Result<(), BlasError> {
    super::rotmg::<u16>(d1, d2, x1, y1, param, r)
}

/// SoftBLAS `sasum`: [`asum`](super::asum) at `u32`.
pub fn sasum(n: usize, x: &[u32], incx: usize, r: Round) -> Result<u32, BlasError> {
    super::asum::<u32>(n, x, incx, r)
}

/// SoftBLAS `snrm2`: [`nrm2`](super::nrm2) at `u32`.
pub fn snrm2(n: usize, x: &[u32], incx: usize, r: Round) -> Result<u32, BlasError> {
    super::nrm2::<u32>(n, x, incx, r)
}

/// SoftBLAS `snrm2_b`: [`nrm2_b`](super::nrm2_b) at `u32`.
pub fn snrm2_b(n: usize, x: &[u32], incx: usize, r: Round) -> Result<u32, BlasError> {
    super::nrm2_b::<u32>(n, x, incx, r)
}

/// SoftBLAS `isamax`: [`iamax`](super::iamax) at `u32`.
pub fn isamax(n: usize, x: &[u32], incx: usize) -> Result<usize, BlasError> {
    super::iamax::<u32>(n, x, incx)
}

/// SoftBLAS `srot`: [`rot`](super::rot) at `u32`.
#[allow(clippy::too_many_arguments)]
pub fn srot(
    n: usize,
    x: &mut [u32],
    incx: usize,
    y: &mut [u32],
    incy: usize,
    c: u32,
    s: u32,
    r: Round,
) -> Result<(), BlasError> {
    super::rot::<u32>(n, x, incx, y, incy, c, s, r)
}

/// SoftBLAS `srotm`: [`rotm`](super::rotm) at `u32`.
#[allow(clippy::too_many_arguments)]
pub fn srotm(
    n: usize,
    x: &mut [u32],
    incx: usize,
    y: &mut [u32],
    incy: usize,
    param: &[u32; 5],
    r: Round,
) -> Result<(), BlasError> {
    super::rotm::<u32>(n, x, incx, y, incy, param, r)
}

/// SoftBLAS `srotg`: [`rotg`](super::rotg) at `u32`.
pub fn srotg(a: u32, b: u32, r: Round) -> Givens<u32> {
    super::rotg::<u32>(a, b, r)
}

/// SoftBLAS `srotmg`: [`rotmg`](super::rotmg) at `u32`.
pub fn srotmg(
    d1: &mut u32,
    d2: &mut u32,
    x1: &mut u32,
    y1: u32,
    param: &mut [u32; 5],
    r: Round,
) -> Result<(), BlasError> {
    super::rotmg::<u32>(d1, d2, x1, y1, param, r)
}

/// SoftBLAS `dasum`: [`asum`](super::asum) at `u64`.
pub fn dasum(n: usize, x: &[u64], incx: usize, r: Round) -> Result<u64, BlasError> {
    super::asum::<u64>(n, x, incx, r)
}

/// SoftBLAS `dnrm2`: [`nrm2`](super::nrm2) at `u64`.
pub fn dnrm2(n: usize, x: &[u64], incx: usize, r: Round) -> Result<u64, BlasError> {
    super::nrm2::<u64>(n, x, incx, r)
}

/// SoftBLAS `dnrm2_b`: [`nrm2_b`](super::nrm2_b) at `u64`.
pub fn dnrm2_b(n: usize, x: &[u64], incx: usize, r: Round) -> Result<u64, BlasError> {
    super::nrm2_b::<u64>(n, x, incx, r)
}

/// SoftBLAS `idamax`: [`iamax`](super::iamax) at `u64`.
pub fn idamax(n: usize, x: &[u64], incx: usize) -> Result<usize, BlasError> {
    super::iamax::<u64>(n, x, incx)
}

/// SoftBLAS `drot`: [`rot`](super::rot) at `u64`.
#[allow(clippy::too_many_arguments)]
pub fn drot(
    n: usize,
    x: &mut [u64],
    incx: usize,
    y: &mut [u64],
    incy: usize,
    c: u64,
    s: u64,
    r: Round,
) -> Result<(), BlasError> {
    super::rot::<u64>(n, x, incx, y, incy, c, s, r)
}

/// SoftBLAS `drotm`: [`rotm`](super::rotm) at `u64`.
#[allow(clippy::too_many_arguments)]
pub fn drotm(
    n: usize,
    x: &mut [u64],
    incx: usize,
    y: &mut [u64],
    incy: usize,
    param: &[u64; 5],
    r: Round,
) -> Result<(), BlasError> {
    super::rotm::<u64>(n, x, incx, y, incy, param, r)
}

/// SoftBLAS `drotg`: [`rotg`](super::rotg) at `u64`.
pub fn drotg(a: u64, b: u64, r: Round) -> Givens<u64> {
    super::rotg::<u64>(a, b, r)
}

/// SoftBLAS `drotmg`: [`rotmg`](super::rotmg) at `u64`.
pub fn drotmg(
    d1: &mut u64,
    d2: &mut u64,
    x1: &mut u64,
    y1: u64,
    param: &mut [u64; 5],
    r: Round,
) -> Result<(), BlasError> {
    super::rotmg::<u64>(d1, d2, x1, y1, param, r)
}

/// SoftBLAS `qasum`: [`asum`](super::asum) at `u128`.
pub fn qasum(n: usize, x: &[u128], incx: usize, r: Round) -> Result<u128, BlasError> {
    super::asum::<u128>(n, x, incx, r)
}

/// SoftBLAS `qnrm2`: [`nrm2`](super::nrm2) at `u128`.
pub fn qnrm2(n: usize, x: &[u128], incx: usize, r: Round) -> Result<u128, BlasError> {
    super::nrm2::<u128>(n, x, incx, r)
}

/// SoftBLAS `qnrm2_b`: [`nrm2_b`](super::nrm2_b) at `u128`.
pub fn qnrm2_b(n: usize, x: &[u128], incx: usize, r: Round) -> Result<u128, BlasError> {
    super::nrm2_b::<u128>(n, x, incx, r)
}

/// SoftBLAS `iqamax`: [`iamax`](super::iamax) at `u128`.
pub fn iqamax(n: usize, x: &[u128], incx: usize) -> Result<usize, BlasError> {
    super::iamax::<u128>(n, x, incx)
}

/// SoftBLAS `qrot`: [`rot`](super::rot) at `u128`.
#[allow(clippy::too_many_arguments)]
pub fn qrot(
    n: usize,
    x: &mut [u128],
    incx: usize,
    y: &mut [u128],
    incy: usize,
    c: u128,
    s: u128,
    r: Round,
) -> Result<(), BlasError> {
    super::rot::<u128>(n, x, incx, y, incy, c, s, r)
}

/// SoftBLAS `qrotm`: [`rotm`](super::rotm) at `u128`.
#[allow(clippy::too_many_arguments)]
pub fn qrotm(
    n: usize,
    x: &mut [u128],
    incx: usize,
    y: &mut [u128],
    incy: usize,
    param: &[u128; 5],
    r: Round,
) -> Result<(), BlasError> {
    super::rotm::<u128>(n, x, incx, y, incy, param, r)
}

/// SoftBLAS `qrotg`: [`rotg`](super::rotg) at `u128`.
pub fn qrotg(a: u128, b: u128, r: Round) -> Givens<u128> {
    super::rotg::<u128>(a, b, r)
}

/// SoftBLAS `qrotmg`: [`rotmg`](super::rotmg) at `u128`.
pub fn qrotmg(
    d1: &mut u128,
    d2: &mut u128,
    x1: &mut u128,
    y1: u128,
    param: &mut [u128; 5],
    r: Round,
) -> Result<(), BlasError> {
    super::rotmg::<u128>(d1, d2, x1, y1, param, r)
}

/// SoftBLAS `idotc`: [`dotc`](super::dotc) at `u16`.
pub fn idotc(
    n: usize,
    x: &[C16],
    incx: isize,
    y: &[C16],
    incy: isize,
    r: Round,
) -> Result<C16, BlasError> {
    super::dotc::<u16>(n, x, incx, y, incy, r)
}

/// SoftBLAS `hiasum`: [`casum`](super::casum) at `u16`.
pub fn hiasum(n: usize, x: &[C16], incx: usize, r: Round) -> Result<u16, BlasError> {
    super::casum::<u16>(n, x, incx, r)
}

/// SoftBLAS `hinrm2`: [`cnrm2`](super::cnrm2) at `u16`.
pub fn hinrm2(n: usize, x: &[C16], incx: usize, r: Round) -> Result<u16, BlasError> {
    super::cnrm2::<u16>(n, x, incx, r)
}

/// SoftBLAS `ihrot`: [`crot`](super::crot) at `u16`.
#[allow(clippy::too_many_arguments)]
pub fn ihrot(
    n: usize,
    x: &mut [C16],
    incx: isize,
    y: &mut [C16],
    incy: isize,
    c: C16,
    s: C16,
    r: Round,
) -> Result<(), BlasError> {
    super::crot::<u16>(n, x, incx, y, incy, c, s, r)
}

/// SoftBLAS `iiamax`: [`icamax`](super::icamax) at `u16`.
pub fn iiamax(n: usize, x: &[C16], incx: usize, r: Round) -> Result<usize, BlasError> {
    super::icamax::<u16>(n, x, incx, r)
}

/// SoftBLAS `cdotc`: [`dotc`](super::dotc) at `u32`.
pub fn cdotc(
    n: usize,
    x: &[C32],
    incx: isize,
    y: &[C32],
    incy: isize,
    r: Round,
) -> Result<C32, BlasError> {
    super::dotc::<u32>(n, x, incx, y, incy, r)
}

/// SoftBLAS `scasum`: [`casum`](super::casum) at `u32`.
pub fn scasum(n: usize, x: &[C32], incx: usize, r: Round) -> Result<u32, BlasError> {
    super::casum::<u32>(n, x, incx, r)
}

/// SoftBLAS `scnrm2`: [`cnrm2`](super::cnrm2) at `u32`.
pub fn scnrm2(n: usize, x: &[C32], incx: usize, r: Round) -> Result<u32, BlasError> {
    super::cnrm2::<u32>(n, x, incx, r)
}

/// SoftBLAS `csrot`: [`crot`](super::crot) at `u32`.
#[allow(clippy::too_many_arguments)]
pub fn csrot(
    n: usize,
    x: &mut [C32],
    incx: isize,
    y: &mut [C32],
    incy: isize,
    c: C32,
    s: C32,
    r: Round,
) -> Result<(), BlasError> {
    super::crot::<u32>(n, x, incx, y, incy, c, s, r)
}

/// SoftBLAS `icamax`: [`icamax`](super::icamax) at `u32`.
pub fn icamax(n: usize, x: &[C32], incx: usize, r: Round) -> Result<usize, BlasError> {
    super::icamax::<u32>(n, x, incx, r)
}

/// SoftBLAS `zdotc`: [`dotc`](super::dotc) at `u64`.
pub fn zdotc(
    n: usize,
    x: &[C64],
    incx: isize,
    y: &[C64],
    incy: isize,
    r: Round,
) -> Result<C64, BlasError> {
    super::dotc::<u64>(n, x, incx, y, incy, r)
}

/// SoftBLAS `dzasum`: [`casum`](super::casum) at `u64`.
pub fn dzasum(n: usize, x: &[C64], incx: usize, r: Round) -> Result<u64, BlasError> {
    super::casum::<u64>(n, x, incx, r)
}

/// SoftBLAS `dznrm2`: [`cnrm2`](super::cnrm2) at `u64`.
pub fn dznrm2(n: usize, x: &[C64], incx: usize, r: Round) -> Result<u64, BlasError> {
    super::cnrm2::<u64>(n, x, incx, r)
}

/// SoftBLAS `zdrot`: [`crot`](super::crot) at `u64`.
#[allow(clippy::too_many_arguments)]
pub fn zdrot(
    n: usize,
    x: &mut [C64],
    incx: isize,
    y: &mut [C64],
    incy: isize,
    c: C64,
    s: C64,
    r: Round,
) -> Result<(), BlasError> {
    super::crot::<u64>(n, x, incx, y, incy, c, s, r)
}

/// SoftBLAS `izamax`: [`icamax`](super::icamax) at `u64`.
pub fn izamax(n: usize, x: &[C64], incx: usize, r: Round) -> Result<usize, BlasError> {
    super::icamax::<u64>(n, x, incx, r)
}

/// SoftBLAS `vdotc`: [`dotc`](super::dotc) at `u128`.
pub fn vdotc(
    n: usize,
    x: &[C128],
    incx: isize,
    y: &[C128],
    incy: isize,
    r: Round,
) -> Result<C128, BlasError> {
    super::dotc::<u128>(n, x, incx, y, incy, r)
}

/// SoftBLAS `qvasum`: [`casum`](super::casum) at `u128`.
pub fn qvasum(n: usize, x: &[C128], incx: usize, r: Round) -> Result<u128, BlasError> {
    super::casum::<u128>(n, x, incx, r)
}

/// SoftBLAS `qvnrm2`: [`cnrm2`](super::cnrm2) at `u128`.
pub fn qvnrm2(n: usize, x: &[C128], incx: usize, r: Round) -> Result<u128, BlasError> {
    super::cnrm2::<u128>(n, x, incx, r)
}

/// SoftBLAS `vqrot`: [`crot`](super::crot) at `u128`.
#[allow(clippy::too_many_arguments)]
pub fn vqrot(
    n: usize,
    x: &mut [C128],
    incx: isize,
    y: &mut [C128],
    incy: isize,
    c: C128,
    s: C128,
    r: Round,
) -> Result<(), BlasError> {
    super::crot::<u128>(n, x, incx, y, incy, c, s, r)
}

/// SoftBLAS `ivamax`: [`icamax`](super::icamax) at `u128`.
pub fn ivamax(n: usize, x: &[C128], incx: usize, r: Round) -> Result<usize, BlasError> {
    super::icamax::<u128>(n, x, incx, r)
}

pub use super::{hsdot, sdsdot};
