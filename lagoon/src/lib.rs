//! Lagoon: n-dimensional arrays ("rays") of Urbit's numerics and every Lagoon
//! arm, bit-identical to urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`.
//!
//! A [`Ray`] is a [`Meta`] (shape, bloq, kind, tail) and a data atom holding
//! element 0 in its low bits under a pin bit above the last element.
//! Each arm is a function named as the Hoon arm, returning
//! `Result<_, LagoonError>` where the Hoon would crash; arms that round take
//! the [`Door`] (its rounding mode; bare `la` is `%z`), arms that only move
//! bits do not.
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic)]

pub mod arms;
pub mod axis;
mod bits;
mod bits_path;
pub mod build;
pub mod builders_arith;
pub mod change;
pub mod door;
pub mod element;
pub mod elementwise;
pub mod error;
pub mod gate;
pub mod index;
pub mod kinds;
pub mod linalg;
pub mod meta;
pub mod ndray;
pub mod pin;
pub mod print;
pub mod ray;
pub mod reduce;
pub mod shape;
pub mod structure;

pub use build::{eye, fill, iota, magic, ones, zeros};
pub use door::Door;
pub use element::Element;
pub use error::LagoonError;
pub use index::{
    get_bloq_offset, get_col, get_dim, get_item, get_item_index, get_item_number, get_row, set_col,
    set_item, set_row, strides,
};
pub use meta::{Meta, Tail, TailNoun};
pub use ndray::{de_ray, en_ray, ravel, Baum, Ndray};
pub use pin::{scalar_to_ray, spac, unspac};
pub use ray::{check, require_check, Ray};
pub use shape::{reshape, submatrix, transpose, urge, Slice};
pub use softblas::{Atom, Kind, Round};
