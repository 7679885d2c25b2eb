//! [`Arith`]: rounded arithmetic at one IEEE width, the interface the
//! `/lib/math` algorithms (`softblas::math`) are written over.
//!
//! An algorithm written once over `A: Arith` runs on two kinds of context
//! that give the same bits:
//!
//! - the bit-pattern context of `/lib/math` (`Fl`, values as `u128` bit
//!   patterns, every operation one call of `softblas::scalar::i754`): every
//!   width, every mode, the reference and the fast executor;
//! - the host-float contexts of [`crate::arith`] (values as `f32`/`f64`,
//!   round to nearest only), which run the same steps at the host's speed
//!   for whole buffers (`softblas::math::batch`).
//!
//! The straight-line parts of an algorithm (a reduction, a polynomial, a
//! kernel: constants and `+ − × ÷`, no branch) are written over [`Steps`],
//! which [`Arith`] extends, so that they also run on a [`Wide`] context of
//! `N` values at once: [`Lanes`] (an array, lane by lane, [`LANES`] of them
//! in `softblas::math::batch`) or the AVX registers of `crate::simd`
//! (each context its own count: more lanes where a step's latency chain is
//! long, as binary16's with its two conversions). An arm's lane form (the
//! `LaneForm`s of `softblas::math`) decides per lane whether the
//! argument takes the algorithm's main path, runs the shared steps on the
//! lanes, and leaves the other lanes to the scalar arm; each lane's
//! operations are the scalar arm's, in its order, rounded as its context
//! rounds.
//!
//! The algorithms read bit patterns only through [`Steps::val`] and
//! [`Arith::bits`], so a context may hold values in any representation.
//!
//! **NaNs.** An operation whose result is a NaN may return any NaN (the
//! bit-pattern context returns the canonical one, [`super::canonical_nan`];
//! the host's returns its own). Every algorithm written over `Arith` keeps
//! that invisible: it tests a NaN *argument* first and answers it with
//! [`Steps::nan`] or the argument itself, and past those tests no operation
//! on finite values it performs reads a NaN's bits ([`Arith::bits`], the
//! sign) before the result; a caller that runs a host context turns a NaN
//! result of a non-NaN argument into the canonical NaN (as
//! `softblas::math::batch` does). The tests `math_batch` check the whole of
//! this against the bit-pattern context on every `@rh` input.

use super::{canonical_nan, pow2, Width};
use softcore::Round;

/// The straight-line steps of an algorithm at one IEEE width: constants and
/// rounded `+ − × ÷`, with no comparison and no bit pattern read back, so
/// that a context of several lanes ([`Lanes`]) runs them as well as a
/// context of one value ([`Arith`]).
pub trait Steps: Copy {
    /// A value of the width (in a [`Lanes`] context, one per lane).
    type V: Copy;

    /// The width every value has.
    fn width(self) -> Width;
    /// The value whose bit pattern is the low [`Width::bits`] bits of `b`
    /// (in every lane).
    fn val(self, b: u128) -> Self::V;

    /// `a + b`.
    fn add(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a − b`.
    fn sub(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a × b`.
    fn mul(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a ÷ b`.
    fn div(self, a: Self::V, b: Self::V) -> Self::V;

    /// `(sub .0 a)`: the Hoon negation, a real subtraction from +0.
    #[inline(always)]
    fn neg(self, a: Self::V) -> Self::V {
        self.sub(self.val(0), a)
    }
    /// The canonical NaN of the width.
    #[inline(always)]
    fn nan(self) -> Self::V {
        self.val(canonical_nan(self.width()))
    }
    /// The float 1.
    #[inline(always)]
    fn one(self) -> Self::V {
        self.val(super::one(self.width()))
    }
    /// The float 2^`k`, for a normal exponent `k`.
    #[inline(always)]
    fn pow2(self, k: i32) -> Self::V {
        self.val(pow2(self.width(), k))
    }
    /// Horner's rule as the Hoon writes it: `(roll (flop cs) |=([c acc] (add (mul acc v) c)))`.
    ///
    /// `cs` holds the constant term first, as bit patterns; the accumulator
    /// starts at +0 and the highest coefficient enters first, so the first
    /// step is `+0 × v + c_N`.
    #[inline(always)]
    fn horner(self, cs: &[u128], v: Self::V) -> Self::V {
        let mut acc = self.val(0);
        for &c in cs.iter().rev() {
            acc = self.add(self.mul(acc, v), self.val(c));
        }
        acc
    }
}

/// `N` values of the context `A` side by side, each step applied lane by
/// lane with `A`'s own rounding: the straight-line parts of an algorithm
/// over `N` elements at once, which the compiler turns into vector
/// instructions when `A`'s steps are the host's.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lanes<A, const N: usize>(pub A);

impl<A: Steps, const N: usize> Steps for Lanes<A, N> {
    type V = [A::V; N];

    #[inline(always)]
    fn width(self) -> Width {
        self.0.width()
    }
    #[inline(always)]
    fn val(self, b: u128) -> Self::V {
        [self.0.val(b); N]
    }
    #[inline(always)]
    fn add(self, a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| self.0.add(a[i], b[i]))
    }
    #[inline(always)]
    fn sub(self, a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| self.0.sub(a[i], b[i]))
    }
    #[inline(always)]
    fn mul(self, a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| self.0.mul(a[i], b[i]))
    }
    #[inline(always)]
    fn div(self, a: Self::V, b: Self::V) -> Self::V {
        std::array::from_fn(|i| self.0.div(a[i], b[i]))
    }
}

/// The lanes of the portable [`Lanes`] context in `softblas::math::batch`.
pub const LANES: usize = 8;

/// A [`Steps`] context over `N` values of the one-value context `A`,
/// each lane rounding as `A` does, and the moves between its values and
/// `A`'s: [`Lanes`] on any host, the AVX registers of
/// `crate::simd` on x86_64.
pub trait Wide<A: Steps, const N: usize>: Steps {
    /// The lanes holding `v`, lane `i` = `v[i]`.
    fn join(self, v: [A::V; N]) -> Self::V;
    /// The values of the lanes of `v`.
    fn part(self, v: Self::V) -> [A::V; N];

    /// `n.val(b[i])` for every lane `i`.
    #[inline(always)]
    fn vals(self, n: A, b: [u128; N]) -> [A::V; N]
    where
        A: Arith,
    {
        b.map(|b| n.val(b))
    }
    /// `n.bits(v[i])` for every lane `i`.
    #[inline(always)]
    fn bits_of(self, n: A, v: [A::V; N]) -> [u128; N]
    where
        A: Arith,
    {
        v.map(|v| n.bits(v))
    }
    /// [`Arith::rank`] of every lane `i` of `v` (at most 255 `bounds`).
    #[inline(always)]
    fn count_le(self, n: A, v: Self::V, bounds: &[A::V]) -> [u8; N]
    where
        A: Arith,
    {
        self.part(v).map(|x| n.rank(x, bounds) as u8)
    }
    /// The lanes `table[ix_i]` (each `ix_i` below `table.len()`).
    #[inline(always)]
    fn pick(self, ix: &[u8; N], table: &[A::V]) -> Self::V {
        self.join(ix.map(|i| table[usize::from(i)]))
    }
}

impl<A: Steps, const N: usize> Wide<A, N> for Lanes<A, N> {
    #[inline(always)]
    fn join(self, v: [A::V; N]) -> [A::V; N] {
        v
    }
    #[inline(always)]
    fn part(self, v: [A::V; N]) -> [A::V; N] {
        v
    }
}

/// The end of a lane form: lane `i` is `Some(value(i))` where `main(i)`
/// holds (the lane took the algorithm's main path), `None` elsewhere.
#[inline(always)]
pub fn on_main<V: Copy, const N: usize>(
    main: impl Fn(usize) -> bool,
    value: impl Fn(usize) -> V,
) -> [Option<V>; N] {
    let mut out = [None; N];
    for (i, o) in out.iter_mut().enumerate() {
        if main(i) {
            *o = Some(value(i));
        }
    }
    out
}

/// Rounded arithmetic at one IEEE width in one rounding mode: [`Steps`] and
/// the comparisons, bit patterns and conversions an algorithm branches on.
pub trait Arith: Steps {
    /// The bit pattern of `v` (in the low bits, zero above).
    fn bits(self, v: Self::V) -> u128;

    /// `a × b + c` with one rounding.
    fn fma(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V;
    /// `√a` rounded in `r` (whatever the context's own mode).
    fn sqrt_in(self, r: Round, a: Self::V) -> Self::V;

    /// `a < b` (false on NaN).
    fn lth(self, a: Self::V, b: Self::V) -> bool;
    /// `a <= b` (false on NaN).
    fn lte(self, a: Self::V, b: Self::V) -> bool;
    /// Numeric `a == b` (false on NaN, `+0 == −0`).
    fn equ(self, a: Self::V, b: Self::V) -> bool;

    /// The integer `k` as a value (`(sun |k|)`, then `0 ⊖ it` when `k < 0`):
    /// exact, `+0` for 0; `|k|` must be exactly representable.
    fn int(self, k: i64) -> Self::V;
    /// `(toi a)` at `%n` for a finite `a` with `|a| < 2^62`: the nearest
    /// integer, ties to even.
    fn rint_n(self, a: Self::V) -> i64;

    /// `a > b` (false on NaN).
    #[inline(always)]
    fn gth(self, a: Self::V, b: Self::V) -> bool {
        self.lth(b, a)
    }
    /// `a >= b` (false on NaN).
    #[inline(always)]
    fn gte(self, a: Self::V, b: Self::V) -> bool {
        self.lte(b, a)
    }
    /// Whether `a` is a NaN (`!(a == a)`).
    #[inline(always)]
    fn is_nan(self, a: Self::V) -> bool {
        !self.equ(a, a)
    }
    /// Whether the sign bit of `a` is set.
    #[inline(always)]
    fn sign(self, a: Self::V) -> bool {
        self.bits(a) & self.width().sign_bit() != 0
    }
    /// How many of `bounds` are not above `x`: the count of `b` with
    /// `!(x < b)`, so a NaN counts every bound. Over ascending bounds it is
    /// the index of the first bound above `x`, with no branch to mispredict.
    #[inline(always)]
    fn rank(self, x: Self::V, bounds: &[Self::V]) -> usize {
        bounds.iter().map(|&b| usize::from(!self.lth(x, b))).sum()
    }
    /// `a` with its sign bit cleared (a bit operation).
    #[inline(always)]
    fn magnitude(self, a: Self::V) -> Self::V {
        let w = self.width();
        self.val(self.bits(a) & w.mask() & !w.sign_bit())
    }
    /// `a` with its sign bit set (a bit operation).
    #[inline(always)]
    fn negative(self, a: Self::V) -> Self::V {
        let w = self.width();
        self.val((self.bits(a) | w.sign_bit()) & w.mask())
    }
}
