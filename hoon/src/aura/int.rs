//! Unsigned and signed integer auras: `@ud @ux @ub @ui` and `@sd @sx @sb @si`.
//!
//! Parsing ports `++bisk` and `++tash` of `++so` and the digit-group parsers
//! `dem`, `hex`, `bay`, `dim` of `++ag` (urbit/urbit `sys/hoon.hoon`, kelvin 138,
//! sections 4j and 4l). Printing ports the `%u` and `%s` cases of `++rend:co`
//! with `++ox-co` (section 4k). What these accept:
//!
//! - `@ud`: `0`, or 1-3 digits without a leading zero followed by groups of
//!   exactly three digits after a `.` (`1.000.000`; `1000` is rejected);
//! - `@ux`: `0x0`, or `0x` and 1-4 hex digits whose first is `1-9`/`a-f` (the
//!   rest may also be `A-F`), then `.`-separated groups of exactly four
//!   lower-case hex digits;
//! - `@ub`: `0b0`, or `0b1` and up to three binary digits, then groups of four;
//! - `@ui`: `0i` and a decimal without leading zeros or separators;
//! - signed: `--` (non-negative) or `-` (negative) before any of the above,
//!   giving `@sd @sx @sb @si` in Hoon's zig-zag encoding (`++new:si`).
//!
//! After a group separator `.` Hoon allows plural whitespace (`++gay`); so do we.

use super::scan::{at, digit_from, dog, is};
use super::Aura;
use num_bigint::BigUint;
use num_traits::Zero;
use softblas::Atom;

/// A parse result: the value and the position after it.
type Got = Option<(BigUint, usize)>;

/// Hoon's `++ape`: a lone `0`, else `fel`.
fn ape(s: &[u8], pos: usize, fel: impl Fn(&[u8], usize) -> Got) -> Got {
    if is(s, pos, b'0') {
        return Some((BigUint::zero(), pos + 1));
    }
    fel(s, pos)
}

/// Up to `max` more digits of radix `radix` accepted by `ok`, folded into `acc`.
fn more_digits(
    s: &[u8],
    mut pos: usize,
    mut acc: BigUint,
    max: usize,
    radix: u32,
    ok: impl Fn(u8) -> Option<u32>,
) -> (BigUint, usize) {
    let mut n = 0;
    while n < max {
        match at(s, pos).and_then(&ok) {
            Some(d) => {
                acc = acc * radix + d;
                pos += 1;
                n += 1;
            }
            None => break,
        }
    }
    (acc, pos)
}

/// Exactly `n` digits accepted by `ok`.
fn exact_digits(s: &[u8], pos: usize, n: usize, radix: u32, ok: impl Fn(u8) -> Option<u32>) -> Got {
    let (v, p) = more_digits(s, pos, BigUint::zero(), n, radix, ok);
    (p - pos == n).then_some((v, p))
}

/// `star (pfix dog group)`: groups after `acc`, each folded in as `acc * shift + group`.
fn groups(
    s: &[u8],
    mut pos: usize,
    mut acc: BigUint,
    shift: &BigUint,
    group: impl Fn(&[u8], usize) -> Got,
) -> (BigUint, usize) {
    while let Some((g, q)) = dog(s, pos).and_then(|p| group(s, p)) {
        acc = acc * shift + g;
        pos = q;
    }
    (acc, pos)
}

fn dec(c: u8) -> Option<u32> {
    c.is_ascii_digit().then(|| u32::from(c - b'0'))
}

/// `++six`: a digit or a lower-case hex letter.
fn six(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some(u32::from(c - b'0')),
        b'a'..=b'f' => Some(u32::from(c - b'a') + 10),
        _ => None,
    }
}

/// `++hit`: a digit or a hex letter of either case.
fn hit(c: u8) -> Option<u32> {
    match c {
        b'A'..=b'F' => Some(u32::from(c - b'A') + 10),
        _ => six(c),
    }
}

fn bin(c: u8) -> Option<u32> {
    matches!(c, b'0' | b'1').then(|| u32::from(c - b'0'))
}

/// `dem:ag`: a dotted decimal (`1.000.000`).
pub(crate) fn dem(s: &[u8], pos: usize) -> Got {
    ape(s, pos, |s, pos| {
        let first = digit_from(s, pos, b'1')?;
        let (v, p) = more_digits(s, pos + 1, BigUint::from(first), 2, 10, dec);
        let k = BigUint::from(1000u32);
        Some(groups(s, p, v, &k, |s, p| exact_digits(s, p, 3, 10, dec)))
    })
}

/// `ted:ab`: 1-3 decimal digits without a leading zero.
pub(crate) fn ted(s: &[u8], pos: usize) -> Got {
    let first = digit_from(s, pos, b'1')?;
    Some(more_digits(s, pos + 1, BigUint::from(first), 2, 10, dec))
}

/// `dim:ag`: `0` or a decimal without leading zeros or separators.
pub(crate) fn dim(s: &[u8], pos: usize) -> Got {
    ape(s, pos, |s, pos| {
        let first = digit_from(s, pos, b'1')?;
        Some(more_digits(
            s,
            pos + 1,
            BigUint::from(first),
            usize::MAX,
            10,
            dec,
        ))
    })
}

/// `qex:ab`: 1-4 hex digits, the first `1-9`/`a-f`.
pub(crate) fn qex(s: &[u8], pos: usize) -> Got {
    let first = at(s, pos).and_then(six).filter(|d| *d != 0)?;
    Some(more_digits(s, pos + 1, BigUint::from(first), 3, 16, hit))
}

/// `hex:ag`: a dotted hexadecimal (`1.3f80.0000`).
pub(crate) fn hex(s: &[u8], pos: usize) -> Got {
    ape(s, pos, |s, pos| {
        let (v, p) = qex(s, pos)?;
        let k = BigUint::from(0x1_0000u32);
        Some(groups(s, p, v, &k, |s, p| exact_digits(s, p, 4, 16, six)))
    })
}

/// `bay:ag`: a dotted binary (`1.0000`).
pub(crate) fn bay(s: &[u8], pos: usize) -> Got {
    ape(s, pos, |s, pos| {
        if !is(s, pos, b'1') {
            return None;
        }
        let (v, p) = more_digits(s, pos + 1, BigUint::from(1u32), 3, 2, bin);
        let k = BigUint::from(16u32);
        Some(groups(s, p, v, &k, |s, p| exact_digits(s, p, 4, 2, bin)))
    })
}

/// `++bisk:so`: an unsigned integer literal and its aura.
pub(crate) fn bisk(s: &[u8], pos: usize) -> Option<(Aura, BigUint, usize)> {
    if is(s, pos, b'0') {
        let p = pos + 2;
        let got = match at(s, pos + 1) {
            Some(b'b') => bay(s, p).map(|(v, q)| (Aura::Ub, v, q)),
            Some(b'i') => dim(s, p).map(|(v, q)| (Aura::Ui, v, q)),
            Some(b'x') => hex(s, p).map(|(v, q)| (Aura::Ux, v, q)),
            _ => None,
        };
        if got.is_some() {
            return got;
        }
    }
    dem(s, pos).map(|(v, q)| (Aura::Ud, v, q))
}

/// Whether `0c`, `0v` or `0w` (auras we do not parse) start at `pos`.
pub(crate) fn unsupported_base(s: &[u8], pos: usize) -> Option<&'static str> {
    if !is(s, pos, b'0') {
        return None;
    }
    match at(s, pos + 1)? {
        b'c' => Some("@uc (base58) literals are not supported"),
        b'v' => Some("@uv (base32) literals are not supported"),
        b'w' => Some("@uw (base64) literals are not supported"),
        _ => None,
    }
}

/// Hoon's `++new:si`: the signed encoding of a sign (`true` = non-negative) and magnitude.
pub fn new_si(non_negative: bool, magnitude: &BigUint) -> BigUint {
    if non_negative {
        magnitude << 1u32
    } else if magnitude.is_zero() {
        BigUint::zero()
    } else {
        (magnitude << 1u32) - 1u32
    }
}

/// Hoon's `++old:si`: (sign, magnitude) of a signed atom, `true` = non-negative.
pub fn old_si(a: &Atom) -> (bool, Atom) {
    let non_negative = !a.bit(0);
    let mag = a.shr(1).add(&Atom::from_u64(u64::from(a.bit(0))));
    (non_negative, mag)
}

/// `++tash:so`: a signed integer literal (`--5`, `-0x1`) and its aura.
pub(crate) fn tash(s: &[u8], pos: usize) -> Option<(Aura, BigUint, usize)> {
    if !is(s, pos, b'-') {
        return None;
    }
    let (neg, (aura, v, p)) = match bisk(s, pos + 1) {
        Some(got) => (true, got),
        None if is(s, pos + 1, b'-') => (false, bisk(s, pos + 2)?),
        None => return None,
    };
    let signed = aura.to_signed()?;
    Some((signed, new_si(!neg, &v), p))
}

/// Digits of `v` in `radix` (lower case), most significant first; `"0"` for 0.
fn digits(v: &Atom, radix: u32) -> String {
    v.to_biguint().to_str_radix(radix)
}

/// The text of an unsigned atom in aura `aura` (`@ud @ux @ub @ui`) as `++rend:co` writes it.
///
/// Returns `None` for other auras.
pub fn print_unsigned(aura: Aura, v: &Atom) -> Option<String> {
    let (prefix, radix, gop) = match aura {
        Aura::Ud => ("", 10, Some(3)),
        Aura::Ux => ("0x", 16, Some(4)),
        Aura::Ub => ("0b", 2, Some(4)),
        Aura::Ui => ("0i", 10, None),
        _ => return None,
    };
    // Hoon's `++ox-co`: groups of `gop` digits from the right.
    let body = match gop {
        Some(g) => v.to_dotted(radix, g),
        None => digits(v, radix),
    };
    Some(format!("{prefix}{body}"))
}

/// The text of a signed atom in aura `aura` (`@sd @sx @sb @si`): `--` or `-`, then the magnitude.
///
/// Returns `None` for other auras.
pub fn print_signed(aura: Aura, v: &Atom) -> Option<String> {
    let unsigned = aura.to_unsigned()?;
    let (non_negative, mag) = old_si(v);
    let body = print_unsigned(unsigned, &mag)?;
    Some(format!("{}{body}", if non_negative { "--" } else { "-" }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full<T>(s: &str, f: impl Fn(&[u8], usize) -> Option<(T, usize)>) -> Option<T> {
        f(s.as_bytes(), 0).and_then(|(v, p)| (p == s.len()).then_some(v))
    }

    #[test]
    fn dem_groups() {
        // Groups after the first are exactly three digits; a lone 0 takes nothing more.
        assert_eq!(full("1.000.000", dem), Some(BigUint::from(1_000_000u32)));
        assert_eq!(full("0", dem), Some(BigUint::zero()));
        assert_eq!(full("1000", dem), None);
        assert_eq!(full("01", dem), None);
        assert_eq!(full("1.00", dem), None);
        assert_eq!(full("1.\n000", dem), Some(BigUint::from(1000u32)));
    }

    #[test]
    fn hex_groups() {
        assert_eq!(
            full("1.3f80.0000", hex),
            Some(BigUint::from(0x1_3f80_0000u64))
        );
        // The first group's later digits may be upper case (`++hit`); full groups may not (`++six`).
        assert_eq!(full("aB", hex), Some(BigUint::from(0xabu32)));
        assert_eq!(full("1.3F80", hex), None);
        assert_eq!(full("0abc", hex), None);
    }

    #[test]
    fn prints() {
        let p = |a, v: u64| print_unsigned(a, &Atom::from_u64(v)).unwrap();
        assert_eq!(p(Aura::Ud, 1_000_000), "1.000.000");
        assert_eq!(p(Aura::Ud, 0), "0");
        assert_eq!(p(Aura::Ux, 0x1_3f80_0000), "0x1.3f80.0000");
        assert_eq!(p(Aura::Ux, 0), "0x0");
        assert_eq!(p(Aura::Ub, 16), "0b1.0000");
        assert_eq!(p(Aura::Ui, 12345), "0i12345");
        let s = |a, v: u64| print_signed(a, &Atom::from_u64(v)).unwrap();
        assert_eq!(s(Aura::Sd, 10), "--5");
        assert_eq!(s(Aura::Sd, 9), "-5");
        assert_eq!(s(Aura::Sd, 0), "--0");
        assert_eq!(s(Aura::Sx, 1), "-0x1");
    }
}
