//! Conversions (IEEE 754-2019 §5.4.1 formatOf-convertFormat and
//! convertFromInt), SoftFloat's `fM_to_fN` and `ui64_to_fN`.

use super::format::{finite, is_nan, sign, sign_bits, Format};
use super::pack::round_pack;
use crate::round::Round;

/// `a` of format `S` converted to format `D`, rounded in `r`.
///
/// A NaN keeps its sign and its payload left-aligned (cut or padded at the
/// right) and is quieted, as SoftFloat's passage through its common NaN.
#[inline]
pub fn convert<S: Format, D: Format>(a: u128, r: Round) -> u128 {
    let a = a & S::MASK;
    let s = sign::<S>(a);
    if is_nan::<S>(a) {
        let payload = ((a & S::FRAC_MASK) << (128 - S::FRAC)) >> (128 - D::FRAC);
        return sign_bits::<D>(s) | D::INF | D::QUIET | payload;
    }
    let mag = a & !S::SIGN;
    if mag == S::INF {
        return sign_bits::<D>(s) | D::INF;
    }
    if mag == 0 {
        return sign_bits::<D>(s);
    }
    let (e, m) = finite::<S>(a);
    round_pack::<D>(s, e, m, r)
}

/// The unsigned integer `n` rounded to format `F` in `r` (`0` gives `+0`).
#[inline]
pub fn from_u64<F: Format>(n: u64, r: Round) -> u128 {
    if n == 0 {
        0
    } else {
        round_pack::<F>(false, 0, u128::from(n), r)
    }
}
