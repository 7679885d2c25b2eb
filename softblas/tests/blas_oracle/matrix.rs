//! The level-2 and level-3 checks: `gemv` and `gemm` over real and complex
//! elements in every transposition.

use super::blas_support::{modes, C};
use super::i754_support::Rng;
use super::oracle::{Conv, OElem, O};
use softblas::blas::{self, Complex, Elem, Layout, Trans};
use softblas::scalar::i754::Width;
use softblas::{Policy, Round};

fn trans(rng: &mut Rng, complex: bool) -> Trans {
    match rng.below(if complex { 3 } else { 2 }) {
        0 => Trans::N,
        1 => Trans::T,
        _ => Trans::C,
    }
}

/// gemv and gemm over one element kind, against the oracle.
fn check_matrix<X: OElem + Conv<E>, E: Elem>(w: Width, r: Round, rng: &mut Rng, complex: bool) {
    let o = O::new(w, r);
    let op = |t: Trans, v: X| if t == Trans::C { X::conj(o, v) } else { v };
    // gemv
    let (m, n) = (rng.below(4) as usize, rng.below(4) as usize);
    let layout = if rng.below(2) == 0 {
        Layout::Row
    } else {
        Layout::Col
    };
    let tr = trans(rng, complex);
    let lda = if layout == Layout::Row { n } else { m }.max(1) + rng.below(2) as usize;
    let a: Vec<X> = (0..(m.max(n) * lda + 2)).map(|_| X::gen(w, rng)).collect();
    let (incx, incy) = (1 + rng.below(2) as usize, 1 + rng.below(2) as usize);
    let (rows, inner) = if tr == Trans::N { (m, n) } else { (n, m) };
    let x: Vec<X> = (0..inner * incx + 1).map(|_| X::gen(w, rng)).collect();
    let y: Vec<X> = (0..rows * incy + 1).map(|_| X::gen(w, rng)).collect();
    let (alpha, beta) = (X::gen(w, rng), X::gen(w, rng));
    let at = |i: usize, j: usize| {
        if layout == Layout::Row {
            i * lda + j
        } else {
            i + j * lda
        }
    };
    let mut want = y.clone();
    for i in 0..rows {
        let mut d = X::zero();
        for j in 0..inner {
            let aij = if tr == Trans::N {
                a[at(i, j)]
            } else {
                op(tr, a[at(j, i)])
            };
            d = X::add(o, d, X::mul(o, aij, x[j * incx]));
        }
        want[i * incy] = X::unify(
            o,
            X::add(o, X::mul(o, alpha, d), X::mul(o, beta, want[i * incy])),
        );
    }
    let [ae, xe, mut ye] = [&a, &x, &y].map(|v| X::all(v));
    blas::gemv(
        layout,
        tr,
        m,
        n,
        alpha.to(),
        &ae,
        lda,
        &xe,
        incx,
        beta.to(),
        &mut ye,
        incy,
        Policy::FAST,
        r,
    )
    .unwrap();
    let got: Vec<X> = ye.into_iter().map(X::of).collect();
    assert_eq!(
        got, want,
        "gemv {w:?} {r:?} {layout:?} {tr:?} m={m} n={n} lda={lda} a={a:x?} x={x:x?} y={y:x?}"
    );

    // gemm
    let (m, n, p) = (
        rng.below(4) as usize,
        rng.below(4) as usize,
        rng.below(4) as usize,
    );
    let (ta, tb) = (trans(rng, complex), trans(rng, complex));
    let lda = if ta == Trans::N { n } else { m }.max(1) + rng.below(2) as usize;
    let ldb = if tb == Trans::N { p } else { n }.max(1) + rng.below(2) as usize;
    let ldc = p.max(1) + rng.below(2) as usize;
    let a: Vec<X> = (0..(m.max(n) * lda + 1)).map(|_| X::gen(w, rng)).collect();
    let b: Vec<X> = (0..(n.max(p) * ldb + 1)).map(|_| X::gen(w, rng)).collect();
    let c: Vec<X> = (0..(m * ldc + 1)).map(|_| X::gen(w, rng)).collect();
    let mut want = c.clone();
    for i in 0..m {
        for j in 0..p {
            let mut d = X::zero();
            for k in 0..n {
                let aik = if ta == Trans::N {
                    a[i * lda + k]
                } else {
                    op(ta, a[i + k * lda])
                };
                let bkj = if tb == Trans::N {
                    b[k * ldb + j]
                } else {
                    op(tb, b[k + j * ldb])
                };
                d = X::add(o, d, X::mul(o, aik, bkj));
            }
            let cij = &mut want[i * ldc + j];
            *cij = X::unify(o, X::add(o, X::mul(o, alpha, d), X::mul(o, beta, *cij)));
        }
    }
    let [ae, be, mut ce] = [&a, &b, &c].map(|v| X::all(v));
    blas::gemm(
        ta,
        tb,
        m,
        n,
        p,
        alpha.to(),
        &ae,
        lda,
        &be,
        ldb,
        beta.to(),
        &mut ce,
        ldc,
        Policy::FAST,
        r,
    )
    .unwrap();
    let got: Vec<X> = ce.into_iter().map(X::of).collect();
    assert_eq!(
        got, want,
        "gemm {w:?} {r:?} {ta:?} {tb:?} m={m} n={n} p={p} a={a:x?} b={b:x?} c={c:x?}"
    );
}

pub(crate) fn check_level23(seed: u64) {
    let mut rng = Rng(seed);
    for (w, r) in modes() {
        by_width!(w, T => {
            check_matrix::<u128, T>(w, r, &mut rng, false);
            check_matrix::<C, Complex<T>>(w, r, &mut rng, true);
        });
    }
}
