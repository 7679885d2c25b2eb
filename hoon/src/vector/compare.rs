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
use super::json::{kind_of, RelativeTo};
use crate::noun::Noun;
use num_bigint::BigInt;
use softblas::{Atom, Kind};
use std::cmp::Ordering;

/// An exact dyadic rational `m · 2^e`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dyadic {
    m: BigInt,
    e: i64,
}

impl Dyadic {
    /// The value `m · 2^e`.
    pub fn new(m: BigInt, e: i64) -> Dyadic {
        Dyadic { m, e }
    }

    fn aligned(&self, o: &Dyadic) -> (BigInt, BigInt, i64) {
        let e = self.e.min(o.e);
        let shift = |d: &Dyadic| -> BigInt {
            let by = usize::try_from(d.e - e).unwrap_or(usize::MAX);
            &d.m << by
        };
        (shift(self), shift(o), e)
    }

    fn add(&self, o: &Dyadic) -> Dyadic {
        let (a, b, e) = self.aligned(o);
        Dyadic { m: a + b, e }
    }

    fn mul(&self, o: &Dyadic) -> Dyadic {
        Dyadic {
            m: &self.m * &o.m,
            e: self.e + o.e,
        }
    }

    fn neg(&self) -> Dyadic {
        Dyadic {
            m: -&self.m,
            e: self.e,
        }
    }

    fn is_zero(&self) -> bool {
        self.m == BigInt::from(0)
    }

    fn is_negative(&self) -> bool {
        self.m < BigInt::from(0)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, o: &Dyadic) -> Option<Ordering> {
        let (a, b, _) = self.aligned(o);
        Some(a.cmp(&b))
    }
}

/// An IEEE value as an extended real: NaN, a signed infinity, or an exact finite value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ext {
    /// Not a number (any payload).
    Nan,
    /// An infinity of the given sign.
    Inf {
        /// Whether it is −∞.
        neg: bool,
    },
    /// A finite value (both zeros are 0).
    Fin(Dyadic),
}

impl Ext {
    fn neg(&self) -> Ext {
        match self {
            Ext::Nan => Ext::Nan,
            Ext::Inf { neg } => Ext::Inf { neg: !neg },
            Ext::Fin(d) => Ext::Fin(d.neg()),
        }
    }

    fn abs(&self) -> Ext {
        match self {
            Ext::Nan => Ext::Nan,
            Ext::Inf { .. } => Ext::Inf { neg: false },
            Ext::Fin(d) if d.is_negative() => Ext::Fin(d.neg()),
            Ext::Fin(d) => Ext::Fin(d.clone()),
        }
    }

    fn add(&self, o: &Ext) -> Ext {
        match (self, o) {
            (Ext::Nan, _) | (_, Ext::Nan) => Ext::Nan,
            (Ext::Inf { neg: a }, Ext::Inf { neg: b }) if a != b => Ext::Nan,
            (Ext::Inf { neg }, _) | (_, Ext::Inf { neg }) => Ext::Inf { neg: *neg },
            (Ext::Fin(a), Ext::Fin(b)) => Ext::Fin(a.add(b)),
        }
    }

    fn sub(&self, o: &Ext) -> Ext {
        self.add(&o.neg())
    }

    fn mul(&self, o: &Ext) -> Ext {
        match (self, o) {
            (Ext::Nan, _) | (_, Ext::Nan) => Ext::Nan,
            (Ext::Inf { neg: a }, Ext::Inf { neg: b }) => Ext::Inf { neg: a != b },
            (Ext::Inf { neg }, Ext::Fin(d)) | (Ext::Fin(d), Ext::Inf { neg }) => {
                if d.is_zero() {
                    Ext::Nan
                } else {
                    Ext::Inf {
                        neg: *neg != d.is_negative(),
                    }
                }
            }
            (Ext::Fin(a), Ext::Fin(b)) => Ext::Fin(a.mul(b)),
        }
    }

    fn le(&self, o: &Ext) -> bool {
        matches!(self.partial_cmp(o), Some(Ordering::Less | Ordering::Equal))
    }
}

impl PartialOrd for Ext {
    fn partial_cmp(&self, o: &Ext) -> Option<Ordering> {
        match (self, o) {
            (Ext::Nan, _) | (_, Ext::Nan) => None,
            (Ext::Inf { neg: a }, Ext::Inf { neg: b }) => Some(b.cmp(a)),
            (Ext::Inf { neg }, Ext::Fin(_)) => Some(if *neg {
                Ordering::Less
            } else {
                Ordering::Greater
            }),
            (Ext::Fin(_), Ext::Inf { neg }) => Some(if *neg {
                Ordering::Greater
            } else {
                Ordering::Less
            }),
            (Ext::Fin(a), Ext::Fin(b)) => a.partial_cmp(b),
        }
    }
}

/// The value of the low `w` bits of `bits` as an IEEE binary16/32/64/128 pattern
/// (`w` = 16, 32, 64, 128), or `None` for any other width.
pub fn decode_ieee(bits: &Atom, w: u32) -> Option<Ext> {
    let (ebits, fbits): (u32, u32) = match w {
        16 => (5, 10),
        32 => (8, 23),
        64 => (11, 52),
        128 => (15, 112),
        _ => return None,
    };
    let x = bits.low_u128() & (u128::MAX >> (128 - w));
    let neg = (x >> (w - 1)) & 1 == 1;
    let emax = (1u128 << ebits) - 1;
    let exp = (x >> fbits) & emax;
    let frac = x & ((1u128 << fbits) - 1);
    let bias = (1i64 << (ebits - 1)) - 1;
    if exp == emax {
        return Some(if frac == 0 {
            Ext::Inf { neg }
        } else {
            Ext::Nan
        });
    }
    let (m, e) = if exp == 0 {
        (frac, 1 - bias - i64::from(fbits))
    } else {
        (
            frac | (1u128 << fbits),
            i64::try_from(exp).ok()? - bias - i64::from(fbits),
        )
    };
    let m = BigInt::from(m);
    Some(Ext::Fin(Dyadic::new(if neg { -m } else { m }, e)))
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn f32b(x: u32) -> Atom {
        Atom::from_u64(u64::from(x))
    }

    #[test]
    fn decodes_ieee_patterns() {
        // 1.0f32 = 2^0; 0x3f800000 = 1·2^0 after normalising the dyadic.
        let one = decode_ieee(&f32b(0x3f80_0000), 32).unwrap();
        let two = decode_ieee(&f32b(0x4000_0000), 32).unwrap();
        assert_eq!(one.partial_cmp(&two), Some(Ordering::Less));
        // -0 and +0 compare equal.
        let pz = decode_ieee(&f32b(0), 32).unwrap();
        let nz = decode_ieee(&f32b(0x8000_0000), 32).unwrap();
        assert_eq!(pz.partial_cmp(&nz), Some(Ordering::Equal));
        // The smallest subnormal is above zero; NaN is unordered; +inf above max.
        let tiny = decode_ieee(&f32b(1), 32).unwrap();
        assert_eq!(tiny.partial_cmp(&pz), Some(Ordering::Greater));
        assert_eq!(decode_ieee(&f32b(0x7fc0_0000), 32), Some(Ext::Nan));
        let inf = decode_ieee(&f32b(0x7f80_0000), 32).unwrap();
        let max = decode_ieee(&f32b(0x7f7f_ffff), 32).unwrap();
        assert_eq!(max.partial_cmp(&inf), Some(Ordering::Less));
        // Only the four IEEE widths decode.
        assert_eq!(decode_ieee(&f32b(0), 8), None);
    }

    #[test]
    fn special_value_arithmetic_follows_ieee() {
        let inf = Ext::Inf { neg: false };
        let zero = Ext::Fin(Dyadic::new(BigInt::from(0), 0));
        assert_eq!(inf.sub(&inf), Ext::Nan);
        assert_eq!(inf.mul(&zero), Ext::Nan);
        assert!(!Ext::Nan.le(&inf));
        assert!(zero.le(&inf));
    }
}
