//! The bits path of Lagoon's arms at `%cplx` (bloq 6–7): a ray's data atom
//! read in place as pairs of binary32/64 components ([`cplx::pairs`]), the
//! complex kernels of [`softblas::exec::fast::cplx`] run on them, and the
//! results written straight into the result's data atom under its pin.

use super::{fold_slices_total, pinnable, pinned_fresh, Cells, Elems, Ins, Slices, MAX_INS};
use crate::meta::Meta;
use crate::ray::Ray;
use softblas::exec::fast::cplx::{self, CplxMap, Pair, Part};
use softblas::exec::{Dir, Order};
use softblas::hw;
use softblas::{Atom, Policy, Round, Word};
use std::borrow::Cow;

/// The first `n` elements of the `%cplx` ray `a` as `2n` component words,
/// real part first (borrowed from the data atom where they are its limbs):
/// [`cplx::pairs`] of them are `(scag n (ravel a))`.
fn parts<T: Word>(a: &Ray, n: usize) -> Cow<'_, [T]> {
    a.data.le_words(2 * n)
}

/// [`super::pinned`] for the complex carriers: the ray of `meta` whose `n` pairs
/// `fill` writes, pinned at element `n`.
fn pinned_pairs<T: Word>(meta: &Meta, n: usize, fill: impl FnOnce(&mut [Pair<T>])) -> Option<Ray> {
    pinnable(meta, n).then_some(())?;
    let data = Atom::from_le_words_with(2 * n + 1, |out: &mut [T]| {
        let (body, pin) = out.split_at_mut(2 * n);
        fill(cplx::pairs_mut(body));
        pin[0] = T::of_bits(1);
    });
    Some(Ray::new(meta.clone(), data))
}

pub(super) fn map_pairs<T: Part>(
    pol: Policy,
    kernel: CplxMap,
    r: Round,
    e: Elems<'_>,
) -> Option<Ray> {
    let Elems { meta, rays, n } = e;
    let ins = Ins::read(rays, |a| parts::<T>(a, n))?;
    let words = ins.slices();
    if let Some(op) = kernel.componentwise() {
        if hw::fresh::viewable::<T>() {
            // One hardware loop writes every component: no need to zero the result first.
            return pinned_fresh(meta, (n, 2), |out| {
                hw::elementwise_fresh(pol.isa, op, r, words[0], words[1], out)
            });
        }
    }
    let pairs: [&[Pair<T>]; MAX_INS] = words.map(cplx::pairs);
    pinned_pairs(meta, n, |out| {
        cplx::map(pol, kernel, r, &pairs[..ins.len], out)
    })
}

pub(super) fn reel_pairs<T: Part>(
    pol: Policy,
    a: &Ray,
    op: hw::Op,
    r: Round,
    order: &Order,
    n: usize,
) -> Option<Atom> {
    let xs = parts::<T>(a, n);
    let (seed, rest) = cplx::seeded(&order.seed, cplx::pairs(&xs))?;
    let v = cplx::fold(pol, op, r, order.dir == Dir::Right, seed, rest);
    Some(Atom::from_u128(cplx::bits_of(v)))
}

pub(super) fn fold_slices_pairs<T: Part>(
    pol: Policy,
    op: hw::Op,
    r: Round,
    s: Slices<'_>,
) -> Option<Ray> {
    let xs = parts::<T>(s.a, s.n);
    let mut next = s.scratch();
    pinned_pairs(s.meta, s.dims.0 * s.dims.2, |out| {
        fold_slices_total(
            cplx::pairs(&xs),
            s.dims,
            out,
            &|seed, rest| cplx::fold(pol, op, r, false, seed, rest),
            &mut |acc, row| cplx::step_into(pol, op, r, acc, row, &mut next),
        );
    })
}

pub(super) fn contract_pairs<T: Part>(pol: Policy, r: Round, c: Cells<'_>) -> Option<Ray> {
    let (m, k, p) = c.dims;
    let (xa, xb) = (parts::<T>(c.a, m * k), parts::<T>(c.b, k * p));
    pinned_pairs(c.meta, m * p, |out| {
        cplx::contract_acc_into(pol, r, c.dims, cplx::pairs(&xa), cplx::pairs(&xb), out)
    })
}
