//! Direct and iterative solvers over rank-1 and rank-2 `%i754` rays: `+matvec
//! +matvec-t +dotv +nrm2 +axpyv +col-dot +gram +chol-unit +chol +trsv-lo
//! +trsv-up +trsv-r +chol-solve +cg +pcg` of `saloon/desk/lib/saloon.hoon@424a2bf`.
//!
//! Every inner product is a LEFT fold from +0 in index order (`acc ← acc + x_i·y_i`,
//! product and sum rounded separately in `rnd`); every substitution subtracts
//! left to right from the right-hand side. Each helper's float width is the
//! bloq of the ray the Hoon takes it from (`bloq.meta.m` for `+matvec`,
//! `bloq.meta.x` for `+dotv`/`+axpyv`, …), and only the arms that say so
//! assert `%i754` or a bloq in 4..=7: on other rays the helpers run the float
//! ops of the `@rq` door on whatever bits the elements hold, as the Hoon does.
//! Results built with `+zeros` have meta `[shape b %i754 ~]`; `+axpyv` keeps
//! `y`'s meta.

use crate::door::Sa;
use crate::eig::symmetric;
use crate::error::SaloonError;
use crate::fl::Fl;
use crate::grid::{ensure, ensure_of, ensure_rank, real_matrix, snag, Grid};
use lagoon::{Meta, Ray};
use softblas::{Atom, Kind};

/// The most iterations urnum runs for `+cg`/`+pcg` (the Hoon runs until `maxit`).
pub const CG_LIMIT: u64 = 1 << 20;

/// The most column-entry products [`gram`] forms: `d² · rows` for a `rows × d`
/// input, one left fold of `rows` products for each of its `d²` entries (an
/// empty column still costs a store, so `rows` counts as at least 1). The Hoon
/// has no limit; a `4096 × 4096` input would take 2^36 steps (hours), so past
/// this budget the call is unsupported before any entry is formed.
pub const GRAM_WORK_LIMIT: u64 = 1 << 24;

/// The most inner-loop steps [`chol_unit`] (so `+chol` and `+chol-solve`)
/// runs for an `n × n` input: column `j` subtracts `j` squares from its pivot
/// and `j` products from each of its `n − j − 1` entries below, which with the
/// stores is `Σ_j (j + 1)(n − j) = n(n + 1)(n + 2)/6`. A NaN pivot is not
/// caught and the Hoon carries on through every column (a `4096 × 4096`
/// input: 1.1·10^10 steps); past this budget the call is unsupported after
/// the symmetry check and the first pivot (a matrix the Hoon rejects at once
/// is rejected as it does), before any column is factored.
pub const CHOL_WORK_LIMIT: u64 = 1 << 24;

fn zeros(shape: Vec<u64>, b: u32) -> Result<Grid, SaloonError> {
    Grid::zeros(Meta::new(shape, b, Kind::I754))
}

pub(crate) fn g_matvec(sa: &Sa, m: &Grid, x: &Grid) -> Result<Grid, SaloonError> {
    matvec_of(sa, m, x, false)
}

pub(crate) fn g_matvec_t(sa: &Sa, m: &Grid, x: &Grid) -> Result<Grid, SaloonError> {
    matvec_of(sa, m, x, true)
}

/// `+matvec` (`m·x`) or, when `transposed`, `+matvec-t` (`mᵀ·x`): output
/// element `o` sums `m[o, k]·x[k]` (`m[k, o]·x[k]`) over `k` from 0, each
/// product and sum rounded in the door's mode, after the Hoon's checks.
fn matvec_of(sa: &Sa, m: &Grid, x: &Grid, transposed: bool) -> Result<Grid, SaloonError> {
    let arm = if transposed { "matvec-t" } else { "matvec" };
    let b = m.meta.bloq;
    let both = [("m", &m.meta), ("x", &x.meta)];
    ensure_rank(both[0], 2, &both, arm)?;
    ensure_rank(both[1], 1, &both, arm)?;
    let rows = m.dim(0, arm)?;
    let cols = m.dim(1, arm)?;
    let (outs, inner, check) = if transposed {
        (cols, rows, "=(rows (snag 0 shape.meta.x))")
    } else {
        (rows, cols, "=(cols (snag 0 shape.meta.x))")
    };
    ensure_of(
        inner == x.dim(0, arm)?,
        arm,
        check,
        &[("m", &m.meta), ("x", &x.meta)],
    )?;
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    let mut r = zeros(vec![outs], b)?;
    for o in 0..outs {
        let mut acc = f.zero();
        for k in 0..inner {
            let at = if transposed { [k, o] } else { [o, k] };
            acc = f.add(acc, f.mul(m.gi(&at)?, x.gi(&[k])?));
        }
        r.si(&[o], acc)?;
    }
    Ok(r)
}

/// The checks of `+dotv`/`+axpyv` (`?>  =(shape.meta.x shape.meta.y)`), then
/// the door's float context and the vectors' length.
fn vector_pair(sa: &Sa, arm: &'static str, x: &Grid, y: &Grid) -> Result<(Fl, u64), SaloonError> {
    ensure_of(
        x.meta.shape == y.meta.shape,
        arm,
        "=(shape.meta.x shape.meta.y)",
        &[("x", &x.meta), ("y", &y.meta)],
    )?;
    Ok((Fl::new(sa.policy.exec, x.meta.bloq, sa.rnd), x.dim(0, arm)?))
}

pub(crate) fn g_dotv(sa: &Sa, x: &Grid, y: &Grid) -> Result<u128, SaloonError> {
    let arm = "dotv";
    let (f, n) = vector_pair(sa, arm, x, y)?;
    let mut acc = f.zero();
    for i in 0..n {
        acc = f.add(acc, f.mul(x.gi(&[i])?, y.gi(&[i])?));
    }
    Ok(acc)
}

pub(crate) fn g_nrm2(sa: &Sa, x: &Grid) -> Result<u128, SaloonError> {
    Ok(Fl::new(sa.policy.exec, x.meta.bloq, sa.rnd).sqt(g_dotv(sa, x, x)?))
}

pub(crate) fn g_axpyv(sa: &Sa, al: u128, x: &Grid, y: &Grid) -> Result<Grid, SaloonError> {
    let arm = "axpyv";
    let (f, n) = vector_pair(sa, arm, x, y)?;
    let mut y = y.clone();
    for i in 0..n {
        let v = f.add(y.gi(&[i])?, f.mul(al, x.gi(&[i])?));
        y.si(&[i], v)?;
    }
    Ok(y)
}

pub(crate) fn g_col_dot(sa: &Sa, w: &Grid, p: u64, q: u64) -> Result<u128, SaloonError> {
    let f = Fl::new(sa.policy.exec, w.meta.bloq, sa.rnd);
    let rows = w.dim(0, "col-dot")?;
    let mut acc = f.zero();
    for i in 0..rows {
        acc = f.add(acc, f.mul(w.gi(&[i, p])?, w.gi(&[i, q])?));
    }
    Ok(acc)
}

/// Port of `+matvec [m x]`: `m·x` for `m` of shape `[rows cols]` and `x` of shape `[cols]`.
///
/// # Errors
/// [`SaloonError::Crash`] unless `m` is rank 2, `x` rank 1 and the lengths agree.
pub fn matvec(sa: &Sa, m: &Ray, x: &Ray) -> Result<Ray, SaloonError> {
    g_matvec(sa, &Grid::of(m)?, &Grid::of(x)?)?.ray()
}

/// Port of `+matvec-t [m x]`: `mᵀ·x` for `x` of shape `[rows]`, without forming `mᵀ`.
///
/// # Errors
/// As [`matvec`].
pub fn matvec_t(sa: &Sa, m: &Ray, x: &Ray) -> Result<Ray, SaloonError> {
    g_matvec_t(sa, &Grid::of(m)?, &Grid::of(x)?)?.ray()
}

/// Port of `+dotv [x y]`: the left-to-right inner product, at `x`'s width.
///
/// # Errors
/// [`SaloonError::Crash`] when the shapes differ, or (through `+gi`) when the rays are not rank 1 and not empty.
pub fn dotv(sa: &Sa, x: &Ray, y: &Ray) -> Result<u128, SaloonError> {
    g_dotv(sa, &Grid::of(x)?, &Grid::of(y)?)
}

/// Port of `+nrm2 x`: `+fsqt` of `x·x`.
///
/// # Errors
/// As [`dotv`].
pub fn nrm2(sa: &Sa, x: &Ray) -> Result<u128, SaloonError> {
    g_nrm2(sa, &Grid::of(x)?)
}

/// Port of `+axpyv [al x y]`: `y + al·x` element by element, `y`'s meta kept.
///
/// # Errors
/// As [`dotv`].
pub fn axpyv(sa: &Sa, al: &Atom, x: &Ray, y: &Ray) -> Result<Ray, SaloonError> {
    g_axpyv(sa, al.low_u128(), &Grid::of(x)?, &Grid::of(y)?)?.ray()
}

/// Port of `+col-dot [w p q]`: the inner product of columns `p` and `q` of `w`.
///
/// # Errors
/// The crashes of `+gi` (a column past the last, a rank above 2).
pub fn col_dot(sa: &Sa, w: &Ray, p: u64, q: u64) -> Result<u128, SaloonError> {
    g_col_dot(sa, &Grid::of(w)?, p, q)
}

/// Port of `+gram x`: `xᵀ·x`, entry `(i, j)` the column inner product `+col-dot x i j`.
///
/// # Errors
/// [`SaloonError::Crash`] unless `x` is rank 2; [`SaloonError::Unsupported`]
/// when `d² · rows` passes [`GRAM_WORK_LIMIT`].
pub fn gram(sa: &Sa, x: &Ray) -> Result<Ray, SaloonError> {
    let arm = "gram";
    if let [rows, d] = x.meta.shape[..] {
        // Checked before the input is unpacked.
        let rows = rows.max(1);
        let work = u128::from(d)
            .saturating_mul(u128::from(d))
            .saturating_mul(u128::from(rows));
        let limit = sa.limits.gram;
        if work > u128::from(limit) {
            return Err(SaloonError::Unsupported(format!(
                "{arm}: {d} × {d} column products of {rows} rows exceed the bound of {limit} \
                 steps (the door's Limits::gram)"
            )));
        }
    }
    let x = Grid::of(x)?;
    ensure_of(
        x.meta.rank() == 2,
        arm,
        "=(2 (lent shape.meta.x))",
        &[("x", &x.meta)],
    )?;
    let d = x.dim(1, arm)?;
    let mut g = zeros(vec![d, d], x.meta.bloq)?;
    for i in 0..d {
        for j in 0..d {
            g.si(&[i, j], g_col_dot(sa, &x, i, j)?)?;
        }
    }
    g.ray()
}

/// The checks shared by `+chol-unit`, `+cg` and `+pcg`: bloq 4..=7, `%i754`, square rank 2.
fn spd_checks(a: &Ray, arm: &'static str) -> Result<u64, SaloonError> {
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
/// [`SaloonError::Unsupported`] when `n(n + 1)(n + 2)/6` passes [`CHOL_WORK_LIMIT`]
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
fn bound(maxit: &Atom) -> Option<u64> {
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
/// As [`chol_unit`] (`'saloon cg: matrix is not symmetric'`); `v` not rank 1 of
/// `a`'s side; [`SaloonError::Unsupported`] past [`CG_LIMIT`] iterations, or
/// for a stuck iteration with `maxit >= 2^64`.
pub fn cg(sa: &Sa, a: &Ray, v: &Ray, maxit: &Atom) -> Result<Solve, SaloonError> {
    cg_loop(sa, a, v, maxit, Jump::AtFixedPoint)
}

/// Whether [`cg`]/[`pcg`] jump to `maxit` once an iteration leaves the whole
/// loop state unchanged (tests run the literal loop with [`Jump::Never`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Jump {
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

fn cg_loop(sa: &Sa, a: &Ray, v: &Ray, maxit: &Atom, jump: Jump) -> Result<Solve, SaloonError> {
    let arm = "cg";
    let (n, ag, vg, thresh) = cg_setup(sa, a, v, arm, "saloon cg: matrix is not symmetric")?;
    krylov(sa, arm, &ag, vg, thresh, bound(maxit), jump, None, n)
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
    pcg_loop(sa, a, v, maxit, Jump::AtFixedPoint)
}

fn pcg_loop(sa: &Sa, a: &Ray, v: &Ray, maxit: &Atom, jump: Jump) -> Result<Solve, SaloonError> {
    let arm = "pcg";
    let (n, ag, vg, thresh) = cg_setup(sa, a, v, arm, "saloon pcg: matrix is not symmetric")?;
    let b = a.meta.bloq;
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
    krylov(sa, arm, &ag, vg, thresh, bound(maxit), jump, Some(&dinv), n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use softblas::{DoorRound, Round};

    fn rd(shape: Vec<u64>, xs: &[u64]) -> Ray {
        let e: Vec<Atom> = xs.iter().map(|&x| Atom::from_u64(x)).collect();
        Ray::from_elems(Meta::new(shape, 6, Kind::I754), &e).unwrap()
    }

    const ONE: u64 = 0x3ff0_0000_0000_0000;
    const NAN: u64 = 0x7ff8_0000_0000_0000;
    const INF: u64 = 0x7ff0_0000_0000_0000;

    /// Systems whose iteration reaches a fixed point (NaN or ∞ data), one
    /// that converges, and one that stops on `pap = +0`.
    fn systems() -> Vec<(Ray, Ray)> {
        let eye = rd(vec![2, 2], &[ONE, 0, 0, ONE]);
        let spd = rd(vec![2, 2], &[0x4010 << 48, 1 << 62, 1 << 62, 0x4014 << 48]);
        vec![
            (eye.clone(), rd(vec![2], &[NAN, ONE])),
            (spd.clone(), rd(vec![2], &[INF, ONE])),
            (rd(vec![2, 2], &[NAN, 0, 0, ONE]), rd(vec![2], &[ONE, ONE])),
            (spd, rd(vec![2], &[0x4024 << 48, 0x4022 << 48])),
            (rd(vec![2, 2], &[0, 0, 0, 0]), rd(vec![2], &[ONE, ONE])),
        ]
    }

    /// The jump at a fixed point gives the literal loop's result, for every
    /// `maxit` up to past the point where the state stops changing.
    #[test]
    fn fixed_point_jumps_match_the_literal_loop() {
        let mut jumped = 0;
        for r in Round::HOON {
            let sa = Sa::sake(r, Atom::from_u64(0x3d71_9799_812d_ea11));
            for (a, v) in systems() {
                for maxit in [0u64, 1, 2, 3, 5, 40, 300] {
                    let m = Atom::from_u64(maxit);
                    for (fast, slow) in [
                        (cg(&sa, &a, &v, &m), cg_loop(&sa, &a, &v, &m, Jump::Never)),
                        (pcg(&sa, &a, &v, &m), pcg_loop(&sa, &a, &v, &m, Jump::Never)),
                    ] {
                        assert_eq!(fast, slow, "%{r:?} maxit {maxit}");
                        jumped += usize::from(fast.as_ref().is_ok_and(|s| s.iter == 300));
                    }
                }
            }
        }
        assert!(jumped > 0, "no case reached maxit");
    }

    /// A stuck state with `maxit` past [`CG_LIMIT`] returns at once with
    /// `iter = maxit`; without a `maxit` below 2^64 it stays unsupported.
    #[test]
    fn stuck_states_do_not_run_to_the_limit() {
        let sa = Sa::sake(Round::N, Atom::from_u64(0x3d71_9799_812d_ea11));
        let (a, v) = systems().swap_remove(0);
        let big = Atom::from_u64(1 << 40);
        assert_eq!(cg(&sa, &a, &v, &big).map(|s| s.iter), Ok(1 << 40));
        assert_eq!(pcg(&sa, &a, &v, &big).map(|s| s.iter), Ok(1 << 40));
        let huge = Atom::from_le_bytes(&[0xff; 9]);
        assert!(matches!(
            cg(&sa, &a, &v, &huge),
            Err(SaloonError::Unsupported(_))
        ));
    }
}
