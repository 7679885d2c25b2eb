//! The one-call operations on the soft core [`softcore`] alone, whatever
//! the executor: the reference that this crate's loops and the tests
//! compare the hardware against, and the fallback of the hardware loops for
//! an element the host cannot decide.
//!
//! `softblas::scalar::i754::add` and its siblings run on the hardware under
//! the fast executor; these never do. Each is the core's result at the
//! width with any NaN made canonical, so `soft::add(w, r, a, b)` is also
//! `Fpu::with(r, |f| f.add(w, a, b))` of `softblas::scalar::i754::Fpu`.

use super::{by_width, canon, Width};
use softcore::Round;

/// `a + b` rounded in `r` by the soft core.
pub fn add(w: Width, r: Round, a: u128, b: u128) -> u128 {
    canon(w, by_width::add(r, w, a, b))
}

/// `a − b` rounded in `r` by the soft core.
pub fn sub(w: Width, r: Round, a: u128, b: u128) -> u128 {
    canon(w, by_width::sub(r, w, a, b))
}

/// `a × b` rounded in `r` by the soft core.
pub fn mul(w: Width, r: Round, a: u128, b: u128) -> u128 {
    canon(w, by_width::mul(r, w, a, b))
}

/// `a ÷ b` rounded in `r` by the soft core.
pub fn div(w: Width, r: Round, a: u128, b: u128) -> u128 {
    canon(w, by_width::div(r, w, a, b))
}

/// `√a` rounded in `r` by the soft core.
pub fn sqt(w: Width, r: Round, a: u128) -> u128 {
    canon(w, by_width::sqrt(r, w, a))
}
