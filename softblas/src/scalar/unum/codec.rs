//! The posit codec: `+sea` (decode a pattern exactly) and `+bit` (encode an exact value).
//!
//! Ports `++sea`, `++bit` and `++smag` of `libmath/desk/lib/unum.hoon@96f3cfe`. Decoding splits
//! the `n−1` bits after the sign into a regime run, up to two exponent bits (missing ones are
//! zero) and the fraction. Encoding rebuilds that bit string for the exact value, keeps its top
//! `n−1` bits and rounds to nearest with ties to an even pattern (guard, sticky and last kept
//! bit), saturating to ±maxpos above and ±minpos below, so no real rounds to zero or NaR.

use super::{Dec, Up, Width};
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
    match decode(w, p) {
        Dec::N | Dec::P(false, _, _) => Err(w.nar()),
        Dec::Z => Err(0),
        // A significand has at most n − 3 bits, so doubling it stays in a `u128`.
        Dec::P(true, e, a) if e.unsigned_abs() & 1 == 1 => Ok((e - 1, a << 1)),
        Dec::P(true, e, a) => Ok((e, a)),
    }
}

/// Decodes the low `n` bits of `p` with the significand in a `u128`.
pub(crate) fn decode(w: Width, p: u128) -> Dec {
    let n = w.n();
    let p = p & w.mask();
    if p == 0 {
        return Dec::Z;
    }
    if p == w.nar() {
        return Dec::N;
    }
    let neg = (p >> (n - 1)) & 1 == 1;
    let mag = if neg { p.wrapping_neg() & w.mask() } else { p };
    let pw = n - 1;
    let r0 = (mag >> (pw - 1)) & 1;
    let regime = |k: u32| -> i64 {
        if r0 == 1 {
            i64::from(k) - 1
        } else {
            -i64::from(k)
        }
    };
    let mut k: u32 = 1;
    loop {
        if k == pw {
            return Dec::P(!neg, 4 * regime(k), 1);
        }
        if (mag >> (pw - 1 - k)) & 1 != r0 {
            break;
        }
        k += 1;
    }
    let r = regime(k);
    let remwid = pw - (k + 1);
    let rem = mag & low_mask(remwid);
    let elo = match remwid {
        0 => 0,
        1 => 2 * rem,
        _ => rem >> (remwid - 2),
    };
    let fw = remwid.saturating_sub(2);
    let frac = rem & low_mask(fw);
    let x = 4 * r + i64::try_from(elo).unwrap_or(0);
    Dec::P(!neg, x - i64::from(fw), (1u128 << fw) + frac)
}

/// The low `k` bits set (`k` < 128).
pub(super) fn low_mask(k: u32) -> u128 {
    (1u128 << k) - 1
}

/// The regime and exponent fields of a value whose leading bit has weight
/// `2^x`: `(regime bits, regime width, exponent bits)`, or, as `Err`, the
/// saturated pattern (`±maxpos`, `±minpos`) when the regime does not fit `w`.
pub(super) fn regime(w: Width, neg: bool, x: i128) -> Result<(u128, u64, u64), u128> {
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
pub(crate) fn smag(w: Width, neg: bool, mag: u128) -> u128 {
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
