//! Registry entries for `/lib/fixed`: every arm but the door-returning `+ng`, keyed `arm:fixed`
//! (the library has no door), computed by [`softblas::scalar::fixp`]
//! (`libmath/desk/lib/fixed.hoon` @96f3cfe).
//!
//! Nouns: a value is an atom and a `+$prec` is the cell `[a b]`, passed after each value as the
//! Hoon gates take them (`(add:fixed x [8 8] y [8 8])`); `+mul` and `+div` give `[value prec]`;
//! comparisons give loobeans (`%.y` = 0); `+to-s`/`+from-s` use `@s` atoms, `+to-rs`/`+from-rs`
//! `@rs` atoms. A precision field of 2^32 or more is reported unsupported.

use super::{arg, arg_atom, loobean, ArmError, ArmFn, Door, Registry};
use hoon::noun::Noun;
use softblas::scalar::fixp::{self, FixpError};
use softblas::{Atom, Prec};

/// Registers the `fixed` arms urnum implements.
pub(super) fn register(r: &mut Registry) {
    let mut ins = |arm: &str, f: ArmFn| r.insert(&format!("{arm}:fixed"), f);
    ins("wid", |_, a| Ok(Noun::atom(fixp::wid(prec(a, 0, "wid")?))));
    ins("add", |d, a| binary(d, a, "add", fixp::add));
    ins("sub", |d, a| binary(d, a, "sub", fixp::sub));
    ins("mod", |d, a| binary(d, a, "mod", fixp::rem));
    ins("gth", |d, a| compare(d, a, "gth", fixp::gth));
    ins("gte", |d, a| compare(d, a, "gte", fixp::gte));
    ins("lth", |d, a| compare(d, a, "lth", fixp::lth));
    ins("lte", |d, a| compare(d, a, "lte", fixp::lte));
    ins("equ", |d, a| compare(d, a, "equ", fixp::equ));
    ins("neq", |d, a| compare(d, a, "neq", fixp::neq));
    ins("mul", |d, a| widening(d, a, "mul", fixp::mul));
    ins("div", |d, a| widening(d, a, "div", fixp::div));
    ins("abs", |_, a| {
        Ok(Noun::atom(fixp::abs(
            arg_atom(a, 0, "abs")?,
            prec(a, 1, "abs")?,
        )))
    });
    ins("neg", |_, a| {
        Ok(Noun::atom(fixp::neg(
            arg_atom(a, 0, "neg")?,
            prec(a, 1, "neg")?,
        )))
    });
    ins("to-s", |_, a| {
        Ok(Noun::atom(fixp::to_s(
            arg_atom(a, 0, "to-s")?,
            prec(a, 1, "to-s")?,
        )))
    });
    ins("from-s", |_, a| {
        Ok(Noun::atom(fixp::from_s(
            arg_atom(a, 0, "from-s")?,
            prec(a, 1, "from-s")?,
        )))
    });
    ins("from-rs", |_, a| {
        let f = arg_atom(a, 0, "from-rs")?;
        let f = f
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| ArmError::Unsupported(format!("from-rs: {f} is wider than an @rs")))?;
        Ok(Noun::atom(
            fixp::from_rs(f, prec(a, 1, "from-rs")?).map_err(err)?,
        ))
    });
    ins("to-rs", |_, a| {
        Ok(Noun::atom(fixp::to_rs(
            arg_atom(a, 0, "to-rs")?,
            prec(a, 1, "to-rs")?,
        )))
    });
    ins("hi", |_, a| bits(a, "hi", fixp::hi));
    ins("lo", |_, a| bits(a, "lo", fixp::lo));
    ins("scale", |_, a| {
        let (x, xp, yp) = (
            arg_atom(a, 0, "scale")?,
            prec(a, 1, "scale")?,
            prec(a, 2, "scale")?,
        );
        Ok(Noun::atom(fixp::scale(x, xp, yp).map_err(err)?))
    });
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

type Binary<T> = fn(&Atom, Prec, &Atom, Prec) -> Result<T, FixpError>;

/// The operands `[x xprec y yprec]` of a two-value arm.
fn operands<'a>(a: &'a [Noun], arm: &str) -> Result<(&'a Atom, Prec, &'a Atom, Prec), ArmError> {
    Ok((
        arg_atom(a, 0, arm)?,
        prec(a, 1, arm)?,
        arg_atom(a, 2, arm)?,
        prec(a, 3, arm)?,
    ))
}

fn binary(_: &Door, a: &[Noun], arm: &str, f: Binary<Atom>) -> Result<Noun, ArmError> {
    let (x, xp, y, yp) = operands(a, arm)?;
    Ok(Noun::atom(f(x, xp, y, yp).map_err(err)?))
}

fn compare(_: &Door, a: &[Noun], arm: &str, f: Binary<bool>) -> Result<Noun, ArmError> {
    let (x, xp, y, yp) = operands(a, arm)?;
    Ok(loobean(f(x, xp, y, yp).map_err(err)?))
}

fn widening(_: &Door, a: &[Noun], arm: &str, f: Binary<(Atom, Prec)>) -> Result<Noun, ArmError> {
    let (x, xp, y, yp) = operands(a, arm)?;
    let (v, p) = f(x, xp, y, yp).map_err(err)?;
    Ok(Noun::cell(Noun::atom(v), prec_noun(p)))
}

fn bits(
    a: &[Noun],
    arm: &str,
    f: fn(&Atom, Prec, u64) -> Result<Atom, FixpError>,
) -> Result<Noun, ArmError> {
    let (x, p, n) = (arg_atom(a, 0, arm)?, prec(a, 1, arm)?, arg_atom(a, 2, arm)?);
    // A count past 2^64 exceeds every width, so it fails the Hoon's assertion.
    let n = n.as_u64().unwrap_or(u64::MAX);
    Ok(Noun::atom(f(x, p, n).map_err(err)?))
}
