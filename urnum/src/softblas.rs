//! The kernel layer (`softblas`): atoms, rounding modes, element kinds with
//! one module of exact semantics per kind, scalar programs, loops with
//! explicit fold orders and the SoftBLAS routines; everything of the
//! `softblas` crate is re-exported here. The typed modules of the façade
//! ([`crate::float`], [`crate::posit`], …) are built on it.
//!
//! ```
//! use urnum::softblas::scalar::i754::{self, Width};
//! use urnum::softblas::{Atom, Round};
//!
//! // One rounded operation on bits: 1 + 2^-24 in @rs, ties to even and up.
//! let one = i754::one(Width::S);
//! let half_ulp = i754::pow2(Width::S, -24);
//! assert_eq!(i754::add(Width::S, Round::N, one, half_ulp), 0x3f80_0000);
//! assert_eq!(i754::add(Width::S, Round::U, one, half_ulp), 0x3f80_0001);
//! assert_eq!(Atom::from_u128(0x3f80_0000).to_hex(), "0x3f800000");
//! ```

pub use ::softblas::*;
