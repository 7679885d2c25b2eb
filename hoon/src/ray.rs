//! Rays as nouns: `ray = [meta data]`, `meta = [shape=(list @) bloq kind tail]`
//! (urbit/numerics `lagoon/desk/sur/lagoon.hoon@96f3cfe`), the kind as its
//! cord atom (`%i754` = `0x3435.3769`), and the nested lists of `$ndray`.
//!
//! Also the argument helpers the registry's Lagoon wrappers use, and the
//! mapping from [`LagoonError`] to [`ArmError`].

use crate::noun::Noun;
use crate::registry::ArmError;
use lagoon::{Baum, LagoonError, Meta, Ndray, Ray, Tail, TailNoun};
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
}

impl From<RayNounError> for ArmError {
    fn from(e: RayNounError) -> ArmError {
        match e {
            RayNounError::DimTooLarge | RayNounError::BloqTooLarge(_) => {
                ArmError::Unsupported(e.to_string())
            }
            _ => ArmError::BadArgs(e.to_string()),
        }
    }
}

impl From<LagoonError> for ArmError {
    fn from(e: LagoonError) -> ArmError {
        if e.is_unsupported() {
            ArmError::Unsupported(e.to_string())
        } else {
            ArmError::Crash(e.to_string())
        }
    }
}

fn cell<'a>(n: &'a Noun, what: &'static str) -> Result<(&'a Noun, &'a Noun), RayNounError> {
    n.as_cell().ok_or(RayNounError::NotCell(what))
}

fn atom<'a>(n: &'a Noun, what: &'static str) -> Result<&'a Atom, RayNounError> {
    n.as_atom().ok_or(RayNounError::NotAtom(what))
}

/// The tail noun `n` as a [`TailNoun`] tree.
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
    let kind = kind_atom
        .as_u64()
        .and_then(Kind::from_cord)
        .ok_or_else(|| RayNounError::BadKind(kind_atom.clone()))?;
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
/// [`RayNounError::BadNdray`] for a cell that is not a proper list of such.
pub fn ndray_from_noun(n: &Noun) -> Result<Ndray, RayNounError> {
    match n {
        Noun::Atom(a) => Ok(Ndray::Atom(a.clone())),
        Noun::Cell(_) => {
            let items = n.as_list().ok_or(RayNounError::BadNdray)?;
            Ok(Ndray::List(
                items
                    .iter()
                    .map(ndray_from_noun)
                    .collect::<Result<_, _>>()?,
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

/// The `i`-th argument as a ray.
///
/// # Errors
/// [`ArmError::BadArgs`] when it is missing or not a ray;
/// [`ArmError::Unsupported`] for a dimension or bloq urnum cannot hold.
pub fn arg_ray(args: &[Noun], i: usize, arm: &str) -> Result<Ray, ArmError> {
    ray_from_noun(crate::registry::arg(args, i, arm)?).map_err(|e| with_arm(e, arm, i))
}

/// The `i`-th argument as a meta.
///
/// # Errors
/// As [`arg_ray`].
pub fn arg_meta(args: &[Noun], i: usize, arm: &str) -> Result<Meta, ArmError> {
    meta_from_noun(crate::registry::arg(args, i, arm)?).map_err(|e| with_arm(e, arm, i))
}

/// A decoding error of argument `i` of `arm`, as an [`ArmError`] naming both.
pub fn with_arm(e: RayNounError, arm: &str, i: usize) -> ArmError {
    match ArmError::from(e) {
        ArmError::BadArgs(m) => ArmError::BadArgs(format!("{arm}: argument {i}: {m}")),
        ArmError::Unsupported(m) => ArmError::Unsupported(format!("{arm}: argument {i}: {m}")),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_layout_is_shape_bloq_kind_tail() {
        // lagoon.md §2.1: meta axes shape +2, bloq +6, kind +14, tail +15.
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
    fn decoding_errors_are_typed() {
        // An unknown kind cord, a cell where the bloq goes, a ragged shape.
        let bad_kind = Noun::tuple([
            Noun::NULL,
            Noun::atom(5u64),
            Noun::atom(0x6e_u64),
            Noun::NULL,
        ]);
        assert!(matches!(
            meta_from_noun(&bad_kind),
            Err(RayNounError::BadKind(_))
        ));
        let cell_bloq = Noun::tuple([
            Noun::NULL,
            Noun::cell(Noun::NULL, Noun::NULL),
            Noun::atom(Kind::Uint.cord()),
            Noun::NULL,
        ]);
        assert_eq!(
            meta_from_noun(&cell_bloq),
            Err(RayNounError::NotAtom("bloq"))
        );
        let ragged = Noun::tuple([
            Noun::cell(Noun::atom(1u64), Noun::atom(2u64)),
            Noun::atom(3u64),
            Noun::atom(Kind::Uint.cord()),
            Noun::NULL,
        ]);
        assert_eq!(meta_from_noun(&ragged), Err(RayNounError::BadShape));
    }
}
