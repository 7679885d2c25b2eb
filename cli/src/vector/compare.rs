//! Judging a tolerance vector: Lagoon's `(all (is-close a b [atol rtol]))`, exactly.
//!
//! `+is-close` (`lagoon/desk/lib/lagoon.hoon` at aa6f2a6) asserts equal shapes
//! and computes, per element, `|a - b| <= atol + rtol*|b|` in the kind's
//! arithmetic; the tolerances are read at the array's element width (the low
//! `2^bloq` bits of the tolerance atom, as `+scale` does). This runner
//! evaluates the same inequality **exactly**: every IEEE pattern is decoded to
//! a dyadic rational `m·2^e` and the subtraction, product, sum and comparison
//! are done with big integers, with IEEE's rules for the special values
//! (any NaN, `inf - inf` and `0 * inf` give NaN, and `<=` with a NaN is false).
//! The exact test can differ from the Hoon's rounded one only for an element
//! whose error lies within rounding distance of the bound; the tolerance
//! vectors' margins are orders of magnitude wider. The rounding mode of the
//! `is-close` door (`tolerance.door_args`) therefore plays no part.

use super::eval::{is_ray, EvalError};
use super::ieee::decode_ieee;
use super::json::{kind_of, RelativeTo};
use hoon::noun::Noun;
use softblas::{Atom, Kind};

/// The parts of a ray noun the comparison needs.
struct RayParts<'a> {
    shape: Noun,
    bloq: u64,
    kind: Option<Kind>,
    data: &'a Atom,
}

fn parts(n: &Noun) -> Option<RayParts<'_>> {
    if !is_ray(n) {
        return None;
    }
    Some(RayParts {
        shape: n.slot(4)?.clone(),
        bloq: n.slot(10)?.as_atom()?.as_u64()?,
        kind: kind_of(n.slot(22)?.as_atom()?),
        data: n.slot(3)?.as_atom()?,
    })
}

/// Whether `actual` is close to `expected` by Lagoon's `is-close` rule, exactly
/// (module docs): `Ok(None)` when every element is close, `Ok(Some(why))` naming
/// the first element that is not (or the shape mismatch the Hoon would crash on).
///
/// # Errors
/// [`EvalError::Bad`] when a side is not a ray; [`EvalError::Unsupported`] for a
/// kind other than `%i754` or a width other than 16/32/64/128 bits.
pub fn is_close(
    actual: &Noun,
    expected: &Noun,
    atol: &Atom,
    rtol: &Atom,
    relative_to: RelativeTo,
) -> Result<Option<String>, EvalError> {
    let a = parts(actual).ok_or_else(|| EvalError::Bad("is-close: actual is not a ray".into()))?;
    let b =
        parts(expected).ok_or_else(|| EvalError::Bad("is-close: expected is not a ray".into()))?;
    if a.kind != Some(Kind::I754) || b.kind != Some(Kind::I754) {
        return Err(EvalError::Unsupported(format!(
            "is-close on {:?}/{:?} rays",
            a.kind, b.kind
        )));
    }
    if a.shape != b.shape {
        return Ok(Some(format!(
            "shapes differ: actual {:?}, expected {:?} (is-close crashes)",
            a.shape, b.shape
        )));
    }
    if a.bloq != b.bloq {
        return Ok(Some(format!(
            "bloqs differ: actual {}, expected {}",
            a.bloq, b.bloq
        )));
    }
    let w = 1u32
        .checked_shl(u32::try_from(a.bloq).unwrap_or(u32::MAX))
        .unwrap_or(0);
    let unsupported = || EvalError::Unsupported(format!("is-close at bloq {}", a.bloq));
    let atol_v = decode_ieee(atol, w).ok_or_else(unsupported)?;
    let rtol_v = decode_ieee(rtol, w).ok_or_else(unsupported)?;
    let count: u64 = a
        .shape
        .as_list()
        .unwrap_or_default()
        .iter()
        .filter_map(|d| d.as_atom().and_then(Atom::as_u64))
        .product();
    let w64 = u64::from(w);
    for i in 0..count {
        let (ab, bb) = (a.data.bits(i * w64, w64), b.data.bits(i * w64, w64));
        let x = decode_ieee(&ab, w).ok_or_else(unsupported)?;
        let y = decode_ieee(&bb, w).ok_or_else(unsupported)?;
        let reference = match relative_to {
            RelativeTo::Expected => &y,
            RelativeTo::Actual => &x,
        };
        let bound = atol_v.add(&rtol_v.mul(&reference.abs()));
        if !x.sub(&y).abs().le(&bound) {
            return Ok(Some(format!(
                "element {i}: actual {ab}, expected {bb}: |actual - expected| > atol + rtol*|{}|",
                match relative_to {
                    RelativeTo::Expected => "expected",
                    RelativeTo::Actual => "actual",
                }
            )));
        }
    }
    Ok(None)
}
