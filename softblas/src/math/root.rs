//! `++sqt` and `++cbt` of the four doors.
//!
//! Ports `++sqt` and `++cbt` of `urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9.
//!
//! - `@rs @rh` `++sqt` is the stdlib `sqt:^rs` / `sqt:^rh` called without a
//!   sample, so it rounds in that door's bunt mode `%z` (toward zero), not to
//!   nearest as the doc comments and the C jets say.
//! - `@rd @rq` `++sqt`: NaN → NaN, +∞ → +∞, ±0 → itself, negative → NaN; then
//!   the truncated stdlib root `g`, `h = 0.5 ⊘ g`, `r = fma(−g, g, x)`, and
//!   `fma(h, r, g)`, all at `%n`.
//! - `++cbt`: a NaN comes back unchanged (payload and sign kept), ±0 too;
//!   else `exp(log|x| ⊗ ⅓)`, negated (`0 ⊖ r`) for a negative `x`, at `%n`.

use super::fl::Fl;
use super::{exp, log, MathError};
use crate::scalar::i754::{self, Width};
use crate::Round;

/// `++sqt` at width `w`.
pub(crate) fn sqt(w: Width, x: u128) -> u128 {
    match w {
        Width::H | Width::S => i754::sqt(w, Round::Z, x),
        Width::D | Width::Q => markstein(w, x),
    }
}

/// The `@rd`/`@rq` `++sqt`: one Markstein correction of the truncated stdlib root.
fn markstein(w: Width, x: u128) -> u128 {
    let n = Fl::n(w);
    if !n.equ(x, x) {
        return i754::canonical_nan(w);
    }
    if x == i754::inf(w) {
        return x;
    }
    if n.magnitude(x) == 0 {
        return x & w.mask();
    }
    if n.sign(x) {
        return i754::canonical_nan(w);
    }
    let g = i754::sqt(w, Round::Z, x);
    let h = n.div(n.pow2(-1), g);
    let r = n.fma(n.neg(g), g, x);
    n.fma(h, r, g)
}

/// `++cbt` at width `w`: the cube root by `exp(log|x| / 3)`.
///
/// # Errors
/// Those of [`exp::exp`]; none occurs, since `|log x| / 3` is far below the
/// overflow bound of `exp` at every width.
pub(crate) fn cbt(w: Width, x: u128) -> Result<u128, MathError> {
    let n = Fl::n(w);
    if !n.equ(x, x) || n.magnitude(x) == 0 {
        return Ok(x & w.mask());
    }
    let third = match w {
        Width::H => 0x3555,
        Width::S => 0x3eaa_aaab,
        Width::D => 0x3fd5_5555_5555_5555,
        Width::Q => 0x3ffd_5555_5555_5555_5555_5555_5555_5555,
    };
    let ax = n.magnitude(x);
    let l = n.mul(log::log(w, ax), third);
    let r = exp::exp(w, l)?;
    Ok(if n.sign(x) { n.neg(r) } else { r })
}
