//! `%i754` rows of `+fun-scalar` / `+trans-scalar` (lagoon.hoon@aa6f2a6): the
//! stdlib doors `~(op rh|rs|rd|rq rnd)` at bloq 4–7; and the transcendental
//! rows of Saloon's `+trans-scalar` / `+fun-scalar` (saloon.hoon@424a2bf):
//! `/lib/math`'s `rh rs rd rq` with the sample `[rnd rtol 0]`, `rnd` the
//! program's mode and `rtol` carried by [`Unary::Factorial`].

use super::{bit_compare, ScalarError};
use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::hw::Op;
use crate::math::{self, LoopError, MathError};
use crate::policy::Policy;
use crate::prog::{Binary, Compare, Unary};
use crate::round::Round;
use crate::scalar::i754::{self as f, Fpu, Width};

/// The width of an `%i754` dtype: the Hoon's `?+ bloq !!` over 4–7.
pub(super) fn width(t: &Dtype) -> Result<Width, ScalarError> {
    Width::from_bloq(t.bloq).ok_or(ScalarError::Crash("%i754 element bloq is not one of 4..7"))
}

/// 1.0 at the dtype's width.
pub(super) fn one(t: &Dtype) -> Result<Atom, ScalarError> {
    Ok(Atom::from_u128(f::one(width(t)?)))
}

/// `%add %sub %mul %div %mod` in the door mode; `%mod` is numerics #78's
/// `a − b·san(need(toi(a/b)))`, every step rounded in `r`. `PowN` and
/// `PowAny` are `/lib/math`'s `pow-n` and `pow` at the door `[r rtol 0]`.
pub(super) fn binary(
    p: Policy,
    b: Binary,
    t: &Dtype,
    r: Round,
    xs: [&Atom; 2],
) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let [a, c] = xs.map(Atom::low_u128);
    let v = match b {
        Binary::Add => Fpu::with(r, |fp| fp.add(w, a, c)),
        Binary::Sub => Fpu::with(r, |fp| fp.sub(w, a, c)),
        Binary::Mul => Fpu::with(r, |fp| fp.mul(w, a, c)),
        Binary::Div => Fpu::with(r, |fp| fp.div(w, a, c)),
        Binary::Mod => Fpu::with(r, |fp| {
            let q = fp.div(w, a, c);
            let (neg, mag) = fp.toi(w, q).ok_or(ScalarError::Crash(
                "%i754 mod: the quotient a/b is not finite, so (need (toi ...)) crashes",
            ))?;
            let n = fp.san(w, neg, &mag);
            Ok(fp.sub(w, a, fp.mul(w, c, n)))
        })?,
        Binary::Pow => return Err(ScalarError::Crash("%i754 has no %pow in +fun-scalar")),
        Binary::PowN => return lib_math(p, w, r, 0, |d| d.pow_n(a, c)),
        Binary::PowAny => return lib_math(p, w, r, 0, |d| d.pow(a, c)),
    };
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
/// `%conj` (identity); `Neg` is `/lib/math`'s `(sub .0 x)` in the door mode;
/// the transcendental kinds are the `/lib/math` arms of the same names
/// (`Sqrt` is `sqt`, `Cbrt` is `cbt`), at the door `[r rtol 0]`.
pub(super) fn unary(
    p: Policy,
    u: Unary,
    t: &Dtype,
    r: Round,
    x: &Atom,
) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let v = x.low_u128();
    let plain = |f: fn(&math::Door, u128) -> u128| lib_math(p, w, r, 0, |d| Ok(f(d, v)));
    match u {
        Unary::Abs => Ok(Atom::from_u128(f::abs_la(w, v))),
        Unary::Conj => Ok(x.clone()),
        Unary::Neg => Ok(Atom::from_u128(f::binary_by(
            p.exec,
            Op::Sub,
            w,
            r,
            f::zero(w),
            v,
        ))),
        Unary::Sqrt => plain(math::Door::sqt),
        Unary::Exp => lib_math(p, w, r, 0, |d| d.exp(v)),
        Unary::Log => plain(math::Door::log),
        Unary::Log2 => plain(math::Door::log_2),
        Unary::Log10 => plain(math::Door::log_10),
        Unary::Sin => plain(math::Door::sin),
        Unary::Cos => plain(math::Door::cos),
        Unary::Tan => plain(math::Door::tan),
        Unary::Asin => plain(math::Door::asin),
        Unary::Acos => plain(math::Door::acos),
        Unary::Atan => plain(math::Door::atan),
        Unary::Cbrt => lib_math(p, w, r, 0, |d| d.cbt(v)),
        Unary::Factorial { rtol } => lib_math(p, w, r, rtol, |d| d.factorial(v)),
    }
}

/// The value of a `/lib/math` arm `arm` at the door `~(… rX [r rtol 0])` of
/// width `w`, computed under the policy `p`.
///
/// # Errors
/// As [`math_error`] maps the arm's [`MathError`].
fn lib_math(
    p: Policy,
    w: Width,
    r: Round,
    rtol: u128,
    arm: impl FnOnce(&math::Door) -> Result<u128, MathError>,
) -> Result<Atom, ScalarError> {
    let d = math::Door::with(w, r, rtol, 0)
        .map_err(math_error)?
        .with_policy(p);
    arm(&d).map(Atom::from_u128).map_err(math_error)
}

/// A `/lib/math` error as the scalar layer reports it: the Hoon's crashes
/// (`need` of a non-finite `toi`, a failed `?>`, a missing arm) are crashes;
/// a loop that never ends or runs too long, and a mode no door holds, are unsupported.
fn math_error(e: MathError) -> ScalarError {
    match e {
        MathError::ToiNotFinite { .. } => {
            ScalarError::Crash("/lib/math: (need (toi …)) of a NaN or an infinity")
        }
        MathError::Assertion { check, .. } => ScalarError::Crash(check),
        MathError::NoSuchArm { .. } => ScalarError::Crash("/lib/math: the door has no such arm"),
        e @ (MathError::Loop(LoopError::Diverges { .. })
        | MathError::Loop(LoopError::TooManySteps { .. })
        | MathError::NotHoonMode(_)) => ScalarError::Unsupported(e.to_string()),
    }
}

/// The door's `fma`: `a·b + c` rounded once in `r`.
pub(super) fn fma(t: &Dtype, r: Round, xs: [&Atom; 3]) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let [a, b, c] = xs.map(Atom::low_u128);
    Ok(Atom::from_u128(f::fma(w, r, a, b, c)))
}
