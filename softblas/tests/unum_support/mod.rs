//! Shared support of the posit tests: the exact value `sea` gives a pattern, and a walk over
//! every posit8 and posit16 pattern.
#![allow(dead_code)]

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use softblas::scalar::unum::{self, Up, Width};

/// The exact value of the posit `p` as `unum::sea` decodes it (`None` for NaR).
pub fn sea_value(w: Width, p: u128) -> Option<BigRational> {
    match unum::sea(w, p) {
        Up::N => None,
        Up::Z => Some(BigRational::zero()),
        Up::P { s, e, a } => {
            let two = BigRational::from_integer(BigInt::from(2));
            let m = two.pow(i32::try_from(e.unsigned_abs()).expect("small"));
            let m = if e >= 0 { m } else { m.recip() };
            let v = BigRational::from_integer(BigInt::from(a)) * m;
            Some(if s { v } else { -v })
        }
    }
}

/// Calls `f` on every posit8 and every posit16 pattern, with its width.
pub fn each_small_posit(mut f: impl FnMut(Width, u128)) {
    for w in [Width::P8, Width::P16] {
        for p in 0..=w.mask() {
            f(w, p);
        }
    }
}
