//! The tolerance and rounding arms: `++is-close`, `++all-close`, `++mod`, `++round`, `++round-places`, `++round-bankers`.
//!
//! Ports those arms of `urbit/numerics:libmath/desk/lib/math.hoon` @a71a0b9;
//! every step is a door op in mode `r` except `round-bankers`'s `toi` (`%n`).

use super::fl::Fl;
use super::{Door, MathError};
use crate::ieee::arith::Steps;
use crate::policy::Executor;
use crate::scalar::i754::{self, Width};
use crate::{Atom, Round};

impl Door {
    /// `++is-close`: `|p ⊖ᵣ q| < atol ⊕ᵣ rtol ⊗ᵣ |q|` (strict, false on NaN).
    pub fn is_close(&self, p: u128, q: u128) -> bool {
        let bound = self.add(self.atol(), self.mul(self.rtol(), self.abs(q)));
        self.lth(self.abs(self.sub(p, q)), bound)
    }

    /// `++all-close`: [`Door::is_close`] of `p` and every element of `qs`.
    pub fn all_close(&self, p: u128, qs: &[u128]) -> bool {
        qs.iter().all(|&q| self.is_close(p, q))
    }

    /// `++mod` (`@rs` only): `b ⊖ᵣ mod(neg a, b)` for `a < 0`, else `a ⊖ᵣ b ⊗ᵣ san(toi(a ⊘ᵣ b))`.
    ///
    /// # Errors
    /// [`MathError::NoSuchArm`] outside `@rs`; [`MathError::ToiNotFinite`] when
    /// `a ⊘ᵣ b` is NaN or infinite.
    pub fn modulo(&self, a: u128, b: u128) -> Result<u128, MathError> {
        if self.width() != Width::S {
            return Err(MathError::NoSuchArm {
                arm: "mod",
                door: self.name(),
            });
        }
        if self.lth(a, i754::zero(self.width())) {
            let m = self.modulo(self.neg(a), b)?;
            return Ok(self.sub(b, m));
        }
        let q = self
            .fl()
            .rint(self.div(a, b))
            .ok_or(MathError::ToiNotFinite {
                arm: "mod",
                what: "(div a b)",
            })?;
        Ok(self.sub(a, self.mul(b, q)))
    }

    /// The float ten (`.10` / `.~10`).
    fn ten(&self) -> u128 {
        self.fl().sun(&Atom::from(10u64))
    }

    /// Fails with [`MathError::NoSuchArm`] unless the door is `@rs` or `@rd`.
    fn rs_or_rd(&self, arm: &'static str) -> Result<(), MathError> {
        match self.width() {
            Width::S | Width::D => Ok(()),
            _ => Err(MathError::NoSuchArm {
                arm,
                door: self.name(),
            }),
        }
    }

    /// `++round` (`@rs @rd`): `x` rounded to `n` significant figures.
    ///
    /// `oom = san(toi(log-10 |x|))`, `scaling = pow(10, sun(n) ⊖ᵣ (oom ⊖ᵣ 1))`
    /// (the Hoon's `:(sub (sun n) oom .1)` folds to the right), then
    /// `round-bankers(x ⊗ᵣ scaling) ⊘ᵣ scaling`; `x` bitwise +0 gives +0.
    ///
    /// # Errors
    /// [`MathError::NoSuchArm`] at `@rh @rq`; [`MathError::ToiNotFinite`] when
    /// `x` is −0, NaN or ±∞ or the scaled value is not finite; the errors of [`Door::pow`].
    pub fn round(&self, x: u128, n: &Atom) -> Result<u128, MathError> {
        self.rs_or_rd("round")?;
        let x = x & self.width().mask();
        if x == i754::zero(self.width()) {
            return Ok(x);
        }
        let (negative, oom) =
            self.toi(self.log_10(self.abs(x)))
                .ok_or(MathError::ToiNotFinite {
                    arm: "round",
                    what: "(log-10 (abs x))",
                })?;
        let oom = self.san(negative, &oom);
        let one = self.fl().one();
        let scaling = self.pow(self.ten(), self.sub(self.sun(n), self.sub(oom, one)))?;
        let mantissa = self.round_bankers(self.mul(x, scaling))?;
        Ok(self.div(mantissa, scaling))
    }

    /// `++round-places` (`@rs @rd`): `x` rounded to `n` decimal places,
    /// `round-bankers(x ⊗ᵣ s) ⊘ᵣ s` with `s = pow(10, sun(n))`.
    ///
    /// # Errors
    /// [`MathError::NoSuchArm`] at `@rh @rq`; the errors of [`Door::pow`] and [`Door::round_bankers`].
    pub fn round_places(&self, x: u128, n: &Atom) -> Result<u128, MathError> {
        self.rs_or_rd("round-places")?;
        let scaling = self.pow(self.ten(), self.sun(n))?;
        let mantissa = self.round_bankers(self.mul(x, scaling))?;
        Ok(self.div(mantissa, scaling))
    }

    /// `++round-bankers` (`@rs @rd`): `san(toi_n(x))`, ties to even whatever `r` is.
    ///
    /// # Errors
    /// [`MathError::NoSuchArm`] at `@rh @rq`; [`MathError::ToiNotFinite`] for NaN and ±∞.
    pub fn round_bankers(&self, x: u128) -> Result<u128, MathError> {
        self.rs_or_rd("round-bankers")?;
        let w = self.width();
        // An integer x (|x| >= 2^frac_bits) is its own `toi` at %n, and `san`
        // of it is exact in any mode: x itself, with no atom built.
        if Fl::n(Executor::Reference, w).integral(x) {
            return Ok(x & w.mask());
        }
        let (negative, k) = i754::toi(w, Round::N, x).ok_or(MathError::ToiNotFinite {
            arm: "round-bankers",
            what: "x",
        })?;
        Ok(self.san(negative, &k))
    }
}
