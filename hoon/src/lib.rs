//! The Hoon side of urnum: nouns, jam/cue, aura literals, rays as nouns, the
//! registry of arms by Hoon name, the golden-vector runner, and the `urnum` CLI.
#![forbid(unsafe_code)]

pub mod accuracy;
pub mod aura;
pub mod bench;
pub mod eval;
pub mod gates;
pub mod genhoon;
pub mod jam;
pub mod noun;
pub mod ray;
pub mod registry;
pub mod tank;
pub mod vector;

pub use noun::Noun;
pub use registry::{ArmError, Door, Registry};
pub use softblas::Atom;
