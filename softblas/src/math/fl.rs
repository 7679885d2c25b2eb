//! A rounding context for the float steps of `/lib/math`: one width, one mode.
//!
//! The kernels of `/lib/math` write every step as `~(op ^rX %n)` (an [`Fl`]
//! made by [`Fl::n`]) and the composite arms write bare door ops, which round
//! in the door's mode `r` (an [`Fl`] made by [`Fl::new`]). Every operation is
//! one call of [`crate::scalar::i754`], so it rounds once and returns the
//! canonical NaN, as a Hoon `@r` door op does.

use crate::hw::Op;
use crate::ieee::arith::{Arith, Steps};
use crate::policy::Executor;
use crate::scalar::i754::{self, Width};
use crate::{Atom, Round};

/// One IEEE width and one rounding mode, `~(… ^rX r)`, computed by one executor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fl {
    /// The executor of every rounded step ([`i754::binary_by`]).
    pub e: Executor,
    /// The width every operand and result has.
    pub w: Width,
    /// The mode every rounded step uses.
    pub r: Round,
}

impl Fl {
    /// The context `~(… ^rX r)` under the executor `e`.
    pub const fn new(e: Executor, w: Width, r: Round) -> Fl {
        Fl { e, w, r }
    }

    /// The kernel context `~(… ^rX %n)` under the executor `e`.
    pub const fn n(e: Executor, w: Width) -> Fl {
        Fl { e, w, r: Round::N }
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

    /// `(san (toi a))`: `a` rounded to an integer in mode `r`, as a float of
    /// this width; `None` for NaN and ±∞.
    ///
    /// The same bits as [`Fl::san`] of [`Fl::toi`] (a zero is +0), without a
    /// heap [`Atom`] when `a` is already an integer (`|a| >= 2^frac_bits`:
    /// `toi` is then exact and so is `san` of it, giving `a` back). Below that
    /// the integer is built by `toi`, on the heap only at `@rq` when it is at
    /// least 2^64.
    pub fn rint(self, a: u128) -> Option<u128> {
        if self.integral(a) {
            return Some(a & self.w.mask());
        }
        let (negative, m) = self.toi(a)?;
        Some(self.san(negative, &m))
    }

    /// Whether `a` is finite with no fraction bits left in its significand (`|a| >= 2^frac_bits`).
    pub const fn integral(self, a: u128) -> bool {
        i754::is_finite(self.w, a) && i754::exponent(self.w, a) >= self.w.frac_bits() as i64
    }

    /// `|a|` when `a` is an integer below 2^128 (`None` for fractions, NaN, ±∞ and larger values).
    pub const fn int_u128(self, a: u128) -> Option<u128> {
        if !i754::is_finite(self.w, a) {
            return None;
        }
        if a & self.w.mask() & !(1u128 << (self.w.bits() - 1)) == 0 {
            return Some(0);
        }
        let ex = i754::exponent(self.w, a);
        if ex < 0 || ex >= 128 {
            return None;
        }
        let fb = self.w.frac_bits() as i64;
        let sig = (a & ((1u128 << fb) - 1)) | 1u128 << fb;
        if ex >= fb {
            return Some(sig << (ex - fb));
        }
        let drop = fb - ex;
        if sig & ((1u128 << drop) - 1) != 0 {
            return None;
        }
        Some(sig >> drop)
    }

    /// The low two bits of the integer `|a|` for an [`Fl::integral`] `a`.
    pub const fn int_low2(self, a: u128) -> u8 {
        let fb = self.w.frac_bits();
        let sig = (a & ((1u128 << fb) - 1)) | 1u128 << fb;
        match i754::exponent(self.w, a) - fb as i64 {
            0 => (sig & 3) as u8,
            1 => ((sig << 1) & 3) as u8,
            _ => 0,
        }
    }
}

/// The bit-pattern context the algorithms of [`super`] are written over: each
/// operation one call of [`crate::scalar::i754`] in mode `r` (the trait's
/// defaults give `neg`, `gth`, `gte`, `one`, `pow2`, `negative`, ...).
impl Steps for Fl {
    type V = u128;

    fn width(self) -> Width {
        self.w
    }
    fn val(self, b: u128) -> u128 {
        b & self.w.mask()
    }
    fn add(self, a: u128, b: u128) -> u128 {
        i754::binary_by(self.e, Op::Add, self.w, self.r, a, b)
    }
    fn sub(self, a: u128, b: u128) -> u128 {
        i754::binary_by(self.e, Op::Sub, self.w, self.r, a, b)
    }
    fn mul(self, a: u128, b: u128) -> u128 {
        i754::binary_by(self.e, Op::Mul, self.w, self.r, a, b)
    }
    fn div(self, a: u128, b: u128) -> u128 {
        i754::binary_by(self.e, Op::Div, self.w, self.r, a, b)
    }
}

impl Arith for Fl {
    fn bits(self, v: u128) -> u128 {
        v & self.w.mask()
    }
    fn fma(self, a: u128, b: u128, c: u128) -> u128 {
        i754::fma(self.w, self.r, a, b, c)
    }
    fn sqrt_in(self, r: Round, a: u128) -> u128 {
        i754::sqt_by(self.e, self.w, r, a)
    }
    fn lth(self, a: u128, b: u128) -> bool {
        i754::lth(self.w, a, b)
    }
    fn lte(self, a: u128, b: u128) -> bool {
        i754::lte(self.w, a, b)
    }
    fn equ(self, a: u128, b: u128) -> bool {
        i754::equ(self.w, a, b)
    }
    fn int(self, k: i64) -> u128 {
        let m = self.sun(&Atom::from(k.unsigned_abs()));
        if k < 0 {
            self.neg(m)
        } else {
            m
        }
    }
    fn rint_n(self, a: u128) -> i64 {
        let (negative, m) = i754::toi(self.w, Round::N, a).unwrap_or_default();
        let m = m.as_u64().map_or(i64::MAX, |m| m as i64);
        if negative {
            -m
        } else {
            m
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const WIDTHS: [Width; 4] = [Width::H, Width::S, Width::D, Width::Q];

    /// The heap-free helpers against `toi`/`san` of `Atom`s, on bits `a` at width `w` in mode `r`.
    fn agree(w: Width, r: Round, a: u128) {
        let f = Fl::new(Executor::Reference, w, r);
        let a = a & w.mask();
        let t = f.toi(a);
        assert_eq!(
            f.rint(a),
            t.as_ref().map(|(s, m)| f.san(*s, m)),
            "rint {a:x}"
        );
        if f.integral(a) {
            let low = t.map(|(_, m)| m.bits_u128(0, 2) as u8);
            assert_eq!(Some(f.int_low2(a)), low, "int_low2 {a:x}");
        }
    }

    #[test]
    fn helpers_agree_on_edges() {
        // Rows: zeros, ±1, halves (ties), 2^frac_bits ± 1 ulp (the integral
        // boundary), 2^64 neighbours (the u64 boundary), max finite, ±∞, NaN.
        for w in WIDTHS {
            let fb = w.frac_bits() as i32;
            let mut xs = vec![
                0,
                w.sign_bit(),
                i754::one(w),
                i754::pow2(w, -1),
                i754::pow2(w, fb),
                i754::pow2(w, fb) - 1,
                i754::pow2(w, fb) + 1,
                i754::pow2(w, fb + 1) + 1,
                i754::pow2(w, fb + 2) + 3,
                i754::max_finite(w),
                i754::inf(w),
                i754::canonical_nan(w),
            ];
            if w.bias() >= 64 {
                xs.extend([
                    i754::pow2(w, 64),
                    i754::pow2(w, 64) - 1,
                    i754::pow2(w, 63) + 1,
                ]);
            }
            for x in xs {
                for r in [Round::N, Round::U, Round::D, Round::Z] {
                    agree(w, r, x);
                    agree(w, r, x | w.sign_bit());
                }
            }
        }
    }

    proptest! {
        #[test]
        fn helpers_agree_on_random_bits(a in any::<u128>(), wi in 0usize..4, ri in 0usize..4) {
            let r = [Round::N, Round::U, Round::D, Round::Z][ri];
            agree(WIDTHS[wi], r, a);
            // Values near the integral boundary, where the fast path starts.
            let w = WIDTHS[wi];
            let near = i754::pow2(w, w.frac_bits() as i32) ^ (a & 0xff);
            agree(w, r, near);
        }
    }
}
