//! The scalar dispatch of programs: each node kind at each dtype, as Lagoon's
//! `+fun-scalar` and `+trans-scalar` (urbit/numerics `lagoon/desk/lib/lagoon.hoon`
//! @aa6f2a6) define it, routed to the element-kind modules.
//!
//! One routing submodule per kind holds that kind's table (`+fun-scalar`'s
//! `?-` branch and `+trans-scalar`'s); `cast` holds `+change`'s per-element
//! conversions. What the tables reproduce (`lagoon.hoon@aa6f2a6`'s per-kind branches):
//!
//! | kind | arithmetic | comparisons give | quirks |
//! |---|---|---|---|
//! | `%i754` | `@r` doors in the door mode, canonical NaN | 1.0 / +0 | `gth` is `b < a`; `equ`/`neq` are bit equality; `abs` is `b ≥ +0 ? b : b·−1`; `mod` is `a − b·san(toi(a/b))` in the door mode, crashing on a non-finite quotient (numerics #78); no `%pow` |
//! | `%uint` | `++fe`: `sum dif`, `sit` of the exact `mul div mod pow` | 1 / 0 | `/0` crashes; `abs`, `conj` are the identity |
//! | `%int2` | `/lib/twoc` at width `2^bloq` | 1 / 0 | `/0` crashes; `mod` is `rem` (sign of the dividend) |
//! | `%unum` | `/lib/unum` posits (bloq 3–6 only) | posit 1 / 0 | `mod` is `a − b·trunc(a/b)` with NaR for a NaR quotient; `pow` rounds the exponent (`toi`) |
//! | `%cplx` | `/lib/complex` in the door mode (bloq 5–8) | complex 1 / 0 (`equ`/`neq` only) | order comparisons and `mod` crash |
//! | `%fixp` | `/lib/twoc` at `2^bloq` for `add sub mod`, `/lib/fixed` at `a+b+1` for `mul div` | `2^b` / 0 | the tail must be `[a b]`; no `%pow` |
//!
//! The transcendental kinds (`Sqrt Cbrt Exp Log Log2 Log10 Sin Cos Tan Asin
//! Acos Atan Factorial`, `PowN PowAny`) are the gates of Saloon's
//! `+trans-scalar` and `+fun-scalar` (saloon.hoon@424a2bf), as their domains
//! in [`crate::prog`] say:
//!
//! | kind | library | quirks |
//! |---|---|---|
//! | `%i754` 4–7 | `/lib/math` [`crate::math::Door`] `[r rtol 0]`, `r` the program's mode, `rtol` from [`Unary::Factorial`] (0 elsewhere: no other arm reads it) | `Sqrt` is `sqt`, `Cbrt` `cbt`; a `need` of a non-finite `toi` or a failed `?>` crashes; a loop the Hoon never leaves is unsupported |
//! | `%unum` 3–6 | `/lib/unum` ([`crate::scalar::unum::fns`], `sqt`, `neg`) at the program's revision ([`crate::prog::Prog::unum`]; none named: [`ScalarError::NoUnumRev`]) | `PowN`'s exponent is the raw unsigned atom; `PowAny` is `/lib/unum` `pow`, not Lagoon's `+unum-pow` |
//! | `%cplx` 5–8 | `/lib/complex` `cexp csin ccos ctan clog csqrt cpow` | `Factorial Log2 Log10 Cbrt PowN` crash when called |
//! | `%uint` | exact `x!` and `x^n` | the value is the low `2^bloq` bits |
//!
//! Values returned are the Hoon gate's value, not yet stored: Lagoon's `+bin-op`
//! and `+el-wise-op` keep the low `2^bloq` bits of each (`rep`), while a fold
//! carries the full value to the next step (`%uint` `Factorial` is the one
//! value given already cut).

mod cast;
mod cplx;
mod fixp;
mod i754;
mod int2;
mod nx;
mod uint;
mod unum;

pub use uint::FACTORIAL_MAX_BLOQ;

use crate::atom::Atom;
use crate::dtype::{Dtype, Kind};
use crate::policy::Policy;
use crate::prog::{Compare, Op1, Op2, Op3, Unary};
use crate::round::Round;
use crate::scalar::unum::UnumRev;
use thiserror::Error;

/// Why a scalar operation gave no value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScalarError {
    /// The Hoon crashes here; the text names the failed check.
    #[error("crash: {0}")]
    Crash(&'static str),
    /// urnum does not reproduce this operation at this dtype (yet).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A `%unum` elementary function (`exp` … `pow`, whose bits the `/lib/unum` revisions
    /// differ in) in a program that names no revision: urnum declines rather than guess.
    #[error("unsupported: %unum {arm} needs a /lib/unum revision, and the program names none")]
    NoUnumRev {
        /// The `/lib/unum` arm.
        arm: &'static str,
    },
}

impl ScalarError {
    /// Whether urnum declines (the Hoon itself does not crash here).
    pub fn is_unsupported(&self) -> bool {
        !matches!(self, ScalarError::Crash(_))
    }
}

/// The value of a one-operand kind `op` taking `x` of dtype `from` to dtype `to`, in `round`,
/// a `%unum` elementary function in the `/lib/unum` revision `unum`.
///
/// `Unary(Abs)` and `Unary(Conj)` are `+trans-scalar`; `Cast` is the per-element
/// conversion of `+change`; `Copy` and `Bitcast` move bits; `Nx` and `Test` are
/// Nx's kinds (the `nx` table), a test giving the boolean 1 or 0.
///
/// # Errors
/// [`ScalarError::Crash`] where the Hoon crashes; [`ScalarError::Unsupported`] where urnum
/// declines; [`ScalarError::NoUnumRev`] for a `%unum` elementary function with `unum` `None`.
pub fn eval1(
    p: Policy,
    op: Op1,
    from: &Dtype,
    to: &Dtype,
    round: Round,
    unum: Option<UnumRev>,
    x: &Atom,
) -> Result<Atom, ScalarError> {
    match op {
        Op1::Copy => Ok(x.clone()),
        Op1::Bitcast if from.bloq == to.bloq => Ok(x.clone()),
        Op1::Bitcast => Err(ScalarError::Unsupported(format!(
            "bitcast from {from:?} to {to:?}"
        ))),
        Op1::Cast => cast::cast(from, to, round, x),
        Op1::Nx(k) => nx::unary(k, from, round, x),
        Op1::Test(k) => Ok(bool_atom(nx::test(k, from, x)?)),
        Op1::Unary(u) => match from.kind {
            Kind::I754 => i754::unary(p, u, from, round, x),
            Kind::Uint => uint::unary(u, from, x),
            Kind::Int2 => int2::unary(u, from, x),
            Kind::Unum => unum::unary(u, from, unum, x),
            Kind::Cplx => cplx::unary(p, u, from, round, x),
            Kind::Fixp => fixp::unary(u, from, x),
        },
    }
}

/// The value of a two-operand kind `op` on `x` and `y` of dtype `t`, in `round`, a `%unum`
/// `pow` in the `/lib/unum` revision `unum`.
///
/// Arithmetic is `+fun-scalar`'s gate for the kind; a comparison gives
/// [`one`] of the kind when it holds and the atom 0 otherwise.
///
/// # Errors
/// [`ScalarError::Crash`] where the Hoon crashes; [`ScalarError::Unsupported`] where urnum
/// declines; [`ScalarError::NoUnumRev`] for a `%unum` `pow` with `unum` `None`.
pub fn eval2(
    p: Policy,
    op: Op2,
    t: &Dtype,
    round: Round,
    unum: Option<UnumRev>,
    x: &Atom,
    y: &Atom,
) -> Result<Atom, ScalarError> {
    match op {
        Op2::Binary(b) => match t.kind {
            Kind::I754 => i754::binary(p, b, t, round, [x, y]),
            Kind::Uint => uint::binary(b, t, x, y),
            Kind::Int2 => int2::binary(b, t, x, y),
            Kind::Unum => unum::binary(b, t, unum, x, y),
            Kind::Cplx => cplx::binary(p, b, t, round, [x, y]),
            Kind::Fixp => fixp::binary(b, t, x, y),
        },
        Op2::Compare(c) => {
            let holds = match t.kind {
                Kind::I754 => i754::compare(c, t, x, y)?,
                Kind::Uint => uint::compare(c, t, x, y)?,
                Kind::Int2 => int2::compare(c, t, x, y)?,
                Kind::Unum => unum::compare(c, t, x, y)?,
                Kind::Cplx => cplx::compare(c, t, x, y)?,
                Kind::Fixp => fixp::compare(c, t, x, y)?,
            };
            Ok(if holds { one(t)? } else { Atom::ZERO })
        }
        Op2::Nx(k) => nx::binary(k, t, x, y),
    }
}

/// The value of a three-operand kind `op`; `dtypes` are those of the first two operands.
///
/// `Where` selects by the first operand's bits; `Fma` is the `@r` doors' `fma`
/// (one rounding) or the posit `fma`.
///
/// # Errors
/// [`ScalarError::Crash`] where the Hoon crashes; [`ScalarError::Unsupported`] where urnum declines.
pub fn eval3(
    op: Op3,
    dtypes: [&Dtype; 2],
    round: Round,
    xs: [&Atom; 3],
) -> Result<Atom, ScalarError> {
    match op {
        Op3::Where => Ok(if xs[0].is_zero() {
            xs[2].clone()
        } else {
            xs[1].clone()
        }),
        Op3::Fma => match dtypes[0].kind {
            Kind::I754 => i754::fma(dtypes[0], round, xs),
            Kind::Unum => unum::fma(dtypes[0], xs),
            _ => Err(ScalarError::Unsupported(format!(
                "fma at {:?} in {round}",
                dtypes[0]
            ))),
        },
    }
}

/// The value a true comparison gives at dtype `t`: the kind's one.
///
/// 1.0 for `%i754`, 1 for `%uint`/`%int2`, posit 1 for `%unum`, `1 + 0i` for
/// `%cplx`, `2^b` for `%fixp`.
///
/// # Errors
/// [`ScalarError::Crash`] at a bloq the kind's dispatch rejects, or a `%fixp` dtype without its precision.
pub fn one(t: &Dtype) -> Result<Atom, ScalarError> {
    match t.kind {
        Kind::I754 => i754::one(t),
        Kind::Uint | Kind::Int2 => Ok(Atom::ONE),
        Kind::Unum => unum::one(t),
        Kind::Cplx => cplx::one(t),
        Kind::Fixp => fixp::one(t),
    }
}

/// A boolean ([`crate::prog::BOOL_DTYPE`]) as its bit.
fn bool_atom(b: bool) -> Atom {
    if b {
        Atom::ONE
    } else {
        Atom::ZERO
    }
}

/// The error for a unary kind no library defines at this dtype (outside [`crate::prog::accepts1`]).
fn not_routed(u: Unary, t: &Dtype) -> ScalarError {
    ScalarError::Unsupported(format!("{u:?} at {t:?} is not a scalar op"))
}

/// The crash of a binary kind whose `+fun-scalar` table has no gate at this kind
/// (outside [`crate::prog::accepts2`]: the Hoon's `?+ kind !!` or `%int2 !!`).
fn no_gate(check: &'static str) -> ScalarError {
    ScalarError::Crash(check)
}

/// Whether comparison `c` holds between two bit patterns by atom equality (`equ`/`neq`).
fn bit_compare(c: Compare, x: &Atom, y: &Atom) -> Option<bool> {
    match c {
        Compare::Equ => Some(x == y),
        Compare::Neq => Some(x != y),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
