//! Lagoon results to C: a result value becomes a [`urnum_plan`] (its
//! description), the result's shape, and the bytes `exec` writes.

use super::decode::kind_code;
use crate::abi::{
    urnum_plan, urnum_status, URNUM_FORM_ATOM, URNUM_FORM_LIST, URNUM_FORM_RAY, URNUM_FORM_RAY_RAW,
    URNUM_TAIL_NULL, URNUM_TAIL_PREC,
};
use crate::raw::PUNT;
use lagoon::{Meta, Tail};

pub use lagoon::arms::Out;

/// A result ready to hand over: its description, shape and bytes.
pub struct Encoded {
    /// The result's description.
    pub plan: urnum_plan,
    /// A ray's shape (empty otherwise).
    pub shape: Vec<u64>,
    /// The bytes `exec` writes to `out`.
    pub bytes: Vec<u8>,
}

/// The ray fields of a plan for `meta` (form, bloq, kind, tail, rank).
///
/// # Errors
/// `URNUM_PUNT` when the meta cannot travel through the ABI: a bloq over 255,
/// a tail other than `~` or two atoms of at most 64 bits.
pub fn ray_plan(meta: &Meta) -> Result<urnum_plan, urnum_status> {
    let (tail, fixp_a, fixp_b) = match &meta.tail {
        Tail::Null => (URNUM_TAIL_NULL, 0, 0),
        Tail::Prec { a, b } => (
            URNUM_TAIL_PREC,
            a.as_u64().ok_or(PUNT)?,
            b.as_u64().ok_or(PUNT)?,
        ),
        Tail::Other(_) => return Err(PUNT),
    };
    Ok(urnum_plan {
        form: URNUM_FORM_RAY,
        bloq: u8::try_from(meta.bloq).map_err(|_| PUNT)?,
        kind: kind_code(meta.kind),
        tail,
        ndim: u32::try_from(meta.shape.len()).map_err(|_| PUNT)?,
        fixp_a,
        fixp_b,
        ..urnum_plan::default()
    })
}

/// The plan of a canonical ray of `meta` (elements then the pin), without its bytes.
///
/// # Errors
/// As [`ray_plan`]; `URNUM_PUNT` when the data would not fit in memory.
pub fn canonical_plan(meta: &Meta) -> Result<urnum_plan, urnum_status> {
    let bits = super::decode::element_bits(meta).ok_or(PUNT)?;
    let mut p = ray_plan(meta)?;
    p.pin_bit = bits;
    p.out_bytes = usize::try_from(bits.div_ceil(8)).map_err(|_| PUNT)?;
    Ok(p)
}

/// Encodes `out`.
///
/// A ray whose data atom is exactly its elements plus the pin travels as
/// `URNUM_FORM_RAY` (element bytes); any other ray (a malformed input passed
/// through, an unreduced scalar) as `URNUM_FORM_RAY_RAW` (the whole atom).
///
/// # Errors
/// `URNUM_PUNT` when the result cannot travel through the ABI (see [`ray_plan`]).
pub fn encode(out: &Out) -> Result<Encoded, urnum_status> {
    match out {
        Out::Ray(r) => {
            let mut plan = canonical_plan(&r.meta).or_else(|_| ray_plan(&r.meta))?;
            let canonical = super::decode::element_bits(&r.meta)
                .is_some_and(|bits| r.data.bit_len() == bits.saturating_add(1));
            let mut bytes = r.data.to_le_bytes();
            if canonical {
                let pin = plan.pin_bit;
                bytes.truncate(pin.div_ceil(8) as usize);
                if !pin.is_multiple_of(8) {
                    if let Some(last) = bytes.last_mut() {
                        *last &= (1u8 << (pin % 8)) - 1;
                    }
                }
            } else {
                plan.form = URNUM_FORM_RAY_RAW;
                plan.pin_bit = 0;
            }
            plan.out_bytes = bytes.len();
            Ok(Encoded {
                plan,
                shape: r.meta.shape.clone(),
                bytes,
            })
        }
        Out::Atom(a) => {
            let bytes = a.to_le_bytes();
            Ok(Encoded {
                plan: urnum_plan {
                    form: URNUM_FORM_ATOM,
                    out_bytes: bytes.len(),
                    ..urnum_plan::default()
                },
                shape: Vec::new(),
                bytes,
            })
        }
        Out::List { items, width } => {
            let w = *width as usize;
            let mut bytes = vec![0u8; items.len().checked_mul(w).ok_or(PUNT)?];
            for (chunk, item) in bytes.chunks_mut(w.max(1)).zip(items) {
                let b = item.to_le_bytes();
                if b.len() > w {
                    return Err(PUNT);
                }
                chunk[..b.len()].copy_from_slice(&b);
            }
            Ok(Encoded {
                plan: urnum_plan {
                    form: URNUM_FORM_LIST,
                    out_bytes: bytes.len(),
                    items: items.len() as u64,
                    item_bytes: *width,
                    ..urnum_plan::default()
                },
                shape: Vec::new(),
                bytes,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lagoon::Ray;
    use softblas::{Atom, Kind};

    /// The encoding of the ray of `shape`, `bloq`, `kind` and data `data`.
    fn encoded(shape: u64, bloq: u32, kind: Kind, data: u64) -> Encoded {
        let r = Ray::new(Meta::new(vec![shape], bloq, kind), Atom::from_u64(data));
        encode(&Out::Ray(r)).unwrap()
    }

    #[test]
    fn canonical_rays_drop_the_pin() {
        // [1.0 2.0] @rh: element bytes 00 3c 00 40, pin at bit 32.
        let e = encoded(2, 4, Kind::I754, 0x1_4000_3c00);
        assert_eq!(e.plan.form, URNUM_FORM_RAY);
        assert_eq!(e.bytes, vec![0x00, 0x3c, 0x00, 0x40]);
        assert_eq!(e.plan.pin_bit, 32);
        assert_eq!(e.shape, vec![2]);
    }

    #[test]
    fn sub_byte_rays_clear_the_pin_in_the_last_byte() {
        // Three bloq-1 elements 3 2 1 (bits 6) with the pin at bit 6: 0b1_01_10_11.
        let e = encoded(3, 1, Kind::Uint, 0b101_1011);
        assert_eq!(e.bytes, vec![0b01_1011]);
        assert_eq!(e.plan.pin_bit, 6);
    }

    #[test]
    fn other_data_travels_raw() {
        // A pin block of 3 (not 1) is not "elements + pin".
        let e = encoded(1, 3, Kind::Uint, 0x0305);
        assert_eq!(e.plan.form, URNUM_FORM_RAY_RAW);
        assert_eq!(e.bytes, vec![0x05, 0x03]);
    }
}
