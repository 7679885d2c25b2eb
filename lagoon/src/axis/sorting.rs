//! Sorting and selection along an axis, urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`: `+rank-slice +sort-dim +argsort-dim
//! +argtop-dim +take-dim`.
//!
//! `+rank-slice` sorts `[value index]` pairs with Hoon's `++sort`, a quicksort:
//! the head is the pivot, the rest is split in order into the elements that
//! sort before it (`skid`) and the others, and the result is
//! `sort(before) ++ [pivot] ++ sort(others)`. The comparator is the kind's
//! `%lth` (`%asc`) or `%gth` (`%des`) tried both ways, then the lower original
//! index. Without NaN that is a strict total order, so the result is the
//! stable sort in both directions; with NaN the comparator is not transitive
//! and the result is whatever this exact quicksort gives, which is reproduced.
//!
//! So a slice whose order is total (every kind but `%i754` with a NaN and
//! `%cplx`) is not quicksorted: elements of at most 128 bits are sorted by an
//! order-preserving integer key and the index, and the result is confirmed
//! with the kind's comparator on each adjacent pair (`n − 1` comparisons; in
//! a strict total order a chain of adjacent `less` pairs is the one sorted
//! order); wider elements, or a key order the comparator does not confirm,
//! take a stable merge sort under the comparator. Only the other slices run
//! the quicksort, whose `n(n − 1)/2` comparisons (an all-equal or NaN-filled
//! slice) would otherwise take minutes. The comparisons of one call, counted
//! before they are made, are bounded by [`SORT_WORK_LIMIT`].

use crate::axis::kernel::Kernel;
use crate::axis::slices::{dim_slices, slice_flat};
use crate::door::Door;
use crate::error::LagoonError;
use crate::gate;
use crate::meta::{assert_of, dim_parts, drop_dim, Meta};
use crate::ray::{require_check, Ray};
use softblas::ops;
use softblas::prog::{Compare, Node};
use softblas::scalar::i754;
use softblas::{Atom, Kind};

/// A sort direction (`?(%asc %des)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SortDir {
    /// `%asc`: ascending by the kind's `%lth`.
    Asc,
    /// `%des`: descending by the kind's `%gth`.
    Des,
}

impl SortDir {
    /// The direction named by a Hoon term (`"asc"`, `"%des"`).
    pub fn from_term(t: &str) -> Option<SortDir> {
        match t.trim_start_matches('%') {
            "asc" => Some(SortDir::Asc),
            "des" => Some(SortDir::Des),
            _ => None,
        }
    }
}

enum Work {
    Sort(Vec<(Atom, u64)>),
    Emit((Atom, u64)),
}

/// The most comparisons one sorting call may need, counted before they are
/// made and summed over its slices: `n − 1` for a slice sorted by key,
/// `n·⌈log2 n⌉` for the merge sort, `n(n − 1)/2` for the quicksort (only
/// slices with a NaN, or `%cplx`). 2^22: in a release build, 0.2 s of
/// quicksort comparisons, or a `+sort-dim` of 2^22 elements in about a
/// second (most of it splitting and rebuilding the ray).
pub const SORT_WORK_LIMIT: u64 = 1 << 22;

/// Charges `cost` comparisons to `spent`.
///
/// # Errors
/// [`LagoonError::TooLarge`] when the call's total passes [`SORT_WORK_LIMIT`].
fn charge(spent: &mut u64, cost: u64) -> Result<(), LagoonError> {
    *spent = spent.saturating_add(cost);
    if *spent > SORT_WORK_LIMIT {
        return Err(LagoonError::TooLarge {
            bits: u128::from(*spent),
        });
    }
    Ok(())
}

/// An integer whose order is the kind's `%lth` order on `x` (one element of
/// at most 128 bits of a slice with [`total_order`]): the value for `%uint`,
/// the two's-complement value offset by the sign bit for `%int2`, `%fixp`
/// and `%unum`, and for `%i754` the sign-magnitude order with −0 = +0.
fn order_key(meta: &Meta, x: &Atom) -> u128 {
    let w = 1u32 << meta.bloq;
    let mask = if w == 128 { u128::MAX } else { (1 << w) - 1 };
    let sign = 1u128 << (w - 1);
    let v = x.low_u128();
    match meta.kind {
        Kind::Uint => v,
        Kind::I754 => {
            if v == sign {
                sign // −0 sorts with +0
            } else if v & sign != 0 {
                !v & mask
            } else {
                v | sign
            }
        }
        _ => v ^ sign,
    }
}

/// Port of `+rank-slice [meta s dir]` (`lagoon.hoon@aa6f2a6`): the
/// `(value, index)` pairs of `s` in the order Hoon's `++sort` quicksort puts
/// them under `less(x, y) = cmp(x, y) ? yes : cmp(y, x) ? no : x.i < y.i`.
///
/// # Errors
/// A bad bloq or `%fixp` tail; [`LagoonError::Assert`] for a `%cplx` slice of
/// two or more elements (no total order); a failing comparison;
/// [`LagoonError::TooLarge`] when the sort could take more than
/// [`SORT_WORK_LIMIT`] comparisons.
pub fn rank_slice(
    door: &Door,
    meta: &Meta,
    s: &[Atom],
    dir: SortDir,
) -> Result<Vec<(Atom, u64)>, LagoonError> {
    rank_slice_within(door, meta, s, dir, &mut 0, true)
}

/// Whether `cmp` (`%lth` or `%gth` of `meta`'s kind) is a strict weak order on
/// the values `s`, so that `less` is a strict total order on their pairs:
/// every value is one element of its width and none is a NaN.
fn total_order(meta: &Meta, s: &[Atom]) -> bool {
    let fits = |x: &Atom| x.met(meta.bloq) <= 1;
    match meta.kind {
        Kind::Uint | Kind::Int2 | Kind::Fixp | Kind::Unum => s.iter().all(fits),
        Kind::I754 => match i754::Width::from_bloq(meta.bloq) {
            Some(w) => s.iter().all(|x| fits(x) && !i754::is_nan(w, x.low_u128())),
            None => false,
        },
        _ => false,
    }
}

/// [`rank_slice`], charging the quicksort's worst case to `spent` (the
/// comparisons the call's earlier slices may have taken); the merge sort
/// only when `merge` allows it (with `merge` false, the head-pivot quicksort
/// alone, whatever the values: the reference the property tests compare the
/// merge sort with).
///
/// # Errors
/// As [`rank_slice`].
#[doc(hidden)]
pub fn rank_slice_within(
    door: &Door,
    meta: &Meta,
    s: &[Atom],
    dir: SortDir,
    spent: &mut u64,
    merge: bool,
) -> Result<Vec<(Atom, u64)>, LagoonError> {
    let k = Kernel::new("rank-slice", meta, door)?;
    let cmp = k.compare(match dir {
        SortDir::Asc => Compare::Lth,
        SortDir::Des => Compare::Gth,
    });
    let pairs = || -> Vec<(Atom, u64)> { s.iter().cloned().zip(0u64..).collect() };
    let n = s.len() as u64;
    if n < 2 {
        // No comparison is made.
        return Ok(pairs());
    }
    // Every comparison calls the step first: its error is the first comparison's.
    let prog = cmp.resolve()?;
    // The step is one `Op2` node over its two inputs: evaluate that node as
    // `exec` does (`ops::eval2` at the node's dtype and the program's mode),
    // and take a failure, with its error, from the whole program.
    let node = match prog.single() {
        Some(&Node::Op2(op, 0, 1)) => Some((op, prog.dtype(2), prog.round(), prog.unum())),
        _ => None,
    };
    let call = |x: &Atom, y: &Atom| -> Result<bool, LagoonError> {
        if let Some((op, t, round, unum)) = node {
            if let Ok(v) = ops::eval2(door.policy, op, &t, round, unum, x, y) {
                return Ok(!v.is_zero());
            }
        }
        Ok(!gate::apply2(door.policy, &prog, x, y)?.is_zero())
    };
    let less = |x: &(Atom, u64), y: &(Atom, u64)| -> Result<bool, LagoonError> {
        if call(&x.0, &y.0)? {
            return Ok(true);
        }
        if call(&y.0, &x.0)? {
            return Ok(false);
        }
        Ok(x.1 < y.1)
    };
    // The quicksort's first comparison, made by every path here: a failing
    // comparison fails as the Hoon's does.
    less(&(s[1].clone(), 1), &(s[0].clone(), 0))?;
    if merge && total_order(meta, s) {
        // `less` is a strict total order (the indices differ): the quicksort
        // gives the one sorted order, and so does any sort. A failing
        // comparison falls through to the quicksort, which meets it first.
        if meta.bloq <= 7 {
            charge(spent, n - 1)?;
            let flip = if dir == SortDir::Des { u128::MAX } else { 0 };
            let mut v = pairs();
            v.sort_unstable_by_key(|(x, i)| (order_key(meta, x) ^ flip, *i));
            let mut confirmed = true;
            for p in v.windows(2) {
                if less(&p[0], &p[1]) != Ok(true) {
                    confirmed = false;
                    break;
                }
            }
            if confirmed {
                return Ok(v);
            }
        }
        charge(spent, n * u64::from(64 - (n - 1).leading_zeros()))?;
        if let Ok(v) = merge_sort(pairs(), &less) {
            return Ok(v);
        }
    }
    charge(spent, n.saturating_mul(n - 1) / 2)?;
    let mut out = Vec::with_capacity(s.len());
    // An explicit stack in place of the recursion: pop `sort(before)` first,
    // then the pivot, then `sort(others)`.
    let mut work = vec![Work::Sort(pairs())];
    while let Some(w) = work.pop() {
        match w {
            Work::Emit(p) => out.push(p),
            Work::Sort(v) => {
                let mut it = v.into_iter();
                let Some(pivot) = it.next() else { continue };
                let (mut before, mut others) = (Vec::new(), Vec::new());
                for c in it {
                    if less(&c, &pivot)? {
                        before.push(c);
                    } else {
                        others.push(c);
                    }
                }
                work.push(Work::Sort(others));
                work.push(Work::Emit(pivot));
                work.push(Work::Sort(before));
            }
        }
    }
    Ok(out)
}

/// A stable bottom-up merge sort of `v` under the strict order `less`
/// (`O(n log n)` comparisons), stopping at the first failing comparison.
fn merge_sort<T, E>(mut v: Vec<T>, less: &impl Fn(&T, &T) -> Result<bool, E>) -> Result<Vec<T>, E> {
    let n = v.len();
    let mut width = 1;
    while width < n {
        let mut out = Vec::with_capacity(n);
        let mut it = v.into_iter();
        loop {
            let left: Vec<T> = it.by_ref().take(width).collect();
            if left.is_empty() {
                break;
            }
            let right: Vec<T> = it.by_ref().take(width).collect();
            let (mut l, mut r) = (left.into_iter().peekable(), right.into_iter().peekable());
            loop {
                let take_right = match (l.peek(), r.peek()) {
                    (Some(x), Some(y)) => less(y, x)?,
                    (Some(_), None) => false,
                    (None, Some(_)) => true,
                    (None, None) => break,
                };
                out.extend(if take_right { r.next() } else { l.next() });
            }
        }
        v = out;
        width *= 2;
    }
    Ok(v)
}

fn ranked_slices(
    door: &Door,
    a: &Ray,
    dim: u64,
    dir: SortDir,
) -> Result<Vec<Vec<(Atom, u64)>>, LagoonError> {
    let mut spent = 0;
    dim_slices(a, dim)?
        .iter()
        .map(|s| rank_slice_within(door, &a.meta, s, dir, &mut spent, true))
        .collect()
}

/// Port of `+sort-dim [a dim dir]` (`lagoon.hoon@aa6f2a6`): `a` with every
/// slice along `dim` sorted (`%asc`/`%des`); shape and meta unchanged.
///
/// Order: [`rank_slice`]'s quicksort; ties keep their original order in both
/// directions; NaN placement is the quicksort's.
///
/// # Errors
/// `?> (check a)`, [`dim_parts`], and the errors of [`rank_slice`].
pub fn sort_dim(door: &Door, a: &Ray, dim: u64, dir: SortDir) -> Result<Ray, LagoonError> {
    require_check(a)?;
    let (outer, len, inner) = dim_parts(&a.meta.shape, dim)?;
    let vals: Vec<Vec<Atom>> = ranked_slices(door, a, dim, dir)?
        .into_iter()
        .map(|r| r.into_iter().map(|(v, _)| v).collect())
        .collect();
    Ray::from_elems(a.meta.clone(), &slice_flat(outer, inner, len, &vals)?)
}

/// Port of `+argsort-dim [a dim dir]` (`lagoon.hoon@aa6f2a6`): the permutation
/// sorting each slice along `dim`, as `[shape 6 %uint ~]` (stable, as [`sort_dim`]).
///
/// # Errors
/// As [`sort_dim`].
pub fn argsort_dim(door: &Door, a: &Ray, dim: u64, dir: SortDir) -> Result<Ray, LagoonError> {
    require_check(a)?;
    let (outer, len, inner) = dim_parts(&a.meta.shape, dim)?;
    let vals = indices(ranked_slices(door, a, dim, dir)?, len);
    let m = Meta::new(a.meta.shape.clone(), 6, Kind::Uint);
    Ray::from_elems(m, &slice_flat(outer, inner, len, &vals)?)
}

fn indices(ranked: Vec<Vec<(Atom, u64)>>, k: u64) -> Vec<Vec<Atom>> {
    ranked
        .into_iter()
        .map(|r| {
            r.into_iter()
                .take(k as usize)
                .map(|(_, i)| Atom::from_u64(i))
                .collect()
        })
        .collect()
}

/// Port of `+argtop-dim [a dim k]` (`lagoon.hoon@aa6f2a6`): the indices of the
/// `k` largest elements of each slice along `dim`, largest first, as
/// `[(snap shape dim k) 6 %uint ~]` (`dim` replaced by `k`, not dropped).
///
/// Order: the first `k` of the `%des` [`rank_slice`]; ties go to the lower index.
///
/// # Errors
/// As [`sort_dim`]; [`LagoonError::Assert`] unless `0 < k ≤ len`.
pub fn argtop_dim(door: &Door, a: &Ray, dim: u64, k: u64) -> Result<Ray, LagoonError> {
    require_check(a)?;
    let (outer, len, inner) = dim_parts(&a.meta.shape, dim)?;
    if k == 0 || k > len {
        return Err(LagoonError::Assert {
            arm: "argtop-dim",
            check: "0 < k <= the axis length",
        });
    }
    let vals = indices(ranked_slices(door, a, dim, SortDir::Des)?, k);
    let mut shape = a.meta.shape.clone();
    shape[dim as usize] = k; // dim < rank: dim_parts passed
    Ray::from_elems(
        Meta::new(shape, 6, Kind::Uint),
        &slice_flat(outer, inner, k, &vals)?,
    )
}

/// Port of `+take-dim [a idx dim]` (`lagoon.hoon@aa6f2a6`): NumPy's
/// `take_along_axis`: the element of `a`'s slice along `dim` that each index of
/// the `%uint` ray `idx` selects; `a`'s meta with `idx`'s shape.
///
/// Moves bits only (no scalar operation, any kind); repeats are allowed.
///
/// # Errors
/// `?> (check a)`, `?> (check idx)`; [`LagoonError::Assert`] unless `idx` is
/// `%uint` of `a`'s rank agreeing with it off `dim` (compared after
/// `+drop-dim`, so rank 1 always agrees); [`dim_parts`] of either shape;
/// [`LagoonError::IndexOutOfRange`] for an index at or past the slice length.
pub fn take_dim(a: &Ray, idx: &Ray, dim: u64) -> Result<Ray, LagoonError> {
    require_check(a)?;
    require_check(idx)?;
    let agree = drop_dim(&a.meta.shape, dim) == drop_dim(&idx.meta.shape, dim);
    assert_of(
        "take-dim",
        &[
            (idx.meta.kind == Kind::Uint, "idx is %uint"),
            (a.meta.rank() == idx.meta.rank(), "a and idx have one rank"),
            (agree, "a and idx agree off dim"),
        ],
        &[("a", &a.meta), ("idx", &idx.meta)],
    )?;
    let (outer, len, inner) = dim_parts(&idx.meta.shape, dim)?;
    let sls = dim_slices(a, dim)?;
    let isl = dim_slices(idx, dim)?;
    let vals = sls
        .iter()
        .zip(&isl)
        .map(|(src, ix)| {
            ix.iter()
                .map(|w| {
                    w.as_u64().and_then(|i| src.get(i as usize)).cloned().ok_or(
                        LagoonError::IndexOutOfRange {
                            index: w.as_u64().unwrap_or(u64::MAX),
                            dim: src.len() as u64,
                        },
                    )
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut m = a.meta.clone();
    m.shape = idx.meta.shape.clone();
    Ray::from_elems(m, &slice_flat(outer, inner, len, &vals)?)
}
