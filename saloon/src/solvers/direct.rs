//! The direct solvers: the Cholesky factorisations `+chol-unit +chol`, the
//! triangular solves `+trsv-lo +trsv-up +trsv-r`, and `+chol-solve`.

use super::products::zeros;
use crate::door::Sa;
use crate::eig::symmetric;
use crate::error::SaloonError;
use crate::fl::Fl;
use crate::grid::{ensure, ensure_of, ensure_rank, real_matrix, Grid};
use lagoon::Ray;

/// The checks shared by `+chol-unit`, `+cg` and `+pcg`: bloq 4..=7, `%i754`, square rank 2.
pub(super) fn spd_checks(a: &Ray, arm: &'static str) -> Result<u64, SaloonError> {
    let (n, cols) = real_matrix(a, arm)?;
    ensure_of(
        n == cols,
        arm,
        "=(n (snag 1 shape.meta.a))",
        &[("a", &a.meta)],
    )?;
    Ok(n)
}

/// Port of `+chol-unit a`: the lower Cholesky factor `L` (`A = L·Lᵀ`), or
/// `None` when a pivot is `<= 0` (a NaN pivot is not caught, and carries on).
///
/// Column by column: `piv = a_jj − Σ_{k<j} l_jk²` (subtracted left to right),
/// `l_jj = +fsqt piv`, then `l_ij = (a_ij − Σ_{k<j} l_ik·l_jk) / l_jj` for `i > j`.
///
/// # Errors
/// [`SaloonError::Crash`]: bloq outside 4..=7, not `%i754`, not square rank 2,
/// `'saloon chol: matrix is not symmetric'` (`+near`);
/// [`SaloonError::Unsupported`] when `n(n + 1)(n + 2)/6` passes [`CHOL_WORK_LIMIT`](super::CHOL_WORK_LIMIT)
/// (checked after the symmetry and the first pivot).
pub fn chol_unit(sa: &Sa, a: &Ray) -> Result<Option<Ray>, SaloonError> {
    let arm = "chol-unit";
    let n = spd_checks(a, arm)?;
    let b = a.meta.bloq;
    let a = Grid::of(a)?;
    ensure(
        symmetric(sa, &a)?,
        arm,
        "saloon chol: matrix is not symmetric",
    )?;
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    // The first pivot is `a[0, 0]` itself: not positive, the Hoon stops at
    // once, whatever the size; else the whole factorization is charged.
    if n > 0 && f.lte(a.gi(&[0, 0])?, f.zero()) {
        return Ok(None);
    }
    let n128 = u128::from(n);
    let limit = sa.limits.chol;
    if n128.saturating_mul(n128 + 1).saturating_mul(n128 + 2) / 6 > u128::from(limit) {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: the factorization of a {n} × {n} matrix exceeds the bound of {limit} \
             steps (the door's Limits::chol)"
        )));
    }
    let mut l = zeros(vec![n, n], b)?;
    for j in 0..n {
        let mut piv = a.gi(&[j, j])?;
        for k in 0..j {
            let ljk = l.gi(&[j, k])?;
            piv = f.sub(piv, f.mul(ljk, ljk));
        }
        if f.lte(piv, f.zero()) {
            return Ok(None);
        }
        let ljj = f.sqt(piv);
        l.si(&[j, j], ljj)?;
        for i in j + 1..n {
            let mut off = a.gi(&[i, j])?;
            for k in 0..j {
                off = f.sub(off, f.mul(l.gi(&[i, k])?, l.gi(&[j, k])?));
            }
            l.si(&[i, j], f.div(off, ljj))?;
        }
    }
    Ok(Some(l.ray()?))
}

/// Port of `+chol a`: [`chol_unit`], crashing where it gives `None`.
///
/// # Errors
/// As [`chol_unit`]; `'saloon chol: matrix is not positive definite'`.
pub fn chol(sa: &Sa, a: &Ray) -> Result<Ray, SaloonError> {
    chol_unit(sa, a)?
        .ok_or_else(|| SaloonError::crash("chol", "saloon chol: matrix is not positive definite"))
}

/// The checks of the triangular solves: `t` square rank 2, `v` rank 1 of the same length.
fn tri_checks(t: &Grid, v: &Grid, arm: &'static str) -> Result<u64, SaloonError> {
    let both = [("l", &t.meta), ("v", &v.meta)];
    ensure_rank(both[0], 2, &both, arm)?;
    let n = t.dim(0, arm)?;
    ensure_of(
        n == t.meta.shape[1],
        arm,
        "=(n (snag 1 shape.meta.l))",
        &[("l", &t.meta), ("v", &v.meta)],
    )?;
    ensure_rank(both[1], 1, &both, arm)?;
    ensure_of(
        n == v.dim(0, arm)?,
        arm,
        "=(n (snag 0 shape.meta.v))",
        &[("l", &t.meta), ("v", &v.meta)],
    )?;
    Ok(n)
}

/// Which triangle a substitution reads, and how.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tri {
    /// `+trsv-lo`: `L·y = v`, forward, `l[i,k]`.
    Lower,
    /// `+trsv-up`: `Lᵀ·x = v`, backward, `l[k,i]`.
    UpperOfLower,
    /// `+trsv-r`: `R·x = v`, backward, `r[i,k]`.
    Upper,
}

fn g_trsv(sa: &Sa, t: &Grid, v: &Grid, tri: Tri, arm: &'static str) -> Result<Grid, SaloonError> {
    let n = tri_checks(t, v, arm)?;
    let b = t.meta.bloq;
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    let mut x = zeros(vec![n], b)?;
    let order: Vec<u64> = match tri {
        Tri::Lower => (0..n).collect(),
        _ => (0..n).rev().collect(),
    };
    for i in order {
        let mut rhs = v.gi(&[i])?;
        let ks: Vec<u64> = match tri {
            Tri::Lower => (0..i).collect(),
            _ => (i + 1..n).collect(),
        };
        for k in ks {
            let tik = match tri {
                Tri::UpperOfLower => t.gi(&[k, i])?,
                _ => t.gi(&[i, k])?,
            };
            rhs = f.sub(rhs, f.mul(tik, x.gi(&[k])?));
        }
        x.si(&[i], f.div(rhs, t.gi(&[i, i])?))?;
    }
    Ok(x)
}

/// Port of `+trsv-lo [l v]`: forward substitution for `L·y = v` (entries above the diagonal ignored).
///
/// # Errors
/// [`SaloonError::Crash`] unless `l` is square rank 2 and `v` rank 1 of its side.
pub fn trsv_lo(sa: &Sa, l: &Ray, v: &Ray) -> Result<Ray, SaloonError> {
    g_trsv(sa, &Grid::of(l)?, &Grid::of(v)?, Tri::Lower, "trsv-lo")?.ray()
}

/// Port of `+trsv-up [l v]`: back substitution for `Lᵀ·x = v`, reading `l` transposed.
///
/// # Errors
/// As [`trsv_lo`].
pub fn trsv_up(sa: &Sa, l: &Ray, v: &Ray) -> Result<Ray, SaloonError> {
    g_trsv(
        sa,
        &Grid::of(l)?,
        &Grid::of(v)?,
        Tri::UpperOfLower,
        "trsv-up",
    )?
    .ray()
}

/// Port of `+trsv-r [r v]`: back substitution for `R·x = v` (entries below the diagonal ignored).
///
/// # Errors
/// As [`trsv_lo`].
pub fn trsv_r(sa: &Sa, r: &Ray, v: &Ray) -> Result<Ray, SaloonError> {
    g_trsv(sa, &Grid::of(r)?, &Grid::of(v)?, Tri::Upper, "trsv-r")?.ray()
}

pub(crate) fn g_trsv_r(sa: &Sa, r: &Grid, v: &Grid) -> Result<Grid, SaloonError> {
    g_trsv(sa, r, v, Tri::Upper, "trsv-r")
}

/// Port of `+chol-solve [a v]`: `(trsv-up l (trsv-lo l v))` with `l = (chol a)`.
///
/// # Errors
/// As [`chol`] and [`trsv_lo`].
pub fn chol_solve(sa: &Sa, a: &Ray, v: &Ray) -> Result<Ray, SaloonError> {
    let l = Grid::of(&chol(sa, a)?)?;
    let y = g_trsv(sa, &l, &Grid::of(v)?, Tri::Lower, "trsv-lo")?;
    g_trsv(sa, &l, &y, Tri::UpperOfLower, "trsv-up")?.ray()
}
