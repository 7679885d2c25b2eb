//! The Hoon data layer: nouns, `jam`/`cue`, aura literals parsed and printed
//! as the dojo does, rays as nouns and the dojo's tank printer; everything of
//! the `hoon` crate is re-exported here.
//!
//! ```
//! use urnum::hoon::aura::{self, Aura};
//! use urnum::hoon::{jam, Noun};
//!
//! let x = aura::parse(Aura::Rd, ".~1.5")?;
//! assert_eq!(aura::print(Aura::Rd, &x)?, ".~1.5");
//! let n = Noun::atom(42u64);
//! assert_eq!(jam::cue(&jam::jam(&n)).unwrap(), n);
//! # Ok::<(), urnum::Error>(())
//! ```
//!
//! A ray as the dojo's `(print:la a)` lays it out (each element sold under
//! its kind's term, so `%uint` elements print as `@ui`):
//!
//! ```
//! use urnum::prelude::*;
//! use urnum::hoon::tank;
//!
//! let a = Ray::from_u8s(&[1, 2, 3, 4], &[2, 2])?;
//! assert_eq!(tank::print_lines(&a, 80).unwrap(), vec!["[[0i1 0i2] [0i3 0i4]]\n"]);
//! # Ok::<(), urnum::Error>(())
//! ```

pub use ::hoon::*;
