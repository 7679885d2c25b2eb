//! Householder QR and least squares: `+sum-sq +house +reflect +qr +lstsq`
//! of `saloon/desk/lib/saloon.hoon@424a2bf`.
//!
//! Column `k` of the working copy is reduced by the reflector of
//! `x = (w_kk … w_(m−1)k)`: `α = −(sign x_0)·√(Σx²)`, `v = (x_0 − α, x_1, …)`,
//! `vv = Σv²` (sums of squares are left folds from +0; the root is `+fsqt`);
//! a column with `vv` bitwise +0 is skipped. A reflector is applied column by
//! column: `s = Σ_i v_(i−k)·w_ij` (left fold from +0), `f = (2·s)/vv`,
//! `w_ij ← w_ij − f·v_(i−k)`. `Q` is the reflectors applied last first to the
//! first `n` columns of the identity; `R` copies the upper triangle (its
//! subdiagonal is exactly +0).

use crate::door::Sa;
use crate::error::SaloonError;
use crate::fl::Fl;
use crate::grid::{ensure_of, ensure_rank, snag, tall_matrix, Grid, MAX_ELEMS};
use crate::solvers::{g_matvec_t, g_trsv_r};
use lagoon::{Meta, Ray};
use softblas::Kind;

/// The most row visits one [`reflect`] makes: `(c1 − c0) · (m − k)`, each
/// column's `m − k` rows read for the inner product and written back. The
/// Hoon has no limit (a rank-1 `w` of 2^24 elements with `k` a few rows short
/// of the end and columns `0 .. 2^24` would take 2^24 · |v| · 2 steps); past
/// this budget the call is unsupported before any column is reflected. The
/// reflections [`qr`] makes stay within it (each touches at most the `m · n`
/// elements of a grid, at most [`MAX_ELEMS`]).
pub const REFLECT_WORK_LIMIT: u64 = crate::door::Limits::JET.reflect;

/// The most element visits [`qr`] (so `+lstsq`) makes: for each reduced
/// column `k < n` of an `m × n` input, the `m − k` rows of its reflector
/// times `1 + (n − k) + n` columns (`+house`, the reflection of columns
/// `k .. n` of `R`, and that of the `n` columns of `Q`):
/// `Σ_k (m − k)(2n − k + 1)`. A NaN at `(0, 0)` does not stop the Hoon, which
/// reflects every column (a `4096 × 4096` input: 9·10^10 visits); past this
/// budget the call is unsupported before the matrix is unpacked.
pub const QR_WORK_LIMIT: u64 = crate::door::Limits::JET.qr;

/// The element visits of [`qr`] on an `m × n` input (see [`QR_WORK_LIMIT`]);
/// `None` when `m · n` passes [`MAX_ELEMS`] (the grid is refused instead).
fn qr_work(m: u64, n: u64) -> Option<u128> {
    if u128::from(m) * u128::from(n) > u128::from(MAX_ELEMS) {
        return None;
    }
    // Now n = 0, or m and n are at most MAX_ELEMS: no product below overflows.
    let (m, n) = (u128::from(m), u128::from(n));
    if n == 0 {
        return Some(0);
    }
    // Σ_{k<n} (m − k)(a − k), a = 2n + 1: n·m·a − (m + a)·n(n − 1)/2 + (n − 1)n(2n − 1)/6.
    let a = 2 * n + 1;
    Some(n * m * a - (m + a) * (n * (n - 1) / 2) + (n - 1) * n * (2 * n - 1) / 6)
}

/// Port of `+sum-sq [b x]`: `Σ x_i²` from +0, left to right, at bloq `b`'s width.
pub fn sum_sq(sa: &Sa, b: u32, x: &[u128]) -> u128 {
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    x.iter().fold(f.zero(), |acc, &e| f.add(acc, f.mul(e, e)))
}

/// What `+house` returns: the reflector `v`, `vv = v·v` and `alpha`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct House {
    /// `v`: `x` with its head replaced by `x_0 − alpha`.
    pub v: Vec<u128>,
    /// `vv`: `+sum-sq v`.
    pub vv: u128,
    /// `alpha`: `−(sign x_0)·|x|`.
    pub alpha: u128,
}

/// Port of `+house [b x]`: the Householder reflector mapping `x` onto `alpha·e_1`.
///
/// # Errors
/// [`SaloonError::Crash`] for an empty `x` (`?~ x !!`).
pub fn house(sa: &Sa, b: u32, x: &[u128]) -> Result<House, SaloonError> {
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    let (&x0, rest) = x
        .split_first()
        .ok_or_else(|| SaloonError::crash("house", "?~ x !! (empty list)"))?;
    let nx = f.sqt(sum_sq(sa, b, x));
    let alpha = f.neg(f.mul(f.sign(x0), nx));
    let mut v = Vec::with_capacity(x.len());
    v.push(f.sub(x0, alpha));
    v.extend_from_slice(rest);
    let vv = sum_sq(sa, b, &v);
    Ok(House { v, vv, alpha })
}

/// Port of `+reflect [b w k v vv c0 c1]` on a grid: columns `c0 .. c1−1`, rows `k ..`.
///
/// # Errors
/// The crashes of `+gi` and of `(snag (sub i k) v)` (a `v` shorter than `m − k`);
/// [`SaloonError::Unsupported`] where the Hoon's loops never end (`c0 > c1`, or `k > m`),
/// and when `(c1 − c0) · (m − k)` passes [`REFLECT_WORK_LIMIT`].
pub fn reflect(
    sa: &Sa,
    b: u32,
    w: &mut Grid,
    k: u64,
    h: (&[u128], u128),
    cols: (u64, u64),
) -> Result<(), SaloonError> {
    let (v, vv) = h;
    let (c0, c1) = cols;
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    let m = w.dim(0, "reflect")?;
    if c0 > c1 || (k > m && c0 != c1) {
        return Err(SaloonError::Unsupported(
            "reflect: the Hoon's loop never ends (c0 > c1 or k > rows)".into(),
        ));
    }
    if k >= m {
        // No row to reflect: each of the `c1 − c0` column steps (up to 2^64
        // of them) reads and writes nothing, so the loop leaves `w` as it is.
        return Ok(());
    }
    let limit = sa.limits.reflect;
    if u128::from(c1 - c0) * u128::from(m - k) > u128::from(limit) {
        return Err(SaloonError::Unsupported(format!(
            "reflect: {} columns of {} rows exceed the bound of {limit} row visits \
             (the door's Limits::reflect)",
            c1 - c0,
            m - k
        )));
    }
    let vi = |i: u64| -> Result<u128, SaloonError> {
        v.get((i - k) as usize)
            .copied()
            .ok_or_else(|| SaloonError::crash("reflect", "(snag (sub i k) v) past the end of v"))
    };
    for j in c0..c1 {
        let mut s = f.zero();
        for i in k..m {
            s = f.add(s, f.mul(vi(i)?, w.gi(&[i, j])?));
        }
        let fac = f.div(f.mul(f.two(), s), vv);
        for i in k..m {
            let x = f.sub(w.gi(&[i, j])?, f.mul(fac, vi(i)?));
            w.si(&[i, j], x)?;
        }
    }
    Ok(())
}

/// Port of `+qr a`: the thin QR factorization, `A = Q·R`, `rows >= cols`.
///
/// # Errors
/// [`SaloonError::Crash`]: bloq outside 4..=7, not `%i754`, not rank 2,
/// `'saloon qr: needs rows >= cols'`; [`SaloonError::Unsupported`] when the
/// reflections would pass [`QR_WORK_LIMIT`].
pub fn qr(sa: &Sa, a: &Ray) -> Result<(Ray, Ray), SaloonError> {
    let (q, r) = g_qr(sa, a)?;
    Ok((q.ray()?, r.ray()?))
}

fn g_qr(sa: &Sa, a: &Ray) -> Result<(Grid, Grid), SaloonError> {
    let arm = "qr";
    let (m, n) = tall_matrix(a, arm, "saloon qr: needs rows >= cols")?;
    let b = a.meta.bloq;
    if let Some(work) = qr_work(m, n) {
        let limit = sa.limits.qr;
        if work > u128::from(limit) {
            return Err(SaloonError::Unsupported(format!(
                "{arm}: the reflections of a {m} × {n} matrix exceed the bound of {limit} \
                 element visits (the door's Limits::qr)"
            )));
        }
    }
    let f = Fl::new(sa.policy.exec, b, sa.rnd);
    let mut w = Grid::of(a)?;
    let mut refl: Vec<(u64, House)> = Vec::new();
    for k in 0..n {
        let x = (k..m)
            .map(|i| w.gi(&[i, k]))
            .collect::<Result<Vec<_>, _>>()?;
        let h = house(sa, b, &x)?;
        if h.vv == f.zero() {
            continue;
        }
        reflect(sa, b, &mut w, k, (&h.v, h.vv), (k, n))?;
        refl.push((k, h));
    }
    let mut q = Grid::zeros(Meta::new(vec![m, n], b, Kind::I754))?;
    for i in 0..n {
        q.si(&[i, i], f.one())?;
    }
    for (k, h) in refl.iter().rev() {
        reflect(sa, b, &mut q, *k, (&h.v, h.vv), (0, n))?;
    }
    let mut r = Grid::zeros(Meta::new(vec![n, n], b, Kind::I754))?;
    for i in 0..n {
        for j in i..n {
            r.si(&[i, j], w.gi(&[i, j])?)?;
        }
    }
    Ok((q, r))
}

/// Port of `+lstsq [a v]`: `(trsv-r r (matvec-t q v))` of `(qr a)`.
///
/// # Errors
/// [`SaloonError::Crash`] unless `v` is rank 1 with `a`'s row count; as [`qr`].
pub fn lstsq(sa: &Sa, a: &Ray, v: &Ray) -> Result<Ray, SaloonError> {
    let arm = "lstsq";
    ensure_rank(("v", &v.meta), 1, &[("a", &a.meta), ("v", &v.meta)], arm)?;
    ensure_of(
        snag(&a.meta.shape, 0, arm)? == snag(&v.meta.shape, 0, arm)?,
        arm,
        "=((snag 0 shape.meta.a) (snag 0 shape.meta.v))",
        &[("a", &a.meta), ("v", &v.meta)],
    )?;
    let (q, r) = g_qr(sa, a)?;
    let qtv = g_matvec_t(sa, &q, &Grid::of(v)?)?;
    g_trsv_r(sa, &r, &qtv)?.ray()
}
