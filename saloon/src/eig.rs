//! Cyclic Jacobi eigendecomposition of symmetric (`%i754`) and Hermitian
//! (`%cplx`) matrices: `+symmetric +off-norm +frob +diag +rot-cols +rot-rows
//! +sweep-once +hermitian +off-norm-h +frob-h +diag-real +rot-cols-h
//! +rot-rows-h +sweep-herm +eig-herm +eig +eigvals +eigvecs` of
//! `saloon/desk/lib/saloon.hoon@424a2bf`.
//!
//! What is reproduced, step for step, every float op rounded in the door's `rnd`:
//! - pivot order: `(p, q)` row by row over `p < q` (`(0,1) (0,2) … (0,n−1) (1,2) …`);
//!   a pivot whose bits are exactly `+0` is skipped (a `−0` pivot is rotated,
//!   which divides by `−0`);
//! - rotation: `θ = (a_qq − a_pp)/(2·a_pq)`, `t = sign(θ)/(|θ| + √(θ²+1))`,
//!   `c = 1/√(t²+1)`, `s = t·c`, with `+fsqt` (50-step Newton) as the root and
//!   `sign(NaN) = −1`; `M ← Jᵀ(M J)` column pass then row pass, `V ← V J`;
//! - the Hermitian rotation uses `|a_pq|` (`/lib/complex` `abs`) for `a_pq`, the
//!   phase `a_pq / (|a_pq| + 0i)` and `b = (s + 0i)·phase`, `J[q,p] = −conj b`;
//! - stopping: before each sweep, stop when the strictly off-diagonal Frobenius
//!   norm (row-major sum of squares from +0, then `+fsqt`) is `<= rtol·‖A‖_F`;
//!   at most 60 sweeps (the Hoon's `~&` trace on the cap is not reproduced);
//! - `rtol`: the door's, or `+feps` of the width when it is exactly `0x1`; a
//!   tolerance with more bytes than the component crashes;
//! - the symmetry check: `|a_ij − a_ji| <= stol + stol·(|a_ij| + |a_ji|)` for
//!   `i > j` (the Hermitian one compares `a_ij` with `conj a_ji` for `i >= j`,
//!   so the diagonal's imaginary parts are checked too).
//!
//! Eigenvalues come back in the Jacobi order (unsorted) as `[~[n] b %i754 ~]`
//! (`[~[n] cb−1 %i754 ~]` for Hermitian input); eigenvectors are the columns of
//! `V`, `[~[n n] b %i754 ~]` (resp. `%cplx`), as `+eye` builds them.

use crate::door::Sa;
use crate::error::SaloonError;
use crate::fl::{Cf, Fl};
use crate::grid::{ensure, ensure_of, snag, CGrid, Grid, MAX_ELEMS};
use lagoon::{Meta, Ray};
use softblas::scalar::cplx::Cplx;
use softblas::Kind;

/// The most sweeps `+eig` and `+eig-herm` run.
pub const SWEEP_CAP: u32 = 60;

/// The side `n = (snag 0 shape)` of a loop over `n × n` index pairs, or
/// [`SaloonError::Unsupported`] when `n²` exceeds [`MAX_ELEMS`]: a square
/// matrix within the element limit always passes; a side read from a rank-1
/// or degenerate shape (the Hoon indexes such grids too, reading the last
/// index only) could ask for 10^14 reads.
fn square_side(shape: &[u64], arm: &'static str) -> Result<u64, SaloonError> {
    let n = snag(shape, 0, arm)?;
    if u128::from(n) * u128::from(n) > u128::from(MAX_ELEMS) {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: a loop over {n} × {n} index pairs exceeds the bound of {MAX_ELEMS}"
        )));
    }
    Ok(n)
}

/// `(snag 0 shape)`, the rows a rotation walks, when at most [`MAX_ELEMS`].
///
/// A grid with elements has no larger extent; an empty one can (`~[2^64−1 0]`),
/// and the Hoon would walk all its rows (a 30-second `arms` fuzz input:
/// `+sweep-once` with a `v` of 16.7 million empty rows).
///
/// # Errors
/// [`SaloonError::Unsupported`] above the bound; the crash of `snag` on an empty shape.
pub(crate) fn rotation_rows(shape: &[u64], arm: &'static str) -> Result<u64, SaloonError> {
    let n = snag(shape, 0, arm)?;
    if n > MAX_ELEMS {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: a rotation over {n} rows exceeds the bound of {MAX_ELEMS}"
        )));
    }
    Ok(n)
}

/// The rows one Jacobi sweep may rotate in all: `pairs · (2n + rows of v)`
/// for `+sweep-once`/`+sweep-herm`, at most 2^24 (about 2.5 s in a release
/// build at the limit: each row visit reads and writes two elements through
/// the Hoon's index arithmetic; 2^26 took 9 s).
pub const SWEEP_WORK_LIMIT: u64 = 1 << 24;

/// The most rows [`eig`] and [`eig_herm`] rotate in all their sweeps: each
/// sweep that runs is charged `n(n−1)/2 · 3n` (its pivot pairs, each
/// rotating `2n` rows of `m` and `n` of `v`) before it runs, and the call is
/// unsupported once the charges pass this budget. [`SWEEP_WORK_LIMIT`] bounds
/// one sweep only; a matrix whose off-diagonal norm never falls (NaN spreads
/// through it) runs all [`SWEEP_CAP`] sweeps in the Hoon (`n = 355`: 60 ×
/// 6.7·10^7 rows). A matrix that is already diagonal runs no sweep and is
/// never charged. At this budget a `60 × 60` `@rd` matrix that never
/// converges is refused after 52 sweeps, about 1 s in a release build.
pub const EIG_WORK_LIMIT: u64 = 1 << 24;

/// The budget of [`EIG_WORK_LIMIT`] for [`eig_herm`], a quarter of it: a
/// complex rotation costs about four real ones (2^24 rotated rows of `@cd`
/// took over 4 s in a release build).
pub const EIG_HERM_WORK_LIMIT: u64 = 1 << 22;

/// The rows one sweep of [`eig`]/[`eig_herm`] rotates for an `n × n` matrix:
/// `n(n−1)/2 · 3n`.
fn eig_sweep_rows(n: u64) -> u128 {
    pair_count(n).saturating_mul(3 * u128::from(n))
}

/// Charges one more sweep of `n × n` against `limit` ([`EIG_WORK_LIMIT`] or [`EIG_HERM_WORK_LIMIT`]).
fn charge_sweep(
    spent: &mut u128,
    n: u64,
    limit: u64,
    arm: &'static str,
) -> Result<(), SaloonError> {
    *spent = spent.saturating_add(eig_sweep_rows(n));
    if *spent > u128::from(limit) {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: the sweeps of a {n} × {n} matrix rotate more than {limit} rows in all \
             (the door's Limits)"
        )));
    }
    Ok(())
}

/// Checks one sweep's rotations of an `n × n` matrix and a `v` of `v_rows`
/// rows against [`SWEEP_WORK_LIMIT`].
fn sweep_budget(sa: &Sa, n: u64, v_rows: u64, arm: &'static str) -> Result<(), SaloonError> {
    let rows = 2 * u128::from(n) + u128::from(v_rows);
    let limit = sa.limits.sweep;
    if pair_count(n).saturating_mul(rows) > u128::from(limit) {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: one sweep rotates more than {limit} rows (the door's Limits::sweep)"
        )));
    }
    Ok(())
}

/// `+symmetric`: `m` equals its transpose within `+near`, for `i > j` over `n = (snag 0 shape)`.
///
/// # Errors
/// The crashes of `+gi`, `(snag 0 shape)` of an empty shape.
pub fn symmetric(sa: &Sa, m: &Grid) -> Result<bool, SaloonError> {
    let f = Fl::new(sa.policy.exec, m.meta.bloq, sa.rnd);
    let n = square_side(&m.meta.shape, "symmetric")?;
    for i in 0..n {
        for j in 0..i {
            if !f.near(m.gi(&[i, j])?, m.gi(&[j, i])?) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

/// The row-major sum of squares of `m`'s `n × n` entries from +0 (all, or off the diagonal only), then `+fsqt`.
fn norm(sa: &Sa, m: &Grid, off: bool, arm: &'static str) -> Result<u128, SaloonError> {
    let f = Fl::new(sa.policy.exec, m.meta.bloq, sa.rnd);
    let n = square_side(&m.meta.shape, arm)?;
    let mut acc = f.zero();
    for i in 0..n {
        for j in 0..n {
            if off && i == j {
                continue;
            }
            let x = m.gi(&[i, j])?;
            acc = f.add(acc, f.mul(x, x));
        }
    }
    Ok(f.sqt(acc))
}

/// `+off-norm`: the Frobenius norm of the strictly off-diagonal part.
///
/// # Errors
/// As [`symmetric`].
pub fn off_norm(sa: &Sa, m: &Grid) -> Result<u128, SaloonError> {
    norm(sa, m, true, "off-norm")
}

/// `+frob`: the Frobenius norm.
///
/// # Errors
/// As [`symmetric`].
pub fn frob(sa: &Sa, m: &Grid) -> Result<u128, SaloonError> {
    norm(sa, m, false, "frob")
}

/// `+diag`: the diagonal of `m` as `[~[n] bloq %i754 ~]`.
///
/// # Errors
/// As [`symmetric`].
pub fn diag(m: &Grid) -> Result<Grid, SaloonError> {
    let n = m.dim(0, "diag")?;
    let mut r = Grid::zeros(Meta::new(vec![n], m.meta.bloq, Kind::I754))?;
    for i in 0..n {
        r.si(&[i], m.gi(&[i, i])?)?;
    }
    Ok(r)
}

/// `+rot-cols`: `m ← m·J` on columns `p`, `q` (`J_pp = J_qq = c`, `J_pq = s`, `J_qp = −s`).
///
/// # Errors
/// As [`symmetric`].
pub fn rot_cols(
    sa: &Sa,
    m: &mut Grid,
    p: u64,
    q: u64,
    c: u128,
    s: u128,
) -> Result<(), SaloonError> {
    let f = Fl::new(sa.policy.exec, m.meta.bloq, sa.rnd);
    let n = rotation_rows(&m.meta.shape, "rot-cols")?;
    for i in 0..n {
        let mip = m.gi(&[i, p])?;
        let miq = m.gi(&[i, q])?;
        m.si(&[i, p], f.sub(f.mul(c, mip), f.mul(s, miq)))?;
        m.si(&[i, q], f.add(f.mul(s, mip), f.mul(c, miq)))?;
    }
    Ok(())
}

/// `+rot-rows`: `m ← Jᵀ·m` on rows `p`, `q`.
///
/// # Errors
/// As [`symmetric`].
pub fn rot_rows(
    sa: &Sa,
    m: &mut Grid,
    p: u64,
    q: u64,
    c: u128,
    s: u128,
) -> Result<(), SaloonError> {
    let f = Fl::new(sa.policy.exec, m.meta.bloq, sa.rnd);
    let n = rotation_rows(&m.meta.shape, "rot-rows")?;
    for j in 0..n {
        let mpj = m.gi(&[p, j])?;
        let mqj = m.gi(&[q, j])?;
        m.si(&[p, j], f.sub(f.mul(c, mpj), f.mul(s, mqj)))?;
        m.si(&[q, j], f.add(f.mul(s, mpj), f.mul(c, mqj)))?;
    }
    Ok(())
}

/// The rotation `(t, c, s)` that zeros an entry, from `(a_qq − a_pp) / (2·g)`:
/// `t = sign(θ)/(|θ| + √(θ²+1))`, `c = 1/√(t²+1)`, `s = t·c` (`+sweep-once`,
/// `+sweep-herm` and `+svd-sweep` share it).
pub(crate) fn rotation(f: Fl, num: u128, g: u128) -> (u128, u128) {
    let theta = f.div(num, f.mul(f.two(), g));
    let t = f.div(
        f.sign(theta),
        f.add(f.abs(theta), f.sqt(f.add(f.mul(theta, theta), f.one()))),
    );
    let c = f.div(f.one(), f.sqt(f.add(f.mul(t, t), f.one())));
    (c, f.mul(t, c))
}

/// The number of pivot pairs `p < q` below `n`: `n(n−1)/2`.
pub(crate) fn pair_count(n: u64) -> u128 {
    u128::from(n) * u128::from(n.saturating_sub(1)) / 2
}

/// The pivot pairs `(p, q)`, `p < q < n`, in the order of the Hoon's sweep loops.
///
/// # Errors
/// [`SaloonError::Unsupported`] when there are more than [`MAX_ELEMS`] pairs:
/// a side `n` read from a shape whose grid holds no such matrix (a matrix that
/// fits the element limit has at most `MAX_ELEMS / 2` pairs), which the Hoon
/// would sweep pair by pair for hours.
pub(crate) fn pairs(
    n: u64,
    arm: &'static str,
) -> Result<impl Iterator<Item = (u64, u64)>, SaloonError> {
    let count = pair_count(n);
    if count > u128::from(MAX_ELEMS) {
        return Err(SaloonError::Unsupported(format!(
            "{arm}: a sweep over {count} pivot pairs (side {n}) exceeds the bound of {MAX_ELEMS}"
        )));
    }
    Ok((0..n).flat_map(move |p| (p + 1..n).map(move |q| (p, q))))
}

/// `+sweep-once`: one cyclic sweep over every `p < q`, rotating `m` and `v`.
///
/// # Errors
/// As [`symmetric`].
pub fn sweep_once(sa: &Sa, m: &mut Grid, v: &mut Grid) -> Result<(), SaloonError> {
    let f = Fl::new(sa.policy.exec, m.meta.bloq, sa.rnd);
    let n = m.dim(0, "sweep-once")?;
    if n <= 1 {
        return Ok(());
    }
    sweep_budget(sa, n, v.dim(0, "sweep-once")?, "sweep-once")?;
    for (p, q) in pairs(n, "sweep-once")? {
        let apq = m.gi(&[p, q])?;
        if apq == f.zero() {
            continue;
        }
        let app = m.gi(&[p, p])?;
        let aqq = m.gi(&[q, q])?;
        let (c, s) = rotation(f, f.sub(aqq, app), apq);
        rot_cols(sa, m, p, q, c, s)?;
        rot_rows(sa, m, p, q, c, s)?;
        rot_cols(sa, v, p, q, c, s)?;
    }
    Ok(())
}

/// The `rtol` of `+eig`/`+eig-herm` at component bloq `b`, checked against the width.
fn eig_tol(sa: &Sa, b: u32, arm: &'static str, check: &str) -> Result<u128, SaloonError> {
    let rtol = sa.tol_or_feps(b);
    ensure(rtol.met(3) <= 1u64 << (b - 3), arm, check)?;
    Ok(rtol.low_u128())
}

/// The side `n` of the square rank-2 ray `a`, or the crash of its `?>`.
fn square(a: &Ray, arm: &'static str) -> Result<u64, SaloonError> {
    ensure_of(
        a.meta.rank() == 2,
        arm,
        "=(2 (lent shape.meta.a))",
        &[("a", &a.meta)],
    )?;
    let n = snag(&a.meta.shape, 0, arm)?;
    ensure_of(
        n == a.meta.shape[1],
        arm,
        "=(n (snag 1 shape.meta.a))",
        &[("a", &a.meta)],
    )?;
    Ok(n)
}

/// Port of `+eig a`: eigenvalues and eigenvectors of a symmetric `%i754` or a
/// Hermitian `%cplx` matrix by cyclic Jacobi (see the module doc).
///
/// # Errors
/// [`SaloonError::Crash`] where the Hoon's `?>` fail: a bloq outside 4..=7
/// (`%cplx`: 5..=8), an `rtol` wider than the component, a non-square or
/// non-rank-2 input, an asymmetric (non-Hermitian) input; `n = 0` (Lagoon's
/// `+eye` crashes); [`SaloonError::Unsupported`] when the sweeps run would
/// pass [`EIG_WORK_LIMIT`].
pub fn eig(sa: &Sa, a: &Ray) -> Result<(Ray, Ray), SaloonError> {
    if a.meta.kind == Kind::Cplx {
        return eig_herm(sa, a);
    }
    let arm = "eig";
    let b = a.meta.bloq;
    ensure_of(
        (4..=7).contains(&b),
        arm,
        "?|(=(4 b) =(5 b) =(6 b) =(7 b))",
        &[("a", &a.meta)],
    )?;
    let rtol = eig_tol(
        sa,
        b,
        arm,
        "saloon eig: rtol wider than the %i754 component; match +sake width to the array bloq",
    )?;
    let n = square(a, arm)?;
    let mut m = Grid::of(a)?;
    ensure(symmetric(sa, &m)?, arm, "(symmetric a)")?;
    let mut v = Grid::of(&lagoon::eye(&Meta::new(vec![n, n], b, Kind::I754))?)?;
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    let thresh = f.mul(rtol, frob(sa, &m)?);
    let mut spent = 0;
    for _ in 0..SWEEP_CAP {
        if f.lte(off_norm(sa, &m)?, thresh) {
            break;
        }
        charge_sweep(&mut spent, n, sa.limits.eig, arm)?;
        sweep_once(sa, &mut m, &mut v)?;
    }
    Ok((diag(&m)?.ray()?, v.ray()?))
}

/// Port of `+eigvals a`: the head of [`eig`].
///
/// # Errors
/// As [`eig`].
pub fn eigvals(sa: &Sa, a: &Ray) -> Result<Ray, SaloonError> {
    Ok(eig(sa, a)?.0)
}

/// Port of `+eigvecs a`: the tail of [`eig`].
///
/// # Errors
/// As [`eig`].
pub fn eigvecs(sa: &Sa, a: &Ray) -> Result<Ray, SaloonError> {
    Ok(eig(sa, a)?.1)
}

/// The complex helpers of `m`'s bloq.
fn cf(sa: &Sa, cb: u32, arm: &'static str) -> Result<Cf, SaloonError> {
    Cf::new(sa.policy.exec, cb, sa.rnd).ok_or_else(|| {
        SaloonError::Unsupported(format!(
            "{arm}: complex helpers at bloq {cb} (the Hoon reads a @cq door)"
        ))
    })
}

/// `+hermitian`: `a_ij` equals `conj a_ji` within `+cnear` for `i >= j`.
///
/// # Errors
/// As [`symmetric`]; unsupported at a bloq outside 5..=8.
pub fn hermitian(sa: &Sa, m: &CGrid) -> Result<bool, SaloonError> {
    let c = cf(sa, m.meta.bloq, "hermitian")?;
    let n = square_side(&m.meta.shape, "hermitian")?;
    for i in 0..n {
        for j in 0..=i {
            if !c.near(m.gi(&[i, j])?, m.gi(&[j, i])?) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

fn norm_h(sa: &Sa, m: &CGrid, off: bool, arm: &'static str) -> Result<u128, SaloonError> {
    let c = cf(sa, m.meta.bloq, arm)?;
    let f = c.f;
    let n = square_side(&m.meta.shape, arm)?;
    let mut acc = f.zero();
    for i in 0..n {
        for j in 0..n {
            if off && i == j {
                continue;
            }
            let mag = c.abs_re(m.gi(&[i, j])?);
            acc = f.add(acc, f.mul(mag, mag));
        }
    }
    Ok(f.sqt(acc))
}

/// `+off-norm-h`: the real Frobenius norm of the strictly off-diagonal part.
///
/// # Errors
/// As [`hermitian`].
pub fn off_norm_h(sa: &Sa, m: &CGrid) -> Result<u128, SaloonError> {
    norm_h(sa, m, true, "off-norm-h")
}

/// `+frob-h`: the real Frobenius norm of a complex matrix.
///
/// # Errors
/// As [`hermitian`].
pub fn frob_h(sa: &Sa, m: &CGrid) -> Result<u128, SaloonError> {
    norm_h(sa, m, false, "frob-h")
}

/// `+diag-real`: the real parts of the diagonal as `[~[n] cb−1 %i754 ~]`.
///
/// # Errors
/// As [`hermitian`].
pub fn diag_real(m: &CGrid) -> Result<Grid, SaloonError> {
    let n = snag(&m.meta.shape, 0, "diag-real")?;
    let mut r = Grid::zeros(Meta::new(vec![n], m.meta.bloq - 1, Kind::I754))?;
    for i in 0..n {
        r.si(&[i], m.gi(&[i, i])?.re)?;
    }
    Ok(r)
}

/// `+rot-cols-h`: `m ← m·J` (complex Givens, `J[q,p] = −conj b`).
///
/// # Errors
/// As [`hermitian`].
pub fn rot_cols_h(
    sa: &Sa,
    m: &mut CGrid,
    p: u64,
    q: u64,
    cc: Cplx,
    b: Cplx,
) -> Result<(), SaloonError> {
    let c = cf(sa, m.meta.bloq, "rot-cols-h")?;
    let n = rotation_rows(&m.meta.shape, "rot-cols-h")?;
    for i in 0..n {
        let mip = m.gi(&[i, p])?;
        let miq = m.gi(&[i, q])?;
        m.si(&[i, p], c.sub(c.mul(cc, mip), c.mul(c.conj(b), miq)))?;
        m.si(&[i, q], c.add(c.mul(b, mip), c.mul(cc, miq)))?;
    }
    Ok(())
}

/// `+rot-rows-h`: `m ← Jᴴ·m`.
///
/// # Errors
/// As [`hermitian`].
pub fn rot_rows_h(
    sa: &Sa,
    m: &mut CGrid,
    p: u64,
    q: u64,
    cc: Cplx,
    b: Cplx,
) -> Result<(), SaloonError> {
    let c = cf(sa, m.meta.bloq, "rot-rows-h")?;
    let n = rotation_rows(&m.meta.shape, "rot-rows-h")?;
    for j in 0..n {
        let mpj = m.gi(&[p, j])?;
        let mqj = m.gi(&[q, j])?;
        m.si(&[p, j], c.sub(c.mul(cc, mpj), c.mul(b, mqj)))?;
        m.si(&[q, j], c.add(c.mul(c.conj(b), mpj), c.mul(cc, mqj)))?;
    }
    Ok(())
}

/// `+sweep-herm`: one cyclic Hermitian-Jacobi sweep over every `p < q`.
///
/// # Errors
/// As [`hermitian`].
pub fn sweep_herm(sa: &Sa, m: &mut CGrid, v: &mut CGrid) -> Result<(), SaloonError> {
    let c = cf(sa, m.meta.bloq, "sweep-herm")?;
    let f = c.f;
    let n = snag(&m.meta.shape, 0, "sweep-herm")?;
    if n <= 1 {
        return Ok(());
    }
    sweep_budget(sa, n, snag(&v.meta.shape, 0, "sweep-herm")?, "sweep-herm")?;
    for (p, q) in pairs(n, "sweep-herm")? {
        let apq = m.gi(&[p, q])?;
        let mag = c.abs_re(apq);
        if mag == f.zero() {
            continue;
        }
        let app = m.gi(&[p, p])?.re;
        let aqq = m.gi(&[q, q])?.re;
        let (cos, sin) = rotation(f, f.sub(aqq, app), mag);
        let phase = c.div(apq, c.pak(mag, f.zero()));
        let b = c.mul(c.pak(sin, f.zero()), phase);
        let cc = c.pak(cos, f.zero());
        rot_cols_h(sa, m, p, q, cc, b)?;
        rot_rows_h(sa, m, p, q, cc, b)?;
        rot_cols_h(sa, v, p, q, cc, b)?;
    }
    Ok(())
}

/// Port of `+eig-herm a`: Hermitian eig; real eigenvalues (`%i754` at the
/// component bloq), unitary eigenvectors (`%cplx`).
///
/// # Errors
/// As [`eig`] (bloq 5..=8), the sweeps' budget being [`EIG_HERM_WORK_LIMIT`].
pub fn eig_herm(sa: &Sa, a: &Ray) -> Result<(Ray, Ray), SaloonError> {
    let arm = "eig-herm";
    let cb = a.meta.bloq;
    ensure_of(
        (5..=8).contains(&cb),
        arm,
        "?|(=(5 cb) =(6 cb) =(7 cb) =(8 cb))",
        &[("a", &a.meta)],
    )?;
    let rb = cb - 1;
    let rtol = eig_tol(
        sa,
        rb,
        arm,
        "saloon eig (hermitian): rtol wider than the component; match +sake width to the component bloq",
    )?;
    let n = square(a, arm)?;
    let c = cf(sa, cb, arm)?;
    let mut m = CGrid::of(a, c.d.w)?;
    ensure(hermitian(sa, &m)?, arm, "(hermitian a)")?;
    let mut v = CGrid::of(&lagoon::eye(&Meta::new(vec![n, n], cb, Kind::Cplx))?, c.d.w)?;
    let f = c.f;
    let thresh = f.mul(rtol, frob_h(sa, &m)?);
    let mut spent = 0;
    for _ in 0..SWEEP_CAP {
        if f.lte(off_norm_h(sa, &m)?, thresh) {
            break;
        }
        charge_sweep(&mut spent, n, sa.limits.eig_herm, arm)?;
        sweep_herm(sa, &mut m, &mut v)?;
    }
    Ok((diag_real(&m)?.ray()?, v.ray()?))
}
