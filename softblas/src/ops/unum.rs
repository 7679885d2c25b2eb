//! `%unum` rows of `+fun-scalar` / `+trans-scalar` (lagoon.hoon@aa6f2a6): the
//! `/lib/unum` doors `rpb rph rps rpd` (bloq 3–6; Lagoon's dispatch has no
//! `rpq`), with Lagoon's own `+unum-mod` and `+unum-pow`; and the rows of
//! Saloon's `+trans-scalar` / `+fun-scalar` (saloon.hoon@424a2bf): the same
//! doors' `neg sqt exp … factorial` and `pow-n pow` (posits do not round by
//! mode, so the program's mode is not read).
//!
//! The elementary functions (`exp sin cos tan log log-2 log-10 atan asin acos cbrt`, `pow`)
//! follow the `/lib/unum` revision the program names, an argument here; with none named they
//! are unsupported, never one text's bits given for another's. The other arms are the same
//! text in every revision and read no revision.

use super::ScalarError;
use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::prog::{Binary, Compare, Unary};
use crate::scalar::unum::fns::{self, LoopError};
use crate::scalar::unum::{self as p, UnumRev, Width};

pub(super) fn width(t: &Dtype) -> Result<Width, ScalarError> {
    match t.bloq {
        3..=6 => Width::from_bloq(t.bloq)
            .ok_or(ScalarError::Crash("%unum element bloq is not one of 3..6")),
        _ => Err(ScalarError::Crash("%unum element bloq is not one of 3..6")),
    }
}

/// The posit one at the dtype's width.
pub(super) fn one(t: &Dtype) -> Result<Atom, ScalarError> {
    Ok(Atom::from_u128(width(t)?.one()))
}

/// `+unum-mod`: `q = a/b`; NaR when `q` is NaR (a NaR operand, or `b = 0`);
/// else `a − b·t` with `t` = `flr q` for `q ≥ 0`, `cel q` otherwise.
fn unum_mod(w: Width, a: u128, b: u128) -> u128 {
    let q = p::div(w, a, b);
    if q == w.nar() {
        return w.nar();
    }
    let t = if p::gte(w, q, 0) {
        p::flr(w, q)
    } else {
        p::cel(w, q)
    };
    p::sub(w, a, p::mul(w, b, t))
}

/// `+unum-pow`: the exponent rounded to the nearest integer (`toi`; NaR gives NaR),
/// `p = pow-n(a, |e|)` (`/lib/unum` `+pow-n`), and `one / p` when the exponent posit is negative.
fn unum_pow(w: Width, a: u128, b: u128) -> Result<u128, ScalarError> {
    let Some(e) = p::toi(w, b) else {
        return Ok(w.nar());
    };
    let v = fns::pow_n(w, a, e.magnitude()).map_err(fn_error)?;
    Ok(if p::lth(w, b, 0) {
        p::div(w, w.one(), v)
    } else {
        v
    })
}

/// An elementary-function error: the Hoon never crashes in these arms, it
/// loops (forever, or longer than urnum simulates), so urnum declines.
fn fn_error(e: LoopError) -> ScalarError {
    ScalarError::Unsupported(e.to_string())
}

/// The revision `unum` names, or [`ScalarError::NoUnumRev`] for the elementary function `arm`.
fn named(unum: Option<UnumRev>, arm: &'static str) -> Result<UnumRev, ScalarError> {
    unum.ok_or(ScalarError::NoUnumRev { arm })
}

/// `%add %sub %mul %div %mod %pow`; `PowN` is `/lib/unum` `+pow-n` with the
/// second operand's raw bits as the unsigned exponent, `PowAny` `/lib/unum` `+pow` of the
/// revision `unum`.
pub(super) fn binary(
    b: Binary,
    t: &Dtype,
    unum: Option<UnumRev>,
    x: &Atom,
    y: &Atom,
) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let (a, c) = (x.low_u128(), y.low_u128());
    let v = match b {
        Binary::Add => p::add(w, a, c),
        Binary::Sub => p::sub(w, a, c),
        Binary::Mul => p::mul(w, a, c),
        Binary::Div => p::div(w, a, c),
        Binary::Mod => unum_mod(w, a, c),
        Binary::Pow => unum_pow(w, a, c)?,
        Binary::PowN => fns::pow_n(w, a & w.mask(), &y.to_biguint()).map_err(fn_error)?,
        Binary::PowAny => fns::pow_at(named(unum, "pow")?, w, a & w.mask(), c & w.mask()),
    };
    Ok(Atom::from_u128(v))
}

/// The posit comparisons (two's-complement order of the patterns; `equ` is pattern equality).
pub(super) fn compare(c: Compare, t: &Dtype, x: &Atom, y: &Atom) -> Result<bool, ScalarError> {
    let w = width(t)?;
    let (a, b) = (x.low_u128(), y.low_u128());
    Ok(match c {
        Compare::Gth => p::gth(w, a, b),
        Compare::Gte => p::gte(w, a, b),
        Compare::Lth => p::lth(w, a, b),
        Compare::Lte => p::lte(w, a, b),
        Compare::Equ => p::equ(w, a, b),
        Compare::Neq => p::neq(w, a, b),
    })
}

/// `%abs` (posit `abs`), `%conj` (identity); `Neg` is the posit `neg`,
/// `Sqrt` the posit `sqt`, `Factorial` [`fns::factorial`], the other transcendental kinds the
/// [`fns`] arms of the same names in the revision `unum`.
pub(super) fn unary(
    u: Unary,
    t: &Dtype,
    unum: Option<UnumRev>,
    x: &Atom,
) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let v = x.low_u128() & w.mask();
    let f = match u {
        Unary::Abs => return Ok(Atom::from_u128(p::abs(w, v))),
        Unary::Conj => return Ok(x.clone()),
        Unary::Neg => return Ok(Atom::from_u128(p::neg(w, v))),
        Unary::Sqrt => return Ok(Atom::from_u128(p::sqt(w, v))),
        Unary::Exp => fns::Unary::Exp,
        Unary::Log => fns::Unary::Log,
        Unary::Log2 => fns::Unary::Log2,
        Unary::Log10 => fns::Unary::Log10,
        Unary::Sin => fns::Unary::Sin,
        Unary::Cos => fns::Unary::Cos,
        Unary::Tan => fns::Unary::Tan,
        Unary::Asin => fns::Unary::Asin,
        Unary::Acos => fns::Unary::Acos,
        Unary::Atan => fns::Unary::Atan,
        Unary::Cbrt => fns::Unary::Cbrt,
        Unary::Factorial { .. } => {
            return fns::factorial(w, v).map(Atom::from_u128).map_err(fn_error);
        }
    };
    f.apply(named(unum, f.arm())?, w, v)
        .map(Atom::from_u128)
        .map_err(fn_error)
}

/// The posit `fma`: `a·b + c` rounded once.
pub(super) fn fma(t: &Dtype, xs: [&Atom; 3]) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let [a, b, c] = xs.map(Atom::low_u128);
    Ok(Atom::from_u128(p::fma(w, a, b, c)))
}
