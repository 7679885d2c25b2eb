//! BLAS level 2: `?gemv`.
//!
//! Ports `urbit/SoftBLAS@baeb8db` `src/blas/level2/{h,s,d,q,i,c,z,v}gemv.c`.

use super::{holds, run, BlasError, Elem, Layout, Trans};
use crate::policy::Policy;
use crate::round::Round;

/// `y ← α·op(A)·x + β·y` (`?gemv`) for an `m × n` matrix `A`, as SoftBLAS computes it.
///
/// For each output `i` in order (`i < m` for [`Trans::N`], `i < n` otherwise):
/// `d = +0`, then for `j` ascending `d = d + op(A)_{ij}·x_j` (a left fold, the
/// product and the sum rounded separately in `r`), then
/// `y_i = unify(α·d + β·y_i)` — two products and a sum, each rounded; `β = 0`
/// does not skip `β·y_i` (so a NaN or ∞ in `y` stays NaN). `A_{ij}` is at
/// `i·lda + j` ([`Layout::Row`]) or `i + j·lda` ([`Layout::Col`]); `x_j` at
/// `j·incx`, `y_i` at `i·incy`. [`Trans::C`] reads `A` transposed with each
/// element conjugated by a sign flip (complex elements only).
///
/// # Errors
/// [`BlasError::Arg`] (nothing written) for [`Trans::C`] on real elements or a
/// zero stride, where SoftBLAS returns without writing;
/// [`BlasError::Short`] when a buffer is shorter than the positions read.
#[allow(clippy::too_many_arguments)]
pub fn gemv<E: Elem>(
    layout: Layout,
    trans: Trans,
    m: usize,
    n: usize,
    alpha: E,
    a: &[E],
    lda: usize,
    x: &[E],
    incx: usize,
    beta: E,
    y: &mut [E],
    incy: usize,
    pol: Policy,
    r: Round,
) -> Result<(), BlasError> {
    let conj = match trans {
        Trans::C if E::default().conj().is_none() => {
            return Err(BlasError::Arg("gemv: 'C' is for complex elements"))
        }
        Trans::C => true,
        _ => false,
    };
    if incx == 0 || incy == 0 {
        return Err(BlasError::Arg("gemv: strides must be positive"));
    }
    let (rows, inner) = if trans == Trans::N { (m, n) } else { (n, m) };
    let at = |i: usize, j: usize| match layout {
        Layout::Row => i * lda + j,
        Layout::Col => i + j * lda,
    };
    // op(A)_{ij} is A_{ij} (N) or A_{ji} (T, C).
    let pos = |i: usize, j: usize| {
        if trans == Trans::N {
            at(i, j)
        } else {
            at(j, i)
        }
    };
    if rows > 0 && inner > 0 {
        let last = last_index(m, n, lda, layout == Layout::Row)?;
        holds(a.len(), last + 1, "a")?;
    }
    if inner > 0 {
        holds(x.len(), span(inner, incx)? + 1, "x")?;
    }
    if rows > 0 {
        holds(y.len(), span(rows, incy)? + 1, "y")?;
    }
    let a = run::Operand {
        v: a,
        at: pos,
        conj,
    };
    run::gemv((rows, inner), alpha, a, (x, incx), beta, (y, incy), pol, r);
    Ok(())
}

/// `(count − 1)·inc`, or [`BlasError::Short`] on overflow.
pub(crate) fn span(count: usize, inc: usize) -> Result<usize, BlasError> {
    (count - 1).checked_mul(inc).ok_or(BlasError::Short {
        arg: "stride",
        need: usize::MAX,
        len: 0,
    })
}

/// The largest position of an `rows × cols` matrix at leading dimension `ld`,
/// row-major (`i·ld + j`) or column-major (`i + j·ld`); both extents non-zero.
pub(crate) fn last_index(
    rows: usize,
    cols: usize,
    ld: usize,
    row_major: bool,
) -> Result<usize, BlasError> {
    let (outer, inner) = if row_major {
        (rows, cols)
    } else {
        (cols, rows)
    };
    (outer - 1)
        .checked_mul(ld)
        .and_then(|v| v.checked_add(inner - 1))
        .ok_or(BlasError::Short {
            arg: "leading dimension",
            need: usize::MAX,
            len: 0,
        })
}
