//! Squared Euclidean distances between rows, urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`: `+cdist-sq +pdist-sq` (`%i754` only).
//!
//! Each distance is computed directly: the terms `(a_ik − b_jk)·(a_ik − b_jk)`
//! (one program over the broadcast `[m n d]` view of both operands), then a
//! LEFT fold over `k` seeded with the `k = 0` term. Never the Gram identity
//! `|x|² + |y|² − 2·x·y`, which rounds differently (and can go negative).

use crate::axis::kernel::Kernel;
use crate::door::Door;
use crate::error::LagoonError;
use crate::meta::{assert_of, guard_list};
use crate::ndray::ravel;
use crate::ray::{require_check, Ray};
use softblas::exec::View;
use softblas::prog::Binary;
use softblas::Kind;

/// Port of `+cdist-sq [a b]` (`lagoon.hoon@aa6f2a6`): the `m × n` matrix of
/// squared distances between the rows of `a` (`m × d`) and of `b` (`n × d`),
/// with `a`'s meta (tail kept) and shape `[m n]`.
///
/// Order: `out[i][j] = ((sq_0 + sq_1) + sq_2) + …` with
/// `sq_k = (a[i][k] − b[j][k])·(a[i][k] − b[j][k])`, every operation rounded in the door mode.
///
/// # Errors
/// `?> (check a)`, `?> (check b)`; [`LagoonError::Assert`] unless `a` is
/// `%i754`, `b` has `a`'s kind and bloq, both are rank 2 and of one width;
/// [`LagoonError::ZeroDecrement`] for `m = 0` or `n = 0` (`(gulf 0 (dec 0))`);
/// [`LagoonError::IndexOutOfRange`] for width 0 (`snag` of an empty ravel).
pub fn cdist_sq(door: &Door, a: &Ray, b: &Ray) -> Result<Ray, LagoonError> {
    require_check(a)?;
    require_check(b)?;
    let (ma, mb) = (&a.meta, &b.meta);
    let both = [("a", ma), ("b", mb)];
    assert_of(
        "cdist-sq",
        &[
            (ma.kind == Kind::I754, "a is %i754"),
            (ma.kind == mb.kind, "a and b have one kind"),
            (ma.bloq == mb.bloq, "a and b have one bloq"),
            (ma.rank() == 2 && mb.rank() == 2, "a and b are rank 2"),
        ],
        &both,
    )?;
    let d = ma.shape[1];
    assert_of(
        "cdist-sq",
        &[(d == mb.shape[1], "a and b have one width")],
        &both,
    )?;
    let (m, n) = (a.meta.shape[0], b.meta.shape[0]);
    if m == 0 || n == 0 {
        return Err(LagoonError::ZeroDecrement { what: "cdist-sq" });
    }
    if d == 0 {
        return Err(LagoonError::IndexOutOfRange { index: 0, dim: 0 });
    }
    let k = Kernel::new("cdist-sq", &a.meta, door)?;
    let mut meta = a.meta.clone();
    meta.shape = vec![m, n];
    if let Some(r) = crate::bits_path::cdist_sq(door, a, b, (m, n, d), &meta) {
        return Ok(r);
    }
    let (da, db) = (ravel(a)?, ravel(b)?);
    guard_list(m.saturating_mul(n).saturating_mul(d))?;
    let (mu, nu, du) = (m as usize, n as usize, d as usize);
    let terms = k.run(
        &k.sq_diff()?,
        &[mu, nu, du],
        &[
            (&da, View::new(vec![mu, nu, du], vec![du as isize, 0, 1], 0)),
            (&db, View::new(vec![mu, nu, du], vec![0, du as isize, 1], 0)),
        ],
    )?;
    let add = k.binary(Binary::Add);
    let out = terms
        .chunks(du)
        .map(|t| k.fold(&add, t))
        .collect::<Result<Vec<_>, _>>()?;
    Ray::from_elems(meta, &out)
}

/// Port of `+pdist-sq a` (`lagoon.hoon@aa6f2a6`): `(cdist-sq a a)`, the
/// `n × n` squared distances of `a`'s rows to each other (zero diagonal).
///
/// # Errors
/// As [`cdist_sq`].
pub fn pdist_sq(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    cdist_sq(door, a, a)
}
