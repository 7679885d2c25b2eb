//! The IEEE 754 binary interchange formats at run time: [`Width`] (`@rh @rs
//! @rd @rq`), the one place urnum keeps a format's parameters (read from the
//! soft core's [`Format`]s), the bit patterns and predicates every layer
//! uses ([`canonical_nan`], [`one`], [`is_nan`], ...), and the soft core run
//! at a width ([`soft`]: one rounded operation, canonical NaN).
//!
//! This module sits under both the element kind `%i754`
//! (`softblas::scalar::i754`, which re-exports all of it) and the hardware
//! path ([`crate`], whose fallback for an element the host cannot decide
//! is [`soft`]); it imports neither.

pub mod arith;
pub mod by_width;
pub mod soft;

use softcore::{Binary128, Binary16, Binary32, Binary64, Format};

/// An IEEE 754 binary interchange format: the width of an `@rh @rs @rd @rq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Width {
    /// binary16, `@rh` (bloq 4).
    H,
    /// binary32, `@rs` (bloq 5).
    S,
    /// binary64, `@rd` (bloq 6).
    D,
    /// binary128, `@rq` (bloq 7).
    Q,
}

impl Width {
    /// Every width, narrowest first.
    pub const ALL: [Width; 4] = [Width::H, Width::S, Width::D, Width::Q];

    /// The width whose element is `2^bloq` bits (bloq 4..=7), or `None`.
    pub const fn from_bloq(bloq: u32) -> Option<Width> {
        match bloq {
            4 => Some(Width::H),
            5 => Some(Width::S),
            6 => Some(Width::D),
            7 => Some(Width::Q),
            _ => None,
        }
    }

    /// Of four values given narrowest first (`[h, s, d, q]`), the one of this
    /// width: how a per-width table is chosen.
    pub const fn pick<T: Copy>(self, of: [T; 4]) -> T {
        of[self.bloq() as usize - 4]
    }

    /// The bloq of this width: `log2(bits)`.
    pub const fn bloq(self) -> u32 {
        match self {
            Width::H => 4,
            Width::S => 5,
            Width::D => 6,
            Width::Q => 7,
        }
    }

    /// The number of bits of a value: 16, 32, 64 or 128.
    pub const fn bits(self) -> u32 {
        1 << self.bloq()
    }

    /// The number of exponent-field bits (`w` of `++ff`): 5, 8, 11 or 15.
    pub const fn exp_bits(self) -> u32 {
        match self {
            Width::H => Binary16::EXP,
            Width::S => Binary32::EXP,
            Width::D => Binary64::EXP,
            Width::Q => Binary128::EXP,
        }
    }

    /// The number of fraction-field bits (`p` of `++ff`): 10, 23, 52 or 112.
    pub const fn frac_bits(self) -> u32 {
        match self {
            Width::H => Binary16::FRAC,
            Width::S => Binary32::FRAC,
            Width::D => Binary64::FRAC,
            Width::Q => Binary128::FRAC,
        }
    }

    /// The precision in bits, the hidden bit included: `frac_bits + 1`.
    pub const fn precision(self) -> u32 {
        self.frac_bits() + 1
    }

    /// The exponent bias (`b` of `++ff`), which is also the largest unbiased exponent.
    pub const fn bias(self) -> u32 {
        (1 << (self.exp_bits() - 1)) - 1
    }

    /// All `bits()` bits set.
    pub const fn mask(self) -> u128 {
        u128::MAX >> (128 - self.bits())
    }

    /// The sign bit alone.
    pub const fn sign_bit(self) -> u128 {
        1 << (self.bits() - 1)
    }

    /// The exponent field, all ones (the bits of +∞).
    pub const fn exp_mask(self) -> u128 {
        ((1 << self.exp_bits()) - 1) << self.frac_bits()
    }

    /// The fraction field, all ones.
    pub const fn frac_mask(self) -> u128 {
        (1 << self.frac_bits()) - 1
    }
}

/// The NaN every Hoon float operation returns: positive, quiet, only the top
/// fraction bit set (`0x7e00`, `0x7fc0.0000`, `0x7ff8.0000.0000.0000`, `0x7fff.8000.…`).
pub const fn canonical_nan(w: Width) -> u128 {
    w.exp_mask() | 1 << (w.frac_bits() - 1)
}

/// Positive zero (all bits clear).
pub const fn zero(_w: Width) -> u128 {
    0
}

/// Negative zero (only the sign bit set).
pub const fn neg_zero(w: Width) -> u128 {
    w.sign_bit()
}

/// The value 1.
pub const fn one(w: Width) -> u128 {
    (w.bias() as u128) << w.frac_bits()
}

/// The value −1.
pub const fn neg_one(w: Width) -> u128 {
    one(w) | w.sign_bit()
}

/// Positive infinity.
pub const fn inf(w: Width) -> u128 {
    w.exp_mask()
}

/// Negative infinity.
pub const fn neg_inf(w: Width) -> u128 {
    w.exp_mask() | w.sign_bit()
}

/// The largest finite value (`lfn` of `++fl`): `(2 − 2^−p)·2^bias`.
pub const fn max_finite(w: Width) -> u128 {
    w.exp_mask() - 1
}

/// The smallest positive normal value, `2^(1−bias)`.
pub const fn min_normal(w: Width) -> u128 {
    1 << w.frac_bits()
}

/// The smallest positive subnormal value (`spd` of `++fl`).
pub const fn min_subnormal(_w: Width) -> u128 {
    1
}

/// The positive special values of `w` that tests draw operands from: +0,
/// +∞, the canonical NaN, a quiet NaN carrying `payload` in its low bits, the
/// signalling NaN `+∞ | 1`, the least subnormal, the least normal, the
/// greatest finite value and 1.
pub const fn specials(w: Width, payload: u128) -> [u128; 9] {
    [
        zero(w),
        inf(w),
        canonical_nan(w),
        canonical_nan(w) | payload,
        inf(w) | 1,
        min_subnormal(w),
        min_normal(w),
        max_finite(w),
        one(w),
    ]
}

/// The value `2^k`, for `1 − bias <= k <= bias` (a normal power of two).
pub const fn pow2(w: Width, k: i32) -> u128 {
    debug_assert!(k >= 1 - w.bias() as i32 && k <= w.bias() as i32);
    ((k + w.bias() as i32) as u128) << w.frac_bits()
}

/// Whether `a` is a NaN (any payload, either sign, quiet or signalling).
#[inline]
pub const fn is_nan(w: Width, a: u128) -> bool {
    a & w.exp_mask() == w.exp_mask() && a & w.frac_mask() != 0
}

/// Whether `a` is +∞ or −∞.
pub const fn is_inf(w: Width, a: u128) -> bool {
    a & (w.mask() & !w.sign_bit()) == w.exp_mask()
}

/// Whether `a` is +0 or −0.
pub const fn is_zero(w: Width, a: u128) -> bool {
    a & (w.mask() & !w.sign_bit()) == 0
}

/// Whether `a` is finite (neither infinite nor NaN).
pub const fn is_finite(w: Width, a: u128) -> bool {
    a & w.exp_mask() != w.exp_mask()
}

/// Whether the sign bit of `a` is clear: Hoon's `++sig` (`&` for +0, +∞ and positive NaNs).
pub const fn sig(w: Width, a: u128) -> bool {
    a & w.sign_bit() == 0
}

/// The unbiased exponent field of `a`: Hoon's `++exp` (field − bias; −bias for zeros and subnormals).
pub const fn exponent(w: Width, a: u128) -> i64 {
    ((a & w.exp_mask()) >> w.frac_bits()) as i64 - w.bias() as i64
}

/// `x` with any NaN replaced by the canonical NaN (Hoon's `++bif` of `[%n ~]`).
pub const fn canon(w: Width, x: u128) -> u128 {
    if is_nan(w, x) {
        canonical_nan(w)
    } else {
        x & w.mask()
    }
}
