//! The binary128 contractions on the soft core (`softcore`): real and
//! complex, one loop per rounding mode with the mode a constant, so that the
//! soft core's operations inline into the loop; the kernel layer
//! ([`super::kernels`]) and the complex contractions ([`super::cplx`]) send
//! binary128 here, where no hardware loop serves.

use crate::hw;
use crate::round::Round;
use crate::scalar::i754::{self, Width};
use crate::word::{Dims, Word};

/// Runs `$cells(mode, …)` with the rounding mode `$r` as a constant, one
/// instance per mode, so that it folds into the soft core's inlined
/// operations.
macro_rules! per_mode {
    ($r:expr, $cells:ident($($arg:expr),*)) => {
        match $r {
            Round::N => $cells(Round::N, $($arg),*),
            Round::U => $cells(Round::U, $($arg),*),
            Round::D => $cells(Round::D, $($arg),*),
            Round::Z => $cells(Round::Z, $($arg),*),
            Round::A => $cells(Round::A, $($arg),*),
        }
    };
}

/// `v` with a NaN made canonical, at binary128.
fn canon_q<T: Word>(v: &mut [T]) {
    for x in v.iter_mut() {
        *x = T::of_bits(i754::canon(Width::Q, x.bits()));
    }
}

/// [`super::kernels::contract_acc_into`] at binary128 on the soft core, one loop per
/// rounding mode ([`per_mode`]); NaNs are made canonical once at the end (a
/// NaN stays NaN through every later product and sum, so this is the
/// per-operation canonical NaN).
pub(super) fn contract_acc_q<T: Word>(r: Round, dims: Dims, a: &[T], b: &[T], c: &mut [T]) {
    use softcore::Binary128 as Q;
    #[inline(always)]
    fn cells<T: Word>(r: Round, (m, k, p): Dims, a: &[T], b: &[T], c: &mut [T]) {
        for (arow, row) in a.chunks_exact(k.max(1)).zip(c.chunks_exact_mut(p)).take(m) {
            for (kk, &aik) in arow.iter().enumerate().take(k) {
                let (x, brow) = (aik.bits(), &b[kk * p..kk * p + p]);
                for (acc, &bkj) in row.iter_mut().zip(brow) {
                    let prod = softcore::mul::<Q>(x, bkj.bits(), r);
                    *acc = T::of_bits(softcore::add::<Q>(acc.bits(), prod, r));
                }
            }
        }
    }
    per_mode!(r, cells(dims, a, b, c));
    canon_q(c);
}

/// The complex contraction `c += a·b` at binary128 on the soft core, the
/// parts of each matrix apart: each cell `acc = c_ij; for k ascending: acc =
/// acc + a_ik·b_kj`, the product SoftBLAS's (`(ar·br − ai·bi) + (ar·bi +
/// ai·br)i`, each product and sum rounded) and the sum per component, one
/// loop per rounding mode with the soft core inlined, NaNs made canonical
/// once at the end (a NaN stays NaN through every later product and sum).
///
/// # Panics
/// When a part holds fewer than `m·k`, `k·p` or `m·p` elements.
pub(super) fn ccontract_acc_q<T: Word>(r: Round, dims: Dims, ops: hw::Split<'_, T>) {
    use softcore::Binary128 as Q;
    #[inline(always)]
    fn cells<T: Word>(r: Round, (m, k, p): Dims, a: [&[T]; 2], b: [&[T]; 2], c: [&mut [T]; 2]) {
        let (mul, add) = (softcore::mul::<Q>, softcore::add::<Q>);
        let [cr, ci] = c;
        for i in 0..m {
            let (rr, ri) = (&mut cr[i * p..i * p + p], &mut ci[i * p..i * p + p]);
            for kk in 0..k {
                let (xr, xi) = (a[0][i * k + kk].bits(), a[1][i * k + kk].bits());
                let (br, bi) = (&b[0][kk * p..kk * p + p], &b[1][kk * p..kk * p + p]);
                for j in 0..p {
                    let (yr, yi) = (br[j].bits(), bi[j].bits());
                    let pr = softcore::sub::<Q>(mul(xr, yr, r), mul(xi, yi, r), r);
                    let pi = add(mul(xr, yi, r), mul(xi, yr, r), r);
                    rr[j] = T::of_bits(add(rr[j].bits(), pr, r));
                    ri[j] = T::of_bits(add(ri[j].bits(), pi, r));
                }
            }
        }
    }
    let hw::Split { a, b, c: [cr, ci] } = ops;
    per_mode!(r, cells(dims, a, b, [&mut *cr, &mut *ci]));
    canon_q(cr);
    canon_q(ci);
}
