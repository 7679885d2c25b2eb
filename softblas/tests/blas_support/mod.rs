//! What the two SoftBLAS property tests (`blas_fast.rs`, `blas_oracle.rs`)
//! share: the element type by width, the grid of widths and modes each check
//! runs over, SoftBLAS's complex macros over a real arithmetic, and the
//! conversions between bits and element words.

#![allow(dead_code)]

use super::i754_support::Op;
use softblas::blas::Complex;
use softblas::ieee::{self, Width};
use softblas::{Round, Word};

/// Runs `$body` with `$T` the element type of width `$w`.
macro_rules! by_width {
    ($w:expr, $T:ident => $body:expr) => {
        by_width!(@rows $w, $T, $body; H u16, S u32, D u64, Q u128)
    };
    (@rows $w:expr, $T:ident, $body:expr; $($width:ident $t:ty),*) => {
        match $w {
            $(Width::$width => {
                type $T = $t;
                $body
            })*
        }
    };
}

/// Defines one property test per `name => check` row: `name` runs
/// `check(seed)` on proptest's seeds (every check draws its own cases from
/// the seed).
macro_rules! seeded {
    ($($name:ident => $check:path;)*) => {
        proptest! {
            $(
                #[test]
                fn $name(seed in any::<u64>()) { $check(seed) }
            )*
        }
    };
}

/// A complex element as bits, real part first.
pub(crate) type C = (u128, u128);

/// Every width with every rounding mode, widths outer.
pub(crate) fn modes() -> impl Iterator<Item = (Width, Round)> {
    Width::ALL
        .into_iter()
        .flat_map(|w| Round::ALL.into_iter().map(move |r| (w, r)))
}

/// One width and mode with a rounded `+ − ×` on bits (`op`: the soft core's
/// or the MPFR oracle's), the [`Real`] of both property tests.
#[derive(Clone, Copy)]
pub(crate) struct At {
    /// The width of the operands.
    pub(crate) w: Width,
    /// The rounding mode.
    pub(crate) r: Round,
    /// The rounded operation `a op b` at `w` in `r`.
    pub(crate) op: fn(Op, Width, Round, u128, u128) -> u128,
}

impl Real for At {
    fn width(self) -> Width {
        self.w
    }
    fn add(self, a: u128, b: u128) -> u128 {
        (self.op)(Op::Add, self.w, self.r, a, b)
    }
    fn sub(self, a: u128, b: u128) -> u128 {
        (self.op)(Op::Sub, self.w, self.r, a, b)
    }
    fn mul(self, a: u128, b: u128) -> u128 {
        (self.op)(Op::Mul, self.w, self.r, a, b)
    }
}

/// Real arithmetic on bits at one width and mode, and SoftBLAS's complex
/// macros (`cN_*`) over it.
pub(crate) trait Real: Copy {
    /// The width of the operands.
    fn width(self) -> Width;
    /// `a + b`, rounded.
    fn add(self, a: u128, b: u128) -> u128;
    /// `a − b`, rounded.
    fn sub(self, a: u128, b: u128) -> u128;
    /// `a × b`, rounded.
    fn mul(self, a: u128, b: u128) -> u128;

    /// The complex sum, part by part.
    fn cadd(self, a: C, b: C) -> C {
        (self.add(a.0, b.0), self.add(a.1, b.1))
    }
    /// The complex difference, part by part.
    fn csub(self, a: C, b: C) -> C {
        (self.sub(a.0, b.0), self.sub(a.1, b.1))
    }
    /// The complex product without FMA: `(ac − bd, ad + bc)`.
    fn cmul(self, a: C, b: C) -> C {
        (
            self.sub(self.mul(a.0, b.0), self.mul(a.1, b.1)),
            self.add(self.mul(a.0, b.1), self.mul(a.1, b.0)),
        )
    }
    /// SoftBLAS's complex `nan_unify`: either component NaN makes both the canonical NaN.
    fn cunify(self, a: C) -> C {
        let w = self.width();
        if ieee::is_nan(w, a.0) || ieee::is_nan(w, a.1) {
            let n = ieee::canonical_nan(w);
            (n, n)
        } else {
            a
        }
    }
}

/// Position of element `i` of `n` at signed stride `inc` (BLAS: negative from the end).
pub(crate) fn pos(n: usize, inc: isize, i: usize) -> usize {
    if inc >= 0 {
        i * inc as usize
    } else {
        (n - 1 - i) * inc.unsigned_abs()
    }
}

/// The words of width `T` with the bits `v`.
pub(crate) fn words<T: Word>(v: &[u128]) -> Vec<T> {
    v.iter().map(|&b| T::of_bits(b)).collect()
}

/// The bits of the words `v`.
pub(crate) fn bits<T: Word>(v: &[T]) -> Vec<u128> {
    v.iter().map(|b| b.bits()).collect()
}

/// The complex words of width `T` with the bits `v`.
pub(crate) fn cwords<T: Word>(v: &[C]) -> Vec<Complex<T>> {
    v.iter()
        .map(|&(a, b)| Complex::new(T::of_bits(a), T::of_bits(b)))
        .collect()
}

/// The bits of the complex words `v`.
pub(crate) fn cbits<T: Word>(v: &[Complex<T>]) -> Vec<C> {
    v.iter().map(|z| (z.re.bits(), z.im.bits())).collect()
}
