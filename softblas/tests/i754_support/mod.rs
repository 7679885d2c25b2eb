//! Shared test support for the `i754_*` tests: an MPFR (rug) oracle for one
//! correctly rounded IEEE operation at any width and mode, and operand
//! generators biased to the hard cases.
//!
//! The oracle emulates an IEEE format with MPFR without raw MPFR calls: MPFR rounds
//! the exact result once at the format's precision with an unbounded exponent,
//! then this module applies the IEEE exponent range itself: overflow per
//! IEEE 754 §7.4, subnormals through `Float::subnormalize_round` (MPFR's
//! `mpfr_subnormalize`, which uses the first rounding's ternary value so no
//! double rounding occurs), and results below half the smallest subnormal by
//! hand (rug skips those). Ties-to-away, which MPFR lacks, is
//! `RA_q(RZ_{q+1}(x))` with `q` the precision left at `x`'s exponent.
#![allow(dead_code)]

use rug::float::{Round as MRound, Special};
use rug::{Float, Integer};
use softblas::scalar::i754::{self, Width};
use softblas::Policy;
use softblas::{Atom, Round};
use std::cmp::Ordering;

/// The MPFR exponent (x = 0.1b… × 2^E) of the smallest normal value.
fn normal_exp_min(w: Width) -> i32 {
    2 - w.bias() as i32
}

/// The IEEE exponent of one unit in the last place of a subnormal.
fn sub_unit_exp(w: Width) -> i32 {
    1 - w.bias() as i32 - w.frac_bits() as i32
}

fn mround(r: Round) -> MRound {
    match r {
        Round::N => MRound::Nearest,
        Round::U => MRound::Up,
        Round::D => MRound::Down,
        Round::Z => MRound::Zero,
        Round::A => panic!("MPFR has no ties-to-away mode"),
    }
}

/// The exact value of the bit pattern `a` of width `w` as an MPFR number.
pub fn decode(w: Width, a: u128) -> Float {
    let p = w.precision();
    let neg = !i754::sig(w, a);
    if i754::is_nan(w, a) {
        return Float::with_val(p, Special::Nan);
    }
    if i754::is_inf(w, a) {
        return Float::with_val(
            p,
            if neg {
                Special::NegInfinity
            } else {
                Special::Infinity
            },
        );
    }
    if i754::is_zero(w, a) {
        return Float::with_val(p, if neg { Special::NegZero } else { Special::Zero });
    }
    let field = ((a >> w.frac_bits()) & ((1 << w.exp_bits()) - 1)) as i32;
    let frac = a & ((1 << w.frac_bits()) - 1);
    let (m, e) = if field == 0 {
        (frac, sub_unit_exp(w))
    } else {
        (frac | 1 << w.frac_bits(), sub_unit_exp(w) + field - 1)
    };
    let x = Float::with_val(p, Integer::from(m)) << e;
    if neg {
        -x
    } else {
        x
    }
}

/// The bit pattern of the finite, representable, non-zero MPFR value `x`.
fn encode_finite(w: Width, x: &Float) -> u128 {
    let (m, e) = x.to_integer_exp().expect("finite");
    let neg = m < 0;
    let m = m.abs().to_u128().expect("significand fits 128 bits");
    assert!(m != 0);
    let len = 128 - m.leading_zeros() as i32;
    let ue = len - 1 + e; // unbiased exponent
    assert!(ue <= w.bias() as i32, "encode: overflow not handled");
    let bits = if ue >= 1 - w.bias() as i32 {
        let s = w.precision() as i32 - len;
        let sig = if s >= 0 {
            m << s
        } else {
            assert_eq!(m & ((1 << -s) - 1), 0, "encode: value not representable");
            m >> -s
        };
        ((ue + w.bias() as i32) as u128) << w.frac_bits() | (sig & ((1 << w.frac_bits()) - 1))
    } else {
        let k = e - sub_unit_exp(w);
        let sig = if k >= 0 {
            m << k
        } else {
            assert_eq!(
                m & ((1 << -k) - 1),
                0,
                "encode: subnormal not representable"
            );
            m >> -k
        };
        assert!(sig < 1 << w.frac_bits());
        sig
    };
    if neg {
        bits | w.sign_bit()
    } else {
        bits
    }
}

/// The sign of a finite nonzero `x`, its sign bit in width `w` and its MPFR exponent; or
/// (`Err`) the encoding of a NaN (canonical), an infinity or a zero in width `w`.
fn sign_and_exp(w: Width, x: &Float) -> Result<(bool, u128, i32), u128> {
    if x.is_nan() {
        return Err(i754::canonical_nan(w));
    }
    let neg = x.is_sign_negative();
    let sign = if neg { w.sign_bit() } else { 0 };
    if x.is_infinite() {
        return Err(i754::inf(w) | sign);
    }
    if x.is_zero() {
        return Err(sign);
    }
    Ok((neg, sign, x.get_exp().expect("normal")))
}

/// Encodes an MPFR result already rounded to precision p with an unbounded
/// exponent (and its ternary value) into width `w`, mode `r` (not A).
fn finish(w: Width, r: Round, mut x: Float, ord: Ordering) -> u128 {
    let (neg, sign, e) = match sign_and_exp(w, &x) {
        Ok(v) => v,
        Err(bits) => return bits,
    };
    if e > w.bias() as i32 + 1 {
        return i754::overflow(w, r, neg);
    }
    let sub_min = normal_exp_min(w) - w.frac_bits() as i32; // MPFR exp of the smallest subnormal
    if e < normal_exp_min(w) && e >= sub_min {
        x.subnormalize_round(normal_exp_min(w), ord, mround(r));
        if x.is_zero() {
            return sign;
        }
        return encode_finite(w, &x);
    }
    if e < sub_min {
        // |x| < smallest subnormal: 0 or the smallest subnormal.
        let up = match r {
            Round::U => !neg,
            Round::D => neg,
            Round::Z => false,
            Round::N => {
                // Half the smallest subnormal has MPFR exponent sub_min - 1 and is a power of 2.
                let half = e == sub_min - 1
                    && x.clone().abs() == (Float::with_val(2, 1) << (sub_unit_exp(w) - 1));
                if e < sub_min - 1 {
                    false
                } else if half {
                    // A tie when exact; otherwise the exact value lies on the side the ternary says.
                    match (ord, neg) {
                        (Ordering::Equal, _) => false,
                        (Ordering::Less, false) | (Ordering::Greater, true) => true,
                        _ => false,
                    }
                } else {
                    true
                }
            }
            Round::A => unreachable!(),
        };
        return sign | if up { 1 } else { 0 };
    }
    encode_finite(w, &x)
}

/// The correctly rounded result in width `w`, mode `r`, of the exact operation
/// `op(prec, mode)`, which must return MPFR's rounding of it at `prec` bits
/// in `mode` and the ternary value. NaN results are canonical.
pub fn round_op(w: Width, r: Round, op: &dyn Fn(u32, MRound) -> (Float, Ordering)) -> u128 {
    let p = w.precision();
    if r != Round::A {
        let (x, ord) = op(p, mround(r));
        return finish(w, r, x, ord);
    }
    let (mut y, _) = op(p + 1, MRound::Zero);
    let (_, sign, e) = match sign_and_exp(w, &y) {
        Ok(v) => v,
        Err(bits) => return bits,
    };
    let q = if e >= normal_exp_min(w) {
        p as i32
    } else {
        p as i32 - (normal_exp_min(w) - e)
    };
    if q < 0 {
        return sign;
    }
    if q == 0 {
        return sign | 1;
    }
    y.set_prec_round(q as u32 + 1, MRound::Zero);
    y.set_prec_round(q as u32, MRound::AwayZero);
    if y.get_exp().expect("normal") > w.bias() as i32 + 1 {
        return i754::inf(w) | sign;
    }
    encode_finite(w, &y)
}

/// The six rounded operations under test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `a + b`
    Add,
    /// `a − b`
    Sub,
    /// `a × b`
    Mul,
    /// `a ÷ b`
    Div,
    /// `√a`
    Sqt,
    /// `a × b + c`
    Fma,
}

impl Op {
    /// Every operation.
    pub const ALL: [Op; 6] = [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Sqt, Op::Fma];

    /// The operation computed by `softblas::scalar::i754`.
    pub fn ours(self, w: Width, r: Round, a: u128, b: u128, c: u128) -> u128 {
        match self {
            Op::Add => i754::add(w, r, a, b),
            Op::Sub => i754::sub(w, r, a, b),
            Op::Mul => i754::mul(w, r, a, b),
            Op::Div => i754::div(w, r, a, b),
            Op::Sqt => i754::sqt(w, r, a),
            Op::Fma => i754::fma(w, r, a, b, c),
        }
    }

    /// The operation computed by the MPFR oracle; `fma` with the Hoon's zero
    /// sign (DIVERGENCES H31: a zero result of a non-zero product and a non-zero
    /// addend is +0, or −0 under `%d`, where MPFR keeps the exact sum's sign).
    pub fn oracle(self, w: Width, r: Round, a: u128, b: u128, c: u128) -> u128 {
        let v = self.mpfr(w, r, a, b, c);
        let nonzero = |x: u128| !i754::is_zero(w, x);
        if self == Op::Fma && i754::is_zero(w, v) && nonzero(a) && nonzero(b) && nonzero(c) {
            return if r == Round::D { i754::neg_zero(w) } else { 0 };
        }
        v
    }

    /// The correctly rounded operation, by MPFR.
    fn mpfr(self, w: Width, r: Round, a: u128, b: u128, c: u128) -> u128 {
        let (x, y, z) = (decode(w, a), decode(w, b), decode(w, c));
        round_op(w, r, &|p, m| match self {
            Op::Add => Float::with_val_round(p, &x + &y, m),
            Op::Sub => Float::with_val_round(p, &x - &y, m),
            Op::Mul => Float::with_val_round(p, &x * &y, m),
            Op::Div => Float::with_val_round(p, &x / &y, m),
            Op::Sqt => Float::with_val_round(p, x.sqrt_ref(), m),
            Op::Fma => Float::with_val_round(p, x.mul_add_ref(&y, &z), m),
        })
    }
}

/// The oracle for `sun`/`san`: the integer `(−1)^neg · n` rounded to width `w`.
pub fn oracle_int(w: Width, r: Round, neg: bool, n: &Atom) -> u128 {
    let mut i = Integer::from_digits(n.limbs(), rug::integer::Order::Lsf);
    if neg {
        i = -i;
    }
    round_op(w, r, &|p, m| Float::with_val_round(p, &i, m))
}

/// The oracle for `toi`: `a` rounded to an integer (ties even for N, away for A).
pub fn oracle_toi(w: Width, r: Round, a: u128) -> Option<(bool, Atom)> {
    let x = decode(w, a);
    if !x.is_finite() {
        return None;
    }
    let i = match r {
        Round::N => x.to_integer_round(MRound::Nearest).expect("finite").0,
        Round::A => Float::with_val(w.precision() + 2, x.round_ref())
            .to_integer()
            .expect("finite"),
        _ => x.to_integer_round(mround(r)).expect("finite").0,
    };
    let neg = i < 0;
    let digits = i.abs().to_digits::<u64>(rug::integer::Order::Lsf);
    Some((neg, Atom::from_limbs(&digits)))
}

/// The oracle for `convert`: `a` of width `from` rounded to width `to`.
pub fn oracle_convert(from: Width, to: Width, r: Round, a: u128) -> u128 {
    let x = decode(from, a);
    round_op(to, r, &|p, m| Float::with_val_round(p, &x, m))
}

#[path = "../rng_support/mod.rs"]
mod rng_support;
pub use rng_support::Rng;

/// The bits with sign `neg`, exponent field `field` and fraction `frac` at width `w`.
pub fn pack(w: Width, neg: bool, field: u128, frac: u128) -> u128 {
    let s = if neg { w.sign_bit() } else { 0 };
    s | field << w.frac_bits() | (frac & ((1 << w.frac_bits()) - 1))
}

/// A random fraction field, often with its low bits cleared (short significands
/// make exact results and ties).
fn fraction(w: Width, rng: &mut Rng) -> u128 {
    let f = rng.next128() & ((1 << w.frac_bits()) - 1);
    match rng.below(4) {
        0 => {
            let keep = rng.below(u64::from(w.frac_bits()) + 1) as u32;
            f & !((1u128 << (w.frac_bits() - keep)) - 1) & ((1 << w.frac_bits()) - 1)
        }
        1 => f & !((1u128 << (w.frac_bits() / 2)) - 1),
        _ => f,
    }
}

/// One operand of width `w`, biased to hard cases: specials, the binades near
/// 1, the subnormal range and the smallest normal, the largest binade, and
/// short significands.
pub fn value(w: Width, rng: &mut Rng) -> u128 {
    let neg = rng.below(2) == 1;
    let bias = u128::from(w.bias());
    let top = (1u128 << w.exp_bits()) - 1;
    match rng.below(16) {
        0 => rng.next128() & w.mask(),
        1 => {
            let specials = [
                0,
                i754::inf(w),
                i754::canonical_nan(w),
                i754::canonical_nan(w) | 1, // quiet NaN with payload
                i754::inf(w) | 1,           // signalling NaN
                i754::max_finite(w),
                i754::min_normal(w),
                i754::min_subnormal(w),
                i754::one(w),
            ];
            specials[rng.below(specials.len() as u64) as usize] | if neg { w.sign_bit() } else { 0 }
        }
        2 | 3 => pack(w, neg, 0, fraction(w, rng)), // subnormal
        4 => pack(w, neg, 1 + rng.below(3) as u128, fraction(w, rng)), // smallest normals
        5 | 6 => pack(w, neg, top - 1 - rng.below(3) as u128, fraction(w, rng)), // largest binades
        7 => {
            // Half range: products and quotients that overflow or underflow.
            let field = if rng.below(2) == 0 {
                bias / 2
            } else {
                bias + bias / 2
            };
            let jitter = rng.below(8) as u128;
            pack(w, neg, field + jitter - 4, fraction(w, rng))
        }
        _ => {
            // Near 1, within a few binades.
            let spread = u128::from(w.frac_bits()) + 4;
            let field = bias + rng.below(2 * spread as u64) as u128 - spread;
            pack(w, neg, field, fraction(w, rng))
        }
    }
}

/// Three operands, the second and third often tied to the first: its
/// negation plus a few ulps (cancellation), or a value one precision below it
/// (ties in addition).
pub fn operands(w: Width, rng: &mut Rng) -> (u128, u128, u128) {
    let a = value(w, rng);
    let mut b = value(w, rng);
    let mut c = value(w, rng);
    match rng.below(8) {
        0 => {
            // b within two ulps of ±a: cancellation in add (−a) and sub (+a).
            let d = rng.below(5) as u128;
            let base = if rng.below(2) == 0 {
                a
            } else {
                i754::flip_sign(w, a)
            };
            b = (base.wrapping_add(d).wrapping_sub(2)) & w.mask();
        }
        1 => {
            // b = ±2^(exp(a) - p) · (1 + short fraction): half an ulp of a or so.
            let field = (a >> w.frac_bits()) & ((1 << w.exp_bits()) - 1);
            let shift = u128::from(w.precision()) + rng.below(3) as u128 - 1;
            if field > shift {
                b = pack(
                    w,
                    rng.below(2) == 1,
                    field - shift,
                    fraction(w, rng) & !((1 << (w.frac_bits() - 2)) - 1),
                );
            }
        }
        2 => {
            // fma: c cancels a·b to within a few ulps.
            let prod = i754::mul(w, Round::N, a, b);
            let d = rng.below(5) as u128;
            c = (i754::flip_sign(w, prod).wrapping_add(d).wrapping_sub(2)) & w.mask();
        }
        3 => {
            // A non-negative first operand, so square roots are mostly not NaN.
            return (a & !w.sign_bit(), b, c);
        }
        _ => {}
    }
    (a, b, c)
}

/// `sdsdot` (from binary32) or `hsdot` (from binary16) of the bit vectors
/// `x` and `y` at strides `incx`, `incy`, seeded with `alpha`, as bits.
pub fn widening_dot(
    from: Width,
    n: usize,
    alpha: u128,
    (x, incx): (&[u128], isize),
    (y, incy): (&[u128], isize),
    r: Round,
) -> u128 {
    let got = if from == Width::S {
        let (xs, ys): (Vec<u32>, Vec<u32>) = (
            x.iter().map(|&v| v as u32).collect(),
            y.iter().map(|&v| v as u32).collect(),
        );
        softblas::blas::sdsdot(n, alpha as u32, &xs, incx, &ys, incy, Policy::FAST, r)
    } else {
        let (xs, ys): (Vec<u16>, Vec<u16>) = (
            x.iter().map(|&v| v as u16).collect(),
            y.iter().map(|&v| v as u16).collect(),
        );
        softblas::blas::hsdot(n, alpha as u16, &xs, incx, &ys, incy, Policy::FAST, r)
    };
    u128::from(got.expect("in bounds"))
}
