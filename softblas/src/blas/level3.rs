//! BLAS level 3: `?gemm`.
//!
//! Ports `urbit/SoftBLAS@baeb8db` `src/blas/level3/{h,s,d,q,i,c,z,v}gemm.c`.

use super::level2::last_index;
use super::run;
use super::{holds, BlasError, Elem, Trans};
use crate::policy::Policy;
use crate::round::Round;

/// `C ← α·op(A)·op(B) + β·C` (`?gemm`) with `op(A)` `m × n`, `op(B)` `n × p` and
/// `C` `m × p`, all row-major, as SoftBLAS computes it.
///
/// For each cell in row-major order (`i` then `j`): `d = +0`, then for `k`
/// ascending `d = d + op(A)_{ik}·op(B)_{kj}` (a left fold, product and sum
/// rounded separately in `r`), then `C_{ij} = unify(α·d + β·C_{ij})`, two
/// products and a sum each rounded (`β = 0` still multiplies). With `α = 1`,
/// `β = 0` and a finite `C` this is Lagoon's `+mmul` cell order exactly
/// (`+mmul` of `lagoon.hoon@aa6f2a6`). `op(A)_{ik}` is `A[i·lda + k]` ([`Trans::N`]) or
/// `A[i + k·lda]` ([`Trans::T`]; [`Trans::C`] also conjugates, complex only);
/// `op(B)_{kj}` is `B[k·ldb + j]` or `B[k + j·ldb]`; `C_{ij}` is `C[i·ldc + j]`.
///
/// # Errors
/// [`BlasError::Arg`] (nothing written) for [`Trans::C`] on real elements, which
/// SoftBLAS rejects by returning; [`BlasError::Short`] when a buffer is shorter
/// than the positions read or written.
#[allow(clippy::too_many_arguments)]
pub fn gemm<E: Elem>(
    ta: Trans,
    tb: Trans,
    m: usize,
    n: usize,
    p: usize,
    alpha: E,
    a: &[E],
    lda: usize,
    b: &[E],
    ldb: usize,
    beta: E,
    c: &mut [E],
    ldc: usize,
    pol: Policy,
    r: Round,
) -> Result<(), BlasError> {
    let real = E::default().conj().is_none();
    if real && (ta == Trans::C || tb == Trans::C) {
        return Err(BlasError::Arg("gemm: 'C' is for complex elements"));
    }
    let held = [(a.len(), lda), (b.len(), ldb), (c.len(), ldc)];
    check_holds(ta, tb, (m, n, p), held)?;
    run::gemm(
        (m, n, p),
        alpha,
        [(a, ta, lda), (b, tb, ldb)],
        beta,
        (c, ldc),
        pol,
        r,
    );
    Ok(())
}

/// Checks that `a`, `b` and `c` (given as `[(len, ld); 3]`) hold every position a
/// product of `op(A)` `m × n` by `op(B)` `n × p` into `C` `m × p` reads or writes.
pub(super) fn check_holds(
    ta: Trans,
    tb: Trans,
    (m, n, p): (usize, usize, usize),
    [(alen, lda), (blen, ldb), (clen, ldc)]: [(usize, usize); 3],
) -> Result<(), BlasError> {
    if m > 0 && n > 0 {
        holds(alen, last_index(m, n, lda, ta == Trans::N)? + 1, "a")?;
    }
    if n > 0 && p > 0 {
        holds(blen, last_index(n, p, ldb, tb == Trans::N)? + 1, "b")?;
    }
    if m > 0 && p > 0 {
        holds(clen, last_index(m, p, ldc, true)? + 1, "c")?;
    }
    Ok(())
}
