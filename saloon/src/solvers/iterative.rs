//! The iterative solvers `+cg` and `+pcg`: the conjugate-gradient loop
//! shared by both, with its bound on the iterations and its fixed points.

use super::direct::spd_checks;
use super::products::{g_axpyv, g_dotv, g_matvec, g_nrm2, zeros};
use super::CG_LIMIT;
use crate::door::Sa;
use crate::eig::symmetric;
use crate::error::SaloonError;
use crate::fl::Fl;
use crate::grid::{ensure, ensure_of, snag, Grid};
use lagoon::Ray;
use softblas::Atom;

/// What `+cg` and `+pcg` return: the iterate, the iteration count and the final residual norm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solve {
    /// `x`, the last iterate (`[~[n] b %i754 ~]`).
    pub x: Ray,
    /// `iter`, the iterations taken.
    pub iter: u64,
    /// `rnorm`, the residual norm the loop last computed.
    pub rnorm: u128,
}

fn cg_setup(
    sa: &Sa,
    a: &Ray,
    v: &Ray,
    arm: &'static str,
    sym: &str,
) -> Result<(u64, Grid, Grid, u128), SaloonError> {
    let n = spd_checks(a, arm)?;
    ensure_of(
        v.meta.rank() == 1,
        arm,
        "=(1 (lent shape.meta.v))",
        &[("a", &a.meta), ("v", &v.meta)],
    )?;
    ensure_of(
        n == snag(&v.meta.shape, 0, arm)?,
        arm,
        "=(n (snag 0 shape.meta.v))",
        &[("a", &a.meta), ("v", &v.meta)],
    )?;
    let ag = Grid::of(a)?;
    ensure(symmetric(sa, &ag)?, arm, sym)?;
    let vg = Grid::of(v)?;
    let b = a.meta.bloq;
    let tol = sa.tol_or_feps(b).low_u128();
    let thresh = Fl::new(sa.policy.exec, b, sa.rnd).mul(tol, g_nrm2(sa, &vg)?);
    Ok((n, ag, vg, thresh))
}

/// The iteration bound: `maxit`, or [`CG_LIMIT`] past which urnum declines.
pub(super) fn bound(maxit: &Atom) -> Option<u64> {
    maxit.as_u64()
}

fn too_long(arm: &str) -> SaloonError {
    SaloonError::Unsupported(format!("{arm}: more than {CG_LIMIT} iterations"))
}

/// Port of `+cg [a v maxit]`: conjugate gradient from `x = 0` for a symmetric `a`.
///
/// Per iteration: `rn = +fsqt rs`; stop when `rn <= tol·‖v‖` or `it = maxit`;
/// `ap = a·p`, `pap = p·ap`, stop when `pap` is bitwise +0; `al = rs/pap`,
/// `r' = r + (−al)·ap`, `rs' = r'·r'`, `x += al·p`, `p = r' + (rs'/rs)·p`.
/// `tol` is `rtol`, or `+feps` when `rtol = 0x1` (not width-checked, so a wide
/// tolerance is read by its low bits). An iteration that leaves `(x, r, p, rs)`
/// bitwise unchanged (a NaN or ∞ state, say) repeats forever, so urnum returns
/// at once what the Hoon returns at `it = maxit`.
///
/// # Errors
/// As [`chol_unit`](super::chol_unit) (`'saloon cg: matrix is not symmetric'`); `v` not rank 1 of
/// `a`'s side; [`SaloonError::Unsupported`] past [`CG_LIMIT`] iterations, or
/// for a stuck iteration with `maxit >= 2^64`.
pub fn cg(sa: &Sa, a: &Ray, v: &Ray, maxit: &Atom) -> Result<Solve, SaloonError> {
    cg_loop(sa, a, v, maxit, Jump::AtFixedPoint, false)
}

/// Whether [`cg`]/[`pcg`] jump to `maxit` once an iteration leaves the whole
/// loop state unchanged (tests run the literal loop with [`Jump::Never`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Jump {
    AtFixedPoint,
    #[cfg_attr(not(test), allow(dead_code))]
    Never,
}

/// The result of a loop whose state `(x, r, p, ρ)` is a fixed point of the
/// iteration at count `it`, with residual norm `rn`: every later iteration
/// leaves it as it is and tests the same `rn`, so the Hoon stops at `maxit`.
fn fixed_point(x: &Grid, rn: u128, maxit: Option<u64>, arm: &str) -> Result<Solve, SaloonError> {
    let iter = maxit.ok_or_else(|| {
        SaloonError::Unsupported(format!(
            "{arm}: the iteration is stuck and maxit is 2^64 or more (the count does not fit)"
        ))
    })?;
    Ok(Solve {
        x: x.ray()?,
        iter,
        rnorm: rn,
    })
}

/// The conjugate-gradient loop of [`cg`] (`precond` `None`: `z = r`, and
/// `rn = √(r·r)` from the `r·r` already at hand) and [`pcg`] (`z = dinv ⊙ r`,
/// `rn = +nrm2 r`), from `x = 0`, `r = v`, `p = z`.
#[allow(clippy::too_many_arguments)]
fn krylov(
    sa: &Sa,
    arm: &'static str,
    ag: &Grid,
    vg: Grid,
    thresh: u128,
    maxit: Option<u64>,
    jump: Jump,
    precond: Option<&Grid>,
    n: u64,
) -> Result<Solve, SaloonError> {
    let b = ag.meta.bloq;
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    let scale = |q: &Grid| -> Result<Grid, SaloonError> {
        let Some(dinv) = precond else {
            return Ok(q.clone());
        };
        let mut o = zeros(vec![n], b)?;
        for i in 0..n {
            o.si(&[i], f.mul(q.gi(&[i])?, dinv.gi(&[i])?))?;
        }
        Ok(o)
    };
    let mut x = zeros(vec![n], b)?;
    let z = scale(&vg)?;
    let mut r = vg;
    let mut p = z.clone();
    let mut rz = g_dotv(sa, &r, &z)?;
    let mut it: u64 = 0;
    loop {
        let rn = match precond {
            None => f.sqt(rz),
            Some(_) => g_nrm2(sa, &r)?,
        };
        if f.lte(rn, thresh) || Some(it) == maxit {
            return Ok(Solve {
                x: x.ray()?,
                iter: it,
                rnorm: rn,
            });
        }
        if it >= CG_LIMIT {
            return Err(too_long(arm));
        }
        let ap = g_matvec(sa, ag, &p)?;
        let pap = g_dotv(sa, &p, &ap)?;
        if pap == f.zero() {
            return Ok(Solve {
                x: x.ray()?,
                iter: it,
                rnorm: rn,
            });
        }
        let al = f.div(rz, pap);
        let r2 = g_axpyv(sa, f.neg(al), &ap, &r)?;
        let z2 = scale(&r2)?;
        let rz2 = g_dotv(sa, &r2, &z2)?;
        let x2 = g_axpyv(sa, al, &p, &x)?;
        let p2 = g_axpyv(sa, f.div(rz2, rz), &p, &z2)?;
        if jump == Jump::AtFixedPoint && (&x2, &r2, &p2, rz2) == (&x, &r, &p, rz) {
            return fixed_point(&x, rn, maxit, arm);
        }
        (x, r, p, rz) = (x2, r2, p2, rz2);
        it += 1;
    }
}

/// Port of `+pcg [a v maxit]`: [`cg`] with the Jacobi preconditioner.
///
/// `dinv_i = 1/a_ii` (1 where `a_ii` is bitwise +0); `z = dinv ⊙ r`; the loop
/// is [`cg`]'s with `rz = r·z` in place of `rs`, `rn = +nrm2 r`, and
/// `p = z' + (rz'/rz)·p`.
///
/// # Errors
/// As [`cg`] (`'saloon pcg: matrix is not symmetric'`).
pub fn pcg(sa: &Sa, a: &Ray, v: &Ray, maxit: &Atom) -> Result<Solve, SaloonError> {
    cg_loop(sa, a, v, maxit, Jump::AtFixedPoint, true)
}

/// The loop of [`cg`] (`jacobi` false) or of [`pcg`] (`jacobi`: with the
/// inverse diagonal `dinv` as the preconditioner), jumping as `jump` says.
pub(super) fn cg_loop(
    sa: &Sa,
    a: &Ray,
    v: &Ray,
    maxit: &Atom,
    jump: Jump,
    jacobi: bool,
) -> Result<Solve, SaloonError> {
    let (arm, sym) = if jacobi {
        ("pcg", "saloon pcg: matrix is not symmetric")
    } else {
        ("cg", "saloon cg: matrix is not symmetric")
    };
    let (n, ag, vg, thresh) = cg_setup(sa, a, v, arm, sym)?;
    let dinv = if jacobi {
        Some(inverse_diagonal(sa, &ag, n, a.meta.bloq)?)
    } else {
        None
    };
    krylov(
        sa,
        arm,
        &ag,
        vg,
        thresh,
        bound(maxit),
        jump,
        dinv.as_ref(),
        n,
    )
}

/// `+pcg`'s preconditioner: `1/a_ii` per row of the `n × n` grid `ag` at
/// `bloq`, 1 where `a_ii` is bitwise +0.
fn inverse_diagonal(sa: &Sa, ag: &Grid, n: u64, b: u32) -> Result<Grid, SaloonError> {
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    let mut dinv = zeros(vec![n], b)?;
    for i in 0..n {
        let aii = ag.gi(&[i, i])?;
        let w = if aii == f.zero() {
            f.one()
        } else {
            f.div(f.one(), aii)
        };
        dinv.si(&[i], w)?;
    }
    Ok(dinv)
}
