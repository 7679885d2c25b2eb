//! Registry entries for `/lib/fixed`: every arm but the door-returning `+ng`, keyed `arm:fixed`
//! (the library has no door), computed by [`softblas::scalar::fixp`]
//! (`libmath/desk/lib/fixed.hoon` @96f3cfe).
//!
//! Nouns: a value is an atom and a `+$prec` is the cell `[a b]`, passed after each value as the
//! Hoon gates take them (`(add:fixed x [8 8] y [8 8])`); `+mul` and `+div` give `[value prec]`;
//! comparisons give loobeans (`%.y` = 0); `+to-s`/`+from-s` use `@s` atoms, `+to-rs`/`+from-rs`
//! `@rs` atoms. A precision field of 2^32 or more is reported unsupported.

use super::{arg, arg_atom, loobean, ArmError, Door, Entry, Registry};
use hoon::noun::Noun;
use softblas::scalar::fixp::arms::{self, Arm, Call};
use softblas::scalar::fixp::FixpError;
use softblas::Prec;

/// Registers every row of [`softblas::scalar::fixp::arms`] under `arm:fixed`.
pub(super) fn register(r: &mut Registry) {
    for row in arms::ARMS {
        r.arms
            .insert(format!("{}:fixed", row.name), Entry::Fixed(row));
    }
}

/// Calls the `/lib/fixed` row `row` on `a` (the library has no door),
/// decoding the sample and encoding the product as the row's [`Call`] says.
///
/// # Errors
/// [`ArmError::BadArgs`] for a sample that is not the row's;
/// [`ArmError::Unsupported`] for widths urnum cannot hold; [`ArmError::Crash`]
/// where the Hoon crashes.
pub(super) fn call(row: &Arm, _: &Door, a: &[Noun]) -> Result<Noun, ArmError> {
    let arm = row.name;
    let x = |i: usize| arg_atom(a, i, arm);
    let p = |i: usize| prec(a, i, arm);
    let two = || -> Result<_, ArmError> { Ok((x(0)?, p(1)?, x(2)?, p(3)?)) };
    Ok(match row.call {
        Call::Width(f) => Noun::atom(f(p(0)?)),
        Call::Unary(f) | Call::ToSigned(f) => Noun::Atom(f(x(0)?, p(1)?)),
        Call::ToSingle(f) => Noun::atom(u64::from(f(x(0)?, p(1)?))),
        Call::FromSingle(f) => {
            let v = x(0)?;
            let v = v
                .as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| ArmError::Unsupported(format!("{arm}: {v} is wider than an @rs")))?;
            Noun::Atom(f(v, p(1)?).map_err(err)?)
        }
        Call::Binary(f) => {
            let (x, xp, y, yp) = two()?;
            Noun::Atom(f(x, xp, y, yp).map_err(err)?)
        }
        Call::Compare(f) => {
            let (x, xp, y, yp) = two()?;
            loobean(f(x, xp, y, yp).map_err(err)?)
        }
        Call::Widening(f) => {
            let (x, xp, y, yp) = two()?;
            let (v, p) = f(x, xp, y, yp).map_err(err)?;
            Noun::cell(Noun::Atom(v), prec_noun(p))
        }
        Call::Bits(f) => {
            // A count past 2^64 exceeds every width, so it fails the Hoon's assertion.
            let n = x(2)?.as_u64().unwrap_or(u64::MAX);
            Noun::Atom(f(x(0)?, p(1)?, n).map_err(err)?)
        }
        Call::Scale(f) => Noun::Atom(f(x(0)?, p(1)?, p(2)?).map_err(err)?),
    })
}

/// The `+$prec` argument `i`: the cell `[a b]`.
fn prec(args: &[Noun], i: usize, arm: &str) -> Result<Prec, ArmError> {
    let n = arg(args, i, arm)?;
    let field = |f: &Noun| -> Result<u64, ArmError> {
        let v = f
            .as_atom()
            .ok_or_else(|| ArmError::BadArgs(format!("{arm}: precision field is a cell")))?;
        v.as_u64()
            .ok_or_else(|| ArmError::Unsupported(format!("{arm}: precision field {v} too wide")))
    };
    match n.as_cell() {
        Some((a, b)) => Prec::bounded(field(a)?, field(b)?).ok_or_else(|| {
            ArmError::Unsupported(format!(
                "{arm}: a precision wider than {} bits",
                softblas::dtype::MAX_FIXP_WIDTH
            ))
        }),
        None => Err(ArmError::BadArgs(format!(
            "{arm}: argument {} is not a precision [a b]",
            i + 1
        ))),
    }
}

/// The noun of a precision.
fn prec_noun(p: Prec) -> Noun {
    Noun::cell(Noun::atom(u64::from(p.a)), Noun::atom(u64::from(p.b)))
}

/// A `/lib/fixed` failure as the registry reports it: a Hoon crash, or unsupported for widths
/// urnum cannot hold.
fn err(e: FixpError) -> ArmError {
    match e {
        FixpError::TooWide => ArmError::Unsupported(e.to_string()),
        FixpError::PrecisionMismatch { .. }
        | FixpError::DivideByZero
        | FixpError::TooManyBits { .. }
        | FixpError::NotFinite => ArmError::Crash(e.to_string()),
    }
}
