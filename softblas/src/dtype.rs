//! Element kinds and dtypes: what one element of a ray is, and the facts of each.
//!
//! A [`Kind`] is Lagoon's `kind` (`%i754 %uint %int2 %unum %cplx %fixp`); a
//! [`Dtype`] is a kind at a bloq (element width `2^bloq` bits), plus the
//! `[a b]` precision for fixed point.

/// A Lagoon element kind (`lagoon/desk/sur/lagoon.hoon` `+$kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// IEEE 754 binary16/32/64/128 (`%i754`, bloq 4–7).
    I754,
    /// Unsigned integers mod 2^w (`%uint`, any bloq).
    Uint,
    /// Two's-complement integers of width w (`%int2`, `/lib/twoc`).
    Int2,
    /// Posits with es = 2 (`%unum`, `/lib/unum`, bloq 3–6 in Lagoon).
    Unum,
    /// Complex pairs of IEEE floats, real part low (`%cplx`, `/lib/complex`, bloq 5–8).
    Cplx,
    /// Fixed point Q a.b (`%fixp`, `/lib/fixed`, precision in the tail).
    Fixp,
}

impl Kind {
    /// Every kind, in Lagoon's declaration order.
    pub const ALL: [Kind; 6] = [
        Kind::I754,
        Kind::Uint,
        Kind::Int2,
        Kind::Unum,
        Kind::Cplx,
        Kind::Fixp,
    ];

    /// The Hoon term of this kind, without `%` (`"i754"` ...).
    pub const fn term(self) -> &'static str {
        match self {
            Kind::I754 => "i754",
            Kind::Uint => "uint",
            Kind::Int2 => "int2",
            Kind::Unum => "unum",
            Kind::Cplx => "cplx",
            Kind::Fixp => "fixp",
        }
    }

    /// The kind named by a Hoon term (with or without `%`).
    pub fn from_term(t: &str) -> Option<Kind> {
        crate::term::by_term(&Kind::ALL, Kind::term, t)
    }

    /// The kind whose term, as a little-endian cord, is the atom `v` (`%i754` = 0x3435.3769).
    pub fn from_cord(v: u64) -> Option<Kind> {
        let bytes = v.to_le_bytes();
        let n = bytes.iter().position(|b| *b == 0).unwrap_or(8);
        std::str::from_utf8(&bytes[..n])
            .ok()
            .and_then(Kind::from_term)
    }

    /// The term of this kind as a little-endian cord atom value.
    pub fn cord(self) -> u64 {
        let mut w = [0u8; 8];
        w[..4].copy_from_slice(self.term().as_bytes());
        u64::from_le_bytes(w)
    }
}

/// A fixed-point precision `[a b]`: `a` integer bits and `b` fraction bits (plus a sign bit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Prec {
    /// Integer bits.
    pub a: u32,
    /// Fraction bits.
    pub b: u32,
}

/// The widest fixed-point value urnum computes with: `a + b + 1` ≤ 2^16 bits.
///
/// The Hoon takes any precision, whatever the bloq, and its `/lib/fixed`
/// arms build intermediates of about twice that width (a `div` shifts by `b`),
/// so a 4-byte precision field would ask for gigabytes per element; beyond this
/// bound urnum declines (unsupported) instead.
pub const MAX_FIXP_WIDTH: u64 = 1 << 16;

impl Prec {
    /// The precision `[a b]` when its width `a + b + 1` is at most
    /// [`MAX_FIXP_WIDTH`] (`None` otherwise: unsupported, not a Hoon crash).
    pub fn bounded(a: u64, b: u64) -> Option<Prec> {
        let p = Prec {
            a: u32::try_from(a).ok()?,
            b: u32::try_from(b).ok()?,
        };
        (a + b < MAX_FIXP_WIDTH).then_some(p)
    }
}

/// An element type: a kind at a bloq, with the precision of fixed point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dtype {
    /// The element kind.
    pub kind: Kind,
    /// log2 of the element width in bits.
    pub bloq: u32,
    /// The fixed-point precision (`Some` exactly for [`Kind::Fixp`]).
    pub prec: Option<Prec>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cords_match_lagoon_sur() {
        // `+$kind` of lagoon/desk/sur/lagoon.hoon@96f3cfe: %i754 = 0x3435.3769, %cplx = 0x786c.7063.
        assert_eq!(Kind::I754.cord(), 0x3435_3769);
        assert_eq!(Kind::Cplx.cord(), 0x786c_7063);
        for k in Kind::ALL {
            assert_eq!(Kind::from_cord(k.cord()), Some(k));
        }
        assert_eq!(Kind::from_cord(0x6e), None);
    }

    #[test]
    fn terms_read_with_or_without_the_cent() {
        assert_eq!(Kind::from_term("%cplx"), Some(Kind::Cplx));
        assert_eq!(Kind::from_term("uint"), Some(Kind::Uint));
        assert_eq!(Kind::from_term("%%uint"), Some(Kind::Uint));
        assert_eq!(Kind::from_term("real"), None);
    }
}
