//! Element kind `int2`: modular two's-complement integers, as `/lib/twoc` computes them.
//!
//! Ports, by semantics, `urbit/numerics` `libmath/desk/lib/twoc.hoon` @96f3cfe: the door `+twid`
//! (`|_ wid=@`, any width) as [`Twid`], and the door `+twoc` (`|_ =bloq`, which re-exports every
//! `+twid` arm at width `2^bloq`) as [`Twid::twoc`]. Hoon's signed integers `@s` (the `++si` core
//! of `hoon.hoon`: `new old syn abs fra pro sum`) are [`Signed`].
//!
//! Everything wraps modulo 2^wid. Facts of the Hoon worth knowing (all reproduced):
//! - `+msb` is 1 when the operand has *at least* `wid` significant bits, not when bit `wid - 1`
//!   is set; operands wider than `wid` (off contract) count as negative, and every arm uses the
//!   raw atom where the Hoon does (`+gth` compares raw atoms, `+abs` reduces before negating).
//! - `neg(min) = abs(min) = div(min, -1) = min`; `div` truncates toward zero; `rem` takes the sign
//!   of the dividend; `pow` takes a raw non-negative exponent (`n = 0` gives 1).
//! - Division or remainder by a divisor whose `+abs` is 0 crashes ([`Int2Error::DivideByZero`]).
//!
//! Each arm is written once, generically over the [`Word`] carrier (`u128` up to 128 bits, [`Atom`]
//! for any width).

pub mod arms;

use super::uint::{pow_mod, Word};
use crate::Atom;
use std::marker::PhantomData;
use thiserror::Error;

/// Why a `/lib/twoc` arm gave no value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Int2Error {
    /// `div` or `rem` with a divisor whose two's-complement magnitude is 0 (the Hoon `div`/`mod` crash).
    #[error("twoc: division by zero")]
    DivideByZero,
    /// `+ones` at width 0 (the Hoon `(dec 0)` crashes).
    #[error("twoc: ones of width 0")]
    ZeroWidth,
    /// The width exceeds what the carrier computes in (not a Hoon crash: `u128` tops out at 128
    /// bits, and a width of 2^64 bits or more cannot be held at all).
    #[error("twoc: width {wid} bits does not fit the carrier")]
    TooWide {
        /// The requested width in bits (saturated at `u64::MAX`).
        wid: u64,
    },
}

/// A Hoon signed integer (`@s`) as sign and magnitude; zero is never negative.
///
/// `@s` atoms are zig-zag coded: `+n` is `2n`, `-n` is `2n - 1` ([`Signed::from_s`], [`Signed::to_s`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed<W> {
    neg: bool,
    mag: W,
}

impl<W: Word> Signed<W> {
    /// The value `-mag` when `neg`, else `+mag` (`new:si`, which maps `-0` to `+0`).
    pub fn new(neg: bool, mag: W) -> Signed<W> {
        let neg = neg && !mag.is_zero();
        Signed { neg, mag }
    }

    /// Whether the value is below zero (`!(syn:si a)`).
    pub fn is_neg(&self) -> bool {
        self.neg
    }

    /// The magnitude (`abs:si`).
    pub fn mag(&self) -> &W {
        &self.mag
    }

    /// The quotient truncated toward zero (`fra:si`), or `None` when `d` is 0.
    pub fn fra(&self, d: &Signed<W>) -> Option<Signed<W>> {
        let (q, _) = self.mag.div_rem(&d.mag)?;
        Some(Signed::new(self.neg != d.neg, q))
    }

    /// The same value carried as an atom.
    pub fn to_atom_signed(&self) -> Signed<Atom> {
        Signed::new(self.neg, self.mag.to_atom())
    }
}

impl Signed<Atom> {
    /// The signed integer coded by the `@s` atom `a` (`old:si`).
    pub fn from_s(a: &Atom) -> Signed<Atom> {
        let neg = a.bit(0);
        // abs:si = (a & 1) + (a >> 1)
        let mag = Atom::shr(a, 1).add(&Atom::from_u64(u64::from(neg)));
        Signed::new(neg, mag)
    }

    /// The `@s` atom coding this value (`new:si`): `2m` for `+m`, `2m - 1` for `-m`.
    pub fn to_s(&self) -> Atom {
        let twice = self.mag.shl(1);
        if self.neg {
            twice
                .checked_sub(&Atom::ONE)
                .expect("a negative value has a non-zero magnitude")
        } else {
            twice
        }
    }

    /// This value with its magnitude moved to carrier `W` (modulo 2^`W::MAX_WIDTH`).
    pub fn to_carrier<W: Word>(&self) -> Signed<W> {
        Signed::new(self.neg, W::from_atom_low(&self.mag))
    }

    /// The exact sum (`sum:si`).
    pub fn sum(&self, o: &Signed<Atom>) -> Signed<Atom> {
        if self.neg == o.neg {
            return Signed::new(self.neg, self.mag.add(&o.mag));
        }
        match self.mag.checked_sub(&o.mag) {
            Some(d) => Signed::new(self.neg, d),
            None => Signed::new(
                o.neg,
                o.mag.checked_sub(&self.mag).expect("o.mag > self.mag here"),
            ),
        }
    }

    /// The exact product (`pro:si`).
    pub fn pro(&self, o: &Signed<Atom>) -> Signed<Atom> {
        Signed::new(self.neg != o.neg, self.mag.mul(&o.mag))
    }
}

/// The `/lib/twoc` door `+twid` at width `wid` bits, computing in carrier `W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Twid<W> {
    wid: u64,
    carrier: PhantomData<W>,
}

impl<W: Word> Twid<W> {
    /// The door `~(. twid wid)`.
    ///
    /// # Errors
    /// [`Int2Error::TooWide`] when `wid` exceeds `W::MAX_WIDTH`.
    pub fn new(wid: u64) -> Result<Twid<W>, Int2Error> {
        if wid > W::MAX_WIDTH {
            return Err(Int2Error::TooWide { wid });
        }
        Ok(Twid {
            wid,
            carrier: PhantomData,
        })
    }

    /// The door `~(. twoc bloq)`, i.e. `+twid` at width `2^bloq`.
    ///
    /// # Errors
    /// [`Int2Error::TooWide`] when `2^bloq` exceeds `W::MAX_WIDTH` or does not fit 64 bits.
    pub fn twoc(bloq: u32) -> Result<Twid<W>, Int2Error> {
        match 1u64.checked_shl(bloq).filter(|_| bloq < 64) {
            Some(wid) => Twid::new(wid),
            None => Err(Int2Error::TooWide { wid: u64::MAX }),
        }
    }

    /// `+len`: the width in bits.
    pub fn width(&self) -> u64 {
        self.wid
    }

    /// `+len-mod`: the modulus 2^wid, as an atom.
    pub fn len_mod(&self) -> Atom {
        Atom::pow2(self.wid)
    }

    /// `+ones`: `wid - 1`.
    ///
    /// # Errors
    /// [`Int2Error::ZeroWidth`] at width 0.
    pub fn ones(&self) -> Result<u64, Int2Error> {
        self.wid.checked_sub(1).ok_or(Int2Error::ZeroWidth)
    }

    /// `+msb`: whether `a` has at least `wid` significant bits (the sign bit, for in-range `a`).
    pub fn msb(&self, a: &W) -> bool {
        a.bit_len() >= self.wid
    }

    /// `+s-to-twoc`: the width-`wid` two's complement of a signed integer (wraps).
    pub fn s_to_twoc(&self, s: &Signed<W>) -> W {
        if s.neg {
            self.neg(&s.mag)
        } else {
            s.mag.low(self.wid)
        }
    }

    /// `+twoc-to-s`: the signed value of a two's-complement pattern.
    pub fn twoc_to_s(&self, a: &W) -> Signed<W> {
        if self.msb(a) {
            Signed::new(true, self.abs(a))
        } else {
            Signed::new(false, a.low(self.wid))
        }
    }

    /// `+add`: `(a + b) mod 2^wid`.
    pub fn add(&self, a: &W, b: &W) -> W {
        a.wrap_add(b, self.wid)
    }

    /// `+neg`: `(~(a mod 2^wid) + 1) mod 2^wid`; `neg(min) = min`.
    pub fn neg(&self, a: &W) -> W {
        W::zero().wrap_sub(a, self.wid)
    }

    /// `+sub`: `add(a, neg(b))`.
    pub fn sub(&self, a: &W, b: &W) -> W {
        a.wrap_sub(b, self.wid)
    }

    /// `+mul`: `((a mod 2^wid)(b mod 2^wid)) mod 2^wid`.
    pub fn mul(&self, a: &W, b: &W) -> W {
        a.wrap_mul(b, self.wid)
    }

    /// `+abs`: `neg(a)` when `msb(a)`, else `a mod 2^wid`; `abs(min) = min`.
    pub fn abs(&self, a: &W) -> W {
        if self.msb(a) {
            self.neg(a)
        } else {
            a.low(self.wid)
        }
    }

    /// `+overflow`: whether `c = a + b` overflowed a checked signed add (both operands of one sign,
    /// the sum of the other).
    pub fn overflow(&self, a: &W, b: &W, c: &W) -> bool {
        let (sa, sb, sc) = (self.msb(a), self.msb(b), self.msb(c));
        (!sc && sa && sb) || (sc && !sa && !sb)
    }

    /// `+div`: `abs(a) / abs(b)`, negated when the signs differ (truncation toward zero).
    ///
    /// # Errors
    /// [`Int2Error::DivideByZero`] when `abs(b)` is 0.
    pub fn div(&self, a: &W, b: &W) -> Result<W, Int2Error> {
        let (q, _) = self
            .abs(a)
            .div_rem(&self.abs(b))
            .ok_or(Int2Error::DivideByZero)?;
        Ok(if self.msb(a) == self.msb(b) {
            q.low(self.wid)
        } else {
            self.neg(&q)
        })
    }

    /// `+rem`: `abs(a) mod abs(b)`, negated when `a` is negative (sign of the dividend).
    ///
    /// # Errors
    /// [`Int2Error::DivideByZero`] when `abs(b)` is 0.
    pub fn rem(&self, a: &W, b: &W) -> Result<W, Int2Error> {
        let (_, r) = self
            .abs(a)
            .div_rem(&self.abs(b))
            .ok_or(Int2Error::DivideByZero)?;
        Ok(if self.msb(a) {
            self.neg(&r)
        } else {
            r.low(self.wid)
        })
    }

    /// `+pow`: `a^n mod 2^wid` by square-and-multiply, for a raw non-negative exponent `n`.
    pub fn pow(&self, a: &W, n: &Atom) -> W {
        pow_mod(a, n, self.wid)
    }

    /// `+extend`: the sign-extension fill, `2^wid - 1` when `msb(a)`, else 0.
    pub fn extend(&self, a: &W) -> W {
        if self.msb(a) {
            W::zero().not_low(self.wid)
        } else {
            W::zero()
        }
    }

    /// `+gth`: signed `a > b` (when exactly one is negative, the other is greater; otherwise the
    /// raw atoms compare).
    pub fn gth(&self, a: &W, b: &W) -> bool {
        let (sa, sb) = (self.msb(a), self.msb(b));
        if sa != sb {
            !sa
        } else {
            a > b
        }
    }

    /// `+lth`: `gth(b, a)`.
    pub fn lth(&self, a: &W, b: &W) -> bool {
        self.gth(b, a)
    }

    /// `+lte`: `!gth(a, b)`.
    pub fn lte(&self, a: &W, b: &W) -> bool {
        !self.gth(a, b)
    }

    /// `+gte`: `!gth(b, a)`.
    pub fn gte(&self, a: &W, b: &W) -> bool {
        !self.gth(b, a)
    }
}

/// A value computed in some carrier, brought back to atoms (the carrier-independent result type).
trait Lift {
    type Out;
    fn lift(self) -> Self::Out;
}

impl Lift for u128 {
    type Out = Atom;
    fn lift(self) -> Atom {
        Atom::from_u128(self)
    }
}

impl Lift for Atom {
    type Out = Atom;
    fn lift(self) -> Atom {
        self
    }
}

impl Lift for bool {
    type Out = bool;
    fn lift(self) -> bool {
        self
    }
}

impl<W: Word> Lift for Signed<W> {
    type Out = Signed<Atom>;
    fn lift(self) -> Signed<Atom> {
        self.to_atom_signed()
    }
}

impl<T: Lift, E> Lift for Result<T, E> {
    type Out = Result<T::Out, E>;
    fn lift(self) -> Result<T::Out, E> {
        self.map(Lift::lift)
    }
}

/// Runs `$body` with `$t` a `Twid` at `$self.wid` in `u128` when the width and every operand
/// `$x` fit 128 bits, else in `Atom`, and lifts the result to atoms.
macro_rules! on_carrier {
    ($self:ident, [$($x:ident),*], |$t:ident| $body:expr) => {{
        if $self.wid <= 128 $(&& $x.bit_len() <= 128)* {
            let $t = Twid::<u128> { wid: $self.wid, carrier: PhantomData };
            $(let $x = &$x.low_u128();)*
            Lift::lift($body)
        } else {
            let $t = Twid::<Atom> { wid: $self.wid, carrier: PhantomData };
            Lift::lift($body)
        }
    }};
}

/// Declares methods of [`AtomTwid`], each running [`Twid`]'s method of the same name on its atom
/// operands through `on_carrier!`.
macro_rules! on_carriers {
    ($($(#[$doc:meta])* fn $name:ident($($x:ident),*) -> $t:ty;)*) => {$(
        $(#[$doc])*
        pub fn $name(&self, $($x: &Atom),*) -> $t {
            on_carrier!(self, [$($x),*], |t| t.$name($($x),*))
        }
    )*};
}

/// The `+twid` door over atoms: each arm runs in `u128` when the width and the operands fit 128
/// bits and in [`Atom`] otherwise (the same generic code either way; see [`Twid`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtomTwid {
    wid: u64,
}

impl AtomTwid {
    /// The door `~(. twid wid)`.
    pub fn new(wid: u64) -> AtomTwid {
        AtomTwid { wid }
    }

    /// The door `~(. twoc bloq)`, i.e. `+twid` at width `2^bloq`.
    ///
    /// # Errors
    /// [`Int2Error::TooWide`] when `2^bloq` does not fit 64 bits.
    pub fn twoc(bloq: u32) -> Result<AtomTwid, Int2Error> {
        match 1u64.checked_shl(bloq).filter(|_| bloq < 64) {
            Some(wid) => Ok(AtomTwid { wid }),
            None => Err(Int2Error::TooWide { wid: u64::MAX }),
        }
    }

    /// `+len`: the width in bits.
    pub fn width(&self) -> u64 {
        self.wid
    }

    /// The same door computing in [`Atom`] (any width).
    fn atoms(&self) -> Twid<Atom> {
        Twid {
            wid: self.wid,
            carrier: PhantomData,
        }
    }

    /// `+len-mod` ([`Twid::len_mod`]).
    pub fn len_mod(&self) -> Atom {
        self.atoms().len_mod()
    }

    /// `+ones` ([`Twid::ones`]).
    ///
    /// # Errors
    /// [`Int2Error::ZeroWidth`] at width 0.
    pub fn ones(&self) -> Result<u64, Int2Error> {
        self.atoms().ones()
    }

    /// `+msb` ([`Twid::msb`]).
    pub fn msb(&self, a: &Atom) -> bool {
        self.atoms().msb(a)
    }

    /// `+s-to-twoc` of the `@s` atom `s` ([`Twid::s_to_twoc`]).
    pub fn s_to_twoc(&self, s: &Atom) -> Atom {
        self.s_to_twoc_signed(&Signed::from_s(s))
    }

    /// `+s-to-twoc` of a signed value of any magnitude ([`Twid::s_to_twoc`]).
    pub fn s_to_twoc_signed(&self, s: &Signed<Atom>) -> Atom {
        if self.wid <= 128 {
            let t = Twid::<u128> {
                wid: self.wid,
                carrier: PhantomData,
            };
            // Only the low wid <= 128 bits of the magnitude matter.
            Lift::lift(t.s_to_twoc(&s.to_carrier()))
        } else {
            self.atoms().s_to_twoc(s)
        }
    }

    on_carriers! {
        /// `+twoc-to-s` ([`Twid::twoc_to_s`]).
        fn twoc_to_s(a) -> Signed<Atom>;
        /// `+add` ([`Twid::add`]).
        fn add(a, b) -> Atom;
        /// `+neg` ([`Twid::neg`]).
        fn neg(a) -> Atom;
        /// `+sub` ([`Twid::sub`]).
        fn sub(a, b) -> Atom;
        /// `+mul` ([`Twid::mul`]).
        fn mul(a, b) -> Atom;
        /// `+abs` ([`Twid::abs`]).
        fn abs(a) -> Atom;
        /// `+overflow` ([`Twid::overflow`]).
        fn overflow(a, b, c) -> bool;
        /// `+div` ([`Twid::div`]).
        ///
        /// # Errors
        /// [`Int2Error::DivideByZero`] when `abs(b)` is 0.
        fn div(a, b) -> Result<Atom, Int2Error>;
        /// `+rem` ([`Twid::rem`]).
        ///
        /// # Errors
        /// [`Int2Error::DivideByZero`] when `abs(b)` is 0.
        fn rem(a, b) -> Result<Atom, Int2Error>;
        /// `+extend` ([`Twid::extend`]).
        fn extend(a) -> Atom;
        /// `+gth` ([`Twid::gth`]).
        fn gth(a, b) -> bool;
        /// `+lth` ([`Twid::lth`]).
        fn lth(a, b) -> bool;
        /// `+lte` ([`Twid::lte`]).
        fn lte(a, b) -> bool;
        /// `+gte` ([`Twid::gte`]).
        fn gte(a, b) -> bool;
    }

    /// `+pow` with the raw exponent `n` ([`Twid::pow`]).
    pub fn pow(&self, a: &Atom, n: &Atom) -> Atom {
        on_carrier!(self, [a], |t| t.pow(a, n))
    }
}
