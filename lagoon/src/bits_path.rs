//! The bits path of Lagoon's arms on the kinds the kernel layer serves: a
//! ray's data atom read in place as a slice of host words (`%i754` at bloq
//! 4–7 as `u16`/`u32`/`u64`/`u128`, `Atom::le_words` borrowing the limbs
//! where they are the elements in memory; `%uint`, `%int2` and `%fixp`
//! (whose precision fills the element) at bloq 3–6 as `u8`…`u64`,
//! [`Int::read`]; `%cplx` at bloq 6–7 as pairs of `u32`/`u64` components,
//! [`softblas::exec::fast::cplx::pairs`]; `%unum` at bloq 3–5 as `u8`…`u32`
//! posits, [`posit`]), softblas's kernel layer
//! ([`softblas::exec::fast::kernels`]: the hardware loops for `+ − × ÷` at
//! bloq 4–6, SoftFloat in batch for the rest of `%i754`; the integer loops of
//! [`softblas::exec::fast::ints`]; the complex kernels of
//! [`softblas::exec::fast::cplx`]; the posit kernels and quire of
//! [`softblas::exec::fast::posit`]) run on it, and the results written straight
//! into the result's data atom under its pin (`Atom::from_le_words_with`): no
//! [`Atom`] per element, no copy of the data (bloq 3 goes through bytes).
//!
//! Arms served: `+add +sub +mul +div` (and `+mod` at the integer kinds) and
//! the comparisons (ray–ray and `-scalar`), `+abs +conj` (so `+is-close`),
//! `+cumsum +prod` (so `+dot`, `+trace`), `+sum-dim +prod-dim`, `+mmul`, and
//! at `%i754` `+cdist-sq`/`+pdist-sq` (at `%cplx` not the comparisons or
//! `+abs`: [`softblas::exec::fast::cplx::CplxMap`] says what; at `%unum`
//! the elementwise arms of [`softblas::exec::fast::posit::PositMap`] and the
//! quire's `+cumsum +sum-dim +dot +mmul`, [`posit`]).
//!
//! Every function here returns `None` (declines) unless it can give exactly
//! what the arm's ordinary path gives: the kernel layer's one decision
//! ([`choice::choose_map`], [`choice::choose_step`], [`choice::choose_width`]:
//! the caller's [`Policy`] selects the fast executor, under the reference
//! executor Lagoon runs the reference path end to end; the program is a
//! single node a kernel serves at one dtype it serves) must accept, the
//! kernel must finish (an integer division by zero declines), and the rays
//! must be the ones the caller already checked
//! (`+check`ed, equal metas where the arm asserts it). A declined call runs
//! the ordinary path, which reports every error. The orders are the arms':
//! kernels fold in the direction and from the seed they are given and
//! contract `k` ascending from `+0` per cell (the integer kernels' `+` and
//! `×` wrap, so their sums and products are the same in any order).

use crate::door::Door;
use crate::gate::fun_scalar;
use crate::meta::{dim_parts, drop_dim, guard_list, product, span_bits, Meta};
use crate::ray::Ray;
use softblas::exec::fast::choice::{self, Choice, MapKernel};
use softblas::exec::fast::cplx::by_part;
use softblas::exec::fast::fdp;
use softblas::exec::fast::ints::{self, by_int, Int, IntError, IntKind, IntMap, IntStep, Ints};
use softblas::exec::fast::kernels::{self, elementwise, Elementwise, Step};
use softblas::exec::{Dir, Order, Seed};
use softblas::hw::{self, Op};
use softblas::math::batch::{self, Arm};
use softblas::prog::{Binary, Op2, Prog};
use softblas::{Atom, Dtype, Policy, Round, Word};
use std::borrow::Cow;
use std::convert::Infallible;
use std::mem::MaybeUninit;

/// Runs the generic `$f::<T>(args)` with `T` the word of `bloq`, or gives `None` at another bloq.
macro_rules! by_bloq {
    ($bloq:expr, $f:ident $args:tt $(,)?) => {
        softblas::by_carrier!($bloq, [4 => u16, 5 => u32, 6 => u64, 7 => u128], $f $args, _ => None)
    };
}

mod contract;
mod cplx;
pub(crate) mod posit;

pub(crate) use contract::{cdist_sq, contract, mmul_fixp};
use contract::{contract_host, pinned_served};

use cplx::{contract_pairs, fold_slices_pairs, map_pairs, reel_pairs};
use posit::map_posits;
use softblas::exec::fast::posit::by_posit;

/// The element count of `meta` as a buffer length, when `+ravel` would give that list
/// (its `rip` holds the elements and the pin block within urnum's list limit).
fn count(meta: &Meta) -> Option<usize> {
    let n = product(&meta.shape)?;
    guard_list(n.checked_add(1)?).ok()?;
    usize::try_from(n).ok()
}

/// Three extents as buffer lengths, or `None` when one does not fit a `usize`.
fn dims3((x, y, z): (u64, u64, u64)) -> Option<(usize, usize, usize)> {
    Some((
        usize::try_from(x).ok()?,
        usize::try_from(y).ok()?,
        usize::try_from(z).ok()?,
    ))
}

/// The extents of `+mmul`'s `a` (`m × k`) by `b` (`k × p`) as buffer lengths,
/// when the rays hold exactly `m·k` and `k·p` elements.
fn mmul_dims(a: &Ray, b: &Ray, mkp: (u64, u64, u64)) -> Option<(usize, usize, usize)> {
    let (m, k, p) = dims3(mkp)?;
    (count(&a.meta)? == m.checked_mul(k)? && count(&b.meta)? == k.checked_mul(p)?)
        .then_some((m, k, p))
}

/// The inputs of a bits-path elementwise map: `rays` (one per input, `n`
/// elements each, read in place) and `meta`, the result's meta.
#[derive(Clone, Copy)]
struct Elems<'a> {
    meta: &'a Meta,
    rays: &'a [&'a Ray],
    n: usize,
}

/// The operand of a bits-path fold along an axis: the `n` elements of `a`,
/// seen as `dims` = `[outer len inner]` (slices along the middle axis),
/// folded into the `outer · inner` elements of a ray of `meta`.
#[derive(Clone, Copy)]
struct Slices<'a> {
    a: &'a Ray,
    n: usize,
    dims: (usize, usize, usize),
    meta: &'a Meta,
}

impl Slices<'_> {
    /// The scratch row that steps `inner` slices at once (empty when each
    /// slice is contiguous, `inner` = 1).
    fn scratch<T: Copy + Default>(&self) -> Vec<T> {
        vec![T::default(); if self.dims.2 == 1 { 0 } else { self.dims.2 }]
    }
}

/// The operands of a bits-path contraction: `a` (`m × k`) and `b` (`k × p`),
/// read in place, with `dims` = `(m, k, p)`, and `meta`, the meta of the
/// `m × p` result.
#[derive(Clone, Copy)]
struct Cells<'a> {
    dims: (usize, usize, usize),
    a: &'a Ray,
    b: &'a Ray,
    meta: &'a Meta,
}

/// The first `n` elements of `a` as words: `(scag n (ravel a))` of a checked ray
/// (borrowed from the data atom at bloq 6, where the elements are its limbs).
fn words<T: Word>(a: &Ray, n: usize) -> Cow<'_, [T]> {
    a.data.le_words(n)
}

/// Whether `meta` holds `n` elements and its pin is within urnum's size
/// limit (the ordinary path reports the limit).
fn pinnable(meta: &Meta, n: usize) -> bool {
    product(&meta.shape) == Some(n as u64) && span_bits(n as u64, meta.bloq).is_ok()
}

/// The ray of `meta` whose `n` elements `fill` writes, pinned at element `n`:
/// the elements are written straight into the data atom's limbs
/// ([`Atom::from_le_words_with`]); `None` when the data would exceed urnum's
/// size limit (the ordinary path reports it).
pub(crate) fn pinned<T: Word>(meta: &Meta, n: usize, fill: impl FnOnce(&mut [T])) -> Option<Ray> {
    pinnable(meta, n).then_some(())?;
    let data = Atom::from_le_words_with(n + 1, |out: &mut [T]| {
        fill(&mut out[..n]);
        out[n] = T::of_bits(1);
    });
    Some(Ray::new(meta.clone(), data))
}

/// The elementwise program `prog` over `rays` (one per input, each `+check`ed
/// and of `meta`'s bloq and element count), as a ray of `meta`: `+bin-op` and
/// `+el-wise-op` on the bits path.
pub(crate) fn map(pol: Policy, meta: &Meta, prog: &Prog, rays: &[&Ray]) -> Option<Ray> {
    let choice = choice::choose_map(pol, prog)?;
    // The carrier: rays of the result's bloq and element count, one per input.
    let n = count(meta)?;
    if choice.bloq() != meta.bloq
        || rays.len() != prog.ins().len()
        || rays
            .iter()
            .any(|r| r.meta.bloq != meta.bloq || product(&r.meta.shape) != Some(n as u64))
    {
        return None;
    }
    let e = Elems { meta, rays, n };
    let r = prog.round();
    match choice {
        Choice::Ieee(MapKernel::LibMath(arm), _) => {
            by_bloq!(meta.bloq, lib_math_words(pol, arm, r, e))
        }
        Choice::Ieee(MapKernel::Elementwise(k), _) => by_bloq!(meta.bloq, map_words(pol, k, r, e)),
        Choice::Int(k, i) => by_int!(i.bloq, map_ints(i, k, e)),
        Choice::Cplx(k, w) => by_part!(w, map_pairs(pol, k, r, e)),
        Choice::Posit(k, w) => by_posit!(w, map_posits(k, e)),
    }
}

/// The ray of `meta` whose `n` host-integer elements `fill` writes, pinned at
/// element `n` ([`pinned`] for the integer carriers); `None` when `fill`
/// fails (the ordinary path reports it) or the data would exceed urnum's size limit.
///
/// (`fill` is a trait object, so this function is compiled once per carrier
/// type: every copy lands in the C ABI's debug archive, which is near its
/// section limit.)
fn pinned_ints<T: Int>(
    meta: &Meta,
    n: usize,
    fill: &mut dyn FnMut(&mut [T]) -> Result<(), IntError>,
) -> Option<Ray> {
    pinnable(meta, n).then_some(())?;
    let mut done = Ok(());
    let data = T::atom_with(n + 1, |out| {
        done = fill(&mut out[..n]);
        out[n] = T::ONE;
    });
    done.ok().map(|()| Ray::new(meta.clone(), data))
}

/// The most operands an elementwise kernel takes (`Fma`'s three).
const MAX_INS: usize = 3;

/// The operands of an elementwise kernel, one per ray, each borrowed in
/// place where its elements are the data atom's limbs: held on the stack,
/// so that a call allocates nothing but its result.
struct Ins<'a, T: Clone> {
    cows: [Cow<'a, [T]>; MAX_INS],
    len: usize,
}

impl<'a, T: Clone> Ins<'a, T> {
    /// Each of `rays` read by `read`; `None` for more than [`MAX_INS`] rays.
    fn read(rays: &[&'a Ray], read: impl Fn(&'a Ray) -> Cow<'a, [T]>) -> Option<Self> {
        (rays.len() <= MAX_INS).then_some(())?;
        let mut cows = [const { Cow::Borrowed(&[] as &[T]) }; MAX_INS];
        for (c, r) in cows.iter_mut().zip(rays) {
            *c = read(r);
        }
        Some(Ins {
            cows,
            len: rays.len(),
        })
    }

    /// The operands as slices, in the rays' order.
    fn slices(&self) -> [&[T]; MAX_INS] {
        let [a, b, c] = &self.cows;
        [a, b, c]
    }
}

/// The elementwise integer-carrier kernel `kernel` (the integer kinds'
/// and the posits') over `rays` (`n` elements each, read in place), as a ray of `meta`.
fn map_host<T: Int>(
    Elems { meta, rays, n }: Elems<'_>,
    kernel: impl Fn(&[&[T]], &mut [T]) -> Result<(), IntError>,
) -> Option<Ray> {
    let ins = Ins::read(rays, |a| T::read(&a.data, n))?;
    let slices = ins.slices();
    pinned_ints(meta, n, &mut |out| kernel(&slices[..ins.len], out))
}

fn map_ints<T: Int>(i: Ints, kernel: IntMap, e: Elems<'_>) -> Option<Ray> {
    map_host(e, |ins: &[&[T]], out: &mut [T]| {
        ints::map(i.kind, kernel, ins, out)
    })
}

fn map_words<T: Word>(pol: Policy, kernel: Elementwise, r: Round, e: Elems<'_>) -> Option<Ray> {
    let Elems { meta, rays, n } = e;
    let ins = Ins::read(rays, |a| words::<T>(a, n))?;
    let slices = ins.slices();
    match kernel.hw_op_at(pol, T::W) {
        // A hardware loop writes every element: no need to zero the result first.
        Some(op) if hw::fresh::viewable::<T>() => pinned_fresh(meta, (n, 1), |out| {
            hw::elementwise_fresh(pol.isa, op, r, slices[0], slices[1], out)
        }),
        _ => pinned(meta, n, |out| {
            elementwise(pol, kernel, r, &slices[..ins.len], out)
        }),
    }
}

/// [`pinned`] for a hardware loop that writes every word of the `n`
/// elements, `per` words each (1, or 2 for the complex carriers), into a
/// buffer that was never zeroed ([`Atom::from_le_words_fresh`]; words that
/// are a view of the limbs, [`hw::fresh::viewable`]).
fn pinned_fresh<T: Word>(
    meta: &Meta,
    (n, per): (usize, usize),
    write: impl for<'a> FnOnce(&'a mut [MaybeUninit<T>]) -> &'a mut [T],
) -> Option<Ray> {
    pinnable(meta, n).then_some(())?;
    let fresh = Atom::from_le_words_fresh(per * n + 1, |out: &mut [MaybeUninit<T>]| {
        let (body, pin) = out.split_at_mut(per * n);
        pin[0].write(T::of_bits(1));
        write(body)
    });
    Some(Ray::new(meta.clone(), fresh?))
}

/// A `/lib/math` arm over the elements of its rays (`+el-wise-op` with a
/// `trans-scalar` gate, `+bin-op` with a `pow-n` gate); `None` when an
/// element fails (the ordinary path reports the first failure).
fn lib_math_words<T: Word>(pol: Policy, arm: Arm, r: Round, e: Elems<'_>) -> Option<Ray> {
    let Elems { meta, rays, n } = e;
    let ins = Ins::read(rays.get(..arm.arity())?, |a| words::<T>(a, n))?;
    let slices = ins.slices();
    let mut done = Ok(());
    let ray = pinned(meta, n, |out| {
        done = batch::map(pol.isa, arm, r, &slices[..ins.len], out)
    })?;
    done.ok().map(|()| ray)
}

/// `(reel (ravel a) (fun-scalar meta.a op))` in `order` on a `+check`ed,
/// non-empty `a`: `+cumsum` and `+prod` on the bits path.
pub(crate) fn reel(door: &Door, a: &Ray, op: Binary, order: &Order) -> Option<Atom> {
    let step = fun_scalar(door, &a.meta, Op2::Binary(op)).ok()?;
    let choice = choice::choose_step(door.policy, &step)?;
    if choice.bloq() != a.meta.bloq {
        return None;
    }
    let n = count(&a.meta)?;
    if n == 0 {
        return None;
    }
    match choice {
        Choice::Ieee(kernel, _) => by_bloq!(
            a.meta.bloq,
            reel_words(door.policy, a, kernel, step.round(), order, n)
        ),
        Choice::Int(kernel, i) => by_int!(i.bloq, reel_ints(i, a, kernel, order, n)),
        Choice::Cplx(op, w) => by_part!(w, reel_pairs(door.policy, a, op, step.round(), order, n)),
    }
}

/// The seed of a fold over `xs` as `order` names it, and the elements left to
/// fold; `None` when the seed's bits do not fit a `T` of `bits` bits.
fn seeded<'a, T: Copy + Default>(
    order: &Order,
    xs: &'a [T],
    bits: u32,
    of_bits: fn(u128) -> T,
) -> Option<(T, &'a [T])> {
    Some(match &order.seed {
        Seed::First => (*xs.first()?, &xs[1..]),
        Seed::Zero => (T::default(), xs),
        Seed::Bits(b) => {
            let v = b.as_u128()?;
            if bits < 128 && v >> bits != 0 {
                return None;
            }
            (of_bits(v), xs)
        }
    })
}

fn reel_ints<T: Int>(i: Ints, a: &Ray, kernel: IntStep, order: &Order, n: usize) -> Option<Atom> {
    let xs = T::read(&a.data, n);
    let (seed, rest) = seeded(order, &xs, T::BITS, T::of_bits)?;
    let v = ints::fold(i.kind, kernel, order.dir == Dir::Right, seed, rest).ok()?;
    Some(Atom::from_u128(v.bits()))
}

fn reel_words<T: Word>(
    pol: Policy,
    a: &Ray,
    kernel: Step,
    r: Round,
    order: &Order,
    n: usize,
) -> Option<Atom> {
    let xs = words::<T>(a, n);
    let (seed, rest) = seeded(order, &xs, T::BITS, T::of_bits)?;
    let v = kernels::fold(pol, kernel, r, order.dir == Dir::Right, seed, rest);
    Some(Atom::from_u128(v.bits()))
}

/// The left fold from the first element of `(fun-scalar meta.a op)` over each
/// slice of the `+check`ed `a` along `dim` (`a` seen as `[outer len inner]`,
/// slices along the middle axis in the row-major order of `[outer inner]`),
/// as a ray of `a`'s meta with `dim` dropped: `+slice-op` of `+sum-dim` and
/// `+prod-dim` on the bits path.
pub(crate) fn fold_dim(door: &Door, a: &Ray, op: Binary, dim: u64) -> Option<Ray> {
    let (outer, len, inner) = dim_parts(&a.meta.shape, dim).ok()?;
    let mut meta = a.meta.clone();
    meta.shape = drop_dim(&a.meta.shape, dim);
    let step = fun_scalar(door, &a.meta, Op2::Binary(op)).ok()?;
    let choice = choice::choose_step(door.policy, &step)?;
    let n = count(&a.meta)?;
    let dims = dims3((outer, len, inner))?;
    if choice.bloq() != a.meta.bloq || dims.0.checked_mul(dims.1)?.checked_mul(dims.2)? != n {
        return None;
    }
    let s = Slices {
        a,
        n,
        dims,
        meta: &meta,
    };
    match choice {
        Choice::Ieee(kernel, _) => by_bloq!(
            a.meta.bloq,
            fold_slices_words(door.policy, kernel, step.round(), s)
        ),
        Choice::Int(kernel, i) => by_int!(i.bloq, fold_slices_ints(i, kernel, s)),
        Choice::Cplx(op, w) => by_part!(w, fold_slices_pairs(door.policy, op, step.round(), s)),
    }
}

fn fold_slices_words<T: Word>(pol: Policy, kernel: Step, r: Round, s: Slices<'_>) -> Option<Ray> {
    let xs = words::<T>(s.a, s.n);
    let mut next = s.scratch();
    pinned(s.meta, s.dims.0 * s.dims.2, |out| {
        fold_slices_total(
            &xs,
            s.dims,
            out,
            &|seed, rest| kernels::fold(pol, kernel, r, false, seed, rest),
            &mut |acc, row| {
                elementwise(pol, Elementwise::Two(kernel), r, &[acc, row], &mut next);
                acc.copy_from_slice(&next);
            },
        );
    })
}

fn fold_slices_ints<T: Int>(i: Ints, kernel: IntStep, s: Slices<'_>) -> Option<Ray> {
    let xs = T::read(&s.a.data, s.n);
    pinned_ints(s.meta, s.dims.0 * s.dims.2, &mut |out| {
        fold_slices(
            &xs,
            s.dims,
            out,
            &|seed, rest| ints::fold(i.kind, kernel, false, seed, rest),
            &mut |acc, row| ints::step_into(i.kind, kernel, acc, row),
        )
    })
}

/// [`fold_slices`] with a fold and a step that cannot fail.
fn fold_slices_total<T: Copy + Default>(
    xs: &[T],
    dims: (usize, usize, usize),
    out: &mut [T],
    fold: &dyn Fn(T, &[T]) -> T,
    rows: &mut dyn FnMut(&mut [T], &[T]),
) {
    let folded = fold_slices(
        xs,
        dims,
        out,
        &|seed, rest| Ok::<_, Infallible>(fold(seed, rest)),
        &mut |acc, row| {
            rows(acc, row);
            Ok(())
        },
    );
    match folded {
        Ok(()) => {}
        Err(never) => match never {},
    }
}

/// [`fold_slices`]' fold of one contiguous slice from its seed.
type SliceFold<'a, T, E> = dyn Fn(T, &[T]) -> Result<T, E> + 'a;

/// [`fold_slices`]' step of `inner` slices at once, in place.
type RowStep<'a, T, E> = dyn FnMut(&mut [T], &[T]) -> Result<(), E> + 'a;

/// The left fold from the first element of each slice of `xs` (seen as
/// `[outer len inner]`, slices along the middle axis) into `out` (`outer ·
/// inner` of them, row-major): `fold(seed, rest)` folds one contiguous
/// slice, `rows(acc, row)` steps `inner` slices at once, in place.
///
/// # Errors
/// The first error of `fold` or `rows`.
fn fold_slices<T: Copy + Default, E>(
    xs: &[T],
    (_, len, inner): (usize, usize, usize),
    out: &mut [T],
    fold: &SliceFold<'_, T, E>,
    rows: &mut RowStep<'_, T, E>,
) -> Result<(), E> {
    for (acc, block) in out
        .chunks_exact_mut(inner)
        .zip(xs.chunks_exact(len * inner))
    {
        if inner == 1 {
            // One contiguous slice.
            acc[0] = fold(block[0], &block[1..])?;
            continue;
        }
        // The slices of this block advance together: row 0, then each row
        // added in order, which is every slice's own left fold.
        acc.copy_from_slice(&block[..inner]);
        for row in block.chunks_exact(inner).skip(1) {
            rows(acc, row)?;
        }
    }
    Ok(())
}
