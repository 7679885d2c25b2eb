//! Lagoon: n-dimensional arrays ("rays") of Urbit's numerics and every Lagoon
//! arm, bit-identical to urbit/numerics `lagoon/desk/lib/lagoon.hoon@aa6f2a6`.
//!
//! A [`Ray`] is a [`Meta`] (shape, bloq, kind, tail) and a data atom holding
//! element 0 in its low bits under a pin bit above the last element.
//! Each arm is a function named as the Hoon arm, taking the [`Door`] (its
//! rounding mode; bare `la` is `%z`) and returning `Result<_, LagoonError>`
//! where the Hoon would crash.
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic)]
