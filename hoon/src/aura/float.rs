//! IEEE 754 float auras `@rh @rs @rd @rq`: literals parsed and printed as Hoon does.
//!
//! Ported from urbit/urbit `sys/hoon.hoon` (kelvin 138):
//!
//! - syntax: `++royl`, `++royl-rn` and `++royl-cell` of `++so` (section 4l).
//!   After the leading `.`, `~~` marks `@rh`, `~~~` `@rq`, `~` `@rd` and nothing
//!   `@rs`; then an optional `-`, an integer part that is `0` or has no leading
//!   zero, an optional `.` with one or more digits, and an optional `e` with an
//!   optional `-` and an exponent that is `0` or has no leading zero; or `inf`
//!   / `-inf`; or `nan`. So `.1e5`, `.0.01` and `.-0` are literals; `.1.`,
//!   `.01`, `.1e+5`, `.1E5`, `.1e05` and `.-nan` are not.
//! - value: `++grd:fl` with `++lug` rounding (section 3b): the decimal
//!   `a * 10^h` is rounded once, to nearest with ties to even, into the
//!   format's precision and exponent range (`++pa:ff`), so subnormals, overflow
//!   to infinity and underflow to signed zero come out as IEEE specifies; `bif:ff`
//!   packs the bits. NaN is the positive quiet NaN with only the top fraction bit set.
//! - printing: `++r-co` of `++co` over `++drg:fl` (Hoon's dragon4 shortest
//!   round-trip digits) and `++ed-co` (section 4k).
//!
//! Where Hoon would compute `5^h` for an absurd exponent (and run for ever), we
//! return the result it would reach: a nonzero value below `10^-5000` is zero
//! and one at least `10^5001` is infinite in every width.

use super::scan::{at, is};
use super::Aura;
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use softblas::ieee::Width;
use softblas::Atom;
use std::cmp::Ordering;

/// An IEEE 754 binary interchange format, as Hoon's `++ff` door describes it:
/// the parameters of a [`Width`] as `++ff`'s sample names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ieee {
    /// Bits of the exponent field (`w` of `++ff`).
    pub w: u32,
    /// Bits of the fraction field (`p` of `++ff`).
    pub p: u32,
    /// Exponent bias (`b` of `++ff`).
    pub bias: i64,
}

/// `@rh`: binary16.
pub const RH: Ieee = Ieee::of_width(Width::H);
/// `@rs`: binary32.
pub const RS: Ieee = Ieee::of_width(Width::S);
/// `@rd`: binary64.
pub const RD: Ieee = Ieee::of_width(Width::D);
/// `@rq`: binary128.
pub const RQ: Ieee = Ieee::of_width(Width::Q);

impl Ieee {
    /// The `++ff` parameters of the format `w`.
    pub const fn of_width(w: Width) -> Ieee {
        Ieee {
            w: w.exp_bits(),
            p: w.frac_bits(),
            bias: w.bias() as i64,
        }
    }

    /// The format of a float aura, if `aura` is one.
    pub fn of(aura: Aura) -> Option<Ieee> {
        match aura {
            Aura::Rh => Some(RH),
            Aura::Rs => Some(RS),
            Aura::Rd => Some(RD),
            Aura::Rq => Some(RQ),
            _ => None,
        }
    }

    /// Total bit width.
    pub fn width(&self) -> u32 {
        self.w + self.p + 1
    }

    /// Significand precision including the hidden bit (`prc` of `++pa:ff`).
    fn prc(&self) -> i64 {
        i64::from(self.p) + 1
    }

    /// Exponent of the least significant significand bit of subnormals (`me:ff`).
    fn emn(&self) -> i64 {
        1 - self.bias - i64::from(self.p)
    }

    /// Largest such exponent of a finite value (`emx` of `++pa:ff`).
    fn emx(&self) -> i64 {
        self.emn() + (1i64 << self.w) - 3
    }

    fn sign_bit(&self) -> u128 {
        1u128 << (self.w + self.p)
    }

    /// The bits of infinity of the given sign.
    pub fn inf(&self, negative: bool) -> u128 {
        let v = ((1u128 << self.w) - 1) << self.p;
        if negative {
            v | self.sign_bit()
        } else {
            v
        }
    }

    /// The bits of Hoon's NaN: positive, quiet, only the top fraction bit set.
    pub fn nan(&self) -> u128 {
        ((1u128 << (self.w + 1)) - 1) << (self.p - 1)
    }

    /// The bits of zero of the given sign.
    pub fn zero(&self, negative: bool) -> u128 {
        if negative {
            self.sign_bit()
        } else {
            0
        }
    }
}

/// A decimal float, infinity or NaN: Hoon's `$dn`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decimal {
    /// `(-1)^negative * mantissa * 10^exponent`.
    Finite {
        /// Whether the sign is negative.
        negative: bool,
        /// Power of ten.
        exponent: BigInt,
        /// Decimal significand.
        mantissa: BigUint,
    },
    /// An infinity.
    Inf {
        /// Whether it is negative.
        negative: bool,
    },
    /// Not a number.
    Nan,
}

/// A positive value after rounding: zero, infinite or `m * 2^e`.
enum Rounded {
    Zero,
    Inf,
    Fin { m: u128, e: i64 },
}

/// Bit `i` of `m`.
fn bit(m: &BigUint, i: u64) -> bool {
    m.bit(i)
}

/// Whether the low `q` bits of `m` are zero.
fn low_zero(m: &BigUint, q: u64) -> bool {
    m.trailing_zeros().is_none_or(|t| t >= q)
}

/// Hoon's `++lug` in mode `%ne` (nearest, ties to even) followed by the
/// exponent-range checks: rounds `m * 2^e` (plus less than one unit of `m`
/// when `!exact`) into `fmt`. `m` must be nonzero.
fn round_ne(fmt: &Ieee, m: &BigUint, e: i64, exact: bool) -> Rounded {
    let prc = fmt.prc();
    let emn = fmt.emn();
    let bits = m.bits() as i64;
    let q = (bits - prc).max(emn.saturating_sub(e)).max(0);
    let (mut a, mut e2) = if q > 0 {
        let qu = q as u64;
        let kept = m >> qu;
        // Compare the dropped bits with half a unit of the kept ones.
        let half = bit(m, qu - 1);
        let below = low_zero(m, qu - 1);
        let dropped = if !half {
            Ordering::Less
        } else if below && exact {
            Ordering::Equal
        } else {
            Ordering::Greater
        };
        if kept.is_zero() {
            // Everything is below the smallest subnormal; ties go to zero (even).
            return match dropped {
                Ordering::Greater => Rounded::Fin { m: 1, e: emn },
                _ => Rounded::Zero,
            };
        }
        let mut k = kept.to_u128().unwrap_or(0);
        let up = match dropped {
            Ordering::Less => false,
            Ordering::Greater => true,
            Ordering::Equal => k & 1 == 1,
        };
        if up {
            k += 1;
        }
        (k, e + q)
    } else {
        (m.to_u128().unwrap_or(0), e)
    };
    // `++xpd`: widen to full precision, or as far as the minimum exponent allows.
    let len = i64::from(128 - a.leading_zeros());
    if len < prc {
        let k = (prc - len).min((e2 - emn).max(0));
        a <<= k;
        e2 -= k;
    }
    if i64::from(128 - a.leading_zeros()) == prc + 1 {
        a >>= 1;
        e2 += 1;
    }
    if a == 0 {
        return Rounded::Zero;
    }
    if e2 > fmt.emx() {
        return Rounded::Inf;
    }
    Rounded::Fin { m: a, e: e2 }
}

/// Hoon's `++bif:ff`: the bits of a rounded value with a sign.
fn pack(fmt: &Ieee, negative: bool, r: Rounded) -> u128 {
    let s = if negative { fmt.sign_bit() } else { 0 };
    match r {
        Rounded::Zero => s,
        Rounded::Inf => fmt.inf(negative),
        Rounded::Fin { m, e } => {
            let len = i64::from(128 - m.leading_zeros());
            if len == fmt.prc() {
                let biased = (e - fmt.emn() + 1) as u128;
                s | biased << fmt.p | (m & ((1u128 << fmt.p) - 1))
            } else {
                s | m
            }
        }
    }
}

/// An upper bound on the number of decimal digits of `m`.
fn digits_upper(m: &BigUint) -> i64 {
    (m.bits() as i64).saturating_mul(30103) / 100_000 + 1
}

/// The bits of the decimal `d` rounded to nearest-even in `fmt`: Hoon's `(grd:ff d)`.
pub fn decimal_to_bits(fmt: &Ieee, d: &Decimal) -> u128 {
    let (negative, exponent, mantissa) = match d {
        Decimal::Nan => return fmt.nan(),
        Decimal::Inf { negative } => return fmt.inf(*negative),
        Decimal::Finite {
            negative,
            exponent,
            mantissa,
        } => (*negative, exponent, mantissa),
    };
    if mantissa.is_zero() {
        return fmt.zero(negative);
    }
    if exponent > &BigInt::from(5000) {
        return fmt.inf(negative);
    }
    if exponent + BigInt::from(digits_upper(mantissa)) < BigInt::from(-5000) {
        return fmt.zero(negative);
    }
    let h = exponent.to_i64().unwrap_or(0);
    let q = h.unsigned_abs();
    let five = BigUint::from(5u32).pow(q as u32);
    let r = if h >= 0 {
        // a * 5^h * 2^h, exact.
        round_ne(fmt, &(mantissa * five), h, true)
    } else {
        // a / (5^q * 2^q), with the dividend widened so the quotient keeps
        // more than `prc` bits, and a sticky remainder.
        let v = mantissa.bits() as i64 - (five.bits() as i64 + fmt.prc() + 1);
        let (num, ea) = if v >= 0 {
            (mantissa.clone(), 0)
        } else {
            (mantissa << v.unsigned_abs(), v)
        };
        let (quo, rem) = num.div_rem(&five);
        round_ne(fmt, &quo, ea - q as i64, rem.is_zero())
    };
    pack(fmt, negative, r)
}

/// The value `(sign, decimal)` of a `++royl-rn` body at `pos`, and the position after it.
fn royl_rn(s: &[u8], pos: usize) -> Option<(Decimal, usize)> {
    let sign = |p: usize| {
        if is(s, p, b'-') {
            (true, p + 1)
        } else {
            (false, p)
        }
    };
    // %d: [-] int [. digits] [e [-] int]
    let (negative, p) = sign(pos);
    if let Some((int, mut p)) = super::int::dim(s, p) {
        let (mut frac_len, mut frac) = (0u64, BigUint::zero());
        if is(s, p, b'.') && at(s, p + 1).is_some_and(|c| c.is_ascii_digit()) {
            p += 1;
            while let Some(c) = at(s, p).filter(u8::is_ascii_digit) {
                frac = frac * 10u32 + u32::from(c - b'0');
                frac_len += 1;
                p += 1;
            }
        }
        let mut exp = BigInt::zero();
        if is(s, p, b'e') {
            let (eneg, q) = sign(p + 1);
            if let Some((e, q)) = super::int::dim(s, q) {
                exp = BigInt::from_biguint(if eneg { Sign::Minus } else { Sign::Plus }, e);
                p = q;
            }
        }
        let mantissa = int * BigUint::from(10u32).pow(frac_len as u32) + frac;
        let exponent = exp - BigInt::from(frac_len);
        return Some((
            Decimal::Finite {
                negative,
                exponent,
                mantissa,
            },
            p,
        ));
    }
    // %i: [-] inf
    if s.get(p..p + 3) == Some(b"inf") {
        return Some((Decimal::Inf { negative }, p + 3));
    }
    // %n: nan
    if s.get(pos..pos + 3) == Some(b"nan") {
        return Some((Decimal::Nan, pos + 3));
    }
    None
}

/// Hoon's `++royl:so` after the leading `.`: the float aura, its decimal value
/// and the position after it.
pub(crate) fn royl(s: &[u8], pos: usize) -> Option<(Aura, Decimal, usize)> {
    // Tried in Hoon's order: `~~` @rh, `~~~` @rq, `~` @rd, bare @rs.
    let tildes = |n: usize| (0..n).all(|k| is(s, pos + k, b'~'));
    for (aura, n) in [(Aura::Rh, 2), (Aura::Rq, 3), (Aura::Rd, 1), (Aura::Rs, 0)] {
        if tildes(n) {
            if let Some((d, p)) = royl_rn(s, pos + n) {
                return Some((aura, d, p));
            }
        }
    }
    None
}

/// Hoon's `++sea:ff`: a finite float's bits as `(negative, exponent,
/// significand)`, or the infinity or NaN they encode.
fn sea(fmt: &Ieee, bits: u128) -> Result<(bool, i64, u128), Decimal> {
    let f = bits & ((1u128 << fmt.p) - 1);
    let e = (bits >> fmt.p) & ((1u128 << fmt.w) - 1);
    let negative = bits >> (fmt.w + fmt.p) & 1 == 1;
    if e == 0 {
        return Ok((negative, fmt.emn(), f));
    }
    if e == (1u128 << fmt.w) - 1 {
        return Err(if f == 0 {
            Decimal::Inf { negative }
        } else {
            Decimal::Nan
        });
    }
    Ok((negative, e as i64 + fmt.emn() - 1, f | 1u128 << fmt.p))
}

/// Hoon's `++drg:ff`: the shortest decimal that reads back as the float `bits`
/// (Steele and White's dragon4 as `++drg` in `++fl` writes it).
pub fn bits_to_decimal(fmt: &Ieee, bits: u128) -> Decimal {
    let (negative, e, a) = match sea(fmt, bits) {
        Ok(v) => v,
        Err(d) => return d,
    };
    if a == 0 {
        return Decimal::Finite {
            negative,
            exponent: BigInt::zero(),
            mantissa: BigUint::zero(),
        };
    }
    let (k, o) = dragon4(fmt, e, a);
    Decimal::Finite {
        negative,
        exponent: BigInt::from(k),
        mantissa: o,
    }
}

/// The digits and decimal exponent of the positive float `a * 2^e` (`++drg` of `++fl`).
fn dragon4(fmt: &Ieee, e: i64, a: u128) -> (i64, BigUint) {
    let prc = fmt.prc();
    let emn = fmt.emn();
    // `++xpd`; a subnormal (e = emn) stays as it is.
    let (mut e, mut a) = (e, a);
    let len = i64::from(128 - a.leading_zeros());
    if len < prc {
        let k = (prc - len).min((e - emn).max(0));
        a <<= k;
        e -= k;
    }
    let up = e.max(0) as u64;
    let down = (-e).max(0) as u64;
    let mut r = BigUint::from(a) << up;
    let mut s = BigUint::one() << down;
    let mut mn = BigUint::one() << up;
    let mut mp = mn.clone();
    if a == 1u128 << (prc - 1) && e != emn {
        mp <<= 1u32;
        r <<= 1u32;
        s <<= 1u32;
    }
    let mut k: i64 = 0;
    let q = (&s + 9u32) / 10u32;
    while r < q {
        k -= 1;
        r *= 10u32;
        mn *= 10u32;
        mp *= 10u32;
    }
    while (&r << 1u32) + &mp >= (&s << 1u32) {
        s *= 10u32;
        k += 1;
    }
    let mut o = BigUint::zero();
    loop {
        let (u, rem) = (&r * 10u32).div_rem(&s);
        k -= 1;
        r = rem;
        mn *= 10u32;
        mp *= 10u32;
        let r2 = &r << 1u32;
        let s2 = &s << 1u32;
        let low = r2 < mn;
        let high = s2 < mp || r2 > &s2 - &mp;
        if !low && !high {
            o = o * 10u32 + u;
            continue;
        }
        let bump = high && (!low || r2 > s);
        o = o * 10u32 + u + u32::from(bump);
        return (k, o);
    }
}

/// Hoon's `++r-co` with `++ed-co`: the text of a decimal after the aura's prefix.
fn r_co(d: &Decimal) -> String {
    let (negative, exponent, mantissa) = match d {
        Decimal::Inf { negative: false } => return "inf".into(),
        Decimal::Inf { negative: true } => return "-inf".into(),
        Decimal::Nan => return "nan".into(),
        Decimal::Finite {
            negative,
            exponent,
            mantissa,
        } => (*negative, exponent, mantissa),
    };
    let f = mantissa.to_str_radix(10);
    let ea = exponent.clone();
    let sci = &ea + BigInt::from(f.len()) - 1;
    let (point, shown) = if ea >= BigInt::from(3) || sci < BigInt::from(-2) {
        (BigInt::one(), sci)
    } else {
        (sci + 1, BigInt::zero())
    };
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    // `++ed-co`: place the point `point` digits into `f`.
    let dig = point.abs().to_usize().unwrap_or(0);
    if point.is_positive() {
        if dig < f.len() {
            out.push_str(&f[..dig]);
            out.push('.');
            out.push_str(&f[dig..]);
        } else {
            out.push_str(&f);
            out.extend(std::iter::repeat_n('0', dig - f.len()));
        }
    } else {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', dig));
        out.push_str(&f);
    }
    if !shown.is_zero() {
        out.push('e');
        out.push_str(&shown.to_string());
    }
    out
}

/// The literal text of float `bits` in `aura` as the dojo prints it (`.1.5`, `.~-1e-10`, `.~~nan`).
///
/// Returns `None` when `aura` is not a float aura or `v` is wider than it.
pub fn print_float(aura: Aura, v: &Atom) -> Option<String> {
    let fmt = Ieee::of(aura)?;
    if v.bit_len() > u64::from(fmt.width()) {
        return None;
    }
    let prefix = match aura {
        Aura::Rh => ".~~",
        Aura::Rq => ".~~~",
        Aura::Rd => ".~",
        _ => ".",
    };
    Some(format!(
        "{prefix}{}",
        r_co(&bits_to_decimal(&fmt, v.low_u128()))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Option<(Aura, u128)> {
        let b = s.as_bytes();
        let (aura, d, p) = royl(b, 1)?;
        (b[0] == b'.' && p == b.len())
            .then(|| (aura, decimal_to_bits(&Ieee::of(aura).unwrap(), &d)))
    }

    #[test]
    fn widths_and_prefixes() {
        assert_eq!(parse(".1.5"), Some((Aura::Rs, 0x3fc0_0000)));
        assert_eq!(parse(".~1.5"), Some((Aura::Rd, 0x3ff8_0000_0000_0000)));
        assert_eq!(parse(".~~1.5"), Some((Aura::Rh, 0x3e00)));
        assert_eq!(parse(".~~~1.5"), Some((Aura::Rq, 0x3fff_8000 << 96)));
        assert_eq!(parse(".-1.5"), Some((Aura::Rs, 0xbfc0_0000)));
        assert_eq!(parse(".~~~~1"), None);
    }

    #[test]
    fn syntax_edges() {
        // `.1e5` is a literal; a dangling `.`, a leading zero, `+` or `E` are not.
        assert_eq!(parse(".1e5"), Some((Aura::Rs, 0x47c3_5000)));
        assert_eq!(parse(".1."), None);
        assert_eq!(parse(".01"), None);
        assert_eq!(parse(".1e+5"), None);
        assert_eq!(parse(".1E5"), None);
        assert_eq!(parse(".1e05"), None);
        assert_eq!(parse(".-nan"), None);
        assert_eq!(parse(".0.01"), Some((Aura::Rs, 0x3c23_d70a)));
        assert_eq!(parse(".-0"), Some((Aura::Rs, 0x8000_0000)));
        assert_eq!(parse(".inf"), Some((Aura::Rs, 0x7f80_0000)));
        assert_eq!(parse(".~-inf"), Some((Aura::Rd, 0xfff0_0000_0000_0000)));
        assert_eq!(parse(".~~nan"), Some((Aura::Rh, 0x7e00)));
    }
    // Printing like the dojo: hoon/tests/aura_props.rs `float_print_table`.
}
