//! The Hoon data layer of urnum: nouns, jam/cue, aura literals, rays as nouns
//! and tanks (the dojo's printer). The arm registry, the golden-vector runner
//! and the `urnum` command line are in the `urnum-cli` crate, which builds on
//! this one.
#![forbid(unsafe_code)]

pub mod aura;
pub mod jam;
pub mod noun;
pub mod ray;
pub mod tank;

pub use noun::Noun;
pub use softblas::Atom;
