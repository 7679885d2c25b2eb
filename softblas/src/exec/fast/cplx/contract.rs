//! The complex contraction `c += a·b` (`+mmul` at `%cplx`, SoftBLAS's
//! complex `?gemm`): the components of each matrix apart, on one hardware
//! kernel where it serves, else on the elementwise kernels a row at a time.

use super::{product, Pair, Part};
use crate::exec::fast::kernels::{self, Elementwise, Step};
use crate::hw::{self, Op};
use crate::policy::Policy;
use crate::round::Round;
use crate::scalar::i754::Width;
use crate::word::{Dims, Word};

/// `c += a·b` in `+mmul`'s cells (`m × k` by `k × p`, row-major): each cell
/// `acc = c_ij; for k ascending: acc = add(acc, mul(a_ik, b_kj))`, `++mul`
/// and `++add` rounded in `r`, under the policy `pol` ([`contract_parts`]
/// on the components), bit for bit SoftBLAS's complex contraction.
///
/// # Panics
/// When `a`, `b` or `c` holds fewer than `m·k`, `k·p` or `m·p` elements.
pub fn contract_acc_into<T: Part>(
    pol: Policy,
    r: Round,
    (m, k, p): Dims,
    a: &[Pair<T>],
    b: &[Pair<T>],
    c: &mut [Pair<T>],
) {
    contract_elems(pol, r, (m, k, p), [a, b], c, |z| z, |x, y| [x, y]);
}

/// [`contract_parts`] on row-major matrices of complex elements `E` (`[a, b]`
/// multiplied into `c`), components `[re, im]` by `parts`, rebuilt by `make`:
/// every complex contraction's one split. Panics as [`contract_acc_into`].
pub(crate) fn contract_elems<T: Word, E: Copy>(
    pol: Policy,
    r: Round,
    (m, k, p): Dims,
    [a, b]: [&[E]; 2],
    c: &mut [E],
    parts: impl Fn(E) -> [T; 2],
    make: impl Fn(T, T) -> E,
) {
    let split = |v: &[E]| -> [Vec<T>; 2] {
        let (re, im) = v.iter().map(|&z| parts(z)).map(|[x, y]| (x, y)).unzip();
        [re, im]
    };
    let ([ar, ai], [br, bi]) = (split(&a[..m * k]), split(&b[..k * p]));
    let [mut cr, mut ci] = split(&c[..m * p]);
    contract_parts(
        pol,
        r,
        (m, k, p),
        [&ar, &ai],
        [&br, &bi],
        [&mut cr, &mut ci],
    );
    for ((o, &x), &y) in c.iter_mut().zip(&cr).zip(&ci) {
        *o = make(x, y);
    }
}

/// `c += a·b` on the components of each matrix apart (`[re, im]`, `m × k`
/// by `k × p`, row-major): each cell `acc = c_ij; for k ascending: acc =
/// acc + a_ik·b_kj`, the product [`product`]'s (SoftBLAS's, `++mul`'s) and
/// the sum per component, rounded in `r`; one hardware kernel where it
/// serves ([`kernels::ccontract_acc`]: MXCSR in `%n %u %d %z` on AVX2), else
/// a row of `c` at a time across the columns `j` on the elementwise kernels.
/// SoftBLAS's complex `?gemm` and Lagoon's `%cplx` `+mmul` both run it.
///
/// # Panics
/// When a component holds fewer than `m·k`, `k·p` or `m·p` elements.
pub fn contract_parts<T: Word>(
    pol: Policy,
    r: Round,
    (m, k, p): Dims,
    [ar, ai]: [&[T]; 2],
    [br, bi]: [&[T]; 2],
    [cr, ci]: [&mut [T]; 2],
) {
    if p == 0 {
        return;
    }
    let (ar, ai, br, bi) = (&ar[..m * k], &ai[..m * k], &br[..k * p], &bi[..k * p]);
    let (cr, ci) = (&mut cr[..m * p], &mut ci[..m * p]);
    let ops = hw::Split {
        a: [ar, ai],
        b: [br, bi],
        c: [&mut *cr, &mut *ci],
    };
    if T::W == Width::Q {
        return crate::exec::fast::quad::ccontract_acc_q(r, (m, k, p), ops);
    }
    if kernels::ccontract_acc(pol, r, (m, k, p), ops) {
        return;
    }
    let z = || vec![T::default(); p];
    let ([mut sr, mut si], [mut t1, mut t2]) = ([z(), z()], [z(), z()]);
    let ([mut pr, mut pi], mut next) = ([z(), z()], z());
    let add = Elementwise::Two(Step::Arith(Op::Add));
    for i in 0..m {
        for kk in 0..k {
            sr.fill(ar[i * k + kk]);
            si.fill(ai[i * k + kk]);
            let v = [&br[kk * p..kk * p + p], &bi[kk * p..kk * p + p]];
            product(
                pol,
                r,
                [&sr, &si],
                v,
                [&mut t1, &mut t2],
                [&mut pr, &mut pi],
            );
            for (d, t) in [&mut cr[i * p..i * p + p], &mut ci[i * p..i * p + p]]
                .into_iter()
                .zip([&pr, &pi])
            {
                kernels::elementwise(pol, add, r, &[&*d, t], &mut next);
                d.copy_from_slice(&next);
            }
        }
    }
}
