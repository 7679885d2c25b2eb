//! `%i754` rows of `+fun-scalar` / `+trans-scalar` (lagoon.hoon@aa6f2a6): the
//! stdlib doors `~(op rh|rs|rd|rq rnd)` at bloq 4–7.

use super::{bit_compare, not_routed, ScalarError};
use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::prog::{Binary, Compare, Unary};
use crate::round::Round;
use crate::scalar::i754::{self as f, Fpu, Width};

/// The width of an `%i754` dtype: the Hoon's `?+ bloq !!` over 4–7.
fn width(t: &Dtype) -> Result<Width, ScalarError> {
    Width::from_bloq(t.bloq).ok_or(ScalarError::Crash("%i754 element bloq is not one of 4..7"))
}

/// 1.0 at the dtype's width.
pub(super) fn one(t: &Dtype) -> Result<Atom, ScalarError> {
    Ok(Atom::from_u128(f::one(width(t)?)))
}

/// `%add %sub %mul %div %mod` in the door mode; `%mod` is numerics #78's
/// `a − b·san(need(toi(a/b)))`, every step rounded in `r`.
pub(super) fn binary(
    b: Binary,
    t: &Dtype,
    r: Round,
    x: &Atom,
    y: &Atom,
) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let (a, c) = (x.low_u128(), y.low_u128());
    let v = Fpu::with(r, |fp| match b {
        Binary::Add => Ok(fp.add(w, a, c)),
        Binary::Sub => Ok(fp.sub(w, a, c)),
        Binary::Mul => Ok(fp.mul(w, a, c)),
        Binary::Div => Ok(fp.div(w, a, c)),
        Binary::Mod => {
            let q = fp.div(w, a, c);
            let (neg, mag) = fp.toi(w, q).ok_or(ScalarError::Crash(
                "%i754 mod: the quotient a/b is not finite, so (need (toi ...)) crashes",
            ))?;
            let n = fp.san(w, neg, &mag);
            Ok(fp.sub(w, a, fp.mul(w, c, n)))
        }
        Binary::Pow => Err(ScalarError::Crash("%i754 has no %pow in +fun-scalar")),
    })?;
    Ok(Atom::from_u128(v))
}

/// `%gth %gte %lth %lte` by the door's IEEE order (false on NaN; `gth` is `b < a`),
/// `%equ %neq` by atom equality.
pub(super) fn compare(c: Compare, t: &Dtype, x: &Atom, y: &Atom) -> Result<bool, ScalarError> {
    let w = width(t)?;
    if let Some(v) = bit_compare(c, x, y) {
        return Ok(v);
    }
    let (a, b) = (x.low_u128(), y.low_u128());
    Ok(match c {
        Compare::Gth => f::gth(w, a, b),
        Compare::Gte => f::gte(w, a, b),
        Compare::Lth => f::lth(w, a, b),
        _ => f::lte(w, a, b),
    })
}

/// `%abs` (`b ≥ +0 ? b : b·−1`, so −0 stays −0 and NaN becomes canonical),
/// `%conj` (identity); `Neg` is `/lib/math`'s `(sub .0 x)` in the door mode.
pub(super) fn unary(u: Unary, t: &Dtype, r: Round, x: &Atom) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    match u {
        Unary::Abs => Ok(Atom::from_u128(f::abs_la(w, x.low_u128()))),
        Unary::Conj => Ok(x.clone()),
        Unary::Neg => Ok(Atom::from_u128(f::neg(w, r, x.low_u128()))),
        _ => Err(not_routed(u, t)),
    }
}

/// The door's `fma`: `a·b + c` rounded once in `r`.
pub(super) fn fma(t: &Dtype, r: Round, xs: [&Atom; 3]) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let [a, b, c] = xs.map(Atom::low_u128);
    Ok(Atom::from_u128(f::fma(w, r, a, b, c)))
}
