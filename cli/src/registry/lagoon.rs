//! Registry entries for the Lagoon arms (`<arm>:la`), decoding each arm's
//! sample from nouns as its Hoon type gives it (urbit/numerics
//! `lagoon/desk/lib/lagoon.hoon@aa6f2a6`).
//!
//! Arguments are the sample's parts in source order; as in Hoon, `(f a b)` and
//! `(f [a b])` are the same call, so the arguments are joined into one
//! right-nested sample and split into the parts the arm's type names. The
//! bit-moving arms registered here do not round, so the door's `rnd` is not read.

use super::{atom_part, loobean, num_part, sample, u64_part, ArmError, Door, Registry};
use crate::registry::args::{index_part, meta_part, ray_part, shape_part, with_arm};
use hoon::noun::Noun;
use hoon::ray::{
    baum_to_noun, ndray_from_noun, ray_to_noun, saturate, u64_list_from_noun, u64_list_to_noun,
    RayNounError,
};
use lagoon::{Baum, Meta, Ray, Slice};

/// Registers the Lagoon arms urnum implements.
pub(super) fn register(r: &mut Registry) {
    r.insert("zeros:la", zeros);
    r.insert("ones:la", ones);
    r.insert("fill:la", fill);
    r.insert("eye:la", eye);
    r.insert("iota:la", iota);
    r.insert("magic:la", magic);
    r.insert("en-ray:la", en_ray);
    r.insert("de-ray:la", de_ray);
    r.insert("ravel:la", ravel);
    r.insert("spac:la", spac);
    r.insert("unspac:la", unspac);
    r.insert("scalar-to-ray:la", scalar_to_ray);
    r.insert("get-item:la", get_item);
    r.insert("set-item:la", set_item);
    r.insert("get-row:la", get_row);
    r.insert("set-row:la", set_row);
    r.insert("get-col:la", get_col);
    r.insert("set-col:la", set_col);
    r.insert("get-item-number:la", get_item_number);
    r.insert("get-bloq-offset:la", get_bloq_offset);
    r.insert("get-dim:la", get_dim);
    r.insert("get-item-index:la", get_item_index);
    r.insert("strides:la", strides);
    r.insert("reshape:la", reshape);
    r.insert("submatrix:la", submatrix);
    r.insert("transpose:la", transpose);
    r.insert("urge:la", urge);
    r.insert("check:la", check);
}

fn meta_arm(
    args: &[Noun],
    arm: &str,
    f: fn(&Meta) -> Result<Ray, lagoon::LagoonError>,
) -> Result<Noun, ArmError> {
    let p = sample(args, 1, arm)?;
    Ok(ray_to_noun(&f(&meta_part(&p[0], arm, 0)?)?))
}

fn ray_arm(
    args: &[Noun],
    arm: &str,
    f: fn(&Ray) -> Result<Ray, lagoon::LagoonError>,
) -> Result<Noun, ArmError> {
    let p = sample(args, 1, arm)?;
    Ok(ray_to_noun(&f(&ray_part(&p[0], arm, 0)?)?))
}

fn zeros(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    meta_arm(args, "zeros:la", lagoon::zeros)
}

fn ones(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    meta_arm(args, "ones:la", lagoon::ones)
}

fn eye(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    meta_arm(args, "eye:la", lagoon::eye)
}

fn iota(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    meta_arm(args, "iota:la", lagoon::iota)
}

fn magic(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    meta_arm(args, "magic:la", lagoon::magic)
}

fn fill(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "fill:la";
    let p = sample(args, 2, arm)?;
    let meta = meta_part(&p[0], arm, 0)?;
    Ok(ray_to_noun(&lagoon::fill(
        &meta,
        atom_part(&p[1], arm, 1)?,
    )?))
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

fn ravel(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "ravel:la";
    let p = sample(args, 1, arm)?;
    let v = lagoon::ravel(&ray_part(&p[0], arm, 0)?)?;
    Ok(Noun::list(v.into_iter().map(Noun::Atom)))
}

fn spac(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    ray_arm(args, "spac:la", lagoon::spac)
}

fn unspac(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    ray_arm(args, "unspac:la", lagoon::unspac)
}

fn transpose(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    ray_arm(args, "transpose:la", lagoon::transpose)
}

fn scalar_to_ray(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "scalar-to-ray:la";
    let p = sample(args, 2, arm)?;
    let meta = meta_part(&p[0], arm, 0)?;
    Ok(ray_to_noun(&lagoon::scalar_to_ray(
        &meta,
        atom_part(&p[1], arm, 1)?,
    )?))
}

fn get_item(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "get-item:la";
    let p = sample(args, 2, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    Ok(Noun::Atom(lagoon::get_item(
        &a,
        &index_part(&p[1], arm, 1)?,
    )?))
}

fn set_item(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "set-item:la";
    let p = sample(args, 3, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    let dex = index_part(&p[1], arm, 1)?;
    Ok(ray_to_noun(&lagoon::set_item(
        &a,
        &dex,
        atom_part(&p[2], arm, 2)?,
    )?))
}

fn get_row(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "get-row:la";
    let p = sample(args, 2, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    Ok(ray_to_noun(&lagoon::get_row(
        &a,
        &index_part(&p[1], arm, 1)?,
    )?))
}

fn get_col(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "get-col:la";
    let p = sample(args, 2, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    Ok(ray_to_noun(&lagoon::get_col(
        &a,
        &index_part(&p[1], arm, 1)?,
    )?))
}

fn set_row(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "set-row:la";
    let p = sample(args, 3, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    let dex = index_part(&p[1], arm, 1)?;
    let row = ray_part(&p[2], arm, 2)?;
    Ok(ray_to_noun(&lagoon::set_row(&a, &dex, &row)?))
}

fn set_col(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "set-col:la";
    let p = sample(args, 3, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    let dex = index_part(&p[1], arm, 1)?;
    let col = ray_part(&p[2], arm, 2)?;
    Ok(ray_to_noun(&lagoon::set_col(&a, &dex, &col)?))
}

fn get_item_number(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "get-item-number:la";
    let p = sample(args, 2, arm)?;
    let sap = shape_part(&p[0], arm, 0)?;
    let dex = index_part(&p[1], arm, 1)?;
    Ok(Noun::atom(lagoon::get_item_number(&sap, &dex)?))
}

fn get_bloq_offset(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "get-bloq-offset:la";
    let p = sample(args, 2, arm)?;
    let meta = meta_part(&p[0], arm, 0)?;
    let dex = index_part(&p[1], arm, 1)?;
    Ok(Noun::atom(lagoon::get_bloq_offset(&meta, &dex)?))
}

fn get_dim(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "get-dim:la";
    let p = sample(args, 2, arm)?;
    let shape = shape_part(&p[0], arm, 0)?;
    let ind = num_part(&p[1], arm, 1)?;
    Ok(u64_list_to_noun(&lagoon::get_dim(&shape, ind)?))
}

fn get_item_index(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "get-item-index:la";
    let p = sample(args, 2, arm)?;
    let shape = shape_part(&p[0], arm, 0)?;
    Ok(Noun::Atom(lagoon::get_item_index(
        &shape,
        atom_part(&p[1], arm, 1)?,
    )?))
}

fn strides(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "strides:la";
    let p = sample(args, 1, arm)?;
    let v = lagoon::strides(&meta_part(&p[0], arm, 0)?)?;
    Ok(Noun::list(v.into_iter().map(Noun::Atom)))
}

fn reshape(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "reshape:la";
    let p = sample(args, 2, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    let shape = match u64_list_from_noun(&p[1]) {
        Ok(s) => s,
        // A dimension of 2^64 or more never matches the (checked) element count.
        Err(RayNounError::DimTooLarge) => {
            lagoon::require_check(&a)?;
            return Err(ArmError::Crash(format!(
                "{arm}: the new shape's element count differs"
            )));
        }
        Err(e) => return Err(with_arm(e, arm, 1)),
    };
    Ok(ray_to_noun(&lagoon::reshape(&a, &shape)?))
}

/// A `(unit @)` bound: `~` or `[~ x]` (saturated to 64 bits).
fn unit_bound(n: &Noun) -> Option<Option<u64>> {
    match n {
        Noun::Atom(a) if a.is_zero() => Some(None),
        Noun::Cell(c) if c.0 == Noun::NULL => c.1.as_atom().map(|a| Some(saturate(a))),
        _ => None,
    }
}

/// A `$slice`: `~`, or `[~ [lo hi]]` with `lo` and `hi` each a `(unit @)`.
fn slice_from_noun(n: &Noun) -> Option<Slice> {
    match n {
        Noun::Atom(a) if a.is_zero() => Some(None),
        Noun::Cell(c) if c.0 == Noun::NULL => {
            let (lo, hi) = c.1.as_cell()?;
            Some(Some((unit_bound(lo)?, unit_bound(hi)?)))
        }
        _ => None,
    }
}

fn submatrix(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "submatrix:la";
    let p = sample(args, 2, arm)?;
    let sli: Vec<Slice> = p[0]
        .as_list()
        .and_then(|l| l.iter().map(slice_from_noun).collect())
        .ok_or_else(|| ArmError::BadArgs(format!("{arm}: argument 0 is not a list of slices")))?;
    let a = ray_part(&p[1], arm, 1)?;
    Ok(ray_to_noun(&lagoon::submatrix(&sli, &a)?))
}

fn urge(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "urge:la";
    let p = sample(args, 3, arm)?;
    let a = ray_part(&p[0], arm, 0)?;
    let i = num_part(&p[1], arm, 1)?;
    let n = u64_part(&p[2], arm, 2)?;
    Ok(ray_to_noun(&lagoon::urge(&a, i, n)?))
}

fn check(_: &Door, args: &[Noun]) -> Result<Noun, ArmError> {
    let arm = "check:la";
    let p = sample(args, 1, arm)?;
    Ok(loobean(lagoon::check(&ray_part(&p[0], arm, 0)?)?))
}
