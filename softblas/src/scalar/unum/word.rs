//! The fixed-width path of posit `add mul div sqt` for posit8 to posit64: the same bits as the
//! exact `BigUint` arms of [`super::arith`] with every intermediate in one `u128`, so no call
//! allocates.
//!
//! Ports the same arms (`++add ++mul ++div ++sqt ++bit` of `libmath/desk/lib/unum.hoon@96f3cfe`)
//! but does not keep every bit the Hoon keeps: it keeps enough of them and a sticky bit. That is
//! exact because `+bit` is constant between consecutive *breakpoints* (posits and the midpoints
//! it rounds at), and every breakpoint within a factor 2 of a value `v ∈ [2^L, 2^(L+1))` is a
//! multiple of `2^(L−n+3)` (a breakpoint is a pattern of at most `n` bits: a regime of two or
//! more, two exponent bits, at most `n−4` fraction bits). A computed integer `t` in units `2^E`
//! with its lowest bit ORed with "bits were dropped" lies, with the exact value, strictly
//! between two consecutive multiples of `2^(E+1)`; so when `2^(E+1)` divides `2^(L−n+3)` both
//! round alike. Each operation below picks its scaling so that this holds:
//!
//! - `add`: the significands have fewer than `n−4` bits; when the exponents differ by more than
//!   `n+2`, the smaller term is shifted down to `2^(e_hi−n−2)` with a sticky bit (the sum is then
//!   above `2^(e_hi−1)`). Otherwise the alignment is the Hoon's, exact.
//! - `div`: the dividend is scaled by `2^j`, `j = n + lead(b) − lead(a)`, so the quotient has `n`
//!   or `n+1` bits (the Hoon scales by `2^(2n)`; both floor and OR a sticky bit).
//! - `sqt`: the radicand is scaled by `2^(2j)` so that it has `2n−1` or `2n` bits and its root
//!   `n` bits (the Hoon scales by `2^(4n)`).
//! - [`encode`] keeps the top `n−2` bits of a significand and ORs the rest into the lowest: at
//!   most `n−5` fraction bits and a guard bit survive `+bit`, so the rest is only sticky.
//!
//! `tests/unum_fixed_width.rs` checks every arm against the exact arms on random and edge
//! operands.

use super::codec::{self, decode, regime, smag};
use super::{Dec, Width};

/// `+bit` of `(-1)^!s · a · 2^e` for a width up to 64 (as `codec::encode`).
fn encode(w: Width, s: bool, e: i64, a: u128) -> u128 {
    if a == 0 {
        return 0;
    }
    let neg = !s;
    let full = u64::from(127 - a.leading_zeros());
    let top = u64::from(w.n() - 3);
    // Keep the leading bit and n−4 bits below it exactly; the rest only as a sticky bit.
    let (e, a, lead) = if full > top {
        let sh = full - top;
        let lost = a & low_mask(sh) != 0;
        (e + sh as i64, (a >> sh) | u128::from(lost), top)
    } else {
        (e, a, full)
    };
    let (regval, regwid, elo) = match regime(w, neg, i128::from(e) + i128::from(lead)) {
        Ok(v) => v,
        Err(saturated) => return saturated,
    };
    let totw = regwid + 2 + lead;
    let frac = a & low_mask(lead);
    let head = (regval << 2) | u128::from(elo);
    let pay = (head << lead) | frac;
    let pw = u64::from(w.n() - 1);
    if totw <= pw {
        return smag(w, neg, pay << (pw - totw));
    }
    let sh = totw - pw;
    let keep = pay >> sh;
    let guard = (pay >> (sh - 1)) & 1 == 1;
    let sticky = pay & low_mask(sh - 1) != 0;
    let roundup = guard && (sticky || keep & 1 == 1);
    let mag = if roundup { keep + 1 } else { keep };
    smag(w, neg, mag.min(w.maxpos()))
}

/// The low `k` bits set (`k` < 128).
fn low_mask(k: u64) -> u128 {
    codec::low_mask(k as u32)
}

/// The index of the highest set bit of a non-zero `v`.
fn lead(v: u128) -> u32 {
    127 - v.leading_zeros()
}

/// `+mul` for a width up to 64: significands below `2^(n−4)`, so the product fits.
pub(super) fn mul(w: Width, a: u128, b: u128) -> u128 {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) => w.nar(),
        (Dec::Z, _) | (_, Dec::Z) => 0,
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => encode(w, sa == sb, ea + eb, aa * ab),
    }
}

/// `+add` for a width up to 64; a zero operand returns the other operand's pattern.
pub(super) fn add(w: Width, a: u128, b: u128) -> u128 {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) => w.nar(),
        (Dec::Z, _) => b & w.mask(),
        (_, Dec::Z) => a & w.mask(),
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => signed_sum(w, (sa, ea, aa), (sb, eb, ab)),
    }
}

/// The rounded sum of two non-zero terms `(sign, exponent, significand)`: the larger magnitude's
/// sign wins, exact cancellation gives zero (only possible when the alignment is exact).
fn signed_sum(w: Width, x: (bool, i64, u128), y: (bool, i64, u128)) -> u128 {
    let (hi, lo) = if x.1 >= y.1 { (x, y) } else { (y, x) };
    let g = u64::from(w.n()) + 2;
    let d = (hi.1 - lo.1).unsigned_abs();
    let (e, mh, ml) = if d <= g {
        (lo.1, hi.2 << d, lo.2)
    } else {
        // lo.2 < 2^(n−4) is non-zero: shifted down by d − g ≥ 1 it is below hi.2 << g.
        let sh = d - g;
        let kept = if sh >= 128 { 0 } else { lo.2 >> sh };
        let lost = sh >= 128 || lo.2 & low_mask(sh) != 0;
        (hi.1 - g as i64, hi.2 << g, kept | u128::from(lost))
    };
    if hi.0 == lo.0 {
        encode(w, hi.0, e, mh + ml)
    } else if mh > ml {
        encode(w, hi.0, e, mh - ml)
    } else if ml > mh {
        encode(w, lo.0, e, ml - mh)
    } else {
        0
    }
}

/// `+div` for a width up to 64; NaR when either operand is NaR or the divisor is zero.
pub(super) fn div(w: Width, a: u128, b: u128) -> u128 {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) | (_, Dec::Z) => w.nar(),
        (Dec::Z, _) => 0,
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => {
            // aa << j has n + lead(ab) + 1 ≤ 2n − 4 bits.
            let j = w.n() + lead(ab) - lead(aa);
            let num = aa << j;
            let q = num / ab;
            let qs = q | u128::from(!num.is_multiple_of(ab));
            encode(w, sa == sb, ea - eb - i64::from(j), qs)
        }
    }
}

/// `+sqt` for a width up to 64; NaR for NaR and negative operands, zero for zero.
pub(super) fn sqt(w: Width, p: u128) -> u128 {
    let (ee, aa) = match codec::root_operand(w, p) {
        Ok(v) => v,
        Err(r) => return r,
    };
    // m = aa · 2^(2j) has 2n − 1 or 2n bits, so its root has n bits.
    let j = (2 * w.n() - 1 - lead(aa)) / 2;
    let m = aa << (2 * j);
    let s = m.isqrt();
    let sx = s | u128::from(s * s != m);
    encode(w, true, ee / 2 - i64::from(j), sx)
}
