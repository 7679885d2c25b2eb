//! The exact fixed-point contraction: every cell of Lagoon's `+mmul-fixp`
//! (`lagoon.hoon@aa6f2a6`), which is `+fixp-fdp` of a row and a column — the
//! exact integer sum of the products, its magnitude shifted right by the
//! fraction bits `b` (toward zero), the sign put back, wrapped to the element
//! width — on the host integers of [`super::ints`] (`%fixp` whose precision
//! fills the element, bloq 3–6).
//!
//! Only the low `BITS` bits of `|Σ| >> b` and the sign of `Σ` reach the
//! result, and `b < BITS`, so a cell needs `Σ` modulo `2^(2·BITS)` and its
//! true sign:
//!
//! - bloq 3–5: each product is exact in an `i64` (`|x·y| ≤ 2^62`); a cell
//!   keeps its low 32-bit halves in a `u64` and its high halves in an `i64`
//!   (both exact for fewer than `2^31` terms), so `Σ = hi·2^32 + lo` exactly,
//!   and rows of cells advance together over `k` in lanes;
//! - bloq 6: each product is exact in an `i128`; a cell keeps the wrapping
//!   `u128` sum and a signed count of its carries, which give the sign.
//!
//! The scalar [`crate::scalar::fixp::fdp`] is the reference these agree with
//! bit for bit (`lagoon/tests/bits_path.rs`, `fixp_mmul_*`, through both
//! executors).

use super::ints::Int;
use crate::word::Dims;

/// Terms a cell takes before its halves are folded into a wide sum: the
/// halves stay exact below `2^31` terms.
const BLOCK: usize = 1 << 30;

/// The value of the two's-complement element `x` as an `i64` (`BITS ≤ 64`).
#[inline(always)]
fn signed<T: Int>(x: T) -> i64 {
    let up = 64 - T::BITS;
    ((x.bits() as u64) << up) as i64 >> up
}

/// The result of a cell whose exact sum has the sign `neg` and a magnitude
/// congruent to `mag` modulo `2^128`: `mag >> b` with the sign put back,
/// wrapped to the element (`b < BITS`, so the bits kept are all in `mag`).
#[inline(always)]
fn rescale<T: Int>(neg: bool, mag: u128, b: u32) -> T {
    let q = mag >> b;
    T::of_bits(if neg { q.wrapping_neg() } else { q })
}

/// Writes `c = +mmul-fixp(a, b)` for `a` (`m × k`) and `b` (`k × p`) whose
/// elements have `frac` fraction bits filling the width of `T`: each cell
/// `c_ij = +fixp-fdp(row i of a, column j of b)`.
///
/// # Panics
/// When `a`, `b` or `c` holds fewer than `m·k`, `k·p` or `m·p` elements, or
/// `frac` is not below the width.
pub fn mmul_into<T: Int>(frac: u32, (m, k, p): Dims, a: &[T], b: &[T], c: &mut [T]) {
    assert!(
        frac < T::BITS,
        "{frac} fraction bits in a {}-bit element",
        T::BITS
    );
    let (a, b, c) = (&a[..m * k], &b[..k * p], &mut c[..m * p]);
    if T::BITS == 64 {
        return mmul_wide(frac, (m, k, p), a, b, c);
    }
    let (mut lo, mut hi) = (vec![0u64; p], vec![0i64; p]);
    let mut sum = vec![0i128; p];
    for i in 0..m {
        sum.fill(0);
        for k0 in (0..k).step_by(BLOCK) {
            lo.fill(0);
            hi.fill(0);
            for kk in k0..k.min(k0 + BLOCK) {
                let x = signed(a[i * k + kk]);
                let row = &b[kk * p..kk * p + p];
                for ((l, h), &y) in lo.iter_mut().zip(hi.iter_mut()).zip(row) {
                    let t = x * signed(y);
                    *l += t as u32 as u64;
                    *h += t >> 32;
                }
            }
            for ((s, &l), &h) in sum.iter_mut().zip(&lo).zip(&hi) {
                *s += (i128::from(h) << 32) + i128::from(l);
            }
        }
        for (out, &s) in c[i * p..i * p + p].iter_mut().zip(&sum) {
            *out = rescale(s < 0, s.unsigned_abs(), frac);
        }
    }
}

/// [`mmul_into`] at 64-bit elements: each cell the wrapping `u128` sum of its
/// exact products and the signed count of the sum's carries out of 128 bits,
/// which with the wrapped sum is the exact sum.
fn mmul_wide<T: Int>(frac: u32, (m, k, p): Dims, a: &[T], b: &[T], c: &mut [T]) {
    let mut cells = vec![(0u128, 0i64); p];
    for i in 0..m {
        cells.fill((0, 0));
        for kk in 0..k {
            let x = i128::from(signed(a[i * k + kk]));
            for ((lo, hi), &y) in cells.iter_mut().zip(&b[kk * p..kk * p + p]) {
                let t = x * i128::from(signed(y));
                let (next, carry) = lo.overflowing_add(t as u128);
                // Adding the sign-extended `t`: its high word is −1 when `t < 0`.
                *hi += i64::from(carry) - i64::from(t < 0);
                *lo = next;
            }
        }
        // `Σ = hi·2^128 + lo` with `0 ≤ lo < 2^128`: `hi` gives the sign, and
        // `|Σ|` is `±lo` modulo `2^128`.
        for (out, &(lo, hi)) in c[i * p..i * p + p].iter_mut().zip(&cells) {
            let neg = hi < 0;
            *out = rescale(neg, if neg { lo.wrapping_neg() } else { lo }, frac);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_and_halves() {
        assert_eq!(signed(0x80u8), -128);
        assert_eq!(signed(0xffff_ffffu32), -1);
        assert_eq!(signed(u64::MAX), -1);
        // −1.5 · 1 in q3.4 is −1.5: −24 · 16 = −384, |−384| >> 4 = 24, negated.
        let mut c = [0u8];
        mmul_into(4, (1, 1, 1), &[(-24i8) as u8], &[16u8], &mut c);
        assert_eq!(c[0] as i8, -24);
        // Truncation toward zero: −1/16 · 1/16 rounds to 0, not −1.
        mmul_into(4, (1, 1, 1), &[(-1i8) as u8], &[1u8], &mut c);
        assert_eq!(c[0], 0);
    }
}
