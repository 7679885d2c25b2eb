//! C operands to Lagoon values: `urnum_meta` → [`Meta`], `urnum_ray` →
//! [`Ray`], `urnum_bytes` → [`Atom`], with every caller error reported as
//! [`urnum_status::URNUM_CONTRACT`].

use crate::abi::{
    urnum_bytes, urnum_meta, urnum_ray, urnum_status, URNUM_CPLX, URNUM_DATA_ATOM,
    URNUM_DATA_ELEMS, URNUM_FIXP, URNUM_I754, URNUM_INT2, URNUM_TAIL_NULL, URNUM_TAIL_PREC,
    URNUM_UINT, URNUM_UNUM,
};
use crate::raw;
use crate::raw::CONTRACT;
use lagoon::{Meta, Ray, Tail};
use softblas::{Atom, Kind};

/// The kind named by a `URNUM_*` kind value.
pub fn kind(v: u8) -> Option<Kind> {
    Some(match v {
        URNUM_I754 => Kind::I754,
        URNUM_UINT => Kind::Uint,
        URNUM_INT2 => Kind::Int2,
        URNUM_UNUM => Kind::Unum,
        URNUM_CPLX => Kind::Cplx,
        URNUM_FIXP => Kind::Fixp,
        _ => return None,
    })
}

/// The `URNUM_*` value of a kind.
pub fn kind_code(k: Kind) -> u8 {
    match k {
        Kind::I754 => URNUM_I754,
        Kind::Uint => URNUM_UINT,
        Kind::Int2 => URNUM_INT2,
        Kind::Unum => URNUM_UNUM,
        Kind::Cplx => URNUM_CPLX,
        Kind::Fixp => URNUM_FIXP,
    }
}

/// The meta a C `urnum_meta` describes.
///
/// # Errors
/// `URNUM_CONTRACT` for a NULL shape with a non-zero rank, an unknown kind or tail code.
///
/// # Safety
/// A non-NULL `m.shape` must point to `m.ndim` initialised `u64`s that stay
/// valid for the call (the ABI's input contract).
pub unsafe fn meta(m: &urnum_meta) -> Result<Meta, urnum_status> {
    // SAFETY: the caller gives `ndim` readable u64s at a non-NULL `shape`.
    let shape = unsafe { raw::items(m.shape, m.ndim) }.ok_or(CONTRACT)?;
    let kind = kind(m.kind).ok_or(CONTRACT)?;
    let tail = match m.tail {
        URNUM_TAIL_NULL => Tail::Null,
        URNUM_TAIL_PREC => Tail::Prec {
            a: Atom::from_u64(m.fixp_a),
            b: Atom::from_u64(m.fixp_b),
        },
        _ => return Err(CONTRACT),
    };
    Ok(Meta {
        shape: shape.to_vec(),
        bloq: u32::from(m.bloq),
        kind,
        tail,
    })
}

/// The number of bits the elements of `meta` span, if it fits in 64 bits.
pub fn element_bits(meta: &Meta) -> Option<u64> {
    let n = meta
        .shape
        .iter()
        .try_fold(1u64, |acc, d| acc.checked_mul(*d))?;
    if n == 0 {
        return Some(0);
    }
    1u64.checked_shl(meta.bloq)
        .filter(|w| meta.bloq < 64 && *w > 0)
        .and_then(|w| n.checked_mul(w))
}

/// The ray a C `urnum_ray` describes; with `with_data` false only the lengths
/// are validated and the data atom is left 0 (for size-only plans).
///
/// `URNUM_DATA_ELEMS`: the element bits are the low `n · 2^bloq` bits of the
/// buffer (bits above them ignored), the pin is added above them.
/// `URNUM_DATA_ATOM`: the buffer is the whole data atom, taken as is.
///
/// # Errors
/// `URNUM_CONTRACT` for a bad meta, a NULL data pointer with a non-zero
/// length, an unknown form, or (`URNUM_DATA_ELEMS`) a meta whose element
/// bytes overflow 64 bits or exceed `len`.
///
/// # Safety
/// As [`meta`] for `r.meta`; a non-NULL `r.data` must point to `r.len`
/// readable bytes that stay valid and unmodified for the call.
pub unsafe fn ray(r: &urnum_ray, with_data: bool) -> Result<Ray, urnum_status> {
    // SAFETY: forwarded from the caller.
    let meta = unsafe { meta(&r.meta) }?;
    // SAFETY: the caller gives `len` readable bytes at a non-NULL `data`.
    let buf = unsafe { raw::bytes(r.data, r.len) }.ok_or(CONTRACT)?;
    let data = match r.form {
        URNUM_DATA_ATOM => {
            if with_data {
                Atom::from_le_bytes(buf)
            } else {
                Atom::ZERO
            }
        }
        URNUM_DATA_ELEMS => {
            let bits = element_bits(&meta).ok_or(CONTRACT)?;
            let nbytes = usize::try_from(bits.div_ceil(8)).map_err(|_| CONTRACT)?;
            if buf.len() < nbytes {
                return Err(CONTRACT);
            }
            if with_data {
                pinned(&buf[..nbytes], bits)
            } else {
                Atom::ZERO
            }
        }
        _ => return Err(CONTRACT),
    };
    Ok(Ray::new(meta, data))
}

/// The atom of the low `bits` bits of `elems` with the pin bit at `bits`.
fn pinned(elems: &[u8], bits: u64) -> Atom {
    let mut v = Vec::with_capacity(elems.len() + 1);
    v.extend_from_slice(elems);
    let (q, r) = ((bits / 8) as usize, (bits % 8) as u32);
    if v.len() <= q {
        v.resize(q + 1, 0);
    }
    // Clear everything at and above the pin, then set the pin.
    v[q] &= (1u8 << r).wrapping_sub(1);
    v[q] |= 1u8 << r;
    v.truncate(q + 1);
    Atom::from_le_bytes(&v)
}

/// The atom a C `urnum_bytes` holds.
///
/// # Errors
/// `URNUM_CONTRACT` for a NULL pointer with a non-zero length.
///
/// # Safety
/// A non-NULL `b.ptr` must point to `b.len` readable bytes that stay valid
/// and unmodified for the call.
pub unsafe fn atom(b: &urnum_bytes) -> Result<Atom, urnum_status> {
    // SAFETY: the caller gives `len` readable bytes at a non-NULL `ptr`.
    let buf = unsafe { raw::bytes(b.ptr, b.len) }.ok_or(CONTRACT)?;
    Ok(Atom::from_le_bytes(buf))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pin_goes_above_the_element_bits() {
        // Two bloq-4 elements: the pin is bit 32, byte 4.
        assert_eq!(
            pinned(&[0x00, 0x3c, 0x00, 0x40], 32),
            Atom::from_u64(0x1_4000_3c00)
        );
        // Three bloq-1 elements (6 bits): bits 6.. of the byte are dropped and the pin is bit 6.
        assert_eq!(pinned(&[0xff], 6), Atom::from_u64(0x7f));
        // No elements: the data atom is the pin alone.
        assert_eq!(pinned(&[], 0), Atom::ONE);
    }

    #[test]
    fn element_bits_overflow_is_none() {
        let m = Meta::new(vec![1 << 62, 1 << 3], 4, Kind::I754);
        assert_eq!(element_bits(&m), None);
        let m = Meta::new(vec![2, 3], 6, Kind::I754);
        assert_eq!(element_bits(&m), Some(384));
        let m = Meta::new(vec![2, 0], 200, Kind::Uint);
        assert_eq!(element_bits(&m), Some(0));
        let m = Meta::new(vec![1], 200, Kind::Uint);
        assert_eq!(element_bits(&m), None);
    }
}
