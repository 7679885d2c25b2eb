//! The SoftBLAS routine set: BLAS level 1, 2 and 3 over IEEE 754 bits, every
//! routine taking its rounding mode as a trailing argument, after the
//! [`Policy`] its loops run under where it has loops (every policy gives the
//! same bits).
//!
//! Ports the semantics of `urbit/SoftBLAS` at `baeb8db` (`src/blas/level{1,2,3}/*.c`,
//! `include/softblas.h`): for the same inputs and mode, each routine here gives
//! the bits SoftBLAS gives, with the exceptions listed under *Divergences*. The
//! summation order of every routine is part of its contract and is stated in
//! its doc comment; they are SoftBLAS's orders, which are plain left folds in
//! index order from `+0` (no blocking, no pairwise trees).
//!
//! # Element types and names
//!
//! A real element is the bits of an IEEE value ([`Word`]: `u16` binary16,
//! `u32` binary32, `u64` binary64, `u128` binary128); a complex element is a
//! [`Complex`] pair of them. Both are [`Elem`]s, and the routines SoftBLAS has
//! for both (`axpy copy dot scal swap gemv gemm`) are generic over [`Elem`]:
//! `dot::<Complex<u32>>` is `cdotu`. SoftBLAS's prefixed names are thin
//! aliases in [`names`] (`sdot` = [`dot`]`::<u32>`, `qgemm` = [`gemm`]`::<u128>`,
//! `zdotc` = [`dotc`]`::<u64>` ...). SoftBLAS's prefixes:
//!
//! | real | complex | component |
//! |---|---|---|
//! | `h` | `i` | binary16 |
//! | `s` | `c` | binary32 |
//! | `d` | `z` | binary64 |
//! | `q` | `v` | binary128 |
//!
//! Mixed names follow BLAS: `scasum`/`dzasum`/`hiasum`/`qvasum` ([`casum`]),
//! `scnrm2`/`dznrm2`/`hinrm2`/`qvnrm2` ([`cnrm2`]), `csrot`/`zdrot`/`ihrot`/
//! `vqrot` ([`crot`], which takes complex `c` and `s` as SoftBLAS does),
//! `icamax`/`izamax`/`iiamax`/`ivamax` ([`icamax`]), and the widening dots
//! `sdsdot` and `hsdot`.
//!
//! # What every routine shares
//!
//! - **Rounding.** Every arithmetic operation is one SoftFloat operation rounded
//!   in the routine's [`Round`] (SoftBLAS sets SoftFloat's mode once per call;
//!   here [`crate::scalar::i754::Fpu::with`] does, per call, on this thread).
//!   There is no fused multiply-add anywhere: `a·b + c` is two roundings.
//! - **Strides.** A stride is `isize` where SoftBLAS's is signed (`int64_t`) and
//!   `usize` where it is unsigned. A negative signed stride walks the vector
//!   from its far end, as BLAS says: element `i` of `n` at stride `inc < 0` is at
//!   position `(n − 1 − i)·|inc|`. A stride of 0 reads (and writes) one position
//!   `n` times, in order. A buffer shorter than the positions a routine reads is
//!   [`BlasError::Short`]; SoftBLAS would read out of bounds there.
//! - **NaN.** SoftBLAS replaces a NaN result by its canonical NaN
//!   (`nan_unify_*`: `0x7e00`, `0x7fc0_0000`, `0x7ff8_0000_0000_0000`,
//!   `0x7fff_8000_…_0000`) at each routine's outputs; which outputs is stated per
//!   routine. A complex output with either component NaN becomes NaN in *both*
//!   components. The arithmetic underneath ([`crate::scalar::i754`]) already
//!   canonicalises every NaN it makes, which changes no NaN-ness and so no
//!   non-NaN result: SoftBLAS's intermediate payloads only ever reach a
//!   comparison (payload-blind), an absolute value (sign clear) or a final
//!   `nan_unify`.
//! - **Comparisons** are SoftBLAS's macros: `lt`, `le`, `eq` are IEEE's (false
//!   on NaN) but `gt(a, b)` is `!le(a, b)` and `ge(a, b)` is `!lt(a, b)`, **true
//!   when either side is NaN**, and `ne` is `!eq`. `abs` clears the sign bit
//!   (NaN payloads kept, then compared or unified).
//!
//! # Divergences from SoftBLAS
//!
//! - [`rotg`] and [`rotmg`] do not unify NaN in SoftBLAS, so a NaN they make
//!   carries SoftFloat's 8086-SSE bits there (sign set, or an operand's payload);
//!   here it is the canonical NaN. Only NaN bits differ.
//! - Where SoftBLAS returns without writing because an argument is invalid (a
//!   transpose code a routine does not take, a non-positive `gemv` stride), these
//!   routines write nothing too and return [`BlasError::Arg`].
//! - [`rotmg`]'s rescaling loops are bounded: a loop that has not ended after
//!   [`ROTMG_MAX_STEPS`] steps (a loop that ends takes at most about 700) gives
//!   [`BlasError::Diverges`] where SoftBLAS spins forever. Finite inputs reach
//!   it: a negative `d2` whose `q2 = d2·y1·y1` underflows to `−0` leaves `d1`
//!   negative after the update, and `while d1 ≠ 0 ∧ d1 ≤ 2^−24` then drives it
//!   to `−∞` and stays there (`tests/blas_bits.rs`, `rotmg_cases`).
//!
//! # Beyond SoftBLAS
//!
//! [`exact`] holds dot products and matrix products with one rounding per
//! result: posits through the quire (`/lib/unum` `+fdp`) and fixed point
//! through an exact integer sum with one truncation (Lagoon's `+fixp-fdp`).

mod cplx;
pub mod exact;
mod level1;
mod level2;
mod level3;
pub mod names;
mod rotg;
mod run;
mod split;

pub use cplx::{casum, cnrm2, crot, dotc, icamax};
pub use level1::{
    asum, axpy, copy, dot, hsdot, iamax, nrm2, nrm2_b, rot, rotm, scal, sdsdot, swap,
};
pub use level2::gemv;
pub use level3::gemm;
pub use rotg::{rotg, rotmg, Givens, ROTMG_MAX_STEPS};

use crate::exec::fast::cplx::contract_elems;
use crate::exec::fast::kernels::{self, Elementwise, Step};
use crate::hw::Op;
use crate::policy::Policy;
use crate::round::Round;
use crate::scalar::i754::{self, Fpu};
use crate::word::{Dims, Word};
use std::fmt::Debug;
use thiserror::Error;

/// Why a BLAS routine gave no result.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BlasError {
    /// A buffer holds fewer elements than the positions the routine reads or writes.
    #[error("{arg} holds {len} elements, {need} are needed")]
    Short {
        /// The argument's BLAS name (`"x"`, `"y"`, `"a"`, ...).
        arg: &'static str,
        /// The elements needed.
        need: usize,
        /// The elements held.
        len: usize,
    },
    /// An argument SoftBLAS rejects by returning without writing (named in the text).
    #[error("invalid argument: {0}")]
    Arg(&'static str),
    /// A `rotmg` rescaling loop did not end (SoftBLAS would not return).
    #[error("rotmg: a rescaling loop ran past its bound")]
    Diverges,
}

/// An element the generic routines take: a [`Word`] or a [`Complex`] of one,
/// with its arithmetic as SoftBLAS's macros define it.
///
/// The operations take the [`Fpu`] that holds the rounding mode.
pub trait Elem: Copy + Eq + Debug + Default + Send + Sync + 'static {
    /// The component type (`Self` for a real element).
    type Part: Word;
    /// `a + b` (complex: per component).
    fn add(f: &Fpu, a: Self, b: Self) -> Self;
    /// `a − b` (complex: per component).
    fn sub(f: &Fpu, a: Self, b: Self) -> Self;
    /// `a · b` (complex: `(ar·br − ai·bi) + (ar·bi + ai·br)i`, six roundings, SoftBLAS's `cN_mul`).
    fn mul(f: &Fpu, a: Self, b: Self) -> Self;
    /// `nan_unify`: a NaN (complex: either component NaN) becomes the canonical NaN (in both components).
    fn unify(self) -> Self;
    /// The conjugate by a sign flip of the imaginary part (`cN_conj`), `None` for a real element.
    fn conj(self) -> Option<Self>;
    /// The elements as [`Word`]s when they are real (`Self` is its `Part`),
    /// the form the kernel layer takes; `None` for complex elements.
    fn real(s: &[Self]) -> Option<&[Self::Part]>;
    /// [`Elem::real`], writable.
    fn real_mut(s: &mut [Self]) -> Option<&mut [Self::Part]>;
    /// `c += a·b` on the kernel layer under the policy `p` (`m × k` by `k × p`,
    /// row-major; every kernel method below runs under its `p`): each
    /// cell `acc = c_ij; for k ascending: acc = acc + a_ik·b_kj` with
    /// [`Elem::mul`] and [`Elem::add`]'s roundings in `r`.
    fn contract(p: Policy, r: Round, dims: Dims, a: &[Self], b: &[Self], c: &mut [Self]);
    /// `out_i = s·v_i` ([`Elem::mul`], `s` first) on the kernel layer.
    fn scale(p: Policy, r: Round, s: Self, v: &[Self], out: &mut [Self]);
    /// `out_i = a_i + b_i` ([`Elem::add`]) on the kernel layer.
    fn sum(p: Policy, r: Round, a: &[Self], b: &[Self], out: &mut [Self]);
    /// `out_i = a_i − b_i` ([`Elem::sub`]) on the kernel layer.
    fn diff(p: Policy, r: Round, a: &[Self], b: &[Self], out: &mut [Self]);
    /// The left fold `(…(seed + v_0) + v_1)…` ([`Elem::add`]) on the kernel
    /// layer, not unified (complex: each component's fold).
    fn accumulate(p: Policy, r: Round, seed: Self, v: &[Self]) -> Self;
    /// `Σ x_i·y_i` on the kernel layer, not unified: `acc = +0; acc = acc +
    /// x_i·y_i` for `i` ascending with [`Elem::mul`] and [`Elem::add`]'s
    /// roundings in `r`, `x_i` conjugated first when `conj` (complex only).
    fn dot(p: Policy, r: Round, x: &[Self], y: &[Self], conj: bool) -> Self;
    /// [`Elem::unify`] on results of the kernel layer's arithmetic, in place:
    /// nothing to do for a real element (every NaN the arithmetic makes is
    /// canonical already); a complex one with either component NaN becomes NaN
    /// in both.
    fn settle(v: &mut [Self]);
}

/// Elements per kernel call of a real [`Elem::scale`]: the repeated scalar
/// stays on the stack.
const SCALE_BLOCK: usize = 512;

impl<T: Word> Elem for T {
    type Part = T;
    #[inline]
    fn add(f: &Fpu, a: T, b: T) -> T {
        T::of_bits(f.add(T::W, a.bits(), b.bits()))
    }
    #[inline]
    fn sub(f: &Fpu, a: T, b: T) -> T {
        T::of_bits(f.sub(T::W, a.bits(), b.bits()))
    }
    #[inline]
    fn mul(f: &Fpu, a: T, b: T) -> T {
        T::of_bits(f.mul(T::W, a.bits(), b.bits()))
    }
    #[inline]
    fn unify(self) -> T {
        unify(self)
    }
    fn conj(self) -> Option<T> {
        None
    }
    fn real(s: &[T]) -> Option<&[T]> {
        Some(s)
    }
    fn real_mut(s: &mut [T]) -> Option<&mut [T]> {
        Some(s)
    }
    fn contract(p: Policy, r: Round, dims: Dims, a: &[T], b: &[T], c: &mut [T]) {
        kernels::contract_acc_into(p, r, dims, a, b, c);
    }
    fn scale(p: Policy, r: Round, s: T, v: &[T], out: &mut [T]) {
        let ss = [s; SCALE_BLOCK];
        for (v, out) in v.chunks(SCALE_BLOCK).zip(out.chunks_mut(SCALE_BLOCK)) {
            let mul = Elementwise::Two(Step::Arith(Op::Mul));
            kernels::elementwise(p, mul, r, &[&ss[..v.len()], v], out);
        }
    }
    fn settle(_: &mut [T]) {}
    fn sum(p: Policy, r: Round, a: &[T], b: &[T], out: &mut [T]) {
        kernels::elementwise(p, Elementwise::Two(Step::Arith(Op::Add)), r, &[a, b], out);
    }
    fn diff(p: Policy, r: Round, a: &[T], b: &[T], out: &mut [T]) {
        kernels::elementwise(p, Elementwise::Two(Step::Arith(Op::Sub)), r, &[a, b], out);
    }
    fn accumulate(p: Policy, r: Round, seed: T, v: &[T]) -> T {
        kernels::sum_left(p, r, seed, v)
    }
    fn dot(p: Policy, r: Round, x: &[T], y: &[T], _conj: bool) -> T {
        kernels::dot_left(p, r, T::default(), x, y)
    }
}

impl<T: Word> Elem for Complex<T> {
    type Part = T;
    #[inline]
    fn add(f: &Fpu, a: Self, b: Self) -> Self {
        Complex::new(T::add(f, a.re, b.re), T::add(f, a.im, b.im))
    }
    #[inline]
    fn sub(f: &Fpu, a: Self, b: Self) -> Self {
        Complex::new(T::sub(f, a.re, b.re), T::sub(f, a.im, b.im))
    }
    #[inline]
    fn mul(f: &Fpu, a: Self, b: Self) -> Self {
        let re = T::sub(f, T::mul(f, a.re, b.re), T::mul(f, a.im, b.im));
        let im = T::add(f, T::mul(f, a.re, b.im), T::mul(f, a.im, b.re));
        Complex::new(re, im)
    }
    #[inline]
    fn unify(self) -> Self {
        if i754::is_nan(T::W, self.re.bits()) || i754::is_nan(T::W, self.im.bits()) {
            let nan = T::of_bits(i754::canonical_nan(T::W));
            Complex::new(nan, nan)
        } else {
            self
        }
    }
    fn conj(self) -> Option<Self> {
        Some(Complex::new(
            self.re,
            T::of_bits(i754::flip_sign(T::W, self.im.bits())),
        ))
    }
    fn real(_: &[Self]) -> Option<&[T]> {
        None
    }
    fn real_mut(_: &mut [Self]) -> Option<&mut [T]> {
        None
    }
    fn contract(p: Policy, r: Round, dims: Dims, a: &[Self], b: &[Self], c: &mut [Self]) {
        // `+mmul`'s order on the components, the complex product and the
        // sum rounded as SoftBLAS's.
        contract_elems(p, r, dims, [a, b], c, |z| [z.re, z.im], Complex::new);
    }
    fn scale(p: Policy, r: Round, s: Self, v: &[Self], out: &mut [Self]) {
        split::scale(p, r, s, v, out);
    }
    fn sum(p: Policy, r: Round, a: &[Self], b: &[Self], out: &mut [Self]) {
        split::sum(p, r, Op::Add, a, b, out);
    }
    fn diff(p: Policy, r: Round, a: &[Self], b: &[Self], out: &mut [Self]) {
        split::sum(p, r, Op::Sub, a, b, out);
    }
    fn accumulate(p: Policy, r: Round, seed: Self, v: &[Self]) -> Self {
        let (re, im): (Vec<T>, Vec<T>) = v.iter().map(|z| (z.re, z.im)).unzip();
        Complex::new(
            kernels::sum_left(p, r, seed.re, &re),
            kernels::sum_left(p, r, seed.im, &im),
        )
    }
    fn dot(p: Policy, r: Round, x: &[Self], y: &[Self], conj: bool) -> Self {
        split::dot(p, r, x, y, conj)
    }
    fn settle(v: &mut [Self]) {
        for z in v {
            *z = z.unify();
        }
    }
}

/// A complex element: SoftBLAS's `complexNN_t`, real part first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Complex<T> {
    /// The real component.
    pub re: T,
    /// The imaginary component.
    pub im: T,
}

impl<T> Complex<T> {
    /// The complex value `re + im·i`.
    pub const fn new(re: T, im: T) -> Complex<T> {
        Complex { re, im }
    }
}

/// A transpose code: SoftBLAS's `'N'`, `'T'`, `'C'` (either case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trans {
    /// `'N'`: the matrix as stored.
    N,
    /// `'T'`: its transpose.
    T,
    /// `'C'`: its conjugate transpose (complex routines only; the real ones reject it).
    C,
}

/// The position of `op(M)_{ij}` in a row-major `M` at leading dimension `ld`:
/// `i·ld + j` for [`Trans::N`], `i + j·ld` (the transpose) otherwise.
pub(crate) fn op_at(t: Trans, i: usize, j: usize, ld: usize) -> usize {
    if t == Trans::N {
        j + i * ld
    } else {
        i + j * ld
    }
}

/// A storage order for `gemv`: SoftBLAS's `'R'` (row-major) or `'C'` (column-major).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// `'R'`: element `(i, j)` at `i·lda + j`.
    Row,
    /// `'C'`: element `(i, j)` at `i + j·lda`.
    Col,
}

/// `$op(a, b)` of the batch at the element's width, for each `$op`.
macro_rules! binary {
    ($($op:ident),*) => {$(
        #[inline]
        pub(crate) fn $op(&self, a: T, b: T) -> T {
            T::of_bits(self.f.$op(T::W, a.bits(), b.bits()))
        }
    )*};
}

/// SoftFloat in one mode, typed by element: the arithmetic and SoftBLAS's
/// comparison macros on [`Word`] bits.
pub(crate) struct Ar<'a, T> {
    f: &'a Fpu,
    _t: std::marker::PhantomData<T>,
}

impl<'a, T: Word> Ar<'a, T> {
    pub(crate) fn new(f: &'a Fpu) -> Self {
        Ar {
            f,
            _t: std::marker::PhantomData,
        }
    }
    binary!(add, sub, mul, div);
    #[inline]
    pub(crate) fn sqrt(&self, a: T) -> T {
        T::of_bits(self.f.sqt(T::W, a.bits()))
    }
}

/// SoftBLAS's `f*_abs`: the sign bit cleared.
#[inline]
pub(crate) fn abs<T: Word>(a: T) -> T {
    T::of_bits(a.bits() & !T::W.sign_bit())
}

/// SoftBLAS's `nan_unify_*`: a NaN becomes the canonical NaN, anything else is kept.
#[inline]
pub(crate) fn unify<T: Word>(a: T) -> T {
    T::of_bits(i754::canon(T::W, a.bits()))
}

/// `lt`: IEEE `a < b` (false on NaN).
#[inline]
pub(crate) fn lt<T: Word>(a: T, b: T) -> bool {
    i754::lth(T::W, a.bits(), b.bits())
}

/// `le`: IEEE `a <= b` (false on NaN).
#[inline]
pub(crate) fn le<T: Word>(a: T, b: T) -> bool {
    i754::lte(T::W, a.bits(), b.bits())
}

/// `eq`: IEEE `a == b` (false on NaN, `+0 == −0`).
#[inline]
pub(crate) fn eq<T: Word>(a: T, b: T) -> bool {
    i754::equ(T::W, a.bits(), b.bits())
}

/// SoftBLAS's `gt` macro: `!le(a, b)`, true when either is NaN.
#[inline]
pub(crate) fn gt<T: Word>(a: T, b: T) -> bool {
    !le(a, b)
}

/// SoftBLAS's `ge` macro: `!lt(a, b)`, true when either is NaN.
#[inline]
pub(crate) fn ge<T: Word>(a: T, b: T) -> bool {
    !lt(a, b)
}

/// SoftBLAS's `ne` macro: `!eq(a, b)`, true when either is NaN.
#[inline]
pub(crate) fn ne<T: Word>(a: T, b: T) -> bool {
    !eq(a, b)
}

/// The constant with bits `b` at `T`'s width.
#[inline]
pub(crate) fn k<T: Word>(b: u128) -> T {
    T::of_bits(b)
}

/// 1.0 at `T`'s width.
#[inline]
pub(crate) fn one<T: Word>() -> T {
    T::of_bits(i754::one(T::W))
}

/// −1.0 at `T`'s width.
#[inline]
pub(crate) fn neg_one<T: Word>() -> T {
    T::of_bits(i754::neg_one(T::W))
}

/// Runs `f` with SoftFloat in mode `r` and the arithmetic typed at `T`.
pub(crate) fn with<T: Word, R>(r: Round, f: impl FnOnce(&Ar<'_, T>) -> R) -> R {
    Fpu::with(r, |fpu| f(&Ar::new(fpu)))
}

/// The positions of `n` elements at the signed stride `inc` in a buffer of `len`
/// (a negative stride starts at the far end), or [`BlasError::Short`].
pub(crate) fn walk(
    n: usize,
    inc: isize,
    len: usize,
    arg: &'static str,
) -> Result<impl Iterator<Item = usize> + Clone, BlasError> {
    let span = reach(n, inc.unsigned_abs(), len, arg)?;
    let start = if inc < 0 { span } else { 0 };
    Ok((0..n).map(move |i| (start as isize + i as isize * inc) as usize))
}

/// The positions `0, inc, 2·inc, …` of `n` elements at the unsigned stride `inc`
/// in a buffer of `len`, or [`BlasError::Short`].
pub(crate) fn walk_u(
    n: usize,
    inc: usize,
    len: usize,
    arg: &'static str,
) -> Result<impl Iterator<Item = usize> + Clone, BlasError> {
    reach(n, inc, len, arg)?;
    Ok((0..n).map(move |i| i * inc))
}

/// The position pairs of `x` and `y` walked together at signed strides ([`walk`]
/// on each, `x` checked first), or [`BlasError::Short`].
pub(crate) fn walk_pair(
    n: usize,
    (xlen, incx): (usize, isize),
    (ylen, incy): (usize, isize),
) -> Result<impl Iterator<Item = (usize, usize)> + Clone, BlasError> {
    let ix = walk(n, incx, xlen, "x")?;
    Ok(ix.zip(walk(n, incy, ylen, "y")?))
}

/// The position pairs of `x` and `y` walked together at unsigned strides
/// ([`walk_u`] on each, `x` checked first), or [`BlasError::Short`].
pub(crate) fn walk_u_pair(
    n: usize,
    (xlen, incx): (usize, usize),
    (ylen, incy): (usize, usize),
) -> Result<impl Iterator<Item = (usize, usize)>, BlasError> {
    let ix = walk_u(n, incx, xlen, "x")?;
    Ok(ix.zip(walk_u(n, incy, ylen, "y")?))
}

/// A BLAS stride: `isize` where SoftBLAS's is signed ([`walk_pair`]), `usize`
/// where it is unsigned ([`walk_u_pair`]).
pub(crate) trait Inc: Copy + PartialEq + From<u8> {
    /// The position pairs of `x` and `y` (`(len, stride)` each) walked
    /// together, `x` checked first, or [`BlasError::Short`].
    fn pairs(
        n: usize,
        x: (usize, Self),
        y: (usize, Self),
    ) -> Result<impl Iterator<Item = (usize, usize)>, BlasError>;
}

/// [`Inc`] for a stride type by its pair walk.
macro_rules! inc {
    ($($t:ty => $pairs:ident),*) => {$(
        impl Inc for $t {
            fn pairs(
                n: usize,
                x: (usize, $t),
                y: (usize, $t),
            ) -> Result<impl Iterator<Item = (usize, usize)>, BlasError> {
                $pairs(n, x, y)
            }
        }
    )*};
}

inc!(isize => walk_pair, usize => walk_u_pair);

/// SoftBLAS's guard of the reductions (`?asum`, `?nrm2`, ...): `n = 0`, `inc = 0`
/// or an overflowing stride give `+0` without reading.
pub(crate) fn reads_nothing(n: usize, inc: usize) -> bool {
    n == 0 || inc == 0 || stride_overflows(n, inc)
}

/// SoftBLAS's `i?amax` scan: the index (from 0) of the first magnitude that no
/// later one beats by `gt` (true when either side is NaN), 0 when there are none.
///
/// Starting from `m` = the first magnitude, a later `v` with `gt(v, m)` becomes
/// `m` and its index the result; the magnitudes are taken in order, once each.
/// The magnitudes have the sign bit clear (`abs`, or a sum of two), so IEEE's
/// order of two non-NaN ones is their bits' order and a NaN's bits lie above
/// every non-NaN's: `gt(v, m)` is `v > m` as bits, or `m` NaN.
pub(crate) fn first_max<T: Word>(mut mags: impl Iterator<Item = T>) -> usize {
    let Some(mut m) = mags.next() else {
        return 0;
    };
    let inf = i754::inf(T::W);
    let mut best = 0;
    for (i, v) in mags.enumerate() {
        debug_assert!(v.bits() & T::W.sign_bit() == 0 && m.bits() & T::W.sign_bit() == 0);
        if v.bits() > m.bits() || m.bits() > inf {
            best = i + 1;
            m = v;
        }
    }
    best
}

/// The largest offset `(n − 1)·inc` a walk reaches, checked against `len`.
fn reach(n: usize, inc: usize, len: usize, arg: &'static str) -> Result<usize, BlasError> {
    if n == 0 {
        return Ok(0);
    }
    let span = (n - 1).checked_mul(inc).ok_or(BlasError::Short {
        arg,
        need: usize::MAX,
        len,
    })?;
    if span >= len {
        return Err(BlasError::Short {
            arg,
            need: span + 1,
            len,
        });
    }
    Ok(span)
}

/// Whether SoftBLAS's `SB_STRIDE_OVERFLOWS(n, inc)` holds: `(n − 1)·inc` exceeds 64 bits.
pub(crate) fn stride_overflows(n: usize, inc: usize) -> bool {
    n > 1 && (inc as u128) * ((n - 1) as u128) > u128::from(u64::MAX)
}

/// Checks that a buffer of `len` holds position `need − 1`.
pub(crate) fn holds(len: usize, need: usize, arg: &'static str) -> Result<(), BlasError> {
    if need > len {
        Err(BlasError::Short { arg, need, len })
    } else {
        Ok(())
    }
}
