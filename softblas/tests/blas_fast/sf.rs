//! The SoftFloat side: the soft core's arithmetic at one width and mode
//! ([`Sf`]) and the running scale of the norms on it.

use super::blas_support::{At, Real};
use super::i754_support::Op;
use softblas::ieee::{self, soft, Width};
use softblas::Round;

/// SoftFloat at one width and mode (the soft core), on bits, with SoftBLAS's
/// complex macros ([`Real`]).
pub(crate) type Sf = At;

impl Sf {
    /// The soft core at `w` in `r`.
    pub(crate) fn new(w: Width, r: Round) -> Sf {
        At { w, r, op: soft_op }
    }
}

/// The soft core's `a op b` for the `+ − ×` of [`Real`].
fn soft_op(op: Op, w: Width, r: Round, a: u128, b: u128) -> u128 {
    match op {
        Op::Add => soft::add(w, r, a, b),
        Op::Sub => soft::sub(w, r, a, b),
        Op::Mul => soft::mul(w, r, a, b),
        _ => unreachable!("Real asks for + − × only"),
    }
}

/// The running scale of `?nrm2` (`divide_first` false) and the complex norms
/// over `v` in order, as their doc comments state, on the soft core.
pub(crate) fn o_norm(sf: Sf, v: &[u128], divide_first: bool) -> u128 {
    let w = sf.w;
    let lt = |a: u128, b: u128| {
        !ieee::is_nan(w, a) && !ieee::is_nan(w, b) && {
            let (a, b) = (soft_order(w, a), soft_order(w, b));
            a < b
        }
    };
    let (mut scale, mut ssq) = (0, ieee::one(w));
    for &x in v {
        let a = x & !w.sign_bit();
        if a == 0 {
            continue;
        }
        if lt(scale, a) {
            let q = if divide_first {
                let q = soft::div(w, sf.r, scale, a);
                sf.mul(q, q)
            } else {
                soft::div(w, sf.r, sf.mul(scale, scale), sf.mul(a, a))
            };
            ssq = sf.add(ieee::one(w), sf.mul(ssq, q));
            scale = a;
        } else {
            let q = if divide_first {
                let q = soft::div(w, sf.r, a, scale);
                sf.mul(q, q)
            } else {
                soft::div(w, sf.r, sf.mul(a, a), sf.mul(scale, scale))
            };
            ssq = sf.add(ssq, q);
        }
    }
    ieee::canon(w, sf.mul(scale, soft::sqt(w, sf.r, ssq)))
}

/// A total order key of a non-NaN value's bits (sign-magnitude to two's complement).
pub(crate) fn soft_order(w: Width, a: u128) -> i128 {
    let mag = (a & !w.sign_bit()) as i128;
    if a & w.sign_bit() != 0 {
        -mag
    } else {
        mag
    }
}
