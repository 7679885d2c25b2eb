//! Constructing rotations: `?rotg` (Givens) and `?rotmg` (modified Givens).
//!
//! Ports `urbit/SoftBLAS@baeb8db` `src/blas/level1/{s,d,h,q}rotg.c` and
//! `{s,d,h,q}rotmg.c`. Neither unifies NaN in SoftBLAS; here every NaN is the
//! canonical one (see the module docs of [`super`]).

use super::{abs, eq, ge, gt, k, le, lt, ne, neg_one, one, with, BlasError, Word};
use crate::round::Round;
use crate::scalar::i754::{self, Width};

/// The result of [`rotg`]: the rotation `c`, `s`, the length `r` and the reconstruction scalar `z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Givens<T> {
    /// `±√(a² + b²)`, with the sign of `roe` (what SoftBLAS writes back to `a`).
    pub r: T,
    /// The reconstruction scalar (what SoftBLAS writes back to `b`).
    pub z: T,
    /// The cosine.
    pub c: T,
    /// The sine.
    pub s: T,
}

/// The Givens rotation zeroing `b` against `a` (`?rotg`), as SoftBLAS computes it.
///
/// `roe = gt(|a|, |b|) ? a : b` (`gt` is `!le`, true on NaN); `scale = |a| + |b|`.
/// If `eq(scale, 0)`: `c = 1`, `s = r = z = +0`. Otherwise `as = a/scale`,
/// `bs = b/scale`, `r = scale·√(as·as + bs·bs)`, then `r = (lt(roe, 0) ? −1 : 1)·r`,
/// `c = a/r`, `s = b/r`; `z = 1`, then `z = s` if `gt(|a|, |b|)`, then
/// `z = 1/c` if `ge(|b|, |a|)` and `ne(c, 0)` (both can apply, on NaN). Every
/// operation rounds in `r`; `|·|` clears the sign bit.
pub fn rotg<T: Word>(a: T, b: T, r: Round) -> Givens<T> {
    let zero = T::default();
    let (aa, ab) = (abs(a), abs(b));
    with::<T, _>(r, |f| {
        let roe = if gt(aa, ab) { a } else { b };
        let scale = f.add(aa, ab);
        if eq(scale, zero) {
            return Givens {
                r: zero,
                z: zero,
                c: one(),
                s: zero,
            };
        }
        let (as_, bs) = (f.div(a, scale), f.div(b, scale));
        let len = f.mul(scale, f.sqrt(f.add(f.mul(as_, as_), f.mul(bs, bs))));
        let sign = if lt(roe, zero) { neg_one() } else { one() };
        let rr = f.mul(sign, len);
        let (c, s) = (f.div(a, rr), f.div(b, rr));
        let mut z = one();
        if gt(aa, ab) {
            z = s;
        }
        if ge(ab, aa) && ne(c, zero) {
            z = f.div(one(), c);
        }
        Givens { r: rr, z, c, s }
    })
}

/// The most steps a [`rotmg`] rescaling loop may take before [`BlasError::Diverges`].
///
/// Each step moves an exponent by 24 bits (8 at binary16), so a loop that ends
/// takes at most about 700 steps; one that does not (SoftBLAS spins) is cut here.
pub const ROTMG_MAX_STEPS: usize = 4096;

/// `(γ, γ², 1/γ, 1/γ², +∞)` of `?rotmg` at a width: `γ = 4096`, except 16 at binary16.
const fn gammas(w: Width) -> (u128, u128, u128, u128) {
    match w {
        Width::H => (
            i754::pow2(w, 4),
            i754::pow2(w, 8),
            i754::pow2(w, -4),
            i754::pow2(w, -8),
        ),
        _ => (
            i754::pow2(w, 12),
            i754::pow2(w, 24),
            i754::pow2(w, -12),
            i754::pow2(w, -24),
        ),
    }
}

/// Constructs a modified Givens transformation (`?rotmg`), as SoftBLAS computes it,
/// updating `d1`, `d2`, `x1` and `param` in place.
///
/// With `h = 0` throughout unless set: if `lt(d1, 0)`, flag −1 and `d1 = d2 = x1 = 0`.
/// Otherwise `p2 = d2·y1`; if `eq(p2, 0)`, only `param[0] = −2` is written and the
/// routine returns. Else `p1 = d1·x1`, `q2 = p2·y1`, `q1 = p1·x1`; if
/// `gt(|q1|, |q2|)`: `h21 = (−1·y1)/x1`, `h12 = p2/p1`, `u = 1 − h12·h21`, and
/// either (if `le(u, 0)`) flag −1 with everything zero, or flag 0 with
/// `d1 = d1/u`, `d2 = d2/u`, `x1 = x1·u`. Otherwise, if `lt(q2, 0)` flag −1 with
/// everything zero, else flag 1 with `h11 = p1/p2`, `h22 = x1/y1`,
/// `u = 1 + h11·h22`, `(d1, d2) = (d2/u, d1/u)`, `x1 = y1·u`. Then four
/// rescaling loops, in order, each step first setting flag −1 (from flag 0:
/// `h11 = h22 = 1`; else `h21 = −1`, `h12 = 1`): while `ne(d1, 0) ∧ le(d1, 1/γ²)`,
/// `d1·γ²`, `x1/γ`, `h11/γ`, `h12/γ` (as products by `1/γ`); while
/// `lt(|d1|, ∞) ∧ ge(d1, γ²)`, `d1·(1/γ²)`, `x1·γ`, `h11·γ`, `h12·γ`; while
/// `ne(d2, 0) ∧ le(|d2|, 1/γ²)`, `d2·γ²`, `h21·(1/γ)`, `h22·(1/γ)`; while
/// `lt(|d2|, ∞) ∧ ge(|d2|, γ²)`, `d2·(1/γ²)`, `h21·γ`, `h22·γ`. `γ = 4096`
/// (16 at binary16, where 2^24 is not finite). Finally `param[0] = flag` and, by
/// flag, `param[1..=4] = h11 h21 h12 h22` (−1), `param[2..=3] = h21 h12` (0), or
/// `param[1], param[4] = h11, h22` (otherwise); the other entries are not written.
/// Every operation rounds in `r`.
///
/// # Errors
/// [`BlasError::Diverges`] when a rescaling loop runs past [`ROTMG_MAX_STEPS`]
/// (nothing is written then).
pub fn rotmg<T: Word>(
    d1: &mut T,
    d2: &mut T,
    x1: &mut T,
    y1: T,
    param: &mut [T; 5],
    r: Round,
) -> Result<(), BlasError> {
    let zero = T::default();
    let (gam, gamsq, rgam, rgamsq) = gammas(T::W);
    let (gam, gamsq, rgam, rgamsq) = (k::<T>(gam), k::<T>(gamsq), k::<T>(rgam), k::<T>(rgamsq));
    let inf = k::<T>(i754::inf(T::W));
    let neg_two = k::<T>(i754::pow2(T::W, 1) | T::W.sign_bit());
    let (mut d1v, mut d2v, mut x1v) = (*d1, *d2, *x1);
    let (mut h11, mut h21, mut h12, mut h22) = (zero, zero, zero, zero);
    let flag = with::<T, _>(r, |f| -> Result<Option<T>, BlasError> {
        let mut flag;
        if lt(d1v, zero) {
            flag = neg_one();
            (d1v, d2v, x1v) = (zero, zero, zero);
            return Ok(Some(flag));
        }
        let p2 = f.mul(d2v, y1);
        if eq(p2, zero) {
            return Ok(None);
        }
        let p1 = f.mul(d1v, x1v);
        let q2 = f.mul(p2, y1);
        let q1 = f.mul(p1, x1v);
        if gt(abs(q1), abs(q2)) {
            h21 = f.div(f.mul(neg_one(), y1), x1v);
            h12 = f.div(p2, p1);
            let u = f.sub(one(), f.mul(h12, h21));
            if le(u, zero) {
                flag = neg_one();
                (d1v, d2v, x1v) = (zero, zero, zero);
                (h11, h21, h12, h22) = (zero, zero, zero, zero);
            } else {
                flag = zero;
                d1v = f.div(d1v, u);
                d2v = f.div(d2v, u);
                x1v = f.mul(x1v, u);
            }
        } else if lt(q2, zero) {
            flag = neg_one();
            (d1v, d2v, x1v) = (zero, zero, zero);
            (h11, h21, h12, h22) = (zero, zero, zero, zero);
        } else {
            flag = one();
            h11 = f.div(p1, p2);
            h22 = f.div(x1v, y1);
            let u = f.add(one(), f.mul(h11, h22));
            let t = f.div(d2v, u);
            d2v = f.div(d1v, u);
            d1v = t;
            x1v = f.mul(y1, u);
        }
        // H as [h11, h21, h12, h22]: row 0 of H is entries 0 and 2, row 1 entries 1 and 3.
        let mut h = [h11, h21, h12, h22];
        let mut steps = 0usize;
        // One rescaling step of row `row` (`d` its d1 or d2, `x` x1 for row 0):
        // flag −1 (from flag 0 `h11 = h22 = 1`, else `h21 = −1`, `h12 = 1`),
        // then `d·dk`, and `x` and the row's entries of H times `hk`.
        let mut step = |flag: &mut T,
                        h: &mut [T; 4],
                        row: usize,
                        d: &mut T,
                        x: Option<&mut T>,
                        (dk, hk): (T, T)| {
            steps += 1;
            if steps > ROTMG_MAX_STEPS {
                return Err(BlasError::Diverges);
            }
            if eq(*flag, zero) {
                (h[0], h[3]) = (one(), one());
            } else {
                (h[1], h[2]) = (neg_one(), one());
            }
            *flag = neg_one();
            *d = f.mul(*d, dk);
            if let Some(x) = x {
                *x = f.mul(*x, hk);
            }
            for e in [row, row + 2] {
                h[e] = f.mul(h[e], hk);
            }
            Ok(())
        };
        while ne(d1v, zero) && le(d1v, rgamsq) {
            step(
                &mut flag,
                &mut h,
                0,
                &mut d1v,
                Some(&mut x1v),
                (gamsq, rgam),
            )?;
        }
        while lt(abs(d1v), inf) && ge(d1v, gamsq) {
            step(
                &mut flag,
                &mut h,
                0,
                &mut d1v,
                Some(&mut x1v),
                (rgamsq, gam),
            )?;
        }
        while ne(d2v, zero) && le(abs(d2v), rgamsq) {
            step(&mut flag, &mut h, 1, &mut d2v, None, (gamsq, rgam))?;
        }
        while lt(abs(d2v), inf) && ge(abs(d2v), gamsq) {
            step(&mut flag, &mut h, 1, &mut d2v, None, (rgamsq, gam))?;
        }
        [h11, h21, h12, h22] = h;
        Ok(Some(flag))
    })?;
    let Some(flag) = flag else {
        param[0] = neg_two;
        return Ok(());
    };
    (*d1, *d2, *x1) = (d1v, d2v, x1v);
    param[0] = flag;
    if eq(flag, neg_one()) {
        param[1..=4].copy_from_slice(&[h11, h21, h12, h22]);
    } else if eq(flag, zero) {
        (param[2], param[3]) = (h21, h12);
    } else {
        (param[1], param[4]) = (h11, h22);
    }
    Ok(())
}
