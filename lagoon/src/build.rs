//! Builders: rays made from a meta alone (`+zeros +fill +ones +eye +iota +magic`
//! of urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`).
//!
//! None of them calls `+check`, and `+zeros`/`+fill` accept any bloq and kind.
//! They do not round, so they take no door (the `%cplx` one is a constant).

use crate::bits::Bits;
use crate::error::LagoonError;
use crate::kinds;
use crate::meta::{guard_list, Meta, Tail, MAX_DATA_BITS};
use crate::ray::Ray;
use crate::shape::reshape;
use softblas::{Atom, Kind};

/// Port of `+zeros meta`: every element 0, i.e. the data is the pin alone,
/// `2^(elems·2^bloq)`; meta kept.
///
/// # Errors
/// [`LagoonError::ShapeOverflow`]/[`LagoonError::TooLarge`] beyond urnum's size limit.
pub fn zeros(meta: &Meta) -> Result<Ray, LagoonError> {
    Ok(Ray::new(meta.clone(), Atom::pow2(meta.pin_bit()?)))
}

/// Port of `+fill [meta x]`: every element the low `2^bloq` bits of `x`
/// (`fil` truncates: `fill` of `0x1.ffff` at bloq 4 equals `fill` of `0xffff`);
/// meta kept.
///
/// # Errors
/// As [`zeros`].
pub fn fill(meta: &Meta, x: &Atom) -> Result<Ray, LagoonError> {
    let n = meta.elems()?;
    let pin = meta.pin_bit()?;
    let mut buf = Bits::with_bits(pin + 1);
    if n > 0 {
        let w = 1u64 << meta.bloq; // bloq < 64: pin_bit succeeded with n > 0
        let v = x.low_bits(w);
        if v.is_zero() {
            // The pin alone.
        } else if meta.bloq <= 7 {
            // One element repeated: a limb of copies at a time.
            buf.fill_blocks(0, meta.bloq, v.low_u128(), n);
        } else {
            // Elements of 256 bits or more: at most 2^22 of them.
            guard_list(n)?;
            for i in 0..n {
                buf.or_shifted(&v, i * w);
            }
        }
    }
    buf.set_bit(pin);
    Ok(Ray::new(meta.clone(), buf.into_atom()))
}

/// Port of `+ones meta`: `(fill meta one)` with the kind's one of [`kinds::one`]
/// (IEEE 1.0, posit 1, complex 1+0i, fixed `2^b`, integer 1); meta kept.
///
/// # Errors
/// [`LagoonError::BadBloq`] for a bloq the kind has no one at (e.g. `%i754`
/// bloq 3 or 8); [`LagoonError::BadTail`] for a `%fixp` meta without `[a b]`; as [`zeros`].
pub fn ones(meta: &Meta) -> Result<Ray, LagoonError> {
    fill(meta, &kinds::one(meta)?)
}

/// Port of `+eye meta`: the `n × n` identity, the kind's one on the diagonal.
///
/// Quirks: the result's meta is `[~[n n] bloq kind ~]`, so the tail is dropped
/// (a `%fixp` identity has no precision and later fixp arms crash on it),
/// while the one is `2^b` read from the *input* tail; `n = 0` crashes (`(dec 0)`).
///
/// # Errors
/// [`LagoonError::Rank`] unless rank 2; [`LagoonError::NotSquare`];
/// [`LagoonError::ZeroDecrement`] for `n = 0`; the errors of [`ones`].
pub fn eye(meta: &Meta) -> Result<Ray, LagoonError> {
    meta.require_rank("eye", 2)?;
    let (rows, cols) = (meta.shape[0], meta.shape[1]);
    if rows != cols {
        return Err(LagoonError::NotSquare { rows, cols });
    }
    let n = rows;
    if n == 0 {
        return Err(LagoonError::ZeroDecrement {
            what: "eye: (gulf 0 (dec n))",
        });
    }
    let out = Meta::new(vec![n, n], meta.bloq, meta.kind);
    let pin = out.pin_bit()?;
    let one = kinds::one(meta)?;
    let w = 1u64 << meta.bloq; // bloq < 64: pin_bit succeeded with n > 0
    let mut buf = Bits::with_bits(pin + 1);
    for i in 0..n {
        buf.set_field((i * n + i) * w, w, &one);
    }
    buf.set_bit(pin);
    Ok(Ray::new(out, buf.into_atom()))
}

/// `(en-ray meta (gulf 0 (dec n)))` for a rank-1 `meta` of `n ≥ 1` elements:
/// value i ORed in at `i · 2^bloq`, untruncated.
fn counting(meta: Meta) -> Result<Ray, LagoonError> {
    let n = meta.elems()?;
    let pin = meta.pin_bit()?;
    let w = 1u64 << meta.bloq; // bloq < 64: pin_bit succeeded with n > 0
    let top = u64::BITS - (n - 1).leading_zeros();
    if u128::from((n - 1) * w) + u128::from(top) > u128::from(MAX_DATA_BITS) {
        return Err(LagoonError::TooLarge {
            bits: u128::from((n - 1) * w) + u128::from(top),
        });
    }
    // One step per value (they spill into the next elements below bloq 5).
    guard_list(n)?;
    let mut buf = Bits::with_bits(pin + 1);
    buf.set_bit(pin);
    for i in 1..n {
        buf.or_word(i, i * w);
    }
    Ok(Ray::new(meta, buf.into_atom()))
}

/// Port of `+iota meta`: the rank-1 `%uint` ray `0, 1, …, n−1`.
///
/// urnum writes the values one at a time, so it refuses more than
/// [`crate::meta::MAX_LIST_LEN`] of them (`TooLarge`; bloq 0–3 only, where
/// the data limit allows more).
///
/// Quirks: the kind is forced to `%uint` but bloq and tail are kept; values
/// are not truncated (`en-ray`), so values of 2^w or more spill into the next
/// elements; `n = 0` crashes (`(dec 0)`).
///
/// # Errors
/// [`LagoonError::Rank`] unless rank 1; [`LagoonError::ZeroDecrement`] for `n = 0`;
/// [`LagoonError::TooLarge`].
pub fn iota(meta: &Meta) -> Result<Ray, LagoonError> {
    meta.require_rank("iota", 1)?;
    if meta.shape[0] == 0 {
        return Err(LagoonError::ZeroDecrement {
            what: "iota: (gulf 0 (dec n))",
        });
    }
    let mut m = meta.clone();
    m.kind = Kind::Uint;
    counting(m)
}

/// Port of `+magic meta`: `0, 1, …, N−1` (N = elems) row-major in `meta`'s
/// shape, as `(reshape (en-ray [~[N] bloq %uint ~] …) shape)`: kind `%uint`,
/// tail `~`, bloq kept.
///
/// Quirks: not a magic square; values are not truncated, and when they spill
/// past the pin `+reshape`'s `+check` crashes; `N = 0` crashes (`(dec 0)`).
///
/// # Errors
/// [`LagoonError::ZeroDecrement`] for `N = 0`; the errors of `+check`;
/// [`LagoonError::TooLarge`] (also for more than [`crate::meta::MAX_LIST_LEN`]
/// values, as [`iota`]).
pub fn magic(meta: &Meta) -> Result<Ray, LagoonError> {
    let n = meta.elems()?;
    if n == 0 {
        return Err(LagoonError::ZeroDecrement {
            what: "magic: (gulf 0 (dec n))",
        });
    }
    let flat = counting(Meta::new(vec![n], meta.bloq, Kind::Uint).with_tail(Tail::Null))?;
    reshape(&flat, &meta.shape)
}
