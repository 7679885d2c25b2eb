//! The slice helpers of the axis-wise section of urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`: `+dim-slices +slice-flat
//! +fold-slice +slice-op +slice-idx` (the shape arithmetic under them,
//! `+prod-list +drop-dim +dim-parts`, is [`crate::meta`]'s).
//!
//! A ray of shape `s` seen along `dim` is the array `[outer len inner]`
//! (`outer = Π s[<dim]`, `len = s[dim]`, `inner = Π s[>dim]`); its slices are
//! the `len`-long runs along the middle axis, taken in the row-major order of
//! `[outer inner]`. Gathering them is the movement `Permute [0 2 1]` of that
//! view ([`softblas::exec::Move`]); scattering them back is the same movement
//! of the slice buffer.

use crate::error::LagoonError;
use crate::gate::{exec_error, unsupported};
use crate::meta::{dim_parts, drop_dim, guard_list, Meta};
use crate::ndray::ravel;
use crate::ray::{require_check, Ray};
use softblas::exec::{self, Move, Operand, Order, View};
use softblas::prog::{Node, Op1, Prog};
use softblas::Policy;
use softblas::{Atom, Dtype, Kind};

/// The elements of `data` read in the order of `view` (row-major over its
/// shape): a gather through the `Copy` program.
pub(crate) fn gather(
    arm: &'static str,
    data: &[Atom],
    view: &View,
) -> Result<Vec<Atom>, LagoonError> {
    // Copy moves bits whatever the kind; the dtype only labels them.
    let raw = Dtype {
        kind: Kind::Uint,
        bloq: 0,
        prec: None,
    };
    let copy = Prog::of_node(vec![raw], Node::Op1(Op1::Copy, raw, 0), softblas::Round::Z)
        .map_err(|e| unsupported(arm, format!("the bit copy program: {e}")))?;
    let ops = [Operand { data, view }];
    // A bit copy of `%uint` atoms: no kernel serves it, so every policy runs
    // the same node-by-node loop.
    exec::map(Policy::REFERENCE, &copy, view.shape(), &ops)
        .map(|mut o| o.remove(0))
        .map_err(|e| exec_error(arm, e))
}

/// The view of a row-major `[a b c]` buffer with its last two axes swapped.
fn swap_last(arm: &'static str, a: u64, b: u64, c: u64) -> Result<View, LagoonError> {
    let dims = [a, b, c].map(|d| usize::try_from(d).unwrap_or(usize::MAX));
    guard_list(a.saturating_mul(b).saturating_mul(c))?;
    View::contiguous(&dims)
        .apply(&Move::Permute(vec![0, 2, 1]))
        .ok()
        .flatten()
        .ok_or_else(|| unsupported(arm, format!("a [{a} {b} {c}] view past the address space")))
}

/// Port of `+dim-slices [a dim]`: every 1-D slice of `a` along `dim`, each in
/// increasing `dim` order, slice `(i, k)` at index `i·inner + k`. Reads the
/// elements with `+ravel` (no `+check`).
///
/// # Errors
/// The errors of [`dim_parts`]; [`LagoonError::IndexOutOfRange`] when the data
/// holds fewer elements than the shape (`snag` past the end); [`LagoonError::TooLarge`].
pub fn dim_slices(a: &Ray, dim: u64) -> Result<Vec<Vec<Atom>>, LagoonError> {
    let (outer, len, inner) = dim_parts(&a.meta.shape, dim)?;
    let dat = ravel(a)?;
    let need = outer
        .checked_mul(len)
        .and_then(|x| x.checked_mul(inner))
        .ok_or(LagoonError::ShapeOverflow)?;
    if (dat.len() as u64) < need {
        return Err(LagoonError::IndexOutOfRange {
            index: need - 1,
            dim: dat.len() as u64,
        });
    }
    let view = swap_last("dim-slices", outer, len, inner)?;
    let flat = gather("dim-slices", &dat[..need as usize], &view)?;
    Ok(flat.chunks(len as usize).map(<[Atom]>::to_vec).collect())
}

/// Port of `+slice-flat [outer inner k vals]`: the `outer·inner` slices `vals`
/// (each `k` long, in slice order) scattered into row-major order of
/// `[outer k inner]`; the inverse of [`dim_slices`].
///
/// # Errors
/// [`LagoonError::IndexOutOfRange`] when there are too few slices or a slice
/// is shorter than `k` (`snag` past the end); [`LagoonError::TooLarge`].
pub fn slice_flat(
    outer: u64,
    inner: u64,
    k: u64,
    vals: &[Vec<Atom>],
) -> Result<Vec<Atom>, LagoonError> {
    let slices = outer.saturating_mul(inner);
    if (vals.len() as u64) < slices {
        return Err(LagoonError::IndexOutOfRange {
            index: slices - 1,
            dim: vals.len() as u64,
        });
    }
    let mut buf = Vec::with_capacity(guard_list(slices.saturating_mul(k))?);
    for s in &vals[..slices as usize] {
        if (s.len() as u64) < k {
            return Err(LagoonError::IndexOutOfRange {
                index: k - 1,
                dim: s.len() as u64,
            });
        }
        buf.extend_from_slice(&s[..k as usize]);
    }
    let view = swap_last("slice-flat", outer, inner, k)?;
    gather("slice-flat", &buf, &view)
}

/// Port of `+fold-slice [fun s]`: the left fold of the two-operand program
/// `step` over `s`, seeded with `s[0]` (`((s0 ⊕ s1) ⊕ s2) …`, [`Order::left_from_first`]).
///
/// A one-element slice comes back untouched (no canonicalisation, −0 kept).
///
/// # Errors
/// A crash ([`LagoonError::Assert`]) on an empty slice; the step's errors.
pub fn fold_slice(p: Policy, step: &Prog, s: &[Atom]) -> Result<Atom, LagoonError> {
    exec::fold(p, step, &Order::left_from_first(), s).map_err(|e| exec_error("fold-slice", e))
}

/// Port of `+slice-op [a dim fun]`: `?> (check a)`, then every slice of `a`
/// along `dim` reduced by `f`, as a ray of `a`'s meta with `dim` dropped
/// (values truncated to the element width by `rep`).
///
/// # Errors
/// The errors of `+check`, [`dim_slices`] and `f`.
pub fn slice_op(
    a: &Ray,
    dim: u64,
    f: impl FnMut(&[Atom]) -> Result<Atom, LagoonError>,
) -> Result<Ray, LagoonError> {
    let meta = |shape| {
        let mut m = a.meta.clone();
        m.shape = shape;
        m
    };
    reduce_slices(a, dim, meta, f)
}

/// Port of `+slice-idx [a dim fun]`: as [`slice_op`], each slice reduced to an
/// index; the result is `[drop-dim 6 %uint ~]`.
///
/// # Errors
/// As [`slice_op`].
pub fn slice_idx(
    a: &Ray,
    dim: u64,
    f: impl FnMut(&[Atom]) -> Result<Atom, LagoonError>,
) -> Result<Ray, LagoonError> {
    reduce_slices(a, dim, |shape| Meta::new(shape, 6, Kind::Uint), f)
}

/// `?> (check a)`, then every slice of `a` along `dim` reduced by `f`, as a
/// ray of the meta `meta` makes of the shape with `dim` dropped.
fn reduce_slices(
    a: &Ray,
    dim: u64,
    meta: impl FnOnce(Vec<u64>) -> Meta,
    mut f: impl FnMut(&[Atom]) -> Result<Atom, LagoonError>,
) -> Result<Ray, LagoonError> {
    require_check(a)?;
    let m = meta(drop_dim(&a.meta.shape, dim));
    let vals = dim_slices(a, dim)?
        .iter()
        .map(|s| f(s))
        .collect::<Result<Vec<_>, _>>()?;
    Ray::from_elems(m, &vals)
}
