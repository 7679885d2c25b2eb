//! `%unum` rows of `+fun-scalar` / `+trans-scalar` (lagoon.hoon@aa6f2a6): the
//! `/lib/unum` doors `rpb rph rps rpd` (bloq 3–6; Lagoon's dispatch has no
//! `rpq`), with Lagoon's own `+unum-mod` and `+unum-pow`.

use super::{not_routed, ScalarError};
use crate::atom::Atom;
use crate::dtype::Dtype;
use crate::prog::{Binary, Compare, Unary};
use crate::scalar::unum::{self as p, Width};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};
use std::collections::HashMap;

/// The most multiplications `pow-n` runs before it must have found a cycle.
const POW_STEPS: u64 = 1 << 16;

fn width(t: &Dtype) -> Result<Width, ScalarError> {
    match t.bloq {
        3..=6 => Width::from_bloq(t.bloq)
            .ok_or(ScalarError::Crash("%unum element bloq is not one of 3..6")),
        _ => Err(ScalarError::Crash("%unum element bloq is not one of 3..6")),
    }
}

/// The posit one at the dtype's width.
pub(super) fn one(t: &Dtype) -> Result<Atom, ScalarError> {
    Ok(Atom::from_u128(width(t)?.one()))
}

/// `+unum-mod`: `q = a/b`; NaR when `q` is NaR (a NaR operand, or `b = 0`);
/// else `a − b·t` with `t` = `flr q` for `q ≥ 0`, `cel q` otherwise.
fn unum_mod(w: Width, a: u128, b: u128) -> u128 {
    let q = p::div(w, a, b);
    if q == w.nar() {
        return w.nar();
    }
    let t = if p::gte(w, q, 0) {
        p::flr(w, q)
    } else {
        p::cel(w, q)
    };
    p::sub(w, a, p::mul(w, b, t))
}

/// `/lib/unum` `+pow-n`: NaR stays NaR; else `one` multiplied by `x`, `n` times, each product
/// rounded. The sequence is deterministic, so once a value repeats it cycles; the result is
/// read off the cycle.
///
/// # Errors
/// [`ScalarError::Unsupported`] when no value repeats within [`POW_STEPS`] products.
fn pow_n(w: Width, x: u128, n: &BigInt) -> Result<u128, ScalarError> {
    if x == w.nar() {
        return Ok(x);
    }
    let mut seen: HashMap<u128, u64> = HashMap::new();
    let mut res = w.one();
    let mut k: u64 = 0;
    loop {
        if BigInt::from(k) == *n {
            return Ok(res);
        }
        if let Some(&j) = seen.get(&res) {
            // res_k = res_j: the values from j on repeat with period k − j.
            let period = BigInt::from(k - j);
            let offset = ((n - BigInt::from(j)) % &period).to_u64().unwrap_or(0);
            let mut v = res;
            for _ in 0..offset {
                v = p::mul(w, v, x);
            }
            return Ok(v);
        }
        if k >= POW_STEPS {
            return Err(ScalarError::Unsupported(format!(
                "%unum pow-n with exponent {n} does not settle within {POW_STEPS} products"
            )));
        }
        seen.insert(res, k);
        res = p::mul(w, res, x);
        k += 1;
    }
}

/// `+unum-pow`: the exponent rounded to the nearest integer (`toi`; NaR gives NaR),
/// `p = pow-n(a, |e|)`, and `one / p` when the exponent posit is negative.
fn unum_pow(w: Width, a: u128, b: u128) -> Result<u128, ScalarError> {
    let Some(e) = p::toi(w, b) else {
        return Ok(w.nar());
    };
    let v = pow_n(w, a, &e.abs())?;
    Ok(if p::lth(w, b, 0) {
        p::div(w, w.one(), v)
    } else {
        v
    })
}

/// `%add %sub %mul %div %mod %pow`.
pub(super) fn binary(b: Binary, t: &Dtype, x: &Atom, y: &Atom) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let (a, c) = (x.low_u128(), y.low_u128());
    let v = match b {
        Binary::Add => p::add(w, a, c),
        Binary::Sub => p::sub(w, a, c),
        Binary::Mul => p::mul(w, a, c),
        Binary::Div => p::div(w, a, c),
        Binary::Mod => unum_mod(w, a, c),
        Binary::Pow => unum_pow(w, a, c)?,
    };
    Ok(Atom::from_u128(v))
}

/// The posit comparisons (two's-complement order of the patterns; `equ` is pattern equality).
pub(super) fn compare(c: Compare, t: &Dtype, x: &Atom, y: &Atom) -> Result<bool, ScalarError> {
    let w = width(t)?;
    let (a, b) = (x.low_u128(), y.low_u128());
    Ok(match c {
        Compare::Gth => p::gth(w, a, b),
        Compare::Gte => p::gte(w, a, b),
        Compare::Lth => p::lth(w, a, b),
        Compare::Lte => p::lte(w, a, b),
        Compare::Equ => p::equ(w, a, b),
        Compare::Neq => p::neq(w, a, b),
    })
}

/// `%abs` (posit `abs`), `%conj` (identity); `Neg` is the posit `neg`.
pub(super) fn unary(u: Unary, t: &Dtype, x: &Atom) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    match u {
        Unary::Abs => Ok(Atom::from_u128(p::abs(w, x.low_u128()))),
        Unary::Conj => Ok(x.clone()),
        Unary::Neg => Ok(Atom::from_u128(p::neg(w, x.low_u128()))),
        _ => Err(not_routed(u, t)),
    }
}

/// The posit `fma`: `a·b + c` rounded once.
pub(super) fn fma(t: &Dtype, xs: [&Atom; 3]) -> Result<Atom, ScalarError> {
    let w = width(t)?;
    let [a, b, c] = xs.map(Atom::low_u128);
    Ok(Atom::from_u128(p::fma(w, a, b, c)))
}
