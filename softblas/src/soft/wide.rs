//! 256-bit helpers for binary128 (and fused) significands, as `(hi, lo)`
//! pairs of `u128`; division is Knuth's Algorithm D (TAOCP vol. 2, §4.3.1)
//! with 64-bit digits.

/// The full product `a × b` as `(hi, lo)`.
#[inline(always)]
pub(super) fn mul(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0) = (a >> 64, a & u128::from(u64::MAX));
    let (b1, b0) = (b >> 64, b & u128::from(u64::MAX));
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 64) + (p01 & u128::from(u64::MAX)) + (p10 & u128::from(u64::MAX));
    let lo = (mid << 64) | (p00 & u128::from(u64::MAX));
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (hi, lo)
}

/// `(hi, lo) << s` for `s < 128` (bits above 256 are lost).
#[inline(always)]
pub(super) fn shl(hi: u128, lo: u128, s: u32) -> (u128, u128) {
    if s == 0 {
        (hi, lo)
    } else {
        ((hi << s) | (lo >> (128 - s)), lo << s)
    }
}

/// `(hi, lo) << s` for any `s < 256`.
#[inline(always)]
pub(super) fn shl_any(hi: u128, lo: u128, s: u32) -> (u128, u128) {
    if s < 128 {
        shl(hi, lo, s)
    } else {
        (lo << (s - 128), 0)
    }
}

/// `(hi, lo) >> s` with every shifted-out bit ORed into bit 0 ("jamming").
#[inline(always)]
pub(super) fn shr_jam(hi: u128, lo: u128, s: u32) -> (u128, u128) {
    if s == 0 {
        (hi, lo)
    } else if s < 128 {
        let sticky = u128::from(lo << (128 - s) != 0);
        (hi >> s, (hi << (128 - s)) | (lo >> s) | sticky)
    } else if s == 128 {
        (0, hi | u128::from(lo != 0))
    } else if s < 256 {
        let sticky = u128::from(hi << (256 - s) != 0 || lo != 0);
        (0, (hi >> (s - 128)) | sticky)
    } else {
        (0, u128::from(hi != 0 || lo != 0))
    }
}

/// The number of significant bits of `(hi, lo)`.
#[inline(always)]
pub(super) fn bit_len(hi: u128, lo: u128) -> u32 {
    if hi != 0 {
        256 - hi.leading_zeros()
    } else {
        128 - lo.leading_zeros()
    }
}

/// `(hi, lo)` cut to at most 126 significant bits, jammed: `(m, k)` with value `≈ m × 2^k`.
#[inline(always)]
pub(super) fn narrow(hi: u128, lo: u128) -> (u128, i32) {
    if hi == 0 {
        return (lo, 0);
    }
    let k = bit_len(hi, lo) - 126;
    (shr_jam(hi, lo, k).1, k as i32)
}

/// `(hi, lo) + (hi2, lo2)` (no overflow by the callers' bounds).
#[inline(always)]
pub(super) fn add(a: (u128, u128), b: (u128, u128)) -> (u128, u128) {
    let (lo, c) = a.1.overflowing_add(b.1);
    (a.0 + b.0 + u128::from(c), lo)
}

/// `a − b` for `a ≥ b`.
#[inline(always)]
pub(super) fn sub(a: (u128, u128), b: (u128, u128)) -> (u128, u128) {
    let (lo, c) = a.1.overflowing_sub(b.1);
    (a.0 - b.0 - u128::from(c), lo)
}

/// One digit of Algorithm D: `(u·2^64 + n) / d` and its remainder, for a
/// normalised `d` (top bit set) and `u < d`, so the digit fits in 64 bits.
#[inline(always)]
fn div_digit(u: u128, n: u64, d: u128) -> (u64, u128) {
    let d1 = d >> 64;
    let d0 = d & u128::from(u64::MAX);
    let mut qhat = u / d1;
    if qhat > u128::from(u64::MAX) {
        qhat = u128::from(u64::MAX);
    }
    let mut rhat = u - qhat * d1;
    // Step D3: at most two corrections make qhat exact or one too large.
    while rhat <= u128::from(u64::MAX) && qhat * d0 > ((rhat << 64) | u128::from(n)) {
        qhat -= 1;
        rhat += d1;
    }
    // Steps D4-D6: multiply and subtract, adding back once if negative.
    let p0 = qhat * d0;
    let p1 = qhat * d1 + (p0 >> 64);
    let (lo, borrow) = n.overflowing_sub(p0 as u64);
    let (hi, neg1) = u.overflowing_sub(p1);
    let (hi, neg2) = hi.overflowing_sub(u128::from(borrow));
    let rem = (hi << 64) | u128::from(lo);
    if neg1 || neg2 {
        ((qhat - 1) as u64, rem.wrapping_add(d))
    } else {
        (qhat as u64, rem)
    }
}

/// `(hi, lo) / d` and the remainder, for a normalised `d` and `hi < d`.
#[inline(always)]
pub(super) fn div(hi: u128, lo: u128, d: u128) -> (u128, u128) {
    debug_assert!(d >> 127 == 1 && hi < d);
    let (q1, r) = div_digit(hi, (lo >> 64) as u64, d);
    let (q0, r) = div_digit(r, lo as u64, d);
    ((u128::from(q1) << 64) | u128::from(q0), r)
}

/// `⌊√(hi, lo)⌋` for `2^200 ≤ (hi, lo) < 2^240`, by Newton's iteration from above
/// (each step one `div`; it stops when the iterate no longer decreases).
pub(super) fn isqrt(hi: u128, lo: u128) -> u128 {
    debug_assert!(hi >> 72 != 0 && hi >> 112 == 0);
    // (isqrt(hi) + 1)·2^64 ≥ √(hi·2^128 + lo): a start from above.
    let mut x = (hi.isqrt() + 1) << 64;
    loop {
        let s = x.leading_zeros();
        let (nh, nl) = shl(hi, lo, s);
        let q = div(nh, nl, x << s).0;
        let y = (x + q) >> 1;
        if y >= x {
            return x;
        }
        x = y;
    }
}
