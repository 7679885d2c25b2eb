//! The bits path of Lagoon's arms at `%unum` (posit8/16/32, bloq 3–5): a
//! ray's data atom read in place as host words (`u8 u16 u32`,
//! [`softblas::exec::fast::ints::Int::read`]), the posit kernels of [`softblas::exec::fast::posit`] run
//! on them (the elementwise arms, and the fixed-width quire for `+cumsum`,
//! `+sum-dim`, `+dot` and `+mmul`, whose `%unum` rows are `+unum-sum`,
//! `+unum-fdp` and `+mmul-unum`: exact sums rounded once), and the results
//! written straight into the result's data atom under its pin.
//!
//! Each function declines (`None`) unless the kernel layer's
//! [`choice::choose_map`] or [`choice::choose_quire`] accepts the dtype
//! and the call is one the ordinary path would complete with these bits;
//! the ordinary path then runs and reports every error.

use super::{contract_host, count, dims3, map_host, mmul_dims, pinned_served, Cells, Elems};
use crate::door::Door;
use crate::gate::dtype;
use crate::meta::{dim_parts, drop_dim, Meta};
use crate::ray::Ray;
use softblas::exec::fast::choice;
use softblas::exec::fast::posit::{self, by_posit, PositMap, PositWord};
use softblas::{Atom, Policy};

/// The elementwise posit kernel `kernel` over `e`'s rays, as a ray of its meta.
pub(super) fn map_posits<T: PositWord>(kernel: PositMap, e: Elems<'_>) -> Option<Ray> {
    map_host(e, |ins: &[&[T]], out: &mut [T]| {
        posit::map(kernel, ins, out);
        Ok(())
    })
}

/// The posit width of the `%unum` ray `a` under `pol` for the quire kernels, if they serve it.
fn quire_width(pol: Policy, a: &Ray) -> Option<softblas::scalar::unum::Width> {
    choice::choose_quire(pol, &dtype(&a.meta).ok()?)
}

/// `+unum-sum` of the elements of the `+check`ed `a`: `+cumsum` at `%unum`
/// on the quire kernel.
pub(crate) fn sum(door: &Door, a: &Ray) -> Option<Atom> {
    let w = quire_width(door.policy, a)?;
    let n = count(&a.meta)?;
    by_posit!(w, sum_words(a, n))
}

fn sum_words<T: PositWord>(a: &Ray, n: usize) -> Option<Atom> {
    let v = posit::sum(&T::read(&a.data, n))?;
    Some(Atom::from_u128(v.bits()))
}

/// `+unum-fdp` of the ravels of `a` and `b` (`+dot` at `%unum`: equal
/// shapes, neither `+check`ed), on the quire kernel where both rays are
/// valid at `a`'s bloq.
pub(crate) fn fdp(door: &Door, a: &Ray, b: &Ray) -> Option<Atom> {
    let w = quire_width(door.policy, a)?;
    if b.meta.bloq != a.meta.bloq || a.check() != Ok(true) || b.check() != Ok(true) {
        return None;
    }
    let n = count(&a.meta)?;
    (count(&b.meta)? == n).then_some(())?;
    by_posit!(w, fdp_words(a, b, n))
}

fn fdp_words<T: PositWord>(a: &Ray, b: &Ray, n: usize) -> Option<Atom> {
    let v = posit::fdp(&T::read(&a.data, n), &T::read(&b.data, n))?;
    Some(Atom::from_u128(v.bits()))
}

/// `+sum-dim` of the `+check`ed `a` along `dim` at `%unum`: each slice's
/// `+unum-sum` on the quire kernel, as a ray of `a`'s meta with `dim` dropped.
pub(crate) fn sum_dim(door: &Door, a: &Ray, dim: u64) -> Option<Ray> {
    let w = quire_width(door.policy, a)?;
    let (outer, len, inner) = dim_parts(&a.meta.shape, dim).ok()?;
    let mut meta = a.meta.clone();
    meta.shape = drop_dim(&a.meta.shape, dim);
    let n = count(&a.meta)?;
    let dims = dims3((outer, len, inner))?;
    if dims.0.checked_mul(dims.1)?.checked_mul(dims.2)? != n {
        return None;
    }
    by_posit!(w, sum_dim_words(a, dims, &meta, n))
}

fn sum_dim_words<T: PositWord>(
    a: &Ray,
    dims: (usize, usize, usize),
    meta: &Meta,
    n: usize,
) -> Option<Ray> {
    let xs = T::read(&a.data, n);
    pinned_served(meta, dims.0 * dims.2, |out| {
        posit::sum_slices(&xs, dims, out)
    })
}

/// `+mmul-unum` of the `+check`ed `a` (`m × k`) and `b` (`k × p`, at `a`'s
/// bloq) with `m`, `k`, `p` non-zero and within the arm's limits: each cell
/// `+unum-fdp` on the quire kernel, as a ray of `[~[m p] bloq %unum ~]`.
pub(crate) fn mmul(door: &Door, (m, k, p): (u64, u64, u64), a: &Ray, b: &Ray) -> Option<Ray> {
    let w = quire_width(door.policy, a)?;
    let dims = mmul_dims(a, b, (m, k, p))?;
    if b.meta.bloq != a.meta.bloq {
        return None;
    }
    let meta = Meta::new(vec![m, p], a.meta.bloq, a.meta.kind);
    let meta = &meta;
    by_posit!(w, mmul_words(Cells { dims, a, b, meta }))
}

fn mmul_words<T: PositWord>(c: Cells<'_>) -> Option<Ray> {
    contract_host(c, posit::contract::<T>)
}
