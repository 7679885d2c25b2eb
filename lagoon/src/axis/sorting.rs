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

use crate::axis::kernel::Kernel;
use crate::axis::slices::{dim_parts, dim_slices, drop_dim, slice_flat};
use crate::door::Door;
use crate::error::LagoonError;
use crate::meta::Meta;
use crate::ray::{require_check, Ray};
use softblas::prog::Compare;
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

/// Port of `+rank-slice [meta s dir]` (`lagoon.hoon@aa6f2a6`): the
/// `(value, index)` pairs of `s` in the order Hoon's `++sort` quicksort puts
/// them under `less(x, y) = cmp(x, y) ? yes : cmp(y, x) ? no : x.i < y.i`.
///
/// # Errors
/// A bad bloq or `%fixp` tail; [`LagoonError::Assert`] for a `%cplx` slice of
/// two or more elements (no total order); a failing comparison.
pub fn rank_slice(
    door: &Door,
    meta: &Meta,
    s: &[Atom],
    dir: SortDir,
) -> Result<Vec<(Atom, u64)>, LagoonError> {
    let k = Kernel::new("rank-slice", meta, door)?;
    let cmp = k.compare(match dir {
        SortDir::Asc => Compare::Lth,
        SortDir::Des => Compare::Gth,
    });
    let less = |x: &(Atom, u64), y: &(Atom, u64)| -> Result<bool, LagoonError> {
        if !k.apply(&cmp, &x.0, &y.0)?.is_zero() {
            return Ok(true);
        }
        if !k.apply(&cmp, &y.0, &x.0)?.is_zero() {
            return Ok(false);
        }
        Ok(x.1 < y.1)
    };
    let pairs: Vec<(Atom, u64)> = s.iter().cloned().zip(0u64..).collect();
    let mut out = Vec::with_capacity(pairs.len());
    // An explicit stack in place of the recursion: pop `sort(before)` first,
    // then the pivot, then `sort(others)`.
    let mut work = vec![Work::Sort(pairs)];
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

fn ranked_slices(
    door: &Door,
    a: &Ray,
    dim: u64,
    dir: SortDir,
) -> Result<Vec<Vec<(Atom, u64)>>, LagoonError> {
    dim_slices(a, dim)?
        .iter()
        .map(|s| rank_slice(door, &a.meta, s, dir))
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
    let fail = |check| LagoonError::Assert {
        arm: "take-dim",
        check,
    };
    require_check(a)?;
    require_check(idx)?;
    if idx.meta.kind != Kind::Uint {
        return Err(fail("idx is %uint"));
    }
    if a.meta.rank() != idx.meta.rank() {
        return Err(fail("a and idx have one rank"));
    }
    if drop_dim(&a.meta.shape, dim) != drop_dim(&idx.meta.shape, dim) {
        return Err(fail("a and idx agree off dim"));
    }
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
