//! BLAS level 1: vector routines, real and (where generic over [`Elem`]) complex.
//!
//! Ports `urbit/SoftBLAS@baeb8db` `src/blas/level1/{s,d,h,q}{asum,axpy,copy,dot,
//! nrm2,nrm2_B,rot,rotm,scal,swap}.c`, `i{s,d,h,q}amax.c`, `sdsdot.c`, `hsdot.c`
//! and the complex `{c,z,i,v}{axpy,copy,dotu,scal,swap}.c` (which differ from the
//! real ones only in their element arithmetic and `nan_unify`).

use super::run;
use super::{
    abs, eq, first_max, gt, k, lt, ne, one, reads_nothing, unify, walk_pair, walk_u, walk_u_pair,
    with, BlasError, Elem, Inc, Word,
};
use crate::exec::fast::kernels::{self, Step};
use crate::hw::Op;
use crate::policy::Policy;
use crate::round::Round;
use crate::scalar::i754::{self, Fpu, Width};

/// `y ← α·x + y` (`?axpy`): for each `i` in order, `y_i = unify(y_i + α·x_i)`.
///
/// The product and the sum are rounded separately in `r` (no FMA); the sum is
/// `add(y_i, α·x_i)`, `y` first. Every output element is NaN-unified. Strides
/// follow BLAS (negative walks from the end). Complex (`caxpy`...): complex
/// product and sum, a NaN in either component unifies both.
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
#[allow(clippy::too_many_arguments)]
pub fn axpy<E: Elem>(
    n: usize,
    alpha: E,
    x: &[E],
    incx: isize,
    y: &mut [E],
    incy: isize,
    pol: Policy,
    r: Round,
) -> Result<(), BlasError> {
    let pairs = walk_pair(n, (x.len(), incx), (y.len(), incy))?;
    // Distinct positions of y (incy ≠ 0) update independently: the kernel layer.
    if incy != 0 {
        run::axpy(alpha, (x, y), n, (incx, incy), pairs, pol, r);
    } else if n > 0 {
        // One position of y: the fold of the products into it.
        run::axpy_fold(alpha, (x, y), n, pairs, pol, r);
    }
    Ok(())
}

/// `y ← x` (`?copy`): `y_i = unify(x_i)` in order; no rounding (`r` is not used,
/// as in SoftBLAS, which only sets it).
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
pub fn copy<E: Elem>(
    n: usize,
    x: &[E],
    incx: isize,
    y: &mut [E],
    incy: isize,
    _pol: Policy,
    _r: Round,
) -> Result<(), BlasError> {
    for (i, j) in walk_pair(n, (x.len(), incx), (y.len(), incy))? {
        y[j] = x[i].unify();
    }
    Ok(())
}

/// `Σ x_i·y_i` (`?dot`; complex `?dotu`): a left fold in index order from `+0`,
/// `acc = acc + x_i·y_i`, product and sum each rounded in `r`; the result is
/// NaN-unified once, at the end.
///
/// This is SoftBLAS's order and Lagoon's `+mmul` cell order, **not** Lagoon's
/// `+dot`, which is a right fold (`lagoon.hoon@aa6f2a6`'s `reel`).
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
pub fn dot<E: Elem>(
    n: usize,
    x: &[E],
    incx: isize,
    y: &[E],
    incy: isize,
    pol: Policy,
    r: Round,
) -> Result<E, BlasError> {
    let pairs = walk_pair(n, (x.len(), incx), (y.len(), incy))?;
    Ok(run::dot((x, y), n, (incx, incy), pairs, false, pol, r))
}

/// `x ← α·x` (`?scal`): `x_i = unify(α·x_i)` in order, at positions `0, incx, 2·incx, …`.
///
/// SoftBLAS's stride is unsigned and not checked: `incx = 0` scales `x_0` `n` times.
///
/// # Errors
/// [`BlasError::Short`] when `x` is shorter than the stride walk.
pub fn scal<E: Elem>(
    n: usize,
    alpha: E,
    x: &mut [E],
    incx: usize,
    pol: Policy,
    r: Round,
) -> Result<(), BlasError> {
    let ix = walk_u(n, incx, x.len(), "x")?;
    // Distinct positions (incx ≠ 0) scale independently: the kernel layer.
    if incx != 0 {
        run::scal(alpha, x, n, incx == 1, ix, pol, r);
        return Ok(());
    }
    // One real position scaled n times: the fold of n products by α.
    if let (Some(xr), Some(&[a])) = (E::real_mut(x), E::real(&[alpha])) {
        if n > 0 {
            xr[0] = kernels::fold(pol, Step::Arith(Op::Mul), r, false, xr[0], &vec![a; n]);
        }
        return Ok(());
    }
    Fpu::with(r, |f| {
        for i in ix {
            x[i] = E::mul(f, alpha, x[i]).unify();
        }
    });
    Ok(())
}

/// `x ↔ y` (`?swap`): in order, `t = x_i; x_i = unify(y_i); y_i = unify(t)`; no rounding.
///
/// With a stride of 0 the swaps happen one after another on the same position, as in SoftBLAS.
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
pub fn swap<E: Elem>(
    n: usize,
    x: &mut [E],
    incx: isize,
    y: &mut [E],
    incy: isize,
    _pol: Policy,
    _r: Round,
) -> Result<(), BlasError> {
    for (i, j) in walk_pair(n, (x.len(), incx), (y.len(), incy))? {
        let t = x[i];
        x[i] = y[j].unify();
        y[j] = t.unify();
    }
    Ok(())
}

/// `Σ |x_i|` (`?asum`): a left fold in index order from `+0`, `acc = acc + abs(x_i)`
/// with `abs` a sign-bit clear, each sum rounded in `r`; NaN-unified at the end.
///
/// `incx = 0`, or `(n − 1)·incx` past 64 bits, gives `+0` without reading (SoftBLAS's guard).
///
/// # Errors
/// [`BlasError::Short`] when `x` is shorter than the stride walk.
pub fn asum<T: Word>(
    n: usize,
    x: &[T],
    incx: usize,
    pol: Policy,
    r: Round,
) -> Result<T, BlasError> {
    if reads_nothing(n, incx) {
        return Ok(T::default());
    }
    let ix = walk_u(n, incx, x.len(), "x")?;
    Ok(run::asum(x, n, incx == 1, ix, pol, r))
}

/// `‖x‖₂` (`?nrm2`) by the classic running scale, as SoftBLAS computes it.
///
/// `n = 0`, `incx = 0` or an overflowing stride give `+0`; `n = 1` gives `unify(abs(x_0))`.
/// Otherwise, from `scale = +0`, `ssq = 1`, for each `x_i` in order with
/// `ne(x_i, 0)` (true for NaN): `a = abs(x_i)`; if `scale < a`:
/// `ssq = 1 + ssq·((scale·scale)/(a·a))`, `scale = a`; else
/// `ssq = ssq + (a·a)/(scale·scale)`. The result is `unify(scale·√ssq)`.
/// Every operation rounds in `r`.
///
/// # Errors
/// [`BlasError::Short`] when `x` is shorter than the stride walk.
pub fn nrm2<T: Word>(
    n: usize,
    x: &[T],
    incx: usize,
    pol: Policy,
    r: Round,
) -> Result<T, BlasError> {
    if reads_nothing(n, incx) {
        return Ok(T::default());
    }
    if n == 1 {
        super::holds(x.len(), 1, "x")?;
        return Ok(unify(abs(x[0])));
    }
    let v: Vec<T> = walk_u(n, incx, x.len(), "x")?.map(|i| x[i]).collect();
    Ok(unify(run::norm(&v, false, pol, r)))
}

/// Blue's thresholds of `?nrm2_B` at a width: `(tsml, tbig, ssml, sbig)`, powers of two.
const fn blue(w: Width) -> (u128, u128, u128, u128) {
    match w {
        // 2^-7, 2^3, 2^12, 2^-13
        Width::H => (0x2000, 0x4800, 0x6c00, 0x0800),
        // 2^-63, 2^52, 2^75, 2^-76
        Width::S => (0x2000_0000, 0x5980_0000, 0x6500_0000, 0x1980_0000),
        // 2^-511, 2^486, 2^537, 2^-538
        Width::D => (
            0x2000_0000_0000_0000,
            0x5e50_0000_0000_0000,
            0x6180_0000_0000_0000,
            0x1e50_0000_0000_0000,
        ),
        // 2^-8191, 2^8136, 2^8247, 2^-8248
        Width::Q => (
            0x2000_0000_0000_0000 << 64,
            0x5fc7_0000_0000_0000 << 64,
            0x6036_0000_0000_0000 << 64,
            0x1fc7_0000_0000_0000 << 64,
        ),
    }
}

/// `‖x‖₂` by Blue's three accumulators (`?nrm2_B`), as SoftBLAS computes it.
///
/// `n = 0`, `incx = 0` or an overflowing stride give `+0`. For each `x_i` in
/// order, `a = abs(x_i)`: if `gt(a, tbig)` (true for NaN), `abig += (a·sbig)²`
/// and later small values are dropped; else if `a < tsml` and no big value has
/// been seen, `asml += (a·ssml)²`; else `amed += a·a`. Then: if `gt(abig, 0)`,
/// (adding `(amed·sbig)·sbig` to `abig` when `gt(amed, 0)` or `amed` is NaN)
/// the result is `(1/sbig)·√abig`; else if `gt(asml, 0)` and (`gt(amed, 0)` or
/// `amed` NaN), with `am = √amed`, `as = √asml / ssml`, `ymax`/`ymin` the larger
/// and smaller by `gt(as, am)`, `r = ymin/ymax`: `1·√((ymax·ymax)·(1 + r·r))`;
/// else if `gt(asml, 0)`: `(1/ssml)·√asml`; else `1·√amed`. Each sum is a left
/// fold from `+0` in index order; every operation rounds in `r`; the result is
/// NaN-unified. The thresholds per width are SoftBLAS's (binary16:
/// `2^-7, 2^3, 2^12, 2^-13`; binary32: `2^-63, 2^52, 2^75, 2^-76`; binary64:
/// `2^-511, 2^486, 2^537, 2^-538`; binary128: `2^-8191, 2^8136, 2^8247, 2^-8248`).
///
/// # Errors
/// [`BlasError::Short`] when `x` is shorter than the stride walk.
pub fn nrm2_b<T: Word>(n: usize, x: &[T], incx: usize, r: Round) -> Result<T, BlasError> {
    if reads_nothing(n, incx) {
        return Ok(T::default());
    }
    let ix = walk_u(n, incx, x.len(), "x")?;
    let (tsml, tbig, ssml, sbig) = blue(T::W);
    let (tsml, tbig, ssml, sbig) = (k::<T>(tsml), k::<T>(tbig), k::<T>(ssml), k::<T>(sbig));
    let zero = T::default();
    Ok(unify(with::<T, _>(r, |a| {
        let (mut asml, mut amed, mut abig) = (zero, zero, zero);
        let mut notbig = true;
        for i in ix {
            let ax = abs(x[i]);
            if gt(ax, tbig) {
                let t = a.mul(ax, sbig);
                abig = a.add(abig, a.mul(t, t));
                notbig = false;
            } else if lt(ax, tsml) {
                if notbig {
                    let t = a.mul(ax, ssml);
                    asml = a.add(asml, a.mul(t, t));
                }
            } else {
                amed = a.add(amed, a.mul(ax, ax));
            }
        }
        let med_counts = gt(amed, zero) || ne(amed, amed);
        let (scl, sumsq) = if gt(abig, zero) {
            if med_counts {
                abig = a.add(abig, a.mul(a.mul(amed, sbig), sbig));
            }
            (a.div(one(), sbig), abig)
        } else if gt(asml, zero) {
            if med_counts {
                let am = a.sqrt(amed);
                let as_ = a.div(a.sqrt(asml), ssml);
                let (ymin, ymax) = if gt(as_, am) { (am, as_) } else { (as_, am) };
                let q = a.div(ymin, ymax);
                (one(), a.mul(a.mul(ymax, ymax), a.add(one(), a.mul(q, q))))
            } else {
                (a.div(one(), ssml), asml)
            }
        } else {
            (one(), amed)
        };
        a.mul(scl, a.sqrt(sumsq))
    })))
}

/// The index (from 0) of the first element of largest `abs` (`i?amax`), by SoftBLAS's scan.
///
/// `n < 2` or `incx = 0` give 0 without reading. Otherwise from `m = abs(x_0)`,
/// for `i = 1 …` in order: if `gt(abs(x_i), m)` (true when either is NaN) then
/// the index becomes `i` and `m = abs(x_i)`. So a NaN is taken when met, and the
/// element after a NaN always replaces it. No rounding happens (SoftBLAS's
/// `i?amax` takes no mode).
///
/// # Errors
/// [`BlasError::Short`] when `x` is shorter than the stride walk.
pub fn iamax<T: Word>(n: usize, x: &[T], incx: usize) -> Result<usize, BlasError> {
    if n < 2 || incx == 0 {
        return Ok(0);
    }
    Ok(first_max(walk_u(n, incx, x.len(), "x")?.map(|p| abs(x[p]))))
}

/// A plane rotation (`?rot`): for each `i` in order, `t = c·x_i + s·y_i`,
/// `y_i = unify(c·y_i − s·x_i)`, `x_i = unify(t)`; every product, sum and
/// difference rounded in `r` (the new `y_i` reads the old `x_i`).
///
/// Strides are unsigned, as SoftBLAS's: positions `0, inc, 2·inc, …`.
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
#[allow(clippy::too_many_arguments)]
pub fn rot<T: Word>(
    n: usize,
    x: &mut [T],
    incx: usize,
    y: &mut [T],
    incy: usize,
    c: T,
    s: T,
    pol: Policy,
    r: Round,
) -> Result<(), BlasError> {
    rotate(n, (x, incx), (y, incy), (c, s), pol, r)
}

/// The rotation of `?rot` and the complex `crot` over `n` position pairs of
/// `x` and `y` at their strides ([`Inc::pairs`]), in order: `t = c·x_i +
/// s·y_i`, `y_i = unify(c·y_i − s·x_i)`, `x_i = unify(t)`, each product, sum
/// and difference rounded in `r`; on the kernel layer when both strides are
/// non-zero (the positions of each vector are distinct, so the steps are
/// independent), a run at a time when both are 1 (the pairs are `(i, i)`).
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than its walk.
pub(super) fn rotate<E: Elem, I: Inc>(
    n: usize,
    (x, incx): (&mut [E], I),
    (y, incy): (&mut [E], I),
    (c, s): (E, E),
    pol: Policy,
    r: Round,
) -> Result<(), BlasError> {
    let pairs = I::pairs(n, (x.len(), incx), (y.len(), incy))?;
    let (zero, one) = (I::from(0), I::from(1));
    if incx != zero && incy != zero {
        let front = (incx == one && incy == one).then_some(n);
        let visit = run::Visit::of(front, pairs);
        run::rotate((x, y), visit, (c, s), pol, r);
        return Ok(());
    }
    Fpu::with(r, |f| {
        for (i, j) in pairs {
            let t = E::add(f, E::mul(f, c, x[i]), E::mul(f, s, y[j]));
            y[j] = E::sub(f, E::mul(f, c, y[j]), E::mul(f, s, x[i])).unify();
            x[i] = t.unify();
        }
    });
    Ok(())
}

/// A modified Givens rotation (`?rotm`) with the matrix `H` coded in `param`.
///
/// `flag = param[0]`: if `eq(flag, −2)` nothing is done; if `eq(flag, −1)`,
/// `H = [p1 p3; p2 p4]`; if `eq(flag, 0)`, `H = [1 p3; p2 1]`; otherwise (flag 1,
/// or anything else, NaN included) `H = [p1 1; −1 p4]`. Then for each `i` in
/// order, with `w = x_i`, `z = y_i`: `x_i = unify(w·h11 + z·h12)`,
/// `y_i = unify(w·h21 + z·h22)`, each product and sum rounded in `r`.
/// Strides are unsigned, as SoftBLAS's.
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
#[allow(clippy::too_many_arguments)]
pub fn rotm<T: Word>(
    n: usize,
    x: &mut [T],
    incx: usize,
    y: &mut [T],
    incy: usize,
    param: &[T; 5],
    pol: Policy,
    r: Round,
) -> Result<(), BlasError> {
    let flag = param[0];
    let neg_one = super::neg_one::<T>();
    if eq(flag, k(i754::pow2(T::W, 1) | T::W.sign_bit())) {
        return Ok(());
    }
    let (h11, h21, h12, h22) = if eq(flag, neg_one) {
        (param[1], param[2], param[3], param[4])
    } else if eq(flag, T::default()) {
        (one(), param[2], param[3], one())
    } else {
        (param[1], neg_one, one(), param[4])
    };
    let pairs = walk_u_pair(n, (x.len(), incx), (y.len(), incy))?;
    // Distinct positions in each vector: independent steps, the kernel layer.
    if incx != 0 && incy != 0 {
        let visit = run::Visit::of(((incx, incy) == (1, 1)).then_some(n), pairs);
        run::rotm((x, y), visit, [h11, h21, h12, h22], pol, r);
        return Ok(());
    }
    with::<T, _>(r, |a| {
        for (i, j) in pairs {
            let (w, z) = (x[i], y[j]);
            x[i] = unify(a.add(a.mul(w, h11), a.mul(z, h12)));
            y[j] = unify(a.add(a.mul(w, h21), a.mul(z, h22)));
        }
    });
    Ok(())
}

/// `α + Σ x_i·y_i` over binary32 vectors accumulated in binary64 (`sdsdot`).
///
/// `acc = f64(α)`; for each `i` in order, `acc = acc + f64(x_i)·f64(y_i)` (the
/// widenings are exact; the product and the sum round in `r` at binary64);
/// the result is `acc` rounded to binary32 in `r`, NaN-unified.
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
#[allow(clippy::too_many_arguments)]
pub fn sdsdot(
    n: usize,
    alpha: u32,
    x: &[u32],
    incx: isize,
    y: &[u32],
    incy: isize,
    pol: Policy,
    r: Round,
) -> Result<u32, BlasError> {
    widening_dot::<u32, u64>(n, alpha, (x, incx), (y, incy), pol, r)
}

/// `α + Σ x_i·y_i` over binary16 vectors accumulated and returned in binary32 (`hsdot`).
///
/// `acc = f32(α)`; for each `i` in order, `acc = acc + f32(x_i)·f32(y_i)`
/// (exact widenings; product and sum rounded in `r` at binary32); NaN-unified.
///
/// # Errors
/// [`BlasError::Short`] when `x` or `y` is shorter than the stride walk.
#[allow(clippy::too_many_arguments)]
pub fn hsdot(
    n: usize,
    alpha: u16,
    x: &[u16],
    incx: isize,
    y: &[u16],
    incy: isize,
    pol: Policy,
    r: Round,
) -> Result<u32, BlasError> {
    widening_dot::<u16, u32>(n, alpha, (x, incx), (y, incy), pol, r)
}

/// The dot of `F`-width vectors in a `W`-width accumulator seeded with `α`,
/// returned at binary32 (`sdsdot` narrows from binary64 in `r`, `hsdot`
/// accumulates there): on the kernel layer, the exact widenings
/// ([`crate::hw::widen`]), then the wide dot from `α` ([`kernels::dot_left`]). The products are exact
/// (48 significand bits fit binary64's 53, 22 fit binary32's 24), so only
/// the sums and the final narrowing round.
fn widening_dot<F: Word, W: Word>(
    n: usize,
    alpha: F,
    (x, incx): (&[F], isize),
    (y, incy): (&[F], isize),
    pol: Policy,
    r: Round,
) -> Result<u32, BlasError> {
    let pairs = walk_pair(n, (x.len(), incx), (y.len(), incy))?;
    let (xs, ys): (Vec<F>, Vec<F>) = pairs.map(|(i, j)| (x[i], y[j])).unzip();
    let wide = |v: &[F]| {
        let mut out = vec![W::default(); v.len()];
        crate::hw::widen(v, &mut out);
        out
    };
    let acc = kernels::dot_left(pol, r, wide(&[alpha])[0], &wide(&xs), &wide(&ys)).bits();
    let acc = Fpu::with(r, |f| f.convert(W::W, Width::S, acc));
    Ok(i754::canon(Width::S, acc) as u32)
}
