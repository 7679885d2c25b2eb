//! `%fixp` rows of `+fun-scalar` / `+trans-scalar` (lagoon.hoon@aa6f2a6).
//!
//! The precision `[a b]` comes from the ray's tail (the dtype's `prec`); the
//! Hoon reads it with `;;([a=@ b=@] tail)` for every binary op, so a missing
//! precision crashes even `%add`. `%add %sub %mod` and the comparisons are
//! `/lib/twoc` at width `2^bloq` (as `%int2`); `%mul` is `/lib/fixed` `mul`
//! then `scale` back to `[a b]`, `%div` is `/lib/fixed` `div`, both at width
//! `a+b+1`. Comparisons give `2^b`. `abs` is `twoc` `abs` at `2^bloq` and does
//! not read the tail.

use super::int2::{door, err as twoc_err, signed_compare};
use super::{not_routed, ScalarError};
use crate::atom::Atom;
use crate::dtype::{Dtype, Prec};
use crate::prog::{Binary, Compare, Unary};
use crate::scalar::fixp::{self as fx, FixpError};

fn err(e: FixpError) -> ScalarError {
    match e {
        FixpError::DivideByZero => ScalarError::Crash("%fixp div or mod by zero"),
        FixpError::PrecisionMismatch { .. } => ScalarError::Crash("%fixp precisions differ"),
        other => ScalarError::Unsupported(other.to_string()),
    }
}

/// The precision `;;([a=@ b=@] tail)` reads.
pub(super) fn prec(t: &Dtype) -> Result<Prec, ScalarError> {
    t.prec
        .ok_or(ScalarError::Crash("%fixp tail is not a cell [a=@ b=@]"))
}

/// `2^b`, the fixed-point one.
pub(super) fn one(t: &Dtype) -> Result<Atom, ScalarError> {
    Ok(Atom::pow2(u64::from(prec(t)?.b)))
}

/// `%add %sub %mul %div %mod`; `%pow` is not in the Hoon's table and crashes.
pub(super) fn binary(b: Binary, t: &Dtype, x: &Atom, y: &Atom) -> Result<Atom, ScalarError> {
    let p = prec(t)?;
    match b {
        Binary::Add => Ok(door(t.bloq)?.add(x, y)),
        Binary::Sub => Ok(door(t.bloq)?.sub(x, y)),
        Binary::Mod => door(t.bloq)?.rem(x, y).map_err(twoc_err),
        Binary::Mul => {
            let (v, pp) = fx::mul(x, p, y, p).map_err(err)?;
            fx::scale(&v, pp, p).map_err(err)
        }
        Binary::Div => Ok(fx::div(x, p, y, p).map_err(err)?.0),
        Binary::Pow => Err(ScalarError::Crash("%fixp has no %pow in +fun-scalar")),
        Binary::PowN | Binary::PowAny => Err(super::no_gate("%fixp has no saloon pow gate")),
    }
}

/// The comparisons: `/lib/twoc` order at `2^bloq`, atom equality for `%equ %neq`.
pub(super) fn compare(c: Compare, t: &Dtype, x: &Atom, y: &Atom) -> Result<bool, ScalarError> {
    prec(t)?;
    signed_compare(c, &door(t.bloq)?, x, y)
}

/// `%abs` (`twoc` `abs` at `2^bloq`), `%conj` (identity); `Neg` is `/lib/fixed` `neg` at `a+b+1`.
pub(super) fn unary(u: Unary, t: &Dtype, x: &Atom) -> Result<Atom, ScalarError> {
    match u {
        Unary::Abs => Ok(door(t.bloq)?.abs(x)),
        Unary::Conj => Ok(x.clone()),
        Unary::Neg => Ok(fx::neg(x, prec(t)?)),
        _ => Err(not_routed(u, t)),
    }
}
