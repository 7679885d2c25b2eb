//! IEEE 754 floats as Hoon's auras `@rh @rs @rd @rq`: [`Rh`], [`Rs`], [`Rd`],
//! [`Rq`], each the bit pattern of its width.
//!
//! A conversion from or to a native float is a `From` where it is exact
//! (`f32 → Rs`, `Rs → f64`, `f64 → Rq`, …), a `TryFrom` that refuses to
//! round where it may not be (`Rs::try_from(0.5f64)`, `Rh::try_from(rd)`),
//! and a method taking the [`Round`] mode to round (`Rs::from_f64(x, Round::N)`,
//! `Rq::to_f64(Round::Z)`); the rounding is the library's
//! ([`softblas::scalar::i754::convert`]). `Display` and `FromStr` are the
//! dojo's (Hoon's `++rend:co` and `++slay`, from the `hoon` crate's aura
//! printer). Arithmetic is a door's: see [`crate::math`].
//!
//! ```
//! use urnum::float::{Rd, Rh, Rs};
//! use urnum::Round;
//!
//! let x = Rs::from(1.5f32);
//! assert_eq!(x.to_string(), ".1.5");
//! assert_eq!(f64::from(x), 1.5);
//! assert_eq!(".-0.1".parse::<Rs>()?.to_bits(), (-0.1f32).to_bits());
//! assert_eq!(Rd::from(0.1f64).to_string(), ".~0.1");
//! // f64 → @rh rounds: the mode is an argument.
//! assert_eq!(Rh::from_f64(0.1, Round::N).to_string(), ".~~0.1");
//! assert_eq!(Rh::from_f64(0.1, Round::Z).to_bits(), 0x2e66);
//! assert_eq!(Rh::from_f64(0.1, Round::U).to_bits(), 0x2e67);
//! # Ok::<(), urnum::Error>(())
//! ```
//!
//! `TryFrom` converts only what it need not round, and an atom only when it
//! fits the width:
//!
//! ```
//! use urnum::float::{Rd, Rh, Rs};
//! use urnum::Atom;
//!
//! assert_eq!(f32::from(Rs::try_from(0.5f64)?), 0.5);
//! assert!(Rs::try_from(0.1f64).is_err()); // 0.1 is not an f32
//! assert_eq!(Rh::try_from(Rd::from(-2.25))?.to_string(), ".~~-2.25");
//! assert!(Rh::try_from(70000.0f32).is_err()); // past @rh's largest, 65504
//! assert!(Rs::try_from(f64::NAN).is_ok()); // a NaN is a NaN at any width
//! assert_eq!(Rs::try_from(&Atom::from(0x3fc0_0000u64))?.to_string(), ".1.5");
//! # Ok::<(), urnum::Error>(())
//! ```

use crate::error::Error;
use crate::ray::{bits_newtype, Element};
use hoon::aura::{self, Aura};
use softblas::scalar::i754::{self, Width};
use softblas::{Atom, Round};
use std::fmt;
use std::str::FromStr;

/// An IEEE float type of the façade: its width and its aura.
pub trait Float: Element + fmt::Display {
    /// The IEEE format.
    const WIDTH: Width;
    /// The Hoon aura (`@rh` … `@rq`).
    const AURA: Aura;

    /// `x` converted to this width, rounded in `r` where inexact.
    fn convert<F: Float>(x: F, r: Round) -> Self {
        Self::from_u128(i754::convert(F::WIDTH, Self::WIDTH, r, x.to_u128()))
    }
}

/// Writes `bits` as the dojo prints `aura` (`++rend:co`).
pub(crate) fn dojo(f: &mut fmt::Formatter<'_>, aura: &str, bits: u128) -> fmt::Result {
    let text = hoon::tank::rend(aura, &Atom::from_u128(bits)).map_err(|_| fmt::Error)?;
    f.write_str(&text)
}

/// Defines a float newtype, its [`Element`] and [`Float`] impls, its
/// rounding conversions, `Display`, `Debug` and `FromStr`.
macro_rules! float {
    ($($(#[$doc:meta])* $name:ident($bits:ty), $width:ident, $aura:ident, $term:literal;)*) => {$(
        bits_newtype!($(#[$doc])* $name($bits), I754, Width::$width.bloq());

        impl $name {
            /// `x` at this width, rounded in `r` when it does not fit exactly.
            pub fn from_f64(x: f64, r: Round) -> Self {
                <Self as Float>::convert(x, r)
            }
            /// `x` at this width, rounded in `r` when it does not fit exactly.
            pub fn from_f32(x: f32, r: Round) -> Self {
                <Self as Float>::convert(x, r)
            }
            /// This value as an `f64`, rounded in `r` when it does not fit exactly.
            pub fn to_f64(self, r: Round) -> f64 {
                f64::convert(self, r)
            }
            /// This value as an `f32`, rounded in `r` when it does not fit exactly.
            pub fn to_f32(self, r: Round) -> f32 {
                f32::convert(self, r)
            }
        }

        impl Float for $name {
            const WIDTH: Width = Width::$width;
            const AURA: Aura = Aura::$aura;
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                dojo(f, $term, u128::from(self.0))
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({self})", stringify!($name))
            }
        }

        impl FromStr for $name {
            type Err = Error;
            /// Parses a literal of this aura as the dojo does (`.1.5`, `.~1.5`).
            fn from_str(s: &str) -> Result<Self, Error> {
                let a = aura::parse(Aura::$aura, s)?;
                Ok(Self::from_u128(a.low_u128()))
            }
        }

        impl From<$name> for Atom {
            fn from(x: $name) -> Atom {
                Atom::from_u128(u128::from(x.0))
            }
        }
    )*};
}

float! {
    /// An `@rh`: IEEE binary16.
    Rh(u16), H, Rh, "rh";
    /// An `@rs`: IEEE binary32, the bits of an `f32`.
    Rs(u32), S, Rs, "rs";
    /// An `@rd`: IEEE binary64, the bits of an `f64`.
    Rd(u64), D, Rd, "rd";
    /// An `@rq`: IEEE binary128.
    Rq(u128), Q, Rq, "rq";
}

impl Float for f32 {
    const WIDTH: Width = Width::S;
    const AURA: Aura = Aura::Rs;
}

impl Float for f64 {
    const WIDTH: Width = Width::D;
    const AURA: Aura = Aura::Rd;
}

/// The exact conversions: every value of the source is a value of the target.
macro_rules! exact {
    ($($from:ty => $to:ty;)*) => {$(
        impl From<$from> for $to {
            fn from(x: $from) -> $to {
                // Exact, so the mode is never used.
                <$to as Float>::convert(x, Round::N)
            }
        }
    )*};
}

/// The conversions that are exact for some values: `TryFrom`, an
/// [`Error::Inexact`] where rounding would change the value (a NaN converts
/// to the canonical NaN of the target).
macro_rules! narrow {
    ($($from:ty => $to:ident $aura:literal;)*) => {$(
        impl TryFrom<$from> for $to {
            type Error = Error;
            fn try_from(x: $from) -> Result<$to, Error> {
                exactly(x, $aura)
            }
        }
    )*};
}

/// `x` at `T`'s width when the conversion is exact (or `x` is a NaN).
fn exactly<F: Float + fmt::Debug, T: Float>(x: F, aura: &'static str) -> Result<T, Error> {
    let y = T::convert(x, Round::N);
    let nan = |w: Width, b: u128| {
        let e = (b >> w.frac_bits()) & ((1u128 << w.exp_bits()) - 1);
        e == (1u128 << w.exp_bits()) - 1 && b & ((1u128 << w.frac_bits()) - 1) != 0
    };
    if F::convert(y, Round::N).to_u128() == x.to_u128() || nan(F::WIDTH, x.to_u128()) {
        Ok(y)
    } else {
        Err(Error::Inexact {
            value: format!("{x:?}"),
            to: aura,
        })
    }
}

narrow! {
    f64 => Rs "@rs"; f64 => Rh "@rh"; f32 => Rh "@rh"; Rd => Rs "@rs"; Rd => Rh "@rh";
    Rs => Rh "@rh"; Rq => Rd "@rd"; Rq => Rs "@rs"; Rq => Rh "@rh";
}

exact! {
    f32 => Rs; Rs => f32; f64 => Rd; Rd => f64;
    Rh => f32; Rh => f64; Rh => Rs; Rh => Rd; Rh => Rq;
    Rs => f64; Rs => Rd; Rs => Rq; f32 => Rd; f32 => Rq;
    Rd => Rq; f64 => Rq;
}
