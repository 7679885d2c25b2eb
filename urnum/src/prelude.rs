//! What most programs use, for `use urnum::prelude::*`: [`Ray`], [`Meta`],
//! [`Door`], [`Round`], [`Kind`], [`Atom`], the typed scalars and the traits
//! [`RayExt`] (so `Ray::from_f32s` resolves), [`WithMode`] (so
//! `a.with_mode(Round::N) + &b` does), [`Element`] and [`Float`].
//!
//! ```
//! use urnum::prelude::*;
//!
//! let r = Ray::from_slice(&[Rh::from_f32(1.5, Round::N), Rh::from_f32(-0.25, Round::N)], &[2])?;
//! assert_eq!((r.meta.kind, r.meta.bloq), (Kind::I754, 4));
//! let back: Vec<Rh> = r.to_vec()?;
//! assert_eq!(back[1].to_string(), ".~~-0.25");
//! # Ok::<(), urnum::Error>(())
//! ```
//!
//! With the prelude, rays convert by `TryFrom` and take operators under a mode:
//!
//! ```
//! use urnum::prelude::*;
//!
//! let a = Ray::try_from([[1.0f64, 2.0], [3.0, 4.0]])?;
//! let d = (a.with_mode(Round::D) - &a)?;
//! assert_eq!(Vec::<f64>::try_from(&d)?, vec![0.0; 4]);
//! println!("{}", d.matrix());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::complex::{Cd, Ch, Complex, Cs};
pub use crate::door::{Door, Eig, Qr, Svd};
pub use crate::error::Error;
pub use crate::fixed::Fixed;
pub use crate::float::{Float, Rd, Rh, Rq, Rs};
pub use crate::ops::{InDoor, WithMode};
pub use crate::posit::{Rpb, Rpd, Rph, Rpq, Rps};
pub use crate::ray::{Element, RayExt};
pub use crate::twoc::Twoc;
pub use ::lagoon::{Meta, Ray};
pub use ::softblas::{Atom, DoorRound, Kind, Round};
