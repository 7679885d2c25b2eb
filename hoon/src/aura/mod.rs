//! Aura literals: Hoon atom literals parsed and printed exactly as Hoon does.
//!
//! [`parse_literal`] recognises which aura a literal has, as `++slay` does with
//! `++nuck:so` (urbit/urbit `sys/hoon.hoon`, kelvin 138, section 4l) plus the
//! few source-level forms a Hoon expression uses for constants: `%term`, `%$`,
//! `%.y`/`%.n`, `&`/`|`, `~`, and casts `` `@rd`0x1 ``. Like Hoon's parser,
//! alternatives are tried in Hoon's order and the first one that matches wins;
//! the literal must then be consumed whole. [`print()`] writes an atom as
//! `++rend:co` (and the dojo) does.
//!
//! Families, one module each: [`int`] (`@ud @ux @ub @ui @sd @sx @sb @si`),
//! [`float`] (`@rh @rs @rd @rq`), [`ip`] (`@if @is`); terms, loobeans and null
//! are here.

pub mod float;
pub mod int;
pub mod ip;
mod scan;

use scan::{at, is, is_low};
use softblas::Atom;
use std::fmt;

/// An aura: the soft type of an atom, which decides how it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aura {
    /// `@`: no aura (printed as `@ud`).
    Raw,
    /// `@ud`: unsigned decimal, `1.000.000`.
    Ud,
    /// `@ux`: unsigned hexadecimal, `0x1.3f80.0000`.
    Ux,
    /// `@ub`: unsigned binary, `0b1.0000`.
    Ub,
    /// `@ui`: unsigned decimal without separators, `0i123`.
    Ui,
    /// `@sd`: signed decimal, `--5` / `-5`.
    Sd,
    /// `@sx`: signed hexadecimal, `--0x5`.
    Sx,
    /// `@sb`: signed binary, `-0b1`.
    Sb,
    /// `@si`: signed `@ui`, `--0i5`.
    Si,
    /// `@rh`: IEEE binary16, `.~~1.5`.
    Rh,
    /// `@rs`: IEEE binary32, `.1.5`.
    Rs,
    /// `@rd`: IEEE binary64, `.~1.5`.
    Rd,
    /// `@rq`: IEEE binary128, `.~~~1.5`.
    Rq,
    /// `@if`: IPv4 address, `.1.2.3.4`.
    If,
    /// `@is`: IPv6 address, `.0.0.0.0.0.0.0.1`.
    Is,
    /// `@tas`: a term (symbol), `%foo`; the atom is its bytes, first byte lowest.
    Tas,
    /// `?`: a loobean, `%.y` = 0, `%.n` = 1.
    F,
    /// `~`: null, the atom 0.
    N,
}

impl Aura {
    /// The aura's name without the `@` (`"ud"`, `"rs"`; `""` for [`Aura::Raw`],
    /// `"f"` for loobeans, `"n"` for null).
    pub fn name(self) -> &'static str {
        match self {
            Aura::Raw => "",
            Aura::Ud => "ud",
            Aura::Ux => "ux",
            Aura::Ub => "ub",
            Aura::Ui => "ui",
            Aura::Sd => "sd",
            Aura::Sx => "sx",
            Aura::Sb => "sb",
            Aura::Si => "si",
            Aura::Rh => "rh",
            Aura::Rs => "rs",
            Aura::Rd => "rd",
            Aura::Rq => "rq",
            Aura::If => "if",
            Aura::Is => "is",
            Aura::Tas => "tas",
            Aura::F => "f",
            Aura::N => "n",
        }
    }

    /// The aura named `name` (without the `@`), if it is one of ours.
    pub fn from_name(name: &str) -> Option<Aura> {
        const ALL: [Aura; 18] = [
            Aura::Raw,
            Aura::Ud,
            Aura::Ux,
            Aura::Ub,
            Aura::Ui,
            Aura::Sd,
            Aura::Sx,
            Aura::Sb,
            Aura::Si,
            Aura::Rh,
            Aura::Rs,
            Aura::Rd,
            Aura::Rq,
            Aura::If,
            Aura::Is,
            Aura::Tas,
            Aura::F,
            Aura::N,
        ];
        ALL.into_iter().find(|a| a.name() == name)
    }

    /// The signed aura of an unsigned integer aura (`@ud` -> `@sd`).
    pub fn to_signed(self) -> Option<Aura> {
        match self {
            Aura::Ud => Some(Aura::Sd),
            Aura::Ux => Some(Aura::Sx),
            Aura::Ub => Some(Aura::Sb),
            Aura::Ui => Some(Aura::Si),
            _ => None,
        }
    }

    /// The unsigned aura of a signed integer aura (`@sd` -> `@ud`).
    pub fn to_unsigned(self) -> Option<Aura> {
        match self {
            Aura::Sd => Some(Aura::Ud),
            Aura::Sx => Some(Aura::Ux),
            Aura::Sb => Some(Aura::Ub),
            Aura::Si => Some(Aura::Ui),
            _ => None,
        }
    }
}

impl fmt::Display for Aura {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Aura::F => f.write_str("?"),
            Aura::N => f.write_str("~"),
            a => write!(f, "@{}", a.name()),
        }
    }
}

/// Why a literal could not be parsed or an atom printed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AuraError {
    /// Hoon rejects the text: the parse stopped at byte `at`.
    #[error("syntax error at byte {at} of {text:?}")]
    Syntax {
        /// The literal.
        text: String,
        /// Byte offset where parsing stopped.
        at: usize,
    },
    /// A Hoon literal of a kind we do not parse (dates, `@p`, `@uv`, ...).
    #[error("unsupported literal {text:?}: {what}")]
    Unsupported {
        /// The literal.
        text: String,
        /// What kind of literal it is.
        what: &'static str,
    },
    /// The literal parsed, but as another aura than the one asked for.
    #[error("{text:?} is {found}, not {expected}")]
    WrongAura {
        /// The literal.
        text: String,
        /// The aura asked for.
        expected: Aura,
        /// The aura it has.
        found: Aura,
    },
    /// The atom has no text in this aura (too wide for a float, not a loobean, ...).
    #[error("the atom {atom} cannot be printed as {aura}: {why}")]
    Unprintable {
        /// The aura.
        aura: Aura,
        /// The atom.
        atom: Atom,
        /// Why not.
        why: &'static str,
    },
}

/// The aura and value of a Hoon literal (`1.000`, `0x1.3f80.0000`, `--5`, `.~1e-10`, `%foo`, `~`, ...).
///
/// # Errors
/// - [`AuraError::Syntax`]: Hoon would reject the text;
/// - [`AuraError::Unsupported`]: a valid kind of Hoon literal that we do not parse
///   (`@uv @uw @uc @p @q @da @dr @ta @t`, `.~`-phonetic and `._` lists, bare names).
pub fn parse_literal(text: &str) -> Result<(Aura, Atom), AuraError> {
    let s = text.as_bytes();
    // Casts: `` `@aura`literal ``, outermost wins; parsed iteratively.
    let mut pos = 0;
    let mut cast: Option<Aura> = None;
    while is(s, pos, b'`') {
        let (aura, p) = cast_aura(text, pos)?;
        cast.get_or_insert(aura);
        pos = p;
    }
    let (aura, value) = bare_literal(text, pos)?;
    Ok((cast.unwrap_or(aura), value))
}

/// The value of `text` as a literal of `aura`; like `++slaw`, the literal's own
/// aura must be `aura` (a cast counts).
///
/// # Errors
/// Those of [`parse_literal`], and [`AuraError::WrongAura`].
pub fn parse(aura: Aura, text: &str) -> Result<Atom, AuraError> {
    let (found, v) = parse_literal(text)?;
    if found == aura {
        Ok(v)
    } else {
        Err(AuraError::WrongAura {
            text: text.to_string(),
            expected: aura,
            found,
        })
    }
}

/// The text of `atom` in `aura`, as the dojo prints it.
///
/// # Errors
/// [`AuraError::Unprintable`] when the atom does not fit the aura (a float wider
/// than its width, a loobean other than 0 or 1, null other than 0, a term whose
/// bytes are not a symbol).
pub fn print(aura: Aura, atom: &Atom) -> Result<String, AuraError> {
    let unprintable = |why| AuraError::Unprintable {
        aura,
        atom: atom.clone(),
        why,
    };
    match aura {
        Aura::Raw | Aura::Ud | Aura::Ux | Aura::Ub | Aura::Ui => {
            let a = if aura == Aura::Raw { Aura::Ud } else { aura };
            int::print_unsigned(a, atom).ok_or_else(|| unprintable("not an unsigned aura"))
        }
        Aura::Sd | Aura::Sx | Aura::Sb | Aura::Si => {
            int::print_signed(aura, atom).ok_or_else(|| unprintable("not a signed aura"))
        }
        Aura::Rh | Aura::Rs | Aura::Rd | Aura::Rq => {
            float::print_float(aura, atom).ok_or_else(|| unprintable("wider than the float"))
        }
        Aura::If => Ok(ip::print_ip(false, atom)),
        Aura::Is => Ok(ip::print_ip(true, atom)),
        Aura::F => match atom.as_u64() {
            Some(0) => Ok("%.y".into()),
            Some(1) => Ok("%.n".into()),
            _ => Err(unprintable("a loobean is 0 or 1")),
        },
        Aura::N if atom.is_zero() => Ok("~".into()),
        Aura::N => Err(unprintable("null is 0")),
        Aura::Tas => {
            if atom.is_zero() {
                return Ok("%$".into());
            }
            let bytes = atom.to_le_bytes();
            if sym(&bytes, 0) == Some(bytes.len()) {
                Ok(format!("%{}", String::from_utf8_lossy(&bytes)))
            } else {
                Err(unprintable("not a symbol"))
            }
        }
    }
}

/// Hoon's `++sym`: a lower-case letter, then lower-case letters, digits and `-`.
fn sym(s: &[u8], pos: usize) -> Option<usize> {
    if !at(s, pos).is_some_and(is_low) {
        return None;
    }
    let mut p = pos + 1;
    while at(s, p).is_some_and(|c| is_low(c) || c.is_ascii_digit() || c == b'-') {
        p += 1;
    }
    Some(p)
}

fn syntax(text: &str, at: usize) -> AuraError {
    AuraError::Syntax {
        text: text.to_string(),
        at,
    }
}

fn unsupported(text: &str, what: &'static str) -> AuraError {
    AuraError::Unsupported {
        text: text.to_string(),
        what,
    }
}

/// A cast prefix `` `@aura` `` at `pos`: the aura and the position after it.
fn cast_aura(text: &str, pos: usize) -> Result<(Aura, usize), AuraError> {
    let s = text.as_bytes();
    if !is(s, pos + 1, b'@') {
        return Err(unsupported(
            text,
            "casts other than `@aura` are not supported",
        ));
    }
    let start = pos + 2;
    let mut p = start;
    while at(s, p).is_some_and(is_low) {
        p += 1;
    }
    let name = &text[start..p];
    if at(s, p).is_some_and(|c| c.is_ascii_uppercase()) {
        p += 1;
    }
    if !is(s, p, b'`') {
        return Err(syntax(text, p));
    }
    let aura = Aura::from_name(name).ok_or_else(|| unsupported(text, "an aura we do not know"))?;
    Ok((aura, p + 1))
}

/// Requires the match to end at the end of the text.
fn whole<T>(text: &str, got: Option<(T, usize)>, from: usize) -> Result<T, AuraError> {
    match got {
        Some((v, p)) if p == text.len() => Ok(v),
        Some((_, p)) => Err(syntax(text, p)),
        None => Err(syntax(text, from)),
    }
}

/// A literal without casts, starting at `pos`.
fn bare_literal(text: &str, pos: usize) -> Result<(Aura, Atom), AuraError> {
    let s = text.as_bytes();
    let rest = &text[pos..];
    let big = |(a, v, p): (Aura, num_bigint::BigUint, usize)| ((a, Atom::from_biguint(&v)), p);
    match at(s, pos) {
        None => Err(syntax(text, pos)),
        Some(b'0'..=b'9') => {
            if let Some(what) = int::unsupported_base(s, pos) {
                return Err(unsupported(text, what));
            }
            whole(text, int::bisk(s, pos).map(big), pos)
        }
        Some(b'-') => {
            let digits = if is(s, pos + 1, b'-') {
                pos + 2
            } else {
                pos + 1
            };
            if let Some(what) = int::unsupported_base(s, digits) {
                return Err(unsupported(text, what));
            }
            whole(text, int::tash(s, pos).map(big), pos)
        }
        Some(b'.') => zust(text, pos + 1),
        Some(b'~') if rest == "~" => Ok((Aura::N, Atom::ZERO)),
        Some(b'~') => Err(unsupported(
            text,
            "`~` literals other than null (@p, @da, @dr, @ta, @t, blobs) are not supported",
        )),
        Some(b'&') if rest == "&" => Ok((Aura::F, Atom::ZERO)),
        Some(b'|') if rest == "|" => Ok((Aura::F, Atom::ONE)),
        Some(b'%') => term(text, pos + 1),
        Some(c) if is_low(c) => Err(unsupported(text, "a bare name is not a literal")),
        Some(_) => Err(syntax(text, pos)),
    }
}

/// `++zust:so` after a leading `.`: `@is`, `@if`, a float, or `.y`/`.n`.
fn zust(text: &str, pos: usize) -> Result<(Aura, Atom), AuraError> {
    let s = text.as_bytes();
    if let Some(got) = ip::bip(s, pos) {
        let v = whole(text, Some(got), pos)?;
        return Ok((Aura::Is, Atom::from_biguint(&v)));
    }
    if let Some(got) = ip::lip(s, pos) {
        let v = whole(text, Some(got), pos)?;
        return Ok((Aura::If, Atom::from_biguint(&v)));
    }
    if let Some((aura, d, p)) = float::royl(s, pos) {
        let d = whole(text, Some((d, p)), pos)?;
        let fmt = float::Ieee::of(aura).ok_or_else(|| syntax(text, pos))?;
        return Ok((aura, Atom::from_u128(float::decimal_to_bits(&fmt, &d))));
    }
    match at(s, pos) {
        Some(b'y') | Some(b'n') => {
            whole(text, Some(((), pos + 1)), pos)?;
            Ok((Aura::F, Atom::from_u64(u64::from(is(s, pos, b'n')))))
        }
        Some(b'~') => Err(unsupported(text, "@q literals are not supported")),
        Some(b'_') => Err(unsupported(text, "`._` coin lists are not supported")),
        _ => Err(syntax(text, pos)),
    }
}

/// A `%` constant after the `%`: `%foo`, `%$`, `%.y`, `%.n`, `%&`, `%|`, `%~`.
fn term(text: &str, pos: usize) -> Result<(Aura, Atom), AuraError> {
    let s = text.as_bytes();
    let rest = &text[pos..];
    match rest {
        "$" => return Ok((Aura::Tas, Atom::ZERO)),
        ".y" | "&" => return Ok((Aura::F, Atom::ZERO)),
        ".n" | "|" => return Ok((Aura::F, Atom::ONE)),
        "~" => return Ok((Aura::N, Atom::ZERO)),
        _ => {}
    }
    match sym(s, pos) {
        Some(p) => {
            whole(text, Some(((), p)), pos)?;
            Ok((Aura::Tas, Atom::from_le_bytes(&s[pos..p])))
        }
        None if at(s, pos).is_some_and(|c| c.is_ascii_digit() || c == b'-' || c == b'.') => {
            Err(unsupported(text, "`%` before a number is not supported"))
        }
        None => Err(syntax(text, pos)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> (Aura, Atom) {
        parse_literal(s).unwrap()
    }

    #[test]
    fn recognises_auras() {
        assert_eq!(lit("1.000.000"), (Aura::Ud, Atom::from_u64(1_000_000)));
        assert_eq!(
            lit("0x1.3f80.0000"),
            (Aura::Ux, Atom::from_u64(0x1_3f80_0000))
        );
        assert_eq!(lit("0b1.0000"), (Aura::Ub, Atom::from_u64(16)));
        assert_eq!(lit("--5"), (Aura::Sd, Atom::from_u64(10)));
        assert_eq!(lit("-5"), (Aura::Sd, Atom::from_u64(9)));
        assert_eq!(lit("--0"), (Aura::Sd, Atom::ZERO));
        assert_eq!(lit("-0x1"), (Aura::Sx, Atom::ONE));
        assert_eq!(lit(".1.5"), (Aura::Rs, Atom::from_u64(0x3fc0_0000)));
        assert_eq!(lit(".1.2.3.4"), (Aura::If, Atom::from_u64(0x0102_0304)));
        assert_eq!(lit("%n"), (Aura::Tas, Atom::from_u64(u64::from(b'n'))));
        assert_eq!(lit("%foo"), (Aura::Tas, Atom::from_le_bytes(b"foo")));
        assert_eq!(lit("%.y"), (Aura::F, Atom::ZERO));
        assert_eq!(lit("%.n"), (Aura::F, Atom::ONE));
        assert_eq!(lit("~"), (Aura::N, Atom::ZERO));
        assert_eq!(lit("`@rd`0x1"), (Aura::Rd, Atom::ONE));
        assert_eq!(lit("`@rsD`.1"), (Aura::Rs, Atom::from_u64(0x3f80_0000)));
    }

    #[test]
    fn rejects_what_hoon_rejects() {
        for bad in [
            "", "1000", "0x", "0x00", "01", "--", "-", ".", ".1.", ".01", "%", "%Foo", "1.2.3",
            "0x1.3F80", "``",
        ] {
            assert!(parse_literal(bad).is_err(), "{bad:?} should be rejected");
        }
        assert!(matches!(
            parse_literal("~zod"),
            Err(AuraError::Unsupported { .. })
        ));
        assert!(matches!(
            parse_literal("0v1"),
            Err(AuraError::Unsupported { .. })
        ));
    }

    #[test]
    fn prints() {
        let p = |a, v: u64| print(a, &Atom::from_u64(v)).unwrap();
        assert_eq!(p(Aura::Tas, u64::from(b'n')), "%n");
        assert_eq!(p(Aura::F, 0), "%.y");
        assert_eq!(p(Aura::N, 0), "~");
        assert_eq!(p(Aura::Raw, 1000), "1.000");
        assert!(print(Aura::F, &Atom::from_u64(2)).is_err());
        assert!(print(Aura::Rh, &Atom::from_u64(0x1_0000)).is_err());
    }
}
