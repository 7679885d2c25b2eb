//! Means, variances and standard deviations of urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`: `+mean +mean-dim +var +var-dim +std
//! +std-dim` (`%i754` only).
//!
//! Sums are LEFT folds seeded with the first element, then ONE division by the
//! count converted with `+i754-sun` in the door's mode, so `+mean` is not
//! `+cumsum` (a right fold from `+0`) divided by n. Variances are two-pass:
//! the mean, then the left-fold sum of `(x − m)·(x − m)`, divided once by
//! `len − ddof`.

use crate::axis::kernel::{i754_sqt, i754_sun, Kernel};
use crate::axis::slices::slice_op;
use crate::door::Door;
use crate::error::LagoonError;
use crate::meta::dim_parts;
use crate::ndray::ravel;
use crate::pin::scalar_to_ray;
use crate::ray::{require_check, Ray};
use softblas::exec::View;
use softblas::prog::Binary;
use softblas::{Atom, Kind};

fn require_i754(arm: &'static str, a: &Ray) -> Result<(), LagoonError> {
    if a.meta.kind == Kind::I754 {
        Ok(())
    } else {
        Err(crate::meta::mismatch(
            arm,
            "the kind is %i754",
            &[("a", &a.meta)],
        ))
    }
}

fn require_ddof(arm: &'static str, len: u64, ddof: u64) -> Result<(), LagoonError> {
    if len > ddof {
        Ok(())
    } else {
        Err(LagoonError::Assert {
            arm,
            check: "the count exceeds ddof",
        })
    }
}

/// The left-fold sum of `s` divided once by `n`: `(dv (fold-slice ad s) n)`.
fn mean_of(k: &Kernel, s: &[Atom], n: &Atom) -> Result<Atom, LagoonError> {
    let sum = k.fold(&k.binary(Binary::Add), s)?;
    k.apply(&k.binary(Binary::Div), &sum, n)
}

/// The two-pass variance of `s`: mean by `n`, squared deviations summed by a
/// left fold, divided once by `dn`.
fn var_of(k: &Kernel, s: &[Atom], n: &Atom, dn: &Atom) -> Result<Atom, LagoonError> {
    let m = mean_of(k, s, n)?;
    let len = s.len();
    let devs = k.run(
        &k.sq_diff()?,
        &[len],
        &[
            (s, View::contiguous(&[len])),
            (std::slice::from_ref(&m), View::new(vec![len], vec![0], 0)),
        ],
    )?;
    let sum = k.fold(&k.binary(Binary::Add), &devs)?;
    k.apply(&k.binary(Binary::Div), &sum, dn)
}

/// Port of `+mean-dim [a dim]` (`lagoon.hoon@aa6f2a6`): the means along `dim`,
/// `dim` dropped; `%i754` only.
///
/// Order: left fold of `%add` seeded with the first element, then one `%div`
/// by `+i754-sun len` (the count rounded in the door's mode).
///
/// # Errors
/// `?> (check a)`; [`LagoonError::Assert`] for a kind other than `%i754` or a
/// bad `dim`; [`LagoonError::BadBloq`]; a failing scalar operation.
pub fn mean_dim(door: &Door, a: &Ray, dim: u64) -> Result<Ray, LagoonError> {
    require_check(a)?;
    require_i754("mean-dim", a)?;
    let (_, len, _) = dim_parts(&a.meta.shape, dim)?;
    let n = i754_sun(door, a.meta.bloq, &Atom::from_u64(len))?;
    let k = Kernel::new("mean-dim", &a.meta, door)?;
    slice_op(a, dim, |s| mean_of(&k, s, &n))
}

/// Port of `+var-dim [a dim ddof]` (`lagoon.hoon@aa6f2a6`): the variances along
/// `dim`, `dim` dropped; `%i754` only.
///
/// Order: per slice `m = (Σ_left s) / n`, then `(Σ_left (x − m)·(x − m)) / (len − ddof)`,
/// both counts by `+i754-sun`; ddof 0 is the population variance, 1 the sample variance.
///
/// # Errors
/// As [`mean_dim`]; [`LagoonError::Assert`] unless `len > ddof`.
pub fn var_dim(door: &Door, a: &Ray, dim: u64, ddof: u64) -> Result<Ray, LagoonError> {
    require_check(a)?;
    require_i754("var-dim", a)?;
    let (_, len, _) = dim_parts(&a.meta.shape, dim)?;
    require_ddof("var-dim", len, ddof)?;
    let n = i754_sun(door, a.meta.bloq, &Atom::from_u64(len))?;
    let dn = i754_sun(door, a.meta.bloq, &Atom::from_u64(len - ddof))?;
    let k = Kernel::new("var-dim", &a.meta, door)?;
    slice_op(a, dim, |s| var_of(&k, s, &n, &dn))
}

/// Port of `+std-dim [a dim ddof]` (`lagoon.hoon@aa6f2a6`): the square root
/// (`+i754-sqt`, door mode) of each element of [`var_dim`], meta of that result.
///
/// # Errors
/// As [`var_dim`].
pub fn std_dim(door: &Door, a: &Ray, dim: u64, ddof: u64) -> Result<Ray, LagoonError> {
    let v = var_dim(door, a, dim, ddof)?;
    let roots = ravel(&v)?
        .iter()
        .map(|x| i754_sqt(door, v.meta.bloq, x))
        .collect::<Result<Vec<_>, _>>()?;
    Ray::from_elems(v.meta.clone(), &roots)
}

/// Port of `+mean a` (`lagoon.hoon@aa6f2a6`): the mean of every element,
/// boxed at `a`'s rank (`+scalar-to-ray`); `%i754` only.
///
/// Order: left fold of `%add` over the ravel seeded with element 0, one `%div`
/// by `+i754-sun n` — not bit-for-bit `+cumsum / n`.
///
/// # Errors
/// As [`mean_dim`]; an empty array crashes (`fold-slice` of `~`).
pub fn mean(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    require_check(a)?;
    require_i754("mean", a)?;
    let dat = ravel(a)?;
    let k = Kernel::new("mean", &a.meta, door)?;
    let n = i754_sun(door, a.meta.bloq, &Atom::from_u64(dat.len() as u64))?;
    scalar_to_ray(&a.meta, &mean_of(&k, &dat, &n)?)
}

/// Port of `+var [a ddof]` (`lagoon.hoon@aa6f2a6`): the two-pass variance of
/// every element, boxed at `a`'s rank; `%i754` only. Order as [`var_dim`].
///
/// # Errors
/// As [`mean`]; [`LagoonError::Assert`] unless the element count exceeds `ddof`.
pub fn var(door: &Door, a: &Ray, ddof: u64) -> Result<Ray, LagoonError> {
    require_check(a)?;
    require_i754("var", a)?;
    let dat = ravel(a)?;
    let cnt = dat.len() as u64;
    require_ddof("var", cnt, ddof)?;
    let k = Kernel::new("var", &a.meta, door)?;
    let n = i754_sun(door, a.meta.bloq, &Atom::from_u64(cnt))?;
    let dn = i754_sun(door, a.meta.bloq, &Atom::from_u64(cnt - ddof))?;
    scalar_to_ray(&a.meta, &var_of(&k, &dat, &n, &dn)?)
}

/// Port of `+std [a ddof]` (`lagoon.hoon@aa6f2a6`): `+i754-sqt` of the head of
/// [`var`], boxed with `a`'s meta.
///
/// # Errors
/// As [`var`].
pub fn std(door: &Door, a: &Ray, ddof: u64) -> Result<Ray, LagoonError> {
    let v = var(door, a, ddof)?;
    let head = ravel(&v)?.into_iter().next().unwrap_or(Atom::ZERO);
    scalar_to_ray(&a.meta, &i754_sqt(door, a.meta.bloq, &head)?)
}
