//! The composite arms `++atan2`, `++pow` and `++pow-n`, whose own steps round in the door's mode `r`.
//!
//! Ports the four doors' arms of `urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9.

use super::{Door, MathError};
use crate::ieee::arith::{Arith, Steps};
use crate::round::Round;
use crate::scalar::i754;
use crate::scalar::unum::fns::{settle, LoopError, STEP_LIMIT};

impl Door {
    /// `++atan2`: the angle of the point `(x, y)`, argument order `(y, x)` as in the Hoon.
    ///
    /// `x > 0`: `atan(y ⊘ᵣ x)`; `x < 0`: `atan(y ⊘ᵣ x) ⊕ᵣ π` when `y >= 0`, `⊖ᵣ π`
    /// when `y < 0`; `x` bitwise +0: `π ⊘ᵣ 2` when `y > 0`, `−1 ⊗ᵣ (π ⊘ᵣ 2)` when
    /// `y < 0`; every other case (`x = −0`, NaNs, `y = ±0` with `x = +0`) gives +0.
    pub fn atan2(&self, y: u128, x: u128) -> u128 {
        let w = self.width();
        let f = self.fl();
        let zero = i754::zero(w);
        let x = x & w.mask();
        if f.gth(x, zero) {
            return self.atan(f.div(y, x));
        }
        if f.lth(x, zero) && f.gte(y, zero) {
            return f.add(self.atan(f.div(y, x)), self.pi());
        }
        if f.lth(x, zero) && f.lth(y, zero) {
            return f.sub(self.atan(f.div(y, x)), self.pi());
        }
        let half_pi = f.div(self.pi(), f.pow2(1));
        if x == zero && f.gth(y, zero) {
            return half_pi;
        }
        if x == zero && f.lth(y, zero) {
            return f.mul(f.negative(f.one()), half_pi);
        }
        zero
    }

    /// `++is-int`: whether `x == san(toi(x))` in mode `r`.
    ///
    /// # Errors
    /// [`MathError::ToiNotFinite`] for NaN and ±∞ (the Hoon's `need` crashes).
    pub fn is_int(&self, x: u128) -> Result<bool, MathError> {
        let v = self.fl().rint(x).ok_or(MathError::ToiNotFinite {
            arm: "is-int",
            what: "x",
        })?;
        Ok(self.equ(x, v))
    }

    /// `++pow`: `x^n`; a positive integer `n` goes to [`Door::pow_n`], anything
    /// else is `exp(n ⊗ᵣ log x)`.
    ///
    /// # Errors
    /// [`MathError::ToiNotFinite`] when `n` is NaN or ±∞, or when `exp` overflows
    /// its reduction; the errors of [`Door::pow_n`].
    pub fn pow(&self, x: u128, n: u128) -> Result<u128, MathError> {
        let w = self.width();
        let n = n & w.mask();
        let v = self.fl().rint(n).ok_or(MathError::ToiNotFinite {
            arm: "pow",
            what: "n",
        })?;
        if n == v && self.gth(n, i754::zero(w)) {
            return self.pow_n(x, n);
        }
        self.exp(self.mul(n, self.log(x)))
    }

    /// `++pow-n`: `x^n` for a positive integer `n` by repeated multiplication in mode `r`.
    ///
    /// `n` bitwise +0 gives 1. Otherwise `p = x`, and while `n >= 2`:
    /// `p ← p ⊗ᵣ x`, `n ← n ⊖ᵣ 1`. urnum counts the products the loop takes,
    /// then jumps over the loop once `p` repeats with period 1 or 2 (a period-2
    /// product lands by the parity of the products left). The count is exact:
    /// up to `2^P` (`P` the precision) `n ⊖ 1` is exact, so `n − 1` products
    /// remain. Above `2^P`, `%d` and `%z` step `n` to the next float down (the
    /// gap is at least 2), so the products number the floats in `(2^P, n]` —
    /// the difference of the bit patterns — plus `2^P − 1`; `%n` and `%u` round
    /// `n ⊖ 1` back to `n` (a stuck loop), except `%n` at `n = 2^P + 2`, a tie
    /// that rounds to the even `2^P` and so ends (`tests/pow_n_loop.rs`
    /// checks all this against the literal loop).
    /// Each step simulated costs one product.
    ///
    /// # Errors
    /// [`MathError::Assertion`] unless `n > 0` and an integer (the Hoon's `?>`);
    /// [`MathError::ToiNotFinite`] for `n = +∞`; [`LoopError::Diverges`] when
    /// `n ⊖ᵣ 1` rounds back to `n` (above `2^P` in `%n` and `%u`), where the
    /// Hoon never ends; [`LoopError::TooManySteps`] past 2^24 multiplications
    /// while the product still moves.
    pub fn pow_n(&self, x: u128, n: u128) -> Result<u128, MathError> {
        let w = self.width();
        let f = self.fl();
        let n = n & w.mask();
        let x = x & w.mask();
        if n == i754::zero(w) {
            return Ok(f.one());
        }
        if !(self.gth(n, i754::zero(w)) && self.is_int(n)?) {
            return Err(MathError::Assertion {
                arm: "pow-n",
                check: "&((gth n .0) (is-int n))",
            });
        }
        let exact_limit = f.pow2(w.precision() as i32);
        // Walk the count down to 2^P without products: in %n and %u this is at most two
        // steps (a tie to n − 2, then a tie back to itself), in %d and %z one float per step.
        let mut m = n;
        if matches!(self.mode(), Round::N | Round::U) {
            while f.gth(m, exact_limit) {
                let down = f.sub(m, f.one());
                if down == m {
                    return Err(MathError::from(LoopError::Diverges {
                        arm: "pow-n",
                        why: "n - 1 rounds back to n",
                    }));
                }
                m = down;
            }
        }
        // Positive finite floats order like their bit patterns, so the steps above 2^P are
        // the bit-pattern difference (0 when n <= 2^P); then n' − 1 exact steps from n' <= 2^P.
        let (above, from) = if f.gth(n, exact_limit) {
            (n - exact_limit, 1u128 << w.precision())
        } else {
            let Some(k) = f.int_u128(n) else {
                unreachable!("pow-n: n is a positive integer at most 2^precision here")
            };
            (0, k)
        };
        // At most 2^127 + 2^113 − 1 at @rq: it fits.
        let left = above + (from - 1);
        settle(x, x, left, |a, b| f.mul(a, b)).ok_or(MathError::from(LoopError::TooManySteps {
            arm: "pow-n",
            limit: STEP_LIMIT,
        }))
    }

    /// `++factorial`: `x · (x−1) · … ` down to the step where `|x − 1| < rtol`, in mode `r`.
    ///
    /// # Errors
    /// [`MathError::Assertion`] unless `x >= 0` (NaN fails too);
    /// [`LoopError::Diverges`] when the count-down passes below 1 without
    /// meeting the tolerance (non-integers) or stops moving (huge `x`, +∞);
    /// [`LoopError::TooManySteps`] past 2^24 steps.
    pub fn factorial(&self, x: u128) -> Result<u128, MathError> {
        let w = self.width();
        let f = self.fl();
        let one = f.one();
        let mut x = x & w.mask();
        if !self.gte(x, i754::zero(w)) {
            return Err(MathError::Assertion {
                arm: "factorial",
                check: "(gte x .0)",
            });
        }
        let mut t = one;
        if self.lth(self.abs(x), self.rtol()) {
            return Ok(t);
        }
        for _ in 0..STEP_LIMIT {
            if self.lth(self.abs(f.sub(x, one)), self.rtol()) {
                return Ok(t);
            }
            let next = f.sub(x, one);
            if next == x {
                return Err(MathError::from(LoopError::Diverges {
                    arm: "factorial",
                    why: "x - 1 rounds back to x",
                }));
            }
            if self.lth(x, one) {
                return Err(MathError::from(LoopError::Diverges {
                    arm: "factorial",
                    why: "x passed below 1 without meeting rtol",
                }));
            }
            t = f.mul(t, x);
            x = next;
            if self.absorbs(t) {
                if let Some(frac) = self.count_down_fraction(x) {
                    return self.factorial_tail(t, frac);
                }
            }
        }
        Err(MathError::from(LoopError::TooManySteps {
            arm: "factorial",
            limit: STEP_LIMIT,
        }))
    }

    /// Whether `t · x = t` for every finite `x >= 1` in this door's mode: `+∞`,
    /// and `+max` where overflow saturates down (`%z`, `%d`; urbit/urbit#7426).
    fn absorbs(&self, t: u128) -> bool {
        let w = self.width();
        t == i754::inf(w) || (t == i754::max_finite(w) && matches!(self.r, Round::Z | Round::D))
    }

    /// The fraction `x − ⌊x⌋` that the count-down `x, x−1, …` of
    /// `++factorial` ends on, when that count-down visits the values
    /// `…, 1+frac, frac` in order; `None` when it may not.
    ///
    /// From a finite `x` in `[1, 2^P]` (`P` the precision) every `x − k` down
    /// to the fraction is exact in any mode. Above `2^P` every float is an
    /// integer: `%d` and `%z` round `x − 1` down to the float below, so the
    /// count walks float by float to `2^P` and on exactly to 0 (`frac = +0`);
    /// `%n` and `%u` may round it back to `x`, which the loop itself must meet.
    fn count_down_fraction(&self, x: u128) -> Option<u128> {
        let w = self.width();
        if !i754::is_finite(w, x) || x & w.sign_bit() != 0 || i754::lth(w, x, i754::one(w)) {
            return None;
        }
        let e = i754::exponent(w, x);
        let p = i64::from(w.precision());
        let exact = e < p || (e == p && x == i754::pow2(w, w.precision() as i32));
        if !exact && !matches!(self.r, Round::D | Round::Z) {
            return None;
        }
        // Clear the significand bits below the binary point: `⌊x⌋`, in the
        // same binade as `x`, so `x − ⌊x⌋` is exact.
        let below = i64::from(w.frac_bits()) - e;
        if below <= 0 {
            return Some(i754::zero(w));
        }
        let floor = x & !((1u128 << below) - 1);
        Some(self.fl().sub(x, floor))
    }

    /// The outcome of `++factorial`'s remaining loop once the product `t`
    /// absorbs every further factor and the count-down ends on the fraction
    /// `frac` (see [`Door::count_down_fraction`]), without running it.
    ///
    /// Each remaining step tests `|x−1| < rtol` (return `t`), then `x < 1`
    /// (diverge), then multiplies `t` by `x >= 1`, which leaves `t` as it is.
    /// So the loop returns `t` exactly when some step's test holds, else it
    /// diverges at `x = frac`. The tested values are `x − 1` for `x` down to
    /// `1 + frac`, falling to `frac`, and last `|frac − 1|`: some test holds
    /// exactly when one of those two does.
    fn factorial_tail(&self, t: u128, frac: u128) -> Result<u128, MathError> {
        let f = self.fl();
        let rtol = self.rtol();
        if self.lth(self.abs(frac), rtol) || self.lth(self.abs(f.sub(frac, f.one())), rtol) {
            Ok(t)
        } else {
            Err(MathError::from(LoopError::Diverges {
                arm: "factorial",
                why: "x passed below 1 without meeting rtol",
            }))
        }
    }
}
