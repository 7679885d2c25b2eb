//! The thin SVD by one-sided Jacobi: `+svd-sweep +svd +svd-vals` of
//! `saloon/desk/lib/saloon.hoon@424a2bf`.
//!
//! A sweep visits the column pairs `p < q` in the Jacobi order; with
//! `α = w_p·w_p`, `β = w_q·w_q`, `γ = w_p·w_q` (left folds from +0), a pair
//! rotates when `γ` is not bitwise +0 and `|γ| >= tol·√(α·β)`, by the rotation
//! of `ζ = (β − α)/(2γ)` (the `+eig` formulas), applied to the columns of `w`
//! and `v`. `+svd` sweeps until a sweep rotates nothing, at most 30 times,
//! takes the column norms (`+fsqt` of `w_j·w_j`) as singular values, orders
//! them with Lagoon's `+argsort-dim … %des` (stable), and divides each kept
//! column by its value (a bitwise-+0 value leaves the column zero).

use crate::door::Sa;
use crate::eig::{pair_count, pairs, rotate, rotation};
use crate::error::SaloonError;
use crate::fl::Fl;
use crate::grid::{tall_matrix, Grid};
use crate::solvers::g_col_dot;
use lagoon::axis::SortDir;
use lagoon::{Meta, Ray};
use softblas::Kind;

/// The most sweeps `+svd` runs.
pub const SVD_SWEEP_CAP: u32 = 30;

/// The most column-pair row visits [`svd`] spends in all its sweeps: each
/// sweep reads `rows` entries of two columns for each of its `n(n−1)/2` pairs
/// (three column dot products, and two rotations when the pair spins). A sweep
/// that would pass this budget is not run and the call is unsupported; the
/// Hoon has no limit, and a `2^20 × 4` matrix that never converges took 41 s
/// for its 30 sweeps (an `arms` fuzz timeout).
pub const SVD_WORK_LIMIT: u64 = crate::door::Limits::JET.svd;

/// Port of `+svd-sweep [w v tol]` on grids: one sweep, rotating `w` and `v`
/// in place; returns the number of rotations applied (`rots`).
///
/// # Errors
/// The crashes of `+gi` on malformed inputs; `(snag 1 shape.meta.w)` of a rank-0/1 `w`;
/// [`SaloonError::Unsupported`] when `(rows of w + rows of v) · n(n−1)/2` passes [`SVD_WORK_LIMIT`].
pub fn svd_sweep(sa: &Sa, w: &mut Grid, v: &mut Grid, tol: u128) -> Result<u64, SaloonError> {
    let f = Fl::new(sa.policy.exec, w.meta.bloq, sa.rnd);
    let n = w.dim(1, "svd-sweep")?;
    if n <= 1 {
        return Ok(0);
    }
    // Both `w` and `v` are rotated, so both their row counts are charged.
    let rows = u128::from(w.dim(0, "svd-sweep")?) + u128::from(v.dim(0, "svd-sweep")?);
    let visits = rows.saturating_mul(pair_count(n));
    let limit = sa.limits.svd;
    if visits > u128::from(limit) {
        return Err(SaloonError::Unsupported(format!(
            "svd-sweep: one sweep needs more than {limit} column-pair row visits \
             (the door's Limits::svd)"
        )));
    }
    let mut rots = 0;
    for (p, q) in pairs(n, "svd-sweep")? {
        let al = g_col_dot(sa, w, p, p)?;
        let be = g_col_dot(sa, w, q, q)?;
        let ga = g_col_dot(sa, w, p, q)?;
        let spin = ga != f.zero() && f.gte(f.abs(ga), f.mul(tol, f.sqt(f.mul(al, be))));
        if spin {
            let (c, s) = rotation(f, f.sub(be, al), ga);
            rotate(sa, w, (p, q), (c, s), false)?;
            rotate(sa, v, (p, q), (c, s), false)?;
            rots += 1;
        }
    }
    Ok(rots)
}

/// What `+svd` returns: `A = U·diag(S)·Vᵀ`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Svd {
    /// `u`: `[~[rows n] b %i754 ~]`, orthonormal columns.
    pub u: Ray,
    /// `s`: `[~[n] b %i754 ~]`, descending.
    pub s: Ray,
    /// `v`: `[~[n n] b %i754 ~]`.
    pub v: Ray,
}

/// Port of `+svd a`: the thin SVD of a `rows × n` matrix, `rows >= n`.
///
/// `tol` is `rtol`, or `+feps` when `rtol = 0x1`.
///
/// # Errors
/// [`SaloonError::Crash`]: bloq outside 4..=7, not `%i754`, not rank 2,
/// `'saloon svd: needs rows >= cols; …'`; `n = 0` (Lagoon's `+eye`);
/// [`SaloonError::Unsupported`] when the sweeps run would pass [`SVD_WORK_LIMIT`].
pub fn svd(sa: &Sa, a: &Ray) -> Result<Svd, SaloonError> {
    let arm = "svd";
    let tall = "saloon svd: needs rows >= cols; transpose and swap u/v for a wide matrix";
    let (rows, n) = tall_matrix(a, arm, tall)?;
    let b = a.meta.bloq;
    // rows · n(n−1)/2 row visits per sweep, charged against the budget before each sweep.
    let per_sweep = u128::from(rows).saturating_mul(pair_count(n));
    let limit = sa.limits.svd;
    let over = || {
        SaloonError::Unsupported(format!(
            "{arm}: the sweeps of a {rows} × {n} matrix need more than {limit} column-pair \
             row visits (the door's Limits::svd)"
        ))
    };
    if per_sweep > u128::from(limit) {
        return Err(over());
    }
    let tol = sa.tol_or_feps(b).low_u128();
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    let mut w = Grid::of(a)?;
    let mut vv = Grid::of(&lagoon::eye(&Meta::new(vec![n, n], b, Kind::I754))?)?;
    let mut spent: u128 = 0;
    for _ in 0..SVD_SWEEP_CAP {
        spent = spent.saturating_add(per_sweep);
        if spent > u128::from(limit) {
            return Err(over());
        }
        if svd_sweep(sa, &mut w, &mut vv, tol)? == 0 {
            break;
        }
    }
    let mut sv = Grid::zeros(Meta::new(vec![n], b, Kind::I754))?;
    for j in 0..n {
        sv.si(&[j], f.sqt(g_col_dot(sa, &w, j, j)?))?;
    }
    let perm = Grid::of(&lagoon::axis::argsort_dim(
        &sa.lake(),
        &sv.ray()?,
        0,
        SortDir::Des,
    )?)?;
    let mut s = Grid::zeros(Meta::new(vec![n], b, Kind::I754))?;
    let mut u = Grid::zeros(Meta::new(vec![rows, n], b, Kind::I754))?;
    let mut v = Grid::zeros(Meta::new(vec![n, n], b, Kind::I754))?;
    for j in 0..n {
        let src = u64::try_from(perm.gi(&[j])?)
            .map_err(|_| SaloonError::Unsupported("svd: permutation index".into()))?;
        let sj = sv.gi(&[src])?;
        s.si(&[j], sj)?;
        for i in 0..rows {
            let wij = w.gi(&[i, src])?;
            let x = if sj == f.zero() {
                f.zero()
            } else {
                f.div(wij, sj)
            };
            u.si(&[i, j], x)?;
        }
        for i in 0..n {
            v.si(&[i, j], vv.gi(&[i, src])?)?;
        }
    }
    Ok(Svd {
        u: u.ray()?,
        s: s.ray()?,
        v: v.ray()?,
    })
}

/// Port of `+svd-vals a`: the `s` of [`svd`].
///
/// # Errors
/// As [`svd`].
pub fn svd_vals(sa: &Sa, a: &Ray) -> Result<Ray, SaloonError> {
    Ok(svd(sa, a)?.s)
}
