//! `%int2` rows of `+fun-scalar` / `+trans-scalar` (lagoon.hoon@aa6f2a6):
//! `/lib/twoc`'s `twoc` door at the element bloq (wrapping `add sub mul pow`,
//! truncating `div`, `rem` for `%mod`, signed comparisons, two's-complement `abs`).

use super::{bit_compare, not_routed, ScalarError};
use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::prog::{Binary, Compare, Unary};
use crate::scalar::int2::{AtomTwid, Int2Error};

/// The error of a `/lib/twoc` arm as the Hoon sees it.
pub(super) fn err(e: Int2Error) -> ScalarError {
    match e {
        Int2Error::DivideByZero => ScalarError::Crash("twoc div or rem by zero"),
        other => ScalarError::Unsupported(other.to_string()),
    }
}

/// The `twoc` door at `bloq`.
pub(super) fn door(bloq: u32) -> Result<AtomTwid, ScalarError> {
    AtomTwid::twoc(bloq).map_err(err)
}

/// `%add %sub %mul %div %mod %pow` at width `2^bloq`.
pub(super) fn binary(b: Binary, t: &Dtype, x: &Atom, y: &Atom) -> Result<Atom, ScalarError> {
    let d = door(t.bloq)?;
    match b {
        Binary::Add => Ok(d.add(x, y)),
        Binary::Sub => Ok(d.sub(x, y)),
        Binary::Mul => Ok(d.mul(x, y)),
        Binary::Div => d.div(x, y).map_err(err),
        Binary::Mod => d.rem(x, y).map_err(err),
        Binary::Pow => Ok(d.pow(x, y)),
        Binary::PowN | Binary::PowAny => Err(super::no_gate("%int2 has no saloon pow gate")),
    }
}

/// The signed order of `/lib/twoc` at width `2^bloq`; `%equ %neq` by atom equality.
pub(super) fn signed_compare(
    c: Compare,
    d: &AtomTwid,
    x: &Atom,
    y: &Atom,
) -> Result<bool, ScalarError> {
    Ok(bit_compare(c, x, y).unwrap_or(match c {
        Compare::Gth => d.gth(x, y),
        Compare::Gte => d.gte(x, y),
        Compare::Lth => d.lth(x, y),
        _ => d.lte(x, y),
    }))
}

/// The comparisons of `%int2`.
pub(super) fn compare(c: Compare, t: &Dtype, x: &Atom, y: &Atom) -> Result<bool, ScalarError> {
    signed_compare(c, &door(t.bloq)?, x, y)
}

/// `%abs` (`twoc` `abs`: the least value stays itself), `%conj` (identity); `Neg` is `twoc` `neg`.
pub(super) fn unary(u: Unary, t: &Dtype, x: &Atom) -> Result<Atom, ScalarError> {
    match u {
        Unary::Abs => Ok(door(t.bloq)?.abs(x)),
        Unary::Conj => Ok(x.clone()),
        Unary::Neg => Ok(door(t.bloq)?.neg(x)),
        _ => Err(not_routed(u, t)),
    }
}
