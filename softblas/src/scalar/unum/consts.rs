//! The constants of the posit doors: `zero one nar maxpos minpos huge tiny` and the mathematical
//! constants `pi tau e phi sqt2 invsqt2 log2 invlog2 log10`.
//!
//! Ports those arms of `libmath/desk/lib/unum.hoon@96f3cfe`. Each mathematical constant is
//! `+bit` of a fixed 54-bit significand `K` with exponent −52 (the value's Q2.52 fixed-point
//! bits), so it is correctly rounded only while the posit's fraction is narrower than those
//! bits: at posit64 and posit128 it is the 54-bit value, not the constant.

use super::codec::encode;
use super::Width;
use num_bigint::BigUint;

/// A named constant of a posit door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Const {
    /// `zero`, the pattern 0.
    Zero,
    /// `one`, the posit 1.0.
    One,
    /// `nar`, Not a Real.
    Nar,
    /// `maxpos` (also `huge`).
    Maxpos,
    /// `minpos` (also `tiny`).
    Minpos,
    /// `pi`, π.
    Pi,
    /// `tau`, 2π.
    Tau,
    /// `e`, Euler's number.
    E,
    /// `phi`, the golden ratio.
    Phi,
    /// `sqt2`, √2.
    Sqt2,
    /// `invsqt2`, 1/√2.
    Invsqt2,
    /// `log2`, ln 2.
    Log2,
    /// `invlog2`, 1/ln 2.
    Invlog2,
    /// `log10`, ln 10.
    Log10,
}

impl Const {
    /// Every constant.
    pub const ALL: [Const; 14] = [
        Const::Zero,
        Const::One,
        Const::Nar,
        Const::Maxpos,
        Const::Minpos,
        Const::Pi,
        Const::Tau,
        Const::E,
        Const::Phi,
        Const::Sqt2,
        Const::Invsqt2,
        Const::Log2,
        Const::Invlog2,
        Const::Log10,
    ];

    /// The constant named by the Hoon arm `name` (`huge` and `tiny` are `maxpos` and `minpos`).
    pub fn from_arm(name: &str) -> Option<Const> {
        Some(match name {
            "zero" => Const::Zero,
            "one" => Const::One,
            "nar" => Const::Nar,
            "maxpos" | "huge" => Const::Maxpos,
            "minpos" | "tiny" => Const::Minpos,
            "pi" => Const::Pi,
            "tau" => Const::Tau,
            "e" => Const::E,
            "phi" => Const::Phi,
            "sqt2" => Const::Sqt2,
            "invsqt2" => Const::Invsqt2,
            "log2" => Const::Log2,
            "invlog2" => Const::Invlog2,
            "log10" => Const::Log10,
            _ => return None,
        })
    }

    /// The 54-bit significand `K` (value `K · 2^−52`) of a mathematical constant.
    const fn q52(self) -> Option<u64> {
        match self {
            Const::Pi => Some(0x32_43f6_a888_5a31),
            Const::Tau => Some(0x64_87ed_5110_b461),
            Const::E => Some(0x2b_7e15_1628_aed3),
            Const::Phi => Some(0x19_e377_9b97_f4a8),
            Const::Sqt2 => Some(0x16_a09e_667f_3bcd),
            Const::Invsqt2 => Some(0xb_504f_333f_9de6),
            Const::Log2 => Some(0xb_1721_7f7d_1cf8),
            Const::Invlog2 => Some(0x17_1547_652b_82fe),
            Const::Log10 => Some(0x24_d763_776a_aa2b),
            _ => None,
        }
    }

    /// The constant's pattern at width `w`.
    pub fn bits(self, w: Width) -> u128 {
        match self {
            Const::Zero => 0,
            Const::One => w.one(),
            Const::Nar => w.nar(),
            Const::Maxpos => w.maxpos(),
            Const::Minpos => w.minpos(),
            _ => self
                .q52()
                .map_or(0, |k| encode(w, true, -52, &BigUint::from(k))),
        }
    }
}
