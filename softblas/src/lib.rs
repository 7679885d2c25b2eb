//! The kernel layer of urnum: bit-exact element kinds, scalar programs, loops
//! whose fold order is part of the request, and the SoftBLAS routine set.
//!
//! Modelled on Nx's kernel layer (`Nx_kernel.Prog`, `Nx_array.Move`): element
//! kinds ([`dtype`]) with one module of exact semantics per kind
//! ([`scalar`]), rounding as an argument ([`round`]), and atoms ([`atom`]) as
//! the carrier of element bits of any width.
//!
//! Every value is carried as bits; no host float appears in reference code
//! (`clippy::float_arithmetic` is denied). IEEE arithmetic is the pure-Rust
//! core [`softcore`] (SoftFloat 3e's bits, proven against `softfloat-sys` in the
//! tests). The host's floating point is reached only through the crate
//! [`hw`] (its fenced `#[target_feature]` loops), so this crate has no
//! `unsafe` at all.
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic)]

pub mod atom;
pub mod blas;
pub mod dtype;
pub mod exec;
pub mod math;
pub mod ops;
pub mod policy;
pub mod prog;
pub mod round;
pub mod scalar;
pub mod term;
pub mod unum_rev;

pub use hw;
pub use hw::{ieee, word};

pub use atom::Atom;
pub use dtype::{Dtype, Kind, Prec};
pub use policy::{Executor, Isa, Policy};
pub use round::{DoorRound, Round};
pub use word::Word;
