//! Saloon: element-wise transcendentals and linear algebra over Lagoon rays,
//! a port of urbit/numerics `saloon/desk/lib/saloon.hoon@424a2bf`.
//!
//! Nothing is implemented yet (issue 7): the door `sa` (bare = `%n`), the
//! element-wise functions dispatched per kind to `/lib/math`, `/lib/unum` and
//! `/lib/complex`, `eig`/`eigvals`, `qr`, `lstsq`, the Cholesky and
//! conjugate-gradient solvers, `svd`, and the random fills. Every Saloon arm
//! the registry knows is reported unsupported until it lands here.
#![forbid(unsafe_code)]
#![deny(clippy::float_arithmetic)]
