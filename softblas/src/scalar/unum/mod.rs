//! Element kind `unum`: posits with es = 2 and their quire, bit for bit as `/lib/unum` computes them.
//!
//! Ports the door `++pp` of `urbit/numerics:libmath/desk/lib/unum.hoon@96f3cfe` (and, for the
//! elementary functions, of `lagoon/nockapp/hoon/lib/unum.hoon@bcb316c`: see [`UnumRev`]) and its
//! specialisations `rpb rph rps rpd rpq` (posit8/16/32/64 of the 2022 Posit Standard, and the
//! non-standard posit128 the Hoon defines the same way). A posit travels as the low `n` bits of a
//! `u128`; every operation reads only those bits (as `+sea` masks with `msk`), so a caller that
//! must reproduce the Hoon on wider atoms rejects them first (the registry does).
//!
//! | module | arms |
//! |---|---|
//! | [`codec`] | `+sea` (decode), `+bit` (encode: nearest-even on the bit string, saturating) |
//! | [`arith`] | `add sub mul div sqt fma neg abs sgn`, the comparisons, `is-close`, `isqt` |
//! | [`integer`] | `round rnd flr cel toi sun san` |
//! | [`quire`] | `p-to-q q-to-p q-mul-add q-mul-sub q-add-p q-sub-p q-negate q-add-q q-sub-q fdp` |
//! | [`ieee`] | `to-rh to-rs to-rd to-rq from-rh from-rs from-rd from-rq` |
//! | `word` | the fixed-width codec (`+sea`, `+bit`) and the allocation-free `add mul div sqt` of posit8 to posit64 on `u64`/`u128` carriers (same bits as [`arith`]'s `big_*`) |
//! | [`arms`] | the catalogue: each arm's name, sample, product and function |
//! | [`consts`] | `zero one nar maxpos minpos huge tiny pi tau e phi sqt2 invsqt2 log2 invlog2 log10` |
//! | [`fns`] | the elementary functions of `96f3cfe`, and [`fns::Unary`] over both revisions |
//! | [`reduced`] | the elementary functions of `bcb316c` and their exact helpers (`gmul gadd gdiv sc lr atan-core` …) |
//!
//! Every arithmetic result is one exact computation on the decoded ("g-layer") values followed by
//! one `+bit` rounding, as in the Hoon. The transcendental arms (`exp log sin cos tan asin acos
//! atan pow cbrt log-2 log-10`) differ between the two revisions of the text: [`fns`] has
//! `96f3cfe`'s fixed-length series where every step is one rounded posit operation, [`reduced`]
//! has `bcb316c`'s exact reduction with one final rounding. The caller picks one with a
//! [`UnumRev`]; every other arm (`pow-n` and `factorial` included) is the same text in both.

pub mod arith;
pub mod arms;
pub mod codec;
pub mod consts;
pub mod fns;
pub mod ieee;
pub mod integer;
pub mod quire;
pub mod reduced;
pub(crate) mod word;

pub use arith::{
    abs, add, div, equ, fma, gte, gth, is_close, isqt, lte, lth, mul, neg, neq, sgn, sqt, sub,
};
pub use codec::{bit, sea};
pub use consts::Const;
pub use fns::pow_at;
pub use ieee::{from_ieee, to_ieee, Ieee};
pub use integer::{cel, flr, rnd, round, san, sun, toi, Mode};
pub use quire::{
    fdp, p_to_q, q_add_p, q_add_q, q_mul_add, q_mul_sub, q_negate, q_sub_p, q_sub_q, q_to_p,
};

use num_bigint::BigUint;
use thiserror::Error;

pub use crate::unum_rev::UnumRev;

/// The width of a posit: one of the doors `rpb rph rps rpd rpq` (`bloq` 3 to 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Width {
    /// posit8, door `rpb` (bloq 3).
    P8,
    /// posit16, door `rph` (bloq 4).
    P16,
    /// posit32, door `rps` (bloq 5).
    P32,
    /// posit64, door `rpd` (bloq 6).
    P64,
    /// posit128, door `rpq` (bloq 7; beyond the 2022 standard, defined by the same rules).
    P128,
}

impl Width {
    /// Every width, narrowest first.
    pub const ALL: [Width; 5] = [Width::P8, Width::P16, Width::P32, Width::P64, Width::P128];

    /// The door's `bloq` (log2 of the width).
    pub const fn bloq(self) -> u32 {
        match self {
            Width::P8 => 3,
            Width::P16 => 4,
            Width::P32 => 5,
            Width::P64 => 6,
            Width::P128 => 7,
        }
    }

    /// The width for `bloq`, if it is 3 to 7.
    pub const fn from_bloq(bloq: u32) -> Option<Width> {
        match bloq {
            3 => Some(Width::P8),
            4 => Some(Width::P16),
            5 => Some(Width::P32),
            6 => Some(Width::P64),
            7 => Some(Width::P128),
            _ => None,
        }
    }

    /// The Hoon door of this width (`rpb rph rps rpd rpq`).
    pub const fn door(self) -> &'static str {
        match self {
            Width::P8 => "rpb",
            Width::P16 => "rph",
            Width::P32 => "rps",
            Width::P64 => "rpd",
            Width::P128 => "rpq",
        }
    }

    /// The width whose door is named `door`.
    pub fn from_door(door: &str) -> Option<Width> {
        Width::ALL.into_iter().find(|w| w.door() == door)
    }

    /// `n`, the number of bits of a posit (`++n`).
    pub const fn n(self) -> u32 {
        1 << self.bloq()
    }

    /// `msk`, the low `n` bits set.
    pub const fn mask(self) -> u128 {
        u128::MAX >> (128 - self.n())
    }

    /// `nar`, Not a Real: only the sign bit set.
    pub const fn nar(self) -> u128 {
        1 << (self.n() - 1)
    }

    /// `maxpos`, the largest posit (`huge`): every bit but the sign set.
    pub const fn maxpos(self) -> u128 {
        self.nar() - 1
    }

    /// `minpos`, the smallest positive posit (`tiny`): the pattern 1.
    pub const fn minpos(self) -> u128 {
        1
    }

    /// `one`, the posit 1.0: `+bit` of `[%p & --0 1]`, the pattern `01` followed by zeros.
    pub const fn one(self) -> u128 {
        1 << (self.n() - 2)
    }
}

/// A decoded posit, Hoon's `+$up`: a real `(-1)^!s · a · 2^e`, zero, or NaR.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Up {
    /// `[%p s e a]`: `s` true for non-negative, exponent `e`, integer significand `a`.
    P {
        /// The sign, Hoon's `%.y` (true) for non-negative.
        s: bool,
        /// The binary exponent.
        e: i64,
        /// The integer significand (hidden bit included); 0 encodes as zero.
        a: BigUint,
    },
    /// `[%z ~]`, zero.
    Z,
    /// `[%n ~]`, Not a Real.
    N,
}

/// Why a `/lib/unum` arm crashed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum UnumError {
    /// `q-negate` (or `q-sub-q` through it) was given a quire atom above `2^(16n)`, so `(sub qmod q)` underflows.
    #[error("q-negate: quire atom exceeds 2^(16n), subtraction underflows")]
    QuireTooWide,
}

/// A decoded posit with its significand held in a machine word `C` (every posit's fits in 125
/// bits; posit8 to posit32's in 28).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dec<C = u128> {
    /// A non-zero real: sign (true = non-negative), exponent, significand.
    P(bool, i64, C),
    /// Zero.
    Z,
    /// Not a Real.
    N,
}
