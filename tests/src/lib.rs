//! Cross-crate integration tests of urnum; the tests live in `tests/tests/`.
//!
//! This crate exports nothing: it exists so that the golden-vector and
//! property tests can see `softblas`, `lagoon`, `saloon` and `hoon` together.
#![forbid(unsafe_code)]
