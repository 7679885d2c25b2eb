//! Named `/lib/math` entries for the arms vere jets (`non/math/<door>/<arm>`):
//! `urnum_<door>_<arm>` for the doors `rh rs rd rq`, each a thin call of
//! [`crate::math::urnum_math`]'s evaluator with the door's bunted tolerances.
//!
//! The entries are written from the rows of `softblas::math::arms` marked
//! `jetted` by `ffi/tests/catalogue.rs`, which fails when they are stale and
//! rewrites them with `URNUM_BLESS=1`; they are written out rather than made
//! by a macro so that cbindgen (which does not expand macros) puts every one
//! in `include/urnum.h`.

// One module per door, declared in the order of the header: cbindgen writes
// the entries in the order it reads them.
mod rh;

mod rs;

mod rd;

mod rq;

pub use rd::*;
pub use rh::*;
pub use rq::*;
pub use rs::*;
