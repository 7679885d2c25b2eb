//! Nx's exactly-defined kinds ([`NxUnary`], [`NxBinary`], [`Test`]) at each
//! element kind: the routing table, and the integer, posit, complex and
//! fixed-point rules (the `%i754` rules are [`crate::scalar::i754::nx`], which
//! the fast kernels share; Threefry is [`crate::scalar::threefry`]).
//!
//! | kind | `%i754` | `%uint` / `%int2` (width `w`) | `%unum` | `%cplx` | `%fixp` (Q a.b at `2^bloq`) |
//! |---|---|---|---|---|---|
//! | `Recip` | `1 ÷ x` in the mode | `x` at 1 and −1, else 0 | posit `1 ÷ x` | Smith `1 ÷ z` in the mode | `/lib/fixed` `div` of one by `x` |
//! | `Sign` | ±1.0, ±0 kept, NaN | −1, 0, 1 | `/lib/unum` `sgn` | `z` at ±0±0i, else each part ÷ the door's `abs z`, rounded in the mode | −one, 0, one |
//! | `Floor Ceil Round Trunc` | roundToIntegral | identity | `flr`, `cel`, halves away, toward zero | — | the value rounded to a multiple of one, wrapped to `2^bloq` |
//! | `Idiv` | — | truncating; 0 by 0; wraps | — | — | — |
//! | `Maximum Minimum` | IEEE 754-2019 | by value | NaR propagates, else posit order | — | two's-complement order |
//! | `And Or Xor` | — | bitwise | — | — | — |
//! | `Threefry` | — | bloq 6: [`threefry2x32_20`] | — | — | — |
//! | `IsNan IsInf IsFinite` | the class | false, false, true | NaR, false, not NaR | either part NaN; either part ∞; both finite | false, false, true |
//!
//! "—" is outside the domains of [`crate::prog`] (`Prog::new` refuses it); the
//! routing below reports it as not routed should a caller reach it directly.

use super::{cplx, fixp, i754, unum, ScalarError};
use crate::atom::Atom;
use crate::dtype::{Dtype, Kind};
use crate::prog::{Binary, NxBinary, NxUnary, Test};
use crate::round::Round;
use crate::scalar::cplx::Cplx;
use crate::scalar::i754::nx as fnx;
use crate::scalar::i754::{self as f};
use crate::scalar::threefry::threefry2x32_20;
use crate::scalar::unum::{self as p, Mode};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;

/// The error for an Nx kind outside its domain at this dtype.
fn meaningless(what: impl std::fmt::Debug, t: &Dtype) -> ScalarError {
    ScalarError::Unsupported(format!("{what:?} has no meaning at {t:?}"))
}

/// The element width `2^bloq` of an integer or fixed-point dtype, in bits.
fn int_width(t: &Dtype) -> Result<u64, ScalarError> {
    1u64.checked_shl(t.bloq)
        .filter(|_| t.bloq < 64)
        .ok_or_else(|| ScalarError::Unsupported(format!("elements of 2^{} bits", t.bloq)))
}

/// The low `w` bits of `x` as an integer: unsigned, or two's complement when `signed`.
fn int_value(x: &Atom, w: u64, signed: bool) -> BigInt {
    let u = BigInt::from(x.low_bits(w).to_biguint());
    if signed && w > 0 && x.bit(w - 1) {
        u - (BigInt::one() << w)
    } else {
        u
    }
}

/// `v` modulo `2^w`, as an element.
fn wrap(v: &BigInt, w: u64) -> Atom {
    let m = v.mod_floor(&(BigInt::one() << w));
    Atom::from_biguint(m.magnitude())
}

/// The value of the one-operand kind `k` on `x` of dtype `t`, in `round` (`Recip` only reads it).
///
/// # Errors
/// [`ScalarError::Crash`] where the kind's dispatch rejects the bloq (or a
/// `%fixp` division by zero crashes); [`ScalarError::Unsupported`] outside the domain.
pub(super) fn unary(k: NxUnary, t: &Dtype, r: Round, x: &Atom) -> Result<Atom, ScalarError> {
    match t.kind {
        Kind::I754 => {
            let w = i754::width(t)?;
            Ok(Atom::from_u128(fnx::unary(w, r, k, x.low_u128())))
        }
        Kind::Uint | Kind::Int2 => {
            let (w, signed) = (int_width(t)?, t.kind == Kind::Int2);
            let v = int_value(x, w, signed);
            Ok(match k {
                NxUnary::Recip if v.is_one() || (signed && v == -BigInt::one()) => x.low_bits(w),
                NxUnary::Recip => Atom::ZERO,
                NxUnary::Sign => wrap(&v.signum(), w),
                _ => x.clone(),
            })
        }
        Kind::Unum => {
            let w = unum::width(t)?;
            let a = x.low_u128() & w.mask();
            Ok(Atom::from_u128(match k {
                NxUnary::Recip => p::div(w, w.one(), a),
                NxUnary::Sign => p::sgn(w, a),
                NxUnary::Floor => p::round(w, Mode::Down, a),
                NxUnary::Ceil => p::round(w, Mode::Up, a),
                NxUnary::Round => p::round(w, Mode::Away, a),
                NxUnary::Trunc => p::round(w, Mode::Zero, a),
            }))
        }
        Kind::Cplx => {
            let d = cplx::door(t, r)?;
            let z = Cplx::from_atom(d.w, x);
            let v = match k {
                NxUnary::Recip => d.div(d.one(), z),
                NxUnary::Sign if f::is_zero(d.w, z.re) && f::is_zero(d.w, z.im) => z,
                NxUnary::Sign => {
                    let m = d.abs(z).re;
                    Cplx::new(d.fdiv(z.re, m), d.fdiv(z.im, m))
                }
                _ => return Err(meaningless(k, t)),
            };
            Ok(v.to_atom(d.w))
        }
        Kind::Fixp => {
            let one = fixp::one(t)?;
            if k == NxUnary::Recip {
                return fixp::binary(Binary::Div, t, &one, x);
            }
            let w = int_width(t)?;
            let (v, unit) = (int_value(x, w, true), one.to_biguint().into());
            let q = match k {
                NxUnary::Sign => v.signum(),
                NxUnary::Floor => v.div_floor(&unit),
                NxUnary::Ceil => v.div_ceil(&unit),
                NxUnary::Trunc => &v / &unit,
                // |v|/unit rounded half up, with v's sign.
                _ => {
                    let two = BigInt::from(2);
                    let q = (v.abs() * &two + &unit) / (&unit * &two);
                    if v.is_negative() {
                        -q
                    } else {
                        q
                    }
                }
            };
            Ok(wrap(&(q * unit), w))
        }
    }
}

/// The value of the two-operand kind `k` on `x` and `y` of dtype `t`.
///
/// # Errors
/// [`ScalarError::Crash`] where the kind's dispatch rejects the bloq;
/// [`ScalarError::Unsupported`] outside the domain.
pub(super) fn binary(k: NxBinary, t: &Dtype, x: &Atom, y: &Atom) -> Result<Atom, ScalarError> {
    let extremum = |less: bool| -> Option<bool> {
        // Whether to keep x (`less`: x is the lesser; else the greater), for the ordered kinds.
        match k {
            NxBinary::Maximum => Some(!less),
            NxBinary::Minimum => Some(less),
            _ => None,
        }
    };
    match t.kind {
        Kind::I754 => {
            let w = i754::width(t)?;
            let (a, b) = (x.low_u128(), y.low_u128());
            Ok(Atom::from_u128(match k {
                NxBinary::Maximum => fnx::maximum(w, a, b),
                NxBinary::Minimum => fnx::minimum(w, a, b),
                _ => return Err(meaningless(k, t)),
            }))
        }
        Kind::Uint | Kind::Int2 => {
            let (w, signed) = (int_width(t)?, t.kind == Kind::Int2);
            let (a, b) = (x.low_bits(w), y.low_bits(w));
            Ok(match k {
                NxBinary::And => a.and(&b),
                NxBinary::Or => a.or(&b),
                NxBinary::Xor => a.xor(&b),
                NxBinary::Threefry => {
                    // The domain holds bloq 6: a and b are 64-bit words.
                    Atom::from_u64(threefry2x32_20(a.low_u128() as u64, b.low_u128() as u64))
                }
                NxBinary::Idiv => {
                    let (p, q) = (int_value(&a, w, signed), int_value(&b, w, signed));
                    if q.is_zero() {
                        Atom::ZERO
                    } else {
                        wrap(&(p / q), w)
                    }
                }
                NxBinary::Maximum | NxBinary::Minimum => {
                    let less = int_value(&a, w, signed) < int_value(&b, w, signed);
                    if extremum(less) == Some(true) {
                        a
                    } else {
                        b
                    }
                }
            })
        }
        Kind::Unum => {
            let w = unum::width(t)?;
            let (a, b) = (x.low_u128() & w.mask(), y.low_u128() & w.mask());
            let keep = extremum(p::lth(w, a, b)).ok_or_else(|| meaningless(k, t))?;
            Ok(Atom::from_u128(if a == w.nar() || b == w.nar() {
                w.nar()
            } else if keep {
                a
            } else {
                b
            }))
        }
        Kind::Fixp => {
            fixp::prec(t)?;
            let w = int_width(t)?;
            let less = int_value(x, w, true).cmp(&int_value(y, w, true)) == Ordering::Less;
            let keep = extremum(less).ok_or_else(|| meaningless(k, t))?;
            Ok(if keep { x.low_bits(w) } else { y.low_bits(w) })
        }
        Kind::Cplx => Err(meaningless(k, t)),
    }
}

/// Whether the test `k` holds for `x` of dtype `t`.
///
/// # Errors
/// [`ScalarError::Crash`] where the kind's dispatch rejects the bloq.
pub(super) fn test(k: Test, t: &Dtype, x: &Atom) -> Result<bool, ScalarError> {
    // (is NaN, is infinite) of the element.
    let (nan, inf) = match t.kind {
        Kind::I754 => return Ok(fnx::test(i754::width(t)?, k, x.low_u128())),
        Kind::Unum => {
            let w = unum::width(t)?;
            (x.low_u128() & w.mask() == w.nar(), false)
        }
        Kind::Cplx => {
            let w = cplx::door(t, Round::Z)?.w;
            let z = Cplx::from_atom(w, x);
            (
                f::is_nan(w, z.re) || f::is_nan(w, z.im),
                f::is_inf(w, z.re) || f::is_inf(w, z.im),
            )
        }
        Kind::Uint | Kind::Int2 | Kind::Fixp => (false, false),
    };
    Ok(k.of_class(nan, inf))
}
