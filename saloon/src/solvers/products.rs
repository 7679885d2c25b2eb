//! The products the solvers are built from: `+matvec +matvec-t +dotv
//! +nrm2 +axpyv +col-dot +gram`, on rays and on grids.

use crate::door::Sa;
use crate::error::SaloonError;
use crate::fl::Fl;
use crate::grid::{ensure_of, ensure_rank, Grid};
use lagoon::{Meta, Ray};
use softblas::{Atom, Kind};

pub(super) fn zeros(shape: Vec<u64>, b: u32) -> Result<Grid, SaloonError> {
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
/// when `d² · rows` passes [`GRAM_WORK_LIMIT`](super::GRAM_WORK_LIMIT).
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
