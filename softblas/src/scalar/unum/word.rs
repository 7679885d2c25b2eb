//! The fixed-width posit codec and `add mul div sqt`: the same bits as the exact `BigUint` arms
//! of [`super::arith`], every intermediate in one machine word ([`Carrier`]: `u64` up to posit32,
//! `u128` at posit64, and the codec alone at posit128), so no call allocates and no bit is
//! visited one at a time.
//!
//! Ports the same arms (`++sea ++add ++mul ++div ++sqt ++bit` of
//! `libmath/desk/lib/unum.hoon@96f3cfe`). [`decode`] is `+sea` exactly (the regime run is a
//! count of leading equal bits of the left-aligned pattern, `leading_zeros`, and the significand
//! and exponent the Hoon's). The arithmetic does not keep every bit the Hoon keeps: it keeps
//! enough of them and a sticky bit. That is exact because `+bit` is constant between consecutive
//! *breakpoints* (posits and the midpoints it rounds at), and every breakpoint within a factor 2
//! of a value `v ∈ [2^L, 2^(L+1))` is a multiple of `2^(L−n+3)` (a breakpoint is a pattern of at
//! most `n` bits: a regime of two or more, two exponent bits, at most `n−4` fraction bits). A
//! computed integer `t` in units `2^E` with its lowest bit ORed with "bits were dropped" lies,
//! with the exact value, strictly between two consecutive multiples of `2^(E+1)`; so when
//! `2^(E+1)` divides `2^(L−n+3)` both round alike. Each operation below picks its scaling so that
//! this holds:
//!
//! - `add`: the significands have fewer than `n−4` bits; when the exponents differ by more than
//!   `n+2`, the smaller term is shifted down to `2^(e_hi−n−2)` with a sticky bit (the sum is then
//!   above `2^(e_hi−1)`). Otherwise the alignment is the Hoon's, exact.
//! - `div`: the dividend is scaled by `2^j`, `j = n + lead(b) − lead(a)`, so the quotient has `n`
//!   or `n+1` bits (the Hoon scales by `2^(2n)`; both floor and OR a sticky bit).
//! - `sqt`: the radicand is scaled by `2^(2j)` so that it has `2n−1` or `2n` bits and its root
//!   `n` bits (the Hoon scales by `2^(4n)`).
//! - [`encode`] rounds the whole carrier word (with the bits it shifts out as sticky) to
//!   nearest-even on the posit's bit string, as `+bit` does.
//!
//! `tests/unum_fixed_width.rs` checks every arm against the exact arms on random and edge
//! operands, and the codec against `+bit` over every posit8 and posit16 pattern.

use super::{Dec, Width};
use std::ops::{Add, BitAnd, BitOr, Div, Mul, Not, Shl, Shr, Sub};

/// An unsigned machine word that carries a posit and its intermediates (`u64`, `u128`).
pub(crate) trait Carrier:
    Copy
    + Eq
    + Ord
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
{
    /// The width in bits.
    const BITS: u32;
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// The number of leading zero bits.
    fn lz(self) -> u32;
    /// The two's-complement negation.
    fn wneg(self) -> Self;
    /// `b` as 0 or 1.
    fn of_bool(b: bool) -> Self;
    /// The low bits of `v` (truncating).
    fn of_u128(v: u128) -> Self;
    /// The value, widened.
    fn to_u128(self) -> u128;
    /// `⌊√self⌋`.
    fn isqrt(self) -> Self;
}

macro_rules! carrier {
    ($($t:ty),*) => {$(
        impl Carrier for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn lz(self) -> u32 {
                self.leading_zeros()
            }
            #[inline(always)]
            fn wneg(self) -> Self {
                self.wrapping_neg()
            }
            #[inline(always)]
            fn of_bool(b: bool) -> Self {
                <$t>::from(b)
            }
            #[inline(always)]
            fn of_u128(v: u128) -> Self {
                v as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn isqrt(self) -> Self {
                <$t>::isqrt(self)
            }
        }
    )*};
}

carrier!(u64, u128);

/// The low `k` bits set (all bits when `k` is the carrier's width).
#[inline(always)]
fn low<C: Carrier>(k: u32) -> C {
    if k >= C::BITS {
        !C::ZERO
    } else {
        (C::ONE << k) - C::ONE
    }
}

/// The index of the highest set bit of a non-zero `v`.
#[inline(always)]
fn lead<C: Carrier>(v: C) -> u32 {
    C::BITS - 1 - v.lz()
}

/// `+smag`: the pattern of `±mag` at width `w`, two's complement when negative.
#[inline(always)]
fn smag<C: Carrier>(w: Width, neg: bool, mag: C) -> C {
    if neg {
        mag.wneg() & low(w.n())
    } else {
        mag
    }
}

/// `+sea` of the low `n` bits of `p` (`n` at most the carrier's width): zero, NaR, or the
/// Hoon's `[%p s e a]` with its significand `a` (the hidden bit and the fraction bits present).
#[inline(always)]
pub(crate) fn decode<C: Carrier>(w: Width, p: C) -> Dec<C> {
    let n = w.n();
    let pw = n - 1;
    let p = p & low(n);
    if p == C::ZERO {
        return Dec::Z;
    }
    let nar = C::ONE << pw;
    if p == nar {
        return Dec::N;
    }
    let neg = p & nar != C::ZERO;
    let mag = smag(w, neg, p);
    // The n−1 bits after the sign, left-aligned, zeros below: the regime is the run of
    // leading bits equal to the first (1 ≤ k ≤ n−1; a run of ones ends at the zeros below).
    let x = mag << (C::BITS - pw);
    let r0 = x >> (C::BITS - 1) == C::ONE;
    let k = if r0 { (!x).lz() } else { x.lz() };
    let r = if r0 { i64::from(k) - 1 } else { -i64::from(k) };
    // Past the run and its terminator: two exponent bits (missing ones zero), then the fraction.
    let y = (x << k) << 1;
    let elo = (y >> (C::BITS - 2)).to_u128() as i64;
    let fw = pw.saturating_sub(k + 3);
    let frac = ((y << 2) >> 1) >> (C::BITS - 1 - fw);
    Dec::P(!neg, 4 * r + elo - i64::from(fw), (C::ONE << fw) | frac)
}

/// `+bit` of `(-1)^!s · a · 2^e` at width `w` (`n` below the carrier's width, or `n` = 128 for
/// the exact value in a `u128`): nearest-even on the posit's bit string, saturating to ±maxpos
/// and ±minpos.
#[inline(always)]
pub(crate) fn encode<C: Carrier>(w: Width, s: bool, e: i64, a: C) -> C {
    if a == C::ZERO {
        return C::ZERO;
    }
    let neg = !s;
    let n = w.n();
    let pw = n - 1;
    let z = a.lz();
    // The weight of the leading bit, 2^x, splits into the regime r and the exponent bits.
    let x = e + i64::from(C::BITS - 1 - z);
    let r = x >> 2;
    if r >= i64::from(n) - 2 {
        return smag(w, neg, low(pw));
    }
    if r <= -(i64::from(n) - 1) {
        return smag(w, neg, C::ONE);
    }
    // |r| ≤ n − 2: the regime is a run of k ≤ n − 2 bits and its terminator, left-aligned in
    // `reg`: k = r + 1 ones then a zero, or k = −r zeros then a one (chosen by mask, no branch).
    let up = r >= 0;
    let k = (if up { r + 1 } else { -r }) as u32;
    let t = !C::ZERO >> k;
    let pick = C::of_bool(up).wneg();
    let reg = (!t & pick) | (t & !(t >> 1) & !pick);
    let len = k + 1;
    // The fraction (the bits after the leading one) behind the two exponent bits, then the
    // regime in front; what falls off the word's end is sticky.
    let frac = (a << z) << 1;
    let tail = (C::of_u128((x & 3) as u128) << (C::BITS - 2)) | (frac >> 2);
    let body = reg | (tail >> len);
    let lost = (frac & low(2)) | (tail & low(len));
    let keep = body >> (C::BITS - pw);
    let guard = (body >> (C::BITS - pw - 1)) & C::ONE == C::ONE;
    let sticky = lost != C::ZERO || body & low(C::BITS - pw - 1) != C::ZERO;
    let up = guard && (sticky || keep & C::ONE == C::ONE);
    let mag = (keep + C::of_bool(up)).min(low(pw));
    smag(w, neg, mag)
}

/// `+sqt`'s operand: the exponent made even and the significand doubled with it when it was
/// odd, or (`Err`) the result for NaR and negative operands (NaR) and for zero (zero).
#[inline(always)]
pub(crate) fn root_operand<C: Carrier>(w: Width, p: C) -> Result<(i64, C), C> {
    match decode(w, p) {
        Dec::N | Dec::P(false, _, _) => Err(C::ONE << (w.n() - 1)),
        Dec::Z => Err(C::ZERO),
        // A significand has at most n − 3 bits, so doubling it stays in the carrier.
        Dec::P(true, e, a) if e.unsigned_abs() & 1 == 1 => Ok((e - 1, a << 1)),
        Dec::P(true, e, a) => Ok((e, a)),
    }
}

/// `+mul` at a width whose significand products fit `C` (`2n − 8` bits).
#[inline(always)]
pub(crate) fn mul<C: Carrier>(w: Width, a: C, b: C) -> C {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) => C::ONE << (w.n() - 1),
        (Dec::Z, _) | (_, Dec::Z) => C::ZERO,
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => encode(w, sa == sb, ea + eb, aa * ab),
    }
}

/// `+add` at a width whose aligned sums fit `C` (`2n − 2` bits); a zero operand returns the
/// other operand's pattern.
#[inline(always)]
pub(crate) fn add<C: Carrier>(w: Width, a: C, b: C) -> C {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) => C::ONE << (w.n() - 1),
        (Dec::Z, _) => b & low(w.n()),
        (_, Dec::Z) => a & low(w.n()),
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => signed_sum(w, (sa, ea, aa), (sb, eb, ab)),
    }
}

/// The rounded sum of two non-zero terms `(sign, exponent, significand)`: the larger magnitude's
/// sign wins, exact cancellation gives zero (only possible when the alignment is exact).
#[inline(always)]
fn signed_sum<C: Carrier>(w: Width, x: (bool, i64, C), y: (bool, i64, C)) -> C {
    // The term of the larger exponent first, field by field (selects, not a branch).
    let swap = y.1 > x.1;
    let hi = (
        if swap { y.0 } else { x.0 },
        if swap { y.1 } else { x.1 },
        if swap { y.2 } else { x.2 },
    );
    let lo = (
        if swap { x.0 } else { y.0 },
        if swap { x.1 } else { y.1 },
        if swap { x.2 } else { y.2 },
    );
    let g = w.n() + 2;
    let d = (hi.1 - lo.1).unsigned_abs();
    let (e, mh, ml) = if d <= u64::from(g) {
        (lo.1, hi.2 << d as u32, lo.2)
    } else {
        // lo.2 < 2^(n−4) is non-zero: shifted down by d − g ≥ 1 it is below hi.2 << g.
        let sh = d - u64::from(g);
        let (kept, lost) = if sh >= u64::from(C::BITS) {
            (C::ZERO, true)
        } else {
            let sh = sh as u32;
            (lo.2 >> sh, lo.2 & low(sh) != C::ZERO)
        };
        (hi.1 - i64::from(g), hi.2 << g, kept | C::of_bool(lost))
    };
    // The magnitude and sign of the sum, selected rather than branched on (exact
    // cancellation gives magnitude 0, which encodes as zero).
    let same = hi.0 == lo.0;
    let (big, small, s) = if mh >= ml {
        (mh, ml, hi.0)
    } else {
        (ml, mh, lo.0)
    };
    let m = if same { big + small } else { big - small };
    encode(w, if same { hi.0 } else { s }, e, m)
}

/// `+div` at a width whose scaled dividends fit `C` (`2n − 4` bits); NaR when either operand
/// is NaR or the divisor is zero.
#[inline(always)]
pub(crate) fn div<C: Carrier>(w: Width, a: C, b: C) -> C {
    match (decode(w, a), decode(w, b)) {
        (Dec::N, _) | (_, Dec::N) | (_, Dec::Z) => C::ONE << (w.n() - 1),
        (Dec::Z, _) => C::ZERO,
        (Dec::P(sa, ea, aa), Dec::P(sb, eb, ab)) => {
            // aa << j has n + lead(ab) + 1 ≤ 2n − 4 bits.
            let j = w.n() + lead(ab) - lead(aa);
            let num = aa << j;
            let q = num / ab;
            let qs = q | C::of_bool(q * ab != num);
            encode(w, sa == sb, ea - eb - i64::from(j), qs)
        }
    }
}

/// `+sqt` at a width whose radicands fit `C` (`2n` bits); NaR for NaR and negative operands,
/// zero for zero.
#[inline(always)]
pub(crate) fn sqt<C: Carrier>(w: Width, p: C) -> C {
    let (ee, aa) = match root_operand(w, p) {
        Ok(v) => v,
        Err(r) => return r,
    };
    // m = aa · 2^(2j) has 2n − 1 or 2n bits, so its root has n bits.
    let j = (2 * w.n() - 1 - lead(aa)) / 2;
    let m = aa << (2 * j);
    let s = m.isqrt();
    let sx = s | C::of_bool(s * s != m);
    encode(w, true, ee / 2 - i64::from(j), sx)
}
