//! Whole-array reductions: `+cumsum +prod +max +min +argmax +argmin +any +all`
//! of urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`
//! (its fold orders: `reel`, a right fold).
//!
//! Every one `+check`s its ray and folds the ravel with Hoon's `reel`, a RIGHT
//! fold: `step(x0, step(x1, … step(x_{n−1}, seed)))`, run by [`exec::fold`]
//! with the arm's [`Order`]. Results are boxed by `+scalar-to-ray`: shape all
//! ones at the input's rank, bloq, kind and tail kept. The step's gate is built
//! inside the Hoon's `reel` gate, so an empty ray never builds it (and never
//! crashes on a bad bloq or tail there).
//!
//! `%i754` folds at bloq 4–7 run on the bits path (`bits_path.rs`) when the fast
//! executor is selected.

use crate::bits_path;
use crate::door::Door;
use crate::error::LagoonError;
use crate::gate::{dtype, exec_error, fun_scalar};
use crate::index::get_item;
use crate::ndray::ravel;
use crate::pin::scalar_to_ray;
use crate::ray::{require_check, Ray};
use softblas::exec::{self, Dir, Order, Seed};
use softblas::prog::{Binary, Compare, Expr, Op2, Op3, Prog};
use softblas::scalar::unum;
use softblas::{Atom, Kind};

/// `(reel (ravel a) |=([b c] ((fun-scalar meta.a op) b c)))` with the seed of `order`.
fn reel(
    door: &Door,
    a: &Ray,
    xs: &[Atom],
    op: Binary,
    order: &Order,
    arm: &'static str,
) -> Result<Atom, LagoonError> {
    if xs.is_empty() {
        return Ok(match &order.seed {
            Seed::Bits(b) => b.clone(),
            _ => Atom::ZERO,
        });
    }
    let step = fun_scalar(door, &a.meta, Op2::Binary(op))?;
    exec::fold(door.policy, &step, order, xs).map_err(|e| exec_error(arm, e))
}

/// Lagoon's `+unum-sum [bloq v]`: the exact quire sum of the posits `v`,
/// rounded once (`fdp` against a list of posit ones).
///
/// # Errors
/// [`LagoonError::BadBloq`] outside bloq 3–6 (`+unum-one`'s `?+ bloq !!`).
pub fn unum_sum(bloq: u32, v: &[Atom]) -> Result<Atom, LagoonError> {
    let w = match bloq {
        3..=6 => unum::Width::from_bloq(bloq),
        _ => None,
    }
    .ok_or(LagoonError::BadBloq {
        kind: Kind::Unum,
        bloq,
    })?;
    let xs: Vec<u128> = v.iter().map(Atom::low_u128).collect();
    let ones = vec![w.one(); xs.len()];
    Ok(Atom::from_u128(unum::fdp(w, &xs, &ones)))
}

/// Port of `+cumsum a` (lagoon.hoon@aa6f2a6, hint `%cumsum`): the TOTAL sum,
/// boxed (not a prefix sum).
///
/// Order: `%unum` sums exactly in the quire with one rounding ([`unum_sum`]);
/// every other kind is a right fold from the atom 0 (+0):
/// `add(x0, add(x1, … add(x_{n−1}, +0)))` in the door's mode (so a sum of −0
/// terms is +0 except under `%d`). `%uint %int2 %fixp` wrap (order-free);
/// `%cplx` adds per component. An empty ray sums to 0.
///
/// # Errors
/// `+check` failures; the kind's bloq/tail checks and scalar crashes.
pub fn cumsum(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    require_check(a)?;
    if let Some(v) = bits_path::reel(door, a, Binary::Add, &Order::right_from_zero()) {
        return scalar_to_ray(&a.meta, &v);
    }
    let v = if a.meta.kind == Kind::Unum {
        match bits_path::posit::sum(door, a) {
            Some(v) => v,
            None => unum_sum(a.meta.bloq, &ravel(a)?)?,
        }
    } else {
        let xs = ravel(a)?;
        reel(
            door,
            a,
            &xs,
            Binary::Add,
            &Order::right_from_zero(),
            "cumsum",
        )?
    };
    scalar_to_ray(&a.meta, &v)
}

/// Port of `+prod a` (lagoon.hoon@aa6f2a6, not jetted): the product of all
/// elements, boxed.
///
/// Order: right fold `mul(x0, mul(x1, … mul(x_{n−1}, 1)))` seeded with the
/// ATOM 1, whatever the kind (the gate's sample is `[b=_1 c=_1]`). Quirk: for
/// `%i754` that seed is the least subnormal, for `%unum` minpos, for `%fixp`
/// `2^−b`, for `%cplx` the least subnormal real; only `%uint`/`%int2` get a
/// true product.
///
/// # Errors
/// `+check` failures; the kind's bloq/tail checks and scalar crashes.
pub fn prod(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    require_check(a)?;
    let order = Order {
        dir: Dir::Right,
        seed: Seed::Bits(Atom::ONE),
    };
    if let Some(v) = bits_path::reel(door, a, Binary::Mul, &order) {
        return scalar_to_ray(&a.meta, &v);
    }
    let xs = ravel(a)?;
    let v = reel(door, a, &xs, Binary::Mul, &order, "prod")?;
    scalar_to_ray(&a.meta, &v)
}

/// The winner of `+max`/`+min`: `(reel (ravel a) step)` seeded with `x0`, where
/// `step(x, acc) = cmp(x, acc) ≠ 0 ? x : acc`.
fn extreme(door: &Door, a: &Ray, cmp: Compare, arm: &'static str) -> Result<Atom, LagoonError> {
    require_check(a)?;
    let xs = ravel(a)?;
    let x0 = xs.first().cloned().ok_or(LagoonError::Assert {
        arm,
        check: "the ray has an element (-:(ravel a))",
    })?;
    // The gate of the kind's comparison: its checks (and %cplx's crash) come first.
    fun_scalar(door, &a.meta, Op2::Compare(cmp))?;
    let t = dtype(&a.meta)?;
    let (x, acc) = (Expr::In(0), Expr::In(1));
    let keep = Expr::Op3(
        Op3::Where,
        Box::new(Expr::Op2(
            Op2::Compare(cmp),
            Box::new(x.clone()),
            Box::new(acc.clone()),
        )),
        Box::new(x),
        Box::new(acc),
    );
    let step = Prog::from_exprs(vec![t, t], &[keep], door.round)
        .map(|p| p.with_unum(door.unum))
        .map_err(|_| LagoonError::Assert {
            arm,
            check: "the step is a program",
        })?;
    let order = Order {
        dir: Dir::Right,
        seed: Seed::Bits(x0),
    };
    exec::fold(door.policy, &step, &order, &xs).map_err(|e| exec_error(arm, e))
}

/// Port of `+max a` (lagoon.hoon@aa6f2a6, hint `%max`): the greatest element
/// by the kind's `%gth`, boxed.
///
/// Order: right fold seeded with `x0`, visiting `x_{n−1} … x1 x0`; an element
/// replaces the accumulator only when strictly greater. So ties keep the
/// accumulator: the winner is `x0` when it is maximal, else the HIGHEST-index
/// maximal element (visible for ±0: `max [−1 −0 +0]` is +0); a NaN `x0` is
/// sticky; other NaNs are skipped. The winner's bits are moved, not
/// recomputed (NaN payloads kept). Crashes on `%cplx` and on an empty ray.
///
/// # Errors
/// `+check` failures; an empty ray; as [`fun_scalar`] for `%gth`.
pub fn max(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    let v = extreme(door, a, Compare::Gth, "max")?;
    scalar_to_ray(&a.meta, &v)
}

/// Port of `+min a` (lagoon.hoon@aa6f2a6, hint `%min`): the least element by
/// the kind's `%lth`, boxed; order and quirks as [`max`].
///
/// # Errors
/// As [`max`].
pub fn min(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    let v = extreme(door, a, Compare::Lth, "min")?;
    scalar_to_ray(&a.meta, &v)
}

/// `+:(find ~[(get-item (max a) ~[0 0])] (ravel a))`.
fn arg(door: &Door, a: &Ray, cmp: Compare, arm: &'static str) -> Result<u64, LagoonError> {
    require_check(a)?;
    let best = if cmp == Compare::Gth {
        max(door, a)?
    } else {
        min(door, a)?
    };
    let v = get_item(&best, &[0, 0])?;
    let xs = ravel(a)?;
    xs.iter()
        .position(|x| *x == v)
        .map(|i| i as u64)
        .ok_or(LagoonError::Assert {
            arm,
            check: "find: the extreme is an element",
        })
}

/// Port of `+argmax a` (lagoon.hoon@aa6f2a6, hint `%argmax`): the first ravel
/// index whose bits equal the boxed [`max`], read with `(get-item … ~[0 0])`.
///
/// Quirks: the index is of the first element bit-equal to the winner, so with
/// ±0 ties it may not be the winner's own index; a NaN head gives 0, interior
/// NaNs are skipped; rank ≥ 3 crashes (`~[0 0]` is too few indices).
///
/// # Errors
/// As [`max`]; [`LagoonError::TooFewIndices`] at rank ≥ 3.
pub fn argmax(door: &Door, a: &Ray) -> Result<u64, LagoonError> {
    arg(door, a, Compare::Gth, "argmax")
}

/// Port of `+argmin a` (lagoon.hoon@aa6f2a6, hint `%argmin`): as [`argmax`] with [`min`].
///
/// # Errors
/// As [`argmax`].
pub fn argmin(door: &Door, a: &Ray) -> Result<u64, LagoonError> {
    arg(door, a, Compare::Lth, "argmin")
}

/// Port of `+any a` (lagoon.hoon@aa6f2a6): whether the [`max`] is not the atom 0.
///
/// Quirk: the test is on bits, so a maximum of −0.0 counts as true.
///
/// # Errors
/// As [`max`] (so `%cplx` crashes).
pub fn any(door: &Door, a: &Ray) -> Result<bool, LagoonError> {
    Ok(!max(door, a)?.get(0).is_zero())
}

/// Port of `+all a` (lagoon.hoon@aa6f2a6): whether the [`min`] is not the atom 0
/// (−0.0 counts as true).
///
/// # Errors
/// As [`min`].
pub fn all(door: &Door, a: &Ray) -> Result<bool, LagoonError> {
    Ok(!min(door, a)?.get(0).is_zero())
}
