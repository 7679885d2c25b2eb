//! Nouns: an atom or a cell of two nouns.
//!
//! Cells are shared (`Arc`), so cloning a noun is cheap and nouns can cross
//! threads. Equality is structural (Nock's `=`), as Hoon's `expect-eq` uses it.
//!
//! Dropping, comparing and hashing never recurse, so a noun of any depth (a
//! million-element list from `cue`, say) cannot overflow the stack.

use softblas::Atom;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A Nock noun: an [`Atom`] or a cell `[head tail]`.
#[derive(Clone)]
pub enum Noun {
    /// An unsigned integer of any size.
    Atom(Atom),
    /// An ordered pair of nouns.
    Cell(Arc<Pair>),
}

/// The two nouns of a cell: `.0` is the head, `.1` the tail.
///
/// Its `Drop` takes apart the cells it alone owns with an explicit stack, so
/// dropping a deep noun uses constant stack space.
pub struct Pair(pub Noun, pub Noun);

impl Drop for Pair {
    fn drop(&mut self) {
        let mut stack = vec![
            std::mem::replace(&mut self.0, Noun::NULL),
            std::mem::replace(&mut self.1, Noun::NULL),
        ];
        while let Some(n) = stack.pop() {
            if let Noun::Cell(arc) = n {
                if let Ok(mut pair) = Arc::try_unwrap(arc) {
                    stack.push(std::mem::replace(&mut pair.0, Noun::NULL));
                    stack.push(std::mem::replace(&mut pair.1, Noun::NULL));
                }
            }
        }
    }
}

impl PartialEq for Noun {
    fn eq(&self, other: &Noun) -> bool {
        let mut stack: Vec<(&Noun, &Noun)> = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            match (a, b) {
                (Noun::Atom(x), Noun::Atom(y)) => {
                    if x != y {
                        return false;
                    }
                }
                (Noun::Cell(x), Noun::Cell(y)) => {
                    if !Arc::ptr_eq(x, y) {
                        stack.push((&x.1, &y.1));
                        stack.push((&x.0, &y.0));
                    }
                }
                _ => return false,
            }
        }
        true
    }
}

impl Eq for Noun {}

impl Hash for Noun {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut stack: Vec<&Noun> = vec![self];
        while let Some(n) = stack.pop() {
            match n {
                Noun::Atom(a) => {
                    state.write_u8(0);
                    a.hash(state);
                }
                Noun::Cell(c) => {
                    state.write_u8(1);
                    stack.push(&c.1);
                    stack.push(&c.0);
                }
            }
        }
    }
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
        Noun::Cell(Arc::new(Pair(head, tail)))
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

    /// The first `k − 1` heads of this right-nested tuple and the rest, the inverse of
    /// [`Noun::tuple`] (`[a b c]` in two parts is `a` and `[b c]`); `None` when the noun has
    /// fewer than `k − 1` cells to take heads from.
    pub fn untuple(&self, k: usize) -> Option<Vec<Noun>> {
        let mut out = Vec::with_capacity(k);
        let mut rest = self;
        for _ in 1..k {
            let (h, t) = rest.as_cell()?;
            out.push(h.clone());
            rest = t;
        }
        out.push(rest.clone());
        Some(out)
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
        let (one, two, three) = (Noun::atom(1u64), Noun::atom(2u64), Noun::atom(3u64));
        let rest = Noun::cell(two.clone(), three.clone());
        assert_eq!(t.untuple(2), Some(vec![one.clone(), rest]));
        assert_eq!(t.untuple(3), Some(vec![one, two, three]));
        assert_eq!(t.untuple(1), Some(vec![t.clone()]));
        assert_eq!(t.untuple(4), None);
    }

    #[test]
    fn deep_nouns_drop_compare_and_hash_without_recursion() {
        // A two-million-cell list and a two-million-deep left-nested noun:
        // recursive drop, eq or hash would overflow the test thread's stack.
        let n = 2_000_000u64;
        let long = Noun::list((0..n).map(|i| Noun::atom(i % 7)));
        let mut deep = Noun::NULL;
        for i in 0..n {
            deep = Noun::cell(deep, Noun::atom(i % 3));
        }
        let long2 = Noun::list((0..n).map(|i| Noun::atom(i % 7)));
        assert_eq!(long, long2);
        assert_ne!(long, deep);
        let mut h = std::collections::hash_map::DefaultHasher::new();
        deep.hash(&mut h);
        drop(long);
        drop(long2);
        drop(deep);
    }
}
