//! Registry entries for the Lagoon arms the catalogue ([`lagoon::arms`])
//! cannot express (its `NOT_CATALOGUED`): `en-ray` and `de-ray` (a `$baum`),
//! and the axis helpers `dim-slices`, `slice-flat`, `rank-slice` and
//! `norm-slice` (nested lists, floats up to 128 bits in a list); the
//! printing arms are in `lagoon_print` (urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`).

use super::{atoms_part, num_part, sample, term_part, ArmError, ArmFn, Door};
use crate::registry::args::{meta_part, ray_part, with_arm};
use hoon::noun::Noun;
use hoon::ray::{baum_to_noun, ndray_from_noun, ray_to_noun, RayNounError};
use lagoon::axis::{self, NormOrd, SortDir};
use lagoon::Baum;
use softblas::Atom;

/// The Lagoon arms outside the catalogue, by registry name.
pub(super) const ARMS: [(&str, ArmFn); 6] = [
    ("en-ray:la", en_ray),
    ("de-ray:la", de_ray),
    ("dim-slices:la", dim_slices),
    ("slice-flat:la", slice_flat),
    ("rank-slice:la", rank_slice),
    ("norm-slice:la", norm_slice),
];

fn norm_ord(p: &Noun, arm: &str, i: usize) -> Result<NormOrd, ArmError> {
    let t = term_part(p, arm, i)?;
    NormOrd::from_term(&t).ok_or_else(|| {
        ArmError::BadArgs(format!(
            "{arm}: argument {} is %{t}, not a $norm-ord",
            i + 1
        ))
    })
}

fn sort_dir(p: &Noun, arm: &str, i: usize) -> Result<SortDir, ArmError> {
    let t = term_part(p, arm, i)?;
    SortDir::from_term(&t).ok_or_else(|| {
        ArmError::BadArgs(format!("{arm}: argument {} is %{t}, not %asc/%des", i + 1))
    })
}

fn en_ray(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "en-ray:la";
    let p = sample(args, 2, arm)?;
    let meta = meta_part(&p[0], arm, 0)?;
    match ndray_from_noun(&p[1]) {
        Ok(data) => Ok(ray_to_noun(&lagoon::en_ray(&Baum { meta, data })?)),
        // Too big to expand: whether the mould would pass is not known.
        Err(e @ RayNounError::TooLarge(..)) if meta.elems()? != 0 => Err(with_arm(e, arm, 1)),
        // `;;((list ndray) a)` crashes on an improper list, but only runs when
        // there is an element to read.
        Err(_) if meta.elems()? == 0 => Ok(ray_to_noun(&lagoon::zeros(&meta)?)),
        Err(_) => Err(ArmError::Crash(format!(
            "{arm}: the values are not a nested list (;; mould fails)"
        ))),
    }
}

fn de_ray(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "de-ray:la";
    let p = sample(args, 1, arm)?;
    Ok(baum_to_noun(&lagoon::de_ray(&ray_part(&p[0], arm, 0)?)?))
}

fn nested(v: &[Vec<Atom>]) -> Noun {
    Noun::list(
        v.iter()
            .map(|s| Noun::list(s.iter().cloned().map(Noun::Atom))),
    )
}

fn dim_slices(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "dim-slices:la";
    let p = sample(args, 2, arm)?;
    Ok(nested(&axis::dim_slices(
        &ray_part(&p[0], arm, 0)?,
        num_part(&p[1], arm, 1)?,
    )?))
}

/// The atoms in the lists of the list `n` (a list entry that is not a list
/// counts as none), counted without decoding and shared lists once per use;
/// the count stops once it passes `most`.
fn nested_len(n: &Noun, most: u64) -> u64 {
    let mut total = 0u64;
    let mut outer = n;
    while let Some((mut inner, t)) = outer.as_cell() {
        while let Some((_, rest)) = inner.as_cell() {
            total += 1;
            if total > most {
                return total;
            }
            inner = rest;
        }
        outer = t;
    }
    total
}

fn slice_flat(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "slice-flat:la";
    let p = sample(args, 4, arm)?;
    // References to one long list make a short noun of many values: count
    // them before decoding any (each decoded value is a 24-byte atom).
    let most = lagoon::builders_arith::MAX_BUILT_VALUES;
    if nested_len(&p[3], most) > most {
        return Err(ArmError::Unsupported(format!(
            "{arm}: argument 4 holds more than {most} values, over urnum's limit"
        )));
    }
    let vals = p[3]
        .as_list()
        .and_then(|l| {
            l.iter()
                .map(|s| atoms_part(s, arm, 3).ok())
                .collect::<Option<Vec<_>>>()
        })
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument 4 is not a list of lists")))?;
    let out = axis::slice_flat(
        num_part(&p[0], arm, 0)?,
        num_part(&p[1], arm, 1)?,
        num_part(&p[2], arm, 2)?,
        &vals,
    )?;
    Ok(Noun::list(out.into_iter().map(Noun::Atom)))
}

fn rank_slice(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "rank-slice:la";
    let p = sample(args, 3, arm)?;
    let ranked = axis::rank_slice(
        &d.lake()?,
        &meta_part(&p[0], arm, 0)?,
        &atoms_part(&p[1], arm, 1)?,
        sort_dir(&p[2], arm, 2)?,
    )?;
    Ok(Noun::list(
        ranked
            .into_iter()
            .map(|(v, i)| Noun::cell(Noun::Atom(v), Noun::atom(i))),
    ))
}

fn norm_slice(d: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "norm-slice:la";
    let p = sample(args, 3, arm)?;
    Ok(Noun::Atom(axis::norm_slice(
        &d.lake()?,
        &meta_part(&p[0], arm, 0)?,
        &atoms_part(&p[1], arm, 1)?,
        norm_ord(&p[2], arm, 2)?,
    )?))
}
