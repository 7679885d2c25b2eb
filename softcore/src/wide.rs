//! 256-bit helpers for binary128 (and fused) significands, as `(hi, lo)`
//! pairs of `u128`.
//!
//! Division (the steps of the integer square root) is schoolbook division
//! with 64-bit digits (Knuth, TAOCP vol. 2, §4.3.1, Algorithm D) whose digit
//! step is N. Möller and T. Granlund, "Improved division by invariant
//! integers", IEEE Trans. Computers 60(2), 2011: Algorithm 6 computes the
//! reciprocal of the 128-bit divisor once (one hardware 128-by-64
//! division), Algorithm 5 turns it into each 3-by-2 digit with
//! multiplications and at most two corrections.

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

/// The reciprocal `⌊(2^128 − 1) / d⌋ − 2^64` of a normalised 64-bit `d`
/// (top bit set): Möller and Granlund's `v` for 2-by-1 division.
///
/// `2^128 − 1 − d·2^64` has the high word `!d < d`, so the one 128-by-64
/// division this takes has a 64-bit quotient (a single hardware division
/// on x86-64, cheaper there than a table seed and three Newton steps, which
/// measured ~50 % slower on binary128 quotients).
#[inline(always)]
fn reciprocal_word(d: u64) -> u64 {
    ((u128::from(!d) << 64 | u128::from(u64::MAX)) / u128::from(d)) as u64
}

/// The reciprocal `⌊(2^192 − 1) / d⌋ − 2^64` of a normalised 128-bit `d`:
/// Möller and Granlund's Algorithm 6 (`v` for 3-by-2 division), from the
/// word reciprocal of `d`'s high word and at most four corrections.
#[inline(always)]
fn reciprocal_3by2(d: u128) -> u64 {
    let (d1, d0) = ((d >> 64) as u64, d as u64);
    let mut v = reciprocal_word(d1);
    let mut p = d1.wrapping_mul(v).wrapping_add(d0);
    if p < d0 {
        v = v.wrapping_sub(1);
        if p >= d1 {
            v = v.wrapping_sub(1);
            p = p.wrapping_sub(d1);
        }
        p = p.wrapping_sub(d1);
    }
    let t = u128::from(v) * u128::from(d0);
    let (t1, t0) = ((t >> 64) as u64, t as u64);
    let p = p.wrapping_add(t1);
    if p < t1 {
        v = v.wrapping_sub(1);
        if (u128::from(p) << 64 | u128::from(t0)) >= d {
            v = v.wrapping_sub(1);
        }
    }
    v
}

/// One 64-bit quotient digit: `(u2·2^128 + u1·2^64 + u0) / d` and its
/// remainder, for a normalised `d`, `v = reciprocal_3by2(d)` and
/// `u2·2^64 + u1 < d` (Möller and Granlund's Algorithm 5: the candidate
/// digit from one multiplication by `v`, at most two adjustments).
#[inline(always)]
fn div_3by2(u2: u64, u1: u64, u0: u64, d: u128, v: u64) -> (u64, u128) {
    let (d1, d0) = ((d >> 64) as u64, d as u64);
    let q = (u128::from(v) * u128::from(u2)).wrapping_add(u128::from(u2) << 64 | u128::from(u1));
    let (q1, q0) = ((q >> 64) as u64, q as u64);
    let r1 = u1.wrapping_sub(q1.wrapping_mul(d1));
    let t = u128::from(d0) * u128::from(q1);
    let mut r = (u128::from(r1) << 64 | u128::from(u0))
        .wrapping_sub(t)
        .wrapping_sub(d);
    // The first adjustment is taken about half the time: no branch.
    let back = (r >> 64) as u64 >= q0;
    let mut q1 = q1.wrapping_add(1).wrapping_sub(u64::from(back));
    r = r.wrapping_add(d & 0u128.wrapping_sub(u128::from(back)));
    if r >= d {
        q1 = q1.wrapping_add(1);
        r -= d;
    }
    (q1, r)
}

/// `(hi, lo) / d` and the remainder, for a normalised `d` and `hi < d`:
/// two 3-by-2 digit steps sharing one reciprocal.
#[inline(always)]
pub(super) fn div(hi: u128, lo: u128, d: u128) -> (u128, u128) {
    debug_assert!(d >> 127 == 1 && hi < d);
    let v = reciprocal_3by2(d);
    let (q1, r) = div_3by2((hi >> 64) as u64, hi as u64, (lo >> 64) as u64, d, v);
    let (q0, r) = div_3by2((r >> 64) as u64, r as u64, lo as u64, d, v);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit-by-bit restoring division, the reference for `div`.
    fn slow_div(hi: u128, lo: u128, d: u128) -> (u128, u128) {
        let (mut r, mut q) = (hi, 0u128);
        for i in (0..128).rev() {
            let top = r >> 127;
            r = r << 1 | (lo >> i) & 1;
            q <<= 1;
            if top == 1 || r >= d {
                r = r.wrapping_sub(d);
                q |= 1;
            }
        }
        (q, r)
    }

    #[test]
    fn reciprocal_word_is_exact() {
        let exact = |d: u64| ((u128::MAX / u128::from(d)) - (1 << 64)) as u64;
        let mut next = crate::splitmix(0x0bad_5eed);
        let check = |d: u64| assert_eq!(reciprocal_word(d), exact(d), "{d:#x}");
        for j in 256u64..512 {
            // Both ends of every seed interval and their neighbours.
            for k in [0u64, 1, 2, 3] {
                check((j << 55) + k);
                check(((j + 1) << 55).wrapping_sub(k + 1) | 1 << 63);
            }
        }
        for _ in 0..200_000 {
            let z = next();
            check(z | 1 << 63);
            check((z >> (z % 64)) | 1 << 63);
            check((u64::MAX - (z >> (z % 64))) | 1 << 63);
        }
    }

    #[test]
    fn div_matches_restoring_division() {
        let mut next = crate::splitmix(0x1234_5678_9abc_def0);
        let edge = [
            0u64,
            1,
            2,
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
            (1 << 63) + 1,
            (1 << 63) - 1,
        ];
        for i in 0..200_000u32 {
            let mut w = || {
                if i % 3 == 0 {
                    edge[(next() % 8) as usize]
                } else {
                    next()
                }
            };
            let d = (u128::from(w()) << 64 | u128::from(w())) | 1 << 127;
            let hi = (u128::from(w()) << 64 | u128::from(w())) % d;
            let hi = if i % 7 == 0 { d - 1 } else { hi };
            let lo = u128::from(w()) << 64 | u128::from(w());
            assert_eq!(div(hi, lo, d), slow_div(hi, lo, d), "{hi:x} {lo:x} / {d:x}");
        }
    }
}
