//! Two's-complement integers (`/lib/twoc`, Lagoon's `%int2`): the library's
//! doors [`Twid`] (`+twid`, any width) and `Twid::twoc` (`+twoc`, width
//! `2^bloq`) as [`softblas::scalar::int2`] has them (re-exported here), and
//! [`Twoc<T>`], a native signed integer that prints as the dojo prints it.
//!
//! Rust's `i8 i16 i32 i64` are already two's complement, so they are the
//! typed values of `%int2` rays (bloq 3 to 6) with exact conversions;
//! [`Twoc`] only changes `Display`: the dojo shows a `/lib/twoc` value as a
//! bare `@`, its bits in `@ud`.
//!
//! ```
//! use urnum::twoc::{Twid, Twoc};
//!
//! let door = Twid::<u128>::twoc(3)?; // ~(. twoc 3): 8-bit
//! let sum = door.add(&u128::from(-3i8 as u8), &u128::from(5i8 as u8));
//! assert_eq!(sum as u8 as i8, 2);
//! assert_eq!(Twoc(-5i8).to_string(), "251");
//! # Ok::<(), urnum::twoc::Int2Error>(())
//! ```

use crate::float::dojo;
use crate::ray::Element;
use softblas::Kind;
use std::fmt;

pub use softblas::scalar::int2::*;

/// A native signed integer as a `/lib/twoc` value: the same bits, printed
/// as the dojo prints them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Twoc<T>(pub T);

impl<T: Element> Element for Twoc<T> {
    const KIND: Kind = T::KIND;
    const BLOQ: u32 = T::BLOQ;
    fn to_u128(self) -> u128 {
        self.0.to_u128()
    }
    fn from_u128(bits: u128) -> Self {
        Twoc(T::from_u128(bits))
    }
}

/// The native integer as a `/lib/twoc` value (the same bits).
///
/// ```
/// use urnum::twoc::Twoc;
///
/// let t: Twoc<i16> = (-2i16).into();
/// assert_eq!(t.to_string(), "65.534");
/// assert_eq!(t.0, -2);
/// ```
impl<T> From<T> for Twoc<T> {
    fn from(x: T) -> Twoc<T> {
        Twoc(x)
    }
}

impl<T: Element> fmt::Display for Twoc<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dojo(f, "ud", self.0.to_u128())
    }
}
