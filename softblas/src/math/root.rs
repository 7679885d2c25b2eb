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

use super::lane::{magnitudes, Cbt, Exp, Group, LaneForm};
use super::{exp, log, MathError};
use crate::ieee::arith::{Arith, Steps, Wide};
use crate::scalar::i754::{self, Width};
use crate::Round;

/// The mode of the one stdlib root that is the whole of `++sqt` at width `w`
/// (`%z` at `@rh @rs`), or `None` where `++sqt` corrects it (`@rd @rq`).
pub(crate) const fn stdlib_root(w: Width) -> Option<Round> {
    match w {
        Width::H | Width::S => Some(Round::Z),
        Width::D | Width::Q => None,
    }
}

/// `++sqt` in the `%n` context `n`.
#[inline(always)]
pub(crate) fn sqt_in<A: Arith>(n: A, x: A::V) -> A::V {
    match stdlib_root(n.width()) {
        Some(r) => n.sqrt_in(r, x),
        None => markstein(n, x),
    }
}

/// The `@rd`/`@rq` `++sqt`: one Markstein correction of the truncated stdlib root.
#[inline(always)]
fn markstein<A: Arith>(n: A, x: A::V) -> A::V {
    let w = n.width();
    if n.is_nan(x) {
        return n.nan();
    }
    let xb = n.bits(x);
    if xb == i754::inf(w) || n.bits(n.magnitude(x)) == 0 {
        return n.val(xb);
    }
    if n.sign(x) {
        return n.nan();
    }
    refine(n, x, n.sqrt_in(Round::Z, x))
}

/// Markstein's step of the `@rd`/`@rq` `++sqt` on a positive, finite,
/// non-zero `x` whose truncated root is `g`: `h = 0.5 ⊘ g`,
/// `r = fma(−g, g, x)`, `fma(h, r, g)`.
#[inline(always)]
pub(crate) fn refine<A: Arith>(n: A, x: A::V, g: A::V) -> A::V {
    let h = n.div(n.pow2(-1), g);
    let r = n.fma(n.neg(g), g, x);
    n.fma(h, r, g)
}

/// Whether the `@rd`/`@rq` `++sqt` of the bits `x` at width `w` takes
/// [`refine`] (a positive, finite, non-zero `x`). Where it does not, the
/// arm's result is the truncated root itself: NaN → the canonical NaN,
/// +∞ → +∞, ±0 → ±0, negative → the canonical NaN, which is what the
/// stdlib root (SoftFloat's, canonical NaNs) gives those arguments.
#[inline(always)]
pub(crate) fn refined(w: Width, x: u128) -> bool {
    x != 0 && x < i754::inf(w)
}

/// `⅓` rounded to nearest at width `w`, `++cbt`'s constant.
fn third(w: Width) -> u128 {
    w.pick([
        0x3555,
        0x3eaa_aaab,
        0x3fd5_5555_5555_5555,
        0x3ffd_5555_5555_5555_5555_5555_5555_5555,
    ])
}

/// `++cbt`: the cube root by `exp(log|x| / 3)` in the `%n` context `n`.
///
/// # Errors
/// Those of [`exp::exp_in`]; none occurs, since `|log x| / 3` is far below the
/// overflow bound of `exp` at every width.
#[inline(always)]
pub(crate) fn cbt_in<A: Arith>(n: A, x: A::V) -> Result<A::V, MathError> {
    let w = n.width();
    if n.is_nan(x) || n.bits(n.magnitude(x)) == 0 {
        return Ok(n.val(n.bits(x)));
    }
    let third = n.val(third(w));
    let ax = n.magnitude(x);
    let l = n.mul(log::logb_in(n, log::Base::E, ax), third);
    let r = exp::exp_in(n, l)?;
    Ok(if n.sign(x) { n.neg(r) } else { r })
}

impl LaneForm for Cbt {
    /// `++cbt` of `N` arguments at once: the lane forms of the logarithm
    /// ([`log::Base`]) and of `exp` ([`Exp`]) with the product by `⅓`
    /// between them in the lanes, each lane as [`cbt_in`] computes it where
    /// both lane forms take it; `None` for the others (NaN, ±0, ±∞,
    /// subnormal, `exp`'s tails).
    #[inline(always)]
    fn lanes<G: Group<N>, const N: usize>(self, g: G, x: [G::V; N]) -> [Option<G::V>; N] {
        let (n, l) = (g.n(), g.l());
        let ax = magnitudes(n, x);
        let lg = log::Base::E.lanes(g, ax);
        // Lanes off the logarithm's main path carry their own argument on: their
        // results are dropped.
        let mut lv = ax;
        for i in 0..N {
            lv[i] = lg[i].unwrap_or(ax[i]);
        }
        let t = l.part(l.mul(l.join(lv), l.val(third(n.width()))));
        let e = Exp.lanes(g, t);
        let mut out = [None; N];
        for i in 0..N {
            if let (Some(_), Some(r)) = (lg[i], e[i]) {
                out[i] = Some(if n.sign(x[i]) { n.neg(r) } else { r });
            }
        }
        out
    }

    fn scalar<A: Arith>(self, n: A, x: A::V) -> Result<A::V, MathError> {
        cbt_in(n, x)
    }
}
