//! IEEE patterns as exact values: a binary16/32/64/128 bit pattern decoded to
//! NaN, a signed infinity or an exact dyadic rational `m · 2^e`, with IEEE's
//! rules for the special values, for the exact `is-close` judge
//! ([`super::compare`]) and the exact sort of the vector runner.

use num_bigint::BigInt;
use softblas::ieee::Width;
use softblas::Atom;
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

    pub(super) fn add(&self, o: &Dyadic) -> Dyadic {
        let (a, b, e) = self.aligned(o);
        Dyadic { m: a + b, e }
    }

    pub(super) fn mul(&self, o: &Dyadic) -> Dyadic {
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

    pub(super) fn abs(&self) -> Ext {
        match self {
            Ext::Nan => Ext::Nan,
            Ext::Inf { .. } => Ext::Inf { neg: false },
            Ext::Fin(d) if d.is_negative() => Ext::Fin(d.neg()),
            Ext::Fin(d) => Ext::Fin(d.clone()),
        }
    }

    pub(super) fn add(&self, o: &Ext) -> Ext {
        match (self, o) {
            (Ext::Nan, _) | (_, Ext::Nan) => Ext::Nan,
            (Ext::Inf { neg: a }, Ext::Inf { neg: b }) if a != b => Ext::Nan,
            (Ext::Inf { neg }, _) | (_, Ext::Inf { neg }) => Ext::Inf { neg: *neg },
            (Ext::Fin(a), Ext::Fin(b)) => Ext::Fin(a.add(b)),
        }
    }

    pub(super) fn sub(&self, o: &Ext) -> Ext {
        self.add(&o.neg())
    }

    pub(super) fn mul(&self, o: &Ext) -> Ext {
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

    pub(super) fn le(&self, o: &Ext) -> bool {
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
    let f = Width::ALL.into_iter().find(|f| f.bits() == w)?;
    let (ebits, fbits) = (f.exp_bits(), f.frac_bits());
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

/// IEEE `<` of two `w`-bit patterns, exactly: false when either is NaN, `-0 < +0` false.
pub fn ieee_lt(p: &Atom, q: &Atom, w: u32) -> bool {
    match (decode_ieee(p, w), decode_ieee(q, w)) {
        (Some(a), Some(b)) => a.partial_cmp(&b) == Some(Ordering::Less),
        _ => false,
    }
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
