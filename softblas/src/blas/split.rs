//! Complex elements on the kernel layer ([`crate::exec::fast::kernels`]):
//! SoftBLAS's complex product (`cN_mul`: `re = ar·br − ai·bi`,
//! `im = ar·bi + ai·br`, six roundings, the kernel layer's
//! [`crate::exec::fast::cplx::product`]) and sum (per component) over
//! vectors, the components split into contiguous buffers of [`Word`]s, every
//! operation one kernel call in the routine's mode.

use super::Complex;
use crate::exec::fast::cplx::product;
use crate::exec::fast::kernels::{self, Elementwise, Step};
use crate::hw::Op;
use crate::policy::Policy;
use crate::round::Round;
use crate::scalar::i754;
use crate::word::Word;

/// The real and the imaginary components of `v`, each contiguous.
fn split<T: Word>(v: &[Complex<T>]) -> [Vec<T>; 2] {
    [
        v.iter().map(|z| z.re).collect(),
        v.iter().map(|z| z.im).collect(),
    ]
}

/// Writes the components `re`, `im` back into `out` as complex elements.
fn join<T: Word>([re, im]: &[Vec<T>; 2], out: &mut [Complex<T>]) {
    for ((o, &a), &b) in out.iter_mut().zip(re).zip(im) {
        *o = Complex::new(a, b);
    }
}

/// Buffers for the products of one scalar by vectors of `n` elements.
struct Scratch<T> {
    /// The scalar's components, repeated.
    s: [Vec<T>; 2],
    /// Two partial products at a time.
    t: [Vec<T>; 2],
}

impl<T: Word> Scratch<T> {
    fn new(n: usize) -> Self {
        let z = || vec![T::default(); n];
        Scratch {
            s: [z(), z()],
            t: [z(), z()],
        }
    }

    /// `out = s·v` per element: `re = s.re·v.re − s.im·v.im`, `im = s.re·v.im + s.im·v.re`.
    fn scale(&mut self, pol: Policy, r: Round, s: Complex<T>, v: [&[T]; 2], out: [&mut [T]; 2]) {
        let n = v[0].len();
        let ([sr, si], [t1, t2]) = (&mut self.s, &mut self.t);
        let (sr, si) = (&mut sr[..n], &mut si[..n]);
        sr.fill(s.re);
        si.fill(s.im);
        product(pol, r, [sr, si], v, [&mut t1[..n], &mut t2[..n]], out);
    }
}

/// `out_i = s·v_i` (SoftBLAS's complex product, `s` first).
pub(super) fn scale<T: Word>(
    pol: Policy,
    r: Round,
    s: Complex<T>,
    v: &[Complex<T>],
    out: &mut [Complex<T>],
) {
    let [vr, vi] = split(v);
    let mut o = [vec![T::default(); v.len()], vec![T::default(); v.len()]];
    let [or, oi] = &mut o;
    Scratch::new(v.len()).scale(pol, r, s, [&vr, &vi], [or, oi]);
    join(&o, out);
}

/// `out_i = a_i ± b_i` per component (`op`: [`Op::Add`] or [`Op::Sub`]).
pub(super) fn sum<T: Word>(
    pol: Policy,
    r: Round,
    op: Op,
    a: &[Complex<T>],
    b: &[Complex<T>],
    out: &mut [Complex<T>],
) {
    let ([ar, ai], [br, bi]) = (split(a), split(b));
    let mut o = [vec![T::default(); a.len()], vec![T::default(); a.len()]];
    let [or, oi] = &mut o;
    kernels::elementwise(pol, Elementwise::Two(Step::Arith(op)), r, &[&ar, &br], or);
    kernels::elementwise(pol, Elementwise::Two(Step::Arith(op)), r, &[&ai, &bi], oi);
    join(&o, out);
}

/// `Σ x_i·y_i` from `0 + 0i` (`x_i` conjugated first when `conj`): the
/// complex products, then the left fold of each component from `+0`
/// (SoftBLAS's complex sum adds the components apart), not unified.
pub(super) fn dot<T: Word>(
    pol: Policy,
    r: Round,
    x: &[Complex<T>],
    y: &[Complex<T>],
    conj: bool,
) -> Complex<T> {
    let n = x.len();
    let ([xr, mut xi], [yr, yi]) = (split(x), split(y));
    if conj {
        for v in &mut xi {
            *v = T::of_bits(i754::flip_sign(T::W, v.bits()));
        }
    }
    let z = || vec![T::default(); n];
    let (mut t, mut p) = ([z(), z()], [z(), z()]);
    let ([t1, t2], [pr, pi]) = (&mut t, &mut p);
    product(pol, r, [&xr, &xi], [&yr, &yi], [t1, t2], [pr, pi]);
    let zero = T::default();
    Complex::new(
        kernels::sum_left(pol, r, zero, pr),
        kernels::sum_left(pol, r, zero, pi),
    )
}
