//! The SoftBLAS routines on the kernel layer
//! ([`crate::exec::fast::kernels`]): the same order and roundings as each
//! routine's doc states, with the strided operands gathered into contiguous
//! buffers, the arithmetic run by the kernels (the hardware loops under the
//! fast executor at binary16/32/64, SoftFloat in batch otherwise; complex
//! elements through [`Elem`]'s kernel methods) and the results scattered back.

use super::{abs, one, op_at, unify, with, Elem, Trans};
use crate::exec::fast::kernels::{self, Elementwise, Step};
use crate::hw::Op;
use crate::policy::Policy;
use crate::round::Round;
use crate::scalar::i754;
use crate::word::Word;
use std::borrow::Cow;

/// The strides of a pair walk: unit strides read and write the slices in place.
pub(super) type Incs = (isize, isize);

/// The `n` elements of `x` at the positions `at` yields, borrowed at a unit stride.
fn gather<'a, E: Elem>(
    x: &'a [E],
    n: usize,
    unit: bool,
    at: impl Iterator<Item = usize>,
) -> Cow<'a, [E]> {
    if unit {
        Cow::Borrowed(&x[..n])
    } else {
        Cow::Owned(at.map(|i| x[i]).collect())
    }
}

/// Elements per block of [`axpy`]: its temporaries stay in the first-level cache.
const BLOCK: usize = 512;

/// Replaces the `n` elements of `y` at the positions `at` yields (the first
/// `n` at a unit stride) block by block: `f(old, new)` writes each block's new
/// values from its old ones, which are then settled ([`Elem::settle`]).
fn update<E: Elem>(
    y: &mut [E],
    n: usize,
    unit: bool,
    at: impl Iterator<Item = usize>,
    mut f: impl FnMut(&[E], &mut [E]),
) {
    let (mut old, mut new, mut js) = ([E::default(); BLOCK], [E::default(); BLOCK], [0; BLOCK]);
    let mut at = at;
    for lo in (0..n).step_by(BLOCK) {
        let len = BLOCK.min(n - lo);
        let (old, js) = (&mut old[..len], &mut js[..len]);
        if unit {
            let new = &mut y[lo..lo + len];
            old.copy_from_slice(new);
            f(old, new);
            E::settle(new);
        } else {
            for ((o, j), p) in old.iter_mut().zip(js.iter_mut()).zip(at.by_ref()) {
                (*o, *j) = (y[p], p);
            }
            let new = &mut new[..len];
            f(old, new);
            E::settle(new);
            for (&j, &v) in js.iter().zip(new.iter()) {
                y[j] = v;
            }
        }
    }
}

/// The next `buf.len()` elements of `x` at the positions `at` yields: the
/// slice `x[lo..]` itself at a unit stride, else gathered into `buf`.
fn gather_block<'a, E: Elem>(
    x: &'a [E],
    lo: usize,
    unit: bool,
    at: &mut impl Iterator<Item = usize>,
    buf: &'a mut [E],
) -> &'a [E] {
    if unit {
        return &x[lo..lo + buf.len()];
    }
    for (o, p) in buf.iter_mut().zip(at) {
        *o = x[p];
    }
    buf
}

/// `?axpy` on distinct positions of `y` (`incy ≠ 0`): `y_j = unify(y_j + α·x_i)`
/// for each of the `n` pairs `(i, j)`, block by block.
pub(super) fn axpy<E: Elem>(
    alpha: E,
    (x, y): (&[E], &mut [E]),
    n: usize,
    (incx, incy): Incs,
    pairs: impl Iterator<Item = (usize, usize)> + Clone,
    pol: Policy,
    r: Round,
) {
    let (mut xs, mut t) = ([E::default(); BLOCK], [E::default(); BLOCK]);
    let mut xat = pairs.clone().map(|(i, _)| i);
    let mut lo = 0;
    update(y, n, incy == 1, pairs.map(|(_, j)| j), |old, new| {
        let len = old.len();
        let (xs, t) = (&mut xs[..len], &mut t[..len]);
        let xs = gather_block(x, lo, incx == 1, &mut xat, xs);
        E::scale(pol, r, alpha, xs, t);
        E::sum(pol, r, old, t, new);
        lo += len;
    });
}

/// `?axpy` on one position `j` of `y` (`incy = 0`, `n ≥ 1`): for each `i`
/// in order `y_j = unify(y_j + α·x_i)`, as the products `α·x_i`
/// ([`Elem::scale`]) folded into `y_j` from the left ([`Elem::accumulate`])
/// and unified once: a NaN stays NaN through every later sum, so unifying
/// each step or only the last gives the same bits.
pub(super) fn axpy_fold<E: Elem>(
    alpha: E,
    (x, y): (&[E], &mut [E]),
    n: usize,
    pairs: impl Iterator<Item = (usize, usize)> + Clone,
    pol: Policy,
    r: Round,
) {
    let j = pairs.clone().next().map_or(0, |(_, j)| j);
    let xs: Vec<E> = pairs.map(|(i, _)| x[i]).collect();
    let mut prods = vec![E::default(); n];
    E::scale(pol, r, alpha, &xs, &mut prods);
    y[j] = E::accumulate(pol, r, y[j], &prods).unify();
}

/// `?scal` on distinct positions of `x` (`incx ≠ 0`): `x_i = unify(α·x_i)`.
pub(super) fn scal<E: Elem>(
    alpha: E,
    x: &mut [E],
    n: usize,
    unit: bool,
    at: impl Iterator<Item = usize>,
    pol: Policy,
    r: Round,
) {
    update(x, n, unit, at, |old, new| E::scale(pol, r, alpha, old, new));
}

/// `?dot`, `?dotu` and `?dotc`: `acc = +0; acc = acc + x_i·y_j` over the
/// pairs in order (`x_i` conjugated first when `conj`), unified at the end.
pub(super) fn dot<E: Elem>(
    (x, y): (&[E], &[E]),
    n: usize,
    (incx, incy): Incs,
    pairs: impl Iterator<Item = (usize, usize)> + Clone,
    conj: bool,
    pol: Policy,
    r: Round,
) -> E {
    let xs = gather(x, n, incx == 1, pairs.clone().map(|(i, _)| i));
    let ys = gather(y, n, incy == 1, pairs.map(|(_, j)| j));
    E::dot(pol, r, &xs, &ys, conj).unify()
}

/// The positions a two-vector update visits, each vector's distinct from
/// one another: the first `n` of each (both strides 1), or the pairs a
/// stride walk yields.
pub(super) enum Visit<I> {
    /// Elements `0..n` of each vector, read and written a run at a time.
    Front(usize),
    /// The position pairs in order, gathered and scattered a block at a time.
    Pairs(I),
}

impl<I: Iterator<Item = (usize, usize)>> Visit<I> {
    /// `Front(n)` when both strides are 1 (`front` = `Some(n)`), else the
    /// walk's pairs.
    pub(super) fn of(front: Option<usize>, pairs: I) -> Visit<I> {
        match front {
            Some(n) => Visit::Front(n),
            None => Visit::Pairs(pairs),
        }
    }
}

/// Replaces the elements of `x` and of `y` that `visit` names, block by
/// block: `f(old_x, old_y, new_x, new_y)` writes each block's new values
/// from its old ones, which are then settled ([`Elem::settle`]).
fn update2<E: Elem>(
    (x, y): (&mut [E], &mut [E]),
    visit: Visit<impl Iterator<Item = (usize, usize)>>,
    mut f: impl FnMut(&[E], &[E], &mut [E], &mut [E]),
) {
    let d = E::default();
    let (mut nx, mut ny) = ([d; BLOCK], [d; BLOCK]);
    let pairs = match visit {
        Visit::Front(n) => {
            for (xs, ys) in x[..n].chunks_mut(BLOCK).zip(y[..n].chunks_mut(BLOCK)) {
                let (nx, ny) = (&mut nx[..xs.len()], &mut ny[..xs.len()]);
                f(xs, ys, nx, ny);
                E::settle(nx);
                E::settle(ny);
                xs.copy_from_slice(nx);
                ys.copy_from_slice(ny);
            }
            return;
        }
        Visit::Pairs(pairs) => pairs,
    };
    let (mut ox, mut oy) = ([d; BLOCK], [d; BLOCK]);
    let mut at = [(0, 0); BLOCK];
    let mut pairs = pairs.peekable();
    while pairs.peek().is_some() {
        let mut len = 0;
        for ((p, (i, j)), (a, b)) in at
            .iter_mut()
            .zip(pairs.by_ref())
            .zip(ox.iter_mut().zip(oy.iter_mut()))
        {
            (*p, *a, *b) = ((i, j), x[i], y[j]);
            len += 1;
        }
        let (nx, ny) = (&mut nx[..len], &mut ny[..len]);
        f(&ox[..len], &oy[..len], nx, ny);
        E::settle(nx);
        E::settle(ny);
        for (&(i, j), (&a, &b)) in at[..len].iter().zip(nx.iter().zip(ny.iter())) {
            (x[i], y[j]) = (a, b);
        }
    }
}

/// `?rot` and `crot` at distinct positions (`incx, incy ≠ 0`): for each pair,
/// `x_i = unify(c·x_i + s·y_j)` and `y_j = unify(c·y_j − s·x_i)` from the old
/// values, each product, sum and difference rounded in `r`.
pub(super) fn rotate<E: Elem>(
    (x, y): (&mut [E], &mut [E]),
    visit: Visit<impl Iterator<Item = (usize, usize)>>,
    (c, s): (E, E),
    pol: Policy,
    r: Round,
) {
    let (mut t1, mut t2) = ([E::default(); BLOCK], [E::default(); BLOCK]);
    update2((x, y), visit, |xs, ys, nx, ny| {
        let (t1, t2) = (&mut t1[..xs.len()], &mut t2[..xs.len()]);
        E::scale(pol, r, c, xs, t1);
        E::scale(pol, r, s, ys, t2);
        E::sum(pol, r, t1, t2, nx);
        E::scale(pol, r, c, ys, t1);
        E::scale(pol, r, s, xs, t2);
        E::diff(pol, r, t1, t2, ny);
    });
}

/// `?rotm` at distinct positions (`incx, incy ≠ 0`) with `H = [h11 h12; h21
/// h22]`: for each pair, from `w = x_i`, `z = y_j`: `x_i = w·h11 + z·h12`,
/// `y_j = w·h21 + z·h22`, each product and sum rounded in `r` (a real product
/// commutes bit for bit, NaNs being canonical, so `h·w` is `w·h`).
pub(super) fn rotm<T: Word>(
    (x, y): (&mut [T], &mut [T]),
    visit: Visit<impl Iterator<Item = (usize, usize)>>,
    [h11, h21, h12, h22]: [T; 4],
    pol: Policy,
    r: Round,
) {
    let (mut t1, mut t2) = ([T::default(); BLOCK], [T::default(); BLOCK]);
    update2((x, y), visit, |xs, ys, nx, ny| {
        let (t1, t2) = (&mut t1[..xs.len()], &mut t2[..xs.len()]);
        for (out, (hx, hy)) in [(nx, (h11, h12)), (ny, (h21, h22))] {
            T::scale(pol, r, hx, xs, t1);
            T::scale(pol, r, hy, ys, t2);
            T::sum(pol, r, t1, t2, out);
        }
    });
}

/// `?asum`: `acc = +0; acc = acc + abs(x_i)` in order, unified at the end.
pub(super) fn asum<T: Word>(
    x: &[T],
    n: usize,
    unit: bool,
    at: impl Iterator<Item = usize>,
    pol: Policy,
    r: Round,
) -> T {
    let mags: Vec<T> = gather(x, n, unit, at).iter().map(|&v| abs(v)).collect();
    unify(kernels::sum_left(pol, r, T::default(), &mags))
}

/// `Σ (|re x_i| + |im x_i|)` (`?casum` of the split components, gathered):
/// the per-element sums, then their left fold from `+0`, unified.
pub(super) fn casum<T: Word>(re: &[T], im: &[T], pol: Policy, r: Round) -> T {
    unify(kernels::sum_left(
        pol,
        r,
        T::default(),
        &abs_sums(re, im, pol, r),
    ))
}

/// `abs(re_i) + abs(im_i)` per element, each sum rounded in `r` (the
/// magnitudes of `?casum` and `i?camax`).
pub(super) fn abs_sums<T: Word>(re: &[T], im: &[T], pol: Policy, r: Round) -> Vec<T> {
    let (re, im): (Vec<T>, Vec<T>) = re.iter().zip(im).map(|(&a, &b)| (abs(a), abs(b))).unzip();
    let mut out = vec![T::default(); re.len()];
    kernels::elementwise(
        pol,
        Elementwise::Two(Step::Arith(Op::Add)),
        r,
        &[&re, &im],
        &mut out,
    );
    out
}

/// The running scale of `?nrm2` and the complex norms over `v` in order,
/// not unified: from `scale = +0`, `ssq = 1`, each `v_i ≠ ±0` with
/// `a = abs(v_i)`: if `scale < a` (an update), `q = (scale·scale)/(a·a)`
/// (`divide_first`: `q = (scale/a)²`), `ssq = 1 + ssq·q`, `scale = a`; else
/// `ssq = ssq + (a·a)/(scale·scale)` (`divide_first`: `ssq + (a/scale)²`);
/// then `scale·√ssq`, every operation rounded in `r`.
///
/// Between two updates `scale` is fixed, so the amounts of the steps there
/// are elementwise kernels and their sum into `ssq` is the left fold
/// [`kernels::sum_left`] seeded with `ssq`; the updates (as many as the
/// magnitudes' running maximum rises) are single operations. `scale` is
/// never NaN, so `scale < a` is `a` above `scale` as bits and not NaN.
pub(super) fn norm<T: Word>(v: &[T], divide_first: bool, pol: Policy, r: Round) -> T {
    let inf = i754::inf(T::W);
    let (mut scale, mut ssq) = (T::default(), one::<T>());
    let mut run: Vec<T> = Vec::new();
    // The steps held in `run` added to `ssq` at the scale `s`.
    let fold = |ssq: T, s: T, run: &mut Vec<T>| -> T {
        if run.is_empty() {
            return ssq;
        }
        let n = run.len();
        let (mut t, mut q) = (vec![T::default(); n], vec![T::default(); n]);
        let (mul, div) = (
            Elementwise::Two(Step::Arith(Op::Mul)),
            Elementwise::Two(Step::Arith(Op::Div)),
        );
        if divide_first {
            kernels::elementwise(pol, div, r, &[run, &vec![s; n]], &mut t);
            kernels::elementwise(pol, mul, r, &[&t, &t], &mut q);
        } else {
            let ss = with::<T, _>(r, |a| a.mul(s, s));
            kernels::elementwise(pol, mul, r, &[run, run], &mut t);
            kernels::elementwise(pol, div, r, &[&t, &vec![ss; n]], &mut q);
        }
        run.clear();
        kernels::sum_left(pol, r, ssq, &q)
    };
    for &x in v {
        let a = abs(x);
        if a.bits() == 0 {
            continue;
        }
        if a.bits() > scale.bits() && a.bits() <= inf {
            ssq = fold(ssq, scale, &mut run);
            ssq = with::<T, _>(r, |f| {
                let q = if divide_first {
                    let q = f.div(scale, a);
                    f.mul(q, q)
                } else {
                    f.div(f.mul(scale, scale), f.mul(a, a))
                };
                f.add(one(), f.mul(ssq, q))
            });
            scale = a;
        } else {
            run.push(a);
        }
    }
    ssq = fold(ssq, scale, &mut run);
    with::<T, _>(r, |f| f.mul(scale, f.sqrt(ssq)))
}

/// `op(M)` (`rows × cols`) row-major and contiguous.
fn pack<E: Elem>(
    (rows, cols): (usize, usize),
    m: &Operand<'_, E, impl Fn(usize, usize) -> usize>,
) -> Vec<E> {
    let mut out = Vec::with_capacity(rows * cols);
    for i in 0..rows {
        out.extend((0..cols).map(|j| m.v[(m.at)(i, j)]));
    }
    if m.conj {
        for e in &mut out {
            *e = e.conj().unwrap_or(*e);
        }
    }
    out
}

/// An operand of a matrix routine: the elements, where `op(M)_{ij}` sits, and
/// whether it is conjugated ([`Trans::C`]).
pub(super) struct Operand<'a, E, F> {
    /// The stored elements.
    pub(super) v: &'a [E],
    /// The position of `op(M)_{ij}`.
    pub(super) at: F,
    /// Whether each element is conjugated.
    pub(super) conj: bool,
}

/// `op(M)` of a row-major `M` at leading dimension `ld` under transpose `t`.
fn op<E: Elem>(v: &[E], t: Trans, ld: usize) -> Operand<'_, E, impl Fn(usize, usize) -> usize> {
    Operand {
        v,
        at: move |i, j| op_at(t, i, j, ld),
        conj: t == Trans::C,
    }
}

/// `D = op(A)·op(B)` (`m × n` by `n × p`, row-major): each cell a left fold
/// from zero over `k` ascending, `d = d + a_ik·b_kj` with the product and the
/// sum rounded in `r` (complex: SoftBLAS's six-rounding product, then the sum
/// per component).
fn product<E: Elem>(
    (m, n, p): (usize, usize, usize),
    a: Operand<'_, E, impl Fn(usize, usize) -> usize>,
    b: Operand<'_, E, impl Fn(usize, usize) -> usize>,
    pol: Policy,
    r: Round,
) -> Vec<E> {
    let (pa, pb) = (pack((m, n), &a), pack((n, p), &b));
    let mut d = vec![E::default(); m * p];
    if n > 0 {
        E::contract(pol, r, (m, n, p), &pa, &pb, &mut d);
    }
    d
}

/// `c_j = α·d_j + β·c_j` for each element (the caller settles them):
/// two products and a sum, each rounded in `r`.
fn combine<E: Elem>(alpha: E, d: &[E], beta: E, c: &mut [E], pol: Policy, r: Round) {
    let n = d.len();
    let (mut t1, mut t2) = (vec![E::default(); n], vec![E::default(); n]);
    E::scale(pol, r, alpha, d, &mut t1);
    E::scale(pol, r, beta, c, &mut t2);
    E::sum(pol, r, &t1, &t2, c);
}

/// `?gemm` on the kernel layer: `D = op(A)·op(B)` ([`product`]), then
/// `C_ij = unify(α·D_ij + β·C_ij)` row by row; the caller checked every position.
pub(super) fn gemm<E: Elem>(
    (m, n, p): (usize, usize, usize),
    alpha: E,
    [(a, ta, lda), (b, tb, ldb)]: [(&[E], Trans, usize); 2],
    beta: E,
    (c, ldc): (&mut [E], usize),
    pol: Policy,
    r: Round,
) {
    if m == 0 || p == 0 {
        return;
    }
    let d = product((m, n, p), op(a, ta, lda), op(b, tb, ldb), pol, r);
    for (i, drow) in d.chunks_exact(p).enumerate() {
        let row = &mut c[i * ldc..i * ldc + p];
        combine(alpha, drow, beta, row, pol, r);
        E::settle(row);
    }
}

/// `?gemv` on the kernel layer: `d = op(A)·x` as the `1 × rows` product
/// `xᵀ·op(A)ᵀ` (each `d_i` the left fold over `j` ascending of `op(A)_ij·x_j`;
/// the products commute bit for bit, NaNs being canonical), then
/// `y_i = unify(α·d_i + β·y_i)`. `a` gives `op(A)` (`rows × inner`); the
/// caller checked every position.
#[allow(clippy::too_many_arguments)]
pub(super) fn gemv<E: Elem>(
    (rows, inner): (usize, usize),
    alpha: E,
    a: Operand<'_, E, impl Fn(usize, usize) -> usize>,
    (x, incx): (&[E], usize),
    beta: E,
    (y, incy): (&mut [E], usize),
    pol: Policy,
    r: Round,
) {
    let at = a.at;
    let a = Operand {
        v: a.v,
        at: move |k: usize, i: usize| at(i, k),
        conj: a.conj,
    };
    let xs = Operand {
        v: x,
        at: move |_: usize, j: usize| j * incx,
        conj: false,
    };
    let d = product((1, inner, rows), xs, a, pol, r);
    let mut ys: Vec<E> = (0..rows).map(|i| y[i * incy]).collect();
    combine(alpha, &d, beta, &mut ys, pol, r);
    E::settle(&mut ys);
    for (i, v) in ys.into_iter().enumerate() {
        y[i * incy] = v;
    }
}

#[cfg(test)]
mod tests;
