//! Per-kind constants of Lagoon's builders: the kind's "one" at each bloq
//! (the `one` of `+ones` and `+eye`, `lagoon.hoon@aa6f2a6`).
//!
//! | kind | bloqs | one |
//! |---|---|---|
//! | `%uint`, `%int2` | any | 1 |
//! | `%i754` | 4 5 6 7 | IEEE 1.0 (`.~~1 .1 .~1 .~~~1`) |
//! | `%unum` | 3 4 5 6 | posit 1 = `0x40 << (w − 8)` (`one:rpb` … `one:rpd`) |
//! | `%cplx` | 5 6 7 8 | `~(one c? rnd)` = `(pak 1.0 0.0)`: the float 1.0 of bloq − 1 in the low half |
//! | `%fixp` | any | `(bex b)` with `b` from the tail `[a b]` |
//!
//! The `%cplx` one does not depend on the door's rounding mode (`pak` of two
//! constants), so neither does anything built from this table.

use crate::error::LagoonError;
use crate::meta::Meta;
use softblas::{Atom, Kind};

/// The IEEE 754 bit pattern of 1.0 at bloq 4..=7, if the bloq is one of those.
fn ieee_one(bloq: u32) -> Option<Atom> {
    match bloq {
        4 => Some(Atom::from_u64(0x3c00)),
        5 => Some(Atom::from_u64(0x3f80_0000)),
        6 => Some(Atom::from_u64(0x3ff0_0000_0000_0000)),
        7 => Some(Atom::from_u128(0x3fff_u128 << 112)),
        _ => None,
    }
}

/// Whether `bloq` is one of the widths Lagoon's per-kind dispatch accepts for `kind`
/// (`%uint`, `%int2` and `%fixp` accept every bloq).
pub fn valid_bloq(kind: Kind, bloq: u32) -> bool {
    match kind {
        Kind::Uint | Kind::Int2 | Kind::Fixp => true,
        Kind::I754 => (4..=7).contains(&bloq),
        Kind::Unum => (3..=6).contains(&bloq),
        Kind::Cplx => (5..=8).contains(&bloq),
    }
}

/// The kind's one as an element of `meta`: the constant `+ones` fills with and
/// `+eye` sets on the diagonal, reduced to the element width as `fil`/`sew` store it.
///
/// For `%fixp` this is `2^b mod 2^w` (0 when `b ≥ w`), `b` read from `meta.tail`.
///
/// # Errors
/// [`LagoonError::BadBloq`] when the kind has no element of this bloq (the
/// Hoon's `?+ bloq !!`); [`LagoonError::BadTail`] for a `%fixp` tail that is
/// not `[a=@ b=@]`.
pub fn one(meta: &Meta) -> Result<Atom, LagoonError> {
    let (kind, bloq) = (meta.kind, meta.bloq);
    let bad = LagoonError::BadBloq { kind, bloq };
    match kind {
        Kind::Uint | Kind::Int2 => Ok(Atom::ONE),
        Kind::I754 => ieee_one(bloq).ok_or(bad),
        Kind::Unum => match bloq {
            3..=6 => Ok(Atom::from_u64(0x40 << ((1u32 << bloq) - 8))),
            _ => Err(bad),
        },
        Kind::Cplx => match bloq {
            5..=8 => ieee_one(bloq - 1).ok_or(bad),
            _ => Err(bad),
        },
        Kind::Fixp => {
            let (_, b) = meta.tail.prec()?;
            // 2^b truncated to w = 2^bloq bits: 0 unless b < w.
            let fits = match b.as_u64() {
                Some(b) => bloq >= 64 || b < (1u64 << bloq),
                None => bloq >= 64, // b ≥ 2^64 ≤ w only when w ≥ 2^64
            };
            match (fits, b.as_u64()) {
                (true, Some(b)) if b < crate::meta::MAX_DATA_BITS => Ok(Atom::pow2(b)),
                (true, _) => Err(LagoonError::TooLarge {
                    bits: u128::from(b.as_u64().unwrap_or(u64::MAX)),
                }),
                (false, _) => Ok(Atom::ZERO),
            }
        }
    }
}
