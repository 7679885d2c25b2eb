//! SoftBLAS's prefixed names for the generic routines of [`super`].
//!
//! Each function here is one routine of [`super`] at one element type, under
//! the name `urbit/SoftBLAS` gives it: `h s d q` for binary16/32/64/128, `i c z v`
//! for complex pairs of them ([`C16`] [`C32`] [`C64`] [`C128`]). Orders, NaN
//! handling and errors are those of the generic routine linked from each.
//!
//! The functions are generated from one table (`name = routine::<T>;` a line)
//! and, per routine, one line giving its arguments at `T`.

use super::{BlasError, Complex, Givens, Layout, Trans};
use crate::policy::Policy;
use crate::round::Round;

/// The widening dots, which have one element type each and so no generic form.
pub use super::{hsdot, sdsdot};

/// A complex binary16 element (SoftBLAS `complex16_t`, prefix `i`).
pub type C16 = Complex<u16>;
/// A complex binary32 element (SoftBLAS `complex32_t`, prefix `c`).
pub type C32 = Complex<u32>;
/// A complex binary64 element (SoftBLAS `complex64_t`, prefix `z`).
pub type C64 = Complex<u64>;
/// A complex binary128 element (SoftBLAS `complex128_t`, prefix `v`).
pub type C128 = Complex<u128>;

/// Declares `pub fn name` as `super::routine::<T>` for each `name = routine::<T>;`.
///
/// The `@args` rules give each routine's argument list once, with `T` filled
/// in; `@fn` writes the wrapper and its doc line.
macro_rules! names {
    ($($name:ident = $g:ident::<$t:ty>;)*) => {
        $(names!(@args $g $name $t);)*
    };
    (@args axpy $n:ident $t:ty) => { names!(@fn $n = axpy::<$t> (n: usize, alpha: $t, x: &[$t], incx: isize, y: &mut [$t], incy: isize, pol: Policy, r: Round) -> Result<(), BlasError>); };
    (@args copy $n:ident $t:ty) => { names!(@fn $n = copy::<$t> (n: usize, x: &[$t], incx: isize, y: &mut [$t], incy: isize, pol: Policy, r: Round) -> Result<(), BlasError>); };
    (@args dot $n:ident $t:ty) => { names!(@fn $n = dot::<$t> (n: usize, x: &[$t], incx: isize, y: &[$t], incy: isize, pol: Policy, r: Round) -> Result<$t, BlasError>); };
    (@args scal $n:ident $t:ty) => { names!(@fn $n = scal::<$t> (n: usize, alpha: $t, x: &mut [$t], incx: usize, pol: Policy, r: Round) -> Result<(), BlasError>); };
    (@args swap $n:ident $t:ty) => { names!(@fn $n = swap::<$t> (n: usize, x: &mut [$t], incx: isize, y: &mut [$t], incy: isize, pol: Policy, r: Round) -> Result<(), BlasError>); };
    (@args gemv $n:ident $t:ty) => { names!(@fn $n = gemv::<$t> (layout: Layout, trans: Trans, m: usize, n: usize, alpha: $t, a: &[$t], lda: usize, x: &[$t], incx: usize, beta: $t, y: &mut [$t], incy: usize, pol: Policy, r: Round) -> Result<(), BlasError>); };
    (@args gemm $n:ident $t:ty) => { names!(@fn $n = gemm::<$t> (ta: Trans, tb: Trans, m: usize, n: usize, p: usize, alpha: $t, a: &[$t], lda: usize, b: &[$t], ldb: usize, beta: $t, c: &mut [$t], ldc: usize, pol: Policy, r: Round) -> Result<(), BlasError>); };
    (@args asum $n:ident $t:ty) => { names!(@fn $n = asum::<$t> (n: usize, x: &[$t], incx: usize, pol: Policy, r: Round) -> Result<$t, BlasError>); };
    (@args nrm2 $n:ident $t:ty) => { names!(@fn $n = nrm2::<$t> (n: usize, x: &[$t], incx: usize, pol: Policy, r: Round) -> Result<$t, BlasError>); };
    (@args nrm2_b $n:ident $t:ty) => { names!(@fn $n = nrm2_b::<$t> (n: usize, x: &[$t], incx: usize, r: Round) -> Result<$t, BlasError>); };
    (@args iamax $n:ident $t:ty) => { names!(@fn $n = iamax::<$t> (n: usize, x: &[$t], incx: usize) -> Result<usize, BlasError>); };
    (@args rot $n:ident $t:ty) => { names!(@fn $n = rot::<$t> (n: usize, x: &mut [$t], incx: usize, y: &mut [$t], incy: usize, c: $t, s: $t, pol: Policy, r: Round) -> Result<(), BlasError>); };
    (@args rotm $n:ident $t:ty) => { names!(@fn $n = rotm::<$t> (n: usize, x: &mut [$t], incx: usize, y: &mut [$t], incy: usize, param: &[$t; 5], pol: Policy, r: Round) -> Result<(), BlasError>); };
    (@args rotg $n:ident $t:ty) => { names!(@fn $n = rotg::<$t> (a: $t, b: $t, r: Round) -> Givens<$t>); };
    (@args rotmg $n:ident $t:ty) => { names!(@fn $n = rotmg::<$t> (d1: &mut $t, d2: &mut $t, x1: &mut $t, y1: $t, param: &mut [$t; 5], r: Round) -> Result<(), BlasError>); };
    (@args dotc $n:ident $t:ty) => { names!(@fn $n = dotc::<$t> (n: usize, x: &[Complex<$t>], incx: isize, y: &[Complex<$t>], incy: isize, pol: Policy, r: Round) -> Result<Complex<$t>, BlasError>); };
    (@args casum $n:ident $t:ty) => { names!(@fn $n = casum::<$t> (n: usize, x: &[Complex<$t>], incx: usize, pol: Policy, r: Round) -> Result<$t, BlasError>); };
    (@args cnrm2 $n:ident $t:ty) => { names!(@fn $n = cnrm2::<$t> (n: usize, x: &[Complex<$t>], incx: usize, pol: Policy, r: Round) -> Result<$t, BlasError>); };
    (@args crot $n:ident $t:ty) => { names!(@fn $n = crot::<$t> (n: usize, x: &mut [Complex<$t>], incx: isize, y: &mut [Complex<$t>], incy: isize, c: Complex<$t>, s: Complex<$t>, pol: Policy, r: Round) -> Result<(), BlasError>); };
    (@args icamax $n:ident $t:ty) => { names!(@fn $n = icamax::<$t> (n: usize, x: &[Complex<$t>], incx: usize, pol: Policy, r: Round) -> Result<usize, BlasError>); };
    (@fn $n:ident = $g:ident::<$t:ty> ($($a:ident: $at:ty),*) -> $ret:ty) => {
        #[doc = concat!("SoftBLAS `", stringify!($n), "`: [`", stringify!($g), "`](super::", stringify!($g), ") at `", stringify!($t), "`.")]
        #[allow(clippy::too_many_arguments)]
        pub fn $n($($a: $at),*) -> $ret {
            super::$g::<$t>($($a),*)
        }
    };
}

names! {
    haxpy = axpy::<u16>;
    hcopy = copy::<u16>;
    hdot = dot::<u16>;
    hscal = scal::<u16>;
    hswap = swap::<u16>;
    hgemv = gemv::<u16>;
    hgemm = gemm::<u16>;
    saxpy = axpy::<u32>;
    scopy = copy::<u32>;
    sdot = dot::<u32>;
    sscal = scal::<u32>;
    sswap = swap::<u32>;
    sgemv = gemv::<u32>;
    sgemm = gemm::<u32>;
    daxpy = axpy::<u64>;
    dcopy = copy::<u64>;
    ddot = dot::<u64>;
    dscal = scal::<u64>;
    dswap = swap::<u64>;
    dgemv = gemv::<u64>;
    dgemm = gemm::<u64>;
    qaxpy = axpy::<u128>;
    qcopy = copy::<u128>;
    qdot = dot::<u128>;
    qscal = scal::<u128>;
    qswap = swap::<u128>;
    qgemv = gemv::<u128>;
    qgemm = gemm::<u128>;
    iaxpy = axpy::<C16>;
    icopy = copy::<C16>;
    idotu = dot::<C16>;
    iscal = scal::<C16>;
    iswap = swap::<C16>;
    igemv = gemv::<C16>;
    igemm = gemm::<C16>;
    caxpy = axpy::<C32>;
    ccopy = copy::<C32>;
    cdotu = dot::<C32>;
    cscal = scal::<C32>;
    cswap = swap::<C32>;
    cgemv = gemv::<C32>;
    cgemm = gemm::<C32>;
    zaxpy = axpy::<C64>;
    zcopy = copy::<C64>;
    zdotu = dot::<C64>;
    zscal = scal::<C64>;
    zswap = swap::<C64>;
    zgemv = gemv::<C64>;
    zgemm = gemm::<C64>;
    vaxpy = axpy::<C128>;
    vcopy = copy::<C128>;
    vdotu = dot::<C128>;
    vscal = scal::<C128>;
    vswap = swap::<C128>;
    vgemv = gemv::<C128>;
    vgemm = gemm::<C128>;
    hasum = asum::<u16>;
    hnrm2 = nrm2::<u16>;
    hnrm2_b = nrm2_b::<u16>;
    ihamax = iamax::<u16>;
    hrot = rot::<u16>;
    hrotm = rotm::<u16>;
    hrotg = rotg::<u16>;
    hrotmg = rotmg::<u16>;
    sasum = asum::<u32>;
    snrm2 = nrm2::<u32>;
    snrm2_b = nrm2_b::<u32>;
    isamax = iamax::<u32>;
    srot = rot::<u32>;
    srotm = rotm::<u32>;
    srotg = rotg::<u32>;
    srotmg = rotmg::<u32>;
    dasum = asum::<u64>;
    dnrm2 = nrm2::<u64>;
    dnrm2_b = nrm2_b::<u64>;
    idamax = iamax::<u64>;
    drot = rot::<u64>;
    drotm = rotm::<u64>;
    drotg = rotg::<u64>;
    drotmg = rotmg::<u64>;
    qasum = asum::<u128>;
    qnrm2 = nrm2::<u128>;
    qnrm2_b = nrm2_b::<u128>;
    iqamax = iamax::<u128>;
    qrot = rot::<u128>;
    qrotm = rotm::<u128>;
    qrotg = rotg::<u128>;
    qrotmg = rotmg::<u128>;
    idotc = dotc::<u16>;
    hiasum = casum::<u16>;
    hinrm2 = cnrm2::<u16>;
    ihrot = crot::<u16>;
    iiamax = icamax::<u16>;
    cdotc = dotc::<u32>;
    scasum = casum::<u32>;
    scnrm2 = cnrm2::<u32>;
    csrot = crot::<u32>;
    icamax = icamax::<u32>;
    zdotc = dotc::<u64>;
    dzasum = casum::<u64>;
    dznrm2 = cnrm2::<u64>;
    zdrot = crot::<u64>;
    izamax = icamax::<u64>;
    vdotc = dotc::<u128>;
    qvasum = casum::<u128>;
    qvnrm2 = cnrm2::<u128>;
    vqrot = crot::<u128>;
    ivamax = icamax::<u128>;
}
