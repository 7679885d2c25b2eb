//! The `/lib/math` op ids of the ABI (`URNUM_MATH_*`), the values
//! [`urnum_math`](crate::math::urnum_math) takes as `op`. Stable: never
//! renumber or reuse an id.
//!
//! [`MATH_ABI`] is the table to edit (append a line to serve an arm of
//! `softblas::math::arms`); the constants below it are written from it and
//! from the catalogue by `ffi/tests/catalogue.rs`, which fails when they are
//! stale and rewrites them with `URNUM_BLESS=1`. They are plain constants so
//! that cbindgen puts them in `include/urnum.h`.

/// The ABI's `/lib/math` ops: each Hoon arm name and its id.
pub static MATH_ABI: &[(&str, u32)] = &[
    ("exp", 1),
    ("log", 2),
    ("log-2", 3),
    ("log-10", 4),
    ("sin", 5),
    ("cos", 6),
    ("tan", 7),
    ("asin", 8),
    ("acos", 9),
    ("atan", 10),
    ("sqt", 11),
    ("cbt", 12),
    ("atan2", 13),
    ("pow", 14),
    ("pow-n", 15),
    ("factorial", 16),
    ("add", 20),
    ("sub", 21),
    ("mul", 22),
    ("div", 23),
    ("fma", 24),
    ("neg", 25),
    ("abs", 26),
    ("lth", 30),
    ("lte", 31),
    ("gth", 32),
    ("gte", 33),
    ("equ", 34),
    ("neq", 35),
    ("is-close", 36),
    ("is-int", 37),
    ("sig", 38),
    ("mod", 40),
    ("round", 41),
    ("round-places", 42),
    ("round-bankers", 43),
    ("sun", 50),
    ("san", 51),
    ("tau", 60),
    ("pi", 61),
    ("e", 62),
    ("phi", 63),
    ("sqt2", 64),
    ("invsqt2", 65),
    ("log2", 66),
    ("invlog2", 67),
    ("log10", 68),
    ("huge", 69),
    ("tiny", 70),
];

// ----- written by ffi/tests/catalogue.rs from the ABI table and softblas::math::arms -----

/// `urnum_math` op: `+exp`, a float to a float.
pub const URNUM_MATH_EXP: u32 = 1;
/// `urnum_math` op: `+log`, a float to a float.
pub const URNUM_MATH_LOG: u32 = 2;
/// `urnum_math` op: `+log-2`, a float to a float.
pub const URNUM_MATH_LOG_2: u32 = 3;
/// `urnum_math` op: `+log-10`, a float to a float.
pub const URNUM_MATH_LOG_10: u32 = 4;
/// `urnum_math` op: `+sin`, a float to a float.
pub const URNUM_MATH_SIN: u32 = 5;
/// `urnum_math` op: `+cos`, a float to a float.
pub const URNUM_MATH_COS: u32 = 6;
/// `urnum_math` op: `+tan`, a float to a float.
pub const URNUM_MATH_TAN: u32 = 7;
/// `urnum_math` op: `+asin`, a float to a float.
pub const URNUM_MATH_ASIN: u32 = 8;
/// `urnum_math` op: `+acos`, a float to a float.
pub const URNUM_MATH_ACOS: u32 = 9;
/// `urnum_math` op: `+atan`, a float to a float.
pub const URNUM_MATH_ATAN: u32 = 10;
/// `urnum_math` op: `+sqt`, `+sqrt`, a float to a float.
pub const URNUM_MATH_SQT: u32 = 11;
/// `urnum_math` op: `+cbt`, `+cbrt`, a float to a float.
pub const URNUM_MATH_CBT: u32 = 12;
/// `urnum_math` op: `+atan2`, two floats to a float.
pub const URNUM_MATH_ATAN2: u32 = 13;
/// `urnum_math` op: `+pow`, two floats to a float.
pub const URNUM_MATH_POW: u32 = 14;
/// `urnum_math` op: `+pow-n`, two floats to a float.
pub const URNUM_MATH_POW_N: u32 = 15;
/// `urnum_math` op: `+factorial`, a float to a float.
pub const URNUM_MATH_FACTORIAL: u32 = 16;
/// `urnum_math` op: `+add`, two floats to a float.
pub const URNUM_MATH_ADD: u32 = 20;
/// `urnum_math` op: `+sub`, two floats to a float.
pub const URNUM_MATH_SUB: u32 = 21;
/// `urnum_math` op: `+mul`, two floats to a float.
pub const URNUM_MATH_MUL: u32 = 22;
/// `urnum_math` op: `+div`, two floats to a float.
pub const URNUM_MATH_DIV: u32 = 23;
/// `urnum_math` op: `+fma`, three floats to a float.
pub const URNUM_MATH_FMA: u32 = 24;
/// `urnum_math` op: `+neg`, a float to a float.
pub const URNUM_MATH_NEG: u32 = 25;
/// `urnum_math` op: `+abs`, `+arg`, a float to a float.
pub const URNUM_MATH_ABS: u32 = 26;
/// `urnum_math` op: `+lth`, two floats to a loobean (0 is `%.y`).
pub const URNUM_MATH_LTH: u32 = 30;
/// `urnum_math` op: `+lte`, `+leq`, two floats to a loobean (0 is `%.y`).
pub const URNUM_MATH_LTE: u32 = 31;
/// `urnum_math` op: `+gth`, two floats to a loobean (0 is `%.y`).
pub const URNUM_MATH_GTH: u32 = 32;
/// `urnum_math` op: `+gte`, `+geq`, two floats to a loobean (0 is `%.y`).
pub const URNUM_MATH_GTE: u32 = 33;
/// `urnum_math` op: `+equ`, two floats to a loobean (0 is `%.y`).
pub const URNUM_MATH_EQU: u32 = 34;
/// `urnum_math` op: `+neq`, two floats to a loobean (0 is `%.y`).
pub const URNUM_MATH_NEQ: u32 = 35;
/// `urnum_math` op: `+is-close`, two floats to a loobean (0 is `%.y`).
pub const URNUM_MATH_IS_CLOSE: u32 = 36;
/// `urnum_math` op: `+is-int`, a float to a loobean (0 is `%.y`).
pub const URNUM_MATH_IS_INT: u32 = 37;
/// `urnum_math` op: `+sig`, `+sgn`, a float to a loobean (0 is `%.y`).
pub const URNUM_MATH_SIG: u32 = 38;
/// `urnum_math` op: `+mod` (`rs` only), two floats to a float.
pub const URNUM_MATH_MOD: u32 = 40;
/// `urnum_math` op: `+round` (`rs rd` only), a float and an `@ud` to a float.
pub const URNUM_MATH_ROUND: u32 = 41;
/// `urnum_math` op: `+round-places` (`rs rd` only), a float and an `@ud` to a float.
pub const URNUM_MATH_ROUND_PLACES: u32 = 42;
/// `urnum_math` op: `+round-bankers` (`rs rd` only), a float to a float.
pub const URNUM_MATH_ROUND_BANKERS: u32 = 43;
/// `urnum_math` op: `+sun`, an `@ud` of at most 128 bits to a float.
pub const URNUM_MATH_SUN: u32 = 50;
/// `urnum_math` op: `+san`, an `@s` of at most 128 bits to a float.
pub const URNUM_MATH_SAN: u32 = 51;
/// `urnum_math` op: `+tau`, a constant.
pub const URNUM_MATH_TAU: u32 = 60;
/// `urnum_math` op: `+pi`, a constant.
pub const URNUM_MATH_PI: u32 = 61;
/// `urnum_math` op: `+e`, a constant.
pub const URNUM_MATH_E: u32 = 62;
/// `urnum_math` op: `+phi`, a constant.
pub const URNUM_MATH_PHI: u32 = 63;
/// `urnum_math` op: `+sqt2`, a constant.
pub const URNUM_MATH_SQT2: u32 = 64;
/// `urnum_math` op: `+invsqt2`, a constant.
pub const URNUM_MATH_INVSQT2: u32 = 65;
/// `urnum_math` op: `+log2`, a constant.
pub const URNUM_MATH_LOG2: u32 = 66;
/// `urnum_math` op: `+invlog2`, a constant.
pub const URNUM_MATH_INVLOG2: u32 = 67;
/// `urnum_math` op: `+log10`, a constant.
pub const URNUM_MATH_LOG10: u32 = 68;
/// `urnum_math` op: `+huge`, a constant.
pub const URNUM_MATH_HUGE: u32 = 69;
/// `urnum_math` op: `+tiny`, a constant.
pub const URNUM_MATH_TINY: u32 = 70;
