//! binary16 ↔ binary64 by integer operations on the bits (the host has no
//! portable `f16` arithmetic): widening is exact, narrowing rounds to nearest,
//! ties to even, as IEEE 754 `convertFormat` does.

/// The binary64 value of the binary16 bits `h` (exact; a NaN keeps its payload's top bits).
#[inline(always)]
pub fn widen(h: u16) -> f64 {
    let sign = u64::from(h & 0x8000) << 48;
    let e = u64::from((h >> 10) & 0x1f);
    let m = u64::from(h & 0x3ff);
    if e == 0 {
        // Subnormal or zero: m · 2^-24, exact in binary64.
        let v = f64::from_bits(sign | 0x3ff0_0000_0000_0000) * (m as f64);
        v * f64::from_bits(0x3e70_0000_0000_0000) // 2^-24
    } else if e == 31 {
        f64::from_bits(sign | 0x7ff0_0000_0000_0000 | m << 42)
    } else {
        f64::from_bits(sign | (e + 1008) << 52 | m << 42)
    }
}

/// The binary16 bits nearest `x` (ties to even), `0x7e00` for a NaN; past
/// the largest finite value by half an ulp or more, ±∞.
#[inline(always)]
pub fn narrow(x: f64) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 48) & 0x8000) as u16;
    let mag = b & 0x7fff_ffff_ffff_ffff;
    if mag > 0x7ff0_0000_0000_0000 {
        return 0x7e00;
    }
    let e = (mag >> 52) as i64;
    let frac = mag & ((1 << 52) - 1);
    // The f16 value as an integer count of units (the result's ulp), with the
    // dropped low bits `rem` out of `1 << sh`.
    let (base, sig, sh) = if e >= 1009 {
        // Normal f16 range (exponent >= -14): keep 10 fraction bits.
        let he = (e - 1008) as u64;
        if he >= 31 {
            return sign | 0x7c00;
        }
        (he << 10, frac, 42u32)
    } else if e == 0 {
        // binary64 subnormal or zero: far below half the smallest f16 subnormal.
        return sign;
    } else {
        // Units of 2^-24: sig · 2^(e − 1075 + 24).
        let sh = (1051 - e) as u32; // >= 43
        if sh > 54 {
            return sign;
        }
        (0, frac | 1 << 52, sh)
    };
    let kept = base | sig >> sh;
    let rem = sig & ((1u64 << sh) - 1);
    let half = 1u64 << (sh - 1);
    let up = rem > half || (rem == half && kept & 1 == 1);
    // A carry out of the fraction moves to the next binade (or to +∞), as it should.
    sign | (kept + u64::from(up)) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widen_then_narrow_is_the_identity_on_non_nans() {
        for h in 0..=u16::MAX {
            let is_nan = h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
            if !is_nan {
                assert_eq!(narrow(widen(h)), h, "{h:#06x}");
            }
        }
    }

    #[test]
    fn narrow_rounds_ties_to_even_and_overflows_at_half_an_ulp() {
        // 1 + 2^-11 is the tie between 1 and 1 + 2^-10: even is 1.
        assert_eq!(narrow(1.0 + f64::from_bits(0x3f40_0000_0000_0000)), 0x3c00);
        // 65520 = max + half ulp rounds to +inf; just below stays max.
        assert_eq!(narrow(65520.0), 0x7c00);
        assert_eq!(narrow(65519.99), 0x7bff);
        // 2^-25 is the tie between 0 and the smallest subnormal: even is 0.
        assert_eq!(narrow(f64::from_bits(0x3e60_0000_0000_0000)), 0);
        assert_eq!(narrow(-f64::from_bits(0x3e60_0000_0000_0001)), 0x8001);
    }
}
