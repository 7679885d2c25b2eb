//! The per-element operations at each width, in each mode, on host floats:
//! the portable path.
//!
//! Every function returns `(bits, fallback)`. When `fallback` is true the
//! bits are meaningless and the caller must compute the element with
//! SoftFloat; only binary64 directed modes ever ask for it.
//!
//! A directed or ties-away result is `y = RN(x)` stepped by `round` when the
//! exact `x` lies beyond `y` (argument 4 of [`super`]'s proof obligations;
//! an overflow to ±∞ steps back to ±max in a mode that points to zero). The
//! side and the tie are decided exactly, as below; `%a` sums, differences
//! and products instead round the wide intermediate (binary16/32) or correct
//! `RN` by the exact error (binary64) by the rules of [`super::away`], which
//! have no branches, so that the loops vectorise.
//!
//! - **binary32** computes in binary64. Products (48 bits) are exact; a sum
//!   is `s + e` exactly (TwoSum, no overflow possible); the quotient and root
//!   are `RN64` of the exact value, and `RN32(RN64(v)) = RN32(v)` for
//!   `+ ÷ √` because 53 ≥ 2·24 + 2 (Figueroa, "When is double rounding
//!   innocuous?", 1995). The side of `y` follows from comparisons exact in
//!   binary64: `p ⋚ y` for a product, `s ⋚ y` then the sign of `e` for a sum
//!   (`RN64` is monotonic and `y` is representable), `a ⋚ y·b` for a quotient
//!   (a 48-bit product), `a ⋚ y²` for a root; a quotient's tie is `a`
//!   equal to `m·b` for the midpoint `m` of `y` and its neighbour (25 bits,
//!   so `m·b` is exact). binary32 never falls back to SoftFloat.
//! - **binary16** computes in binary64: sums and products of two binary16
//!   values are exact (41 and 22 bits); quotients and roots as for binary32
//!   (53 ≥ 2·11 + 2); narrowing to binary16 is integer code (`half`), checked
//!   exhaustively against a round trip and by the exhaustive tests.
//! - **binary64** uses error-free transformations: TwoSum for `+ −` (exact
//!   unless an intermediate overflows, which leaves `s` or `e` non-finite);
//!   `e = fma(a, b, −p)` for `×`, exact when `Ea + Eb ≥ emin + p − 1 = −970`
//!   (we require −960); `r = fma(−q, b, a)` for `÷`, exact when `Eq + Eb ≥
//!   −970` (we require `Ea ≥ −960`, and `Ea − Eb ≥ −1000` so `q` is normal);
//!   `r = fma(−s, s, a)` for `√`, exact for `a ≥ 2^−960` (Boldo–Daumas,
//!   "Representable correcting terms for possibly underflowing floating
//!   point operations", 2003). A quotient or root of 53-bit values is never a
//!   midpoint while the result is normal (the midpoint's odd 54-bit
//!   significand would have to divide, or square into, a 53-bit one), so
//!   `RA = RN` there. Elements outside
//!   these ranges (non-finite results, subnormal operands of `× ÷`, tiny
//!   quotients, tiny roots) ask for the fallback.

use super::mode::{adjust16, adjust32, adjust64, cmp, neighbour16, neighbour32, A, D, N};
use super::op::{DIV, MUL, SUB};
use super::{away, half};

/// Whether `f64::mul_add` is a hardware instruction in code compiled for the
/// target's baseline (x86_64 with `fma` enabled at build time, aarch64). Where
/// it is not, it would be a call to the C library's `fma`, which the sealed
/// archive must not import, so the binary64 corrections use Dekker's exact
/// product instead ([`mul_err`]).
pub const BASE_FMA: bool = cfg!(target_feature = "fma") || cfg!(target_arch = "aarch64");

/// The exact `x·z − p` for `p = RN(x·z)`: one fused multiply-add when `F`
/// (the caller runs where it is an instruction), else Dekker's product
/// (Dekker, "A floating-point technique for extending the available
/// precision", 1971: Veltkamp's split into 26-bit halves, whose four partial
/// products are exact), which needs no intermediate to overflow or lose bits
/// to underflow — the callers' range checks ([`dekker_ok`], and a product
/// below `2^1023`) ensure both.
#[inline(always)]
fn mul_err<const F: bool>(x: f64, z: f64, p: f64) -> f64 {
    if F {
        x.mul_add(z, -p)
    } else {
        const SPLIT: f64 = 134_217_729.0; // 2^27 + 1
        let split = |v: f64| {
            let c = SPLIT * v;
            let hi = c - (c - v);
            (hi, v - hi)
        };
        let (xh, xl) = split(x);
        let (zh, zl) = split(z);
        ((xh * zh - p) + xh * zl + xl * zh) + xl * zl
    }
}

/// Whether Dekker's product of operands with biased exponents `ex`, `ez` is
/// exact, given that the rounded product lies below `2^1023` (the callers
/// check it; `xh·zh` may exceed the product by a factor `1 + 2^−25`): both
/// normal, `Ex, Ez ≤ 990` (the split `(2^27 + 1)·v` stays finite) and
/// `Ex + Ez ≥ −900` (the low partial product's last bit, about
/// `2^(Ex+Ez−106)`, lies above binary64's underflow threshold).
#[inline(always)]
fn dekker_ok(ex: u64, ez: u64) -> bool {
    ex != 0 && ez != 0 && ex <= 1023 + 990 && ez <= 1023 + 990 && ex + ez >= 2046 - 900
}

/// The exact `x − q·z` where it is representable (the quotient and root
/// remainders of [`bin64`] and [`sqt64`]): `fma(−q, z, x)` when `F`, else
/// `(x − ph) − pl` with `ph + pl = q·z` exactly (Dekker; the caller also
/// keeps `Ex ≤ 990` so that `ph ≈ x` cannot overflow): `x − ph` is exact by
/// Sterbenz's lemma (`ph` is within a factor 2 of `x`), and the last
/// subtraction's exact result is the representable remainder.
#[inline(always)]
fn rem_err<const F: bool>(x: f64, q: f64, z: f64) -> f64 {
    if F {
        (-q).mul_add(z, x)
    } else {
        let ph = q * z;
        (x - ph) - mul_err::<false>(q, z, ph)
    }
}

// ---------------------------------------------------------------- binary32

/// The directed result of a two-operand kernel from `RN`'s `y` and the side
/// of the exact value: `$adjust::<$m>(y, gt, lt, tie)`, and in `%d` an exact
/// zero sum or difference is −0 unless both operands are +0 (the sign bit
/// `$sign` of either operand carried over). NaNs are the caller's to canonicalise.
macro_rules! directed {
    ($adjust:ident, $sign:expr, $m:expr, $op:expr, ($y:expr, $gt:expr, $lt:expr, $tie:expr), ($a:expr, $b:expr)) => {{
        let r = $adjust::<$m>($y, $gt, $lt, $tie);
        if $m == D && $op <= SUB && r & !$sign == 0 {
            r | (($a | $b) & $sign)
        } else {
            r
        }
    }};
}

/// Defines `$name(y)`: `y` with a NaN replaced by the canonical NaN `$nan`
/// (`$inf` the bits of +∞, `$sign` the sign bit).
macro_rules! canon_fn {
    ($name:ident, $t:ty, $sign:ident, $inf:literal, $nan:literal) => {
        #[inline(always)]
        pub(super) fn $name(y: $t) -> $t {
            if y & !$sign > $inf {
                $nan
            } else {
                y
            }
        }
    };
}

const S_SIGN: u32 = 0x8000_0000;
canon_fn!(canon32, u32, S_SIGN, 0x7f80_0000, 0x7fc0_0000);

#[inline(always)]
fn w32(a: u32) -> f64 {
    f64::from(f32::from_bits(a))
}

/// `RN32` of a binary64 value (Rust's `as` rounds to nearest, ties to even).
#[inline(always)]
fn rn32(x: f64) -> u32 {
    (x as f32).to_bits()
}

/// The binary32 operation `OP` in mode `M`.
#[inline(always)]
pub fn bin32<const OP: u8, const M: u8>(a: u32, b: u32) -> u32 {
    let b = if OP == SUB { b ^ S_SIGN } else { b };
    if M == N {
        let (x, z) = (f32::from_bits(a), f32::from_bits(b));
        let v = match OP {
            MUL => x * z,
            DIV => x / z,
            _ => x + z,
        };
        return canon32(v.to_bits());
    }
    let (x, z) = (w32(a), w32(b));
    if M == A && OP != DIV {
        return away::away32(if OP == MUL { x * z } else { x + z });
    }
    let (y, gt, lt, tie) = match OP {
        MUL => {
            // The product of two binary32 values is exact in binary64.
            let p = x * z;
            let y = rn32(p);
            let (gt, lt) = cmp(p, w32(y));
            (y, gt, lt, false)
        }
        DIV => {
            // y = RN32(RN64(x/z)) = RN32(x/z) (53 >= 2·24 + 2); y·z and m·z are exact.
            let q = x / z;
            let y = rn32(q);
            let yy = w32(y);
            let (g, l) = cmp(x, yy * z);
            let (gt, lt) = if z < 0.0 { (l, g) } else { (g, l) };
            let tie = M == A && x == (yy + w32(neighbour32(y, gt))) * 0.5 * z;
            (y, gt, lt, tie)
        }
        _ => {
            // TwoSum: s + e = x + z exactly (no overflow from binary32 operands).
            let s = x + z;
            let bb = s - x;
            let e = (x - (s - bb)) + (z - bb);
            let y = rn32(s);
            let yy = w32(y);
            let (gt, lt) = if s != yy { cmp(s, yy) } else { cmp(e, 0.0) };
            (y, gt, lt, false)
        }
    };
    canon32(directed!(adjust32, S_SIGN, M, OP, (y, gt, lt, tie), (a, b)))
}

/// The binary32 square root in mode `M` (never a tie: `%a` is `%n`).
#[inline(always)]
pub fn sqt32<const M: u8>(a: u32) -> u32 {
    if M == N || M == A {
        return canon32(f32::from_bits(a).sqrt().to_bits());
    }
    let x = w32(a);
    let y = rn32(x.sqrt());
    let yy = w32(y);
    let (gt, lt) = cmp(x, yy * yy);
    canon32(adjust32::<M>(y, gt, lt, false))
}

// ---------------------------------------------------------------- binary64

const D_SIGN: u64 = 0x8000_0000_0000_0000;
canon_fn!(
    canon64,
    u64,
    D_SIGN,
    0x7ff0_0000_0000_0000,
    0x7ff8_0000_0000_0000
);

/// The binary64 operation `OP` in mode `M`, and whether SoftFloat must redo it.
#[inline(always)]
pub fn bin64<const OP: u8, const M: u8, const F: bool>(a: u64, b: u64) -> (u64, bool) {
    let b = if OP == SUB { b ^ D_SIGN } else { b };
    let (x, z) = (f64::from_bits(a), f64::from_bits(b));
    if M == N {
        let v = match OP {
            MUL => x * z,
            DIV => x / z,
            _ => x + z,
        };
        return (canon64(v.to_bits()), false);
    }
    let ea = (a >> 52) & 0x7ff;
    let eb = (b >> 52) & 0x7ff;
    let zero_a = a << 1 == 0;
    let zero_b = b << 1 == 0;
    let (y, gt, lt, tie, ok) = match OP {
        MUL => {
            let p = x * z;
            // The product's error is representable when Ea + Eb >= emin + p − 1 = −970.
            // Without FMA, Dekker's `xh·zh` exceeds |p| by up to a factor
            // 1 + 2^−25, so |p| must lie below 2^1023 for it to stay finite.
            let ep = (p.to_bits() >> 52) & 0x7ff;
            let ok = p.is_finite()
                && (zero_a
                    || zero_b
                    || (ea != 0
                        && eb != 0
                        && ea + eb >= 1086
                        && (F || (dekker_ok(ea, eb) && ep < 2046))));
            let e = mul_err::<F>(x, z, p);
            if M == A {
                return (canon64(away::away64(p, e)), !ok);
            }
            let (gt, lt) = cmp(e, 0.0);
            (p.to_bits(), gt, lt, false, ok)
        }
        DIV => {
            let q = x / z;
            // q normal (Ea − Eb >= −1000) and the remainder exact (Ea >= −960).
            let eq = (q.to_bits() >> 52) & 0x7ff;
            let ok = q.is_finite()
                && eb != 0x7ff
                && (zero_a
                    || (ea >= 63
                        && eb != 0
                        && ea + 1000 >= eb
                        && (F || (dekker_ok(eq, eb) && ea <= 2013))));
            let r = rem_err::<F>(x, q, z);
            let (g, l) = cmp(r, 0.0);
            let (gt, lt) = if b & D_SIGN != 0 { (l, g) } else { (g, l) };
            // A quotient of two 53-bit values is never a midpoint in the normal range.
            (q.to_bits(), gt, lt, false, ok)
        }
        _ => {
            let s = x + z;
            let bb = s - x;
            let e = (x - (s - bb)) + (z - bb);
            // TwoSum is exact unless some step overflowed, which leaves s or e non-finite.
            let ok = s.is_finite() && e.is_finite();
            if M == A {
                return (canon64(away::away64(s, e)), !ok);
            }
            let (gt, lt) = cmp(e, 0.0);
            (s.to_bits(), gt, lt, false, ok)
        }
    };
    (
        canon64(directed!(adjust64, D_SIGN, M, OP, (y, gt, lt, tie), (a, b))),
        !ok,
    )
}

/// The binary64 square root in mode `M`, and whether SoftFloat must redo it.
#[inline(always)]
pub fn sqt64<const M: u8, const F: bool>(a: u64) -> (u64, bool) {
    let x = f64::from_bits(a);
    let s = x.sqrt();
    if M == N || M == A {
        return (canon64(s.to_bits()), false);
    }
    // a − s² is exact for a >= 2^-960; smaller positive values go to SoftFloat.
    let es = (s.to_bits() >> 52) & 0x7ff;
    let ok = a == 0 || (a >= 63 << 52 && (F || (dekker_ok(es, es) && a < 2013 << 52)));
    let r = rem_err::<F>(x, s, s);
    let (gt, lt) = cmp(r, 0.0);
    (canon64(adjust64::<M>(s.to_bits(), gt, lt, false)), !ok)
}

// ---------------------------------------------------------------- binary16

const H_SIGN: u16 = 0x8000;
canon_fn!(canon16, u16, H_SIGN, 0x7c00, 0x7e00);

/// The binary16 operation `OP` in mode `M`.
#[inline(always)]
pub fn bin16<const OP: u8, const M: u8>(a: u16, b: u16) -> u16 {
    let b = if OP == SUB { b ^ H_SIGN } else { b };
    let (x, z) = (half::widen(a), half::widen(b));
    let (y, gt, lt, tie) = match OP {
        DIV => {
            // y = RN16(RN64(x/z)) = RN16(x/z) (53 >= 2·11 + 2); y·z and m·z are exact.
            let y = half::narrow(x / z);
            if M == N {
                return canon16(y);
            }
            let yy = half::widen(y);
            let (g, l) = cmp(x, yy * z);
            let (gt, lt) = if z < 0.0 { (l, g) } else { (g, l) };
            let tie = M == A && x == (yy + half::widen(neighbour16(y, gt))) * 0.5 * z;
            (y, gt, lt, tie)
        }
        _ => {
            // Sums and products of binary16 values are exact in binary64.
            let v = if OP == MUL { x * z } else { x + z };
            if M == A {
                return away::away16(v);
            }
            let y = half::narrow(v);
            if M == N {
                return canon16(y);
            }
            let (gt, lt) = cmp(v, half::widen(y));
            (y, gt, lt, false)
        }
    };
    canon16(directed!(adjust16, H_SIGN, M, OP, (y, gt, lt, tie), (a, b)))
}

/// The binary16 square root in mode `M` (never a tie).
#[inline(always)]
pub fn sqt16<const M: u8>(a: u16) -> u16 {
    let x = half::widen(a);
    let y = half::narrow(x.sqrt());
    if M == N || M == A {
        return canon16(y);
    }
    let yy = half::widen(y);
    let (gt, lt) = cmp(x, yy * yy);
    canon16(adjust16::<M>(y, gt, lt, false))
}
