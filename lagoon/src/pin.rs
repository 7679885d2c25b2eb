//! The pin bit: adding it, removing it, and boxing a scalar under it
//! (`+spac +unspac +scalar-to-ray` of urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`).

use crate::error::LagoonError;
use crate::meta::Meta;
use crate::ray::Ray;
use softblas::Atom;

/// Port of `+spac ray`: the data with the pin ORed in at `elems · 2^bloq`
/// (`(con data:(zeros meta) data)`); meta kept, no `+check`.
///
/// # Errors
/// [`LagoonError::ShapeOverflow`] or [`LagoonError::TooLarge`] when the pin lies beyond urnum's size limit.
pub fn spac(a: &Ray) -> Result<Ray, LagoonError> {
    let pin = a.meta.pin_bit()?;
    Ok(Ray::new(a.meta.clone(), a.data.or(&Atom::pow2(pin))))
}

/// Port of `+unspac ray`: the low `elems` blocks of the data, pin (and
/// anything above it) removed (`(cut bloq [0 elems] data)`); meta kept.
///
/// # Errors
/// [`LagoonError::ShapeOverflow`] when the element count exceeds 64 bits (unsupported).
pub fn unspac(a: &Ray) -> Result<Ray, LagoonError> {
    let n = a.meta.elems()?;
    if n == 0 {
        return Ok(Ray::new(a.meta.clone(), Atom::ZERO));
    }
    if a.meta.bloq >= 64 {
        // One block already spans every bit of the data.
        return Ok(a.clone());
    }
    let bits = u128::from(n) << a.meta.bloq;
    if bits >= u128::from(a.data.bit_len()) {
        return Ok(a.clone());
    }
    Ok(Ray::new(a.meta.clone(), a.data.low_bits(bits as u64)))
}

/// Port of `+scalar-to-ray [meta data]`: the scalar `data` boxed as a ray of
/// `meta`'s rank whose every dimension is 1 (`~[1 1]` for a rank-2 meta),
/// pinned with `+spac`; bloq, kind and tail kept. `data` is not truncated.
///
/// # Errors
/// [`LagoonError::TooLarge`] when the element width is beyond urnum's size limit.
pub fn scalar_to_ray(meta: &Meta, data: &Atom) -> Result<Ray, LagoonError> {
    let mut m = meta.clone();
    m.shape = vec![1; meta.rank()];
    spac(&Ray::new(m, data.clone()))
}
