//! Rays as nouns: `ray = [meta data]`, `meta = [shape=(list @) bloq kind tail]`
//! (urbit/numerics `lagoon/desk/sur/lagoon.hoon@96f3cfe`), the kind as its
//! cord atom (`%i754` = `0x3435.3769`), and the nested lists of `$ndray`.

use crate::noun::Noun;
use lagoon::{Baum, Meta, Ndray, Ray, Tail, TailNoun};
use softblas::{Atom, Kind};
use thiserror::Error;

/// Why a noun is not a ray, meta or nested list.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RayNounError {
    /// The noun is an atom where the layout needs a cell (names the part).
    #[error("{0} is an atom, not a cell")]
    NotCell(&'static str),
    /// The noun is a cell where the layout needs an atom (names the part).
    #[error("{0} is a cell, not an atom")]
    NotAtom(&'static str),
    /// The shape is not a null-terminated list of atoms.
    #[error("shape is not a list of atoms")]
    BadShape,
    /// The kind atom is not one of `%i754 %uint %int2 %unum %cplx %fixp`.
    #[error("kind {0} is not a Lagoon kind")]
    BadKind(Atom),
    /// A dimension needs more than 64 bits (valid Hoon, unsupported by urnum).
    #[error("a dimension exceeds 64 bits")]
    DimTooLarge,
    /// The bloq needs more than 32 bits (valid Hoon, unsupported by urnum).
    #[error("bloq {0} exceeds 32 bits")]
    BloqTooLarge(Atom),
    /// A nested value list is not a proper list of atoms and lists.
    #[error("not a nested list of atoms")]
    BadNdray,
    /// A tail or nested list would expand past urnum's size limit (valid Hoon,
    /// unsupported by urnum); names the part and the limit ([`MAX_TAIL_NODES`],
    /// [`MAX_NDRAY_NODES`], [`MAX_NDRAY_DEPTH`]).
    #[error("{0} exceeds urnum's limit of {1}")]
    TooLarge(&'static str, u64),
}

/// The most nodes (atoms and cells) of a meta's tail that urnum decodes; a
/// tail is `~` or `[a b]` in every Lagoon kind, anything bigger is kept only
/// to round-trip, so a larger one is [`RayNounError::TooLarge`].
pub const MAX_TAIL_NODES: u64 = 1 << 10;

/// The most nodes (values and list cells) a nested list (`$ndray`) may
/// expand to: [`lagoon::builders_arith::MAX_BUILT_VALUES`] (2^22), the bound
/// of every other ray urnum builds from a short description. Each node
/// becomes about 60 bytes of Rust values (a `Vec` per list, an `Atom` per
/// value), so 2^26 nodes, a 150-byte bomb of `~[L L]` nested 23 deep, was
/// about 1 GB.
pub const MAX_NDRAY_NODES: u64 = lagoon::builders_arith::MAX_BUILT_VALUES;

/// The deepest list nesting of a nested list (`$ndray`) that urnum decodes.
pub const MAX_NDRAY_DEPTH: u64 = 1 << 10;

/// The size of the tree a noun stands for, counting shared subnouns once per
/// use: `nodes` (atoms and cells), `depth` (cells on the longest path) and
/// `nest` (list nesting: one more for each head of a list cell, none for its tail).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TreeSize {
    /// Atoms and cells of the expanded tree (saturating).
    pub nodes: u64,
    /// Cells on the longest root-to-leaf path.
    pub depth: u64,
    /// List nesting depth, as an `$ndray` reads the noun.
    pub nest: u64,
}

/// The [`TreeSize`] of `n`, computed over the shared DAG (each shared cell
/// once) with an explicit stack: linear in the DAG, never recursive, whatever
/// the expanded tree's size (a `cue` back-reference bomb of a few hundred
/// bytes can stand for 2^100 nodes).
pub fn tree_size(n: &Noun) -> TreeSize {
    use std::collections::HashMap;
    let leaf = TreeSize {
        nodes: 1,
        depth: 0,
        nest: 0,
    };
    let mut memo: HashMap<*const crate::noun::Pair, TreeSize> = HashMap::new();
    let size_of = |m: &HashMap<*const crate::noun::Pair, TreeSize>, x: &Noun| match x {
        Noun::Atom(_) => Some(leaf),
        Noun::Cell(c) => m.get(&std::sync::Arc::as_ptr(c)).copied(),
    };
    let mut stack: Vec<&Noun> = vec![n];
    while let Some(&top) = stack.last() {
        let Noun::Cell(c) = top else {
            stack.pop();
            continue;
        };
        let key = std::sync::Arc::as_ptr(c);
        if memo.contains_key(&key) {
            stack.pop();
            continue;
        }
        match (size_of(&memo, &c.0), size_of(&memo, &c.1)) {
            (Some(h), Some(t)) => {
                memo.insert(
                    key,
                    TreeSize {
                        nodes: h.nodes.saturating_add(t.nodes).saturating_add(1),
                        depth: h.depth.max(t.depth).saturating_add(1),
                        nest: h.nest.saturating_add(1).max(t.nest),
                    },
                );
                stack.pop();
            }
            (h, t) => {
                if t.is_none() {
                    stack.push(&c.1);
                }
                if h.is_none() {
                    stack.push(&c.0);
                }
            }
        }
    }
    size_of(&memo, n).unwrap_or(leaf)
}

fn cell<'a>(n: &'a Noun, what: &'static str) -> Result<(&'a Noun, &'a Noun), RayNounError> {
    n.as_cell().ok_or(RayNounError::NotCell(what))
}

fn atom<'a>(n: &'a Noun, what: &'static str) -> Result<&'a Atom, RayNounError> {
    n.as_atom().ok_or(RayNounError::NotAtom(what))
}

/// The tail noun `n` as a [`TailNoun`] tree.
///
/// Recursive and unshared: callers bound `n` first ([`meta_from_noun`] refuses
/// a tail of more than [`MAX_TAIL_NODES`] nodes).
pub fn tail_noun_from_noun(n: &Noun) -> TailNoun {
    match n {
        Noun::Atom(a) => TailNoun::Atom(a.clone()),
        Noun::Cell(c) => TailNoun::Cell(
            Box::new(tail_noun_from_noun(&c.0)),
            Box::new(tail_noun_from_noun(&c.1)),
        ),
    }
}

/// The noun of a [`TailNoun`] tree.
pub fn tail_noun_to_noun(t: &TailNoun) -> Noun {
    match t {
        TailNoun::Atom(a) => Noun::Atom(a.clone()),
        TailNoun::Cell(h, t) => Noun::cell(tail_noun_to_noun(h), tail_noun_to_noun(t)),
    }
}

/// The list of atoms `n` as 64-bit values (a shape or an index list).
///
/// # Errors
/// [`RayNounError::BadShape`] unless `n` is a null-terminated list of atoms;
/// [`RayNounError::DimTooLarge`] for an entry of 64 bits or more.
pub fn u64_list_from_noun(n: &Noun) -> Result<Vec<u64>, RayNounError> {
    let items = n.as_list().ok_or(RayNounError::BadShape)?;
    items
        .iter()
        .map(|i| {
            i.as_atom()
                .ok_or(RayNounError::BadShape)?
                .as_u64()
                .ok_or(RayNounError::DimTooLarge)
        })
        .collect()
}

/// The list of atoms `n` as 64-bit indices, saturating: an index of 2^64 or
/// more becomes `u64::MAX`, which every comparison against a 64-bit dimension
/// treats the same way (out of range).
///
/// # Errors
/// [`RayNounError::BadShape`] unless `n` is a null-terminated list of atoms.
pub fn index_list_from_noun(n: &Noun) -> Result<Vec<u64>, RayNounError> {
    let items = n.as_list().ok_or(RayNounError::BadShape)?;
    items
        .iter()
        .map(|i| Ok(saturate(i.as_atom().ok_or(RayNounError::BadShape)?)))
        .collect()
}

/// An atom as a 64-bit value, `u64::MAX` when it is 2^64 or more.
pub fn saturate(a: &Atom) -> u64 {
    a.as_u64().unwrap_or(u64::MAX)
}

/// The noun of a list of 64-bit values.
pub fn u64_list_to_noun(v: &[u64]) -> Noun {
    Noun::list(v.iter().map(|d| Noun::atom(*d)))
}

/// The meta of the noun `[shape bloq kind tail]`.
///
/// # Errors
/// A [`RayNounError`] naming the part that does not fit.
pub fn meta_from_noun(n: &Noun) -> Result<Meta, RayNounError> {
    let (shape, rest) = cell(n, "meta")?;
    let (bloq, rest) = cell(rest, "[bloq kind tail]")?;
    let (kind, tail) = cell(rest, "[kind tail]")?;
    let shape = u64_list_from_noun(shape)?;
    let bloq_atom = atom(bloq, "bloq")?;
    let bloq = bloq_atom
        .as_u64()
        .and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| RayNounError::BloqTooLarge(bloq_atom.clone()))?;
    let kind_atom = atom(kind, "kind")?;
    // Exactly the kind's cord: `Kind::from_cord` stops at the first NUL byte,
    // so `%unum` followed by `\0` and junk would otherwise pass the mould.
    let kind = kind_atom
        .as_u64()
        .and_then(Kind::from_cord)
        .filter(|k| kind_atom.as_u64() == Some(k.cord()))
        .ok_or_else(|| RayNounError::BadKind(kind_atom.clone()))?;
    if tail.is_cell() && tree_size(tail).nodes > MAX_TAIL_NODES {
        return Err(RayNounError::TooLarge("the tail", MAX_TAIL_NODES));
    }
    Ok(Meta {
        shape,
        bloq,
        kind,
        tail: Tail::from_noun(tail_noun_from_noun(tail)),
    })
}

/// The noun `[shape bloq kind tail]` of a meta.
pub fn meta_to_noun(m: &Meta) -> Noun {
    Noun::tuple([
        u64_list_to_noun(&m.shape),
        Noun::atom(m.bloq),
        Noun::atom(m.kind.cord()),
        tail_noun_to_noun(&m.tail.to_noun()),
    ])
}

/// The ray of the noun `[meta data]`.
///
/// # Errors
/// A [`RayNounError`] naming the part that does not fit.
pub fn ray_from_noun(n: &Noun) -> Result<Ray, RayNounError> {
    let (meta, data) = cell(n, "ray")?;
    Ok(Ray::new(meta_from_noun(meta)?, atom(data, "data")?.clone()))
}

/// The noun `[meta data]` of a ray.
pub fn ray_to_noun(r: &Ray) -> Noun {
    Noun::cell(meta_to_noun(&r.meta), Noun::Atom(r.data.clone()))
}

/// The nested list of the noun `n` (`$ndray`): an atom, or a null-terminated
/// list of nested lists. `~` is the atom 0.
///
/// # Errors
/// [`RayNounError::BadNdray`] for a cell that is not a proper list of such;
/// [`RayNounError::TooLarge`] when the lists, expanded, exceed
/// [`MAX_NDRAY_NODES`] nodes or nest deeper than [`MAX_NDRAY_DEPTH`] (checked
/// on the shared noun before anything is expanded).
pub fn ndray_from_noun(n: &Noun) -> Result<Ndray, RayNounError> {
    if n.is_cell() {
        let size = tree_size(n);
        if size.nodes > MAX_NDRAY_NODES {
            return Err(RayNounError::TooLarge("the nested list", MAX_NDRAY_NODES));
        }
        if size.nest > MAX_NDRAY_DEPTH {
            return Err(RayNounError::TooLarge(
                "the nested list's depth",
                MAX_NDRAY_DEPTH,
            ));
        }
    }
    ndray_bounded(n)
}

/// [`ndray_from_noun`] of a noun already within the limits (its recursion is
/// at most [`MAX_NDRAY_DEPTH`] deep).
fn ndray_bounded(n: &Noun) -> Result<Ndray, RayNounError> {
    match n {
        Noun::Atom(a) => Ok(Ndray::Atom(a.clone())),
        Noun::Cell(_) => {
            let items = n.as_list().ok_or(RayNounError::BadNdray)?;
            Ok(Ndray::List(
                items.iter().map(ndray_bounded).collect::<Result<_, _>>()?,
            ))
        }
    }
}

/// The noun of a nested list.
pub fn ndray_to_noun(d: &Ndray) -> Noun {
    match d {
        Ndray::Atom(a) => Noun::Atom(a.clone()),
        Ndray::List(l) => Noun::list(l.iter().map(ndray_to_noun)),
    }
}

/// The noun `[meta data]` of a baum.
pub fn baum_to_noun(b: &Baum) -> Noun {
    Noun::cell(meta_to_noun(&b.meta), ndray_to_noun(&b.data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_layout_is_shape_bloq_kind_tail() {
        // `+$meta` of lagoon/desk/sur/lagoon.hoon@96f3cfe: meta axes shape +2, bloq +6, kind +14, tail +15.
        let m = Meta::new(vec![2, 3], 5, Kind::I754).with_tail(Tail::Prec {
            a: Atom::from_u64(3),
            b: Atom::from_u64(4),
        });
        let n = meta_to_noun(&m);
        assert_eq!(n.slot(2), Some(&u64_list_to_noun(&[2, 3])));
        assert_eq!(n.slot(6), Some(&Noun::atom(5u64)));
        assert_eq!(n.slot(14), Some(&Noun::atom(0x3435_3769u64)));
        assert_eq!(
            n.slot(15),
            Some(&Noun::cell(Noun::atom(3u64), Noun::atom(4u64)))
        );
        assert_eq!(meta_from_noun(&n), Ok(m));
    }

    #[test]
    fn shared_nouns_are_measured_not_expanded() {
        // n(k+1) = [nk nk], 100 cells deep: 2^101 - 1 nodes as a tree.
        let mut bomb = Noun::NULL;
        for _ in 0..100 {
            bomb = Noun::cell(bomb.clone(), bomb);
        }
        let s = tree_size(&bomb);
        assert_eq!((s.nodes, s.depth, s.nest), (u64::MAX, 100, 100));
        // A list of three atoms: 7 nodes, 3 cells deep, nested once.
        let l = u64_list_to_noun(&[1, 2, 3]);
        assert_eq!(
            tree_size(&l),
            TreeSize {
                nodes: 7,
                depth: 3,
                nest: 1
            }
        );
        // The bomb as a tail is refused before it is copied into boxes.
        let meta = Noun::tuple([
            Noun::NULL,
            Noun::atom(5u64),
            Noun::atom(Kind::Uint.cord()),
            bomb,
        ]);
        assert_eq!(
            meta_from_noun(&meta),
            Err(RayNounError::TooLarge("the tail", MAX_TAIL_NODES))
        );
    }

    #[test]
    fn nested_lists_are_bounded_before_expansion() {
        // L(k+1) = ~[Lk Lk]: 2^40 values from 40 shared lists.
        let mut wide = Noun::list([Noun::atom(1u64)]);
        for _ in 0..40 {
            wide = Noun::list([wide.clone(), wide]);
        }
        assert_eq!(
            ndray_from_noun(&wide),
            Err(RayNounError::TooLarge("the nested list", MAX_NDRAY_NODES))
        );
        // ~[~[~[… 1]]] nested 2000 deep: small, but deeper than the limit.
        let mut deep = Noun::atom(1u64);
        for _ in 0..2000 {
            deep = Noun::list([deep]);
        }
        assert_eq!(
            ndray_from_noun(&deep),
            Err(RayNounError::TooLarge(
                "the nested list's depth",
                MAX_NDRAY_DEPTH
            ))
        );
        // At the limit it decodes.
        let mut ok = Noun::atom(1u64);
        for _ in 0..MAX_NDRAY_DEPTH {
            ok = Noun::list([ok]);
        }
        assert!(ndray_from_noun(&ok).is_ok());
    }

    #[test]
    fn decoding_errors_are_typed() {
        let meta =
            |shape, bloq, kind: u64| Noun::tuple([shape, bloq, Noun::atom(kind), Noun::NULL]);
        let bad_kind = |e: &RayNounError| matches!(e, RayNounError::BadKind(_));
        let uint = Kind::Uint.cord();
        // (the meta, whether its error is the expected one)
        type Expected = fn(&RayNounError) -> bool;
        let cases: [(Noun, Expected); 4] = [
            // An unknown kind cord.
            (meta(Noun::NULL, Noun::atom(5u64), 0x6e), bad_kind),
            // A cell where the bloq goes.
            (
                meta(Noun::NULL, Noun::cell(Noun::NULL, Noun::NULL), uint),
                |e| *e == RayNounError::NotAtom("bloq"),
            ),
            // `%unum` (0x6d75.6e75), a NUL, then junk bytes: not a kind (found by
            // the `arms` fuzz target; it used to decode as `%unum`).
            (
                meta(Noun::NULL, Noun::atom(2u64), 0x7a14_d000_6d75_6e75),
                bad_kind,
            ),
            // A ragged shape.
            (
                meta(
                    Noun::cell(Noun::atom(1u64), Noun::atom(2u64)),
                    Noun::atom(3u64),
                    uint,
                ),
                |e| *e == RayNounError::BadShape,
            ),
        ];
        for (noun, expected) in cases {
            let e = meta_from_noun(&noun).expect_err("a bad meta");
            assert!(expected(&e), "{noun}: {e:?}");
        }
    }
}
