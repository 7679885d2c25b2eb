//! The urnum tools over the Hoon data layer ([`hoon`]): the registry of arms
//! by Hoon name, the golden-vector runner, the `urnum eval` evaluator, the
//! Hoon test generator (`gen-hoon`), and the measuring tools (`accuracy`,
//! `bench`), with the `urnum` binary that drives them.
#![forbid(unsafe_code)]

pub mod accuracy;
pub mod bench;
pub mod doors;
pub mod eval;
pub mod gates;
pub mod genhoon;
pub mod registry;
pub mod rng;
pub mod vector;

pub use registry::{ArmError, Door, Registry};
