//! `%cplx` rows of `+fun-scalar` / `+trans-scalar` (lagoon.hoon@aa6f2a6): the
//! `/lib/complex` doors `ch cs cd cq` (bloq 5–8) in the door mode.
//!
//! `%mod` crashes (`'lagoon: %mod not defined for %cplx'`, checked before the
//! bloq), as do `%gth %gte %lth %lte` (`'lagoon: %cplx has no total order; use
//! abs/equ'`) and `%pow` (not in the table). `%equ %neq` compare bits and give
//! the complex one.
//!
//! The transcendental rows are Saloon's (saloon.hoon@424a2bf `+trans-scalar`,
//! `+fun-scalar`): `neg cexp csin ccos ctan clog csqrt` and `cpow` (for
//! [`Binary::PowAny`]) in the door mode; `factorial log-10 log-2 cbrt` and
//! `pow-n` are gates that crash whenever called.

use super::{bit_compare, not_routed, ScalarError};
use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::policy::Policy;
use crate::prog::{Binary, Compare, Unary};
use crate::round::Round;
use crate::scalar::cplx::{Cplx, Plane};

pub(super) fn door(t: &Dtype, r: Round) -> Result<Plane, ScalarError> {
    Plane::from_bloq(t.bloq, r)
        .map_err(|_| ScalarError::Crash("%cplx element bloq is not one of 5..8"))
}

/// [`door`] with its component operations on the executor of `p`.
fn door_in(p: Policy, t: &Dtype, r: Round) -> Result<Plane, ScalarError> {
    Ok(door(t, r)?.with_exec(p.exec))
}

/// `1 + 0i` at the dtype's width (the same in every mode).
pub(super) fn one(t: &Dtype) -> Result<Atom, ScalarError> {
    let d = door(t, Round::Z)?;
    Ok(d.one().to_atom(d.w))
}

/// `%add %sub %mul %div` (Smith division), `PowAny` (`cpow`); `%mod`, `%pow` and `PowN` crash.
pub(super) fn binary(
    p: Policy,
    b: Binary,
    t: &Dtype,
    r: Round,
    xs: [&Atom; 2],
) -> Result<Atom, ScalarError> {
    if b == Binary::Mod {
        return Err(ScalarError::Crash("lagoon: %mod not defined for %cplx"));
    }
    let d = door_in(p, t, r)?;
    let [u, v] = xs.map(|x| Cplx::from_atom(d.w, x));
    let v = match b {
        Binary::Add => d.add(u, v),
        Binary::Sub => d.sub(u, v),
        Binary::Mul => d.mul(u, v),
        Binary::Div => d.div(u, v),
        Binary::PowAny => d.cpow(u, v),
        Binary::PowN => return Err(ScalarError::Crash(CRASH_GATE)),
        Binary::Pow | Binary::Mod => {
            return Err(ScalarError::Crash("%cplx has no %pow in +fun-scalar"))
        }
    };
    Ok(v.to_atom(d.w))
}

/// `%equ %neq` by bits; the order comparisons crash.
pub(super) fn compare(c: Compare, t: &Dtype, x: &Atom, y: &Atom) -> Result<bool, ScalarError> {
    door(t, Round::Z)?;
    bit_compare(c, x, y).ok_or(ScalarError::Crash(
        "lagoon: %cplx has no total order; use abs/equ",
    ))
}

/// The check a Saloon `%cplx` gate `|=(@ !!)` fails when called.
const CRASH_GATE: &str = "saloon: the %cplx gate is !! (real-only function)";

/// `%abs` (the modulus as `|z| + 0i`, with `abs(−0 + 0i)` = NaN), `%conj` (`re + (0 − im)i`);
/// `Neg` is the door's `neg`; `Exp Sin Cos Tan Log Sqrt` are `cexp csin ccos ctan clog csqrt`;
/// `Factorial Log10 Log2 Cbrt` crash; `Asin Acos Atan` have no arm.
pub(super) fn unary(
    pol: Policy,
    u: Unary,
    t: &Dtype,
    r: Round,
    x: &Atom,
) -> Result<Atom, ScalarError> {
    let d = door_in(pol, t, r)?;
    let p = Cplx::from_atom(d.w, x);
    let v = match u {
        Unary::Abs => d.abs_atom(x),
        Unary::Conj => d.conj(p),
        Unary::Neg => d.neg(p),
        Unary::Exp => d.cexp(p),
        Unary::Sin => d.csin(p),
        Unary::Cos => d.ccos(p),
        Unary::Tan => d.ctan(p),
        Unary::Log => d.clog(p),
        Unary::Sqrt => d.csqrt(p),
        Unary::Factorial { .. } | Unary::Log10 | Unary::Log2 | Unary::Cbrt => {
            return Err(ScalarError::Crash(CRASH_GATE))
        }
        Unary::Asin | Unary::Acos | Unary::Atan => return Err(not_routed(u, t)),
    };
    Ok(v.to_atom(d.w))
}
