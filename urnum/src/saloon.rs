//! Saloon (`saloon.hoon`): element-wise transcendentals and linear algebra
//! over rays, each arm a function named as the arm taking Saloon's own door
//! ([`Sa`], `(sake rnd rtol)`); everything of the `saloon`
//! crate is re-exported here. The façade's [`crate::Door`] has the arms as
//! methods.
//!
//! ```
//! use urnum::prelude::*;
//! use urnum::saloon::{self, Sa};
//!
//! let x = Ray::from_f64s(&[0.0, 1.0], &[2])?;
//! let e = saloon::exp(&Sa::bare(), &x)?.to_f64s()?;
//! assert_eq!(e[0], 1.0);
//! assert!((e[1] - std::f64::consts::E).abs() < 1e-15);
//! // The same arm through the façade's door.
//! assert_eq!(Door::sa().exp(&x)?.to_f64s()?, e);
//! # Ok::<(), urnum::Error>(())
//! ```
//!
//! Linear algebra: a symmetric eigenproblem.
//!
//! ```
//! use urnum::prelude::*;
//!
//! let a = Ray::from_f64s(&[2.0, 0.0, 0.0, 3.0], &[2, 2])?;
//! let mut vals = Door::sa().eigvals(&a)?.to_f64s()?;
//! vals.sort_by(f64::total_cmp);
//! assert_eq!(vals, vec![2.0, 3.0]);
//! # Ok::<(), urnum::Error>(())
//! ```

pub use ::saloon::*;
