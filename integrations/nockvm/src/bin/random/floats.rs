//! IEEE 754 bit patterns of width 16, 32, 64 or 128 that the driver's
//! draws make and test: small exact values, special values, and the classes
//! a case is kept or dropped by.

use hoon::noun::Noun as HNoun;
use softblas::Atom as UAtom;
use urnum_cli::rng::SplitMix64;

/// The exponent and fraction widths of the IEEE 754 format of `w` bits (16,
/// 32, 64, else 128).
pub(crate) fn ieee_format(w: u32) -> (u32, u32) {
    match w {
        16 => (5, 10),
        32 => (8, 23),
        64 => (11, 52),
        _ => (15, 112),
    }
}

/// The float of width `w` holding `x`, a value exactly representable there
/// (small dyadic rationals: the grids [`lagoon_cases`](super::cases::lagoon_cases) draws from).
pub(crate) fn float_from_f64(x: f64, w: u32) -> u128 {
    let (ew, p) = ieee_format(w);
    let sign = if x.is_sign_negative() {
        1u128 << (w - 1)
    } else {
        0
    };
    if x == 0.0 {
        return sign;
    }
    let b = x.abs().to_bits();
    let e = ((b >> 52) & 0x7ff) as i64 - 1023;
    let m = u128::from(b & ((1u64 << 52) - 1));
    let bias = (1i64 << (ew - 1)) - 1;
    let frac = if p >= 52 {
        m << (p - 52)
    } else {
        m >> (52 - p)
    };
    sign | (((e + bias) as u128) << p) | frac
}

/// Whether a `%i754` ray noun holds ±inf, NaN or ±max.
pub(crate) fn ray_extreme(n: &HNoun) -> bool {
    let (Some(bloq), Some(data)) = (
        n.slot(10).and_then(HNoun::as_atom).and_then(UAtom::as_u64),
        n.slot(3).and_then(HNoun::as_atom),
    ) else {
        return false;
    };
    let w = 1u32 << bloq;
    if !(16..=128).contains(&w) {
        return false;
    }
    let total = data.bit_len().saturating_sub(1) as u64;
    (0..total / u64::from(w)).any(|i| extreme_float(data.bits_u128(i * u64::from(w), w), w))
}

/// A float of width `w`: a special value, a moderate magnitude, or random bits.
pub(crate) fn float_draw(r: &mut SplitMix64, w: u32) -> u128 {
    let (ew, p) = ieee_format(w);
    let sign = 1u128 << (w - 1);
    let exp_all = ((1u128 << ew) - 1) << p;
    let bias = (1u128 << (ew - 1)) - 1;
    let one = bias << p;
    let specials = [
        0,
        sign,
        exp_all,
        exp_all | sign,
        exp_all | (1u128 << (p - 1)),
        one,
        one | sign,
        exp_all - 1,
        1,
        1u128 << p,
    ];
    let mask = if w == 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    };
    match r.below(4) {
        0 => specials[r.below(specials.len() as u64) as usize],
        1 => {
            let e = bias - 8 + u128::from(r.below(17) as u8);
            let s = if r.below(2) == 0 { 0 } else { sign };
            s | (e << p) | (r.bits(p) & ((1u128 << p) - 1))
        }
        _ => r.bits(w) & mask,
    }
}

/// Whether a float of width `w` is ±inf, NaN or ±max (a directed-mode overflow risk).
pub(crate) fn extreme_float(x: u128, w: u32) -> bool {
    let (ew, p) = ieee_format(w);
    let e = (x >> p) & ((1u128 << ew) - 1);
    let f = x & ((1u128 << p) - 1);
    e == (1u128 << ew) - 1 || (e == (1u128 << ew) - 2 && f == (1u128 << p) - 1)
}

/// The float of width `w` holding the integer `k` (small `k`).
pub(crate) fn float_int(k: u64, w: u32) -> u128 {
    let (_, p) = ieee_format(w);
    let bias = match w {
        16 => 15u128,
        32 => 127,
        64 => 1023,
        _ => 16383,
    };
    if k == 0 {
        return 0;
    }
    let msb = 63 - k.leading_zeros();
    let frac = (u128::from(k) << (p - msb)) & ((1u128 << p) - 1);
    ((bias + u128::from(msb)) << p) | frac
}

/// The integer a float of width `w` holds, if it is a nonnegative integer below 2^64.
pub(crate) fn float_as_uint(x: u128, w: u32) -> Option<u64> {
    let (ew, p) = ieee_format(w);
    if x >> (w - 1) != 0 {
        return None;
    }
    let bias = (1i64 << (ew - 1)) - 1;
    let e = ((x >> p) & ((1u128 << ew) - 1)) as i64;
    if e == (1i64 << ew) - 1 {
        return None;
    }
    if x == 0 {
        return Some(0);
    }
    let m = (x & ((1u128 << p) - 1)) | (1u128 << p);
    let sh = e - bias - i64::from(p);
    if sh >= 0 {
        if sh > 63 {
            return None;
        }
        let v = m.checked_shl(sh as u32)?;
        u64::try_from(v).ok()
    } else {
        let s = (-sh) as u32;
        if s > 127 || m & ((1u128 << s) - 1) != 0 {
            return None;
        }
        u64::try_from(m >> s).ok()
    }
}

/// Whether a float of width `w` is a NaN.
pub(crate) fn is_nan_float(x: u128, w: u32) -> bool {
    let (ew, p) = ieee_format(w);
    (x >> p) & ((1u128 << ew) - 1) == (1u128 << ew) - 1 && x & ((1u128 << p) - 1) != 0
}

/// Whether a float of width `w` is a positive integer (any magnitude, +inf excluded).
pub(crate) fn is_pos_int_float(x: u128, w: u32) -> bool {
    let (ew, p) = ieee_format(w);
    if x >> (w - 1) != 0 || x == 0 {
        return false;
    }
    let bias = (1i64 << (ew - 1)) - 1;
    let e = ((x >> p) & ((1u128 << ew) - 1)) as i64;
    if e == (1i64 << ew) - 1 {
        return false;
    }
    let unbiased = e - bias;
    if unbiased < 0 {
        return false;
    }
    if unbiased >= i64::from(p) {
        return true;
    }
    let frac_bits = (i64::from(p) - unbiased) as u32;
    x & ((1u128 << frac_bits) - 1) == 0
}
