//! Lagoon (`lagoon.hoon`): rays, their metas, and every Lagoon arm as a
//! function named as the arm, taking Lagoon's own door
//! ([`Door`], `(lake rnd)`); everything of the `lagoon`
//! crate is re-exported here. The façade's [`crate::Door`] has the rounding
//! arms as methods.
//!
//! ```
//! use urnum::lagoon::{self, linalg, Door, Kind, Meta};
//! use urnum::prelude::{RayExt, Round};
//!
//! // The builders of the Hoon (`+eye`, `+iota`, …) take a meta.
//! let i = lagoon::eye(&Meta::new(vec![2, 2], 5, Kind::I754))?;
//! assert_eq!(i.to_f32s()?, vec![1.0, 0.0, 0.0, 1.0]);
//! let a = lagoon::Ray::from_f32s(&[1.0, 2.0, 3.0, 4.0], &[2, 2])?;
//! let c = linalg::mmul(&Door::lake(Round::N), &a, &i)?;
//! assert_eq!(c, a);
//! assert_eq!(lagoon::transpose(&a)?.to_f32s()?, vec![1.0, 3.0, 2.0, 4.0]);
//! # Ok::<(), urnum::Error>(())
//! ```
//!
//! Reductions and arms that answer an atom:
//!
//! ```
//! use urnum::prelude::*;
//!
//! let a = Ray::from_u32s(&[3, 9, 4], &[3])?;
//! let la = Door::la();
//! assert_eq!(la.argmax(&a)?, 1);
//! // `+cumsum` of lagoon.hoon answers the total, in a one-element ray.
//! assert_eq!(la.cumsum(&a)?.to_u32s()?, vec![16]);
//! assert_eq!(la.max(&a)?.to_u32s()?, vec![9]);
//! # Ok::<(), urnum::Error>(())
//! ```

pub use ::lagoon::*;
