//! Arms that rearrange elements without computing on them: `+reshape`,
//! `+transpose`, `+submatrix`, `+urge` (urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`). Moved elements keep their bits
//! exactly, NaN payloads included.

use crate::bits::Bits;
use crate::error::LagoonError;
use crate::meta::{elems, guard_list, span_bits, Meta, MAX_BUILT_RANK, MAX_ELEMENT_WALK};
use crate::ray::{block, require_check, Ray};

/// Port of `+reshape [a shape]`: `a` with its shape replaced; data and the rest
/// of the meta kept.
///
/// # Errors
/// The errors of `?> (check a)`; [`LagoonError::CountMismatch`] when the new
/// shape has a different element count.
pub fn reshape(a: &Ray, shape: &[u64]) -> Result<Ray, LagoonError> {
    require_check(a)?;
    let from = a.meta.elems()?; // fits: check passed
    let to = elems(shape).ok();
    if to != Some(from) {
        return Err(LagoonError::CountMismatch { from, to });
    }
    let mut out = a.clone();
    out.meta.shape = shape.to_vec();
    Ok(out)
}

/// Port of `+transpose a`: the rank-2 `a` with rows and columns swapped,
/// `out[j][i] = a[i][j]`, meta `[~[c r] bloq kind ~]`.
///
/// Quirk: the tail is dropped (a `%fixp` transpose loses its precision).
///
/// # Errors
/// The errors of `?> (check a)`; [`LagoonError::Rank`] unless `a` is rank 2;
/// [`LagoonError::TooLarge`].
pub fn transpose(a: &Ray) -> Result<Ray, LagoonError> {
    require_check(a)?;
    let m = &a.meta;
    m.require_rank("transpose", 2)?;
    let (r, c) = (m.shape[0], m.shape[1]);
    let meta = Meta::new(vec![c, r], m.bloq, m.kind);
    let pin = meta.pin_bit()?;
    let mut buf = Bits::with_bits(pin + 1);
    if r > 0 && c > 0 {
        let w = 1u64 << m.bloq; // bloq < 64: pin_bit succeeded with elements
        for i in 0..r {
            for j in 0..c {
                buf.set_field((j * r + i) * w, w, &block(&a.data, m.bloq, i * c + j));
            }
        }
    }
    buf.set_bit(pin);
    Ok(Ray::new(meta, buf.into_atom()))
}

/// One dimension's part of a `+submatrix` slice (`$slice = (unit [(unit @) (unit @)])`):
/// `None` takes the whole dimension; `Some((lo, hi))` takes `lo..=hi`, an absent
/// `lo` meaning 0 and an absent `hi` the last index.
pub type Slice = Option<(Option<u64>, Option<u64>)>;

/// Port of `+submatrix [sli a]` (H-axis bounds): the elements of `a` in the
/// cartesian product of the per-dimension ranges, row-major, as a ray
/// `[counts bloq kind ~]`.
///
/// Quirks: bounds are **inclusive**; `sli` is padded with full slices to the
/// rank and extra entries are ignored; the tail is dropped; no `+check`. A
/// full slice of a dimension 0, an absent `hi` on a dimension 0, rank 0, and
/// `lo > hi` crash.
///
/// # Errors
/// [`LagoonError::ZeroDecrement`] (`(dec 0)`), [`LagoonError::EmptyRange`]
/// (`gulf` with lo > hi), [`LagoonError::IndexOutOfRange`] (a bound at or past
/// the dimension: `+get-item` crashes), [`LagoonError::TooLarge`] (also when
/// the result is more than [`MAX_ELEMENT_WALK`] separate runs of `a`'s data).
pub fn submatrix(sli: &[Slice], a: &Ray) -> Result<Ray, LagoonError> {
    let m = &a.meta;
    if m.rank() == 0 {
        return Err(LagoonError::ZeroDecrement {
            what: "submatrix: (dec (lent shape))",
        });
    }
    let mut ranges = Vec::with_capacity(m.rank());
    for (i, &dim) in m.shape.iter().enumerate() {
        let last = || {
            dim.checked_sub(1).ok_or(LagoonError::ZeroDecrement {
                what: "submatrix: (dec dim)",
            })
        };
        let (lo, hi) = match sli.get(i).copied().flatten() {
            None => (0, last()?),
            Some((lo, hi)) => (
                lo.unwrap_or(0),
                match hi {
                    Some(h) => h,
                    None => last()?,
                },
            ),
        };
        if lo > hi {
            return Err(LagoonError::EmptyRange { lo, hi });
        }
        ranges.push((lo, hi));
    }
    // Every index of every range is read, so a bound past its dimension crashes `+get-item`.
    for (&(_, hi), &dim) in ranges.iter().zip(&m.shape) {
        if hi >= dim {
            return Err(LagoonError::IndexOutOfRange { index: hi, dim });
        }
    }
    let counts: Vec<u64> = ranges.iter().map(|(lo, hi)| hi - lo + 1).collect();
    let meta = Meta::new(counts.clone(), m.bloq, m.kind);
    let n = meta.elems()?;
    guard_list(n)?;
    let pin = meta.pin_bit()?;
    let w = span_bits(1, m.bloq)?;
    // The Hoon reads every element with `+get-item`, whose offset must fit 64
    // bits; the offsets rise in row-major order, so the last is the largest.
    let top = ranges
        .iter()
        .zip(&m.shape)
        .try_fold(0u64, |acc, ((_, hi), d)| {
            acc.checked_mul(*d)?.checked_add(*hi)
        })
        .ok_or(LagoonError::ShapeOverflow)?;
    // The dimensions after `j` are taken whole, so each run of `run` elements
    // (one index of the dimensions before `j`) is contiguous in `a`'s data.
    let mut j = m.rank() - 1;
    while j > 0 && ranges[j] == (0, m.shape[j] - 1) {
        j -= 1;
    }
    let run: u64 = counts[j..].iter().product(); // divides n
    let runs = n / run;
    if runs > MAX_ELEMENT_WALK {
        return Err(LagoonError::TooLarge {
            bits: u128::from(runs),
        });
    }
    // Row-major strides, saturating: a dimension whose stride saturates is
    // always at index 0 here (`top` fits 64 bits), so it adds nothing.
    let mut stride = vec![1u128; m.rank()];
    for d in (0..m.rank() - 1).rev() {
        stride[d] = stride[d + 1].saturating_mul(u128::from(m.shape[d + 1]));
    }
    let mut idx: Vec<u64> = ranges.iter().map(|(lo, _)| *lo).collect();
    let mut off: u128 = (0..=j).map(|d| u128::from(idx[d]) * stride[d]).sum();
    debug_assert!(off <= u128::from(top));
    let len = span_bits(run, m.bloq)?;
    let mut buf = Bits::with_bits(pin + 1);
    for k in 0..runs {
        // Blocks whose bit position passes 64 bits read as 0, as in `block`.
        if let Ok(start) = u64::try_from(off * u128::from(w)) {
            buf.set_field(k * len, len, &a.data.bits(start, len));
        }
        // The odometer over the dimensions before `j`, last fastest.
        for d in (0..j).rev() {
            let (lo, hi) = ranges[d];
            if idx[d] < hi {
                idx[d] += 1;
                off += stride[d];
                break;
            }
            off -= u128::from(hi - lo) * stride[d];
            idx[d] = lo;
        }
    }
    buf.set_bit(pin);
    Ok(Ray::new(meta, buf.into_atom()))
}

/// Port of `+urge [ray [i n]]`: the rank-1 `ray` given the shape of `n` ones
/// with entry `i` set to `n` (`(snap (reap n 1) i n)`); data untouched.
///
/// Quirks: entry `i` becomes `n`, not the vector's length, so the result fails
/// `+check` unless they agree; for `i ≥ n`, `snap` appends, giving `n + 1` entries.
///
/// # Errors
/// [`LagoonError::Rank`] unless `ray` is rank 1; [`LagoonError::TooLarge`]
/// for a shape of [`MAX_BUILT_RANK`] axes or more.
pub fn urge(a: &Ray, i: u64, n: u64) -> Result<Ray, LagoonError> {
    a.meta.require_rank("urge", 1)?;
    if n >= MAX_BUILT_RANK {
        return Err(LagoonError::TooLarge {
            bits: u128::from(n) + 1,
        });
    }
    let len = guard_list(n)?;
    let mut shape = vec![1; len];
    match usize::try_from(i).ok().filter(|&i| i < len) {
        Some(i) => shape[i] = n,
        None => shape.push(n),
    }
    let mut out = a.clone();
    out.meta.shape = shape;
    Ok(out)
}
