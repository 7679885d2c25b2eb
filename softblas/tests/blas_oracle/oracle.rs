//! The oracle side: MPFR arithmetic and SoftBLAS's comparisons on bits at
//! one width and mode ([`O`]), its element arithmetic over real and complex
//! elements, and the operand buffers and conversions the checks share.

use super::i754_support;
use super::i754_support::{decode, Op, Rng};
use softblas::blas::{Complex, Elem};
use softblas::scalar::i754::{self, Width};
use softblas::{Round, Word};

/// MPFR arithmetic and SoftBLAS's comparison macros at one width and mode, on bits.
#[derive(Clone, Copy)]
pub(crate) struct O {
    pub(crate) w: Width,
    pub(crate) r: Round,
}

impl O {
    pub(crate) fn add(self, a: u128, b: u128) -> u128 {
        Op::Add.oracle(self.w, self.r, a, b, 0)
    }
    pub(crate) fn sub(self, a: u128, b: u128) -> u128 {
        Op::Sub.oracle(self.w, self.r, a, b, 0)
    }
    pub(crate) fn mul(self, a: u128, b: u128) -> u128 {
        Op::Mul.oracle(self.w, self.r, a, b, 0)
    }
    pub(crate) fn div(self, a: u128, b: u128) -> u128 {
        Op::Div.oracle(self.w, self.r, a, b, 0)
    }
    pub(crate) fn sqrt(self, a: u128) -> u128 {
        Op::Sqt.oracle(self.w, self.r, a, 0, 0)
    }
    pub(crate) fn lt(self, a: u128, b: u128) -> bool {
        decode(self.w, a) < decode(self.w, b)
    }
    pub(crate) fn le(self, a: u128, b: u128) -> bool {
        decode(self.w, a) <= decode(self.w, b)
    }
    pub(crate) fn eq(self, a: u128, b: u128) -> bool {
        decode(self.w, a) == decode(self.w, b)
    }
    pub(crate) fn gt(self, a: u128, b: u128) -> bool {
        !self.le(a, b)
    }
    pub(crate) fn ge(self, a: u128, b: u128) -> bool {
        !self.lt(a, b)
    }
    pub(crate) fn ne(self, a: u128, b: u128) -> bool {
        !self.eq(a, b)
    }
    pub(crate) fn abs(self, a: u128) -> u128 {
        a & !self.w.sign_bit()
    }
    pub(crate) fn nan(self, a: u128) -> bool {
        decode(self.w, a).is_nan()
    }
    pub(crate) fn unify(self, a: u128) -> u128 {
        if self.nan(a) {
            i754::canonical_nan(self.w)
        } else {
            a
        }
    }
    pub(crate) fn one(self) -> u128 {
        i754::one(self.w)
    }
    pub(crate) fn c(self, v: i32) -> u128 {
        // ±2^k or ±1, ±2 by value.
        match v {
            1 => self.one(),
            -1 => self.one() | self.w.sign_bit(),
            -2 => i754::pow2(self.w, 1) | self.w.sign_bit(),
            _ => unreachable!(),
        }
    }
    // Complex, per SoftBLAS's cN_* macros.
    pub(crate) fn cadd(self, a: C, b: C) -> C {
        (self.add(a.0, b.0), self.add(a.1, b.1))
    }
    pub(crate) fn csub(self, a: C, b: C) -> C {
        (self.sub(a.0, b.0), self.sub(a.1, b.1))
    }
    pub(crate) fn cmul(self, a: C, b: C) -> C {
        (
            self.sub(self.mul(a.0, b.0), self.mul(a.1, b.1)),
            self.add(self.mul(a.0, b.1), self.mul(a.1, b.0)),
        )
    }
    pub(crate) fn cunify(self, a: C) -> C {
        if self.nan(a.0) || self.nan(a.1) {
            let n = i754::canonical_nan(self.w);
            (n, n)
        } else {
            a
        }
    }
    pub(crate) fn conj(self, a: C) -> C {
        (a.0, a.1 ^ self.w.sign_bit())
    }
}

pub(crate) type C = (u128, u128);

/// Position of element `i` of `n` at signed stride `inc` (BLAS: negative from the end).
pub(crate) fn pos(n: usize, inc: isize, i: usize) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs()
    }
}

/// A buffer for `n` elements at stride `|inc|`, sometimes with spare elements.
pub(crate) fn buf(w: Width, rng: &mut Rng, n: usize, inc: usize) -> Vec<u128> {
    let len = if n == 0 { 0 } else { (n - 1) * inc + 1 } + rng.below(2) as usize;
    (0..len).map(|_| i754_support::value(w, rng)).collect()
}

pub(crate) fn cbuf(w: Width, rng: &mut Rng, n: usize, inc: usize) -> Vec<C> {
    let len = if n == 0 { 0 } else { (n - 1) * inc + 1 } + rng.below(2) as usize;
    (0..len)
        .map(|_| (i754_support::value(w, rng), i754_support::value(w, rng)))
        .collect()
}

pub(crate) fn sinc(rng: &mut Rng) -> isize {
    rng.below(5) as isize - 2
}

pub(crate) fn to<T: Word>(v: &[u128]) -> Vec<T> {
    v.iter().map(|&b| T::of_bits(b)).collect()
}

pub(crate) fn back<T: Word>(v: &[T]) -> Vec<u128> {
    v.iter().map(|b| b.bits()).collect()
}

pub(crate) fn cto<T: Word>(v: &[C]) -> Vec<Complex<T>> {
    v.iter()
        .map(|&(a, b)| Complex::new(T::of_bits(a), T::of_bits(b)))
        .collect()
}

pub(crate) fn cback<T: Word>(v: &[Complex<T>]) -> Vec<C> {
    v.iter().map(|z| (z.re.bits(), z.im.bits())).collect()
}

pub(crate) fn hex(v: &[u128]) -> String {
    format!("{:x?}", v)
}

/// Element arithmetic of the oracle for one generic check over real and complex elements.
pub(crate) trait OElem: Copy + PartialEq + std::fmt::Debug {
    fn zero() -> Self;
    fn gen(w: Width, rng: &mut Rng) -> Self;
    fn add(o: O, a: Self, b: Self) -> Self;
    fn mul(o: O, a: Self, b: Self) -> Self;
    fn unify(o: O, a: Self) -> Self;
    fn conj(o: O, a: Self) -> Self;
}

impl OElem for u128 {
    fn zero() -> Self {
        0
    }
    fn gen(w: Width, rng: &mut Rng) -> Self {
        i754_support::value(w, rng)
    }
    fn add(o: O, a: Self, b: Self) -> Self {
        o.add(a, b)
    }
    fn mul(o: O, a: Self, b: Self) -> Self {
        o.mul(a, b)
    }
    fn unify(o: O, a: Self) -> Self {
        o.unify(a)
    }
    fn conj(_: O, a: Self) -> Self {
        a
    }
}

impl OElem for C {
    fn zero() -> Self {
        (0, 0)
    }
    fn gen(w: Width, rng: &mut Rng) -> Self {
        (i754_support::value(w, rng), i754_support::value(w, rng))
    }
    fn add(o: O, a: Self, b: Self) -> Self {
        o.cadd(a, b)
    }
    fn mul(o: O, a: Self, b: Self) -> Self {
        o.cmul(a, b)
    }
    fn unify(o: O, a: Self) -> Self {
        o.cunify(a)
    }
    fn conj(o: O, a: Self) -> Self {
        o.conj(a)
    }
}

/// Conversion between oracle elements and library elements of width `T`.
pub(crate) trait Conv<E: Elem>: OElem {
    fn to(self) -> E;
    fn of(e: E) -> Self;
}

impl<T: Word> Conv<T> for u128 {
    fn to(self) -> T {
        T::of_bits(self)
    }
    fn of(e: T) -> Self {
        e.bits()
    }
}

impl<T: Word> Conv<Complex<T>> for C {
    fn to(self) -> Complex<T> {
        Complex::new(T::of_bits(self.0), T::of_bits(self.1))
    }
    fn of(e: Complex<T>) -> Self {
        (e.re.bits(), e.im.bits())
    }
}
