//! urnum: the bits Urbit's numerics Hoon computes — Lagoon rays, Saloon,
//! `/lib/math`, posits, complex numbers, fixed point and two's complement —
//! in Rust, the same on every machine.
//!
//! This crate is the one to depend on. It re-exports the libraries under one
//! naming and adds what a Rust program needs to use them: typed scalars
//! ([`float`]: `@rh @rs @rd @rq`; [`posit`]: `@rpb` … `@rpq`; [`complex`];
//! [`fixed`]; [`twoc`]) that convert from and to native numbers (exactly,
//! or in a rounding mode you pass) and print as the dojo does; rays from and
//! to native slices ([`ray`]); and one [`Door`] carrying the rounding mode
//! and tolerances of Lagoon's `la`, Saloon's `sa` and `/lib/math`'s doors,
//! whose methods are the arms, named as in Hoon. The façade computes
//! nothing itself: every value comes from the libraries.
//!
//! | module | what it holds |
//! |---|---|
//! | [`prelude`] | `Ray`, `Door`, `Round`, `Kind`, the typed scalars and the traits, for `use urnum::prelude::*` |
//! | [`door`] | [`Door`]: the mode and tolerances, and the arms as methods |
//! | [`ray`] | [`ray::Element`] and [`ray::RayExt`]: `Ray::from_f32s`, `to_f32s`, … (and `Ray::try_from(vec)`, `Vec::<f32>::try_from(&ray)`) |
//! | [`ops`] | `a.with_mode(Round::N) + &b`: operators on rays under an explicit mode |
//! | [`float`], [`posit`], [`complex`], [`fixed`], [`twoc`] | typed scalars and each library's arms |
//! | [`math`] | `/lib/math` on typed floats |
//! | [`lagoon`], [`saloon`] | the two array libraries, every arm by its Hoon name |
//! | [`nx`] | Nx's exactly-defined kinds over rays (`recip`, `floor`, `maximum`, `threefry`, `isnan`, …): no Hoon arm |
//! | [`hoon`] | nouns, `jam`/`cue`, aura literals, the dojo's printer |
//! | [`softblas`] | the kernel layer: atoms, element kinds, programs, loops, BLAS |
//! | [`error`] | [`Error`] |
//!
//! Two `@rs` rays from an `f32` slice of a `usize` shape and from an array,
//! added (an operator under the door) and multiplied as matrices in `%z`, printed as a matrix and as the dojo prints them, and
//! posit arithmetic by operators (the program of the README):
//!
//! ```
//! use urnum::prelude::*;
//!
//! fn main() -> Result<(), urnum::Error> {
//!     let (n, m) = (2usize, 2usize);
//!     let a = Ray::from_f32s(&[1.0, 2.0, 3.0, 4.0], &[n, m])?;
//!     let b = Ray::try_from([[0.5f32, -1.0], [0.25, 2.0]])?;
//!     let z = Door::new(Round::Z);
//!     let prod = z.mmul(&(a.under(&z) + &b)?, &b)?; // (a + b)·b, rounded toward zero
//!     println!("{}\n{}", prod.matrix(), z.exp(&prod)?); // a matrix; the dojo's [meta data]
//!     let p = Rps::from_f64(1.5) * Rps::from_f64(0.25); // posit arithmetic
//!     println!("{} {:?}", f64::from(p), prod.shape());
//! #   assert_eq!(prod.to_f32s()?, vec![1.0, 0.5, 3.125, 8.75]);
//! #   assert_eq!(prod.matrix().to_string(), "    .1   .0.5\n.3.125  .8.75");
//! #   assert_eq!((f64::from(p), prod.shape()), (0.375, vec![2, 2]));
//!     Ok(())
//! }
//! ```
//!
//! Typed scalars print as the dojo does:
//!
//! ```
//! use urnum::prelude::*;
//!
//! assert_eq!(Rs::from(0.1f32).to_string(), ".0.1");
//! assert_eq!(Rd::from(-2.5).to_string(), ".~-2.5");
//! assert_eq!(Rq::from(1.0).to_string(), ".~~~1");
//! // Hoon writes the shortest decimal that reads back: 65504 is `.~~65500`.
//! assert_eq!(Rh::from_f32(65504.0, Round::N).to_string(), ".~~65500");
//! ```
//!
//! The packages are `urnum` (this crate), `urnum-softblas`, `urnum-lagoon`,
//! `urnum-saloon`, `urnum-hoon`, `urnum-cli` (the `urnum` command) and
//! `urnum-ffi` (the C ABI, `liburnum_ffi.a`); the libraries keep their short
//! crate names (`softblas`, `lagoon`, …), which this crate re-exports as
//! modules.
#![forbid(unsafe_code)]

pub mod complex;
pub mod door;
pub mod error;
pub mod fixed;
pub mod float;
pub mod hoon;
pub mod lagoon;
pub mod math;
pub mod nx;
pub mod ops;
pub mod posit;
pub mod prelude;
pub mod ray;
pub mod saloon;
pub mod softblas;
pub mod twoc;

pub use ::lagoon::{Meta, Ray};
pub use ::softblas::{Atom, DoorRound, Executor, Isa, Kind, Policy, Round};
pub use door::Door;
pub use error::Error;
