//! Structural arms of urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`:
//! `+diag +trace +stack +hstack +vstack`.
//!
//! `+diag` and `+stack` move bits (NaN payloads kept); `+trace` is
//! `(cumsum (diag a))`, the RIGHT fold from `+0` over the diagonal in natural
//! order (`%unum` exact in the quire).

use crate::build::zeros;
use crate::door::Door;
use crate::error::LagoonError;
use crate::index::{get_row, set_row};
use crate::meta::{span_bits, Meta};
use crate::pin::{spac, unspac};
use crate::ray::{block, require_check, Ray};
use crate::reduce::cumsum;

/// Port of `+diag a` (`lagoon.hoon@aa6f2a6`): the main diagonal of the square
/// rank-2 `a`, in natural order (H-axis; H-main reversed it), as an `n × 1`
/// ray `[~[n 1] bloq kind tail]` (tail kept).
///
/// # Errors
/// `?> (check a)`; [`LagoonError::Rank`] unless rank 2;
/// [`LagoonError::Assert`] unless square; [`LagoonError::ZeroDecrement`] for
/// `n = 0` (`(gulf 0 (dec 0))`).
pub fn diag(a: &Ray) -> Result<Ray, LagoonError> {
    require_check(a)?;
    let m = &a.meta;
    m.require_rank("diag", 2)?;
    if m.shape[0] != m.shape[1] {
        return Err(crate::meta::mismatch(
            "diag",
            "the shape is square",
            &[("a", m)],
        ));
    }
    let n = m.shape[0];
    if n == 0 {
        return Err(LagoonError::ZeroDecrement { what: "diag" });
    }
    let vals: Vec<_> = (0..n).map(|i| block(&a.data, m.bloq, i * n + i)).collect();
    let meta = Meta {
        shape: vec![n, 1],
        ..m.clone()
    };
    Ray::from_elems(meta, &vals)
}

/// Port of `+trace a` (`lagoon.hoon@aa6f2a6`): `(cumsum (diag a))`, boxed as
/// `~[1 1]` with the diagonal's meta (tail kept).
///
/// Order: RIGHT fold of the kind's `%add` from `+0`,
/// `d0 + (d1 + (… + (d_{n−1} + 0)))`, rounded in the door mode; `%unum` exact
/// in the quire (`+unum-sum`).
///
/// # Errors
/// As [`diag`]; a bad bloq or tail; a failing scalar operation.
pub fn trace(door: &Door, a: &Ray) -> Result<Ray, LagoonError> {
    cumsum(door, &diag(a)?)
}

fn fail(check: &'static str) -> LagoonError {
    LagoonError::Assert {
        arm: "stack",
        check,
    }
}

fn at(shape: &[u64], i: u64) -> Result<u64, LagoonError> {
    shape
        .get(usize::try_from(i).unwrap_or(usize::MAX))
        .copied()
        .ok_or(LagoonError::IndexOutOfRange {
            index: i,
            dim: shape.len() as u64,
        })
}

/// `(con (lsh [bloq n] hi) lo)` within urnum's size limit.
fn above(hi: &Ray, n: u64, lo: &Ray) -> Result<softblas::Atom, LagoonError> {
    let shift = span_bits(n, hi.meta.bloq)?;
    span_bits(1, hi.meta.bloq)?;
    if hi.data.bit_len().saturating_add(shift) > crate::meta::MAX_DATA_BITS {
        return Err(LagoonError::TooLarge {
            bits: u128::from(hi.data.bit_len()) + u128::from(shift),
        });
    }
    Ok(hi.data.shl(shift).or(&unspac(lo)?.data))
}

/// Port of `+stack [a b dim]` (`lagoon.hoon@aa6f2a6`): `a` and `b` joined
/// along `dim` (0 or 1), with `a`'s meta and the summed dimension.
///
/// Quirks reproduced literally (the arm is untested upstream):
/// - dim 0: data = `(data.a << n_a·w) | unspac(b)`, so `b`'s elements come
///   FIRST; it is well formed only when `a` and `b` hold equally many elements
///   (otherwise elements overlap and the pin is misplaced).
/// - dim 1: for `idx` below `a`'s LAST dimension, taken as a row index
///   `(snip (snip shape.a)) ++ [idx]`, the row of `b` then the row of `a`
///   (again `b` first) is written with `+set-row`; sane only for square,
///   equal-size inputs (other rows stay zero, or `+get-row` crashes).
/// - dim 2 and above crash.
///
/// # Errors
/// The `+check` errors; [`LagoonError::Assert`] for unequal ranks, unequal
/// dimensions off `dim`, `dim` past the rank, or `dim ≥ 2`; the errors of
/// `snag`, `+get-row` and `+set-row`.
pub fn stack(a: &Ray, b: &Ray, dim: u64) -> Result<Ray, LagoonError> {
    require_check(a)?;
    require_check(b)?;
    let (sa, sb) = (&a.meta.shape, &b.meta.shape);
    let both = [("a", &a.meta), ("b", &b.meta)];
    if sa.len() != sb.len() {
        return Err(crate::meta::mismatch(
            "stack",
            "a and b have one rank",
            &both,
        ));
    }
    if sa
        .iter()
        .zip(sb)
        .enumerate()
        .any(|(i, (x, y))| i as u64 != dim && x != y)
    {
        return Err(crate::meta::mismatch(
            "stack",
            "a and b agree off dim",
            &both,
        ));
    }
    if dim > sa.len() as u64 {
        return Err(fail("dim is at most the rank"));
    }
    match dim {
        0 => {
            let d = dim_sum(at(sa, 0)?, at(sb, 0)?)?;
            let mut meta = a.meta.clone();
            meta.shape = std::iter::once(d).chain(sa[1..].iter().copied()).collect();
            let data = above(a, a.meta.elems()?, b)?;
            Ok(Ray::new(meta, data))
        }
        1 => {
            let d = dim_sum(at(sa, 1)?, at(sb, 1)?)?;
            let mut meta = a.meta.clone();
            meta.shape[1] = d;
            let mut c = zeros(&meta)?;
            let last = *sa.last().expect("rank is at least 2 here");
            let lead = &sa[..sa.len() - 2];
            for idx in 0..last {
                let off: Vec<u64> = lead.iter().copied().chain([idx]).collect();
                let row_a = get_row(a, &off)?;
                let row_b = get_row(b, &off)?;
                let data_c = above(&row_a, at(&row_a.meta.shape, 1)?, &row_b)?;
                let mut meta_c = row_a.meta.clone();
                meta_c.shape[1] = dim_sum(at(&row_a.meta.shape, 1)?, at(&row_b.meta.shape, 1)?)?;
                let row_c = spac(&Ray::new(meta_c, data_c))?;
                c = set_row(&c, &off, &row_c)?;
            }
            Ok(c)
        }
        _ => Err(fail("dim is 0 or 1")),
    }
}

/// The stacked dimension `x + y`; the Hoon's atom sum has no bound, a `u64`
/// shape does, so a sum of 2^64 or more is unsupported (not a Hoon crash).
fn dim_sum(x: u64, y: u64) -> Result<u64, LagoonError> {
    x.checked_add(y).ok_or_else(|| {
        LagoonError::Unsupported("stack: a stacked dimension of 2^64 or more".into())
    })
}

/// Port of `+hstack [a b]` (`lagoon.hoon@aa6f2a6`): `(stack a b 1)`, with its quirks.
///
/// # Errors
/// As [`stack`].
pub fn hstack(a: &Ray, b: &Ray) -> Result<Ray, LagoonError> {
    stack(a, b, 1)
}

/// Port of `+vstack [a b]` (`lagoon.hoon@aa6f2a6`): `(stack a b 0)`, with its quirks.
///
/// # Errors
/// As [`stack`].
pub fn vstack(a: &Ray, b: &Ray) -> Result<Ray, LagoonError> {
    stack(a, b, 0)
}
