//! SoftBLAS-shaped entries: `urnum_<name>` for routines of `urbit/SoftBLAS`
//! (`include/softblas.h` at `baeb8db`), computed by [`softblas::blas`] (whose
//! module docs give each routine's summation order and NaN rule).
//!
//! # Shape of an entry
//!
//! - **SoftBLAS's arguments, in SoftBLAS's order**, the rounding code last
//!   (`'n' 'z' 'u' 'd' 'a'`, SoftBLAS's codes; `'a'` is allowed here, since
//!   SoftBLAS holds it, unlike the Hoon doors).
//! - **Elements as bits**: `uint16_t`/`uint32_t`/`uint64_t` for binary16/32/64,
//!   [`urnum_f128`] (two words, low first: SoftFloat's `float128_t` layout) for
//!   binary128, [`urnum_c32`]/[`urnum_c64`] (real then imaginary, SoftBLAS's
//!   `complexNN_t` layout) for complex.
//! - **A status instead of a value**: every entry returns [`urnum_status`];
//!   a routine SoftBLAS declares with a result (`sdot`, `zdotc`) writes it to a
//!   trailing `out` pointer, on `URNUM_OK` only. A routine that updates a
//!   buffer (`daxpy`'s `Y`, `dgemm`'s `C`) updates it on `URNUM_OK` only.
//! - **Buffers hold what SoftBLAS reads**: a vector of `N` at stride `inc`
//!   holds `(N − 1)·|inc| + 1` elements, a row-major `rows × cols` matrix at
//!   leading dimension `ld` holds `(rows − 1)·ld + cols` (`gemm`: `op(A)` is
//!   `M × N`, stored `N × M` when transposed, `op(B)` `N × P`, `C` `M × P`). `URNUM_CONTRACT` for a NULL buffer that
//!   must be read, a size that overflows, an unknown rounding or transpose
//!   code, or an argument SoftBLAS rejects; `URNUM_PUNT` for more than
//!   [`URNUM_BLAS_REVISIT_LIMIT`] steps over buffers read more than once
//!   (every vector at stride 0, overlapping rows).
//!
//! The names cannot clash with SoftBLAS's own (`sdot` …), which a binary may
//! link too: every symbol here is `urnum_`-prefixed.
#![allow(non_snake_case, non_camel_case_types)]

use crate::abi::urnum_status;
use crate::policy::policy;
use crate::raw::{self, CONTRACT, OK, PUNT};
use softblas::blas::{self, names, BlasError, Complex, Trans};
use softblas::{Policy, Round};
use std::ffi::c_char;

/// A binary128 value: SoftFloat's `float128_t`, `v[0]` the low 64 bits.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct urnum_f128 {
    /// The low then the high 64 bits.
    pub v: [u64; 2],
}

/// A complex binary32 value: SoftBLAS's `complex32_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct urnum_c32 {
    /// The real part's bits.
    pub real: u32,
    /// The imaginary part's bits.
    pub imag: u32,
}

/// A complex binary64 value: SoftBLAS's `complex64_t`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct urnum_c64 {
    /// The real part's bits.
    pub real: u64,
    /// The imaginary part's bits.
    pub imag: u64,
}

/// An element type as C passes it, and its value as `softblas::blas` takes it.
trait CElem: Copy {
    /// The routine's element type.
    type R: Copy;
    fn to_r(self) -> Self::R;
    fn of_r(r: Self::R) -> Self;
}

macro_rules! same {
    ($($t:ty),*) => {$(
        impl CElem for $t {
            type R = $t;
            fn to_r(self) -> $t {
                self
            }
            fn of_r(r: $t) -> $t {
                r
            }
        }
    )*};
}
same!(u16, u32, u64);

impl CElem for urnum_f128 {
    type R = u128;
    fn to_r(self) -> u128 {
        u128::from(self.v[0]) | (u128::from(self.v[1]) << 64)
    }
    fn of_r(r: u128) -> Self {
        urnum_f128 {
            v: [r as u64, (r >> 64) as u64],
        }
    }
}

macro_rules! complex {
    ($($c:ty => $t:ty),*) => {$(
        impl CElem for $c {
            type R = Complex<$t>;
            fn to_r(self) -> Complex<$t> {
                Complex { re: self.real, im: self.imag }
            }
            fn of_r(r: Complex<$t>) -> Self {
                Self { real: r.re, imag: r.im }
            }
        }
    )*};
}
complex!(urnum_c32 => u32, urnum_c64 => u64);

/// The rounding mode of a SoftBLAS code (`a` included).
fn round(rnd: u8) -> Result<Round, urnum_status> {
    Round::from_code(rnd).map_err(|_| CONTRACT)
}

/// A transpose code `N T C` (either case).
fn trans(t: c_char) -> Result<Trans, urnum_status> {
    match t as u8 {
        b'N' | b'n' => Ok(Trans::N),
        b'T' | b't' => Ok(Trans::T),
        b'C' | b'c' => Ok(Trans::C),
        _ => Err(CONTRACT),
    }
}

/// The status of a routine's error: a bound SoftBLAS would loop past punts,
/// anything else is an argument the caller should not have passed.
fn blas_status(e: &BlasError) -> urnum_status {
    match e {
        BlasError::Diverges => PUNT,
        _ => CONTRACT,
    }
}

/// The most steps an entry takes over buffers it revisits (vectors all at
/// stride 0, a matrix whose rows overlap, `ld < cols`): 2^24. Elsewhere the
/// steps are bounded by the buffers the caller passed; here only `N`, `M`,
/// `P` bound them (`N = 2^62` at stride 0 reads one element 2^62 times), so
/// past this the entry punts.
pub const URNUM_BLAS_REVISIT_LIMIT: u64 = 1 << 24;

/// PUNT when both vectors of a two-vector entry are at stride 0 and `n`
/// passes [`URNUM_BLAS_REVISIT_LIMIT`] (one vector at a non-zero stride bounds
/// `n` by its buffer).
fn bounded_walk(n: u64, incx: i64, incy: i64) -> Result<(), urnum_status> {
    if incx == 0 && incy == 0 && n > URNUM_BLAS_REVISIT_LIMIT {
        return Err(PUNT);
    }
    Ok(())
}

/// The elements a vector of `n` at stride `inc` spans.
fn vec_len(n: u64, inc: i64) -> Result<usize, urnum_status> {
    if n == 0 {
        return Ok(0);
    }
    (n - 1)
        .checked_mul(inc.unsigned_abs())
        .and_then(|v| v.checked_add(1))
        .and_then(|v| usize::try_from(v).ok())
        .ok_or(CONTRACT)
}

/// The elements a row-major `rows × cols` matrix at leading dimension `ld` spans.
fn mat_len(rows: u64, cols: u64, ld: u64) -> Result<usize, urnum_status> {
    if rows == 0 || cols == 0 {
        return Ok(0);
    }
    (rows - 1)
        .checked_mul(ld)
        .and_then(|v| v.checked_add(cols))
        .and_then(|v| usize::try_from(v).ok())
        .ok_or(CONTRACT)
}

fn usize_of(v: u64) -> Result<usize, urnum_status> {
    usize::try_from(v).map_err(|_| CONTRACT)
}

fn isize_of(v: i64) -> Result<isize, urnum_status> {
    isize::try_from(v).map_err(|_| CONTRACT)
}

/// The `len` elements at `p`, converted.
///
/// # Safety
/// A non-NULL `p` must point to `len` readable, aligned `C`s.
unsafe fn read<C: CElem>(p: *const C, len: usize) -> Result<Vec<C::R>, urnum_status> {
    if len == 0 {
        return Ok(Vec::new());
    }
    let n = u32::try_from(len).map_err(|_| CONTRACT)?;
    // SAFETY: forwarded from the caller.
    let s = unsafe { raw::items(p, n) }.ok_or(CONTRACT)?;
    Ok(s.iter().map(|c| c.to_r()).collect())
}

/// Writes `v` back to the caller's `p` (which held `v.len()` elements when read).
///
/// # Safety
/// `p` must point to `v.len()` writable, aligned `C`s: the in-out operand the
/// routine's caller passed (and [`read`] read), writable by the ABI's contract.
unsafe fn write_back<C: CElem>(p: *mut C, v: &[C::R]) {
    for (i, r) in v.iter().enumerate() {
        // SAFETY: `i < v.len()`, and the caller gives `v.len()` writable,
        // aligned elements at `p`.
        unsafe { p.add(i).write(C::of_r(*r)) };
    }
}

/// Stores a routine's value at `out`.
///
/// # Safety
/// A non-NULL `out` must be writable for one `C`.
unsafe fn put<C: CElem>(out: *mut C, v: C::R) -> urnum_status {
    // SAFETY: forwarded from the caller.
    if unsafe { raw::put(out, C::of_r(v)) } {
        OK
    } else {
        CONTRACT
    }
}

/// The signature of a dot routine at element `T`.
type DotFn<T> = fn(usize, &[T], isize, &[T], isize, Policy, Round) -> Result<T, BlasError>;

/// A dot product entry: reads `x` and `y`, runs `f`, stores the value at `out`.
///
/// # Safety
/// As the named entries: `x`, `y` hold what SoftBLAS reads, `out` writable.
#[allow(clippy::too_many_arguments)]
unsafe fn dot_entry<C: CElem>(
    f: DotFn<C::R>,
    n: u64,
    x: *const C,
    incx: i64,
    y: *const C,
    incy: i64,
    rnd: u8,
    out: *mut C,
) -> urnum_status {
    let go = || -> Result<C::R, urnum_status> {
        let r = round(rnd)?;
        bounded_walk(n, incx, incy)?;
        // SAFETY: forwarded from the caller.
        let xs = unsafe { read(x, vec_len(n, incx)?) }?;
        // SAFETY: forwarded from the caller.
        let ys = unsafe { read(y, vec_len(n, incy)?) }?;
        let (ix, iy) = (isize_of(incx)?, isize_of(incy)?);
        f(usize_of(n)?, &xs, ix, &ys, iy, policy(), r).map_err(|e| blas_status(&e))
    };
    match go() {
        // SAFETY: forwarded from the caller.
        Ok(v) => unsafe { put(out, v) },
        Err(s) => s,
    }
}

/// The operands of a `gemm` call other than the buffers: `(transA, transB)`,
/// `(M, N, P)`, `(alpha, beta)`, `(lda, ldb, ldc)`.
struct Gemm<T> {
    t: (c_char, c_char),
    mnp: (u64, u64, u64),
    ab: (T, T),
    ld: (u64, u64, u64),
}

/// The signature of a gemm routine at element `T`.
type GemmFn<T> = fn(
    Trans,
    Trans,
    usize,
    usize,
    usize,
    T,
    &[T],
    usize,
    &[T],
    usize,
    T,
    &mut [T],
    usize,
    Policy,
    Round,
) -> Result<(), BlasError>;

/// A `gemm` entry: `C ← alpha·op(A)·op(B) + beta·C`, `C` written on `URNUM_OK` only.
///
/// # Safety
/// `a`, `b` readable and `c` readable and writable for what SoftBLAS touches.
unsafe fn gemm_entry<C: CElem>(
    f: GemmFn<C::R>,
    g: Gemm<C>,
    a: *const C,
    b: *const C,
    c: *mut C,
    rnd: u8,
) -> urnum_status {
    let go = || -> Result<(), urnum_status> {
        let r = round(rnd)?;
        let (ta, tb) = (trans(g.t.0)?, trans(g.t.1)?);
        let (m, n, p) = g.mnp;
        let (lda, ldb, ldc) = g.ld;
        let stored = |t: Trans, rows: u64, cols: u64| {
            if t == Trans::N {
                (rows, cols)
            } else {
                (cols, rows)
            }
        };
        let (ar, ac) = stored(ta, m, n);
        let (br, bc) = stored(tb, n, p);
        let overlaps = |rows: u64, cols: u64, ld: u64| rows > 1 && ld < cols;
        let revisits = overlaps(ar, ac, lda) || overlaps(br, bc, ldb) || overlaps(m, p, ldc);
        let steps = m
            .saturating_mul(n)
            .saturating_mul(p)
            .max(m.saturating_mul(p));
        if revisits && steps > URNUM_BLAS_REVISIT_LIMIT {
            return Err(PUNT);
        }
        // SAFETY: forwarded from the caller.
        let av = unsafe { read(a, mat_len(ar, ac, lda)?) }?;
        // SAFETY: forwarded from the caller.
        let bv = unsafe { read(b, mat_len(br, bc, ldb)?) }?;
        let clen = mat_len(m, p, ldc)?;
        // SAFETY: forwarded from the caller.
        let mut cv = unsafe { read(c.cast_const(), clen) }?;
        let (al, be) = (g.ab.0.to_r(), g.ab.1.to_r());
        let (mu, nu, pu) = (usize_of(m)?, usize_of(n)?, usize_of(p)?);
        let (la, lb, lc) = (usize_of(lda)?, usize_of(ldb)?, usize_of(ldc)?);
        f(
            ta,
            tb,
            mu,
            nu,
            pu,
            al,
            &av,
            la,
            &bv,
            lb,
            be,
            &mut cv,
            lc,
            policy(),
            r,
        )
        .map_err(|e| blas_status(&e))?;
        // SAFETY: `c` held `clen` elements when read.
        unsafe { write_back(c, &cv) };
        Ok(())
    };
    match go() {
        Ok(()) => OK,
        Err(s) => s,
    }
}

/// SoftBLAS `sdot`: `Σ x_i·y_i` of binary32 bits, a left fold from +0 in `rndMode`.
///
/// # Safety
/// `X` and `Y` hold what SoftBLAS reads (see the module docs); `out` is writable.
#[no_mangle]
pub unsafe extern "C" fn urnum_sdot(
    N: u64,
    X: *const u32,
    incX: i64,
    Y: *const u32,
    incY: i64,
    rndMode: u8,
    out: *mut u32,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { dot_entry(names::sdot, N, X, incX, Y, incY, rndMode, out) }
}

/// SoftBLAS `ddot`: as [`urnum_sdot`] on binary64 bits.
///
/// # Safety
/// As [`urnum_sdot`].
#[no_mangle]
pub unsafe extern "C" fn urnum_ddot(
    N: u64,
    X: *const u64,
    incX: i64,
    Y: *const u64,
    incY: i64,
    rndMode: u8,
    out: *mut u64,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { dot_entry(names::ddot, N, X, incX, Y, incY, rndMode, out) }
}

/// SoftBLAS `qdot`: as [`urnum_sdot`] on binary128 values.
///
/// # Safety
/// As [`urnum_sdot`].
#[no_mangle]
pub unsafe extern "C" fn urnum_qdot(
    N: u64,
    X: *const urnum_f128,
    incX: i64,
    Y: *const urnum_f128,
    incY: i64,
    rndMode: u8,
    out: *mut urnum_f128,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { dot_entry(names::qdot, N, X, incX, Y, incY, rndMode, out) }
}

/// SoftBLAS `zdotc`: `Σ conj(x_i)·y_i` of complex binary64 values.
///
/// # Safety
/// As [`urnum_sdot`].
#[no_mangle]
pub unsafe extern "C" fn urnum_zdotc(
    N: u64,
    CX: *const urnum_c64,
    incX: i64,
    CY: *const urnum_c64,
    incY: i64,
    rndMode: u8,
    out: *mut urnum_c64,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { dot_entry(names::zdotc, N, CX, incX, CY, incY, rndMode, out) }
}

/// SoftBLAS `cdotu`: `Σ x_i·y_i` of complex binary32 values (no conjugate).
///
/// # Safety
/// As [`urnum_sdot`].
#[no_mangle]
pub unsafe extern "C" fn urnum_cdotu(
    N: u64,
    CX: *const urnum_c32,
    incX: i64,
    CY: *const urnum_c32,
    incY: i64,
    rndMode: u8,
    out: *mut urnum_c32,
) -> urnum_status {
    // SAFETY: forwarded from the caller.
    unsafe { dot_entry(names::cdotu, N, CX, incX, CY, incY, rndMode, out) }
}

/// SoftBLAS `dgemm`: `C ← alpha·op(A)·op(B) + beta·C`, row-major binary64
/// (`op(A)` is `M × N`, `op(B)` `N × P`, `C` `M × P`; transpose codes `N`/`T`).
///
/// # Safety
/// `A`, `B` readable and `C` readable and writable for what SoftBLAS touches
/// (see the module docs).
#[no_mangle]
pub unsafe extern "C" fn urnum_dgemm(
    transA: c_char,
    transB: c_char,
    M: u64,
    N: u64,
    P: u64,
    alpha: u64,
    A: *const u64,
    lda: u64,
    B: *const u64,
    ldb: u64,
    beta: u64,
    C: *mut u64,
    ldc: u64,
    rndMode: u8,
) -> urnum_status {
    let g = Gemm {
        t: (transA, transB),
        mnp: (M, N, P),
        ab: (alpha, beta),
        ld: (lda, ldb, ldc),
    };
    // SAFETY: forwarded from the caller.
    unsafe { gemm_entry(names::dgemm, g, A, B, C, rndMode) }
}

/// SoftBLAS `sgemm`: as [`urnum_dgemm`] on binary32 bits.
///
/// # Safety
/// As [`urnum_dgemm`].
#[no_mangle]
pub unsafe extern "C" fn urnum_sgemm(
    transA: c_char,
    transB: c_char,
    M: u64,
    N: u64,
    P: u64,
    alpha: u32,
    A: *const u32,
    lda: u64,
    B: *const u32,
    ldb: u64,
    beta: u32,
    C: *mut u32,
    ldc: u64,
    rndMode: u8,
) -> urnum_status {
    let g = Gemm {
        t: (transA, transB),
        mnp: (M, N, P),
        ab: (alpha, beta),
        ld: (lda, ldb, ldc),
    };
    // SAFETY: forwarded from the caller.
    unsafe { gemm_entry(names::sgemm, g, A, B, C, rndMode) }
}

/// SoftBLAS `zgemm`: as [`urnum_dgemm`] on complex binary64 values (`C`, the
/// conjugate transpose, allowed).
///
/// # Safety
/// As [`urnum_dgemm`].
#[no_mangle]
pub unsafe extern "C" fn urnum_zgemm(
    transA: c_char,
    transB: c_char,
    M: u64,
    N: u64,
    P: u64,
    alpha: urnum_c64,
    A: *const urnum_c64,
    lda: u64,
    B: *const urnum_c64,
    ldb: u64,
    beta: urnum_c64,
    C: *mut urnum_c64,
    ldc: u64,
    rndMode: u8,
) -> urnum_status {
    let g = Gemm {
        t: (transA, transB),
        mnp: (M, N, P),
        ab: (alpha, beta),
        ld: (lda, ldb, ldc),
    };
    // SAFETY: forwarded from the caller.
    unsafe { gemm_entry(names::zgemm, g, A, B, C, rndMode) }
}

/// SoftBLAS `daxpy`: `Y ← alpha·X + Y` on binary64 bits (two roundings per
/// element, no FMA); `Y` written on `URNUM_OK` only.
///
/// # Safety
/// `X` readable and `Y` readable and writable for what SoftBLAS touches.
#[no_mangle]
pub unsafe extern "C" fn urnum_daxpy(
    N: u64,
    DA: u64,
    DX: *const u64,
    incX: i64,
    DY: *mut u64,
    incY: i64,
    rndMode: u8,
) -> urnum_status {
    let go = || -> Result<(), urnum_status> {
        let r = round(rndMode)?;
        bounded_walk(N, incX, incY)?;
        // SAFETY: forwarded from the caller.
        let xs = unsafe { read(DX, vec_len(N, incX)?) }?;
        // SAFETY: forwarded from the caller.
        let mut ys = unsafe { read(DY.cast_const(), vec_len(N, incY)?) }?;
        let (ix, iy) = (isize_of(incX)?, isize_of(incY)?);
        blas::axpy(usize_of(N)?, DA, &xs, ix, &mut ys, iy, policy(), r)
            .map_err(|e| blas_status(&e))?;
        // SAFETY: `DY` held `ys.len()` elements when read.
        unsafe { write_back(DY, &ys) };
        Ok(())
    };
    match go() {
        Ok(()) => OK,
        Err(s) => s,
    }
}
