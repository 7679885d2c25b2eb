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

use hoon::aura::{self, Aura};
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

impl Parser<'_> {
    fn err(&self, msg: &str) -> ParseError {
        ParseError::new(self.pos, msg.to_string(), false)
    }

    /// The error of a bracket at `open` that the text ends inside.
    fn unclosed(&self, open: usize, close: u8) -> ParseError {
        let opener = char::from(self.s[open]);
        let msg = format!(
            "this `{opener}` is never closed (no `{}` before the end)",
            char::from(close)
        );
        ParseError {
            unclosed: true,
            ..ParseError::new(open, msg, false)
        }
    }

    fn unsupported(&self, at: usize, msg: String) -> ParseError {
        ParseError::new(at, msg, true)
    }

    /// A rune at the cursor that this parser does not read: two rune
    /// characters followed by `(` (wide form), a gap (tall form), or for
    /// `!!` anything that ends an expression.
    fn unread_rune(&self) -> Option<&str> {
        let two = self.s.get(self.pos..self.pos + 2)?;
        if !RUNE_CHARS.contains(&two[0]) || !RUNE_CHARS.contains(&two[1]) {
            return None;
        }
        let next = self.s.get(self.pos + 2).copied();
        let opens = match next {
            None => two == b"!!",
            Some(c) => c == b'(' || c.is_ascii_whitespace() || (two == b"!!" && is_delim(c)),
        };
        let rune = &self.text[self.pos..self.pos + 2];
        (opens && !READ_RUNES.contains(&rune)).then_some(rune)
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn at(&self, lit: &str) -> bool {
        self.s[self.pos..].starts_with(lit.as_bytes())
    }

    /// Skips whitespace and `::` comments.
    fn ws(&mut self) {
        loop {
            while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
                self.pos += 1;
            }
            if self.at("::") {
                while self.peek().is_some_and(|c| c != b'\n') {
                    self.pos += 1;
                }
            } else {
                return;
            }
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), ParseError> {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(&format!("expected `{}`", char::from(c))))
        }
    }

    /// Whether a rune at the cursor is in tall form (followed by whitespace).
    fn tall_after(&self, len: usize) -> bool {
        self.s
            .get(self.pos + len)
            .is_some_and(|c| c.is_ascii_whitespace())
    }

    /// Expressions until `close` (consumed); the bracket it closes is at `open`.
    fn until(&mut self, open: usize, close: u8) -> Result<Vec<Expr>, ParseError> {
        let mut out = Vec::new();
        loop {
            self.ws();
            match self.peek() {
                Some(c) if c == close => {
                    self.pos += 1;
                    return Ok(out);
                }
                None => return Err(self.unclosed(open, close)),
                _ => out.push(self.expr()?),
            }
        }
    }

    fn name(&mut self) -> Result<String, ParseError> {
        self.ws();
        let start = self.pos;
        if !self.peek().is_some_and(is_name_start) {
            return Err(self.err("expected a name"));
        }
        while self.peek().is_some_and(is_name) {
            self.pos += 1;
        }
        Ok(self.text[start..self.pos].to_string())
    }

    /// An expression inside the bracket at `open`: the text ending first is
    /// that bracket's error.
    fn expr_in(&mut self, open: usize, close: u8) -> Result<Expr, ParseError> {
        self.ws();
        if self.pos == self.s.len() {
            return Err(self.unclosed(open, close));
        }
        self.expr()
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.ws();
        let Some(c) = self.peek() else {
            return Err(self.err("expected an expression"));
        };
        if self.at("=/") {
            return self.let_binding();
        }
        if self.at("^-") {
            return self.cast();
        }
        for (rune, n) in [("%-", 1usize), ("%+", 2), ("%^", 3)] {
            if self.at(rune) {
                return self.call_rune(n);
            }
        }
        if self.at("~[") {
            self.pos += 2;
            return Ok(Expr::List(self.until(self.pos - 1, b']')?));
        }
        if self.at("~(") {
            return self.door_arm();
        }
        if let Some(rune) = self.unread_rune() {
            return Err(self.unsupported(
                self.pos,
                format!("the rune {rune} is not evaluated by urnum"),
            ));
        }
        match c {
            b'(' => {
                let open = self.pos;
                self.pos += 1;
                let head = self.expr_in(open, b')')?;
                let args = self.until(open, b')')?;
                Ok(Expr::Call(Box::new(head), args))
            }
            b'[' => {
                self.pos += 1;
                let items = self.until(self.pos - 1, b']')?;
                match items.len() {
                    0 => Err(self.err("empty cell")),
                    1 => Ok(items.into_iter().next().unwrap_or(Expr::Cell(Vec::new()))),
                    _ => Ok(Expr::Cell(items)),
                }
            }
            b'`' => self.tick(),
            c if is_name_start(c) => self.wing(),
            _ => self.literal(),
        }
    }

    fn wing(&mut self) -> Result<Expr, ParseError> {
        let mut limbs = vec![Limb::Name(self.name()?)];
        // `a:b` and `a.b` (a limb of a wing) are read alike; only `:` takes `(door)`.
        while let Some(sep @ (b':' | b'.')) = self.peek() {
            if sep == b'.' && !self.s.get(self.pos + 1).is_some_and(|c| is_name_start(*c)) {
                break;
            }
            self.pos += 1;
            if sep == b':' && self.peek() == Some(b'(') {
                let open = self.pos;
                self.pos += 1;
                let head = self.expr_in(open, b')')?;
                let args = self.until(open, b')')?;
                limbs.push(Limb::Expr(Box::new(Expr::Call(Box::new(head), args))));
            } else {
                let start = self.pos;
                if !self.peek().is_some_and(is_name_start) {
                    return Err(self.err("expected a name after `:`"));
                }
                while self.peek().is_some_and(is_name) {
                    self.pos += 1;
                }
                limbs.push(Limb::Name(self.text[start..self.pos].to_string()));
            }
        }
        Ok(Expr::Wing(limbs))
    }

    fn literal(&mut self) -> Result<Expr, ParseError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| !is_delim(c)) {
            self.pos += 1;
        }
        let tok = &self.text[start..self.pos];
        match aura::parse_literal(tok) {
            Ok((a, v)) => Ok(Expr::Lit(a, v)),
            Err(e) => match outside_form(tok) {
                Some(what) => {
                    Err(self.unsupported(start, format!("{what} `{tok}` is not read by urnum")))
                }
                None => Err(ParseError {
                    hint: grouped(tok).map(|g| {
                        format!("the dojo groups an @ud's digits by three with dots: `{g}`")
                    }),
                    ..ParseError::new(start, format!("`{tok}` is no literal: {e}"), false)
                }),
            },
        }
    }

    /// `` `spec`value `` or `` `value ``.
    fn tick(&mut self) -> Result<Expr, ParseError> {
        self.pos += 1;
        let save = self.pos;
        if let Ok(spec) = self.spec() {
            if self.peek() == Some(b'`') {
                self.pos += 1;
                let value = self.expr()?;
                return Ok(Expr::Cast {
                    spec,
                    value: Box::new(value),
                    lenient: true,
                });
            }
        }
        self.pos = save;
        Ok(Expr::Unit(Box::new(self.expr()?)))
    }

    fn spec(&mut self) -> Result<Spec, ParseError> {
        match self.peek() {
            Some(b'@') => {
                self.pos += 1;
                let start = self.pos;
                while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                    self.pos += 1;
                }
                Ok(Spec::Atom(self.text[start..self.pos].to_string()))
            }
            Some(b'*') => {
                self.pos += 1;
                Ok(Spec::Noun)
            }
            Some(b'?') => {
                self.pos += 1;
                Ok(Spec::Flag)
            }
            Some(b'[') => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    self.ws();
                    if self.peek() == Some(b']') {
                        self.pos += 1;
                        break;
                    }
                    items.push(self.spec()?);
                }
                if items.len() < 2 {
                    return Err(self.err("a cell spec needs two items"));
                }
                Ok(Spec::Cell(items))
            }
            Some(b'(') => {
                self.pos += 1;
                let mold = self.name()?;
                self.ws();
                let inner = self.spec()?;
                self.expect(b')')?;
                match mold.as_str() {
                    "list" => Ok(Spec::List(Box::new(inner))),
                    "unit" => Ok(Spec::Unit(Box::new(inner))),
                    _ => Err(self.err("only (list ...) and (unit ...) molds are supported")),
                }
            }
            Some(c) if is_name_start(c) => {
                let n = self.name()?;
                match n.as_str() {
                    "ray" | "meta" | "baum" => Ok(Spec::Named(n)),
                    _ => Err(self.err("unknown type name")),
                }
            }
            _ => Err(self.err("expected a type")),
        }
    }

    /// A two-character rune at the cursor in tall form (followed by a gap)
    /// or wide form (`rune(...)`): steps over it and parses its children with
    /// `body`.
    fn rune<T>(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<T, ParseError>,
    ) -> Result<T, ParseError> {
        let tall = self.tall_after(2);
        self.pos += 2;
        if !tall {
            self.expect(b'(')?;
        }
        let open = self.pos - 1;
        let out = match body(self) {
            Err(e) if !tall && e.at >= self.s.len() => return Err(self.unclosed(open, b')')),
            other => other?,
        };
        if !tall {
            self.ws();
            if self.pos == self.s.len() {
                return Err(self.unclosed(open, b')'));
            }
            self.expect(b')')?;
        }
        Ok(out)
    }

    fn cast(&mut self) -> Result<Expr, ParseError> {
        self.rune(|p| {
            p.ws();
            let spec = p.spec()?;
            let value = p.expr()?;
            Ok(Expr::Cast {
                spec,
                value: Box::new(value),
                lenient: false,
            })
        })
    }

    fn let_binding(&mut self) -> Result<Expr, ParseError> {
        self.rune(|p| {
            let name = p.name()?;
            let spec = if p.peek() == Some(b'=') {
                p.pos += 1;
                Some(p.spec()?)
            } else {
                None
            };
            let value = p.expr()?;
            let body = p.expr()?;
            Ok(Expr::Let {
                name,
                spec,
                value: Box::new(value),
                body: Box::new(body),
            })
        })
    }

    /// `%-`, `%+`, `%^`: a gate and `n` arguments.
    fn call_rune(&mut self, n: usize) -> Result<Expr, ParseError> {
        self.rune(|p| {
            let gate = p.expr()?;
            let args = (0..n).map(|_| p.expr()).collect::<Result<Vec<_>, _>>()?;
            Ok(Expr::Call(Box::new(gate), args))
        })
    }

    fn door_arm(&mut self) -> Result<Expr, ParseError> {
        let open = self.pos + 1;
        self.pos += 2;
        let arm = self.name()?;
        let door = self.expr_in(open, b')')?;
        let mut sample = self.until(open, b')')?;
        let sample = match sample.len() {
            0 => return Err(self.err("~(arm door sample) needs a sample")),
            1 => sample.remove(0),
            _ => Expr::Cell(sample),
        };
        Ok(Expr::DoorArm {
            arm,
            door: Box::new(door),
            sample: Box::new(sample),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        // A door call with a math sample, a lake door, a cast ray, a tall binding.
        assert!(matches!(
            parse("(~(exp rd:math [%n .~1e-10 .~0]) .~1)").unwrap(),
            Expr::Call(..)
        ));
        assert!(matches!(
            parse("(add:(lake %n) a b)").unwrap(),
            Expr::Call(..)
        ));
        assert!(parse("^-(ray [[~[2] 5 %i754 ~] 0x1.3f80.0000.4000.0000])").is_ok());
        assert!(parse("=/  a  .1  (add:rs a a)").is_ok());
        assert!(parse("=/(a .1 (add:rs a a))").is_ok());
        assert!(parse("(submatrix:la ~[`[`0 `1]] x)").is_ok());
        assert!(parse("`@rd`0x4086.8282.4eaf.ae94").is_ok());
        assert!(parse("(add:la a").is_err());
        assert!(parse("(add:la a b) c").is_err());
    }
}
