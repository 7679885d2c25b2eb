//! The operands the checks draw: elements of the sum styles, real and
//! complex vectors at signed or unsigned strides, and their conversions to
//! and from element words.

use super::blas_support::C;
use super::i754_support::{pack, value, Rng};
use softblas::ieee::Width;

/// A fraction field, often with only its top few bits set (short significands tie).
fn fraction(w: Width, rng: &mut Rng) -> u128 {
    let f = rng.next128() & ((1 << w.frac_bits()) - 1);
    match rng.below(3) {
        0 => f & !((1u128 << (w.frac_bits() - rng.below(4) as u32)) - 1),
        _ => f,
    }
}

/// One element of a sum of style `style`: hard values (0), a signed walk
/// near 1 (1), positive values that grow and stagnate the sum (2), short
/// significands in a narrow band, ties against the sum's grid (3), values of
/// the largest binades that overflow, with either sign (4), the subnormals
/// and smallest normals with either sign, which cancel to exact zeros (5).
pub(crate) fn element(w: Width, rng: &mut Rng, style: u64) -> u128 {
    let bias = u128::from(w.bias());
    let top = (1u128 << w.exp_bits()) - 2;
    let neg = rng.below(2) == 1;
    match style {
        0 => value(w, rng),
        1 => pack(w, neg, bias + rng.below(7) as u128 - 3, fraction(w, rng)),
        2 => pack(w, false, bias + rng.below(11) as u128 - 6, fraction(w, rng)),
        3 => {
            let f = rng.next128() & ((1 << w.frac_bits()) - 1);
            let keep = rng.below(3) as u32;
            let f = f & !((1u128 << (w.frac_bits() - keep)) - 1);
            pack(w, neg && rng.below(4) == 0, bias + rng.below(3) as u128, f)
        }
        4 => pack(
            w,
            neg && rng.below(8) == 0,
            top - rng.below(3) as u128,
            fraction(w, rng),
        ),
        _ => pack(w, neg, rng.below(3) as u128, fraction(w, rng)),
    }
}

/// `n` elements in runs of one style each (the sums change regime midway).
pub(crate) fn elements(w: Width, rng: &mut Rng, n: usize) -> Vec<u128> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let (style, run) = (rng.below(6), 1 + rng.below(600) as usize);
        for _ in 0..run.min(n - out.len()) {
            out.push(element(w, rng, style));
        }
    }
    out
}

/// A length: short, around the kernels' blocks, or long.
pub(crate) fn length(rng: &mut Rng) -> usize {
    match rng.below(3) {
        0 => rng.below(20) as usize,
        1 => 56 + rng.below(300) as usize,
        _ => rng.below(3000) as usize,
    }
}

/// A buffer holding `n` elements at stride `|inc|`, from [`elements`].
pub(crate) fn strided(w: Width, rng: &mut Rng, n: usize, inc: isize) -> Vec<u128> {
    let len = if n == 0 {
        0
    } else {
        (n - 1) * inc.unsigned_abs() + 1
    };
    elements(w, rng, len)
}
/// Complex elements whose components are [`elements`].
pub(crate) fn celements(w: Width, rng: &mut Rng, n: usize) -> Vec<C> {
    let (re, im) = (elements(w, rng, n), elements(w, rng, n));
    re.into_iter().zip(im).collect()
}

/// A buffer holding `n` complex elements at stride `|inc|`.
pub(crate) fn cstrided(w: Width, rng: &mut Rng, n: usize, inc: isize) -> Vec<C> {
    let len = if n == 0 {
        0
    } else {
        (n - 1) * inc.unsigned_abs() + 1
    };
    celements(w, rng, len)
}

/// A signed stride, 0 and negative included.
pub(crate) fn sinc(rng: &mut Rng) -> isize {
    [1, 1, 2, -1, -2, 0][rng.below(6) as usize]
}

/// An unsigned stride, 0 included.
pub(crate) fn uinc(rng: &mut Rng) -> usize {
    [1, 1, 2, 3, 0][rng.below(5) as usize]
}
