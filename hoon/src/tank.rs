//! Tanks as the dojo shows them: an atom sold under an aura (`++sell`), a tank
//! laid out at a terminal width (`++re`), tanks as nouns, and what Lagoon's
//! `++print` writes.
//!
//! Ported from urbit/urbit `pkg/arvo/sys/hoon.hoon` (kelvin 138, commit
//! b85a224f): `++sell` and the `%mato` case of `++dish:us` (section 5),
//! `++rend:co` (4k), `++tuft` and `++wood` (4b), `++ram:re`, `++win:re` and
//! `++wash` (4c); and from urbit/vere `pkg/vere/pier.c` `u3_pier_tank`, which
//! renders a `%slog` tank with `(wash [0 width] tank)` after a priority prefix.
//! The tank's structure for a ray comes from [`lagoon::print`].
//!
//! This is urnum's one printer: `urnum eval` (`urnum_cli::eval::print`) builds
//! its `++dish` tanks from [`sell_atom`] and [`sell_pear`] and lays them out
//! with [`ram`] and [`wash`], and the Lagoon printing arms
//! (`registry::lagoon_print`) use the same functions.
//!
//! # What `++to-tank` prints for each kind
//!
//! `++to-tank` sells each element under the *kind's term*, so the dojo runs
//! `++dish` on the type `[%atom %i754 ~]` (etc.). `++dish` first parses the
//! aura with `(rash aura ;~(sfix (star low) (star hig)))`, which must consume
//! the whole term: lower-case letters, then upper-case letters. The kinds
//! `%i754` and `%int2` contain digits, so that parse fails and `++rash`
//! crashes with "syntax error": `print`, `slog` and `to-tank` crash on every
//! `%i754` and `%int2` ray (there is no jet for `++sell` in urbit/vere). The
//! other four terms parse whole and go to `~(rend co [%$ kind x])`, which
//! dispatches on the term's first two letters:
//!
//! | kind    | `++rend` branch | text of x                       |
//! |---------|-----------------|---------------------------------|
//! | `%uint` | `u`, then `i`   | `0i` and plain decimal: `0i1024`|
//! | `%unum` | `u`, other      | dotted decimal as `@ud`: `16.384` |
//! | `%cplx` | `c`             | `~-` and `++wood` of `++tuft` of x (`@c`), which crashes for most float bit patterns |
//! | `%fixp` | `f`             | `.y` for 0, `.n` for 1, else `0x` and plain hex |

use crate::aura::{self, Aura};
use crate::noun::Noun;
use lagoon::print::{print_tank, Tank};
use lagoon::{LagoonError, Ray};
use softblas::Atom;
use thiserror::Error;

/// Why a tank could not be made or laid out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TankError {
    /// The Hoon crashes; the text names the failed step.
    #[error("crash: {0}")]
    Crash(String),
    /// urnum does not reproduce this case (yet); the text says what is missing.
    #[error("unsupported: {0}")]
    Unsupported(String),
}

impl From<LagoonError> for TankError {
    fn from(e: LagoonError) -> TankError {
        if e.is_unsupported() {
            TankError::Unsupported(e.to_string())
        } else {
            TankError::Crash(e.to_string())
        }
    }
}

fn unsupported(what: impl Into<String>) -> TankError {
    TankError::Unsupported(what.into())
}

/// The `(rash aura ;~(sfix (cook crip (star low)) (star hig)))` step of
/// `++dish`: the aura's lower-case part, which must be followed only by
/// upper-case letters.
///
/// # Errors
/// [`TankError::Crash`] when the aura does not parse (a digit or other
/// character, or a lower-case letter after an upper-case one): `++rash` fails.
pub fn aura_case(aura: &str) -> Result<&str, TankError> {
    let b = aura.as_bytes();
    let low = b.iter().take_while(|c| c.is_ascii_lowercase()).count();
    if !b[low..].iter().all(u8::is_ascii_uppercase) {
        return Err(TankError::Crash(format!(
            "sell: (rash '{aura}' ;~(sfix (star low) (star hig))) stops at byte {}: syntax error",
            low + b[low..]
                .iter()
                .take_while(|c| c.is_ascii_uppercase())
                .count()
        )));
    }
    Ok(&aura[..low])
}

/// Port of `(sell [%atom aura ~] atom)`: the leaf Hoon's printer makes for an
/// atom of aura `@aura` (`aura` without `@`), by the `%mato` case of `++dish`.
///
/// The aura must be lower-case letters followed by upper-case letters
/// ([`aura_case`]); its lower-case part picks the case: empty → `@ud`; `t` → a
/// quoted cord; `tas` → `%term`; anything else → [`rend`] with the whole aura.
///
/// # Errors
/// [`TankError::Crash`] when the aura does not parse or `rend` crashes;
/// [`TankError::Unsupported`] for an aura whose printer urnum lacks.
pub fn sell_atom(aura: &str, atom: &Atom) -> Result<Tank, TankError> {
    let text = match aura_case(aura)? {
        "" => rend("ud", atom)?,
        "t" => dash(&atom.to_le_bytes(), b'\'')?,
        "tas" if atom.is_zero() => "%$".to_string(),
        "tas" => format!("%{}", utf8(atom.to_le_bytes(), "a @tas")?),
        _ => rend(aura, atom)?,
    };
    Ok(Tank::Leaf(text))
}

/// Port of the `%pear` case of `++dish`: the leaf for the constant `atom` of
/// aura `@aura` (a cube such as `%.y`, `~` or `%5`): [`sell_atom`] under the
/// aura's lower-case part, with `%` in front unless that part is `n` or `tas`
/// (whose text already reads as a constant).
///
/// # Errors
/// As [`sell_atom`].
pub fn sell_pear(aura: &str, atom: &Atom) -> Result<Tank, TankError> {
    let low = aura_case(aura)?;
    let Tank::Leaf(fox) = sell_atom(low, atom)? else {
        unreachable!("sell_atom makes a leaf")
    };
    Ok(Tank::Leaf(if matches!(low, "n" | "tas") {
        fox
    } else {
        format!("%{fox}")
    }))
}

/// Port of `~(rend co [%$ aura atom])`: the text of `atom` in `aura`, chosen by
/// the aura's first letter and then its second.
///
/// Implemented: `@c…` (`~-` and [`wood`] of [`tuft`]), `@f…`, `@n…`, `@i…`
/// (`@if`, `@is`, else hex), `@r…` (`@rh @rs @rd @rq`, else hex), `@s…`
/// (signed, over the `@u…` cases below), `@t…` (`@tas`-like, `@ta`, else
/// `~~` and [`wood`]), `@u…` (`@ub @ui @ux`, and decimal for any other second
/// letter), `@d…` other than `@da`/`@dr`, and the hex fallback (`0x`, no
/// grouping) for every other first letter.
///
/// # Errors
/// [`TankError::Crash`] where the Hoon crashes (`++wood` on bytes that are not
/// UTF-8 it can round-trip); [`TankError::Unsupported`] for `@da @dr @p @q @uc
/// @uv @uw`, a float atom wider than its float, or text that is not UTF-8.
pub fn rend(aura: &str, atom: &Atom) -> Result<String, TankError> {
    let b = aura.as_bytes();
    let (yed, hay) = (b.first().copied(), b.get(1).copied());
    let hex = || atom.to_hex();
    let printed =
        |a: Aura, x: &Atom| aura::print(a, x).map_err(|e| unsupported(format!("@{aura}: {e}")));
    match yed {
        Some(b'c') => Ok(format!("~-{}", utf8(wood(&tuft(atom))?, "a ++wood cord")?)),
        Some(b'd') if matches!(hay, Some(b'a') | Some(b'r')) => Err(unsupported(format!(
            "@{aura}: dates and spans are not printed"
        ))),
        Some(b'f') => Ok(match atom.as_u64() {
            Some(0) => ".y".to_string(),
            Some(1) => ".n".to_string(),
            _ => hex(),
        }),
        Some(b'n') => Ok("~".to_string()),
        Some(b'i') => match hay {
            Some(b'f') => printed(Aura::If, atom),
            Some(b's') => printed(Aura::Is, atom),
            _ => Ok(hex()),
        },
        Some(b'p') | Some(b'q') => Err(unsupported(format!(
            "@{aura}: phonetic names (++fein:ob) are not printed"
        ))),
        Some(b'r') => match hay {
            Some(b'h') => printed(Aura::Rh, atom),
            Some(b's') => printed(Aura::Rs, atom),
            Some(b'd') => printed(Aura::Rd, atom),
            Some(b'q') => printed(Aura::Rq, atom),
            _ => Ok(hex()),
        },
        Some(b's') => {
            // `syn:si` is the low bit clear; `abs:si` is `(add (end 0 a) (rsh 0 a))`.
            let non_negative = !atom.bit(0);
            let magnitude = atom.shr(1).add(&Atom::from_u64(u64::from(atom.bit(0))));
            let sign = if non_negative { "--" } else { "-" };
            Ok(format!("{sign}{}", rend_unsigned(aura, hay, &magnitude)?))
        }
        Some(b't') => {
            let bytes = atom.to_le_bytes();
            if hay == Some(b'a') {
                let text = utf8(bytes, "a @ta")?;
                Ok(if b.get(2) == Some(&b's') {
                    text
                } else {
                    format!("~.{text}")
                })
            } else {
                Ok(format!("~~{}", utf8(wood(&bytes)?, "a ++wood cord")?))
            }
        }
        Some(b'u') => rend_unsigned(aura, hay, atom),
        _ => Ok(hex()),
    }
}

/// The `%u` case of `++rend:co` for second letter `hay`.
fn rend_unsigned(aura: &str, hay: Option<u8>, atom: &Atom) -> Result<String, TankError> {
    let a = match hay {
        Some(b'c') => return Err(unsupported(format!("@{aura}: base58check is not printed"))),
        Some(b'v') | Some(b'w') => {
            return Err(unsupported(format!("@{aura}: base 32/64 is not printed")))
        }
        Some(b'b') => Aura::Ub,
        Some(b'i') => Aura::Ui,
        Some(b'x') => Aura::Ux,
        _ => Aura::Ud,
    };
    aura::print(a, atom).map_err(|e| unsupported(format!("@{aura}: {e}")))
}

/// Port of `++tuft`: the UTF-8 bytes of the `@c` atom `a`, read as 32-bit code
/// points from the low end while the rest is non-zero.
///
/// As in Hoon, a code point above `0xffff` takes the four-byte form of its low
/// 21 bits (higher bits are dropped, nothing is checked), and a zero code point
/// below a non-zero one contributes nothing (`++rap` drops zero bytes).
pub fn tuft(a: &Atom) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0u64;
    while !a.shr(32 * i).is_zero() {
        let b = a.bits_u128(32 * i, 32) as u32;
        i += 1;
        let cont = |shift: u32| 0x80 | ((b >> shift) & 0x3f) as u8;
        match b {
            0 => {}
            1..=0x7f => out.push(b as u8),
            0x80..=0x7ff => out.extend([0xc0 | ((b >> 6) & 0x1f) as u8, cont(0)]),
            0x800..=0xffff => out.extend([0xe0 | ((b >> 12) & 0xf) as u8, cont(6), cont(0)]),
            _ => out.extend([0xf0 | ((b >> 18) & 0x7) as u8, cont(12), cont(6), cont(0)]),
        }
    }
    out
}

/// Port of `++wood`: the cord `a` (bytes, first byte lowest) escaped into a
/// knot: `a-z 0-9 -` kept, space to `.`, `.` to `~.`, `~` to `~~`, and any
/// other character to `~`, its code point in lower-case hex, `.`.
///
/// Each character is measured by `++teff` and decoded by `++taft`, which
/// asserts that re-encoding gives back the same bytes.
///
/// # Errors
/// [`TankError::Crash`] where `++teff` or `++taft` crashes: a zero byte below
/// a non-zero one, a lead byte below 32 other than 10, or a character that does
/// not round-trip through `++tuft` (a truncated or over-long sequence).
pub fn wood(a: &[u8]) -> Result<Vec<u8>, TankError> {
    let end = a.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1);
    let a = &a[..end];
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < a.len() {
        let lead = a[pos];
        if lead == 0 {
            return Err(TankError::Crash(
                "wood: ++teff of a zero byte below a non-zero one".into(),
            ));
        }
        if lead < 32 && lead != 10 {
            return Err(TankError::Crash(format!(
                "wood: ++teff of the control byte {lead:#x}"
            )));
        }
        let len = match lead {
            0..=127 => 1,
            128..=223 => 2,
            224..=239 => 3,
            _ => 4,
        };
        // `(end [3 len] a)`: the character's bytes, zero above the cord's end.
        let mut ch = [0u8; 4];
        for (k, slot) in ch.iter_mut().enumerate().take(len) {
            *slot = a.get(pos + k).copied().unwrap_or(0);
        }
        let c = taft_one(&ch[..len]);
        let enc = tuft(&Atom::from_u64(u64::from(c)));
        let mut given = ch[..len].to_vec();
        while given.last() == Some(&0) {
            given.pop();
        }
        if enc != given {
            return Err(TankError::Crash(format!(
                "wood: ++taft of {:02x?} decodes to {c:#x}, which does not re-encode to it",
                &ch[..len]
            )));
        }
        match c {
            0x61..=0x7a | 0x30..=0x39 | 0x2d => out.push(c as u8),
            0x20 => out.push(b'.'),
            0x2e => out.extend(b"~."),
            0x7e => out.extend(b"~~"),
            _ => {
                out.push(b'~');
                out.extend(format!("{c:x}").bytes());
                out.push(b'.');
            }
        }
        pos += len;
    }
    Ok(out)
}

/// `++taft` of one character of `bytes.len()` bytes (1 to 4): the code point
/// assembled from the lead byte's low 7/5/4/3 bits and each following byte's
/// low 6 bits, without checking the continuation markers.
fn taft_one(bytes: &[u8]) -> u32 {
    let lead_bits = [7u32, 5, 4, 3][bytes.len() - 1];
    let mut c = u32::from(bytes[0]) & ((1 << lead_bits) - 1);
    for &b in &bytes[1..] {
        c = (c << 6) | (u32::from(b) & 0x3f);
    }
    c
}

/// `++dash` with no extra escapes: `lim`, the bytes with `lim` and `\` escaped
/// by `\` and control bytes below space written `\` and two hex digits, `lim`.
fn dash(bytes: &[u8], lim: u8) -> Result<String, TankError> {
    let end = bytes.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1);
    let mut out = vec![lim];
    for &c in &bytes[..end] {
        if c == lim || c == b'\\' {
            out.extend([b'\\', c]);
        } else if c >= b' ' {
            out.push(c);
        } else {
            out.extend(format!("\\{c:02x}").bytes());
        }
    }
    out.push(lim);
    utf8(out, "a quoted cord")
}

fn utf8(bytes: Vec<u8>, what: &str) -> Result<String, TankError> {
    String::from_utf8(bytes).map_err(|_| unsupported(format!("{what} that is not UTF-8")))
}

/// Port of `++ram:re`: the tank on one line.
///
/// A leaf is its text; a rose is its opening, the items joined by its
/// separator, its closing; a palm is the rose of its `mid`, its `open` and
/// `fore` joined, and its `close`.
pub fn ram(tac: &Tank) -> String {
    if let Tank::Leaf(p) = tac {
        return p.clone();
    }
    // The separator first, the closing last, the opening between (a palm's `open` and `fore`).
    let (_, style, items) = styled(tac);
    let (sep, close) = (style[0], style[style.len() - 1]);
    let open: String = style[1..style.len() - 1]
        .iter()
        .map(|s| s.as_str())
        .collect();
    let body: Vec<String> = items.iter().map(ram).collect();
    format!("{open}{}{close}", body.join(sep))
}

/// The tag of `tac`, its strings in the order of its noun (a leaf's text;
/// a palm's `[mid open fore close]`, a rose's `[sep open close]`) and its items.
fn styled(tac: &Tank) -> (&'static str, Vec<&String>, &[Tank]) {
    match tac {
        Tank::Leaf(p) => ("leaf", vec![p], &[]),
        Tank::Palm {
            mid,
            open,
            fore,
            close,
            items,
        } => ("palm", vec![mid, open, fore, close], items),
        Tank::Rose {
            sep,
            open,
            close,
            items,
        } => ("rose", vec![sep, open, close], items),
    }
}

/// Port of `(wash [tab edg] tac)`, i.e. `(~(win re tac) tab edg)`: the tank as
/// lines indented by `tab` and wrapped for a terminal `edg` columns wide.
///
/// A tank whose [`ram`] fits in `edg − tab` columns is one line. Otherwise a
/// rose puts each item on its own lines at indent `(tab + 2) mod (2 · (edg / 3))`,
/// its closing on a line at `tab`, and its opening in front of the first line
/// when that line starts with enough spaces (else on a line of its own); a palm
/// puts its items at indents stepping back by 2 to `tab`, with its opening in
/// front as a rose does (or, for one item, on a line above it at `tab + 2`).
///
/// # Errors
/// [`TankError::Crash`] where the Hoon crashes: `tab > edg` (`(sub edg tab)`)
/// or a rose that must wrap when `edg < 3` (`mod` by 0).
pub fn wash(tab: u64, edg: u64, tac: &Tank) -> Result<Vec<String>, TankError> {
    let mut lug = Vec::new();
    win(tac, tab, edg, &mut lug)?;
    lug.reverse();
    Ok(lug)
}

/// `++win`, pushing lines onto `lug`, whose last entry is the top line.
fn win(tac: &Tank, tab: u64, edg: u64, lug: &mut Vec<String>) -> Result<(), TankError> {
    let fits = |hom: &str| -> Result<bool, TankError> {
        let room = edg.checked_sub(tab).ok_or_else(|| {
            TankError::Crash(format!("win: (sub edg tab) with tab {tab} > edg {edg}"))
        })?;
        Ok(hom.len() as u64 <= room)
    };
    match tac {
        Tank::Leaf(p) => rig(tab, p, lug),
        Tank::Palm { open, items, .. } => {
            let hom = ram(tac);
            if fits(&hom)? {
                rig(tab, &hom, lug);
                return Ok(());
            }
            match items.len() {
                0 => rig(tab, open, lug),
                1 => {
                    win(&items[0], tab, edg, lug)?;
                    rig(tab + 2, open, lug);
                }
                n => {
                    for (k, item) in items.iter().enumerate().rev() {
                        win(item, tab + 2 * (n - 1 - k) as u64, edg, lug)?;
                    }
                    wig(tab, open, lug);
                }
            }
        }
        Tank::Rose {
            open, close, items, ..
        } => {
            let hom = ram(tac);
            if fits(&hom)? {
                rig(tab, &hom, lug);
                return Ok(());
            }
            if !close.is_empty() {
                rig(tab, close, lug);
            }
            if !items.is_empty() {
                let wrap = 2 * (edg / 3);
                if wrap == 0 {
                    return Err(TankError::Crash(format!(
                        "win: (mod (add 2 tab) (mul 2 (div edg 3))) by 0 at width {edg}"
                    )));
                }
                let inner = (tab + 2) % wrap;
                for item in items.iter().rev() {
                    win(item, inner, edg, lug)?;
                }
            }
            if !open.is_empty() {
                wig(tab, open, lug);
            }
        }
    }
    Ok(())
}

/// `++rig`: `hom` indented by `tab`, on top of the stack.
fn rig(tab: u64, hom: &str, lug: &mut Vec<String>) {
    lug.push(format!("{}{hom}", " ".repeat(tab as usize)));
}

/// `++wig`: `hom` joined in front of the top line when that line is longer
/// than `1 + tab + len(hom)` and starts with that many spaces; else [`rig`].
fn wig(tab: u64, hom: &str, lug: &mut Vec<String>) {
    let wug = 1 + tab as usize + hom.len();
    match lug.last_mut() {
        Some(top) if top.len() > wug && top.as_bytes()[..wug].iter().all(|&c| c == b' ') => {
            *top = format!("{}{hom} {}", " ".repeat(tab as usize), &top[wug..]);
        }
        _ => rig(tab, hom, lug),
    }
}

/// The tape `text` as a noun: the list of its bytes.
pub fn tape_to_noun(text: &str) -> Noun {
    Noun::list(
        text.bytes()
            .map(|c| Noun::atom(Atom::from_u64(u64::from(c)))),
    )
}

fn term(t: &str) -> Noun {
    Noun::Atom(Atom::from_le_bytes(t.as_bytes()))
}

/// The cells [`tank_to_noun`] builds for `tac`: one per tape character and
/// list item, plus each node's tuple, counted without building any.
pub fn tank_cells(tac: &Tank) -> u64 {
    let tapes = |ts: &[&String]| ts.iter().map(|t| t.len() as u64 + 1).sum::<u64>();
    match tac {
        Tank::Leaf(p) => 1 + p.len() as u64,
        _ => {
            // The node's cells: 4, and one a style string (a palm 8, a rose 7).
            let (_, style, items) = styled(tac);
            4 + style.len() as u64 + tapes(&style) + items_cells(items)
        }
    }
}

fn items_cells(items: &[Tank]) -> u64 {
    items.iter().fold(0u64, |n, t| {
        n.saturating_add(1).saturating_add(tank_cells(t))
    })
}

/// The tank as the Hoon noun: `[%leaf tape]`, `[%palm [p q r s] items]`,
/// `[%rose [p q r] items]`.
pub fn tank_to_noun(tac: &Tank) -> Noun {
    match tac {
        Tank::Leaf(p) => Noun::cell(term("leaf"), tape_to_noun(p)),
        _ => {
            let (tag, style, items) = styled(tac);
            Noun::tuple([
                term(tag),
                Noun::tuple(style.iter().map(|t| tape_to_noun(t))),
                Noun::list(items.iter().map(tank_to_noun)),
            ])
        }
    }
}

/// What vere writes for a `%slog` of priority `priority` whose tank rendered
/// to `wall` (`u3_pier_tank` with terminal colours off): `>>> `, `>>  ` or
/// `>   ` for priorities 3, 2, 1 (nothing for 0) before the first line, and
/// the lines joined by newlines (vere writes CR LF between them). With colours
/// on, vere wraps the same text in an ANSI colour for the priority.
pub fn slog_text(priority: u8, wall: &[String]) -> String {
    let prefix = match priority {
        3 => ">>> ",
        2 => ">>  ",
        1 => ">   ",
        _ => "",
    };
    format!("{prefix}{}", wall.join("\n"))
}

/// The lines Lagoon's `++print` makes the runtime write for `a` on a terminal
/// `width` columns wide: [`lagoon::print::print_tank`] with the dojo's
/// [`sell_atom`], laid out by `(wash [0 width] tank)`. (`print` then produces
/// `~`, which the dojo prints on the next line.) Pass the lines to
/// [`slog_text`] with priority 1 for the text with its prefix.
///
/// `width` is the terminal's column count (vere's `u3_term_get_blew`).
///
/// # Errors
/// [`TankError::Crash`] where the Hoon crashes — every `%i754` and `%int2` ray
/// (see the module docs), most `%cplx` element bit patterns, an empty shape —
/// and [`TankError::Unsupported`] where urnum does not reproduce the text.
/// A crash of the layout itself ([`wash`]'s errors) is different in the
/// runtime: vere runs `wash` under `soft` and, when it fails, logs
/// `%slog-bad-tank` instead of the tank, while `print` still produces `~`.
pub fn print_lines(a: &Ray, width: u64) -> Result<Vec<String>, TankError> {
    let tank = print_tank(a, &mut sell_atom)?;
    wash(0, width, &tank)
}
