//! Norms of urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`: `$norm-ord`,
//! `+norm-slice +norm +norm-dim`.
//!
//! Every sum is a LEFT fold seeded with the first term; `%l2` and `%fro` (the
//! same on a flat slice) square the raw values, sum, and take one `+i754-sqt`.

use crate::axis::kernel::{i754_sqt, Kernel};
use crate::axis::slices::slice_op;
use crate::door::Door;
use crate::error::LagoonError;
use crate::meta::Meta;
use crate::ndray::ravel;
use crate::pin::scalar_to_ray;
use crate::ray::{require_check, Ray};
use softblas::prog::{Binary, Compare, Unary};
use softblas::{Atom, Kind};

/// Which norm `+norm`/`+norm-dim` computes (`$norm-ord = ?(%l1 %l2 %linf %fro)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NormOrd {
    /// `%l1`: Σ|x|.
    L1,
    /// `%l2`: √(Σ x²), `%i754` only.
    L2,
    /// `%linf`: max |x|.
    Linf,
    /// `%fro`: the Frobenius norm, identical to `%l2` on a flat slice.
    Fro,
}

impl NormOrd {
    /// The order named by a Hoon term (`"l1"`, `"%l2"`, ...).
    pub fn from_term(t: &str) -> Option<NormOrd> {
        match t.trim_start_matches('%') {
            "l1" => Some(NormOrd::L1),
            "l2" => Some(NormOrd::L2),
            "linf" => Some(NormOrd::Linf),
            "fro" => Some(NormOrd::Fro),
            _ => None,
        }
    }
}

/// Port of `+norm-slice [meta s ord]` (`lagoon.hoon@aa6f2a6`): the norm of one slice.
///
/// `%l1`: left-fold `%add` of the kind's `%abs` of each element; `%linf`: left
/// fold `gth(x, y) ≠ 0 ? x : y` over the `%abs` values (ties take the later,
/// a NaN is taken); `%l2`/`%fro`: `%i754` only, `+i754-sqt` of the left-fold
/// sum of `x·x`. A one-element `%l1`/`%linf` slice gives `abs(x)` unrounded further.
///
/// # Errors
/// A bad bloq or `%fixp` tail; [`LagoonError::Assert`] for `%l2`/`%fro` on
/// another kind, for `%linf` on a `%cplx` slice of two or more elements, and
/// for an empty slice; a failing scalar operation.
pub fn norm_slice(door: &Door, meta: &Meta, s: &[Atom], ord: NormOrd) -> Result<Atom, LagoonError> {
    let k = Kernel::new("norm-slice", meta, door)?;
    match ord {
        NormOrd::L1 => k.fold(&k.binary(Binary::Add), &k.map1(Unary::Abs, s)?),
        NormOrd::Linf => k.fold(&k.keep_if(Compare::Gth), &k.map1(Unary::Abs, s)?),
        NormOrd::L2 | NormOrd::Fro => {
            if meta.kind != Kind::I754 {
                return Err(crate::meta::mismatch(
                    "norm-slice",
                    "%l2 and %fro need kind %i754",
                    &[("a", meta)],
                ));
            }
            let sum = k.fold(&k.binary(Binary::Add), &k.squares(s)?)?;
            i754_sqt(door, meta.bloq, &sum)
        }
    }
}

/// Port of `+norm [a ord]` (`lagoon.hoon@aa6f2a6`): the norm of every element
/// (`%fro` is a matrix's Frobenius norm), boxed at `a`'s rank. Order as [`norm_slice`].
///
/// # Errors
/// `?> (check a)`; as [`norm_slice`].
pub fn norm(door: &Door, a: &Ray, ord: NormOrd) -> Result<Ray, LagoonError> {
    require_check(a)?;
    let v = norm_slice(door, &a.meta, &ravel(a)?, ord)?;
    scalar_to_ray(&a.meta, &v)
}

/// Port of `+norm-dim [a dim ord]` (`lagoon.hoon@aa6f2a6`): the norm of each
/// slice along `dim`, `dim` dropped. Order as [`norm_slice`].
///
/// # Errors
/// `?> (check a)`; the errors of [`crate::meta::dim_parts`] and [`norm_slice`].
pub fn norm_dim(door: &Door, a: &Ray, dim: u64, ord: NormOrd) -> Result<Ray, LagoonError> {
    require_check(a)?;
    slice_op(a, dim, |s| norm_slice(door, &a.meta, s, ord))
}
