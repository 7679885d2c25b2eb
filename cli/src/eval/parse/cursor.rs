//! The parser's cursor: peeking and skipping whitespace, expected bytes,
//! names, and the errors it raises at its position.

use super::{is_delim, is_name, is_name_start, Expr, ParseError, Parser, READ_RUNES, RUNE_CHARS};

impl Parser<'_> {
    pub(super) fn err(&self, msg: &str) -> ParseError {
        ParseError::new(self.pos, msg.to_string(), false)
    }

    /// The error of a bracket at `open` that the text ends inside.
    pub(super) fn unclosed(&self, open: usize, close: u8) -> ParseError {
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

    pub(super) fn unsupported(&self, at: usize, msg: String) -> ParseError {
        ParseError::new(at, msg, true)
    }

    /// A rune at the cursor that this parser does not read: two rune
    /// characters followed by `(` (wide form), a gap (tall form), or for
    /// `!!` anything that ends an expression.
    pub(super) fn unread_rune(&self) -> Option<&str> {
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

    pub(super) fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    pub(super) fn at(&self, lit: &str) -> bool {
        self.s[self.pos..].starts_with(lit.as_bytes())
    }

    /// Skips whitespace and `::` comments.
    pub(super) fn ws(&mut self) {
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

    pub(super) fn expect(&mut self, c: u8) -> Result<(), ParseError> {
        self.ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(&format!("expected `{}`", char::from(c))))
        }
    }

    /// Whether a rune at the cursor is in tall form (followed by whitespace).
    pub(super) fn tall_after(&self, len: usize) -> bool {
        self.s
            .get(self.pos + len)
            .is_some_and(|c| c.is_ascii_whitespace())
    }

    /// Expressions until `close` (consumed); the bracket it closes is at `open`.
    pub(super) fn until(&mut self, open: usize, close: u8) -> Result<Vec<Expr>, ParseError> {
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

    pub(super) fn name(&mut self) -> Result<String, ParseError> {
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
}
