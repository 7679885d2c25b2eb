//! The forms the parser reads: expressions, wings, literals, specs, and
//! the runes of casts, bindings, calls and door calls.

use super::{
    grouped, is_delim, is_name, is_name_start, outside_form, Expr, Limb, ParseError, Parser, Spec,
};
use hoon::aura;

impl Parser<'_> {
    /// An expression inside the bracket at `open`: the text ending first is
    /// that bracket's error.
    fn expr_in(&mut self, open: usize, close: u8) -> Result<Expr, ParseError> {
        self.ws();
        if self.pos == self.s.len() {
            return Err(self.unclosed(open, close));
        }
        self.expr()
    }

    pub(super) fn expr(&mut self) -> Result<Expr, ParseError> {
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
