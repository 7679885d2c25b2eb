//! The posit codec: `+sea` (decode a pattern exactly) and `+bit` (encode an exact value).
//!
//! Ports `++sea`, `++bit` and `++smag` of `libmath/desk/lib/unum.hoon@96f3cfe`. Decoding splits
//! the `n−1` bits after the sign into a regime run, up to two exponent bits (missing ones are
//! zero) and the fraction. Encoding rebuilds that bit string for the exact value, keeps its top
//! `n−1` bits and rounds to nearest with ties to an even pattern (guard, sticky and last kept
//! bit), saturating to ±maxpos above and ±minpos below, so no real rounds to zero or NaR.

use super::{word, Dec, Up, Width};
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

/// Decodes the low `n` bits of `p` into its exact g-layer value (`+sea`).
pub fn sea(w: Width, p: u128) -> Up {
    match decode(w, p) {
        Dec::Z => Up::Z,
        Dec::N => Up::N,
        Dec::P(s, e, a) => Up::P {
            s,
            e,
            a: BigUint::from(a),
        },
    }
}

/// Encodes `up` as a posit of width `w` (`+bit`): nearest-even on the bit string, saturating.
///
/// An exponent beyond ±2^62 saturates exactly as the Hoon's unbounded one would (the value is then
/// far outside ±maxpos or inside ±minpos whatever the significand).
pub fn bit(w: Width, up: &Up) -> u128 {
    match up {
        Up::Z => 0,
        Up::N => w.nar(),
        Up::P { s, e, a } => encode(w, *s, *e, a),
    }
}

/// `+sqt`'s operand: the exponent made even and the significand doubled with it when it was
/// odd, or (`Err`) the result for NaR and negative operands (NaR) and for zero (zero).
pub(crate) fn root_operand(w: Width, p: u128) -> Result<(i64, u128), u128> {
    word::root_operand::<u128>(w, p)
}

/// Decodes the low `n` bits of `p` with the significand in a `u128` ([`word::decode`]).
pub(crate) fn decode(w: Width, p: u128) -> Dec {
    word::decode::<u128>(w, p)
}

/// The regime and exponent fields of a value whose leading bit has weight
/// `2^x`: `(regime bits, regime width, exponent bits)`, or, as `Err`, the
/// saturated pattern (`±maxpos`, `±minpos`) when the regime does not fit `w`.
fn regime(w: Width, neg: bool, x: i128) -> Result<(u128, u64, u64), u128> {
    let n = i128::from(w.n());
    let r = x.div_euclid(4);
    if r >= n - 2 {
        return Err(smag(w, neg, w.maxpos()));
    }
    if r <= -(n - 1) {
        return Err(smag(w, neg, w.minpos()));
    }
    // |r| ≤ n − 2 here: the regime has at most n − 1 bits, so the shifts are small.
    let rmag = r.unsigned_abs() as u64;
    let (regval, regwid) = if r >= 0 {
        (((1u128 << (rmag + 1)) - 1) << 1, rmag + 2)
    } else {
        (1, rmag + 1)
    };
    Ok((regval, regwid, x.rem_euclid(4) as u64))
}

/// `+smag`: the pattern of `±mag`, two's complement when negative.
fn smag(w: Width, neg: bool, mag: u128) -> u128 {
    if neg {
        mag.wrapping_neg() & w.mask()
    } else {
        mag
    }
}

/// Encodes the exact value `(-1)^!s · a · 2^e` (`+bit` of `[%p s e a]`).
pub(crate) fn encode(w: Width, s: bool, e: i64, a: &BigUint) -> u128 {
    if a.is_zero() {
        return 0;
    }
    let neg = !s;
    let lead = a.bits() - 1;
    let (regval, regwid, elo) = match regime(w, neg, i128::from(e) + i128::from(lead)) {
        Ok(v) => v,
        Err(saturated) => return saturated,
    };
    let totw = regwid + 2 + lead;
    let mut frac = a.clone();
    frac.set_bit(lead, false);
    let head = (BigUint::from(regval) << 2u32) | BigUint::from(elo);
    let pay = (head << lead) | frac;
    let pw = u64::from(w.n() - 1);
    if totw <= pw {
        let mag = (pay << (pw - totw)).to_u128().unwrap_or(0);
        return smag(w, neg, mag);
    }
    let sh = totw - pw;
    let keep = (&pay >> sh).to_u128().unwrap_or(0);
    let guard = pay.bit(sh - 1);
    // pay is non-zero (its regime has a set bit), so trailing_zeros is Some.
    let sticky = pay.trailing_zeros().is_some_and(|t| t < sh - 1);
    let lsbit = keep & 1 == 1;
    let roundup = guard && (sticky || lsbit);
    let mut mag = if roundup { keep + 1 } else { keep };
    if mag > w.maxpos() {
        mag = w.maxpos();
    }
    smag(w, neg, mag)
}
