//! Nouns: an atom or a cell of two nouns.
//!
//! Cells are shared (`Arc`), so cloning a noun is cheap and nouns can cross
//! threads. Equality is structural (Nock's `=`), as Hoon's `expect-eq` uses it.

use softblas::Atom;
use std::fmt;
use std::sync::Arc;

/// A Nock noun: an [`Atom`] or a cell `[head tail]`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Noun {
    /// An unsigned integer of any size.
    Atom(Atom),
    /// An ordered pair of nouns.
    Cell(Arc<(Noun, Noun)>),
}

impl Noun {
    /// The noun `~` (atom 0).
    pub const NULL: Noun = Noun::Atom(Atom::ZERO);

    /// The atom noun of value `v`.
    pub fn atom(v: impl Into<Atom>) -> Noun {
        Noun::Atom(v.into())
    }

    /// The cell `[head tail]`.
    pub fn cell(head: Noun, tail: Noun) -> Noun {
        Noun::Cell(Arc::new((head, tail)))
    }

    /// The right-nested tuple `[a b c …]` of at least one noun (`[a [b c]]`).
    ///
    /// # Panics
    /// Never for a non-empty iterator; an empty one gives `~`.
    pub fn tuple(items: impl IntoIterator<Item = Noun>) -> Noun {
        let mut v: Vec<Noun> = items.into_iter().collect();
        let mut acc = match v.pop() {
            Some(n) => n,
            None => return Noun::NULL,
        };
        while let Some(n) = v.pop() {
            acc = Noun::cell(n, acc);
        }
        acc
    }

    /// The null-terminated Hoon list `~[a b c]` of the items.
    pub fn list(items: impl IntoIterator<Item = Noun>) -> Noun {
        let v: Vec<Noun> = items.into_iter().collect();
        v.into_iter()
            .rev()
            .fold(Noun::NULL, |acc, n| Noun::cell(n, acc))
    }

    /// The atom of this noun, if it is one.
    pub fn as_atom(&self) -> Option<&Atom> {
        match self {
            Noun::Atom(a) => Some(a),
            Noun::Cell(_) => None,
        }
    }

    /// The head and tail of this noun, if it is a cell.
    pub fn as_cell(&self) -> Option<(&Noun, &Noun)> {
        match self {
            Noun::Atom(_) => None,
            Noun::Cell(c) => Some((&c.0, &c.1)),
        }
    }

    /// Whether this noun is a cell.
    pub fn is_cell(&self) -> bool {
        matches!(self, Noun::Cell(_))
    }

    /// The items of a null-terminated list noun, or `None` if it is not one.
    pub fn as_list(&self) -> Option<Vec<Noun>> {
        let mut out = Vec::new();
        let mut cur = self;
        loop {
            match cur {
                Noun::Atom(a) if a.is_zero() => return Some(out),
                Noun::Atom(_) => return None,
                Noun::Cell(c) => {
                    out.push(c.0.clone());
                    cur = &c.1;
                }
            }
        }
    }

    /// The subnoun at Nock axis `axis` (1 = whole, 2 = head, 3 = tail, ...), if it exists.
    pub fn slot(&self, axis: u64) -> Option<&Noun> {
        if axis == 0 {
            return None;
        }
        let depth = 63 - axis.leading_zeros();
        let mut cur = self;
        for k in (0..depth).rev() {
            let (h, t) = cur.as_cell()?;
            cur = if (axis >> k) & 1 == 0 { h } else { t };
        }
        Some(cur)
    }
}

impl From<Atom> for Noun {
    fn from(a: Atom) -> Noun {
        Noun::Atom(a)
    }
}

impl fmt::Debug for Noun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Noun::Atom(a) => write!(f, "{a}"),
            Noun::Cell(c) => {
                write!(f, "[{:?}", c.0)?;
                let mut t = &c.1;
                while let Noun::Cell(c2) = t {
                    write!(f, " {:?}", c2.0)?;
                    t = &c2.1;
                }
                write!(f, " {t:?}]")
            }
        }
    }
}

impl fmt::Display for Noun {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_tuples_and_axes() {
        let l = Noun::list([Noun::atom(1u64), Noun::atom(2u64)]);
        assert_eq!(l.as_list().unwrap().len(), 2);
        let t = Noun::tuple([Noun::atom(1u64), Noun::atom(2u64), Noun::atom(3u64)]);
        assert_eq!(t.slot(2), Some(&Noun::atom(1u64)));
        assert_eq!(t.slot(6), Some(&Noun::atom(2u64)));
        assert_eq!(t.slot(7), Some(&Noun::atom(3u64)));
        assert_eq!(t.slot(14), None);
        assert_eq!(format!("{t}"), "[0x1 0x2 0x3]");
    }
}
