//! The SoftFloat side: the soft core's arithmetic at one width and mode
//! ([`Sf`]) and the running scale of the norms on it.

use softblas::ieee::{self, soft, Width};
use softblas::Round;

/// SoftFloat at one width and mode (the soft core), on bits, with SoftBLAS's complex macros.
#[derive(Clone, Copy)]
pub(crate) struct Sf {
    pub(crate) w: Width,
    pub(crate) r: Round,
}

/// A complex element as bits, real part first.
pub(crate) type C = (u128, u128);

impl Sf {
    pub(crate) fn add(self, a: u128, b: u128) -> u128 {
        soft::add(self.w, self.r, a, b)
    }
    pub(crate) fn sub(self, a: u128, b: u128) -> u128 {
        soft::sub(self.w, self.r, a, b)
    }
    pub(crate) fn mul(self, a: u128, b: u128) -> u128 {
        soft::mul(self.w, self.r, a, b)
    }
    pub(crate) fn cadd(self, a: C, b: C) -> C {
        (self.add(a.0, b.0), self.add(a.1, b.1))
    }
    pub(crate) fn csub(self, a: C, b: C) -> C {
        (self.sub(a.0, b.0), self.sub(a.1, b.1))
    }
    pub(crate) fn cmul(self, a: C, b: C) -> C {
        (
            self.sub(self.mul(a.0, b.0), self.mul(a.1, b.1)),
            self.add(self.mul(a.0, b.1), self.mul(a.1, b.0)),
        )
    }
    /// SoftBLAS's complex `nan_unify`: either component NaN makes both the canonical NaN.
    pub(crate) fn cunify(self, a: C) -> C {
        if ieee::is_nan(self.w, a.0) || ieee::is_nan(self.w, a.1) {
            let n = ieee::canonical_nan(self.w);
            (n, n)
        } else {
            a
        }
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
