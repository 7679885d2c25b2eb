//! Operators on rays with the door's mode written where they are used:
//! [`InDoor`], a ray under a [`Door`] (`a.with_mode(Round::Z)`,
//! `a.under(&door)`), whose `+ - * / %` with a ray are Lagoon's elementwise
//! arms `+add +sub +mul +div +mod` and with a typed scalar
//! (`Rh Rs Rd Rq`) `+add-scalar +sub-scalar +mul-scalar +div-scalar`.
//!
//! A ray alone has no operators: Lagoon's arms round, and a bare `la`
//! rounds toward zero where Rust programmers expect to nearest, so the mode
//! is always in sight. An operator gives `Result<Ray, Error>`, as the arm
//! does (`a + b` of two shapes is the Hoon's crash, as an error naming both).
//!
//! ```
//! use urnum::prelude::*;
//!
//! let a = Ray::try_from([[1.0f32, 2.0], [3.0, 4.0]])?;
//! let b = Ray::try_from([[0.5f32, 0.25], [2.0, 1e-8]])?;
//! let sum = (a.with_mode(Round::N) + &b)?;
//! assert_eq!(sum.to_f32s()?, vec![1.5, 2.25, 5.0, 4.0]);
//! // 4 + 1e-8 rounds up to the next f32 in %u.
//! let up = (a.with_mode(Round::U) + &b)?;
//! assert_eq!(up.to_f32s()?[3], 4.000_000_5);
//! // A scalar operand is a typed float of the ray's width.
//! let half = (a.with_mode(Round::N) * Rs::from(0.5f32))?;
//! assert_eq!(half.to_f32s()?, vec![0.5, 1.0, 1.5, 2.0]);
//! # Ok::<(), urnum::Error>(())
//! ```
//!
//! The mode shows in the bits: `1/3` in `@rh` toward zero and up differ in
//! the last place.
//!
//! ```
//! use urnum::prelude::*;
//!
//! let one = Ray::from_slice(&[Rh::from_f32(1.0, Round::N)], &[1])?;
//! let three = Rh::from_f32(3.0, Round::N);
//! let z: Vec<Rh> = (one.with_mode(Round::Z) / three)?.to_vec()?;
//! let u: Vec<Rh> = (one.with_mode(Round::U) / three)?.to_vec()?;
//! assert_eq!((z[0].to_bits(), u[0].to_bits()), (0x3555, 0x3556));
//! # Ok::<(), urnum::Error>(())
//! ```

use crate::door::Door;
use crate::error::Error;
use crate::float::{Rd, Rh, Rq, Rs};
use lagoon::Ray;
use softblas::{Atom, Round};
use std::ops::{Add, Div, Mul, Rem, Sub};

/// A ray under a door: the left operand of the operators, which run
/// Lagoon's arms in the door's rounding mode.
#[derive(Clone, Debug)]
pub struct InDoor<'a> {
    /// The ray.
    pub ray: &'a Ray,
    /// The door whose mode the operators round in.
    pub door: Door,
}

impl InDoor<'_> {
    /// The ray under a door of `round`.
    ///
    /// ```
    /// use urnum::ops::InDoor;
    /// use urnum::prelude::*;
    ///
    /// let a = Ray::try_from(vec![1.0f32, 2.0])?;
    /// let twice = (InDoor::new(&a, Round::N) + &a)?;
    /// assert_eq!(twice.to_f32s()?, vec![2.0, 4.0]);
    /// // A shape mismatch is the Hoon's crash, naming both operands.
    /// let b = Ray::try_from([1.0f32, 2.0, 3.0])?;
    /// let e = (InDoor::new(&a, Round::N) + &b).unwrap_err();
    /// assert!(e.to_string().contains("a is ~[2] bloq 5 %i754, b is ~[3] bloq 5 %i754"));
    /// # Ok::<(), urnum::Error>(())
    /// ```
    pub fn new(ray: &Ray, round: Round) -> InDoor<'_> {
        InDoor {
            ray,
            door: Door::new(round),
        }
    }
}

/// A ray's operators: `a.with_mode(Round::N) + &b`.
pub trait WithMode {
    /// This ray under `Door::new(round)`: `(lake round)`.
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let a = Ray::try_from([1.0f64, 2.0])?;
    /// let b = Ray::try_from([3.0f64, 0.5])?;
    /// assert_eq!((a.with_mode(Round::Z) - &b)?.to_f64s()?, vec![-2.0, 1.5]);
    /// assert_eq!((a.with_mode(Round::Z) / &b)?.to_f64s()?, vec![0.333_333_333_333_333_3, 4.0]);
    /// # Ok::<(), urnum::Error>(())
    /// ```
    fn with_mode(&self, round: Round) -> InDoor<'_>;

    /// This ray under `door` (its mode; the tolerances do not enter these arms).
    ///
    /// ```
    /// use urnum::prelude::*;
    ///
    /// let la = Door::la(); // bare `la`: %z
    /// let a = Ray::try_from([7u8, 9])?;
    /// let b = Ray::try_from([2u8, 4])?;
    /// assert_eq!((a.under(&la) % &b)?.to_u8s()?, vec![1, 1]);
    /// assert_eq!((a.under(&la) * &b)?.to_u8s()?, vec![14, 36]);
    /// # Ok::<(), urnum::Error>(())
    /// ```
    fn under<'a>(&'a self, door: &Door) -> InDoor<'a>;
}

impl WithMode for Ray {
    fn with_mode(&self, round: Round) -> InDoor<'_> {
        InDoor::new(self, round)
    }

    fn under<'a>(&'a self, door: &Door) -> InDoor<'a> {
        InDoor {
            ray: self,
            door: door.clone(),
        }
    }
}

/// The operator `$trait` with a ray, as the door's `$arm`.
macro_rules! ray_op {
    ($($trait:ident $method:ident $arm:ident;)*) => {$(
        impl $trait<&Ray> for InDoor<'_> {
            type Output = Result<Ray, Error>;
            #[doc = concat!("Lagoon's `+", stringify!($arm), "` in the door's mode.")]
            fn $method(self, b: &Ray) -> Result<Ray, Error> {
                self.door.$arm(self.ray, b)
            }
        }
        impl $trait<&Ray> for &InDoor<'_> {
            type Output = Result<Ray, Error>;
            #[doc = concat!("Lagoon's `+", stringify!($arm), "` in the door's mode.")]
            fn $method(self, b: &Ray) -> Result<Ray, Error> {
                self.door.$arm(self.ray, b)
            }
        }
    )*};
}

ray_op! {
    Add add add;
    Sub sub sub;
    Mul mul mul;
    Div div div;
    Rem rem r#mod;
}

/// The operator `$trait` with a typed float, as the door's `$arm`.
macro_rules! scalar_op {
    ($($trait:ident $method:ident $arm:ident;)*) => {$(
        scalar_op!(@ $trait $method $arm: Rh Rs Rd Rq);
    )*};
    (@ $trait:ident $method:ident $arm:ident: $($f:ident)*) => {$(
        impl $trait<$f> for InDoor<'_> {
            type Output = Result<Ray, Error>;
            #[doc = concat!("Lagoon's `+", stringify!($arm), "` in the door's mode.")]
            fn $method(self, n: $f) -> Result<Ray, Error> {
                self.door.$arm(self.ray, &Atom::from(n))
            }
        }
    )*};
}

scalar_op! {
    Add add add_scalar;
    Sub sub sub_scalar;
    Mul mul mul_scalar;
    Div div div_scalar;
}
