//! Indexing arms: n-dimensional index ⇄ element number, reading and writing
//! elements and rows (urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`
//! `+get-item-number +get-bloq-offset +get-dim +strides +get-item-index
//! +get-item +set-item +get-row +set-row +get-col +set-col`).
//!
//! None of these arms calls `+check` except through `+transpose`
//! (`+get-col`, `+set-col`); they read and write whatever blocks the index names.

use crate::bits::Bits;
use crate::error::LagoonError;
use crate::meta::{elems, span_bits, Meta, MAX_DATA_BITS, MAX_ELEMENT_WALK};
use crate::ray::{block, Ray};
use crate::shape::transpose;
use softblas::Atom;

/// Port of `+get-item-number [sap dex]`: the row-major element number of the
/// index `dex` in `shape`.
///
/// Walks both lists from their last entries: `ret += idx·cof; cof *= dim`.
/// Quirk: it stops when the shape runs out, so extra *leading* indices are
/// ignored.
///
/// # Errors
/// [`LagoonError::TooFewIndices`] when `dex` runs out first (`?~ dex !!`);
/// [`LagoonError::IndexOutOfRange`] when an index is not below its dimension;
/// [`LagoonError::ShapeOverflow`] when the number exceeds 64 bits (unsupported).
pub fn get_item_number(shape: &[u64], dex: &[u64]) -> Result<u64, LagoonError> {
    let mut cof: u128 = 1;
    let mut ret: u128 = 0;
    let mut idx = dex.iter().rev();
    for &dim in shape.iter().rev() {
        let &i = idx.next().ok_or(LagoonError::TooFewIndices)?;
        if i >= dim {
            return Err(LagoonError::IndexOutOfRange { index: i, dim });
        }
        ret = u128::from(i)
            .checked_mul(cof)
            .and_then(|t| t.checked_add(ret))
            .ok_or(LagoonError::ShapeOverflow)?;
        cof = cof.saturating_mul(u128::from(dim));
    }
    u64::try_from(ret).map_err(|_| LagoonError::ShapeOverflow)
}

/// Port of `+get-bloq-offset [meta dex]`: `(get-item-number shape.meta dex)`.
///
/// # Errors
/// As [`get_item_number`].
pub fn get_bloq_offset(meta: &Meta, dex: &[u64]) -> Result<u64, LagoonError> {
    get_item_number(&meta.shape, dex)
}

/// Port of `+get-dim [shape ind]`: the row-major n-dimensional index of element `ind`.
///
/// # Errors
/// [`LagoonError::DimIndex`] unless `ind < prod(shape)` (`?> (lth ind (roll shape ^mul))`);
/// [`LagoonError::ShapeOverflow`] when the product exceeds 64 bits (unsupported).
pub fn get_dim(shape: &[u64], ind: u64) -> Result<Vec<u64>, LagoonError> {
    let n = elems(shape)?;
    if ind >= n {
        return Err(LagoonError::DimIndex { index: ind });
    }
    Ok(unravel(shape, ind))
}

/// The row-major index of element `ind` (which must be below the element count).
pub(crate) fn unravel(shape: &[u64], mut ind: u64) -> Vec<u64> {
    let mut res = vec![0; shape.len()];
    for (k, &d) in shape.iter().enumerate().rev() {
        res[k] = ind % d;
        ind /= d;
    }
    res
}

/// The most limb-products [`strides`] does: 2^26 (a few tenths of a second).
const STRIDES_WORK_LIMIT: u128 = 1 << 26;

/// Port of `+strides meta`: one entry per dimension, `2^bloq` times a product.
///
/// Quirk: entry k is `2^bloq · prod(first min(k, rank−k) entries of shape[k..])`
/// (the Hoon takes `(scag idx shape)` of the shape it has already advanced past
/// k), not the prefix product the arm's comment suggests: for `~[a b c]` it is
/// `~[w w·b w·c]`. Unused by the rest of Lagoon.
///
/// # Errors
/// [`LagoonError::TooLarge`] when the entries together may hold more than
/// [`MAX_DATA_BITS`] bits (a 2^30-bit `2^bloq` cloned into 64 entries would be
/// 8 GiB), or building them takes more than 2^26 limb-products.
pub fn strides(meta: &Meta) -> Result<Vec<Atom>, LagoonError> {
    // Bound the whole answer before building it: entry k has at most
    // bloq + 1 + Σ (bit length of each dimension it multiplies) bits.
    let shape = &meta.shape;
    let mut prefix = Vec::with_capacity(shape.len() + 1);
    prefix.push(0u128);
    for d in shape {
        prefix.push(prefix[prefix.len() - 1] + u128::from(64 - d.leading_zeros()));
    }
    // Entry k takes `take` products of an atom of at most that many bits:
    // the work, in limbs, is bounded by STRIDES_WORK_LIMIT too.
    let rank = shape.len();
    let (mut bits, mut work) = (0u128, 0u128);
    for k in 0..rank {
        let take = k.min(rank - k);
        let b = u128::from(meta.bloq) + 1 + prefix[k + take] - prefix[k];
        bits += b;
        work += take as u128 * (b / 64 + 1);
    }
    if bits > u128::from(MAX_DATA_BITS) || work > STRIDES_WORK_LIMIT {
        return Err(LagoonError::TooLarge { bits });
    }
    let w = Atom::pow2(u64::from(meta.bloq));
    Ok((0..rank)
        .map(|k| {
            let rest = &shape[k..];
            let take = k.min(rest.len());
            rest[..take]
                .iter()
                .fold(w.clone(), |acc, d| acc.mul(&Atom::from_u64(*d)))
        })
        .collect())
}

/// Port of `+get-item-index [shape num]`: `Σ_dim ((prod(shape) / dim) mod num)`,
/// 0 for the empty shape. Unused by the rest of Lagoon; reproduced literally.
///
/// # Errors
/// [`LagoonError::Assert`] when a dimension is 0 (division by zero) or `num`
/// is 0 (`mod` by zero), for a non-empty shape.
pub fn get_item_index(shape: &[u64], num: &Atom) -> Result<Atom, LagoonError> {
    let len = shape
        .iter()
        .fold(Atom::ONE, |acc, d| acc.mul(&Atom::from_u64(*d)));
    let mut sum = Atom::ZERO;
    for &wid in shape {
        let (q, _) = len
            .div_rem(&Atom::from_u64(wid))
            .ok_or(LagoonError::Assert {
                arm: "get-item-index",
                check: "a dimension is not 0 (div)",
            })?;
        let (_, r) = q.div_rem(num).ok_or(LagoonError::Assert {
            arm: "get-item-index",
            check: "num is not 0 (mod)",
        })?;
        sum = sum.add(&r);
    }
    Ok(sum)
}

/// The offset of `dex` in `a`, after `+get-item`'s and `+set-item`'s unused
/// `len=(sub (roll shape ^mul) 1)`, which crashes when the shape has no element.
fn item_offset(a: &Ray, dex: &[u64], arm: &'static str) -> Result<u64, LagoonError> {
    if a.meta.shape.contains(&0) {
        return Err(LagoonError::ZeroDecrement { what: arm });
    }
    get_bloq_offset(&a.meta, dex)
}

/// Port of `+get-item [ray dex]`: the raw bits of the element at index `dex`,
/// `(cut bloq [offset 1] data)`.
///
/// Quirks: no `+check`; extra leading indices are ignored (see
/// [`get_item_number`]); a shape with no element crashes (the arm computes
/// `(sub prod 1)` before anything else).
///
/// # Errors
/// [`LagoonError::ZeroDecrement`] for a shape with no element; the errors of [`get_item_number`].
pub fn get_item(a: &Ray, dex: &[u64]) -> Result<Atom, LagoonError> {
    let off = item_offset(a, dex, "get-item: (sub prod 1)")?;
    Ok(block(&a.data, a.meta.bloq, off))
}

/// Port of `+set-item [ray dex val]`: `a` with the element at `dex` replaced
/// by the low `2^bloq` bits of `val` (`sew`); meta unchanged, no `+check`.
///
/// # Errors
/// As [`get_item`]; [`LagoonError::TooLarge`] when the write lands beyond urnum's size limit.
pub fn set_item(a: &Ray, dex: &[u64], val: &Atom) -> Result<Ray, LagoonError> {
    let off = item_offset(a, dex, "set-item: (sub prod 1)")?;
    let bloq = a.meta.bloq;
    let v = if bloq >= 64 {
        val.clone()
    } else {
        val.low_bits(1u64 << bloq)
    };
    if v.is_zero() && block(&a.data, bloq, off).is_zero() {
        return Ok(a.clone());
    }
    if bloq >= 64 {
        // Block 0 spans every bit of the data: the write replaces it all.
        return match off {
            0 => Ok(Ray::new(a.meta.clone(), v)),
            _ => Err(LagoonError::Unsupported(format!(
                "set-item: block {off} of bloq {bloq} lies beyond any data urnum can hold"
            ))),
        };
    }
    // The block past the written one must be addressable (`off` may be 2^64 − 1).
    span_bits(off.checked_add(1).ok_or(LagoonError::ShapeOverflow)?, bloq)?;
    let w = 1u64 << bloq;
    let mut buf = Bits::from_atom(&a.data);
    buf.set_field(off * w, w, &v);
    Ok(Ray::new(a.meta.clone(), buf.into_atom()))
}

/// Port of `+get-row [a dex]`: the row of `a` at the leading indices `dex`, as
/// a `[1 n]` ray.
///
/// Rank 1: the single element at `dex`, as the ray `[~[1] bloq kind ~]`.
/// Otherwise `dex` must have rank − 1 entries; the result is
/// `[~[1 last-dim] bloq kind ~]`. The tail is dropped in both cases. No `+check`.
///
/// # Errors
/// [`LagoonError::Assert`] when `dex` does not have rank − 1 entries; the
/// errors of [`get_item`]; [`LagoonError::TooLarge`].
pub fn get_row(a: &Ray, dex: &[u64]) -> Result<Ray, LagoonError> {
    let m = &a.meta;
    if m.rank() == 1 {
        let item = get_item(a, dex)?;
        return crate::pin::spac(&Ray::new(Meta::new(vec![1], m.bloq, m.kind), item));
    }
    if dex.len() + 1 != m.rank() {
        return Err(LagoonError::Assert {
            arm: "get-row",
            check: "(lent dex) is rank − 1",
        });
    }
    let last = m.shape[m.rank() - 1];
    let meta = Meta::new(vec![1, last], m.bloq, m.kind);
    let pin = meta.pin_bit()?;
    let mut buf = Bits::with_bits(pin + 1);
    if last > 0 {
        // The Hoon reads `(get-item a (snoc dex j))` for each `j < last`: the
        // elements `base + j` of a row-major ray, one contiguous run of bits.
        // Every read checks the same leading indices, and the offsets rise
        // with `j`, so the first and the last read fail if any does.
        let mut idx = dex.to_vec();
        idx.push(0);
        get_item(a, &idx)?;
        idx[dex.len()] = last - 1;
        get_item(a, &idx)?;
        idx[dex.len()] = 0;
        let base = get_bloq_offset(m, &idx)?;
        let w = span_bits(1, m.bloq)?;
        // Blocks whose bit position passes 64 bits read as 0, as in `block`.
        if let Some(start) = base.checked_mul(w) {
            buf.set_field(0, pin, &a.data.bits(start, pin));
        }
    }
    buf.set_bit(pin);
    Ok(Ray::new(meta, buf.into_atom()))
}

/// Port of `+set-row [a dex row]`: `a` with the row at `dex` replaced by the
/// elements of the `[1 n]` ray `row` (each re-truncated to `a`'s width).
///
/// Quirk: when `dex` has one entry and `row` is rank 1, it is
/// `(set-item a dex (get-item row ~[0]))` whatever `a`'s rank. Otherwise it
/// asserts, in order: `(lent dex)` is rank − 1; `row` is rank 2; `row.shape[0]`
/// is 1; `row.shape[1]` is `a`'s last dimension. No `+check`; meta kept.
///
/// A row of `a`'s bloq is written as one run of bits; a row of another bloq
/// element by element, at most [`MAX_ELEMENT_WALK`] of them.
///
/// # Errors
/// [`LagoonError::Assert`] naming the failed assertion; the errors of
/// [`get_item`]/[`set_item`]; [`LagoonError::TooLarge`] for a row of another
/// bloq longer than [`MAX_ELEMENT_WALK`].
pub fn set_row(a: &Ray, dex: &[u64], row: &Ray) -> Result<Ray, LagoonError> {
    if dex.len() == 1 && row.meta.rank() == 1 {
        return set_item(a, dex, &get_item(row, &[0])?);
    }
    let fail = |check| {
        Err(LagoonError::Assert {
            arm: "set-row",
            check,
        })
    };
    if dex.len() + 1 != a.meta.rank() {
        return fail("(lent dex) is rank − 1");
    }
    if row.meta.rank() != 2 {
        return fail("row is rank 2");
    }
    if row.meta.shape[0] != 1 {
        return fail("row has one row");
    }
    let last = a.meta.shape[a.meta.rank() - 1];
    if row.meta.shape[1] != last {
        return fail("row length is a's last dimension");
    }
    let n = row.meta.shape[1];
    if n == 0 {
        return Ok(a.clone());
    }
    let bloq = a.meta.bloq;
    // The Hoon writes element `j` of `row` at `(snoc dex j)` for each `j < n`:
    // the elements `base + j` of `a`. Every write checks the same leading
    // indices (the first write fails if any of them does), the first write
    // whose block passes urnum's size limit is `first_over`, and nothing
    // written before a failure is returned.
    let mut idx = dex.to_vec();
    idx.push(0);
    let base = item_offset(a, &idx, "set-item: (sub prod 1)")?;
    let cap = if bloq >= 64 { 0 } else { MAX_DATA_BITS >> bloq };
    let first_over = cap.saturating_sub(base);
    if first_over < n {
        // Write `first_over` is the first to fail, as the Hoon's loop would.
        let off = base + first_over;
        span_bits(off.checked_add(1).ok_or(LagoonError::ShapeOverflow)?, bloq)?;
    }
    // Every block is now below the limit, so no offset passes 64 bits.
    idx[dex.len()] = n - 1;
    item_offset(a, &idx, "set-item: (sub prod 1)")?;
    let w = span_bits(1, bloq)?;
    let mut buf = Bits::from_atom(&a.data);
    if row.meta.bloq == bloq {
        // Element `j` of `row` is block `j` of its data: one run of `n · w` bits.
        let len = span_bits(n, bloq)?;
        buf.set_field(base * w, len, &row.data.bits(0, len));
    } else {
        // Widths differ: each element is cut to `a`'s width (or zero-extended).
        if n > MAX_ELEMENT_WALK {
            return Err(LagoonError::TooLarge {
                bits: u128::from(n),
            });
        }
        for j in 0..n {
            let v = get_item(row, &[0, j])?;
            buf.set_field((base + j) * w, w, &v);
        }
    }
    Ok(Ray::new(a.meta.clone(), buf.into_atom()))
}

/// Port of `+get-col [a dex]`: `(get-row (transpose a) dex)`.
///
/// # Errors
/// The errors of [`transpose`] (which checks `a` and needs rank 2) and [`get_row`].
pub fn get_col(a: &Ray, dex: &[u64]) -> Result<Ray, LagoonError> {
    get_row(&transpose(a)?, dex)
}

/// Port of `+set-col [a dex col]`: `(transpose (set-row (transpose a) dex col))`.
///
/// Quirk: the two transposes drop `a`'s tail.
///
/// # Errors
/// The errors of [`transpose`] and [`set_row`].
pub fn set_col(a: &Ray, dex: &[u64], col: &Ray) -> Result<Ray, LagoonError> {
    transpose(&set_row(&transpose(a)?, dex, col)?)
}
