//! A rounding context for the float steps of `/lib/math`: one width, one mode.
//!
//! The kernels of `/lib/math` write every step as `~(op ^rX %n)` (an [`Fl`]
//! made by [`Fl::n`]) and the composite arms write bare door ops, which round
//! in the door's mode `r` (an [`Fl`] made by [`Fl::new`]). Every operation is
//! one call of [`crate::scalar::i754`], so it rounds once and returns the
//! canonical NaN, as a Hoon `@r` door op does.

use crate::scalar::i754::{self, Width};
use crate::{Atom, Round};

/// One IEEE width and one rounding mode: `~(… ^rX r)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fl {
    /// The width every operand and result has.
    pub w: Width,
    /// The mode every rounded step uses.
    pub r: Round,
}

impl Fl {
    /// The context `~(… ^rX r)`.
    pub const fn new(w: Width, r: Round) -> Fl {
        Fl { w, r }
    }

    /// The kernel context `~(… ^rX %n)`.
    pub const fn n(w: Width) -> Fl {
        Fl { w, r: Round::N }
    }

    /// `a + b`.
    pub fn add(self, a: u128, b: u128) -> u128 {
        i754::add(self.w, self.r, a, b)
    }

    /// `a − b`.
    pub fn sub(self, a: u128, b: u128) -> u128 {
        i754::sub(self.w, self.r, a, b)
    }

    /// `a × b`.
    pub fn mul(self, a: u128, b: u128) -> u128 {
        i754::mul(self.w, self.r, a, b)
    }

    /// `a ÷ b`.
    pub fn div(self, a: u128, b: u128) -> u128 {
        i754::div(self.w, self.r, a, b)
    }

    /// `a × b + c` with one rounding.
    pub fn fma(self, a: u128, b: u128, c: u128) -> u128 {
        i754::fma(self.w, self.r, a, b, c)
    }

    /// `(sub .0 a)`: the Hoon negation, a real subtraction from +0.
    pub fn neg(self, a: u128) -> u128 {
        i754::sub(self.w, self.r, i754::zero(self.w), a)
    }

    /// `a < b` (false on NaN).
    pub fn lth(self, a: u128, b: u128) -> bool {
        i754::lth(self.w, a, b)
    }

    /// `a <= b` (false on NaN).
    pub fn lte(self, a: u128, b: u128) -> bool {
        i754::lte(self.w, a, b)
    }

    /// `a > b` (false on NaN).
    pub fn gth(self, a: u128, b: u128) -> bool {
        i754::gth(self.w, a, b)
    }

    /// `a >= b` (false on NaN).
    pub fn gte(self, a: u128, b: u128) -> bool {
        i754::gte(self.w, a, b)
    }

    /// Numeric `a == b` (false on NaN, `+0 == −0`).
    pub fn equ(self, a: u128, b: u128) -> bool {
        i754::equ(self.w, a, b)
    }

    /// `(sun n)`: the unsigned integer `n` rounded to a float.
    pub fn sun(self, n: &Atom) -> u128 {
        i754::sun(self.w, self.r, n)
    }

    /// `(san n)`: the signed integer `(−1)^negative · n` rounded to a float.
    pub fn san(self, negative: bool, n: &Atom) -> u128 {
        i754::san(self.w, self.r, negative, n)
    }

    /// `(toi a)`: `a` rounded to an exact integer, `None` for NaN and ±∞.
    pub fn toi(self, a: u128) -> Option<(bool, Atom)> {
        i754::toi(self.w, self.r, a)
    }

    /// Horner's rule as the Hoon writes it: `(roll (flop cs) |=([c acc] (add (mul acc v) c)))`.
    ///
    /// `cs` holds the constant term first; the accumulator starts at +0 and the
    /// highest coefficient enters first, so the first step is `+0 × v + c_N`.
    pub fn horner(self, cs: &[u128], v: u128) -> u128 {
        cs.iter()
            .rev()
            .fold(i754::zero(self.w), |acc, &c| self.add(self.mul(acc, v), c))
    }

    /// Whether the sign bit of `a` is set (`(rsh [0 (dec bits)] a)` is 1).
    pub const fn sign(self, a: u128) -> bool {
        !i754::sig(self.w, a)
    }

    /// `a` with its sign bit cleared (`(dis a 0x7fff…)`), a bit operation.
    pub const fn magnitude(self, a: u128) -> u128 {
        a & self.w.mask() & !self.w.sign_bit()
    }

    /// `a` with its sign bit set (a bit operation).
    pub const fn negative(self, a: u128) -> u128 {
        (a | self.w.sign_bit()) & self.w.mask()
    }

    /// The float ±1 (`.1` or `.-1`).
    pub const fn one(self) -> u128 {
        i754::one(self.w)
    }

    /// The float 2^`k` (`pow2` of `/lib/math` `++exp`), for a normal exponent `k`.
    pub const fn pow2(self, k: i32) -> u128 {
        i754::pow2(self.w, k)
    }
}

/// The small signed value of an integer from [`Fl::toi`], or `None` when its magnitude exceeds `i64`.
pub(crate) fn small_int(k: &(bool, Atom)) -> Option<i64> {
    let m = i64::try_from(k.1.as_u64()?).ok()?;
    Some(if k.0 { -m } else { m })
}
