//! The ulp-error metric of the accuracy report: how far a computed float lies from the exact value.
//!
//! An [`Exact`] is a real value known to a finite number of significand bits,
//! with a sticky bit for anything below them (MPFR's truncated result and its
//! inexact flag, i.e. round-to-odd). From it [`round_nearest`] gives the
//! correctly rounded (ties-to-even) bits at a width, subnormals and overflow
//! included, and [`ulp_error`] measures a computed result against it:
//!
//! - both NaN: 0; exactly one of them NaN: a [`Outcome::Special`] mismatch;
//! - computed ±∞: 0 when the correctly rounded result is the same infinity,
//!   else a special mismatch; computed finite but the exact value ±∞: a special
//!   mismatch;
//! - otherwise `|computed − exact| / ulp(CR)`, where `CR` is the correctly
//!   rounded exact value and `ulp(v) = 2^(max(e, emin) − p + 1)` for
//!   `2^e <= |v| < 2^(e+1)` (so `ulp(0)` and the ulp of every subnormal is the
//!   smallest subnormal), and an overflowing `CR` (±∞) counts with the ulp of
//!   the largest binade. The sign of a zero is not an error.
//!
//! A correctly rounded result therefore scores at most 0.5, a faithful one
//! less than 1. Host `f64`s appear only in the reported ratio.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use softblas::scalar::i754::{self, Width};

/// A real value (or NaN, or an infinity) as a significand, a power of two and a sticky bit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exact {
    /// Not a number.
    Nan,
    /// An infinity.
    Inf {
        /// Whether it is −∞.
        negative: bool,
    },
    /// `±(sig + θ)·2^exp`, with `θ = 0` when `sticky` is false and `0 < θ < 1` when it is true.
    ///
    /// A sticky value must carry at least two bits more than the width it is
    /// rounded to (MPFR's result at precision `p + 64` does).
    Finite {
        /// The sign (kept for zeros too).
        negative: bool,
        /// The known significand bits.
        sig: BigUint,
        /// The power of two of the last known bit.
        exp: i64,
        /// Whether something nonzero lies below the last known bit.
        sticky: bool,
    },
}

/// How a computed result compares with the exact value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outcome {
    /// The error in ulps of the correctly rounded result (0 for NaN vs NaN and for matching infinities).
    Ulps(f64),
    /// A NaN or an infinity where the exact value has none, or the other way round.
    Special,
}

/// The smallest exponent of a normal number at `w`: `1 − bias`.
fn emin(w: Width) -> i64 {
    1 - i64::from(w.bias())
}

/// The precision of `w` in bits.
fn prec(w: Width) -> i64 {
    i64::from(w.precision())
}

/// The exact value of the float `bits` at `w` (NaNs of every payload are [`Exact::Nan`]).
pub fn decode(w: Width, bits: u128) -> Exact {
    let bits = bits & w.mask();
    let negative = !i754::sig(w, bits);
    if i754::is_nan(w, bits) {
        return Exact::Nan;
    }
    if i754::is_inf(w, bits) {
        return Exact::Inf { negative };
    }
    let frac = bits & ((1u128 << w.frac_bits()) - 1);
    let field = (bits >> w.frac_bits()) & ((1u128 << w.exp_bits()) - 1);
    let (sig, e) = if field == 0 {
        (frac, emin(w))
    } else {
        (
            frac | (1u128 << w.frac_bits()),
            field as i64 - i64::from(w.bias()),
        )
    };
    Exact::Finite {
        negative,
        sig: BigUint::from(sig),
        exp: e - (prec(w) - 1),
        sticky: false,
    }
}

/// The exponent `k` of `ulp = 2^k` of the float `bits` at `w` (±∞: the largest binade's ulp).
pub fn ulp_exp(w: Width, bits: u128) -> i64 {
    let field = ((bits & w.mask()) >> w.frac_bits()) & ((1u128 << w.exp_bits()) - 1);
    let e = if field == 0 {
        emin(w)
    } else {
        (field as i64 - i64::from(w.bias())).min(i64::from(w.bias()))
    };
    e - (prec(w) - 1)
}

/// The float at `w` nearest to `x`, ties to even, with gradual underflow and overflow to ±∞
/// (a NaN gives the canonical NaN).
pub fn round_nearest(w: Width, x: &Exact) -> u128 {
    let (negative, sig, exp, sticky) = match x {
        Exact::Nan => return i754::canonical_nan(w),
        Exact::Inf { negative } => {
            return if *negative {
                i754::neg_inf(w)
            } else {
                i754::inf(w)
            }
        }
        Exact::Finite {
            negative,
            sig,
            exp,
            sticky,
        } => (*negative, sig, *exp, *sticky),
    };
    let sign = if negative { w.sign_bit() } else { 0 };
    let p = prec(w);
    let top = if sig.is_zero() {
        // Only a sticky remainder below 2^exp: at most that much.
        exp - 1
    } else {
        exp + sig.bits() as i64 - 1
    };
    let q = top.max(emin(w)) - (p - 1);
    let shift = q - exp;
    let mut m = if shift <= 0 {
        // Every known bit is at or above the quantum (a sticky value has no such bits by contract).
        sig << (-shift) as usize
    } else if shift > sig.bits() as i64 {
        // The value is below 2^(q−1), half the quantum: it rounds to zero.
        BigUint::default()
    } else {
        let s = shift as u64;
        let kept = sig >> s;
        let rem = sig - (&kept << s);
        let half = BigUint::one() << (s - 1);
        let up = match rem.cmp(&half) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => sticky || kept.bit(0),
        };
        if up {
            kept + 1u32
        } else {
            kept
        }
    };
    let mut q = q;
    if m.bits() as i64 > p {
        // Rounding carried into the next binade.
        m >>= 1u32;
        q += 1;
    }
    let m = m.to_u128().unwrap_or(u128::MAX);
    if m == 0 {
        return sign;
    }
    let e = q + p - 1;
    if e > i64::from(w.bias()) {
        return sign | i754::inf(w);
    }
    if m < 1u128 << w.frac_bits() {
        // Subnormal: q is the subnormal quantum, the exponent field 0.
        return sign | m;
    }
    let field = (e + i64::from(w.bias())) as u128;
    sign | (field << w.frac_bits()) | (m & ((1u128 << w.frac_bits()) - 1))
}

/// Whether the float bits `a` and `b` at `w` are the same result (every NaN equals every NaN).
pub fn same(w: Width, a: u128, b: u128) -> bool {
    let (a, b) = (a & w.mask(), b & w.mask());
    a == b || (i754::is_nan(w, a) && i754::is_nan(w, b))
}

/// The error of the computed float `computed` at `w` against the exact value `exact`, as defined in the module docs.
pub fn ulp_error(w: Width, computed: u128, exact: &Exact) -> Outcome {
    let computed = computed & w.mask();
    let cr = round_nearest(w, exact);
    match (decode(w, computed), exact) {
        (Exact::Nan, Exact::Nan) => Outcome::Ulps(0.0),
        (Exact::Nan, _) | (_, Exact::Nan) => Outcome::Special,
        (Exact::Inf { .. }, _) => {
            if computed == cr {
                Outcome::Ulps(0.0)
            } else {
                Outcome::Special
            }
        }
        (Exact::Finite { .. }, Exact::Inf { .. }) => Outcome::Special,
        (
            Exact::Finite {
                negative: cn,
                sig: cs,
                exp: ce,
                ..
            },
            Exact::Finite {
                negative: xn,
                sig: xs,
                exp: xe,
                ..
            },
        ) => {
            let k = ulp_exp(w, cr);
            // Bits more than 80 places below the ulp cannot move the ratio visibly.
            let base = ce.min(*xe).max(k - 80);
            if ce - base > FAR || *xe - base > FAR {
                // One magnitude dwarfs the other by far more than a double can tell: it alone is the error.
                let (sig, exp) = if ce + cs.bits() as i64 > *xe + xs.bits() as i64 {
                    (&cs, ce)
                } else {
                    (xs, *xe)
                };
                return Outcome::Ulps(scaled(sig, exp - k));
            }
            let a = align(&cs, ce, base);
            let b = align(xs, *xe, base);
            let diff = if cn == *xn {
                if a >= b {
                    a - b
                } else {
                    b - a
                }
            } else {
                a + b
            };
            Outcome::Ulps(scaled(&diff, base - k))
        }
    }
}

/// How far above the common base a term may lie before the smaller term is dropped (bits).
const FAR: i64 = 2048;

/// `sig·2^exp` as an integer count of `2^base` units (bits below `2^base` dropped).
fn align(sig: &BigUint, exp: i64, base: i64) -> BigUint {
    if exp >= base {
        sig << (exp - base) as usize
    } else {
        let s = (base - exp).min(i64::from(u32::MAX)) as usize;
        sig >> s
    }
}

/// `n·2^e` as the nearest host double (0 and ∞ beyond its range).
fn scaled(n: &BigUint, e: i64) -> f64 {
    let len = n.bits() as i64;
    let (top, e) = if len > 64 {
        (
            (n >> (len - 64) as usize).to_u64().unwrap_or(u64::MAX),
            e + len - 64,
        )
    } else {
        (n.to_u64().unwrap_or(0), e)
    };
    // 2^e in at most two steps keeps each factor inside the double range.
    let e = e.clamp(-2200, 2200) as i32;
    let half = e / 2;
    (top as f64) * 2f64.powi(half) * 2f64.powi(e - half)
}

/// The position of the float `bits` in the order of the reals: `±` its magnitude bits (NaNs keep their bits).
pub fn ordinal(w: Width, bits: u128) -> i128 {
    let bits = bits & w.mask();
    let mag = (bits & !w.sign_bit()) as i128;
    if i754::sig(w, bits) {
        mag
    } else {
        -mag
    }
}

/// The float at `w` whose [`ordinal`] is `o` (−0 for `o = 0` is never chosen: +0).
pub fn from_ordinal(w: Width, o: i128) -> u128 {
    if o < 0 {
        w.sign_bit() | o.unsigned_abs()
    } else {
        o as u128
    }
}

/// `log2 |x|` of the float `bits` as a host double (−∞ for zeros), for plot axes.
pub fn log2_abs(w: Width, bits: u128) -> f64 {
    match decode(w, bits) {
        Exact::Finite { sig, exp, .. } if !sig.is_zero() => {
            let len = sig.bits() as i64;
            let top = if len > 53 {
                (&sig >> (len - 53) as usize).to_u64().unwrap_or(0)
            } else {
                sig.to_u64().unwrap_or(0)
            };
            let lead = len.min(53);
            // top < 2^lead, so top / 2^(lead−1) lies in [1, 2).
            let frac = (top as f64) / 2f64.powi((lead - 1) as i32);
            (exp + len - 1) as f64 + frac.log2()
        }
        Exact::Finite { .. } => f64::NEG_INFINITY,
        Exact::Inf { .. } => f64::INFINITY,
        Exact::Nan => f64::NAN,
    }
}

/// The float `bits` at `w` as the nearest host double (±∞ outside its range), for plot axes.
pub fn to_f64(w: Width, bits: u128) -> f64 {
    match decode(w, bits) {
        Exact::Nan => f64::NAN,
        Exact::Inf { negative } => {
            if negative {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Exact::Finite {
            negative, sig, exp, ..
        } => {
            let v = scaled(&sig, exp);
            if negative {
                -v
            } else {
                v
            }
        }
    }
}
