//! The parameters of a binary interchange format (IEEE 754-2019 §3.6) and
//! the decoding of its encodings.

/// One binary interchange format: its field widths and the constants derived from them.
pub trait Format {
    /// Width of the trailing significand field (`t` in IEEE 754 §3.3).
    const FRAC: u32;
    /// Width of the biased exponent field (`w`).
    const EXP: u32;
    /// Precision in bits, the implicit bit included.
    const P: u32 = Self::FRAC + 1;
    /// The exponent bias (`emax`).
    const BIAS: i32 = (1 << (Self::EXP - 1)) - 1;
    /// The exponent of the smallest normal number.
    const EMIN: i32 = 1 - Self::BIAS;
    /// The weight exponent of the least significant bit of a subnormal.
    const LSB_MIN: i32 = Self::EMIN - Self::FRAC as i32;
    /// The sign bit.
    const SIGN: u128 = 1 << (Self::FRAC + Self::EXP);
    /// All bits of an encoding.
    const MASK: u128 = u128::MAX >> (127 - Self::FRAC - Self::EXP);
    /// The trailing-significand field.
    const FRAC_MASK: u128 = (1 << Self::FRAC) - 1;
    /// Positive infinity (also the exponent field mask).
    const INF: u128 = ((1 << Self::EXP) - 1) << Self::FRAC;
    /// The quiet bit of a NaN (IEEE 754 §6.2.1: the first bit of the trailing significand).
    const QUIET: u128 = 1 << (Self::FRAC - 1);
    /// SoftFloat 8086-SSE's default NaN: sign set, quiet bit only.
    const DEFAULT_NAN: u128 = Self::SIGN | Self::INF | Self::QUIET;
}

/// Declares a binary interchange format: its unit type and its two field widths.
macro_rules! interchange {
    ($($(#[$doc:meta])* $name:ident: $frac:literal, $exp:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $name;
        impl Format for $name {
            const FRAC: u32 = $frac;
            const EXP: u32 = $exp;
        }
    )*};
}

interchange! {
    /// IEEE 754 binary16.
    Binary16: 10, 5;
    /// IEEE 754 binary32.
    Binary32: 23, 8;
    /// IEEE 754 binary64.
    Binary64: 52, 11;
    /// IEEE 754 binary128.
    Binary128: 112, 15;
}

/// Whether `a` (masked) is a NaN.
#[inline(always)]
pub(super) fn is_nan<F: Format>(a: u128) -> bool {
    a & !F::SIGN > F::INF
}

/// Whether the sign bit of `a` is set.
#[inline(always)]
pub(super) fn sign<F: Format>(a: u128) -> bool {
    a & F::SIGN != 0
}

/// The sign bit of `F` when `s`, else 0.
#[inline(always)]
pub(super) fn sign_bits<F: Format>(s: bool) -> u128 {
    if s {
        F::SIGN
    } else {
        0
    }
}

/// A finite nonzero `a` as `(e, m)` with value `m × 2^e` (`m` holds the implicit bit of a normal).
#[inline(always)]
pub(super) fn finite<F: Format>(a: u128) -> (i32, u128) {
    let field = ((a >> F::FRAC) & ((1 << F::EXP) - 1)) as i32;
    let frac = a & F::FRAC_MASK;
    if field == 0 {
        (F::LSB_MIN, frac)
    } else {
        (field - F::BIAS - F::FRAC as i32, frac | 1 << F::FRAC)
    }
}

/// The unbiased exponent of a normal `a` (masked), or `None` for a zero,
/// subnormal, infinity or NaN: one test that routes both operands of a fast
/// path past every special case.
#[inline(always)]
pub(super) fn field_normal<F: Format>(a: u128) -> Option<i32> {
    let field = ((a >> F::FRAC) as u32) & ((1 << F::EXP) - 1);
    if field.wrapping_sub(1) < (1 << F::EXP) - 2 {
        Some(field as i32 - F::BIAS)
    } else {
        None
    }
}

/// `finite` with `m` shifted so its leading bit is at `P − 1` (subnormals normalised).
#[inline(always)]
pub(super) fn normal<F: Format>(a: u128) -> (i32, u128) {
    let (e, m) = finite::<F>(a);
    let s = m.leading_zeros() - (128 - F::P);
    (e - s as i32, m << s)
}

/// SoftFloat 8086-SSE NaN propagation: the first NaN of `a`, `b`, quieted.
#[inline(always)]
pub(super) fn propagate<F: Format>(a: u128, b: u128) -> u128 {
    (if is_nan::<F>(a) { a } else { b }) | F::QUIET
}

/// The zero an exact cancellation gives (IEEE 754 §6.3): `−0` in roundTowardNegative only.
#[inline(always)]
pub(super) fn cancel_zero<F: Format>(r: crate::round::Round) -> u128 {
    sign_bits::<F>(r == crate::round::Round::D)
}

/// The operands of a product or quotient, masked to `F`, with the result's
/// sign and both magnitudes.
#[derive(Clone, Copy)]
pub(super) struct Factors {
    /// The result's sign: the operands' signs differ.
    pub s: bool,
    /// `|a|`.
    pub ma: u128,
    /// `|b|`.
    pub mb: u128,
}

/// The [`Factors`] of `a` and `b`, or (`Err`) the NaN a NaN operand propagates.
#[inline(always)]
pub(super) fn factors<F: Format>(a: u128, b: u128) -> Result<Factors, u128> {
    let (a, b) = (a & F::MASK, b & F::MASK);
    if is_nan::<F>(a) || is_nan::<F>(b) {
        return Err(propagate::<F>(a, b));
    }
    Ok(Factors {
        s: sign::<F>(a) != sign::<F>(b),
        ma: a & !F::SIGN,
        mb: b & !F::SIGN,
    })
}

/// A one-operand operation's operand masked to `F` with its magnitude, or
/// (`Err`) the quieted NaN it propagates.
#[inline(always)]
pub(super) fn operand<F: Format>(a: u128) -> Result<(u128, u128), u128> {
    let a = a & F::MASK;
    if is_nan::<F>(a) {
        return Err(propagate::<F>(a, 0));
    }
    Ok((a, a & !F::SIGN))
}
