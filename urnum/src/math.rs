//! `/lib/math` on typed floats: each arm of the doors `rh rs rd rq` as a
//! function named as the arm, taking the façade's [`Door`] (its mode and
//! tolerances) and values of one [`Float`] type, which picks the door.
//!
//! The functions call the library's door methods
//! ([`softblas::math::Door`], re-exported here as [`MathDoor`]); where the
//! Hoon crashes or never terminates they return [`Error::Math`].
//!
//! ```
//! use urnum::float::{Rd, Rs};
//! use urnum::{math, Door, Round};
//!
//! let door = Door::new(Round::N);
//! let e = math::exp(&door, Rd::from(1.0))?;
//! assert_eq!(e.to_string(), ".~2.7182818284590455");
//! assert_eq!(math::sqt(&door, Rs::from(2.0f32))?.to_string(), ".1.4142135");
//! // The mode is the door's: %u rounds the sum of 1 and 2^-30 up.
//! let tiny = Rs::from(9.313226e-10f32);
//! assert_eq!(math::add(&door, Rs::from(1.0f32), tiny)?, Rs::from(1.0f32));
//! assert_eq!(
//!     math::add(&Door::new(Round::U), Rs::from(1.0f32), tiny)?,
//!     Rs::from(1.000_000_1f32)
//! );
//! # Ok::<(), urnum::Error>(())
//! ```

use crate::door::Door;
use crate::error::Error;
use crate::float::Float;

pub use softblas::math::{Door as MathDoor, MathError};

/// The `/lib/math` door of `door` at `F`'s width.
fn door_of<F: Float>(door: &Door) -> Result<MathDoor, Error> {
    Ok(door.math(F::WIDTH)?)
}

/// Defines the one-argument arms that return a float (`$fallible` ones may fail).
macro_rules! unary {
    ($($(#[$doc:meta])* $name:ident $($fallible:ident)?;)*) => {$(
        $(#[$doc])*
        ///
        /// # Errors
        /// [`Error::Math`] for [`crate::Round::A`] and where the Hoon crashes.
        pub fn $name<F: Float>(door: &Door, x: F) -> Result<F, Error> {
            let y = door_of::<F>(door)?.$name(x.to_u128());
            Ok(F::from_u128(unary!(@out y $($fallible)?)))
        }
    )*};
    (@out $y:ident fallible) => { $y? };
    (@out $y:ident) => { $y };
}

/// Defines the two-argument arms that return a float.
macro_rules! binary {
    ($($(#[$doc:meta])* $name:ident $($fallible:ident)?;)*) => {$(
        $(#[$doc])*
        ///
        /// # Errors
        /// [`Error::Math`] for [`crate::Round::A`] and where the Hoon crashes.
        pub fn $name<F: Float>(door: &Door, x: F, y: F) -> Result<F, Error> {
            let z = door_of::<F>(door)?.$name(x.to_u128(), y.to_u128());
            Ok(F::from_u128(unary!(@out z $($fallible)?)))
        }
    )*};
}

/// Defines the comparisons.
macro_rules! compare {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        ///
        /// # Errors
        /// [`Error::Math`] for [`crate::Round::A`].
        pub fn $name<F: Float>(door: &Door, x: F, y: F) -> Result<bool, Error> {
            Ok(door_of::<F>(door)?.$name(x.to_u128(), y.to_u128()))
        }
    )*};
}

unary! {
    /// `++exp`.
    exp fallible;
    /// `++log` (natural).
    log;
    /// `++log-2`.
    log_2;
    /// `++log-10`.
    log_10;
    /// `++sin`.
    sin;
    /// `++cos`.
    cos;
    /// `++tan`.
    tan;
    /// `++asin`.
    asin;
    /// `++acos`.
    acos;
    /// `++atan`.
    atan;
    /// `++sqt`: the square root.
    sqt;
    /// `++cbt`: the cube root.
    cbt fallible;
    /// `++neg`: `0 − x` in the door's mode.
    neg;
    /// `++abs`.
    abs;
    /// `++factorial` (of an integral value; uses the door's `rtol`).
    factorial fallible;
}

binary! {
    /// `++add`, rounded in the door's mode.
    add;
    /// `++sub`, rounded in the door's mode.
    sub;
    /// `++mul`, rounded in the door's mode.
    mul;
    /// `++div`, rounded in the door's mode.
    div;
    /// `++atan2 [y x]`.
    atan2;
    /// `++pow [x n]` (any real `n`).
    pow fallible;
    /// `++pow-n [x n]` (integral `n`).
    pow_n fallible;
}

compare! {
    /// `++lth`.
    lth;
    /// `++lte`.
    lte;
    /// `++gth`.
    gth;
    /// `++gte`.
    gte;
    /// `++equ`.
    equ;
    /// `++neq`.
    neq;
    /// `++is-close` (the door's `rtol` and `atol`).
    is_close;
}
