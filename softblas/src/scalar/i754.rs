//! Element kind `%i754`: IEEE 754 binary16/32/64/128 exactly as Hoon's `@r`
//! doors compute them.
//!
//! Ports the stdlib float doors `++rh ++rs ++rd ++rq` over `++ff` and `++fl`
//! (`urbit/urbit:pkg/arvo/sys/hoon.hoon`, section 3b) and the float helpers
//! `++neg`/`++abs` of `/lib/math` (`urbit/numerics:libmath/desk/lib/math.hoon`
//! @a71a0b9) and Lagoon's `%i754` `abs` (`lagoon/desk/lib/lagoon.hoon` @aa6f2a6).
//! The arithmetic runs on urnum's pure-Rust IEEE core [`softcore`], which
//! returns Berkeley SoftFloat 3e's bits (8086-SSE) for every input and mode
//! and rounds every operation correctly, as `++fl` does (exact result, then
//! one rounding by `++lug`); [`crate::ieee`] holds [`Width`] and
//! dispatches a width onto the core.
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
//! **Executors.** [`binary_by`] and [`sqt_by`] at binary16/32/64 run on the
//! bit-identical hardware functions of [`crate::hw`] under the executor
//! [`Executor::Fast`], and on the soft core under [`Executor::Reference`];
//! the one-call [`add`], [`sub`], [`mul`], [`div`], [`sqt`] (and [`neg`],
//! [`abs`], [`abs_la`] built on them) are those under the fast executor.
//! [`Fpu`]'s methods and [`soft`] are the soft core always, as are `fma`, the
//! comparisons and the conversions.

pub mod nx;

pub use crate::ieee::{
    canon, canonical_nan, exponent, inf, is_finite, is_inf, is_nan, is_zero, max_finite,
    min_normal, min_subnormal, neg_inf, neg_one, neg_zero, one, pow2, sig, soft, specials, zero,
    Width,
};

use crate::hw::Op;
use crate::ieee::by_width;
use crate::policy::Executor;
use crate::{Atom, Round};

/// The soft core held in one rounding mode for a batch of operations.
///
/// Every rounded operation is a method here, always computed by the soft
/// core [`softcore`] whatever the executor ([`soft`] holds one-call
/// batches of them). The mode is an argument of every core call; the batch
/// only carries it. An `Fpu` cannot leave its closure.
///
/// The free functions [`add`], [`sub`], [`mul`], [`div`] and [`sqt`] give the
/// same bits and run on the hardware under the fast executor ([`binary_by`]);
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
        soft::add(w, self.round, a, b)
    }

    /// `a − b`: `~(sub rX r)`.
    pub fn sub(&self, w: Width, a: u128, b: u128) -> u128 {
        soft::sub(w, self.round, a, b)
    }

    /// `a × b`: `~(mul rX r)`.
    pub fn mul(&self, w: Width, a: u128, b: u128) -> u128 {
        soft::mul(w, self.round, a, b)
    }

    /// `a ÷ b`: `~(div rX r)`.
    pub fn div(&self, w: Width, a: u128, b: u128) -> u128 {
        soft::div(w, self.round, a, b)
    }

    /// `a op b` for the arithmetic operation `op` ([`Fpu::add`] … [`Fpu::div`]).
    pub fn arith(&self, op: Op, w: Width, a: u128, b: u128) -> u128 {
        op.reference(w, self.round, a, b)
    }

    /// `a × b + c` with one rounding: `~(fma rX r)`, as [`fma`] gives it.
    pub fn fma(&self, w: Width, a: u128, b: u128, c: u128) -> u128 {
        let v = canon(w, by_width::fma(self.round, w, a, b, c));
        // hoon-138 `++fma:fn` is `(add (emu a b) c)`, and `++add:fn` gives
        // every zero sum of two non-zero addends the sign of an exact
        // cancellation (`[%f !=(r %d) zer]`), also where the exact sum is
        // non-zero and only its rounding is zero. The product and the addend
        // are both non-zero exactly when `a`, `b` and `c` are (an infinite or
        // NaN operand makes no zero).
        let nonzero = |x: u128| !is_zero(w, x);
        if is_zero(w, v) && nonzero(a) && nonzero(b) && nonzero(c) {
            return if self.round == Round::D {
                neg_zero(w)
            } else {
                zero(w)
            };
        }
        v
    }

    /// `√a`: `~(sqt rX r)`.
    pub fn sqt(&self, w: Width, a: u128) -> u128 {
        soft::sqt(w, self.round, a)
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

/// `a op b` rounded in `r` by the executor `e`: under [`Executor::Fast`] on
/// the hardware's per-element functions ([`crate::hw::element`]: binary16/32/64,
/// each element the host can decide), else on the soft core; the same bits
/// either way (the proofs are the module doc of [`crate::hw`]; the tests
/// `hw_exhaustive`, `hw_bits` and `scalar_hw` check them against SoftFloat).
/// So the reference executor keeps every scalar operation of a door that
/// carries it on the soft core.
#[inline]
pub fn binary_by(e: Executor, op: Op, w: Width, r: Round, a: u128, b: u128) -> u128 {
    (e == Executor::Fast)
        .then(|| crate::hw::element(op, w, r, a, b))
        .flatten()
        .unwrap_or_else(|| op.reference(w, r, a, b))
}

/// The square root of `a` rounded in `r` by the executor `e` (as [`binary_by`]).
#[inline]
pub fn sqt_by(e: Executor, w: Width, r: Round, a: u128) -> u128 {
    (e == Executor::Fast)
        .then(|| crate::hw::element_sqrt(w, r, a))
        .flatten()
        .unwrap_or_else(|| soft::sqt(w, r, a))
}

/// Defines the two-operand operations of the `@r` doors: `$name(w, r, a, b)`,
/// [`binary_by`] under the fast executor.
macro_rules! routed {
    ($($(#[$doc:meta])* $name:ident, $op:ident;)*) => {$(
        $(#[$doc])*
        #[inline]
        pub fn $name(w: Width, r: Round, a: u128, b: u128) -> u128 {
            binary_by(Executor::Fast, Op::$op, w, r, a, b)
        }
    )*};
}

routed! {
    /// `a + b` rounded in `r`: `~(add rX r)`.
    add, Add;
    /// `a − b` rounded in `r`: `~(sub rX r)`.
    sub, Sub;
    /// `a × b` rounded in `r`: `~(mul rX r)`.
    mul, Mul;
    /// `a ÷ b` rounded in `r`: `~(div rX r)` (`x/±0` is ±∞, `0/0` NaN).
    div, Div;
}

/// `a × b + c` with a single rounding in `r`: `~(fma rX r)`, the exact product
/// then `++add`. This is IEEE 754's fused multiply-add (SoftFloat's bits) except
/// for one class the Hoon decides otherwise: when the product and `c` are both
/// non-zero, opposite in sign, and their exact sum is non-zero but rounds to
/// zero, the result is +0 (−0 under `%d`), the sign of an exact cancellation,
/// where IEEE keeps the sign of the exact sum (DIVERGENCES H31).
pub fn fma(w: Width, r: Round, a: u128, b: u128, c: u128) -> u128 {
    Fpu::with(r, |f| f.fma(w, a, b, c))
}

/// The square root of `a` rounded in `r`: `~(sqt rX r)` (`sqt(−0) = −0`, negative → NaN).
#[inline]
pub fn sqt(w: Width, r: Round, a: u128) -> u128 {
    sqt_by(Executor::Fast, w, r, a)
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
