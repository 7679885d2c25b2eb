//! The one-call operations on the soft core [`crate::soft`] alone, whatever
//! the executor: the reference that [`crate::hw`] and the tests compare the
//! hardware against.
//!
//! [`super::add`] and its siblings run on the hardware under the fast
//! executor (see `route`); these never do. Each is a one-call
//! [`Fpu`] batch, so `soft::add(w, r, a, b)` is `Fpu::with(r, |f| f.add(w, a, b))`.

use super::{Fpu, Width};
use crate::Round;

/// `a + b` rounded in `r` by the soft core.
pub fn add(w: Width, r: Round, a: u128, b: u128) -> u128 {
    Fpu::with(r, |f| f.add(w, a, b))
}

/// `a − b` rounded in `r` by the soft core.
pub fn sub(w: Width, r: Round, a: u128, b: u128) -> u128 {
    Fpu::with(r, |f| f.sub(w, a, b))
}

/// `a × b` rounded in `r` by the soft core.
pub fn mul(w: Width, r: Round, a: u128, b: u128) -> u128 {
    Fpu::with(r, |f| f.mul(w, a, b))
}

/// `a ÷ b` rounded in `r` by the soft core.
pub fn div(w: Width, r: Round, a: u128, b: u128) -> u128 {
    Fpu::with(r, |f| f.div(w, a, b))
}

/// `√a` rounded in `r` by the soft core.
pub fn sqt(w: Width, r: Round, a: u128) -> u128 {
    Fpu::with(r, |f| f.sqt(w, a))
}
