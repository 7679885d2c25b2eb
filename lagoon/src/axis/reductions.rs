//! Axis-wise reductions of urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`:
//! `+sum-dim +prod-dim +max-dim +min-dim +argmax-dim +argmin-dim`.
//!
//! Every fold here is a LEFT fold seeded with the slice's first element
//! (`((x0 ⊕ x1) ⊕ x2) …`, [`softblas::exec::Order::left_from_first`]), not the
//! right fold from `+0` of the whole-array `+cumsum`; `%unum` sums are exact
//! in the quire instead.

use crate::axis::kernel::{Kernel, Step};
use crate::axis::slices::{slice_idx, slice_op};
use crate::door::Door;
use crate::error::LagoonError;
use crate::ray::{require_check, Ray};
use crate::reduce::unum_sum;
use softblas::prog::{Binary, Compare};
use softblas::{Atom, Kind};

/// Port of `+sum-dim [a dim]` (`lagoon.hoon@aa6f2a6`): the sums along `dim`,
/// `dim` dropped (rank 1 gives `~[1]`).
///
/// Order: left fold of the kind's `%add` seeded with the slice's first element;
/// `%unum` sums each slice exactly in the quire (`+unum-sum`, one rounding).
///
/// # Errors
/// The errors of `?> (check a)` and [`crate::meta::dim_parts`]; a bad bloq or
/// `%fixp` tail; a failing scalar operation.
pub fn sum_dim(door: &Door, a: &Ray, dim: u64) -> Result<Ray, LagoonError> {
    require_check(a)?;
    if a.meta.kind == Kind::Unum {
        if let Some(r) = crate::bits_path::posit::sum_dim(door, a, dim) {
            return Ok(r);
        }
        let bloq = a.meta.bloq;
        return slice_op(a, dim, |s| unum_sum(bloq, s));
    }
    let k = Kernel::new("sum-dim", &a.meta, door)?;
    if let Some(r) = crate::bits_path::fold_dim(door, a, Binary::Add, dim) {
        return Ok(r);
    }
    fold_along(&k, a, dim, &k.binary(Binary::Add))
}

/// Port of `+prod-dim [a dim]` (`lagoon.hoon@aa6f2a6`): the products along
/// `dim`, `dim` dropped.
///
/// Order: left fold of the kind's `%mul` seeded with the slice's first element
/// (so unlike `+prod`, whose seed is the atom 1, it is right for every kind).
///
/// # Errors
/// As [`sum_dim`].
pub fn prod_dim(door: &Door, a: &Ray, dim: u64) -> Result<Ray, LagoonError> {
    let k = Kernel::of_checked("prod-dim", a, door)?;
    if let Some(r) = crate::bits_path::fold_dim(door, a, Binary::Mul, dim) {
        return Ok(r);
    }
    fold_along(&k, a, dim, &k.binary(Binary::Mul))
}

/// Port of `+max-dim [a dim]` (`lagoon.hoon@aa6f2a6`): the maxima along `dim`,
/// `dim` dropped.
///
/// Order: left fold seeded with the first element, step
/// `acc' = gth(acc, y) ≠ 0 ? acc : y`. Quirks: ties take the LATER element
/// (visible on ±0); a NaN accumulator is replaced by the next element, and a
/// NaN element is taken (unlike whole-array `+max`). `%cplx` crashes as soon as
/// a slice has two elements (no total order).
///
/// # Errors
/// As [`sum_dim`].
pub fn max_dim(door: &Door, a: &Ray, dim: u64) -> Result<Ray, LagoonError> {
    let k = Kernel::of_checked("max-dim", a, door)?;
    fold_along(&k, a, dim, &k.keep_if(Compare::Gth))
}

/// Port of `+min-dim [a dim]` (`lagoon.hoon@aa6f2a6`): the minima along `dim`,
/// `dim` dropped; as [`max_dim`] with `lth`.
///
/// # Errors
/// As [`sum_dim`].
pub fn min_dim(door: &Door, a: &Ray, dim: u64) -> Result<Ray, LagoonError> {
    let k = Kernel::of_checked("min-dim", a, door)?;
    fold_along(&k, a, dim, &k.keep_if(Compare::Lth))
}

/// Each slice of `a` along `dim` left-folded by `step`, seeded with its first element.
fn fold_along(k: &Kernel, a: &Ray, dim: u64, step: &Step) -> Result<Ray, LagoonError> {
    slice_op(a, dim, |s| k.fold(step, s))
}

/// Port of `+argmax-dim [a dim]` (`lagoon.hoon@aa6f2a6`): the index along `dim`
/// of each slice's FIRST maximum, as a `[drop-dim 6 %uint ~]` ray.
///
/// Order: a left scan from index 0 replacing the best only when
/// `gth(s_j, best) ≠ 0` (strict). Quirks: a NaN at index 0 sticks (index 0);
/// interior NaNs are skipped; of `−0` and `+0` the first wins.
///
/// # Errors
/// As [`sum_dim`].
pub fn argmax_dim(door: &Door, a: &Ray, dim: u64) -> Result<Ray, LagoonError> {
    arg_dim(
        &Kernel::of_checked("argmax-dim", a, door)?,
        a,
        dim,
        Compare::Gth,
    )
}

/// Port of `+argmin-dim [a dim]` (`lagoon.hoon@aa6f2a6`): the index along `dim`
/// of each slice's FIRST minimum; as [`argmax_dim`] with `lth`.
///
/// # Errors
/// As [`sum_dim`].
pub fn argmin_dim(door: &Door, a: &Ray, dim: u64) -> Result<Ray, LagoonError> {
    arg_dim(
        &Kernel::of_checked("argmin-dim", a, door)?,
        a,
        dim,
        Compare::Lth,
    )
}

/// The index in each slice of `a` along `dim` of its first element that `c`
/// prefers to every earlier one.
fn arg_dim(k: &Kernel, a: &Ray, dim: u64, c: Compare) -> Result<Ray, LagoonError> {
    let better = k.compare(c);
    slice_idx(a, dim, |s| {
        let (first, rest) = s.split_first().ok_or(LagoonError::Assert {
            arm: k.arm,
            check: "the slice is not empty",
        })?;
        let (mut best, mut bi) = (first, 0usize);
        for (j, x) in rest.iter().enumerate() {
            if !k.apply(&better, x, best)?.is_zero() {
                best = x;
                bi = j + 1;
            }
        }
        Ok(Atom::from_u64(bi as u64))
    })
}
