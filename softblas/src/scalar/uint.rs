//! Element kind `uint`: unsigned integers modulo 2^w, as Hoon's `++fe` door and Lagoon's `%uint` compute them.
//!
//! Ports, by semantics:
//! - the stdlib door `++fe` (`|_ a=bloq`, width `w = 2^a` bits) from `urbit/urbit` `pkg/arvo/sys/hoon.hoon`
//!   (b85a224): `out sit sum dif inv net rol ror`;
//! - Lagoon's `%uint` scalar table (`+fun-scalar`, `+trans-scalar` in
//!   `urbit/numerics` `lagoon/desk/lib/lagoon.hoon` @aa6f2a6): `mul div mod pow` are the exact atom
//!   operation followed by `sit` (so division and remainder by zero crash), comparisons are the atom
//!   comparisons, `abs` and `conj` are the identity.
//!
//! Values travel in a [`Word`] carrier: `u128` for widths up to 128 bits (the fast path) or
//! [`Atom`] for any width. Each operation is written once, generically over the carrier, so the two
//! paths cannot disagree. The Hoon arms take raw atoms; operands wider than `w` bits are accepted and
//! treated exactly as the Hoon treats them (most arms reduce them with `sit` first).

use crate::Atom;
use std::fmt;
use std::marker::PhantomData;
use thiserror::Error;

/// A carrier of element bits: an unsigned integer type that can compute modulo 2^w for every
/// width `w` up to [`Word::MAX_WIDTH`].
///
/// The modular methods (`low`, `wrap_*`, `not_low`, `shl_low`) are only called with
/// `w <= MAX_WIDTH`; the doors built on this trait ([`Fe`], [`super::int2::Twid`]) check that once,
/// at construction.
pub trait Word: Clone + Ord + fmt::Debug {
    /// The widest modulus 2^w this carrier computes in (`u128`: 128; [`Atom`]: unbounded).
    const MAX_WIDTH: u64;
    /// The value 0.
    fn zero() -> Self;
    /// The value 1.
    fn one() -> Self;
    /// Whether the value is 0.
    fn is_zero(&self) -> bool;
    /// The number of significant bits: Hoon's `(xeb a)` / `(met 0 a)`.
    fn bit_len(&self) -> u64;
    /// The value modulo 2^w: Hoon's `(end [0 w] a)`.
    fn low(&self, w: u64) -> Self;
    /// `(a + b) mod 2^w`.
    fn wrap_add(&self, b: &Self, w: u64) -> Self;
    /// `(a - b) mod 2^w`, i.e. `(2^w + (a mod 2^w) - (b mod 2^w)) mod 2^w`.
    fn wrap_sub(&self, b: &Self, w: u64) -> Self;
    /// `(a * b) mod 2^w`.
    fn wrap_mul(&self, b: &Self, w: u64) -> Self;
    /// The low `w` bits inverted: `(2^w - 1) - (a mod 2^w)`, Hoon's `(not 0 w (end [0 w] a))`.
    fn not_low(&self, w: u64) -> Self;
    /// `(a << n) mod 2^w`.
    fn shl_low(&self, n: u64, w: u64) -> Self;
    /// `a >> n`: Hoon's `(rsh [0 n] a)`.
    fn shr(&self, n: u64) -> Self;
    /// Quotient and remainder, or `None` when `b` is 0.
    fn div_rem(&self, b: &Self) -> Option<(Self, Self)>;
    /// The atom's value modulo 2^[`Word::MAX_WIDTH`] (the whole atom for [`Atom`]).
    fn from_atom_low(a: &Atom) -> Self;
    /// The value as an atom.
    fn to_atom(&self) -> Atom;
}

/// The mask of the low `w` bits of a `u128` (all ones for `w >= 128`).
fn mask128(w: u64) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

impl Word for u128 {
    const MAX_WIDTH: u64 = 128;
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn bit_len(&self) -> u64 {
        u64::from(128 - self.leading_zeros())
    }
    fn low(&self, w: u64) -> Self {
        self & mask128(w)
    }
    // For w <= 128, 2^w divides 2^128, so reducing the wrapped u128 result mod 2^w is exact.
    fn wrap_add(&self, b: &Self, w: u64) -> Self {
        self.wrapping_add(*b) & mask128(w)
    }
    fn wrap_sub(&self, b: &Self, w: u64) -> Self {
        self.wrapping_sub(*b) & mask128(w)
    }
    fn wrap_mul(&self, b: &Self, w: u64) -> Self {
        self.wrapping_mul(*b) & mask128(w)
    }
    fn not_low(&self, w: u64) -> Self {
        !self & mask128(w)
    }
    fn shl_low(&self, n: u64, w: u64) -> Self {
        if n >= w.min(128) {
            0
        } else {
            (self << n) & mask128(w)
        }
    }
    fn shr(&self, n: u64) -> Self {
        if n >= 128 {
            0
        } else {
            self >> n
        }
    }
    fn div_rem(&self, b: &Self) -> Option<(Self, Self)> {
        (*b != 0).then(|| (self / b, self % b))
    }
    fn from_atom_low(a: &Atom) -> Self {
        a.low_u128()
    }
    fn to_atom(&self) -> Atom {
        Atom::from_u128(*self)
    }
}

impl Word for Atom {
    const MAX_WIDTH: u64 = u64::MAX;
    fn zero() -> Self {
        Atom::ZERO
    }
    fn one() -> Self {
        Atom::ONE
    }
    fn is_zero(&self) -> bool {
        Atom::is_zero(self)
    }
    fn bit_len(&self) -> u64 {
        Atom::bit_len(self)
    }
    fn low(&self, w: u64) -> Self {
        self.low_bits(w)
    }
    fn wrap_add(&self, b: &Self, w: u64) -> Self {
        self.add(b).low_bits(w)
    }
    fn wrap_sub(&self, b: &Self, w: u64) -> Self {
        let (a, b) = (self.low_bits(w), b.low_bits(w));
        match a.checked_sub(&b) {
            Some(d) => d,
            None => Atom::pow2(w)
                .add(&a)
                .checked_sub(&b)
                .expect("b < 2^w, so 2^w + a - b is positive"),
        }
    }
    fn wrap_mul(&self, b: &Self, w: u64) -> Self {
        self.low_bits(w).mul(&b.low_bits(w)).low_bits(w)
    }
    fn not_low(&self, w: u64) -> Self {
        Atom::pow2(w)
            .checked_sub(&self.low_bits(w).add(&Atom::ONE))
            .expect("a mod 2^w < 2^w")
    }
    fn shl_low(&self, n: u64, w: u64) -> Self {
        if n >= w {
            Atom::ZERO
        } else {
            self.low_bits(w - n).shl(n)
        }
    }
    fn shr(&self, n: u64) -> Self {
        Atom::shr(self, n)
    }
    fn div_rem(&self, b: &Self) -> Option<(Self, Self)> {
        Atom::div_rem(self, b)
    }
    fn from_atom_low(a: &Atom) -> Self {
        a.clone()
    }
    fn to_atom(&self) -> Atom {
        self.clone()
    }
}

/// `base^n mod 2^w` by square-and-multiply over the bits of the raw exponent `n` (`0^0 = 1 mod 2^w`).
///
/// The one modular power of the element kinds: `%uint`'s `(sit (pow b c))` and `/lib/twoc` `+pow`
/// both equal it (the low `w` bits of a product depend only on the low `w` bits of its factors).
pub fn pow_mod<W: Word>(base: &W, n: &Atom, w: u64) -> W {
    let mut base = base.low(w);
    let mut acc = W::one().low(w);
    for i in 0..n.bit_len() {
        if n.bit(i) {
            acc = acc.wrap_mul(&base, w);
        }
        if i + 1 < n.bit_len() {
            base = base.wrap_mul(&base, w);
        }
    }
    acc
}

/// Why a `uint` operation gave no value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UintError {
    /// The divisor of `div` or `mod` is 0 (the Hoon `div`/`mod` crash).
    #[error("uint: division by zero")]
    DivideByZero,
    /// `rol`/`ror` with a block bloq wider than the word bloq (the Hoon `(sub a b)` crashes).
    #[error("uint: roll block bloq {block} exceeds the word bloq {bloq}")]
    BlockTooWide {
        /// The word's bloq.
        bloq: u32,
        /// The requested block bloq.
        block: u32,
    },
    /// The width 2^bloq exceeds what the carrier computes in (not a Hoon crash: `u128` tops out at
    /// bloq 7, and a width of 2^64 bits or more cannot be held at all).
    #[error("uint: width 2^{bloq} bits does not fit the carrier")]
    TooWide {
        /// The requested bloq.
        bloq: u32,
    },
}

/// The `++fe` door at bloq `a`: unsigned arithmetic modulo 2^w with `w = 2^a`, in carrier `W`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fe<W> {
    bloq: u32,
    w: u64,
    carrier: PhantomData<W>,
}

impl<W: Word> Fe<W> {
    /// The door at `bloq` (element width `2^bloq` bits).
    ///
    /// # Errors
    /// [`UintError::TooWide`] when `2^bloq` exceeds `W::MAX_WIDTH` or 2^63.
    pub fn new(bloq: u32) -> Result<Fe<W>, UintError> {
        let w = 1u64
            .checked_shl(bloq)
            .filter(|w| bloq < 64 && *w <= W::MAX_WIDTH)
            .ok_or(UintError::TooWide { bloq })?;
        Ok(Fe {
            bloq,
            w,
            carrier: PhantomData,
        })
    }

    /// The door's bloq.
    pub fn bloq(&self) -> u32 {
        self.bloq
    }

    /// The element width `w = 2^bloq` in bits.
    pub fn width(&self) -> u64 {
        self.w
    }

    /// `++out`: the modulus 2^w, as an atom.
    pub fn out(&self) -> Atom {
        Atom::pow2(self.w)
    }

    /// `++sit`: `b mod 2^w`.
    pub fn sit(&self, b: &W) -> W {
        b.low(self.w)
    }

    /// `++sum` (Lagoon `%add`): `(b + c) mod 2^w`.
    pub fn sum(&self, b: &W, c: &W) -> W {
        b.wrap_add(c, self.w)
    }

    /// `++dif` (Lagoon `%sub`): `(2^w + sit(b) - sit(c)) mod 2^w`, wrapping on underflow.
    pub fn dif(&self, b: &W, c: &W) -> W {
        b.wrap_sub(c, self.w)
    }

    /// `++inv`: `2^w - 1 - sit(b)`, the bitwise complement over `w` bits.
    pub fn inv(&self, b: &W) -> W {
        b.not_low(self.w)
    }

    /// Lagoon `%mul`: `sit(b * c)`.
    pub fn mul(&self, b: &W, c: &W) -> W {
        b.wrap_mul(c, self.w)
    }

    /// Lagoon `%div`: `sit(b / c)` (floor division of the raw atoms).
    ///
    /// # Errors
    /// [`UintError::DivideByZero`] when `c` is 0.
    pub fn div(&self, b: &W, c: &W) -> Result<W, UintError> {
        let (q, _) = b.div_rem(c).ok_or(UintError::DivideByZero)?;
        Ok(q.low(self.w))
    }

    /// Lagoon `%mod`: `sit(b mod c)`.
    ///
    /// # Errors
    /// [`UintError::DivideByZero`] when `c` is 0.
    pub fn rem(&self, b: &W, c: &W) -> Result<W, UintError> {
        let (_, r) = b.div_rem(c).ok_or(UintError::DivideByZero)?;
        Ok(r.low(self.w))
    }

    /// Lagoon `%pow`: `sit(b^c)` for a raw exponent `c` (`b^0 = 1`).
    pub fn pow(&self, b: &W, c: &Atom) -> W {
        pow_mod(b, c, self.w)
    }

    /// Lagoon `%gth`: `b > c` on the raw atoms.
    pub fn gth(&self, b: &W, c: &W) -> bool {
        b > c
    }

    /// Lagoon `%gte`: `b >= c` on the raw atoms.
    pub fn gte(&self, b: &W, c: &W) -> bool {
        b >= c
    }

    /// Lagoon `%lth`: `b < c` on the raw atoms.
    pub fn lth(&self, b: &W, c: &W) -> bool {
        b < c
    }

    /// Lagoon `%lte`: `b <= c` on the raw atoms.
    pub fn lte(&self, b: &W, c: &W) -> bool {
        b <= c
    }
}

impl Fe<Atom> {
    /// `++net`: `sit(b)` with its `2^(a-3)` bytes in reverse order (identity for bloq <= 3).
    pub fn net(&self, b: &Atom) -> Atom {
        let b = self.sit(b);
        if self.bloq <= 3 {
            return b;
        }
        // The halving recursion of ++net swaps the two halves at every level: a byte reversal.
        let n = (self.w / 8) as usize;
        let mut bytes = b.to_le_bytes();
        bytes.resize(n, 0);
        bytes.reverse();
        Atom::from_le_bytes(&bytes)
    }

    /// `++rol`: `sit(d)` rotated left by `c mod 2^(a-b)` blocks of `2^b` bits.
    ///
    /// # Errors
    /// [`UintError::BlockTooWide`] when `b` exceeds the door's bloq.
    pub fn rol(&self, b: u32, c: &Atom, d: &Atom) -> Result<Atom, UintError> {
        self.roll(b, c, d, true)
    }

    /// `++ror`: `sit(d)` rotated right by `c mod 2^(a-b)` blocks of `2^b` bits.
    ///
    /// # Errors
    /// [`UintError::BlockTooWide`] when `b` exceeds the door's bloq.
    pub fn ror(&self, b: u32, c: &Atom, d: &Atom) -> Result<Atom, UintError> {
        self.roll(b, c, d, false)
    }

    fn roll(&self, b: u32, c: &Atom, d: &Atom, left: bool) -> Result<Atom, UintError> {
        let diff = self.bloq.checked_sub(b).ok_or(UintError::BlockTooWide {
            bloq: self.bloq,
            block: b,
        })?;
        let e = self.sit(d);
        let blocks = 1u64 << diff; // f = 2^(a-b) blocks of 2^b bits
        let g = c.low_bits(u64::from(diff)).as_u64().unwrap_or(0); // c mod f
        let block_bits = 1u64 << b;
        let (up, down) = if left {
            (g, blocks - g)
        } else {
            (blocks - g, g)
        };
        let shifted = e.shl(up * block_bits).or(&e.shr(down * block_bits));
        Ok(self.sit(&shifted))
    }
}
