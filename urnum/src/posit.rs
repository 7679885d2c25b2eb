//! Posits (`/lib/unum`): the typed values [`Rpb`] (posit8), [`Rph`]
//! (posit16), [`Rps`] (posit32), [`Rpd`] (posit64), [`Rpq`] (posit128), named
//! for their doors, and every arm of the library as
//! [`softblas::scalar::unum`] has it (re-exported here).
//!
//! Conversions are the Hoon's arms: `from_rh … from_rq` (`+from-r?`: exact
//! decode, then the posit rounding to nearest, ties to even) and
//! `to_rh … to_rq` (`+to-r?`: truncation toward zero, exact when the float is
//! wide enough). `From<Rpb/Rph/Rps> for f64` is exact. `Display` is the
//! dojo's: a posit is a bare `@`, printed as `@ud`. The elementary functions
//! (`apply`, [`fns::Unary`]) are `/lib/unum@bcb316c`'s unless a [`UnumRev`] says
//! otherwise (`apply_at`).
//!
//! ```
//! use urnum::posit::{self, Rps, Width};
//!
//! let x = Rps::from_f64(1.5);
//! assert_eq!(x.to_bits(), 0x4400_0000);
//! assert_eq!(x.to_string(), "1.140.850.688");
//! assert_eq!(f64::from(x), 1.5);
//! // The arms take the width and the bits.
//! let y = Rps::from_bits(posit::add(Width::P32, x.to_bits().into(), x.to_bits().into()) as u32);
//! assert_eq!(f64::from(y), 3.0);
//! // exp 0.5 as the newest text computes it, and as 96f3cfe did.
//! let h = Rps::from_f64(0.5);
//! assert_eq!(h.apply(posit::fns::Unary::Exp).unwrap().to_bits(), 0x4530_94c7);
//! assert_eq!(h.apply_at(posit::fns::Unary::Exp, posit::UnumRev::V96f3cfe).unwrap().to_bits(), 0x4530_94c8);
//! ```
//!
//! The operators are the door's arms (a posit has one rounding, to nearest
//! with ties to even, so no mode is to be chosen): `+` is `+add`, `-` `+sub`,
//! `*` `+mul`, `/` `+div`, unary `-` `+neg`.
//!
//! ```
//! use urnum::posit::Rps;
//!
//! let (x, y) = (Rps::from_f64(1.5), Rps::from_f64(0.25));
//! assert_eq!(f64::from(x + y), 1.75);
//! assert_eq!(f64::from(x * y - y / y), -0.625);
//! assert_eq!(f64::from(-x), -1.5);
//! ```
//!
//! `f32::from` is exact for posit8 and posit16 (`f64::from` for those and
//! posit32); `TryFrom<f64>` gives a posit only when it is the value (a NaN
//! or an infinity gives NaR):
//!
//! ```
//! use urnum::posit::{Rpb, Rph, Rps};
//!
//! assert_eq!(f32::from(Rph::from_f64(-0.375)), -0.375);
//! assert_eq!(f32::from(Rpb::from_bits(0x7f)), 16_777_216.0); // maxpos of posit8, 2^24
//! assert_eq!(Rps::try_from(1.5)?.to_bits(), 0x4400_0000);
//! assert!(Rpb::try_from(0.1).is_err()); // posit8 rounds 0.1
//! assert_eq!(Rpb::try_from(f64::NAN)?.to_bits(), 0x80); // NaR
//! # Ok::<(), urnum::Error>(())
//! ```
//!
//! An atom converts to a posit of its width when it fits:
//!
//! ```
//! use urnum::posit::{Rph, Rps};
//! use urnum::Atom;
//!
//! assert_eq!(f64::from(Rph::try_from(&Atom::from(0x4000u64))?), 1.0);
//! assert!(Rph::try_from(&Atom::from(0x1_0000u64)).is_err()); // 17 bits
//! assert_eq!(Rps::try_from(&Atom::from(0x4400_0000u64))?, Rps::from_f64(1.5));
//! # Ok::<(), urnum::Error>(())
//! ```

use crate::float::{dojo, Float, Rd, Rh, Rq, Rs};
use crate::ray::{bits_newtype, Element};
use std::fmt;

pub use softblas::scalar::unum::*;

/// A posit type of the façade: its width.
pub trait Posit: Element {
    /// The posit width.
    const WIDTH: Width;
}

/// Defines a posit newtype with its conversions named as the Hoon arms.
macro_rules! posit {
    ($($(#[$doc:meta])* $name:ident($bits:ty), $width:ident;)*) => {$(
        bits_newtype!($(#[$doc])* $name($bits), Unum, Width::$width.bloq());

        impl $name {
            /// `+from-rd`: the nearest posit to `x` (NaN and ±∞ give NaR).
            pub fn from_f64(x: f64) -> Self {
                Self::from_float(x)
            }
            /// `+from-rh`/`+from-rs`/`+from-rd`/`+from-rq` of `x`: the nearest posit.
            pub fn from_float<F: Float>(x: F) -> Self {
                Self::from_u128(from_ieee(Width::$width, F::WIDTH, x.to_u128()))
            }
            /// `+to-rh`/`+to-rs`/`+to-rd`/`+to-rq`: this posit as a float,
            /// truncated toward zero where inexact (NaR gives NaN).
            pub fn to_float<F: Float>(self) -> F {
                F::from_u128(to_ieee(Width::$width, F::WIDTH, self.to_u128()))
            }
            /// The elementary function `f` (`exp`, `sin`, … `factorial`) of this posit as
            /// `/lib/unum@bcb316c` ([`UnumRev::DEFAULT`]) computes it.
            ///
            /// # Errors
            /// As [`fns::Unary::apply`] (only `factorial` fails).
            pub fn apply(self, f: fns::Unary) -> Result<Self, fns::LoopError> {
                self.apply_at(f, UnumRev::DEFAULT)
            }
            /// The elementary function `f` of this posit as the `/lib/unum` revision `rev`
            /// computes it.
            ///
            /// # Errors
            /// As [`fns::Unary::apply`] (only `factorial` fails).
            pub fn apply_at(self, f: fns::Unary, rev: UnumRev) -> Result<Self, fns::LoopError> {
                f.apply(rev, Width::$width, self.to_u128()).map(Self::from_u128)
            }
            /// `+to-rh`.
            pub fn to_rh(self) -> Rh {
                self.to_float()
            }
            /// `+to-rs`.
            pub fn to_rs(self) -> Rs {
                self.to_float()
            }
            /// `+to-rd`.
            pub fn to_rd(self) -> Rd {
                self.to_float()
            }
            /// `+to-rq`.
            pub fn to_rq(self) -> Rq {
                self.to_float()
            }
        }

        impl Posit for $name {
            const WIDTH: Width = Width::$width;
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                dojo(f, "ud", u128::from(self.0))
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({:#x})", stringify!($name), self.0)
            }
        }
    )*};
}

/// The binary operator `$op` (method `$f`) of each posit type: the door's
/// arm `$f`, with the doc `$doc`.
macro_rules! posit_op {
    ($op:ident $f:ident $doc:literal: $($name:ident)*) => {$(
        impl std::ops::$op for $name {
            type Output = $name;
            #[doc = $doc]
            fn $f(self, b: $name) -> $name {
                Self::from_u128($f(Self::WIDTH, self.to_u128(), b.to_u128()))
            }
        }
    )*};
}

posit_op!(Add add "`+add` of the door.": Rpb Rph Rps Rpd Rpq);
posit_op!(Sub sub "`+sub` of the door.": Rpb Rph Rps Rpd Rpq);
posit_op!(Mul mul "`+mul` of the door.": Rpb Rph Rps Rpd Rpq);
posit_op!(Div div "`+div` of the door (a division by zero gives NaR, as the Hoon's).": Rpb Rph Rps Rpd Rpq);

/// The negation of each posit type: the door's `+neg`.
macro_rules! posit_neg {
    ($($name:ident)*) => {$(
        impl std::ops::Neg for $name {
            type Output = $name;
            /// `+neg` of the door.
            fn neg(self) -> $name {
                Self::from_u128(neg(Self::WIDTH, self.to_u128()))
            }
        }
    )*};
}

posit_neg!(Rpb Rph Rps Rpd Rpq);

posit! {
    /// A posit8 of the door `rpb`.
    Rpb(u8), P8;
    /// A posit16 of the door `rph`.
    Rph(u16), P16;
    /// A posit32 of the door `rps`.
    Rps(u32), P32;
    /// A posit64 of the door `rpd`.
    Rpd(u64), P64;
    /// A posit128 of the door `rpq`.
    Rpq(u128), P128;
}

/// `From<posit> for $f` of the posits whose every value is an `$f`: `+to-rd`
/// or `+to-rs`, which is then exact.
macro_rules! exact {
    ($f:ty: $($name:ident)*) => {$(
        impl From<$name> for $f {
            fn from(p: $name) -> $f {
                p.to_float()
            }
        }
    )*};
}

exact!(f64: Rpb Rph Rps);
// Posit8 and posit16: at most 12 fraction bits, scales within ±56.
exact!(f32: Rpb Rph);

/// `TryFrom<f64>` for the posits that convert back to `f64` exactly: the
/// posit of `x` when it is `x` (a NaN or an infinity gives NaR), else
/// [`crate::Error::Inexact`].
macro_rules! try_from_f64 {
    ($($name:ident $aura:literal)*) => {$(
        impl TryFrom<f64> for $name {
            type Error = crate::error::Error;
            fn try_from(x: f64) -> Result<$name, crate::error::Error> {
                let p = $name::from_f64(x);
                if !x.is_finite() || f64::from(p) == x {
                    Ok(p)
                } else {
                    Err(crate::error::Error::Inexact {
                        value: format!("{x:?}"),
                        to: $aura,
                    })
                }
            }
        }
    )*};
}

try_from_f64!(Rpb "@rpb" Rph "@rph" Rps "@rps");
