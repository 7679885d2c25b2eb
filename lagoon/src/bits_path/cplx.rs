//! The bits path of Lagoon's arms at `%cplx` (bloq 6–7): a ray's data atom
//! read in place as pairs of binary32/64 components ([`cplx::pairs`]), the
//! complex kernels of [`softblas::exec::fast::cplx`] run on them, and the
//! results written straight into the result's data atom under its pin.

use super::{fold_slices, pinnable};
use crate::meta::Meta;
use crate::ray::Ray;
use softblas::exec::fast::cplx::{self, CplxMap, Pair, Part};
use softblas::exec::{Dir, Order};
use softblas::hw;
use softblas::{Atom, Policy, Round, Word};
use std::borrow::Cow;
use std::convert::Infallible;
use std::mem::MaybeUninit;

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

/// [`super::pinned_fresh`] for the complex carriers: `write` writes all `2n`
/// components of the ray of `meta`, pinned at element `n`.
fn pinned_fresh_pairs<T: Word>(
    meta: &Meta,
    n: usize,
    write: impl for<'a> FnOnce(&'a mut [MaybeUninit<T>]) -> &'a mut [T],
) -> Option<Ray> {
    pinnable(meta, n).then_some(())?;
    let fresh = Atom::from_le_words_fresh(2 * n + 1, |out: &mut [MaybeUninit<T>]| {
        let (body, pin) = out.split_at_mut(2 * n);
        pin[0].write(T::of_bits(1));
        write(body)
    });
    Some(Ray::new(meta.clone(), fresh?))
}

pub(super) fn map_pairs<T: Part>(
    pol: Policy,
    meta: &Meta,
    kernel: CplxMap,
    r: Round,
    rays: &[&Ray],
    n: usize,
) -> Option<Ray> {
    let ins: Vec<Cow<'_, [T]>> = rays.iter().map(|a| parts::<T>(a, n)).collect();
    if let Some(op) = kernel.componentwise() {
        if hw::fresh::viewable::<T>() {
            // One hardware loop writes every component: no need to zero the result first.
            return pinned_fresh_pairs(meta, n, |out| {
                hw::elementwise_fresh(pol.isa, op, r, &ins[0], &ins[1], out)
            });
        }
    }
    let slices: Vec<&[Pair<T>]> = ins.iter().map(|c| cplx::pairs(c)).collect();
    pinned_pairs(meta, n, |out| cplx::map(pol, kernel, r, &slices, out))
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
    a: &Ray,
    op: hw::Op,
    r: Round,
    dims: (usize, usize, usize),
    meta: &Meta,
    n: usize,
) -> Option<Ray> {
    let xs = parts::<T>(a, n);
    let mut next = vec![Pair::<T>::default(); if dims.2 == 1 { 0 } else { dims.2 }];
    pinned_pairs(meta, dims.0 * dims.2, |out| {
        let folded = fold_slices(
            cplx::pairs(&xs),
            dims,
            out,
            &|seed, rest| Ok::<_, Infallible>(cplx::fold(pol, op, r, false, seed, rest)),
            &mut |acc, row| {
                cplx::step_into(pol, op, r, acc, row, &mut next);
                Ok(())
            },
        );
        match folded {
            Ok(()) => {}
            Err(never) => match never {},
        }
    })
}

pub(super) fn contract_pairs<T: Part>(
    pol: Policy,
    r: Round,
    (m, k, p): (usize, usize, usize),
    a: &Ray,
    b: &Ray,
    meta: &Meta,
) -> Option<Ray> {
    let (xa, xb) = (parts::<T>(a, m * k), parts::<T>(b, k * p));
    pinned_pairs(meta, m * p, |c| {
        cplx::contract_acc_into(pol, r, (m, k, p), cplx::pairs(&xa), cplx::pairs(&xb), c)
    })
}
