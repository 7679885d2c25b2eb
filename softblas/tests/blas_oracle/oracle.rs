//! The oracle side: MPFR arithmetic and SoftBLAS's comparisons on bits at
//! one width and mode ([`O`]), its element arithmetic over real and complex
//! elements, and the operand buffers and conversions the checks share.

use super::blas_support::{pos, At, Real, C};
use super::i754_support;
use super::i754_support::{decode, Op, Rng};
use softblas::blas::{Complex, Elem};
use softblas::scalar::i754::{self, Width};
use softblas::{Round, Word};

/// MPFR arithmetic and SoftBLAS's comparison macros at one width and mode, on
/// bits; its complex macros are [`Real`]'s.
pub(crate) type O = At;

impl O {
    /// The MPFR oracle at `w` in `r`.
    pub(crate) fn new(w: Width, r: Round) -> O {
        At {
            w,
            r,
            op: |op, w, r, a, b| op.oracle(w, r, a, b, 0),
        }
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
    pub(crate) fn conj(self, a: C) -> C {
        (a.0, a.1 ^ self.w.sign_bit())
    }
}

/// A buffer for `n` elements at stride `|inc|`, sometimes with spare elements.
pub(crate) fn buf<X: OElem>(w: Width, rng: &mut Rng, n: usize, inc: usize) -> Vec<X> {
    let len = if n == 0 { 0 } else { (n - 1) * inc + 1 } + rng.below(2) as usize;
    (0..len).map(|_| X::gen(w, rng)).collect()
}

/// The operands of a two-vector routine with a scalar: `n` below `below`,
/// two signed strides ([`sinc`]) and a buffer at each ([`buf`]), `x` then
/// `y`, then the scalar `alpha`.
pub(crate) fn xy<X: OElem>(
    w: Width,
    rng: &mut Rng,
    below: u64,
) -> (usize, isize, isize, Vec<X>, Vec<X>, X) {
    let n = rng.below(below) as usize;
    let (incx, incy) = (sinc(rng), sinc(rng));
    let x = buf(w, rng, n, incx.unsigned_abs());
    let y = buf(w, rng, n, incy.unsigned_abs());
    let alpha = X::gen(w, rng);
    (n, incx, incy, x, y, alpha)
}

pub(crate) fn sinc(rng: &mut Rng) -> isize {
    rng.below(5) as isize - 2
}

pub(crate) fn hex(v: &[u128]) -> String {
    format!("{:x?}", v)
}

/// `?axpy` on the oracle: for each `i` in order, `y_i = unify(y_i + alpha·x_i)`
/// at the signed strides; the new `y`.
pub(crate) fn o_axpy<X: OElem>(
    o: O,
    n: usize,
    alpha: X,
    (x, incx): (&[X], isize),
    (y, incy): (&[X], isize),
) -> Vec<X> {
    let mut want = y.to_vec();
    for i in 0..n {
        let (px, py) = (pos(n, incx, i), pos(n, incy, i));
        want[py] = X::unify(o, X::add(o, want[py], X::mul(o, alpha, x[px])));
    }
    want
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

/// [`OElem`] for the element `$t`: its zero, a drawn value, `O`'s sum,
/// product and NaN unification of it by name, and its conjugate.
macro_rules! o_elem {
    ($t:ty, $zero:expr, |$w:ident, $rng:ident| $gen:expr, $add:ident, $mul:ident, $unify:ident,
     |$o:pat_param, $a:ident| $conj:expr) => {
        impl OElem for $t {
            fn zero() -> Self {
                $zero
            }
            fn gen($w: Width, $rng: &mut Rng) -> Self {
                $gen
            }
            fn add(o: O, a: Self, b: Self) -> Self {
                o.$add(a, b)
            }
            fn mul(o: O, a: Self, b: Self) -> Self {
                o.$mul(a, b)
            }
            fn unify(o: O, a: Self) -> Self {
                o.$unify(a)
            }
            fn conj($o: O, $a: Self) -> Self {
                $conj
            }
        }
    };
}

o_elem!(
    u128,
    0,
    |w, rng| i754_support::value(w, rng),
    add,
    mul,
    unify,
    |_, a| a
);
o_elem!(
    C,
    (0, 0),
    |w, rng| (i754_support::value(w, rng), i754_support::value(w, rng)),
    cadd,
    cmul,
    cunify,
    |o, a| o.conj(a)
);

/// Conversion between oracle elements and library elements of width `T`.
pub(crate) trait Conv<E: Elem>: OElem {
    fn to(self) -> E;
    fn of(e: E) -> Self;
    /// Every element of `v` as a library element.
    fn all(v: &[Self]) -> Vec<E> {
        v.iter().map(|x| x.to()).collect()
    }
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
