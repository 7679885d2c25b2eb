//! Fixed point (`/lib/fixed`): the typed value [`Fixed<A, B>`] (Q A.B, a
//! sign bit, `A` integer and `B` fraction bits, two's complement) and every
//! arm of the library as [`softblas::scalar::fixp`] has it (re-exported here).
//!
//! A `Fixed<A, B>` is a `%fixp` ray element at the smallest bloq (at least 3)
//! that holds `A + B + 1` bits, with the tail `[A B]`. The conversions are the
//! Hoon's `+from-rs` (scale by `2^B`, round to nearest, wrap) and `+to-rs`
//! (two roundings to nearest). `Display` is the dojo's: a fixed-point value
//! is a bare `@`, printed as `@ud`.
//!
//! ```
//! use urnum::fixed::{self, Fixed};
//!
//! type Q3_4 = Fixed<3, 4>;
//! let x = Q3_4::from_f32(1.25)?;
//! assert_eq!(x.to_bits(), 20); // 1.25 · 2^4
//! assert_eq!(x.to_f32(), 1.25);
//! let y = Q3_4::from_f32(-0.5)?;
//! let s = Q3_4::from_atom(&fixed::add(&x.into(), Q3_4::PREC, &y.into(), Q3_4::PREC)?);
//! assert_eq!(s.to_f32(), 0.75);
//! # Ok::<(), urnum::Error>(())
//! ```

use crate::error::Error;
use crate::float::{dojo, Rs};
use crate::ray::Element;
use lagoon::Tail;
use softblas::{Atom, Kind, Prec};
use std::fmt;

pub use softblas::scalar::fixp::*;

/// A signed fixed-point value Q `A`.`B`: its `A + B + 1` bits (at most 128).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
#[repr(transparent)]
pub struct Fixed<const A: u32, const B: u32>(pub u128);

/// The smallest bloq, at least 3, whose width holds `bits`.
const fn bloq_for(bits: u32) -> u32 {
    let mut bloq = 3;
    while (1u32 << bloq) < bits {
        bloq += 1;
    }
    bloq
}

impl<const A: u32, const B: u32> Fixed<A, B> {
    /// The precision `[A B]`.
    pub const PREC: Prec = Prec { a: A, b: B };

    /// The value whose two's-complement bits are `bits`.
    pub const fn from_bits(bits: u128) -> Self {
        Self(bits)
    }

    /// The two's-complement bits.
    pub const fn to_bits(self) -> u128 {
        self.0
    }

    /// The value of the atom `a` (its low `A + B + 1` bits are the value, as
    /// every arm reads them).
    pub fn from_atom(a: &Atom) -> Self {
        Self(a.low_u128())
    }

    /// `+from-rs`: `x · 2^B` rounded to the nearest integer (ties to even),
    /// wrapped to `A + B + 1` bits.
    ///
    /// # Errors
    /// [`Error::Fixed`] when the scaled value is not finite (the Hoon crashes).
    pub fn from_rs(x: Rs) -> Result<Self, Error> {
        Ok(Self::from_atom(&from_rs(x.to_bits(), Self::PREC)?))
    }

    /// `+from-rs` of the `f32` `x`.
    ///
    /// # Errors
    /// As [`Fixed::from_rs`].
    pub fn from_f32(x: f32) -> Result<Self, Error> {
        Self::from_rs(Rs::from(x))
    }

    /// `+to-rs`: the value as an `@rs` (rounded to nearest where inexact).
    pub fn to_rs(self) -> Rs {
        Rs::from_bits(to_rs(&Atom::from_u128(self.0), Self::PREC))
    }

    /// `+to-rs`, as an `f32`.
    pub fn to_f32(self) -> f32 {
        self.to_rs().into()
    }
}

/// `+from-rs` of an `f32`, as [`Fixed::from_f32`].
///
/// ```
/// use urnum::fixed::Fixed;
///
/// let q = Fixed::<3, 4>::try_from(1.25f32)?; // 1.25 · 2^4 = 20
/// assert_eq!(q.to_bits(), 20);
/// assert_eq!(f32::from(q), 1.25);
/// assert!(Fixed::<3, 4>::try_from(f32::NAN).is_err());
/// # Ok::<(), urnum::Error>(())
/// ```
impl<const A: u32, const B: u32> TryFrom<f32> for Fixed<A, B> {
    type Error = Error;
    fn try_from(x: f32) -> Result<Self, Error> {
        Self::from_f32(x)
    }
}

/// `+from-rs`, as [`Fixed::from_rs`].
impl<const A: u32, const B: u32> TryFrom<Rs> for Fixed<A, B> {
    type Error = Error;
    fn try_from(x: Rs) -> Result<Self, Error> {
        Self::from_rs(x)
    }
}

/// `+to-rs`, as [`Fixed::to_f32`].
impl<const A: u32, const B: u32> From<Fixed<A, B>> for f32 {
    fn from(x: Fixed<A, B>) -> f32 {
        x.to_f32()
    }
}

impl<const A: u32, const B: u32> From<Fixed<A, B>> for Atom {
    fn from(x: Fixed<A, B>) -> Atom {
        Atom::from_u128(x.0)
    }
}

impl<const A: u32, const B: u32> Element for Fixed<A, B> {
    const KIND: Kind = Kind::Fixp;
    const BLOQ: u32 = bloq_for(A + B + 1);
    fn tail() -> Tail {
        Tail::Prec {
            a: Atom::from(A),
            b: Atom::from(B),
        }
    }
    fn to_u128(self) -> u128 {
        self.0
    }
    fn from_u128(bits: u128) -> Self {
        Self(bits)
    }
}

impl<const A: u32, const B: u32> fmt::Display for Fixed<A, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dojo(f, "ud", self.0)
    }
}
