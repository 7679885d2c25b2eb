//! The elementary functions of the posit doors as `/lib/unum@96f3cfe` computes them: `exp sin cos
//! tan log log-2 log-10 pow pow-n cbrt factorial atan asin acos`, each step a rounded posit
//! operation; and [`Unary`], which names an elementary function and applies it at a [`UnumRev`].
//!
//! Ports those arms of `++pp` in `urbit/numerics:libmath/desk/lib/unum.hoon@96f3cfe` (the
//! doors `rpb rph rps rpd rpq`). `bcb316c`'s arms are in [`super::reduced`]; `pow-n` and
//! `factorial` are the same text in both revisions and live here. There is no range reduction and no extra precision: every
//! addition, product, quotient and root is one call of [`add`], [`mul`], [`div`], [`sqt`] (each
//! rounded once by `+bit`), in the Hoon's order, with the Hoon's fixed numbers of terms:
//!
//! | arm | what the Hoon computes |
//! |---|---|
//! | `exp` | `s = t = 1`; for `k = 1..20`: `t ← t ⊗ (x ⊘ k)`, `s ← s ⊕ t` |
//! | `sin` | `s = t = x`; for `j = 1..20`, `k = 2j`: `t ← −(t ⊗ ((x⊗x) ⊘ (k ⊗ (k+1))))`, `s ← s ⊕ t` |
//! | `cos` | `s = t = 1`; the same with `(k−1) ⊗ k` |
//! | `tan` | `sin x ⊘ cos x` |
//! | `log` | NaR for `x ≤ 0` (NaR included); `y = (x⊖1) ⊘ (x⊕1)`, `s = t = y`; for `j = 1..30`: `t ← t ⊗ y²`, `s ← s ⊕ ((1 ⊘ (2j+1)) ⊗ t)`; `2 ⊗ s` |
//! | `log-2`, `log-10` | `log x ⊘ log2`, `log x ⊘ log10` (the door's constants) |
//! | `pow` | `exp (y ⊗ log x)` |
//! | `pow-n` | NaR for NaR (even for `p = 0`); else `r = 1`, `p` times `r ← r ⊗ x` |
//! | `factorial` | NaR for NaR and `x < 0`; `t = 1`; while `x > 1`: `t ← t ⊗ x`, `x ← x ⊖ 1` |
//! | `cbrt` | NaR for NaR and `x < 0`, zero for zero; `pow x (1 ⊘ 3)` |
//! | `atan` | NaR for NaR; `rt = √(1 ⊕ x⊗x)`, `a = 1 ⊘ rt`, `b = 1`; 41 times `a' = (1⊘2) ⊗ (a⊕b)`, `b ← √(a'⊗b)`, `a ← a'`; `x ⊘ (rt ⊗ b)` |
//! | `asin` | NaR for NaR; `\|x\| < 1`: `atan (x ⊘ √(1 ⊖ x⊗x))`; `x = ±1`: `±(pi ⊗ (1⊘2))`; else NaR |
//! | `acos` | NaR for NaR; `x = 0`: `pi ⊗ (1⊘2)`; `0 < \|x\| < 1`: `atan (√(1 ⊖ x⊗x) ⊘ x)` (so negative `x` gives the negative angle); `x = 1`: zero; `x = −1`: `pi`; else NaR |
//!
//! Integers `k` are posits made by `+sun`; `−` is `+neg` (exact); comparisons are the
//! two's-complement order of the patterns, so NaR counts as below every real.
//!
//! None of these arms crashes. Two can loop without end: `factorial` when `x ⊖ 1` rounds back
//! to `x`, and `pow-n` for an exponent too large to count down (the Hoon takes `p` steps, `p`
//! unbounded). urnum returns the Hoon's value whenever the loop ends, jumping over steps that
//! provably cannot change it, and [`LoopError`] otherwise.

use super::arith::{abs, add, div, equ, lte, lth, mul, neg, sqt, sub};
use super::codec::decode;
use super::consts::Const;
use super::integer::sun;
use super::{reduced, Dec, UnumRev, Width};
use num_bigint::BigUint;
use thiserror::Error;

/// The most loop steps urnum simulates for `pow-n` and `factorial` before giving up, in
/// `/lib/unum` here and in `/lib/math` ([`crate::math::Door::pow_n`], [`crate::math::Door::factorial`]).
pub const STEP_LIMIT: u64 = 1 << 24;

/// Why a Hoon loop gives no value: it never ends, or it ends only after more
/// steps than urnum simulates ([`STEP_LIMIT`]). The error of `/lib/unum`'s
/// elementary functions, and of `/lib/math`'s `pow-n` and `factorial`
/// inside [`MathError::Loop`](crate::math::MathError::Loop).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum LoopError {
    /// The Hoon loops forever on this input.
    #[error("{arm}: the Hoon never terminates here ({why})")]
    Diverges {
        /// The looping arm.
        arm: &'static str,
        /// Why the loop cannot end.
        why: &'static str,
    },
    /// The Hoon's loop would end, but only after more steps than urnum simulates.
    #[error("{arm}: more than {limit} loop steps")]
    TooManySteps {
        /// The looping arm.
        arm: &'static str,
        /// The step budget that was exhausted.
        limit: u64,
    },
}

/// A one-argument elementary function of the posit doors, by its Hoon arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unary {
    /// `exp`.
    Exp,
    /// `sin`.
    Sin,
    /// `cos`.
    Cos,
    /// `tan`.
    Tan,
    /// `log` (natural logarithm).
    Log,
    /// `log-2`.
    Log2,
    /// `log-10`.
    Log10,
    /// `cbrt`.
    Cbrt,
    /// `atan`.
    Atan,
    /// `asin`.
    Asin,
    /// `acos`.
    Acos,
    /// `factorial`.
    Factorial,
}

impl Unary {
    /// Every one-argument function.
    pub const ALL: [Unary; 12] = [
        Unary::Exp,
        Unary::Sin,
        Unary::Cos,
        Unary::Tan,
        Unary::Log,
        Unary::Log2,
        Unary::Log10,
        Unary::Cbrt,
        Unary::Atan,
        Unary::Asin,
        Unary::Acos,
        Unary::Factorial,
    ];

    /// The Hoon arm's name.
    pub const fn arm(self) -> &'static str {
        match self {
            Unary::Exp => "exp",
            Unary::Sin => "sin",
            Unary::Cos => "cos",
            Unary::Tan => "tan",
            Unary::Log => "log",
            Unary::Log2 => "log-2",
            Unary::Log10 => "log-10",
            Unary::Cbrt => "cbrt",
            Unary::Atan => "atan",
            Unary::Asin => "asin",
            Unary::Acos => "acos",
            Unary::Factorial => "factorial",
        }
    }

    /// The function whose Hoon arm is `name`.
    pub fn from_arm(name: &str) -> Option<Unary> {
        Unary::ALL.into_iter().find(|u| u.arm() == name)
    }

    /// Whether the two revisions of the text differ in this arm (all but `factorial`).
    pub const fn revised(self) -> bool {
        !matches!(self, Unary::Factorial)
    }

    /// The function of revision `rev` at width `w` of the posit `x`.
    ///
    /// # Errors
    /// Only [`Unary::Factorial`] fails, as [`factorial`] does.
    pub fn apply(self, rev: UnumRev, w: Width, x: u128) -> Result<u128, LoopError> {
        if rev == UnumRev::Bcb316c {
            let f = match self {
                Unary::Exp => reduced::exp,
                Unary::Sin => reduced::sin,
                Unary::Cos => reduced::cos,
                Unary::Tan => reduced::tan,
                Unary::Log => reduced::log,
                Unary::Log2 => reduced::log_2,
                Unary::Log10 => reduced::log_10,
                Unary::Cbrt => reduced::cbrt,
                Unary::Atan => reduced::atan,
                Unary::Asin => reduced::asin,
                Unary::Acos => reduced::acos,
                Unary::Factorial => return factorial(w, x),
            };
            return Ok(f(w, x & w.mask()));
        }
        Ok(match self {
            Unary::Exp => exp(w, x),
            Unary::Sin => sin(w, x),
            Unary::Cos => cos(w, x),
            Unary::Tan => tan(w, x),
            Unary::Log => log(w, x),
            Unary::Log2 => log_2(w, x),
            Unary::Log10 => log_10(w, x),
            Unary::Cbrt => cbrt(w, x),
            Unary::Atan => atan(w, x),
            Unary::Asin => asin(w, x),
            Unary::Acos => acos(w, x),
            Unary::Factorial => return factorial(w, x),
        })
    }
}

/// `+sun` of a small count.
fn int(w: Width, k: u64) -> u128 {
    sun(w, &BigUint::from(k))
}

/// `(div one (sun 2))`, the Hoon's way of writing one half.
fn half(w: Width) -> u128 {
    div(w, w.one(), int(w, 2))
}

/// `+exp`: the first 21 terms of the Taylor series at 0, each term the previous one times
/// `x ⊘ k`, summed from the left.
pub fn exp(w: Width, x: u128) -> u128 {
    let x = x & w.mask();
    let mut sum = w.one();
    let mut term = w.one();
    for k in 1..=20 {
        term = mul(w, term, div(w, x, int(w, k)));
        sum = add(w, sum, term);
    }
    sum
}

/// `+sin`: 21 terms of the Taylor series at 0, each term the previous one times
/// `−(x⊗x) ⊘ (2j ⊗ (2j+1))`.
pub fn sin(w: Width, x: u128) -> u128 {
    let x = x & w.mask();
    let x2 = mul(w, x, x);
    let mut sum = x;
    let mut term = x;
    for j in 1..=20 {
        let k = 2 * j;
        let den = mul(w, int(w, k), int(w, k + 1));
        term = neg(w, mul(w, term, div(w, x2, den)));
        sum = add(w, sum, term);
    }
    sum
}

/// `+cos`: 21 terms of the Taylor series at 0, each term the previous one times
/// `−(x⊗x) ⊘ ((2j−1) ⊗ 2j)`.
pub fn cos(w: Width, x: u128) -> u128 {
    let x = x & w.mask();
    let x2 = mul(w, x, x);
    let mut sum = w.one();
    let mut term = w.one();
    for j in 1..=20 {
        let k = 2 * j;
        let den = mul(w, int(w, k - 1), int(w, k));
        term = neg(w, mul(w, term, div(w, x2, den)));
        sum = add(w, sum, term);
    }
    sum
}

/// `+tan`: `sin x ⊘ cos x`.
pub fn tan(w: Width, x: u128) -> u128 {
    div(w, sin(w, x), cos(w, x))
}

/// `+log`: NaR unless `x > 0`; else `2 ⊗ atanh y` for `y = (x⊖1) ⊘ (x⊕1)`, from 31 terms of the
/// atanh series `y + y³/3 + …`, each coefficient `1 ⊘ (2j+1)` and each power `y^(2j−1) ⊗ y²`.
pub fn log(w: Width, x: u128) -> u128 {
    let x = x & w.mask();
    if lte(w, x, 0) {
        return w.nar();
    }
    let one = w.one();
    let y = div(w, sub(w, x, one), add(w, x, one));
    let y2 = mul(w, y, y);
    let mut sum = y;
    let mut term = y;
    for j in 1..=30 {
        term = mul(w, term, y2);
        let coef = div(w, one, int(w, 2 * j + 1));
        sum = add(w, sum, mul(w, coef, term));
    }
    mul(w, int(w, 2), sum)
}

/// `+log-2`: `log x ⊘ log2` (the door's rounded ln 2).
pub fn log_2(w: Width, x: u128) -> u128 {
    div(w, log(w, x), Const::Log2.bits(w))
}

/// `+log-10`: `log x ⊘ log10` (the door's rounded ln 10).
pub fn log_10(w: Width, x: u128) -> u128 {
    div(w, log(w, x), Const::Log10.bits(w))
}

/// `+pow`: `exp (y ⊗ log x)`, so NaR for `x ≤ 0`.
pub fn pow(w: Width, x: u128, y: u128) -> u128 {
    exp(w, mul(w, y, log(w, x)))
}

/// `+pow` of revision `rev` (`exp (y ⊗ log x)` with that revision's `exp` and `log`).
pub fn pow_at(rev: UnumRev, w: Width, x: u128, y: u128) -> u128 {
    match rev {
        UnumRev::V96f3cfe => pow(w, x, y),
        UnumRev::Bcb316c => reduced::pow(w, x & w.mask(), y & w.mask()),
    }
}

/// `+cbrt`: NaR for NaR and negative `x`, zero for zero, else `pow x (1 ⊘ 3)`.
pub fn cbrt(w: Width, x: u128) -> u128 {
    let x = x & w.mask();
    if x == w.nar() {
        return w.nar();
    }
    if x == 0 {
        return 0;
    }
    if lth(w, x, 0) {
        return w.nar();
    }
    pow(w, x, div(w, w.one(), int(w, 3)))
}

/// `+atan`: Gauss's arithmetic–geometric iteration, 41 steps from `a = 1 ⊘ √(1 ⊕ x²)`, `b = 1`,
/// then `x ⊘ (√(1 ⊕ x²) ⊗ b)`; NaR for NaR.
pub fn atan(w: Width, x: u128) -> u128 {
    let x = x & w.mask();
    if x == w.nar() {
        return w.nar();
    }
    let one = w.one();
    let rt = sqt(w, add(w, one, mul(w, x, x)));
    let h = half(w);
    let mut a = div(w, one, rt);
    let mut b = one;
    for _ in 0..=40 {
        let ai = mul(w, h, add(w, a, b));
        b = sqt(w, mul(w, ai, b));
        a = ai;
    }
    div(w, x, mul(w, rt, b))
}

/// Where an argument of `asin`/`acos` lies: inside (−1, 1) with `√(1 ⊖ x²)`,
/// at 1, at −1, or elsewhere (NaR included).
enum UnitArg {
    Inside(u128),
    One,
    MinusOne,
    Outside,
}

/// Where the masked posit `x` lies (see [`UnitArg`]).
fn unit_arg(w: Width, x: u128) -> UnitArg {
    if x == w.nar() {
        return UnitArg::Outside;
    }
    let one = w.one();
    if lth(w, abs(w, x), one) {
        UnitArg::Inside(sqt(w, sub(w, one, mul(w, x, x))))
    } else if equ(w, x, one) {
        UnitArg::One
    } else if equ(w, x, neg(w, one)) {
        UnitArg::MinusOne
    } else {
        UnitArg::Outside
    }
}

/// `+asin`: `atan (x ⊘ √(1 ⊖ x²))` inside (−1, 1), `±(pi ⊗ (1⊘2))` at ±1, NaR elsewhere and for NaR.
pub fn asin(w: Width, x: u128) -> u128 {
    let x = x & w.mask();
    let quarter_turn = || mul(w, Const::Pi.bits(w), half(w));
    match unit_arg(w, x) {
        UnitArg::Inside(root) => atan(w, div(w, x, root)),
        UnitArg::One => quarter_turn(),
        UnitArg::MinusOne => neg(w, quarter_turn()),
        UnitArg::Outside => w.nar(),
    }
}

/// `+acos`: `pi ⊗ (1⊘2)` at 0, `atan (√(1 ⊖ x²) ⊘ x)` elsewhere inside (−1, 1) — the Hoon's
/// formula, which gives `−acos |x|` rather than `pi − acos |x|` for negative `x` — zero at 1, `pi`
/// at −1, NaR elsewhere and for NaR.
pub fn acos(w: Width, x: u128) -> u128 {
    let x = x & w.mask();
    match unit_arg(w, x) {
        UnitArg::Inside(_) if x == 0 => mul(w, Const::Pi.bits(w), half(w)),
        UnitArg::Inside(root) => atan(w, div(w, root, x)),
        UnitArg::One => 0,
        UnitArg::MinusOne => Const::Pi.bits(w),
        UnitArg::Outside => w.nar(),
    }
}

/// `+pow-n`: `x` multiplied into `one` `p` times (`p` an unbounded `@u`); NaR for NaR even when
/// `p = 0`.
///
/// The running product's magnitude moves monotonically (it grows for `|x| > 1`, shrinks for
/// `|x| < 1`, stays for `|x| = 1`, and posit products never round to zero), so it settles into a
/// fixed point or a sign-alternating pair; urnum stops there and picks the member by the parity
/// of the remaining count.
///
/// # Errors
/// [`LoopError::TooManySteps`] when the product is still moving after [`STEP_LIMIT`] products
/// (only for `|x|` within a few ulps of 1 and a huge `p`).
pub fn pow_n(w: Width, x: u128, p: &BigUint) -> Result<u128, LoopError> {
    let x = x & w.mask();
    if x == w.nar() {
        return Ok(w.nar());
    }
    // A count past 2^128 runs into the step limit first, so only its parity matters.
    let left = u128::try_from(p).unwrap_or(u128::MAX - u128::from(!p.bit(0)));
    settle(w.one(), x, left, |a, b| mul(w, a, b)).ok_or(LoopError::TooManySteps {
        arm: "pow-n",
        limit: STEP_LIMIT,
    })
}

/// The product `p ⊗ x ⊗ … ⊗ x` of `left` more factors `x` by `mul`, one
/// rounding a product from the left, as `pow-n` loops in `/lib/unum` and
/// `/lib/math`; it stops where the running product settles: a fixed point
/// (`p ⊗ x = p`) gives `p`, a period two (`p ⊗ x ⊗ x = p`) the member the
/// parity of the remaining count lands on. `None` when it is still moving
/// after [`STEP_LIMIT`] products.
pub(crate) fn settle(
    mut p: u128,
    x: u128,
    mut left: u128,
    mul: impl Fn(u128, u128) -> u128,
) -> Option<u128> {
    let mut steps = 0;
    let mut next = mul(p, x);
    while left > 0 {
        if next == p {
            return Some(p);
        }
        let after = mul(next, x);
        if after == p {
            // Period two from here on: an odd number of remaining products lands on `next`.
            return Some(if left.is_multiple_of(2) { p } else { next });
        }
        if steps == STEP_LIMIT {
            return None;
        }
        steps += 1;
        p = next;
        next = after;
        left -= 1;
    }
    Some(p)
}

/// `+factorial`: NaR for NaR and negative `x`; else `x ⊗ (x⊖1) ⊗ (x⊖2) ⊗ …` from the left, while
/// the factor is above one (so `0! = 1! = 1`, and `2.5!` is `2.5 ⊗ 1.5`).
///
/// Once the product reaches maxpos it stays there (every further factor exceeds one), and once
/// `x ⊖ 1` is exact every later subtraction is exact too, so the count-down then ends; urnum
/// stops at that point.
///
/// # Errors
/// [`LoopError::Diverges`] when `x ⊖ 1` rounds back to `x` above one, where the Hoon loops
/// forever; [`LoopError::TooManySteps`] after [`STEP_LIMIT`] steps (not reached: the product
/// saturates or the count-down ends within a few hundred steps at every width).
pub fn factorial(w: Width, x: u128) -> Result<u128, LoopError> {
    let mut x = x & w.mask();
    if x == w.nar() || lth(w, x, 0) {
        return Ok(w.nar());
    }
    let one = w.one();
    let mut t = one;
    for _ in 0..STEP_LIMIT {
        if lte(w, x, one) {
            return Ok(t);
        }
        let next = sub(w, x, one);
        if next == x {
            return Err(LoopError::Diverges {
                arm: "factorial",
                why: "x - 1 rounds back to x",
            });
        }
        t = mul(w, t, x);
        x = next;
        if t == w.maxpos() && unit_steps_exact(w, x) {
            return Ok(t);
        }
    }
    Err(LoopError::TooManySteps {
        arm: "factorial",
        limit: STEP_LIMIT,
    })
}

/// Whether the posit `x > 0` has a last fraction bit worth at most 1, so that `x ⊖ 1`, and every
/// later `⊖ 1` down to one, is exact (posit spacing never grows toward zero).
fn unit_steps_exact(w: Width, x: u128) -> bool {
    match decode(w, x) {
        Dec::P(true, e, _) => e <= 0,
        Dec::Z => true,
        _ => false,
    }
}
