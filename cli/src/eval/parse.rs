//! A parser for the subset of Hoon that numerics users type into the dojo.
//!
//! What it reads (wide forms, plus the tall forms of the runes named):
//! - literals of every aura [`hoon::aura::parse_literal`] knows (`.~1e-10`,
//!   `0x1.3f80.0000`, `--5`, `%i754`, `~`, `%.y`, `` `@rd`0x1 ``);
//! - wings: `name`, `arm:door`, `arm:door:lib`, `arm:(lake %n)`, `face:value`;
//! - calls `(gate a b ...)`, `%-(gate a)`, `%+(gate a b)`, `%^(gate a b c)`;
//! - door calls `~(arm door sample)`;
//! - cells `[a b c]`, null-terminated tuples `~[a b c]`, units `` `a ``;
//! - casts `^-(spec value)` and `` `spec`value `` with specs `@aura`, `*`, `?`,
//!   `ray`, `meta`, `baum`, `(list spec)`, `(unit spec)`, `[spec spec]`;
//! - bindings `=/(name value body)`, tall `=/  name  value  body`, with an
//!   optional `name=spec`.
//!
//! Hoon's gap rules (one space in wide form, two or a newline in tall form)
//! are relaxed: any run of whitespace separates. `::` starts a comment.

mod cursor;
mod forms;
#[cfg(test)]
mod tests;

use hoon::aura::Aura;
use softblas::Atom;
use thiserror::Error;

/// A parse error: where (byte offset, line and column), what, and whether
/// the text is Hoon outside the subset (a rune, literal or wing form urnum
/// does not read) rather than text that is not Hoon.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{} at line {line}, column {col}: {msg}", if *.unsupported { "unsupported Hoon" } else { "syntax error" })]
pub struct ParseError {
    /// Byte offset of the error.
    pub at: usize,
    /// Its line, from 1 (a batch input's line, once [`ParseError::shift`]ed).
    pub line: usize,
    /// Its column in characters, from 1.
    pub col: usize,
    /// The text of its line.
    pub line_text: String,
    /// What was expected or found.
    pub msg: String,
    /// How the text may be meant, when the error has a likely cause (the
    /// dojo's digit grouping: `100.000`, not `100000`).
    pub hint: Option<String>,
    /// The text is valid Hoon that urnum does not read.
    pub unsupported: bool,
    /// The text ends inside a bracket opened at [`ParseError::at`] (an
    /// expression a batch input's next line may go on).
    pub unclosed: bool,
}

impl ParseError {
    fn new(at: usize, msg: String, unsupported: bool) -> ParseError {
        ParseError {
            at,
            line: 0,
            col: 0,
            line_text: String::new(),
            msg,
            hint: None,
            unsupported,
            unclosed: false,
        }
    }

    /// Sets the line, column and line text of the error's byte in `text`.
    fn locate(mut self, text: &str) -> ParseError {
        let at = self.at.min(text.len());
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        self.line = text[..at].matches('\n').count() + 1;
        self.col = text[start..at].chars().count() + 1;
        self.line_text = text[start..end].to_string();
        self
    }

    /// The error of an expression that starts `lines` lines into its input.
    pub fn shift(mut self, lines: usize) -> ParseError {
        self.line += lines;
        self
    }

    /// The error, the line it is on with a caret under its column, and the
    /// hint if any, one per line.
    pub fn report(&self) -> String {
        let mut out = format!(
            "{self}\n  {}\n  {}^",
            self.line_text,
            " ".repeat(self.col - 1)
        );
        if let Some(h) = &self.hint {
            out.push_str(&format!("\nhint: {h}"));
        }
        out
    }
}

/// The dojo's spelling of an `@ud` literal written without its digit
/// grouping (`100000` is `100.000`), when `tok` is one.
fn grouped(tok: &str) -> Option<String> {
    if tok.len() <= 3 || !tok.bytes().all(|c| c.is_ascii_digit()) || tok.starts_with('0') {
        return None;
    }
    let head = tok.len() % 3;
    let mut parts: Vec<&str> = Vec::new();
    if head > 0 {
        parts.push(&tok[..head]);
    }
    parts.extend((head..tok.len()).step_by(3).map(|i| &tok[i..i + 3]));
    Some(parts.join("."))
}

/// The characters of Hoon's runes (both of a rune's two characters are among them).
const RUNE_CHARS: &[u8] = b"|$%:.^+-;~=?!/_&*<>@#,";

/// The runes this parser reads.
const READ_RUNES: &[&str] = &["=/", "^-", "%-", "%+", "%^"];

/// A type spec of a cast or binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    /// `@aura` (`""` for `@`).
    Atom(String),
    /// `*`.
    Noun,
    /// `?`.
    Flag,
    /// A named type: `ray`, `meta`, `baum`.
    Named(String),
    /// `(list spec)`.
    List(Box<Spec>),
    /// `(unit spec)`.
    Unit(Box<Spec>),
    /// `[spec spec ...]`.
    Cell(Vec<Spec>),
}

/// One limb of a wing: a name, or a parenthesised expression (`(lake %n)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Limb {
    /// A name.
    Name(String),
    /// An expression in parentheses.
    Expr(Box<Expr>),
}

/// A parsed expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A literal atom with its aura.
    Lit(Aura, Atom),
    /// A wing, limbs left to right (`exp:rd:math` = `[exp rd math]`).
    Wing(Vec<Limb>),
    /// `(gate args...)`.
    Call(Box<Expr>, Vec<Expr>),
    /// `~(arm door sample)`.
    DoorArm {
        /// The arm.
        arm: String,
        /// The door.
        door: Box<Expr>,
        /// The sample (a tuple when several were written).
        sample: Box<Expr>,
    },
    /// `[a b c]`.
    Cell(Vec<Expr>),
    /// `~[a b c]`.
    List(Vec<Expr>),
    /// `` `a ``: `[~ a]`.
    Unit(Box<Expr>),
    /// `^-(spec value)`; `lenient` for the irregular `` `spec`value `` on atoms.
    Cast {
        /// The type.
        spec: Spec,
        /// The value.
        value: Box<Expr>,
        /// Whether any atom may be recast (the `` `@aura`atom `` idiom).
        lenient: bool,
    },
    /// `=/(name value body)`.
    Let {
        /// The bound name.
        name: String,
        /// Its declared type, if any.
        spec: Option<Spec>,
        /// The value.
        value: Box<Expr>,
        /// The body.
        body: Box<Expr>,
    },
}

/// Parses one whole expression.
///
/// # Errors
/// [`ParseError`] at the first byte that does not fit the grammar, or trailing text.
pub fn parse(text: &str) -> Result<Expr, ParseError> {
    let mut p = Parser {
        s: text.as_bytes(),
        text,
        pos: 0,
    };
    let e = p.expr().map_err(|e| e.locate(text))?;
    p.ws();
    if p.pos != p.s.len() {
        return Err(p.err("trailing text after the expression").locate(text));
    }
    Ok(e)
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    pos: usize,
}

fn is_name_start(c: u8) -> bool {
    c.is_ascii_lowercase()
}

fn is_name(c: u8) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-'
}

fn is_delim(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b'(' | b')' | b'[' | b']')
}

/// What Hoon form a token that is no literal urnum reads is, when it is
/// one: a cord or tape, a literal of another aura (`~zod`, `~2025.1.1`,
/// `~s1`, `~.knot`, `0b101`, `0v1f`, `0w1`, `0c1`, `0i1`), an axis or lark
/// wing (`+3`, `-.a`, `+<`), `$`, `.`, `..`, or a loobean `&` / `|`.
fn outside_form(tok: &str) -> Option<&'static str> {
    let b = tok.as_bytes();
    let first = *b.first()?;
    let second = b.get(1).copied();
    Some(match first {
        b'\'' => "the cord",
        b'"' => "the tape",
        b'~' if second.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'.') => "the literal",
        b'0' if matches!(second, Some(b'b' | b'v' | b'w' | b'c' | b'i')) => "the literal",
        b'+' | b'-'
            if second.is_none_or(|c| matches!(c, b'.' | b'<' | b'>') || c.is_ascii_digit()) =>
        {
            "the axis or lark wing"
        }
        b'$' => "the wing",
        b'.' if second.is_none_or(|c| c == b'.') => "the wing",
        b'&' | b'|' if second.is_none() => "the loobean",
        _ => return None,
    })
}
