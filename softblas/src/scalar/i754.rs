//! Element kind `%i754`: IEEE 754 binary16/32/64/128 exactly as Hoon's `@r`
//! doors compute them.
//!
//! Ports the stdlib float doors `++rh ++rs ++rd ++rq` over `++ff` and `++fl`
//! (`urbit/urbit:pkg/arvo/sys/hoon.hoon`, section 3b) and the float helpers
//! `++neg`/`++abs` of `/lib/math` (`urbit/numerics:libmath/desk/lib/math.hoon`
//! @a71a0b9) and Lagoon's `%i754` `abs` (`lagoon/desk/lib/lagoon.hoon` @aa6f2a6).
//! The arithmetic runs on urnum's pure-Rust IEEE core [`crate::soft`], which
//! returns Berkeley SoftFloat 3e's bits (8086-SSE) for every input and mode
//! and rounds every operation correctly, as `++fl` does (exact result, then
//! one rounding by `++lug`); the private `by_width` module dispatches a
//! [`Width`] onto it.
//!
//! What this module adds to the core, each as the Hoon does it:
//!
//! - **Canonical NaN.** `++fl` has a single NaN (`[%n ~]`) and `++bif` encodes it
//!   as the positive quiet NaN with only the top fraction bit set, so every NaN
//!   an operation here returns is [`canonical_nan`] of its width, whatever the
//!   operands' payloads (SoftFloat's 8086-SSE build would propagate them).
//! - **Comparisons** (`++lth`..`++gth` of `++ff`) are false when either side
//!   is NaN (`(fall … |)`), treat ±0 as equal, and `gth`/`gte` are `lth`/`lte`
//!   with the operands swapped.
//! - **`neg`** is `(sub .0 x)` in the door's mode (`/lib/math`, `/lib/complex`
//!   `fneg`), not a sign flip: `neg(+0) = +0` except in `%d` (`-0`), and a
//!   NaN becomes the canonical NaN.
//! - **`toi`** rounds to an exact, unbounded integer in the mode (`++toj`).
//!
//! One deliberate divergence from pure-Hoon `++fl`: on overflow in a directed
//! mode `++lug` always returns ±∞, while IEEE 754, SoftFloat and vere's stdlib
//! float jets give ±max where the direction points back to zero
//! (urbit/urbit#7426). This module gives the IEEE result, as the jets do.
//!
//! [`Round::A`] (ties away from zero, SoftFloat's `near_maxMag`) is a SoftBLAS
//! mode that no Hoon `@r` door accepts; it is supported everywhere here.
//!
//! Values are bit patterns in the low `w.bits()` bits of a `u128`; bits above
//! the width are ignored on input and zero on output.
//!
//! **Executors.** The one-call [`add`], [`sub`], [`mul`], [`div`], [`sqt`] (and
//! [`neg`], [`abs`], [`abs_la`] built on them) at binary16/32/64 run on the
//! bit-identical hardware functions of [`crate::hw`] when
//! [`crate::hw::executor`] is [`crate::hw::Executor::Fast`], and on the soft
//! core under the reference executor (`URNUM_EXEC=reference`). [`Fpu`]'s
//! methods and [`soft`] are the soft core always, as are `fma`, the
//! comparisons and the conversions.

mod by_width;
mod route;
pub mod soft;

use crate::hw::Op;
use crate::{Atom, Round};

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
            Width::H => 5,
            Width::S => 8,
            Width::D => 11,
            Width::Q => 15,
        }
    }

    /// The number of fraction-field bits (`p` of `++ff`): 10, 23, 52 or 112.
    pub const fn frac_bits(self) -> u32 {
        match self {
            Width::H => 10,
            Width::S => 23,
            Width::D => 52,
            Width::Q => 112,
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

    const fn exp_mask(self) -> u128 {
        ((1 << self.exp_bits()) - 1) << self.frac_bits()
    }

    const fn frac_mask(self) -> u128 {
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

/// The value `2^k`, for `1 − bias <= k <= bias` (a normal power of two).
pub const fn pow2(w: Width, k: i32) -> u128 {
    debug_assert!(k >= 1 - w.bias() as i32 && k <= w.bias() as i32);
    ((k + w.bias() as i32) as u128) << w.frac_bits()
}

/// Whether `a` is a NaN (any payload, either sign, quiet or signalling).
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

/// The soft core held in one rounding mode for a batch of operations.
///
/// Every rounded operation is a method here, always computed by the soft
/// core [`crate::soft`] whatever the executor ([`soft`] holds one-call
/// batches of them). The mode is an argument of every core call; the batch
/// only carries it. An `Fpu` cannot leave its closure.
///
/// The free functions [`add`], [`sub`], [`mul`], [`div`] and [`sqt`] give the
/// same bits and run on the hardware under the fast executor (see `route`);
/// calling them inside a batch leaves the batch's mode as it was.
pub struct Fpu {
    round: Round,
}

impl Fpu {
    /// Runs `f` with soft-core rounding in `r`.
    pub fn with<T>(r: Round, f: impl FnOnce(&Fpu) -> T) -> T {
        f(&Fpu { round: r })
    }

    /// The rounding mode of this batch.
    pub fn round(&self) -> Round {
        self.round
    }

    /// `a + b`: `~(add rX r)`.
    pub fn add(&self, w: Width, a: u128, b: u128) -> u128 {
        canon(w, by_width::add(self.round, w, a, b))
    }

    /// `a − b`: `~(sub rX r)`.
    pub fn sub(&self, w: Width, a: u128, b: u128) -> u128 {
        canon(w, by_width::sub(self.round, w, a, b))
    }

    /// `a × b`: `~(mul rX r)`.
    pub fn mul(&self, w: Width, a: u128, b: u128) -> u128 {
        canon(w, by_width::mul(self.round, w, a, b))
    }

    /// `a ÷ b`: `~(div rX r)`.
    pub fn div(&self, w: Width, a: u128, b: u128) -> u128 {
        canon(w, by_width::div(self.round, w, a, b))
    }

    /// `a × b + c` with one rounding: `~(fma rX r)`.
    pub fn fma(&self, w: Width, a: u128, b: u128, c: u128) -> u128 {
        canon(w, by_width::fma(self.round, w, a, b, c))
    }

    /// `√a`: `~(sqt rX r)`.
    pub fn sqt(&self, w: Width, a: u128) -> u128 {
        canon(w, by_width::sqrt(self.round, w, a))
    }

    /// `(sub .0 a)`: see [`neg`].
    pub fn neg(&self, w: Width, a: u128) -> u128 {
        self.sub(w, zero(w), a)
    }

    /// The unsigned integer `n` rounded to width `w`: see [`sun`].
    pub fn sun(&self, w: Width, n: &Atom) -> u128 {
        if let Some(small) = n.as_u64() {
            return by_width::from_u64(self.round, w, small);
        }
        // n >= 2^64. If n >= 2^(bias+1), every rounding of it overflows.
        let len = n.bit_len();
        if len > u64::from(w.bias()) + 1 {
            return overflow(w, self.round(), false);
        }
        // Keep the top `keep` bits of n with a sticky bit for the rest; `keep` is
        // at least precision + 2, so rounding the kept part rounds n. Then scale
        // by a power of two, which is exact unless it overflows (and then
        // rounds as IEEE says).
        let keep: u64 = if w == Width::Q { 128 } else { 64 };
        let shift = len.saturating_sub(keep);
        let sticky = u128::from(!n.bits(0, shift).is_zero());
        let top = n.bits_u128(shift, keep as u32) | sticky;
        let head = if w == Width::Q {
            // hi·2^64 and lo are exact in binary128; their sum rounds once.
            let hi = self.mul(
                w,
                by_width::from_u64(self.round, w, (top >> 64) as u64),
                pow2(w, 64),
            );
            self.add(w, hi, by_width::from_u64(self.round, w, top as u64))
        } else {
            by_width::from_u64(self.round, w, top as u64)
        };
        if shift == 0 {
            head
        } else {
            self.mul(w, head, pow2(w, shift as i32))
        }
    }

    /// The signed integer `(−1)^negative · n` rounded to width `w`: see [`san`].
    pub fn san(&self, w: Width, negative: bool, n: &Atom) -> u128 {
        if !negative || n.is_zero() {
            self.sun(w, n)
        } else {
            // Round the magnitude in the mirrored mode, then negate (`++swr`).
            flip_sign(w, Fpu::with(mirror(self.round()), |m| m.sun(w, n)))
        }
    }

    /// `a` rounded to an integer: see [`toi`].
    pub fn toi(&self, w: Width, a: u128) -> Option<(bool, Atom)> {
        if !is_finite(w, a) {
            return None;
        }
        let x = by_width::round_to_int(self.round, w, a);
        let field = (x & w.exp_mask()) >> w.frac_bits();
        if field == 0 {
            // An integral value below the normal range is zero.
            return Some((false, Atom::ZERO));
        }
        let sig = (x & w.frac_mask()) | 1 << w.frac_bits();
        let e = field as i64 - i64::from(w.bias()) - i64::from(w.frac_bits());
        let mag = if e >= 0 {
            Atom::from_u128(sig).shl(e as u64)
        } else {
            Atom::from_u128(sig >> (-e) as u32)
        };
        Some((x & w.sign_bit() != 0, mag))
    }

    /// `a` converted from width `from` to width `to`: see [`convert`].
    pub fn convert(&self, from: Width, to: Width, a: u128) -> u128 {
        if is_nan(from, a) {
            return canonical_nan(to);
        }
        canon(to, by_width::convert(self.round, from, to, a & from.mask()))
    }
}

/// `a + b` rounded in `r`: `~(add rX r)`.
#[inline]
pub fn add(w: Width, r: Round, a: u128, b: u128) -> u128 {
    route::binary(Op::Add, w, r, a, b).unwrap_or_else(|| Fpu::with(r, |f| f.add(w, a, b)))
}

/// `a − b` rounded in `r`: `~(sub rX r)`.
#[inline]
pub fn sub(w: Width, r: Round, a: u128, b: u128) -> u128 {
    route::binary(Op::Sub, w, r, a, b).unwrap_or_else(|| Fpu::with(r, |f| f.sub(w, a, b)))
}

/// `a × b` rounded in `r`: `~(mul rX r)`.
#[inline]
pub fn mul(w: Width, r: Round, a: u128, b: u128) -> u128 {
    route::binary(Op::Mul, w, r, a, b).unwrap_or_else(|| Fpu::with(r, |f| f.mul(w, a, b)))
}

/// `a ÷ b` rounded in `r`: `~(div rX r)` (`x/±0` is ±∞, `0/0` NaN).
#[inline]
pub fn div(w: Width, r: Round, a: u128, b: u128) -> u128 {
    route::binary(Op::Div, w, r, a, b).unwrap_or_else(|| Fpu::with(r, |f| f.div(w, a, b)))
}

/// `a × b + c` with a single rounding in `r`: `~(fma rX r)` (exact product, then `++add`).
pub fn fma(w: Width, r: Round, a: u128, b: u128, c: u128) -> u128 {
    Fpu::with(r, |f| f.fma(w, a, b, c))
}

/// The square root of `a` rounded in `r`: `~(sqt rX r)` (`sqt(−0) = −0`, negative → NaN).
#[inline]
pub fn sqt(w: Width, r: Round, a: u128) -> u128 {
    route::sqrt(w, r, a).unwrap_or_else(|| Fpu::with(r, |f| f.sqt(w, a)))
}

/// Whether `a < b`: `lth:rX` (false when either is NaN; `−0 < +0` is false).
pub fn lth(w: Width, a: u128, b: u128) -> bool {
    by_width::compare(w, a, b).0
}

/// Whether `a <= b`: `lte:rX` (false when either is NaN).
pub fn lte(w: Width, a: u128, b: u128) -> bool {
    by_width::compare(w, a, b).1
}

/// Whether `a > b`: `gth:rX`, defined as `b < a` (false when either is NaN).
pub fn gth(w: Width, a: u128, b: u128) -> bool {
    lth(w, b, a)
}

/// Whether `a >= b`: `gte:rX`, defined as `b <= a` (false when either is NaN).
pub fn gte(w: Width, a: u128, b: u128) -> bool {
    lte(w, b, a)
}

/// Whether `a` and `b` are numerically equal: `equ:rX` (`+0 = −0`; false when either is NaN).
///
/// This is not Hoon noun equality `=(a b)`, which compares bits.
pub fn equ(w: Width, a: u128, b: u128) -> bool {
    by_width::compare(w, a, b).2
}

/// Hoon's float negation `(sub .0 a)` in mode `r` (`/lib/math` `++neg`, `/lib/complex` `fneg`).
///
/// A real subtraction, not a sign flip: `neg(+0)` is +0 in every mode but
/// [`Round::D`], where it is −0; `neg(−0)` is +0; a NaN becomes the canonical NaN.
/// Use [`flip_sign`] for the IEEE `negate` bit operation.
pub fn neg(w: Width, r: Round, a: u128) -> u128 {
    sub(w, r, zero(w), a)
}

/// The IEEE `negate` operation: `a` with its sign bit flipped (NaN payloads kept).
pub const fn flip_sign(w: Width, a: u128) -> u128 {
    (a ^ w.sign_bit()) & w.mask()
}

/// `/lib/math` `++abs`: `a` itself when its sign bit is clear, else `neg(a)`.
///
/// So +0, +∞ and a positive NaN (payload included) come back unchanged, −0 gives
/// +0, and a negative NaN gives the canonical NaN. The result is the same in
/// every rounding mode (`0 − x` is exact for negative `x`).
pub fn abs(w: Width, a: u128) -> u128 {
    if sig(w, a) {
        a & w.mask()
    } else {
        neg(w, Round::N, a)
    }
}

/// Lagoon's `%i754` `abs`: `a` when `a >= +0`, else `a × −1` (in any mode, exact).
///
/// So −0 stays −0 (`−0 >= +0`), and every NaN, positive ones included, becomes
/// the canonical NaN (the comparison is false, then the product is NaN).
pub fn abs_la(w: Width, a: u128) -> u128 {
    if gte(w, a, zero(w)) {
        a & w.mask()
    } else {
        mul(w, Round::N, a, neg_one(w))
    }
}

/// The rounding mode that rounds `−x` as `r` rounds `x`, then negates (`++swr` of `++fl`).
const fn mirror(r: Round) -> Round {
    match r {
        Round::U => Round::D,
        Round::D => Round::U,
        other => other,
    }
}

/// The result of an overflow with the given sign in mode `r`: ±∞ when `r`
/// rounds away from zero on that side, else ±max (IEEE 754 §7.4).
pub const fn overflow(w: Width, r: Round, negative: bool) -> u128 {
    let to_inf = match r {
        Round::N | Round::A => true,
        Round::U => !negative,
        Round::D => negative,
        Round::Z => false,
    };
    let mag = if to_inf { inf(w) } else { max_finite(w) };
    if negative {
        mag | w.sign_bit()
    } else {
        mag
    }
}

/// The unsigned integer `n` rounded to width `w` in mode `r`: `~(sun rX r)`.
///
/// `n` may be of any size; results past the largest finite value follow
/// [`overflow`] (IEEE saturation in directed modes, as SoftFloat does).
pub fn sun(w: Width, r: Round, n: &Atom) -> u128 {
    Fpu::with(r, |f| f.sun(w, n))
}

/// The signed integer `(−1)^negative · n` rounded to width `w` in mode `r`: `~(san rX r)`.
///
/// Zero gives +0 whatever `negative` says (a Hoon `@s` has no −0).
pub fn san(w: Width, r: Round, negative: bool, n: &Atom) -> u128 {
    Fpu::with(r, |f| f.san(w, negative, n))
}

/// `a` rounded to an integer in mode `r`: `~(toi rX r)`, as `(negative, magnitude)`.
///
/// Returns `None` for NaN and ±∞ (Hoon's `~`). The integer is exact and
/// unbounded; a result of zero is never negative. [`Round::N`] rounds ties to
/// even, [`Round::A`] ties away from zero.
pub fn toi(w: Width, r: Round, a: u128) -> Option<(bool, Atom)> {
    Fpu::with(r, |f| f.toi(w, a))
}

/// `a` converted from width `from` to width `to`, rounded in `r` (Hoon's
/// `(bit:rY (sea:rX a))`, e.g. `tos:rh`/`fos:rh`). Widening is exact; a NaN
/// becomes the canonical NaN of `to`.
pub fn convert(from: Width, to: Width, r: Round, a: u128) -> u128 {
    Fpu::with(r, |f| f.convert(from, to, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_batches_keep_their_own_modes() {
        // f32 1 + 2^-24 is a tie: U rounds it up, N and D do not.
        let (one, half) = (one(Width::S), 0x3380_0000);
        Fpu::with(Round::U, |up| {
            assert_eq!(up.add(Width::S, one, half), one + 1);
            // A call in another mode inside the batch, then the batch's mode again.
            assert_eq!(add(Width::S, Round::D, one, half), one);
            assert_eq!(Fpu::with(Round::N, |n| n.add(Width::S, one, half)), one);
            assert_eq!(up.add(Width::S, one, half), one + 1);
            assert_eq!(up.round(), Round::U);
        });
    }
}
